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


def test_compare_trees_measures_each_tree_in_its_own_process_and_gives_the_ratios():
    script = str(ROOT / "benchmarks" / "compare_trees.py")
    options = ["--scenario", "duel", "--seconds", "0.05", "--rounds", "2", "--cartpole"]
    done = subprocess.run(
        [sys.executable, script, str(ROOT), str(ROOT), *options],
        capture_output=True,
        text=True,
        timeout=300,
        env=ENV,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert sum(line.startswith("tree ") and f"[{ROOT}]" in line for line in lines) == 2  # each imported this tree
    rows = [line.split() for line in lines if line.startswith("duel ")]
    assert [row[1] for row in rows] == ["0", "1"]
    assert rows[0][4] == "1.000" and float(rows[1][4]) > 0  # the first tree is the reference
    assert any(line.startswith("CartPole-v1 ") for line in lines)


def test_compare_trees_refuses_a_folder_that_is_not_a_source_tree(tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "compare_trees.py"), str(ROOT), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=ENV,
    )
    assert done.returncode == 2 and "not a yz_gym source tree" in done.stderr
