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

from yz_gym.envs.action_space import N_ACTIONS
from yz_gym.envs.core import (
    Encoding,
    ScenarioSource,
    agent_specs,
    check_modes,
    resolve_combatant,
    resolve_side,
    scenario_of,
)
from yz_gym.envs.learner_base import LearnerEnv
from yz_gym.envs.opponents import Opponents, decision_info
from yz_gym.envs.rewards import RewardShaping, shaping_from
from yz_gym.envs.structured import skirmish_structure
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine

ENV_ID = "yz_gym/Skirmish-v0"


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
        from yz_gym.agents import make_agent

        check_modes(illegal_action, render_mode, self.metadata["render_modes"])
        self.scenario = scenario_of(scenario)
        self.encoding = Encoding(self.scenario)
        combatants = self.scenario.combatants
        if combatant is not None:
            cid = resolve_combatant(self.scenario, combatant)
            self.side = combatants[cid].side
            if side is not None and resolve_side(self.scenario, side) != self.side:
                raise ValueError(f"combatant {combatants[cid].name!r} is not on side {side!r}")
            controlled = [cid]
        else:
            self.side = resolve_side(self.scenario, side)
            controlled = [c.id for c in combatants if c.side == self.side]
        self.controlled = frozenset(controlled)
        self.side_name = self.scenario.setup.sides[self.side]
        specs = agent_specs(self.scenario, opponents)
        self._agent_by_side = {s: make_agent(spec, None) for s, spec in specs.items()}
        self._agent_of = [self._agent_by_side[c.side] for c in combatants]
        self.shaping = shaping_from(reward_shaping)
        self._setup(
            skirmish_structure(), N_ACTIONS, controlled[0], obs_mode, illegal_action, illegal_penalty, render_mode
        )
        self.state: GameState | None = None
        self._others = Opponents(
            self._agent_of, self.controlled, self.log, self.shaping if self.shaping.enabled else None,
            self.encoding.sides, self.side,
        )  # fmt: skip

    # --- Gymnasium API ---------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):  # type: ignore[override]
        """Deal a new game; the agents play until a learner combatant must decide."""
        rng = self._seed(seed)
        self._deal(rng, partial(engine.new_game, self.scenario), "game", self.scenario.setup.name)
        self._others.pending = 0.0
        return self._seen(self._obs), self._info()

    def step(self, action: Any):  # type: ignore[override]
        """Take the learner's decision, then let the others play until its next one."""
        chosen = self._by_index.get(action) if type(action) is int else None  # the common case: a legal int
        if chosen is None:
            chosen = self._chosen(action)  # other index types, and the checks with their errors
            if chosen is None:
                return self._penalty_step()
        state = self.state
        assert state is not None and self._rng is not None
        actor, legal, mask, by_index, decision, result = self._others.learner_step(
            state, chosen, self._rng, self._legal, self.encoding.masks, self.encoding.observer, self._viewer
        )
        self._obs = result[0]  # a new array each decision
        self._remember(actor, legal, mask, by_index, decision)
        if self._structure is not None:
            return (self._seen(self._obs), *result[1:])
        return result

    def render(self) -> Any:
        """'ansi': the fight in text; 'rgb_array': a picture of the zone map (matplotlib)."""
        from yz_gym.envs import render

        if self.state is None or self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return render.render_text(self.state, self.log, self.controlled)
        return render.render_rgb(self.state, self.log, self.controlled)

    def close(self) -> None:
        """Nothing to release (matplotlib figures are closed after each render)."""

    def describe_spaces(self) -> str:
        """The action encoding's table and the observation's fields (and its dict's keys in dict mode)."""
        from yz_gym.envs.action_space import describe_action_space
        from yz_gym.envs.observation import describe_observation

        parts = [describe_action_space(), describe_observation()]
        if self._structure is not None:
            parts.append(self._structure.describe())
        return "\n".join(parts)

    # --- the rest of the fight -------------------------------------------------------------

    def _advance(self) -> None:
        """Let the agents play until a learner combatant must decide, or the game ends."""
        state = self.state
        assert state is not None and self._rng is not None
        actor, legal, mask, by_index, decision, self._obs = self._others.next_decision(
            state, self._rng, self.encoding.masks, self.encoding.observer, self._viewer
        )
        self._remember(actor, legal, mask, by_index, decision)

    def _remember(
        self, actor: int, legal: list[Any], mask: Any, by_index: dict[int, Any], decision: str
    ) -> None:  # fmt: skip
        """Who of the learner's decides now (-1: no one, the game is over), what it may do and how
        that is encoded."""
        if actor >= 0:
            if not by_index:
                assert self.state is not None
                raise RuntimeError(f"no encodable legal action for {self.state.combatants[actor].name}")
            self._viewer = actor
        self._actor = actor
        self._legal = legal
        self._mask = mask
        self._by_index = by_index
        self._decision = decision

    def _illegal_message(self, index: int) -> str:
        assert self.state is not None
        return self.encoding.illegal_message(self.state, self._actor, index, self._by_index)

    def _info(self) -> dict[str, Any]:
        assert self.state is not None
        return decision_info(self.state, self._actor, self._mask, self._by_index, self._decision)
