"""The benchmark protocol (yz_gym/benchmark.py): fixed tasks and games, a win rate with its Wilson
interval for any agent, and docs/benchmark.md written by its command (a tiny run here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from yz_gym import benchmark, tasks
from yz_gym.agents import make_agent
from yz_gym.benchmark import (
    BASELINES,
    EPISODES,
    ROOT,
    SEARCH_ROLLOUTS,
    SEARCH_TASKS,
    TASKS,
    TRAINED,
    TRAINED_NAME,
    Score,
    markdown,
    plays,
    score,
    search_agent,
    task_of,
)
from yz_gym.evaluation.runner import evaluate
from yz_gym.evaluation.stats import wilson_interval

DOC = Path(__file__).resolve().parents[2] / "docs" / "benchmark.md"
DUEL = "yz_gym/YZE-Duel-v1"
FIGHTS = sum((t.ruleset, t.mode) == ("yze", "skirmish") for t in TASKS)


def test_the_tasks_are_every_versioned_task_and_each_has_baselines_that_play_it() -> None:
    assert tasks.TASKS == TASKS and len(TASKS) == 30
    assert {(t.ruleset, t.mode) for t in TASKS} == set(BASELINES)
    for task in TASKS:
        assert all(plays(agent, task) for agent in BASELINES[task.ruleset, task.mode]), task.id
    assert DUEL in SEARCH_TASKS and set(SEARCH_TASKS) <= {t.id for t in TASKS if (t.ruleset, t.mode) == ("yze", "skirmish")}


def test_an_expedition_scores_its_arrivals_and_a_dx3_fight_its_wins() -> None:
    trek = "yz_gym/YZE-Expedition-MarshTrek-v1"
    found = score("cautious", trek, episodes=6)
    trips, _ = evaluate("expedition_marsh_trek", {"crew": "cautious"}, 6, benchmark.SEED, report=None)
    assert (found.wins, found.games) == (trips.arrived, 6) and trips.arrived > 0
    duel = score("dx3_tactical", "DX3-Duel", episodes=6)
    fights, _ = evaluate("dx3_duel", {"ugn": "dx3_tactical", "fh": "dx3_tactical"}, 6, benchmark.SEED)
    assert duel.wins == fights.wins.get("ugn", 0) and duel.games == 6
    assert not plays("tactical", task_of(trek)) and not plays("weights:npc.pth", task_of("DX3-Duel"))


def test_the_search_baseline_plays_at_its_stated_budget() -> None:
    agent = search_agent()
    assert (agent.rollouts, agent.max_rollouts) == SEARCH_ROLLOUTS
    assert f"up to {SEARCH_ROLLOUTS[1]} rollouts an action" in DOC.read_text()


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
    assert "| task | side | random | hasty | cautious |" in text
    assert "| task | side | random | dx3_aggressive | dx3_tactical |" in text
    assert "| task | side | random | aggressive | tactical | search |" in text
    duel = next(line for line in text.splitlines() if line.startswith(f"| `{DUEL}`"))
    assert duel.count("[") == 4, "the search column on its tasks"
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
    fights = next(line for line in text.splitlines() if line.startswith("| task | side | random | aggressive"))
    assert fights == f"| task | side | random | aggressive | tactical | search | {TRAINED_NAME} |"
    for task in TASKS:
        # by name: a task whose version went up keeps its row until the lead re-measures it
        row = next(line for line in text.splitlines() if line.startswith(f"| `{tasks.NAMESPACE}/{task.name}-v"))
        cells = row.split("|")[3:-1]
        assert all("[" in cell for cell in cells[: len(BASELINES[task.ruleset, task.mode])]), row
        if (task.ruleset, task.mode) == ("yze", "skirmish"):
            assert ("[" in cells[-2]) == (task.id in SEARCH_TASKS), row  # the search baseline on its tasks
            assert ("[" in cells[-1]) == (task.id in TRAINED), row  # the MaskablePPO baselines on their tasks


def test_the_committed_json_holds_the_scores_of_the_committed_table() -> None:
    import json

    data = json.loads(DOC.with_suffix(".json").read_text())
    assert (data["episodes"], data["seed"]) == (EPISODES, benchmark.SEED)
    text = DOC.read_text()
    assert len(data["scores"]) == 30 * 3 + len(SEARCH_TASKS) + len(TRAINED)
    for row in data["scores"]:
        found = Score(row["task"], row["agent"], row["wins"], row["games"])
        line = next(line for line in text.splitlines() if line.startswith(f"| `{found.task}`"))
        assert f" {found.text()} " in line, (row, line)


def test_the_trained_baselines_are_small_weights_files_that_load_without_pickles() -> None:
    from yz_gym.agents.weights import load_weights

    assert set(TRAINED) <= {t.id for t in TASKS if (t.ruleset, t.mode) == ("yze", "skirmish")}
    for task, path in TRAINED.items():
        file = ROOT / path
        assert file.stat().st_size < 1_000_000, file
        assert load_weights(file).action_space.n > 0  # torch.load(weights_only=True): no code runs
        configs = [c.read_text() for c in (ROOT / "configs" / "benchmark").glob("*.yaml")]
        assert sum(path in c and task in c for c in configs) == 1, "one training config says how it was made"
    trained = score(f"weights:{ROOT / TRAINED[DUEL]}", DUEL, episodes=4)
    assert trained.games == 4


def test_models_load_only_when_asked_and_reused_scores_are_not_played_again(tmp_path: Path) -> None:
    out = tmp_path / "benchmark.md"
    logged: list[str] = []
    benchmark.main(["--episodes", "1", "--write", str(out), "--load-models"])
    text, saved = out.read_text(), out.with_suffix(".json")
    assert f"| task | side | random | aggressive | tactical | search | {TRAINED_NAME} |" in text
    pooled = next(line for line in text.splitlines() if line.startswith("| all (pooled)"))
    assert pooled.split("|")[-2].strip().endswith("]") == (len(TRAINED) == FIGHTS), "pooled only over every task"
    again = benchmark.run(episodes=1, load_models=True, reuse=benchmark.reused(saved, 1), log=logged.append)
    assert all(line.endswith("(reused)") for line in logged[-len(again):])
    tables = [line for line in markdown(again, 1, 0.0).splitlines() if line.startswith("|")]
    assert tables == [line for line in text.splitlines() if line.startswith("|")]
    one_less = [s for s in again if (s.task, s.agent) != (DUEL, TRAINED_NAME)]
    assert benchmark.table(one_less, "yze", "skirmish")[-1].endswith("| - |"), "an agent that missed a task: no pool"
    assert TRAINED_NAME not in {s.agent for s in benchmark.run(episodes=1, reuse=benchmark.reused(saved, 1))}


def test_a_reuse_file_of_other_games_or_not_scores_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    other = tmp_path / "other.json"
    other.write_text(json.dumps({"episodes": 5, "seed": benchmark.SEED, "scores": []}))
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"episodes": 1, "seed": benchmark.SEED, "scores": [{"task": DUEL, "wins": 2}]}))
    for path, words in ((other, "played at 5 games"), (broken, "scores[0]"), (tmp_path / "none.json", "no such")):
        with pytest.raises(SystemExit) as stopped:
            benchmark.main(["--episodes", "1", "--reuse", str(path)])
        assert stopped.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("error: --reuse") and words in err and err.count("\n") == 1
