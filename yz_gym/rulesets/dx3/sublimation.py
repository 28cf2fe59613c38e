"""Titus sublimated on a check a PC makes, as decisions (DX3-TITUS-03A..C, several per check up to
`titus_per_check`, DX3-TITUS-04): the phase SUBLIMATE between declaring the check and its roll (+10 dice
or C値 -1 per Titus, then DECLINE rolls the check) and right after the roll (+1D10 per Titus, then DECLINE
keeps the 達成値). Every check comes here the same way (checks.pause): the hit check and the dodge, the
lone leaver's 【肉体】, hiding, slipping past and searching, both checks of a vehicle dodge, a gimmick's
dodge and the recovery from a bad status (CheckFor); `_close` carries the check's procedure on.

The phase opens only when the roller may sublimate (checks.has_room); after the roll it stays open
while +1D10 may still change something: a check that did not fail automatically, and, where the number
to beat is known (a dodge against the hit, a set difficulty), only while it falls short. With nothing
left to take, the phase closes by itself."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import afflictions, attack, engagement, gimmicks, hiding, riding, rounds
from yz_gym.rulesets.dx3.checks import has_room, pause, tie_of, titus_ready
from yz_gym.rulesets.dx3.dice import CheckResult, action_wins, roll
from yz_gym.rulesets.dx3.state import CheckFor, Dx3Action, Dx3State, Fighter, Kind, Phase, Sublimation
from yz_gym.rulesets.dx3.stealth import perception, watch
from yz_gym.rulesets.dx3.titus import CRIT, DICE, RESULT, boost_check, can_raise, raise_result

USES: Final[dict[int, str]] = {Kind.TITUS_DICE: DICE, Kind.TITUS_CRIT: CRIT, Kind.TITUS_RESULT: RESULT}
CHECK_NAMES: Final[tuple[str, ...]] = (
    "hit check", "dodge", "離脱 check (【肉体】)", "hiding check (〈知覚〉)", "slip-past check (〈知覚〉)",
    "search (〈知覚〉)", "vehicle dodge's 〈知覚〉", "vehicle dodge's 〈運転〉", "dodge of the gimmick",
    "recovery check (【精神】)", "【肉体】 against the 離脱", "〈知覚〉 against the search", "〈知覚〉 against the sneaker",
    "【精神】 to stay hidden after area damage", "〈知覚〉 against the hidden one's 【精神】",
)  # by CheckFor  # fmt: skip
MAJORS: Final[tuple[int, ...]] = (
    CheckFor.LEAVE, CheckFor.HIDE, CheckFor.SLIP, CheckFor.SEARCH, CheckFor.HOLD, CheckFor.LURK, CheckFor.WATCH,
)  # fmt: skip
ANSWERS: Final[tuple[int, ...]] = (
    CheckFor.HOLD, CheckFor.LURK, CheckFor.WATCH, CheckFor.NOTICE,
)  # a reacting side's: the acting one known  # fmt: skip
ACTS_FIRST: Final[tuple[int, ...]] = (
    CheckFor.LEAVE, CheckFor.SLIP, CheckFor.SEARCH, CheckFor.MIND,
)  # the other side answers  # fmt: skip
AREA_DAMAGE: Final[tuple[int, ...]] = (CheckFor.MIND, CheckFor.NOTICE)  # HR-STEALTH-07, in the damage step


def opens(state: Dx3State, f: Fighter, action: Dx3Action) -> bool:
    """Before an attack's hit check or a dodge is rolled: open the phase (True) when f may sublimate on it."""
    if action.kind == Kind.ATTACK:
        return pause(state, f, CheckFor.HIT, action)
    return action.kind == Kind.DODGE and pause(state, f, CheckFor.DODGE, action)


def choices(state: Dx3State) -> list[Dx3Action]:
    """The roller's choices: a Titus for +10 dice or C値 -1 before the roll, for +1D10 after it; DECLINE
    rolls the check (before) or keeps its 達成値 (after)."""
    s = state.sublimation
    assert s is not None
    if not has_room(state, state.fighters[s.roller], s.spent):
        return [Dx3Action(Kind.DECLINE)]
    if s.result is None:
        return [Dx3Action(Kind.TITUS_DICE), Dx3Action(Kind.TITUS_CRIT), Dx3Action(Kind.DECLINE)]
    return [Dx3Action(Kind.TITUS_RESULT), Dx3Action(Kind.DECLINE)]


