"""The agent interface: choose one of the rules' legal actions for the current actor."""

from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np

from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone.actions import Action


class Agent(ABC):
    """An agent picks among legal actions; it owns its random generator."""

    name = "agent"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def reseed(self, seed: int | None) -> None:
        """Start the agent's generator afresh (called on env reset)."""
        self.rng = np.random.default_rng(seed)

    @abstractmethod
    def choose(self, state: GameState, actions: list[Action]) -> Action:
        """One of `actions` (the legal actions of the current actor in `state`)."""


class RandomAgent(Agent):
    """Uniformly random among legal actions: the weakest baseline."""

    name = "random"

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        """Any legal action, uniformly (one uniform float: half the cost of `integers`); the compiled
        step (`opponents.Opponents`) draws the same way without calling this."""
        return actions[int(self.rng.random() * len(actions))]
