"""Lois and Titus (DX3-TITUS-01..05): turning Lois into Titus, spending them, and the five
sublimations, with the success chance of boosted checks against an exact computation."""

from __future__ import annotations

from dataclasses import replace
from math import sqrt

import numpy as np
import pytest

from tests.dx3.d10 import FixedD10, achievement_distribution
from yz_gym.rulesets.dx3.character import Dx3Character, StatBlock
from yz_gym.rulesets.dx3.dice import Check, critical_value, roll
from yz_gym.rulesets.dx3.options import Dx3Options
from yz_gym.rulesets.dx3.statuses import Statuses, can_use_auto
from yz_gym.rulesets.dx3.titus import (
    CLEAR,
    CRIT,
    DICE,
    RESULT,
    REVIVE,
    boost_check,
    can_raise,
    cleared,
    make_titus,
    may_sublimate,
    per_check_room,
    raise_result,
    revived_hp,
    spend,
    useful,
)

PC = StatBlock(body=4, sense=2, mind=1, social=1)
SAMPLES = 20_000


def exact_success(n: int, crit: int, modifier: int, difficulty: int, plus_d10: int = 0) -> float:
    """The exact chance that a check meets `difficulty`, with `plus_d10` D10s added after the roll
    (a fumble fails whatever is added)."""
    dist = achievement_distribution(n, crit)
    total = 0.0
    for value, p in dist.items():
        if value == 0:
            continue  # the fumble
        if plus_d10 == 0:
            total += p * (value + modifier >= difficulty)
        else:  # one D10 added (the tests use one)
            total += p * sum(value + modifier + face >= difficulty for face in range(1, 11)) / 10
    return total


def sampled_success(check: Check, difficulty: int, seed: int, plus_d10: int = 0) -> float:
    rng = np.random.default_rng(seed)
    wins = 0
    for _ in range(SAMPLES):
        result = roll(check, rng)
        if plus_d10 and can_raise(result):
            result = raise_result(result, plus_d10, rng)[0]
        wins += result.succeeds(difficulty)
    return wins / SAMPLES


def close(sampled: float, exact: float) -> bool:
    return abs(sampled - exact) <= 4.5 * sqrt(exact * (1 - exact) / SAMPLES) + 1e-9


@pytest.mark.rule("DX3-TITUS-01")
def test_a_lois_becomes_a_titus_for_free_unless_the_switch_is_off():
    pc = Dx3Character("Aki", PC, lois=3, titus=1)
    after = make_titus(pc, "free")
    assert (after.lois, after.titus, pc.lois, pc.titus) == (2, 2, 3, 1)
    with pytest.raises(ValueError, match="lois_to_titus: off"):
        make_titus(pc, "off")
    with pytest.raises(ValueError, match="no Lois left"):
        make_titus(replace(pc, lois=0), "free")


@pytest.mark.rule("DX3-TITUS-02")
def test_each_titus_is_sublimated_once():
    pc = Dx3Character("Aki", PC, lois=3, titus=2)
    assert spend(pc).titus == 1 and spend(pc, 2).titus == 0
    with pytest.raises(ValueError, match="3 Titus asked, 2 held"):
        spend(pc, 3)


@pytest.mark.rule("DX3-TITUS-03A")
def test_a_titus_adds_ten_dice_and_the_chance_matches_the_exact_computation():
    check = Check(2, 10, 1)
    assert boost_check(check, dice_titus=1) == Check(12, 10, 1)
    assert boost_check(check, dice_titus=2).dice == 22
    assert boost_check(Check(-1, 10), dice_titus=1).dice == 9  # a pool below 0 is counted
    exact = exact_success(12, 10, 1, 12)
    assert exact > exact_success(2, 10, 1, 12) + 0.4
    assert close(sampled_success(boost_check(check, dice_titus=1), 12, seed=3), exact)


@pytest.mark.rule("DX3-TITUS-03B", "DX3-DICE-14", "DX3-TITUS-04")
def test_a_titus_lowers_the_fixed_critical_value_by_one_down_to_two():
    concentrate_lv4 = critical_value(-4, floor=7)  # 《コンセントレイト》 Lv4 alone gives 7 ...
    assert concentrate_lv4 == 7
    assert boost_check(Check(3, concentrate_lv4), crit_titus=1).crit == 6  # ... and a Titus 6
    assert boost_check(Check(3, 4), crit_titus=1).crit == 3
    assert boost_check(Check(3, 4), crit_titus=2).crit == 2
    assert boost_check(Check(3, 4), crit_titus=5).crit == 2  # the "Lois bomb" stops at 2
    exact = exact_success(3, 6, 0, 15)
    assert close(sampled_success(boost_check(Check(3, 7), crit_titus=1), 15, seed=5), exact)


