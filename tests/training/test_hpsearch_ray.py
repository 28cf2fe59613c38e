"""The hyperparameter search's trials as Ray tasks, on a local Ray of two CPUs."""

from __future__ import annotations

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("optuna")
ray = pytest.importorskip("ray")

import optuna  # noqa: E402

from yz_gym.training.hpsearch import load_search_config, search  # noqa: E402


def test_the_tiny_search_runs_its_trials_as_ray_tasks(tmp_path):
    config = load_search_config(
        "configs/training/hpsearch_tiny.yaml",
        {"output": str(tmp_path / "run"), "report": str(tmp_path / "hpsearch.md"), "backend": "ray",
         "ray": {"num_cpus": 2, "concurrent": 2}},
    )  # fmt: skip
    lines: list[str] = []
    try:
        search(config, "python -m yz_gym.training.hpsearch configs/training/hpsearch_tiny.yaml --backend ray", lines.append)
    finally:
        ray.shutdown()
    study = optuna.load_study(study_name="hpsearch_tiny", storage=f"sqlite:///{tmp_path / 'run' / 'study.db'}")
    trials = study.get_trials()
    assert [t.state.name for t in trials] == ["COMPLETE", "COMPLETE"]
    assert all(t.user_attrs["steps"] == 512 and t.user_attrs["cpu_minutes"] > 0 for t in trials)
    assert "stopped: max_trials reached (2)" in lines
    assert "backend ray" in (tmp_path / "hpsearch.md").read_text()
    assert (tmp_path / "run" / "trial_001" / "final.npz").exists()  # written by the Ray worker
