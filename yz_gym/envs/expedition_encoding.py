"""The expedition's spaces: the day's plan as an action index, the journey as a vector in [0, 1].

**Actions** (`N_PLAN_ACTIONS`): every `DayPlan` a party of up to `MAX_TRAVELLERS` could make, one
index each: `((moves * len(PROVISIONS) + provision) * 2 + camp) * LOOKOUT_SLOTS + lookout`, where
`lookout` is 0 for no lookout and `1 + 2 * traveller + (0 avoid | 1 ambush)` for one (WATCH-04).
The rules offer a subset each morning (`expedition.legal_actions`); the mask marks it.

**Observation** (`EXPEDITION_OBS_SIZE`): the global fields (`GLOBAL_FIELDS`: the day, the weather,
the cold band, where the party and its goal are and how far apart, the terrain table's row of its
hex, its stores, vehicles and mounts), then one row per traveller slot (`TRAVELLER_FIELDS`: alive,
Broken, the damage and stress tracks, each hazard's condition, the days without food, water and
sleep, injuries, the skills the journey asks for). Terrain enters as its table's modifiers, never
as a one-hot of names, so a new terrain changes no layout. A storm (WEATHER-17) sets none of the
weather flags; a scenario's fords, boats and heat wave (TRAVEL-30..33, ENV-07) are constants of its
task and not observed. `describe_expedition_spaces()` prints
both layouts (what a task's space signature hashes)."""

from __future__ import annotations

from functools import cache
from typing import Final

import numpy as np

from yz_gym.envs.structured import Part, Structure
from yz_gym.rulesets.yze.hazards.cold import hypothermic
from yz_gym.rulesets.yze.hazards.disease import sick
from yz_gym.rulesets.yze.hazards.hunger import dehydrated, starving
from yz_gym.rulesets.yze.hazards.kinds import COLLAPSED, find
from yz_gym.rulesets.yze.hazards.sleep import sleep_deprived
from yz_gym.rulesets.yze.state import STR, WIT, Combatant
from yz_gym.rulesets.yze.travel.expedition import Expedition
from yz_gym.rulesets.yze.travel.rations import best_weapon
from yz_gym.rulesets.yze.travel.tasks import PROVISIONS, DayPlan

MAX_TRAVELLERS: Final = 8
LOOKOUT_SLOTS: Final = 1 + 2 * MAX_TRAVELLERS
N_PLAN_ACTIONS: Final = 5 * len(PROVISIONS) * 2 * LOOKOUT_SLOTS
STORE_SCALE: Final = 60.0  # rations shown as a share of this (clipped)
FUEL_SCALE: Final = 200.0  # litres
DAYS_SCALE: Final = 7.0  # days without food, water or sleep
BANDS: Final = ("warm", "chilly", "cold", "extreme_cold")
GLOBAL_FIELDS: Final = (
    "day (share of max_days)", "weather heavy", "weather overcast", "weather clear",
    "band warm", "band chilly", "band cold", "band extreme_cold",
    "column", "row", "goal column", "goal row", "distance to goal (hexes / (width + height))",
    "terrain slowdown / 4", "terrain driving (+3) / 6", "terrain forage (+2) / 4", "terrain hunt (+1) / 2",
    "terrain encounter distance / 3", "road", "river", "water near",
    "food", "raw food", "badly cooked food", "water", "fuel",
    "vehicles going (share)", "riding in vehicles", "mounted", "fights so far / 10", "travellers alive (share)",
)  # fmt: skip
TRAVELLER_FIELDS: Final = (
    "present", "alive", "broken", "pc", "damage track left (share)", "stress track left (share)",
    "starving", "dehydrated", "sleep-deprived", "sick", "hypothermic", "collapsed",
    "days without food / 7", "days without water / 7", "days without sleep / 7", "soaked",
    "critical injuries / 4", "lethal injury", "Survival / 5", "Healing / 5", "Observation / 5", "ranged weapon",
    "mount",
)  # fmt: skip
G: Final = len(GLOBAL_FIELDS)
T: Final = len(TRAVELLER_FIELDS)
EXPEDITION_OBS_SIZE: Final = G + MAX_TRAVELLERS * T


def plan_index(plan: DayPlan) -> int:
    """The action index of a plan (module docstring)."""
    lookout = 0 if plan.lookout < 0 else 1 + 2 * plan.lookout + (0 if plan.avoid else 1)
    base = (plan.moves * len(PROVISIONS) + PROVISIONS.index(plan.provision)) * 2 + int(plan.camp)
    return base * LOOKOUT_SLOTS + lookout


def index_plan(index: int) -> DayPlan:
    """The plan an action index stands for (whether legal or not)."""
    base, lookout = divmod(index, LOOKOUT_SLOTS)
    rest, camp = divmod(base, 2)
    moves, provision = divmod(rest, len(PROVISIONS))
    if lookout == 0:
        return DayPlan(moves, PROVISIONS[provision], bool(camp), -1)
    who, ambush = divmod(lookout - 1, 2)
    return DayPlan(moves, PROVISIONS[provision], bool(camp), who, ambush == 0)


