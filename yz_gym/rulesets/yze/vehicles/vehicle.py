"""A vehicle's state: its type, damage, crew, mounted weapons and damaged components (VEH-ATTR-*, VEH-DMG-*).

Data only, so that the game state can hold vehicles without importing the rules that act on them
(vehicles/operation.py, vehicles/damage.py, vehicles/actions.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from yz_gym.rulesets.yze.options import VehicleOptions
from yz_gym.rulesets.yze.vehicles.tables import VehicleType

DEFAULT_OPTIONS: Final = VehicleOptions()


@dataclass(slots=True)
class MountedWeapon:
    """A weapon fixed to a vehicle (CHASE-VSHOOT-03/04, VEH-CRIT-09)."""

    weapon: str  # key into Setup.weapons
    gunner: int = -1  # combatant id manning it; -1 = nobody
    targeting: bool = False  # CHASE-VSHOOT-03: a targeting system, no -2 while the driver maneuvers
    auto_skill: int = 0  # CHASE-VSHOOT-04: auto-targeting with its own Marksmanship; 0 = none
    disabled: bool = False  # VEH-CRIT-09

    def copy(self) -> MountedWeapon:
        """An independent copy."""
        return MountedWeapon(self.weapon, self.gunner, self.targeting, self.auto_skill, self.disabled)


@dataclass(slots=True)
class VehicleState:
    """One vehicle: its type, damage, crew and damaged components (VEH-ATTR-*, VEH-DMG-*)."""

    name: str
    kind: str  # key of vehicles/tables.py VEHICLES
    type: VehicleType
    armor: int  # VEH-ATTR-ARMOR / VEH-DMG-04: current rating (pool dice; step: grade as 3/6/9/12)
    options: VehicleOptions = DEFAULT_OPTIONS
    damage: int = 0  # VEH-ATTR-HULL: damage taken, 0..hull
    occupants: list[int] = field(default_factory=list)  # VEH-ATTR-PASS: driver and passengers
    driver: int = -1  # who has the wheel; -1 = nobody
    exposed: set[int] = field(default_factory=set)  # VEH-DMG-08: occupants who can be shot directly
    weapons: list[MountedWeapon] = field(default_factory=list)
    altitude: int = 0  # VEH-AIR-02, in zones
    maneuver_mod: int = 0  # VEH-CRIT-03: shattered windshields
    driving_mod: int = 0  # VEH-CRIT-06: blown tires
    engine_disabled: bool = False  # VEH-CRIT-11
    engine_running: bool = True  # VEH-06
    destroyed: bool = False  # VEH-CRIT-12: cannot be repaired
    crashed: bool = False  # VEH-AIR-04, VEH-CRIT-07/10
    burning: int = 0  # VEH-CRIT-08 / FIRE-06: current fire intensity on the vehicle
    zone: int = -1  # for zone combat
    side: int = -1
    repair_shift: int = -1  # VEH-REPAIR-01: the last shift a repair roll was made in
    wreck_seen: bool = False  # the "wrecked" event has been told
    exposed_seats: int = field(default=0, kw_only=True)  # zone fights: seats that are exposed (VEH-DMG-08)

    def copy(self) -> VehicleState:
        """An independent copy (the type and options are shared, they never change)."""
        new = VehicleState(
            self.name, self.kind, self.type, self.armor, self.options, self.damage, self.occupants.copy(),
            self.driver, set(self.exposed), [v.copy() for v in self.weapons], self.altitude,
            self.maneuver_mod, self.driving_mod, self.engine_disabled, self.engine_running, self.destroyed,
            self.crashed, self.burning, self.zone, self.side, self.repair_shift, self.wreck_seen,
        )  # fmt: skip
        new.exposed_seats = self.exposed_seats
        return new

    @property
    def hull(self) -> int:
        """VEH-ATTR-HULL."""
        return self.type.hull

    @property
    def wrecked(self) -> bool:
        """VEH-DMG-02: damage equal to or above the Hull."""
        return self.damage >= self.type.hull

    @property
    def air(self) -> bool:
        """VEH-AIR-01: an air vehicle."""
        return self.type.air

    @property
    def maneuverability(self) -> int:
        """VEH-ATTR-MAN after shattered windshields (VEH-CRIT-03; '—' = 0, AMB-14)."""
        return self.type.maneuverability + self.maneuver_mod

    @property
    def passengers(self) -> list[int]:
        """Occupants other than the driver (VEH-ATTR-PASS)."""
        return [c for c in self.occupants if c != self.driver]

    @property
    def ram_damage(self) -> int:
        """VEH-RAM-02: Hull / 2 rounded up."""
        return self.type.ram_damage
