"""The scripted chase agents: registry, legality, determinism, chase-only, and strength against
random in their role (a margin derived from the sample size)."""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest

from yz_gym.agents import MODE_AGENTS, make_agent
from yz_gym.agents.chase_agents import CHASE_AGENTS, ChaseAgent, natural_agent
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.state import CK
from yz_gym.rulesets.yze.scenario.chase_builder import bundled_chases, load_chase
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.zone import engine

CHASE_AGENT_NAMES = MODE_AGENTS[("yze", "chase")][1:]  # the chase mode's agents but random

Z = 3.0  # the margin: the difference of two win rates must exceed Z standard errors


@functools.cache
def scenario_of(name: str):  # type: ignore[no-untyped-def]
    return load_chase(name)


def play(name: str, policies: dict[str, str], seed: int) -> tuple[str | None, list[str]]:
    """One chase with agents by side; returns the winner and the decision kinds of the agents."""
    scenario = scenario_of(name)
    sides = scenario.base.setup.sides
    rng = np.random.default_rng(seed)
    players = {
        s: make_agent(policies.get(s, natural_agent(scenario, i)), seed * 10 + i) for i, s in enumerate(sides)
    }
    state = chase.new_chase(scenario, rng)
    kinds = []
    while not chase.is_over(state):
        legal = chase.legal_actions(state)
        side = sides[state.world.combatants[chase.current_actor(state)].side]
        action = players[side].choose(state, legal)
        assert action in legal, f"{players[side].name} chose an illegal {action}"
        kinds.append(chase.decision_kind(state))
        chase.apply(state, action, rng, legal)
    result = chase.outcome(state)
    assert result is not None
    return result.winner, kinds


def test_the_registry_makes_every_chase_agent():
    assert set(CHASE_AGENT_NAMES) == set(CHASE_AGENTS) == {"flee", "hider", "cutoff", "shooter"}
    for name in CHASE_AGENT_NAMES:
        agent = make_agent(name, 1)
        assert isinstance(agent, ChaseAgent) and agent.name == name
    assert not set(CHASE_AGENT_NAMES) & set(MODE_AGENTS[("yze", "skirmish")])  # zone agents stay as they are
    with pytest.raises(ValueError, match="yze chase: random, flee, hider, cutoff, shooter;"):
        make_agent("sprinter")


def test_chase_agents_refuse_a_zone_fight():
    state = engine.new_game(load_scenario("duel"), np.random.default_rng(0))
    for name in CHASE_AGENT_NAMES:
        with pytest.raises(TypeError, match="plays chases"):
            make_agent(name, 0).choose(state, engine.legal_actions(state))


@pytest.mark.parametrize("name", bundled_chases())
def test_every_agent_plays_only_legal_actions_in_both_roles(name):
    scenario = load_chase(name)
    sides = scenario.base.setup.sides
    seen: set[str] = set()
    for i, agent in enumerate(CHASE_AGENT_NAMES):
        for seed in range(6):
            _, kinds = play(name, {sides[0]: agent, sides[1]: CHASE_AGENT_NAMES[(i + 1) % 4]}, seed)
            seen.update(kinds)
    assert "action" in seen and "push" in seen


def test_agents_are_deterministic_for_a_seed():
    a = [play("chase_highway_pileup", {"police": "shooter", "crew": "hider"}, s) for s in range(5)]
    b = [play("chase_highway_pileup", {"police": "shooter", "crew": "hider"}, s) for s in range(5)]
    assert a == b


def test_natural_agents_by_role():
    scenario = load_chase("chase_car_vs_motorcycle")
    assert natural_agent(scenario, scenario.pursuer) == "cutoff"
    assert natural_agent(scenario, 1 - scenario.pursuer) == "flee"


def test_the_hider_escapes_after_a_won_hide_and_the_pursuer_attacks_at_the_catch():
    """The decisions taken while a round resolves: slip away (not ambush), attack (not stay)."""
    scenario = load_chase("chase_market_foot")
    hider, cutoff = make_agent("hider", 0), make_agent("cutoff", 0)
    hidden = attacks = 0
    for seed in range(60):
        rng = np.random.default_rng(seed)
        state = chase.new_chase(scenario, rng)
        while not chase.is_over(state):
            legal = chase.legal_actions(state)
            kind = chase.decision_kind(state)
            me = state.world.combatants[chase.current_actor(state)]
            player = cutoff if me.side == scenario.pursuer else hider
            action = player.choose(state, legal)
            if kind == "hidden":
                assert action.kind == CK.ESCAPE
                hidden += 1
            if kind == "catch" and any(a.kind == CK.ATTACK for a in legal):
                assert action.kind == CK.ATTACK
                attacks += 1
            chase.apply(state, action, rng, legal)
    assert hidden and attacks


@functools.cache
def _wins(name: str, role_side: str, agent: str, opponent: str, n: int) -> float:
    scenario = scenario_of(name)
    other = next(s for s in scenario.base.setup.sides if s != role_side)
    return sum(play(name, {role_side: agent, other: opponent}, seed)[0] == role_side for seed in range(n)) / n


@pytest.mark.parametrize(
    ("agent", "name", "side"),
    [
        ("flee", "chase_market_foot", "thief"),
        ("flee", "chase_car_vs_motorcycle", "courier"),
        ("hider", "chase_helicopter_pickup", "smugglers"),
        ("hider", "chase_highway_pileup", "crew"),
        ("cutoff", "chase_market_foot", "watch"),
        ("cutoff", "chase_highway_pileup", "police"),
        ("shooter", "chase_car_vs_motorcycle", "police"),
        ("shooter", "chase_highway_pileup", "police"),
    ],
)
def test_scripted_agents_beat_random_in_their_role(agent, name, side):
    n = 500
    mine = _wins(name, side, agent, "random", n)
    base = _wins(name, side, "random", "random", n)
    se = math.sqrt((mine * (1 - mine) + base * (1 - base)) / n)
    assert mine - base > Z * max(se, 1 / n), f"{agent}: {mine:.3f} vs random {base:.3f} (se {se:.3f})"
