"""The HTML replay page: nothing in a replay can run script in the reader's browser, its text comes
from the re-simulation, and its steps are the ones `advise --at` takes."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.evaluation.hostile_scenario import MARK, PAYLOADS, hostile, hostile_chase, hostile_scenario
from yz_gym.evaluation.html import page_data, render_page, replay_positions, script, write_html
from yz_gym.evaluation.replay import Replay, record_game, replay_log
from yz_gym.rulesets.yze.zone import engine

PAGE_TAGS = {"html", "head", "meta", "title", "style", "body", "h2", "p", "div", "button", "input", "span",
             "code", "svg", "script", "i"}  # fmt: skip


class Page(HTMLParser):
    """Every tag with its attributes, every script with its content, and the title."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.title = ""
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("script", "title"):
            self._in = tag
            if tag == "script":
                self.scripts.append((dict(attrs), ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "script":
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)
        elif self._in == "title":
            self.title += data


def parse(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    return page


@pytest.fixture(scope="module")
def hostile_replay() -> Replay:
    return record_game(hostile_scenario(), {hostile(2): "random", hostile(3): "random"}, seed=3)


@pytest.fixture(scope="module")
def hostile_page(hostile_replay: Replay) -> str:
    return render_page(hostile_replay, hostile(20))


@pytest.fixture(scope="module")
def hostile_chase_replay() -> Replay:
    return record_game(hostile_chase(), {}, seed=3)


@pytest.fixture(scope="module")
def hostile_chase_page(hostile_chase_replay: Replay) -> str:
    return render_page(hostile_chase_replay, hostile(20))


def assert_safe_page(text: str, shown: tuple[int, ...], told: tuple[int, ...], mode: str) -> dict:
    """The page's checks whatever it shows: only its two scripts (the JSON escaped, the code the
    package's, allowed by its hash), no markup from names, names `shown` in the scene's texts and
    `told` in the narration as text, the title read back exactly; returns the page's data."""
    page = parse(text)
    assert len(page.scripts) == 2, [a for a, _ in page.scripts]
    (data_attrs, data_text), (code_attrs, code_text) = page.scripts
    assert data_attrs == {"type": "application/json", "id": "replay-data"}
    assert not any(ch in data_text for ch in "<>&'"), "the JSON block must escape < > & '"
    data = json.loads(data_text)
    assert data["mode"] == mode
    texts = {s.get("text", "") for s in data["shapes"]}
    logs = "\n".join(line for f in data["frames"] for line in f["log"])
    for k in shown:  # shown, whole or cut
        assert any(hostile(k)[:8] in t for t in texts), hostile(k)
    for k in told:
        assert hostile(k) in logs, f"the narration names {hostile(k)!r}, as text"
    assert code_attrs == {} and code_text == script(), "the code block is the package's script, untouched"
    digest = base64.b64encode(hashlib.sha256(code_text.encode()).digest()).decode()
    policy = next(a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv"))
    assert f"script-src 'sha256-{digest}'" in (policy or "") and "default-src 'none'" in (policy or "")
    assert {t for t, _ in page.tags} <= PAGE_TAGS, "a name turned into markup"
    assert not [(t, a) for t, a in page.tags for name in a if name.startswith("on")]
    assert page.title == f"{hostile(0)} - yz_gym replay"  # escaped once, read back exactly
    assert MARK not in code_text
    for k in range(21):  # escaped in markup (&lt; &#39;) or in the JSON (\u003c \u0027), never as written
        assert hostile(k) not in text, hostile(k)
    return data


def test_hostile_names_stay_text_the_only_scripts_are_the_pages(hostile_page: str):
    # sides, zones, vehicle, combatants
    assert_safe_page(hostile_page, (2, 3, 5, 6, 7, 8, 9, 12), (12, 9), "skirmish")


def test_a_template_expression_in_a_name_stays_as_written(hostile_page: str):
    logs = "".join(line for f in json.loads(parse(hostile_page).scripts[0][1])["frames"] for line in f["log"])
    assert hostile(10) in logs and "{{7*7}}" in hostile(10), (
        "a template expression in a name stays as written"
    )


def test_page_text_comes_from_the_re_simulation_not_the_files_text(tmp_path: Path):
    replay = record_game("warehouse_ambush", {"crew": "random", "vipers": "aggressive"}, seed=9)
    clean = replay.save(tmp_path / "clean.jsonl")
    lines = clean.read_text().splitlines()
    edited = [lines[0]]
    for line in lines[1:]:
        row = json.loads(line)
        row["text"] = PAYLOADS[0]
        edited.append(json.dumps(row))
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(edited) + "\n")
    assert render_page(Replay.load(tampered), "x.jsonl") == render_page(Replay.load(clean), "x.jsonl")
    assert "PWNED" not in render_page(Replay.load(tampered), "x.jsonl")


def test_page_steps_are_the_replay_steps_advise_at_takes():
    replay = record_game("warehouse_ambush", {"crew": "random", "vipers": "tactical"}, seed=7)
    _, _, data = page_data(replay)
    frames = data["frames"]
    assert [f["step"] for f in frames] == list(range(len(replay.steps) + 1))
    assert data["lastStep"] == len(replay.steps)
    positions = replay_positions(replay)
    for k in (0, 12, len(replay.steps) // 2, len(replay.steps)):
        state, _ = replay.state_at(k)  # what `advise --replay --at k` ranks
        shown = positions[k][0]
        assert shown.round == state.round and engine.current_actor(shown) == engine.current_actor(state)
        assert frames[k]["round"] == state.round
    # `yz-gym replay` numbers decision k as "[k] Name: ..."; the page's step k says what decision k is
    printed = {line.split("]")[0] + "]": line for line in replay_log(replay) if line.startswith("[")}
    for k, frame in enumerate(frames[:-1]):
        if f"[{k}]" in printed:
            assert frame["next"] == printed[f"[{k}]"]
    assert frames[-1]["next"] == ""


def test_a_chase_page_keeps_hostile_names_text(hostile_chase_page: str, hostile_chase_replay: Replay):
    # sides (legend), the vehicles and their crews, the runner; the narration names the people
    data = assert_safe_page(hostile_chase_page, (2, 3, 7, 8, 9, 10, 12, 13), (9, 12), "chase")
    assert len(data["frames"]) == len(hostile_chase_replay.steps) + 1


def test_a_chase_page_steps_through_the_chase_as_replay_prints_it():
    replay = record_game("chase_car_vs_motorcycle", {}, seed=7)
    _, description, data = page_data(replay)
    frames = data["frames"]
    assert data["mode"] == "chase" and description.startswith("A courier on a stolen motorcycle")
    assert [f["step"] for f in frames] == list(range(len(replay.steps) + 1))
    printed = [line for line in replay_log(replay) if line.startswith("[")]
    assert [f["next"] for f in frames[:-1]] == printed, "a chase prints every decision: step k is [k]"
    positions = replay_positions(replay)
    assert [f["round"] for f in frames] == [state.round for state, _, _ in positions]
    texts = [{data["shapes"][i].get("text", "") for i in f["shapes"]} for f in frames]
    assert all("Patrol car (car)" in t and "Motorcycle (motorcycle)" in t for t in texts)
    assert "Hull 4/4, armor 3" in texts[0] and "Hull 2/4, armor 3" in texts[8]  # the road works' D3
    assert any(t.startswith("Obstacle: Road works") for t in set().union(*texts))
    assert texts[0] != texts[-1]
    assert any("over: police" in t for t in texts[-1])


def _browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.mark.skipif(_browser() is None, reason="no headless Chromium (apt-get install chromium)")
@pytest.mark.parametrize("which", ["hostile_replay", "hostile_chase_replay"])
def test_hostile_page_runs_no_script_in_headless_chromium(tmp_path: Path, which: str, request):
    replay: Replay = request.getfixturevalue(which)
    chase = replay.mode.name == "chase"
    page = write_html(replay, tmp_path / "hostile.html", hostile(20))
    last = len(replay.steps)
    for step in (0, last // 2, last):
        command = [
            str(_browser()), "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'profile'}",
            "--virtual-time-budget=4000", "--dump-dom", f"{page.as_uri()}#step={step}",
        ]  # fmt: skip
        dom = subprocess.run(command, capture_output=True, text=True, timeout=90, check=True).stdout
        seen = parse(dom)
        assert seen.title == f"{hostile(0)} - yz_gym replay", "a script changed the title"
        assert {t for t, _ in seen.tags} <= PAGE_TAGS | {"rect", "circle", "polyline", "polygon", "text"}
        assert not [(t, a) for t, a in seen.tags for name in a if name.startswith("on")]
        assert f"step {step} / {last}" in dom, "the page's own script did not draw the step"
        assert (f"step {step} / {last}, chase round" in dom) == chase, "the script reads the data's mode"
        advice = next(a for t, a in seen.tags if a.get("id") == "advice")
        assert ("hidden" in advice) == chase, "`advise` is offered for zone fights only"
        assert sum(t == "text" for t, _ in seen.tags) > 20, "the scene was not painted"
