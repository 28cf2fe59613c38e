"""Vehicles: the table, crew, driving, damage, component damage, crashes, rams, repairs, falls
(CATALOG 1.8-1.13; SRD_DIGEST 2.11 VZC-, 4.3 FALL-)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, fighter, game, kinds, scenario_dict
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.vehicles.damage import (
    apply_crit,
    crash,
    crit_die,
    hit_vehicle,
    ram,
    ram_crit_sides,
    roll_crit_row,
    round_end,
)
from yz_gym.rulesets.yze.vehicles.operation import (
    START_ENGINE_ACTION,
    VehicleError,
    VehicleOptions,
    board,
    can_drive,
    can_move,
    can_target_occupant,
    drive_zones,
    driving_pool,
    driving_roll,
    enter_exit_action,
    fall,
    fall_damage,
    fly,
    leave,
    new_vehicle,
    occupant_cover,
    repair,
    repair_component,
    shoot_occupant,
    start_engine,
    take_wheel,
    travel_speed,
)
from yz_gym.rulesets.yze.vehicles.tables import VEHICLE_CRITS, VEHICLES
from yz_gym.rulesets.yze.vehicles.vehicle import MountedWeapon

STRONG = {"strength": 5, "agility": 3, "wits": 3, "empathy": 3}
NO = (2, 3, 4, 5)  # faces with neither a success nor a bane


def world(n: int = 4, rules: dict[str, Any] | None = None, **skills: int):
    """People 0..n-1 on one road (the last one on the other side), Strength 5 so they last."""
    step = (rules or {}).get("dice_mode") == "step"
    attrs = {k: "C" for k in STRONG} if step else dict(STRONG)
    people = [
        fighter(f"P{i}", "red" if i < n - 1 else "blue", "Road", attributes=attrs, skills=dict(skills))
        for i in range(n)
    ]
    return game(scenario_dict(zones=("Road",), combatants=people, rules={"ask_push": False, **(rules or {})}))


def vehicle(state, kind: str = "car", crew: tuple[int, ...] = (0, 1), **options: Any):
    v = new_vehicle(kind, options=VehicleOptions(**options), dice_mode=state.options.dice_mode)
    for i, c in enumerate(crew):
        board(v, c, drive=i == 0)
    return v


def strength(state, i: int) -> int:
    return state.combatants[i].attrs[0]


def no_successes(n: int) -> list[int]:
    return [NO[i % len(NO)] for i in range(n)]


# --- the table and its attributes ------------------------------------------------------------

CATALOG_TABLE = {  # CATALOG 1.8a, "—" read as 0 (AMB-14, VZC-02)
    "car": (4, 1, 4, 3, 10, 1),
    "truck": (3, 0, 8, 3, 8, 1),
    "motorcycle": (1, 2, 2, 0, 9, 2),
    "dirt_bike": (1, 2, 2, 0, 6, 4),
    "pickup": (3, 1, 3, 4, 9, 4),
    "apc": (8, 0, 8, 8, 8, 6),
    "tank": (0, 0, 10, 12, 7, 6),
    "helicopter": (5, 3, 5, 2, 40, 40),
}


@pytest.mark.rule(
    "VEH-TABLE",
    "VEH-ATTR-PASS",
    "VEH-ATTR-MAN",
    "VEH-ATTR-HULL",
    "VEH-ATTR-ARMOR",
    "VEH-ATTR-SPEED",
    "VZC-02",
)
def test_vehicle_table_is_the_seed_table_with_dashes_as_zero():
    assert set(VEHICLES) == set(CATALOG_TABLE)
    for kind, (passengers, man, hull, armor, road, offroad) in CATALOG_TABLE.items():
        t = VEHICLES[kind]
        assert (t.passengers, t.maneuverability, t.hull, t.armor) == (passengers, man, hull, armor), kind
        v = new_vehicle(kind)
        assert (travel_speed(v, "road"), travel_speed(v, "offroad")) == (road, offroad)
    assert VEHICLES["helicopter"].air and not VEHICLES["car"].air
    assert VEHICLES["motorcycle"].bike and VEHICLES["dirt_bike"].bike and not VEHICLES["pickup"].bike


@pytest.mark.rule("VEH-RAM-02", "VEH-DMG-05", "VEH-ATTR-PASS")
def test_derived_values_of_table_1_8b():
    expected = {  # ram damage, component threshold, seats
        "car": (2, 2, 5), "truck": (4, 4, 4), "motorcycle": (1, 1, 2), "dirt_bike": (1, 1, 2),
        "pickup": (2, 2, 4), "apc": (4, 4, 9), "tank": (5, 5, 1), "helicopter": (3, 3, 6),
    }  # fmt: skip
    for kind, (ram_dmg, threshold, seats) in expected.items():
        t = VEHICLES[kind]
        assert (t.ram_damage, t.component_threshold, t.seats) == (ram_dmg, threshold, seats), kind
        assert t.ram_damage == math.ceil(t.hull / 2)


@pytest.mark.rule("VZC-03", "VEH-DMG-04")
def test_step_dice_read_vehicle_armor_as_a_grade():
    grades = {"helicopter": 3, "car": 3, "truck": 3, "pickup": 6, "apc": 12, "tank": 12, "motorcycle": 0}
    for kind, points in grades.items():
        assert new_vehicle(kind, dice_mode="step").armor == points, kind
    state = world(rules={"dice_mode": "step", "damage_model": "health_resolve"})
    pickup = vehicle(state, "pickup")
    pool = dice.rating_pool(pickup.armor, "step")
    assert [d.sides for d in pool.dice] == [8, 8]  # grade C: two D8


@pytest.mark.rule("VEH-01", "VEH-ATTR-PASS")
def test_boarding_fills_the_seats_of_each_type_and_no_more():
    state = world(6)
    for kind, t in VEHICLES.items():  # VEH-01: every modern vehicle of the table can be crewed
        v = new_vehicle(kind)
        for c in range(t.seats):
            board(v, c, drive=c == 0)
        assert v.driver == 0 and v.passengers == list(range(1, t.seats)), kind
        if t.seats < 6:
            with pytest.raises(VehicleError, match="full"):
                board(v, t.seats)
    tank = new_vehicle("tank")
    board(tank, 0, drive=True)
    with pytest.raises(VehicleError, match="1 seats"):
        board(tank, 1)
    car = vehicle(state)
    leave(car, 0)
    assert car.driver == -1 and not can_drive(state, car)
    with pytest.raises(VehicleError):
        leave(car, 0)


@pytest.mark.rule("VEH-04", "VEH-05")
def test_getting_in_is_slow_but_fast_on_a_bike():
    assert enter_exit_action(new_vehicle("car")) == "slow"
    assert enter_exit_action(new_vehicle("helicopter")) == "slow"
    assert enter_exit_action(new_vehicle("motorcycle")) == "fast"
    assert enter_exit_action(new_vehicle("dirt_bike")) == "fast"
    fast = new_vehicle("car", options=VehicleOptions(enter_exit_action="fast"))  # AMB-10 switch
    assert enter_exit_action(fast) == "fast"


@pytest.mark.rule("VEH-06", "VEH-CRIT-11")
def test_starting_the_engine_is_fast_and_a_failed_engine_will_not_start():
    assert START_ENGINE_ACTION == "fast"
    v = new_vehicle("car")
    v.engine_running = False
    start_engine(v)
    assert v.engine_running
    v.engine_disabled = True
    with pytest.raises(VehicleError):
        start_engine(v)
    assert not can_move(v)


@pytest.mark.rule("VEH-02", "VEH-MOVE-01")
def test_a_plain_drive_needs_no_roll_and_moves_one_zone():
    dice_ = FixedDice()
    assert drive_zones(None) == 1
    assert dice_.faces == []


@pytest.mark.rule("VEH-03", "VEH-MOVE-02", "VEH-ATTR-MAN")
def test_a_maneuver_roll_adds_maneuverability_and_one_zone_per_success():
    state = world(mobility=1)
    car = vehicle(state)  # Maneuverability +1
    assert len(driving_pool(state, state.combatants[0], car).dice) == 3 + 1 + 1
    events: list = []
    roll = driving_roll(state, car, FixedDice([6, 6, 2, 3, 4]), events)
    assert roll.successes == 2 and drive_zones(roll.successes) == 3
    assert drive_zones(0) == 1  # AMB-11: 0 successes still one zone
    assert events[0].get("skill") == "Mobility"
    heli = vehicle(state, "helicopter", (2,))
    assert len(driving_pool(state, state.combatants[2], heli).dice) == 3 + 1 + 3


@pytest.mark.rule("VEH-03", "CHASE-14")
def test_games_with_a_driving_skill_roll_agility_plus_driving():
    state = world(mobility=2)
    state.combatants[0].skills = {**state.combatants[0].skills, "Driving": 1}
    car = vehicle(state, vehicle_skill="Driving")
    pool = driving_pool(state, state.combatants[0], car)
    assert len(pool.dice) == 3 + 1 + 1  # Agility 3, Driving 1, Maneuverability +1 (not Mobility 2)
    events: list = []
    driving_roll(state, car, FixedDice(no_successes(5)), events)
    assert events[0].get("skill") == "Driving"


# --- damage ------------------------------------------------------------------------------------


@pytest.mark.rule("VEH-DMG-01", "VEH-DMG-02", "VEH-DMG-03", "VEH-ATTR-HULL")
def test_damage_adds_up_to_the_hull_and_a_wreck_cannot_be_driven():
    state = world()
    truck = vehicle(state, "truck")  # Hull 8, Armor 3, component damage from 4
    events: list = []
    for _ in range(3):
        hit_vehicle(state, truck, 3, FixedDice(no_successes(3)), events)
    assert truck.damage == 8 and truck.wrecked  # 9 taken, capped at the Hull
    assert "vehicle_crit" not in kinds(events)  # 3 < 4 each time
    assert kinds(events).count("wrecked") == 1
    assert truck.driver == -1 and not can_move(truck) and not can_drive(state, truck)
    with pytest.raises(VehicleError, match="wreck"):
        take_wheel(truck, 1)


@pytest.mark.rule("VEH-DMG-04", "VEH-ATTR-ARMOR")
def test_vehicle_armor_works_like_body_armor():
    state = world()
    truck = vehicle(state, "truck")
    events: list = []
    assert hit_vehicle(state, truck, 3, FixedDice([6, 6, 1]), events) == 1  # two successes stop 2
    assert truck.armor == 2  # ARMOR-05: the bane counts because damage got through
    assert hit_vehicle(state, truck, 1, FixedDice([6, 1]), events) == 0
    assert truck.armor == 2  # all stopped: banes ignored
    assert "vehicle_armor_degraded" in kinds(events)


@pytest.mark.rule("VEH-DMG-05")
def test_component_damage_when_one_hit_does_half_the_full_hull_after_armor():
    state = world()
    heli = vehicle(state, "helicopter")  # Hull 5: 3 or more; Armor 2; D66 in pool games
    events: list = []
    hit_vehicle(state, heli, 2, FixedDice(no_successes(2)), events)
    assert "vehicle_crit" not in kinds(events)
    dice_ = FixedDice([*no_successes(2), 2, 1])  # D66 = 21: row 3
    hit_vehicle(state, heli, 3, dice_, events)
    crit = next(e for e in events if e.kind == "vehicle_crit")
    assert (crit.get("row"), crit.get("die")) == (3, 66) and heli.maneuver_mod == -1
    events.clear()
    hit_vehicle(state, heli, 3, FixedDice([6, 2]), events)  # armor stops 1: 2 left, no crit
    assert "vehicle_crit" not in kinds(events)
    before = vehicle(state, "helicopter", (2,), component_check="before_armor")  # AMB-17 switch
    hit_vehicle(state, before, 3, FixedDice([6, 2, 2, 1]), events)
    assert "vehicle_crit" in kinds(events)


@pytest.mark.rule("VEH-DMG-06", "VEH-CRIT-03")
def test_close_combat_hits_roll_the_d6_column():
    state = world()
    car = vehicle(state)
    events: list = []
    hit_vehicle(state, car, 2, FixedDice([*no_successes(3), (3, 6)]), events, close=True)
    crit = next(e for e in events if e.kind == "vehicle_crit")
    assert (crit.get("die"), crit.get("row")) == (6, 3)
    assert crit_die(state, car, close=True) == 6
    assert crit_die(state, car, close=False) == 66  # AMB-18: D66 with the dice pool
    assert crit_die(state, vehicle(state, crit_die="d12"), close=False) == 12
    step = world(rules={"dice_mode": "step", "damage_model": "health_resolve"})
    assert crit_die(step, vehicle(step), close=False) == 12


@pytest.mark.rule("VEH-DMG-08", "VEH-DMG-09")
def test_only_exposed_occupants_can_be_shot_and_a_ground_vehicle_is_their_cover():
    state = world()
    bike = vehicle(state, "pickup", (0, 1))
    bike.exposed.add(1)
    assert can_target_occupant(bike, 1) and not can_target_occupant(bike, 0)
    assert occupant_cover(bike) == 4
    events: list = []
    landed = shoot_occupant(state, bike, state.combatants[1], 3, FixedDice([6, 6, 2, 2]), events)
    assert landed == 1 and events[0].kind == "cover" and events[0].get("rating") == 4
    heli = vehicle(state, "helicopter", (2, 3))
    heli.exposed.add(3)
    assert occupant_cover(heli) == 0  # AMB-19: no cover in the air
    events.clear()
    assert shoot_occupant(state, heli, state.combatants[3], 3, FixedDice(), events) == 3
    assert events == []


@pytest.mark.rule("VEH-DMG-07", "VEH-CRIT-04")
def test_driver_hit_deals_the_vehicles_damage_to_the_driver():
    state = world()
    car = vehicle(state)
    events: list = []
    hit_vehicle(state, car, 3, FixedDice([*no_successes(3), 2, 4]), events)  # D66 24: row 4
    assert car.damage == 3 and strength(state, 0) == 2 and strength(state, 1) == 5


# --- every row of the component damage table -----------------------------------------------------


@pytest.mark.rule("VEH-CRIT-01")
def test_ricochet_hits_another_target_in_the_zone_instead():
    state = world()
    car = vehicle(state)
    events: list = []
    bystander = state.combatants[3]
    hit_vehicle(state, car, 2, FixedDice([*no_successes(3), 1, 1]), events, others=(bystander,))
    assert car.damage == 0 and bystander.attrs[0] == 3  # AMB-20: the vehicle keeps nothing
    keeps = vehicle(state, "car", (2,), ricochet_cancels_vehicle_damage=False)
    hit_vehicle(state, keeps, 2, FixedDice([*no_successes(3), 1, 2]), events, others=(bystander,))
    assert keeps.damage == 2 and bystander.attrs[0] == 1
    lonely = vehicle(state, "car", (3,))
    hit_vehicle(state, lonely, 2, FixedDice([*no_successes(3), 1, 3]), events)
    assert lonely.damage == 0 and events[-1].kind == "ricochet" and events[-1].get("to") is None
    other_car = vehicle(state, "truck", ())  # 2 is below a truck's threshold: no second crit
    hit_vehicle(
        state, lonely, 2, FixedDice([*no_successes(3), 1, 3, *no_successes(3)]), events, others=(other_car,)
    )
    assert other_car.damage == 2


@pytest.mark.rule("VEH-CRIT-02")
def test_skid_costs_the_driver_the_next_turn_on_a_failed_roll():
    state = world()
    car = vehicle(state)
    events: list = []
    apply_crit(state, car, 2, 2, FixedDice(no_successes(4)), events)
    assert state.combatants[0].lose_turn and "skid" in kinds(events)
    state.combatants[0].lose_turn = False
    apply_crit(state, car, 2, 2, FixedDice([6, 2, 2, 2]), events)
    assert not state.combatants[0].lose_turn


@pytest.mark.rule("VEH-CRIT-03", "VEH-CRIT-06")
def test_windshield_and_tire_lower_every_driving_roll():
    state = world()
    car = vehicle(state)
    driver = state.combatants[0]
    assert len(driving_pool(state, driver, car).dice) == 4
    apply_crit(state, car, 3, 2, FixedDice(), [])
    assert car.maneuverability == 0 and len(driving_pool(state, driver, car).dice) == 3
    apply_crit(state, car, 6, 2, FixedDice(), [])
    assert car.driving_mod == -2 and len(driving_pool(state, driver, car).dice) == 1
    truck = vehicle(state, "truck", (2,))
    apply_crit(state, truck, 3, 2, FixedDice(), [])
    assert truck.maneuverability == -1  # AMB-14: '—' is 0, so one step down is -1


@pytest.mark.rule("VEH-CRIT-05")
def test_passenger_hit_damages_a_random_passenger_with_a_critical_injury_or_rerolls():
    state = world()
    car = vehicle(state, "car", (0, 1))
    events: list = []
    apply_crit(state, car, 5, 2, FixedDice([1, 1]), events)  # the one passenger; crit D66 11
    assert strength(state, 1) == 3 and len(state.combatants[1].injuries) == 1
    alone = vehicle(state, "car", (2,))
    events.clear()
    hit_vehicle(
        state, alone, 2, FixedDice([*no_successes(3), 3, 1, 2, 1]), events
    )  # 31 -> row 5, reroll 21 -> row 3
    assert "vehicle_crit_reroll" in kinds(events) and alone.maneuver_mod == -1


@pytest.mark.rule("VEH-CRIT-07", "VEH-AIR-05", "FALL-04")
def test_violent_spin_crashes_on_a_failed_roll_and_hurts_everyone_aboard():
    state = world()
    car = vehicle(state, "car", (0, 1))
    events: list = []
    script = [*no_successes(4), (3, 3), *no_successes(3), *no_successes(3), (1, 3), *no_successes(3)]
    apply_crit(state, car, 7, 2, FixedDice(script), events)
    # driver: D3 3 + altitude 0, armor 3 dice stop 0, brace 3 dice 0 -> 3; passenger: D3 1 -> 1
    assert car.wrecked and car.crashed and car.driver == -1
    assert (strength(state, 0), strength(state, 1)) == (2, 4)
    safe = vehicle(state, "car", (2,))
    apply_crit(state, safe, 7, 2, FixedDice([6, 2, 2, 2]), events)
    assert not safe.wrecked


@pytest.mark.rule("VEH-CRIT-08", "FIRE-06", "FIRE-02", "FIRE-03")
def test_fuel_fire_burns_the_vehicle_and_everyone_in_it():
    state = world()
    car = vehicle(state, "car", (0,))
    events: list = []
    apply_crit(state, car, 8, 2, FixedDice([6, 6, 2, 2, 2, 2, 6, 2, 2, 2, 2, 2]), events)
    assert car.damage == 2 and car.burning == 7  # one step stronger next round
    assert strength(state, 0) == 4 and state.combatants[0].burning
    round_end(state, car, FixedDice(no_successes(7)), events)
    assert car.burning == 0 and "vehicle_fire_out" in kinds(events)


@pytest.mark.rule("VEH-CRIT-09")
def test_weapon_disabled_knocks_out_a_random_weapon_or_rerolls():
    state = world()
    car = vehicle(state)
    car.weapons = [MountedWeapon("rifle"), MountedWeapon("pistol")]
    apply_crit(state, car, 9, 2, FixedDice([(2, 2)]), [])
    assert [w.disabled for w in car.weapons] == [False, True]
    apply_crit(state, car, 9, 2, FixedDice(), [])
    assert all(w.disabled for w in car.weapons)
    events: list = []  # no working weapon left: row 9 (D66 51) is rerolled -> 21, windshield
    hit_vehicle(state, car, 2, FixedDice([*no_successes(3), 5, 1, 2, 1]), events)
    assert "vehicle_crit_reroll" in kinds(events) and car.maneuver_mod == -1


@pytest.mark.rule("VEH-CRIT-10", "FALL-04")
def test_major_crash_is_a_wreck_with_d6_plus_altitude_damage():
    state = world()
    heli = vehicle(state, "helicopter", (0,))
    heli.altitude = 1
    events: list = []
    apply_crit(state, heli, 10, 3, FixedDice([(2, 6), *no_successes(2), *no_successes(3)]), events)
    assert heli.wrecked and heli.altitude == 0 and strength(state, 0) == 2  # 2 + 1 altitude
    assert kinds(events).count("crash") == 1  # the wreck does not crash a second time


@pytest.mark.rule("VEH-CRIT-11", "VEH-AIR-02")
def test_engine_failure_stops_a_car_and_brings_a_helicopter_down_slowly():
    state = world()
    car = vehicle(state)
    apply_crit(state, car, 11, 2, FixedDice(), [])
    assert not can_move(car) and not car.wrecked
    heli = vehicle(state, "helicopter", (2,))
    heli.altitude = 2
    events: list = []
    apply_crit(state, heli, 11, 3, FixedDice(), events)
    for _ in range(3):
        round_end(state, heli, FixedDice(), events)
    assert heli.altitude == 0 and not heli.crashed and kinds(events).count("descent") == 2  # AMB-42
    falling = vehicle(state, "helicopter", (3,), engine_fail_air="crash")
    falling.altitude = 2
    apply_crit(state, falling, 11, 3, FixedDice([(1, 3), *no_successes(2), *no_successes(3)]), events)
    assert falling.crashed and strength(state, 3) == 2


@pytest.mark.rule("VEH-CRIT-12", "EXPL-12", "EXPL-08", "VEH-REPAIR-05")
def test_explosion_blasts_everyone_inside_and_leaves_nothing_to_repair():
    state = world()
    car = vehicle(state, "car", (0, 1))
    events: list = []
    blast = [6, 6, 2, 2, 2, 2, 2, 2, 2]  # 2 successes: 3 + 1
    apply_crit(state, car, 12, 2, FixedDice([*blast, *no_successes(9)]), events)
    assert car.destroyed and car.wrecked
    assert (strength(state, 0), strength(state, 1)) == (1, 5)
    with pytest.raises(VehicleError, match="cannot be repaired"):
        repair(state, car, state.combatants[2], FixedDice(), shift=1)


# --- air vehicles ------------------------------------------------------------------------------


@pytest.mark.rule("VEH-AIR-01", "VEH-AIR-02", "VEH-AIR-03")
def test_air_vehicles_track_altitude_and_move_vertically_or_horizontally():
    state = world()
    heli = vehicle(state, "helicopter", (0,))
    assert heli.air and can_drive(state, heli)
    fly(heli, 1, 1, allowed=2)
    assert heli.altitude == 1
    with pytest.raises(VehicleError):
        fly(heli, 2, 1, allowed=2)  # 3 zones of movement
    with pytest.raises(VehicleError):
        fly(heli, 0, -2, allowed=2)  # below the ground
    with pytest.raises(VehicleError, match="not an air vehicle"):
        fly(vehicle(state, "car", (1,)), 0, 1, allowed=2)
    events: list = []  # VEH-AIR-01: hits work as on the ground
    hit_vehicle(state, heli, 2, FixedDice(no_successes(2)), events)
    assert heli.damage == 2


@pytest.mark.rule("VEH-AIR-04", "VEH-AIR-05", "FALL-04")
def test_a_wrecked_aircraft_crashes_d3_plus_altitude_less_armor_less_brace():
    state = world()
    heli = vehicle(state, "helicopter", (0,))
    heli.altitude = 2
    events: list = []
    script = [*no_successes(2), (2, 3), 6, 2, 6, 2, 2]  # armor; D3 2; armor 1 success; brace 1
    hit_vehicle(state, heli, 5, FixedDice(script), events, crit_allowed=False)
    assert heli.wrecked and heli.crashed and heli.altitude == 0
    assert strength(state, 0) == 3  # 2 + 2 - 1 - 1
    flat = vehicle(state, "helicopter", (1,), crash_armor="flat", crash_brace=False)
    flat.altitude = 3
    crash(state, flat, 3, FixedDice([(3, 3)]), events)
    assert strength(state, 1) == 1  # 3 + 3 - 2


# --- ramming ------------------------------------------------------------------------------------


@pytest.mark.rule("VEH-RAM-01", "VEH-RAM-02", "VEH-DMG-06")
def test_a_ram_is_a_driving_roll_for_half_the_hull_rounded_up():
    state = world()
    car = vehicle(state, "car", (0,))
    bike = vehicle(state, "motorcycle", (1,))
    roll = driving_roll(state, car, FixedDice([6, 6, 2, 2]), [])
    events: list = []
    dealt = ram(state, car, bike, roll, FixedDice([(5, 6)]), events)  # D6 column: row 5
    assert dealt == 2 + 1 and bike.damage == 2  # capped at Hull 2
    assert next(e for e in events if e.kind == "vehicle_crit").get("die") == 6
    walker = state.combatants[3]
    roll = driving_roll(state, car, FixedDice([6, 2, 2, 2]), [])
    assert ram(state, car, walker, roll, FixedDice(), []) == 2 and walker.attrs[0] == 3
    miss = driving_roll(state, car, FixedDice(no_successes(4)), [])
    assert ram(state, car, walker, miss, FixedDice(), []) == 0


@pytest.mark.rule("VZC-01")
def test_blade_runner_rams_always_roll_a_crit_die_sized_by_the_hull():
    assert [ram_crit_sides(h) for h in (2, 4, 6, 7, 8, 10, 12, 20)] == [6, 6, 6, 8, 8, 10, 12, 12]
    state = world()
    truck = vehicle(state, "truck", (0,), ram_crit_die=True)  # Hull 8: D8
    target = vehicle(state, "truck", (1,))
    roll = driving_roll(state, truck, FixedDice([6, 2, 2]), [])
    events: list = []
    ram(state, truck, target, roll, FixedDice([*no_successes(3), (3, 8)]), events)  # 4 dealt
    crit = next(e for e in events if e.kind == "vehicle_crit")
    assert (crit.get("die"), crit.get("row")) == (8, 3)
    plain = vehicle(state, "car", (2,))  # ram damage 2, below the truck's threshold 4
    hit = vehicle(state, "truck", (3,))
    events.clear()
    ram(
        state,
        plain,
        hit,
        driving_roll(state, plain, FixedDice([6, 2, 2, 2]), []),
        FixedDice(no_successes(3)),
        events,
    )
    assert "vehicle_crit" not in kinds(events) and hit.damage == 2  # no VZC-01 die by default


# --- repairs -------------------------------------------------------------------------------------


@pytest.mark.rule("VEH-REPAIR-01", "VEH-REPAIR-03", "VEH-REPAIR-04")
def test_one_crafting_roll_a_shift_repairs_a_point_per_success_and_unwrecks():
    state = world(crafting=1)
    car = vehicle(state)
    car.damage = 4
    assert car.wrecked
    mechanic = state.combatants[2]
    events = repair(state, car, mechanic, FixedDice([6, 2, 2, 2]), shift=1)
    assert car.damage == 3 and not car.wrecked and "unwrecked" in kinds(events)
    with pytest.raises(VehicleError, match="one roll per shift"):
        repair(state, car, mechanic, FixedDice(), shift=1)
    repair(state, car, mechanic, FixedDice([6, 6, 6, 6]), shift=2)
    assert car.damage == 0  # never below 0


@pytest.mark.rule("VEH-REPAIR-02", "HELP-01")
def test_only_one_person_rolls_but_helpers_add_a_die_each():
    state = world(crafting=1)
    car = vehicle(state)
    car.damage = 2
    dice_ = FixedDice([2] * 7)
    events = repair(state, car, state.combatants[2], dice_, shift=1, helpers=5)
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.get("dice")) == 3 + 1 + 3  # at most +3


@pytest.mark.rule("VEH-REPAIR-05")
def test_a_failed_engine_or_weapon_needs_its_own_roll_and_shift():
    state = world(crafting=1)
    car = vehicle(state)
    car.engine_disabled = True
    car.weapons = [MountedWeapon("rifle", disabled=True)]
    mechanic = state.combatants[2]
    events = repair_component(state, car, mechanic, FixedDice(no_successes(4)), shift=1)
    assert car.engine_disabled and "repair_failed" in kinds(events)
    repair_component(state, car, mechanic, FixedDice([6, 2, 2, 2]), shift=2)
    assert not car.engine_disabled and can_move(car)
    with pytest.raises(VehicleError, match="one roll per shift"):
        repair_component(state, car, mechanic, FixedDice(), shift=2, weapon=0)
    repair_component(state, car, mechanic, FixedDice([6, 2, 2, 2]), shift=3, weapon=0)
    assert not car.weapons[0].disabled
    with pytest.raises(VehicleError, match="nothing to repair"):
        repair_component(state, car, mechanic, FixedDice(), shift=4)


@pytest.mark.rule("VEH-REPAIR-01", "PUSH-04")
def test_the_mechanic_may_push_the_repair_roll():
    state = world(crafting=1)
    car = vehicle(state)
    car.damage = 2
    events = repair(state, car, state.combatants[2], FixedDice([2, 2, 2, 2, 6, 6, 6, 6]), shift=1, push=True)
    assert "push" in kinds(events) and car.damage == 0


# --- falling ------------------------------------------------------------------------------------


@pytest.mark.rule("FALL-01", "FALL-02", "FALL-03")
def test_falls_do_half_the_height_a_jump_rolls_mobility_and_armor_helps_only_if_switched_on():
    assert [fall_damage(h) for h in (0, 1, 2, 5, 9.5, 10)] == [0, 0, 1, 2, 4, 5]
    state = world()
    people = state.combatants
    assert fall(state, people[0], 6, FixedDice(), []) == 3 and people[0].attrs[0] == 2
    assert fall(state, people[1], 6, FixedDice([6, 2, 2]), [], controlled=True) == 2
    people[2].armor_rating = 2
    assert fall(state, people[2], 4, FixedDice(), []) == 2  # FALL-03 default: armor does not help
    armored = VehicleOptions(armor_vs_falls=True)
    assert fall(state, people[2], 4, FixedDice([6, 2]), [], options=armored) == 1


# --- statistics ----------------------------------------------------------------------------------


@pytest.mark.rule("VEH-DMG-05", "VEH-DMG-06", *(f"VEH-CRIT-{i:02d}" for i in range(1, 13)))
@pytest.mark.parametrize("die,rows", [(12, 12), (66, 12), (6, 6)])
def test_each_component_damage_row_comes_up_equally_often(die: int, rows: int):
    rng = np.random.default_rng(die)
    n = 60_000
    counts = np.bincount([roll_crit_row(rng, die) for _ in range(n)], minlength=rows + 1)[1:]
    assert len(counts) == rows and counts.sum() == n
    p = 1 / rows
    sigma = math.sqrt(n * p * (1 - p))
    assert np.all(np.abs(counts - n * p) < 5 * sigma), counts
    assert {VEHICLE_CRITS[r].d6 for r in range(1, 13)} == {1, 2, 3, 4, 5, 6, None}
