"""Every registered mode brings what the conformance suite plays: bundled scenarios, a golden log
(tests/rules/test_golden_log.py GAMES), a Gymnasium and a PettingZoo env, its ruleset's event
catalogue; and its bundled scenarios build as that mode."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conformance.games import gaps, mode_params
from yz_gym.core.registry import Mode
from yz_gym.scenario.loading import bundled, load


@pytest.mark.parametrize("mode", mode_params())
def test_a_mode_has_everything_the_suite_plays(mode: Mode) -> None:
    assert gaps(mode) == []


@pytest.mark.parametrize("mode", mode_params())
def test_a_modes_bundled_scenarios_are_its_own(mode: Mode) -> None:
    for name in bundled(mode):
        loaded = load(name)
        assert loaded.mode is mode and isinstance(loaded.scenario, mode.scenario_type)
        people = mode.rules.people(mode.rules.new_game(loaded.scenario, 0))
        assert [p.name for p in people] == [p.name for p in mode.people(loaded.scenario)]
        assert {loaded.sides[p.side] for p in people} == set(loaded.sides), f"{name}: a side without people"


def test_the_core_imports_no_ruleset() -> None:
    """A ruleset plugs into the core; the core (protocol, registry, contracts) never names one."""
    core = Path(__file__).resolve().parents[2] / "yz_gym" / "core"
    found = []
    for path in sorted(core.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [f"{path.name}: {n}" for n in names if n.startswith("yz_gym.rulesets")]
    assert found == []
