"""The Gymnasium ids yz_gym registers: a generic env per game mode, and a versioned task per bundled scenario.

- **Generic envs** (`GENERIC`): `yz_gym/Skirmish-v0`, `yz_gym/Chase-v0`, `yz_gym/Dx3Fight-v0`,
  `yz_gym/Expedition-v0` play any scenario of their mode (`gym.make(id, scenario=..., side=..., opponents=...)`). Their spaces follow the code: a
  result "on Skirmish-v0" names neither a scenario nor the spaces it was trained on.
- **Versioned tasks** (`TASKS`): `yz_gym/YZE-WarehouseAmbush-v1` and so on, one per bundled
  scenario, each fixing the scenario, the learner's side, the opponents and the spaces in its
  registered kwargs (`gym.spec(id).kwargs`). The version goes up whenever what a task means
  changes: its spaces (tests/envs/test_tasks.py keeps each id's space signature in
  tests/golden/task_spaces.json and fails on a change under the same id), its scenario file, its
  opponents or its rewards. CHANGELOG.md says what each version is.

A task's name comes from its game and scenario (`task_name`): the ruleset in capitals, the mode
unless it is the default zone fight, the scenario in CamelCase without the mode's prefix:
`warehouse_ambush` -> `YZE-WarehouseAmbush`, `chase_car_vs_motorcycle` -> `YZE-Chase-CarVsMotorcycle`,
`dx3_boss_party` -> `DX3-BossParty`.
Adding a game's tasks is a `GENERIC` line for its env and one `Task` line per scenario.

This module imports nothing of the envs or the rules: `import yz_gym` registers every id, and an env's
code loads when it is made. `yz-gym tasks` lists every id with its kwargs (`listing()`; Gymnasium's
`pprint_registry()` prints the names only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

NAMESPACE: Final = "yz_gym"
ILLEGAL_PENALTY: Final = -0.1  # a task's reward for a masked-out action (the envs' `illegal_penalty` default)
DEFAULT_MODE: Final = "skirmish"  # the mode a task name leaves out (core.registry.DEFAULT_MODE)


@dataclass(frozen=True, slots=True)
class Generic:
    """A game mode's Gymnasium env: its id, its class, and the kwargs every task of the mode fixes besides
    the scenario, the sides and the rewards (its spaces, ...)."""

    id: str
    entry_point: str  # "module:Class"
    spaces: dict[str, Any] = field(default_factory=dict)  # kwargs every task of the mode fixes


GENERIC: Final[dict[tuple[str, str], Generic]] = {
    ("yze", "skirmish"): Generic(
        f"{NAMESPACE}/Skirmish-v0", "yz_gym.envs.skirmish:SkirmishEnv", {"obs_mode": "flat"}
    ),
    ("yze", "chase"): Generic(
        f"{NAMESPACE}/Chase-v0",
        "yz_gym.envs.chase_env:ChaseEnv",
        {"obs_mode": "flat", "limit_truncates": False},
    ),
    ("dx3", "skirmish"): Generic(
        f"{NAMESPACE}/Dx3Fight-v0", "yz_gym.envs.dx3_env:Dx3FightEnv", {"obs_mode": "flat"}
    ),
    ("yze", "expedition"): Generic(
        f"{NAMESPACE}/Expedition-v0",
        "yz_gym.envs.expedition_env:ExpeditionEnv",
        {"obs_mode": "flat", "fight_agent": "aggressive"},  # who plays the fights on the way (every scenario's)
    ),
}


def task_name(ruleset: str, mode: str, scenario: str) -> str:
    """ "YZE-WarehouseAmbush", "YZE-Chase-CarVsMotorcycle", "DX3-BossParty": the ruleset, the mode
    unless it is the default, the scenario in CamelCase without the ruleset's and the mode's prefix."""
    parts = [ruleset.upper()]
    stem = scenario.removeprefix(f"{ruleset}_")
    if mode != DEFAULT_MODE:
        parts.append(mode.capitalize())
        stem = stem.removeprefix(f"{mode}_")
    parts.append("".join(word.capitalize() for word in stem.split("_")))
    return "-".join(parts)


@dataclass(frozen=True, slots=True)
class Task:
    """One bundled scenario as a benchmark task: the learner's side and who plays the others."""

    ruleset: str
    mode: str
    scenario: str  # a bundled scenario's name
    side: str  # the learner's side
    opponents: dict[str, str]  # every other side -> its agent
    version: int = 1

    @property
    def name(self) -> str:
        """The id without namespace and version, e.g. "YZE-Duel"."""
        return task_name(self.ruleset, self.mode, self.scenario)

    @property
    def id(self) -> str:
        """The Gymnasium id, e.g. "yz_gym/YZE-Duel-v1"."""
        return f"{NAMESPACE}/{self.name}-v{self.version}"

    @property
    def generic(self) -> Generic:
        """The env of its game mode."""
        return GENERIC[(self.ruleset, self.mode)]

    def kwargs(self) -> dict[str, Any]:
        """What `gym.make(self.id)` passes to the env (a fresh dict; the caller's kwargs override it)."""
        return {
            "scenario": self.scenario,
            "side": self.side,
            "opponents": dict(self.opponents),
            "reward_shaping": False,
            "illegal_action": "penalty",
            "illegal_penalty": ILLEGAL_PENALTY,
            **self.generic.spaces,
        }


# The version of every task of a game: raise it when that game's spaces (its encodings) change, so
# each of its tasks gets a new id; a change to one task only (its scenario file, its opponents)
# raises that task's own `version=` instead.
FIGHT_VERSION: Final = 1
CHASE_VERSION: Final = 1
DX3_VERSION: Final = 6
EXPEDITION_VERSION: Final = 1


