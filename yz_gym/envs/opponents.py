"""Between two decisions of the learner: the other people decide, each through its agent.

The learner adapter's inner loop (`learner_base.LearnerEnv`) for every mode, kept in its own module
so that the compiled build (setup.py) compiles it with the rules core. A mode whose mask cache and
observation encoder are compiled too hands them over as a `Codec`: then one compiled call
(`Opponents.step`) applies the learner's action, plays the others, masks and observes, asking the
zone fight's engine directly (`ZoneTurns`) instead of through the `GameRules` record (`RulesTurns`:
each call through a stored function is a generic Python call, several per decision).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from typing import Any, TypeAlias

import numpy as np

from yz_gym.core.events import Event
from yz_gym.core.protocol import GameRules
from yz_gym.envs.core import IllegalActionError
from yz_gym.envs.masks import MaskCache, idle_mask
from yz_gym.envs.observation import ObservationEncoder
from yz_gym.rulesets.yze.zone import engine

# What the fast path hands the learner adapter: the deciding person (-1: the game is over), their
# legal actions, the mask and index -> action of them, the decision kind, and the observation.
Decision: TypeAlias = tuple[int, list[Any], np.ndarray, dict[int, Any], str, np.ndarray]


class Turns(ABC):
    """The rules' verbs the loop of the others' turns asks: a mode's `GameRules` (`RulesTurns`), or
    the zone fight's engine called directly (`ZoneTurns`)."""

    @abstractmethod
    def is_over(self, state: Any) -> bool:
        """The game is over."""

    @abstractmethod
    def current_actor(self, state: Any) -> int:
        """Who decides now."""

    @abstractmethod
    def legal_actions(self, state: Any) -> list[Any]:
        """What the one deciding may do."""

    @abstractmethod
    def apply(self, state: Any, action: Any, rng: np.random.Generator, legal: list[Any]) -> list[Event]:
        """Carry out a legal action: what happened."""


class RulesTurns(Turns):
    """Any mode's verbs, through its `GameRules` record."""

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules

    def is_over(self, state: Any) -> bool:
        """`GameRules.is_over`."""
        return self.rules.is_over(state)

    def current_actor(self, state: Any) -> int:
        """`GameRules.current_actor`."""
        return self.rules.current_actor(state)

    def legal_actions(self, state: Any) -> list[Any]:
        """`GameRules.legal_actions`."""
        return self.rules.legal_actions(state)

    def apply(self, state: Any, action: Any, rng: np.random.Generator, legal: list[Any]) -> list[Event]:
        """`GameRules.apply`."""
        return self.rules.apply(state, action, rng, legal)


class ZoneTurns(Turns):
    """The zone fight's verbs: zone/engine.py's functions, called directly (compiled: a C call)."""

    def is_over(self, state: Any) -> bool:
        """`engine.is_over`."""
        return engine.is_over(state)

    def current_actor(self, state: Any) -> int:
        """`engine.current_actor`."""
        return engine.current_actor(state)

    def legal_actions(self, state: Any) -> list[Any]:
        """`engine.legal_actions`."""
        return engine.legal_actions(state)

    def apply(self, state: Any, action: Any, rng: np.random.Generator, legal: list[Any]) -> list[Event]:
        """`engine.apply`."""
        return engine.apply(state, action, rng, legal)


class Codec:
    """A mode's compiled mask cache and observation encoder (the zone fight's `core.Encoding` parts),
    and its rules' verbs called directly (the zone fight's engine)."""

    def __init__(self, masks: MaskCache, observer: ObservationEncoder) -> None:
        self.masks = masks
        self.observer = observer
        self.turns: Turns = ZoneTurns()

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its constructor's arguments (a compiled class has no argument-free __new__)."""
        return (Codec, (self.masks, self.observer))


class Opponents:
    """Plays every person outside `controlled` with its agent, logging and scoring the events."""

    def __init__(self, agent_of: list[Any], controlled: frozenset[int], log: deque[Event], scorer: Any) -> None:
        self.agent_of = agent_of  # the agent of each person (None or ignored for the controlled ones)
        self.controlled = controlled
        self.log = log
        self.scorer = scorer  # a binding.Scorer, or None: no reward beside the terminal one

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its constructor's arguments (a compiled class has no argument-free __new__)."""
        return (Opponents, (self.agent_of, self.controlled, self.log, self.scorer))

    def apply(self, rules: GameRules, state: Any, action: Any, rng: np.random.Generator, legal: list[Any]) -> None:
        """Apply one legal action, log its events and score them."""
        self._record(rules.apply(state, action, rng, legal))

    def _record(self, events: list[Event]) -> None:
        """Log the events and score them."""
        self.log.extend(events)
        if self.scorer is not None:
            self.scorer.add(events)

    def play(self, rules: GameRules, state: Any, rng: np.random.Generator) -> tuple[int, list[Any]]:
        """Play until a controlled person must decide: (it, its legal actions); (-1, []) at the end."""
        return self._play(RulesTurns(rules), rules, state, rng)

    def _play(self, turns: Turns, rules: GameRules, state: Any, rng: np.random.Generator) -> tuple[int, list[Any]]:
        """`play`, asking `turns` (`rules` names an illegal choice)."""
        controlled = self.controlled
        agent_of = self.agent_of
        while not turns.is_over(state):
            actor = turns.current_actor(state)
            legal = turns.legal_actions(state)
            if actor in controlled:
                return actor, legal
            agent = agent_of[actor]
            action = agent.choose(state, legal)
            if action not in legal:
                raise IllegalActionError(
                    f"agent {agent.name!r} chose '{rules.describe(state, action)}', "
                    f"which is not legal for {rules.people(state)[actor].name}"
                )
            self._record(turns.apply(state, action, rng, legal))
        return -1, []

    def step(
        self, rules: GameRules, state: Any, action: Any, rng: np.random.Generator, legal: list[Any], codec: Codec,
        viewer: int,
    ) -> Decision:  # fmt: skip
        """Apply the learner's legal action, then `advance`."""
        self._record(codec.turns.apply(state, action, rng, legal))
        return self.advance(rules, state, rng, codec, viewer)

    def advance(self, rules: GameRules, state: Any, rng: np.random.Generator, codec: Codec, viewer: int) -> Decision:
        """Play until a controlled person must decide, and their mask and observation; at the end the
        idle mask and the observation from `viewer` (who saw last)."""
        actor, legal = self._play(codec.turns, rules, state, rng)
        if actor < 0:
            obs = codec.observer.encode(state, viewer, "over", -1)
            return actor, legal, idle_mask(codec.masks.n_actions), {}, "over", obs
        mask, by_index = codec.masks.mask(actor, legal)
        decision = engine.decision_kind(state)
        return actor, legal, mask, by_index, decision, codec.observer.encode(state, actor, decision, actor)
