"""Training end to end on a tiny budget: MaskablePPO, self-play snapshots, evaluation, resume."""

from __future__ import annotations

import csv

import pytest

pytest.importorskip("sb3_contrib")

from agents import make_agent
from training.train_ppo import ConfigError, load_config, train
from yz_gym.evaluation.runner import evaluate


def test_tiny_training_run_checkpoints_resumes_and_yields_an_agent(tmp_path):
    config = load_config(
        "configs/training/tiny.yaml", {"output": str(tmp_path / "run"), "total_timesteps": 256}
    )
    final = train(config, log=lambda *_: None)
    run = tmp_path / "run"
    assert final.exists() and (run / "checkpoints" / "latest.zip").exists()
    assert (run / "final.pth").exists()  # the weights-only copy
    assert list((run / "pool").glob("snapshot_*.zip")), "self-play snapshot missing"
    assert (run / "learning_curve.png").read_bytes()[:4] == b"\x89PNG"
    assert not list(run.rglob("*.tmp")), "a half-written file was left behind"

    resumed = load_config(
        "configs/training/tiny.yaml", {"output": str(tmp_path / "run"), "total_timesteps": 512}
    )
    train(resumed, resume=True, log=lambda *_: None)
    with (run / "progress.csv").open() as handle:
        steps = [int(row["timesteps"]) for row in csv.DictReader(handle)]
    assert steps[0] == 256 and steps[-1] == 512, steps  # the resumed run continued the count

    agent = make_agent(f"model:{final}", 0)
    assert agent.name == "policy"
    stats, _ = evaluate("duel", {"ilsa": f"model:{final}"}, 6, seed=1)
    shared, _ = evaluate("duel", {"ilsa": f"weights:{run / 'final.pth'}"}, 6, seed=1)
    assert stats.games == 6 and shared.to_json() == stats.to_json()  # the same policy, the same games


def test_config_errors_name_the_file_and_field(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nscenario: duel\nppo: {learning_rat: 0.1}\n")
    with pytest.raises(
        ConfigError, match=r"bad.yaml: ppo.learning_rat: unknown key 'learning_rat'; did you mean"
    ):
        load_config(bad)
    with pytest.raises(ConfigError, match="no such training config file"):
        load_config(tmp_path / "missing.yaml")


def test_pruned_inputs_keep_the_values_the_scenario_sets():
    import numpy as np
    import torch
    from gymnasium.spaces import Box

    from training.features import SelectFeatures, active_features

    indices = active_features("duel", 0, games=6)
    assert indices == sorted(set(indices)) and 20 < len(indices) < 1000
    space = Box(0, 1, (max(indices) + 5,), np.float32)
    batch = torch.rand(3, space.shape[0])
    picked = SelectFeatures(space, indices)(batch)
    assert picked.shape == (3, len(indices)) and torch.equal(picked[:, 0], batch[:, indices[0]])
