"""`yz-gym evaluate` on chases: escape and catch chances with Wilson intervals, endings, wrecks."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from yz_gym.cli import app
from yz_gym.evaluation.runner import evaluate, play_game
from yz_gym.evaluation.stats import wilson_interval
from yz_gym.rulesets.yze.chase.state import ChaseScenario
from yz_gym.rulesets.yze.scenario.chase_builder import bundled_chases
from yz_gym.scenario import load
from yz_gym.scenario.files import SCENARIO_DIR

runner = CliRunner()


def test_chase_files_are_recognised_by_their_mode():
    assert all(isinstance(load(name).scenario, ChaseScenario) for name in bundled_chases())
    assert isinstance(load(str(SCENARIO_DIR / "chase_market_foot.yaml")).scenario, ChaseScenario)
    assert not isinstance(load("duel").scenario, ChaseScenario)
    assert not isinstance(load(str(SCENARIO_DIR / "duel.yaml")).scenario, ChaseScenario)


def test_a_chase_evaluation_reports_escape_catch_endings_and_wrecks():
    stats, interrupted = evaluate("chase_car_vs_motorcycle", {}, 150, seed=1)
    assert not interrupted and stats.games == 150
    report = stats.to_json()
    chase = report["chase"]
    assert chase["pursuer"] == "police" and chase["prey"] == ["courier"]
    assert sum(e["count"] for e in chase["endings"].values()) == 150
    escape, catch = chase["escape_probability"], chase["catch_probability"]
    assert 0 < escape < 1 and 0 < catch < 1 and escape + catch <= 1
    wins = report["sides"]["courier"]["win_probability"] * 150
    assert chase["escape_ci95"] == list(wilson_interval(round(wins), 150))
    assert chase["catch_probability"] == report["sides"]["police"]["win_probability"]
    assert [v["name"] for v in chase["vehicles"]] == ["Patrol car", "Motorcycle"]
    assert chase["wrecks_per_game"] == sum(v["p_wrecked"] for v in chase["vehicles"])
    # the zone-fight keys are all still there
    assert {
        "schema_version",
        "scenario",
        "games",
        "sides",
        "draws",
        "timeouts",
        "rounds",
        "combatants",
    } <= set(report)
    assert "chase" not in evaluate("duel", {}, 5)[0].to_json()


def test_chase_results_do_not_depend_on_workers_and_default_to_natural_agents():
    one, _ = evaluate("chase_market_foot", {}, 120, seed=3, workers=1)
    two, _ = evaluate("chase_market_foot", {}, 120, seed=3, workers=2)
    assert one.to_json() == two.to_json()
    natural, _ = evaluate("chase_market_foot", {"watch": "cutoff", "thief": "flee"}, 120, seed=3)
    assert natural.to_json() == one.to_json()
    scenario = load("chase_market_foot").scenario
    summary = play_game(scenario, {"watch": "random", "thief": "hider"}, 0, 0)
    assert summary.ending in ("escaped", "caught", "wrecked", "timeout", "combat", "none")


def test_evaluate_command_on_a_chase(tmp_path):
    out = tmp_path / "chase.json"
    result = runner.invoke(
        app, ["evaluate", "chase_helicopter_pickup", "-n", "40", "-p", "smugglers=hider", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "escape (prey wins the chase)" in result.output and "Hawk One" in result.output
    assert "played by:" in result.output and "smugglers: hider (--policy)" in result.output
    report = json.loads(out.read_text())
    assert report["games"] == 40 and report["policies"] == {"smugglers": "hider"}
    assert set(report["chase"]["endings"]) == {"escaped", "caught", "wrecked", "timeout", "combat", "none"}
    bad = runner.invoke(app, ["evaluate", "chase_market_foot", "-p", "police=flee"])
    assert bad.exit_code == 2 and "no side named 'police'" in bad.output
