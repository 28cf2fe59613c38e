"""Sleep (HAZ-SLEEP-*, REST-02, HEAL-09) and the mental crits that disturb it (CRIT-MENT-32-35
Nightmares, CRIT-MENT-36-41 Nocturnal): a shift a day, deprivation blocks stress recovery, a
collapse when Broken by stress, a full shift of sleep ends it. A shift is 3,600 rounds (TIME-06)."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice
from tests.rules.hazards.hazard_kit import kinds, timed, victim
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.hazards.sleep import (
    collapse_check,
    sleep_check,
    sleep_deprived,
    sleep_shift,
    sleep_time,
)
from yz_gym.rulesets.yze.state import STR, WIT, Injury

H = HazardOptions()
SHIFT = 60 * 60


def tired(**rules: object):
    """Vic, sleep-deprived since this morning's check."""
    state, vic = victim(dict(rules))
    assert sleep_check(state, H, vic, [])
    return state, vic


@pytest.mark.rule("HAZ-SLEEP-01", "HAZ-SLEEP-02", "REST-02", "TIME-08")
def test_a_day_without_a_shift_of_sleep_leaves_one_sleep_deprived():
    state, vic = victim()
    events: list = []
    assert sleep_shift(state, vic, FixedDice(), events)
    assert not sleep_check(state, H, vic, events) and events == [] and vic.timed == []
    assert sleep_check(state, H, vic, events) and kinds(events) == ["sleep_deprived"]


@pytest.mark.rule("HAZ-SLEEP-04")
def test_a_full_shift_of_sleep_ends_deprivation_at_once():
    state, vic = tired()
    events: list = []
    assert sleep_shift(state, vic, FixedDice(), events) and kinds(events) == ["slept"]
    assert not sleep_deprived(vic) and not sleep_check(state, H, vic, events)


@pytest.mark.rule("HEAL-09", "HAZ-SLEEP-02", "HEAL-04")
def test_sleep_deprivation_blocks_the_recovery_of_stress_only():
    state, vic = tired()
    vic.attrs[STR], vic.attrs[WIT] = 2, 2
    recover(vic, 1, FixedDice(), options=state.options)
    assert (vic.attrs[STR], vic.attrs[WIT]) == (3, 2)
    sleep_shift(state, vic, FixedDice(), [])
    recover(vic, 1, FixedDice(), options=state.options)
    assert vic.attrs[WIT] == 3


@pytest.mark.rule("HAZ-SLEEP-03", "HAZ-SLEEP-04")
@pytest.mark.parametrize("shifts", [1, 2])
def test_broken_by_stress_while_deprived_one_collapses_for_a_shift_and_cannot_act(shifts):
    state, vic = tired()
    options = HazardOptions(collapse_shifts=shifts)
    events: list = []
    assert not collapse_check(state, options, vic, events)  # not Broken: awake
    vic.attrs[WIT] = 0
    assert collapse_check(state, options, vic, events) and vic.incapacitated and vic.out
    assert kinds(events) == ["collapsed"] and events[0].get("shifts") == shifts
    sleep_time(state, options, vic, shifts * SHIFT - 1, events)
    assert vic.incapacitated and sleep_deprived(vic)
    sleep_time(state, options, vic, 1, events)
    assert not vic.incapacitated and not sleep_deprived(vic) and kinds(events) == ["collapsed", "slept"]
    assert timed(vic) == [("slept", 0)]  # the collapse was the day's sleep


@pytest.mark.rule("HAZ-SLEEP-03")
def test_the_days_check_collapses_one_already_broken_by_stress():
    state, vic = victim()
    vic.attrs[WIT] = 0
    events: list = []
    sleep_check(state, H, vic, events)
    assert kinds(events) == ["sleep_deprived", "collapsed"] and vic.incapacitated


@pytest.mark.rule("CRIT-MENT-32-35", "HAZ-SLEEP-01")
def test_nightmares_an_insight_roll_for_each_sleep_shift_or_it_does_not_count():
    state, vic = tired()
    vic.injuries.append(Injury("mental", 33))
    events: list = []
    assert not sleep_shift(state, vic, FixedDice([5, 5, 5]), events)  # Wits 3: three dice, no six
    assert kinds(events) == ["roll", "sleep_lost"] and len(events[0].get("dice")) == 3
    assert sleep_deprived(vic)
    assert sleep_shift(state, vic, FixedDice([2, 6, 2]), events) and not sleep_deprived(vic)


@pytest.mark.rule("CRIT-MENT-36-41", "TIME-07")
def test_a_nocturnal_sleeper_sleeps_only_in_the_light_part_of_the_day():
    state, vic = tired()
    vic.injuries.append(Injury("mental", 41))
    events: list = []
    assert not sleep_shift(state, vic, FixedDice(), events, dark=True)
    assert kinds(events) == ["sleep_lost"] and events[0].get("injury") == "Nocturnal"
    assert sleep_shift(state, vic, FixedDice(), events, dark=False) and not sleep_deprived(vic)
