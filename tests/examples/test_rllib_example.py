"""examples/rllib/masked_ppo.py in the virtualenv examples/rllib/run.sh makes (RLlib pins an older
Gymnasium than the main environment): run only when YZ_GYM_RLLIB_PYTHON names that venv's python."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON = os.environ.get("YZ_GYM_RLLIB_PYTHON")


@pytest.mark.skipif(
    not PYTHON, reason="set YZ_GYM_RLLIB_PYTHON to the python of examples/rllib/run.sh's venv"
)
def test_rllib_masked_ppo_trains_an_iteration() -> None:
    assert PYTHON is not None
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [PYTHON, str(ROOT / "examples" / "rllib" / "masked_ppo.py"), "--iterations", "1", "--batch", "128"],
        env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("iteration 1: "))
    assert int(line.split()[2]) >= 128  # env steps sampled: a whole batch
