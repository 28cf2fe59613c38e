"""search_ceiling's command line: the searcher's settings reach the SearchAgent, the tally prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from yz_gym.agents import search
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.training import search_ceiling


def test_margin_reaches_the_searcher_and_every_game_is_tallied(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    made: list[dict[str, Any]] = []
    original = search.SearchAgent.__init__

    def record(self: search.SearchAgent, *args: Any, **kwargs: Any) -> None:
        made.append(kwargs)
        original(self, *args, **kwargs)

    monkeypatch.setattr(search.SearchAgent, "__init__", record)
    search_ceiling.main(
        ["--scenario", "duel", "--opponent", "random", "--games", "2", "--every", "1",
         "--rollouts", "2", "--max-rollouts", "2", "--margin", "1.5", "--first", "3", "--out", str(tmp_path / "w.json")]
    )  # fmt: skip
    assert [m["margin"] for m in made] == [1.5, 1.5]
    assert [m["rollouts"] for m in made] == [2, 2]
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1 games: ilsa win") and lines[1].startswith("2 games: ilsa win")
    assert all("s a game)" in line for line in lines[:2])
    saved = json.loads((tmp_path / "w.json").read_text())
    assert saved["first"] == 3 and len(saved["winners"]) == 2 and saved["search"]["margin"] == 1.5
    replayed = [
        search_ceiling.play(load_scenario("duel"), 0, "random", game, 2024, saved["search"])
        for game in (3, 4)
    ]
    assert replayed == saved["winners"]  # game i is the same game whether a run starts at 0 or at 3


def test_baseline_plays_the_rollout_agent_in_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario("duel")
    settings = {"rollouts": 2, "max_rollouts": 2, "rollout_agent": "aggressive", "margin": 2.0}
    monkeypatch.setattr(search, "SearchAgent", None)  # the baseline must not build one
    first = [
        search_ceiling.play(scenario, 0, "random", game, 5, settings, baseline=True) for game in range(6)
    ]
    again = [
        search_ceiling.play(scenario, 0, "random", game, 5, settings, baseline=True) for game in range(6)
    ]
    assert first == again and set(first) <= {-1, 0, 1}
