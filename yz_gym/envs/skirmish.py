"""`yz_gym/Skirmish-v0`: one side (or one combatant) of a YZE zone fight, as a Gymnasium env.

    import gymnasium as gym, yz_gym
    env = gym.make("yz_gym/Skirmish-v0", scenario="warehouse_ambush", side="vipers",
                   opponents={"crew": "aggressive"})
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(info["action_mask"].nonzero()[0][0])

**Who plays.** The learner controls every combatant of `side` (a name or index; default the
scenario's first side), or with `combatant=` a single combatant whose allies are then played
by an agent. Every other combatant is played inside `step` by the agent of its side:
`opponents` is an agent name ("random", "aggressive", "tactical"), a trained model as
`model:PATH` (a pickle: trusted files only), an `agents.Agent`, or a dict {side name: any of
these} (default "random").

**Steps.** Every decision the rules ask of a learner combatant is one step: its turn's
actions one at a time (END_TURN ends the turn), and out of turn the surprise card choice,
overwatch fire, helping an ally's roll, blocking, and pushing its own roll. Between two
steps the other combatants act. `info["decision"]` says which kind of decision it is.

**Spaces.** `action_space` is `Discrete(action_space.N_ACTIONS)` (encoding in
`yz_gym.envs.action_space`, targets relative to the acting combatant); `info["action_mask"]`
(int8) and `action_masks()` (bool, for sb3-contrib's MaskablePPO) give the legal indices;
`info["legal_actions"]` lists them (a tuple of ints: a random legal action is one pick from it).
`observation_space` is `Box(0, 1, (observation.OBS_SIZE,), float32)` documented in
`yz_gym.envs.observation`; maxima in `yz_gym.envs.limits` (a scenario over them is refused).
With `obs_mode="dict"` it is the same values as a Dict of entity rows, zone rows, the adjacency and
the mask (`yz_gym.envs.structured`). Once the game is over the mask marks index 0 only
(`masks.idle_mask`: never all zeros, so a masked sampler of an autoresetting vector env still has a
choice) and `info["legal_actions"]` is empty; stepping then raises: call reset().

**Rewards and ends.** See `yz_gym.envs.rewards`: +1 / -1 / 0 at the end, optional shaping
(`reward_shaping=True` or a dict of weights). `terminated` when the game is decided (or no one
is left), `truncated` when the scenario's round cap ends it.

**Illegal actions.** By default (`illegal_action="penalty"`) an index outside the mask returns
reward `illegal_penalty` (default -0.1), the same observation and mask, `info["illegal_action"]
= True`, and changes nothing in the game, so every element of the Discrete space can be stepped
(gymnasium's `check_env` and unmasked algorithms do). With `illegal_action="raise"` (for
debugging) it raises `IllegalActionError` naming the action and listing the legal ones. An action
that is not an integer (a float, a bool, a string) raises it in either mode.

**Seeding.** `reset(seed=s)` seeds the game's dice and the agents' generators from one
stream: the same seed and actions give the same episode in any process, also after pickling.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.envs.action_space import N_ACTIONS
from yz_gym.envs.binding import EventScorer, FastPath, ModeBinding
from yz_gym.envs.core import Encoding, ScenarioSource, resolve_combatant, resolve_side, scenario_of
from yz_gym.envs.learner_base import LearnerEnv
from yz_gym.envs.observation import DECISIONS, OBS_SIZE
from yz_gym.envs.opponents import Codec, Decision, Opponents
from yz_gym.envs.rewards import RewardShaping, shaping_from, shaping_reward
from yz_gym.envs.structured import Structure, skirmish_structure
from yz_gym.rulesets.yze.state import GameState, Scenario
from yz_gym.scenario.yze_modes import ZONE_RULES

ENV_ID = "yz_gym/Skirmish-v0"


def _advance(others: Opponents, codec: Codec, state: GameState, rng: np.random.Generator, viewer: int) -> Decision:
    """A zone fight played to a controlled combatant's decision (`Opponents.advance`)."""
    return others.advance(state, rng, codec, viewer)


