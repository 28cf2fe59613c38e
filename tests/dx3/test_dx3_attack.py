"""The attack procedure with fixed dice (DX3-ATK-*, DX3-REACT-*, DX3-DMG-*, DX3-WPN-*)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.dx3.d10 import FixedD10
from tests.dx3.fights import act, fighter, game, kinds, of, skip_turn
from yz_gym.core.ending import Termination
from yz_gym.rulesets.dx3 import attack, engine
from yz_gym.rulesets.dx3.dice import roll
from yz_gym.rulesets.dx3.state import PUT_ALL_AWAY, Dx3Action, Kind, PendingAttack, Phase

SWORD = 0  # the first carried weapon of `hero`


def hero(name="Hero", position=10, **kw):  # type: ignore[no-untyped-def]
    """A PC at 10 m: 肉体 3, 〈白兵〉 2, 侵蝕率 60 (+1 die), sword and handgun in hand."""
    base = {"pc": True, "skills": {"白兵": 2, "射撃": 1}, "encroachment": 60, "weapons": ["sword", "handgun"]}
    return fighter(name, "pcs", position, **{**base, **kw})


def foe(name="Foe", position=10, **kw):  # type: ignore[no-untyped-def]
    """An enemy: 肉体 3, 〈回避〉 1, a bulletproof jacket (装甲値 3), 行動値 4 so the hero goes first."""
    base = {"skills": {"回避": 1}, "armor": ["bulletproof_jacket"], "abilities": {"sense": 1}}
    return fighter(name, "npcs", position, **{**base, **kw})


def attacked(*extra, **top):  # type: ignore[no-untyped-def]
    """The hero, in its major action, next to Foe (and `extra`)."""
    state = game(hero(), foe(), *extra, **top)
    act(state, Kind.SKIP_MINOR)
    return state


@pytest.mark.rule("DX3-ATK-03", "DX3-ATK-04", "DX3-DICE-11")
def test_the_hit_check_adds_every_equipped_weapons_hit_modifier():
    state = attacked()
    events = act(state, Kind.ATTACK, target=1, option=SWORD, dice=(10, 3, 2, 1, 5))
    check = of(events, "hit_check")[0]
    assert (check.get("skill"), check.get("dice"), check.get("crit")) == ("白兵", 4, 10)  # 肉体 3 + 1 at 60%
    assert check.get("modifier") == 0  # 〈白兵〉 2, sword -1, handgun -1 (all equipped, the FAQ)
    assert check.get("achievement") == 15  # 10 for the critical round + 5
    same = attacked(dx3_rules={"weapon_hit_mods": "same_kind"})
    events = act(same, Kind.ATTACK, target=1, option=SWORD, dice=(4, 3, 2, 1))
    assert (
        of(events, "hit_check")[0].get("modifier") == 1 and of(events, "hit_check")[0].get("achievement") == 5
    )


@pytest.mark.rule("DX3-REACT-01", "DX3-REACT-02", "DX3-REACT-08", "DX3-DMG-02", "DX3-DMG-05", "DX3-ARM-04")
def test_a_failed_dodge_takes_the_damage_roll_minus_armor():
    state = attacked()
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(10, 3, 2, 1, 5))  # 達成値 15
    assert engine.decision_kind(state) == "reaction" and engine.current_actor(state) == 1
    events = act(state, Kind.DODGE, dice=(9, 4, 3, 6, 4))  # dodge 9 + 〈回避〉 1 = 10 < 15; then 2D10
    assert of(events, "dodge")[0].get("achievement") == 10 and of(events, "hit")
    roll_event = of(events, "damage_roll")[0]
    assert roll_event.get("faces") == [6, 4] and roll_event.get("total") == 15  # 2 dice (15 // 10 + 1) + 5
    damage = of(events, "damage")[0]
    assert damage.get("hp_lost") == 12 and damage.get("hp") == 28 - 12  # max HP 3x2 + 2 + 20; 装甲値 3
    assert state.actor == 1 and engine.decision_kind(state) == "minor"  # the hero's main process is over


@pytest.mark.rule("DX3-DICE-13", "DX3-REACT-08", "AMB-32", "DX3-ARM-02")
def test_a_dodge_equal_to_the_hit_misses_and_armor_dodge_counts():
    state = attacked()
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(8, 3, 2, 1))  # 達成値 8
    events = act(state, Kind.DODGE, dice=(7, 1, 1))  # 7 + 1 = 8: a tie goes to the dodger
    assert of(events, "missed")[0].get("dodged") and not of(events, "damage_roll")
    heavy = game(hero(), foe(armor=["heavy_body_armor"]))  # ドッジ -2
    act(heavy, Kind.SKIP_MINOR)
    act(heavy, Kind.ATTACK, target=1, option=SWORD, dice=(8, 3, 2, 1))
    events = act(heavy, Kind.DODGE, dice=(9, 1, 1))  # 9 + 1 - 2 = 8: still a tie
    assert of(events, "dodge")[0].get("achievement") == 8 and of(events, "missed")
    assert not of(events, "damage_roll")
    assert heavy.fighters[1].dodge_bonus == -2


@pytest.mark.rule("DX3-REACT-03", "DX3-REACT-10", "DX3-DMG-05")
def test_a_guard_subtracts_its_guard_value_after_armor():
    state = attacked()
    state.fighters[1].weapons = state.fighters[0].weapons[:1]  # Foe holds a sword too (ガード値 3)
    state.fighters[1].equipped = [0]
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(10, 3, 2, 1, 9))  # 達成値 19: 2 damage dice
    assert Dx3Action(Kind.GUARD, option=0) in engine.legal_actions(state)
    events = act(state, Kind.GUARD, option=0, dice=(10, 10))
    assert of(events, "damage_roll")[0].get("total") == 25  # 10 + 10 + 攻撃力 5
    assert of(events, "damage")[0].get("hp_lost") == 25 - 3 - 3


@pytest.mark.rule("DX3-DMG-02")
def test_damage_dice_are_the_hit_achievement_divided_by_ten_plus_one():
    state = attacked()
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(10, 3, 2, 1, 10, 10, 1))  # 10 x 3 + 1: 達成値 31
    events = act(state, Kind.NO_REACTION, dice=(1, 1, 1, 1))
    assert of(events, "damage_roll")[0].get("faces") == [1, 1, 1, 1]  # 31 // 10 + 1 = 4 dice
    state = attacked()
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(10, 3, 2, 1, 10, 9))  # 10 x 2 + 9: 達成値 29
    events = act(state, Kind.NO_REACTION, dice=(1, 1, 1))
    assert of(events, "damage_roll")[0].get("faces") == [1, 1, 1]  # 29 // 10 + 1 = 3 dice


@pytest.mark.rule("DX3-REACT-12")
def test_no_reaction_counts_as_zero_so_any_hit_lands():
    state = attacked()
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(2, 1, 1, 1))  # 達成値 2
    events = act(state, Kind.NO_REACTION, dice=(3,))
    assert of(events, "hit") and of(events, "damage")[0].get("hp_lost") == 3 + 5 - 3


@pytest.mark.rule("DX3-DICE-08", "DX3-ATK-11")
def test_a_fumbled_hit_check_misses_without_a_reaction():
    state = attacked()
    events = act(state, Kind.ATTACK, target=1, option=SWORD, dice=(1, 1, 1, 1))
    assert of(events, "hit_check")[0].get("fumble") and of(events, "missed")
    assert state.pending is None and state.actor == 1


@pytest.mark.rule("DX3-ATK-05", "DX3-ENG-09", "DX3-WPN-05", "DX3-ATK-12", "DX3-WPN-06")
def test_ranges_and_the_always_ready_bare_hands():
    state = game(hero(position=0), foe("Near", 20), foe("Far", 21))
    act(state, Kind.SKIP_MINOR)
    targets = {(a.target, a.option) for a in engine.legal_actions(state) if a.kind == Kind.ATTACK}
    assert targets == {(1, 1)}  # the handgun's 20 m reaches 20 m, not 21; the sword only 至近
    close = attacked()
    assert {a.option for a in engine.legal_actions(close) if a.kind == Kind.ATTACK} == {-1, 0, 1}  # 素手 too
    events = act(close, Kind.ATTACK, target=1, option=-1, dice=(5, 1, 1, 1))
    assert of(events, "attack")[0].get("weapon") == "素手"
    events = act(close, Kind.NO_REACTION, dice=(9,))
    assert of(events, "damage_roll")[0].get("total") == 9 - 5  # 素手: 攻撃力 -5
    strict = attacked(dx3_rules={"ranged_in_engagement": False})
    assert {a.option for a in engine.legal_actions(strict) if a.kind == Kind.ATTACK} == {-1, 0}
    knife = game(hero(position=0, weapons=["knife"]), foe("At10", 10))
    act(knife, Kind.SKIP_MINOR)
    assert Dx3Action(Kind.ATTACK, 1, 0) in engine.legal_actions(knife)  # 至近/10m


@pytest.mark.rule("DX3-REACT-04", "DX3-REACT-05", "DX3-REACT-13", "DX3-REACT-14", "DX3-REACT-15")
def test_an_unacted_ally_covers_and_computes_as_if_it_guarded():
    guard_ally = foe("Guardian", weapons=["shield"])  # ガード値 6, 装甲値 3
    state = attacked(guard_ally)
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(9, 3, 2, 1))  # 達成値 9
    events = act(state, Kind.NO_REACTION)
    assert of(events, "hit") and engine.decision_kind(state) == "cover" and engine.current_actor(state) == 2
    events = act(state, Kind.COVER, target=1, dice=(10,))  # 1 die: 10 + 5
    damage = of(events, "damage")[0]
    assert damage.target == 2 and damage.get("covering") == 1 and damage.get("guard") == 6
    assert damage.get("hp_lost") == 15 - 3 - 6 and state.fighters[1].char.hp == 28
    assert state.fighters[2].acted  # 行動済み: it will not act this round
    assert [e.actor for e in of(events, "initiative")] == [1]


@pytest.mark.rule("DX3-REACT-05", "DX3-REACT-14")
def test_an_ally_that_has_acted_cannot_cover_unless_the_switch_says_so():
    state = attacked(foe("Ally"))
    state.fighters[2].acted = True
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(9, 3, 2, 1))
    events = act(state, Kind.NO_REACTION, dice=(1,))
    assert of(events, "damage")  # nobody asked to cover
    loose = attacked(foe("Ally"), dx3_rules={"cover_requires_unacted": False})
    loose.fighters[2].acted = True
    act(loose, Kind.ATTACK, target=1, option=SWORD, dice=(9, 3, 2, 1))
    act(loose, Kind.NO_REACTION)
    assert engine.decision_kind(loose) == "cover"


@pytest.mark.rule("DX3-REACT-15", "DX3-ATK-10")
def test_a_coverer_hit_by_the_same_attack_takes_its_damage_twice():
    state = attacked(foe("Ally"))
    hit = roll(attack.hit_check(state, state.fighters[0], state.fighters[0].weapons[0]), FixedD10(9, 3, 2, 1))  # type: ignore[arg-type]
    state.pending = PendingAttack(0, 0, [1, 2], hit, 5, [], hit=[1, 2], covers={1: 2})
    state.phase = Phase.COVER
    events: list = []
    attack.damage(state, FixedD10(10), events)  # type: ignore[arg-type]
    assert [(e.target, e.get("hp_lost"), e.get("factor")) for e in of(events, "damage")] == [
        (2, (15 - 3) * 2, 2)
    ]
    assert state.fighters[1].char.hp == 28


@pytest.mark.rule("DX3-DMG-03", "DX3-DMG-04", "DX3-DMG-08", "DX3-ENC-09")
def test_a_fallen_pc_may_rise_with_resurrect_raising_its_encroachment():
    state = game(foe("Brute", 10, abilities={"sense": 5}, skills={"白兵": 5}, weapons=["hammer"]), hero())
    state.fighters[1].char.hp = 5
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=1, option=0, dice=(9, 1, 1))  # 達成値 9 + 〈白兵〉 5 - 3 = 11
    events = act(state, Kind.NO_REACTION, dice=(2, 2))  # 2 dice: 4 + 12 = 16
    assert (
        of(events, "down") and engine.decision_kind(state) == "revival" and engine.current_actor(state) == 1
    )
    assert kinds(state) == {Kind.RESURRECT, Kind.DECLINE}
    events = act(state, Kind.RESURRECT, dice=(7,))
    rise = of(events, "resurrect")[0]
    assert (rise.get("healed"), rise.get("hp"), rise.get("before"), rise.get("encroachment")) == (
        7,
        7,
        60,
        67,
    )
    assert not state.fighters[1].down and state.actor == 1


@pytest.mark.rule("DX3-DMG-04", "DX3-ENC-09", "DX3-DMG-11", "DX3-DMG-08")
def test_at_100_percent_a_fallen_pc_stays_down_and_cannot_be_targeted():
    state = game(
        foe("Brute", 10, abilities={"sense": 5}, weapons=["hammer"]),
        hero(encroachment=100),
        hero(name="Other"),
    )
    state.fighters[1].char.hp = 1
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=1, option=0, dice=(9, 1, 1))  # 達成値 9 - 3
    act(state, Kind.NO_REACTION)
    assert engine.current_actor(state) == 2 and kinds(state) == {Kind.COVER, Kind.DECLINE}
    events = act(state, Kind.DECLINE, dice=(4,))
    assert of(events, "down") and engine.decision_kind(state) == "minor"  # no revival at 100%
    assert state.fighters[1].down and state.fighters[1].id not in [f.id for f in state.fighters if not f.down]
    skip_turn(state)  # Other; the fallen Hero gets no main process
    act(state, Kind.SKIP_MINOR)  # Brute again, next round
    assert {a.target for a in engine.legal_actions(state) if a.kind == Kind.ATTACK} == {2}


@pytest.mark.rule("DX3-DMG-03")
def test_the_last_side_standing_wins():
    state = game(hero(), foe(hp=1))
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(9, 3, 2, 1))
    act(state, Kind.NO_REACTION, dice=(5,))
    result = engine.outcome(state)
    assert result is not None and result.winner == "pcs" and result.termination == Termination.SIDE_OUT


@pytest.mark.rule("DX3-WPN-03", "DX3-WPN-04", "DX3-ACT-09")
def test_equipping_keeps_two_weapons_in_hand_and_a_two_handed_one_alone():
    state = game(hero(weapons=["sword", "knife", "hammer"]), foe())
    f = state.fighters[0]
    assert f.equipped == [0, 1]  # the first two that fit two hands
    equips = {(a.option, a.drop) for a in engine.legal_actions(state) if a.kind == Kind.EQUIP}
    assert equips == {(2, PUT_ALL_AWAY)}  # the hammer only alone: both others put away
    events = act(state, Kind.EQUIP, option=2)
    assert f.equipped == [2] and of(events, "equip")[0].get("put_away") == "sword, knife"
    assert engine.decision_kind(state) == "major"
    rng = np.random.default_rng(0)
    state = game(hero(weapons=["sword", "knife", "handgun"]), foe())
    equips = {(a.option, a.drop) for a in engine.legal_actions(state) if a.kind == Kind.EQUIP}
    assert equips == {(2, 0), (2, 1), (2, PUT_ALL_AWAY)}  # both hands full: one must go
    engine.apply(state, Dx3Action(Kind.EQUIP, option=2, drop=0), rng)
    assert state.fighters[0].equipped == [1, 2]


@pytest.mark.rule("DX3-DMG-11", "DX3-DMG-08", "DX3-DMG-09")
def test_with_target_downed_a_fallen_target_is_hit_without_reacting_and_loses_no_hp():
    state = attacked(dx3_rules={"target_downed": True})
    state.fighters[1].char.hp = 0
    state.fighters[1].char.incapacitated = True
    assert Dx3Action(Kind.ATTACK, 1, 0) in engine.legal_actions(state)
    events = act(state, Kind.ATTACK, target=1, option=SWORD, dice=(9, 3, 2, 1, 7))
    assert of(events, "hit") and not of(events, "no_reaction") and not of(events, "dodge")
    assert of(events, "damage")[0].get("hp_lost") == 0 and state.fighters[1].char.hp == 0
    assert not of(events, "down") and not state.reviving  # it does not fall again


@pytest.mark.rule("DX3-REACT-07")
def test_a_reaction_limit_leaves_only_no_reaction_until_the_cleanup():
    state = attacked(dx3_rules={"reactions_per_round": 1})
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(2, 1, 1, 1))
    act(state, Kind.DODGE, dice=(9, 1, 1))  # the Foe's one reaction this round
    act(state, Kind.SKIP_MINOR)  # the Foe's own turn
    act(state, Kind.SKIP_MAJOR)
    assert state.round == 2 and state.fighters[1].reactions == 0  # the cleanup reset it
    unlimited = attacked()
    act(unlimited, Kind.ATTACK, target=1, option=SWORD, dice=(2, 1, 1, 1))
    act(unlimited, Kind.DODGE, dice=(9, 1, 1))
    assert unlimited.fighters[1].reactions == 1
    state = attacked(dx3_rules={"reactions_per_round": 1})
    state.fighters[1].reactions = 1
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(2, 1, 1, 1))
    assert kinds(state) == {Kind.NO_REACTION}


@pytest.mark.rule("DX3-REACT-10")
def test_a_guard_uses_one_weapon_or_with_the_switch_every_equipped_one():
    state = attacked()
    guarding = state.fighters[1]
    guarding.weapons = (state.fighters[0].weapons[0], state.fighters[0].weapons[0])  # two swords, ガード値 3
    guarding.equipped = [0, 1]
    assert [a.option for a in engine.legal_actions(state) if a.kind == Kind.GUARD] == []  # not asked yet
    act(state, Kind.ATTACK, target=1, option=SWORD, dice=(9, 3, 2, 1))
    assert [a.option for a in engine.legal_actions(state) if a.kind == Kind.GUARD] == [0, 1]
    events = act(state, Kind.GUARD, option=0, dice=(10,))
    assert of(events, "guard")[0].get("guard") == 3 and of(events, "damage")[0].get("hp_lost") == 15 - 3 - 3
    both = attacked(dx3_rules={"guard_weapons": "all_equipped"})
    both.fighters[1].weapons, both.fighters[1].equipped = guarding.weapons, [0, 1]
    act(both, Kind.ATTACK, target=1, option=SWORD, dice=(9, 3, 2, 1))
    assert [a.option for a in engine.legal_actions(both) if a.kind == Kind.GUARD] == [
        0
    ]  # one guard, all weapons
    events = act(both, Kind.GUARD, option=0, dice=(10,))
    assert of(events, "guard")[0].get("guard") == 6 and of(events, "damage")[0].get("hp_lost") == 15 - 3 - 6


@pytest.mark.rule("DX3-DMG-10", "DX3-DMG-04")
def test_a_finishing_blow_only_with_the_switch_and_the_dead_never_rise():
    three = (hero(), foe(), foe("Other"))
    state = attacked(*three[2:])
    state.fighters[1].char.hp, state.fighters[1].char.incapacitated = 0, True
    assert Kind.FINISH not in kinds(state)  # off by default
    state = game(*three, dx3_rules={"coup_de_grace": "major_action"})
    act(state, Kind.SKIP_MINOR)
    downed = state.fighters[1]
    downed.char.hp, downed.char.incapacitated, downed.resurrect = 0, True, 1
    assert [a.target for a in engine.legal_actions(state) if a.kind == Kind.FINISH] == [1]
    events = act(state, Kind.FINISH, target=1)
    assert of(events, "killed")[0].target == 1 and downed.dead
    attack.fell(state, downed)
    assert state.reviving == []  # no 《リザレクト》 for the dead
