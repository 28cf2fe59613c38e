"""SearchAgent: legal, reproducible, and it finds a winning move the rollout agent would not."""

from __future__ import annotations

import numpy as np

from yz_gym.agents.search import SearchAgent
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.zone import engine


def first_decision(seed: int):  # type: ignore[no-untyped-def]
    state = engine.new_game(load_scenario("duel"), np.random.default_rng(seed))
    return state, engine.legal_actions(state)


def test_search_picks_a_legal_action_and_is_reproducible():
    state, actions = first_decision(3)
    picks = []
    for _ in range(2):
        agent = SearchAgent(
            7, rollouts=2, rollout_agent="aggressive", opponent_model="random", max_rollouts=8
        )
        picks.append(agent.choose(state.clone(), actions))
    assert picks[0] in actions and picks[0] == picks[1]


def test_a_single_legal_action_needs_no_rollouts():
    state, actions = first_decision(3)
    agent = SearchAgent(0)
    agent.rollout = None  # type: ignore[assignment,method-assign] - would fail if called
    assert agent.choose(state, actions[:1]) == actions[0]


def test_rollouts_say_who_wins_from_the_actor_side():
    state, actions = first_decision(5)
    agent = SearchAgent(0, rollout_agent="aggressive", opponent_model="random")
    wins = [agent.rollout(state, actions[0], seed) for seed in range(20)]
    assert set(wins) <= {0.0, 1.0} and 0 < sum(wins) < 20
    assert engine.current_actor(state) == engine.current_actor(state.clone())  # state untouched
