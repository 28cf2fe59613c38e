"""The throughput benchmark runs (speed is reported by it, never asserted)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_benchmark_runs_briefly(capsys):
    spec = importlib.util.spec_from_file_location("env_throughput", ROOT / "benchmarks" / "env_throughput.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--seconds", "0.02", "--rounds", "1", "--scenario", "duel", "--scenario", "dx3_duel"]) == 0
    out = capsys.readouterr().out
    assert "CartPole-v1" in out and "Skirmish-v0 duel" in out and "x CartPole" in out
    assert "Dx3Fight-v0 dx3_duel" in out
    assert "us/step/comb." in out and "x connect_four" in out
    duel = next(line for line in out.splitlines() if line.startswith("Skirmish-v0 duel"))
    assert duel.split()[5] == "2"  # the duel's two combatants, then its cost per step per combatant
