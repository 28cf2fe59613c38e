"""The bundled helicopter fight (configs/scenarios/helicopter_extraction.yaml) and how the scripted
agents fly: altitude as range, exposed door crews with no cover in the air, a pilot reached only
through the aircraft, no landing where vehicles cannot go, coming down when badly hit."""

from __future__ import annotations

import numpy as np
import pytest

from yz_gym.agents.vehicle_tactics import descent_choice, drive_choice
from yz_gym.rulesets.yze.combat.attacks import can_shoot
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.vehicles.actions import can_shoot_vehicle
from yz_gym.rulesets.yze.vehicles.operation import occupant_cover
from yz_gym.rulesets.yze.vehicles.seats import combatant_band, targetable
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import CLIMB, DESCEND, Action, Kind
from yz_gym.rulesets.yze.zone.zones import Range


def game():
    state = engine.new_game(load_scenario("helicopter_extraction"), np.random.default_rng(0))
    return state, {c.name: c for c in state.combatants}


@pytest.mark.rule("VEH-AIR-02", "VEH-DMG-08", "AMB-19")
def test_the_helicopter_fight_has_altitude_exposed_door_crews_and_a_covered_pilot():
    state, people = game()
    heli = state.vehicles[0]
    assert heli.air and heli.altitude == 2 and heli.exposed_seats == 2 and occupant_cover(heli) == 0
    gunner, pilot, rifleman = people["Door gunner Moss"], people["Pilot Varga"], people["Militiaman 1"]
    assert targetable(state, gunner) and targetable(state, people["Crew chief Ade"])
    assert not targetable(state, pilot)  # harmed only through the aircraft
    # Landing zone -> Crash site -> Tree line: 2 zones, plus 2 of altitude: Long
    assert combatant_band(state, rifleman, gunner) == Range.LONG
    assert can_shoot(state, rifleman, gunner) and not can_shoot(state, rifleman, pilot)
    assert can_shoot_vehicle(state, people["Rocketeer"], 0)  # the RPG reaches the aircraft
    assert gunner.weapons[gunner.held].name.startswith("@Dustoff Three/door_gun")
    zones = [z.name for z in state.zone_map.zones]
    assert not state.zone_map.zones[zones.index("Tree line")].vehicles  # no landing under the trees


@pytest.mark.rule("VEH-AIR-03", "VEH-AIR-04")
def test_a_badly_hit_aircraft_comes_down_when_it_has_nowhere_closer_to_fly():
    state, people = game()
    heli, pilot = state.vehicles[0], people["Pilot Varga"]
    by_kind = {Kind.DRIVE: [Action(Kind.DRIVE, option=CLIMB), Action(Kind.DRIVE, option=DESCEND)]}
    assert descent_choice(heli, by_kind) is None  # sound
    heli.damage = 3  # half the Hull (5) or more
    assert descent_choice(heli, by_kind) == Action(Kind.DRIVE, option=DESCEND)
    heli.zone = pilot.zone = people["Militiaman 1"].zone  # already over the enemies
    assert drive_choice(state, pilot, by_kind) == Action(Kind.DRIVE, option=DESCEND)
    heli.altitude = 0
    assert descent_choice(heli, by_kind) is None
    truck = load_scenario("technical_raid").vehicles[0].copy()
    truck.damage = 3
    assert descent_choice(truck, by_kind) is None  # ground vehicles have no altitude
