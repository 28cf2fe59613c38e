"""Between two decisions of the learner: the other people decide, each through its agent.

The learner adapter's inner loop (`learner_base.LearnerEnv`) for every mode, kept in its own module
so that the compiled build (setup.py) compiles it with the rules core.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from yz_gym.core.events import Event
from yz_gym.core.protocol import GameRules
from yz_gym.envs.core import IllegalActionError


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
