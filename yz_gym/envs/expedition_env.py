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
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.envs.aec_base import TurnAEC
from yz_gym.envs.core import check_modes, side_index
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
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.expedition import Expedition, ExpeditionScenario
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

    fighters = MODE_AGENTS[("yze", "skirmish")]  # the zone fights' scripted agents

    if isinstance(source, ExpeditionScenario):
        scenario = source
    else:
        scenario = load(source or DEFAULT_EXPEDITION, ("yze", "expedition"), ENV_ID).scenario
    if len(scenario.members) > MAX_TRAVELLERS:
        raise ValueError(
            f"{scenario.name}: {len(scenario.members)} travellers; the expedition env holds at most {MAX_TRAVELLERS}"
        )
    if fight_agent is not None:
        if fight_agent not in fighters:
            raise ValueError(f"fight_agent {fight_agent!r} is no scripted fight agent; use one of {', '.join(fighters)}")
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
        check_modes(illegal_action, render_mode, self.metadata["render_modes"])
        self.scenario = expedition_of(scenario, fight_agent)
        side_index([self.scenario.side], side, self.scenario.name)  # the party is the only side
        if opponents:
            raise ValueError("opponents: an expedition has no other side; its fights are played by fight_agent")
        if reward_shaping:
            raise ValueError("reward_shaping: the expedition env has none; its reward already counts each death")
        self.side_name = self.scenario.side
        self._agent_by_side = {}  # the fights' agents are made per fight, seeded by the dice
        self._setup(expedition_structure(), N_PLAN_ACTIONS, 0, obs_mode, illegal_action, illegal_penalty, render_mode)
        self.state: Expedition | None = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):  # type: ignore[override]
        """Start a new journey at its first morning."""
        rng = self._seed(seed)
        self._deal(rng, partial(journey.new_expedition, self.scenario), "journey", self.scenario.name)
        if self.render_mode == "human":
            self.render()
        return self._seen(self._obs), self._info()

    def step(self, action: Any):  # type: ignore[override]
        """Play one day by the chosen plan."""
        chosen = self._chosen(action)
        if chosen is None:
            return self._penalty_step()
        state = self.state
        assert state is not None and self._rng is not None
        before = dead(state)
        self.log.extend(journey.apply(state, chosen, self._rng, self._legal))
        reward = deaths_reward(state, before)
        self._advance()
        terminated = truncated = False
        if journey.is_over(state):
            reward += terminal_reward(state)
            truncated = state.termination == Termination.DAY_LIMIT
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._seen(self._obs), reward, terminated, truncated, self._info()

    def render(self) -> Any:
        """'ansi': the journey in text; 'human': that text printed."""
        if self.state is None or self.render_mode is None:
            return None
        text = render_text(self.state, self.log)
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def describe_spaces(self) -> str:
        """The action and observation layouts (and the dict's keys in dict mode)."""
        parts = [describe_expedition_spaces()]
        if self._structure is not None:
            parts.append(self._structure.describe())
        return "\n".join(parts)

    def _advance(self) -> None:
        """The next morning's decision, or none once the journey is over."""
        state = self.state
        assert state is not None
        if journey.is_over(state):
            self._no_decision()
        else:
            self._actor = journey.current_actor(state)
            self._legal = journey.legal_actions(state)
            self._mask, self._by_index = plan_mask(self._legal)
            self._decision = journey.decision_kind(state)
        self._obs = observe(state)

    def _illegal_message(self, index: int) -> str:
        assert self.state is not None
        return illegal_message(self.state, index, self._by_index)

    def _info(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        info: dict[str, Any] = {
            "action_mask": self._mask.copy(), "legal_actions": tuple(self._by_index), "decision": self._decision,
            "day": state.day,
        }  # fmt: skip
        if journey.is_over(state):
            info["outcome"] = outcome_info(state)
        return info


class _Masks:
    """The AEC base's encoding: the mask of the legal plans."""

    @staticmethod
    def mask(me: int, legal: list[Any]) -> tuple[np.ndarray, dict[int, Any]]:
        return plan_mask(legal)


class ExpeditionAEC(TurnAEC):
    """Every traveller of an expedition as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_expedition_v0", "render_modes": RENDER_MODES, "is_parallelizable": False, "render_fps": 1,
    }  # fmt: skip
    rules = journey
    decisions = DECISIONS
    encoding = _Masks()

    def __init__(
        self,
        scenario: ExpeditionSource | None = None,
        fight_agent: str | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_modes(illegal_action, render_mode, self.metadata["render_modes"])
        self.scenario = expedition_of(scenario, fight_agent)
        names = [c.name for c in self.scenario.people]
        self._setup(names, [0] * len(names), EXPEDITION_OBS_SIZE, N_PLAN_ACTIONS, illegal_action, illegal_penalty,
                    render_mode)  # fmt: skip
        self.state: Expedition | None = None
        self._dead = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The journey (the same for every traveller); the mask marks index 0 only unless `agent` plans."""
        state = self.state
        assert state is not None, "call reset() first"
        me = self._id[agent]
        shown = self._mask.copy() if me == self._actor else plan_mask([])[0]
        if me != self._actor:
            shown[0] = 1  # masks.idle_mask: never all zeros
        return {"observation": observe(state), "action_mask": shown}

    def _text(self) -> str:
        assert self.state is not None
        return render_text(self.state, self.log)

    def _picture(self) -> Any:
        raise NotImplementedError("the expedition renders as text only ('ansi', 'human')")

    def _new_game(self, rng: np.random.Generator) -> Expedition:
        return journey.new_expedition(self.scenario, rng)

    def _over(self) -> bool:
        assert self.state is not None
        return journey.is_over(self.state)

    def _started(self) -> None:
        """Nobody has died yet."""
        self._dead = 0

    def _shape(self, events: list[Event]) -> None:
        """Every traveller shares the deaths' reward (module docstring)."""
        assert self.state is not None
        self._add_side_rewards({0: deaths_reward(self.state, self._dead)})
        self._dead = dead(self.state)

    def _illegal_message(self, index: int) -> str:
        assert self.state is not None
        return illegal_message(self.state, index, self._by_index)

    def _truncated(self) -> bool:
        assert self.state is not None
        return self.state.termination == Termination.DAY_LIMIT

    def _outcome(self) -> dict[str, Any]:
        assert self.state is not None
        return outcome_info(self.state)

    def _winner(self) -> int:
        assert self.state is not None
        return 0 if self.state.termination == Termination.ARRIVED else -1

    def _terminal_reward(self, side: int) -> float:
        assert self.state is not None
        return terminal_reward(self.state)


def raw_env(scenario: ExpeditionSource | None = None, **kwargs: Any) -> ExpeditionAEC:
    """An ExpeditionAEC (kwargs as its constructor)."""
    return ExpeditionAEC(scenario, **kwargs)


expedition_aec_env = raw_env  # the name the registry (Mode.aec_env) uses


def env(scenario: ExpeditionSource | None = None, **kwargs: Any) -> AECEnv:
    """An ExpeditionAEC behind PettingZoo's OrderEnforcingWrapper."""
    return OrderEnforcingWrapper(raw_env(scenario, **kwargs))


def parallel_env(scenario: ExpeditionSource | None = None, **kwargs: Any) -> ParallelEnv:
    """The journey in PettingZoo's parallel API, decision by decision."""
    return turn_based_aec_to_parallel(env(scenario, **kwargs))


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
