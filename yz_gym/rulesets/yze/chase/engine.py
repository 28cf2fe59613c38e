"""The chase game mode (SRD_DIGEST 3, CHASE-*) with the verb set of zone/engine.py: new_chase /
current_actor / legal_actions / apply / is_over / outcome / describe.

A round (CHASE-07..11): everyone with a choice picks one action in secret (`current_actor`
names them one at a time; an env must not show one player another's choice); then one obstacle
is drawn from the foot or vehicle D10 table, all actions are revealed, and they resolve prey
first, pursuer last, each driver followed by its passengers' shots (CHASE-VSHOOT-01). During
the resolution the rules ask for the decisions that belong to a participant: cancel a revealed
action (CHASE-12), push a roll (CHASE-15, the roller decides), the catch (attack, stay Engaged
or overtake, CHASE-FLEE-03/04), and slip away or ambush after a won Hide (CHASE-HIDE-04).

Modules of this package: state (data, options, positions, `CK`), spec (`ChaseSpec`, what an action
kind is) and kinds (`SPECS`, one per kind) with offers (when each kind is offered) and actions (what
each does: effects, dice, answers), legal (who chooses, the listing loop), resolve (the round),
effects (rolls and their outcomes), end (round end), finish (the chase's end), attacks (shots,
catches, NPCs), obstacles (tables), narrate (text).
"""

from __future__ import annotations

import numpy as np

from yz_gym.core.errors import IllegalAction
from yz_gym.core.events import Event
from yz_gym.core.game import Outcome
from yz_gym.core.rng import as_rng
from yz_gym.rulesets.yze.chase.kinds import SPECS
from yz_gym.rulesets.yze.chase.legal import asked_actions, choose_actions, start_choosing
from yz_gym.rulesets.yze.chase.resolve import reveal, run
from yz_gym.rulesets.yze.chase.state import (
    CK,
    LONG,
    MEDIUM,
    PILOT,
    RANGE_KEYS,
    RANGE_NAMES,
    SHOOTER,
    ChaseAction,
    ChaseScenario,
    ChaseState,
    Phase,
)
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.state import Phase as CombatPhase

__all__ = [
    "ChaseAction",
    "IllegalAction",
    "apply",
    "current_actor",
    "decision_kind",
    "describe",
    "is_over",
    "legal_actions",
    "new_chase",
    "outcome",
    "results",
    "start_band",
]


def start_band(option: str, combat_range: int | None = None) -> int:
    """CHASE-03: the GM's starting band, no farther than Long; CHASE-06 (auto): the range from
    the fight the chase comes out of, capped at Long, else Medium."""
    if option != "auto":
        return RANGE_KEYS[option]
    if combat_range is None:
        return MEDIUM
    return max(0, min(LONG, combat_range))


def new_chase(
    scenario: ChaseScenario, rng: np.random.Generator | int | None = None, combat_range: int | None = None
) -> ChaseState:
    """Set up the chase (CHASE-02..05) and run until the first choice is needed."""
    rng = as_rng(rng)
    base = scenario.base
    world = GameState(
        setup=base.setup,
        combatants=[c.copy() for c in base.combatants],
        doors=base.doors,
        cover_ratings=base.cover_ratings,
        cramped={},
        cards=[0] * len(base.combatants),
        phase=CombatPhase.COMBAT,
    )
    state = ChaseState(
        scenario, world, [v.copy() for v in scenario.vehicles], [u.copy() for u in scenario.units]
    )
    start = start_band(scenario.options.chase_start_range, combat_range)
    fixed = scenario.positioned or (False,) * len(state.units)
    for unit, given in zip(state.units, fixed, strict=True):
        if not given:
            unit.pos = 0 if unit.side == scenario.pursuer else start
    order = sorted(range(len(state.units)), key=lambda i: state.units[i].side == scenario.pursuer)
    for i in order:  # the prey got there first: ahead at equal positions
        state.units[i].stamp = state.new_stamp()
    state.heat = [0] * len(world.setup.sides)
    opening = {"name": scenario.name, "range": RANGE_NAMES[start], "mode": scenario.options.chase_multi}
    events: list[Event] = [Event("chase_start", -1, -1, opening), Event("round", -1, -1, {"round": 1})]
    start_choosing(state, events)
    _advance(state, rng, events)
    state.opening = tuple(events)
    return state


def current_actor(state: ChaseState) -> int:
    """The combatant who must decide now; -1 when the chase is over."""
    if state.phase == Phase.OVER:
        return -1
    if state.phase == Phase.CHOOSE:
        return state.choosers[0][0]
    return state.asking


