"""Agents by name for the envs' opponents: yz_gym.agents.make_agent."""

from __future__ import annotations

import pytest

from tests.envs.env_helpers import make
from yz_gym.agents import MODE_AGENTS, Agent, RandomAgent, make_agent
from yz_gym.core import registry


def test_scripted_agents_by_name():
    assert isinstance(make_agent("random", 1), RandomAgent)
    for names in MODE_AGENTS.values():
        for name in names:
            agent = make_agent(name, 2)
            assert isinstance(agent, Agent) and agent.name == name


def test_every_mode_offers_its_agents_from_the_one_table():
    """MODE_AGENTS is the one home of which agents play which game: every registered mode's record
    reads it, and every game in it is registered."""
    assert {mode.key: mode.agents for mode in registry.modes()} == MODE_AGENTS


def test_unknown_names_and_policy_files():
    with pytest.raises(ValueError, match="unknown agent 'genius'"):
        make_agent("genius")
    with pytest.raises(ValueError, match="no such policy file"):
        make_agent("model:runs/no_such_policy.zip")


def test_a_path_is_never_loaded_as_a_model_without_the_prefix(tmp_path):
    """An existing file named as an agent is refused, not unpickled (it could run code)."""
    evil = tmp_path / "evil.zip"
    evil.write_bytes(b"PK\x03\x04 not a model")
    for name in (str(evil), str(tmp_path / "evil.bin"), str(tmp_path)):
        with pytest.raises(ValueError, match="unknown agent") as caught:
            make_agent(name)
    assert "model:" in str(caught.value)


def test_agent_instances_are_used_as_given():
    mine = RandomAgent(0)
    assert make_agent(mine, 5) is mine
    env = make("duel", opponents={"brann": mine})
    assert env.unwrapped._agent_by_side[1] is mine
