"""The hidden state in the DX3 fight (stealth.py holds its rules): hiding as a major action, or a
minor one in the scenario's dark spots; the stealth move; searching for a hidden enemy; who may be
targeted; and every other action ending the state."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import engagement, riding
from yz_gym.rulesets.dx3.dice import CheckResult
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Fighter, Kind
from yz_gym.rulesets.dx3.stealth import (
    MAJOR_ACTION,
    MINOR_ACTION,
    SEEN,
    enter,
    enter_problem,
    search,
    slip_past,
    stealth_move_distance,
)

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
    engaged, as a minor one in the scenario's dark spots (HR-STEALTH-02)."""
    if f.hidden.hidden or (minor and not state.scenario.dark):
        return []
    action = MINOR_ACTION if minor else MAJOR_ACTION
    easy = f.pos in state.scenario.dark
    if enter_problem(action, engagement.engaged_with_enemy(state, f), easy, state.options):
        return []
    return [Dx3Action(Kind.HIDE)]


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


def hide(state: Dx3State, f: Fighter, minor: bool, rng: np.random.Generator, events: list[Event]) -> None:
    """f declares the hidden state: a major action's 〈知覚〉 check against the scenario's
    `stealth_difficulty` (HR-STEALTH-01), a minor one in the dark without a check (HR-STEALTH-02)."""
    attempt = enter(
        f.char, MINOR_ACTION if minor else MAJOR_ACTION, state.scenario.stealth_difficulty, rng, state.options
    )
    f.hidden = attempt.state
    check = attempt.check
    events.append(Event("hide", f.id, -1, {
        "faces": _faces(check), "achievement": check.achievement if check is not None else -1,
        "difficulty": state.scenario.stealth_difficulty if check is not None else -1, "hidden": f.hidden.hidden,
    }))  # fmt: skip


def stealth_move(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """A stealth move (HR-STEALTH-03): a 戦闘移動's distance keeping the hidden state; ending it in an
    engagement with enemies needs the opposed 〈知覚〉 check of HR-STEALTH-04 (AMB-36) to stay hidden."""
    start = f.pos
    f.pos = engagement.destination(
        state, f, engagement.goal_of(state, action), engagement.combat_move_distance(state, f)
    )
    riding.carry(state, f)  # a driver's vehicle and passengers go along (HR-VEH-01)
    events.append(Event("stealth_move", f.id, -1, {"from": start, "to": f.pos}))
    watchers = [g.char for g in state.enemies_at(f)]
    if watchers:
        contest = slip_past(f.char, watchers, f.hidden, rng, state.options)
        f.hidden = contest.state
        events.append(Event("slip_past", f.id, -1, {
            "faces": _faces(contest.acting), "achievement": contest.acting.achievement if contest.acting else -1,
            "rival": contest.reacting.achievement if contest.reacting else -1, "hidden": f.hidden.hidden,
        }))  # fmt: skip


def search_for(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """f searches for a hidden enemy (DX3-HID-06): found, it is hidden no more."""
    t = state.fighters[action.target]
    contest = search(f.char, t.char, t.hidden, rng, state.options)
    t.hidden = contest.state
    events.append(Event("search", f.id, t.id, {
        "faces": _faces(contest.acting), "achievement": contest.acting.achievement if contest.acting else -1,
        "found": not t.hidden.hidden,
    }))  # fmt: skip


def acted(f: Fighter, action: Dx3Action, events: list[Event]) -> None:
    """Any action of a hidden f but a stealth move ends its hidden state (DX3-HID-05)."""
    if f.hidden.hidden and action.kind not in KEEPS:
        f.hidden = SEEN
        events.append(Event("revealed", f.id))
