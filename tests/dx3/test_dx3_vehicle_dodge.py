"""The house-rule vehicle dodge (HR-VEH-DODGE-01..07): the passenger's 〈知覚〉 changes the driver's
〈運転〉 check; known answers from scripted D10s and the exact chance of a dodge."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from tests.dx3.d10 import FixedD10, achievement_distribution
from yz_gym.rulesets.dx3.dice import Check, CheckResult, critical_value
from yz_gym.rulesets.dx3.vehicle_dodge import drive_check, drive_modifiers, vehicle_dodge


def _hit(achievement: int) -> CheckResult:
    return CheckResult(Check(3, 10), ((achievement, 1, 1),), achievement, False)


def _seen(achievement: int, fumble: bool = False) -> CheckResult:
    return CheckResult(Check(2, 10), ((5, 5),), achievement, fumble)


@pytest.mark.rule("HR-VEH-DODGE-03", "HR-VEH-DODGE-05", "HR-VEH-DODGE-06")
def test_the_perception_check_sets_the_drivers_dice_and_critical_value():
    assert drive_modifiers(_seen(13), 12) == (2, 1)  # above the hit: +2 dice, C値 -1
    assert drive_modifiers(_seen(12), 12) == (0, 0)  # equal: nothing
    assert drive_modifiers(_seen(11), 12) == (-1, 0)  # below: one die less
    assert drive_modifiers(None, 12) == (-1, 0)  # no passenger
    assert drive_modifiers(_seen(0, fumble=True), 0) == (-1, 0)  # a fumbled 〈知覚〉 spots nothing


@pytest.mark.rule("HR-VEH-DODGE-04", "AMB-35", "DX3-DICE-07")
def test_the_critical_step_ignores_the_floor_but_never_reaches_one():
    at_floor = Check(3, critical_value(-5, floor=7), modifier=1)  # effects stop at 7
    assert drive_check(at_floor, _seen(20), 12, unfloored_min=2) == Check(5, 6, 1)  # below the floor
    assert drive_check(Check(3, 2), _seen(20), 12, unfloored_min=2).crit == 2
    assert drive_check(Check(3, 7), _seen(20), 12, unfloored_min=7).crit == 7


@pytest.mark.rule("HR-VEH-DODGE-06", "AMB-35", "DX3-DICE-09")
def test_a_driver_left_with_no_dice_cannot_dodge():
    rng = FixedD10(2)  # the passenger's one die: 2 < 12
    dodge = vehicle_dodge(_hit(12), Check(1, 10), Check(1, 10, 20), rng, tie="reaction", unfloored_min=2)
    assert dodge.drive.no_dice and dodge.drive.rounds == () and not dodge.dodged


@pytest.mark.rule("HR-VEH-DODGE-01", "HR-VEH-DODGE-02", "HR-VEH-DODGE-07", "AMB-32")
def test_the_drivers_achievement_is_the_dodge_and_a_tie_goes_by_the_switch():
    def dodge(tie: str):  # passenger 〈知覚〉 13 > hit 12: the driver rolls 2 + 2 dice at C値 9
        rng = FixedD10(3, 10, 3, 9, 5, 1, 2, 4)  # 知覚: crit then 3 -> 13; 運転: 9 crits, then 2
        return vehicle_dodge(_hit(12), Check(2, 10), Check(2, 10), rng, tie=tie, unfloored_min=2)

    held = dodge("reaction")
    assert held.perception is not None and held.perception.achievement == 13
    assert held.drive.check == Check(4, 9, 0) and held.drive.rounds == ((9, 5, 1, 2), (4,))
    assert held.drive.achievement == 14 and held.dodged
    assert dodge("action").dodged  # 14 > 12 either way
    tie_rng = FixedD10(5, 7, 2)  # 知覚 5 < hit 7: the driver loses a die and rolls a 7
    tied = vehicle_dodge(_hit(7), Check(1, 10), Check(2, 10), tie_rng, tie="reaction", unfloored_min=2)
    assert tied.drive.achievement == 7 and tied.dodged
    tie_rng = FixedD10(5, 7, 2)
    assert not vehicle_dodge(_hit(7), Check(1, 10), Check(2, 10), tie_rng, tie="action", unfloored_min=2).dodged


def _at_least(n: int, crit: int, target: int) -> float:
    """The exact chance that a check of `n` dice at C値 `crit` reaches `target` (no dice: 0)."""
    return 0.0 if n <= 0 else sum(p for value, p in achievement_distribution(n, crit).items() if value >= target)


@pytest.mark.rule("HR-VEH-DODGE-01", "HR-VEH-DODGE-03", "HR-VEH-DODGE-06", "HR-VEH-DODGE-07")
@pytest.mark.parametrize(("seen_dice", "drive_dice", "hit"), [(2, 2, 8), (3, 1, 9), (1, 3, 12), (4, 2, 10)])
def test_the_chance_of_a_vehicle_dodge_matches_the_exact_computation(seen_dice: int, drive_dice: int, hit: int):
    seen = achievement_distribution(seen_dice, 10)
    above = sum(p for value, p in seen.items() if value > hit)
    equal = seen.get(hit, 0.0)
    exact = (
        above * _at_least(drive_dice + 2, 9, hit)
        + equal * _at_least(drive_dice, 10, hit)
        + (1 - above - equal) * _at_least(drive_dice - 1, 10, hit)
    )
    trials = 5000
    rng = np.random.default_rng(100 * seen_dice + 10 * drive_dice + hit)
    dodged = sum(
        vehicle_dodge(_hit(hit), Check(seen_dice, 10), Check(drive_dice, 10), rng, tie="reaction", unfloored_min=2).dodged
        for _ in range(trials)
    )
    assert stats.binomtest(dodged, trials, exact).pvalue > 1e-4
