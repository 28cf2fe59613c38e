"""The chase scenario file format: pydantic models that reject unknown keys and impossible values.

A chase file lists its people (`combatants`, as in a zone scenario but with no zone), the
vehicles and who sits where, the pursuing side, and three rule blocks: `rules` (the core
RuleOptions), `chase_rules` (ChaseOptions) and `vehicle_rules` (VehicleOptions). Every key is
documented in docs/chase_scenarios.md. Cross-field checks live in chase_builder.py.
"""

# ruff: noqa: RUF012  (pydantic copies mutable defaults; Strict is a BaseModel)
from __future__ import annotations

from typing import Literal

from pydantic import Field

from yz_gym.rulesets.yze.scenario.models import MapSpec, Name, Rating, Strict, WeaponSpec

VEHICLE_TYPES = (
    "car",
    "truck",
    "motorcycle",
    "dirt_bike",
    "pickup",
    "apc",
    "tank",
    "helicopter",
)  # VEH-TABLE


class ChaseCombatantSpec(Strict):
    """One person in the chase (the zone format's keys that matter in a chase)."""

    name: Name
    side: str
    pc: bool = False
    count: int = Field(1, ge=1, le=12)
    creature: bool = False
    attributes: dict[Literal["strength", "agility", "wits", "empathy"], Rating]
    skills: dict[str, Rating] = {}  # the 12 core skills, plus `driving` (VEH-03, CHASE-14)
    weapons: list[str] = []
    drawn: str | None = None
    armor: str | None = None
    items: list[str] = []
    burning: int = Field(0, ge=0, le=12)
    size: Literal["small", "normal", "large"] = "normal"
    pride: str | None = Field(None, min_length=1, max_length=200)  # DICE-13: once per session (the chase)
    position: int | None = Field(None, ge=0, le=20)  # CHASE-MULTI-04: band on the strip (on foot)


class MountedWeaponSpec(Strict):
    """A weapon fixed to a vehicle (CHASE-VSHOOT-03/04)."""

    weapon: Name
    gunner: Name | None = None
    targeting: bool = False
    auto_skill: int = Field(0, ge=0, le=12)


class VehicleSpec(Strict):
    """A vehicle of the table (VEH-TABLE), its driver, passengers and weapons."""

    name: Name
    type: Literal["car", "truck", "motorcycle", "dirt_bike", "pickup", "apc", "tank", "helicopter"]
    driver: Name
    passengers: list[Name] = []
    exposed: list[Name] = []  # VEH-DMG-08: occupants who can be shot directly
    weapons: list[MountedWeaponSpec] = []
    altitude: int = Field(0, ge=0, le=50)  # VEH-AIR-02: air vehicles only
    damage: int = Field(0, ge=0, le=12)
    position: int | None = Field(None, ge=0, le=20)  # CHASE-MULTI-04


class HandoverSpec(Strict):
    """The zone fight that follows the chase when it turns into combat (CHASE-END-04, HIDE-04)."""

    map: MapSpec  # the zones of the fight, as a zone scenario's `map:`
    zone: Name  # where the participant who turned the chase into a fight stands
    round_cap: int = Field(20, ge=1, le=500)  # the fight's round cap (victory.round_cap)


class ChaseFile(Strict):
    """A whole chase file."""

    ruleset: Literal["yze"] = "yze"  # the game (yz_gym.core.registry): a file says `mode: chase`
    mode: Literal["chase"] = "chase"  # (a file without it is a zone fight; loading.load)
    name: Name
    description: str = ""
    sides: list[Name] = Field(min_length=2)
    pursuer: Name  # CHASE-05: the pursuing side; all others flee
    obstacles: Literal["auto", "foot", "vehicle", "none"] = (
        "auto"  # CHASE-09: auto = vehicle table if any vehicle
    )
    terrain: Literal["road", "offroad"] = "road"  # VEH-ATTR-SPEED, CHASE-SPEED-01
    speed_counts: bool = True  # CHASE-17
    max_altitude: int = Field(10, ge=0, le=50)  # VEH-AIR-02
    rules: dict[str, object] = {}
    chase_rules: dict[str, object] = {}
    vehicle_rules: dict[str, object] = {}
    weapons: dict[Name, WeaponSpec] = {}
    combatants: list[ChaseCombatantSpec] = Field(min_length=2)
    vehicles: list[VehicleSpec] = []
    handover: HandoverSpec | None = None  # hand-over to a zone fight (yz_gym.rulesets.yze.scenario.handover)
    agents: dict[Name, Literal["random", "flee", "hider", "cutoff", "shooter"]] = {}  # default chase agents


MODELS: tuple[type[Strict], ...] = (
    ChaseFile,
    ChaseCombatantSpec,
    VehicleSpec,
    MountedWeaponSpec,
    HandoverSpec,
)
