"""Thirst (ENV-06, HEAL-12, RATION-04; PROPOSED), run by hazards/hunger.py with the daily needs of
hazards/needs.py: a water ration a day; dehydrated after a dry day (the morning's check), no recovery
of damage or stress, 1 damage at the end of each further day without water, and death for one Broken
while dehydrated when another whole day passes without water; a drink ends it. And pushing the roll
against a hazard (ENV-09), and the proposed environment rules being switches (ENV-01). A day is 14,400
rounds (TIME-06: 4 shifts of 60 stretches of 60 rounds)."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice
from tests.rules.hazards.hazard_kit import kinds, timed, victim
from yz_gym.core.switches import SwitchBlock
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards.hunger import dehydrated, drink, thirst_check, thirst_time
from yz_gym.rulesets.yze.hazards.options import HAZARD_BLOCK, HazardOptions
from yz_gym.rulesets.yze.hazards.resisting import resist
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import STR, WIT
from yz_gym.rulesets.yze.travel.options import TRAVEL_BLOCK

RULES = HazardOptions()
DAY = 4 * 60 * 60


def thirsty(strength: int = 3, rules: HazardOptions = RULES):
    """Vic, dehydrated since this morning's check (a day without a water ration)."""
    state, vic = victim(attributes={"strength": strength, "agility": 3, "wits": 3, "empathy": 3})
    events: list = []
    assert thirst_check(state, rules, vic, events)
    assert kinds(events) == ["dehydrated"] and dehydrated(vic) and vic.attrs[STR] == strength  # no damage yet
    return state, vic


@pytest.mark.rule("ENV-06", "RATION-04", "TIME-08")
def test_a_dry_day_dehydrates_and_a_drink_that_day_keeps_it_away():
    state, vic = victim()
    events: list = []
    drink(vic, events)
    assert not thirst_check(state, RULES, vic, events) and events == [] and vic.timed == []
    assert thirst_check(state, RULES, vic, events)  # the next day: no water
    assert kinds(events) == ["dehydrated"] and timed(vic) == [("dehydrated", DAY)]
    assert thirst_check(state, RULES, vic, events) and len(events) == 1  # still dehydrated: said once


@pytest.mark.rule("ENV-06", "CRIT-04")
@pytest.mark.parametrize(("damage", "after_two_days"), [(1, 1), (2, 0)])
def test_each_further_day_without_water_deals_the_dehydration_damage(damage, after_two_days):
    rules = HazardOptions(dehydration_damage=damage)
    state, vic = thirsty(rules=rules)
    events: list = []
    thirst_time(state, rules, vic, DAY - 1, FixedDice(), events)
    assert events == [] and vic.attrs[STR] == 3  # the first dry day itself deals nothing
    thirst_time(state, rules, vic, 1, FixedDice(), events)
    assert kinds(events) == ["damage"] and vic.attrs[STR] == 3 - damage and not vic.injuries
    thirst_time(state, rules, vic, DAY, FixedDice(), events)
    assert vic.attrs[STR] == after_two_days and not vic.injuries  # no critical injury (CRIT-04)


@pytest.mark.rule("ENV-06", "CRIT-04")
def test_broken_while_dehydrated_one_dies_when_another_whole_day_passes_without_water():
    state, vic = thirsty(strength=1)
    events: list = []
    thirst_time(state, RULES, vic, DAY, FixedDice(), events)
    assert vic.attrs[STR] == 0 and not vic.dead and not vic.injuries  # Broken by thirst, no crit
    thirst_time(state, RULES, vic, DAY - 1, FixedDice(), events)
    assert not vic.dead and timed(vic) == [("dehydrated", 1), ("parched", 1)]
    thirst_time(state, RULES, vic, 1, FixedDice(), events)
    assert vic.dead and events[-1].get("cause") == "thirst (ENV-06)"


@pytest.mark.rule("ENV-06")
def test_a_drink_ends_dehydration_and_its_day_to_death_at_once():
    state, vic = thirsty(strength=1)
    thirst_time(state, RULES, vic, DAY + 5, FixedDice(), [])
    events: list = []
    assert drink(vic, events) and kinds(events) == ["quenched"] and not dehydrated(vic)
    assert timed(vic) == [("watered", 0)]
    thirst_time(state, RULES, vic, 3 * DAY, FixedDice(), events)
    assert not vic.dead and len(events) == 1  # quenched: no clock runs
    assert not thirst_check(state, RULES, vic, events)  # the drink counts for the day
    assert thirst_check(state, RULES, vic, events) and not vic.dead  # a new first dry day: dehydrated, not dead


@pytest.mark.rule("ENV-06")
def test_with_the_switch_off_water_is_not_needed():
    off = HazardOptions(thirst=False)
    state, vic = victim()
    drink(vic, [])
    for _ in range(5):
        assert not thirst_check(state, off, vic, [])
        thirst_time(state, off, vic, DAY, FixedDice(), [])
    assert vic.timed == [] and vic.attrs[STR] == 3


@pytest.mark.rule("HEAL-12", "ENV-06", "HEAL-04")
@pytest.mark.parametrize(("reading", "stress_back"), [("damage_stress", 0), ("damage", 1)])
def test_dehydration_blocks_recovery_of_damage_and_by_default_of_stress(reading, stress_back):
    rules = HazardOptions(dehydration_blocks=reading)
    state, vic = thirsty(rules=rules)
    vic.attrs[STR], vic.attrs[WIT] = 2, 2
    recover(vic, 1, FixedDice(), options=state.options, hazard_options=rules)
    assert vic.attrs[STR] == 2  # no damage back
    assert vic.attrs[WIT] == 2 + stress_back
    drink(vic, [])
    recover(vic, 1, FixedDice(), options=state.options, hazard_options=rules)
    assert (vic.attrs[STR], vic.attrs[WIT]) == (3, 3)


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
