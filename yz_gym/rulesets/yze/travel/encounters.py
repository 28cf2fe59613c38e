"""Encounters on the way (ENCOUNTER-01..05, WATCH-01..09): the check each shift, what is met and
its attitude, the distance by terrain and visibility, and the lookout's chance to spot it first."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.travel.rations import travel_roll

ATTITUDES: Final = ("hostile", "wary", "peaceful")
VEHICLE_VS_FOOT: Final = -2  # WATCH-05: the group in a motor vehicle, the encounter on foot
FOOT_VS_VEHICLE: Final = 2  # WATCH-05: the group on foot, the encounter motorized
PREPARED_FROM: Final = {"long": 2, "extreme": 3, "never": 99}  # ENCOUNTER-05: a range index


def encounter_due(die: int, road: bool, camp_fire: bool, offroad_at: int, road_at: int, fire_at: int) -> bool:
    """ENCOUNTER-02: on one D6, an encounter comes on `road_at`+ on a road, `fire_at`+ in a camp
    shift with a fire (CAMP-04), `offroad_at`+ elsewhere."""
    if camp_fire:
        return die >= fire_at
    return die >= (road_at if road else offroad_at)


def attitude_roll(rng: np.random.Generator) -> str:
    """ENCOUNTER-04: D6: 1-2 hostile, 3-4 wary, 5-6 peaceful."""
    return ATTITUDES[(dice.d6(rng) - 1) // 2]


def distance(terrain_distance: int, visibility: int, capped: bool) -> int:
    """WATCH-03, WATCH-08: the encounter distance (a range index): the terrain's, or the nearer of it
    and the visibility."""
    return min(terrain_distance, visibility) if capped else terrain_distance


def watch_modifier(group_motorized: bool, encounter_motorized: bool) -> int:
    """WATCH-05: -2 in a motor vehicle against people on foot, +2 on foot against a motorized
    encounter, 0 when both are motorized (or both on foot)."""
    if group_motorized and not encounter_motorized:
        return VEHICLE_VS_FOOT
    if encounter_motorized and not group_motorized:
        return FOOT_VS_VEHICLE
    return 0


def lookout_spots(
    state: GameState, lookout: Combatant | None, modifier: int, rng: np.random.Generator, events: list[Event]
) -> bool:
    """WATCH-01/02/04: the lookout's passive Observation roll, never pushed: a success sees the others
    first. Without a lookout (or one who cannot act) they always see the group first."""
    if lookout is None or lookout.dead or lookout.out:
        return False
    return travel_roll(state, lookout, "Observation", "keep watch", rng, events, modifier).successes > 0


def prepared(party_spotted_first: bool, range_index: int, had_lookout: bool, prepared_from: str,
             if_no_watch: bool) -> bool:  # fmt: skip
    """ENCOUNTER-05: is the ambush well prepared (its victims roll Observation at -2)? The party's
    ambush from `prepared_from` or farther; the others' when the group had no lookout."""
    if party_spotted_first:
        return range_index >= PREPARED_FROM[prepared_from]
    return if_no_watch and not had_lookout


def detour_cost(stretches: int, slowdown: int) -> int:
    """WATCH-06: backing off unseen costs one extra hex of off-road movement, times the terrain's
    slowdown (x1/2 terrain: 2 hexes), in stretches at the marching pace of one hex a shift."""
    return stretches * slowdown
