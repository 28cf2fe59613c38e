"""docs/scenarios.md documents every key of every model and every rules switch, and its example loads."""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from pathlib import Path

import pytest
import yaml

from tests.helpers import doc_section
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.scenario.models import MODELS
from yz_gym.rulesets.yze.scenario.zone_builder import build, bundled_scenarios

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


def row(lines: list[str], key: str) -> str | None:
    """The table row documenting `key`."""
    return next((line for line in lines if line.startswith(f"| `{key}` |")), None)


def as_yaml(value: object) -> str:
    return yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("...").strip()


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_key_of_every_model_is_documented(model):
    lines = doc_section(DOC, model.__name__)
    missing = [name for name in model.model_fields if row(lines, name) is None]
    assert not missing, f"docs/scenarios.md ({model.__name__}) does not document: {missing}"
    documented = {m.group(1) for line in lines if (m := re.match(r"\| `(\w+)` \|", line))}
    assert documented <= set(model.model_fields), f"documented but not in {model.__name__}"


def test_every_rules_switch_is_documented_with_its_default_and_rule_id():
    lines = doc_section(DOC, "RuleOptions")
    for option in fields(RuleOptions):
        line = row(lines, option.name)
        assert line is not None, f"docs/scenarios.md does not document rules.{option.name}"
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert len(cells) == 5, f"rules.{option.name}: key | values | default | resolves | meaning"
        default = option.default if option.default is not MISSING else None
        assert cells[2] == f"`{as_yaml(default)}`", f"rules.{option.name}: the default is {default!r}"
        assert re.search(r"[A-Z]+-[\w/.-]+|G-\d+", cells[3]), (
            f"rules.{option.name}: name the rule it resolves"
        )
    documented = {m.group(1) for line in lines if (m := re.match(r"\| `(\w+)` \|", line))}
    assert documented <= {f.name for f in fields(RuleOptions)}


def test_the_annotated_example_loads():
    text = DOC.read_text(encoding="utf-8")
    example = text.split("## Complete annotated example", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
    scenario = build(yaml.safe_load(example), "docs/scenarios.md example")
    assert scenario.surprise and scenario.setup.victory.reach_zone
    assert "boat_hook" in scenario.setup.weapons


def test_every_bundled_scenario_is_listed():
    lines = DOC.read_text(encoding="utf-8").split("## Bundled scenarios", 1)[1]
    for name in bundled_scenarios():
        assert f"| `{name}` |" in lines, f"docs/scenarios.md does not list the bundled scenario {name}"
