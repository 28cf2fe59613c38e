"""The zone fight's compiled fast path (`opponents.Opponents.step` with the binding's `Codec`) plays
exactly what the generic path (the binding's `mask` and `observe`) plays: observations, masks,
infos, rewards and ends, also after pickling mid-game."""

from __future__ import annotations

import pickle
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import yz_gym  # noqa: F401  registers the Gymnasium ids
from tests.helpers import play_fast_and_generic, same_step
from yz_gym.envs.opponents import Codec


def _play_both(kwargs: dict[str, Any], steps: int, seed: int) -> int:
    """Step a fast-path env and a generic-path env with the same actions; the episodes they finished."""
    fast = gym.make("yz_gym/Skirmish-v0", **kwargs).unwrapped
    assert isinstance(fast._fast.step.keywords["codec"], Codec)
    return play_fast_and_generic(fast, gym.make("yz_gym/Skirmish-v0", **kwargs).unwrapped, steps, seed, illegal=0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"scenario": "duel"},
        {"scenario": "warehouse_ambush", "side": 1, "reward_shaping": True},
        {"scenario": "warehouse_ambush", "combatant": 0, "obs_mode": "dict"},
    ],
    ids=["duel", "ambush-shaped", "ambush-one-combatant-dict"],
)
def test_the_fast_path_plays_what_the_binding_plays(kwargs: dict[str, Any]) -> None:
    assert _play_both(kwargs, 400, seed=3) >= 1  # the ends are compared too


def test_a_fast_path_env_pickled_mid_game_plays_on_thesame_step() -> None:
    env = gym.make("yz_gym/Skirmish-v0", scenario="warehouse_ambush").unwrapped
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(10):
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    copy = pickle.loads(pickle.dumps(env))
    codec = copy._fast.step.keywords["codec"]
    assert isinstance(codec, Codec) and codec.masks is copy.encoding.masks  # shared, not duplicated
    assert copy._fast.step.func.__self__ is copy._others
    for _ in range(60):
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        result = env.step(action)
        same_step(result, copy.step(action))
        if result[2] or result[3]:
            break
