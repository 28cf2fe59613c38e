"""The DX3 combatant (DX3-DICE-01..03, DX3-ACT-01, DX3-DMG-*): its numbers, the checks it rolls, HP
damage, 戦闘不能 and 《リザレクト》; and the `dx3_rules:` switches."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from tests.dx3.d10 import FixedD10
from yz_gym.core.switches import SwitchError
from yz_gym.rulesets.dx3.character import (
    Ability,
    Dx3Character,
    StatBlock,
    can_resurrect,
    hp_damage,
    resurrect,
    skill_ability,
    take_damage,
)
from yz_gym.rulesets.dx3.dice import roll
from yz_gym.rulesets.dx3.options import DX3_RULES, Dx3Options

FIGHTER = StatBlock(body=3, sense=4, mind=2, social=1, skills=(("白兵", 2), ("調達", 1), ("運転:二輪", 1)))


@pytest.mark.rule("DX3-DICE-01", "DX3-DICE-02")
@pytest.mark.parametrize(
    ("skill", "ability"),
    [("白兵", Ability.BODY), ("回避", Ability.BODY), ("運転:二輪", Ability.BODY), ("射撃", Ability.SENSE),
     ("知覚", Ability.SENSE), ("芸術:歌", Ability.SENSE), ("RC", Ability.MIND), ("意志", Ability.MIND),
     ("知識:歴史", Ability.MIND), ("交渉", Ability.SOCIAL), ("調達", Ability.SOCIAL),
     ("情報:噂話", Ability.SOCIAL)],
)  # fmt: skip
def test_each_skill_rolls_with_its_ability(skill: str, ability: Ability):
    assert skill_ability(skill) is ability


@pytest.mark.rule("DX3-DICE-02")
@pytest.mark.parametrize("skill", ["運転", "運転:", "剣術", "白兵:刀"])
def test_an_unknown_or_unspecified_skill_is_refused(skill: str):
    with pytest.raises(ValueError, match="unknown skill"):
        skill_ability(skill)


@pytest.mark.rule("DX3-DMG-01", "DX3-ACT-01", "DX3-DICE-03")
def test_max_hp_initiative_and_stock_points_follow_their_formulas():
    assert FIGHTER.max_hp == 3 * 2 + 2 + 20 == 28
    assert FIGHTER.initiative == 4 * 2 + 2 == 10
    assert FIGHTER.stock_points == 1 * 2 + 1 * 2 == 4
    assert StatBlock(2, 1, 5, 3).max_hp == 29 and StatBlock(2, 1, 5, 3).initiative == 7


@pytest.mark.rule("DX3-DICE-04", "DX3-DICE-05", "DX3-DICE-11")
def test_a_skill_check_rolls_ability_and_encroachment_dice_and_adds_the_skill_level():
    fighter = Dx3Character("Kaito", FIGHTER, encroachment=80)
    check = fighter.check("白兵", floor=7)
    assert (check.dice, check.crit, check.modifier) == (3 + 2, 10, 2)
    assert fighter.check("白兵", floor=7, dice=1, crit_change=-4, modifier=1) == type(check)(6, 7, 3)
    assert fighter.check("射撃", floor=7).dice == 4 + 2  # a skill the character lacks: level 0
    assert fighter.check("射撃", floor=7).modifier == 0
    assert roll(fighter.check("白兵", floor=7), FixedD10(1, 2, 6, 3, 2)).achievement == 6 + 2


@pytest.mark.rule("DX3-ENC-03", "DX3-ENC-04")
def test_the_encroachment_table_switch_reaches_the_check():
    fighter = Dx3Character("Kaito", FIGHTER, encroachment=190)
    assert fighter.check("白兵", floor=7).dice == 3 + 5
    assert fighter.check("白兵", floor=7, table="effect_archive").dice == 3 + 5
    fighter.encroachment = 160
    assert fighter.check("白兵", floor=7, table="effect_archive").dice == 3 + 4


@pytest.mark.rule("HR-STEALTH-07", "AMB-36")
def test_a_bare_ability_check_rolls_dice_only():
    check = Dx3Character("Mio", FIGHTER, encroachment=60).check(None, Ability.MIND, floor=7, modifier=0)
    assert (check.dice, check.modifier) == (2 + 1, 0)
    with pytest.raises(ValueError, match="skill or an ability"):
        Dx3Character("Mio", FIGHTER).check(None, floor=7)


@pytest.mark.rule("DX3-DMG-05", "DX3-REACT-10")
def test_armor_then_guard_then_reductions_come_off_the_damage_down_to_zero():
    assert hp_damage(24, armor=5, guard=3) == 16
    assert hp_damage(24, armor=5, guard=3, reduction=2) == 14
    assert hp_damage(5, armor=8) == 0


@pytest.mark.rule("DX3-DMG-03", "DX3-DMG-05", "DX3-DMG-09")
def test_hp_stops_at_zero_which_is_incapacitated_and_no_more_is_lost():
    fighter = Dx3Character("Kaito", FIGHTER)
    assert fighter.hp == 28 and not fighter.incapacitated
    assert take_damage(fighter, 16) == 16 and fighter.hp == 12 and not fighter.incapacitated
    assert take_damage(fighter, 11) == 11 and fighter.hp == 1 and not fighter.incapacitated
    assert take_damage(fighter, 30) == 1 and fighter.hp == 0 and fighter.incapacitated
    assert take_damage(fighter, 5) == 0 and fighter.hp == 0


@pytest.mark.rule("DX3-DMG-04", "DX3-ENC-09")
def test_resurrect_works_at_99_percent_or_less_and_costs_the_hp_healed():
    fighter = Dx3Character("Kaito", FIGHTER, encroachment=99, hp=0)
    assert fighter.incapacitated and can_resurrect(fighter, True) and not can_resurrect(fighter, False)
    assert resurrect(fighter, 1, FixedD10(7)) == 7
    assert fighter.hp == 7 and fighter.encroachment == 106 and not fighter.incapacitated
    assert not can_resurrect(fighter, True)  # standing
    take_damage(fighter, 7)
    assert fighter.incapacitated and not can_resurrect(fighter, True)  # 106%: only a Titus now
    fighter.encroachment = 40
    assert resurrect(fighter, 2, FixedD10(7, 4)) == 11 and fighter.encroachment == 51


@pytest.mark.rule("DX3-TITUS-01")
def test_bad_stat_blocks_are_refused_with_the_field_named():
    with pytest.raises(ValueError, match="0-7 Lois"):
        Dx3Character("Kaito", FIGHTER, lois=8)
    with pytest.raises(ValueError, match="HP 29 is outside 0-28"):
        Dx3Character("Kaito", FIGHTER, hp=29)
    with pytest.raises(ValueError, match="given twice"):
        StatBlock(1, 1, 1, 1, skills=(("白兵", 1), ("白兵", 2)))
    with pytest.raises(ValueError, match="【肉体】"):
        StatBlock(-1, 1, 1, 1)
    assert Dx3Character("Kaito", FIGHTER, lois=7, titus=2).titus == 2


@pytest.mark.rule("DX3-DICE-07", "DX3-DICE-13", "AMB-32", "AMB-35", "DX3-ENC-04")
def test_the_dx3_rules_block_parses_with_defaults_and_one_line_errors():
    assert DX3_RULES.parse({}, "docs/dx3.md") == Dx3Options()
    options = DX3_RULES.parse({"crit_floor": 2, "tie": "action", "encroach_table": "effect_archive"}, "d")
    assert (options.crit_floor, options.tie, options.encroach_table) == (2, "action", "effect_archive")
    for block, where, words in [
        ({"crit_floor": 1}, "dx3_rules.crit_floor", "from 2 to 10"),
        ({"tie": "attacker"}, "dx3_rules.tie", "'reaction'"),
        ({"crit_flor": 7}, "dx3_rules.crit_flor", "did you mean 'crit_floor'"),
        ({"crit_floor": 2, "unfloored_crit_min": 3}, "dx3_rules.unfloored_crit_min", "at most crit_floor"),
        ({"resurrect": 1}, "dx3_rules.resurrect", "true or false"),
    ]:
        with pytest.raises(SwitchError) as err:
            DX3_RULES.parse(block, "docs/dx3.md")
        assert err.value.where == where and words in err.value.message and "\n" not in str(err.value)


def test_checks_results_and_characters_survive_pickling():
    kaito = Dx3Character("Kaito", FIGHTER, encroachment=70, hp=5, lois=3, titus=1)
    result = roll(kaito.check("白兵", floor=7), np.random.default_rng(2))
    for obj in (kaito, kaito.stats, result, Dx3Options(tie="action")):
        assert pickle.loads(pickle.dumps(obj)) == obj
