"""Between two decisions of the learner: the other people decide, each through its agent.

The learner adapter's inner loop (`learner_base.LearnerEnv`) for every mode, kept in its own module
so that the compiled build (setup.py) compiles it with the rules core. A mode whose mask cache and
observation encoder are compiled too hands them over as a `Codec`: then one compiled call
(`Opponents.step`) applies the learner's action, plays the others, masks and observes.
"""

from __future__ import annotations

from collections import deque
from typing import Any, TypeAlias

import numpy as np

from yz_gym.core.events import Event
from yz_gym.core.protocol import GameRules
from yz_gym.envs.core import IllegalActionError
from yz_gym.envs.masks import MaskCache, idle_mask
from yz_gym.envs.observation import ObservationEncoder

# What the fast path hands the learner adapter: the deciding person (-1: the game is over), their
# legal actions, the mask and index -> action of them, the decision kind, and the observation.
Decision: TypeAlias = tuple[int, list[Any], np.ndarray, dict[int, Any], str, np.ndarray]


class Codec:
    """A mode's compiled mask cache and observation encoder (the zone fight's `core.Encoding` parts)."""

    def __init__(self, masks: MaskCache, observer: ObservationEncoder) -> None:
        self.masks = masks
        self.observer = observer

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
        events = rules.apply(state, action, rng, legal)
        self.log.extend(events)
        if self.scorer is not None:
            self.scorer.add(events)

    def play(self, rules: GameRules, state: Any, rng: np.random.Generator) -> tuple[int, list[Any]]:
        """Play until a controlled person must decide: (it, its legal actions); (-1, []) at the end."""
        controlled = self.controlled
        agent_of = self.agent_of
        is_over, current_actor, legal_actions = rules.is_over, rules.current_actor, rules.legal_actions
        while not is_over(state):
            actor = current_actor(state)
            legal = legal_actions(state)
            if actor in controlled:
                return actor, legal
            agent = agent_of[actor]
            action = agent.choose(state, legal)
            if action not in legal:
                raise IllegalActionError(
                    f"agent {agent.name!r} chose '{rules.describe(state, action)}', "
                    f"which is not legal for {rules.people(state)[actor].name}"
                )
            self.apply(rules, state, action, rng, legal)
        return -1, []

    def step(
        self, rules: GameRules, state: Any, action: Any, rng: np.random.Generator, legal: list[Any], codec: Codec,
        viewer: int,
    ) -> Decision:  # fmt: skip
        """Apply the learner's legal action, then `advance`."""
        self.apply(rules, state, action, rng, legal)
        return self.advance(rules, state, rng, codec, viewer)

    def advance(self, rules: GameRules, state: Any, rng: np.random.Generator, codec: Codec, viewer: int) -> Decision:
        """Play until a controlled person must decide, and their mask and observation; at the end the
        idle mask and the observation from `viewer` (who saw last)."""
        actor, legal = self.play(rules, state, rng)
        if actor < 0:
            obs = codec.observer.encode(state, viewer, "over", -1)
            return actor, legal, idle_mask(codec.masks.n_actions), {}, "over", obs
        mask, by_index = codec.masks.mask(actor, legal)
        decision: str = rules.decision_kind(state)
        return actor, legal, mask, by_index, decision, codec.observer.encode(state, actor, decision, actor)