def plan_mask(legal: list[DayPlan]) -> tuple[np.ndarray, dict[int, DayPlan]]:
    """The int8 mask of the legal plans and index -> plan for them."""
    mask = np.zeros(N_PLAN_ACTIONS, dtype=np.int8)
    by_index: dict[int, DayPlan] = {}
    for plan in legal:
        i = plan_index(plan)
        mask[i] = 1
        by_index[i] = plan
    return mask, by_index


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def _cube(col: int, row: int) -> tuple[int, int]:
    """Axial coordinates of an offset hex (odd rows shifted right, hexmap.py)."""
    return col - (row - (row & 1)) // 2, row


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between two (column, row) positions."""
    (q1, r1), (q2, r2) = _cube(*a), _cube(*b)
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def observe(state: Expedition) -> np.ndarray:
    """The journey as the learner sees it each morning (module docstring)."""
    s = state.scenario
    hexmap = s.hexmap
    obs = np.zeros(EXPEDITION_OBS_SIZE, dtype=np.float32)
    col, row = hexmap.coords(state.hex)
    goal_col, goal_row = hexmap.coords(s.goal)
    terrain = hexmap.row(state.hex)
    stores = state.stores
    people = state.people
    going = [v for v in state.vehicles if not v.destroyed]
    alive = sum(1 for c in people if not c.dead)
    width, height = max(1, hexmap.width - 1), max(1, hexmap.height - 1)
    values = [
        _clip(state.day / max(1, s.max_days)), *(float(state.weather == w) for w in range(3)),
        *(float(s.band == b) for b in BANDS),
        col / width, row / height, goal_col / width, goal_row / height,
        _clip(hex_distance((col, row), (goal_col, goal_row)) / (hexmap.width + hexmap.height)),
        _clip(terrain.slowdown / 4), _clip((terrain.driving + 3) / 6), _clip((terrain.forage + 2) / 4),
        _clip((terrain.hunt + 1) / 2), _clip(terrain.distance / 3),
        float(hexmap.road[state.hex]), float(hexmap.river[state.hex]), float(hexmap.water_near(state.hex)),
        _clip(stores.food / STORE_SCALE), _clip((stores.raw_plants + stores.raw_meat) / STORE_SCALE),
        _clip((stores.risky_plants + stores.risky_meat) / STORE_SCALE), _clip(stores.water / STORE_SCALE),
        _clip(stores.fuel / FUEL_SCALE),
        len(going) / len(state.vehicles) if state.vehicles else 0.0, float(state.riding()), float(state.mounted()),
        _clip(state.fights / 10), alive / max(1, len(people)),
    ]  # fmt: skip
    obs[:G] = values
    for slot, c in enumerate(people[:MAX_TRAVELLERS]):
        obs[G + slot * T : G + (slot + 1) * T] = _traveller(state, c)
    return obs


def _traveller(state: Expedition, c: Combatant) -> list[float]:
    """One traveller's row."""
    party = state.party
    needs = state.needs[c.id]
    attribute = party.options.damage_model == "attribute"
    damage = c.attrs[STR] / max(1, c.max_attrs[STR]) if attribute else c.health / max(1, c.max_health)
    stress = c.attrs[WIT] / max(1, c.max_attrs[WIT]) if attribute else c.resolve / max(1, c.max_resolve)
    return [
        1.0, float(not c.dead), float(c.out and not c.dead), float(c.pc), _clip(damage), _clip(stress),
        float(starving(c)), float(dehydrated(c)), float(sleep_deprived(c)), float(sick(c)), float(hypothermic(c)),
        float(find(c.timed, COLLAPSED) is not None),
        _clip(needs.hungry_days / DAYS_SCALE), _clip(needs.thirsty_days / DAYS_SCALE),
        _clip(needs.sleepless_days / DAYS_SCALE), float(needs.soaked),
        _clip(len(c.injuries) / 4), float(any(i.timer >= 0 for i in c.injuries)),
        _clip(c.skill("Survival") / 5), _clip(c.skill("Healing") / 5), _clip(c.skill("Observation") / 5),
        float(best_weapon(party, c) >= 0), float(c.mount is not None),
    ]  # fmt: skip


@cache
def expedition_structure() -> Structure:
    """The dict of `obs_mode="dict"`: `global` [G] and `travellers` [MAX_TRAVELLERS, T]."""
    return Structure(
        EXPEDITION_OBS_SIZE,
        (Part("global", 0, ((0, 0, G, False),)), Part("travellers", MAX_TRAVELLERS, ((G, MAX_TRAVELLERS, T, False),))),
        {},
    )


def describe_expedition_spaces() -> str:
    """The action and observation layouts as text."""
    lines = [
        f"actions: Discrete({N_PLAN_ACTIONS}): ((moves 0-4 * {len(PROVISIONS)} + provision) * 2 + camp) * "
        f"{LOOKOUT_SLOTS} + lookout (0 none, 1 + 2 * traveller + ambush)",
        f"provisions: {', '.join(PROVISIONS)}",
        f"observation: Box(0, 1, ({EXPEDITION_OBS_SIZE},), float32)",
    ]
    lines += [f"  {i:4d} {name}" for i, name in enumerate(GLOBAL_FIELDS)]
    lines.append(f"  {G:4d} travellers: {MAX_TRAVELLERS} slots x {T} fields, party order")
    lines += [f"       +{i:<3d} {name}" for i, name in enumerate(TRAVELLER_FIELDS)]
    return "\n".join(lines)


__all__ = [
    "EXPEDITION_OBS_SIZE", "MAX_TRAVELLERS", "N_PLAN_ACTIONS", "describe_expedition_spaces", "expedition_structure",
    "hex_distance", "index_plan", "observe", "plan_index", "plan_mask",
]  # fmt: skip
