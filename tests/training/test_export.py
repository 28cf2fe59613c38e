"""Policy export for game engines (training/export.py, `yz-gym export`): the ONNX file picks the SB3
policy's actions on 1,000 observations of real games, its JSON description locates the observation's
fields where the env writes them, and bad input is one `error:` line with nothing written."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")

import onnx
import onnxruntime as ort
import torch
from sb3_contrib import MaskablePPO
from typer.testing import CliRunner

import yz_gym  # noqa: F401  registers the ids
from yz_gym.agents.weights import save_weights
from yz_gym.cli import app
from yz_gym.tasks import space_signature
from yz_gym.training.export import OPSET, export
from yz_gym.training.features import active_features
from yz_gym.training.train_ppo import save_model

runner = CliRunner()
FIGHT = "yz_gym/YZE-StreetFirefight-v1"
CHASE = "yz_gym/YZE-Chase-CarVsMotorcycle-v1"
N_OBS = 1_000


@functools.cache
def tiny_model(task: str, prune: bool = False, activation: Any = torch.nn.Tanh) -> MaskablePPO:
    """A MaskablePPO on the task, trained a few hundred steps so its logits are a trained policy's
    (one per arguments: the tests only read it)."""
    env = gym.make(task)
    kwargs: dict[str, Any] = {"net_arch": [32, 16], "activation_fn": activation}
    if prune:
        from yz_gym.training.features import SelectFeatures

        indices = active_features("street_firefight", 0, games=6)
        kwargs.update(features_extractor_class=SelectFeatures, features_extractor_kwargs={"indices": indices})
    model = MaskablePPO(
        "MlpPolicy", env, seed=5, n_steps=128, batch_size=64, n_epochs=2, policy_kwargs=kwargs, device="cpu"
    )
    return model.learn(256)


def observations(task: str, n: int = N_OBS, seed: int = 11) -> tuple[np.ndarray, np.ndarray]:
    """`n` observations and their masks from games of the task, played by random legal actions."""
    env = gym.make(task)
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    seen, masks = [], []
    while len(seen) < n:
        seen.append(obs)
        masks.append(info["action_mask"])
        legal = np.flatnonzero(info["action_mask"])
        obs, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            obs, info = env.reset()
    return np.stack(seen).astype(np.float32), np.stack(masks).astype(np.float32)


def run_onnx(path: Path, obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    logits, action = session.run(["logits", "action"], {"observation": obs, "mask": masks})
    return logits, action


def check_same_choices(model: MaskablePPO, path: Path, obs: np.ndarray, masks: np.ndarray) -> None:
    """The ONNX file's actions are the SB3 policy's deterministic ones, and its logits the
    policy's, the masked-out ones at -inf."""
    logits, action = run_onnx(path, obs, masks)
    want, _ = model.predict(obs, action_masks=masks.astype(bool), deterministic=True)
    assert action.dtype == np.int64 and action.shape == (len(obs),)
    assert np.array_equal(action, want), f"{int((action != want).sum())} of {len(obs)} choices differ"
    assert masks[np.arange(len(obs)), action].all()  # every choice is legal
    with torch.no_grad():
        dist = model.policy.get_distribution(torch.as_tensor(obs))
        raw = dist.distribution.logits.numpy()  # normalised log-probabilities: equal up to a row constant
    legal = masks > 0.5
    assert np.isneginf(logits[~legal]).all() and np.isfinite(logits[legal]).all()
    expect = np.where(legal, raw, -np.inf)
    shifted = logits - logits.max(axis=1, keepdims=True)
    expect -= expect.max(axis=1, keepdims=True)
    assert np.allclose(shifted[legal], expect[legal], atol=1e-5)


@pytest.mark.parametrize(
    ("task", "prune", "activation"),
    [(FIGHT, False, torch.nn.Tanh), (FIGHT, True, torch.nn.ReLU), (CHASE, False, torch.nn.Tanh)],
    ids=["fight", "fight-pruned-relu", "chase"],
)
def test_the_onnx_policy_picks_the_sb3_actions_on_1000_observations(task, prune, activation, tmp_path):
    model = tiny_model(task, prune, activation)
    weights = save_weights(model, tmp_path / "npc.pth")
    onnx_path, sidecar = export(weights, tmp_path / "npc.onnx", task=task)
    assert sidecar == tmp_path / "npc.json"
    obs, masks = observations(task)
    assert len({int(m.sum()) for m in masks}) > 3 and len(np.unique(obs, axis=0)) > N_OBS // 2  # real variety
    check_same_choices(model, onnx_path, obs, masks)
    loaded = onnx.load(str(onnx_path))
    assert loaded.opset_import[0].version == OPSET
    assert {p.key: p.value for p in loaded.metadata_props}["task"] == task


