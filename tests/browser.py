"""The real browser of the browser tests: headless Debian Chromium through Selenium and the system
chromedriver (no Selenium Manager, no downloads); a test module imports `browser` (the fixture) and
`needs_chromium` (its skip mark)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("selenium")

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMEDRIVER = "/usr/bin/chromedriver"


def chromium() -> str | None:
    """The Chromium binary, if one is installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


needs_chromium = pytest.mark.skipif(
    chromium() is None or not Path(CHROMEDRIVER).is_file(),
    reason="no headless Chromium with its driver (apt-get install chromium chromium-driver)",
)


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    """A headless Chromium that keeps the page's console messages (script errors, CSP refusals)."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(chromium())
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # script errors and CSP refusals
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1500,1100"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)  # no Selenium Manager
    try:
        yield driver
    finally:
        driver.quit()
