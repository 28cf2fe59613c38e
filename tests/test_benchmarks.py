"""Every benchmark script still runs (their figures are read by hand, never asserted)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}  # this tree's yz_gym, whatever is installed


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_benchmark_imports_and_explains_itself(script):
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120, env=ENV)
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


def test_agent_speed_plays_a_few_games():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "agent_speed.py"), "--scenario", "duel", "--games", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        env=ENV,
    )
    assert done.returncode == 0, done.stderr
    assert "duel: 3 games in" in done.stdout and "games/s" in done.stdout
