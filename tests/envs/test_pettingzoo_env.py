"""The PettingZoo AEC env: API and seeding tests, who is selected, masks and rewards."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from yz_gym.envs import IllegalActionError, multiagent
from yz_gym.envs.aec_base import TurnAEC
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
        decisions.add(env.decision_name(agent))
        assert info["decision"] == env.decision_code(env.decision_name(agent)) >= 0
        assert sorted(env.legal_actions(agent)) == np.flatnonzero(obs["action_mask"]).tolist()
        other = next(a for a in env.agents if a != agent)
        assert np.flatnonzero(env.observe(other)["action_mask"]).tolist() == [0]  # masks.idle_mask
        assert env.infos[other]["decision"] == -1 and env.decision_name(other) == ""
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
            outcome = env.outcome()
            assert info["winner"] == (-1 if outcome["winner"] is None else env.scenario.setup.sides.index(outcome["winner"]))
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
    assert soft.infos[agent]["illegal_action"] == 1


def test_the_parallel_api_is_turn_based_and_says_why():
    from pettingzoo.utils.conversions import aec_to_parallel

    assert SkirmishAEC.metadata["is_parallelizable"] is False
    assert "The parallel API is turn-based" in (multiagent.__doc__ or "")
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(aec_env("duel"))


def _conventions() -> list[object]:
    """Every registered mode's PettingZoo module (the module of its `aec_env`) and its first bundled scenario."""
    from yz_gym.core import registry
    from yz_gym.scenario.loading import bundled

    return [
        pytest.param(mode.aec_env.split(":")[0], bundled(mode)[0], id=f"{mode.ruleset}-{mode.name}")
        for mode in registry.modes()
        if mode.aec_env
    ]


CONVENTIONS = _conventions()


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("module", "scenario"), CONVENTIONS)
def test_pettingzoo_names_render_modes_and_parallel_api(module: str, scenario: str) -> None:
    import importlib

    from pettingzoo.test import parallel_api_test, render_test
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    game = importlib.import_module(module)
    assert isinstance(game.env(scenario), OrderEnforcingWrapper)
    assert isinstance(game.raw_env(scenario), TurnAEC)
    assert "human" in game.raw_env(scenario).metadata["render_modes"]
    render_test(lambda render_mode=None: game.env(scenario, render_mode=render_mode))
    parallel_api_test(game.parallel_env(scenario), num_cycles=200)
    seed_test(lambda: game.env(scenario), num_cycles=40)


@pytest.mark.parametrize(("module", "scenario"), CONVENTIONS)
def test_infos_are_numeric_with_the_same_keys_for_every_agent(module: str, scenario: str, capsys) -> None:
    import importlib

    game = importlib.import_module(module)
    env = game.raw_env(scenario, render_mode="human")
    rng = np.random.default_rng(2)
    env.reset(seed=2)
    for agent in env.agent_iter(400):
        obs, _, terminated, truncated, _ = env.last()
        for info in env.infos.values():
            assert tuple(info) == env.info_keys
            assert all(isinstance(v, int) for v in info.values())
        if terminated or truncated:
            assert env.decision_name(agent) == "over" and env.outcome() is not None
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert capsys.readouterr().out.count("\n") > 20  # human mode printed the game as it went
