"""Heat (ENV-07, PROPOSED), the mirror of the cold rules: a roll a day in a heat wave, a shift in
extreme heat, for one without shade or water; heatstroke: 1 damage and 1 stress, no recovery until
cooled down, death at the next roll when Broken. On a journey (travel/heatwave.py): exposure on
the move or without water, cooling in a shift of rest with water, and twice the water (RATION-04)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice
from tests.rules.hazards.hazard_kit import kinds, victim
from tests.rules.test_travel_day import trip
from yz_gym.core.clock import TimeUnit
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards.heat import cool_down, heat_time
from yz_gym.rulesets.yze.hazards.kinds import HEATSTROKE, find
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.state import STR, WIT
from yz_gym.rulesets.yze.travel.heatwave import heat_shift, water_need
from yz_gym.rulesets.yze.travel.tasks import Task
from yz_gym.scenario import ScenarioError

RULES = HazardOptions()
DAY = 4 * 60 * 60
SHIFT = 60 * 60


@pytest.mark.rule("ENV-07")
@pytest.mark.parametrize(("heat", "interval"), [("hot", DAY), ("extreme_heat", SHIFT)])
def test_the_exposed_roll_once_a_day_in_a_heat_wave_and_once_a_shift_in_extreme_heat(heat, interval):
    state, vic = victim()
    events: list = []
    heat_time(state, RULES, vic, heat, interval - 1, FixedDice([6] * 20), events)
    assert events == []  # the first roll one interval after exposure starts
    heat_time(state, RULES, vic, heat, 1, FixedDice([6] * 20), events)
    assert [e.get("hazard") for e in events] == ["heat"]
    heat_time(state, RULES, vic, heat, 2 * interval, FixedDice([6] * 20), events)
    assert len(events) == 3
    heat_time(state, RULES, vic, "none", DAY, FixedDice(), events)
    assert len(events) == 3 and vic.timed == []  # no heat wave: no rolls


@pytest.mark.rule("ENV-07", "CRIT-04", "HEAL-04")
def test_heatstroke_deals_one_damage_and_one_stress_and_blocks_all_recovery_until_cooled():
    state, vic = victim()
    events: list = []
    heat_time(state, RULES, vic, "hot", DAY, FixedDice([1] * 10), events)
    assert "heatstroke" in kinds(events) and (vic.attrs[STR], vic.attrs[WIT]) == (2, 2) and not vic.injuries
    recover(vic, 1, FixedDice(), options=state.options)
    assert (vic.attrs[STR], vic.attrs[WIT]) == (2, 2)  # no recovery with heatstroke
    assert cool_down(vic, events) and find(vic.timed, HEATSTROKE) is None and events[-1].kind == "cooled"
    recover(vic, 1, FixedDice(), options=state.options)
    assert (vic.attrs[STR], vic.attrs[WIT]) == (3, 3)


@pytest.mark.rule("ENV-07")
def test_broken_with_heatstroke_one_dies_at_the_next_heat_roll():
    state, vic = victim(attributes={"strength": 1, "agility": 3, "wits": 3, "empathy": 3})
    heat_time(state, RULES, vic, "hot", DAY, FixedDice([1] * 10), [])
    assert vic.attrs[STR] == 0 and not vic.dead
    events: list = []
    heat_time(state, RULES, vic, "hot", DAY, FixedDice([6] * 10), events)
    assert vic.dead and "hazard_roll" not in kinds(events)  # no roll: death


@pytest.mark.rule("ENV-07", "RATION-04")
def test_on_a_journey_the_marchers_are_exposed_and_water_needs_double():
    state = trip("expedition_marsh_trek", heat="hot")
    assert water_need(state) == 2
    assert water_need(trip("expedition_marsh_trek")) == 1
    rounds = state.party.options.clock.rounds(TimeUnit.SHIFT)
    assert rounds == SHIFT
    events: list = []
    for _ in range(4):  # a day on the move: one roll each (all 1s: heatstroke)
        heat_shift(state, True, {i: Task.MARCH for i in range(3)}, FixedDice([1] * 40), events)
    assert sum(1 for e in events if e.get("hazard") == "heat") == 3
    resting = {i: Task.REST for i in range(3)}
    heat_shift(state, False, resting, np.random.default_rng(0), events)  # water in store: cooled
    assert all(find(c.timed, HEATSTROKE) is None for c in state.people)


@pytest.mark.rule("ENV-07")
def test_a_heat_wave_needs_the_warm_band():
    with pytest.raises(ScenarioError, match="heat: a heat wave needs the warm band"):
        trip("expedition_winter_crossing", heat="hot")
