"""examples/rllib/masked_ppo.py in the virtualenv examples/rllib/venv.sh makes (RLlib pins an older
Gymnasium than the main environment): runs when YZ_GYM_RLLIB_PYTHON names that venv's python, which
CI (.ci/run) always sets; under CI=true a missing venv fails instead of skipping."""

from __future__ import annotations

import itertools
import os
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON = os.environ.get("YZ_GYM_RLLIB_PYTHON")


def _train(iterations: int, batch: int) -> list[int]:
    """Run the example for `iterations` iterations of `batch` steps; the env steps sampled so far after each."""
    if not PYTHON:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("CI must run RLlib's example: set YZ_GYM_RLLIB_PYTHON (.ci/run makes the venv)")
        pytest.skip("set YZ_GYM_RLLIB_PYTHON to the python of examples/rllib/venv.sh's venv")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [PYTHON, str(ROOT / "examples" / "rllib" / "masked_ppo.py"), "--iterations", str(iterations)]
    for _ in range(2):  # Ray gives its node a fixed 30 s to start: on a loaded machine, once more
        done = subprocess.run(
            [*command, "--batch", str(batch)], env=env, capture_output=True, text=True, timeout=1800, check=False
        )
        if "The current node timed out during startup" not in done.stderr:
            break
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("iteration ")]
    assert [int(line.split()[1].rstrip(":")) for line in lines] == list(range(1, iterations + 1))
    return [int(line.split()[2]) for line in lines]


def test_rllib_masked_ppo_trains_an_iteration() -> None:
    assert _train(1, 128)[0] >= 128  # env steps sampled: a whole batch


@pytest.mark.slow
def test_rllib_masked_ppo_trains_a_few_thousand_steps() -> None:
    sampled = _train(4, 1000)
    assert all(a + 1000 <= b for a, b in itertools.pairwise(sampled)) and sampled[-1] >= 4000


def test_the_rllib_extra_pins_what_the_example_venv_installs() -> None:
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["rllib"]
    lines = (ROOT / "examples" / "rllib" / "requirements.txt").read_text().splitlines()
    pins = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert sorted(extra) == sorted([*pins, "torch>=1.13"])  # venv.sh installs torch first, pinned as CI pins it
    assert "gymnasium==1.2.2" in extra and "ray[rllib]==2.60.0" in extra
