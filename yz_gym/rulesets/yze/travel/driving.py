"""Driving on the journey (TRAVEL-10..13, DRIVE-01..07, DRIVE-MISHAP-2..12, FUEL-01..07): the driving
roll each shift, the mishap table, fuel by the hex (or as a supply rating, FUEL-07), and repairs.

A vehicle on the road is a `Wheels` record: its table type (VEH-TABLE), hull damage, fuel and
what stops it (a breakdown to repair, bogged down, or destroyed)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.rolls import roll_data, rules_pool
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.travel.rations import HUNTING_TABLE, rations_of
from yz_gym.rulesets.yze.travel.supplies import supply_roll
from yz_gym.rulesets.yze.travel.tasks import Stores
from yz_gym.rulesets.yze.vehicles.tables import VEHICLES

# FUEL-03 (PROPOSED): capacity in litres and litres per road hex (x2 off-road, FUEL-01)
FUEL: Final = {"car": (50.0, 1.0), "truck": (200.0, 4.0), "motorcycle": (15.0, 0.5), "dirt_bike": (10.0, 0.5),
               "pickup": (80.0, 2.0), "apc": (360.0, 8.0), "tank": (1200.0, 30.0), "helicopter": (800.0, 16.0)}  # fmt: skip
MISHAP_NAMES: Final = ("", "", "broken axle", "roadkill", "busted gearbox", "dirty fuel", "bogged down", "wrong turn",
                       "roadblock", "engine overheated", "blown tire", "crash", "engine blown")  # fmt: skip
REPAIRS: Final = {2: 0, 4: 0, 10: 2}  # DRIVE-MISHAP-2/4/10: a breakdown's Crafting modifier (+2 for a tire)
WRECKED_REPAIR: Final = 0  # DRIVE-MISHAP-12 `wrecked`: repaired as a broken axle


@dataclass(slots=True)
class Wheels:
    """A vehicle of the party on the journey."""

    name: str
    kind: str  # a VEHICLES key
    fuel: float
    damage: int = 0
    broken: int = 0  # the mishap that stopped it until repaired (2, 4, 10, 12 wrecked); 0 = none
    bogged: bool = False  # DRIVE-MISHAP-6: stuck until a Force roll frees it
    destroyed: bool = False

    def copy(self) -> Wheels:
        """An independent copy."""
        return Wheels(self.name, self.kind, self.fuel, self.damage, self.broken, self.bogged, self.destroyed)

    @property
    def running(self) -> bool:
        """Can it drive on now?"""
        return not self.destroyed and self.broken == 0 and not self.bogged

    def litres(self, offroad: bool) -> float:
        """FUEL-01: litres it burns entering one hex; twice off-road, never for aircraft (FUEL-03)."""
        per_hex = FUEL[self.kind][1]
        return per_hex * 2 if offroad and not VEHICLES[self.kind].air else per_hex


def fuel_supply_rolls(offroad: bool) -> int:
    """FUEL-07: supply rolls for a shift of driving with fuel as a supply rating: one, two off-road."""
    return 2 if offroad else 1


def gathered_fuel(successes: int, litres_per_success: int, mode: str) -> int:
    """FUEL-06, FUEL-07: what a gather-fuel roll adds: litres per success, or with fuel as a supply
    rating 1 to the rating per success (S2's one fuel unit)."""
    return successes if mode == "supply" else successes * litres_per_success


def can_enter(v: Wheels, offroad: bool, whole_hex: bool) -> bool:
    """FUEL-04: with `whole_hex`, a vehicle enters a hex only with the fuel for all of it (else on
    any fuel left)."""
    return v.fuel >= v.litres(offroad) if whole_hex else v.fuel > 0


def driving_roll(
    state: GameState,
    driver: Combatant,
    v: Wheels,
    terrain_mod: int,
    weather_mod: int,
    add_maneuverability: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """DRIVE-03: Mobility with the terrain's driving
    modifier, the weather's (-2 in heavy rain) and the vehicle's Maneuverability; a failure is a mishap."""
    modifier = terrain_mod + weather_mod + (VEHICLES[v.kind].maneuverability if add_maneuverability else 0)
    skill = "Mobility"  # VEH-03, DRIVE-01: any character drives; the roll is Mobility (Agility)
    pool = rules_pool(state.options, driver, skill, 0, modifier)
    roll = dice.roll(pool, rng)
    events.append(Event("roll", driver.id, -1, {"skill": skill, "purpose": "drive", **roll_data(roll)}))
    return roll.successes > 0


def mishap_roll(rng: np.random.Generator, modifier: int) -> int:
    """DRIVE-03: 2D6 on the mishap table; the heavy-rain -2 applies to it too (WEATHER-07), kept in 2..12."""
    return min(12, max(2, dice.d6(rng) + dice.d6(rng) + modifier))


def mishap(
    v: Wheels,
    result: int,
    speed: int,
    top_speed: int,
    crash_speed: str,
    roadkill_damage: str,
    engine_blown: str,
    stores: Stores,
    rng: np.random.Generator,
    events: list[Event],
    fuel_supply: bool = False,
) -> str:
    """DRIVE-MISHAP-2..12: what the mishap does to the vehicle (`fuel_supply`: fuel is a supply rating,
    FUEL-07); returns what it does to the shift:
    "stop" (no more movement this shift), "hex" (one hex of movement lost), "reroute" (the next hex
    is blocked) or "" (drive on). `speed`: the travel speed in use this shift (DRIVE-06)."""
    hull = VEHICLES[v.kind].hull
    events.append(Event("mishap", -1, -1, {"vehicle": v.name, "roll": result, "name": MISHAP_NAMES[result]}))
    effect = "stop"
    if result in REPAIRS:
        v.broken = result
    elif result == 3:
        animal = HUNTING_TABLE[dice.d6(rng) - 1]
        gained = rations_of(animal, rng)
        stores.raw_meat += gained  # the animal dies and can be eaten (raw, HUNT-04)
        hurt = animal.health if roadkill_damage == "animal_health_half" else hull
        vehicle_damage(v, math.ceil(hurt / 2), events)  # DRIVE-05: no armor against it
        events.append(
            Event("provisions", -1, -1, {"task": "roadkill", "kind": animal.name, "gained": gained})
        )
        effect = ""
    elif result == 5 and fuel_supply:  # FUEL-07: drained and refilled from the supply, one more roll
        stores.fuel = float(supply_roll(int(stores.fuel), "fuel", -1, rng, events))
    elif result == 5:
        v.fuel = 0.0  # drained; refilled from the party's stores if it can be
        refill(v, stores)
    elif result == 6:
        v.bogged = True
    elif result == 7:
        effect = "hex"
    elif result == 8:
        effect = "reroute"
    elif result == 11:
        vehicle_damage(v, top_speed if crash_speed == "max" else speed, events)  # DRIVE-06
    elif result == 12:
        if engine_blown == "destroyed":
            v.destroyed = True
            events.append(Event("vehicle_lost", -1, -1, {"vehicle": v.name, "cause": "engine blown"}))
        else:
            v.broken = 2
    return effect


def vehicle_damage(v: Wheels, amount: int, events: list[Event]) -> None:
    """Hull damage (DRIVE-05/06); at its Hull the vehicle is wrecked and left behind."""
    v.damage += amount
    events.append(Event("vehicle_damaged", -1, -1, {"vehicle": v.name, "amount": amount}))
    if v.damage >= VEHICLES[v.kind].hull and not v.destroyed:
        v.destroyed = True
        events.append(Event("vehicle_lost", -1, -1, {"vehicle": v.name, "cause": "wrecked"}))


def refill(v: Wheels, stores: Stores) -> None:
    """Top the tank up from the party's spare fuel (FUEL-01)."""
    room = FUEL[v.kind][0] - v.fuel
    taken = min(room, stores.fuel)
    v.fuel += taken
    stores.fuel -= taken


def repair(
    state: GameState, mechanic: Combatant, v: Wheels, rng: np.random.Generator, events: list[Event]
) -> bool:
    """DRIVE-07, DRIVE-MISHAP-2/4/6/10: a shift's work on a stopped vehicle: a Crafting roll (+2 for
    a blown tire) mends a breakdown, a Force roll frees a bogged vehicle; one try a shift."""
    if v.bogged:
        roll = dice.roll(rules_pool(state.options, mechanic, "Force"), rng)
        events.append(
            Event("roll", mechanic.id, -1, {"skill": "Force", "purpose": "free vehicle", **roll_data(roll)})
        )
        v.bogged = roll.successes == 0
        return not v.bogged
    if v.broken == 0:
        return True
    roll = dice.roll(
        rules_pool(state.options, mechanic, "Crafting", 0, REPAIRS.get(v.broken, WRECKED_REPAIR)), rng
    )
    events.append(
        Event("roll", mechanic.id, -1, {"skill": "Crafting", "purpose": "repair vehicle", **roll_data(roll)})
    )
    if roll.successes > 0:
        v.broken = 0
    return v.broken == 0


def convoy_speeds(vehicles: list[Wheels]) -> tuple[int, int]:
    """TRAVEL-10: the convoy's road and off-road speeds, the slowest vehicle's (0 off-road: roads only)."""
    going = [VEHICLES[v.kind] for v in vehicles if not v.destroyed]
    if not going:
        return 0, 0
    return min(t.speed_road for t in going), min(t.speed_offroad for t in going)


def occupants(vehicles: list[Wheels], people: list[Combatant]) -> list[list[Combatant]]:
    """Who rides in each vehicle: the living travellers fill the seats (VEH-ATTR-PASS) of the
    vehicles still going, in order (a destroyed one carries nobody)."""
    living = [c for c in people if not c.dead]
    aboard: list[list[Combatant]] = []
    for v in vehicles:
        n = 0 if v.destroyed else VEHICLES[v.kind].seats
        aboard.append(living[:n])
        living = living[n:]
    return aboard


def seats(vehicles: list[Wheels]) -> int:
    """VEH-ATTR-PASS: people the vehicles still carry, drivers included."""
    return sum(VEHICLES[v.kind].seats for v in vehicles if not v.destroyed)
