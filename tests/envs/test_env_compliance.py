"""Gymnasium's env checker on every bundled scenario; MaskablePPO trains on Skirmish-v0."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tests.envs.env_helpers import make


def test_check_env(scenario_name):
    # check_env steps with unmasked random actions, so the penalty mode is needed.
    env = make(scenario_name, illegal_action="penalty")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no checker warning either
        check_env(env.unwrapped)


def test_check_env_with_shaping_and_one_combatant():
    check_env(make("warehouse_ambush", combatant="Doc", reward_shaping=True, illegal_action="penalty").unwrapped)


def _train(steps: int, scenario: str, n_envs: int = 1):
    torch = pytest.importorskip("torch")
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from stable_baselines3.common.env_util import make_vec_env

    torch.set_num_threads(1)
    envs = make_vec_env(lambda: make(scenario), n_envs=n_envs, seed=0)
    model = sb3_contrib.MaskablePPO(
        "MlpPolicy", envs, n_steps=256, batch_size=128, n_epochs=2, seed=0, device="cpu",
        policy_kwargs={"net_arch": [64, 64]},
    )  # fmt: skip
    model.learn(steps)
    return model


def test_maskable_ppo_smoke():
    model = _train(2048, "duel")
    env = make("duel")
    obs, info = env.reset(seed=1)
    for _ in range(30):
        action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
        assert info["action_mask"][int(action)] == 1
        obs, _reward, terminated, truncated, info = env.step(int(action))
        if terminated or truncated:
            obs, info = env.reset()


@pytest.mark.slow
def test_maskable_ppo_longer_run_on_a_bigger_scenario():
    model = _train(40_000, "warehouse_ambush", n_envs=4)
    assert np.isfinite(model.logger.name_to_value.get("train/loss", 0.0))
