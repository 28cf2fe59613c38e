"""DX3 effects and combos (DX3-EFF-01..10, DX3-EFF-M01..M15, DX3-ATK-09, DX3-ENC-05/07/08): the
data model, what combos add up to, the bundled mechanics' numbers and the scenario reader."""

from __future__ import annotations

import pytest

from tests.dx3.d10 import FixedD10
from yz_gym.rulesets.dx3.character import Dx3Character, StatBlock
from yz_gym.rulesets.dx3.effect_library import LIBRARY, MECHANIC_IDS, EffectError, effect_named, load_effects
from yz_gym.rulesets.dx3.effects import (
    AREA,
    AREA_SELECT,
    AUTO,
    AUTO_SUCCESS,
    COUNT,
    MAJOR,
    MAJOR_REACTION,
    MELEE,
    MINOR,
    NO_SKILL,
    OPPOSED,
    RANGE_CLOSE,
    RANGE_SIGHT,
    RANGE_WEAPON,
    RANGED,
    REACTION,
    SCENE,
    SCENE_SELECT,
    SELF,
    SINGLE,
    SYNDROME,
    ComboError,
    Effect,
    PerLevel,
    auto_uses_allowed,
    combine,
    declaration_order,
    healed,
    roll_cost,
    timing_fits,
    unusable,
    use_level,
    use_limit,
)
from yz_gym.rulesets.dx3.encroachment import declare
from yz_gym.rulesets.dx3.options import Dx3Options

RULES = Dx3Options()
HERO = StatBlock(body=3, sense=2, mind=4, social=1, skills=(("白兵", 2), ("RC", 3), ("回避", 1)))


def fx(name: str, level: int = 1) -> Effect:
    """A bundled effect at a level."""
    return LIBRARY[name].at_level(level)


def melee(name: str, **fields: object) -> Effect:
    """A plain 〈白兵〉 attack effect of the generic syndrome."""
    spec: dict[str, object] = {"skill": "白兵", "syndrome": "generic", "attack": MELEE, "max_level": 5}
    spec.update(fields)
    return Effect(name, MAJOR, **spec)  # type: ignore[arg-type]


@pytest.mark.rule("DX3-EFF-01", "DX3-EFF-02", "DX3-EFF-03")
def test_a_scenario_effect_reads_every_field_in_english_or_japanese():
    library = load_effects({
        "blood_lance": {
            "timing": "メジャー", "skill": "RC", "syndrome": "bram_stoker", "difficulty": "対決", "target": "範囲(選択)",
            "range": "20m", "cost": 3, "cost_dice": 1, "level": 2, "max_level": 5, "restriction": "100%",
            "attack": "ranged", "attack_power": {"fixed": 4, "per_level": 2}, "states_attack": True,
            "uses": {"per_level": 1}, "period": "scene",
        },
        "iron_wall": {"timing": "auto", "guard": {"per_level": 5}, "requires": "pure", "solo": True},
    })  # fmt: skip
    lance = library["blood_lance"]
    assert (lance.timing, lance.skill, lance.difficulty, lance.target, lance.range) == (
        MAJOR, "RC", OPPOSED, AREA_SELECT, 20)
    assert (lance.cost, lance.cost_dice, lance.level, lance.max_level, lance.restriction) == (3, 1, 2, 5, 100)
    assert lance.attack_power.at(2) == 8 and lance.uses.at(2) == 2
    wall = library["iron_wall"]
    assert (wall.timing, wall.skill, wall.difficulty, wall.requires, wall.solo) == (AUTO, NO_SKILL, AUTO_SUCCESS,
                                                                                  "pure", True)
    assert wall.guard.at(3) == 15
    assert set(LIBRARY) <= set(library)  # the bundled ones stay


@pytest.mark.rule("DX3-EFF-02")
def test_a_major_or_reaction_effect_fits_both_timings_and_nothing_else():
    assert timing_fits(MAJOR_REACTION, MAJOR) and timing_fits(MAJOR_REACTION, REACTION)
    assert not timing_fits(MAJOR_REACTION, MINOR) and not timing_fits(MAJOR, REACTION)
    combo = combine([fx("crit_focus", 2), fx("dodge_dice", 3)], REACTION, 0, "r1")
    assert (combo.skill, combo.crit, combo.dice, combo.difficulty) == ("回避", -2, 3, OPPOSED)


