"""The studio's server: nothing outside its folder is read or written, drafts are checked like
scenario files with their errors on the field, request limits, and an evaluation job's life."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from starlette.testclient import TestClient

from yz_gym.scenario.files import SCENARIO_DIR
from yz_gym.studio.app import MAX_BODY, create_app
from yz_gym.studio.command import is_local
from yz_gym.studio.jobs import Jobs

BASE = "http://127.0.0.1:8765"
AMBUSH = (SCENARIO_DIR / "warehouse_ambush.yaml").read_text(encoding="utf-8")


def client(folder: Path, jobs: Jobs | None = None) -> TestClient:
    return TestClient(create_app(folder, jobs=jobs), base_url=BASE)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A studio folder with one scenario, beside a secret scenario file outside it."""
    inside = tmp_path / "gm"
    inside.mkdir()
    (inside / "mine.yaml").write_text(AMBUSH, encoding="utf-8")
    (tmp_path / "secret.yaml").write_text(AMBUSH.replace("Warehouse ambush", "Secret"), encoding="utf-8")
    os.symlink(tmp_path / "secret.yaml", inside / "link.yaml")  # a link pointing out of the folder
    return inside


TRAVERSALS = ["../secret.yaml", "sub/../../secret.yaml", "/etc/passwd.yaml", "link.yaml", "..\\secret.yaml",
              "mine.txt", "mine.yaml\0", "", "x" * 500 + ".yaml"]  # fmt: skip


@pytest.mark.parametrize("path", TRAVERSALS)
def test_open_refuses_paths_outside_the_folder(folder: Path, path: str):
    answer = client(folder).post("/api/open", json={"source": "folder", "path": path})
    assert answer.status_code == 403
    assert answer.json()["errors"][0]["field"] == "path"
    assert "Secret" not in answer.text


@pytest.mark.parametrize("path", TRAVERSALS)
def test_save_refuses_paths_outside_the_folder(folder: Path, path: str):
    before = (folder.parent / "secret.yaml").read_text(encoding="utf-8")
    answer = client(folder).post("/api/save", json={"yaml": AMBUSH.replace("Warehouse", "Pwned"), "path": path, "replace": True})
    assert answer.status_code == 403, answer.text
    assert (folder.parent / "secret.yaml").read_text(encoding="utf-8") == before
    assert sorted(p.name for p in folder.parent.iterdir()) == ["gm", "secret.yaml"]


def test_the_list_has_the_bundled_scenarios_and_the_folders_but_not_a_link_out(folder: Path):
    listed = client(folder).get("/api/scenarios").json()["scenarios"]
    mine = [(e["source"], e["path"], e["title"]) for e in listed if e["source"] == "folder"]
    assert mine == [("folder", "mine.yaml", "Warehouse ambush")]
    assert {e["path"] for e in listed if e["source"] == "bundled"} == {p.stem for p in SCENARIO_DIR.glob("*.yaml")}


def test_the_list_does_not_follow_a_link_to_a_folder_outside(folder: Path):
    os.symlink("/", folder / "everything")
    (folder / "sub").mkdir()
    (folder / "sub" / "two.yml").write_text(AMBUSH, encoding="utf-8")
    started = time.monotonic()
    listed = client(folder).get("/api/scenarios").json()["scenarios"]
    assert [e["path"] for e in listed if e["source"] == "folder"] == ["mine.yaml", "sub/two.yml"]
    assert time.monotonic() - started < 10


def test_bundled_names_only_name_bundled_files(folder: Path):
    answer = client(folder).post("/api/open", json={"source": "bundled", "path": "../../etc/passwd"})
    assert answer.status_code == 403 and answer.json()["errors"][0]["field"] == "path"


