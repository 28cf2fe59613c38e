"""The studio in a real browser (headless Debian Chromium through Selenium and the system
chromedriver, no downloads): open a scenario and see its map, change a weapon (a bad one is
refused on its field), run a 200-game evaluation with random agents and read the result.
Screenshots are taken every run; with YZ_GYM_UPDATE_SCREENSHOTS=1 they replace
docs/images/studio_*.png (the pictures of docs/studio.md), else they go to the test's tmp folder."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("selenium")
pytest.importorskip("uvicorn")

import uvicorn
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser import browser, needs_chromium
from yz_gym.studio.app import create_app

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
pytestmark = needs_chromium
__all__ = ["browser"]  # the fixture, shared with the other browser tests (tests/browser.py)


@pytest.fixture
def studio(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The studio serving an empty folder (tmp_path/my_scenarios) on a free local port, in a thread."""
    folder = tmp_path / "my_scenarios"
    folder.mkdir()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(folder), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the studio did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/", folder
    server.should_exit = True
    thread.join(10)


def _field(driver: webdriver.Chrome, name: str):  # type: ignore[no-untyped-def]
    return driver.find_element(By.CSS_SELECTOR, f'[data-field="{name}"]')


def _shoot(driver: webdriver.Chrome, folder: Path, name: str, height: int | None = None) -> None:
    if height:
        driver.set_window_size(1500, height)
    path = folder / f"studio_{name}.png"
    assert driver.save_screenshot(str(path)) and path.stat().st_size > 10_000


def test_open_edit_evaluate_in_chromium(studio: tuple[str, Path], browser: webdriver.Chrome):
    url, folder = studio
    shots = IMAGES if os.environ.get("YZ_GYM_UPDATE_SCREENSHOTS") == "1" else folder.parent  # tmp_path
    wait = WebDriverWait(browser, 30)
    browser.get(url)
    wait.until(ready.element_to_be_clickable((By.CSS_SELECTOR, 'nav button[data-path="warehouse_ambush"]'))).click()
    wait.until(ready.text_to_be_present_in_element((By.ID, "title"), "Warehouse ambush"))
    labels = {e.text for e in browser.find_elements(By.CSS_SELECTOR, "#map text")}
    assert {"Loading dock", "Crate rows", "Office", "Mara", "Brick"} <= labels, labels
    _shoot(browser, shots, "map")

    weapons = _field(browser, "combatants[1].weapons")  # Brick's club
    assert weapons.get_attribute("value") == "club"
    weapons.clear()
    weapons.send_keys("laser sword")
    browser.find_element(By.ID, "apply").click()
    error = wait.until(ready.visibility_of_element_located((By.CSS_SELECTOR, ".err")))
    assert "laser sword" in error.text and "bad" in weapons.get_attribute("class")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", weapons)
    _shoot(browser, shots, "field_error")

    weapons.clear()
    weapons.send_keys("sword")
    browser.find_element(By.ID, "apply").click()
    wait.until(ready.text_to_be_present_in_element((By.ID, "apply-status"), "valid"))
    assert "- sword" in browser.find_element(By.ID, "yaml").get_attribute("value")
    assert not browser.find_elements(By.CSS_SELECTOR, ".err")

    games = browser.find_element(By.ID, "games")
    games.clear()
    games.send_keys("200")
    assert [s.get_attribute("value") for s in browser.find_elements(By.CSS_SELECTOR, "#agents select")] == ["random", "random"]
    browser.find_element(By.ID, "run").click()
    WebDriverWait(browser, 240).until(ready.presence_of_element_located((By.ID, "outcome")))
    result = browser.find_element(By.ID, "result").text
    assert "Warehouse ambush: 200 games" in result and "crew wins" in result and "vipers wins" in result
    assert browser.find_element(By.ID, "rating").text.split(" ")[1] in ("easy", "fair", "hard", "deadly")
    assert browser.find_element(By.ID, "progress").get_attribute("value") == "200"
    assert "200 / 200 games (done)" in browser.find_element(By.ID, "progress-text").text
    plot = browser.find_element(By.CSS_SELECTOR, "#result img.plot")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", plot) == 1200
    browser.execute_script("document.getElementById('evaluate-box').scrollIntoView()")
    _shoot(browser, shots, "result", 1400)

    browser.find_element(By.ID, "save-path").clear()
    browser.find_element(By.ID, "save-path").send_keys("ambush_with_sword.yaml")
    browser.find_element(By.ID, "save").click()
    wait.until(ready.text_to_be_present_in_element((By.ID, "save-status"), "saved as ambush_with_sword.yaml"))
    saved = (folder / "ambush_with_sword.yaml").read_text(encoding="utf-8")
    severe = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert len(severe) == 1 and severe[0].startswith(f"{url}api/check - ") and "422" in severe[0], (
        "no script error and nothing refused by the page's policy; only the refused laser sword"
    )
    assert "- sword" in saved and "club" not in saved

    change_games = browser.find_element(By.ID, "change-games")
    change_games.clear()
    change_games.send_keys("8")
    browser.find_element(By.ID, "sensitivity").click()
    WebDriverWait(browser, 240).until(ready.text_to_be_present_in_element((By.ID, "result"), "what matters most for crew"))
    rows = browser.find_elements(By.CSS_SELECTOR, "#outcome tr")
    assert len(rows) > 10 and "Brick weapon sword" in browser.find_element(By.ID, "outcome").text
    assert "(done)" in browser.find_element(By.ID, "progress-text").text
    browser.execute_script("document.getElementById('evaluate-box').scrollIntoView()")
    _shoot(browser, shots, "sensitivity", 1400)


