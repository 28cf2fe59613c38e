"""The hidden state (DX3-HID-01..09, DX3-BS-12/13) with seed 001's stealth (HR-STEALTH-01..08):
entering, targeting, what ends it, stealth moves, slipping past, searching and area attacks."""

from __future__ import annotations

import pytest

from tests.dx3.d10 import FixedD10
from yz_gym.rulesets.dx3.character import Dx3Character, StatBlock
from yz_gym.rulesets.dx3.effect_library import LIBRARY
from yz_gym.rulesets.dx3.effects import (
    AREA,
    AREA_SELECT,
    COUNT,
    MINOR,
    SCENE,
    SCENE_SELECT,
    SELF,
    SINGLE,
    combine,
)
from yz_gym.rulesets.dx3.options import Dx3Options
from yz_gym.rulesets.dx3.stealth import (
    ACTIONS,
    SEEN,
    Hidden,
    after_action,
    after_damage,
    attack_dice,
    enter,
    enter_problem,
    hidden_by_effect,
    keenest,
    process_end,
    search,
    slip_past,
    stealth_move_distance,
    targetable,
)

RULES = Dx3Options()
HIDDEN = Hidden(True)
SNEAK = Dx3Character("Rin", StatBlock(body=2, sense=3, mind=2, social=1, skills=(("知覚", 2),)))  # 知覚 3 dice +2
GUARD = Dx3Character("Guard", StatBlock(body=3, sense=2, mind=1, social=1, skills=(("知覚", 1),)))  # 2 dice +1
HAWK = Dx3Character("Hawk", StatBlock(body=1, sense=4, mind=1, social=1))  # 4 dice +0


@pytest.mark.rule("DX3-HID-01", "HR-STEALTH-01", "HR-STEALTH-02")
def test_hiding_is_a_major_action_out_of_engagement_or_a_minor_one_where_it_is_easy():
    assert enter_problem("major", engaged=False, easy=False, options=RULES) == ""
    assert "engaged" in enter_problem("major", engaged=True, easy=True, options=RULES)
    assert "engaged" in enter_problem("minor", engaged=True, easy=True, options=RULES)
    assert enter_problem("minor", engaged=False, easy=True, options=RULES) == ""
    assert "major action here" in enter_problem("minor", engaged=False, easy=False, options=RULES)
    assert enter_problem("minor", False, True, Dx3Options(stealth_minor_when_easy=False)) != ""
    assert "not 'reaction'" in enter_problem("reaction", False, True, RULES)


@pytest.mark.rule("HR-STEALTH-01", "DX3-HID-01")
def test_a_major_action_hides_on_a_perception_check_at_the_spots_difficulty():
    made = enter(SNEAK, "major", 9, FixedD10(7, 3, 2), RULES)  # 7 + 2 = 9
    assert made.state == Hidden(True) and made.check is not None and made.check.achievement == 9
    missed = enter(SNEAK, "major", 10, FixedD10(7, 3, 2), RULES)
    assert missed.state == SEEN
    core = enter(SNEAK, "major", 30, FixedD10(), Dx3Options(stealth_check=False))
    assert core.state == Hidden(True) and core.check is None  # the core has no check
    easy = enter(SNEAK, "minor", 30, FixedD10(), RULES)
    assert easy.state == Hidden(True) and easy.check is None  # HR-STEALTH-02 names no check
    dark = enter(SNEAK, "major", 9, FixedD10(9), RULES, dice=-2)  # a penalty leaves one die
    assert dark.check is not None and dark.check.check.dice == 1 and dark.state.hidden


@pytest.mark.rule("DX3-HID-02", "DX3-EFF-M14")
def test_an_effects_hiding_works_while_engaged_and_lapses_at_the_end_of_the_main_process():
    assert combine([LIBRARY["vanish"]], MINOR, 0, "r1").specials == ("hide",)
    state = hidden_by_effect()
    assert state.hidden and process_end(state) == SEEN
    assert process_end(HIDDEN) == HIDDEN


