"""Training end to end on a tiny budget: MaskablePPO, self-play snapshots, evaluation, resume."""

from __future__ import annotations

import csv
import subprocess
import sys

import pytest

pytest.importorskip("sb3_contrib")

from yz_gym.agents import make_agent
from yz_gym.evaluation.runner import evaluate
from yz_gym.io import OutputError
from yz_gym.training.train_ppo import ConfigError, load_config, main, train


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

    killed = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True)
    stale = [  # what a run killed while checkpointing leaves: temporaries of a dead process
        run / "checkpoints" / f".latest.zip.{int(killed.stdout)}.a1b2c3d4.tmp",
        run / "pool" / f".snapshot_000000256.zip.{int(killed.stdout)}.e5f6g7h8.tmp",
    ]
    for path in stale:
        path.write_bytes(b"PK half a zip")
    resumed = load_config(
        "configs/training/tiny.yaml", {"output": str(tmp_path / "run"), "total_timesteps": 512}
    )
    train(resumed, resume=True, log=lambda *_: None)
    with (run / "progress.csv").open() as handle:
        steps = [int(row["timesteps"]) for row in csv.DictReader(handle)]
    assert steps[0] == 256 and steps[-1] == 512, steps  # the resumed run continued the count
    assert not [path for path in stale if path.exists()], "stale temporaries survived the resume"

    agent = make_agent(f"model:{final}", 0)
    assert agent.name == "policy"
    stats, _ = evaluate("duel", {"ilsa": f"model:{final}"}, 6, seed=1)
    shared, _ = evaluate("duel", {"ilsa": f"weights:{run / 'final.pth'}"}, 6, seed=1)
    assert stats.games == 6 and shared.to_json() == stats.to_json()  # the same policy, the same games


def test_an_unwritable_output_folder_fails_before_training(tmp_path, capsys):
    bad = {"output": "/proc/yz_gym_run", "total_timesteps": 256}  # read-only, even for root
    with pytest.raises(OutputError, match=r"output \(--output\): cannot write in folder /proc"):
        train(load_config("configs/training/tiny.yaml", bad), log=lambda *_: None)
    (tmp_path / "file").write_text("")
    with pytest.raises(SystemExit) as exit_status:
        main(["--config", "configs/training/tiny.yaml", "--output", str(tmp_path / "file" / "run")])
    assert exit_status.value.code == 2
    error_lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("error:")]
    assert len(error_lines) == 1 and "output (--output)" in error_lines[0], error_lines
    assert "is a file, not a folder" in error_lines[0]


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

    from yz_gym.training.features import SelectFeatures, active_features

    indices = active_features("duel", 0, games=6)
    assert indices == sorted(set(indices)) and 20 < len(indices) < 1000
    space = Box(0, 1, (max(indices) + 5,), np.float32)
    batch = torch.rand(3, space.shape[0])
    picked = SelectFeatures(space, indices)(batch)
    assert picked.shape == (3, len(indices)) and torch.equal(picked[:, 0], batch[:, indices[0]])


def test_a_tiny_dx3_run_trains_on_the_dx3_env_and_evaluates_through_it(tmp_path):
    config = load_config("configs/training/dx3_tiny.yaml", {"output": str(tmp_path / "dx3")})
    final = train(config, log=lambda *_: None)
    from sb3_contrib import MaskablePPO

    from yz_gym.envs.dx3_encoding import DX3_OBS_SIZE, N_DX3_ACTIONS

    model = MaskablePPO.load(str(final), device="cpu")
    assert model.observation_space.shape == (DX3_OBS_SIZE,) and model.action_space.n == N_DX3_ACTIONS
    with (tmp_path / "dx3" / "progress.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [int(r["timesteps"]) for r in rows] == [128, 256] and {r["opponent"] for r in rows} == {"random"}
    assert all(0.0 <= float(r["win_rate"]) <= 1.0 for r in rows)
    # the trained model plays its side through --policy (agents/policy.py reads DX3 fights)
    from typer.testing import CliRunner

    from yz_gym.cli import app

    played = CliRunner().invoke(app, ["evaluate", "dx3_duel", "-n", "2", "-w", "1", "-p", f"ugn=model:{final}"])
    assert played.exit_code == 0, played.output
    assert f"ugn: model:{final} (--policy)" in " ".join(played.output.split())
    logged = CliRunner().invoke(app, ["log", "dx3_duel", "--seed", "3", "-p", f"ugn=model:{final}"])
    assert logged.exit_code == 0 and "Kaito" in logged.output and "The fight ends" in logged.output
    fights, _ = evaluate("dx3_duel", {"ugn": f"model:{final}", "fh": "dx3_aggressive"}, 2, 5)
    assert fights.games == 2


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ({"self_play": {"scripted": ["aggressive"]}}, r"self_play.scripted\[0\]: 'aggressive' does not play dx3 skirmish"),
        ({"eval": {"against": ["tactical"]}}, r"eval.against\[0\]: 'tactical' does not play dx3 skirmish"),
        ({"self_play": {"scripted": ["random"], "snapshot_every": 100}}, r"self_play.snapshot_every: not available for dx3"),
        ({"ppo": {"prune_inputs": True}}, r"ppo.prune_inputs: not available for dx3"),
        ({"side": "pcs"}, r"side: no side named 'pcs'; sides: ugn, fh"),
    ],
)
def test_a_dx3_config_names_what_does_not_fit_the_game(override, message):
    with pytest.raises(ConfigError, match=message):
        load_config("configs/training/dx3_tiny.yaml", override)
