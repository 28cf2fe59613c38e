"""EXPL-*: explosions, their blast power in the zone and the next one, on people and vehicles."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import protect, take_damage
from yz_gym.rulesets.yze.rolls import rating_roll, roll_data
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState

BLAST_DAMAGE: Final = {12: 4, 9: 3, 6: 2, 3: 1}  # EXPL-07..10: blast power -> base damage
BLAST_REACH_DROP: Final = 6  # EXPL-06: the adjacent zone gets blast power -6 (pool) / -2 steps (step)


def explosion(
    state: GameState,
    zone: int,
    power: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    source: int = -1,
    engaged_with: int | Collection[int] = (),
) -> None:
    """EXPL-01..06, 11: roll the blast for everyone in the zone; a big blast reaches next door.

    `engaged_with`: who is at Engaged range of the blast point (+1 damage, EXPL-04/05)."""
    at_point = {engaged_with} if isinstance(engaged_with, int) else set(engaged_with)
    base = BLAST_DAMAGE[max(p for p in BLAST_DAMAGE if p <= max(power, 3))]  # EXPL-07..10
    events.append(Event("explosion", source, -1, {"zone": zone, "power": power}))
    _blast_zone(state, zone, power, base, rng, events, source, at_point)
    reach = power - BLAST_REACH_DROP
    if reach >= min(BLAST_DAMAGE):  # EXPL-06: a big blast, at power -6, if nothing shields it
        for near in state.zone_map.neighbours[zone]:
            if state.zone_map.line_of_fire(zone, near, state.doors):
                _blast_zone(state, near, reach, base, rng, events, source, set())


def _blast_zone(
    state: GameState,
    zone: int,
    power: int,
    base: int,
    rng: np.random.Generator,
    events: list[Event],
    source: int,
    at_point: set[int],
) -> None:
    for c in state.combatants:
        if c.zone != zone or c.dead or c.fled:
            continue
        if c.vehicle >= 0 and c.id not in state.vehicles[c.vehicle].exposed:
            continue  # AMB-19: inside a vehicle, only its component damage reaches you
        roll = rating_roll(state, power, rng)  # EXPL-01; EXPL-02: it cannot be pushed
        events.append(Event("blast", source, c.id, {"power": power, **roll_data(roll)}))
        damage = base + roll.successes - 1 if roll.successes else 0  # EXPL-03
        if c.id in at_point and (damage > 0 or state.options.blast_engaged_min1_on_zero):
            damage += 1  # EXPL-04/05
        if damage > 0:
            damage = protect(state, c, damage, True, rng, events)  # EXPL-11: armor, and cover (S2)
            take_damage(state, c, damage, rng, events, source=source)
    for v in state.vehicles:
        if v.zone == zone and v.altitude == 0 and not v.destroyed:
            _blast_vehicle(state, v, power, base, rng, events, source)


def _blast_vehicle(
    state: GameState, v: VehicleState, power: int, base: int, rng: np.random.Generator, events: list[Event],
    source: int,
) -> None:  # fmt: skip
    """EXPL-01/03/11, VEH-DMG-04..06: one blast roll for the vehicle, through its armor (D12/D66 crits)."""
    from yz_gym.rulesets.yze.vehicles.damage import hit_vehicle  # vehicles/damage.py imports this module

    roll = rating_roll(state, power, rng)  # EXPL-01/02
    events.append(Event("vehicle_blast", source, -1, {"power": power, "vehicle": v.name, **roll_data(roll)}))
    damage = base + roll.successes - 1 if roll.successes else 0  # EXPL-03
    hit_vehicle(state, v, damage, rng, events, source=source)

