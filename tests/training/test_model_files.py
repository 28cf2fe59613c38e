"""Shipped NPC models: .npz files that load without unpickling, checked against the manifest, and
refused with one line when damaged or trained on other spaces."""

from __future__ import annotations

import hashlib
import json
import pickle
import subprocess
import sys

import numpy as np
import pytest

from yz_gym.agents import make_agent
from yz_gym.agents.model_files import (
    FORMAT,
    ModelFileError,
    array_shapes,
    load_model_file,
    write_model_file,
)
from yz_gym.agents.shipped import MODELS_DIR, current_spaces, manifest, misfit


def tiny_model(path, obs_size=3854, n_actions=1037, hidden=8, seed=0, spaces=None):
    """A small random actor over a few observation values, trained on this yz_gym's fight spaces."""
    rng = np.random.default_rng(seed)
    indices = np.arange(0, obs_size, 50, dtype=np.int64)
    arrays = {
        "indices": indices,
        "layer0.weight": rng.normal(size=(hidden, len(indices))).astype(np.float32),
        "layer0.bias": np.zeros(hidden, np.float32),
        "action.weight": rng.normal(size=(n_actions, hidden)).astype(np.float32),
        "action.bias": np.zeros(n_actions, np.float32),
    }
    meta = {
        "format": FORMAT, "version": 1, "activation": "Tanh", "obs_size": obs_size, "n_actions": n_actions,
        "ruleset": "yze", "mode": "skirmish", "scenario": "duel", "seats": ["ilsa"],
        "spaces": current_spaces("yze", "skirmish") if spaces is None else spaces,
    }  # fmt: skip
    write_model_file(path, meta, arrays)
    return arrays


@pytest.fixture
def no_pickle(monkeypatch):
    """Any unpickling fails the test."""

    def refuse(*_args, **_kwargs):
        raise AssertionError("a model file was unpickled")

    for name in ("load", "loads", "Unpickler"):
        monkeypatch.setattr(pickle, name, refuse)


def test_a_model_file_loads_and_plays_without_unpickling(tmp_path, no_pickle):
    path = tmp_path / "m.npz"
    arrays = tiny_model(path)
    model = load_model_file(path, array_shapes(arrays))
    obs = np.random.default_rng(1).random(3854).astype(np.float32)
    mask = np.zeros(1037, bool)
    mask[[5, 17, 900]] = True
    action, _ = model.predict(obs, action_masks=mask)
    hidden = np.tanh(arrays["layer0.weight"] @ obs[arrays["indices"]] + arrays["layer0.bias"])
    logits = arrays["action.weight"] @ hidden + arrays["action.bias"]
    assert action == max((5, 17, 900), key=lambda i: logits[i])  # the best legal action, masked ones never
    from yz_gym.evaluation.runner import evaluate

    stats, _ = evaluate("duel", {"ilsa": str(path), "brann": "random"}, 4, seed=3)
    assert stats.games == 4


def test_the_loader_refuses_shapes_that_differ_from_the_manifest_in_one_line(tmp_path):
    path = tmp_path / "m.npz"
    shapes = array_shapes(tiny_model(path))
    shapes["layer0.weight"] = [16, shapes["layer0.weight"][1]]
    with pytest.raises(ModelFileError) as error:
        load_model_file(path, shapes)
    assert "differ from the manifest's at layer0.weight" in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda p: p.write_bytes(p.read_bytes()[:300]), "not a readable yz_gym model file"),
        (lambda p: p.write_bytes(b"\x80\x04K\x01." * 10), "not a readable yz_gym model file"),  # a pickle
        (lambda p: np.savez(p, meta=np.array("{}")), "no 'yz_gym.npc_model' meta"),
        (lambda p: np.savez(p, meta=np.array(["x"], dtype=object)), "not a readable yz_gym model file"),
    ],
)
def test_a_damaged_or_foreign_file_gives_one_line(tmp_path, no_pickle, damage, message):
    path = tmp_path / "m.npz"
    tiny_model(path)
    damage(path)
    with pytest.raises(ModelFileError) as error:
        load_model_file(path)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_arrays_that_do_not_chain_are_refused(tmp_path):
    path = tmp_path / "m.npz"
    arrays = tiny_model(path)
    arrays["action.weight"] = arrays["action.weight"][:, :4]
    meta = json.loads(str(np.load(path)["meta"]))
    write_model_file(path, meta, arrays)
    with pytest.raises(ModelFileError, match="action: weight \\[1037, 4\\] and bias \\[1037\\] do not take 8 inputs"):
        load_model_file(path)


