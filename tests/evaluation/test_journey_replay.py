"""Journey replays (evaluation/journey_replay.py): `yz-gym log --save` writes a versioned JSONL file of
an expedition, `yz-gym replay` re-simulates it into the same log and an autoescaped static page,
and a file that is not one, or does not re-simulate, is refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from yz_gym.evaluation.journey_replay import (
    KIND,
    SCHEMA_VERSION,
    JourneyReplay,
    is_journey_replay,
    journey_log,
    record_journey,
    render_journey_page,
)
from yz_gym.evaluation.replay import ReplayError
from yz_gym.scenario.files import SCENARIO_DIR
from yz_gym.scenario.loading import load

ROOT = Path(__file__).resolve().parents[2]
NAME = "expedition_dragoon_patrol"


def recorded(tmp_path: Path, seed: int = 3) -> Path:
    path = tmp_path / "trip.jsonl"
    record_journey(load(NAME), "cautious", seed).save(path)
    return path


def test_a_saved_journey_loads_re_simulated_and_tells_the_log_of_yz_gym_log(tmp_path: Path) -> None:
    path = recorded(tmp_path)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert rows[0]["kind"] == KIND and rows[0]["schema_version"] == SCHEMA_VERSION == 1
    assert [r["day"] for r in rows[1:]] == list(range(1, len(rows)))
    trip = JourneyReplay.load(path)
    loaded = load(NAME)
    assert journey_log(trip) == loaded.mode.narrated_game(loaded, {"dragoons": "cautious"}, 3).lines
    assert is_journey_replay(path) and not is_journey_replay(ROOT / "README.md")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda rows: rows[0].update(schema_version=2), "journey replay schema version 2; this yz_gym reads 1"),
        (lambda rows: rows[1].update(plan=[9, "none", True, -1, True]), "day 1: the plan is not one the party can make"),
        (lambda rows: rows[1].update(plan=[1, "dig", True, -1, True]), "plan: got [1, 'dig'"),
        (lambda rows: rows[1]["events"].pop(), "day 1: the re-simulated events differ"),
        (lambda rows: rows[1].update(day=4), "day 4 where day 1 belongs"),
        (lambda rows: rows[0].update(seed=-1), "seed: got -1"),
    ],
)
def test_a_tampered_replay_is_refused_on_the_line_at_fault(tmp_path: Path, change, message) -> None:
    path = recorded(tmp_path)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    change(rows)
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    with pytest.raises(ReplayError, match=message.replace("[", r"\[")):
        JourneyReplay.load(path)


def test_the_page_escapes_what_the_file_says_and_runs_no_script(tmp_path: Path) -> None:
    data = yaml.safe_load((SCENARIO_DIR / f"{NAME}.yaml").read_text(encoding="utf-8"))
    data["description"] = "<script>alert('x')</script> & more"
    data["name"] = "Patrol <b>bold</b>"
    data["party"]["scenario"] = str(SCENARIO_DIR / f"{data['party']['scenario']}.yaml")
    page = render_journey_page(record_journey(load(data), "cautious", 1))
    assert "<script" not in page and "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more" in page
    assert "Patrol &lt;b&gt;bold&lt;/b&gt;" in page and "<b>" not in page
    assert "default-src 'none'" in page


def test_the_command_line_saves_replays_and_pages(tmp_path: Path) -> None:
    saved, page = tmp_path / "t.jsonl", tmp_path / "t.html"
    run = [sys.executable, "-m", "yz_gym.cli"]
    logged = subprocess.run([*run, "log", NAME, "--seed", "2", "--save", str(saved)], capture_output=True, text=True,
                            cwd=ROOT, timeout=300)  # fmt: skip
    assert logged.returncode == 0, logged.stderr
    told = subprocess.run([*run, "replay", str(saved), "--html", str(page)], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)  # fmt: skip
    assert told.returncode == 0, told.stderr
    assert told.stdout.splitlines()[:-1] == logged.stdout.splitlines()[1:-1]  # less "played by" and "written"
    assert page.read_text().startswith("<!doctype html>")
    saved.write_text(saved.read_text().replace('"day": 1', '"day": 7', 1))
    bad = subprocess.run([*run, "replay", str(saved)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and bad.stderr.startswith("error: ")
