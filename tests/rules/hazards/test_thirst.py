"""Thirst (ENV-06, HEAL-12, RATION-04; PROPOSED): a water ration a day; dehydrated after a dry day,
no recovery of damage or stress, 1 damage each further dry day, death for one Broken while
dehydrated when another dry day passes; a drink ends it. And pushing the roll against a hazard
(ENV-09), and the proposed environment rules being switches (ENV-01)."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice
from tests.rules.hazards.hazard_kit import kinds, victim
from yz_gym.core.switches import SwitchBlock
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards.options import HAZARD_BLOCK, HazardOptions
from yz_gym.rulesets.yze.hazards.resisting import resist
from yz_gym.rulesets.yze.hazards.thirst import dehydrated, thirst_day
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import STR, WIT
from yz_gym.rulesets.yze.travel.options import TRAVEL_BLOCK

RULES = HazardOptions()


def dry_days(state, vic, days: int, options: HazardOptions = RULES) -> list:
    events: list = []
    for _ in range(days):
        thirst_day(state, options, vic, False, FixedDice(), events)
    return events


@pytest.mark.rule("ENV-06", "RATION-04")
def test_a_dry_day_dehydrates_and_each_further_one_deals_one_damage():
    state, vic = victim()
    events = dry_days(state, vic, 1)
    assert kinds(events) == ["dehydrated"] and dehydrated(vic) and vic.attrs[STR] == 3  # no damage yet
    dry_days(state, vic, 1)
    assert vic.attrs[STR] == 2  # 1 damage the second dry day
    dry_days(state, vic, 1)
    assert vic.attrs[STR] == 1
    state, vic = victim()
    dry_days(state, vic, 2, HazardOptions(dehydration_damage=2))
    assert vic.attrs[STR] == 1


@pytest.mark.rule("ENV-06", "CRIT-04")
def test_broken_while_dehydrated_one_dies_when_another_dry_day_passes():
    state, vic = victim(attributes={"strength": 1, "agility": 3, "wits": 3, "empathy": 3})
    dry_days(state, vic, 2)  # dehydrated, then 1 damage: Broken, and no critical injury
    assert vic.attrs[STR] == 0 and not vic.dead and not vic.injuries
    events = dry_days(state, vic, 1)
    assert vic.dead and "death" in kinds(events)


@pytest.mark.rule("ENV-06")
def test_a_drink_ends_dehydration_and_its_day_to_death_at_once():
    state, vic = victim(attributes={"strength": 1, "agility": 3, "wits": 3, "empathy": 3})
    dry_days(state, vic, 2)
    events: list = []
    thirst_day(state, RULES, vic, True, FixedDice(), events)
    assert kinds(events) == ["quenched"] and not dehydrated(vic) and vic.timed == []
    dry_days(state, vic, 1)
    assert not vic.dead  # a new first dry day: dehydrated again, not dead
    off = HazardOptions(thirst=False)
    state, vic = victim()
    dry_days(state, vic, 5, off)
    assert vic.timed == [] and vic.attrs[STR] == 3


@pytest.mark.rule("HEAL-12", "ENV-06", "HEAL-04")
@pytest.mark.parametrize(("reading", "stress_back"), [("damage_stress", 0), ("damage", 1)])
def test_dehydration_blocks_recovery_of_damage_and_by_default_of_stress(reading, stress_back):
    state, vic = victim()
    dry_days(state, vic, 1, HazardOptions(dehydration_blocks=reading))
    vic.attrs[STR] -= 1
    vic.attrs[WIT] -= 1
    recover(vic, 1, FixedDice(), options=state.options)
    assert vic.attrs[STR] == 2  # no damage back
    assert vic.attrs[WIT] == 2 + stress_back


# --- ENV-09: pushing the roll against a hazard -----------------------------------------------------


@pytest.mark.rule("ENV-09", "PUSH-05", "PUSH-11")
def test_a_lost_resist_roll_is_pushed_when_the_switch_allows_and_the_push_is_paid():
    # Vic's Stamina, three dice: 1 2 2, no success; the poison (potency 3, three D6): 6 1 1, one
    # success: lost. Pushed, the two 2s are re-rolled (the 1 stays, PUSH-05) into 6 6: two against
    # one, resisted; the bane on a base die costs 1 damage (PUSH-11). The hazard's dice stay.
    for pushable, won in ((False, False), (True, True)):
        state, vic = victim()
        assert len(skill_pool(state, vic, "Stamina").dice) == 3
        events: list = []
        dice = [1, 2, 2, 6, 1, 1, 6, 6]
        assert resist(state, HazardOptions(hazard_resist_pushable=pushable), vic, "poison", 3, FixedDice(dice),
                      events) is won
        rolls = [e for e in events if e.kind == "hazard_roll"]
        assert len(rolls) == 1 and rolls[0].get("pushed") is pushable and rolls[0].get("against") == 1
        assert vic.attrs[STR] == (2 if pushable else 3)


@pytest.mark.rule("ENV-09")
def test_the_pushable_reading_is_a_switch_and_never_pushes_a_won_roll():
    state, vic = victim()
    events: list = []
    assert resist(state, HazardOptions(hazard_resist_pushable=True), vic, "poison", 3,
                  FixedDice([6, 6, 6, 1, 1, 1]), events)
    assert not events[0].get("pushed") and vic.attrs[STR] == 3


# --- ENV-01: the environment's proposed rules are switches -----------------------------------------


@pytest.mark.rule("ENV-01", "ENV-06", "ENV-11", "WEATHER-17", "HEAL-12")
def test_every_proposed_environment_rule_is_a_documented_switch():
    def cited(block: SwitchBlock) -> dict[str, str]:
        return {s.name: s.rules for s in block.switches}

    hazards, travel = cited(HAZARD_BLOCK), cited(TRAVEL_BLOCK)
    assert "ENV-06" in hazards["thirst"] and "HEAL-12" in hazards["dehydration_blocks"]
    assert "ENV-09" in hazards["hazard_resist_pushable"]
    assert "ENV-11" in travel["thin_ice"] and "ENV-11" in travel["ice_cold_roll_mod"]
    assert "WEATHER-17" in travel["storms"]
    assert all("PROPOSED" in rules for name, rules in {**hazards, **travel}.items()
               if name in ("thirst", "thin_ice", "storms", "dehydration_blocks"))
    assert TRAVEL_BLOCK.parse({}, "x").ice_cold_roll_mod == -2
