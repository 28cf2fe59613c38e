"""The hidden state in the DX3 fight (stealth.py holds its rules): hiding as a major action, or a
minor one in the scenario's dark spots or with a hiding effect (DX3-EFF-M14, lapsing at the end of
the main process); the stealth move; searching for a hidden enemy; who may be targeted; and every
other action ending the state."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import engagement, riding
from yz_gym.rulesets.dx3.checks import pause, titus_ready
from yz_gym.rulesets.dx3.combos import pay, usable_specials
from yz_gym.rulesets.dx3.dice import CheckResult, roll
from yz_gym.rulesets.dx3.effects import MINOR, combine
from yz_gym.rulesets.dx3.state import CheckFor, Dx3Action, Dx3State, Fighter, Kind
from yz_gym.rulesets.dx3.statuses import mind_check
from yz_gym.rulesets.dx3.stealth import (
    MAJOR_ACTION,
    MINOR_ACTION,
    SEEN,
    Contest,
    Hidden,
    after_damage,
    checked,
    enter_problem,
    opponents_of,
    outlasted,
    perception,
    process_end,
    spotted,
    stealth_move_distance,
    watched_by,
)

HIDE_SPECIAL: Final = "hide"  # the special of a hiding effect (effects.SPECIALS, DX3-EFF-M14)
KEEPS: Final[tuple[int, ...]] = (
    Kind.STEALTH_MOVE,
    Kind.HIDE,
    Kind.SKIP_MINOR,
    Kind.SKIP_MAJOR,
    Kind.WAIT,
    Kind.NO_REACTION,
)


def _faces(result: CheckResult | None) -> list[list[int]]:
    return [list(r) for r in result.rounds] if result is not None else []


def hide_actions(state: Dx3State, f: Fighter, minor: bool) -> list[Dx3Action]:
    """Hiding, when f may declare it now (stealth.enter_problem): as a major action anywhere not
    engaged, as a minor one in the scenario's dark spots (HR-STEALTH-02); as a minor action also
    with each hiding effect it may use (Kind.HIDE with the effect's index as combo, vanish_effects)."""
    if f.hidden.hidden:
        return []
    out = [Dx3Action(Kind.HIDE, combo=k) for k in vanish_effects(state, f)] if minor and f.effects else []
    if minor and not state.scenario.dark:
        return out
    action = MINOR_ACTION if minor else MAJOR_ACTION
    easy = f.pos in state.scenario.dark
    if enter_problem(action, engagement.engaged_with_enemy(state, f), easy, state.options):
        return out
    return [Dx3Action(Kind.HIDE), *out]


def vanish_effects(state: Dx3State, f: Fighter) -> list[int]:
    """The indices of f's minor hiding effects (`special: hide`, DX3-EFF-M14) usable now: its 制限 and
    its uses this period (DX3-ENC-08, DX3-EFF-08)."""
    return usable_specials(state, f, HIDE_SPECIAL, MINOR)


def vanish(state: Dx3State, f: Fighter, k: int, rng: np.random.Generator, events: list[Event]) -> None:
    """f hides with effect k (DX3-EFF-M14, DX3-HID-02): no check, even while engaged, until the end of
    this main process (Hidden.lapses, `lapse`); it pays the effect's 侵蝕値 and counts a use."""
    table = state.options.encroach_table
    pay(state, f, combine([f.effects[k]], MINOR, f.char.encroachment, table), rng, events)
    f.hidden = Hidden(True, True)
    events.append(Event("hide", f.id, -1, {"faces": [], "achievement": -1, "difficulty": -1, "hidden": True}))


def lapse(f: Fighter, events: list[Event]) -> None:
    """The end of f's main process: an effect's hiding lapses (stealth.process_end, DX3-HID-02)."""
    if f.hidden.lapses:
        f.hidden = process_end(f.hidden)
        events.append(Event("revealed", f.id))


def major_actions(state: Dx3State, f: Fighter) -> list[Dx3Action]:
    """Hiding, the stealth moves of a hidden f (HR-STEALTH-03) and searches for hidden enemies (DX3-HID-06)."""
    out = hide_actions(state, f, False)
    if f.hidden.hidden:
        distance = stealth_move_distance(engagement.combat_move_distance(state, f))
        out += engagement.moves(state, f, Kind.STEALTH_MOVE, distance)
    out += [
        Dx3Action(Kind.SEARCH, t.id)
        for t in state.fighters
        if t.side != f.side and t.hidden.hidden and not t.down
    ]
    return out


def hide(
    state: Dx3State, f: Fighter, action: Dx3Action, minor: bool, rng: np.random.Generator, events: list[Event]
) -> None:
    """f declares the hidden state: with a hiding effect (`vanish`), or a major action's 〈知覚〉 check
    against the scenario's `stealth_difficulty` (HR-STEALTH-01; a PC may sublimate on it first,
    checks.pause), a minor one in the dark without a check (HR-STEALTH-02)."""
    if action.combo >= 0:
        vanish(state, f, action.combo, rng, events)
        return
    if not checked(MINOR_ACTION if minor else MAJOR_ACTION, state.options):
        concealed(state, f, None, events)
        return
    check = perception(f.char, state.options)
    difficulty = state.scenario.stealth_difficulty
    if not pause(state, f, CheckFor.HIDE, action, check, difficulty=difficulty):
        concealed(state, f, roll(check, rng), events)


def concealed(state: Dx3State, f: Fighter, check: CheckResult | None, events: list[Event]) -> None:
    """f is hidden after its final 〈知覚〉 `check` reaches the spot's difficulty, or with no check."""
    difficulty = state.scenario.stealth_difficulty
    f.hidden = Hidden(check is None or check.succeeds(difficulty))
    events.append(Event("hide", f.id, -1, {
        "faces": _faces(check), "achievement": check.achievement if check is not None else -1,
        "difficulty": difficulty if check is not None else -1, "hidden": f.hidden.hidden,
    }))  # fmt: skip


def stealth_move(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """A stealth move (HR-STEALTH-03): a 戦闘移動's distance keeping the hidden state; ending it in an
    engagement with enemies needs the opposed 〈知覚〉 check of HR-STEALTH-04 (AMB-36) to stay hidden,
    on which a PC may sublimate first (checks.pause)."""
    start = f.pos
    f.pos = engagement.destination(
        state, f, engagement.goal_of(state, action), engagement.combat_move_distance(state, f)
    )
    riding.carry(state, f)  # a driver's vehicle and passengers go along (HR-VEH-01)
    events.append(Event("stealth_move", f.id, -1, {"from": start, "to": f.pos}))
    if state.enemies_at(f):
        check = perception(f.char, state.options)
        if not pause(state, f, CheckFor.SLIP, action, check):
            slipped(state, f, action, roll(check, rng), rng, events)


def slipped(
    state: Dx3State, f: Fighter, action: Dx3Action, acting: CheckResult, rng: np.random.Generator,
    events: list[Event], rival: CheckResult | None = None,
) -> None:  # fmt: skip
    """The enemies in f's engagement answer its final 〈知覚〉 `acting` (or have rolled `rival` already,
    `titus_result_at: both_rolls`): it stays hidden or is seen."""
    if rival is not None:
        _judged(state, f, watched_by(Contest(f.hidden, acting, None), rival, state.options), events)
    else:
        watched(state, f, action, Contest(f.hidden, acting, None), 0, rng, events)


def watched(
    state: Dx3State, f: Fighter, action: Dx3Action, contest: Contest, start: int, rng: np.random.Generator,
    events: list[Event],
) -> None:  # fmt: skip
    """The watchers of sneaking f from the `start`-th on (the keenest, or each under `slip_past_against:
    each`) answer in turn until one sees it; a PC watcher may sublimate on its 〈知覚〉 first
    (checks.pause, CheckFor.WATCH: `watch_answered` goes on after the decision)."""
    watchers = sneak_watchers(state, f)
    for w in watchers[start:]:
        check = perception(w.char, state.options)
        assert contest.acting is not None
        if pause(state, w, CheckFor.WATCH, action, check, subject=f.id, earlier=contest.acting):
            assert state.sublimation is not None
            state.sublimation.rival = contest.reacting
            return
        contest = watched_by(contest, roll(check, rng), state.options)
        if not contest.state.hidden:
            break
    _judged(state, f, contest, events)


def sneak_watchers(state: Dx3State, f: Fighter) -> list[Fighter]:
    """The enemies whose 〈知覚〉 sneaking f faces, in the order they answer (stealth.opponents_of)."""
    enemies = state.enemies_at(f)
    return [g for c in opponents_of([g.char for g in enemies], state.options) for g in enemies if g.char is c]


def watch_answered(
    state: Dx3State, f: Fighter, w: Fighter, action: Dx3Action, acting: CheckResult, best: CheckResult | None,
    result: CheckResult, rng: np.random.Generator, events: list[Event],
) -> None:  # fmt: skip
    """Watcher w's final 〈知覚〉 `result` against sneaking f (after w's sublimation decision); the
    watchers after w answer next while f stays unseen."""
    contest = watched_by(Contest(f.hidden, acting, best), result, state.options)
    if not contest.state.hidden:
        _judged(state, f, contest, events)
        return
    watched(state, f, action, contest, [g.id for g in sneak_watchers(state, f)].index(w.id) + 1, rng, events)


def _judged(state: Dx3State, f: Fighter, contest: Contest, events: list[Event]) -> None:
    """The slip past is settled: f stays hidden or is seen."""
    f.hidden = contest.state
    events.append(Event("slip_past", f.id, -1, {
        "faces": _faces(contest.acting), "achievement": contest.acting.achievement if contest.acting else -1,
        "rival": contest.reacting.achievement if contest.reacting else -1, "hidden": f.hidden.hidden,
    }))  # fmt: skip


def search_for(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """f searches for a hidden enemy (DX3-HID-06), a PC may sublimate on its 〈知覚〉 first (checks.pause)."""
    check = perception(f.char, state.options)
    if not pause(state, f, CheckFor.SEARCH, action, check, subject=action.target):
        searched(state, f, action, roll(check, rng), rng, events)


def searched(
    state: Dx3State, f: Fighter, action: Dx3Action, acting: CheckResult, rng: np.random.Generator,
    events: list[Event], rival: CheckResult | None = None,
) -> None:  # fmt: skip
    """The hidden target answers f's final 〈知覚〉 `acting` with its own (`hidden_search_roll`; `rival` when
    rolled already, `titus_result_at: both_rolls`), on which a hidden PC may sublimate first
    (checks.pause: `answered` follows the decision)."""
    t = state.fighters[action.target]
    if rival is not None or state.options.hidden_search_roll != "perception":
        answered(state, f, t, acting, rival, events)
        return
    check = perception(t.char, state.options)
    if not pause(state, t, CheckFor.LURK, action, check, subject=f.id, earlier=acting):
        answered(state, f, t, acting, roll(check, rng), events)


def answered(
    state: Dx3State, f: Fighter, t: Fighter, acting: CheckResult, reacting: CheckResult | None, events: list[Event]
) -> None:
    """The search is judged: found, t is hidden no more."""
    contest = spotted(acting, reacting, t.hidden, state.options)
    t.hidden = contest.state
    events.append(Event("search", f.id, t.id, {
        "faces": _faces(contest.acting), "achievement": acting.achievement, "found": not t.hidden.hidden,
    }))  # fmt: skip


def damaged(
    state: Dx3State, f: Fighter, attacker: Fighter, area: bool, rng: np.random.Generator, events: list[Event]
) -> None:  # fmt: skip
    """Hidden f lost HP to `attacker`'s attack, or to the wreck of its vehicle that attack destroyed
    (stealth.after_damage): an area attack's opposed check, f's 【精神】 acting against the attacker's
    〈知覚〉, ties to the attacker (HR-STEALTH-06..08, AMB-36); any other damage ends the state only with
    `hidden_ends_on_damage` (DX3-HID-09). When a PC on either side may sublimate on that check it waits
    for the end of the damage step (PendingAttack.lurking, lurk_checks)."""
    p = state.pending
    if area and state.options.stealth_area_check and p is not None and (
        titus_ready(state, f) or titus_ready(state, attacker)
    ):
        p.lurking.append(f.id)
        return
    contest = after_damage(f.hidden, f.char, attacker.char, area, rng, state.options)
    _outcome(state, f, attacker, contest, events)


def _outcome(state: Dx3State, f: Fighter, attacker: Fighter, contest: Contest, events: list[Event]) -> None:
    """f's hidden state after the damage (its area-damage check's event, or the end of the state)."""
    f.hidden = contest.state
    if contest.acting is not None:
        events.append(Event("hidden_hit", f.id, attacker.id, {
            "faces": _faces(contest.acting), "achievement": contest.acting.achievement,
            "rival": contest.reacting.achievement if contest.reacting else -1, "hidden": f.hidden.hidden,
        }))  # fmt: skip
    elif not f.hidden.hidden:
        events.append(Event("revealed", f.id))


AREA_DAMAGE: Final = Dx3Action(Kind.NO_REACTION)  # the action an area-damage check's sublimation names


def lurk_checks(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> bool:
    """The area-damage checks that waited for the end of the damage step (`damaged`), in fight order of
    the hits, each through checks.pause: the hidden PC sublimates on its 【精神】 (CheckFor.MIND), a PC
    attacker on its answering 〈知覚〉 (CheckFor.NOTICE). True while one waits for that decision."""
    p = state.pending
    assert p is not None
    attacker = state.fighters[p.attacker]
    while p.lurking:
        f = state.fighters[p.lurking.pop(0)]
        check = mind_check(f.char, state.options)
        if pause(state, f, CheckFor.MIND, AREA_DAMAGE, check, subject=attacker.id):
            return True
        if noticed(state, f, attacker, roll(check, rng), None, rng, events):
            return True
    return False


def noticed(
    state: Dx3State, f: Fighter, attacker: Fighter, acting: CheckResult, rival: CheckResult | None,
    rng: np.random.Generator, events: list[Event],
) -> bool:  # fmt: skip
    """Hidden f's 【精神】 `acting` is final: the attacker's 〈知覚〉 answers it (`rival` when already rolled,
    `titus_result_at: both_rolls`), a PC attacker sublimating first (True: it waits for that decision)."""
    if rival is None:
        check = perception(attacker.char, state.options)
        if pause(state, attacker, CheckFor.NOTICE, AREA_DAMAGE, check, subject=f.id, earlier=acting):
            return True
        rival = roll(check, rng)
    _outcome(state, f, attacker, outlasted(f.hidden, acting, rival), events)
    return False


def notice_answered(state: Dx3State, f: Fighter, attacker: Fighter, acting: CheckResult, reacting: CheckResult,
                    events: list[Event]) -> None:  # fmt: skip
    """The PC attacker's 〈知覚〉 `reacting` is final against hidden f's 【精神】 `acting` (HR-STEALTH-07/08)."""
    _outcome(state, f, attacker, outlasted(f.hidden, acting, reacting), events)


def acted(f: Fighter, action: Dx3Action, events: list[Event]) -> None:
    """Any action of a hidden f but a stealth move ends its hidden state (DX3-HID-05)."""
    if f.hidden.hidden and action.kind not in KEEPS:
        f.hidden = SEEN
        events.append(Event("revealed", f.id))
