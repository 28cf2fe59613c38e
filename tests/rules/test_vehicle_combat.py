"""Vehicles inside zone fights: entering, engines, the wheel, driving, maneuvers, rams, shots at
vehicles and at their occupants, mounted weapons, wrecks, aircraft (vehicles/actions.py).

Literal situations with scripted dice (FixedDice), each tagged with the rule IDs it checks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, by_name, fighter, game, kinds, scenario_dict, turn_of
from yz_gym.rulesets.yze.combat.attacks import can_shoot, range_between
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import STR
from yz_gym.rulesets.yze.vehicles.damage import crash
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import CLIMB, DESCEND, Action, Kind
from yz_gym.rulesets.yze.zone.zones import Range
from yz_gym.scenario import ScenarioError

HMG = {"hmg": {"grip": "2H", "bonus": 3, "damage": 3, "range": "long", "ranged": True,
               "skill": "Marksmanship", "firearm": True}}  # fmt: skip
ZONES = ("A", "B", "C", "D", "E")
NO = 3  # a face with neither success nor bane


def make(vehicles: list[dict[str, Any]], people: list[dict[str, Any]], zones=ZONES, rules=None, **extra: Any):
    data = scenario_dict(
        zones=zones, combatants=people, rules={"ask_push": False, "offer_help": False, **(rules or {})},
        weapons=HMG, **extra,
    )  # fmt: skip
    data["vehicles"] = vehicles
    return game(data, 0)


def legal(state) -> set[Action]:
    return set(engine.legal_actions(state))


def do(state, action: Action, rng: Any = None):
    return engine.apply(state, action, rng if rng is not None else np.random.default_rng(0))


def car_fight(**extra: Any):
    """Dan drives a car in A with Pat in a covered seat; Eve waits on foot in A; Foe is in E."""
    people = [
        fighter("Dan", "red", "A", skills={"mobility": 2}),
        fighter("Pat", "red", "A", weapons=["pistol"]),
        fighter("Eve", "red", "A", weapons=["pistol"]),
        fighter("Foe", "blue", "E", weapons=["rifle"], skills={"marksmanship": 2}),
    ]
    car = {"name": "Car", "type": "car", "zone": "A",
           "crew": [{"name": "Dan", "seat": "driver"}, {"name": "Pat"}], **extra}  # fmt: skip
    return make([car], people)


# --- getting in and out (ACT-FAST-VEHENTER, VEH-04/05, AMB-10, ACTN-VEHICLE-01) -------------------


@pytest.mark.rule("ACT-FAST-VEHENTER", "VEH-04", "ACTN-VEHICLE-01", "AMB-10")
def test_getting_into_a_car_is_a_slow_action_and_takes_a_seat():
    state = turn_of(car_fight(), "Eve")
    eve = by_name(state, "Eve")
    enter_covered = Action(Kind.ENTER_VEHICLE, option=0)
    assert enter_covered in legal(state)
    assert Action(Kind.ENTER_VEHICLE, option=1) not in legal(state)  # a car has no exposed seats
    do(state, enter_covered)
    v = state.vehicles[0]
    assert eve.vehicle == 0 and eve.id in v.occupants and eve.id not in v.exposed
    assert eve.slow_used and eve.actions_used == 1  # VEH-04: usually slow
    assert Action(Kind.EXIT_VEHICLE) not in legal(state)  # getting out is slow too: no slow action left
    assert engine.describe(state, enter_covered) == "get into Car (covered seat)"


@pytest.mark.rule("ACT-FAST-VEHENTER", "VEH-04", "VEH-DMG-03")
def test_getting_out_is_slow_and_leaves_you_on_foot_in_the_zone():
    state = turn_of(car_fight(), "Pat")
    pat = by_name(state, "Pat")
    assert {a.kind for a in legal(state)} >= {Kind.EXIT_VEHICLE}
    assert Kind.RUN not in {a.kind for a in legal(state)}  # aboard: no moving on foot
    do(state, Action(Kind.EXIT_VEHICLE))
    assert pat.vehicle == -1 and pat.id not in state.vehicles[0].occupants and pat.zone == 0
    assert pat.slow_used
    assert Action(Kind.RUN, zone=1) in legal(state)


@pytest.mark.rule("VEH-05", "ACT-FAST-VEHENTER", "VEH-DMG-08")
def test_a_motorcycle_is_mounted_with_a_fast_action_and_every_seat_is_exposed():
    people = [fighter("Bo", "red", "A", weapons=["pistol"]), fighter("Foe", "blue", "E", weapons=["rifle"])]
    bike = {"name": "Bike", "type": "motorcycle", "zone": "A", "side": "red"}
    state = turn_of(make([bike], people), "Bo")
    assert Action(Kind.ENTER_VEHICLE, option=0) not in legal(state)  # no covered seat on a bike
    do(state, Action(Kind.ENTER_VEHICLE, option=1))
    bo = by_name(state, "Bo")
    assert not bo.slow_used and bo.actions_used == 1  # VEH-05: fast
    assert bo.id in state.vehicles[0].exposed


@pytest.mark.rule("AMB-10", "ACTN-VEHICLE-01")
def test_the_enter_exit_option_makes_a_car_fast_to_board():
    people = [fighter("Eve", "red", "A"), fighter("Foe", "blue", "E")]
    car = {"name": "Car", "type": "car", "zone": "A", "side": "red"}
    data = scenario_dict(zones=ZONES, combatants=people, rules={"ask_push": False})
    data["vehicles"] = [car]
    data["vehicle_rules"] = {"enter_exit_action": "fast"}
    state = turn_of(game(data), "Eve")
    do(state, Action(Kind.ENTER_VEHICLE, option=0))
    assert not by_name(state, "Eve").slow_used


def test_an_enemy_vehicle_with_its_crew_cannot_be_boarded_but_an_empty_one_can():
    people = [fighter("Eve", "red", "A"), fighter("Foe", "blue", "A"), fighter("Far", "blue", "E")]
    cars = [
        {"name": "Theirs", "type": "car", "zone": "A", "crew": [{"name": "Foe", "seat": "driver"}]},
        {"name": "Empty", "type": "car", "zone": "A", "side": "blue"},
    ]
    state = turn_of(make(cars, people), "Eve")
    options = {a.option for a in legal(state) if a.kind == Kind.ENTER_VEHICLE}
    assert options == {2}  # the empty blue car, covered seat
    do(state, Action(Kind.ENTER_VEHICLE, option=2))
    assert state.vehicles[1].side == by_name(state, "Eve").side  # taken over


# --- engine, wheel, driving (ACT-FAST-ENGINE/WHEEL/DRIVE, VEH-02/06, VEH-MOVE-01/02) ---------------


@pytest.mark.rule("ACT-FAST-ENGINE", "VEH-06")
def test_a_parked_car_must_be_started_first_with_a_fast_action():
    state = turn_of(car_fight(engine_running=False), "Dan")
    actions = {a.kind for a in legal(state)}
    assert Kind.START_ENGINE in actions and Kind.DRIVE not in actions and Kind.MANEUVER not in actions
    events = do(state, Action(Kind.START_ENGINE))
    assert "engine_started" in kinds(events) and "roll" not in kinds(events)
    dan = by_name(state, "Dan")
    assert not dan.slow_used and dan.actions_used == 1  # fast
    assert state.vehicles[0].engine_running
    assert Action(Kind.DRIVE, zone=1) in legal(state)


@pytest.mark.rule("ACT-FAST-DRIVE", "VEH-MOVE-01", "VEH-02")
def test_driving_moves_the_vehicle_and_everyone_aboard_one_zone_with_a_fast_action_and_no_roll():
    state = turn_of(car_fight(), "Dan")
    assert Action(Kind.DRIVE, zone=2) not in legal(state)  # one zone per plain drive
    events = do(state, Action(Kind.DRIVE, zone=1))
    assert "roll" not in kinds(events) and "drove" in kinds(events)
    assert state.vehicles[0].zone == 1
    assert by_name(state, "Dan").zone == by_name(state, "Pat").zone == 1  # occupants move with it
    assert by_name(state, "Eve").zone == 0
    dan = by_name(state, "Dan")
    assert not dan.slow_used
    do(state, Action(Kind.DRIVE, zone=2))  # a second fast action: another zone
    assert state.vehicles[0].zone == 2 and by_name(state, "Pat").zone == 2


@pytest.mark.rule("VEH-MOVE-02", "AMB-11", "VEH-ATTR-MAN", "VEH-03")
def test_a_maneuver_rolls_mobility_plus_maneuverability_and_moves_one_zone_plus_one_per_success():
    state = turn_of(car_fight(), "Dan")
    # Dan: Agility 3 + Mobility 2 + car Maneuverability +1 = 6 dice; two sixes -> 1 + 2 zones
    events = do(state, Action(Kind.MANEUVER, zone=4), FixedDice([6, 6, NO, NO, NO, NO]))
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.get("dice")) == 6 and roll.get("successes") == 2
    assert state.vehicles[0].zone == 3 and by_name(state, "Pat").zone == 3


@pytest.mark.rule("VEH-MOVE-02", "AMB-11")
def test_a_maneuver_with_no_success_still_moves_one_zone():
    state = turn_of(car_fight(), "Dan")
    do(state, Action(Kind.MANEUVER, zone=4), FixedDice([NO] * 6))
    assert state.vehicles[0].zone == 1


@pytest.mark.rule("VEH-03", "AMB-15")
def test_the_driving_skill_option_rolls_agility_plus_driving():
    people = [fighter("Dan", "red", "A", skills={"mobility": 1, "driving": 3}), fighter("Foe", "blue", "E")]
    car = {"name": "Car", "type": "car", "zone": "A", "crew": [{"name": "Dan", "seat": "driver"}]}
    data = scenario_dict(zones=ZONES, combatants=people, rules={"ask_push": False})
    data["vehicles"] = [car]
    data["vehicle_rules"] = {"vehicle_skill": "Driving"}
    state = turn_of(game(data), "Dan")
    events = do(state, Action(Kind.MANEUVER, zone=3), FixedDice([NO] * 7))
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.get("dice")) == 3 + 3 + 1  # Agility + Driving + Maneuverability


@pytest.mark.rule("ACT-FAST-WHEEL")
def test_grabbing_the_wheel_from_a_passenger_seat_when_the_driver_is_out():
    state = turn_of(car_fight(), "Pat")
    assert Action(Kind.GRAB_WHEEL) not in legal(state)  # Dan holds the wheel and is fine
    by_name(state, "Dan").attrs[STR] = 0  # Broken
    assert Action(Kind.GRAB_WHEEL) in legal(state)
    do(state, Action(Kind.GRAB_WHEEL))
    pat = by_name(state, "Pat")
    v = state.vehicles[0]
    assert v.driver == pat.id and by_name(state, "Dan").id in v.occupants
    assert not pat.slow_used  # fast
    assert Action(Kind.DRIVE, zone=1) in legal(state)


@pytest.mark.rule("ACT-FAST-WHEEL", "ACT-FAST-VEHENTER")
def test_an_empty_vehicle_is_boarded_then_the_wheel_taken_in_one_turn():
    people = [fighter("Eve", "red", "A"), fighter("Foe", "blue", "E")]
    state = turn_of(make([{"name": "Car", "type": "car", "zone": "A", "side": "red"}], people), "Eve")
    do(state, Action(Kind.ENTER_VEHICLE, option=0))
    do(state, Action(Kind.GRAB_WHEEL))
    assert state.vehicles[0].driver == by_name(state, "Eve").id


def test_vehicles_cannot_enter_cramped_zones_or_zones_marked_for_no_vehicles():
    zones = ("A", {"name": "B", "vehicles": False}, "C", {"name": "D", "features": ["cramped"]})
    borders = [{"between": ["A", "B"]}, {"between": ["A", "C"]}, {"between": ["C", "D"]}]
    people = [fighter("Dan", "red", "A"), fighter("Foe", "blue", "B")]
    car = {"name": "Car", "type": "car", "zone": "A", "crew": [{"name": "Dan", "seat": "driver"}]}
    data = scenario_dict(zones=zones, borders=borders, combatants=people, rules={"ask_push": False})
    data["vehicles"] = [car]
    state = turn_of(game(data), "Dan")
    drives = {a.zone for a in legal(state) if a.kind in (Kind.DRIVE, Kind.MANEUVER)}
    assert drives == {2}  # only C: not B (vehicles: false), not D (cramped) beyond it
    data["vehicles"][0]["zone"] = "B"
    with pytest.raises(ScenarioError, match=r"vehicles\[0\]\.zone: 'B' is marked vehicles: false"):
        build(data, "<t>")


# --- ramming (VEH-RAM-01/02, AMB-15/16, VEH-DMG-06) --------------------------------------------------


@pytest.mark.rule("VEH-RAM-01", "VEH-RAM-02", "AMB-15", "AMB-16")
def test_ramming_a_person_is_a_slow_close_attack_with_the_driving_roll_for_half_the_hull():
    people = [
        fighter("Dan", "red", "A", skills={"mobility": 2}),
        fighter("Foe", "blue", "B", attributes={"strength": 5, "agility": 3, "wits": 3, "empathy": 3}),
    ]
    car = {"name": "Car", "type": "car", "zone": "A", "crew": [{"name": "Dan", "seat": "driver"}]}
    state = turn_of(make([car], people), "Dan")
    foe = by_name(state, "Foe")
    assert Action(Kind.RAM, foe.id) not in legal(state)  # AMB-16: not in the zone yet
    do(state, Action(Kind.DRIVE, zone=1))
    assert Action(Kind.RAM, foe.id) in legal(state)
    # 6 dice (Agility 3 + Mobility 2 + Maneuverability 1); one six: ceil(4 / 2) = 2 damage
    events = do(state, Action(Kind.RAM, foe.id), FixedDice([6, NO, NO, NO, NO, NO]))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.get("skill") == "Mobility" and len(roll.get("dice")) == 6
    hit = next(e for e in events if e.kind == "hit")
    assert hit.get("kind") == "ram" and hit.get("damage") == 2
    assert foe.attrs[STR] == 3
    assert by_name(state, "Dan").slow_used
    assert "block" not in engine.decision_kind(state)


@pytest.mark.rule("VEH-RAM-02", "ATK-06", "AMB-14", "VZC-02")
def test_each_extra_success_of_a_ram_adds_one_damage():
    people = [fighter("Dan", "red", "A"), fighter("Foe", "blue", "A", attributes={"strength": 5, "agility": 3,
                                                                                   "wits": 3, "empathy": 3})]  # fmt: skip
    truck = {"name": "Truck", "type": "truck", "zone": "A", "crew": [{"name": "Dan", "seat": "driver"}]}
    state = turn_of(make([truck], people), "Dan")
    foe = by_name(state, "Foe")
    do(state, Action(Kind.RAM, foe.id), FixedDice([6, 6, NO]))  # Agility 3, Maneuverability 0
    assert foe.attrs[STR] == 5 - (4 + 1)  # ceil(8 / 2) + 1: Broken


@pytest.mark.rule("VEH-RAM-01", "VEH-DMG-06", "VEH-DMG-04", "VEH-DMG-05")
def test_ramming_a_vehicle_goes_through_its_armor_and_rolls_component_damage_on_a_d6():
    people = [fighter("Dan", "red", "A"), fighter("Foe", "blue", "A"), fighter("Far", "blue", "E")]
    cars = [
        {"name": "Truck", "type": "truck", "zone": "A", "crew": [{"name": "Dan", "seat": "driver"}]},
        {"name": "Bike", "type": "motorcycle", "zone": "A", "crew": [{"name": "Foe", "seat": "driver"}]},
    ]
    state = turn_of(make(cars, people), "Dan")
    assert Action(Kind.RAM, option=1) in legal(state)
    # truck ram: 3 dice, two sixes -> 4 + 1 = 5 damage; the bike has no armor; component roll D6 = 3
    events = do(state, Action(Kind.RAM, option=1), FixedDice([6, 6, NO, (3, 6)]))
    crit = next(e for e in events if e.kind == "vehicle_crit")
    assert crit.get("die") == 6 and crit.get("row") == 3
    assert state.vehicles[1].wrecked
    assert state.vehicles[1].driver == -1  # VEH-DMG-03


# --- shooting at vehicles and at occupants (VEH-DMG-01..09, COVER-08, AMB-19) -----------------------


@pytest.mark.rule("VEH-DMG-01", "VEH-DMG-04", "RMOD-11", "VEH-ATTR-ARMOR")
def test_a_shot_at_a_vehicle_is_at_plus_two_and_goes_through_its_armor():
    state = turn_of(car_fight(), "Foe")
    # Foe: Agility 3 + Marksmanship 2 + rifle 2; Long range (A to E: 4 hops) -2, large target +2
    assert Action(Kind.SHOOT_VEHICLE, option=0) in legal(state)
    dice = [6, 6, NO, NO, NO, NO, NO, NO, NO, 6]  # hit with 2 successes: 3 damage; car armor 3 stops 1
    events = do(state, Action(Kind.SHOOT_VEHICLE, option=0), FixedDice(dice))
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.get("dice")) == 7
    armor = next(e for e in events if e.kind == "vehicle_armor")
    assert armor.get("rating") == 3
    assert state.vehicles[0].damage == 2
    assert by_name(state, "Foe").slow_used


@pytest.mark.rule("VEH-DMG-08", "AMB-19", "VEH-DMG-07")
def test_occupants_who_are_not_exposed_cannot_be_shot():
    state = turn_of(car_fight(), "Foe")
    foe = by_name(state, "Foe")
    for name in ("Dan", "Pat"):
        assert not can_shoot(state, foe, by_name(state, name))
        assert not any(a.kind == Kind.SHOOT and a.target == by_name(state, name).id for a in legal(state))
    assert any(a.kind == Kind.SHOOT and a.target == by_name(state, "Eve").id for a in legal(state))


def technical(**extra: Any):
    """A pickup in A: Dan drives, Gus in the exposed bed mans the hmg, Rik in the bed with a rifle,
    Cab in a covered seat with a pistol. Foe in C with a rifle."""
    people = [
        fighter("Dan", "red", "A"),
        fighter("Gus", "red", "A", skills={"marksmanship": 1}),
        fighter("Rik", "red", "A", weapons=["rifle"]),
        fighter("Cab", "red", "A", weapons=["pistol"]),
        fighter("Foe", "blue", "C", weapons=["rifle"], skills={"marksmanship": 2}),
    ]
    pickup = {
        "name": "Pickup", "type": "pickup", "zone": "A", "exposed_seats": 2,
        "crew": [{"name": "Dan", "seat": "driver"}, {"name": "Gus", "exposed": True},
                 {"name": "Rik", "exposed": True}, {"name": "Cab"}],
        "weapons": [{"weapon": "hmg", "gunner": "Gus"}], **extra,
    }  # fmt: skip
    return make([pickup], people)


@pytest.mark.rule("VEH-DMG-09", "COVER-08", "COVER-02", "VEH-DMG-08")
def test_an_exposed_occupant_of_a_ground_vehicle_has_cover_equal_to_its_armor():
    state = turn_of(technical(), "Foe")
    rik = by_name(state, "Rik")
    assert Action(Kind.SHOOT, rik.id) in legal(state)
    # Foe 7 dice at Long (-2): 5 dice; two sixes -> 3 damage; cover 4 dice stop 1 (one six)
    events = do(state, Action(Kind.SHOOT, rik.id), FixedDice([6, 6, NO, NO, NO, 6, NO, NO, NO]))
    cover = next(e for e in events if e.kind == "cover")
    assert cover.get("rating") == 4 and cover.get("vehicle") == "Pickup"
    assert rik.attrs[STR] == 3 - 2


@pytest.mark.rule("VEH-DMG-09", "COVER-01", "COVER-08", "ARMOR-05", "VEH-DMG-04")
@pytest.mark.parametrize(("wears", "armor_after"), [(True, 4 - 2), (False, 4)])
def test_the_vehicle_cover_of_an_occupant_wears_the_vehicles_armor_when_damage_gets_through(wears, armor_after):
    state = turn_of(technical(), "Foe")
    state.vehicles[0].options = state.vehicles[0].options.with_overrides(occupant_cover_wears=wears)
    rik = by_name(state, "Rik")
    # two sixes -> 3 damage; the pickup's cover (armor 4) rolls [6 1 1 3]: stops 1, two banes
    events = do(state, Action(Kind.SHOOT, rik.id), FixedDice([6, 6, NO, NO, NO, 6, 1, 1, NO]))
    assert next(e for e in events if e.kind == "cover").get("rating") == 4
    assert rik.attrs[STR] == 3 - 2
    assert state.vehicles[0].armor == armor_after  # ARMOR-05: one point per bane, damage got through
    state = turn_of(technical(), "Foe")
    state.vehicles[0].options = state.vehicles[0].options.with_overrides(occupant_cover_wears=wears)
    # one six -> 2 damage; the cover rolls [6 6 1 1]: stops both, so its banes are ignored (ARMOR-05)
    do(state, Action(Kind.SHOOT, by_name(state, "Rik").id), FixedDice([6, NO, NO, NO, NO, 6, 6, 1, 1]))
    assert state.vehicles[0].armor == 4


@pytest.mark.rule("VEH-DMG-09", "AMB-19", "VEH-AIR-01")
def test_an_exposed_occupant_of_an_air_vehicle_has_no_cover():
    people = [fighter("Pil", "red", "A"), fighter("Dor", "red", "A"),
              fighter("Foe", "blue", "A", weapons=["rifle"])]  # fmt: skip
    heli = {"name": "Heli", "type": "helicopter", "zone": "A", "exposed_seats": 1,
            "crew": [{"name": "Pil", "seat": "driver"}, {"name": "Dor", "exposed": True}]}  # fmt: skip
    state = turn_of(make([heli], people), "Foe")
    dor = by_name(state, "Dor")
    events = do(state, Action(Kind.SHOOT, dor.id), FixedDice([6, NO, NO, NO, NO]))
    assert "cover" not in kinds(events)
    assert dor.attrs[STR] == 1  # 2 damage, no cover


@pytest.mark.rule("VEH-DMG-08")
def test_exposed_passengers_shoot_out_with_their_own_weapons_covered_ones_cannot():
    state = turn_of(technical(), "Rik")
    foe = by_name(state, "Foe")
    assert Action(Kind.SHOOT, foe.id) in legal(state)
    state = turn_of(state, "Cab")
    assert not any(a.kind == Kind.SHOOT for a in legal(state))
    assert not any(a.kind == Kind.OVERWATCH for a in legal(state))


def test_a_mounted_weapon_is_fired_by_its_gunner_and_can_be_manned_by_another():
    state = turn_of(technical(), "Gus")
    gus, foe = by_name(state, "Gus"), by_name(state, "Foe")
    assert state.setup.weapons[gus.weapons[gus.held].name].name == "Hmg (Pickup)"
    assert Action(Kind.SHOOT, foe.id) in legal(state)
    gus.attrs[STR] = 0  # out of the fight
    state = turn_of(state, "Cab")
    assert Action(Kind.MAN_WEAPON, option=0) in legal(state)
    assert engine.describe(state, Action(Kind.MAN_WEAPON, option=0)) == "man the Hmg (Pickup)"
    do(state, Action(Kind.MAN_WEAPON, option=0))
    cab = by_name(state, "Cab")
    assert cab.weapons[cab.held].name.startswith("@Pickup/")
    assert not any(w.name.startswith("@") for w in gus.weapons)
    assert Action(Kind.SHOOT, foe.id) in legal(state)  # from a covered seat, with the mounted gun


@pytest.mark.rule("VEH-DMG-07", "VEH-CRIT-04", "AMB-19")
def test_a_covered_driver_is_hurt_through_the_component_damage_table():
    state = turn_of(technical(), "Foe")
    dan = by_name(state, "Dan")
    # a hit of 3 (2 successes), pickup armor 4 stops none: 3 >= ceil(3/2): component roll D66 = 24 -> row 4
    dice = [6, 6, NO, NO, NO, NO, NO, NO, NO, NO, NO, 2, 4]  # 7 dice: Long -2, large target +2
    events = do(state, Action(Kind.SHOOT_VEHICLE, option=0), FixedDice(dice))
    crit = next(e for e in events if e.kind == "vehicle_crit")
    assert crit.get("row") == 4
    assert dan.attrs[STR] == 0 and state.vehicles[0].wrecked  # 3 damage to the driver; hull 3: a wreck


@pytest.mark.rule("VEH-DMG-03", "VEH-DMG-02")
def test_everyone_aboard_a_wreck_can_only_get_out():
    state = turn_of(technical(damage=2), "Foe")
    do(state, Action(Kind.SHOOT_VEHICLE, option=0), FixedDice([6, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO]))
    v = state.vehicles[0]
    assert v.wrecked and v.driver == -1 and not v.engine_running
    state = turn_of(state, "Rik")
    assert {a.kind for a in legal(state)} <= {Kind.END_TURN, Kind.SWAP_INITIATIVE, Kind.EXIT_VEHICLE}
    assert Action(Kind.EXIT_VEHICLE) in legal(state)


@pytest.mark.rule("VEH-CRIT-09")
def test_a_disabled_mounted_weapon_is_broken_in_its_gunners_hands():
    state = turn_of(technical(), "Foe")
    dice = [6, 6, NO, NO, NO, NO, NO, NO, NO, NO, NO, 5, 1]  # D66 51 -> row 9, weapon disabled
    do(state, Action(Kind.SHOOT_VEHICLE, option=0), FixedDice(dice))
    gus = by_name(state, "Gus")
    assert state.vehicles[0].weapons[0].disabled
    assert gus.weapons[gus.held].bonus == -1
    state = turn_of(state, "Gus")
    assert not any(a.kind == Kind.SHOOT for a in legal(state))


@pytest.mark.rule("VEH-CRIT-09", "ATK-07")
def test_a_gunner_cannot_aim_watch_or_fire_with_a_disabled_mounted_weapon():
    from yz_gym.rulesets.yze.vehicles.seats import sync_weapons

    state = turn_of(technical(), "Gus")
    assert {Kind.AIM, Kind.OVERWATCH, Kind.SHOOT} <= {a.kind for a in legal(state)}
    state.vehicles[0].weapons[0].disabled = True  # VEH-CRIT-09, the vehicle still whole
    sync_weapons(state)
    offered = {a.kind for a in legal(state)}
    assert not offered & {Kind.SHOOT, Kind.SHOOT_VEHICLE, Kind.AIM, Kind.OVERWATCH, Kind.RELOAD, Kind.MAN_WEAPON}


def test_grenades_do_not_reach_occupants_who_are_not_exposed():
    from yz_gym.rulesets.yze.combat.explosions import explosion

    state = technical()
    events: list = []
    explosion(state, 0, 6, FixedDice([6] * 40), events)
    hit = {e.target for e in events if e.kind == "blast"}
    names = {state.combatants[i].name for i in hit}
    assert names == {"Gus", "Rik"}


# --- air vehicles (VEH-AIR-01..05, AMB-42) ---------------------------------------------------------


def heli_fight(altitude: int = 0):
    people = [fighter("Pil", "red", "A", skills={"mobility": 1}), fighter("Dor", "red", "A"),
              fighter("Foe", "blue", "C", weapons=["rifle"])]  # fmt: skip
    heli = {"name": "Heli", "type": "helicopter", "zone": "A", "altitude": altitude, "exposed_seats": 1,
            "crew": [{"name": "Pil", "seat": "driver"}, {"name": "Dor", "exposed": True}]}  # fmt: skip
    return make([heli], people)


@pytest.mark.rule("VEH-AIR-02", "VEH-AIR-03")
def test_an_aircraft_climbs_and_each_zone_of_movement_is_vertical_or_horizontal():
    state = turn_of(heli_fight(), "Pil")
    v = state.vehicles[0]
    assert Action(Kind.DRIVE, option=DESCEND) not in legal(state)  # altitude never below 0
    do(state, Action(Kind.DRIVE, option=CLIMB))
    assert v.altitude == 1 and v.zone == 0
    # a climbing maneuver: Agility 3 + Mobility 1 + Maneuverability 3 = 7 dice, 2 sixes -> 3 zones up
    do(state, Action(Kind.MANEUVER, option=CLIMB), FixedDice([6, 6, NO, NO, NO, NO, NO]))
    assert v.altitude == 4 and v.zone == 0  # all vertical, nothing across
    assert Action(Kind.EXIT_VEHICLE) not in legal(state)


@pytest.mark.rule("VEH-AIR-04", "VEH-AIR-05", "VEH-DMG-02")
def test_an_aircraft_shot_down_in_a_fight_crashes_with_everyone_aboard():
    state = turn_of(heli_fight(altitude=1), "Foe")
    state.vehicles[0].damage = 4  # one more point wrecks it (Hull 5)
    foe = by_name(state, "Foe")
    assert Action(Kind.SHOOT_VEHICLE, option=0) in legal(state)
    events = do(state, Action(Kind.SHOOT_VEHICLE, option=0), FixedDice([6] + [NO] * 30))
    assert "crash" in kinds(events) and "wrecked" in kinds(events)
    crashed = {state.combatants[e.target].name for e in events if e.kind == "crash_damage"}
    assert crashed == {"Pil", "Dor"}
    assert state.vehicles[0].altitude == 0 and foe.slow_used


@pytest.mark.rule("VEH-AIR-02")
def test_altitude_counts_in_the_range_of_shots():
    state = heli_fight(altitude=3)
    dor, foe = by_name(state, "Dor"), by_name(state, "Foe")
    assert range_between(state, foe, dor) == Range.EXTREME  # 2 hops + 3 altitude
    state.vehicles[0].altitude = 0
    assert range_between(state, foe, dor) == Range.LONG


@pytest.mark.rule("VEH-AIR-04", "VEH-AIR-05", "AMB-22", "FALL-04")
def test_a_crashing_aircraft_hurts_everyone_aboard_d3_plus_altitude_less_armor_and_brace():
    state = heli_fight(altitude=2)
    v = state.vehicles[0]
    events: list = []
    # Pil: D3 = 2, + 2 altitude = 4; armor 2 dice: one six -> 3; brace (Agility 3 + Mobility 1): one six -> 2
    # Dor: D3 = 1, + 2 = 3; armor: none; brace 3 dice: none -> 3
    dice = [(2, 3), 6, NO, 6, NO, NO, NO, (1, 3), NO, NO, NO, NO, NO]
    crash(state, v, 3, FixedDice(dice), events)
    amounts = {state.combatants[e.target].name: e.get("amount") for e in events if e.kind == "crash_damage"}
    assert amounts == {"Pil": 2, "Dor": 3}
    assert v.wrecked and v.altitude == 0


@pytest.mark.rule("VEH-CRIT-11", "AMB-42")
def test_an_aircraft_whose_engine_fails_comes_down_one_zone_per_round_and_lands():
    state = heli_fight(altitude=2)
    v = state.vehicles[0]
    v.engine_disabled = True
    rng = np.random.default_rng(0)
    start = state.round
    while state.round < start + 3:
        do(state, Action(Kind.END_TURN), rng)
    assert v.altitude == 0 and not v.crashed


@pytest.mark.rule("VEH-AIR-02")
def test_no_ram_from_altitude_and_no_landing_where_vehicles_cannot_go():
    zones = ("A", {"name": "B", "vehicles": False})
    people = [fighter("Pil", "red", "B"), fighter("Foe", "blue", "B")]
    heli = {"name": "Heli", "type": "helicopter", "zone": "B", "altitude": 1,
            "crew": [{"name": "Pil", "seat": "driver"}]}  # fmt: skip
    state = turn_of(make([heli], people, zones=zones), "Pil")
    actions = legal(state)
    assert Action(Kind.DRIVE, option=DESCEND) not in actions
    assert not any(a.kind == Kind.RAM for a in actions)
    assert Action(Kind.DRIVE, zone=0) in actions  # flying over to A


# --- the scenario format -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["vehicles"][0].update(altitude=2), r"vehicles\[0\]\.altitude: a car has no altitude"),
        (lambda d: d["vehicles"][0]["crew"].append({"name": "Foe"}), r"crew\[2\]\.name: 'Foe' is not on"),
        (lambda d: d["vehicles"][0].update(type="tank"), r"a tank seats 1 with the driver"),
        (
            lambda d: d["vehicles"][0]["crew"][1].update(exposed=True),
            r"crew\[1\]\.exposed: no exposed seat left",
        ),
        (lambda d: d["vehicles"][0].update(damage=4), r"would make it a wreck"),
        (
            lambda d: d["vehicles"][0].update(weapons=[{"weapon": "hmg", "gunner": "Eve"}]),
            r"'Eve' is not in this",
        ),
        (lambda d: d["vehicles"][0].update(color="red"), r"unknown key 'color'"),
        (lambda d: d.update(vehicle_rules={"vehicle_skil": "Driving"}), r"did you mean 'vehicle_skill'"),
    ],
)
def test_vehicle_mistakes_are_one_line_errors(change, message):
    people = [fighter("Dan", "red", "A"), fighter("Pat", "red", "A"), fighter("Eve", "red", "A"),
              fighter("Foe", "blue", "A")]  # fmt: skip
    data = scenario_dict(zones=ZONES, combatants=people, weapons=HMG)
    data["vehicles"] = [{"name": "Car", "type": "car", "zone": "A",
                         "crew": [{"name": "Dan", "seat": "driver"}, {"name": "Pat"}]}]  # fmt: skip
    change(data)
    with pytest.raises(ScenarioError, match=message) as caught:
        build(data, "<t>")
    assert "\n" not in str(caught.value)


def test_no_boarding_while_engaged_or_prone_and_fast_vehicle_actions():
    people = [fighter("Eve", "red", "A", engaged_with=["Foe"]), fighter("Foe", "blue", "A")]
    state = turn_of(make([{"name": "Car", "type": "car", "zone": "A", "side": "red"}], people), "Eve")
    assert not any(a.kind == Kind.ENTER_VEHICLE for a in legal(state))  # ACTN-RUN-02 in spirit
    state = turn_of(technical(), "Cab")
    by_name(state, "Gus").attrs[STR] = 0
    do(state, Action(Kind.MAN_WEAPON, option=0))
    assert not by_name(state, "Cab").slow_used  # manning a gun is fast


def test_the_observation_shows_vehicles_and_riders():
    from yz_gym.envs.observation import FIELDS
    from yz_gym.envs.skirmish import SkirmishEnv
    from yz_gym.envs.vehicle_obs import N_RIDER, N_VEHICLE, RIDER_FIELDS, VEHICLE_FIELDS

    env = SkirmishEnv(scenario="technical_raid")
    obs, _ = env.reset(seed=3)
    v0, r0 = FIELDS["vehicles"].offset, FIELDS["riding"].offset
    assert obs[v0 + VEHICLE_FIELDS.index("used")] == 1.0 and obs[v0 + N_VEHICLE] == 1.0  # two vehicles
    assert obs[v0 + 2 * N_VEHICLE] == 0.0
    assert obs[v0 + N_VEHICLE + VEHICLE_FIELDS.index("engine_running")] == 0.0  # the parked car
    aboard = [obs[r0 + slot * N_RIDER + RIDER_FIELDS.index("aboard")] for slot in range(20)]
    assert sum(aboard) >= 1.0


# --- invariants under random play ---------------------------------------------------------------


def _check_vehicles(state) -> None:
    for i, v in enumerate(state.vehicles):
        assert 0 <= v.damage <= v.hull, f"{v.name}: damage {v.damage}"
        assert v.altitude >= 0
        if v.wrecked:
            assert v.driver == -1, f"{v.name} is a wreck but someone drives it"
        assert v.driver == -1 or v.driver in v.occupants
        assert len(v.occupants) <= v.type.seats
        for o in v.occupants:
            c = state.combatants[o]
            assert c.vehicle == i and c.zone == v.zone and not c.engaged
        for w in v.weapons:
            assert w.gunner == -1 or w.gunner in v.occupants
    for c in state.combatants:
        assert c.vehicle < 0 or c.id in state.vehicles[c.vehicle].occupants
        if c.mount is not None:
            assert 0 <= c.mount.strength <= c.mount.max_strength
            assert c.mount.dead == (c.mount.strength == 0)


@pytest.mark.rule("VEH-DMG-02", "VEH-DMG-03", "VEH-AIR-02", "MOUNT-14")
def test_random_play_keeps_the_vehicle_and_mount_invariants():
    """Hull damage within 0..Hull, nobody drives a wreck, altitude never below 0, occupants with
    their vehicle; every legal action is accepted."""
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario

    rng = np.random.default_rng(11)
    scenarios = [load_scenario(n) for n in ("cavalry_skirmish", "apc_ambush", "technical_raid")]
    scenarios.append(build(_smoke(), "<smoke>"))
    for scenario in scenarios:
        for game_no in range(25):
            state = engine.new_game(scenario, rng)
            steps = 0
            while not engine.is_over(state):
                _check_vehicles(state)
                actions = engine.legal_actions(state)
                if steps % 41 == 0:
                    for a in actions:
                        engine.apply(state.clone(), a, np.random.default_rng(steps))
                        assert engine.describe(state, a)
                engine.apply(state, actions[int(rng.integers(len(actions)))], rng)
                steps += 1
            _check_vehicles(state)
            assert game_no >= 0


def _smoke() -> dict[str, Any]:
    """Every kind of vehicle and a rider on one small map."""
    people = [
        fighter("Dan", "red", "A", skills={"mobility": 2}),
        fighter("Gus", "red", "A", skills={"marksmanship": 2}),
        fighter("Kit", "red", "B", weapons=["sword", "pistol"], mount={"strength": 4, "agility": 4}),
        fighter("Pil", "red", "D"),
        fighter("Foe", "blue", "D", weapons=["rifle"], skills={"marksmanship": 2}),
        fighter("Fox", "blue", "D", weapons=["pistol", "knife"]),
        fighter("Bo", "blue", "C", weapons=["pistol"]),
    ]
    zones = ("A", "B", {"name": "C", "features": ["cluttered"]}, "D", {"name": "E", "vehicles": False})
    data = scenario_dict(zones=zones, combatants=people, weapons=HMG)
    data["vehicles"] = [
        {"name": "Pickup", "type": "pickup", "zone": "A", "exposed_seats": 2,
         "crew": [{"name": "Dan", "seat": "driver"}, {"name": "Gus", "exposed": True}],
         "weapons": [{"weapon": "hmg", "gunner": "Gus"}]},
        {"name": "Bike", "type": "motorcycle", "zone": "C", "crew": [{"name": "Bo", "seat": "driver"}]},
        {"name": "Car", "type": "car", "zone": "D", "side": "blue", "engine_running": False},
        {"name": "Heli", "type": "helicopter", "zone": "D", "altitude": 1,
         "crew": [{"name": "Pil", "seat": "driver"}]},
    ]  # fmt: skip
    return data
