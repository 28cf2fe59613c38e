"""Attack combos in the fight with scripted dice: which combos an attack offers, the check they
build, the 侵蝕値 paid and the damage (DX3-EFF-04/06/08, DX3-ENC-05/07/08, DX3-EFF-M01/M02/M12)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.dx3.d10 import FixedD10
from tests.dx3.fights import act, fighter, game, of, scenario_data
from yz_gym.envs.dx3_encoding import COMBO_BASE, MAX_COMBOS, W, describe_index, encode
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.combos import attack_combos
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind, Phase
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import load

SWORD = 0
FOE = 1


def hero(effects: dict[str, int], **kw: Any) -> dict[str, Any]:
    """A PC at 10 m: 肉体 3, 〈白兵〉 2, 侵蝕率 60 (+1 die), the sword (命中 -1, 攻撃力 5) and a handgun (命中 -1)."""
    base = {"pc": True, "skills": {"白兵": 2, "射撃": 1}, "encroachment": 60, "weapons": ["sword", "handgun"]}
    return fighter("Hero", "pcs", 10, **{**base, "effects": effects, **kw})


def foe() -> dict[str, Any]:
    """An enemy beside the hero: 装甲値 3 (bulletproof jacket), HP 28, 行動値 4."""
    return fighter("Foe", "npcs", 10, armor=["bulletproof_jacket"], abilities={"sense": 1})


def to_major(state: Dx3State) -> None:
    """The hero (first to act) gives up its minor action."""
    assert state.fighters[engine.current_actor(state)].name == "Hero"
    act(state, Kind.SKIP_MINOR)
    assert state.phase == Phase.MAJOR


def attack_with(state: Dx3State, combo: int, dice: tuple[int, ...]) -> list[Any]:
    """The hero attacks the foe with the sword declaring `combo`, with scripted faces."""
    chosen = Dx3Action(Kind.ATTACK, FOE, SWORD, combo=combo)
    assert chosen in engine.legal_actions(state)
    rng = FixedD10(*dice)
    events = engine.apply(state, chosen, rng)  # type: ignore[arg-type]
    assert not rng.faces
    return events


@pytest.mark.rule("DX3-EFF-06")
@pytest.mark.rule("DX3-ENC-07")
@pytest.mark.rule("DX3-EFF-M01")
@pytest.mark.rule("DX3-EFF-M02")
def test_a_combo_adds_its_dice_crit_and_attack_power_and_costs_its_encroachment() -> None:
    state = game(hero({"crit_focus": 2, "attack_boost": 2}), foe())
    me = state.fighters[0]
    # crit_focus alone does not combine (a syndrome effect needs an effect of its syndrome)
    assert attack_combos(me, me.weapon(SWORD), "r1") == ((0, 1), (1,))
    to_major(state)
    events = attack_with(state, 0, (9, 3, 2, 1, 5))
    [combo] = of(events, "combo")
    assert combo.data == {"effects": ["crit_focus", "attack_boost"], "cost": 4, "before": 60, "after": 64}
    assert me.char.encroachment == 64
    [check] = of(events, "hit_check")
    # 肉体 3 + 1 (60%); C値 10 - 2; 〈白兵〉 2 + 命中 -1 of each equipped weapon (weapon_hit_mods: all_equipped)
    assert (check.data["dice"], check.data["crit"], check.data["modifier"]) == (4, 8, 0)
    assert check.data["achievement"] == 15  # 9 >= C値 8: a critical round, then 5
    events = engine.apply(state, Dx3Action(Kind.NO_REACTION), FixedD10(4, 6))  # type: ignore[arg-type]
    [roll] = of(events, "damage_roll")
    assert roll.data["attack"] == 9 and roll.data["total"] == 19  # 2D10 + 攻撃力 5 + 4
    [damage] = of(events, "damage")
    assert damage.data["hp_lost"] == 16 and damage.data["hp"] == 12


@pytest.mark.rule("DX3-EFF-M12")
def test_an_armor_piercing_combo_ignores_armor() -> None:
    state = game(hero({"armor_pierce": 1}), foe())
    to_major(state)
    attack_with(state, 0, (5, 3, 2, 1))
    assert state.fighters[0].char.encroachment == 64
    events = engine.apply(state, Dx3Action(Kind.NO_REACTION), FixedD10(4))  # type: ignore[arg-type]
    [damage] = of(events, "damage")
    assert damage.data["armor"] == 0 and damage.data["hp_lost"] == 4 + 5


@pytest.mark.rule("DX3-ENC-05")
@pytest.mark.parametrize(("timing", "dice"), [("before_cost", 3 + 2), ("after_cost", 3 + 3)])
def test_levels_are_read_before_the_cost_and_the_dice_bonus_as_the_switch_says(
    timing: str, dice: int
) -> None:
    state = game(
        hero({"crit_focus": 2, "attack_boost": 2}, encroachment=98),
        foe(),
        dx3_rules={"enc_bonus_timing": timing},
    )
    to_major(state)
    faces = (2,) * dice
    events = attack_with(state, 0, faces)
    assert of(events, "combo")[0].data["after"] == 102
    assert of(events, "hit_check")[0].data["dice"] == dice  # 98%: +2 dice, 102%: +3
    assert state.pending is not None and state.pending.attack_power == 5 + 4  # Lv 2 at 98%, not Lv 3


@pytest.mark.rule("DX3-ENC-08")
@pytest.mark.rule("DX3-EFF-08")
def test_restricted_and_used_up_effects_are_not_offered() -> None:
    effects = {
        "fury": {"like": "attack_boost", "restriction": "80%"},
        "once": {"like": "heavy_blow", "uses": 1, "period": "round"},
    }
    low = game(hero({"fury": 1}), foe(), effects=effects)
    to_major(low)
    assert {a.combo for a in engine.legal_actions(low) if a.kind == Kind.ATTACK} == {-1}  # 60% < 80%
    high = game(hero({"fury": 1}, encroachment=80), foe(), effects=effects)
    to_major(high)
    assert {a.combo for a in engine.legal_actions(high) if a.kind == Kind.ATTACK} == {-1, 0}
    once = game(hero({"once": 1}), foe(), effects=effects)
    to_major(once)
    attack_with(once, 0, (2, 2))  # heavy_blow: -2 dice of 4
    assert once.fighters[0].used == {"once": 1}
    engine.apply(once, Dx3Action(Kind.NO_REACTION), FixedD10(3))  # type: ignore[arg-type]
    act(once, Kind.SKIP_MINOR)  # the foe's turn
    act(once, Kind.SKIP_MAJOR)
    assert once.round == 2 and once.fighters[0].used == {}  # the cleanup process reset the round's uses


def test_combo_indices_come_after_the_plain_actions() -> None:
    index = encode(0, Dx3Action(Kind.ATTACK, 1, SWORD, combo=2))
    assert index == COMBO_BASE + (1 * W + SWORD + 1) * MAX_COMBOS + 2
    assert describe_index(index) == "attack slot 1 with weapon 0, combo 2"


@pytest.mark.parametrize(
    ("effects", "top", "where"),
    [
        (
            {"crit_focsu": 1},
            {},
            "fighters[0].effects.crit_focsu: unknown effect 'crit_focsu'; did you mean crit_focus",
        ),
        ({"crit_focus": 4}, {}, "fighters[0].effects.crit_focus: level 4 is above its max level 3"),
        ({}, {"effects": {"x": {"levle": 1}}}, "effects.x.levle: unknown field"),
    ],
)
def test_bad_effects_in_a_file_are_one_line_errors(
    effects: dict[str, int], top: dict[str, Any], where: str
) -> None:
    with pytest.raises(ScenarioError, match=rf"^<dict>: {re.escape(where)}") as err:
        load(scenario_data(hero(effects), foe(), **top))
    assert "\n" not in str(err.value)


def test_every_legal_attack_reads_differently_in_a_menu() -> None:
    state = game(hero({"crit_focus": 2, "attack_boost": 2}), foe())
    to_major(state)
    attacks = [a for a in engine.legal_actions(state) if a.kind == Kind.ATTACK]
    shown = [engine.describe(state, a) for a in attacks]
    assert len(set(shown)) == len(shown) == 9  # 素手, sword, handgun: plain and with 2 combos each
    assert "attack Foe with sword (至近) + 《crit_focus》+《attack_boost》" in shown


@pytest.mark.rule("DX3-EFF-04")
def test_combos_are_built_once_per_scenario_and_never_leak_between_games_copies_or_pickles() -> None:
    import copy
    import pickle

    from yz_gym.rulesets.dx3.combos import aims, weapon_combos

    scenario = load(scenario_data(hero({"crit_focus": 2, "attack_boost": 2}), foe())).scenario
    first = engine.new_game(scenario, 0)
    me = first.fighters[0]
    sword = me.weapon(SWORD)
    assert attack_combos(me, sword, "r1") == ((0, 1), (1,))
    built = weapon_combos.cache_info().misses
    second = engine.new_game(scenario, 1)  # the next game of the scenario reads the combos built once
    again = second.fighters[0]
    assert again.combo_cache is not me.combo_cache and sword.name not in again.combo_cache
    assert attack_combos(again, again.weapon(SWORD), "r1") == ((0, 1), (1,))
    assert len(aims(again, again.weapon(SWORD), "r1")) == 2
    assert weapon_combos.cache_info().misses == built
    # another sheet with the same sword gets its own combos, not the first scenario's
    other = game(hero({"attack_boost": 2}), foe()).fighters[0]
    assert attack_combos(other, other.weapon(SWORD), "r1") == ((0,),)
    assert attack_combos(me, sword, "r1") == ((0, 1), (1,))
    # copies and pickles carry their own fighter caches, with the same combos
    for twin in (copy.deepcopy(first), pickle.loads(pickle.dumps(first))):
        f = twin.fighters[0]
        assert f.combo_cache is not me.combo_cache and f.combo_cache == me.combo_cache
        assert attack_combos(f, f.weapon(SWORD), "r1") == ((0, 1), (1,))
        f.combo_cache.clear()
        assert me.combo_cache  # clearing a copy's cache leaves the original's