def test_a_model_trained_on_other_spaces_is_refused_with_exit_2(tmp_path):
    path = tmp_path / "old.npz"
    tiny_model(path, spaces={"actions": 996, "observation": [[3566], "float32"], "layout_sha256": "0" * 64})
    assert "retrain it" in misfit(str(path), "yze", "skirmish")
    assert "plays yze skirmish games, not yze chase" in misfit(str(path), "yze", "chase")
    run = subprocess.run(
        [sys.executable, "-m", "yz_gym.cli", "evaluate", "duel", "-n", "2", "--policy", f"ilsa={path}"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "error: --policy: ilsa=" in run.stderr and "retrain it" in run.stderr


def test_a_damaged_file_named_on_the_command_line_gives_one_line_and_exit_2(tmp_path):
    path = tmp_path / "bad.npz"
    path.write_bytes(b"PK\x03\x04 not really a zip")
    run = subprocess.run(
        [sys.executable, "-m", "yz_gym.cli", "evaluate", "duel", "-n", "2", "--policy", f"ilsa={path}"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert f"{path}: not a readable yz_gym model file" in run.stderr


def test_every_shipped_model_matches_its_manifest_and_this_yz_gym(no_pickle):
    for name, entry in manifest().items():
        path = MODELS_DIR / entry["file"]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"], name
        model = load_model_file(path, entry["arrays"])
        assert (model.obs_size, model.n_actions) == (
            entry["spaces"]["observation"][0][0],
            entry["spaces"]["actions"],
        )
        assert misfit(name, entry["ruleset"], entry["mode"]) == "", name
        assert entry["training"]["cpu_hours"] > 0 and entry["training"]["config"].startswith("configs/training/")
        assert make_agent(name, 0).name == "policy"


def test_model_results_put_the_tactical_agent_in_the_same_seat_beside_the_model(tmp_path):
    from yz_gym.training.model_eval import evaluate_model, table, win_rate

    path = tmp_path / "m.npz"
    tiny_model(path)
    entry = {"name": str(path), "scenario": "duel", "seats": ["brann"]}
    stored = tmp_path / "baselines.json"
    rows = evaluate_model(entry, 6, 2024, 1, ("tactical",), log=lambda *_: None, baselines=stored)
    assert "duel brann vs tactical, 6 games, seed 2024" in json.loads(stored.read_text())
    assert [(r["seat"], r["opponent"], r["games"], r["seed"]) for r in rows] == [("brann", "tactical", 6, 2024)]
    assert rows[0]["tactical"]["win_rate"] == win_rate("duel", "brann", "tactical", "tactical", 6, 2024, 1)["win_rate"]
    assert rows[0]["beats_tactical"] == (rows[0]["low"] > rows[0]["tactical"]["high"])
    training = {"command": "python -m yz_gym.training.league c.yaml", "timesteps": 10, "cpu_minutes": 0.1,
                "cpu_hours": 0.002, "machine": "m", "commit": "abc"}  # fmt: skip
    text = table([{**entry, "name": "m", "task": "yz_gym/YZE-Duel-v1", "training": training, "results": rows}])
    assert "| brann | tactical | 6 (2024) |" in text and "## m (duel, seats: brann)" in text
