"""Titus sublimated on a PC's hit check or dodge, as decisions (DX3-TITUS-03A..C, several per check up to
`titus_per_check`, DX3-TITUS-04): the phase SUBLIMATE between declaring the attack or the dodge and its
roll (+10 dice or C値 -1 per Titus, then DECLINE rolls the check) and right after the roll (+1D10 per
Titus, then DECLINE keeps the 達成値).

The phase opens only when the roller may sublimate (attack.titus_ready) and the check has room; after
the roll it opens for a hit check that did not fail automatically, and for a dodge only while it loses
(+1D10 can change nothing else). With nothing left to take, the phase closes by itself."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import attack, hiding
from yz_gym.rulesets.dx3.dice import CheckResult, action_wins
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Fighter, Kind, Phase, Sublimation
from yz_gym.rulesets.dx3.titus import CRIT, DICE, RESULT, can_raise, per_check_room, raise_result

USES: Final[dict[int, str]] = {Kind.TITUS_DICE: DICE, Kind.TITUS_CRIT: CRIT, Kind.TITUS_RESULT: RESULT}


def has_room(state: Dx3State, f: Fighter, spent: int) -> bool:
    """f may sublimate one more Titus on a check that has `spent` already."""
    return attack.titus_ready(state, f) and per_check_room(spent, state.options.titus_per_check) > 0


def opens(state: Dx3State, f: Fighter, action: Dx3Action) -> bool:
    """Before an attack's hit check or a dodge is rolled: open the phase (True) when f may sublimate on it."""
    if action.kind not in (Kind.ATTACK, Kind.DODGE) or not has_room(state, f, 0):
        return False
    state.sublimation = Sublimation(f.id, action)
    state.phase = Phase.SUBLIMATE
    return True


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


def decide(state: Dx3State, action: Dx3Action, rng: np.random.Generator, events: list[Event]) -> bool:
    """Carry out the roller's choice; True once the attack or dodge has gone on (the phase closed)."""
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
            return False
    if s.result is None:
        return _roll(state, s, f, rng, events)
    return _close(state, s, f, events)


def _roll(state: Dx3State, s: Sublimation, f: Fighter, rng: np.random.Generator, events: list[Event]) -> bool:
    """Roll the check with the Titus taken; stay open for +1D10 when that may still help."""
    if s.action.kind == Kind.ATTACK:
        state.phase = Phase.MAJOR
        attack.declare(state, f, s.action, rng, events)
        hiding.acted(f, s.action, events)
        p = state.pending
        if p is None or not can_raise(p.hit_check):
            state.sublimation = None
            return True
        s.result = p.hit_check
    else:
        state.phase = Phase.REACT
        t = attack.reacting(state, s.action)
        s.result = attack.roll_dodge(state, t, s.action, rng, events)
    if has_room(state, f, s.spent) and _worth_raising(state, s):
        state.phase = Phase.SUBLIMATE
        return False
    return _close(state, s, f, events)


def _worth_raising(state: Dx3State, s: Sublimation) -> bool:
    """+1D10 may still change something: before the roll, or on a hit check that did not fail
    automatically, or on a dodge that loses to the hit."""
    result = s.result
    if result is None:
        return True
    if not can_raise(result):
        return False
    return s.action.kind == Kind.ATTACK or _dodge_loses(state, result)


def _dodge_loses(state: Dx3State, result: CheckResult) -> bool:
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
    if s.action.kind == Kind.ATTACK and p is not None:
        p.hit_check = s.result


def _close(state: Dx3State, s: Sublimation, f: Fighter, events: list[Event]) -> bool:
    """The check is final: a dodge is judged (hit or miss), an attack goes on to its reactions."""
    state.sublimation = None
    if s.action.kind == Kind.DODGE:
        assert s.result is not None
        state.phase = Phase.REACT
        attack.settle(state, f, _dodge_loses(state, s.result), True, events)
    else:
        state.phase = Phase.REACT
    return True
