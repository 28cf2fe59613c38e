"""Seeded games of every bundled YZE scenario played to their end by random agents: the final state
and every event, for tests that check contracts over many real games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np

from yz_gym.core import registry
from yz_gym.scenario.loading import bundled

SCENARIOS = sorted(
    name for mode in registry.modes("yze") if mode.name in ("skirmish", "chase") for name in bundled(mode)
)  # YZE's fights and chases


class PlayedGame(NamedTuple):
    """One finished game: its scenario, seed, final state and events (the opening first)."""

    name: str
    seed: int
    state: Any  # a GameState, or a ChaseState for a chase
    events: list[Any]


def play(name: str, seed: int) -> PlayedGame:
    """One game of the bundled scenario `name`, every side played by a random agent."""
    from yz_gym.agents import make_agent
    from yz_gym.rulesets.yze.chase import engine as chase
    from yz_gym.rulesets.yze.scenario.chase_builder import load_chase
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
    from yz_gym.rulesets.yze.zone import engine

    rng = np.random.default_rng(seed)
    rules: Any
    if name.startswith("chase_"):
        scenario: Any = load_chase(name)
        sides = scenario.base.setup.sides
        rules, state = chase, chase.new_chase(scenario, rng)
        people = state.world.combatants
    else:
        scenario = load_scenario(name)
        sides = scenario.setup.sides
        rules, state = engine, engine.new_game(scenario, rng)
        people = state.combatants
    agents = [make_agent("random", seed * 10 + i) for i in range(len(sides))]
    events = list(state.opening)
    while not rules.is_over(state):
        legal = rules.legal_actions(state)
        actor = people[rules.current_actor(state)]
        events += rules.apply(state, agents[actor.side].choose(state, legal), rng, legal)
    return PlayedGame(name, seed, state, events)


def games(seeds: range) -> Iterator[PlayedGame]:
    """Every bundled scenario played from every seed of `seeds`."""
    for name in SCENARIOS:
        for seed in seeds:
            yield play(name, seed)
