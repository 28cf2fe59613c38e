"""The scripted agents' care about hazards (issue 15): pull a drowning ally out, give a poisoned
ally (or oneself) an antidote, and do not walk into poison gas or, in metal armor, into deep water."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.hazards.drowning import sinks
from yz_gym.rulesets.yze.hazards.fight import ANTIDOTE_ITEM
from yz_gym.rulesets.yze.hazards.kinds import DROWNED, DROWNING, LETHAL_POISON, find
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.zone.actions import Action, Kind

SINKING: Final = 2.0  # going under is close to losing the fighter
GAS_PER_POTENCY: Final = 0.08  # a gas roll each round: worse the stronger the poison


def hazard_first(state: GameState, me: Combatant, actions: list[Action]) -> Action | None:
    """RESCUE the ally nearest to death (Broken while drowning, then drowning, then under water),
    else ANTIDOTE the poisoned ally (or oneself) a lethal poison threatens first; None if neither."""
    if state.setup.hazards is None:
        return None
    best: Action | None = None
    best_key = (-1, -1)
    for a in actions:
        if a.kind not in (Kind.RESCUE, Kind.ANTIDOTE):
            continue
        other = state.combatants[a.target]
        if other.side != me.side:
            continue
        if a.kind == Kind.RESCUE:
            key = (2, 2 if find(other.timed, DROWNED) else 1 if find(other.timed, DROWNING) else 0)
        else:
            key = (1, 1 if find(other.timed, LETHAL_POISON) else 0)
        if key > best_key:
            best, best_key = a, key
    return best


def zone_hazard(state: GameState, me: Combatant, zone: int) -> float:
    """What entering `zone` costs in hazards: going under in deep water, breathing a gas."""
    setting = state.setup.hazards
    if setting is None or zone == me.zone:
        return 0.0
    cost = 0.0
    if setting.water(zone) and me.vehicle < 0 and (sinks(me) or not (me.pc or setting.options.npc_can_swim)):
        cost += SINKING
    gas = setting.gas[zone]
    if gas is not None and ANTIDOTE_ITEM not in me.items:
        cost += GAS_PER_POTENCY * gas.potency
    return cost
