"""A zone fight as a PettingZoo AEC env: every combatant is an agent.

    from yz_gym.envs import multiagent
    env = multiagent.env(scenario="warehouse_ambush")   # raw_env(...) without PettingZoo's order checks
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
  from that agent; `action_mask` (int8) marks its legal actions when it is selected, and
  index 0 only otherwise (`masks.idle_mask`: a mask is never all zeros). Actions are integers
  (a float, bool or string is refused) in the encoding of `yz_gym.envs.action_space`.
- **Infos** are numeric, the same keys for every agent (`aec_base`): `decision` (the code of the
  selected agent's decision in `observation.DECISIONS`, -1 for the others; `decision_name(agent)`
  gives the word), `illegal_action` (0/1) and `winner` (the winning side's index at the end, else
  -1; `outcome()` has the names and the reason).
- **Rewards** follow `yz_gym.envs.rewards`, per side: every member of a side gets the side's
  terminal reward and, if enabled, its shaping reward.
- **Illegal actions** cost the acting agent `illegal_penalty` and change nothing (the default
  `illegal_action="penalty"`), or raise `IllegalActionError` with `illegal_action="raise"`.

- **Render modes**: "ansi" (text), "human" (that text printed at every step), "rgb_array".

**PettingZoo's names**: `raw_env(...)` is the env, `env(...)` the same behind PettingZoo's
OrderEnforcingWrapper, `parallel_env(...)` the parallel API by `turn_based_aec_to_parallel`.

**The parallel API is turn-based.** A YZE fight is strictly sequential: one combatant decides at
a time, a reaction depends on the action just declared (a block on the attack, a push on the
roll), and a combatant may decide several times in a row or not at all for a round. So
`is_parallelizable` is False (`aec_to_parallel` refuses the env with an AssertionError) and `parallel_env()` uses
PettingZoo's `turn_based_aec_to_parallel`: every live agent gives an action each step, only the
selected one's is taken (the agent whose `decision` info is >= 0 and whose mask is not the idle
one; the wrapper also adds `infos[agent]["active_agent"]`, its name, after each step).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.envs.action_space import N_ACTIONS
from yz_gym.envs.aec_base import TurnAEC
from yz_gym.envs.core import Encoding, ScenarioSource, check_modes, scenario_of
from yz_gym.envs.masks import idle_mask
from yz_gym.envs.observation import DECISIONS, OBS_SIZE
from yz_gym.envs.rewards import RewardShaping, shaping_from, shaping_reward, terminal_reward
from yz_gym.rulesets.yze.state import GameState, Phase
from yz_gym.rulesets.yze.zone import engine


class SkirmishAEC(TurnAEC):
    """Every combatant of a scenario as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_skirmish_v0",
        "render_modes": ["ansi", "human", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 2,
    }
    rules = engine
    decisions = DECISIONS

    def __init__(
        self,
        scenario: ScenarioSource | None = None,
        reward_shaping: bool | dict[str, float] | RewardShaping | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_modes(illegal_action, render_mode, self.metadata["render_modes"])
        self.scenario = scenario_of(scenario)
        self.encoding = Encoding(self.scenario)
        self.shaping = shaping_from(reward_shaping)
        names = [c.name for c in self.scenario.combatants]
        self._setup(
            names, self.encoding.sides, OBS_SIZE, N_ACTIONS, illegal_action, illegal_penalty, render_mode
        )
        self.state: GameState | None = None

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view; its mask is all zeros unless it is the one to decide."""
        state = self.state
        assert state is not None, "call reset() first"
        me = self._id[agent]
        over = state.phase == Phase.OVER
        decision = "over" if over else engine.decision_kind(state)
        obs = self.encoding.observer.encode(state, me, decision, self._actor)
        mask = self._mask.copy() if me == self._actor else idle_mask(N_ACTIONS)
        return {"observation": obs, "action_mask": mask}

    # --- what differs from a chase ---------------------------------------------------------

    def _text(self) -> str:
        from yz_gym.envs.render import render_text

        return render_text(self.state, self.log)

    def _picture(self) -> Any:
        from yz_gym.envs.render import render_rgb

        return render_rgb(self.state, self.log)

    def _new_game(self, rng: np.random.Generator) -> GameState:
        return engine.new_game(self.scenario, rng)

    def _over(self) -> bool:
        assert self.state is not None
        return self.state.phase == Phase.OVER

    def _shape(self, events: list[Event]) -> None:
        if self.shaping.enabled:
            sides = self.encoding.sides
            self._add_side_rewards({s: shaping_reward(self.shaping, events, sides, s) for s in set(sides)})

    def _illegal_message(self, index: int) -> str:
        assert self.state is not None
        return self.encoding.illegal_message(self.state, self._actor, index, self._by_index)

    def _truncated(self) -> bool:
        assert self.state is not None
        return self.state.termination == Termination.ROUND_CAP

    def _outcome(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        winner = state.setup.sides[state.winner] if state.winner >= 0 else None
        return {"winner": winner, "reason": state.end_reason, "rounds": state.round}

    def _terminal_reward(self, side: int) -> float:
        assert self.state is not None
        return terminal_reward(self.state.winner, side)


def raw_env(scenario: ScenarioSource | None = None, **kwargs: Any) -> SkirmishAEC:
    """A SkirmishAEC (kwargs as its constructor)."""
    return SkirmishAEC(scenario, **kwargs)


aec_env = raw_env  # the name the registry (Mode.aec_env) and earlier code use


def env(scenario: ScenarioSource | None = None, **kwargs: Any) -> AECEnv:
    """A SkirmishAEC behind PettingZoo's OrderEnforcingWrapper (PettingZoo's usual `env()`)."""
    return OrderEnforcingWrapper(raw_env(scenario, **kwargs))


def parallel_env(scenario: ScenarioSource | None = None, **kwargs: Any) -> ParallelEnv:
    """The fight in PettingZoo's parallel API, turn by turn (module docstring)."""
    return turn_based_aec_to_parallel(env(scenario, **kwargs))