@pytest.mark.rule("DX3-EFF-04", "DX3-ATK-01")
def test_combined_effects_need_the_same_timing_and_skill_and_never_mix_melee_and_ranged():
    with pytest.raises(ComboError, match="timed minor, not major"):
        combine([fx("attack_boost"), fx("blockade")], MAJOR, 0, "r1")
    with pytest.raises(ComboError, match="the same skill"):
        combine([melee("cut", attack=""), Effect("aim", MAJOR, "射撃")], MAJOR, 0, "r1")
    with pytest.raises(ComboError, match="melee and ranged"):
        combine([melee("cut", skill="白兵/射撃"), Effect("shot", MAJOR, "射撃", attack=RANGED)], MAJOR, 0, "r1")
    with pytest.raises(ComboError, match="cannot be combined"):
        combine([melee("cut"), melee("alone", solo=True)], MAJOR, 0, "r1")
    with pytest.raises(ComboError, match="once per combo"):
        combine([melee("cut"), melee("cut")], MAJOR, 0, "r1")
    assert combine([melee("alone", solo=True)], MAJOR, 0, "r1").names == ("alone",)


@pytest.mark.rule("DX3-EFF-03", "DX3-EFF-04")
def test_a_syndrome_skill_effect_takes_the_skill_of_an_effect_of_its_syndrome():
    with pytest.raises(ComboError, match="only with an effect of its syndrome generic"):
        combine([fx("crit_focus")], MAJOR, 0, "r1")
    with pytest.raises(ComboError, match="syndrome generic"):
        combine([fx("crit_focus"), melee("cut", syndrome="salamandra")], MAJOR, 0, "r1")
    assert combine([fx("crit_focus"), melee("cut")], MAJOR, 0, "r1").skill == "白兵"
    choice = combine([fx("crit_focus"), fx("attack_boost")], MAJOR, 0, "r1", prefer="射撃")
    assert choice.skill == "射撃"
    assert combine([fx("crit_focus"), fx("attack_boost")], MAJOR, 0, "r1").skill == "白兵"
    assert combine([fx("guard_boost"), fx("damage_reduction")], AUTO, 0, "r1").skill == NO_SKILL


@pytest.mark.rule("DX3-EFF-05")
def test_only_auto_effects_may_be_declared_again_at_the_same_timing():
    assert auto_uses_allowed(fx("guard_boost"), 3)
    assert auto_uses_allowed(fx("attack_boost"), 0) and not auto_uses_allowed(fx("attack_boost"), 1)


@pytest.mark.rule("DX3-EFF-06", "DX3-ATK-09")
def test_a_combo_takes_the_narrowest_target_and_range_the_hardest_difficulty_and_sums_the_rest():
    wide = melee("wide", target=AREA, range=20, difficulty=12, cost=2, dice=PerLevel(1, 1))
    two = melee("two", target=COUNT, target_count=3, range=RANGE_WEAPON, difficulty=8, cost=3,
                cost_dice=1, achievement=PerLevel(0, 2))  # fmt: skip
    one = melee("one", target=SINGLE, range=RANGE_SIGHT, crit=PerLevel(-1, 0), attack_power=PerLevel(5, 0))
    combo = combine([wide.at_level(2), two.at_level(3)], MAJOR, 0, "r1", weapon_range=5)
    assert (combo.target, combo.target_count, combo.range) == (COUNT, 3, 5)
    assert (combo.difficulty, combo.cost, combo.cost_dice, combo.dice, combo.achievement) == (12, 5, 1, 3, 6)
    assert combine([wide, two, one], MAJOR, 0, "r1", weapon_range=30).target == SINGLE
    assert combine([wide, one], MAJOR, 0, "r1").range == 20
    assert combine([melee("me", target=SELF), wide], MAJOR, 0, "r1").target == SELF  # 自身 never widens
    assert combine([wide, melee("vs", difficulty=OPPOSED)], MAJOR, 0, "r1").difficulty == OPPOSED
    assert combine([melee("a"), melee("b")], MAJOR, 0, "r1").difficulty == AUTO_SUCCESS
    three = melee("three", target=COUNT, target_count=2)
    assert combine([two, three], MAJOR, 0, "r1").target_count == 2


@pytest.mark.rule("DX3-EFF-07")
def test_declarations_at_one_timing_resolve_in_initiative_order_highest_first():
    assert declaration_order([("a", 5), ("b", 12), ("c", 8), ("d", 12)]) == ("b", "d", "c", "a")


