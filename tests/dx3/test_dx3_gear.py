"""Weapons and protective gear as data (DX3-WPN-*, DX3-ARM-*), and reactions outside one's turn."""

from __future__ import annotations

import pytest

from tests.dx3.fights import act, fighter, game, kinds, of
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.gear import ARMORS, MELEE, RANGED, UNARMED, WEAPONS, range_text
from yz_gym.rulesets.dx3.state import Kind


@pytest.mark.rule("DX3-WPN-01", "DX3-WPN-06", "DX3-WPN-05")
def test_the_bundled_weapons_carry_the_typical_stat_lines():
    lines = {
        name: (w.kind, w.hit, w.attack, w.guard, range_text(w)) for name, w in WEAPONS.items()
    }  # fmt: skip
    assert lines == {
        "sword": (MELEE, -1, 5, 3, "至近"), "hammer": (MELEE, -3, 12, 2, "至近"),
        "knife": (MELEE, -1, 2, 0, "至近/10m"), "shield": (MELEE, -3, 2, 6, "至近"),
        "handgun": (RANGED, -1, 3, 0, "20m"), "assault_rifle": (RANGED, -1, 9, 0, "100m"),
        "sniper_rifle": (RANGED, 0, 11, 0, "200m"), "crossbow": (RANGED, -2, 2, 0, "40m"),
    }  # fmt: skip
    assert WEAPONS["hammer"].two_handed and not WEAPONS["sword"].two_handed
    assert (UNARMED.kind, UNARMED.skill, UNARMED.hit, UNARMED.attack, UNARMED.guard, range_text(UNARMED)) == (
        MELEE, "白兵", 0, -5, 0, "至近",
    )  # fmt: skip


@pytest.mark.rule("DX3-ARM-01", "DX3-ARM-05", "DX3-ARM-02")
def test_the_bundled_armor_carries_the_typical_stat_lines_and_adds_up():
    lines = {name: (a.slot, a.dodge, a.initiative, a.armor) for name, a in ARMORS.items()}
    assert lines == {
        "reinforced_clothes": ("防具", 0, 0, 1), "bulletproof_jacket": ("防具", 0, 0, 3),
        "heavy_body_armor": ("防具", -2, -1, 7), "chain_mail": ("防具", -1, -1, 8),
        "full_armor": ("防具", -3, -3, 10),
    }  # fmt: skip
    state = game(fighter("A", "pcs", 0, pc=True, armor=["heavy_body_armor"]), fighter("B", "npcs", 9))
    a = state.fighters[0]
    assert (a.armor_value, a.dodge_bonus, a.initiative, a.combat_move) == (7, -2, 5, 10)
    loose = game(
        fighter("A", "pcs", 0, pc=True, armor=["chain_mail", "reinforced_clothes"]), fighter("B", "npcs", 9),
        dx3_rules={"armor_slots": "any"},
    )  # fmt: skip
    assert loose.fighters[0].armor_value == 9 and loose.fighters[0].initiative == 5


@pytest.mark.rule("DX3-REACT-06", "DX3-REACT-07", "DX3-ROUND-08", "DX3-ACT-07")
def test_a_fighter_that_has_acted_still_reacts_to_every_attack():
    state = game(
        fighter("Fast", "npcs", 10, abilities={"sense": 5}, skills={"白兵": 2}),
        fighter("Hero", "pcs", 10, pc=True),
        fighter("Slow", "npcs", 10, abilities={"sense": 0}),
    )
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.SKIP_MAJOR)  # Fast is done
    act(state, Kind.SKIP_MINOR)  # Hero now, and Hero will have acted
    act(state, Kind.ATTACK, target=0, option=-1, dice=(2, 1, 1))
    assert engine.current_actor(state) == 0 and state.fighters[0].acted  # 行動済み, still reacting
    assert kinds(state) == {Kind.DODGE, Kind.NO_REACTION}
    events = act(state, Kind.DODGE, dice=(9, 1, 1))
    assert of(events, "missed")
    act(state, Kind.SKIP_MINOR)  # Slow's main process: it attacks the Hero, who has acted too
    act(state, Kind.ATTACK, target=1, option=-1, dice=(5, 1, 1))
    assert engine.current_actor(state) == 1 and Kind.DODGE in kinds(state)


@pytest.mark.rule("DX3-ATK-01", "DX3-ATK-02")
def test_an_attack_uses_one_weapon_of_one_kind():
    state = game(fighter("A", "pcs", 10, pc=True, weapons=["sword", "handgun"]), fighter("B", "npcs", 10))
    act(state, Kind.SKIP_MINOR)
    attacks = [a for a in engine.legal_actions(state) if a.kind == Kind.ATTACK]
    assert sorted(a.option for a in attacks) == [-1, 0, 1]  # one action per weapon: never two at once
    events = act(state, Kind.ATTACK, target=1, option=1, dice=(5, 1))
    assert of(events, "hit_check")[0].get("skill") == "射撃"  # the handgun: a ranged attack with 〈射撃〉


