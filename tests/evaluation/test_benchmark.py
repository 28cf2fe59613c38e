"""The benchmark protocol (yz_gym/benchmark.py): fixed tasks and games, a win rate with its Wilson
interval for any agent, and docs/benchmark.md written by its command (a tiny run here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from yz_gym import benchmark, tasks
from yz_gym.agents import make_agent
from yz_gym.benchmark import BASELINES, EPISODES, TASKS, Score, markdown, plays, score
from yz_gym.evaluation.runner import evaluate
from yz_gym.evaluation.stats import wilson_interval

DOC = Path(__file__).resolve().parents[2] / "docs" / "benchmark.md"
DUEL = "yz_gym/YZE-Duel-v1"


def test_the_tasks_are_every_versioned_yze_task_and_each_has_baselines_that_play_it() -> None:
    fights_and_chases = tuple(t for t in tasks.TASKS if t.ruleset == "yze" and t.mode != "expedition")
    assert fights_and_chases == TASKS and len(TASKS) == 19
    for task in TASKS:
        assert task.mode in BASELINES
        assert all(plays(agent, task) for agent in BASELINES[task.mode]), task.id


def test_a_score_is_the_tasks_side_against_its_opponents_with_a_wilson_interval() -> None:
    found = score("aggressive", DUEL, episodes=12)
    stats, _ = evaluate("duel", {"ilsa": "aggressive", "brann": "tactical"}, 12, benchmark.SEED)
    assert (found.task, found.agent, found.games) == (DUEL, "aggressive", 12)
    assert found.wins == stats.wins.get("ilsa", 0)
    assert found.interval == wilson_interval(found.wins, 12) and found.rate == found.wins / 12
    assert score("aggressive", "YZE-Duel", episodes=12) == found  # by name, and the same games again


def test_the_score_ranks_a_stronger_agent_above_random() -> None:
    random = score("random", DUEL, episodes=40)
    tactical = score(make_agent("tactical", 0), DUEL, episodes=40)  # an Agent instance scores too
    assert tactical.agent == "tactical" and tactical.wins > random.wins


def test_an_agent_of_another_game_is_refused() -> None:
    chase = next(t for t in TASKS if t.mode == "chase")
    with pytest.raises(ValueError, match="does not play"):
        score("tactical", chase)
    assert not plays("weights:npc.pth", chase) and plays("cutoff", chase)
    with pytest.raises(ValueError, match="unknown task"):
        score("random", "yz_gym/YZE-Nowhere-v1")


def test_the_command_writes_a_table_of_every_task(tmp_path: Path) -> None:
    out = tmp_path / "benchmark.md"
    benchmark.main(["--episodes", "1", "--write", str(out)])
    text = out.read_text()
    assert all(f"`{task.id}`" in text for task in TASKS)
    assert "| task | side | random | aggressive | tactical |" in text
    assert "| task | side | random | cutoff | shooter |" in text
    assert f"1 games per task and agent (the protocol's {EPISODES})" in text


def test_bad_options_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        benchmark.main(["--episodes", "1", "--write", str(tmp_path)])  # a folder
    assert stopped.value.code == 2
    assert capsys.readouterr().err.startswith("error: --write")
    with pytest.raises(SystemExit) as stopped:
        benchmark.main(["--episodes", "0"])
    assert stopped.value.code == 2


def test_the_committed_doc_is_the_protocols_table() -> None:
    """docs/benchmark.md is the command's output at the protocol's size: its text outside the tables
    is the template's, and every task has a cell for every baseline."""
    text = DOC.read_text()
    assert f"This table: {EPISODES} games per task and agent (the protocol's {EPISODES})" in text
    empty = markdown([Score(DUEL, "random", 0, 1)], EPISODES, 0.0)
    prose = [line for line in empty.splitlines() if not line.startswith(("|", "This table:"))]
    assert [line for line in text.splitlines() if not line.startswith(("|", "This table:"))] == prose
    for task in TASKS:
        row = next(line for line in text.splitlines() if line.startswith(f"| `{task.id}`"))
        cells = row.split("|")[3:-1]
        assert len(cells) == len(BASELINES[task.mode]) and all("[" in cell for cell in cells), row