@pytest.mark.rule("DX3-EFF-08")
def test_use_limits_come_per_round_scene_or_scenario_often_level_times():
    vanish = fx("vanish", 2)
    assert use_limit(vanish, 2) == 2 and use_limit(vanish, 3) == 3
    assert unusable(vanish, 0, frozenset(), used=1, level=2) == ""
    assert "used up (2 per scene)" in unusable(vanish, 0, frozenset(), used=2, level=2)
    assert use_limit(fx("attack_boost"), 5) == -1  # not limited
    assert use_limit(fx("second_wind", 3), 3) == 1  # once per scenario whatever the level


@pytest.mark.rule("DX3-EFF-09", "DX3-DMG-04")
def test_every_pc_has_resurrect_and_warding():
    resurrect, warding = LIBRARY["resurrect"], LIBRARY["warding"]
    assert (resurrect.timing, resurrect.cost, resurrect.heal_dice.at(1), resurrect.special) == (AUTO, 0, 1, "resurrect")
    assert (warding.timing, warding.target, warding.range, warding.cost) == (AUTO, SCENE, RANGE_SIGHT, 0)


@pytest.mark.rule("DX3-ENC-05")
def test_the_encroachment_level_bonus_raises_levels_past_the_maximum_unless_the_effect_says_not():
    boost = fx("attack_boost", 5)
    assert [use_level(boost, rate, "r1") for rate in (99, 100, 159, 160)] == [5, 6, 6, 7]
    assert use_level(boost, 220, "effect_archive") == 8
    assert combine([boost], MAJOR, 160, "r1").attack_power == 2 * 7
    fixed = Effect("boss_only", MAJOR, "白兵", level_bonus=False, max_level=3, level=3)
    assert use_level(fixed, 300, "r1") == 3


@pytest.mark.rule("DX3-ENC-07")
def test_a_cost_is_its_number_plus_its_d10s():
    assert roll_cost(3, 0, FixedD10()) == 3
    assert roll_cost(2, 2, FixedD10(7, 10)) == 2 + 7 + 10


@pytest.mark.rule("DX3-ENC-08", "DX3-ENC-09")
def test_restrictions_need_their_encroachment_or_trait():
    area = fx("area_conversion")
    assert "80% or more (now 79%)" in unusable(area, 79, frozenset())
    assert unusable(area, 80, frozenset()) == ""
    assert "100% or more" in unusable(fx("scene_attack"), 99, frozenset()) and unusable(fx("scene_attack"), 100,
                                                                                          frozenset()) == ""
    assert "120%" in unusable(fx("second_wind"), 119, frozenset())
    for requires in ("pure", "rb", "servant", "dlois:機械化兵", "limit:crit_focus"):
        effect = Effect("x", MAJOR, requires=requires)
        assert requires in unusable(effect, 150, frozenset({"other"}))
        assert unusable(effect, 150, frozenset({requires})) == ""


@pytest.mark.rule("DX3-EFF-10", "DX3-EFF-M01", "DX3-DICE-14")
def test_m01_crit_focus_lowers_the_critical_value_by_its_level_down_to_its_floor_of_7():
    hero = Dx3Character("Aki", HERO, encroachment=0)
    for level, crit in ((1, 9), (2, 8), (3, 7)):
        combo = combine([fx("crit_focus", level), melee("cut")], MAJOR, 0, "r1")
        declared = declare(hero, combo, FixedD10(), Dx3Options(crit_floor=2))
        assert declared.check is not None and declared.check.crit == crit
    at_100 = combine([fx("crit_focus", 3), melee("cut")], MAJOR, 100, "r1")  # level 4 at 100%
    check = declare(hero, at_100, FixedD10(), Dx3Options(crit_floor=2)).check
    assert at_100.crit == -4 and check is not None and check.crit == 7
    assert (LIBRARY["crit_focus"].cost, LIBRARY["crit_focus"].max_level) == (2, 3)


@pytest.mark.rule("DX3-EFF-M02", "DX3-EFF-M03")
def test_m02_and_m03_add_attack_power_m03_at_the_cost_of_two_dice():
    assert combine([fx("attack_boost", 4)], MAJOR, 0, "r1").attack_power == 8
    heavy = combine([fx("heavy_blow", 3)], MAJOR, 0, "r1")
    assert (heavy.attack_power, heavy.dice, heavy.cost) == (9, -2, 3)
    both = combine([fx("attack_boost", 2), fx("heavy_blow", 1)], MAJOR, 0, "r1")
    assert (both.attack_power, both.dice, both.cost, both.states_attack) == (4 + 3, -2, 2 + 3, False)


