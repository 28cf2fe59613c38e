"""A new mode gets the conformance suite by registering. A throwaway copy of the chase mode, registered
under another name for one test, is in the suite's parametrisation (in this process, and when pytest
collects the suite in another one), is played by the suite's checks through its GameRules, and is
told what it still lacks: a bundled scenario and a golden log."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conformance.games import check_copies, gaps, mode_params, play_checked, scenario_params
from yz_gym.core import registry
from yz_gym.core.registry import Mode
from yz_gym.scenario.loading import LoadedScenario, load

ROOT = Path(__file__).resolve().parents[2]
NAME = "chase_copy"  # no bundled file names this mode


def register_copy() -> Mode:
    """The chase mode again, as ("yze", NAME)."""
    return registry.register(dataclasses.replace(registry.get("yze", "chase"), name=NAME))


@pytest.fixture
def copied() -> Iterator[Mode]:
    """The copy, registered for one test and removed after it."""
    mode = register_copy()
    try:
        yield mode
    finally:
        registry._MODES.pop(mode.key)  # the registry has no unregister: modes are for the process's life


def test_a_registered_mode_is_in_the_parametrisation_and_is_told_what_it_lacks(copied: Mode) -> None:
    assert f"yze-{NAME}" in [p.id for p in mode_params()]
    assert not [p for p in scenario_params() if p.values[0] is copied]  # it has no bundled scenario yet
    assert gaps(copied) == [
        f"yze {NAME}: no bundled scenario (configs/scenarios/*.yaml with mode: {NAME})",
        f"yze {NAME}: no golden log in tests/rules/test_golden_log.py GAMES",
    ]


def test_the_suites_checks_play_a_registered_mode_through_its_rules(copied: Mode) -> None:
    chase = load("chase_market_foot")
    loaded = LoadedScenario(copied, chase.scenario, {**chase.data, "mode": NAME}, "<a copy>")
    play_checked(loaded, (0, 1))
    check_copies(loaded, 3)  # the pickled copy finds its mode again by name in the registry


PLUGIN = "tests.conformance.test_new_mode"  # this module, as a pytest plugin: registers the copy on import


def pytest_configure(config: pytest.Config) -> None:
    """Loaded with `-p` (the collection test below), the copy is registered before collection; every
    test parametrised by mode runs for it as for the chase mode."""
    register_copy()


def test_pytest_collects_the_suite_for_a_registered_mode() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", PLUGIN, "--collect-only", "-q", "tests/conformance"],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    lines = out.stdout.splitlines()
    ids = sorted(line for line in lines if f"[yze-{NAME}]" in line)
    assert ids, "no test collected for the registered mode"
    assert ids == sorted(
        line.replace("[yze-chase]", f"[yze-{NAME}]") for line in lines if "[yze-chase]" in line
    )