def test_open_gives_the_map_and_the_combatants(folder: Path):
    answer = client(folder).post("/api/open", json={"source": "folder", "path": "mine.yaml"}).json()
    assert answer["ok"] and answer["title"] == "Warehouse ambush" and answer["sides"] == ["crew", "vipers"]
    assert [c["name"] for c in answer["combatants"]] == ["Mara", "Brick", "Doc", "Viper", "Sniper"]
    assert answer["combatants"][3]["count"] == 3 and answer["combatants"][1]["weapons"] == ["club"]
    texts = {s.get("text") for s in answer["scene"]["shapes"] if s["k"] == "text"}
    assert {"Loading dock", "Crate rows", "Catwalk", "Storeroom", "Office"} <= texts


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ("name: [unclosed\n", "yaml", "line 2"),
        ("a: &a [1]\nb: *a\nb: 2\n", "yaml", "appears twice"),
        ("- a list\n", "yaml", "mapping"),
        (AMBUSH.replace("armor: leather_jacket", "armor: tinfoil", 1), "combatants[0].armor", "unknown armor 'tinfoil'"),
        (AMBUSH.replace("count: 3", "count: 99"), "combatants[3].count", "at most 20"),
        (AMBUSH.replace("weapons: [club]", "weapons: [laser]"), "combatants[1].weapons[0]", "laser"),
        (AMBUSH.replace("sides: [crew, vipers]", "sides: [crew]"), "sides", "at least 2"),
        (AMBUSH + "vehicle_rules: {when: 2024-01-01}\n", "vehicle_rules.when", "got a date"),
        (AMBUSH + "vehicle_rules: {x: [1, .nan]}\n", "vehicle_rules.x[1]", "finite number"),
        (AMBUSH + "vehicle_rules: {x: !!binary aGk=}\n", "vehicle_rules.x", "give text, a number"),
        (AMBUSH + "vehicle_rules: {1: x}\n", "vehicle_rules", "the key 1 is not text"),
    ],
    ids=lambda value: value.split(":")[0][:30] if isinstance(value, str) and len(value) < 40 else None,
)
def test_a_bad_draft_is_an_error_on_its_field(folder: Path, text: str, field: str, words: str):
    answer = client(folder).post("/api/check", json={"yaml": text})
    assert answer.status_code == 422
    (error,) = answer.json()["errors"]
    assert error["field"] == field and words in error["message"]


def test_form_data_is_checked_like_a_file(folder: Path):
    c = client(folder)
    data = c.post("/api/check", json={"yaml": AMBUSH}).json()["data"]
    data["combatants"][1]["weapons"] = ["sword"]
    answer = c.post("/api/check", json={"data": data}).json()
    assert answer["ok"] and answer["combatants"][1]["weapons"] == ["sword"] and "weapons:\n  - sword" in answer["yaml"]
    data["combatants"][0]["attributes"]["agility"] = "Z"
    error = c.post("/api/check", json={"data": data}).json()["errors"][0]
    assert error["field"].startswith("combatants[0].attributes")


def test_a_billion_laughs_and_a_deep_nest_are_refused_within_the_limits(folder: Path):
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(8)
    )
    c = client(folder)
    error = c.post("/api/check", json={"yaml": laughs}).json()["errors"][0]
    assert error["field"] == "yaml" and "20,000 values" in error["message"]
    deep: object = "x"
    for _ in range(100):
        deep = [deep]
    error = c.post("/api/check", json={"data": {"name": deep}}).json()["errors"][0]
    assert error["field"] == "yaml" and "nested more than 64" in error["message"]


def test_request_limits_and_origins(folder: Path):
    c = client(folder)
    big = c.post("/api/check", content=b'{"yaml": "' + b"x" * MAX_BODY + b'"}', headers={"content-type": "application/json"})
    assert big.status_code == 400 and "larger than" in big.json()["errors"][0]["message"]
    form = c.post("/api/check", content=b"yaml=x", headers={"content-type": "application/x-www-form-urlencoded"})
    assert form.status_code == 400
    other = c.post("/api/check", json={"yaml": AMBUSH}, headers={"origin": "http://evil.example"})
    assert other.status_code == 400 and "other sites" in other.json()["errors"][0]["message"]
    assert c.get("/", headers={"host": "evil.example"}).status_code == 400  # DNS rebinding
    assert c.get("/static/app.py").status_code == 404