@pytest.mark.rule("DX3-HID-03", "DX3-HID-04", "DX3-BS-12")
@pytest.mark.parametrize(
    ("target", "reached"),
    [(SINGLE, False), (COUNT, False), (AREA_SELECT, False), (SCENE_SELECT, False), (AREA, True), (SCENE, True),
     (SELF, True)],
)  # fmt: skip
def test_a_hidden_character_is_chosen_by_nothing_but_caught_by_area_and_scene(target: str, reached: bool):
    assert targetable(HIDDEN, target, RULES) is reached
    assert targetable(SEEN, target, RULES)
    assert targetable(HIDDEN, target, Dx3Options(hidden_untargetable=False))


@pytest.mark.rule("DX3-HID-08")
def test_an_effect_may_let_its_user_aim_at_the_hidden():
    assert targetable(HIDDEN, SINGLE, RULES, sees_hidden=True)


@pytest.mark.rule("DX3-HID-05", "DX3-BS-12", "HR-STEALTH-03")
def test_any_action_ends_the_hidden_state_but_a_stealth_move_and_covering_follows_the_switch():
    for action in ("major", "minor", "auto", "reaction", "move", "cover"):
        assert after_action(HIDDEN, action, RULES) == SEEN
    assert after_action(HIDDEN, "stealth_move", RULES) == HIDDEN
    assert after_action(HIDDEN, "cover", Dx3Options(hidden_cover_ends=False)) == HIDDEN
    assert "stealth_move" in ACTIONS
    with pytest.raises(ValueError, match="unknown action"):
        after_action(HIDDEN, "dance", RULES)


@pytest.mark.rule("HR-STEALTH-03")
def test_a_stealth_move_covers_the_combat_move_distance():
    combat_move = SNEAK.stats.initiative + 5  # DX3-ACT-02: 行動値 + 5 m
    assert stealth_move_distance(combat_move) == 8 + 5


@pytest.mark.rule("HR-STEALTH-04", "AMB-36")
def test_slipping_past_is_opposed_perception_against_the_keenest_enemy():
    assert keenest([GUARD, HAWK], RULES) is HAWK  # 4 dice beat 2 dice +1
    assert keenest([GUARD, Dx3Character("Cat", StatBlock(1, 2, 1, 1, (("知覚", 3),)))], RULES).name == "Cat"
    kept = slip_past(SNEAK, [GUARD, HAWK], HIDDEN, FixedD10(8, 2, 2, 9, 3, 3, 3), RULES)  # 10 vs 9
    assert kept.state == HIDDEN and kept.acting is not None and kept.reacting is not None
    assert (kept.acting.achievement, kept.reacting.achievement) == (10, 9)
    assert kept.reacting.check.dice == 4  # the hawk rolled, not the guard
    tie = slip_past(SNEAK, [HAWK], HIDDEN, FixedD10(7, 2, 2, 9, 3, 3, 3), RULES)  # 9 vs 9
    assert tie.state == SEEN
    beaten = slip_past(SNEAK, [HAWK], HIDDEN, FixedD10(8, 2, 2, 10, 3, 3, 3, 3), RULES)  # 10 vs 10 + 3
    assert beaten.state == SEEN and beaten.reacting is not None and beaten.reacting.achievement == 13
    even = slip_past(SNEAK, [GUARD], HIDDEN, FixedD10(7, 2, 2, 8, 2), RULES)  # 9 vs 9: the enemy wins ties
    assert even.state == SEEN
    acting_ties = slip_past(SNEAK, [GUARD], HIDDEN, FixedD10(7, 2, 2, 8, 2), Dx3Options(tie="action"))
    assert acting_ties.state == HIDDEN
    with pytest.raises(ValueError, match="only a hidden character"):
        slip_past(SNEAK, [GUARD], SEEN, FixedD10(), RULES)


@pytest.mark.rule("HR-STEALTH-04", "AMB-36")
def test_with_the_each_reading_every_enemy_rolls_and_must_be_beaten():
    each = Dx3Options(slip_past_against="each")
    past = slip_past(SNEAK, [GUARD, HAWK], HIDDEN, FixedD10(8, 2, 2, 5, 2, 7, 3, 3, 3), each)  # 10 vs 6, 7
    assert past.state == HIDDEN and past.reacting is not None and past.reacting.achievement == 7
    caught = slip_past(SNEAK, [GUARD, HAWK], HIDDEN, FixedD10(8, 2, 2, 5, 2, 10, 1, 3, 3, 3), each)  # 10 vs 6, then 13
    assert caught.state == SEEN and caught.reacting is not None and caught.reacting.achievement == 13


