"""The learner adapter: one side of any mode's game as a Gymnasium env, the rest played by agents.

A mode's Gymnasium env is a subclass whose constructor reads its keyword arguments into a
`binding.ModeBinding` and calls `_bind`; everything else is here: options, spaces, seeding, the
other people's turns (`opponents.Opponents`), masks (never all zeros), illegal actions, infos,
rewards and ends, render.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from yz_gym.core.events import Event
from yz_gym.envs.binding import ModeBinding
from yz_gym.envs.core import MAX_RESET_TRIES, IllegalActionError, action_index, check_modes, render_log_length
from yz_gym.envs.masks import idle_mask
from yz_gym.envs.opponents import Decision, Opponents
from yz_gym.envs.structured import check_obs_mode


class LearnerEnv(gym.Env[np.ndarray, np.int64]):
    """A learner's side of a game whose other people are played by agents inside `step`."""

    state: Any
    game: ModeBinding
    _legal: list[Any]  # the deciding person's legal actions (empty: nobody's decision)
    _by_index: dict[int, Any]  # their encoding: index -> action

    def _bind(
        self, game: ModeBinding, side: int, controlled: list[int], opponents: Any, illegal_action: str,
        illegal_penalty: float, render_mode: str | None, obs_mode: str,
    ) -> None:  # fmt: skip
        """Check the options, make the agents and spaces, and hold no game yet: `controlled` are the
        learner's people (the first one's view is the observation before any decision of theirs)."""
        from yz_gym.agents import make_agent

        check_modes(illegal_action, render_mode, self.metadata["render_modes"])
        check_obs_mode(obs_mode)
        self.game = game
        self.scenario = game.scenario
        self.shaping = game.shaping
        self.side = side
        self.side_name = game.side_names[side]
        self.controlled = frozenset(controlled)
        self._agent_by_side = {s: make_agent(spec, None) for s, spec in game.agent_specs(opponents).items()}
        self.obs_mode = obs_mode
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        n_actions, obs_size = game.n_actions, game.obs_size
        self.action_space = spaces.Discrete(n_actions)
        structure = game.structure()
        self._structure = structure if obs_mode == "dict" else None  # None: the flat vector as it is
        self.observation_space: spaces.Space[Any] = (
            structure.space(n_actions) if obs_mode == "dict" else spaces.Box(0.0, 1.0, (obs_size,), np.float32)
        )
        self.state = None
        self.log: deque[Event] = deque(maxlen=render_log_length(render_mode))
        self._rng: np.random.Generator | None = None
        self._viewer = controlled[0]  # whose point of view the last observation took
        self._obs = np.zeros(obs_size, dtype=np.float32)
        self._scorer = game.scorer(side)
        agent_of = [self._agent_by_side.get(s) for s in game.sides]
        self._others = Opponents(agent_of, self.controlled, self.log, self._scorer)
        self._fast = game.fast_path(self._others, side)  # the step in one compiled call, or None: the generic one
        self._no_decision()

    # --- Gymnasium API ---------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a new game; the agents play until a learner's person must decide."""
        super().reset(seed=seed)
        rng = self.np_random
        if seed is not None or self._rng is None:  # unseeded resets continue the agents' streams
            for agent in self._agent_by_side.values():
                agent.reseed(int(rng.integers(2**63)))
        self._rng = rng
        for _ in range(MAX_RESET_TRIES):  # a game that ends before the learner decides is dealt again
            self.state = self.game.new_game(rng)
            self.log.clear()
            self.log.extend(self.state.opening)
            self._advance()
            if self._actor >= 0:
                break
        else:
            raise RuntimeError(
                f"{self.game.name}: the {self.game.noun} ended before '{self.side_name}' could decide anything "
                f"in {MAX_RESET_TRIES} tries"
            )
        if self._scorer is not None:
            self._scorer.start(self.state)
        if self.render_mode == "human":
            self.render()
        return self._seen(self._obs), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Take the learner's decision, then let the others play until its next one."""
        chosen = self._by_index.get(action) if type(action) is int else None  # the common case: a legal int
        if chosen is None:
            chosen = self._chosen(action)  # other index types, and the checks with their errors
            if chosen is None:
                return self._penalty_step()
        fast = self._fast
        if fast is not None:  # the whole step in one compiled call (the flat observation)
            result = fast.step(self, chosen)
            if self._structure is None and self.render_mode != "human":
                return result
            obs, reward, terminated, truncated, info = result
            if self.render_mode == "human":
                self.render()
            return self._seen(obs), reward, terminated, truncated, info
        state, game = self.state, self.game
        assert self._rng is not None
        self._others.apply(game.rules, state, chosen, self._rng, self._legal)
        self._advance()
        reward = 0.0 if self._scorer is None else self._scorer.take(state)
        terminated = truncated = False
        if self._actor < 0:
            reward += game.terminal_reward(state, self.side)
            truncated = game.truncated(state)
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._seen(self._obs), reward, terminated, truncated, self._info()

    def render(self) -> Any:
        """'ansi': the game as text; 'human': that text printed (returns None); 'rgb_array': a picture."""
        return self.game.render(self.state, self.log, self.controlled, self.render_mode)

    def close(self) -> None:
        """Nothing to release (matplotlib figures are closed after each render)."""

    def action_masks(self) -> np.ndarray:
        """The legal action indices as a bool array (sb3-contrib MaskablePPO calls this)."""
        return self._mask.astype(bool)

    def describe_spaces(self) -> str:
        """The action and observation layouts as text, and the dict's keys in dict mode (what a
        task's space signature hashes)."""
        parts = [self.game.describe_spaces()]
        if self._structure is not None:
            parts.append(self._structure.describe())
        return "\n".join(parts)

    # --- the decisions ---------------------------------------------------------------------

    def _advance(self) -> None:
        """Let the agents play until a learner's person must decide (the observation from it), or
        the game ends (the observation from the last viewer)."""
        state, game = self.state, self.game
        assert self._rng is not None
        if self._fast is not None:
            self._decided(self._fast.advance(state, self._rng, self._viewer))
            return
        actor, legal = self._others.play(game.rules, state, self._rng)
        if actor < 0:
            self._no_decision()
            self._obs = game.observe(state, self._viewer, self.controlled, -1, "over")
            return
        mask, by_index = game.mask(actor, legal)
        decision = game.rules.decision_kind(state)
        self._decided((actor, legal, mask, by_index, decision, game.observe(state, actor, self.controlled, actor, decision)))

    def _decided(self, decision: Decision) -> None:
        """Hold who decides now (-1: nobody, the game is over), what they may do, and the observation."""
        actor, self._legal, self._mask, self._by_index, self._decision, self._obs = decision
        if actor >= 0:
            if not self._by_index:
                raise RuntimeError(f"no encodable legal action for {self.game.names[actor]}")
            self._viewer = actor
        self._actor = actor

    def _no_decision(self) -> None:
        """Nobody of the learner's is to decide: the game is over (or not dealt yet)."""
        self._actor = -1  # the learner's person deciding now
        self._decision = "over"
        self._legal = []
        self._mask = idle_mask(self.game.n_actions)  # never all zeros: a masked sampler still has a choice
        self._by_index = {}

    def _chosen(self, action: Any) -> Any:
        """The legal action `action` encodes, or None for an illegal one (raised unless in penalty mode)."""
        if self.state is None or self._rng is None:
            raise RuntimeError("call reset() before step()")
        if self._actor < 0:
            raise RuntimeError("the episode is over; call reset()")
        index = action_index(action)
        chosen = self._by_index.get(index)
        if chosen is None and self.illegal_action == "raise":
            raise IllegalActionError(
                self.game.illegal_message(self.state, self._actor, index, self._by_index, self._decision)
            )
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

    def _info(self) -> dict[str, Any]:
        """The mask (a copy), the legal indices, who decides what, and the mode's own keys."""
        actor = self._actor
        info: dict[str, Any] = {
            "action_mask": self._mask.copy(),
            "legal_actions": tuple(self._by_index),  # the legal indices, in the rules' order
            "actor": self.game.names[actor] if actor >= 0 else None,
            "decision": self._decision,
        }
        self.game.add_info(self.state, self.side, info)
        return info
