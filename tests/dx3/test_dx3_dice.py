"""DX3 checks (DX3-DICE-*): known-answer rolls from scripted D10s, exact odds, critical values and
their floors, encroachment bands, fumbles, 0 dice, opposed checks with the tie switch, damage dice."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from tests.dx3.d10 import FixedD10, achievement_distribution
from yz_gym.rulesets.dx3.dice import (
    Check,
    CheckResult,
    action_wins,
    critical_value,
    damage_dice,
    effect_level_bonus,
    encroachment_dice,
    roll,
    roll_damage,
)


@pytest.mark.rule("DX3-DICE-04", "DX3-DICE-05")
def test_criticals_are_rerolled_and_each_critical_round_adds_ten():
    rng = FixedD10(9, 3, 8, 10, 2, 5)  # C値 8: 9 and 8 are criticals; then 10; then a 5
    result = roll(Check(dice=3, crit=8, modifier=3), rng)
    assert result.rounds == ((9, 3, 8), (10, 2), (5,))
    assert result.critical_rounds == 2
    assert result.achievement == 10 * 2 + 5 + 3  # the LAST round's highest die, not the 10 before it
    assert not result.fumble and not result.automatic_failure and rng.faces == []


@pytest.mark.rule("DX3-DICE-04", "DX3-DICE-05")
def test_a_die_one_below_the_critical_value_is_not_rerolled():
    rng = FixedD10(7, 3, 1)
    result = roll(Check(dice=3, crit=8, modifier=2), rng)
    assert result.rounds == ((7, 3, 1),) and result.achievement == 7 + 2 and rng.drawn == 3


@pytest.mark.rule("DX3-DICE-04")
def test_as_many_dice_are_rerolled_as_there_were_criticals():
    rng = FixedD10(10, 10, 10, 10, 2, 9, 1, 3)  # 4 dice, all critical at C値 10; then 4 more
    result = roll(Check(dice=4, crit=10), rng)
    assert result.rounds == ((10, 10, 10, 10), (2, 9, 1, 3)) and result.achievement == 10 + 9


@pytest.mark.rule("DX3-DICE-06")
def test_the_default_critical_value_is_ten_and_one_is_invalid():
    assert critical_value(floor=7) == 10
    rng = FixedD10(9, 9)
    assert roll(Check(2, critical_value(floor=7)), rng).achievement == 9
    with pytest.raises(ValueError, match="below 2"):
        Check(3, 1)


@pytest.mark.rule("DX3-DICE-08")
def test_a_first_roll_of_all_ones_is_a_fumble_with_achievement_zero():
    result = roll(Check(3, 10, modifier=5), FixedD10(1, 1, 1))
    assert result.fumble and result.automatic_failure and result.achievement == 0
    assert not result.succeeds(0)
    near = roll(Check(3, 10, modifier=5), FixedD10(1, 1, 2))
    assert not near.fumble and near.achievement == 2 + 5


@pytest.mark.rule("DX3-DICE-08")
def test_ones_after_a_critical_round_are_no_fumble():
    result = roll(Check(2, 10), FixedD10(10, 1, 1))
    assert not result.fumble and result.achievement == 10 + 1


@pytest.mark.rule("DX3-DICE-09", "AMB-35")
@pytest.mark.parametrize("dice", [0, -1, -3])
def test_a_check_with_no_dice_fails_automatically_without_rolling(dice: int):
    rng = FixedD10()
    result = roll(Check(dice, 10, modifier=20), rng)
    assert result.no_dice and result.automatic_failure and result.achievement == 0
    assert result.rounds == () and rng.drawn == 0 and not result.succeeds(0)


@pytest.mark.rule("DX3-DICE-09")
def test_one_die_is_a_real_check():
    result = roll(Check(1, 10, modifier=1), FixedD10(6))
    assert not result.automatic_failure and result.achievement == 7


@pytest.mark.rule("DX3-DICE-10")
def test_a_set_difficulty_is_met_on_an_equal_achievement():
    result = roll(Check(2, 10, modifier=2), FixedD10(7, 4))
    assert result.achievement == 9 and result.succeeds(9) and not result.succeeds(10)


@pytest.mark.rule("DX3-DICE-07", "DX3-DICE-15")
def test_effects_lower_the_critical_value_down_to_the_switch_floor():
    assert critical_value(-2, floor=7) == 8
    assert critical_value(-3, floor=7) == 7
    assert critical_value(-4, floor=7) == 7  # 《コンセントレイト》 Lv4 alone (DX3-DICE-14's example)
    assert critical_value(-4, floor=2) == 6  # the strict rule floor
    assert critical_value(-9, floor=2) == 2
    assert critical_value(+1, floor=7) == 11  # a raised C値 is not clamped: no die can be critical


@pytest.mark.rule("DX3-DICE-14", "DX3-DICE-07")
def test_an_effect_that_names_a_floor_replaces_the_switch_floor():
    assert critical_value(-5, floor=7, effect_floor=6) == 6  # 《リミットリリース》 goes below 7
    assert critical_value(-5, floor=2, effect_floor=7) == 7  # the named floor counts over the switch


@pytest.mark.rule("DX3-DICE-14", "DX3-TITUS-03B", "DX3-TITUS-04")
def test_a_titus_lowers_the_critical_value_after_the_effects_down_to_two():
    assert critical_value(-4, floor=7, titus=1) == 6  # Concentrate Lv4 gives 7, then the Titus 6
    assert critical_value(-4, floor=7, titus=3) == 4  # several Titus on one check
    assert critical_value(-4, floor=7, titus=10) == 2  # the "Lois bomb" stops at 2


@pytest.mark.rule("HR-VEH-DODGE-04", "AMB-35")
def test_a_change_without_floor_is_applied_last_and_clamped_at_the_switch():
    assert critical_value(-3, floor=7, unfloored=1) == 6  # below the floor of 7
    assert critical_value(-8, floor=2, unfloored=1) == 2  # never 1
    assert critical_value(-7, floor=3, unfloored=1, unfloored_min=3) == 3
    assert critical_value(-8, floor=2, unfloored=1, unfloored_min=3) == 2  # a clamp never raises it


@pytest.mark.rule("DX3-DICE-11", "DX3-DICE-12", "DX3-ENC-03")
@pytest.mark.parametrize(
    ("rate", "dice", "level"),
    [(0, 0, 0), (59, 0, 0), (60, 1, 0), (79, 1, 0), (80, 2, 0), (99, 2, 0), (100, 3, 1), (129, 3, 1),
     (130, 4, 1), (159, 4, 1), (160, 5, 2), (199, 5, 2), (200, 6, 2), (239, 6, 2), (240, 7, 2),
     (299, 7, 2), (300, 8, 2), (450, 8, 2)],
)  # fmt: skip
def test_the_rulebook_encroachment_table(rate: int, dice: int, level: int):
    assert encroachment_dice(rate) == dice and effect_level_bonus(rate) == level


@pytest.mark.rule("DX3-ENC-04", "DX3-DICE-12")
@pytest.mark.parametrize(
    ("rate", "dice", "level"),
    [(59, 0, 0), (60, 1, 0), (80, 2, 0), (99, 2, 0), (100, 3, 1), (129, 3, 1), (130, 4, 1), (159, 4, 1),
     (160, 4, 2), (189, 4, 2), (190, 5, 2), (219, 5, 2), (220, 5, 3), (259, 5, 3), (260, 6, 3),
     (299, 6, 3), (300, 7, 3), (999, 7, 3)],
)  # fmt: skip
def test_the_effect_archive_encroachment_table(rate: int, dice: int, level: int):
    table = "effect_archive"
    assert encroachment_dice(rate, table) == dice and effect_level_bonus(rate, table) == level


def _result(achievement: int, *, fumble: bool = False, dice: int = 2) -> CheckResult:
    return CheckResult(Check(dice, 10), ((5, 5),) if dice > 0 else (), achievement, fumble)


@pytest.mark.rule("DX3-DICE-13", "AMB-32")
def test_an_opposed_tie_goes_to_the_side_the_switch_names():
    assert not action_wins(_result(15), _result(15), "reaction")  # the DX3 rule: the dodge holds
    assert action_wins(_result(15), _result(15), "action")
    for tie in ("reaction", "action"):
        assert action_wins(_result(16), _result(15), tie)
        assert not action_wins(_result(14), _result(15), tie)


@pytest.mark.rule("DX3-DICE-13", "DX3-DICE-08", "DX3-DICE-09")
def test_a_side_that_fails_automatically_loses_the_opposed_check():
    fumbled, empty = _result(0, fumble=True), _result(0, dice=0)
    assert not action_wins(fumbled, _result(1), "action")
    assert not action_wins(empty, None, "action")
    assert not action_wins(fumbled, fumbled, "action")  # both fumble: the action failed on its own
    assert action_wins(_result(1), fumbled, "reaction")
    assert action_wins(_result(1), empty, "reaction")  # AMB-35: a dodge with no dice fails


@pytest.mark.rule("DX3-REACT-12")
def test_no_reaction_counts_as_the_switch_value():
    assert action_wins(_result(1), None, "reaction")
    assert not action_wins(_result(5), None, "reaction", no_reaction_value=5)
    assert action_wins(_result(5), None, "action", no_reaction_value=5)


@pytest.mark.rule("DX3-DMG-02", "DX3-DICE-11")
@pytest.mark.parametrize(("hit", "dice"), [(0, 1), (9, 1), (10, 2), (19, 2), (20, 3), (35, 4), (40, 5)])
def test_damage_dice_come_from_the_hit_achievement_only(hit: int, dice: int):
    assert damage_dice(hit) == dice


@pytest.mark.rule("DX3-DMG-02", "DX3-DMG-05")
def test_a_damage_roll_adds_the_attack_power_to_its_dice():
    rng = FixedD10(3, 7, 9)
    assert roll_damage(25, 5, rng) == (3 + 7 + 9 + 5, (3, 7, 9))
    assert rng.drawn == 3


@pytest.mark.rule("DX3-DICE-04")
@pytest.mark.parametrize(("n", "crit"), [(1, 10), (3, 10), (5, 9), (10, 8), (12, 7)])
def test_the_chance_of_a_critical_is_binomial(n: int, crit: int):
    trials = 4000
    rng = np.random.default_rng(1000 + n * 10 + crit)
    hits = sum(roll(Check(n, crit), rng).critical_rounds > 0 for _ in range(trials))
    exact = 1 - ((crit - 1) / 10) ** n  # at least one die at or above the C値
    assert stats.binomtest(hits, trials, exact).pvalue > 1e-4
    assert stats.binomtest(hits, trials, 1 - (crit / 10) ** n).pvalue < 1e-4  # a C値 off by one shows


@pytest.mark.rule("DX3-DICE-04", "DX3-DICE-05", "DX3-DICE-08")
@pytest.mark.parametrize(("n", "crit"), [(1, 10), (2, 9), (3, 8), (6, 7), (12, 10)])
def test_the_achievement_matches_its_exact_distribution(n: int, crit: int):
    exact = achievement_distribution(n, crit)
    assert abs(sum(exact.values()) - 1) < 1e-9
    trials = 6000
    rng = np.random.default_rng(7 * n + crit)
    counts: dict[int, int] = {}
    for _ in range(trials):
        value = roll(Check(n, crit), rng).achievement
        counts[value] = counts.get(value, 0) + 1
    assert set(counts) <= set(exact)
    observed, expected = _binned(counts, exact, trials)
    assert stats.chisquare(observed, expected).pvalue > 1e-4


def _binned(counts: dict[int, int], exact: dict[int, float], trials: int) -> tuple[list[float], list[float]]:
    """Observed and expected counts per achievement, sparse values merged until each expects 5."""
    observed, expected = [0.0], [0.0]
    for value in sorted(exact):
        if expected[-1] >= 5:
            observed.append(0.0)
            expected.append(0.0)
        observed[-1] += counts.get(value, 0)
        expected[-1] += exact[value] * trials
    if len(expected) > 1 and expected[-1] < 5:
        observed[-2] += observed.pop()
        expected[-2] += expected.pop()
    scale = sum(observed) / sum(expected)  # the truncated tail: a few 1e-12 of mass
    return observed, [e * scale for e in expected]


@pytest.mark.rule("DX3-DICE-05")
def test_the_exact_distribution_knows_small_cases():
    one = achievement_distribution(1, 10)
    assert one[0] == pytest.approx(0.1)  # a lone 1 is a fumble
    assert one[9] == pytest.approx(0.1) and 10 not in one  # a 10 always rolls again
    assert one[11] == pytest.approx(0.01)  # a 10 then a 1
    two = achievement_distribution(2, 9)  # 9 and 10 are criticals
    assert two[8] == pytest.approx((64 - 49) / 100)  # highest die 8, no critical
    assert two[0] == pytest.approx(0.01)


@pytest.mark.rule("DX3-DICE-12")
def test_an_unknown_encroachment_table_is_refused():
    with pytest.raises(ValueError, match="use one of r1, effect_archive"):
        encroachment_dice(100, "r2")