def test_zones_vehicles_balance_and_replay_in_chromium(studio: tuple[str, Path], browser: webdriver.Chrome):
    url, folder = studio
    shots = IMAGES if os.environ.get("YZ_GYM_UPDATE_SCREENSHOTS") == "1" else folder.parent  # tmp_path
    wait = WebDriverWait(browser, 30)
    browser.get(url)
    wait.until(ready.element_to_be_clickable((By.CSS_SELECTOR, 'nav button[data-path="apc_ambush"]'))).click()
    wait.until(ready.text_to_be_present_in_element((By.ID, "title"), "APC ambush"))
    zones = [r.find_element(By.TAG_NAME, "td").text for r in browser.find_elements(By.CSS_SELECTOR, "#zones tbody tr")]
    assert zones == ["Road", "Barricade", "Roadside ditch", "Ridge", "Pumphouse", "Quarry gate"]
    assert _field(browser, "map.zones[1].cover").get_attribute("value") == "stone_wall"
    assert not _field(browser, "map.zones[1].vehicles").is_selected() and _field(browser, "map.zones[0].vehicles").is_selected()
    assert _field(browser, "vehicles[0].type").get_attribute("value") == "apc"

    cover = _field(browser, "map.zones[0].cover")  # the road: a cover piece the rules do not have
    cover.send_keys("force field")
    browser.find_element(By.ID, "apply-zones").click()
    error = wait.until(ready.visibility_of_element_located((By.CSS_SELECTOR, ".err")))
    assert "unknown cover 'force field'" in error.text and "bad" in cover.get_attribute("class")
    cover.clear()
    cover.send_keys("furniture")
    zone = _field(browser, "vehicles[0].zone")  # the APC onto the ridge, where no vehicle goes
    browser.execute_script("arguments[0].value = 'Ridge'", zone)
    browser.find_element(By.ID, "apply-vehicles").click()
    error = wait.until(ready.visibility_of_element_located((By.CSS_SELECTOR, ".err")))
    assert "'Ridge' is marked vehicles: false" in error.text and "bad" in zone.get_attribute("class")
    browser.execute_script("arguments[0].value = 'Road'", _field(browser, "vehicles[0].zone"))
    _field(browser, "vehicles[0].engine_running").click()
    seats = _field(browser, "vehicles[0].exposed_seats")
    seats.clear()
    seats.send_keys("2")
    browser.find_element(By.ID, "apply-vehicles").click()
    wait.until(ready.text_to_be_present_in_element((By.ID, "apply-status"), "valid"))
    text = browser.find_element(By.ID, "yaml").get_attribute("value")
    assert "engine_running: false" in text and "exposed_seats: 2" in text
    assert "- name: Road\n    cover:\n    - furniture" in text
    browser.execute_script("document.getElementById('zones-box').scrollIntoView()")
    _shoot(browser, shots, "zones_vehicles", 1100)

    browser.find_element(By.CSS_SELECTOR, 'nav button[data-path="warehouse_ambush"]').click()
    wait.until(ready.text_to_be_present_in_element((By.ID, "title"), "Warehouse ambush"))
    assert browser.find_element(By.ID, "vehicles-box").get_attribute("hidden") is not None  # no vehicles here
    for name, value in (("vary", "vipers.count=1..3"), ("target", "0.5"), ("balance-games", "20"), ("budget", "200")):
        box = browser.find_element(By.ID, name)
        box.clear()
        box.send_keys(value)
    browser.find_element(By.ID, "balance").click()
    WebDriverWait(browser, 240).until(ready.presence_of_element_located((By.ID, "use-chosen")))
    rows = browser.find_elements(By.CSS_SELECTOR, "#outcome tr")
    assert [r.find_element(By.TAG_NAME, "td").text for r in rows[1:]] == [f"vipers.count={n}" for n in (1, 2, 3)]
    chosen = browser.find_element(By.CSS_SELECTOR, "#outcome tr.chosen").text
    assert "chosen" in chosen and "(done)" in browser.find_element(By.ID, "progress-text").text
    browser.execute_script("document.getElementById('balance-box').scrollIntoView()")
    _shoot(browser, shots, "balance", 1100)
    browser.find_element(By.ID, "use-chosen").click()
    wait.until(ready.text_to_be_present_in_element((By.ID, "save-status"), "the chosen variant is open"))
    assert browser.find_element(By.ID, "yaml").get_attribute("value").startswith("# yz-gym balance Warehouse ambush: vipers.count=")

    browser.find_element(By.ID, "replay").click()
    wait.until(ready.visibility_of_element_located((By.ID, "replay-view")))
    where = browser.find_element(By.ID, "replay-where")
    assert where.text.startswith("step 0 / ")
    last = int(where.text.split(" / ")[1].split(",")[0])
    assert last > 3 and {"Mara", "Loading dock"} <= {e.text for e in browser.find_elements(By.CSS_SELECTOR, "#replay-map text")}
    for _ in range(3):
        browser.find_element(By.ID, "replay-next").click()
    assert browser.find_element(By.ID, "replay-where").text.startswith("step 3 / ")
    log = browser.find_element(By.ID, "replay-log").text
    assert "next: " in log and len(log.splitlines()) >= 4
    browser.find_element(By.ID, "replay-last").click()
    assert browser.find_element(By.ID, "replay-where").text.startswith(f"step {last} / {last}")
    browser.find_element(By.ID, "replay-prev").click()
    browser.execute_script("document.getElementById('replay-box').scrollIntoView()")
    _shoot(browser, shots, "replay", 1100)
    severe = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert len(severe) == 2 and all("api/check - " in m and "422" in m for m in severe), severe  # the two refusals
