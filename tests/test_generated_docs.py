"""The docs say what the code does: their generated parts (catalog tables, RL limits, the rules
index) are current, and every Python example under docs/ runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from scripts.generate_docs import RULES_DOC, SCENARIOS_DOC, with_generated
from scripts.rules_index import collect, expand, rules_markdown
from yz_gym.rulesets.yze.tables import WEAPONS
from yz_gym.rulesets.yze.vehicles.tables import VEHICLES

ROOT = Path(__file__).resolve().parent.parent
FIX = "run python -m scripts.generate_docs"


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


EXAMPLES = [
    (path, k) for path in sorted((ROOT / "docs").rglob("*.md")) for k in range(len(python_blocks(path)))
]


@pytest.mark.parametrize(("path", "k"), EXAMPLES, ids=[f"{p.name}-{k}" for p, k in EXAMPLES])
def test_every_python_example_in_the_docs_runs(path: Path, k: int):
    code = python_blocks(path)[k]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, f"{path.name} example {k} fails:\n{done.stderr[-2000:]}"


def test_the_scenario_docs_show_the_catalog_and_limits_as_the_tables_are():
    text = SCENARIOS_DOC.read_text(encoding="utf-8")
    assert with_generated(text) == text, f"docs/scenarios.md's generated tables are stale: {FIX}"
    pistol = WEAPONS["pistol"]
    assert f"| `pistol` | Pistol | 1H | {pistol.bonus} | {pistol.damage} | medium |" in text
    apc = VEHICLES["apc"]
    assert f"| `apc` | APC | {apc.seats} | {apc.passengers} | +0 | {apc.hull} | {apc.armor} |" in text
    assert "| `medkit` | Medkit | +2 gear dice" in text


def test_a_changed_number_makes_the_scenario_docs_stale():
    text = SCENARIOS_DOC.read_text(encoding="utf-8")
    tampered = text.replace("| `knife` | Knife | 1H | 1 | 2 |", "| `knife` | Knife | 1H | 1 | 3 |")
    assert tampered != text and with_generated(tampered) == text


def test_the_rules_index_is_current():
    assert RULES_DOC.read_text(encoding="utf-8") == rules_markdown(), f"docs/rules.md is stale: {FIX}"


def test_rule_citations_spell_out_their_ranges():
    assert expand("VEH-DMG-01..03 and AUTO-03/06; MOUNT-08/11/14") == [
        "VEH-DMG-01", "VEH-DMG-02", "VEH-DMG-03", "AUTO-03", "AUTO-06", "MOUNT-08", "MOUNT-11", "MOUNT-14",
    ]  # fmt: skip
    assert expand("ACT-FAST-DOOR, G-19, RMOD-13/16") == ["ACT-FAST-DOOR", "G-19", "RMOD-13", "RMOD-16"]


def test_the_rules_index_finds_summaries_switches_modules_and_tests():
    rules = collect()
    stress = rules["STRESS-04"]
    assert "rules.stress_from_events" in stress.switches
    assert "yz_gym/rulesets/yze/combat/damage.py" in stress.modules
    assert any(
        t.endswith("::test_friends_who_see_a_lethal_critical_injury_take_one_stress") for t in stress.tests
    )
    assert rules["ZONE-FEAT-DARK-01"].summary[1] == "Observation rolls made in a dimly lit zone get -2."
    assert "vehicle_rules.component_check" in rules["VEH-DMG-05"].switches
    assert "A-D" not in rules  # step dice grades are not a rule ID
