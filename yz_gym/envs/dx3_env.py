"""`yz_gym/Dx3Fight-v0` (one side of a DX3 fight, Gymnasium) and its PettingZoo AEC version.

    import gymnasium as gym, yz_gym
    env = gym.make("yz_gym/Dx3Fight-v0", scenario="dx3_duel", side="ugn")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(info["action_mask"].nonzero()[0][0])

**Who plays.** The learner controls every fighter of `side` (a name or index; default the first
side); the others are played inside `step` by their side's agent: `opponents` is an agent name,
an `agents.Agent` or a dict {side: either}; by default the scenario's `agents:`, else
`dx3_tactical`.

**Steps.** Every decision the rules ask of a learner fighter is one step (`info["decision"]`):
its minor action, its major action (an attack may declare a combo of its effects), a reaction when
attacked (a PC may dodge with a Titus), covering an ally, standing up with 《リザレクト》 or a Titus.

**Spaces.** `Discrete(dx3_encoding.N_DX3_ACTIONS)` and `Box(0, 1, (dx3_encoding.DX3_OBS_SIZE,),
float32)`, documented in `yz_gym.envs.dx3_encoding` (`describe_spaces()` prints both layouts);
with `obs_mode="dict"` the same values as fighter rows, the globals and the mask
(`dx3_encoding.dx3_structure()`). `info["action_mask"]` (int8) and `action_masks()` mark the legal
indices; `info["legal_actions"]` lists them. Once the fight is over the mask marks index 0 only
(`masks.idle_mask`: never all zeros) and `info["legal_actions"]` is empty.

**Rewards and ends.** +1 when the learner's side is the last standing, -1 when another side is,
0 otherwise; `terminated` at the end, `truncated` at the scenario's `max_rounds`. Optional shaping
(`reward_shaping=True` or weights, `yz_gym.envs.rewards.RewardShaping`): HP lost by enemies to the
learner's side (`damage_dealt`) and by its own fighters (`damage_taken`), and fighters falling
戦闘不能 (`enemy_broken`, `ally_broken`).

**Illegal actions** by default (`illegal_action="penalty"`) return `illegal_penalty`, the same
observation and `info["illegal_action"] = True`, changing nothing; `illegal_action="raise"` raises
`IllegalActionError`. **Seeding**: `reset(seed=s)` seeds the dice and the agents.
**Render**: "ansi", the line of engagements and the last narrated events; "human" prints it.

The AEC env (`raw_env`; `env()` behind PettingZoo's OrderEnforcingWrapper, `parallel_env()` the
turn-based parallel API, as `yz_gym.envs.multiagent` has them) makes every fighter an agent,
selected whenever the rules ask it; observations are dicts of `observation` and `action_mask`
(index 0 only unless selected); infos are numeric (`aec_base`: `decision` is the code of the
decision in `state.DECISIONS`); rewards per side as above.
"""

from __future__ import annotations

from collections.abc import Iterable
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
from yz_gym.envs.core import IllegalActionError, check_modes, side_index, specs_by_side
from yz_gym.envs.dx3_encoding import (
    DX3_OBS_SIZE,
    N_DX3_ACTIONS,
    describe_dx3_spaces,
    describe_index,
    dx3_structure,
    mask,
    observe,
)
from yz_gym.envs.learner_base import LearnerEnv
from yz_gym.envs.masks import idle_mask
from yz_gym.envs.rewards import RewardShaping, shaping_from
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.narrate import narrate
from yz_gym.rulesets.dx3.state import DECISIONS, Dx3Scenario, Dx3State, Phase
from yz_gym.scenario.loading import load

DEFAULT_DX3: str = "dx3_duel"
Dx3Source = str | Path | dict[str, Any] | Dx3Scenario
RENDER_MODES: list[str] = ["ansi", "human"]


def dx3_of(source: Dx3Source | None) -> Dx3Scenario:
    """A DX3 scenario from a bundled name, a path, a dict or a Dx3Scenario."""
    if isinstance(source, Dx3Scenario):
        return source
    scenario: Dx3Scenario = load(source or DEFAULT_DX3, ("dx3", "skirmish"), "yz_gym/Dx3Fight-v0").scenario
    return scenario


def terminal_reward(winner: int, side: int) -> float:
    """+1 a win, -1 a loss, 0 no winner."""
    return 0.0 if winner < 0 else (1.0 if winner == side else -1.0)


def dx3_shaping(shaping: RewardShaping, events: Iterable[Event], sides: list[int], my_side: int) -> float:
    """The shaping reward of `events` for side `my_side` (`sides[i]`: fighter i's side): HP lost
    (`damage` and `gimmick_damage`) and 戦闘不能 (`down`), weighted as `rewards.RewardShaping` says."""
    total = 0.0
    n = len(sides)
    for e in events:
        if e.kind in ("damage", "gimmick_damage") and 0 <= e.target < n:
            lost = float(e.get("hp_lost", 0))
            if sides[e.target] == my_side:
                total -= shaping.damage_taken * lost
            elif 0 <= e.actor < n and sides[e.actor] == my_side:
                total += shaping.damage_dealt * lost
        elif e.kind == "down" and 0 <= e.actor < n:
            total += -shaping.ally_broken if sides[e.actor] == my_side else shaping.enemy_broken
    return total


