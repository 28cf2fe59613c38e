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

from yz_gym.envs.aec_base import TurnAEC, pettingzoo_factories
from yz_gym.envs.core import ScenarioSource, scenario_of
from yz_gym.envs.rewards import RewardShaping, shaping_from
from yz_gym.envs.skirmish import ZoneFight


class SkirmishAEC(TurnAEC):
    """Every combatant of a scenario as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_skirmish_v0",
        "render_modes": ["ansi", "human", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        scenario: ScenarioSource | None = None,
        reward_shaping: bool | dict[str, float] | RewardShaping | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        game = ZoneFight(scenario_of(scenario), shaping_from(reward_shaping))
        self.encoding = game.encoding
        self._bind(game, illegal_action, illegal_penalty, render_mode)


raw_env, env, parallel_env = pettingzoo_factories(SkirmishAEC)
aec_env = raw_env  # the name the registry (Mode.aec_env) and earlier code use