def test_the_page_is_static_and_strict(folder: Path):
    page = client(folder).get("/")
    assert page.status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "'unsafe-inline'" not in page.headers["content-security-policy"].split("script-src")[1].split(";")[0]
    assert "innerHTML" not in client(folder).get("/static/studio.js").text


def test_a_page_served_from_a_folder_with_markup_in_its_name_escapes_it(tmp_path: Path):
    odd = tmp_path / "<img src=x onerror=alert(1)>"
    odd.mkdir()
    page = client(odd).get("/").text
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page


def test_save_writes_a_checked_scenario_atomically_and_refuses_a_bad_one(folder: Path):
    c = client(folder)
    text = AMBUSH.replace("Warehouse ambush", "My ambush")
    assert c.post("/api/save", json={"yaml": text, "path": "fights.yaml"}).json() == {"ok": True, "saved": "fights.yaml"}
    assert (folder / "fights.yaml").read_text(encoding="utf-8") == text  # comments and layout kept
    again = c.post("/api/save", json={"yaml": text, "path": "fights.yaml"})
    assert again.status_code == 409 and "replace" in again.json()["errors"][0]["message"]
    assert c.post("/api/save", json={"yaml": AMBUSH, "path": "fights.yaml", "replace": True}).json()["ok"]
    bad = c.post("/api/save", json={"yaml": AMBUSH.replace("count: 3", "count: 0"), "path": "bad.yaml"})
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "combatants[3].count"
    assert not (folder / "bad.yaml").exists()
    nowhere = c.post("/api/save", json={"yaml": AMBUSH, "path": "no/such/folder.yaml"})
    assert nowhere.status_code == 409
    assert sorted(p.name for p in folder.iterdir()) == ["fights.yaml", "link.yaml", "mine.yaml"]


def test_an_evaluation_job_runs_to_its_result(folder: Path):
    c = client(folder)
    started = c.post("/api/evaluate", json={"yaml": AMBUSH, "agents": {"crew": "random", "vipers": "random"}, "games": 30, "seed": 4})
    job = started.json()["job"]
    assert job["state"] == "running" and job["games"] == 30
    for _ in range(600):
        polled = c.get(f"/api/jobs/{job['id']}").json()
        if polled["state"] != "running":
            break
        threading.Event().wait(0.1)
    assert polled["state"] == "done" and polled["done"] == 30
    report = polled["result"]
    assert report["games"] == 30 and sum(s["wins"] for s in report["sides"].values()) + report["draws"] + report["timeouts"] == 30
    assert report["difficulty_label"].split(" ")[0] in ("easy", "fair", "hard", "deadly")
    assert report["plot"].startswith("data:image/png;base64,iVBORw0KGgo"), "the evaluate plot, as a PNG"
    from yz_gym.evaluation.runner import evaluate

    direct, _ = evaluate("warehouse_ambush", {"crew": "random", "vipers": "random"}, 30, seed=4)
    assert report["sides"] == direct.to_json()["sides"], "the studio plays the runner's games, in chunks"


