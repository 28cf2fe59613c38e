"""A chase as a PettingZoo AEC env: every combatant is an agent.

    from yz_gym.envs.chase_multiagent import chase_aec_env
    env = chase_aec_env("chase_car_vs_motorcycle")
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

**The simultaneous secret choice (CHASE-08/10).** A chase round starts with every participant
choosing its action in secret, and all are revealed at once. An AEC env asks one agent at a
time, so the choices are taken in turn (`agent_selection` follows `chase.current_actor`: each
driver or runner, then the passengers and auto-targeting weapons), and secrecy is kept by what
each agent observes: until the reveal, an agent's observation holds its own pending choice and
nobody else's - neither the other side's nor its allies' (see `chase_encoding`). Acting later
in the round therefore gives no information; the reveal happens when the last one has chosen.

- **Agents** are the combatants' names (`possible_agents`, scenario order). They stay until the
  chase ends, also when out of it (escaped, wrecked, Broken); then all are terminated (or, with
  `limit_truncates=True`, truncated at the chase limit) and removed one by one.
- **agent_selection** is whoever the rules ask now: a secret choice, or while the round
  resolves a cancel, push, catch or hide decision of that combatant. The same agent may be
  selected several times in a row.
- **Observations** are dicts: `observation` is the vector of `chase_encoding` seen from that
  agent; `action_mask` (int8) marks its legal actions when it is selected, all zeros otherwise.
- **Rewards** per side, as in Chase-v0: every member of a side gets its terminal reward (+1 win,
  -1 loss, 0 no winner) and, if enabled, its shaping.
- **Illegal actions** raise `IllegalActionError`, or with `illegal_action="penalty"` cost the
  acting agent `illegal_penalty` and change nothing.

No parallel API, for the reason of `multiagent.SkirmishAEC`: besides the secret choices, most
decisions of a round (cancel, push, catch) depend on what was just revealed or rolled.
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from yz_gym.envs.chase_encoding import CHASE_OBS_SIZE, N_CHASE_ACTIONS, ChaseEncoding, describe_chase_index
from yz_gym.envs.chase_env import (
    LOG_LENGTH,
    MAX_RESET_TRIES,
    ChaseShaping,
    ChaseSource,
    chase_of,
    chase_outcome,
    chase_shaping,
    potential,
    render_chase_rgb,
    render_chase_text,
    terminal_reward,
)
from yz_gym.envs.core import IllegalActionError
from yz_gym.rules import chase
from yz_gym.rules.chase_state import ChaseAction, ChaseState, Phase
from yz_gym.rules.events import Event


class ChaseAEC(AECEnv):
    """Every combatant of a chase as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_chase_v0",
        "render_modes": ["ansi", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        scenario: ChaseSource | None = None,
        reward_shaping: bool | dict[str, float] | ChaseShaping | None = None,
        illegal_action: str = "raise",
        illegal_penalty: float = -0.1,
        limit_truncates: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if illegal_action not in ("raise", "penalty"):
            raise ValueError(f"illegal_action must be 'raise' or 'penalty', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.scenario = chase_of(scenario)
        self.encoding = ChaseEncoding(self.scenario)
        self.shaping = chase_shaping(reward_shaping)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.limit_truncates = bool(limit_truncates)
        self.render_mode = render_mode
        names = [c.name for c in self.scenario.base.combatants]
        self.possible_agents = list(names)
        self._id = {name: i for i, name in enumerate(names)}
        self._sides = [c.side for c in self.scenario.base.combatants]
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (CHASE_OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (N_CHASE_ACTIONS,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(N_CHASE_ACTIONS)
        self.observation_spaces = dict.fromkeys(names, self._observation_space)
        self.action_spaces = dict.fromkeys(names, self._action_space)
        self.state: ChaseState | None = None
        self.log: deque[Event] = deque(maxlen=LOG_LENGTH)
        self._rng: np.random.Generator | None = None
        self._mask = np.zeros(N_CHASE_ACTIONS, dtype=np.int8)
        self._by_index: dict[int, ChaseAction] = {}
        self._legal: list[ChaseAction] = []
        self._actor = -1
        self._phi: dict[int, float] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        """The same Dict space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        """The same Discrete space for every agent."""
        return self._action_space

    # --- AEC API ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new chase; `seed` seeds the dice (an unseeded reset continues the stream)."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        for _ in range(MAX_RESET_TRIES):  # a chase over before anyone chooses is started again
            self.state = chase.new_chase(self.scenario, self._rng)
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
        self._phi = {s: potential(self.state, s, self.shaping) for s in set(self._sides)}
        self._after_decision()
        if self.state.phase == Phase.OVER:
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view (its own secret choice only); its mask is all zeros unless selected."""
        state = self.state
        assert state is not None, "call reset() first"
        me = self._id[agent]
        obs = self.encoding.observe(state, me, frozenset((me,)), self._actor)
        mask = self._mask.copy() if me == self._actor else np.zeros(N_CHASE_ACTIONS, dtype=np.int8)
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
                who = state.world.combatants[self._actor].name if self._actor >= 0 else "nobody"
                legal = "; ".join(
                    f"{i}: {chase.describe(state, a)}" for i, a in sorted(self._by_index.items())
                )
                raise IllegalActionError(
                    f"action {index} ({describe_chase_index(index)}) is not legal for {who} now; legal: {legal}"
                )
            self.rewards[agent] = self.illegal_penalty
            self.infos[agent] = {**self.infos[agent], "illegal_action": True}
            self._accumulate_rewards()
            return
        self.log.extend(chase.apply(state, chosen, self._rng, self._legal))
        if self.shaping.enabled:
            for s, old in self._phi.items():
                self._phi[s] = new = potential(state, s, self.shaping)
                for a in self.agents:
                    if self._sides[self._id[a]] == s:
                        self.rewards[a] += new - old
        self._after_decision()
        if state.phase == Phase.OVER:
            self._finish()
        self._accumulate_rewards()

    def render(self) -> Any:
        """'ansi' text or an 'rgb_array' picture of the chase."""
        if self.state is None or self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return render_chase_text(self.state, self.log)
        return render_chase_rgb(self.state)

    def close(self) -> None:
        """Nothing to release."""

    # --- helpers ---------------------------------------------------------------------------

    def _after_decision(self) -> None:
        state = self.state
        assert state is not None
        if state.phase == Phase.OVER:
            self._actor = -1
            self._legal, self._by_index = [], {}
            self._mask = np.zeros(N_CHASE_ACTIONS, dtype=np.int8)
            return
        actor = chase.current_actor(state)
        self._actor = actor
        self._legal = chase.legal_actions(state)
        self._mask, self._by_index = self.encoding.mask(actor, self._legal)
        self.agent_selection = self.possible_agents[actor]
        decision = chase.decision_kind(state)
        for a in self.agents:
            self.infos[a] = {"decision": decision} if a == self.agent_selection else {}

    def _finish(self) -> None:
        """The chase is over: terminal rewards; everyone terminated (or truncated at the limit)."""
        state = self.state
        assert state is not None
        truncated = self.limit_truncates and "chase limit" in state.end_reason
        outcome = chase_outcome(state)
        for a in self.agents:
            self.rewards[a] += terminal_reward(state.winner, self._sides[self._id[a]])
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
            self.infos[a] = {"outcome": outcome}
        if self.agents and getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]


def chase_aec_env(scenario: ChaseSource | None = None, **kwargs: Any) -> ChaseAEC:
    """A ChaseAEC (kwargs as its constructor)."""
    return ChaseAEC(scenario, **kwargs)


__all__ = ["ChaseAEC", "chase_aec_env"]
