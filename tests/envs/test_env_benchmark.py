"""The throughput benchmark runs (speed is reported by it, never asserted)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _benchmark():
    """benchmarks/env_throughput.py as a module."""
    spec = importlib.util.spec_from_file_location("env_throughput", ROOT / "benchmarks" / "env_throughput.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_benchmark_runs_briefly(capsys):
    module = _benchmark()
    assert module.main(["--seconds", "0.02", "--rounds", "1", "--scenario", "duel", "--scenario", "dx3_duel"]) == 0
    out = capsys.readouterr().out
    assert "CartPole-v1" in out and "Skirmish-v0 duel" in out and "x CartPole" in out
    assert "Dx3Fight-v0 dx3_duel" in out
    assert "us/step/comb." in out and "x connect_four" in out
    duel = next(line for line in out.splitlines() if line.startswith("Skirmish-v0 duel"))
    assert duel.split()[5] == "2"  # the duel's two combatants, then its cost per step per combatant


def test_env_benchmark_times_the_parts_of_a_step(capsys):
    module = _benchmark()
    listing, observing = module.part_costs("duel", decisions=20, repeats=1)
    assert listing > 0 and observing > 0
    assert module.main(["--seconds", "0.02", "--rounds", "1", "--scenario", "duel", "--parts"]) == 0
    out = capsys.readouterr().out.splitlines()
    header = out.index(next(line for line in out if line.startswith("parts of a step")))
    row = out[header + 1].split()
    assert row[:2] == ["Skirmish-v0", "duel"] and float(row[2]) > 0 and float(row[3]) > 0
