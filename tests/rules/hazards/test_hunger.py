"""Hunger (HAZ-HUNGER-*, RATION-01, HEAL-08, HEAL-13): a ration a day, starving after a day
without, no damage recovery, 1 damage a week, death a week after Broken while starving, eating
ends it. A week is 100,800 rounds (TIME-06: 7 days of 4 shifts of 60 stretches of 60 rounds)."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice
from tests.rules.hazards.hazard_kit import kinds, timed, victim
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards.hunger import eat, hunger_time, starvation_check, starving
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.state import STR, WIT

WEEK = 7 * 4 * 60 * 60


def hungry(strength: int = 3, **rules: object):
    """Vic, starving since this morning's check."""
    state, vic = victim(dict(rules), attributes={"strength": strength, "agility": 3, "wits": 3, "empathy": 3})
    assert starvation_check(state, vic, [])
    return state, vic


@pytest.mark.rule("HAZ-HUNGER-01", "HAZ-HUNGER-02", "RATION-01", "TIME-08")
def test_a_day_without_a_ration_makes_one_starving_and_a_meal_keeps_it_away():
    state, vic = victim()
    events: list = []
    eat(vic, events)
    assert not starvation_check(state, vic, events) and events == [] and vic.timed == []
    assert starvation_check(state, vic, events)  # the next day: no meal
    assert kinds(events) == ["starving"] and timed(vic) == [("starving", WEEK)]
    assert starvation_check(state, vic, events) and len(events) == 1  # still starving: said once


@pytest.mark.rule("HAZ-HUNGER-04", "CRIT-04", "TIME-04")
@pytest.mark.parametrize(("rules", "week"), [({}, WEEK), ({"stretches_per_shift": 36}, 7 * 4 * 36 * 60)])
def test_a_starving_character_takes_one_damage_each_week(rules, week):
    state, vic = hungry(**rules)
    events: list = []
    hunger_time(state, vic, week - 1, FixedDice(), events)
    assert events == [] and vic.attrs[STR] == 3
    hunger_time(state, vic, 1, FixedDice(), events)
    assert kinds(events) == ["damage"] and vic.attrs[STR] == 2 and not vic.injuries
    hunger_time(state, vic, 2 * week, FixedDice(), events)
    assert vic.attrs[STR] == 0 and not vic.dead


@pytest.mark.rule("HAZ-HUNGER-05")
def test_broken_while_starving_one_dies_when_another_week_passes_without_food():
    state, vic = hungry(strength=1)
    events: list = []
    hunger_time(state, vic, WEEK, FixedDice(), events)
    assert vic.attrs[STR] == 0 and not vic.dead
    hunger_time(state, vic, WEEK - 1, FixedDice(), events)
    assert not vic.dead and timed(vic) == [("starving", 1), ("starved", 1)]
    hunger_time(state, vic, 1, FixedDice(), events)
    assert vic.dead and events[-1].get("cause") == "starvation (HAZ-HUNGER-05)"


@pytest.mark.rule("HAZ-HUNGER-06", "HAZ-HUNGER-05")
def test_eating_ends_starvation_and_its_week_to_death_at_once():
    state, vic = hungry(strength=1)
    hunger_time(state, vic, WEEK + 5, FixedDice(), [])
    events: list = []
    assert eat(vic, events) and kinds(events) == ["fed"] and not starving(vic)
    hunger_time(state, vic, 3 * WEEK, FixedDice(), events)
    assert not vic.dead and len(events) == 1


@pytest.mark.rule("HEAL-08", "HAZ-HUNGER-03", "HEAL-04")
def test_starving_blocks_the_recovery_of_damage_only():
    state, vic = hungry()
    vic.attrs[STR], vic.attrs[WIT] = 2, 2
    recover(vic, 1, FixedDice(), options=state.options)
    assert (vic.attrs[STR], vic.attrs[WIT]) == (2, 3)
    eat(vic, [])
    recover(vic, 1, FixedDice(), options=state.options)
    assert vic.attrs[STR] == 3


@pytest.mark.rule("HEAL-13", "HEAL-03", "HEAL-08")
def test_the_block_also_stops_a_broken_characters_point_unless_switched_off():
    state, vic = hungry()
    vic.attrs[STR] = 0
    events = recover(vic, 1, FixedDice(), options=state.options)
    assert vic.attrs[STR] == 0 and "recovered" in kinds(events)  # the point could go to stress: none lost
    recover(vic, 1, FixedDice(), options=state.options, hazard_options=HazardOptions(blocks_when_broken=False))
    assert vic.attrs[STR] == 1
