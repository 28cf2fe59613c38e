"""The PettingZoo AEC env: API and seeding tests, who is selected, masks and rewards."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from yz_gym.envs import IllegalActionError, multiagent
from yz_gym.envs.multiagent import SkirmishAEC, aec_env
from yz_gym.rulesets.yze.zone import engine


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test(scenario_name):
    api_test(aec_env(scenario_name), num_cycles=60)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_seed_test(scenario_name):
    seed_test(lambda: aec_env(scenario_name, reward_shaping=True), num_cycles=60)


def test_selection_follows_the_rules_and_masks_only_the_selected():
    env = aec_env("warehouse_ambush")
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    decisions = set()
    for agent in env.agent_iter(3000):
        obs, _reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.state
        assert agent == state.combatants[engine.current_actor(state)].name
        decisions.add(info["decision"])
        other = next(a for a in env.agents if a != agent)
        assert np.flatnonzero(env.observe(other)["action_mask"]).tolist() == [0]  # masks.idle_mask
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(engine.legal_actions(state))
        env.step(int(legal[rng.integers(len(legal))]))
    assert "turn" in decisions and len(decisions) > 1


def test_rewards_per_side_at_the_end():
    env = SkirmishAEC("duel")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(5000):
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            outcome = info["outcome"]
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    assert not env.agents
    if outcome["winner"] is not None:
        assert sorted(totals.values()) == [-1.0, 1.0]


def test_illegal_actions():
    env = aec_env("duel", illegal_action="raise")
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    soft = aec_env("duel")  # the penalty is the default
    soft.reset(seed=0)
    agent = soft.agent_selection
    soft.step(illegal)
    assert soft.agent_selection == agent and soft.rewards[agent] == -0.1
    assert soft.infos[agent]["illegal_action"]


def test_no_parallel_variant_and_why():
    assert SkirmishAEC.metadata["is_parallelizable"] is False
    assert "No parallel API" in (multiagent.__doc__ or "")