def decide(state: Dx3State, action: Dx3Action, rng: np.random.Generator, events: list[Event]) -> None:
    """Carry out the roller's choice; once the check is final its procedure goes on (`_close`)."""
    s = state.sublimation
    assert s is not None
    f = state.fighters[s.roller]
    if action.kind != Kind.DECLINE:
        attack.sublimate(state, f, USES[action.kind], events)
        if action.kind == Kind.TITUS_DICE:
            s.dice += 1
        elif action.kind == Kind.TITUS_CRIT:
            s.crit += 1
        else:
            _raise(state, s, f, rng, events)
        if choices(state) != [Dx3Action(Kind.DECLINE)] and _worth_raising(state, s):
            return
    if s.result is None:
        _roll(state, s, f, rng, events)
    else:
        _close(state, s, f, rng, events)


def _roll(state: Dx3State, s: Sublimation, f: Fighter, rng: np.random.Generator, events: list[Event]) -> None:
    """Roll the check with the Titus taken; stay open for +1D10 when that may still help."""
    if s.purpose == CheckFor.HIT:
        state.phase = Phase.MAJOR
        attack.declare(state, f, s.action, rng, events)
        hiding.acted(f, s.action, events)
        p = state.pending
        if p is None or not can_raise(p.hit_check):
            state.sublimation = None
            rounds.carry_on(state, rng, events)
            return
        s.result = p.hit_check
    elif s.purpose == CheckFor.DODGE:
        state.phase = Phase.REACT
        t = attack.reacting(state, s.action)
        s.result = attack.roll_dodge(state, t, s.action, rng, events)
    else:
        assert s.check is not None
        s.result = roll(boost_check(s.check, s.dice, s.crit), rng)
        if s.purpose in ACTS_FIRST and state.options.titus_result_at == "both_rolls":
            s.rival = _rival_roll(state, s, f, rng)
    if has_room(state, f, s.spent) and _worth_raising(state, s):
        state.phase = Phase.SUBLIMATE
        return
    _close(state, s, f, rng, events)


def _worth_raising(state: Dx3State, s: Sublimation) -> bool:
    """+1D10 may still change something: before the roll; after it, on a check that did not fail
    automatically and, where the number to beat is known, falls short of it (a dodge or a vehicle's
    〈運転〉 that loses to the hit, a passenger's 〈知覚〉 not above it, a check below its difficulty)."""
    result = s.result
    if result is None:
        return True
    if not can_raise(result):
        return False
    if s.purpose in (CheckFor.DODGE, CheckFor.DRIVE):
        return _loses(state, result)
    if s.purpose in ANSWERS:
        assert s.earlier is not None
        return action_wins(s.earlier, result, tie_of(state, s.purpose))
    if s.rival is not None:
        return not action_wins(result, s.rival, tie_of(state, s.purpose))
    if s.purpose == CheckFor.SPOT:
        p = state.pending
        assert p is not None
        return result.achievement <= p.hit_check.achievement
    return s.difficulty < 0 or not result.succeeds(s.difficulty)


def _rival_roll(state: Dx3State, s: Sublimation, f: Fighter, rng: np.random.Generator) -> CheckResult | None:
    """Under `titus_result_at: both_rolls` the other side of f's acting-first check rolls before f is
    offered +1D10 (DX3-TITUS-03C): the rival's 【肉体】, the watchers' best 〈知覚〉, the hidden one's
    〈知覚〉; None when it rolls nothing (`hidden_search_roll: none`) or may sublimate itself first."""
    options = state.options
    if s.purpose == CheckFor.SLIP:
        watchers = state.enemies_at(f)
        if any(titus_ready(state, g) for g in watchers):
            return None
        return watch([g.char for g in watchers], rng, options)
    other = state.fighters[s.subject]
    if titus_ready(state, other):
        return None
    if s.purpose == CheckFor.MIND:  # the area attacker's 〈知覚〉 (HR-STEALTH-07)
        return roll(perception(other.char, options), rng)
    if s.purpose == CheckFor.LEAVE:
        return roll(engagement.body(state, other), rng)
    return roll(perception(other.char, options), rng) if options.hidden_search_roll == "perception" else None


def _loses(state: Dx3State, result: CheckResult) -> bool:
    """The reaction `result` loses to the pending hit (ties as `tie`, DX3-DICE-13)."""
    p = state.pending
    assert p is not None
    return action_wins(p.hit_check, result, state.options.tie)


def _raise(
    state: Dx3State, s: Sublimation, f: Fighter, rng: np.random.Generator, events: list[Event]
) -> None:
    """+1D10 on the rolled check (DX3-TITUS-03C); a raised hit check counts for the damage dice too."""
    assert s.result is not None
    s.result, added = raise_result(s.result, 1, rng)
    s.raised += 1
    events.append(Event("titus_raise", f.id, -1, {"faces": list(added), "achievement": s.result.achievement}))
    p = state.pending
    if s.purpose == CheckFor.HIT and p is not None:
        p.hit_check = s.result


