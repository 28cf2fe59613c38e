"""The AEC adapter: every person of any mode's game as an agent of a PettingZoo AEC env.

A mode's AEC env is a subclass whose constructor reads its keyword arguments into a
`binding.ModeBinding` and calls `_bind`; `pettingzoo_factories` makes its `raw_env`, `env` and
`parallel_env`.

**Infos are numeric** and have the same keys for every agent at every step (`info_keys`), so
libraries that turn infos into tensors take them (TorchRL's PettingZooWrapper builds its specs
from the first infos and refuses a string); the words are in methods:

- `decision`: the code of the decision the agent is asked for, its index in the binding's
  `decisions` (`decision_name(agent)` gives the word), -1 when the agent is not the one to decide;
- `illegal_action`: 1 after the agent's masked-out action cost the penalty, else 0;
- `winner`: once the game is over, the index of the winning side (-1 none, also while it runs);
  `outcome()` has the winner's name, the reason and the rounds.

The selected agent's legal indices are its observation's `action_mask` (and `legal_actions(agent)`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, ClassVar, Final, TypeVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from yz_gym.core.events import Event
from yz_gym.envs.binding import ModeBinding, Scorer
from yz_gym.envs.core import MAX_RESET_TRIES, IllegalActionError, action_index, check_modes, render_log_length
from yz_gym.envs.masks import idle_mask

NOT_DECIDING: Final = -1  # `decision` of an agent the rules do not ask now


class TurnAEC(AECEnv):
    """Every person as an agent; the binding's rules name who decides, one at a time."""

    info_keys: ClassVar[tuple[str, ...]] = ("decision", "illegal_action", "winner")
    state: Any
    game: ModeBinding
    log: deque[Event]

    def _bind(self, game: ModeBinding, illegal_action: str, illegal_penalty: float, render_mode: str | None) -> None:
        """Options (checked by core.check_modes), agents, spaces and empty game bookkeeping."""
        check_modes(illegal_action, render_mode, self.metadata["render_modes"])
        self.game = game
        self.scenario = game.scenario
        self.shaping = game.shaping
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        names = game.names
        self.possible_agents = list(names)
        self._id = {name: i for i, name in enumerate(names)}
        self._alone = [frozenset((i,)) for i in range(len(names))]  # whose secrets each agent sees: its own
        self._sides = list(game.sides)
        self._n_actions = n_actions = game.n_actions
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (game.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(n_actions)
        self.observation_spaces = dict.fromkeys(names, self._observation_space)
        self.action_spaces = dict.fromkeys(names, self._action_space)
        scorers = {s: game.scorer(s) for s in dict.fromkeys(self._sides)}
        self._scorers: dict[int, Scorer] = {s: c for s, c in scorers.items() if c is not None}
        self.state = None
        self.log = deque(maxlen=render_log_length(render_mode))
        self._rng: np.random.Generator | None = None
        self._mask = idle_mask(n_actions)
        self._by_index: dict[int, Any] = {}
        self._legal: list[Any] = []
        self._actor = -1
        self._decision = "over"

    @property
    def decisions(self) -> tuple[str, ...]:
        """The decision kinds, in the order of their codes in infos."""
        return self.game.decisions

    def observation_space(self, agent: str) -> spaces.Space:
        """The same Dict space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        """The same Discrete space for every agent."""
        return self._action_space

    # --- AEC API ---------------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view (with its own secrets only); its mask marks index 0 only unless it decides."""
        state = self.state
        assert state is not None, "call reset() first"
        me = self._id[agent]
        obs = self.game.observe(state, me, self._alone[me], self._actor, self._decision)
        mask = self._mask.copy() if me == self._actor else idle_mask(self._n_actions)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; `seed` seeds the dice (an unseeded reset continues the stream)."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        game = self.game
        for _ in range(MAX_RESET_TRIES):  # a game over before anyone decides is started again
            self.state = game.new_game(self._rng)
            if not game.rules.is_over(self.state):
                break
        self.log.clear()
        self.log.extend(self.state.opening)
        self.agents = list(self.possible_agents)
        self.agent_selection = self.agents[0]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: self._blank_info() for a in self.agents}
        for scorer in self._scorers.values():
            scorer.start(self.state)
        self._after_decision()
        if self._actor < 0:  # decided before anyone acted (an ambush)
            self._finish()
        if self.render_mode == "human":
            self.render()

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
                raise IllegalActionError(
                    self.game.illegal_message(self.state, self._actor, index, self._by_index, self._decision)
                )
            self.rewards[agent] = self.illegal_penalty
            self.infos[agent]["illegal_action"] = 1
            self._accumulate_rewards()
            return
        events = self.game.rules.apply(self.state, chosen, self._rng, self._legal)
        self.log.extend(events)
        if self._scorers:
            for scorer in self._scorers.values():
                scorer.add(events)
            self._add_side_rewards({s: scorer.take(self.state) for s, scorer in self._scorers.items()})
        self._after_decision()
        if self._actor < 0:
            self._finish()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """'ansi': the game as text; 'human': that text printed (returns None); 'rgb_array': a picture."""
        return self.game.render(self.state, self.log, frozenset(), self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    # --- the words behind the numeric infos --------------------------------------------------

    def decision_name(self, agent: str) -> str:
        """The decision `agent` is asked for ("turn", "block" ...), "over", or "" if it is not asked."""
        if self.state is not None and self.game.rules.is_over(self.state):
            return "over"
        if self._actor < 0 or self.possible_agents[self._actor] != agent:
            return ""
        return self._decision

    def legal_actions(self, agent: str) -> tuple[int, ...]:
        """The legal action indices of `agent` now (empty unless it is the one to decide)."""
        if self._actor < 0 or self.possible_agents[self._actor] != agent:
            return ()
        return tuple(self._by_index)

    def outcome(self) -> dict[str, Any] | None:
        """The end of the game (the winner's name, the reason, the rounds ...), None while it runs."""
        if self.state is None or not self.game.rules.is_over(self.state):
            return None
        return self.game.outcome(self.state)

    def decision_code(self, kind: str) -> int:
        """A decision kind's code in infos: its index in `decisions` (len(decisions) if not listed)."""
        decisions = self.game.decisions
        return decisions.index(kind) if kind in decisions else len(decisions)

    # --- helpers ---------------------------------------------------------------------------

    def _add_side_rewards(self, per_side: dict[int, float]) -> None:
        """Add each side's reward to every agent of that side."""
        for a in self.agents:
            self.rewards[a] += per_side[self._sides[self._id[a]]]

    def _after_decision(self) -> None:
        """Find who decides next, their legal actions and mask (nobody once the game is over)."""
        state, game = self.state, self.game
        rules = game.rules
        if rules.is_over(state):
            self._actor = -1
            self._decision = "over"
            self._legal, self._by_index = [], {}
            self._mask = idle_mask(self._n_actions)
            return
        actor = rules.current_actor(state)
        self._actor = actor
        self._legal = rules.legal_actions(state)
        self._mask, self._by_index = game.mask(actor, self._legal)
        self.agent_selection = self.possible_agents[actor]
        self._decision = kind = rules.decision_kind(state)
        code = self.decision_code(kind)
        for a in self.agents:
            info = self.infos[a] = self._blank_info()
            if a == self.agent_selection:
                info["decision"] = code

    def _blank_info(self) -> dict[str, Any]:
        """The info of an agent that is not asked anything (every key, numeric)."""
        return {"decision": NOT_DECIDING, "illegal_action": 0, "winner": -1}

    def _finish(self) -> None:
        """The game is over: terminal rewards; everyone terminated (or truncated)."""
        state, game = self.state, self.game
        truncated = game.truncated(state)
        over = self.decision_code("over")
        winner = game.winner(state)
        for a in self.agents:
            self.rewards[a] += game.terminal_reward(state, self._sides[self._id[a]])
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
            self.infos[a] = {"decision": over, "illegal_action": 0, "winner": winner}
        if self.agents and getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]


AEC = TypeVar("AEC", bound=TurnAEC)


def pettingzoo_factories(
    cls: type[AEC],
) -> tuple[Callable[..., AEC], Callable[..., AECEnv], Callable[..., ParallelEnv]]:
    """PettingZoo's three names for an AEC env class: `raw_env` (the env), `env` (behind
    PettingZoo's OrderEnforcingWrapper) and `parallel_env` (the parallel API, turn by turn: one
    person decides at a time, so `is_parallelizable` is False and `turn_based_aec_to_parallel`
    takes only the selected agent's action each step)."""

    def raw_env(scenario: Any = None, **kwargs: Any) -> AEC:
        """The env (kwargs as its constructor)."""
        return cls(scenario, **kwargs)

    def env(scenario: Any = None, **kwargs: Any) -> AECEnv:
        """The env behind PettingZoo's OrderEnforcingWrapper (PettingZoo's usual `env()`)."""
        return OrderEnforcingWrapper(raw_env(scenario, **kwargs))

    def parallel_env(scenario: Any = None, **kwargs: Any) -> ParallelEnv:
        """The game in PettingZoo's parallel API, turn by turn."""
        return turn_based_aec_to_parallel(env(scenario, **kwargs))

    return raw_env, env, parallel_env
