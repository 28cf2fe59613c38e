"""A zone fight as a PettingZoo AEC env: every combatant is an agent.

    from yz_gym.envs.multiagent import aec_env
    env = aec_env("warehouse_ambush")
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

- **Agents** are the combatants' names (`possible_agents`, scenario order). They stay in the
  game until it ends, also while Broken (first aid can bring them back), dead or fled; they
  are then all terminated (or all truncated at the round cap) and removed one by one.
- **agent_selection** is whoever the rules ask now (`engine.current_actor`): the combatant
  whose turn it is, or out of turn the one who may fire from overwatch, help, block, push
  its roll or pick a surprise card. The same agent may be selected many times in a row.
- **Observations** are dicts: `observation` is the vector of `yz_gym.envs.observation` seen
  from that agent; `action_mask` (int8) marks its legal actions when it is selected, and is
  all zeros otherwise. Actions use the encoding of `yz_gym.envs.action_space`.
- **Rewards** follow `yz_gym.envs.rewards`, per side: every member of a side gets the side's
  terminal reward and, if enabled, its shaping reward.
- **Illegal actions** raise `IllegalActionError`, or with `illegal_action="penalty"` cost the
  acting agent `illegal_penalty` and change nothing.

**No parallel API.** PettingZoo's parallel API has every live agent act at once each step.
A YZE fight is strictly sequential: one combatant decides at a time, a reaction depends on
the action just declared (a block on the attack, a push on the roll), and a combatant may
decide several times in a row or not at all for a round. A parallel wrapper would have one
live agent per step and ignore all other actions, which is the AEC protocol with more
bookkeeping, so none is offered; `aec_to_parallel` refuses this env (is_parallelizable False).
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from yz_gym.envs.action_space import N_ACTIONS
from yz_gym.envs.core import Encoding, IllegalActionError, ScenarioSource, apply, scenario_of
from yz_gym.envs.observation import OBS_SIZE
from yz_gym.envs.rewards import RewardShaping, shaping_from, shaping_reward, terminal_reward
from yz_gym.envs.skirmish import LOG_LENGTH, MAX_RESET_TRIES
from yz_gym.rules import engine
from yz_gym.rules.actions import Action
from yz_gym.rules.events import Event
from yz_gym.rules.state import GameState, Phase


class SkirmishAEC(AECEnv):
    """Every combatant of a scenario as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_skirmish_v0",
        "render_modes": ["ansi", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        scenario: ScenarioSource | None = None,
        reward_shaping: bool | dict[str, float] | RewardShaping | None = None,
        illegal_action: str = "raise",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if illegal_action not in ("raise", "penalty"):
            raise ValueError(f"illegal_action must be 'raise' or 'penalty', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.scenario = scenario_of(scenario)
        self.encoding = Encoding(self.scenario)
        self.shaping = shaping_from(reward_shaping)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        names = [c.name for c in self.scenario.combatants]
        self.possible_agents = list(names)
        self._id = {name: i for i, name in enumerate(names)}
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(N_ACTIONS)
        self.observation_spaces = dict.fromkeys(names, self._observation_space)
        self.action_spaces = dict.fromkeys(names, self._action_space)
        self.state: GameState | None = None
        self.log: deque[Event] = deque(maxlen=LOG_LENGTH)
        self._rng: np.random.Generator | None = None
        self._mask = np.zeros(N_ACTIONS, dtype=np.int8)
        self._by_index: dict[int, Action] = {}
        self._legal: list[Action] = []
        self._actor = -1

    def observation_space(self, agent: str) -> spaces.Space:
        """The same Dict space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        """The same Discrete space for every agent."""
        return self._action_space

    # --- AEC API ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; `seed` seeds the dice (an unseeded reset continues the stream)."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        for _ in range(MAX_RESET_TRIES):  # a game decided before anyone acts is dealt again
            self.state = engine.new_game(self.scenario, self._rng)
            if self.state.phase != Phase.OVER:
                break
        self.log.clear()
        self.log.extend(self.state.opening)
        self.agents = list(self.possible_agents)
        self.agent_selection = self.agents[0]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_decision()
        if self.state.phase == Phase.OVER:  # decided before anyone acted (an ambush)
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view; its mask is all zeros unless it is the one to decide."""
        state = self.state
        assert state is not None, "call reset() first"
        me = self._id[agent]
        over = state.phase == Phase.OVER
        decision = "over" if over else engine.decision_kind(state)
        obs = self.encoding.observer.encode(state, me, decision, self._actor)
        mask = self._mask.copy() if me == self._actor else np.zeros(N_ACTIONS, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        """The selected agent's decision; afterwards the rules name the next one to decide."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None and self._rng is not None
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        index = -1 if action is None else int(action)
        chosen = self._by_index.get(index)
        if chosen is None:
            if self.illegal_action == "raise":
                raise IllegalActionError(
                    self.encoding.illegal_message(state, self._actor, index, self._by_index)
                )
            self.rewards[agent] = self.illegal_penalty
            self.infos[agent] = {**self.infos[agent], "illegal_action": True}
            self._accumulate_rewards()
            return
        events = apply(state, chosen, self._rng, self._legal)
        self.log.extend(events)
        if self.shaping.enabled:
            sides = self.encoding.sides
            per_side = {s: shaping_reward(self.shaping, events, sides, s) for s in set(sides)}
            for a in self.agents:
                self.rewards[a] += per_side[sides[self._id[a]]]
        self._after_decision()
        if state.phase == Phase.OVER:
            self._finish()
        self._accumulate_rewards()

    def render(self) -> Any:
        """'ansi' text or an 'rgb_array' picture of the fight (see yz_gym.envs.render)."""
        from yz_gym.envs import render

        if self.state is None or self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return render.render_text(self.state, self.log)
        return render.render_rgb(self.state, self.log)

    def close(self) -> None:
        """Nothing to release."""

    # --- helpers ---------------------------------------------------------------------------

    def _after_decision(self) -> None:
        """Find who decides next, their legal actions and mask."""
        state = self.state
        assert state is not None
        if state.phase == Phase.OVER:
            self._actor = -1
            self._legal, self._by_index = [], {}
            self._mask = np.zeros(N_ACTIONS, dtype=np.int8)
            return
        actor = engine.current_actor(state)
        self._actor = actor
        self._legal = engine.legal_actions(state)
        self._mask, self._by_index = self.encoding.mask(actor, self._legal)
        self.agent_selection = self.possible_agents[actor]
        for a in self.agents:
            self.infos[a] = {"decision": engine.decision_kind(state)} if a == self.agent_selection else {}

    def _finish(self) -> None:
        """The game is over: terminal rewards; everyone terminated (truncated at the round cap)."""
        state = self.state
        assert state is not None
        truncated = state.winner < 0 and "round cap" in state.end_reason
        sides = self.encoding.sides
        winner = state.setup.sides[state.winner] if state.winner >= 0 else None
        outcome = {"winner": winner, "reason": state.end_reason, "rounds": state.round}
        for a in self.agents:
            self.rewards[a] += terminal_reward(state.winner, sides[self._id[a]])
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
            self.infos[a] = {"outcome": outcome}
        if self.agents and getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]


def aec_env(scenario: ScenarioSource | None = None, **kwargs: Any) -> SkirmishAEC:
    """A SkirmishAEC (kwargs as its constructor)."""
    return SkirmishAEC(scenario, **kwargs)
