"""Recovery over time (HEAL-15, HEAL-17, HEAL-19): the stress level clearing at rest, the crits'
heal times counted down in whole days on a journey, and the Healer specialty."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice, by_name
from tests.rules.test_injuries import HEALING, crit, party
from tests.rules.test_travel_day import trip
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import critical_injury
from yz_gym.rulesets.yze.combat.panic import add_stress
from yz_gym.rulesets.yze.combat.recovery import heal_crit_days, recover
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.shifts import end_of_shift
from yz_gym.rulesets.yze.travel.tasks import DayPlan, Task

STRESS_DICE = {"push_cost": "stress_dice"}


@pytest.mark.rule("HEAL-15", "PUSH-18")
def test_the_stress_level_clears_all_at_once_after_rest_in_a_safe_place() -> None:
    state = party(STRESS_DICE)
    blue = by_name(state, "Blue")
    add_stress(blue, 3, [])
    recover(blue, 1, FixedDice(), options=state.options, safe=False)
    assert blue.stress == 3  # rest that is not safe clears nothing, not even one level
    recover(blue, 1, FixedDice(), options=state.options)
    assert blue.stress == 0  # all three levels at once


@pytest.mark.rule("HEAL-15", "HEAL-04")
def test_the_stress_level_clears_whole_while_damage_heals_a_point_a_shift() -> None:
    state = party(STRESS_DICE)
    blue = by_name(state, "Blue")
    add_stress(blue, 2, [])
    blue.attrs[0] -= 2
    recover(blue, 1, FixedDice(), options=state.options)
    assert blue.stress == 0 and blue.attrs[0] == blue.max_attrs[0] - 1  # HEAL-04: one point a shift


@pytest.mark.rule("HEAL-15")
def test_a_rest_shift_on_the_move_is_not_a_safe_place_for_the_stress_level() -> None:
    state = trip(rules={"push_cost": "stress_dice"})
    c = state.people[0]
    add_stress(c, 2, [])
    end_of_shift(state, 0, True, {0: Task.REST}, False, set(), FixedDice(), [])
    assert c.stress == 2  # resting while the group marches on foot
    end_of_shift(state, 1, False, {0: Task.REST}, False, set(), FixedDice(), [])
    assert c.stress == 0  # resting in camp


@pytest.mark.rule("HEAL-17", "HEAL-06")
def test_crit_heal_times_count_down_in_whole_days_several_at_once() -> None:
    state = party(HEALING)
    blue = by_name(state, "Blue")
    crit(state, "Blue", 23)  # broken hand, D6 days
    crit(state, "Blue", 16)  # concussion, D6 days
    events: list[Event] = []
    heal_crit_days(state.options, blue, 1, FixedDice([2, 3]), events)  # 2 and 3 days; one day passes
    assert [i.heal_left for i in blue.injuries] == [4, 8]  # one day (4 shifts) off each, at once
    heal_crit_days(state.options, blue, 1, FixedDice(), events)
    assert [i.code for i in blue.injuries] == [16] and blue.injuries[0].heal_left == 4
    heal_crit_days(state.options, blue, 1, FixedDice(), events)
    assert blue.injuries == [] and [e.kind for e in events].count("injury_healed") == 2


@pytest.mark.rule("HEAL-17", "TIME-08", "TRAVEL-36")
def test_on_a_journey_crits_heal_at_the_daily_checks_not_shift_by_shift() -> None:
    state = trip(party={"food": 8, "water": 8})
    c = state.people[1]
    crit(state.party, c.name, 23)
    crit(state.party, c.name, 16)
    c.injuries[0].heal_left, c.injuries[1].heal_left = 4, 8  # one day and two days
    end_of_shift(state, 1, False, {1: Task.REST}, False, set(), FixedDice(), [])
    end_of_shift(state, 2, False, {1: Task.SLEEP}, False, set(), FixedDice(), [])
    assert [i.heal_left for i in c.injuries] == [4, 8]  # rest and sleep shifts leave them be
    journey.apply(state, DayPlan(0, "none", True, 0), np.random.default_rng(3))
    assert [i.code for i in c.injuries] == [16] and c.injuries[0].heal_left == 4  # one whole day, both


@pytest.mark.rule("HEAL-19")
@pytest.mark.parametrize(("days", "halved"), [(1, 1), (2, 1), (3, 2), (5, 3), (6, 3)])
def test_a_healers_crits_heal_in_half_the_days_rounded_up_at_least_one(days: int, halved: int) -> None:
    state = party(HEALING, blue={"specialties": ["healer"]})
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    crit(state, "Blue", 23)  # D6 days
    crit(state, "Cyan", 23)
    recover(blue, 1, FixedDice([days]), options=state.options)
    recover(cyan, 1, FixedDice([days]), options=state.options)
    assert blue.injuries[0].heal_left == 4 * halved - 1  # a shift of it has passed
    assert cyan.injuries[0].heal_left == 4 * days - 1  # not a Healer: the whole time


@pytest.mark.rule("HEAL-19", "HEAL-17")
def test_a_journeys_healers_are_named_in_the_file_and_heal_at_half_time() -> None:
    state = trip(party={"food": 8, "water": 8, "healers": ["Wren"]}, rules=HEALING)
    wren = next(c for c in state.people if c.name == "Wren")
    other = next(c for c in state.people if c.name != "Wren")
    for c in (wren, other):
        crit(state.party, c.name, 23)
    events: list[Event] = []
    assert wren.specialties == ("healer",) and other.specialties == ()  # party.healers: the Healer specialty
    heal_crit_days(state.party.options, wren, 1, FixedDice([5]), events)
    heal_crit_days(state.party.options, other, 1, FixedDice([5]), events)
    assert wren.injuries[0].heal_left == 4 * (3 - 1) and other.injuries[0].heal_left == 4 * (5 - 1)


@pytest.mark.rule("HEAL-17", "HEAL-06")
def test_crit_heal_roll_at_healing_rolls_the_heal_time_when_it_starts_to_heal() -> None:
    state = party(HEALING)
    blue = by_name(state, "Blue")
    injury = crit(state, "Blue", 23)  # broken hand, D6 days
    assert injury.heal_left == -1  # not rolled yet
    recover(blue, 1, FixedDice([4]), options=state.options)
    assert injury.heal_left == 4 * 4 - 1  # rolled at the first shift of recovery: 4 days, one shift gone


@pytest.mark.rule("HEAL-17", "HEAL-06", "HEAL-19")
@pytest.mark.parametrize(("code", "healer", "faces", "shifts"), [
    (23, False, [5], 4 * 5),  # broken hand, D6 days: 5
    (23, True, [5], 4 * 3),  # HEAL-19: half of 5, rounded up
    (61, False, [3, 4], 4 * 7),  # ruptured jugular, lethal, 2D6 days: still rolled now
    (14, False, [], -1),  # sprained ankle: ends by treatment (HEAL-18), no heal time
])  # fmt: skip
def test_by_default_a_crits_heal_time_is_rolled_with_the_crit(
    code: int, healer: bool, faces: list[int], shifts: int
) -> None:
    state = party(blue={"specialties": ["healer"] if healer else []})
    assert state.options.crit_heal_roll_at == "injury"  # the digest's suggested default (HEAL-17)
    blue = by_name(state, "Blue")
    events: list[Event] = []
    critical_injury(state, blue, "physical", FixedDice([code // 10, code % 10, *faces, 1, 1, 1, 1]), events)
    injury = blue.injuries[-1]
    assert injury.heal_left == shifts
    if injury.timer >= 0:  # a lethal crit counts down only once treated (DEATH-01)
        heal_crit_days(state.options, blue, 1, FixedDice([6, 6]), events)
        assert injury.heal_left == shifts
        injury.timer = -1
    heal_crit_days(state.options, blue, 1, FixedDice([1, 1, 1]), events)  # no new roll: a day (4 shifts) off
    assert injury.heal_left == (shifts - 4 if shifts > 0 else -1)
