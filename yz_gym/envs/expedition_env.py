"""`yz_gym/Expedition-v0` (the party's daily plan, Gymnasium) and its PettingZoo AEC version.

    import gymnasium as gym, yz_gym
    env = gym.make("yz_gym/Expedition-v0", scenario="expedition_winter_crossing", fight_agent="tactical")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(info["action_mask"].nonzero()[0][0])

**Steps.** Each step is one day: the learner makes the party's plan (`tasks.DayPlan`: how many
shifts to move, one provisioning task, camp or sleep rough, who keeps watch and whether a hostile
encounter seen first is avoided or ambushed), and the rules play the day's four shifts with their
weather, marches, meals, cold, hunger, thirst, sleep, sickness and encounters; the encounters' zone
fights are played on both sides by `fight_agent` (a scripted agent's name; default the scenario's
`fight_agent`).

**Spaces.** `Discrete(N_PLAN_ACTIONS)` and `Box(0, 1, (EXPEDITION_OBS_SIZE,), float32)`,
documented in `yz_gym.envs.expedition_encoding` (`describe_spaces()` prints both); with
`obs_mode="dict"` the same values as `global` and `travellers` rows with the mask.
`info["action_mask"]` (int8) and `action_masks()` mark the legal plans, `info["legal_actions"]`
lists their indices; once the journey is over the mask marks index 0 only (`masks.idle_mask`).

**Rewards and ends.** -1/N (N travellers) for each traveller who dies during the day; at the end
+1 on arrival, -1 when the whole party is lost, 0 when the time limit (`max_days`) runs out, which
is a truncation. `info["outcome"]` then holds the winner, the reason, the days and the deaths by cause.

`side` may name the party's side (the only one), `opponents` must be empty and `reward_shaping`
off: the versioned tasks (`yz_gym/YZE-Expedition-<Scenario>-v1`) pass them as every task does.

**Illegal actions** cost `illegal_penalty` and change nothing (`illegal_action="penalty"`, the
default) or raise `IllegalActionError` (`"raise"`). **Seeding**: `reset(seed=s)` seeds the dice and
the fights' agents. **Render**: "ansi", the map, the stores, each traveller and the last day's
journal; "human" prints it.

The AEC env (`raw_env`; `env()` behind PettingZoo's OrderEnforcingWrapper, `parallel_env()` the
turn-based parallel API) makes every traveller an agent; the first one alive makes the plan
(`expedition.current_actor`), the others' masks mark index 0 only. Rewards as above, to every
traveller; infos are numeric (`aec_base`).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.envs.aec_base import TurnAEC, pettingzoo_factories
from yz_gym.envs.binding import ModeBinding
from yz_gym.envs.expedition_encoding import (
    EXPEDITION_OBS_SIZE,
    MAX_TRAVELLERS,
    N_PLAN_ACTIONS,
    describe_expedition_spaces,
    expedition_structure,
    index_plan,
    observe,
    plan_mask,
)
from yz_gym.envs.learner_base import LearnerEnv
from yz_gym.envs.structured import Structure
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.expedition import Expedition, ExpeditionScenario
from yz_gym.scenario.expedition_mode import EXPEDITION_RULES
from yz_gym.scenario.loading import load

ENV_ID: str = "yz_gym/Expedition-v0"
DEFAULT_EXPEDITION: str = "expedition_winter_crossing"
ExpeditionSource = str | Path | dict[str, Any] | ExpeditionScenario
RENDER_MODES: list[str] = ["ansi", "human"]
DECISIONS: tuple[str, ...] = ("plan", "over")


def expedition_of(source: ExpeditionSource | None, fight_agent: str | None = None) -> ExpeditionScenario:
    """An expedition from a bundled name, a path, a dict or an ExpeditionScenario, its fights played
    by `fight_agent` when given; ValueError for more travellers than the spaces hold."""
    from yz_gym.agents import MODE_AGENTS

    if isinstance(source, ExpeditionScenario):
        scenario = source
    else:
        scenario = load(source or DEFAULT_EXPEDITION, ("yze", "expedition"), ENV_ID).scenario
    if len(scenario.members) > MAX_TRAVELLERS:
        raise ValueError(
            f"{scenario.name}: {len(scenario.members)} travellers; the expedition env holds at most {MAX_TRAVELLERS}"
        )
    if fight_agent is not None:
        fight_agents = MODE_AGENTS[("yze", "skirmish")]
        if fight_agent not in fight_agents:
            raise ValueError(f"fight_agent {fight_agent!r} is no scripted fight agent; use one of {', '.join(fight_agents)}")
        scenario = dataclasses.replace(scenario, fight_agent=fight_agent)
    return scenario


def dead(state: Expedition) -> int:
    """How many travellers are dead."""
    return sum(1 for c in state.people if c.dead)


def deaths_reward(state: Expedition, dead_before: int) -> float:
    """-1/N for each traveller who died since `dead_before` were dead."""
    return (dead_before - dead(state)) / max(1, len(state.people))


def terminal_reward(state: Expedition) -> float:
    """+1 arrived, -1 the party lost, 0 out of time or still going."""
    if state.termination == Termination.ARRIVED:
        return 1.0
    return -1.0 if state.termination == Termination.PARTY_LOST else 0.0


def outcome_info(state: Expedition) -> dict[str, Any]:
    """The end of the journey as info carries it."""
    result = journey.outcome(state)
    return {
        "winner": result.winner if result else None, "reason": state.end_reason, "days": state.day,
        "deaths": {state.people[i].name: cause for i, cause in sorted(state.causes.items())},
    }  # fmt: skip


def render_text(state: Expedition, log: Any) -> str:
    """The map, the stores, the travellers and the last journal lines."""
    from yz_gym.scenario.expedition_mode import expedition_board

    lines, _ = expedition_board(state, set(), None)
    return "\n".join(lines + journey.narrate(state, list(log)[-30:])) + "\n"


def illegal_message(state: Expedition, index: int, by_index: dict[int, Any]) -> str:
    """Why `index` cannot be taken now, and what can."""
    plan = index_plan(index) if 0 <= index < N_PLAN_ACTIONS else None
    if plan is None:
        meaning = "no plan"
    elif plan.lookout >= len(state.people):
        meaning = f"a plan whose lookout is traveller {plan.lookout}, of {len(state.people)}"
    else:
        meaning = journey.describe(state, plan)
    legal = "; ".join(f"{i}: {journey.describe(state, p)}" for i, p in sorted(by_index.items())[:10])
    return (
        f"action {index} ({meaning}) is not a plan the party can make now; legal: {legal} ... "
        "Sample with info['action_mask'] / action_masks()"
    )


class DeathsScorer:
    """The party's reward during the journey: -1/N for each traveller who died since the last take."""

    def __init__(self) -> None:
        self.dead = 0

    def start(self, state: Expedition) -> None:
        """The dead at the start."""
        self.dead = dead(state)

    def add(self, events: list[Any]) -> None:
        """Nothing: the deaths are counted in the state."""

    def take(self, state: Expedition) -> float:
        """The deaths since the last take."""
        earned = deaths_reward(state, self.dead)
        self.dead = dead(state)
        return earned


