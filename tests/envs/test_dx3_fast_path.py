"""The DX3 fight's compiled step (`dx3_step.Dx3Steps`) plays exactly what the generic learner step
(the binding's `mask` and `observe`) plays: observations, masks, infos, rewards, ends and the log,
also after pickling mid-game; a Dx3Action compares, hashes, copies and pickles as a value."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import yz_gym  # noqa: F401  registers the Gymnasium ids
from tests.helpers import play_fast_and_generic, same_step
from yz_gym.envs.dx3_step import Dx3Steps
from yz_gym.rulesets.dx3.state import Dx3Action, Kind


def _play_both(kwargs: dict[str, Any], steps: int, seed: int) -> int:
    """Step a fast-path env and a generic-path env with the same actions; the episodes they finished."""
    fast = gym.make("yz_gym/Dx3Fight-v0", **kwargs).unwrapped
    assert isinstance(fast._fast.step.__self__, Dx3Steps)
    return play_fast_and_generic(fast, gym.make("yz_gym/Dx3Fight-v0", **kwargs).unwrapped, steps, seed, illegal=1)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"scenario": "dx3_duel", "opponents": "random"},
        {"scenario": "dx3_duel"},  # dx3_tactical, the default
        {"scenario": "dx3_boss_party", "side": 1, "reward_shaping": True, "opponents": "random"},
        {"scenario": "dx3_boss_party", "obs_mode": "dict", "opponents": "random"},
    ],
    ids=["duel-random", "duel-tactical", "boss-shaped", "boss-dict"],
)
def test_the_fast_step_plays_what_the_generic_step_plays(kwargs: dict[str, Any]) -> None:
    assert _play_both(kwargs, 300, seed=3) >= 1  # the ends are compared too


def test_a_dx3_env_pickled_mid_game_plays_on_thesame_step() -> None:
    env = gym.make("yz_gym/Dx3Fight-v0", scenario="dx3_boss_party", opponents="random").unwrapped
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(10):
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    twin = pickle.loads(pickle.dumps(env))
    steps = twin._fast.step.__self__
    assert isinstance(steps, Dx3Steps) and steps.others is twin._others  # shared, not duplicated
    assert twin._fast.advance.__self__ is steps
    for _ in range(60):
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        result = env.step(action)
        same_step(result, twin.step(action))
        if result[2] or result[3]:
            break


def test_a_dx3_action_is_a_value() -> None:
    attack = Dx3Action(Kind.ATTACK, 1, 0, combo=2)
    same = Dx3Action(Kind.ATTACK, target=1, option=0, drop=-1, combo=2)
    assert attack == same and hash(attack) == hash(same)
    assert attack != Dx3Action(Kind.ATTACK, 1, 0) and attack != (Kind.ATTACK, 1, 0, -1, 2)
    assert len({attack, same, Dx3Action(Kind.WAIT)}) == 2
    assert pickle.loads(pickle.dumps(attack)) == attack
    assert copy.deepcopy(attack) is attack  # a state's clone shares its actions
    assert repr(Dx3Action(0, 1)) == "Dx3Action(kind=0, target=1, option=-1, drop=-1, combo=-1)"
