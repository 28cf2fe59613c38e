"""What the env adapters take of one mode: its rules, encoder, spaces, rewards and render (`ModeBinding`).

The learner adapter (`learner_base.LearnerEnv`, Gymnasium) and the AEC adapter (`aec_base.TurnAEC`,
PettingZoo) hold every loop, check and bookkeeping an env has: options, seeding, the opponents'
turns, masks (never all zeros), illegal actions, infos, render modes. A mode's env is a
`ModeBinding` subclass for one scenario (what differs: the encoding, the rewards, the render)
plus thin env classes that build it from their keyword arguments; `docs/architecture.md` ("Adding
a mode's env") walks through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, NamedTuple, Protocol

import numpy as np

from yz_gym.core.events import Event
from yz_gym.core.protocol import GameRules
from yz_gym.envs.core import side_index, specs_by_side
from yz_gym.envs.opponents import Decision, Opponents, StepResult
from yz_gym.envs.rewards import terminal_reward
from yz_gym.envs.structured import Structure


class FastPath(NamedTuple):
    """A mode's compiled learner step: `step(env, action)` is Gymnasium's whole step (apply, the
    others' turns, mask, observation, reward, end, info, the new decision held in the env);
    `advance(state, rng, viewer)` plays to the next decision (a reset's)."""

    step: Callable[[Any, Any], StepResult]
    advance: Callable[[Any, np.random.Generator, int], Decision]


class Scorer(Protocol):
    """A side's reward between two of its decisions, beside the terminal one (shaping, deaths)."""

    def start(self, state: Any) -> None:
        """A new game is dealt: nothing is owed yet."""

    def add(self, events: list[Event]) -> None:
        """Events of one applied action (the learner's or another's)."""

    def take(self, state: Any) -> float:
        """The reward earned since the last take (or start), now collected."""


class ModeBinding:
    """One mode's game for one scenario, as the env adapters use it. Subclasses fill in the
    class attributes and the methods that raise NotImplementedError; the rest has defaults."""

    rules: ClassVar[GameRules]  # the registry's rules record of the mode (a class attribute: not pickled)
    decisions: ClassVar[tuple[str, ...]]  # the decision kinds, in the order of their codes in AEC infos
    noun: ClassVar[str]  # what one game is called in messages ("fight", "chase", "journey")
    n_actions: ClassVar[int]
    obs_size: ClassVar[int]

    def __init__(self, scenario: Any, name: str, people: Iterable[Any], side_names: Sequence[str], shaping: Any) -> None:
        self.scenario = scenario
        self.name = name  # the scenario's name, for messages
        people = list(people)
        self.names = [p.name for p in people]  # every person's name, in the rules' order
        self.sides = [int(p.side) for p in people]  # every person's side index
        self.side_names = list(side_names)
        self.shaping = shaping  # the mode's shaping weights (what `scorer` uses)

    # --- who plays --------------------------------------------------------------------------

    def learner(self, side: str | int | None, who: str | int | None = None) -> tuple[int, list[int]]:
        """The learner's side and the people it controls (the first one's view is the first
        observation): every person of `side` (a name or index; None = the first side). A mode
        that lets the learner play one person or participant (`who`) overrides this."""
        index = side_index(self.side_names, side, self.name)
        return index, [i for i, s in enumerate(self.sides) if s == index]

    def agent_specs(self, opponents: Any) -> dict[int, Any]:
        """Side index -> agent spec from `opponents` (one spec for every side, or {side name: spec};
        None = every side its `default_agent`)."""
        return specs_by_side(self.side_names, {} if opponents is None else opponents, self.default_agent)

    def default_agent(self, side: int) -> Any:
        """The agent spec of a side that `opponents` does not name."""
        return "random"

    # --- the game ---------------------------------------------------------------------------

    def new_game(self, rng: np.random.Generator) -> Any:
        """A new game of the scenario."""
        return self.rules.new_game(self.scenario, rng)

    def mask(self, me: int, legal: list[Any]) -> tuple[np.ndarray, dict[int, Any]]:
        """The int8 mask of `legal` for person `me` and index -> action for the legal ones (shared:
        the mask is read-only, the dict not to be changed)."""
        raise NotImplementedError

    def observe(self, state: Any, viewer: int, mine: frozenset[int], actor: int, decision: str) -> np.ndarray:
        """The flat observation seen by `viewer` (a person of `mine`, the people whose secrets it
        may see) while `actor` (-1: nobody) decides `decision` ("over" at the end)."""
        raise NotImplementedError

    def fast_path(self, others: Opponents, side: int) -> FastPath | None:
        """The learner step of `side` in one compiled call, `others` playing the rest, when the mode has
        one (its flat observation and the binding's own mask and observe, event for event), else None."""
        return None

    def structure(self) -> Structure:
        """The observation as a dict (`obs_mode="dict"`)."""
        raise NotImplementedError

    def describe_spaces(self) -> str:
        """The action and observation layouts as text."""
        raise NotImplementedError

    def illegal_message(self, state: Any, actor: int, index: int, by_index: dict[int, Any], decision: str) -> str:
        """Why `index` cannot be taken now, and what can."""
        raise NotImplementedError

    # --- rewards and ends -------------------------------------------------------------------

    def scorer(self, side: int) -> Scorer | None:
        """The reward of `side` beside the terminal one, or None when there is none."""
        return None

    def winner(self, state: Any) -> int:
        """The winning side's index, -1 for none."""
        return int(state.winner)

    def terminal_reward(self, state: Any, side: int) -> float:
        """+1 if `side` won, -1 if another side did, 0 if nobody."""
        return terminal_reward(self.winner(state), side)

    def truncated(self, state: Any) -> bool:
        """A finished game that ended by a time limit rather than by its result."""
        raise NotImplementedError

    def outcome(self, state: Any) -> dict[str, Any]:
        """The end of a game as infos and `outcome()` carry it: the winning side's name, the reason, the rounds."""
        winner = self.side_names[state.winner] if state.winner >= 0 else None
        return {"winner": winner, "reason": state.end_reason, "rounds": state.round}

    def add_info(self, state: Any, side: int, info: dict[str, Any]) -> None:
        """Add the learner's info beyond the mask, the legal indices, the actor and the decision
        (the round; the outcome once over)."""
        info["round"] = state.round
        if self.rules.is_over(state):
            info["outcome"] = self.outcome(state)

    # --- render -----------------------------------------------------------------------------

    def render(self, state: Any, log: Any, mine: frozenset[int], render_mode: str | None) -> Any:
        """What `render()` returns in `render_mode`: 'ansi' the text, 'human' None after printing
        it, 'rgb_array' the picture; None before a game or without a render mode."""
        if state is None or render_mode is None:
            return None
        if render_mode == "rgb_array":
            return self.picture(state, log, mine)
        text = self.text(state, log, mine)
        if render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def text(self, state: Any, log: Any, mine: frozenset[int]) -> str:
        """The game as text ('ansi'), `mine` marked."""
        raise NotImplementedError

    def picture(self, state: Any, log: Any, mine: frozenset[int]) -> Any:
        """The game as an RGB array ('rgb_array')."""
        raise NotImplementedError(f"the {self.noun} renders as text only")


class EventScorer:
    """Shaping summed over events: `score(shaping, events, sides, side)` for each applied action."""

    def __init__(self, score: Any, shaping: Any, sides: list[int], side: int) -> None:
        self.score = score  # a module-level function (pickled by name)
        self.shaping = shaping
        self.sides = sides
        self.side = side
        self.pending = 0.0

    def start(self, state: Any) -> None:
        """Nothing owed at the start."""
        self.pending = 0.0

    def add(self, events: list[Event]) -> None:
        """Add the events' shaping."""
        self.pending += self.score(self.shaping, events, self.sides, self.side)

    def take(self, state: Any) -> float:
        """The shaping since the last take."""
        earned = self.pending
        self.pending = 0.0
        return earned


__all__ = ["EventScorer", "ModeBinding", "Scorer"]
