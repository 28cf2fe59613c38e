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

from yz_gym.envs.aec_base import TurnAEC, pettingzoo_factories
from yz_gym.envs.chase_env import ChaseGame, ChaseShaping, ChaseSource, chase_of, chase_shaping


class ChaseAEC(TurnAEC):
    """Every combatant of a chase as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_chase_v0",
        "render_modes": ["ansi", "human", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 2,
    }

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
        game = ChaseGame(chase_of(scenario), chase_shaping(reward_shaping), limit_truncates)
        self.encoding = game.encoding
        self.limit_truncates = game.limit_truncates
        self._bind(game, illegal_action, illegal_penalty, render_mode)


raw_env, env, parallel_env = pettingzoo_factories(ChaseAEC)
chase_aec_env = raw_env  # the name the registry (Mode.aec_env) and earlier code use

__all__ = ["ChaseAEC", "chase_aec_env", "env", "parallel_env", "raw_env"]
