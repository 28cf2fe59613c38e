"""Every registered (ruleset, mode) on every bundled scenario, through its GameRules only: random legal
play keeps the protocol's invariants and the event catalogue, a game goes on identically after a
clone or a pickle round trip, and the same seed plays the same game in another process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conformance.games import SEEDS, SLOW_SEEDS, check_copies, digests, play_checked, scenario_params
from yz_gym.core.registry import Mode
from yz_gym.scenario.loading import LoadedScenario, load

ROOT = Path(__file__).resolve().parents[2]


def _bundled(mode: Mode, name: str) -> LoadedScenario:
    loaded = load(name)
    assert loaded.mode is mode, f"{name} is a {loaded.mode.label} scenario, bundled as {mode.label}"
    return loaded


@pytest.mark.parametrize(("mode", "name"), scenario_params())
def test_random_legal_play_keeps_the_invariants(mode: Mode, name: str) -> None:
    play_checked(_bundled(mode, name), SEEDS)


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "name"), scenario_params())
def test_random_legal_play_keeps_the_invariants_over_many_seeds(mode: Mode, name: str) -> None:
    play_checked(_bundled(mode, name), SLOW_SEEDS)


@pytest.mark.parametrize(("mode", "name"), scenario_params())
def test_a_copied_game_plays_on_like_the_original(mode: Mode, name: str) -> None:
    check_copies(_bundled(mode, name), 3)


SCRIPT = """
import json, sys
sys.path.insert(0, {root!r})
from yz_gym.core import registry
from yz_gym.core.event_catalogue import CATALOGUES
registry.modes()
catalogues = sorted(CATALOGUES)  # registered by registering the modes, before anything else is imported
from tests.conformance.games import SEEDS, digests
print(json.dumps({{"catalogues": catalogues, "digests": digests(SEEDS)}}))
"""


def test_the_same_seed_plays_the_same_game_in_another_process() -> None:
    env = {**os.environ, "PYTHONHASHSEED": "4242"}  # another hash seed: no set or dict order may matter
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(root=str(ROOT))],
        capture_output=True, text=True, check=True, cwd=ROOT, env=env, timeout=300,
    )  # fmt: skip
    there = json.loads(out.stdout)
    here = digests(SEEDS)
    assert there["digests"] == here
    assert len(set(here.values())) == len(here), "two seeds or scenarios played the same game"
    rulesets = sorted({key.split("/")[0] for key in here})
    assert there["catalogues"] == rulesets, "registering a ruleset's modes must register its event catalogue"
