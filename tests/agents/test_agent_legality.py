"""Scripted agents only ever choose legal actions, and never change the state they are shown."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import fighter, scenario_dict
from yz_gym.agents import make_agent
from yz_gym.rulesets.yze.scenario.zone_builder import build, bundled_scenarios, load_scenario
from yz_gym.rulesets.yze.zone import engine

SCRIPTED = ("random", "aggressive", "tactical")
PAIRS = [
    (a, b)
    for a in SCRIPTED
    for b in SCRIPTED
    if "random" in (a, b) or a == b or {a, b} == {"aggressive", "tactical"}
]
SCENARIOS = bundled_scenarios()
MAX_DECISIONS = 20_000


def play_checked(scenario, names, seed: int, check_state_every: int = 7) -> int:
    """Play a game, checking every choice is legal and (often) that choosing changed nothing."""
    rng = np.random.default_rng(seed)
    sides = len(scenario.setup.sides)
    agents = [make_agent(names[s % len(names)], seed * 10 + s) for s in range(sides)]
    state = engine.new_game(scenario, rng)
    decisions = 0
    while not engine.is_over(state):
        legal = engine.legal_actions(state)
        assert legal, "the rules offered no action"
        actor = state.combatants[engine.current_actor(state)]
        agent = agents[actor.side]
        before = state.clone() if decisions % check_state_every == 0 else None
        action = agent.choose(state, legal)
        assert action in legal, (
            f"{agent.name} chose {action} ({engine.describe(state, action)}), not among {legal}"
        )
        if before is not None:
            assert state == before, f"{agent.name} changed the state while choosing"
        engine.apply(state, action, rng, legal)
        decisions += 1
        assert decisions < MAX_DECISIONS, "the game does not end"
    return decisions


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("pair", PAIRS, ids="-".join)
def test_agents_choose_only_legal_actions(name, pair):
    scenario = load_scenario(name)
    for seed in range(4):
        play_checked(scenario, pair, seed)
        play_checked(scenario, pair[::-1], seed + 100)


VARIANTS = [
    {"damage_model": "health_resolve", "push_cost": "damage_stress"},
    {"push_cost": "none", "crit_trigger": "two_successes"},
    {"full_auto": "ammo_dice", "hidden_initiative": True},
    {"ask_push": False, "offer_help": False},
]


@pytest.mark.parametrize("overrides", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_agents_stay_legal_under_rule_variants(overrides):
    for name in SCENARIOS:
        scenario = load_scenario(name)
        try:
            options = scenario.setup.options.with_overrides(**overrides)
        except ValueError:
            continue  # a variant this scenario cannot combine with its own rules
        setup = dataclasses.replace(scenario.setup, options=options)
        varied = dataclasses.replace(scenario, setup=setup)
        play_checked(varied, ("tactical", "aggressive"), 1, check_state_every=50)
        play_checked(varied, ("aggressive", "tactical"), 2, check_state_every=50)


def _step_fighter(name: str, side: str, zone: str, weapons: list[str]) -> dict:
    return fighter(
        name, side, zone,
        attributes={"strength": "B", "agility": "C", "wits": "C", "empathy": "D"},
        skills={"melee": "C", "marksmanship": "C", "mobility": "D"},
        weapons=weapons, armor="leather_jacket",
    )  # fmt: skip


@pytest.mark.rule("STEP-01", "STEP-02")
def test_agents_stay_legal_with_step_dice():
    data = scenario_dict(
        zones=["Yard", {"name": "Shed", "cover": ["wooden_wall"]}, "Road"],
        combatants=[
            _step_fighter("Red 1", "red", "Yard", ["sword"]),
            _step_fighter("Red 2", "red", "Shed", ["pistol", "knife"]),
            _step_fighter("Blue 1", "blue", "Road", ["rifle"]),
            _step_fighter("Blue 2", "blue", "Road", ["club"]),
        ],
        rules={"dice_mode": "step", "damage_model": "health_resolve", "push_cost": "damage_stress"},
    )
    scenario = build(data, "<step test>")
    for seed in range(6):
        play_checked(scenario, ("tactical", "aggressive"), seed)
        play_checked(scenario, ("aggressive", "tactical"), seed)
        play_checked(scenario, ("tactical", "random"), seed)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(SCENARIOS),
    pair=st.sampled_from(PAIRS),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_agents_are_legal_for_any_seed(name, pair, seed):
    play_checked(load_scenario(name), pair, seed, check_state_every=25)
