"""Agents are reproducible: the same seeds give the same games; the registry builds them."""

from __future__ import annotations

import numpy as np
import pytest

from yz_gym.agents import MODE_AGENTS, Agent, RandomAgent, make_agent
from yz_gym.agents.aggressive import AggressiveAgent
from yz_gym.agents.arena import game_seeds, match
from yz_gym.agents.tactical import TacticalAgent
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios, load_scenario
from yz_gym.rulesets.yze.zone import engine


def transcript(name: str, agent_names: tuple[str, str], seed: int) -> list[tuple[int, tuple]]:
    """Every (actor, action) of one seeded game."""
    scenario = load_scenario(name)
    rng, seeds = game_seeds(seed, 0, len(scenario.setup.sides))
    agents = [make_agent(agent_names[s % 2], seeds[s]) for s in range(len(scenario.setup.sides))]
    state = engine.new_game(scenario, rng)
    log = []
    while not engine.is_over(state):
        actor = engine.current_actor(state)
        action = agents[state.combatants[actor].side].choose(state, engine.legal_actions(state))
        log.append((actor, tuple(action)))
        engine.apply(state, action, rng)
    return log


@pytest.mark.parametrize("name", bundled_scenarios())
@pytest.mark.parametrize("pair", [("tactical", "random"), ("aggressive", "tactical"), ("random", "random")])
def test_same_seed_same_game(name, pair):
    first = transcript(name, pair, 11)
    assert first == transcript(name, pair, 11)


def test_different_seeds_differ_for_random_play():
    name = bundled_scenarios()[0]
    assert transcript(name, ("random", "random"), 1) != transcript(name, ("random", "random"), 2)


def test_scripted_choices_depend_only_on_the_state():
    """A used agent and a fresh one choose alike: the scripted agents keep no memory."""
    for name in bundled_scenarios():
        scenario = load_scenario(name)
        rng = np.random.default_rng(5)
        state = engine.new_game(scenario, rng)
        used = {n: make_agent(n, 1) for n in ("aggressive", "tactical")}
        for _ in range(120):
            if engine.is_over(state):
                break
            legal = engine.legal_actions(state)
            for n, agent in used.items():
                assert agent.choose(state, legal) == make_agent(n, 99).choose(state, legal)
            engine.apply(state, used["tactical"].choose(state, legal), rng)


def test_match_is_reproducible():
    name = bundled_scenarios()[0]
    a = match(name, "aggressive", "random", 6, seed=3)
    b = match(name, "aggressive", "random", 6, seed=3)
    assert (a.x_wins, a.y_wins, a.draws, a.by_side) == (b.x_wins, b.y_wins, b.draws, b.by_side)


def test_registry_builds_every_scripted_agent():
    assert {"random", "aggressive", "tactical"} <= set(MODE_AGENTS[("yze", "skirmish")])
    assert isinstance(make_agent("random", 0), RandomAgent)
    assert isinstance(make_agent("aggressive", 0), AggressiveAgent)
    assert isinstance(make_agent("tactical", 0), TacticalAgent)
    for name in ("random", "aggressive", "tactical"):
        agent = make_agent(name)
        assert isinstance(agent, Agent) and agent.name == name


def test_registry_rejects_unknown_names_listing_the_known_ones():
    with pytest.raises(ValueError, match="unknown agent 'nobody'") as err:
        make_agent("nobody", 0)
    for name in ("random", "aggressive", "tactical"):
        assert name in str(err.value)
