"""The hazard part of the observation (observation.py appends it after the riding block; it stays 0
in a scenario without a `hazards:` block).

**hazards**: N_SLOTS combatant slots (the action encoding's order), `HAZARD_FIELDS` each: afloat
(swimming), under water, drowning, Broken while drowning (HAZ-DROWN-06), the rounds left before
that kills / the stretch, lethal poison, paralysed, asleep, the rounds left of the paralysis or
sleep / its full length, hypothermic, breathing a zone's gas, antidotes carried/2. A hidden
enemy's slot stays 0.

**zone_hazards**: MAX_ZONES zones in scenario order, `ZONE_HAZARD_FIELDS` each: deep water, gas,
the gas's potency/12, the cold band (warm 0, chilly 1/3, cold 2/3, extreme cold 1).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from yz_gym.core.clock import TimeUnit
from yz_gym.envs.limits import MAX_RATING, MAX_ZONES, N_SLOTS
from yz_gym.rulesets.yze.hazards.fight import ANTIDOTE_ITEM
from yz_gym.rulesets.yze.hazards.kinds import (
    AFLOAT,
    ASLEEP,
    DROWNED,
    DROWNING,
    HYPOTHERMIC,
    IN_GAS,
    LETHAL_POISON,
    PARALYSED,
    UNDERWATER,
)
from yz_gym.rulesets.yze.hazards.setting import HazardSetting
from yz_gym.rulesets.yze.state import GameState

HAZARD_FIELDS: Final = (
    "afloat", "underwater", "drowning", "drowned", "drowned_left", "lethal_poison", "paralysed", "asleep",
    "out_left", "hypothermic", "in_gas", "antidotes",
)  # fmt: skip
ZONE_HAZARD_FIELDS: Final = ("deep_water", "gas", "gas_potency", "cold")
N_HAZARD: Final = len(HAZARD_FIELDS)
N_ZONE_HAZARD: Final = len(ZONE_HAZARD_FIELDS)
FIELDS: Final = (("hazards", N_SLOTS * N_HAZARD), ("zone_hazards", MAX_ZONES * N_ZONE_HAZARD))
_POSITION: Final = {
    AFLOAT.name: 0, UNDERWATER.name: 1, DROWNING.name: 2, DROWNED.name: 3, LETHAL_POISON.name: 5,
    PARALYSED.name: 6, ASLEEP.name: 7, HYPOTHERMIC.name: 9, IN_GAS.name: 10,
}  # fmt: skip
_BAND: Final = {"warm": 0.0, "chilly": 1 / 3, "cold": 2 / 3, "extreme_cold": 1.0}


def encode_hazards(buf: Any, h0: int, state: GameState, me: int, slot_of: list[int]) -> None:
    """Write the hazards block at `h0` (a float offset) into `buf`, the writable float32 memoryview of
    an observation whose block holds zeros, seen from `me` (the zone hazards are in its template)."""
    clock = state.options.clock
    stretch = clock.rounds(TimeUnit.STRETCH)
    shift = clock.rounds(TimeUnit.SHIFT)
    my_side = state.combatants[me].side
    for c in state.combatants:
        if c.hidden and c.side != my_side:
            continue
        base = h0 + slot_of[c.id] * N_HAZARD
        for t in c.timed:
            at = _POSITION.get(t.kind, -1)
            if at < 0:
                continue
            buf[base + at] = 1.0
            if t.kind == DROWNED.name:
                buf[base + 4] = min(1.0, t.left / stretch)
            elif t.kind in (PARALYSED.name, ASLEEP.name):
                full = stretch if t.kind == PARALYSED.name else shift
                buf[base + 8] = max(float(buf[base + 8]), min(1.0, t.left / full))
        if ANTIDOTE_ITEM in c.items:
            buf[base + 11] = min(1.0, c.items.count(ANTIDOTE_ITEM) / 2)


def zone_hazards(obs: np.ndarray, z0: int, setting: HazardSetting) -> None:
    """Write the zone hazards of `setting` at `z0` of `obs` (frozen scenario data: once, in a template)."""
    for z in range(min(len(setting.shore), MAX_ZONES)):
        gas = setting.gas[z]
        base = z0 + z * N_ZONE_HAZARD
        obs[base] = float(setting.water(z))
        if gas is not None:
            obs[base + 1] = 1.0
            obs[base + 2] = min(1.0, gas.potency / MAX_RATING)
        obs[base + 3] = _BAND[setting.cold[z]]