def _close(state: Dx3State, s: Sublimation, f: Fighter, rng: np.random.Generator, events: list[Event]) -> None:
    """The check is final: its procedure goes on where it paused (checks.pause)."""
    state.sublimation = None
    result = s.result
    assert result is not None
    purpose = s.purpose
    if purpose == CheckFor.GIMMICK:
        gimmicks.dodged(state, f, result, rng, events)
        rounds.strike_on(state, rng, events)
        return
    if purpose in AREA_DAMAGE:
        _area_damage_check(state, s, f, result, rng, events)
        return
    if purpose == CheckFor.RECOVER:
        state.phase = Phase.MINOR
        afflictions.recovered(state, f, s.action, result, events)
        rounds.minor_done(state, rng, events)
        hiding.acted(f, s.action, events)
        return
    if purpose in MAJORS:
        state.phase = Phase.MAJOR
        _major_check(state, s, f, result, rng, events)
        if state.sublimation is not None:
            return
        hiding.acted(state.fighters[state.actor], s.action, events)
    elif purpose != CheckFor.HIT:
        state.phase = Phase.REACT
        t = state.fighters[s.subject] if purpose in (CheckFor.SPOT, CheckFor.DRIVE) else f
        if purpose == CheckFor.DODGE:
            hit: bool | None = _loses(state, result)
        elif purpose == CheckFor.SPOT:
            assert s.later is not None
            hit = riding.drive_on(state, t, s.action, result, s.later, rng, events)
        else:
            hit = riding.driven(state, t, s.earlier, result, events)
        if hit is None:  # the driver sublimates on its 〈運転〉 next
            return
        attack.settle(state, t, hit, True, events)
    state.phase = Phase.REACT if state.pending is not None else state.phase
    rounds.carry_on(state, rng, events)


def _area_damage_check(
    state: Dx3State, s: Sublimation, f: Fighter, result: CheckResult, rng: np.random.Generator, events: list[Event]
) -> None:  # fmt: skip
    """An area-damage check is final (HR-STEALTH-07/08): the attacker answers the hidden PC's 【精神】, or
    the PC attacker's 〈知覚〉 decides; the next waiting check follows, then the attack's bad statuses
    (step 8) and the rest of the attack (revivals)."""
    p = state.pending
    assert p is not None
    if s.purpose == CheckFor.MIND:
        if hiding.noticed(state, f, state.fighters[s.subject], result, s.rival, rng, events):
            return
    else:
        assert s.earlier is not None
        hiding.notice_answered(state, state.fighters[s.subject], f, s.earlier, result, events)
    if hiding.lurk_checks(state, rng, events):
        return
    attack.afflict_hit(state, p, events)
    state.phase = Phase.REVIVE
    rounds.carry_on(state, rng, events)


def _major_check(
    state: Dx3State, s: Sublimation, f: Fighter, result: CheckResult, rng: np.random.Generator, events: list[Event]
) -> None:
    """A check of a major action is final: the lone leaver leaves or stays, the hider hides, the sneaker
    slips past, the searcher finds (the actor's checks, or the rival's and the hidden one's answers)."""
    actor = state.fighters[state.actor]
    if s.purpose == CheckFor.LEAVE:
        rival = state.fighters[s.subject]
        if s.rival is not None:
            away = engagement.held_back(state, f, rival, result, s.rival, events)
        else:
            away = engagement.leave_check(state, f, s.action, rival, result, rng, events)
        if away:
            engagement.travel(state, f, s.action, engagement.full_move_distance(state, f), events)
    elif s.purpose == CheckFor.HOLD:
        assert s.earlier is not None
        if engagement.held_back(state, actor, f, s.earlier, result, events):
            engagement.travel(state, actor, s.action, engagement.full_move_distance(state, actor), events)
    elif s.purpose == CheckFor.HIDE:
        hiding.concealed(state, f, result, events)
    elif s.purpose == CheckFor.SLIP:
        hiding.slipped(state, f, s.action, result, rng, events, s.rival)
    elif s.purpose == CheckFor.SEARCH:
        hiding.searched(state, f, s.action, result, rng, events, s.rival)
    elif s.purpose == CheckFor.WATCH:
        assert s.earlier is not None
        hiding.watch_answered(state, actor, f, s.action, s.earlier, s.rival, result, rng, events)
    else:
        assert s.earlier is not None
        hiding.answered(state, actor, f, s.earlier, result, events)
