"""The difficulty rating (issue 18): easy / fair / hard / deadly from the party's chances that a PC
dies and that the whole party is knocked out, with the thresholds beside the numbers in every
evaluate report (text table, JSON, plot title)."""

from __future__ import annotations

import copy
import json

import pytest
from typer.testing import CliRunner

from yz_gym.cli import app
from yz_gym.evaluation.difficulty import THRESHOLDS, band, rate, thresholds_text
from yz_gym.evaluation.report import plot_title
from yz_gym.evaluation.runner import evaluate
from yz_gym.scenario.loading import load


@pytest.mark.parametrize(
    ("death", "knockout", "rating"),
    [
        (0.0, 0.0, "easy"),
        (0.0499, 0.0999, "easy"),
        (0.05, 0.0, "fair"),  # a limit is exclusive: 5% deaths is no longer easy
        (0.0, 0.10, "fair"),
        (0.1499, 0.2499, "fair"),
        (0.15, 0.0, "hard"),
        (0.0, 0.25, "hard"),
        (0.2999, 0.4999, "hard"),
        (0.30, 0.0, "deadly"),
        (0.0, 0.50, "deadly"),
        (1.0, 1.0, "deadly"),
    ],
)
def test_the_rating_is_the_worse_of_the_two_chances_bands(death, knockout, rating):
    assert band(death, knockout) == rating


def test_the_range_comes_from_both_intervals_ends_and_says_when_it_is_not_settled():
    settled = rate((0.20, 0.17, 0.23), (0.30, 0.27, 0.33))
    assert (settled.rating, settled.lowest, settled.highest, settled.settled) == ("hard", "hard", "hard", True)
    assert settled.label() == "hard"
    loose = rate((0.20, 0.10, 0.35), (0.30, 0.20, 0.40))
    assert (loose.lowest, loose.rating, loose.highest) == ("fair", "hard", "deadly")
    assert loose.label() == "hard (fair to deadly within the 95% intervals)"
    assert rate((0.2, 0.1, 0.2), (0.0, 0.0, 0.0)).label() == "hard (fair to hard within the 95% intervals)"


def test_the_thresholds_text_names_every_limit():
    text = thresholds_text()
    for rating, death, knockout in THRESHOLDS:
        assert f"{rating}: death < {100 * death:.0f}% and knockout < {100 * knockout:.0f}%" in text
    assert text.endswith("deadly: otherwise")


def test_evaluate_json_table_and_plot_show_the_rating_with_its_thresholds(tmp_path):
    out, plot = tmp_path / "r.json", tmp_path / "p.png"
    args = ["evaluate", "warehouse_ambush", "-n", "40", "-p", "crew=random", "-p", "vipers=random"]
    result = CliRunner().invoke(app, [*args, "--json", str(out), "--plot", str(plot)], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    stats, _ = evaluate("warehouse_ambush", {"crew": "random", "vipers": "random"}, 40)
    rated = stats.difficulty()
    assert rated is not None
    assert report["difficulty"]["rating"] == rated.rating == band(stats.pc_deaths / 40, stats.party_knockouts / 40)
    assert report["difficulty"]["any_pc_dies"]["probability"] == report["party"]["any_pc_dies"]["probability"]
    assert [t["rating"] for t in report["difficulty"]["thresholds"]] == ["easy", "fair", "hard"]
    row = next(line for line in result.stdout.splitlines() if "difficulty rating" in line)
    assert rated.label() in row
    assert thresholds_text() in result.stdout.replace("\n", " ")
    assert plot.stat().st_size > 10_000
    title = plot_title(stats)
    assert f"difficulty {rated.label()}: a PC dies {100 * stats.pc_deaths / 40:.1f}%" in title
    assert thresholds_text() in title


def test_a_scenario_without_pcs_has_no_rating():
    data = copy.deepcopy(load("duel").data)
    for entry in data["combatants"]:
        entry["pc"] = False
    stats, _ = evaluate(data, {}, 3)
    assert stats.difficulty() is None and stats.to_json()["difficulty"] is None