def decision_kind(state: ChaseState) -> str:
    """ "action" (a chase action), "shot" (a passenger's), "auto_weapon", "cancel", "push",
    "pride", "catch", "hidden", or "over"."""
    if state.phase == Phase.OVER:
        return "over"
    if state.phase == Phase.CHOOSE:
        slot = state.choosers[0][1]
        return "action" if slot == PILOT else ("shot" if slot == SHOOTER else "auto_weapon")
    return state.ask


def legal_actions(state: ChaseState) -> list[ChaseAction]:
    """Every action the current actor may take now; `apply` accepts exactly these."""
    if state.phase == Phase.OVER:
        return []
    if state.phase == Phase.CHOOSE:
        return choose_actions(state, *state.choosers[0])
    return asked_actions(state)


def apply(
    state: ChaseState, action: ChaseAction, rng: np.random.Generator, legal: list[ChaseAction] | None = None
) -> list[Event]:
    """Carry out one decision and everything that follows until the next decision is needed."""
    if state.phase == Phase.OVER:
        raise IllegalAction("the chase is over; start a new one")
    action = ChaseAction(CK(action[0]), *action[1:])
    if legal is None:
        legal = legal_actions(state)
    if action not in legal:
        who = state.world.combatants[current_actor(state)].name
        allowed = "; ".join(describe(state, a) for a in legal[:12])
        raise IllegalAction(
            f"{who} cannot {describe(state, action)} now ({decision_kind(state)} decision); "
            f"allowed: {allowed}{' ...' if len(legal) > 12 else ''}"
        )
    events: list[Event] = []
    state.decisions += 1
    if state.phase == Phase.CHOOSE:
        key = state.choosers.pop(0)
        state.choices[key] = action  # CHASE-08: kept secret until the reveal
    else:
        _answer(state, action, rng, events)
    _advance(state, rng, events)
    return events


def _answer(state: ChaseState, action: ChaseAction, rng: np.random.Generator, events: list[Event]) -> None:
    """A decision taken while the round resolves: its kind's answer."""
    ask = state.ask
    state.asking, state.ask = -1, ""
    answer = SPECS[action.kind].answer
    assert answer is not None  # the decisions asked while a round resolves offer only kinds with one
    answer(state, state.queue[state.cursor], ask, action, rng, events)


def _advance(state: ChaseState, rng: np.random.Generator, events: list[Event]) -> None:
    """Reveal when everyone has chosen; resolve until someone must decide or the chase ends."""
    while state.phase != Phase.OVER:
        if state.phase == Phase.CHOOSE:
            if state.choosers:
                return
            reveal(state, rng, events)  # CHASE-09/10
        run(state, rng, events)
        if state.asking >= 0:
            return


def is_over(state: ChaseState) -> bool:
    """True once the chase has ended (escape, catch, everyone out, combat, or the round limit)."""
    return state.phase == Phase.OVER


def outcome(state: ChaseState) -> Outcome | None:
    """The winning side's name (or None), why, and after how many rounds; None while running."""
    if state.phase != Phase.OVER:
        return None
    sides = state.world.setup.sides
    winner = sides[state.winner] if state.winner >= 0 else None
    return Outcome(winner, state.end_reason, state.round, state.termination)


def results(state: ChaseState) -> dict[str, str]:
    """Each participant's status: in, escaped, lost, caught, out or combat."""
    names = state.world.combatants
    out: dict[str, str] = {}
    for unit in state.units:
        name = state.vehicles[unit.vehicle].name if unit.vehicle >= 0 else names[unit.pilot].name
        out[name] = unit.status
    return out


def describe(state: ChaseState, action: ChaseAction) -> str:
    """The action in plain words, e.g. "cut off Biker" or "shoot at Cruiser (mounted HMG)"."""
    spec = SPECS[action.kind]
    words = [spec.label]
    if 0 <= action.unit < len(state.units):
        unit = state.units[action.unit]
        words.append(
            state.vehicles[unit.vehicle].name
            if unit.vehicle >= 0
            else state.world.combatants[unit.pilot].name
        )
    if 0 <= action.target < len(state.world.combatants):
        words.append(state.world.combatants[action.target].name)
    if 0 <= action.vehicle < len(state.vehicles):
        words.append(state.vehicles[action.vehicle].name)
    spec.words(state, action, current_actor(state), words)
    return " ".join(words)
