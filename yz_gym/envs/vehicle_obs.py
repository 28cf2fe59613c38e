"""The vehicle and mount part of the observation (observation.py appends it after the borders).

**vehicles**: MAX_VEHICLES slots in scenario order, `VEHICLE_FIELDS` each, then the vehicle's zone
one-hot [MAX_ZONES]: slot used, of the observer's side, someone aboard still in the fight,
damage / Hull, wrecked, destroyed (exploded), armor rating/12, engine running, engine failed,
someone at the wheel, the observer at the wheel, the observer aboard, air vehicle, altitude/10,
free covered seats/9, free exposed seats/9, working mounted weapons/4, manned mounted
weapons/4, burning, Maneuverability after crits (+3 = 1, -3 = 0, (m + 3) / 6), driving-roll
penalty from blown tires/6.

**riding**: N_SLOTS combatant slots (the action encoding's order), `RIDER_FIELDS` each, then the
vehicle aboard one-hot [MAX_VEHICLES]: aboard a vehicle, at its wheel, in an exposed seat,
holding a mounted weapon, on a living mount (0 once dismounted), the mount's Strength (fraction of its max), the
mount is dead, the mount may enter cramped zones. A hidden enemy's slot stays 0.
"""

from __future__ import annotations

import struct
from typing import Any, Final

from yz_gym.envs.limits import MAX_RATING, MAX_VEHICLES, MAX_WEAPONS, MAX_ZONES, N_SLOTS
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.vehicles.movement import MAX_ALTITUDE
from yz_gym.rulesets.yze.vehicles.seats import exposed_capacity, is_mounted_weapon

VEHICLE_FIELDS: Final = (
    "used", "mine", "crewed", "damage", "wrecked", "destroyed", "armor", "engine_running",
    "engine_failed", "has_driver", "i_drive", "i_am_aboard", "air", "altitude", "covered_seats_free",
    "exposed_seats_free", "weapons_working", "weapons_manned", "burning", "maneuverability",
    "driving_penalty",
)  # fmt: skip
RIDER_FIELDS: Final = (
    "aboard", "driver", "exposed", "gunner", "riding", "mount_strength", "mount_dead", "mount_cramped",
)  # fmt: skip
N_VEHICLE: Final = len(VEHICLE_FIELDS) + MAX_ZONES
N_RIDER: Final = len(RIDER_FIELDS) + MAX_VEHICLES
FIELDS: Final = (("vehicles", MAX_VEHICLES * N_VEHICLE), ("riding", N_SLOTS * N_RIDER))


_VEHICLE_ROW: Final = struct.Struct(f"{len(VEHICLE_FIELDS)}f")
_RIDER_ROW: Final = struct.Struct(f"{len(RIDER_FIELDS)}f")
_ROW_ZONE: Final = len(VEHICLE_FIELDS)  # where a vehicle's zone one-hot starts in its slot
_ROW_VEHICLE: Final = len(RIDER_FIELDS)  # where a rider's vehicle one-hot starts in its slot


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


def encode_vehicles(buf: Any, v0: int, r0: int, state: GameState, me: int, slot_of: list[int]) -> None:
    """Write the vehicles block at `v0` and the riding block at `r0` (float offsets) into `buf`, the
    writable float32 memoryview of an observation whose blocks hold zeros, seen from `me`."""
    people = state.combatants
    my_side = people[me].side
    vehicles = state.vehicles
    # the flags are packed as these floats: struct converts a bool through int.__float__, a slow path
    one: Any = 1.0
    zero: Any = 0.0
    for i, v in enumerate(vehicles[:MAX_VEHICLES]):
        occupants = v.occupants
        exposed_here = v.exposed
        covered = 0
        crewed = False
        for o in occupants:
            if o not in exposed_here:
                covered += 1
            if not crewed and not people[o].out:
                crewed = True
        exposed = len(occupants) - covered
        cap = exposed_capacity(v)
        working = manned = 0
        for w in v.weapons:
            if not w.disabled:
                working += 1
            if w.gunner >= 0:
                manned += 1
        driver = v.driver
        base = v0 + i * N_VEHICLE
        _VEHICLE_ROW.pack_into(
            buf, 4 * base,
            one, one if v.side == my_side else zero, one if crewed else zero, v.damage / v.type.hull,
            one if v.wrecked else zero, one if v.destroyed else zero, _clip(v.armor / MAX_RATING),
            one if v.engine_running else zero, one if v.engine_disabled else zero,
            one if driver >= 0 and not people[driver].out else zero, one if driver == me else zero,
            one if me in occupants else zero, one if v.air else zero,
            _clip(v.altitude / MAX_ALTITUDE), _clip((v.type.seats - cap - covered) / 9), _clip((cap - exposed) / 9),
            _clip(working / MAX_WEAPONS), _clip(manned / MAX_WEAPONS), one if v.burning > 0 else zero,
            _clip((v.maneuverability + 3) / 6), _clip(-v.driving_mod / 6),
        )  # fmt: skip
        buf[base + _ROW_ZONE + v.zone] = one
    for c in people:
        m = c.mount
        aboard = c.vehicle
        if aboard < 0 and m is None:
            continue
        if c.hidden and c.side != my_side:
            continue
        gunner = c.held >= 0 and is_mounted_weapon(c.weapons[c.held].name)
        base = r0 + slot_of[c.id] * N_RIDER
        if aboard >= 0:
            v = vehicles[aboard]
            driving = v.driver == c.id
            outside = c.id in v.exposed
        else:
            driving = outside = False
        if m is not None:
            _RIDER_ROW.pack_into(
                buf, 4 * base,
                one if aboard >= 0 else zero, one if driving else zero, one if outside else zero,
                one if gunner else zero, one if m.ridden else zero,
                m.strength / m.max_strength if m.max_strength else 0.0, one if m.dead else zero,
                one if m.cramped_ok else zero,
            )  # fmt: skip
        else:
            _RIDER_ROW.pack_into(
                buf, 4 * base,
                one, one if driving else zero, one if outside else zero, one if gunner else zero, zero, zero, zero, zero,
            )  # fmt: skip
        if 0 <= aboard < MAX_VEHICLES:
            buf[base + _ROW_VEHICLE + aboard] = one
