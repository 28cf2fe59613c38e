"""What the zone-fight and chase PettingZoo AEC envs share: agents, spaces, reset, step, finish, infos.

**Infos are numeric** and have the same keys for every agent at every step (`info_keys`), so
libraries that turn infos into tensors take them (TorchRL's PettingZooWrapper builds its specs
from the first infos and refuses a string); the words are in methods:

- `decision`: the code of the decision the agent is asked for, its index in the env's `decisions`
  (`decision_name(agent)` gives the word), -1 when the agent is not the one to decide;
- `illegal_action`: 1 after the agent's masked-out action cost the penalty, else 0;
- `winner`: once the game is over, the index of the winning side (-1 none, also while it runs);
  `outcome()` has the winner's name, the reason and the rounds.

The selected agent's legal indices are its observation's `action_mask` (and `legal_actions(agent)`).
"""

from __future__ import annotations

from collections import deque
from types import ModuleType
from typing import Any, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from yz_gym.core.events import Event
from yz_gym.envs.core import MAX_RESET_TRIES, IllegalActionError, action_index, render_log_length
from yz_gym.envs.masks import idle_mask

NOT_DECIDING: Final = -1  # `decision` of an agent the rules do not ask now


class TurnAEC(AECEnv):
    """Every combatant as an agent; the rules module `rules` names who decides, one at a time."""

    rules: ModuleType  # current_actor, legal_actions, decision_kind, apply (engine or chase)
    decisions: tuple[str, ...]  # the decision kinds, in the order of their codes in infos
    info_keys: Final = ("decision", "illegal_action", "winner")
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
        self.infos: dict[str, dict[str, Any]] = {a: self._blank_info() for a in self.agents}
        self._started()
        self._after_decision()
        if self._over():  # decided before anyone acted (an ambush)
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
                raise IllegalActionError(self._illegal_message(index))
            self.rewards[agent] = self.illegal_penalty
            self.infos[agent]["illegal_action"] = 1
            self._accumulate_rewards()
            return
        events = self.rules.apply(self.state, chosen, self._rng, self._legal)
        self.log.extend(events)
        self._shape(events)
        self._after_decision()
        if self._over():
            self._finish()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """'ansi': the game as text; 'human': that text printed (returns None); 'rgb_array': a picture."""
        if self.state is None or self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self._picture()
        text = self._text()
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # --- the words behind the numeric infos --------------------------------------------------

    def decision_name(self, agent: str) -> str:
        """The decision `agent` is asked for ("turn", "block" ...), "over", or "" if it is not asked."""
        if self.state is not None and self._over():
            return "over"
        if self._actor < 0 or self.possible_agents[self._actor] != agent:
            return ""
        return str(self.rules.decision_kind(self.state))

    def legal_actions(self, agent: str) -> tuple[int, ...]:
        """The legal action indices of `agent` now (empty unless it is the one to decide)."""
        if self._actor < 0 or self.possible_agents[self._actor] != agent:
            return ()
        return tuple(self._by_index)

    def outcome(self) -> dict[str, Any] | None:
        """The end of the game (the winner's name, the reason, the rounds ...), None while it runs."""
        if self.state is None or not self._over():
            return None
        return self._outcome()

    def decision_code(self, kind: str) -> int:
        """A decision kind's code in infos: its index in `decisions` (len(decisions) if not listed)."""
        return self.decisions.index(kind) if kind in self.decisions else len(self.decisions)

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
        code = self.decision_code(self.rules.decision_kind(state))
        for a in self.agents:
            info = self.infos[a] = self._blank_info()
            if a == self.agent_selection:
                info["decision"] = code

    def _blank_info(self) -> dict[str, Any]:
        """The info of an agent that is not asked anything (every key, numeric)."""
        return {"decision": NOT_DECIDING, "illegal_action": 0, "winner": -1}

    def _finish(self) -> None:
        """The game is over: terminal rewards; everyone terminated (or truncated)."""
        truncated = self._truncated()
        over = self.decision_code("over")
        for a in self.agents:
            self.rewards[a] += self._terminal_reward(self._sides[self._id[a]])
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
            self.infos[a] = {"decision": over, "illegal_action": 0, "winner": self._winner()}
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

    def _winner(self) -> int:
        """The winning side's index, -1 for none."""
        return int(self.state.winner)

    def _text(self) -> str:
        raise NotImplementedError

    def _picture(self) -> Any:
        raise NotImplementedError

    def _terminal_reward(self, side: int) -> float:
        raise NotImplementedError
