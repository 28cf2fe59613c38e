"""What the zone-fight and chase PettingZoo AEC envs share: agents, spaces, reset, step, finish."""

from __future__ import annotations

from collections import deque
from types import ModuleType
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from yz_gym.core.events import Event
from yz_gym.envs.core import MAX_RESET_TRIES, IllegalActionError, action_index, render_log_length
from yz_gym.envs.masks import idle_mask


class TurnAEC(AECEnv):
    """Every combatant as an agent; the rules module `rules` names who decides, one at a time."""

    rules: ModuleType  # current_actor, legal_actions, decision_kind, apply (engine or chase)
    encoding: Any
    state: Any
    log: deque[Event]

    def _setup(
        self, names: list[str], sides: list[int], obs_size: int, n_actions: int,
        illegal_action: str, illegal_penalty: float, render_mode: str | None,
    ) -> None:  # fmt: skip
        """Options (checked by core.check_modes), agents, spaces and empty game bookkeeping."""
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.possible_agents = list(names)
        self._id = {name: i for i, name in enumerate(names)}
        self._sides = list(sides)
        self._n_actions = n_actions
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(n_actions)
        self.observation_spaces = dict.fromkeys(names, self._observation_space)
        self.action_spaces = dict.fromkeys(names, self._action_space)
        self.state = None
        self.log = deque(maxlen=render_log_length(render_mode))
        self._rng: np.random.Generator | None = None
        self._mask = idle_mask(n_actions)
        self._by_index: dict[int, Any] = {}
        self._legal: list[Any] = []
        self._actor = -1

    def observation_space(self, agent: str) -> spaces.Space:
        """The same Dict space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        """The same Discrete space for every agent."""
        return self._action_space

    # --- AEC API ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; `seed` seeds the dice (an unseeded reset continues the stream)."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        for _ in range(MAX_RESET_TRIES):  # a game over before anyone decides is started again
            self.state = self._new_game(self._rng)
            if not self._over():
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
        self._started()
        self._after_decision()
        if self._over():  # decided before anyone acted (an ambush)
            self._finish()

    def step(self, action: Any) -> None:
        """The selected agent's decision; afterwards the rules name the next one to decide."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None and self._rng is not None
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        index = -1 if action is None else action_index(action)
        chosen = self._by_index.get(index)
        if chosen is None:
            if self.illegal_action == "raise":
                raise IllegalActionError(self._illegal_message(index))
            self.rewards[agent] = self.illegal_penalty
            self.infos[agent] = {**self.infos[agent], "illegal_action": True}
            self._accumulate_rewards()
            return
        events = self.rules.apply(self.state, chosen, self._rng, self._legal)
        self.log.extend(events)
        self._shape(events)
        self._after_decision()
        if self._over():
            self._finish()
        self._accumulate_rewards()

    def close(self) -> None:
        """Nothing to release."""

    # --- helpers ---------------------------------------------------------------------------

    def _add_side_rewards(self, per_side: dict[int, float]) -> None:
        """Add each side's reward to every agent of that side."""
        for a in self.agents:
            self.rewards[a] += per_side[self._sides[self._id[a]]]

    def _after_decision(self) -> None:
        """Find who decides next, their legal actions and mask."""
        state = self.state
        if self._over():
            self._actor = -1
            self._legal, self._by_index = [], {}
            self._mask = idle_mask(self._n_actions)
            return
        actor = self.rules.current_actor(state)
        self._actor = actor
        self._legal = self.rules.legal_actions(state)
        self._mask, self._by_index = self.encoding.mask(actor, self._legal)
        self.agent_selection = self.possible_agents[actor]
        decision = self.rules.decision_kind(state)
        for a in self.agents:
            self.infos[a] = (
                {"decision": decision, "legal_actions": tuple(self._by_index)}
                if a == self.agent_selection
                else {}
            )

    def _finish(self) -> None:
        """The game is over: terminal rewards; everyone terminated (or truncated)."""
        truncated = self._truncated()
        outcome = self._outcome()
        for a in self.agents:
            self.rewards[a] += self._terminal_reward(self._sides[self._id[a]])
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
            self.infos[a] = {"outcome": outcome}
        if self.agents and getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]

    def _started(self) -> None:
        """Hook after a new game is dealt, before the first decision is found."""

    def _new_game(self, rng: np.random.Generator) -> Any:
        raise NotImplementedError

    def _over(self) -> bool:
        raise NotImplementedError

    def _shape(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _illegal_message(self, index: int) -> str:
        raise NotImplementedError

    def _truncated(self) -> bool:
        raise NotImplementedError

    def _outcome(self) -> dict[str, Any]:
        raise NotImplementedError

    def _terminal_reward(self, side: int) -> float:
        raise NotImplementedError
