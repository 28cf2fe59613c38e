"""Static vehicle tables: the vehicle types (VEH-TABLE) and the component damage table (VEH-CRIT-01..12).

Values come from ../shared/rules/CATALOG.md (seed rules); every entry cites its rule ID.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from yz_gym.rulesets.yze.tables import Grade, is_d66, lookup

# ---------------------------------------------------------------------------------------
# 1. Vehicles (VEH-TABLE, CATALOG 1.8a; "—" = 0 per AMB-14 / VZC-02)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class VehicleType:
    """Stats of a vehicle type (VEH-ATTR-*, VEH-TABLE)."""

    name: str
    passengers: int  # VEH-ATTR-PASS: people carried besides the driver
    maneuverability: int  # VEH-ATTR-MAN
    hull: int  # VEH-ATTR-HULL
    armor: int  # VEH-ATTR-ARMOR (pool rating)
    armor_grade: Grade | None  # VZC-03 step grade; None = no armor
    speed_road: int  # VEH-ATTR-SPEED: 10-km hexes per shift (TRAVEL-10)
    speed_offroad: int
    bike: bool = False  # VEH-05: mounting/dismounting is a fast action
    air: bool = False  # VEH-AIR-*
    rule_id: str = "VEH-TABLE"

    @property
    def seats(self) -> int:
        """Seats including the driver: 1 + Passengers (VEH-ATTR-PASS)."""
        return 1 + self.passengers

    @property
    def ram_damage(self) -> int:
        """Base damage of a ram: Hull / 2 rounded up (VEH-RAM-02)."""
        return math.ceil(self.hull / 2)

    @property
    def component_threshold(self) -> int:
        """Smallest single-hit damage >= Hull / 2, which causes component damage (VEH-DMG-05)."""
        return math.ceil(self.hull / 2)


VEHICLES: Final[dict[str, VehicleType]] = {
    "car": VehicleType(name="Car", passengers=4, maneuverability=1, hull=4, armor=3,
                       armor_grade="D", speed_road=10, speed_offroad=1),
    "truck": VehicleType(name="Truck", passengers=3, maneuverability=0, hull=8, armor=3,
                         armor_grade="D", speed_road=8, speed_offroad=1),
    "motorcycle": VehicleType(name="Motorcycle", passengers=1, maneuverability=2, hull=2,
                              armor=0, armor_grade=None, speed_road=9, speed_offroad=2,
                              bike=True),
    "dirt_bike": VehicleType(name="Dirt bike", passengers=1, maneuverability=2, hull=2,
                             armor=0, armor_grade=None, speed_road=6, speed_offroad=4,
                             bike=True),
    "pickup": VehicleType(name="Pickup", passengers=3, maneuverability=1, hull=3, armor=4,
                          armor_grade="C", speed_road=9, speed_offroad=4),
    "apc": VehicleType(name="APC", passengers=8, maneuverability=0, hull=8, armor=8,
                       armor_grade="A", speed_road=8, speed_offroad=6),
    "tank": VehicleType(name="Tank", passengers=0, maneuverability=0, hull=10, armor=12,
                        armor_grade="A", speed_road=7, speed_offroad=6),
    "helicopter": VehicleType(name="Helicopter", passengers=5, maneuverability=3, hull=5,
                              armor=2, armor_grade="D", speed_road=40, speed_offroad=40,
                              air=True),
}  # fmt: skip


# ---------------------------------------------------------------------------------------
# 2. Vehicle critical damage (CATALOG 1.13, VEH-CRIT-01..12; VEH-DMG-05/06)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class VehicleCrit:
    """One row of the vehicle component damage table (VEH-CRIT-*)."""

    row: int  # the D12 result
    name: str
    keyword: str  # stable key for the engine
    d66_low: int
    d66_high: int
    d6: int | None  # VEH-DMG-06: melee hits roll D6, so only rows 1-6
    effect: str
    driver_roll: bool = False  # VEH-CRIT-02/07: driver must make a skill roll (no action)
    maneuverability_mod: int = 0  # VEH-CRIT-03: drops one step
    driving_mod: int = 0  # VEH-CRIT-06: -2 on all driving rolls
    crash_die: str | None = None  # VEH-CRIT-07/10: fall damage die, +1 per altitude zone
    fire_intensity: int = 0  # VEH-CRIT-08 / FIRE-06
    blast_power: int = 0  # VEH-CRIT-12 / EXPL-12
    reroll_if: str | None = None  # "no_passengers" (VEH-CRIT-05), "no_weapons" (VEH-CRIT-09)
    irreparable: bool = False  # VEH-CRIT-12
    rule_id: str


def _vcrit(
    row: int,
    name: str,
    keyword: str,
    effect: str,
    *,
    driver_roll: bool = False,
    maneuverability_mod: int = 0,
    driving_mod: int = 0,
    crash_die: str | None = None,
    fire_intensity: int = 0,
    blast_power: int = 0,
    reroll_if: str | None = None,
    irreparable: bool = False,
) -> VehicleCrit:
    """Build a vehicle crit row; the D66 span and D6 column follow from the D12 row."""
    tens, second = divmod(row - 1, 2)
    low = 10 * (tens + 1) + (4 if second else 1)
    return VehicleCrit(
        row=row, name=name, keyword=keyword, d66_low=low, d66_high=low + 2,
        d6=row if row <= 6 else None, effect=effect, driver_roll=driver_roll,
        maneuverability_mod=maneuverability_mod, driving_mod=driving_mod, crash_die=crash_die,
        fire_intensity=fire_intensity, blast_power=blast_power, reroll_if=reroll_if,
        irreparable=irreparable, rule_id=f"VEH-CRIT-{row:02d}",
    )  # fmt: skip


VEHICLE_CRITS: Final[dict[int, VehicleCrit]] = {
    c.row: c
    for c in (
        _vcrit(1, "Ricochet", "ricochet",  # VEH-CRIT-01
               "The attack glances off and hits another random target in the same zone."),
        _vcrit(2, "Skid", "skid",  # VEH-CRIT-02
               "Driver rolls at once (no action); on a failure loses their next turn.",
               driver_roll=True),
        _vcrit(3, "Shattered windshield", "windshield",  # VEH-CRIT-03
               "Maneuverability drops one step.", maneuverability_mod=-1),
        _vcrit(4, "Driver hit", "driver_hit",  # VEH-CRIT-04
               "The driver takes damage equal to the damage the vehicle took."),
        _vcrit(5, "Passenger hit", "passenger_hit",  # VEH-CRIT-05
               "A random passenger takes the same damage and a critical injury.",
               reroll_if="no_passengers"),
        _vcrit(6, "Blown tire", "blown_tire",  # VEH-CRIT-06
               "A wheel or propeller bursts: all driving rolls -2.", driving_mod=-2),
        _vcrit(7, "Violent spin", "violent_spin",  # VEH-CRIT-07
               "Driver rolls at once (no action); on a failure the vehicle crashes and is "
               "wrecked, occupants take D3 + altitude, minus vehicle armor.",
               driver_roll=True, crash_die="D3"),
        _vcrit(8, "Fuel fire", "fuel_fire",  # VEH-CRIT-08
               "Vehicle and occupants exposed to fire of intensity 6 (C).", fire_intensity=6),
        _vcrit(9, "Weapon disabled", "weapon_disabled",  # VEH-CRIT-09
               "A random mounted weapon is disabled.", reroll_if="no_weapons"),
        _vcrit(10, "Major crash", "major_crash",  # VEH-CRIT-10
               "Wrecked; occupants take D6 + altitude, minus vehicle armor.", crash_die="D6"),
        _vcrit(11, "Engine failure", "engine_failure",  # VEH-CRIT-11
               "The engine fails; air vehicles descend one altitude zone per round."),
        _vcrit(12, "Explosion", "explosion",  # VEH-CRIT-12
               "Occupants hit by blast power 9 (B); the vehicle is destroyed beyond repair.",
               blast_power=9, irreparable=True),
    )
}  # fmt: skip


def vehicle_crit_row_from_d66(d66: int) -> int:
    """Vehicle crit row 1-12 for a D66 roll: 11-13 -> 1, 14-16 -> 2, ... 64-66 -> 12."""
    if not is_d66(d66):
        raise ValueError(f"not a D66 result (two digits 1-6): {d66}")
    tens, ones = divmod(d66, 10)
    return 2 * (tens - 1) + (1 if ones <= 3 else 2)



def vehicle_type(name: str) -> VehicleType:
    """The vehicle type with this key, e.g. 'car' (raises UnknownEntry)."""
    return lookup(VEHICLES, name, "vehicle")