class Journey(ModeBinding):
    """An expedition for the env adapters: the party's daily plan (`expedition_encoding`), deaths'
    reward, the day limit."""

    rules = EXPEDITION_RULES
    decisions = DECISIONS
    noun = "journey"
    n_actions = N_PLAN_ACTIONS
    obs_size = EXPEDITION_OBS_SIZE

    def __init__(self, scenario: ExpeditionScenario) -> None:
        super().__init__(scenario, scenario.name, scenario.people, [scenario.side], None)  # the party: side 0

    def agent_specs(self, opponents: Any) -> dict[int, Any]:
        """None: the fights' agents are made per fight, seeded by the dice."""
        if opponents:
            raise ValueError("opponents: an expedition has no other side; its fights are played by fight_agent")
        return {}

    def mask(self, me: int, legal: list[Any]) -> tuple[np.ndarray, dict[int, Any]]:
        """`expedition_encoding.plan_mask`."""
        return plan_mask(legal)

    def observe(self, state: Expedition, viewer: int, mine: frozenset[int], actor: int, decision: str) -> np.ndarray:
        """`expedition_encoding.observe` (the same for every traveller)."""
        return observe(state)

    def structure(self) -> Structure:
        """The globals and traveller rows (`expedition_encoding.expedition_structure`)."""
        return expedition_structure()

    def describe_spaces(self) -> str:
        """`expedition_encoding.describe_expedition_spaces`."""
        return describe_expedition_spaces()

    def illegal_message(self, state: Expedition, actor: int, index: int, by_index: dict[int, Any], decision: str) -> str:
        """`illegal_message`."""
        return illegal_message(state, index, by_index)

    def scorer(self, side: int) -> DeathsScorer:
        """The deaths' reward (always on)."""
        return DeathsScorer()

    def winner(self, state: Expedition) -> int:
        """The party on arrival, else none."""
        return 0 if state.termination == Termination.ARRIVED else -1

    def terminal_reward(self, state: Expedition, side: int) -> float:
        """`terminal_reward`."""
        return terminal_reward(state)

    def truncated(self, state: Expedition) -> bool:
        """The time limit (`max_days`) ran out."""
        return state.termination == Termination.DAY_LIMIT

    def outcome(self, state: Expedition) -> dict[str, Any]:
        """`outcome_info`."""
        return outcome_info(state)

    def add_info(self, state: Expedition, side: int, info: dict[str, Any]) -> None:
        """The day; at the end the outcome."""
        info["day"] = state.day
        if journey.is_over(state):
            info["outcome"] = outcome_info(state)

    def text(self, state: Expedition, log: Any, mine: frozenset[int]) -> str:
        """`render_text`."""
        return render_text(state, log)


class ExpeditionEnv(LearnerEnv):
    """The party's daily plan on an expedition; fights are played by agents. See the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": RENDER_MODES, "render_fps": 1}

    def __init__(
        self,
        scenario: ExpeditionSource | None = None,
        side: str | int | None = None,
        opponents: Any = None,
        reward_shaping: bool | None = None,
        fight_agent: str | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
        obs_mode: str = "flat",
    ) -> None:
        game = Journey(expedition_of(scenario, fight_agent))
        if reward_shaping:
            raise ValueError("reward_shaping: the expedition env has none; its reward already counts each death")
        mine, controlled = game.learner(side)
        self._bind(game, mine, controlled, opponents, illegal_action, illegal_penalty, render_mode, obs_mode)


class ExpeditionAEC(TurnAEC):
    """Every traveller of an expedition as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_expedition_v0", "render_modes": RENDER_MODES, "is_parallelizable": False, "render_fps": 1,
    }  # fmt: skip

    def __init__(
        self,
        scenario: ExpeditionSource | None = None,
        fight_agent: str | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._bind(Journey(expedition_of(scenario, fight_agent)), illegal_action, illegal_penalty, render_mode)


raw_env, env, parallel_env = pettingzoo_factories(ExpeditionAEC)
expedition_aec_env = raw_env  # the name the registry (Mode.aec_env) uses

__all__ = [
    "DEFAULT_EXPEDITION",
    "ENV_ID",
    "ExpeditionAEC",
    "ExpeditionEnv",
    "env",
    "expedition_aec_env",
    "expedition_of",
    "parallel_env",
    "raw_env",
]  # fmt: skip
