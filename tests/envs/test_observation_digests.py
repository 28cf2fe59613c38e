"""Skirmish-v0's observations over a few hundred seeded random steps of every bundled zone fight,
kept as digests: a faster encoder (observation.py, vehicle_obs.py, hazard_obs.py) must write the
same float32 vectors, bit for bit, and the same masks.

Each scenario is played for `STEPS` learner decisions from seed 0 by random legal choices (the
others by the random agent, as the env's default); the digest is the SHA-256 of every observation's
bytes and every action mask's. A deliberate change of the observation regenerates with
  YZ_GYM_UPDATE_GOLDEN=1 python -m pytest tests/envs/test_observation_digests.py
and needs the task space version bump that a changed observation means (tests/golden/task_spaces.json)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import yz_gym  # noqa: F401  (registers Skirmish-v0)
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios

FIXTURE = Path(__file__).resolve().parent.parent / "golden" / "observation_digests.json"
STEPS = 300


def observation_digest(scenario: str, side: int, steps: int = STEPS) -> str:
    """SHA-256 of `steps` random-play observations and masks of `scenario`, learner on `side`."""
    env = gym.make("yz_gym/Skirmish-v0", scenario=scenario, side=side)
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(1)
    h = hashlib.sha256()
    for _ in range(steps):
        h.update(obs.tobytes())
        h.update(info["action_mask"].tobytes())
        legal = info["legal_actions"]
        obs, _, terminated, truncated, info = env.step(legal[int(rng.random() * len(legal))])
        if terminated or truncated:
            obs, info = env.reset()
    return h.hexdigest()


CASES = [(name, side) for name in bundled_scenarios() for side in (0, 1)]


@pytest.fixture(scope="module")
def golden() -> dict[str, str]:
    if os.environ.get("YZ_GYM_UPDATE_GOLDEN"):
        found = {f"{name}/{side}": observation_digest(name, side) for name, side in CASES}
        FIXTURE.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize(("name", "side"), CASES)
def test_observations_unchanged(golden: dict[str, str], name: str, side: int) -> None:
    assert observation_digest(name, side) == golden[f"{name}/{side}"], (
        f"{name} (learner side {side}): the observations or masks differ from the golden digests"
    )


def test_every_zone_fight_is_kept() -> None:
    assert sorted(json.loads(FIXTURE.read_text())) == sorted(f"{n}/{s}" for n, s in CASES)
