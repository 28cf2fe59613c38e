"""What the single-learner Gymnasium envs (Skirmish-v0, Chase-v0) share: seeding, illegal actions, masks."""

from __future__ import annotations

from collections import deque
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from yz_gym.core.events import Event
from yz_gym.envs.core import MAX_RESET_TRIES, IllegalActionError, action_index, render_log_length
from yz_gym.envs.masks import idle_mask
from yz_gym.envs.structured import Structure, check_obs_mode


class LearnerEnv(gym.Env[np.ndarray, np.int64]):
    """A learner's side of a game whose other combatants are played by agents inside `step`."""

    state: Any
    side_name: str
    _agent_by_side: dict[int, Any]

    def _setup(
        self, structure: Structure, n_actions: int, viewer: int, obs_mode: str,
        illegal_action: str, illegal_penalty: float, render_mode: str | None,
    ) -> None:  # fmt: skip
        """Options (checked by core.check_modes), spaces and the bookkeeping of no game yet."""
        check_obs_mode(obs_mode)
        obs_size = structure.size
        self.obs_mode = obs_mode
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(n_actions)
        self._structure = structure if obs_mode == "dict" else None  # None: the flat vector as it is
        self.observation_space = (
            structure.space(n_actions) if obs_mode == "dict" else spaces.Box(0.0, 1.0, (obs_size,), np.float32)
        )
        self.state = None
        self.log: deque[Event] = deque(maxlen=render_log_length(render_mode))
        self._rng: np.random.Generator | None = None
        self._viewer = viewer  # whose point of view the last observation took
        self._obs = np.zeros(obs_size, dtype=np.float32)
        self._n_actions = n_actions
        self._no_decision()

    def _no_decision(self) -> None:
        """Nobody of the learner's is to decide: the game is over (or not dealt yet)."""
        self._actor = -1  # the learner combatant deciding now
        self._decision = "over"
        self._legal: list[Any] = []
        self._mask = idle_mask(self._n_actions)  # never all zeros: a masked sampler still has a choice
        self._by_index: dict[int, Any] = {}

    def _seed(self, seed: int | None) -> np.random.Generator:
        """Seed the env's generator; a seeded (or first) reset also reseeds the agents from it."""
        super().reset(seed=seed)
        rng = self.np_random
        if seed is not None or self._rng is None:  # unseeded resets continue the agents' streams
            for agent in self._agent_by_side.values():
                agent.reseed(int(rng.integers(2**63)))
        self._rng = rng
        return rng

    def _deal(self, rng: np.random.Generator, start: Any, what: str, name: str) -> None:
        """Start games with `start(rng)` until a learner combatant has a decision (at most
        MAX_RESET_TRIES); the agents play up to it."""
        for _ in range(MAX_RESET_TRIES):
            self.state = start(rng)
            self.log.clear()
            self.log.extend(self.state.opening)
            self._advance()
            if self._actor >= 0:
                return
        raise RuntimeError(
            f"{name}: the {what} ended before '{self.side_name}' could decide anything in {MAX_RESET_TRIES} tries"
        )

    def _advance(self) -> None:
        raise NotImplementedError

    def _chosen(self, action: Any) -> Any:
        """The legal action `action` encodes, or None for an illegal one (raised unless in penalty mode)."""
        if self.state is None or self._rng is None:
            raise RuntimeError("call reset() before step()")
        if self._actor < 0:
            raise RuntimeError("the episode is over; call reset()")
        index = action_index(action)
        chosen = self._by_index.get(index)
        if chosen is None and self.illegal_action == "raise":
            raise IllegalActionError(self._illegal_message(index))
        return chosen

    def _seen(self, obs: np.ndarray) -> Any:
        """An observation as `obs_mode` gives it: the flat vector, or its dict with the mask."""
        if self._structure is None:
            return obs
        return self._structure.structure(obs, self._mask)

    def _penalty_step(self) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """An illegal action in penalty mode: the penalty, the same observation, nothing changed."""
        info = self._info()
        info["illegal_action"] = True
        return self._seen(self._obs.copy()), self.illegal_penalty, False, False, info

    def action_masks(self) -> np.ndarray:
        """The legal action indices as a bool array (sb3-contrib MaskablePPO calls this)."""
        return self._mask.astype(bool)

    def describe_spaces(self) -> str:
        """The action and observation layouts as text (what a task's space signature hashes)."""
        raise NotImplementedError

    def _illegal_message(self, index: int) -> str:
        raise NotImplementedError

    def _info(self) -> dict[str, Any]:
        raise NotImplementedError