class Blocking:
    """A stand-in for the runner that plays nothing until released, counting its calls."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0

    def __call__(self, data, agents, games, seed, first, chunk, progress):  # type: ignore[no-untyped-def]
        from yz_gym.evaluation.runner import evaluate

        self.calls += 1
        self.release.wait(30)
        return evaluate(data, agents, games, seed=seed, first=first, chunk=chunk, progress=progress)


def test_one_job_at_a_time_and_a_cancel_stops_between_chunks(folder: Path):
    play = Blocking()
    jobs = Jobs(play)
    c = client(folder, jobs)
    body = {"yaml": AMBUSH, "agents": {"crew": "random"}, "games": 500, "seed": 0}
    first = c.post("/api/evaluate", json=body).json()["job"]
    busy = c.post("/api/evaluate", json=body)
    assert busy.status_code == 409 and "another run is going on" in busy.json()["errors"][0]["message"]
    assert c.post("/api/sensitivity", json=body).status_code == 409
    assert c.post("/api/cancel", json={"job": first["id"]}).json() == {"ok": True}
    play.release.set()
    jobs.wait(60)
    ended = c.get(f"/api/jobs/{first['id']}").json()
    assert ended["state"] == "cancelled" and play.calls == 1 and ended["done"] == 50
    assert ended["result"]["games"] == 50, "the games played before the cancel are reported"


@pytest.mark.parametrize(
    ("change", "field"),
    [({"games": 0}, "games"), ({"games": 10**9}, "games"), ({"games": "many"}, "games"), ({"seed": -1}, "seed"),
     ({"agents": {"crew": "model:/tmp/x.zip"}}, "agents.crew"), ({"agents": {"pirates": "random"}}, "agents")],
)  # fmt: skip
def test_bad_job_settings_are_refused_on_their_field(folder: Path, change: dict, field: str):
    body = {"yaml": AMBUSH, "agents": {}, "games": 10, "seed": 0} | change
    answer = client(folder).post("/api/evaluate", json=body)
    assert answer.status_code == 409 and answer.json()["errors"][0]["field"] == field


def _finish(c: TestClient, job_id: str) -> dict:
    for _ in range(1200):
        polled = c.get(f"/api/jobs/{job_id}").json()
        if polled["state"] != "running":
            return polled
        threading.Event().wait(0.1)
    raise AssertionError("the job did not end")


def test_a_sensitivity_job_ranks_the_changes_with_paired_intervals(folder: Path):
    c = client(folder)
    duel = (SCENARIO_DIR / "duel.yaml").read_text(encoding="utf-8")
    started = c.post("/api/sensitivity", json={"yaml": duel, "agents": {"ilsa": "random", "brann": "random"}, "games": 6, "seed": 2, "side": "brann"})
    job = _finish(c, started.json()["job"]["id"])
    assert job["state"] == "done" and job["kind"] == "sensitivity", job["error"]
    report = job["result"]
    runs = len(report["changes"]) + 1
    assert job["games"] == job["done"] == 6 * runs, "the bar counts every change's games"
    assert report["side"] == "brann" and report["games"] == 6 and runs > 10
    wins = [abs(change["win"]["change"]) for change in report["changes"]]
    assert wins == sorted(wins, reverse=True), "ranked by the size of the effect on brann's wins"
    assert report["plot"].startswith("data:image/png;base64,"), "the tornado plot"
    bad = c.post("/api/sensitivity", json={"yaml": duel, "games": 5000, "side": "brann"})
    assert bad.status_code == 409 and bad.json()["errors"][0]["field"] == "change_games"
    nobody = c.post("/api/sensitivity", json={"yaml": duel, "games": 5, "side": "pirates"})
    assert nobody.status_code == 409 and nobody.json()["errors"][0]["field"] == "side"


def test_a_cancelled_sensitivity_run_stops_without_a_result(folder: Path):
    c = client(folder)
    started = c.post("/api/sensitivity", json={"yaml": AMBUSH, "agents": {"crew": "random", "vipers": "random"}, "games": 200, "side": "crew"})
    job_id = started.json()["job"]["id"]
    assert c.post("/api/cancel", json={"job": job_id}).json() == {"ok": True}
    job = _finish(c, job_id)
    assert job["state"] == "cancelled" and job["result"] is None and job["done"] < job["games"]


def test_an_unknown_job_is_not_found(folder: Path):
    assert client(folder).get("/api/jobs/nope").status_code == 404


def test_only_loopback_hosts_are_local():
    assert is_local("127.0.0.1") and is_local("::1") and is_local("localhost") and is_local("127.0.0.2")
    assert not is_local("0.0.0.0") and not is_local("192.168.1.4") and not is_local("example.com")


def _finished(c: TestClient, job: dict) -> dict:
    for _ in range(1200):
        polled = c.get(f"/api/jobs/{job['id']}").json()
        if polled["state"] != "running":
            return polled
        threading.Event().wait(0.1)
    raise AssertionError("the job did not end")


def test_zones_and_vehicles_come_as_form_rows_and_their_edits_are_checked_on_their_field(folder: Path):
    c = client(folder)
    apc = c.post("/api/open", json={"source": "bundled", "path": "apc_ambush"}).json()
    assert [z["name"] for z in apc["zones"]] == ["Road", "Barricade", "Roadside ditch", "Ridge", "Pumphouse", "Quarry gate"]
    assert apc["zones"][1] == {"index": 1, "name": "Barricade", "features": ["cluttered"], "cover": ["stone_wall"], "vehicles": False}
    assert apc["vehicles"] == [{"index": 0, "name": "APC", "type": "apc", "zone": "Road", "exposed_seats": 1}]
    assert apc["choices"]["features"] == ["cluttered", "dim", "dark", "cramped"]
    assert "stone_wall" in apc["choices"]["covers"] and "helicopter" in apc["choices"]["vehicle_types"]
    data = apc["data"]
    data["vehicles"][0]["zone"] = "Ridge"  # vehicles: false there
    errors = c.post("/api/check", json={"data": data}).json()["errors"]
    assert errors[0]["field"] == "vehicles[0].zone" and "vehicles: false" in errors[0]["message"]
    data["vehicles"][0]["zone"], data["map"]["zones"][0]["cover"] = "Road", ["force field"]
    errors = c.post("/api/check", json={"data": data}).json()["errors"]
    assert errors[0]["field"] == "map.zones[0].cover[0]" and "force field" in errors[0]["message"]
    data["map"]["zones"][0]["cover"], data["vehicles"][0]["engine_running"] = ["furniture"], False
    checked = c.post("/api/check", json={"data": data}).json()
    assert checked["zones"][0]["cover"] == ["furniture"] and checked["vehicles"][0]["engine_running"] is False
    ambush = c.post("/api/check", json={"yaml": AMBUSH}).json()
    assert ambush["vehicles"] == [] and len(ambush["zones"]) == 5
    chase = c.post("/api/open", json={"source": "bundled", "path": "chase_car_vs_motorcycle"}).json()
    assert chase["zones"] == [] and chase["vehicles"] == [], "a chase has no zone form"


def test_a_balance_job_races_the_variants_like_the_command(folder: Path):
    from yz_gym.design.balance import balance
    from yz_gym.design.variation import parse_variation
    from yz_gym.scenario.loading import load

    c = client(folder)
    agents = {"crew": "random", "vipers": "random"}
    body = {"yaml": AMBUSH, "agents": agents, "vary": ["vipers.count=1..3"], "target": 0.5, "side": "crew",
            "games": 20, "budget": 200, "seed": 3}  # fmt: skip
    job = c.post("/api/balance", json=body).json()["job"]
    assert job["kind"] == "balance" and job["games"] == 60  # the first round: 3 variants x 20 games
    polled = _finished(c, job)
    assert polled["state"] == "done" and polled["done"] == polled["games"] == polled["result"]["games"] <= 200
    report = polled["result"]
    warehouse = load("warehouse_ambush")
    direct = balance(warehouse, [parse_variation("vipers.count=1..3", warehouse)], 0.5, "win", "crew", agents, 3, 1, 20, 200)
    assert report["candidates"] == direct.to_json()["candidates"] and report["labels"] == [f"vipers.count={n}" for n in (1, 2, 3)]
    assert report["chosen_label"] == direct.chosen.variant.label
    chosen = c.post("/api/check", json={"yaml": report["yaml"]}).json()
    assert chosen["ok"] and report["yaml"].startswith(f"# yz-gym balance Warehouse ambush: {direct.chosen.variant.label}")


@pytest.mark.parametrize(
    ("change", "field"),
    [({"vary": ["nobody.count=1..3"]}, "balance.vary"), ({"vary": []}, "balance.vary"), ({"vary": "x"}, "balance.vary"),
     ({"vary": ["vipers.count=1..3"] * 5}, "balance.vary"), ({"vary": ["v" * 400]}, "balance.vary"),
     ({"target": 1.5}, "balance.target"), ({"target": "half"}, "balance.target"), ({"metric": "luck"}, "balance.metric"),
     ({"side": "nobody"}, "balance.side"), ({"budget": 50}, "balance.budget"), ({"budget": 10**6}, "balance.budget"),
     ({"games": 5}, "balance.games"), ({"agents": {"crew": "model:x.zip"}}, "agents.crew")],
)  # fmt: skip
def test_bad_balance_settings_are_refused_on_their_field_before_any_game(folder: Path, change: dict, field: str):
    body = {"yaml": AMBUSH, "agents": {}, "vary": ["vipers.count=1..3"], "target": 0.5, "side": "crew", "games": 20,
            "budget": 200, **change}  # fmt: skip
    answer = client(folder).post("/api/balance", json=body)
    assert answer.status_code == 409 and answer.json()["errors"][0]["field"] == field, answer.json()


def test_a_replay_is_the_seeded_game_the_replay_page_shows(folder: Path):
    from yz_gym.evaluation.html import page_data
    from yz_gym.evaluation.replay import record_game

    c = client(folder)
    agents = {"crew": "random", "vipers": "aggressive"}
    answer = c.post("/api/replay", json={"yaml": AMBUSH, "agents": agents, "seed": 7}).json()
    _, _, page = page_data(record_game("warehouse_ambush", agents, 7))
    assert answer["ok"] and answer["title"] == "Warehouse ambush" and answer["mode"] == "skirmish"
    assert answer["frames"] == page["frames"] and answer["shapes"] == page["shapes"] and "replayFile" not in answer
    assert answer["lastStep"] == len(answer["frames"]) - 1 > 5
    chase = c.post("/api/open", json={"source": "bundled", "path": "chase_car_vs_motorcycle"}).json()
    run = c.post("/api/replay", json={"data": chase["data"], "agents": {}, "seed": 1}).json()
    assert run["mode"] == "chase" and run["frames"][0]["step"] == 0
    refused = c.post("/api/replay", json={"yaml": AMBUSH, "agents": {"crew": "weights:x.pth"}, "seed": 1})
    assert refused.status_code == 409 and refused.json()["errors"][0]["field"] == "agents.crew"


@pytest.mark.parametrize(
    ("name", "vary", "agents"),
    [("dx3_duel", "Enforcer.body=6,8", {"ugn": "random", "fh": "random"}),
     ("expedition_dragoon_patrol", "party.food=3,9", {"dragoons": "random"})],
)  # fmt: skip
def test_a_dx3_fight_and_an_expedition_run_every_job_in_their_modes_words(tmp_path: Path, name: str, vary: str, agents):
    c = client(tmp_path)
    opened = c.post("/api/open", json={"source": "bundled", "path": name}).json()
    assert opened["ok"] and not opened["editable"] and "random" in opened["agents"]
    mode = opened["mode"]
    metrics = [m["name"] for m in opened["metrics"]]
    assert metrics == (["arrival", "pc_death", "party_lost"] if mode == "yze expedition" else ["win", "pc_death", "knockout"])
    refused = c.post("/api/evaluate", json={"yaml": opened["yaml"], "agents": {opened["sides"][0]: "tactical"}, "games": 5})
    assert refused.status_code == 409 and refused.json()["errors"][0]["field"] == f"agents.{opened['sides'][0]}"
    results = {}
    for action, extra in (("evaluate", {"games": 6}), ("sensitivity", {"games": 6}),
                          ("balance", {"vary": [vary], "target": 0.5, "games": 10, "budget": 20})):  # fmt: skip
        started = c.post(f"/api/{action}", json={"yaml": opened["yaml"], "agents": agents, "seed": 1, **extra})
        assert started.status_code == 200, started.text
        job = started.json()["job"]
        for _ in range(600):
            job = c.get(f"/api/jobs/{job['id']}").json()
            if job["state"] != "running":
                break
            time.sleep(0.1)
        assert job["state"] == "done", job
        results[action] = job["result"]
    evaluated = results["evaluate"]
    assert (evaluated["trips"] if mode == "yze expedition" else evaluated["games"]) == 6
    assert results["sensitivity"]["changes"] and results["sensitivity"]["metrics"] == metrics
    assert results["balance"]["metric"] == metrics[0] and results["balance"]["games"] == 20