def outcome_info(state: Dx3State) -> dict[str, Any]:
    """The ending as info carries it."""
    winner = state.scenario.sides[state.winner] if state.winner >= 0 else None
    return {"winner": winner, "reason": state.end_reason, "rounds": state.round}


def render_text(state: Dx3State, log: Any, mine: frozenset[int] = frozenset()) -> str:
    """The line of engagements and the last narrated events."""
    from yz_gym.scenario.dx3_modes import board

    lines, _ = board(state, set(mine), None)
    return "\n".join(lines + narrate(state, list(log)[-12:])) + "\n"


def illegal_message(state: Dx3State, me: int, index: int, by_index: dict[int, Any]) -> str:
    """Why `index` cannot be taken now, and what can."""
    name = state.fighters[me].name if me >= 0 else "nobody"
    legal = "; ".join(f"{i}: {engine.describe(state, a)}" for i, a in sorted(by_index.items())[:15])
    return (
        f"action {index} ({describe_index(index)}) is not legal for {name} now "
        f"({engine.decision_kind(state)} decision); legal: {legal}. Sample with info['action_mask'] / "
        "action_masks()"
    )


class Dx3FightEnv(LearnerEnv):
    """One side of a DX3 fight; the rest is played by agents. See the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": RENDER_MODES, "render_fps": 2}

    def __init__(
        self,
        scenario: Dx3Source | None = None,
        side: str | int | None = None,
        opponents: Any = None,
        reward_shaping: bool | dict[str, float] | RewardShaping | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
        obs_mode: str = "flat",
    ) -> None:
        from yz_gym.agents import make_agent
        from yz_gym.scenario.dx3_modes import DX3_SKIRMISH

        check_modes(illegal_action, render_mode, self.metadata["render_modes"])
        self.scenario = dx3_of(scenario)
        sides = list(self.scenario.sides)
        self.side = side_index(sides, side, self.scenario.name)
        self.side_name = sides[self.side]
        self.controlled = frozenset(i for i, f in enumerate(self.scenario.fighters) if f.side == self.side)
        self._sides = [f.side for f in self.scenario.fighters]
        self.shaping = shaping_from(reward_shaping)

        def default(i: int) -> Any:
            return DX3_SKIRMISH.default_agent(self.scenario, i)

        specs = (
            specs_by_side(sides, opponents, default)
            if opponents is not None
            else {i: default(i) for i in range(len(sides))}
        )
        self._agent_by_side = {s: make_agent(spec, None) for s, spec in specs.items()}
        self._setup(
            dx3_structure(), N_DX3_ACTIONS, min(self.controlled), obs_mode, illegal_action, illegal_penalty,
            render_mode,
        )  # fmt: skip
        self.state: Dx3State | None = None
        self._pending = 0.0  # shaping earned by the agents' moves since the learner's last decision

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):  # type: ignore[override]
        """Start a new fight; the agents play until a learner fighter must decide."""
        rng = self._seed(seed)
        self._deal(rng, partial(engine.new_game, self.scenario), "fight", self.scenario.name)
        self._pending = 0.0
        if self.render_mode == "human":
            self.render()
        return self._seen(self._obs), self._info()

    def step(self, action: Any):  # type: ignore[override]
        """Take the learner's decision, then let the others play until its next one."""
        chosen = self._chosen(action)
        if chosen is None:
            return self._penalty_step()
        state = self.state
        assert state is not None and self._rng is not None
        self._pending = 0.0
        self._record(engine.apply(state, chosen, self._rng, self._legal))
        self._advance()
        reward, terminated, truncated = self._pending, False, False
        if state.phase == Phase.OVER:
            reward += terminal_reward(state.winner, self.side)
            truncated = state.termination == Termination.ROUND_CAP
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._seen(self._obs), reward, terminated, truncated, self._info()

    def render(self) -> Any:
        """'ansi': the fight in text; 'human': that text printed."""
        if self.state is None or self.render_mode is None:
            return None
        text = render_text(self.state, self.log, self.controlled)
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def describe_spaces(self) -> str:
        """The action and observation layouts (and the dict's keys in dict mode)."""
        parts = [describe_dx3_spaces()]
        if self._structure is not None:
            parts.append(self._structure.describe())
        return "\n".join(parts)

    def _record(self, events: list[Event]) -> None:
        """Log events and add their shaping reward."""
        self.log.extend(events)
        if self.shaping.enabled:
            self._pending += dx3_shaping(self.shaping, events, self._sides, self.side)

    def _advance(self) -> None:
        """Let the agents play until a learner fighter must decide, or the fight ends."""
        state = self.state
        assert state is not None and self._rng is not None
        while state.phase != Phase.OVER:
            actor = engine.current_actor(state)
            legal = engine.legal_actions(state)
            if actor in self.controlled:
                self._actor = self._viewer = actor
                self._legal = legal
                self._mask, self._by_index = mask(actor, legal)
                self._decision = engine.decision_kind(state)
                self._obs = observe(state, actor, actor)
                return
            agent = self._agent_by_side[state.fighters[actor].side]
            action = agent.choose(state, legal)
            if action not in legal:
                raise IllegalActionError(
                    f"agent {agent.name!r} chose an illegal action for {state.fighters[actor].name}"
                )
            self._record(engine.apply(state, action, self._rng, legal))
        self._no_decision()
        self._obs = observe(state, self._viewer, -1)

    def _illegal_message(self, index: int) -> str:
        assert self.state is not None
        return illegal_message(self.state, self._actor, index, self._by_index)

    def _info(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        info: dict[str, Any] = {
            "action_mask": self._mask.copy(),
            "legal_actions": tuple(self._by_index),
            "actor": state.fighters[self._actor].name if self._actor >= 0 else None,
            "decision": self._decision,
            "round": state.round,
        }
        if state.phase == Phase.OVER:
            info["outcome"] = outcome_info(state)
        return info


class _Masks:
    """The AEC base's encoding: the mask of the legal actions."""

    @staticmethod
    def mask(me: int, legal: list[Any]) -> tuple[np.ndarray, dict[int, Any]]:
        return mask(me, legal)


class Dx3AEC(TurnAEC):
    """Every fighter of a DX3 fight as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_dx3_fight_v0", "render_modes": RENDER_MODES, "is_parallelizable": False, "render_fps": 2,
    }  # fmt: skip
    rules = engine
    decisions = DECISIONS
    encoding = _Masks()

    def __init__(
        self,
        scenario: Dx3Source | None = None,
        reward_shaping: bool | dict[str, float] | RewardShaping | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_modes(illegal_action, render_mode, self.metadata["render_modes"])
        self.scenario = dx3_of(scenario)
        self.shaping = shaping_from(reward_shaping)
        names = [f.name for f in self.scenario.fighters]
        sides = [f.side for f in self.scenario.fighters]
        self._setup(names, sides, DX3_OBS_SIZE, N_DX3_ACTIONS, illegal_action, illegal_penalty, render_mode)
        self.state: Dx3State | None = None

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view; its mask marks index 0 only unless it is the one to decide."""
        state = self.state
        assert state is not None, "call reset() first"
        me = self._id[agent]
        obs = observe(state, me, self._actor)
        shown = self._mask.copy() if me == self._actor else idle_mask(N_DX3_ACTIONS)
        return {"observation": obs, "action_mask": shown}

    def _text(self) -> str:
        assert self.state is not None
        return render_text(self.state, self.log)

    def _picture(self) -> Any:
        raise NotImplementedError("the DX3 fight renders as text only ('ansi', 'human')")

    def _new_game(self, rng: np.random.Generator) -> Dx3State:
        return engine.new_game(self.scenario, rng)

    def _over(self) -> bool:
        assert self.state is not None
        return self.state.phase == Phase.OVER

    def _shape(self, events: list[Event]) -> None:
        """The optional shaping reward of each side (module docstring)."""
        if self.shaping.enabled:
            self._add_side_rewards(
                {s: dx3_shaping(self.shaping, events, self._sides, s) for s in set(self._sides)}
            )

    def _illegal_message(self, index: int) -> str:
        assert self.state is not None
        return illegal_message(self.state, self._actor, index, self._by_index)

    def _truncated(self) -> bool:
        assert self.state is not None
        return self.state.termination == Termination.ROUND_CAP

    def _outcome(self) -> dict[str, Any]:
        assert self.state is not None
        return outcome_info(self.state)

    def _terminal_reward(self, side: int) -> float:
        assert self.state is not None
        return terminal_reward(self.state.winner, side)


def raw_env(scenario: Dx3Source | None = None, **kwargs: Any) -> Dx3AEC:
    """A Dx3AEC (kwargs as its constructor)."""
    return Dx3AEC(scenario, **kwargs)


dx3_aec_env = raw_env  # the name the registry (Mode.aec_env) uses


def env(scenario: Dx3Source | None = None, **kwargs: Any) -> AECEnv:
    """A Dx3AEC behind PettingZoo's OrderEnforcingWrapper (PettingZoo's usual `env()`)."""
    return OrderEnforcingWrapper(raw_env(scenario, **kwargs))


def parallel_env(scenario: Dx3Source | None = None, **kwargs: Any) -> ParallelEnv:
    """The fight in PettingZoo's parallel API, turn by turn (as `yz_gym.envs.multiagent`'s)."""
    return turn_based_aec_to_parallel(env(scenario, **kwargs))


__all__ = ["DEFAULT_DX3", "Dx3AEC", "Dx3FightEnv", "dx3_aec_env", "dx3_of", "env", "parallel_env", "raw_env"]
