"""The hazards' switches (the `hazard_rules:` block of a zone fight): declared with their defaults, parsed by
the one switch parser, and the cold band intervals they give."""

from __future__ import annotations

from pathlib import Path

import pytest

from yz_gym.core.clock import TimeUnit
from yz_gym.core.switches import SwitchError
from yz_gym.rulesets.yze.combat.damage import CONDITION_KINDS
from yz_gym.rulesets.yze.hazards.kinds import HAZARD_KINDS
from yz_gym.rulesets.yze.hazards.options import DEFAULT_HAZARDS, HAZARD_BLOCK, HazardOptions

DOC = "docs/hazards.md"


@pytest.mark.rule("AMB-03", "AMB-04", "AMB-05", "AMB-06", "AMB-08", "AMB-09", "HEAL-13", "HAZ-POISON-04", "HEAL-12")
def test_every_reading_is_a_switch_with_the_suggested_default():
    defaults = {s.name: s.default for s in HAZARD_BLOCK.switches}
    assert defaults == {
        "rating_to_step": "nearest", "lethal_tick": "stretch", "lethal_resisted": "ends", "npc_can_swim": True,
        "float_failure": "underwater", "drowning_rolls": "none", "rescue_stops_death": True,
        "rescue_action": "slow", "antidote_action": "fast", "gas_rolls": "every_round", "poison_needs_damage": True,
        "chilly_interval": "day", "cold_interval": "shift", "extreme_cold_interval": "stretch",
        "blanket_bonus": 1, "cold_damage": 1, "cold_stress": 1,
        "care_cures": True, "care_saves": True, "journey_care": "off_the_move", "thirst": True, "dehydration_damage": 1,
        "dehydration_blocks": "damage_stress", "collapse_shifts": 1, "blocks_when_broken": True,
        "hot_interval": "day", "extreme_heat_interval": "shift", "hazard_resist_pushable": False,
    }
    assert all(s.rules and s.doc for s in HAZARD_BLOCK.switches)
    assert len(HAZARD_BLOCK.table()) == 2 + len(defaults)


@pytest.mark.rule("WEATHER-15", "HAZ-COLD-02")
def test_the_bands_give_the_cold_roll_intervals():
    assert [DEFAULT_HAZARDS.cold_roll_unit(b) for b in ("warm", "chilly", "cold", "extreme_cold")] == [
        None, TimeUnit.DAY, TimeUnit.SHIFT, TimeUnit.STRETCH,
    ]


def test_the_block_parses_with_the_one_switch_parser():
    options = HAZARD_BLOCK.parse({"lethal_tick": "shift", "blanket_bonus": 2}, DOC)
    assert options == HazardOptions(lethal_tick="shift", blanket_bonus=2)
    for values, message in (
        ({"lethal_tik": "shift"}, "hazard_rules.lethal_tik: unknown hazard rule option; did you mean 'lethal_tick'?"),
        ({"blanket_bonus": 4}, "hazard_rules.blanket_bonus: 4 is out of range; give a value from 0 to 3"),
        ({"npc_can_swim": 1}, "hazard_rules.npc_can_swim: got 1; give true or false"),
        ({"cold_interval": "week"}, "hazard_rules.cold_interval: 'week' is not allowed"),
    ):
        with pytest.raises(SwitchError) as err:
            HAZARD_BLOCK.parse(values, DOC)
        assert str(err.value).startswith(message)


def test_the_hazard_kinds_are_yze_timed_conditions_each_with_its_rule():
    assert all(CONDITION_KINDS[k.name] is k for k in HAZARD_KINDS)
    assert len({k.name for k in HAZARD_KINDS}) == len(HAZARD_KINDS) == 23
    assert all(k.rule.startswith(("HAZ-", "ENV-")) and k.meaning for k in HAZARD_KINDS)


def test_the_hazards_page_shows_every_switch_as_declared():
    text = (Path(__file__).resolve().parents[3] / DOC).read_text(encoding="utf-8")
    missing = [line for line in HAZARD_BLOCK.table() if line not in text]
    assert not missing, f"{DOC} lacks or has a stale switch row: {missing[:1]}"