def test_the_model_zip_exports_the_same_file_only_with_load_model(tmp_path):
    model = tiny_model(FIGHT)
    zipped = save_model(model, tmp_path / "npc.zip")
    weights = save_weights(model, tmp_path / "npc.pth")
    refused = runner.invoke(app, ["export", str(zipped), "--onnx", str(tmp_path / "a.onnx")])
    assert refused.exit_code == 2 and "--load-model" in refused.output and "pickle" in refused.output
    assert not list(tmp_path.glob("a.*"))
    done = runner.invoke(app, ["export", str(zipped), "--onnx", str(tmp_path / "a.onnx"), "--load-model"])
    assert done.exit_code == 0, done.output
    export(weights, tmp_path / "b.onnx")
    assert (tmp_path / "a.onnx").read_bytes() == (
        tmp_path / "b.onnx"
    ).read_bytes()  # not traced: the same bytes


def test_the_description_locates_the_fields_the_env_writes(tmp_path):
    weights = save_weights(tiny_model(FIGHT), tmp_path / "npc.pth")
    result = runner.invoke(app, ["export", str(weights), "--onnx", str(tmp_path / "npc.onnx")])
    assert result.exit_code == 0, result.output
    description = json.loads((tmp_path / "npc.json").read_text())
    assert description["task"] == "yz_gym/Skirmish-v0"  # no --task: the game's generic env
    env = gym.make(FIGHT)
    assert description["spaces"] == space_signature(env)
    layout = description["observation"]
    fields = {f["name"]: f for f in layout["fields"]}
    at = 0
    for f in layout["fields"]:  # the fields tile the vector
        assert f["offset"] == at
        at += f["size"]
    assert at == layout["size"] == env.observation_space.shape[0]
    assert len(description["actions"]["labels"]) == env.action_space.n == description["actions"]["count"]

    def value(obs: np.ndarray, name: str, row: int, column: str) -> float:
        """What a game reads or writes: a table cell by field, row and column name."""
        f = fields[name]
        rows, columns = f["rows"], f["columns"]
        col = columns.index(column)
        index = f["offset"] + (row * len(columns) + col if f["order"] == "row-major" else col * rows + row)
        return float(obs[index])

    obs, info = env.reset(seed=3)
    state, me = env.unwrapped.state, env.unwrapped._viewer
    people, zones = state.combatants, state.setup.zone_map.zones
    decision = fields["decision"]
    assert obs[decision["offset"] + decision["labels"].index(info["decision"])] == 1.0
    assert sum(
        value(obs, "combatants_static", r, "used") for r in range(fields["combatants"]["rows"])
    ) == len(people)
    assert sum(value(obs, "zones_static", z, "used") for z in range(fields["zones"]["rows"])) == len(zones)
    here = [
        z for z in range(fields["zones"]["rows"]) if value(obs, "zones", z, "observer_here")
    ]  # field-major
    assert here == [people[me].zone]
    assert value(obs, "combatants", 0, f"zone.{people[me].zone}") == 1.0
    assert value(obs, "combatants", 0, "health") == pytest.approx(people[me].health / people[me].max_health)


def test_bad_input_is_one_line_and_writes_nothing(tmp_path):
    weights = save_weights(tiny_model(FIGHT), tmp_path / "npc.pth")
    garbage = tmp_path / "garbage.pth"
    garbage.write_bytes(b"\x80\x04not a weights file")
    (tmp_path / "folder.onnx").mkdir()
    cases = [
        ([str(garbage), "--onnx", str(tmp_path / "x.onnx")], "garbage.pth"),
        ([str(tmp_path / "missing.pth"), "--onnx", str(tmp_path / "x.onnx")], "missing.pth"),
        ([str(weights), "--onnx", str(tmp_path / "x.onx")], "--onnx"),
        ([str(weights), "--onnx", str(tmp_path / "folder.onnx")], "--onnx"),
        ([str(weights), "--onnx", str(tmp_path / "no" / "x.onnx")], "--onnx"),
        ([str(weights), "--onnx", str(tmp_path / "x.onnx"), "--task", CHASE], "--task"),
        ([str(weights), "--onnx", str(tmp_path / "x.onnx"), "--task", "yz_gym/Nothing-v9"], "--task"),
    ]
    for args, named in cases:
        result = runner.invoke(app, ["export", *args])
        assert result.exit_code == 2, (args, result.output)
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error:") and named in lines[0], (args, result.output)
    assert not list(tmp_path.glob("x.*")) and not (tmp_path / "no").exists()
