"""Drowning (HAZ-DROWN-*, AMB-05): afloat a stretch at a time, metal armor sinks, breath rolls each
round under water, 1 Strength damage a round while drowning, death a stretch after Broken."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import FixedDice
from tests.rules.hazards.hazard_kit import kinds, timed, victim
from yz_gym.rulesets.yze.hazards.drowning import enter_water, in_water, leave_water, rescue, water_time
from yz_gym.rulesets.yze.hazards.options import HazardOptions

H = HazardOptions()
HOLD = [6, 2, 2]  # Vic's 3 Strength dice: one success
FAIL = [2, 2, 2]


def swimmer(rules: dict[str, Any] | None = None, **spec: Any):
    state, vic = victim(rules, pc=True, **spec)
    events: list = []
    enter_water(state, H, vic, events)
    return state, vic, events


@pytest.mark.rule("HAZ-DROWN-01", "HAZ-DROWN-02", "TIME-06")
@pytest.mark.parametrize(("rules", "stretch"), [({}, 60), ({"rounds_per_stretch": 100}, 100)])
def test_a_swimmer_rolls_to_stay_afloat_once_at_the_end_of_each_stretch(rules, stretch):
    state, vic, events = swimmer(rules)
    assert kinds(events) == ["in_water"] and timed(vic) == [("afloat", stretch)]
    water_time(state, H, vic, stretch - 1, FixedDice(), events)
    assert kinds(events) == ["in_water"]  # no roll yet
    water_time(state, H, vic, 1, FixedDice(HOLD), events)
    assert kinds(events) == ["in_water", "hazard_roll"] and events[-1].data["hazard"] == "afloat"
    assert timed(vic) == [("afloat", stretch)]
    water_time(state, H, vic, stretch, FixedDice([2] * (stretch - 1) + FAIL), events)
    assert kinds(events)[-2:] == ["hazard_roll", "went_under"] and timed(vic) == [("underwater", 1)]


@pytest.mark.rule("AMB-05", "HAZ-DROWN-02")
def test_with_float_failure_drowning_a_failed_float_roll_drowns_at_once():
    state, vic, events = swimmer()
    water_time(state, HazardOptions(float_failure="drowning"), vic, 60, FixedDice(FAIL), events)
    assert kinds(events)[-1] == "drowning" and timed(vic) == [("drowning", 1)]


@pytest.mark.rule("HAZ-DROWN-01")
def test_an_npc_swims_unless_npc_can_swim_is_off():
    state, npc = victim(pc=False)
    enter_water(state, H, npc, [])
    assert timed(npc) == [("afloat", 60)]
    state, npc = victim(pc=False)
    events: list = []
    enter_water(state, HazardOptions(npc_can_swim=False), npc, events)
    assert timed(npc) == [("underwater", 1)] and events[0].data == {"cause": "cannot swim"}


@pytest.mark.rule("HAZ-DROWN-03")
@pytest.mark.parametrize(("armor", "sunk"), [("chainmail", True), ("plate_armor", True), ("leather_jacket", False),
                                             ("kevlar_vest", False)])
def test_metal_armor_sinks_its_wearer_at_once(armor, sunk):
    _state, vic, events = swimmer(armor=armor)
    assert timed(vic) == ([("underwater", 1)] if sunk else [("afloat", 60)])
    assert kinds(events) == (["went_under"] if sunk else ["in_water"])


@pytest.mark.rule("HAZ-DROWN-04", "HAZ-DROWN-05")
def test_under_water_a_breath_roll_every_round_and_a_failure_starts_drowning():
    state, vic, events = swimmer(armor="chainmail")
    events.clear()
    water_time(state, H, vic, 3, FixedDice(HOLD * 3), events)
    assert kinds(events) == ["hazard_roll"] * 3 and {e.data["hazard"] for e in events} == {"breath"}
    water_time(state, H, vic, 1, FixedDice(FAIL), events)
    assert kinds(events)[-1] == "drowning" and timed(vic) == [("drowning", 1)] and vic.attrs[0] == 3


@pytest.mark.rule("HAZ-DROWN-05", "HAZ-DROWN-06", "AMB-05")
def test_drowning_deals_1_strength_a_round_with_no_more_rolls_and_broken_dies_a_stretch_later():
    state, vic, events = swimmer(armor="chainmail")
    water_time(state, H, vic, 1, FixedDice(FAIL), events)
    events.clear()
    for strength in (2, 1, 0):
        water_time(state, H, vic, 1, FixedDice(), events)
        assert vic.attrs[0] == strength
    assert "hazard_roll" not in kinds(events) and kinds(events)[-1] == "broken"
    assert ("drowned", 60) in timed(vic)
    water_time(state, H, vic, 59, FixedDice(), events)
    assert not vic.dead and vic.attrs[0] == 0  # nothing more to lose
    water_time(state, H, vic, 1, FixedDice(), events)
    assert vic.dead and events[-1].data == {"cause": "drowned (HAZ-DROWN-06)"}


@pytest.mark.rule("HAZ-DROWN-06", "AMB-01")
def test_the_death_of_the_drowned_waits_a_stretch_of_the_clock():
    state, vic, _ = swimmer({"rounds_per_stretch": 100}, armor="chainmail")
    water_time(state, H, vic, 4, FixedDice(FAIL), [])  # goes down, then 3 rounds of drowning: Broken
    assert vic.broken and ("drowned", 100) in timed(vic)
    water_time(state, H, vic, 99, FixedDice(), [])
    assert not vic.dead
    water_time(state, H, vic, 1, FixedDice(), [])
    assert vic.dead


@pytest.mark.rule("AMB-05", "HAZ-DROWN-06")
def test_a_rescue_before_the_stretch_runs_out_saves_the_drowned_unless_switched_off():
    state, vic, _ = swimmer(armor="chainmail")
    water_time(state, H, vic, 4 + 58, FixedDice(FAIL), [])
    events: list = []
    assert rescue(state, H, vic, events, by=1) and vic.timed == [] and not in_water(vic)
    assert kinds(events) == ["rescued"] and events[0].actor == 1
    water_time(state, H, vic, 10, FixedDice(), [])
    assert not vic.dead and vic.broken
    state, vic, _ = swimmer(armor="chainmail")
    water_time(state, H, vic, 4 + 58, FixedDice(FAIL), [])
    late = HazardOptions(rescue_stops_death=False)
    assert rescue(state, late, vic, [])
    assert timed(vic) == [("drowned", 2)]
    water_time(state, late, vic, 2, FixedDice(), [])
    assert vic.dead


@pytest.mark.rule("AMB-05")
def test_with_drowning_rolls_breath_a_held_breath_stops_the_drowning():
    state, vic, _ = swimmer(armor="chainmail")
    breath = HazardOptions(drowning_rolls="breath")
    water_time(state, breath, vic, 1, FixedDice(FAIL), [])
    events: list = []
    water_time(state, breath, vic, 1, FixedDice(FAIL), events)
    assert vic.attrs[0] == 2 and kinds(events) == ["hazard_roll", "damage"]
    water_time(state, breath, vic, 1, FixedDice(HOLD), events)
    assert vic.attrs[0] == 2 and timed(vic) == [("underwater", 1)]


def test_a_swimmer_still_afloat_may_leave_the_water_and_one_under_it_may_not():
    state, vic, events = swimmer()
    assert leave_water(vic, events) and vic.timed == [] and kinds(events)[-1] == "left_water"
    state, vic, _ = swimmer(armor="chainmail")
    assert not leave_water(vic, []) and in_water(vic)
    assert not rescue(state, H, victim()[1], [])
