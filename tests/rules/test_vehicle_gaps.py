"""Gaps in vehicle combat: close attacks on a vehicle from on foot, blasts that reach vehicles,
and many random chase actions that keep the chase invariants.

Reading of ATK-01 for a vehicle: a vehicle fills its zone's close quarters, so anyone on foot in
its zone (at altitude 0) can reach it; Engaged is a relation between people and is not needed.

Literal situations with scripted dice (FixedDice), each tagged with the rule IDs it checks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, by_name, fighter, game, scenario_dict, turn_of
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.combat.explosions import explosion
from yz_gym.rulesets.yze.scenario.chase_builder import bundled_chases, load_chase
from yz_gym.rulesets.yze.state import STR
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind

NO = 3  # a face with neither success nor bane
ATTACK_CAR = Action(Kind.ATTACK_VEHICLE, option=0)


def make(vehicles: list[dict[str, Any]], people: list[dict[str, Any]]):
    data = scenario_dict(
        zones=("A", "B", "C"), combatants=people, rules={"ask_push": False, "offer_help": False}
    )
    data["vehicles"] = vehicles
    return game(data, 0)


def legal(state) -> set[Action]:
    return set(engine.legal_actions(state))


def car_and_axe(**car: Any):
    """Dan drives a car in A with Pat in a covered seat; Foe stands on foot in A with a battleaxe."""
    people = [
        fighter("Dan", "red", "A"),
        fighter("Pat", "red", "A"),
        fighter("Foe", "blue", "A", weapons=["battleaxe"]),
    ]
    spec = {"name": "Car", "type": "car", "zone": "A",
            "crew": [{"name": "Dan", "seat": "driver"}, {"name": "Pat"}], **car}  # fmt: skip
    return make([spec], people)


# --- close attacks on a vehicle (ATK-01, VEH-DMG-01..06) ------------------------------------------


@pytest.mark.rule("ATK-01", "VEH-DMG-04", "VEH-DMG-05", "VEH-DMG-06")
def test_a_close_attack_on_a_car_goes_through_its_armor_and_rolls_component_damage_on_a_d6():
    state = turn_of(car_and_axe(), "Foe")
    foe = by_name(state, "Foe")
    assert not foe.engaged and ATTACK_CAR in legal(state)  # no Engaged needed for a vehicle
    assert engine.describe(state, ATTACK_CAR) == "attack Car"
    # Strength 3 + battleaxe 2 = 5 dice, one six: 3 damage; car armor 3 rolls no six: 3 >= ceil(4/2)
    dice = [6, NO, NO, NO, NO, NO, NO, NO, (3, 6)]
    events = engine.apply(state, ATTACK_CAR, FixedDice(dice))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.get("skill") == "Melee" and len(roll.get("dice")) == 5
    crit = next(e for e in events if e.kind == "vehicle_crit")
    assert crit.get("die") == 6 and crit.get("row") == 3  # VEH-DMG-06: a D6, shattered windshield
    assert state.vehicles[0].damage == 3 and not state.vehicles[0].wrecked
    assert foe.slow_used


@pytest.mark.rule("ATK-01", "ATK-05")
def test_a_missed_close_attack_leaves_the_car_unharmed():
    state = turn_of(car_and_axe(), "Foe")
    events = engine.apply(state, ATTACK_CAR, FixedDice([NO] * 5))
    assert any(e.kind == "miss" and e.get("vehicle") == "Car" for e in events)
    assert state.vehicles[0].damage == 0


@pytest.mark.rule("ATK-01", "VEH-DMG-03")
def test_a_close_attack_on_a_vehicle_needs_it_in_your_zone_and_not_a_wreck():
    state = turn_of(car_and_axe(), "Foe")
    state.vehicles[0].zone = 1  # driven on to B
    assert ATTACK_CAR not in legal(state)
    state = turn_of(car_and_axe(), "Foe")
    state.vehicles[0].damage = 4  # hull 4: a wreck
    assert state.vehicles[0].wrecked and ATTACK_CAR not in legal(state)


@pytest.mark.rule("ATK-01", "AMB-19")
def test_nobody_aboard_attacks_a_vehicle_in_close_combat():
    people = [fighter("Dan", "red", "A"), fighter("Foe", "blue", "A", weapons=["battleaxe"])]
    cars = [
        {"name": "Car", "type": "car", "zone": "A", "crew": [{"name": "Dan", "seat": "driver"}]},
        {"name": "Bike", "type": "motorcycle", "zone": "A", "crew": [{"name": "Foe", "seat": "driver"}]},
    ]
    state = turn_of(make(cars, people), "Foe")
    assert not any(a.kind == Kind.ATTACK_VEHICLE for a in legal(state))  # Foe rides the bike
    state = turn_of(state, "Dan")
    assert not any(a.kind == Kind.ATTACK_VEHICLE for a in legal(state))  # Dan drives the car


# --- blasts on vehicles (EXPL-01..06, EXPL-11, VEH-DMG-04/05, AMB-18/19) -------------------------


@pytest.mark.rule("EXPL-01", "EXPL-03", "EXPL-11", "VEH-DMG-04", "VEH-DMG-05", "AMB-18", "AMB-19")
def test_a_blast_hits_a_vehicle_in_the_zone_through_its_armor_with_a_d66_component_roll():
    state = car_and_axe()
    dan, pat, foe = (by_name(state, n) for n in ("Dan", "Pat", "Foe"))
    events: list[Any] = []
    # power 6 (base 2): Foe rolls no six; the car's roll two sixes: 3 damage; armor 3 stops 1 (one six);
    # 2 >= ceil(4/2): component roll D66 = 21 -> row 3
    dice = [NO] * 6 + [6, 6, NO, NO, NO, NO] + [6, NO, NO] + [2, 1]
    explosion(state, 0, 6, FixedDice(dice), events, source=foe.id)
    assert [e.target for e in events if e.kind == "blast"] == [foe.id]
    assert [e.get("vehicle") for e in events if e.kind == "vehicle_blast"] == ["Car"]
    crit = next(e for e in events if e.kind == "vehicle_crit")
    assert crit.get("die") == 66 and crit.get("row") == 3
    assert state.vehicles[0].damage == 2
    assert dan.attrs[STR] == 3 and pat.attrs[STR] == 3  # covered occupants: only component damage


@pytest.mark.rule("EXPL-01", "EXPL-06")
def test_a_big_blast_hits_each_vehicle_once_and_reaches_the_next_zone():
    people = [fighter("Dan", "red", "A"), fighter("Eve", "red", "B"), fighter("Foe", "blue", "C")]
    cars = [
        {"name": "Car", "type": "car", "zone": "A", "crew": [{"name": "Dan", "seat": "driver"}]},
        {"name": "Truck", "type": "truck", "zone": "B", "crew": [{"name": "Eve", "seat": "driver"}]},
        {"name": "Tank", "type": "tank", "zone": "C", "side": "blue"},
    ]
    state = make(cars, people)
    events: list[Any] = []
    explosion(state, 0, 12, np.random.default_rng(3), events)
    hits = [(e.get("vehicle"), e.get("power")) for e in events if e.kind == "vehicle_blast"]
    assert hits == [("Car", 12), ("Truck", 6)]  # C is two zones away: the tank is out of reach


# --- random chase play keeps the invariants (VEH-DMG-01..03, VEH-AIR-02) ----------------------------


@pytest.mark.rule("VEH-DMG-01", "VEH-DMG-02", "VEH-DMG-03", "VEH-AIR-02")
def test_100k_random_legal_chase_actions_keep_the_vehicle_invariants():
    names = bundled_chases()
    scenarios = [load_chase(name) for name in names]
    rng = np.random.default_rng(2026)
    steps = episodes = 0
    while steps < 100_000:
        for scenario in scenarios:
            state = chase.new_chase(scenario, rng)
            for _ in range(5000):
                if chase.is_over(state):
                    break
                legal = chase.legal_actions(state)
                chase.apply(state, legal[int(rng.integers(len(legal)))], rng)
                steps += 1
                for v in state.vehicles:
                    assert v.damage >= 0, f"{v.name}: hull damage {v.damage}"
                    assert v.altitude >= 0, f"{v.name}: altitude {v.altitude}"
                    assert not (v.wrecked and v.driver >= 0), f"{v.name} is a wreck but is driven"
            assert chase.is_over(state), f"{scenario.name} did not end in 5000 actions"
            episodes += 1
    assert steps >= 100_000 and episodes >= len(names)
