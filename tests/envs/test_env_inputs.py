"""Hostile actions: every index outside the mask and every non-integer is IllegalActionError."""

from __future__ import annotations

import numpy as np
import pytest

from yz_gym.envs.chase_env import ChaseEnv
from yz_gym.envs.chase_multiagent import chase_aec_env
from yz_gym.envs.core import IllegalActionError
from yz_gym.envs.multiagent import aec_env
from yz_gym.envs.skirmish import SkirmishEnv

NOT_INTEGERS = [1.7, 0.0, "0", True, False, None, np.float64(0), np.array([0]), b"0", [0]]


@pytest.mark.parametrize(
    "make",
    [
        lambda: SkirmishEnv("duel", illegal_action="raise"),
        lambda: ChaseEnv("chase_car_vs_motorcycle", illegal_action="raise"),
    ],
)
def test_every_masked_out_index_raises_illegal_action(make) -> None:
    env = make()
    _, info = env.reset(seed=0)
    legal = set(info["legal_actions"])
    assert legal == set(np.flatnonzero(info["action_mask"]).tolist())
    n = int(env.action_space.n)
    for index in [*range(-3, n + 3), 10**30]:
        if index not in legal:
            with pytest.raises(IllegalActionError, match="is not legal"):
                env.step(index)
    for action in NOT_INTEGERS:
        with pytest.raises(IllegalActionError, match="not an action index"):
            env.step(action)
    first = min(legal)
    env.step(np.array(first))  # a 0-d integer array is an index
    env.reset(seed=0)
    env.step(np.int32(first))  # so is a NumPy integer


def test_penalty_mode_still_refuses_non_integers() -> None:
    env = SkirmishEnv("duel")  # the penalty is the default
    _, info = env.reset(seed=0)
    masked = next(i for i in range(int(env.action_space.n)) if i not in info["legal_actions"])
    assert env.step(masked)[4]["illegal_action"] is True
    with pytest.raises(IllegalActionError, match="float"):
        env.step(float(info["legal_actions"][0]))


@pytest.mark.parametrize(
    "make",
    [
        lambda: aec_env("duel", illegal_action="raise"),
        lambda: chase_aec_env("chase_car_vs_motorcycle", illegal_action="raise"),
    ],
)
def test_aec_envs_refuse_bad_actions_and_list_legal_ones(make) -> None:
    env = make()
    env.reset(seed=0)
    agent = env.agent_selection
    legal = env.legal_actions(agent)
    assert set(legal) == set(np.flatnonzero(env.observe(agent)["action_mask"]).tolist())
    n = int(env.action_space(agent).n)
    for index in range(-2, n + 2):
        if index not in legal:
            with pytest.raises(IllegalActionError, match="is not legal"):
                env.step(index)
    for action in NOT_INTEGERS[:-4]:
        if action is not None:
            with pytest.raises(IllegalActionError, match="not an action index"):
                env.step(action)
