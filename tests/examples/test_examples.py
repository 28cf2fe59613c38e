"""The adapter examples of examples/ run: a few hundred steps here, a few thousand with -m slow. Each
test skips when its optional package is missing (the `train` and `torchrl` extras install them)."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> ModuleType:
    """An examples/ file imported as a module."""
    spec = importlib.util.spec_from_file_location(f"examples_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _cleanrl(steps: int, env_id: str) -> None:
    pytest.importorskip("torch")
    ppo = example("cleanrl_masked_ppo")
    args = ppo.parse(["--env-id", env_id, "--total-timesteps", str(steps), "--num-envs", "2",
                      "--num-steps", "64", "--update-epochs", "2"])  # fmt: skip
    result = ppo.train(args)
    assert result["steps"] >= steps and result["episodes"] > 0
    assert -1.0 <= result["mean_return"] <= 1.0 and not math.isnan(result["mean_return"])


def test_the_cleanrl_style_masked_ppo_runs() -> None:
    _cleanrl(256, "yz_gym/YZE-Duel-v1")


@pytest.mark.slow
def test_the_cleanrl_style_masked_ppo_runs_longer() -> None:
    _cleanrl(4096, "yz_gym/YZE-Chase-MarketFoot-v1")


def _torchrl(steps: int) -> None:
    pytest.importorskip("torchrl")
    tr = example("torchrl_masked")
    played = tr.gym_rollout("yz_gym/YZE-WarehouseAmbush-v1", steps)
    assert played["steps"] == steps and played["episodes"] > 0
    assert played["legal"] == 1.0  # the ActionMask transform keeps random actions legal
    for module, scenario in (("multiagent", "duel"), ("chase_multiagent", "chase_market_foot")):
        assert tr.pettingzoo_rollout(module, scenario, steps)["steps"] == steps


def test_the_torchrl_wrappers_run_with_the_mask() -> None:
    _torchrl(300)


@pytest.mark.slow
def test_the_torchrl_wrappers_run_longer() -> None:
    _torchrl(3000)
