"""The users' jobs end to end on tiny budgets: evaluate, log, replay (text and HTML), advise, roll."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from yz_gym.cli import app, parse_pool
from yz_gym.evaluation.replay import Replay, ReplayError, record_game
from yz_gym.evaluation.runner import evaluate
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.zone import engine

runner = CliRunner()


def test_results_do_not_depend_on_the_number_of_workers():
    both_random = {"ilsa": "random", "brann": "random"}
    one, _ = evaluate("duel", both_random, 120, seed=3, workers=1)
    two, _ = evaluate("duel", both_random, 120, seed=3, workers=2)
    assert one.to_json() == two.to_json()
    assert one.game_records() == two.game_records()
    other, _ = evaluate("duel", both_random, 120, seed=4, workers=1)
    assert other.to_json() != one.to_json()


def test_evaluate_command_writes_json_and_plot(tmp_path):
    out, png = tmp_path / "r.json", tmp_path / "r.png"
    result = runner.invoke(app, ["evaluate", "duel", "-n", "60", "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["games"] == 60 and report["schema_version"] == 2
    assert sum(s["win_probability"] for s in report["sides"].values()) <= 1.0
    assert report["agents"] == {
        "ilsa": {"agent": "tactical", "chosen_by": "default"},
        "brann": {"agent": "tactical", "chosen_by": "default"},
    }
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "ilsa: tactical (default)" in result.output and "Per-combatant risk" in result.output


def test_evaluate_compare_prints_a_what_if_table(tmp_path):
    result = runner.invoke(
        app, ["evaluate", "duel", "-n", "30", "--compare", "duel", "--compare-policy", "ilsa=aggressive"]
    )
    assert result.exit_code == 0, result.output
    assert "What if" in result.output


def test_bad_input_gets_one_clear_line_and_exit_code_2(tmp_path):
    result = runner.invoke(app, ["evaluate", "no_such_scenario"])
    assert result.exit_code == 2 and "no such scenario" in result.output
    result = runner.invoke(app, ["evaluate", "duel", "--policy", "nobody=random"])
    assert result.exit_code == 2 and "no side named 'nobody'" in result.output
    result = runner.invoke(app, ["evaluate", "duel", "--policy", "oops"])
    assert result.exit_code == 2 and "SIDE=AGENT" in result.output
    result = runner.invoke(app, ["replay", str(tmp_path / "missing.jsonl")])
    assert result.exit_code == 2 and "no such replay file" in result.output


def test_a_recorded_game_replays_exactly_and_renders_as_html(tmp_path):
    replay = record_game("warehouse_ambush", {"vipers": "aggressive"}, seed=9)
    path = replay.save(tmp_path / "game.jsonl")
    loaded = Replay.load(path)
    assert len(loaded.steps) == len(replay.steps)
    state, _ = loaded.state_at(len(loaded.steps))
    assert engine.is_over(state)
    result = runner.invoke(app, ["replay", str(path), "--html", str(tmp_path / "game.html")])
    assert result.exit_code == 0, result.output
    assert "===" in result.output  # the game-over line
    page = (tmp_path / "game.html").read_text()
    assert (
        "<svg" in page
        and '"frames"' in page
        and "http"
        not in page.split("<script>")[1].split("</script>")[0].replace("http://www.w3.org/2000/svg", "")
    )


def test_a_tampered_replay_is_reported_not_trusted(tmp_path):
    replay = record_game("duel", {"ilsa": "random", "brann": "random"}, seed=2)
    path = replay.save(tmp_path / "game.jsonl")
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["seed"] = 3
    lines[0] = json.dumps(header)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayError, match="differ"):
        Replay.load(path).state_at(len(replay.steps))
    (tmp_path / "junk.jsonl").write_text("not json\n")
    with pytest.raises(ReplayError, match="not a yz_gym replay"):
        Replay.load(tmp_path / "junk.jsonl")


def test_log_command_prints_every_die_and_saves_a_replay(tmp_path):
    result = runner.invoke(app, ["log", "duel", "--seed", "4", "--save", str(tmp_path / "g.jsonl")])
    assert result.exit_code == 0, result.output
    assert "Initiative:" in result.output and "rolls" in result.output
    assert (tmp_path / "g.jsonl").exists()


def test_advise_ranks_actions_with_intervals():
    result = runner.invoke(
        app, ["advise", "duel", "--rollouts", "8", "--agent", "random", "-p", "brann=aggressive", "--top", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "Rollouts: ilsa random, brann aggressive; reading only what" in result.output
    assert "No clear difference: #" in result.output or "should" in result.output
    bad = runner.invoke(app, ["advise", "duel", "-p", "nobody=random"])
    assert bad.exit_code == 2 and "no side named 'nobody'" in bad.output


@pytest.mark.rule("DICE-05", "STEP-02")
def test_roll_command_reads_pools_in_words():
    assert parse_pool("3 base 2 gear").count(dice.Source.GEAR) == 2
    assert parse_pool("2 attribute 1 skill d10").size == 4
    assert [d.sides for d in parse_pool("B C").dice] == [10, 8]
    with pytest.raises(ValueError):
        parse_pool("three dice")
    result = runner.invoke(app, ["roll", "4 base", "--push", "--seed", "1"])
    assert result.exit_code == 0 and "success" in result.output


def test_play_command_lets_a_person_play_and_ask_the_advisor(tmp_path):
    moves = "?\n" + "1\n" * 400
    result = runner.invoke(
        app, ["play", "duel", "--opponent", "random", "--save", str(tmp_path / "p.jsonl")], input=moves
    )
    assert result.exit_code == 0, result.output
    assert "Rollouts: ilsa tactical, brann random;" in result.output  # the opponent's real agent
    assert (tmp_path / "p.jsonl").exists() or "choose a number" in result.output


def test_ray_backend_gives_the_same_statistics_as_the_process_pool():
    ray = pytest.importorskip("ray")
    try:
        by_ray, _ = evaluate("duel", {"ilsa": "random"}, 40, seed=8, workers=2, backend="ray")
    finally:
        ray.shutdown()
    local, _ = evaluate("duel", {"ilsa": "random"}, 40, seed=8, workers=1)
    assert by_ray.to_json() == local.to_json()


@pytest.mark.rule("DICE-02")
def test_validate_can_check_pcs_against_the_creation_rules():
    result = runner.invoke(app, ["validate", "warehouse_ambush", "--new-characters"])
    assert result.exit_code == 0
    assert "DICE-02" in result.output  # Brick's 12 attribute points are not a new PC's 14


@pytest.mark.rule("VEH-REPAIR-01", "VEH-REPAIR-03", "VEH-REPAIR-05")
def test_repair_command_rolls_crafting_once_per_shift_until_fixed():
    result = runner.invoke(app, ["repair", "car", "--damage", "2", "--engine", "--crafting", "5", "--wits", "5", "--shifts", "12", "--seed", "1"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("shift")]
    assert lines and all("Crafting" in line for line in lines)
    assert "repaired" in result.output.splitlines()[-1]
    assert "engine still out" in lines[0]  # the hull comes first, then the engine's own roll
    bad = runner.invoke(app, ["repair", "boat"])
    assert bad.exit_code == 2 and "unknown vehicle 'boat'" in bad.output
    hull_only = runner.invoke(app, ["repair", "car", "--damage", "1", "--crafting", "5", "--seed", "1"])
    assert hull_only.exit_code == 0 and "engine" not in hull_only.output  # no --engine, no engine work


def test_evaluate_command_hands_its_backend_to_the_runner(monkeypatch):
    from yz_gym.evaluation import runner as runner_module

    seen: list[str] = []
    real = runner_module.evaluate

    def spy(*args, backend="process", **kwargs):
        seen.append(backend)
        return real(*args, backend="process", **kwargs)  # no Ray start-up in this test

    monkeypatch.setattr(runner_module, "evaluate", spy)
    result = runner.invoke(app, ["evaluate", "duel", "--episodes", "4", "--backend", "ray"])
    assert result.exit_code == 0, result.output
    assert seen == ["ray"]


def test_validate_reads_chase_files_too():
    result = runner.invoke(app, ["validate", "chase_market_foot"])
    assert result.exit_code == 0, result.output
    assert "ok chase" in result.output and "pursuer watch" in result.output
    with_pcs = runner.invoke(app, ["validate", "chase_market_foot", "--new-characters"])
    assert with_pcs.exit_code == 0 and "ok chase" in with_pcs.output
