"""Who chooses what in a chase round (CHASE-08), and which actions each one may choose.

Choosers are (combatant, slot) pairs: PILOT picks the unit's chase action (in grouped mode only
the side's leader does, CHASE-MULTI-02); SHOOTER is a passenger's (or a grouped member's) shot
(CHASE-VSHOOT-01, CHASE-MULTI-03); slot k is the driver's order to auto-targeting weapon k
(CHASE-VSHOOT-04). Anyone with a single possible choice is not asked.
"""

from __future__ import annotations

from typing import Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.chase.attacks import catch_targets, shot_targets, weapon_for
from yz_gym.rulesets.yze.chase.state import (
    CK,
    CLIMB,
    DESCEND,
    ENGAGED,
    MEDIUM,
    PILOT,
    SHOOTER,
    ChaseAction,
    ChaseState,
    Phase,
)
from yz_gym.rulesets.yze.vehicles.operation import can_move

OTHER: Final = ChaseAction(CK.OTHER)
PUSH_CHOICES: Final = [ChaseAction(CK.PUSH), ChaseAction(CK.DECLINE)]
PRIDE_CHOICES: Final = [ChaseAction(CK.PRIDE), ChaseAction(CK.DECLINE)]  # DICE-13
CANCEL_CHOICES: Final = [ChaseAction(CK.KEEP), ChaseAction(CK.CANCEL)]
HIDDEN_CHOICES: Final = [ChaseAction(CK.ESCAPE), ChaseAction(CK.AMBUSH)]


def _targets_of(state: ChaseState, units: list[int]) -> list[int]:
    """Target participants: every unit (individual mode), one per enemy side (grouped)."""
    if state.options.chase_multi != "grouped":
        return units
    seen: dict[int, int] = {}
    for t in units:
        seen.setdefault(state.units[t].side, state.leader(state.units[t].side))
    return list(seen.values())


def _altitude_options(state: ChaseState, u: int) -> list[int]:
    """VEH-AIR-02/03: an air pilot may climb or descend one zone with its action."""
    unit = state.units[u]
    if unit.vehicle < 0:
        return [-1]
    v = state.vehicles[unit.vehicle]
    if not v.air or not can_move(v):
        return [-1]
    out = [-1]
    if v.altitude < state.scenario.max_altitude:
        out.append(CLIMB)
    if v.altitude > 0:
        out.append(DESCEND)
    return out


def _shots(state: ChaseState, c: int, options: list[int]) -> list[ChaseAction]:
    out: list[ChaseAction] = []
    for option in options:
        weapon = weapon_for(state, c, option)
        if weapon is not None:
            out.extend(a._replace(option=option) for a in shot_targets(state, c, weapon))
    return out


def _extinguish(state: ChaseState, u: int) -> list[ChaseAction]:
    """FIRE-04: put out the fire on yourself or someone in your unit."""
    people = state.world.combatants
    return [
        ChaseAction(CK.EXTINGUISH, target=o)
        for o in state.crew(u)
        if people[o].burning and not people[o].dead
    ]


def choose_actions(state: ChaseState, c: int, slot: int) -> list[ChaseAction]:
    """Every action combatant `c` may choose for `slot` this round (CHASE-08, CHASE-12..)."""
    u = state.unit_of(c)
    person = state.world.combatants[c]
    if u < 0 or person.out:
        return [OTHER]
    unit = state.units[u]
    v = state.vehicles[unit.vehicle] if unit.vehicle >= 0 else None
    if slot >= 0:  # CHASE-VSHOOT-04: the driver orders the auto-targeting weapon
        return [*_shots(state, c, [slot]), OTHER]
    mounts = [k for k, w in enumerate(v.weapons) if w.gunner == c] if v is not None else []
    if slot == SHOOTER:
        return [*_shots(state, c, [-1, *mounts]), *_extinguish(state, u), OTHER]
    out: list[ChaseAction] = []
    moving = v is None or can_move(v)
    altitudes = _altitude_options(state, u)
    if moving:
        out.extend(ChaseAction(CK.CHASE, option=a) for a in altitudes)  # CHASE-FLEE-01
        for t in _targets_of(state, state.behind(u)):
            if state.range(u, t) >= MEDIUM:
                out.append(ChaseAction(CK.HIDE, unit=t))  # CHASE-HIDE-01: not at Short or closer
            out.append(ChaseAction(CK.BLOCK, unit=t))  # CHASE-BLOCK-01: prey only
        out.extend(ChaseAction(CK.CUT_OFF, unit=t) for t in _targets_of(state, state.in_front(u)))
    out.extend(_shots(state, c, [-1, *mounts]))  # CHASE-SHOOT-01
    if any(state.range(u, e) == ENGAGED and state.altitude(e) == state.altitude(u) for e in state.enemies(u)):
        out.append(ChaseAction(CK.FIGHT))  # CHASE-END-04
    out.extend(_extinguish(state, u))
    out.extend(ChaseAction(CK.OTHER, option=a) for a in altitudes)  # CHASE-OTHER-01
    return out


def catch_actions(state: ChaseState, u: int, surplus: int) -> list[ChaseAction]:
    """CHASE-FLEE-03/04: attack (close attack or ram), stay Engaged, or overtake."""
    out = catch_targets(state, u)
    out.append(ChaseAction(CK.STAY))
    if surplus > 0 and state.options.overtake:
        out.append(ChaseAction(CK.OVERTAKE))
    return out


def chooser_slots(state: ChaseState, u: int) -> list[tuple[int, int]]:
    """The (combatant, slot) pairs of one unit this round."""
    unit = state.units[u]
    grouped = state.options.chase_multi == "grouped"
    slots: list[tuple[int, int]] = []
    if u not in state.lost:
        leads = not grouped or state.leader(unit.side) == u
        slots.append((unit.pilot, PILOT if leads else SHOOTER))
    if unit.vehicle >= 0:
        v = state.vehicles[unit.vehicle]
        if u not in state.lost and v.driver == unit.pilot:
            slots.extend((unit.pilot, k) for k, w in enumerate(v.weapons) if w.auto_skill and not w.disabled)
        slots.extend((o, SHOOTER) for o in v.occupants if o != unit.pilot)
    return slots


def start_choosing(state: ChaseState, events: list[Event]) -> None:
    """CHASE-08: everyone with a real choice picks one action, secretly; lost turns pass."""
    state.phase = Phase.CHOOSE
    state.choices = {}
    state.choosers = []
    for u, unit in enumerate(state.units):
        if unit.status != "in":
            continue
        pilot = state.world.combatants[unit.pilot]
        if pilot.lose_turn:
            pilot.lose_turn = False  # VEH-CRIT-02: the skid's lost turn passes now
            state.lost.add(u)
            events.append(Event("turn_lost", pilot.id))
        for c, slot in chooser_slots(state, u):
            legal = choose_actions(state, c, slot)
            if len(legal) == 1:
                state.choices[(c, slot)] = legal[0]
            else:
                state.choosers.append((c, slot))