@pytest.mark.rule("DX3-EFF-M04", "DX3-ATK-03")
def test_m04_power_shot_is_an_rc_ranged_attack_in_sight_with_its_own_attack_power():
    hero = Dx3Character("Aki", HERO, encroachment=60)
    combo = combine([fx("power_shot", 3)], MAJOR, 60, "r1")
    assert (combo.skill, combo.attack, combo.range, combo.difficulty) == ("RC", RANGED, RANGE_SIGHT, OPPOSED)
    assert (combo.attack_power, combo.states_attack, combo.cost) == (2 * 3 + 4, True, 2)
    check = declare(hero, combo, FixedD10(), RULES).check
    assert check is not None and (check.dice, check.modifier) == (4 + 1 - 1, 3)  # 精神 + 60% die - 1, 〈RC〉 3


@pytest.mark.rule("DX3-EFF-M05")
def test_m05_makes_a_melee_weapon_for_the_scene():
    combo = combine([fx("summon_weapon", 2)], MINOR, 0, "r1")
    assert (combo.achievement, combo.attack_power, combo.guard, combo.specials, combo.cost) == (
        -2, 8, 6, ("weapon",), 3)


@pytest.mark.rule("DX3-EFF-M06", "DX3-EFF-M07", "DX3-ATK-09")
def test_m06_and_m07_override_the_narrowest_target():
    area = combine([fx("area_conversion", 2), fx("power_shot")], MAJOR, 80, "r1")
    assert (area.target, area.range, area.cost) == (AREA_SELECT, RANGE_SIGHT, 3 + 2)
    assert use_limit(fx("area_conversion", 2), 2) == 2 and LIBRARY["area_conversion"].restriction == 80
    cut = melee("cut", target=SINGLE, range=RANGE_CLOSE)
    scene = combine([fx("scene_attack"), cut], MAJOR, 100, "r1")
    assert (scene.target, scene.range, scene.cost) == (SCENE_SELECT, RANGE_SIGHT, 6)
    assert LIBRARY["scene_attack"].period == "scenario"


@pytest.mark.rule("DX3-EFF-M08", "DX3-EFF-M09", "DX3-EFF-M10")
def test_m08_to_m10_dodge_dice_guard_and_damage_reduction():
    hero = Dx3Character("Aki", HERO, encroachment=0)
    dodge = combine([fx("dodge_dice", 3)], REACTION, 0, "r1")
    check = declare(hero, dodge, FixedD10(), RULES).check
    assert check is not None and (check.dice, check.modifier) == (3 + 3, 1)
    assert combine([fx("guard_boost", 2)], AUTO, 0, "r1").guard == 10
    reduction = combine([fx("damage_reduction", 3)], AUTO, 0, "r1")
    assert (reduction.reduction, reduction.cost) == (15, 7) and use_limit(fx("damage_reduction", 3), 3) == 1


@pytest.mark.rule("DX3-EFF-M11", "DX3-EFF-M13", "DX3-EFF-M14", "DX3-EFF-M15")
def test_m11_m13_m14_m15_are_specials_the_fight_acts_on():
    assert combine([fx("swift_move", 2)], MINOR, 0, "r1").specials == ("move",)
    assert use_limit(fx("swift_move", 2), 2) == 2
    assert combine([fx("blockade")], MINOR, 0, "r1").cost == 1
    assert combine([fx("vanish", 1)], MINOR, 0, "r1").specials == ("hide",)
    revive = combine([fx("second_wind", 2)], AUTO, 120, "r1")  # level 2 + 1 at 120%
    assert (revive.heal, revive.specials, revive.cost) == (30, ("revive",), 7)
    assert healed(revive, FixedD10()) == 30


@pytest.mark.rule("DX3-DMG-12", "DX3-EFF-09")
def test_healing_is_the_fixed_part_plus_the_d10s_at_the_use_level():
    resurrect = combine([LIBRARY["resurrect"].at_level(2)], AUTO, 0, "r1")
    assert healed(resurrect, FixedD10(4, 9)) == 13
    assert healed(combine([LIBRARY["resurrect"].at_level(2)], AUTO, 100, "r1"), FixedD10(4, 9, 1)) == 14