@pytest.mark.rule("HR-STEALTH-05")
def test_the_gm_may_forbid_slipping_past_or_give_a_penalty():
    forbidden = slip_past(SNEAK, [GUARD], HIDDEN, FixedD10(), RULES, allowed=False)
    assert forbidden.state == SEEN and forbidden.acting is None
    hampered = slip_past(SNEAK, [GUARD], HIDDEN, FixedD10(9, 5, 5), RULES, penalty=2)
    assert hampered.acting is not None and hampered.acting.check.dice == 1 and hampered.state == HIDDEN


@pytest.mark.rule("DX3-HID-06", "AMB-32")
def test_a_search_is_opposed_perception_and_the_hidden_side_wins_ties():
    found = search(GUARD, SNEAK, HIDDEN, FixedD10(10, 2, 3, 5, 2, 2), RULES)  # 13 + 1 vs 5 + 2
    assert found.state == SEEN
    missed = search(GUARD, SNEAK, HIDDEN, FixedD10(6, 2, 5, 2, 2), RULES)  # 7 vs 7
    assert missed.state == HIDDEN
    unrolled = Dx3Options(hidden_search_roll="none", no_reaction_value=8)
    assert search(GUARD, SNEAK, HIDDEN, FixedD10(6, 2), unrolled).state == HIDDEN  # 7 vs a fixed 8
    found_fixed = search(GUARD, SNEAK, HIDDEN, FixedD10(8, 2), unrolled)  # 9 vs 8
    assert found_fixed.state == SEEN and found_fixed.reacting is None


@pytest.mark.rule("DX3-HID-07", "DX3-BS-13")
def test_an_attack_from_hiding_gets_no_bonus_unless_the_bridge_switch_gives_dice():
    assert attack_dice(HIDDEN, RULES) == 0
    assert attack_dice(HIDDEN, Dx3Options(hidden_attack_dice=3)) == 3
    assert attack_dice(SEEN, Dx3Options(hidden_attack_dice=3)) == 0


@pytest.mark.rule("DX3-HID-09")
def test_damage_does_not_end_the_hidden_state_unless_the_switch_says_so():
    assert after_damage(HIDDEN, SNEAK, GUARD, False, FixedD10(), RULES).state == HIDDEN
    assert after_damage(HIDDEN, SNEAK, GUARD, False, FixedD10(), Dx3Options(hidden_ends_on_damage=True)).state == SEEN
    no_house = Dx3Options(stealth_area_check=False)
    assert after_damage(HIDDEN, SNEAK, GUARD, True, FixedD10(), no_house).state == HIDDEN
    assert after_damage(SEEN, SNEAK, GUARD, True, FixedD10(), RULES).acting is None


@pytest.mark.rule("HR-STEALTH-06", "HR-STEALTH-07", "HR-STEALTH-08", "AMB-36")
def test_an_area_hit_on_the_hidden_is_mind_acting_against_the_attackers_perception_ties_to_the_attacker():
    kept = after_damage(HIDDEN, SNEAK, GUARD, True, FixedD10(9, 2, 7, 3), RULES)  # 【精神】 2 dice: 9 vs 7 + 1
    assert kept.state == HIDDEN and kept.acting is not None and kept.reacting is not None
    assert (kept.acting.check.dice, kept.acting.check.modifier, kept.acting.achievement) == (2, 0, 9)
    assert kept.reacting.achievement == 8
    tie = after_damage(HIDDEN, SNEAK, GUARD, True, FixedD10(8, 2, 7, 3), RULES)  # 8 vs 8: the attacker wins
    assert tie.state == SEEN
    tie_switch = after_damage(HIDDEN, SNEAK, GUARD, True, FixedD10(8, 2, 7, 3), Dx3Options(tie="action"))
    assert tie_switch.state == SEEN  # the seed names the attacker whatever the general tie switch says
    lost = after_damage(HIDDEN, SNEAK, GUARD, True, FixedD10(5, 2, 9, 3), RULES)
    assert lost.state == SEEN
