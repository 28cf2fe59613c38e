"""Shared helpers of the env tests: random legal play and episode fingerprints."""

from __future__ import annotations

import hashlib
from typing import Any

import gymnasium as gym
import numpy as np

import yz_gym  # noqa: F401  (registers the env ids)

ENV_ID = "yz_gym/Skirmish-v0"


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniformly random index among those the mask allows."""
    legal = np.flatnonzero(mask)
    assert len(legal) > 0, "empty action mask on a live decision"
    return int(legal[rng.integers(len(legal))])


def fingerprint(env: gym.Env, seed: int, steps: int, policy_seed: int = 0, reset: bool = True) -> str:
    """A digest of `steps` steps of random legal play (observations, rewards, ends)."""
    digest = hashlib.sha256()
    rng = np.random.default_rng(policy_seed)
    if reset:
        obs, info = env.reset(seed=seed)
    else:
        obs, info = env.unwrapped._obs, {"action_mask": env.unwrapped._mask}
    digest.update(obs.tobytes())
    for _ in range(steps):
        obs, reward, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        digest.update(obs.tobytes())
        digest.update(np.float64(reward).tobytes())
        digest.update(bytes([terminated, truncated]))
        if terminated or truncated:
            obs, info = env.reset()
            digest.update(obs.tobytes())
    return digest.hexdigest()


def make(scenario: Any = "duel", **kwargs: Any) -> gym.Env:
    """gymnasium.make of Skirmish-v0."""
    return gym.make(ENV_ID, scenario=scenario, **kwargs)