@pytest.mark.rule("DX3-EFF-M12")
def test_m12_armor_pierce_marks_the_attack():
    assert combine([fx("armor_pierce"), fx("attack_boost")], MAJOR, 0, "r1").ignore_armor
    assert not combine([fx("attack_boost")], MAJOR, 0, "r1").ignore_armor


@pytest.mark.rule("DX3-EFF-10")
def test_the_fifteen_mechanics_are_bundled_once_each():
    assert [mid for _, mid in MECHANIC_IDS] == [f"M{i:02d}" for i in range(1, 16)]
    assert all(name in LIBRARY for name, _ in MECHANIC_IDS)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"x": {"timing": "soon"}}, "effects.x.timing: 'soon' is not understood; use auto, minor"),
        ({"x": {"skill": "白兵"}}, "effects.x.timing: missing; give one of auto"),
        ({"x": {"like": "atack_boost"}}, "effects.x.like: unknown effect 'atack_boost'; did you mean attack_boost"),
        ({"x": {"timing": "major", "levle": 2}}, "effects.x.levle: unknown field; did you mean level?"),
        ({"x": {"timing": "major", "level": 4}}, "effects.x.level: level 4 is above max_level 1"),
        ({"x": {"timing": "major", "skill": "剣術"}}, "effects.x.skill: unknown skill '剣術'"),
        ({"x": {"timing": "major", "skill": SYNDROME}}, "effects.x.syndrome: a syndrome-skill effect"),
        ({"x": {"timing": "major", "restriction": "90%"}}, "effects.x.restriction: give 80%, 100% or 120%"),
        ({"x": {"timing": "major", "requires": "royal"}}, "effects.x.requires: 'royal'; use pure, rb"),
        ({"x": {"timing": "major", "cost": -1}}, "effects.x.cost: give a whole number from 0"),
        ({"x": {"timing": "major", "cost": True}}, "effects.x.cost: give a whole number"),
        ({"x": {"timing": "major", "dice": {"per_lvl": 1}}}, "effects.x.dice: give a whole number or {fixed"),
        ({"x": {"timing": "major", "range": "far"}}, "effects.x.range: 'far'; give close, sight, weapon"),
        ({"x": {"timing": "major", "crit_floor": 1}}, "effects.x.crit_floor: 1 is not a C値 floor; give 2-10"),
        ({"x": {"timing": "major", "target": "count"}}, "effects.x.target_count: a count target"),
        ({"x": "major"}, "effects.x: give the effect's fields as a mapping"),
        (["x"], "effects: give a mapping of effect names"),
        ({"x" * 61: {"timing": "major"}}, "effects: effect names are text of 1-60 characters"),
    ],
)  # fmt: skip
def test_a_bad_effect_gets_one_line_naming_the_field_and_the_fix(spec: object, message: str):
    with pytest.raises(EffectError) as caught:
        load_effects(spec)
    text = str(caught.value)
    assert text.startswith(message) and "\n" not in text


def test_a_scenario_effect_may_start_from_a_bundled_one_and_names_resolve_with_hints():
    library = load_effects({"storm_fist": {"like": "attack_boost", "level": 4, "syndrome": "hanuman"}})
    fist = library["storm_fist"]
    assert (fist.name, fist.level, fist.attack_power.at(4), fist.syndrome) == ("storm_fist", 4, 8, "hanuman")
    assert effect_named("storm_fist", library, "pcs.aki.effects") is fist
    with pytest.raises(EffectError, match=r"^pcs\.aki\.effects: unknown effect 'storm_fst'; did you mean storm_fist"):
        effect_named("storm_fst", library, "pcs.aki.effects")
    with pytest.raises(EffectError, match="at most 200"):
        load_effects({f"e{i}": {"timing": "major"} for i in range(201)})


def test_the_effect_data_pickles_and_compares_by_value():
    import pickle

    combo = combine([fx("crit_focus", 2), fx("attack_boost", 3)], MAJOR, 100, "r1")
    assert pickle.loads(pickle.dumps(combo)) == combo
    assert pickle.loads(pickle.dumps(LIBRARY["power_shot"])) == LIBRARY["power_shot"]


def test_the_effects_page_lists_every_bundled_effect():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "dx3_effects.md").read_text(encoding="utf-8")
    missing = [name for name in LIBRARY if f"| `{name}` |" not in text]
    assert not missing, f"docs/dx3_effects.md: add {', '.join(missing)} to 'The bundled effects'"
