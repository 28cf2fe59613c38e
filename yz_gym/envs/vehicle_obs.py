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

from typing import Final

import numpy as np

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


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


def encode_vehicles(obs: np.ndarray, v0: int, r0: int, state: GameState, me: int, slot_of: list[int]) -> None:
    """Write the vehicles block at `v0` and the riding block at `r0` of `obs`, seen from `me`."""
    people = state.combatants
    my_side = people[me].side
    for i, v in enumerate(state.vehicles[:MAX_VEHICLES]):
        covered = sum(1 for o in v.occupants if o not in v.exposed)
        exposed = len(v.occupants) - covered
        cap = exposed_capacity(v)
        row = (
            1.0, v.side == my_side, any(not people[o].out for o in v.occupants), v.damage / v.type.hull,
            v.wrecked, v.destroyed, _clip(v.armor / MAX_RATING), v.engine_running, v.engine_disabled,
            v.driver >= 0 and not people[v.driver].out, v.driver == me, me in v.occupants, v.air,
            _clip(v.altitude / MAX_ALTITUDE), _clip((v.type.seats - cap - covered) / 9), _clip((cap - exposed) / 9),
            _clip(sum(not w.disabled for w in v.weapons) / MAX_WEAPONS),
            _clip(sum(w.gunner >= 0 for w in v.weapons) / MAX_WEAPONS), v.burning > 0,
            _clip((v.maneuverability + 3) / 6), _clip(-v.driving_mod / 6),
        )  # fmt: skip
        base = v0 + i * N_VEHICLE
        obs[base : base + len(VEHICLE_FIELDS)] = row
        obs[base + len(VEHICLE_FIELDS) + v.zone] = 1.0
    for c in people:
        if c.hidden and c.side != my_side:
            continue
        m = c.mount
        if c.vehicle < 0 and m is None:
            continue
        gunner = c.held >= 0 and is_mounted_weapon(c.weapons[c.held].name)
        v = state.vehicles[c.vehicle] if c.vehicle >= 0 else None
        row = (
            v is not None, v is not None and v.driver == c.id, v is not None and c.id in v.exposed, gunner,
            m is not None and m.ridden, m.strength / m.max_strength if m is not None and m.max_strength else 0.0,
            m is not None and m.dead, m is not None and m.cramped_ok,
        )  # fmt: skip
        base = r0 + slot_of[c.id] * N_RIDER
        obs[base : base + len(RIDER_FIELDS)] = row
        if 0 <= c.vehicle < MAX_VEHICLES:
            obs[base + len(RIDER_FIELDS) + c.vehicle] = 1.0