WEAPON_ROWS = [  # DX3-WPN-W1..W8: name, 種別, 命中, 攻撃力, ガード値, 射程, two-handed
    ("DX3-WPN-W1", "sword", MELEE, -1, 5, 3, "至近", False),
    ("DX3-WPN-W2", "hammer", MELEE, -3, 12, 2, "至近", True),
    ("DX3-WPN-W3", "knife", MELEE, -1, 2, 0, "至近/10m", False),
    ("DX3-WPN-W4", "shield", MELEE, -3, 2, 6, "至近", False),
    ("DX3-WPN-W5", "handgun", RANGED, -1, 3, 0, "20m", False),
    ("DX3-WPN-W6", "assault_rifle", RANGED, -1, 9, 0, "100m", False),
    ("DX3-WPN-W7", "sniper_rifle", RANGED, 0, 11, 0, "200m", False),
    ("DX3-WPN-W8", "crossbow", RANGED, -2, 2, 0, "40m", False),
]


@pytest.mark.parametrize(
    "name, kind, hit, power, guard, reach, two",
    [pytest.param(*row[1:], marks=pytest.mark.rule(row[0])) for row in WEAPON_ROWS],
)
def test_each_bundled_weapon_row_hits_and_damages_with_its_numbers(name, kind, hit, power, guard, reach, two):  # type: ignore[no-untyped-def]
    w = WEAPONS[name]
    assert (w.kind, w.skill, w.hit, w.attack, w.guard, range_text(w), w.two_handed) == (
        kind,
        kind,
        hit,
        power,
        guard,
        reach,
        two,
    )
    # in play: 〈skill〉 3 with only this weapon in hand; the target stands where the weapon reaches
    distance = 0 if w.close else w.reach
    skills = {kind: 3, "回避": 0}
    state = game(
        fighter("A", "pcs", 0, pc=True, skills=skills, weapons=[name], abilities={"sense": 3, "body": 3}),
        fighter("B", "npcs", distance, abilities={"sense": 1}),
        length=max(distance, 1),
    )
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.ATTACK, target=1, option=0, dice=(6, 1, 1))  # 3 dice at 【肉体】/【感覚】 3
    check = of(events, "hit_check")[0]
    assert check.get("modifier") == 3 + hit and check.get("achievement") == 6 + 3 + hit
    events = act(state, Kind.NO_REACTION, dice=(4,))  # 達成値 < 10: one damage die
    assert of(events, "damage_roll")[0].get("total") == 4 + power


ARMOR_ROWS = [  # DX3-ARM-A1..A5: name, ドッジ, 行動, 装甲値
    ("DX3-ARM-A1", "reinforced_clothes", 0, 0, 1),
    ("DX3-ARM-A2", "bulletproof_jacket", 0, 0, 3),
    ("DX3-ARM-A3", "heavy_body_armor", -2, -1, 7),
    ("DX3-ARM-A4", "chain_mail", -1, -1, 8),
    ("DX3-ARM-A5", "full_armor", -3, -3, 10),
]


@pytest.mark.parametrize(
    "name, dodge, initiative, armor",
    [pytest.param(*row[1:], marks=pytest.mark.rule(row[0])) for row in ARMOR_ROWS],
)
def test_each_bundled_armor_row_changes_dodge_initiative_and_damage(name, dodge, initiative, armor):  # type: ignore[no-untyped-def]
    state = game(
        fighter("A", "pcs", 0, pc=True, skills={"白兵": 0}, abilities={"sense": 9}, weapons=["hammer"]),
        fighter("B", "npcs", 0, armor=[name], skills={"回避": 1}),
    )
    b = state.fighters[1]
    assert (b.dodge_bonus, b.initiative, b.combat_move, b.armor_value) == (
        dodge,
        6 + initiative,
        11 + initiative,
        armor,
    )
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=1, option=0, dice=(9, 1, 1))  # 達成値 9 - 3 (hammer 命中) = 6
    damage_die = (8,) if dodge < 0 else ()
    events = act(
        state, Kind.DODGE, dice=(5, 1, 1, *damage_die)
    )  # 5 + 〈回避〉 1 + ドッジ: a miss unless ドッジ < 0
    if dodge < 0:
        assert of(events, "hit") and of(events, "damage")[0].get("hp_lost") == 8 + 12 - armor
    else:
        assert of(events, "missed") and not of(events, "damage")
