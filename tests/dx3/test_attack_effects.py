"""Effects on attacks and reactions in the fight, with scripted dice: area targets, effect attacks,
attack tags, armor penetration, dodge combos and auto effects, also aboard a vehicle (DX3-ATK-06..08,
DX3-DMG-06, DX3-REACT-09/11, DX3-ENG-05, HR-VEH-REACT-01, HR-VEH-AUTO-01)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.d10 import FixedD10
from tests.dx3.fights import fighter, game, of, scenario_data
from tests.dx3.test_dx3_vehicles import driver, passenger, raider, to_raider_attack, van
from yz_gym.core.events import Event
from yz_gym.envs.dx3_encoding import COMBO_BASE, MAX_COMBOS, describe_index, encode
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.gear import WEAPONS
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import load

FOE = 1
SWORD = 0

BLAST = {
    "timing": "major",
    "skill": "白兵",
    "target": "範囲",
    "range": "weapon",
    "attack": "melee",
    "cost": 2,
}


def hero(effects: dict[str, int], **kw: Any) -> dict[str, Any]:
    """A PC at 10 m: 肉体 3, 精神 2, 〈白兵〉 2, 〈RC〉 1, 侵蝕率 60 (+1 die), a sword (命中 -1, 攻撃力 5)."""
    base = {"pc": True, "skills": {"白兵": 2, "RC": 1}, "encroachment": 60, "weapons": ["sword"]}
    return fighter("Hero", "pcs", 10, **{**base, "effects": effects, **kw})


def foe(name: str = "Foe", position: int = 10, **kw: Any) -> dict[str, Any]:
    """An enemy: HP 28, 行動値 4 (the hero goes first), 〈回避〉 1."""
    base = {"abilities": {"sense": 1}, "skills": {"回避": 1}}
    return fighter(name, "npcs", position, **{**base, **kw})


def play(state: Dx3State, action: Dx3Action, *faces: int) -> list[Event]:
    """Take a legal action with scripted faces, every face used."""
    assert action in engine.legal_actions(state), engine.legal_actions(state)
    rng = FixedD10(*faces)
    events = engine.apply(state, action, rng)  # type: ignore[arg-type]
    assert not rng.faces, f"{len(rng.faces)} faces left"
    return events


def to_major(state: Dx3State) -> None:
    """The hero (first to act) gives up its minor action."""
    assert engine.current_actor(state) == 0
    play(state, Dx3Action(Kind.SKIP_MINOR))


def unanswered(state: Dx3State, *faces: int) -> list[Event]:
    """Every target of the pending attack takes no reaction and nobody covers, with scripted faces."""
    rng = FixedD10(*faces)
    events: list[Event] = []
    while state.pending is not None and engine.decision_kind(state) in ("reaction", "cover"):
        answer = Dx3Action(Kind.NO_REACTION if engine.decision_kind(state) == "reaction" else Kind.DECLINE)
        events += engine.apply(state, answer, rng)  # type: ignore[arg-type]
    assert not rng.faces, f"{len(rng.faces)} faces left"
    return events


def combo_attacks(state: Dx3State, weapon: int = SWORD) -> list[Dx3Action]:
    """The legal attacks with `weapon` (-1: 素手 and effect attacks) that declare a combo."""
    return [
        a
        for a in engine.legal_actions(state)
        if a.kind == Kind.ATTACK and a.combo >= 0 and a.option == weapon
    ]


@pytest.mark.rule("DX3-ATK-06", "DX3-ATK-07", "DX3-ATK-08", "DX3-ATK-10")
def test_an_area_attack_strikes_everyone_in_one_engagement_friend_and_foe_but_its_user() -> None:
    fighters = (hero({"blast": 1}), foe(), foe("Foe2"), fighter("Pal", "pcs", 10, pc=True), foe("Far", 30))
    state = game(*fighters, effects={"blast": BLAST})
    to_major(state)
    assert combo_attacks(state) == [Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0)]  # one per engagement
    # 4 dice (肉体 3 + 1 at 60%), 〈白兵〉 2 + sword 命中 -1 = +1: 達成値 9 + 1 = 10
    events = play(state, Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0), 9, 3, 2, 1)
    assert of(events, "attack")[0].get("targets") == [1, 2, 3]  # not the hero (DX3-ATK-08), not Far
    assert of(events, "hit_check")[0].get("achievement") == 10
    assert of(events, "combo")[0].get("after") == 62
    assert [e.target for e in of(events, "hit")] == []
    assert state.pending is not None and state.pending.waiting == [1, 2, 3]  # each reacts on its own
    events = unanswered(state, 7, 4)
    assert [e.actor for e in of(events, "no_reaction")] == [1, 2, 3]
    assert len(of(events, "damage_roll")) == 1  # one damage roll for the whole attack (DX3-ATK-10)
    assert sorted(e.target for e in of(events, "damage")) == [1, 2, 3]  # Pal too: friend and foe


def area_game(**rules: Any) -> Dx3State:
    fighters = (hero({"blast": 1}), foe(), fighter("Pal", "pcs", 10, pc=True))
    return game(*fighters, effects={"blast": BLAST}, dx3_rules={"cover_requires_unacted": True, **rules})


@pytest.mark.rule("DX3-ATK-07", "DX3-ATK-08", "DX3-ATK-10")
def test_the_area_damage_roll_is_one_and_each_target_takes_its_own_armor_off() -> None:
    state = game(
        hero({"blast": 1}), foe(armor=["chain_mail"]), foe("Foe2"), effects={"blast": BLAST},
    )  # fmt: skip
    to_major(state)
    events = play(state, Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0), 9, 3, 2, 1)  # 達成値 10
    events = unanswered(state, 7, 4)
    [rolled] = of(events, "damage_roll")
    assert rolled.get("faces") == [7, 4] and rolled.get("total") == 7 + 4 + 5  # 2D10 (10 // 10 + 1) + 5
    lost = {e.target: (e.get("armor"), e.get("hp_lost")) for e in of(events, "damage")}
    assert lost == {1: (8, 16 - 8), 2: (0, 16)}


@pytest.mark.rule("DX3-ATK-08")
def test_with_the_switch_the_user_is_inside_its_own_area() -> None:
    state = area_game(area_includes_self=True)
    to_major(state)
    events = play(state, Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0), 9, 3, 2, 1)
    assert of(events, "attack")[0].get("targets") == [0, 1, 2]
    assert engine.current_actor(state) == 0  # the user reacts to its own attack first


@pytest.mark.rule("DX3-ATK-06", "DX3-ATK-07", "DX3-EFF-M07")
def test_a_chosen_scene_attack_strikes_every_enemy_in_the_scene_and_no_friend() -> None:
    fighters = (hero({"scene_attack": 1, "attack_boost": 1}, encroachment=100), foe(), foe("Far", 45),
                fighter("Pal", "pcs", 45, pc=True))  # fmt: skip
    state = game(*fighters)
    to_major(state)
    # the scene combo is offered once; the single-target one only at the foe the sword reaches
    assert combo_attacks(state) == [
        Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0), Dx3Action(Kind.ATTACK, FOE, SWORD, combo=1),
    ]  # fmt: skip
    events = play(state, Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0), *(1,) * 6)  # 肉体 3 + 3 at 100%
    assert of(events, "attack")[0].get("targets") == [1, 2]  # enemies 0 m and 35 m away, not Pal
    assert of(events, "combo")[0].get("cost") == 6 + 2


POWER_SHOT_TARGETS = 2  # the foe beside the hero and the one at 45 m: 視界


@pytest.mark.rule("DX3-DMG-06", "DX3-EFF-M04", "DX3-ATK-03")
def test_an_effect_attack_deals_its_stated_attack_power_and_no_weapons() -> None:
    state = game(hero({"power_shot": 1}), foe(), foe("Far", 45))
    to_major(state)
    shots = combo_attacks(state, -1)
    assert [a.target for a in shots] == [1, 2]  # in 素手's slot, at anyone in sight
    events = play(state, Dx3Action(Kind.ATTACK, 2, -1, combo=0), 8, 2)  # 精神 2 + 1 - 1 = 2 dice
    assert of(events, "attack")[0].get("weapon") == "-"
    check = of(events, "hit_check")[0]
    assert (check.get("skill"), check.get("dice"), check.get("modifier"), check.get("achievement")) == (
        "RC", 2, 1, 9,
    )  # fmt: skip  # 〈RC〉 1, no weapon's 命中
    events = play(state, Dx3Action(Kind.NO_REACTION), 5)
    [rolled] = of(events, "damage_roll")
    assert (
        rolled.get("attack") == 4 + 2 and rolled.get("total") == 5 + 6
    )  # 攻撃力 4 + 2 x Lv 1, not 素手's -5


@pytest.mark.rule("DX3-DMG-06")
def test_an_effect_attack_without_a_stated_attack_power_deals_no_damage() -> None:
    own = {
        "mind_touch": {
            "timing": "major",
            "skill": "RC",
            "attack": "ranged",
            "range": "sight",
            "target": "単体",
        },
        "focus_rc": {"timing": "major", "skill": "RC", "attack_power": 5},
    }
    state = game(hero({"mind_touch": 1, "focus_rc": 1}), foe(), effects=own)
    to_major(state)
    shot = Dx3Action(Kind.ATTACK, FOE, -1, combo=0)  # both effects: 攻撃力 +5 but none stated
    events = play(state, shot, 8, 2, 1) + play(state, Dx3Action(Kind.NO_REACTION))  # 3 dice
    assert of(events, "hit") and of(events, "no_damage") and not of(events, "damage_roll")
    assert state.fighters[FOE].char.hp == state.fighters[FOE].char.stats.max_hp


TAGS = {
    "unstoppable": {"timing": "major", "skill": "白兵", "no_reaction": True},
    "feint": {"timing": "major", "skill": "白兵", "no_dodge": True},
    "crush": {"timing": "major", "skill": "白兵", "ignore_guard": True},
    "pierce": {"timing": "major", "skill": "白兵", "penetration": {"per_level": 3}, "max_level": 5},
}


def tagged(effect: str, level: int = 1, **kw: Any) -> Dx3State:
    state = game(hero({effect: level}), foe(weapons=["shield"], **kw), effects={effect: TAGS[effect]})
    to_major(state)
    play(state, Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0), 9, 3, 2, 1)  # 達成値 10
    return state


@pytest.mark.rule("DX3-REACT-11")
def test_attack_tags_take_away_reactions_the_dodge_or_the_guard_value() -> None:
    assert engine.legal_actions(tagged("unstoppable")) == [Dx3Action(Kind.NO_REACTION)]
    kinds = {a.kind for a in engine.legal_actions(tagged("feint"))}
    assert kinds == {Kind.GUARD, Kind.NO_REACTION}
    state = tagged("crush")
    events = play(state, Dx3Action(Kind.GUARD, option=0), 6, 6)  # the shield's ガード値 6 counts for nothing
    assert of(events, "guard")[0].get("guard") == 0
    assert of(events, "damage")[0].get("hp_lost") == 6 + 6 + 5
    plain = game(hero({}), foe(weapons=["shield"]))
    to_major(plain)
    play(plain, Dx3Action(Kind.ATTACK, FOE, SWORD), 9, 3, 2, 1)
    events = play(plain, Dx3Action(Kind.GUARD, option=0), 6, 6)
    assert of(events, "damage")[0].get("hp_lost") == 6 + 6 + 5 - 6


@pytest.mark.rule("DX3-ENG-05")
def test_armor_penetration_lowers_the_targets_armor_down_to_zero() -> None:
    for level, armor in ((1, 8 - 3), (2, 8 - 6), (3, 0)):
        state = tagged("pierce", level, armor=["chain_mail"])
        events = play(state, Dx3Action(Kind.NO_REACTION), 6, 6)
        damage = of(events, "damage")[0]
        assert (damage.get("armor"), damage.get("hp_lost")) == (armor, 17 - armor)


def dodging_foe(**kw: Any) -> Dx3State:
    """The hero attacks a foe holding dodge_dice Lv 2 and crit_focus (both generic)."""
    state = game(hero({}), foe(effects={"dodge_dice": 2, "crit_focus": 1}, **kw))
    to_major(state)
    play(state, Dx3Action(Kind.ATTACK, FOE, SWORD), 9, 3, 2, 1)  # 達成値 10
    return state


@pytest.mark.rule("DX3-REACT-09", "DX3-EFF-M08")
def test_a_dodge_combo_adds_dice_and_a_lower_crit_and_is_paid_even_when_it_fails() -> None:
    state = dodging_foe()
    dodges = [a for a in engine.legal_actions(state) if a.kind == Kind.DODGE]
    assert dodges == [Dx3Action(Kind.DODGE), Dx3Action(Kind.DODGE, combo=0), Dx3Action(Kind.DODGE, combo=1)]
    me = state.fighters[FOE]
    # combo 1: dodge_dice alone: 肉体 3 + 2 dice at C値 10, 〈回避〉 1; 9 + 1 = 10, a tie: dodged
    events = play(state, Dx3Action(Kind.DODGE, combo=1), 9, 1, 1, 1, 1)
    assert of(events, "combo")[0].data == {"effects": ["dodge_dice"], "cost": 2, "before": 0, "after": 2}
    assert of(events, "dodge")[0].get("achievement") == 10 and of(events, "missed")
    state = dodging_foe()
    # combo 0: with crit_focus Lv 1: C値 9; 5 dice, all 1s: a fumble, yet 2 + 2 paid
    events = play(state, Dx3Action(Kind.DODGE, combo=0), 1, 1, 1, 1, 1, 7, 4)
    assert of(events, "combo")[0].get("after") == 4 and of(events, "hit")
    me = state.fighters[FOE]
    assert me.char.encroachment == 4 and me.used == {"crit_focus": 1, "dodge_dice": 1}
    index = encode(FOE, Dx3Action(Kind.DODGE, combo=1))
    assert index == COMBO_BASE + 1 and describe_index(index) == "dodge with dodge combo 1"
    assert encode(FOE, Dx3Action(Kind.VEHICLE_DODGE, combo=2)) == COMBO_BASE + MAX_COMBOS + 2


@pytest.mark.rule("DX3-EFF-M09", "DX3-EFF-M10", "DX3-EFF-05")
def test_guard_and_damage_reducing_auto_effects_fire_at_their_trigger() -> None:
    for rules, guard, lost in (({}, 6 + 5, 17 - 11 - 5), ({"auto_effects": "off"}, 6, 17 - 6)):
        state = game(
            hero({}), foe(weapons=["shield"], effects={"guard_boost": 1, "damage_reduction": 1}),
            dx3_rules=rules,
        )  # fmt: skip
        to_major(state)
        play(state, Dx3Action(Kind.ATTACK, FOE, SWORD), 9, 3, 2, 1)
        events = play(state, Dx3Action(Kind.GUARD, option=0), 6, 6)  # 2D10 + 5 = 17
        assert of(events, "guard")[0].get("guard") == guard
        assert of(events, "damage")[0].get("hp_lost") == max(lost, 0)
        fired = [(e.get("effect"), e.get("amount"), e.get("after")) for e in of(events, "auto_effect")]
        assert fired == ([("guard_boost", 5, 3), ("damage_reduction", 5, 10)] if not rules else [])
    # 17 - 6 - 5 = 6 left: damage_reduction (Lv 1: 5, 侵蝕値 7) takes 5 more off: 1 HP lost


@pytest.mark.rule("HR-VEH-REACT-01")
def test_a_riders_dodge_combo_goes_on_the_drivers_swerve_when_the_vehicle_is_attacked() -> None:
    for rules, dice in (({}, 5 + 2), ({"vehicle_reaction_effects": False}, 5)):
        state = game(
            driver(), passenger(effects={"dodge_dice": 2}), raider(), vehicles=[van()], dx3_rules=rules
        )
        to_raider_attack(state)
        events = play(state, Dx3Action(Kind.ATTACK, 1, 0), 8, 1, 1)  # 達成値 9, at the van
        assert of(events, "at_vehicle")
        swerves = [a for a in engine.legal_actions(state) if a.kind == Kind.VEHICLE_DODGE]
        assert len(swerves) == (2 if not rules else 1)
        faces = (9, 1, 9, *(1,) * (dice - 1), 3)  # P's 〈知覚〉 10 > 9: the driver's +2 dice, C値 9
        events = play(state, swerves[-1], *faces)
        swerve = of(events, "vehicle_dodge")[0]
        assert swerve.get("dice") == dice and swerve.get("achievement") == 10 + 3 + 2 and swerve.get("dodged")
        assert state.fighters[1].char.encroachment == (2 if not rules else 0)


@pytest.mark.rule("HR-VEH-AUTO-01")
def test_riders_auto_effects_guard_and_shield_their_attacked_vehicle() -> None:
    for rules, lost in (({}, 0), ({"vehicle_reaction_effects": False}, 14 - 6 - 6)):
        state = game(
            driver(), passenger(mounted=[], effects={"guard_boost": 1}), raider(), vehicles=[van(mounted=["shield"])],
            dx3_rules=rules,
        )  # fmt: skip
        to_raider_attack(state)
        play(state, Dx3Action(Kind.ATTACK, 1, 0), 8, 1, 1)
        events = play(state, Dx3Action(Kind.VEHICLE_GUARD, option=0), 9)  # 1D10 + 5 = 14
        assert of(events, "vehicle_damage")[0].get("hp_lost") == lost
        assert bool(of(events, "auto_effect")) is not rules
    state = game(driver(), passenger(effects={"damage_reduction": 1}), raider(), vehicles=[van()])
    to_raider_attack(state)
    play(state, Dx3Action(Kind.ATTACK, 1, 0), 8, 1, 1)
    events = play(state, Dx3Action(Kind.NO_REACTION), 7)  # 12 - 装甲値 6 = 6, less 5
    assert of(events, "vehicle_damage")[0].get("hp_lost") == 1 and state.vehicles[0].hp == 19
    assert of(events, "auto_effect")[0].actor == 1 and state.fighters[1].char.encroachment == 7


@pytest.mark.rule("DX3-ENG-08", "DX3-EFF-M11")
def test_a_movement_effect_leaves_a_blockaded_engagement_as_a_minor_action_past_others() -> None:
    state = game(hero({"swift_move": 1}), foe(), foe("Foe2", 15), blockades=[10])
    moves = [a for a in engine.legal_actions(state) if a.kind == Kind.MOVE]
    assert moves and all(a.combo == 0 for a in moves)  # no plain 戦闘移動 while engaged (DX3-ENG-02)
    right = Dx3Action(Kind.MOVE, option=1, combo=0)
    events = play(state, right)
    assert of(events, "move")[0].data == {"from": 10, "to": 10 + 11, "joined": []}  # 行動値 6 + 5, past 15 m
    assert of(events, "combo")[0].data == {"effects": ["swift_move"], "cost": 1, "before": 60, "after": 61}
    assert engine.decision_kind(state) == "major"  # the minor action is spent
    assert state.fighters[0].used == {"swift_move": 1}
    used_up = game(hero({"swift_move": 1}), foe())
    used_up.fighters[0].used["swift_move"] = 1  # Lv 1: once per scene
    assert not [a for a in engine.legal_actions(used_up) if a.kind == Kind.MOVE]
    assert encode(0, right) == encode(0, Dx3Action(Kind.MOVE, option=1))  # the 戦闘移動 index


@pytest.mark.rule("DX3-WPN-02", "DX3-WPN-W8")
def test_a_weapon_is_bought_before_the_fight_with_a_procure_check_against_its_difficulty() -> None:
    buyer = hero({}, skills={"調達": 2}, abilities={"social": 2}, procure=["crossbow"])
    scenario = load(scenario_data(buyer, foe())).scenario
    for faces, bought in (((5, 1, 1), True), ((4, 1, 1), False)):  # 【社会】 2 + 1 at 60%; 〈調達〉 +2
        state = engine.new_game(scenario, FixedD10(*faces))  # type: ignore[arg-type]
        [event] = [e for e in state.opening if e.kind == "procure"]
        assert event.get("difficulty") == 7 and event.get("bought") is bought
        assert event.get("achievement") == faces[0] + 2
        assert [w.name for w in state.fighters[0].weapons] == ["sword", *(["crossbow"] if bought else [])]
    assert WEAPONS["crossbow"].stock == 4  # 常備化 4 (DX3-WPN-W8)


@pytest.mark.rule("DX3-VEH-13", "DX3-VEH-S2", "DX3-VEH-10")
def test_a_driver_full_moves_the_vehicle_its_full_move_in_metres_with_its_passenger() -> None:
    riders = (
        fighter("D", "pcs", 100, pc=True, vehicle="v", skills={"運転:四輪": 1}, abilities={"sense": 5}),
        fighter("P", "pcs", 100, pc=True, vehicle="v", seat="passenger"),
        fighter("E", "npcs", 0),
    )
    state = game(*riders, vehicles=[{"name": "v", "kind": "sports_car", "position": 100}], length=500)
    assert engine.current_actor(state) == 0  # 行動値 12 - 5 = 7, the highest
    play(state, Dx3Action(Kind.SKIP_MINOR))
    events = play(state, Dx3Action(Kind.FULL_MOVE, option=1))
    assert of(events, "full_move")[0].data["to"] == 100 + 300  # 全力移動 300 m, the value in metres
    assert [f.pos for f in state.fighters[:2]] == [400, 400] and state.vehicles[0].pos == 400


@pytest.mark.parametrize(
    "procure, message",
    [
        (
            ["sword"],
            r"fighters\[0\]\.procure\[0\]: 'sword' has no purchase difficulty \(DX3-WPN-02\); buyable: crossbow",
        ),
        (
            ["crossbow", "crossbow", "crossbow"],
            r"fighters\[0\]\.procure: 1 weapons and 3 to buy; carry at most 3",
        ),
    ],
)
def test_a_weapon_that_cannot_be_bought_is_a_one_line_error(procure: list[str], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        load(scenario_data(hero({}, procure=procure), foe()))
