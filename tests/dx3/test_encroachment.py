"""Encroachment in play (DX3-ENC-01..11, DX3-TITUS-07): the starting value, scene entry, paying a
combo and the check it rolls, the impulse check, the 100% line and the back-track."""

from __future__ import annotations

import pytest

from tests.dx3.d10 import FixedD10
from yz_gym.rulesets.dx3.character import Dx3Character, StatBlock
from yz_gym.rulesets.dx3.dice import encroachment_dice
from yz_gym.rulesets.dx3.effect_library import LIBRARY
from yz_gym.rulesets.dx3.effects import MAJOR, MELEE, Effect, PerLevel, combine
from yz_gym.rulesets.dx3.encroachment import (
    back_track,
    declare,
    impulse_check,
    scene_entry,
    starting_rate,
    thresholds_crossed,
)
from yz_gym.rulesets.dx3.options import Dx3Options

RULES = Dx3Options()
PC = StatBlock(body=3, sense=2, mind=2, social=1, skills=(("白兵", 2), ("意志", 1)))
CUT = Effect("cut", MAJOR, "白兵", "generic", attack=MELEE, cost=2, max_level=5, dice=PerLevel(0, 1))


@pytest.mark.rule("DX3-ENC-01")
def test_the_starting_value_is_awakening_plus_impulse_plus_modifiers():
    assert starting_rate(14, 14) == 28 and starting_rate(18, 18) == 36 and starting_rate(17, 15, 3) == 35
    for bad in ((13, 15), (15, 19)):
        with pytest.raises(ValueError, match="outside 14-18"):
            starting_rate(*bad)


@pytest.mark.rule("DX3-ENC-02", "DX3-ENC-11")
def test_a_pc_entering_a_scene_gains_1d10_and_an_enemy_keeps_its_value_unless_the_switch_rolls():
    assert scene_entry(31, FixedD10(7), RULES) == 38
    assert scene_entry(31, FixedD10(10), RULES) == 41
    assert scene_entry(120, FixedD10(), RULES, enemy=True) == 120
    assert scene_entry(120, FixedD10(4), Dx3Options(enemy_enc="roll"), enemy=True) == 124


@pytest.mark.rule("DX3-ENC-07", "DX3-ENC-05")
def test_declaring_pays_the_combo_and_reads_the_dice_bonus_before_the_cost_by_default():
    pc = Dx3Character("Aki", PC, encroachment=79)
    combo = combine([CUT.at_level(2), LIBRARY["crit_focus"].at_level(1)], MAJOR, 79, "r1")
    declared = declare(pc, combo, FixedD10(), RULES, dice=1, modifier=-1)
    assert (declared.cost, declared.before, declared.after) == (2 + 2, 79, 83)
    assert declared.check is not None
    assert (declared.check.dice, declared.check.crit, declared.check.modifier) == (3 + 1 + 2 + 1, 9, 2 - 1)
    after = declare(pc, combo, FixedD10(), Dx3Options(enc_bonus_timing="after_cost"))
    assert after.check is not None and after.check.dice == 3 + 2 + 2  # 83%: +2 dice
    assert pc.encroachment == 79  # the character is not changed


@pytest.mark.rule("DX3-ENC-07")
def test_a_dice_cost_is_rolled_and_a_combo_without_a_skill_rolls_no_check():
    pc = Dx3Character("Aki", PC, encroachment=40)
    dear = Effect("dear", MAJOR, cost=1, cost_dice=2)
    declared = declare(pc, combine([dear], MAJOR, 40, "r1"), FixedD10(3, 9), RULES)
    assert (declared.cost, declared.after, declared.check) == (1 + 3 + 9, 53, None)


def test_a_combo_rolled_with_an_ability_uses_its_dice_and_no_skill_level():
    pc = Dx3Character("Aki", PC, encroachment=0)
    brawn = Effect("brawn", MAJOR, "肉体", dice=PerLevel(2, 0))
    check = declare(pc, combine([brawn], MAJOR, 0, "r1"), FixedD10(), RULES).check
    assert check is not None and (check.dice, check.modifier) == (3 + 2, 0)


@pytest.mark.rule("DX3-ENC-06", "DX3-BS-15")
def test_the_impulse_check_is_will_at_9_failure_is_berserk_and_rate_rises_2d10_either_way():
    pc = Dx3Character("Aki", PC, encroachment=40)
    passed = impulse_check(pc, FixedD10(4, 8, 3, 5), RULES)  # 〈意志〉: 2 dice, best 8, +1 = 9
    assert (passed.check.achievement, passed.berserk, passed.rise, passed.rate) == (9, False, 8, 48)
    failed = impulse_check(pc, FixedD10(4, 7, 10, 10), RULES)  # 7 + 1 = 8 < 9
    assert (failed.check.achievement, failed.berserk, failed.rise, failed.rate) == (8, True, 20, 60)
    fumbled = impulse_check(pc, FixedD10(1, 1, 1, 2), RULES)
    assert fumbled.berserk and fumbled.rate == 43
    dazed = impulse_check(pc, FixedD10(9, 1, 1), RULES, dice=-2)  # 0 dice: automatic failure, no roll
    assert dazed.berserk and dazed.check.no_dice and dazed.rate == 40 + 9 + 1
    assert RULES.impulse_at_combat_start


@pytest.mark.rule("DX3-ENC-03", "DX3-ENC-08", "DX3-ENC-09")
def test_the_thresholds_crossed_name_the_table_bands_and_the_restrictions():
    assert thresholds_crossed(58, 83) == (60, 80)
    assert thresholds_crossed(99, 100) == (100,)
    assert thresholds_crossed(100, 129) == (120,)
    assert thresholds_crossed(59, 59) == ()
    assert thresholds_crossed(290, 310) == (300,)


@pytest.mark.rule("DX3-ENC-10")
def test_there_is_no_upper_limit_and_300_and_more_use_the_last_row_unless_the_switch_caps_it():
    assert encroachment_dice(300) == encroachment_dice(999) == 8
    assert encroachment_dice(300, "effect_archive") == encroachment_dice(650, "effect_archive") == 7
    assert scene_entry(295, FixedD10(9), RULES) == 304
    capped = Dx3Options(enc_cap=300)
    assert scene_entry(295, FixedD10(9), capped) == 300
    pc = Dx3Character("Aki", PC, encroachment=299)
    assert declare(pc, combine([CUT], MAJOR, 299, "r1"), FixedD10(), capped).after == 300
    assert impulse_check(pc, FixedD10(*[5] * 9, 5, 5), capped).rate == 300  # 【精神】 2 + 7 dice at 299%


@pytest.mark.rule("DX3-TITUS-07")
def test_the_back_track_rolls_1d10_per_lois_and_a_pc_still_at_100_is_lost():
    track = back_track(120, 3, FixedD10(5, 6, 4))
    assert (track.faces, track.rate, track.lost) == ((5, 6, 4), 105, True)
    twice = back_track(120, 3, FixedD10(5, 6, 4, 1, 2, 3), doubled=True)
    assert (twice.rate, twice.lost) == (99, False)
    assert back_track(80, 0, FixedD10()).rate == 80
