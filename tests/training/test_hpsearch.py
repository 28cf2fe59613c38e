"""The budgeted hyperparameter search: storage, results table, budget, pruner, seeding and bad configs."""

from __future__ import annotations

import csv

import pytest
import yaml

pytest.importorskip("sb3_contrib")
pytest.importorskip("optuna")

import optuna

from yz_gym.training.hpsearch import Coordinator, load_search_config, main, search

TINY = "configs/training/hpsearch_tiny.yaml"


def tiny(tmp_path, **overrides):
    """The tiny search config, writing into tmp_path."""
    return load_search_config(TINY, {"output": str(tmp_path / "run"), "report": str(tmp_path / "hpsearch.md"), **overrides})


def test_the_tiny_search_stores_its_study_and_writes_the_table_and_a_resumed_run_respects_the_budget(tmp_path):
    config = tiny(tmp_path)
    lines: list[str] = []
    report = search(config, "python -m yz_gym.training.hpsearch " + TINY, log=lines.append)
    study = optuna.load_study(study_name="hpsearch_tiny", storage=f"sqlite:///{tmp_path / 'run' / 'study.db'}")
    trials = study.get_trials()
    assert [t.state.name for t in trials] == ["COMPLETE", "COMPLETE"]  # max_trials: 2
    assert all(t.user_attrs["steps"] == 512 and t.user_attrs["cpu_minutes"] > 0 for t in trials)
    assert set(trials[0].params) == {"learning_rate", "n_steps", "batch_size", "ent_coef", "clip_range", "gamma", "net_width"}
    assert trials[0].params != trials[1].params
    assert "stopped: max_trials reached (2)" in lines
    rows = list(csv.DictReader((tmp_path / "run" / "trials.csv").open()))
    assert [r["trial"] for r in rows] == ["0", "1"] and (tmp_path / "hpsearch_tiny_trials.csv").exists()
    text = report.read_text()
    assert f"Command: `python -m yz_gym.training.hpsearch {TINY}`" in text
    assert "Budget: 10 CPU-minutes (each trial 1)" in text and "Best: trial " in text
    assert text.count("| complete |") == 2 and "<!-- hpsearch_tiny: end -->" in text

    # Resumed with a spent budget: the study is read back and no trial starts.
    resumed = tiny(tmp_path, budget_cpu_minutes=0.001, max_trials=5)
    lines.clear()
    search(resumed, "again", log=lines.append)
    assert len(study.get_trials()) == 2
    assert any(line.startswith("stopped: CPU budget spent") for line in lines)
    assert report.read_text().count("<!-- hpsearch_tiny: begin -->") == 1  # the section was replaced


def test_the_budget_stops_starting_trials(tmp_path):
    lines: list[str] = []
    search(tiny(tmp_path, budget_cpu_minutes=0.001, max_trials=5), "tiny budget", log=lines.append)
    assert sum(line.endswith("CPU-minutes") for line in lines) == 1  # one trial spent it
    assert any(line.startswith("stopped: CPU budget spent") for line in lines)


def test_the_median_pruner_stops_a_trial_below_the_earlier_ones(tmp_path):
    coordinator = Coordinator(tiny(tmp_path))  # n_startup_trials: 1
    number, _ = coordinator.ask()
    assert not coordinator.report(number, 256, 0.75)
    coordinator.finish({"number": number, "state": "complete", "score": 0.75, "steps": 512, "cpu_minutes": 0.1, "error": ""})
    worse, _ = coordinator.ask()
    assert coordinator.report(worse, 256, 0.25)
    coordinator.finish({"number": worse, "state": "pruned", "score": 0.25, "steps": 256, "cpu_minutes": 0.05, "error": ""})
    rows = coordinator.table_rows()
    assert [(r["state"], r["score"]) for r in rows] == [("complete", 0.75), ("pruned", 0.25)]
    assert coordinator.spent() == pytest.approx(0.15)


def test_the_sampler_is_seeded(tmp_path):
    first = Coordinator(tiny(tmp_path / "a")).ask()[1]
    assert Coordinator(tiny(tmp_path / "b")).ask()[1] == first
    assert Coordinator(tiny(tmp_path / "c", seed=1)).ask()[1] != first
    resumed = Coordinator(tiny(tmp_path / "a"))  # the study holds the first trial (left running: now failed)
    assert resumed.study.get_trials()[0].state.name == "FAIL"
    assert resumed.ask()[1] != first  # a resumed study does not ask for the same knobs again


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("budget_cpu_minutes: -1", "budget_cpu_minutes"),
        ("league: configs/training/nope.yaml", "league: no file"),
        ("score: {opponent: tactful}", "score.opponent[0]"),
        ("space: {learning_rate: {low: 0.01, high: 0.001}}", "space.learning_rate"),
        ("space: {n_steps: [4]}", "space.n_steps[0]"),
        ("backend: spark", "backend"),
    ],
)
def test_a_bad_config_exits_2_with_one_line_naming_the_field(tmp_path, capsys, text, field):
    good = {"name": "bad", "league": "configs/training/league_tiny.yaml", "budget_cpu_minutes": 1, "trial_cpu_minutes": 1}
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump({**good, **yaml.safe_load(text)}))
    with pytest.raises(SystemExit) as stop:
        main([str(bad)])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith(f"error: {bad}: ") and field in err
