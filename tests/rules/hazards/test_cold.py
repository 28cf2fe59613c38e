"""Cold (HAZ-COLD-*, AMB-09, HEAL-10): rolls at the band's interval for the exposed, 1 damage and
1 stress per failure, no recovery while hypothermic, death at the next roll when Broken."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice
from tests.rules.hazards.hazard_kit import kinds, timed, victim
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards.cold import cold_time, hypothermic, warm_up
from yz_gym.rulesets.yze.hazards.options import HazardOptions

H = HazardOptions()
HOLD = [6, 2, 2]
FAIL = [2, 2, 2]


@pytest.mark.rule("HAZ-COLD-01", "HAZ-COLD-02", "WEATHER-15", "TIME-06")
@pytest.mark.parametrize(("band", "rules", "interval"), [
    ("extreme_cold", {}, 60), ("cold", {}, 3600), ("chilly", {}, 14400),
    ("cold", {"stretches_per_shift": 48}, 2880), ("cold", {"stretches_per_shift": 36}, 2160),
    ("extreme_cold", {"rounds_per_stretch": 100}, 100),
])
def test_an_exposed_character_rolls_once_per_interval_of_the_band(band, rules, interval):
    state, vic = victim(rules)
    events: list = []
    cold_time(state, H, vic, band, interval - 1, FixedDice(), events)
    assert events == [] and timed(vic) == [("cold_exposed", 1)]
    cold_time(state, H, vic, band, 1, FixedDice(HOLD), events)
    assert kinds(events) == ["hazard_roll"] and events[0].data["hazard"] == "cold"
    cold_time(state, H, vic, band, 2 * interval, FixedDice(HOLD * 2), events)
    assert kinds(events) == ["hazard_roll"] * 3 and not hypothermic(vic)


@pytest.mark.rule("HAZ-COLD-02", "AMB-09")
def test_the_band_intervals_are_switches():
    options = HazardOptions(cold_interval="stretch")
    state, vic = victim()
    events: list = []
    cold_time(state, options, vic, "cold", 60, FixedDice(HOLD), events)
    assert kinds(events) == ["hazard_roll"]
    with pytest.raises(ValueError, match="unknown cold band"):
        H.cold_roll_unit("tepid")  # type: ignore[arg-type]


@pytest.mark.rule("HAZ-COLD-01", "WEATHER-16")
def test_a_protected_character_or_a_warm_band_rolls_nothing():
    state, vic = victim()
    events: list = []
    cold_time(state, H, vic, "extreme_cold", 30, FixedDice(), events)
    cold_time(state, H, vic, "extreme_cold", 600, FixedDice(), events, exposed=False)
    assert events == [] and vic.timed == []
    cold_time(state, H, vic, "warm", 600, FixedDice(), events)
    assert events == [] and vic.timed == []


@pytest.mark.rule("HAZ-COLD-03", "AMB-09")
@pytest.mark.parametrize(("blankets", "bonus", "dice"), [(0, 1, 3), (2, 1, 5), (2, 0, 3), (1, 3, 6)])
def test_each_blanket_adds_the_blanket_bonus_to_the_cold_roll(blankets, bonus, dice):
    state, vic = victim()
    events: list = []
    cold_time(state, HazardOptions(blanket_bonus=bonus), vic, "extreme_cold", 60, FixedDice([6] * 6), events,
              blankets=blankets)
    assert len(events[0].data["dice"]) == dice


@pytest.mark.rule("HAZ-COLD-04", "HAZ-COLD-05", "AMB-07", "AMB-09")
def test_each_failed_cold_roll_deals_1_damage_and_1_stress_and_makes_hypothermic():
    state, vic = victim()
    events: list = []
    cold_time(state, H, vic, "extreme_cold", 60, FixedDice(FAIL), events)
    assert vic.attrs[0] == 2 and vic.attrs[2] == 2 and hypothermic(vic)
    assert kinds(events) == ["hazard_roll", "hypothermic", "damage", "stress"]
    cold_time(state, H, vic, "extreme_cold", 60, FixedDice(FAIL), events)
    assert vic.attrs[0] == 1 and vic.attrs[2] == 1 and kinds(events).count("hypothermic") == 1
    state, vic = victim({"damage_model": "health_resolve"})
    health, resolve = vic.health, vic.resolve
    cold_time(state, HazardOptions(cold_damage=2, cold_stress=0), vic, "extreme_cold", 60, FixedDice(FAIL), [])
    assert (vic.health, vic.resolve) == (health - 2, resolve)


@pytest.mark.rule("HAZ-COLD-06")
def test_broken_while_hypothermic_dies_at_the_next_roll_without_rolling():
    state, vic = victim(attributes={"strength": 1, "agility": 3, "wits": 3, "empathy": 3})
    cold_time(state, H, vic, "cold", 3600, FixedDice([2]), [])
    assert vic.broken and hypothermic(vic) and not vic.dead
    events: list = []
    cold_time(state, H, vic, "cold", 3599, FixedDice(), events)
    assert not vic.dead and events == []
    cold_time(state, H, vic, "cold", 1, FixedDice(), events)
    assert vic.dead and kinds(events) == ["death"] and events[0].data == {"cause": "hypothermia (HAZ-COLD-06)"}


@pytest.mark.rule("HAZ-COLD-04", "HAZ-COLD-07", "HEAL-10", "HEAL-13")
def test_no_natural_recovery_while_hypothermic_until_warmed():
    state, vic = victim()
    cold_time(state, H, vic, "extreme_cold", 60, FixedDice(FAIL), [])
    events = recover(vic, 3, np.random.default_rng(0), options=state.options)
    assert (vic.attrs[0], vic.attrs[2]) == (2, 2) and "recovered" not in kinds(events)
    warmed: list = []
    assert warm_up(vic, warmed) and kinds(warmed) == ["warmed"] and vic.timed == []
    recover(vic, 1, np.random.default_rng(0), options=state.options)
    assert (vic.attrs[0], vic.attrs[2]) == (3, 3)
    assert not warm_up(vic, [])
