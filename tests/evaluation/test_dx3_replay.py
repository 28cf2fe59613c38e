"""DX3 replays: `log --save` records a DX3 fight (actions written as [kind, target, option, drop,
combo], the header naming that layout), `replay` re-simulates and tells it as `log` did, the HTML
page draws the line of metres with every fighter and escapes what the file says, and a file of
another action layout is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.dx3.fights import fighter, scenario_data
from yz_gym.cli import app
from yz_gym.envs.dx3_scene import build_dx3_scene
from yz_gym.evaluation.html import render_page
from yz_gym.evaluation.replay import Replay, record_game, replay_log
from yz_gym.rulesets.dx3.state import Dx3Action

runner = CliRunner()
WIDE = {"COLUMNS": "250"}


def test_log_save_writes_a_dx3_replay_that_replays_as_logged(tmp_path: Path):
    out = tmp_path / "duel.jsonl"
    logged = runner.invoke(app, ["log", "dx3_duel", "--seed", "3", "--save", str(out)], env=WIDE)
    assert logged.exit_code == 0, logged.output
    lines = out.read_text(encoding="utf-8").splitlines()
    header, first = json.loads(lines[0]), json.loads(lines[1])
    assert header["action_fields"] == ["kind", "target", "option", "drop", "combo"]
    assert len(first["action"]) == 5 and all(type(x) is int for x in first["action"])
    replayed = runner.invoke(app, ["replay", str(out)], env=WIDE)
    assert replayed.exit_code == 0, replayed.output
    told = replayed.stdout.splitlines()
    assert told[0] == "Duel at the river bank (seed 3)"
    assert told == logged.stdout.splitlines()[1:-1]  # the log, less its "played by" and "written" lines
    saved = Replay.load(out)
    assert all(isinstance(step.action, Dx3Action) for step in saved.steps)
    state, _ = saved.state_at(4)  # what `advise --replay --at 4` would read
    assert state.decisions == 4


def test_a_replay_of_another_action_layout_is_one_error_line(tmp_path: Path):
    path = record_game("dx3_duel", {}, seed=1).save(tmp_path / "r.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["action_fields"] = ["kind", "target", "option"]
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) == 1 and "action_fields" in errors[0] and "dx3 skirmish" in errors[0]


def test_the_html_page_draws_the_fight_and_escapes_the_files_words(tmp_path: Path):
    data = scenario_data(
        fighter("<b>Aki</b>", "pcs", 0, pc=True, encroachment=40, resurrect=1, weapons=["sword"], skills={"白兵": 2}),
        fighter("Goon & Co", "npcs", 10, weapons=["knife"]),
        name="<script>alert(1)</script>",
    )
    replay = record_game(data, {}, seed=2)
    page = render_page(replay)
    assert "<b>Aki</b>" not in page and "<script>alert(1)</script>" not in page
    assert "\\u003cb\\u003eAki" in page  # inside the JSON block, escaped
    scene = build_dx3_scene(replay.state_at(0)[0])
    assert [t.name for t in scene.tokens] == ["<b>Aki</b>", "Goon & Co"]
    assert [t.zone for t in scene.tokens] == ["0 m", "10 m"]
    assert scene.turn_order and "red arrow: the last attack" in scene.legend
    out = tmp_path / "page.html"
    saved = replay.save(tmp_path / "fight.jsonl")
    result = runner.invoke(app, ["replay", str(saved), "--html", str(out)], env=WIDE)
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == render_page(Replay.load(saved), replay_file="fight.jsonl")
    assert replay_log(replay)[0].endswith("(seed 2)")
