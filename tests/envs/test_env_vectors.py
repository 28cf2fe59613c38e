"""Skirmish-v0 inside Gymnasium's and Stable-Baselines3's vector envs."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

from tests.envs.env_helpers import make
from yz_gym.envs import N_ACTIONS, OBS_SIZE


def pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One random legal index per env (0 where the mask is empty: the autoreset step)."""
    actions = []
    for mask in masks:
        legal = np.flatnonzero(mask)
        actions.append(int(legal[rng.integers(len(legal))]) if len(legal) else 0)
    return np.array(actions)


@pytest.mark.parametrize("vector", [SyncVectorEnv, AsyncVectorEnv])
def test_gymnasium_vector_envs(vector):
    envs = vector([partial(make, "duel"), partial(make, "warehouse_ambush", side="vipers")])
    try:
        obs, infos = envs.reset(seed=[1, 2])
        assert obs.shape == (2, OBS_SIZE) and obs.dtype == np.float32
        rng = np.random.default_rng(0)
        ends = 0
        for _ in range(120):
            masks = infos["action_mask"]
            assert masks.shape == (2, N_ACTIONS)
            obs, _rewards, terminated, truncated, infos = envs.step(pick(masks, rng))
            ends += int(terminated.sum() + truncated.sum())
        assert ends > 0
    finally:
        envs.close()


def test_gymnasium_vector_envs_are_seeded():
    runs = []
    for _ in range(2):
        envs = SyncVectorEnv([partial(make, "duel")] * 2)
        obs, infos = envs.reset(seed=5)
        rng = np.random.default_rng(0)
        trace = [obs.copy()]
        for _ in range(40):
            obs, _rewards, *_, infos = envs.step(pick(infos["action_mask"], rng))
            trace.append(obs.copy())
        envs.close()
        runs.append(np.stack(trace))
    assert np.array_equal(runs[0], runs[1])


@pytest.mark.parametrize("vector", [DummyVecEnv, partial(SubprocVecEnv, start_method="fork")])
def test_sb3_vector_envs(vector):
    envs = vector([partial(make, "duel"), partial(make, "tunnel_melee")])
    try:
        envs.seed(3)
        obs = envs.reset()
        assert obs.shape == (2, OBS_SIZE)
        rng = np.random.default_rng(0)
        dones = 0
        for _ in range(100):
            masks = np.stack(envs.env_method("action_masks"))
            assert masks.dtype == bool and masks.shape == (2, N_ACTIONS)
            obs, _rewards, done, _infos = envs.step(pick(masks, rng))
            dones += int(done.sum())
        assert dones > 0
    finally:
        envs.close()
