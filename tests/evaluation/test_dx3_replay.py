"""DX3 replays: `log --save` records a DX3 fight (actions written as [kind, target, option, drop,
combo], the header naming that layout), `replay` re-simulates and tells it as `log` did, the HTML
page draws the line of metres (its labels never overlap) with every fighter, the vehicles with who
rides them and the hidden fighters with where they were last seen, and escapes what the file says,
and a file of another action layout is refused in one line."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.dx3.fights import fighter, scenario_data
from yz_gym.cli import app
from yz_gym.envs.dx3_scene import (
    AXIS_Y,
    CARD_W,
    HIDDEN_DASH,
    RULER_GAP,
    RULER_SIZE,
    build_dx3_scene,
    ruler_marks,
    scene_series,
)
from yz_gym.envs.scene import text_width
from yz_gym.evaluation.html import render_page
from yz_gym.evaluation.replay import Replay, record_game, replay_log
from yz_gym.rulesets.dx3.state import Dx3Action
from yz_gym.rulesets.dx3.stealth import Hidden

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


@pytest.mark.parametrize("pixels", [380.0, 402.0, 560.0, 800.0, 1200.0, 1900.0])
def test_the_ruler_labels_of_a_400_m_line_never_overlap_and_are_as_dense_as_that_allows(pixels: float):
    marks = ruler_marks(400, pixels)
    step = marks[1] - marks[0]
    assert marks[0] == 0 and all(b - a == step for a, b in pairwise(marks[:-1])) and marks[-1] - marks[-2] <= step
    assert marks[-1] <= 400 and (marks[-1] == 400 or 400 % step)  # the end is a mark when a step lands on it
    spans = [(pixels * m / 400 - text_width(str(m), RULER_SIZE) / 2, pixels * m / 400 + text_width(str(m), RULER_SIZE) / 2)
             for m in marks]  # fmt: skip
    assert all(right + RULER_GAP <= left for (_, right), (left, _) in pairwise(spans))
    finer = max(k for k in (1, 2, 5, 10, 20, 25, 50, 100) if k < step)  # the next finer step would overlap
    assert finer * pixels / 400 < text_width("400", RULER_SIZE) + RULER_GAP
    assert ruler_marks(30, 400.0) == list(range(0, 31, 2)) and ruler_marks(30, 1000.0) == list(range(31))


def test_the_car_chase_page_draws_the_vehicles_with_who_rides_them_and_a_ruler_that_reads():
    replay = record_game("dx3_car_chase", {}, seed=7)
    scene = build_dx3_scene(replay.state_at(0)[0])
    vans = {v.name: v for v in scene.vehicles}
    assert set(vans) == {"van", "bike_1", "bike_2", "bike_3"}
    assert (vans["van"].zone, vans["van"].driver, vans["van"].occupants) == ("60 m", "Kyoko", ("Kyoko", "Ren"))
    assert (vans["bike_1"].zone, vans["bike_1"].occupants) == ("0 m", ("Rider A",))
    seats = {t.name: (t.vehicle, t.seat) for t in scene.tokens}
    assert seats["Kyoko"] == ("van", "driver") and seats["Ren"] == ("van", "passenger")
    ren = next(t for t in scene.tokens if t.name == "Ren")
    assert ren.tag.startswith("passenger, assault_rifle")  # the mounted weapon Ren holds
    texts = [s.text for s in scene.shapes if s.kind == "text"]
    assert "van (car)" in texts and "HP 45/45, 装甲値 6" in texts and "HP 20/20, 装甲値 0, exposed" in texts
    for token in scene.tokens:  # each rider's card inside its vehicle's frame
        if token.vehicle:
            box = vans[token.vehicle].box
            assert box.x < token.x < box.x + box.w and box.y < token.y < box.y + box.h, token
    ruler = sorted((s for s in scene.shapes if s.kind == "text" and s.y == AXIS_Y - 8), key=lambda s: s.x)
    assert [s.text for s in ruler][:2] == ["0", "25"] and ruler[-1].text == "400"
    assert all(b.x - a.x >= text_width(b.text, RULER_SIZE) + RULER_GAP for a, b in pairwise(ruler))
    assert "brown frame: a vehicle and its riders" in scene.legend


def test_a_hidden_fighter_is_marked_with_where_its_enemies_last_saw_it():
    replay = record_game(scenario_data(fighter("Aki", "pcs", 0, pc=True), fighter("Goon", "npcs", 30)), {}, seed=1)
    state = replay.state_at(0)[0]
    frames = scene_series()
    frames(state, [])  # Aki seen at 0 m
    later = state.clone()
    later.fighters[0].pos, later.fighters[0].hidden = 12, Hidden(True)
    scene = frames(later, [])
    aki, goon = scene.tokens
    assert (aki.zone, aki.tag) == ("12 m", "隠密 (last seen 0 m)") and "隠密" not in goon.tag
    cards = [s for s in scene.shapes if s.kind == "rect" and s.w == CARD_W]
    assert [(c.dash, c.opacity) for c in cards] == [(HIDDEN_DASH, 0.6), ("", 1.0)]
    rings = [s for s in scene.shapes if s.kind == "circle" and s.dash == "2,2"]
    axis = next(s for s in scene.shapes if s.kind == "line" and s.y == 0 and s.points[0][1] == AXIS_Y)
    assert len(rings) == 1 and rings[0].x == axis.points[0][0]  # at 0 m on the line
    assert "dashed faded card: 隠密 (hidden)" in scene.legend
    assert build_dx3_scene(later).tokens[0].tag == "隠密 (never seen)"  # no frame saw it
    assert frames(state, []).tokens[0].tag == ""  # seen again
