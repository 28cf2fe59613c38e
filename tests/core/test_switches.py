"""One parser for every rules-switch block: each switch declared once (type, default, bounds,
rules, doc), strict types, bounds, cross-checks, "did you mean", and the docs' tables from the
declarations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from scripts.generate_docs import CHASE_BLOCKS, CHASE_DOC, SCENARIO_BLOCKS, SCENARIOS_DOC, with_generated
from yz_gym.core.switches import SwitchBlock, SwitchError, switch
from yz_gym.rulesets.yze.options import (
    CHASE_RULES,
    RULES,
    SWITCH_BLOCKS,
    VEHICLE_RULES,
    ChaseOptions,
    RuleOptions,
)


def test_every_switch_is_declared_with_rules_doc_and_bounds() -> None:
    assert [b.key for b in SWITCH_BLOCKS] == ["rules", "vehicle_rules", "chase_rules"]
    for block in SWITCH_BLOCKS:
        for s in block.switches:
            assert s.rules and s.doc and "\n" not in s.doc, f"{block.key}.{s.name}"
            if s.hint is int:
                assert s.low is not None and s.high is not None and s.low <= s.default <= s.high
            assert block.parse({s.name: s.default}, "doc") == block.options()  # the default parses
    assert len(RULES.switches) == 44 and len(VEHICLE_RULES.switches) == 11 and len(CHASE_RULES.switches) == 17


@pytest.mark.parametrize(
    ("block", "values", "message"),
    [
        (RULES, {"dice_mod": "step"}, "rules.dice_mod: unknown rule option; did you mean 'dice_mode'? options: "),
        (RULES, {"dice_mode": "d6"}, "rules.dice_mode: 'd6' is not allowed; use one of 'pool' or 'step'"),
        (RULES, {"ask_push": 1}, "rules.ask_push: got 1; give true or false"),
        (RULES, {"fire_rise": True}, "rules.fire_rise: got True; give a whole number"),
        (RULES, {"dim_zone_mod": 2}, "rules.dim_zone_mod: 2 is out of range; give a value from -5 to 0"),
        (RULES, {"rounds_per_stretch": 0}, "rules.rounds_per_stretch: 0 is out of range; give a value from 1 to 10000"),
        (RULES, {"dice_mode": "step"}, "rules.damage_model: step dice cannot use attribute damage (DMGM-01/03)"),
        (RULES, {"push_cost": "conditions"}, "rules: push_cost: conditions and damage_model: conditions go together"),
        (CHASE_RULES, {"chase_mult": "grouped"}, "chase_rules.chase_mult: unknown chase option; did you mean 'chase_multi'?"),
        (CHASE_RULES, {"chase_max_rounds": 101}, "chase_rules.chase_max_rounds: 101 is out of range; give a value from 1 to 100"),
        (CHASE_RULES, {"passenger_penalty": 1}, "chase_rules.passenger_penalty: 1 is out of range; give a value from -5 to 0"),
        (VEHICLE_RULES, {"crit_die": "d20"}, "vehicle_rules.crit_die: 'd20' is not allowed; use one of 'auto', 'd12' or 'd66'"),
    ],
)
def test_a_bad_switch_is_one_line_naming_the_field_and_the_fix(block, values, message) -> None:
    with pytest.raises(SwitchError) as caught:
        block.parse(values, "docs/x.md")
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_a_good_block_makes_the_options() -> None:
    assert RULES.parse({"dice_mode": "step", "damage_model": "health_resolve", "fire_rise": 2}, "d") == RuleOptions(
        dice_mode="step", damage_model="health_resolve", fire_rise=2
    )
    assert CHASE_RULES.parse({"chase_max_rounds": 100}, "d") == ChaseOptions(chase_max_rounds=100)
    assert RULES.parse({"initiative_overflow": None}, "d").initiative_overflow is None


def test_a_block_refuses_an_undeclared_or_unbounded_switch() -> None:
    @dataclass(frozen=True)
    class Plain:
        mode: Literal["a", "b"] = "a"

    @dataclass(frozen=True)
    class Unbounded:
        count: int = switch(1, "X-01", "a count")

    with pytest.raises(TypeError, match="declare it with switch"):
        _ = SwitchBlock("plain", Plain, "option").switches
    with pytest.raises(TypeError, match="needs its bounds"):
        _ = SwitchBlock("unbounded", Unbounded, "option").switches


def test_the_docs_tables_are_the_declarations() -> None:
    for path, blocks in ((SCENARIOS_DOC, SCENARIO_BLOCKS), (CHASE_DOC, CHASE_BLOCKS)):
        text = path.read_text(encoding="utf-8")
        assert with_generated(text, blocks, path) == text, f"{path.name} is stale: python -m scripts.generate_docs"
    row = next(line for line in RULES.table() if line.startswith("| `dim_zone_mod` |"))
    assert row.startswith("| `dim_zone_mod` | int -5-0 | `-2` | RMOD-16, ZONE-FEAT-DARK-02 | ")
    assert "| `initiative_overflow` | `error`, `extend_deck`, `null` | `null` |" in "\n".join(RULES.table())
