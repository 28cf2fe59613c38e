"""A chase as a PettingZoo AEC env: every combatant is an agent.

    from yz_gym.envs import chase_multiagent
    env = chase_multiagent.env(scenario="chase_car_vs_motorcycle")
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
  agent; `action_mask` (int8) marks its legal actions when it is selected, index 0 only otherwise.
- **Infos** are numeric as in `multiagent` (`aec_base`): `decision` (its code in
  `chase_encoding.CHASE_DECISIONS`, -1 for an agent not asked), `illegal_action`, `winner`;
  `decision_name(agent)` and `outcome()` give the words.
- **Rewards** per side, as in Chase-v0: every member of a side gets its terminal reward (+1 win,
  -1 loss, 0 no winner) and, if enabled, its shaping.
- **Illegal actions** cost the acting agent `illegal_penalty` and change nothing (the default
  `illegal_action="penalty"`), or raise `IllegalActionError` with `illegal_action="raise"`.

- **Render modes**: "ansi", "human" (the text printed at every step), "rgb_array".

`raw_env()`, `env()` (OrderEnforcingWrapper) and `parallel_env()` as in `multiagent`. The parallel
API is turn-based (`turn_based_aec_to_parallel`) for the reason of `multiagent.SkirmishAEC`:
besides the secret choices, most decisions of a round (cancel, push, catch) depend on what was
just revealed or rolled, so only the selected agent's action is taken each step.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.envs.aec_base import TurnAEC
from yz_gym.envs.chase_encoding import (
    CHASE_DECISIONS,
    CHASE_OBS_SIZE,
    N_CHASE_ACTIONS,
    ChaseEncoding,
    describe_chase_index,
)
from yz_gym.envs.chase_env import (
    ChaseShaping,
    ChaseSource,
    chase_of,
    chase_outcome,
    chase_shaping,
    potential,
    render_chase_text,
    terminal_reward,
)
from yz_gym.envs.core import check_modes
from yz_gym.envs.masks import idle_mask
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.state import ChaseState, Phase


class ChaseAEC(TurnAEC):
    """Every combatant of a chase as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_chase_v0",
        "render_modes": ["ansi", "human", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 2,
    }
    rules = chase
    decisions = CHASE_DECISIONS

    def __init__(
        self,
        scenario: ChaseSource | None = None,
        reward_shaping: bool | dict[str, float] | ChaseShaping | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        limit_truncates: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_modes(illegal_action, render_mode, self.metadata["render_modes"])
        self.scenario = chase_of(scenario)
        self.encoding = ChaseEncoding(self.scenario)
        self.shaping = chase_shaping(reward_shaping)
        self.limit_truncates = bool(limit_truncates)
        people = self.scenario.base.combatants
        names, sides = [c.name for c in people], [c.side for c in people]
        self._setup(
            names, sides, CHASE_OBS_SIZE, N_CHASE_ACTIONS, illegal_action, illegal_penalty, render_mode
        )
        self.state: ChaseState | None = None
        self._phi: dict[int, float] = {}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view (its own secret choice only); its mask is all zeros unless selected."""
        state = self.state
        assert state is not None, "call reset() first"
        me = self._id[agent]
        obs = self.encoding.observe(state, me, frozenset((me,)), self._actor)
        mask = self._mask.copy() if me == self._actor else idle_mask(N_CHASE_ACTIONS)
        return {"observation": obs, "action_mask": mask}

    # --- what differs from a zone fight ----------------------------------------------------

    def _text(self) -> str:
        return render_chase_text(self.state, self.log)

    def _picture(self) -> Any:
        from yz_gym.envs.render import render_chase_rgb

        return render_chase_rgb(self.state, self.log)

    def _new_game(self, rng: np.random.Generator) -> ChaseState:
        return chase.new_chase(self.scenario, rng)

    def _over(self) -> bool:
        assert self.state is not None
        return self.state.phase == Phase.OVER

    def _started(self) -> None:
        assert self.state is not None
        self._phi = {s: potential(self.state, s, self.shaping) for s in set(self._sides)}

    def _shape(self, events: list[Event]) -> None:
        if self.shaping.enabled:
            assert self.state is not None
            gains: dict[int, float] = {}
            for s, old in self._phi.items():
                self._phi[s] = new = potential(self.state, s, self.shaping)
                gains[s] = new - old
            self._add_side_rewards(gains)

    def _illegal_message(self, index: int) -> str:
        state = self.state
        assert state is not None
        who = state.world.combatants[self._actor].name if self._actor >= 0 else "nobody"
        legal = "; ".join(f"{i}: {chase.describe(state, a)}" for i, a in sorted(self._by_index.items()))
        return f"action {index} ({describe_chase_index(index)}) is not legal for {who} now; legal: {legal}"

    def _truncated(self) -> bool:
        assert self.state is not None
        return self.limit_truncates and self.state.termination == Termination.CHASE_LIMIT

    def _outcome(self) -> dict[str, Any]:
        assert self.state is not None
        return chase_outcome(self.state)

    def _terminal_reward(self, side: int) -> float:
        assert self.state is not None
        return terminal_reward(self.state.winner, side)


def raw_env(scenario: ChaseSource | None = None, **kwargs: Any) -> ChaseAEC:
    """A ChaseAEC (kwargs as its constructor)."""
    return ChaseAEC(scenario, **kwargs)


chase_aec_env = raw_env  # the name the registry (Mode.aec_env) and earlier code use


def env(scenario: ChaseSource | None = None, **kwargs: Any) -> AECEnv:
    """A ChaseAEC behind PettingZoo's OrderEnforcingWrapper (PettingZoo's usual `env()`)."""
    return OrderEnforcingWrapper(raw_env(scenario, **kwargs))


def parallel_env(scenario: ChaseSource | None = None, **kwargs: Any) -> ParallelEnv:
    """The chase in PettingZoo's parallel API, turn by turn (module docstring)."""
    return turn_based_aec_to_parallel(env(scenario, **kwargs))


__all__ = ["ChaseAEC", "chase_aec_env", "env", "parallel_env", "raw_env"]