@pytest.mark.rule("DX3-TITUS-03C", "DX3-DMG-05")
def test_a_titus_adds_1d10_to_the_result_and_the_chance_matches_the_exact_computation():
    result = roll(Check(2, 10, 2), FixedD10(6, 3))
    raised, faces = raise_result(result, 1, FixedD10(7))
    assert (result.achievement, raised.achievement, faces) == (8, 15, (7,))
    twice, faces = raise_result(result, 2, FixedD10(7, 10))
    assert twice.achievement == 8 + 17 and twice.rounds == result.rounds
    fumble = roll(Check(2, 10), FixedD10(1, 1))
    assert not can_raise(fumble)
    with pytest.raises(ValueError, match="fails whatever is added"):
        raise_result(fumble, 1, FixedD10(9))
    exact = exact_success(2, 10, 2, 14, plus_d10=1)
    assert close(sampled_success(Check(2, 10, 2), 14, seed=7, plus_d10=1), exact)


@pytest.mark.rule("DX3-TITUS-03D", "DX3-DMG-08")
def test_a_titus_raises_a_fallen_pc_to_body_plus_ten_hp():
    fallen = Dx3Character("Aki", PC, hp=0, titus=1)
    assert fallen.incapacitated and revived_hp(fallen) == 4 + 10
    frail = Dx3Character("Mio", StatBlock(body=0, sense=1, mind=0, social=0), hp=0)
    assert revived_hp(frail) == 10
    with pytest.raises(ValueError, match="not 戦闘不能"):
        revived_hp(Dx3Character("Aki", PC))


@pytest.mark.rule("DX3-TITUS-03E")
def test_a_titus_clears_every_bad_status_or_the_chosen_one():
    statuses = Statuses(berserk=True, poison=2, fear="Boss")
    assert cleared(statuses, "all") == Statuses()
    assert cleared(statuses, "one", "poison") == Statuses(berserk=True, fear="Boss")
    with pytest.raises(ValueError, match="choose a status"):
        cleared(statuses, "one", "dazed")
    with pytest.raises(ValueError, match="no bad status"):
        cleared(Statuses(), "all")


@pytest.mark.rule("DX3-TITUS-03", "DX3-TITUS-05", "DX3-BS-16")
def test_each_sublimation_is_useful_at_its_moment_and_pressure_and_berserk_do_not_stop_it():
    pc = Dx3Character("Aki", PC, titus=3)
    pressed = Statuses(pressure=True, berserk=True)
    rolled = roll(Check(2, 10), FixedD10(5, 4))
    assert useful(DICE, pc, pressed, None) and useful(CRIT, pc, pressed, None)
    assert not useful(DICE, pc, pressed, rolled) and useful(RESULT, pc, pressed, rolled)
    assert not useful(RESULT, pc, pressed, None) and not useful(REVIVE, pc, pressed, None)
    assert useful(REVIVE, Dx3Character("Aki", PC, hp=0), pressed, None)
    assert useful(CLEAR, pc, pressed, None) and not useful(CLEAR, pc, Statuses(), None)
    assert not can_use_auto(pressed)  # 重圧 stops auto effects, not a Titus
    assert may_sublimate(pressed, Dx3Options())
    assert not may_sublimate(pressed, Dx3Options(titus_despite_pressure=False))
    assert may_sublimate(Statuses(berserk=True), Dx3Options(titus_despite_pressure=False))
    with pytest.raises(ValueError, match="unknown sublimation"):
        useful("heal", pc, pressed, None)


@pytest.mark.rule("DX3-TITUS-04")
def test_several_titus_may_go_on_one_check_unless_the_switch_limits_them():
    assert per_check_room(5, 0) >= 7
    assert per_check_room(0, 1) == 1 and per_check_room(1, 1) == 0 and per_check_room(1, 3) == 2
    both = boost_check(Check(2, 8), dice_titus=1, crit_titus=2)
    assert (both.dice, both.crit) == (12, 6)
