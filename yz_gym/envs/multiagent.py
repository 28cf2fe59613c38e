"""A zone fight as a PettingZoo AEC env: every combatant is an agent.

    from yz_gym.envs.multiagent import aec_env
    env = aec_env("warehouse_ambush")
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
  index 0 only otherwise (`masks.idle_mask`: a mask is never all zeros); the selected agent's info has `decision` and `legal_actions` (the legal
  indices). Actions are integers (a float, bool or string is refused) in the encoding of
  `yz_gym.envs.action_space`.
- **Rewards** follow `yz_gym.envs.rewards`, per side: every member of a side gets the side's
  terminal reward and, if enabled, its shaping reward.
- **Illegal actions** cost the acting agent `illegal_penalty` and change nothing (the default
  `illegal_action="penalty"`), or raise `IllegalActionError` with `illegal_action="raise"`.

**No parallel API.** PettingZoo's parallel API has every live agent act at once each step.
A YZE fight is strictly sequential: one combatant decides at a time, a reaction depends on
the action just declared (a block on the attack, a push on the roll), and a combatant may
decide several times in a row or not at all for a round. A parallel wrapper would have one
live agent per step and ignore all other actions, which is the AEC protocol with more
bookkeeping, so none is offered; `aec_to_parallel` refuses this env (is_parallelizable False).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.envs.action_space import N_ACTIONS
from yz_gym.envs.aec_base import TurnAEC
from yz_gym.envs.core import Encoding, ScenarioSource, check_modes, scenario_of
from yz_gym.envs.masks import idle_mask
from yz_gym.envs.observation import OBS_SIZE
from yz_gym.envs.rewards import RewardShaping, shaping_from, shaping_reward, terminal_reward
from yz_gym.rulesets.yze.state import GameState, Phase
from yz_gym.rulesets.yze.zone import engine


class SkirmishAEC(TurnAEC):
    """Every combatant of a scenario as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_skirmish_v0",
        "render_modes": ["ansi", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 2,
    }
    rules = engine

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

    def render(self) -> Any:
        """'ansi' text or an 'rgb_array' picture of the fight (see yz_gym.envs.render)."""
        from yz_gym.envs import render

        if self.state is None or self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return render.render_text(self.state, self.log)
        return render.render_rgb(self.state, self.log)

    # --- what differs from a chase ---------------------------------------------------------

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


def aec_env(scenario: ScenarioSource | None = None, **kwargs: Any) -> SkirmishAEC:
    """A SkirmishAEC (kwargs as its constructor)."""
    return SkirmishAEC(scenario, **kwargs)
