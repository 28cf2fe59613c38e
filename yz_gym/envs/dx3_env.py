"""`yz_gym/Dx3Fight-v0` (one side of a DX3 fight, Gymnasium) and its PettingZoo AEC version.

    import gymnasium as gym, yz_gym
    env = gym.make("yz_gym/Dx3Fight-v0", scenario="dx3_duel", side="ugn")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(info["action_mask"].nonzero()[0][0])

**Who plays.** The learner controls every fighter of `side` (a name or index; default the first
side); the others are played inside `step` by their side's agent: `opponents` is an agent name,
an `agents.Agent` or a dict {side: either}; by default the scenario's `agents:`, else
`dx3_tactical`.

**Steps.** Every decision the rules ask of a learner fighter is one step (`info["decision"]`):
its minor action, its major action (an attack may declare a combo of its effects), a reaction when
attacked, a PC's sublimation of Titus on any check it makes (+10 dice or C値 -1 before the roll,
+1D10 right after it; `decline` rolls or keeps), covering an ally, standing up with 《リザレクト》 or
a Titus.

**Spaces.** `Discrete(dx3_encoding.N_DX3_ACTIONS)` and `Box(0, 1, (dx3_encoding.DX3_OBS_SIZE,),
float32)`, documented in `yz_gym.envs.dx3_encoding` (`describe_spaces()` prints both layouts);
with `obs_mode="dict"` the same values as fighter rows, the globals and the mask
(`dx3_encoding.dx3_structure()`). `info["action_mask"]` (int8) and `action_masks()` mark the legal
indices; `info["legal_actions"]` lists them. Once the fight is over the mask marks index 0 only
(`masks.idle_mask`: never all zeros) and `info["legal_actions"]` is empty.

**Rewards and ends.** +1 when the learner's side is the last standing, -1 when another side is,
0 otherwise; `terminated` at the end, `truncated` at the scenario's `max_rounds`. Optional shaping
(`reward_shaping=True` or weights, `yz_gym.envs.rewards.RewardShaping`): HP lost by enemies to the
learner's side (`damage_dealt`) and by its own fighters (`damage_taken`), and fighters falling
戦闘不能 (`enemy_broken`, `ally_broken`).

**Illegal actions** by default (`illegal_action="penalty"`) return `illegal_penalty`, the same
observation and `info["illegal_action"] = True`, changing nothing; `illegal_action="raise"` raises
`IllegalActionError`. **Seeding**: `reset(seed=s)` seeds the dice and the agents.
**Render**: "ansi", the line of engagements and the last narrated events; "human" prints it.

The AEC env (`raw_env`; `env()` behind PettingZoo's OrderEnforcingWrapper, `parallel_env()` the
turn-based parallel API, as `yz_gym.envs.multiagent` has them) makes every fighter an agent,
selected whenever the rules ask it; observations are dicts of `observation` and `action_mask`
(index 0 only unless selected); infos are numeric (`aec_base`: `decision` is the code of the
decision in `state.DECISIONS`); rewards per side as above.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.envs.aec_base import TurnAEC, pettingzoo_factories
from yz_gym.envs.binding import EventScorer, FastPath, ModeBinding
from yz_gym.envs.dx3_encoding import (
    DX3_OBS_SIZE,
    N_DX3_ACTIONS,
    describe_dx3_spaces,
    describe_index,
    dx3_structure,
    mask,
    observe,
)
from yz_gym.envs.dx3_step import Dx3Steps
from yz_gym.envs.learner_base import LearnerEnv
from yz_gym.envs.opponents import Opponents
from yz_gym.envs.rewards import RewardShaping, shaping_from
from yz_gym.envs.structured import Structure
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.narrate import narrate
from yz_gym.rulesets.dx3.state import DECISIONS, Dx3Scenario, Dx3State
from yz_gym.scenario.dx3_modes import DX3_RULES_GAME
from yz_gym.scenario.loading import load

DEFAULT_DX3: str = "dx3_duel"
Dx3Source = str | Path | dict[str, Any] | Dx3Scenario
RENDER_MODES: list[str] = ["ansi", "human"]


def dx3_of(source: Dx3Source | None) -> Dx3Scenario:
    """A DX3 scenario from a bundled name, a path, a dict or a Dx3Scenario."""
    if isinstance(source, Dx3Scenario):
        return source
    scenario: Dx3Scenario = load(source or DEFAULT_DX3, ("dx3", "skirmish"), "yz_gym/Dx3Fight-v0").scenario
    return scenario


def dx3_shaping(shaping: RewardShaping, events: Iterable[Event], sides: list[int], my_side: int) -> float:
    """The shaping reward of `events` for side `my_side` (`sides[i]`: fighter i's side): HP lost
    (`damage` and `gimmick_damage`) and 戦闘不能 (`down`), weighted as `rewards.RewardShaping` says."""
    total = 0.0
    n = len(sides)
    for e in events:
        if e.kind in ("damage", "gimmick_damage") and 0 <= e.target < n:
            lost = float(e.get("hp_lost", 0))
            if sides[e.target] == my_side:
                total -= shaping.damage_taken * lost
            elif 0 <= e.actor < n and sides[e.actor] == my_side:
                total += shaping.damage_dealt * lost
        elif e.kind == "down" and 0 <= e.actor < n:
            total += -shaping.ally_broken if sides[e.actor] == my_side else shaping.enemy_broken
    return total


def render_text(state: Dx3State, log: Any, mine: frozenset[int] = frozenset()) -> str:
    """The line of engagements and the last narrated events."""
    from yz_gym.scenario.dx3_modes import board

    lines, _ = board(state, set(mine), None)
    return "\n".join(lines + narrate(state, list(log)[-12:])) + "\n"


class Dx3Fight(ModeBinding):
    """A DX3 fight for the env adapters: `dx3_encoding`'s mask and observation, HP shaping."""

    rules = DX3_RULES_GAME
    decisions = DECISIONS
    noun = "fight"
    n_actions = N_DX3_ACTIONS
    obs_size = DX3_OBS_SIZE

    def __init__(self, scenario: Dx3Scenario, shaping: RewardShaping) -> None:
        super().__init__(scenario, scenario.name, scenario.fighters, list(scenario.sides), shaping)

    def default_agent(self, side: int) -> Any:
        """The scenario's `agents:` entry of the side, else `dx3_tactical`."""
        from yz_gym.scenario.dx3_modes import DX3_SKIRMISH

        return DX3_SKIRMISH.default_agent(self.scenario, side)

    def mask(self, me: int, legal: list[Any]) -> tuple[np.ndarray, dict[int, Any]]:
        """`dx3_encoding.mask`."""
        return mask(me, legal)

    def observe(self, state: Dx3State, viewer: int, mine: frozenset[int], actor: int, decision: str) -> np.ndarray:
        """`dx3_encoding.observe` from `viewer`."""
        return observe(state, viewer, actor)

    def structure(self) -> Structure:
        """Fighter rows and the globals (`dx3_encoding.dx3_structure`)."""
        return dx3_structure()

    def describe_spaces(self) -> str:
        """`dx3_encoding.describe_dx3_spaces`."""
        return describe_dx3_spaces()

    def illegal_message(self, state: Dx3State, actor: int, index: int, by_index: dict[int, Any], decision: str) -> str:
        """The index's meaning and the legal ones."""
        name = self.names[actor] if actor >= 0 else "nobody"
        legal = "; ".join(f"{i}: {engine.describe(state, a)}" for i, a in sorted(by_index.items())[:15])
        return (
            f"action {index} ({describe_index(index)}) is not legal for {name} now "
            f"({decision} decision); legal: {legal}. Sample with info['action_mask'] / action_masks()"
        )

    def fast_path(self, others: Opponents, side: int) -> FastPath:
        """`Dx3Steps`: the DX3 engine and `dx3_encoding` called directly, in one compiled call."""
        steps = Dx3Steps(others, self.names, self.side_names, side)
        return FastPath(steps.learner_step, steps.advance)

    def scorer(self, side: int) -> EventScorer | None:
        """HP and 戦闘不能 shaping (`dx3_shaping`) when any weight is set."""
        return EventScorer(dx3_shaping, self.shaping, self.sides, side) if self.shaping.enabled else None

    def truncated(self, state: Dx3State) -> bool:
        """The scenario's `max_rounds` ended the fight."""
        return state.termination == Termination.ROUND_CAP

    def text(self, state: Dx3State, log: Any, mine: frozenset[int]) -> str:
        """`render_text`."""
        return render_text(state, log, mine)


class Dx3FightEnv(LearnerEnv):
    """One side of a DX3 fight; the rest is played by agents. See the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": RENDER_MODES, "render_fps": 2}

    def __init__(
        self,
        scenario: Dx3Source | None = None,
        side: str | int | None = None,
        opponents: Any = None,
        reward_shaping: bool | dict[str, float] | RewardShaping | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
        obs_mode: str = "flat",
    ) -> None:
        game = Dx3Fight(dx3_of(scenario), shaping_from(reward_shaping))
        mine, controlled = game.learner(side)
        self._bind(game, mine, controlled, opponents, illegal_action, illegal_penalty, render_mode, obs_mode)



class Dx3AEC(TurnAEC):
    """Every fighter of a DX3 fight as an agent of a PettingZoo AEC env (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "yz_gym_dx3_fight_v0", "render_modes": RENDER_MODES, "is_parallelizable": False, "render_fps": 2,
    }  # fmt: skip

    def __init__(
        self,
        scenario: Dx3Source | None = None,
        reward_shaping: bool | dict[str, float] | RewardShaping | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._bind(Dx3Fight(dx3_of(scenario), shaping_from(reward_shaping)), illegal_action, illegal_penalty, render_mode)


raw_env, env, parallel_env = pettingzoo_factories(Dx3AEC)
dx3_aec_env = raw_env  # the name the registry (Mode.aec_env) uses

__all__ = [
    "DEFAULT_DX3", "Dx3AEC", "Dx3Fight", "Dx3FightEnv", "dx3_aec_env", "dx3_of", "env", "parallel_env", "raw_env",
]  # fmt: skip
