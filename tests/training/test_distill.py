"""Distillation of the search teacher: a tiny run end to end, the fit learning the labels, config errors."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from yz_gym.agents.model_files import load_model_file
from yz_gym.training.distill import Labels, fit, load_distill_config, main, train


def test_a_tiny_distillation_labels_fits_fine_tunes_and_writes_a_safe_model(tmp_path):
    config = load_distill_config("configs/training/distill_tiny.yaml", {"output": str(tmp_path / "run")})
    lines: list[str] = []
    final = train(config, log=lines.append)
    run = tmp_path / "run"
    budget = json.loads((run / "budget.json").read_text())
    assert budget["seats"] == ["ilsa", "brann"] and budget["timesteps"] == 256 and budget["labels"] > 0
    assert budget["cpu_minutes"] == pytest.approx(budget["distill_cpu_minutes"] + budget["ppo_cpu_minutes"], abs=0.02)
    assert "MaskablePPO" in budget["trainer"]
    assert sum(line.startswith("iteration ") for line in lines) == 2
    with np.load(run / "labels.npz", allow_pickle=False) as data:
        assert len(data["actions"]) == budget["labels"]
        assert data["masks"][np.arange(budget["labels"]), data["actions"]].all()  # every label is legal
        assert set(np.unique(data["results"])) <= {-1.0, 0.0, 1.0}
    rows = (run / "progress.csv").read_text().splitlines()
    assert {r.split(",")[1] for r in rows[1:]} >= {"tactical (ilsa)", "tactical (brann)"}
    model = load_model_file(final)
    assert (model.obs_size, model.n_actions) == (3854, 1037)


def test_the_fit_learns_the_teachers_labels():
    from sb3_contrib import MaskablePPO


    config = load_distill_config("configs/training/distill_tiny.yaml", {"distill": {"epochs": 60}})
    rng = np.random.default_rng(0)
    labels = Labels()
    rules = rng.integers(5, size=(8, 40))  # the teacher's pick depends on which of 8 patterns is seen
    for _ in range(400):
        pattern = int(rng.integers(8))
        obs = np.zeros(40, np.float32)
        obs[pattern * 5 : pattern * 5 + 5] = 1.0
        mask = np.zeros(40, bool)
        mask[rng.choice(40, 6, replace=False)] = True
        mask[rules[pattern, 0] * 8] = True
        labels.obs.append(obs)
        labels.masks.append(mask)
        labels.actions.append(int(rules[pattern, 0] * 8))
        labels.results.append(1.0)
        labels.searched.append(True)
    import gymnasium as gym

    class Shapes(gym.Env):  # type: ignore[type-arg]
        observation_space = gym.spaces.Box(0, 1, (40,), np.float32)
        action_space = gym.spaces.Discrete(40)

    model = MaskablePPO("MlpPolicy", Shapes(), policy_kwargs={"net_arch": [32]}, seed=0, device="cpu")
    before = fit(model, labels, config.model_copy(update={"distill": config.distill.model_copy(update={"epochs": 1})}))
    after = fit(model, labels, config)
    assert after["agreement"] == 1.0 and after["loss"] < before["loss"]


def test_config_errors_name_the_file_and_field(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nscenario: duel\ndistill: {opponents: [tactical, wizard]}\n")
    with pytest.raises(SystemExit) as exit_status:
        main([str(bad)])
    assert exit_status.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "distill.opponents[1]: unknown agent 'wizard'" in err
    bad.write_text("name: x\nscenario: duel\ndistill: {teacher: {rollouts: 1}}\n")
    with pytest.raises(SystemExit):
        main([str(bad)])
    assert "distill.teacher.rollouts" in capsys.readouterr().err
