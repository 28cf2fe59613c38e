"""DX3 vehicles in the fight with fixed dice (DX3-VEH-*, HR-VEH-*): stat lines, boarding, driving,
redirected attacks, the vehicle's reactions, damage and destruction, mounted weapons, ramming."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.fights import act, fighter, game, kinds, of
from yz_gym.rulesets.dx3 import engine, riding
from yz_gym.rulesets.dx3.gear import MELEE, WEAPONS
from yz_gym.rulesets.dx3.state import AT_VEHICLE, Dx3Action, Kind
from yz_gym.rulesets.dx3.vehicle import (
    MOUNTED_BASE,
    NEGOTIATION,
    RAM,
    VEHICLES,
    VehicleSpec,
    make_vehicle,
    vehicle_damage,
)
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import build_data


def van(**kw: Any) -> dict[str, Any]:
    """A car at 10 m with a mounted assault rifle."""
    return {"name": "van", "kind": "car", "position": 10, "mounted": ["assault_rifle"], **kw}


def driver(**kw: Any) -> dict[str, Any]:
    """A PC driving the van: 【肉体】 3, 〈運転:四輪〉 2, 行動値 6 - 4 = 2."""
    base = {"pc": True, "vehicle": "van", "skills": {"運転:四輪": 2}, "armor": ["chain_mail"]}
    return fighter("D", "pcs", 10, **{**base, **kw})


def passenger(**kw: Any) -> dict[str, Any]:
    """A PC riding along: 【感覚】 2, 〈知覚〉 1, holding the mounted rifle."""
    base = {"pc": True, "vehicle": "van", "seat": "passenger", "skills": {"知覚": 1, "射撃": 1}}
    return fighter("P", "pcs", 10, **{**base, "mounted": ["assault_rifle"], **kw})


def raider(position: int = 10, **kw: Any) -> dict[str, Any]:
    """An enemy that acts first (行動値 10): 【肉体】 3, 〈白兵〉 2, a sword (命中 -1)."""
    base = {"skills": {"白兵": 2, "射撃": 2}, "abilities": {"sense": 4}, "weapons": ["sword"]}
    return fighter("E", "npcs", position, **{**base, **kw})


def chase(*extra: dict[str, Any], vehicles: list[dict[str, Any]] | None = None, **top: Any):  # type: ignore[no-untyped-def]
    return game(driver(), passenger(), raider(), *extra, vehicles=vehicles or [van()], **top)


def to_raider_attack(state) -> None:  # type: ignore[no-untyped-def]
    assert engine.current_actor(state) == 2
    act(state, Kind.SKIP_MINOR)


ROWS = [  # DX3-VEH-S1..S9: kind, 〈運転〉, 行動値, 攻撃力, 装甲値, 全力移動
    ("DX3-VEH-S1", "car", "運転:四輪", -4, 10, 6, 100),
    ("DX3-VEH-S2", "sports_car", "運転:四輪", -5, 10, 4, 300),
    ("DX3-VEH-S3", "truck", "運転:四輪", -6, 12, 6, 100),
    ("DX3-VEH-S4", "motorcycle", "運転:二輪", -3, 5, 0, 200),
    ("DX3-VEH-S5", "large_motorcycle", "運転:二輪", -5, 12, 0, 250),
    ("DX3-VEH-S6", "bicycle", "運転:二輪", -1, 2, 0, 3 + 40),  # 【肉体】 3 + 40 m
    ("DX3-VEH-S7", "horse", "運転:馬", -2, 3, 0, 100),
    ("DX3-VEH-S8", "motorboat", "運転:船舶", -1, 7, 0, 100),
    ("DX3-VEH-S9", "helicopter", "運転:航空機", -3, 5, 0, 100),
]


@pytest.mark.parametrize(
    "kind, skill, init, power, armor, full",
    [pytest.param(*row[1:], marks=pytest.mark.rule(row[0], "DX3-VEH-01", "DX3-VEH-08")) for row in ROWS],
)
def test_each_vehicle_row_sets_its_drivers_initiative_moves_and_ram(kind, skill, init, power, armor, full):  # type: ignore[no-untyped-def]
    v = VEHICLES[kind]
    assert (v.skill, v.initiative, v.attack, v.armor) == (skill, init, power, armor)
    state = game(
        fighter("D", "pcs", 0, pc=True, vehicle="v", skills={skill: 1}), fighter("E", "npcs", 300),
        vehicles=[{"name": "v", "kind": kind, "position": 0}], length=400,
    )  # fmt: skip
    d = state.fighters[0]
    assert d.initiative == 6 + init  # DX3-VEH-08: the vehicle's 行動値 is added
    assert engine.engagement.full_move_distance(state, d) == full  # DX3-VEH-10
    assert engine.engagement.combat_move_distance(state, d) == max(6 + init + 5, 0)  # DX3-VEH-09
    ram = d.weapon(RAM)
    assert (ram.kind, ram.skill, ram.attack, ram.close, ram.reach) == (
        MELEE,
        skill,
        power,
        True,
        0,
    )  # DX3-VEH-04


@pytest.mark.rule("DX3-VEH-09", "DX3-VEH-07", "DX3-VEH-10")
def test_the_driving_combat_move_may_be_the_full_move_over_five():
    spec = [{"name": "v", "kind": "sports_car", "position": 0}]
    slow = {"sense": 0, "mind": 0}  # 行動値 0: the driver (6 - 5 = 1) goes first
    riders = (fighter("D", "pcs", 0, pc=True, vehicle="v"), fighter("E", "npcs", 300, abilities=slow))
    plain = game(*riders, vehicles=spec, length=400)
    wide = game(*riders, vehicles=spec, length=400, dx3_rules={"vehicle_combat_move": "max_fullmove_div5"})
    assert engine.engagement.combat_move_distance(plain, plain.fighters[0]) == 1 + 5  # 行動値 6 - 5, + 5 m
    assert engine.engagement.combat_move_distance(wide, wide.fighters[0]) == 300 // 5
    act(plain, Kind.MOVE, target=1)  # 戦闘移動 toward E: the sports car goes 6 m
    assert plain.fighters[0].pos == 6 and plain.vehicles[0].pos == 6


@pytest.mark.rule("DX3-VEH-02", "DX3-VEH-03", "HR-VEH-WPN-01", "HR-VEH-WPN-02")
def test_boarding_is_a_minor_action_that_may_take_a_mounted_weapon_outside_the_limit():
    state = game(
        fighter("A", "pcs", 10, pc=True, skills={"射撃": 2}, weapons=["sword", "handgun"]),
        fighter("E", "npcs", 60), vehicles=[van(), {"name": "bike", "kind": "motorcycle", "position": 10}],
        length=80,
    )  # fmt: skip
    boards = [a for a in engine.legal_actions(state) if a.kind == Kind.BOARD]
    # the van: driver or passenger, taking the rifle or not; the bike: driver or passenger
    assert sorted((a.target, a.option, a.drop) for a in boards) == [
        (0, 0, -1), (0, 0, 0), (0, 1, -1), (0, 1, 0), (1, 0, -1), (1, 1, -1),
    ]  # fmt: skip
    events = engine.apply(state, Dx3Action(Kind.BOARD, 0, 1, 0), 0)
    assert of(events, "board")[0].data == {"vehicle": "van", "seat": "passenger", "weapon": "assault_rifle"}
    a = state.fighters[0]
    assert engine.decision_kind(state) == "major" and a.vehicle == 0 and state.vehicles[0].holders == [0]
    assert a.equipped == [0, 1]  # two in hand, and the mounted rifle besides (HR-VEH-WPN-02)
    attacks = {x.option for x in engine.legal_actions(state) if x.kind == Kind.ATTACK}
    assert MOUNTED_BASE in attacks and RAM not in attacks  # the rifle reaches 50 m; no ram for a passenger
    act(state, Kind.SKIP_MAJOR)
    act(state, Kind.SKIP_MINOR)  # E
    act(state, Kind.SKIP_MAJOR)
    assert Kind.BOARD not in kinds(state)  # one vehicle at a time (DX3-VEH-03)
    events = act(state, Kind.LEAVE)
    assert of(events, "leave_vehicle") and a.vehicle == -1 and state.vehicles[0].holders == [-1]


@pytest.mark.rule("HR-VEH-01", "HR-VEH-02", "HR-VEH-03")
def test_the_driver_carries_everyone_a_moved_passenger_gets_off_and_seats_swap():
    state = game(
        driver(abilities={"sense": 5}), passenger(), fighter("E", "npcs", 40),
        vehicles=[van()], length=60,
    )  # fmt: skip
    d, p = state.fighters[0], state.fighters[1]
    assert d.initiative == 12 - 1 - 4 and engine.current_actor(state) == 0  # chain mail -1, the car -4
    assert engine.engagement.combat_move_distance(state, p) == 0  # a passenger does not move by itself
    swaps = [a for a in engine.legal_actions(state) if a.kind == Kind.SWAP]
    assert swaps == [Dx3Action(Kind.SWAP, 1)]
    act(state, Kind.MOVE, target=2)  # 7 + 5 = 12 m toward E
    assert (d.pos, p.pos, state.vehicles[0].pos) == (22, 22, 22)
    act(state, Kind.SKIP_MAJOR)
    act(state, Kind.SWAP, target=0)  # P's minor action: it takes the wheel
    v = state.vehicles[0]
    assert (v.driver, v.passengers, p.initiative, d.initiative) == (1, [0], 6 - 4, 12 - 1)
    d.pos = 30  # an effect moves the new passenger D alone ... (HR-VEH-02)
    riding.carry(state, d)
    assert d.vehicle == -1 and v.passengers == [] and d.pos == 30 and p.pos == 22
    p.pos = 40  # ... and the driver with the whole vehicle (HR-VEH-01)
    riding.carry(state, p)
    assert v.pos == 40 and p.vehicle == 0


@pytest.mark.rule("HR-VEH-04", "HR-VEH-10", "HR-VEH-07", "AMB-40", "DX3-VEH-11", "HR-VEH-DEF-01")
def test_an_attack_on_a_rider_inside_strikes_the_vehicle_which_has_20_hp_and_its_own_armor():
    state = chase()
    assert state.vehicles[0].hp == 20
    to_raider_attack(state)
    events = act(state, Kind.ATTACK, target=1, option=0, dice=(8, 1, 1))  # 8 + 〈白兵〉 2 - 1 = 9
    assert of(events, "at_vehicle")[0].get("vehicle") == "van"
    assert kinds(state) == {Kind.VEHICLE_DODGE, Kind.NO_REACTION}  # the rifle has no ガード値
    events = act(state, Kind.NO_REACTION, dice=(7,))  # 1 die + sword 5 = 12
    hurt = of(events, "vehicle_damage")[0]
    assert (hurt.get("hp_lost"), hurt.get("hp"), hurt.get("armor")) == (12 - 6, 14, 6)
    assert state.fighters[1].char.hp == state.fighters[1].char.stats.max_hp and not of(events, "damage")


@pytest.mark.rule("HR-VEH-05", "HR-VEH-06", "DX3-VEH-06")
def test_exposed_riders_are_hit_themselves_with_the_vehicles_armor_added():
    bike = {"name": "bike", "kind": "motorcycle", "position": 10}
    state = game(
        fighter("D", "pcs", 10, pc=True, vehicle="bike", armor=["bulletproof_jacket"]), raider(),
        vehicles=[bike],
    )  # fmt: skip
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.ATTACK, target=0, option=0, dice=(8, 1, 1))
    assert not of(events, "at_vehicle")
    assert Dx3Action(Kind.ATTACK, 0, 0, drop=AT_VEHICLE) not in engine.legal_actions(state)  # a reaction now
    events = act(state, Kind.NO_REACTION, dice=(7,))
    assert of(events, "damage")[0].get("armor") == 3 + 0 and of(events, "damage")[0].get("hp_lost") == 12 - 3
    # a car's riders exposed to ranged attacks by the scene's ruling (HR-VEH-06)
    for exposed in (False, True):
        gunman = raider(20, weapons=["handgun"])
        shot = game(
            driver(), passenger(), gunman, vehicles=[van()], dx3_rules={"car_exposed_to_ranged": exposed}
        )
        to_raider_attack(shot)
        events = act(shot, Kind.ATTACK, target=1, option=0, dice=(8, 1, 1, 1))  # 4 dice at 【感覚】 4
        assert bool(of(events, "at_vehicle")) is not exposed


@pytest.mark.rule("HR-VEH-DODGE-01", "HR-VEH-DODGE-02", "HR-VEH-DODGE-03", "HR-VEH-DODGE-07", "HR-VEH-DEF-01")
def test_in_play_the_passenger_spots_and_the_driver_swerves_with_two_more_dice():
    state = chase()
    to_raider_attack(state)
    act(state, Kind.ATTACK, target=1, option=0, dice=(8, 1, 1))  # 達成値 9
    # P's 〈知覚〉: 2 dice + 1 = 10 > 9: D's 〈運転:四輪〉 3 + 2 dice at C値 9, + 2
    events = act(state, Kind.VEHICLE_DODGE, dice=(9, 1, 9, 1, 1, 1, 1, 3))
    swerve = of(events, "vehicle_dodge")[0]
    assert (swerve.get("spotter"), swerve.get("perception"), swerve.get("dice"), swerve.get("crit")) == (
        1,
        10,
        5,
        9,
    )
    assert swerve.get("achievement") == 10 + 3 + 2 and swerve.get("dodged") and of(events, "missed")


@pytest.mark.rule("HR-VEH-GUARD-01", "AMB-39")
def test_a_rider_guards_the_vehicle_with_a_free_mounted_weapon_taking_it_up():
    state = game(driver(), passenger(mounted=[]), raider(), vehicles=[van(mounted=["shield"])])
    to_raider_attack(state)
    act(state, Kind.ATTACK, target=1, option=0, dice=(8, 1, 1))
    assert {a.option for a in engine.legal_actions(state) if a.kind == Kind.VEHICLE_GUARD} == {0}
    events = act(state, Kind.VEHICLE_GUARD, option=0, dice=(9,))  # 1 die + sword 5 = 14
    assert state.vehicles[0].holders == [1] and of(events, "guard")[0].get("guard") == 6
    assert of(events, "vehicle_damage")[0].get("hp_lost") == 14 - 6 - 6  # 装甲値 6, ガード値 6


@pytest.mark.rule("HR-VEH-08", "HR-VEH-09", "HR-VEH-12")
def test_a_wrecked_vehicle_throws_everyone_off_with_its_destruction_damage():
    state = chase(vehicles=[van(hp=5, destruction_dice=1)])
    to_raider_attack(state)
    act(state, Kind.ATTACK, target=1, option=0, dice=(8, 1, 1))
    events = act(state, Kind.NO_REACTION, dice=(7, 4, 6))  # 12 - 6 = 6 >= 5 HP; then 1D10 per rider
    wreck = of(events, "vehicle_destroyed")[0]
    assert wreck.get("riders") == [0, 1] and wreck.get("damage") == [4, 6]
    d, p = state.fighters[0], state.fighters[1]
    assert d.vehicle == p.vehicle == -1 and state.vehicles[0].destroyed and state.vehicles[0].hp == 0
    assert d.char.hp == d.char.stats.max_hp - 4 and p.char.hp == p.char.stats.max_hp - 6
    assert not d.statuses and not p.statuses and not hasattr(state.vehicles[0], "statuses")  # HR-VEH-12
    assert d.initiative == 6 - 1  # on foot again: no vehicle 行動値
    act(state, Kind.SKIP_MINOR)  # D's turn: it cannot board a wreck
    assert Kind.BOARD not in kinds(state)


@pytest.mark.rule("HR-VEH-11", "HR-VEH-10")
def test_negotiation_attacks_cannot_damage_a_vehicle_and_only_its_armor_counts():
    v = make_vehicle(0, VehicleSpec("van", VEHICLES["car"], 10), ())
    assert vehicle_damage(20, v, 0, NEGOTIATION) == 0
    assert vehicle_damage(20, v, 3, "射撃") == 20 - 6 - 3 and vehicle_damage(5, v, 0, "白兵") == 0


@pytest.mark.rule("HR-VEH-WPN-03", "HR-VEH-WPN-04", "DX3-VEH-12")
def test_a_mounted_weapon_has_one_holder_and_changes_hands_with_a_minor_action():
    state = game(driver(), passenger(), fighter("E", "npcs", 40), vehicles=[van()], length=60)
    v = state.vehicles[0]
    assert v.mounted[0] == WEAPONS["assault_rifle"] and v.holders == [1]  # an ordinary weapon (DX3-VEH-12)
    assert engine.current_actor(state) == 1  # P (行動値 6) before D (6 - 1 - 4)
    hands = [a for a in engine.legal_actions(state) if a.kind == Kind.HAND_OVER]
    assert hands == [Dx3Action(Kind.HAND_OVER, 0, 0)]  # P may hand it to D
    events = act(state, Kind.HAND_OVER, target=0, option=0)
    assert v.holders == [0] and of(events, "hand_over")[0].actor == 1
    assert MOUNTED_BASE not in {a.option for a in engine.legal_actions(state) if a.kind == Kind.ATTACK}
    act(state, Kind.SKIP_MAJOR)
    act(state, Kind.SKIP_MINOR)  # E
    act(state, Kind.SKIP_MAJOR)
    hands = [a for a in engine.legal_actions(state) if a.kind == Kind.HAND_OVER]  # D's turn
    assert hands == [Dx3Action(Kind.HAND_OVER, 1, 0)]
    act(state, Kind.SKIP_MINOR)
    assert MOUNTED_BASE in {a.option for a in engine.legal_actions(state) if a.kind == Kind.ATTACK}
    bad = {
        "ruleset": "dx3", "name": "t", "sides": ["pcs", "npcs"], "length": 50, "vehicles": [van()],
        "fighters": [driver(mounted=["assault_rifle"]), passenger(), fighter("E", "npcs", 40)],
    }  # fmt: skip
    with pytest.raises(
        ScenarioError, match=r"fighters\[1\]\.mounted: the mounted assault_rifle is already held by D"
    ):
        build_data(bad, "f.yaml")


@pytest.mark.rule("DX3-VEH-04", "DX3-VEH-05")
def test_the_driver_rams_with_its_drive_skill_at_close_range_and_the_vehicles_power():
    state = game(
        driver(abilities={"sense": 7}), passenger(), raider(armor=["bulletproof_jacket"]), vehicles=[van()]
    )
    assert engine.current_actor(state) == 0
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.ATTACK, target=2, option=RAM, dice=(6, 1, 1))  # 3 dice 【肉体】, 〈運転:四輪〉 2
    check = of(events, "hit_check")[0]
    assert (check.get("skill"), check.get("achievement")) == ("運転:四輪", 8)
    assert (
        state.fighters[0].weapon(RAM).kind == MELEE
    )  # a melee attack: never with ranged effects (DX3-VEH-05)
    events = act(state, Kind.NO_REACTION, dice=(5,))
    assert (
        of(events, "damage_roll")[0].get("total") == 5 + 10
        and of(events, "damage")[0].get("hp_lost") == 15 - 3
    )


@pytest.mark.parametrize(
    "change, message",
    [
        ({"vehicle": "vna"}, r"fighters\[0\]\.vehicle: no vehicle named 'vna'; did you mean 'van'\?"),
        ({"vehicle": None, "mounted": ["assault_rifle"]}, r"fighters\[0\]\.mounted: only a rider holds"),
        ({"vehicle": None, "seat": "passenger"}, r"fighters\[0\]\.seat: only a rider has a seat"),
        ({"mounted": ["shield"]}, r"fighters\[0\]\.mounted\[0\]: 'shield' is not mounted on 'van'"),
        ({"seat": "driver", "name": "D2"}, None),
    ],
)
def test_bad_riders_get_one_line_naming_the_field(change, message):  # type: ignore[no-untyped-def]
    first = {**driver(), **change}
    data = {
        "ruleset": "dx3", "name": "t", "sides": ["pcs", "npcs"], "length": 50, "vehicles": [van()],
        "fighters": [first, fighter("E", "npcs", 40)],
    }  # fmt: skip
    if message is None:
        data["fighters"].append(driver())
        message = r"fighters\[2\]\.seat: 'van' already has a driver \(D2\); make this one a passenger"
    with pytest.raises(ScenarioError, match=message) as caught:
        build_data(data, "f.yaml")
    assert "\n" not in str(caught.value)