def _fight(scenario: str, side: str, enemy: str, version: int = FIGHT_VERSION) -> Task:
    """A YZE zone fight: the learner plays `side`, the tactical agent the `enemy` side."""
    return Task("yze", "skirmish", scenario, side, {enemy: "tactical"}, version)


def _chase(scenario: str, pursuer: str, prey: str, version: int = CHASE_VERSION) -> Task:
    """A YZE chase: the learner pursues, the prey plays its natural chase agent (flee)."""
    return Task("yze", "chase", scenario, pursuer, {prey: "flee"}, version)


def _dx3(scenario: str, side: str, enemy: str, version: int = DX3_VERSION) -> Task:
    """A DX3 fight: the learner plays `side` (the PCs), dx3_tactical the `enemy` side."""
    return Task("dx3", "skirmish", scenario, side, {enemy: "dx3_tactical"}, version)


def _expedition(scenario: str, party: str, version: int = EXPEDITION_VERSION) -> Task:
    """A YZE expedition: the learner makes the party's daily plan; the encounters' fights are played by
    the mode's `fight_agent` (GENERIC; there is no other side)."""
    return Task("yze", "expedition", scenario, party, {}, version)


# Every bundled scenario's task: the learner plays the scenario's first side, the default agent of
# its mode the other (tactical in a fight, flee for the prey of a chase, dx3_tactical in a DX3 fight).
TASKS: Final[tuple[Task, ...]] = (
    _fight("apc_ambush", "convoy", "insurgents"),
    _fight("blizzard_pass", "trappers", "raiders"),
    _fight("bunker_breakout", "prisoners", "guards"),
    _fight("cavalry_skirmish", "dragoons", "militia"),
    _fight("duel", "ilsa", "brann"),
    _fight("helicopter_extraction", "air_cavalry", "militia"),
    _fight("npc_group_surprise", "caravan", "redcaps"),
    _fight("poisoned_lab", "crew", "cult"),
    _fight("river_ford_ambush", "escort", "bandits"),
    _fight("saloon_brawl", "cowhands", "trackmen"),
    _fight("street_firefight", "patrol", "militia"),
    _fight("technical_raid", "raiders", "villagers"),
    _fight("tunnel_melee", "robbers", "watch"),
    _fight("warehouse_ambush", "crew", "vipers"),
    _chase("chase_bounty_hunt", "hunters", "fugitives"),
    _chase("chase_car_vs_motorcycle", "police", "courier"),
    _chase("chase_helicopter_pickup", "air_unit", "smugglers"),
    _chase("chase_highway_pileup", "police", "crew"),
    _chase("chase_market_foot", "watch", "thief"),
    _dx3("dx3_boss_party", "pcs", "master"),
    _dx3("dx3_car_chase", "pcs", "riders"),
    _dx3("dx3_collapsing_stage", "pcs", "jam"),
    _dx3("dx3_corridor_blockade", "pcs", "squad"),
    _dx3("dx3_duel", "ugn", "fh"),
    _dx3("dx3_stealth_infiltration", "pcs", "guards"),
    _expedition("expedition_convoy_ruins", "patrol"),
    _expedition("expedition_dragoon_patrol", "dragoons"),
    _expedition("expedition_marsh_trek", "crew"),
    _expedition("expedition_river_journey", "escort"),
    _expedition("expedition_winter_crossing", "caravan"),
)


def task_ids() -> list[str]:
    """Every versioned task's id, in TASKS order."""
    return [t.id for t in TASKS]


def space_signature(env: Any) -> dict[str, Any]:
    """What a task's version pins: the action space size, the observation's shape(s) and dtype(s),
    and a hash of the layouts' text (every field name, offset and size; `describe_spaces()`)."""
    import hashlib

    from gymnasium import spaces

    obs = env.observation_space
    if isinstance(obs, spaces.Dict):
        observation: Any = {k: [list(s.shape or ()), str(s.dtype)] for k, s in obs.spaces.items()}
    else:
        observation = [list(obs.shape), str(obs.dtype)]
    layout = env.unwrapped.describe_spaces()
    return {
        "actions": int(env.action_space.n),
        "observation": observation,
        "layout_sha256": hashlib.sha256(layout.encode()).hexdigest(),
    }


def register_all() -> None:
    """Register every generic env and every task with Gymnasium (ids already there are kept)."""
    try:
        from gymnasium.envs.registration import register, registry
    except ImportError:  # the rules core works without Gymnasium
        return
    for generic in GENERIC.values():
        if generic.id not in registry:
            register(id=generic.id, entry_point=generic.entry_point)
    for task in TASKS:
        if task.id not in registry:
            register(id=task.id, entry_point=task.generic.entry_point, kwargs=task.kwargs())


def listing() -> list[str]:
    """Every registered id, a line each: a task with its registered kwargs (`gym.spec(id).kwargs`), a
    generic env with the kwargs it takes; what `yz-gym tasks` prints."""
    from gymnasium import spec

    register_all()
    generic = "any scenario of its mode: gym.make(id, scenario=..., side=..., opponents=...)"
    lines = [f"{g.id}  {generic}" for g in GENERIC.values()]
    for task in TASKS:
        lines.append(f"{task.id}  " + " ".join(f"{k}={v!r}" for k, v in spec(task.id).kwargs.items()))
    return lines


__all__ = [
    "GENERIC", "TASKS", "Generic", "Task", "listing", "register_all", "space_signature", "task_ids", "task_name",
]  # fmt: skip
