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
from yz_gym.envs.dx3_step import Dx3Steps
from yz_gym.rulesets.dx3.state import Dx3Action, Kind


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> None:
    """Two step (or reset) results are equal, arrays and infos included."""
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        if isinstance(x, dict):
            assert x.keys() == y.keys()
            for key in x:
                np.testing.assert_array_equal(np.asarray(x[key], dtype=object), np.asarray(y[key], dtype=object))
        else:
            np.testing.assert_array_equal(x, y)


def _play_both(kwargs: dict[str, Any], steps: int, seed: int) -> int:
    """Step a fast-path env and a generic-path env with the same actions; the episodes they finished."""
    fast = gym.make("yz_gym/Dx3Fight-v0", **kwargs).unwrapped
    generic = gym.make("yz_gym/Dx3Fight-v0", **kwargs).unwrapped
    assert isinstance(fast._fast.step.__self__, Dx3Steps)
    generic._fast = None  # LearnerEnv's generic step, as every mode without a compiled one plays
    _same(fast.reset(seed=seed), generic.reset(seed=seed))
    rng = np.random.default_rng(seed)
    ends = 0
    for _ in range(steps):
        legal = np.flatnonzero(fast.action_masks())
        action = int(rng.choice(legal)) if rng.random() > 0.05 else 1  # now and then an illegal index
        result = fast.step(action)
        _same(result, generic.step(action))
        assert list(fast.log) == list(generic.log)
        if result[2] or result[3]:
            ends += 1
            _same(fast.reset(), generic.reset())
    return ends


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


def test_a_dx3_env_pickled_mid_game_plays_on_the_same() -> None:
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
        _same(result, twin.step(action))
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
