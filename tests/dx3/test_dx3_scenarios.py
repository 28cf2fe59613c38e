"""DX3 scenario files: docs/dx3_scenarios.md documents every key and bundled fight; bad files get one
line naming the file, the field and the fix; the command line plays DX3 files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.dx3.fights import fighter, scenario_data
from tests.helpers import doc_section
from yz_gym.cli import app
from yz_gym.core import registry
from yz_gym.rulesets.dx3.gear import ARMORS, WEAPONS
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.dx3_models import MODELS
from yz_gym.scenario.loading import build_data, bundled, load

DOC = Path(__file__).resolve().parents[2] / "docs" / "dx3_scenarios.md"
DX3 = registry.get("dx3", "skirmish")


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_key_of_every_model_is_documented(model):
    lines = doc_section(DOC, model.__name__)
    documented = {m.group(1) for line in lines if (m := re.match(r"\| `(\w+)` \|", line))}
    assert documented == set(model.model_fields)


def test_every_bundled_fight_weapon_and_armor_is_listed():
    text = DOC.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `(dx3_\w+)` \|", text.split("## Bundled scenarios", 1)[1], re.M))
    assert listed == set(bundled(DX3)) and len(listed) >= 4
    for name in (*WEAPONS, *ARMORS):
        assert f"| `{name}` |" in text, name


def error(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as caught:
        build_data(data, "f.yaml")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("f.yaml: ")
    return message.removeprefix("f.yaml: ")


A, B = fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 10)


@pytest.mark.rule("DX3-WPN-03", "DX3-DICE-15", "DX3-ARM-03")
@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            scenario_data({**A, "weapons": ["swrod"]}, B),
            "fighters[0].weapons[0]: unknown weapon 'swrod'; did you mean 'sword'?",
        ),
        (
            scenario_data(A, B, dx3_rules={"crit_floor": 1}),
            "dx3_rules.crit_floor: 1 is out of range; give a value from 2 to 10",
        ),
        (
            scenario_data({**A, "position": 60}, B),
            "fighters[0].position: 60 m is off the line; give 0 to length 50",
        ),
        (scenario_data({**A, "side": "pc"}, B), "fighters[0].side: no side named 'pc'; did you mean 'pcs'?"),
        (scenario_data({**A, "hp": 40}, B), "fighters[0].hp: 40 is above max HP 28"),
        (
            scenario_data({**A, "weapons": ["hammer", "sword"], "equipped": ["hammer", "sword"]}, B),
            "fighters[0].equipped: a two-handed weapon is held with another; hold it alone (DX3-WPN-03)",
        ),
        (
            scenario_data(
                {**A, "weapons": ["sword", "knife", "handgun"], "equipped": ["sword", "knife", "handgun"]}, B
            ),
            "fighters[0].equipped: 3 weapons; a character holds at most 2",
        ),
        (
            scenario_data({**A, "equipped": ["sword"]}, B),
            "fighters[0].equipped[0]: 'sword' is not among its weapons",
        ),
        (
            scenario_data({**A, "armor": ["chain_mail", "bulletproof_jacket"]}, B),
            "fighters[0].armor: two pieces of the same slot",
        ),
        (scenario_data({**A, "skills": {"剣": 2}}, B), "fighters[0].skills: unknown skill '剣'"),
        (scenario_data(A, {**B, "name": "A"}), "fighters[1].name: 'A' is named twice"),
        (scenario_data(A, {**B, "side": "pcs"}), "sides: side 'npcs' has no fighter"),
        (scenario_data(A, B, blockades=[51]), "blockades[0]: 51 m is off the line"),
        (scenario_data(A, B, agents={"npcs": "tactical"}), "agents.npcs: unknown DX3 agent 'tactical'"),
        (
            scenario_data(A, B, gimmicks=[{"name": "g", "round": 20}]),
            "gimmicks[0].round: round 20 comes after max_rounds 12",
        ),
        (scenario_data(A, B, speed=3), "speed"),
    ],
)
def test_a_bad_dx3_file_is_one_line_naming_the_field_and_the_fix(data, message):
    assert message in error(data)


def test_every_bundled_fight_validates_and_its_pcs_pass_the_character_check():
    for name in bundled(DX3):
        loaded = load(name)
        assert loaded.mode is DX3 and DX3.characters(loaded.scenario) == [], name
    problems = DX3.characters(load(scenario_data({**A, "encroachment": 10, "resurrect": 0}, B)).scenario)
    assert [p for _, p in problems] == [
        "侵蝕率 10% is below the lowest start, 28% (DX3-ENC-01)",
        "every PC has 《リザレクト》 (DX3-EFF-09): give resurrect: 1 or more",
    ]


def test_the_command_line_validates_and_logs_a_dx3_fight_and_refuses_what_it_cannot_yet():
    runner = CliRunner()
    result = runner.invoke(app, ["validate", "dx3_duel"], env={"COLUMNS": "250"})
    assert result.exit_code == 0 and "(dx3 skirmish)" in result.output
    result = runner.invoke(app, ["log", "dx3_duel", "--seed", "3"], env={"COLUMNS": "250"})
    assert result.exit_code == 0 and "Hit check 〈白兵〉" in result.output, result.output
    result = runner.invoke(app, ["advise", "dx3_duel", "-p", "fh=tactical"], env={"COLUMNS": "250"})
    assert result.exit_code == 2 and "fh: 'tactical' does not play DX3 fights" in result.output
    assert "Traceback" not in result.output