class ZoneFight(ModeBinding):
    """A YZE zone fight for the env adapters: `core.Encoding`'s codec, masks and observation encoder."""

    rules = ZONE_RULES
    decisions = DECISIONS
    noun = "game"
    n_actions = N_ACTIONS
    obs_size = OBS_SIZE

    def __init__(self, scenario: Scenario, shaping: RewardShaping) -> None:
        super().__init__(scenario, scenario.setup.name, scenario.combatants, scenario.setup.sides, shaping)
        self.encoding = Encoding(scenario)

    def learner(self, side: str | int | None, who: str | int | None = None) -> tuple[int, list[int]]:
        """Every combatant of `side`, or with `who` (a combatant's name or id) that one alone."""
        if who is None:
            return super().learner(side)
        scenario = self.scenario
        cid = resolve_combatant(scenario, who)
        mine = scenario.combatants[cid].side
        if side is not None and resolve_side(scenario, side) != mine:
            raise ValueError(f"combatant {scenario.combatants[cid].name!r} is not on side {side!r}")
        return mine, [cid]

    def mask(self, me: int, legal: list[Any]) -> tuple[np.ndarray, dict[int, Any]]:
        """The MaskCache's mask of `legal` for combatant `me`."""
        return self.encoding.masks.mask(me, legal)

    def observe(self, state: GameState, viewer: int, mine: frozenset[int], actor: int, decision: str) -> np.ndarray:
        """`observation.ObservationEncoder`'s vector from `viewer`."""
        return self.encoding.observer.encode(state, viewer, decision, actor)

    def fast_path(self, others: Opponents, side: int) -> FastPath:
        """`Opponents.learner_step` with the encoding's MaskCache and ObservationEncoder (a `Codec`)."""
        codec = Codec(self.encoding.masks, self.encoding.observer, self.names, self.side_names)
        return FastPath(partial(others.learner_step, codec=codec, side=side), partial(_advance, others, codec))

    def structure(self) -> Structure:
        """Entity rows, zone rows, the adjacency (`structured.skirmish_structure`)."""
        return skirmish_structure()

    def describe_spaces(self) -> str:
        """The action encoding's table and the observation's fields."""
        from yz_gym.envs.action_space import describe_action_space
        from yz_gym.envs.observation import describe_observation

        return "\n".join([describe_action_space(), describe_observation()])

    def illegal_message(self, state: GameState, actor: int, index: int, by_index: dict[int, Any], decision: str) -> str:
        """`core.Encoding.illegal_message`."""
        return self.encoding.illegal_message(state, actor, index, by_index)

    def scorer(self, side: int) -> EventScorer | None:
        """The events' shaping (`rewards.shaping_reward`) when any weight is set."""
        if not self.shaping.enabled:
            return None
        return EventScorer(shaping_reward, self.shaping, self.encoding.sides, side)

    @staticmethod
    def truncated(state: GameState) -> bool:
        """The round cap ended the fight."""
        return state.termination == Termination.ROUND_CAP

    def text(self, state: GameState, log: Any, mine: frozenset[int]) -> str:
        """`render.render_text`."""
        from yz_gym.envs.render import render_text

        return render_text(state, log, mine)

    def picture(self, state: GameState, log: Any, mine: frozenset[int]) -> Any:
        """`render.render_rgb`: the zone map (matplotlib)."""
        from yz_gym.envs.render import render_rgb

        return render_rgb(state, log, mine)


class SkirmishEnv(LearnerEnv):
    """One side of a zone fight; the rest is played by agents. See the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}

    def __init__(
        self,
        scenario: ScenarioSource | None = None,
        side: str | int | None = None,
        combatant: str | int | None = None,
        opponents: Any = "random",
        reward_shaping: bool | dict[str, float] | RewardShaping | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
        obs_mode: str = "flat",
    ) -> None:
        game = ZoneFight(scenario_of(scenario), shaping_from(reward_shaping))
        self.encoding = game.encoding
        mine, controlled = game.learner(side, combatant)
        self._bind(game, mine, controlled, opponents, illegal_action, illegal_penalty, render_mode, obs_mode)
