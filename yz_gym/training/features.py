"""Input pruning: the policy reads only the observation values that a scenario ever sets.

A Skirmish-v0 observation has room for the largest scenario (3,500+ values), but a small one
such as the duel sets about 150 of them; the rest stay 0 in every game. A first layer's
weights on an input that is always 0 get no gradient and change nothing, so dropping those
inputs changes what the network can learn in no way, and makes the first layer (most of the
compute of a 128x128 MLP) about 20 times smaller.

`active_features` plays sample games of the scenario (scripted agents and random play on every
side) and lists the indices that were ever non-zero; `SelectFeatures` is the SB3 features
extractor that keeps those indices. The model file stores the indices, so it still takes the
full observation and plays anywhere a trained policy does (`yz_gym.agents.policy.PolicyAgent`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

SAMPLE_AGENTS = ("random", "aggressive", "tactical")


class SelectFeatures(BaseFeaturesExtractor):
    """Keeps the observation values at `indices` (a fixed gather, no weights)."""

    def __init__(self, observation_space: Any, indices: list[int]) -> None:
        super().__init__(observation_space, features_dim=len(indices))
        self.register_buffer("indices", torch.as_tensor(indices, dtype=torch.long))

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        """The selected columns of a batch of observations."""
        return observations.index_select(1, self.indices)


def active_features(scenario_name: str, side: int, games: int = 300, seed: int = 0) -> list[int]:
    """Indices of the observation values that are non-zero at some decision of `side` in
    `games` sample games, every side played by random, aggressive and tactical in turn."""
    from yz_gym.agents import make_agent
    from yz_gym.envs.core import Encoding
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
    from yz_gym.rulesets.yze.zone import engine

    scenario = load_scenario(scenario_name)
    encoding = Encoding(scenario)
    n_sides = len(scenario.setup.sides)
    seen: np.ndarray | None = None
    for game in range(games):
        rng = np.random.default_rng([seed, game])
        agents = [
            make_agent(SAMPLE_AGENTS[(game + 7 * s) % len(SAMPLE_AGENTS)], game * n_sides + s)
            for s in range(n_sides)
        ]
        state = engine.new_game(scenario, rng)
        actor = -1
        while not engine.is_over(state):
            actor = engine.current_actor(state)
            mover = state.combatants[actor]
            if mover.side == side:
                obs = encoding.observer.encode(state, actor, engine.decision_kind(state), actor)
                seen = obs != 0 if seen is None else seen | (obs != 0)
            engine.apply(state, agents[mover.side].choose(state, engine.legal_actions(state)), rng)
        viewer = next(c.id for c in state.combatants if c.side == side)
        over = encoding.observer.encode(state, viewer, "over", -1) != 0  # the last observation
        seen = over if seen is None else seen | over
    if seen is None:
        raise ValueError(f"{scenario_name}: side {side} made no decision in {games} sample games")
    return [int(i) for i in np.flatnonzero(seen)]
