"""The DX3 replay page in a real browser (headless Debian Chromium through Selenium, tests/browser.py):
the car chase's page paints the van with its driver and passenger and the bikes with their riders,
a ruler whose labels do not overlap, a hidden rider's card with where it was last seen, steps with
its buttons, and runs under its Content-Security-Policy without a console error."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

pytest.importorskip("selenium")

from selenium import webdriver
from selenium.webdriver.common.by import By

from tests.browser import browser, needs_chromium
from yz_gym.evaluation.html import write_html
from yz_gym.evaluation.replay import record_game

pytestmark = needs_chromium
__all__ = ["browser"]  # the fixture


def _texts(driver: webdriver.Chrome) -> list[str]:
    return [e.get_attribute("textContent") or "" for e in driver.find_elements(By.CSS_SELECTOR, "#map text")]


def test_the_car_chase_page_shows_vehicles_riders_and_hidden_riders_in_chromium(
    tmp_path: Path, browser: webdriver.Chrome
):
    replay = record_game("dx3_car_chase", {"pcs": "dx3_tactical", "riders": "dx3_tactical"}, seed=7)
    hidden = next(k for k in range(len(replay.steps)) if any(f.hidden.hidden for f in replay.state_at(k)[0].fighters))
    page = write_html(replay, tmp_path / "car_chase.html", "car_chase.jsonl")
    browser.get(f"{page.as_uri()}#step=0")
    texts = _texts(browser)
    assert {"van (car)", "bike_1 (motorcycle)", "Kyoko (PC)", "Ren (PC)", "Rider A"} <= set(texts), texts
    assert any(t.startswith("driver") for t in texts) and any(t.startswith("passenger, assault_rifle") for t in texts)
    labels = browser.find_elements(By.XPATH, "//*[@id='map']/*[name()='text' and string(number(text())) != 'NaN']")
    boxes = sorted((e.rect["x"], e.rect["x"] + e.rect["width"]) for e in labels)  # the ruler as painted
    assert len(boxes) > 5 and all(right < left for (_, right), (left, _) in pairwise(boxes)), boxes
    browser.find_element(By.ID, "next").click()
    assert browser.find_element(By.ID, "where").text.startswith(f"step 1 / {len(replay.steps)}")
    browser.get(f"{page.as_uri()}#step={hidden}")
    browser.refresh()
    assert browser.find_element(By.ID, "where").text.startswith(f"step {hidden} / ")
    assert any(t.startswith("driver, 隠密 (last seen") for t in _texts(browser)), _texts(browser)
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
