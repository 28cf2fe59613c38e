"""The `vehicles:`, `vehicle_rules:` and `mount:` parts of a zone scenario file (zone_builder.py calls these).

Every mistake is one line naming the field, as in zone_builder.py. Each mounted weapon is registered in
the scenario's weapon catalog under `@<vehicle>/<weapon>#<n>` (vehicles/seats.py MOUNTED_PREFIX), the
name its gunner's `WeaponState` carries.
"""

from __future__ import annotations

import difflib
import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from yz_gym.core.switches import SwitchError
from yz_gym.rulesets.yze.mounts.mount import Mount
from yz_gym.rulesets.yze.options import VEHICLE_RULES
from yz_gym.rulesets.yze.scenario.models import MountSpec
from yz_gym.rulesets.yze.state import Combatant
from yz_gym.rulesets.yze.tables import Weapon
from yz_gym.rulesets.yze.vehicles.movement import MAX_ALTITUDE
from yz_gym.rulesets.yze.vehicles.operation import (
    VehicleOptions,
    board,
    new_vehicle,
)
from yz_gym.rulesets.yze.vehicles.seats import MOUNTED_PREFIX, exposed_capacity
from yz_gym.rulesets.yze.vehicles.vehicle import MountedWeapon, VehicleState
from yz_gym.scenario.reading import preview

if TYPE_CHECKING:
    from collections.abc import Callable

    from yz_gym.rulesets.yze.scenario.zone_builder import _Builder
    from yz_gym.scenario import ScenarioError

def vehicle_options(b: _Builder) -> VehicleOptions:
    """The `vehicle_rules:` block (options.VEHICLE_RULES, as in chase files)."""
    try:
        options: VehicleOptions = VEHICLE_RULES.parse(b.spec.vehicle_rules, "docs/scenarios.md")
    except SwitchError as err:
        raise b.fail(err.where, err.message) from None
    return options


def build_mount(b: _Builder, spec: MountSpec, where: str) -> Mount:
    """MOUNT-15: Strength and Agility only; dice pool 1-12, step dice grades A-D."""
    if b.options.dice_mode == "step":
        strength = b._grade(spec.strength, f"{where}.strength", allow_none=False)
        agility = b._grade(spec.agility, f"{where}.agility", allow_none=False)
        track = math.ceil((strength + agility) / 4)  # DMGM-03: the step-dice damage track
    else:
        for key, value in (("strength", spec.strength), ("agility", spec.agility)):
            if isinstance(value, str) or not 1 <= value <= 12:
                raise b.fail(
                    f"{where}.{key}", f"{preview(value)}: a mount's {key} is a whole number 1-12 (dice pool)"
                )
        strength, agility = int(spec.strength), int(spec.agility)
        track = strength
    carry = spec.carry if spec.carry is not None else 2 * track  # MOUNT-01 (PROPOSED: as a person)
    return Mount(spec.name, track, track, agility, spec.cramped, carry)


def build_vehicles(b: _Builder, combatants: list[Combatant], zones: Any, zone_map: Any) -> list[VehicleState]:
    """The `vehicles:` list: type, zone, side, altitude, seats, crew and mounted weapons."""
    spec = b.spec
    if not spec.vehicles:
        return []
    options = vehicle_options(b)
    people = {c.name: c for c in combatants}
    names: set[str] = set()
    aboard: dict[int, str] = {}
    out: list[VehicleState] = []
    for i, vs in enumerate(spec.vehicles):
        where = f"vehicles[{i}]"
        if vs.name in names:
            raise b.fail(f"{where}.name", f"a second vehicle called '{vs.name}'; names must be unique")
        names.add(vs.name)
        v = new_vehicle(vs.type, vs.name, options, b.options.dice_mode)
        v.zone = b.zone(vs.zone, f"{where}.zone")
        zone = zones[v.zone]
        if vs.altitude and not v.air:
            raise b.fail(
                f"{where}.altitude", f"a {vs.type} has no altitude; only air vehicles fly (VEH-AIR-02)"
            )
        if vs.altitude > MAX_ALTITUDE:
            raise b.fail(f"{where}.altitude", f"{vs.altitude} is above {MAX_ALTITUDE}")
        v.altitude = vs.altitude
        if v.altitude == 0 and (zone.cramped or not zone.vehicles):
            raise b.fail(
                f"{where}.zone", f"'{vs.zone}' is {'cramped' if zone.cramped else 'marked vehicles: false'}; "
                "no vehicle can be there (put it in another zone)"
            )  # fmt: skip
        if vs.exposed_seats > v.type.seats:
            raise b.fail(
                f"{where}.exposed_seats", f"a {vs.type} has only {v.type.seats} seats (VEH-ATTR-PASS)"
            )
        v.exposed_seats = vs.exposed_seats
        v.damage = starting_damage(b.fail, where, vs.damage, v.type.hull)
        v.engine_running = vs.engine_running
        v.side = b.side(vs.side, f"{where}.side") if vs.side is not None else -1
        _crew(b, v, vs, where, people, aboard, i)
        if v.side < 0:
            raise b.fail(f"{where}.side", "an empty vehicle needs a side (the side it belongs to)")
        _weapons(b, v, vs, where, people)
        out.append(v)
    return out


def _crew(
    b: _Builder, v: VehicleState, vs: Any, where: str, people: dict[str, Combatant], aboard: dict[int, str],
    index: int,
) -> None:  # fmt: skip
    drivers = [j for j, crew in enumerate(vs.crew) if crew.seat == "driver"]
    if len(drivers) > 1:
        raise b.fail(f"{where}.crew[{drivers[1]}].seat", "a vehicle has one driver")
    if len(vs.crew) > v.type.seats:
        raise b.fail(
            f"{where}.crew",
            f"a {vs.type} seats {v.type.seats} with the driver (VEH-ATTR-PASS); {len(vs.crew)} given",
        )
    for j, crew in enumerate(vs.crew):
        field = f"{where}.crew[{j}].name"
        person = b._named(list(people.values()), crew.name, field)
        if person.id in aboard:
            raise b.fail(field, f"'{crew.name}' is already aboard '{aboard[person.id]}'; one vehicle each")
        if v.side < 0:
            v.side = person.side
        elif person.side != v.side:
            raise b.fail(field, f"'{crew.name}' is not on the vehicle's side; a vehicle's crew is one side")
        if person.zone != v.zone:
            raise b.fail(field, f"'{crew.name}' starts in another zone; give it the vehicle's zone")
        if person.mount is not None:
            raise b.fail(field, f"'{crew.name}' rides a mount; a rider cannot sit in a vehicle (MOUNT-04)")
        if person.engaged or person.prone:
            raise b.fail(field, f"'{crew.name}' starts engaged or prone; aboard a vehicle it cannot be")
        in_exposed = crew.exposed or v.type.bike
        taken = sum(1 for o in v.occupants if (o in v.exposed) == in_exposed)
        cap = exposed_capacity(v) if in_exposed else v.type.seats - exposed_capacity(v)
        if taken >= cap:
            kind = "exposed" if in_exposed else "covered"
            raise b.fail(
                f"{where}.crew[{j}].exposed", f"no {kind} seat left ({cap} in all; see exposed_seats)"
            )
        aboard[person.id] = v.name
        person.vehicle = index
        board(v, person.id, drive=crew.seat == "driver", exposed=in_exposed)


def _weapons(b: _Builder, v: VehicleState, vs: Any, where: str, people: dict[str, Combatant]) -> None:
    gunners: set[int] = set()
    for j, mount in enumerate(vs.weapons):
        field = f"{where}.weapons[{j}]"
        if mount.weapon not in b.weapons or mount.weapon.startswith(MOUNTED_PREFIX):
            close = difflib.get_close_matches(mount.weapon, list(b.weapons), n=1)
            guess = f"did you mean '{close[0]}'? " if close else ""
            raise b.fail(
                f"{field}.weapon", f"unknown weapon '{mount.weapon}'; {guess}define it under weapons:"
            )
        profile: Weapon = b.weapons[mount.weapon]
        if not profile.ranged:
            raise b.fail(f"{field}.weapon", f"'{mount.weapon}' is not a ranged weapon; mount a gun")
        key = f"{MOUNTED_PREFIX}{v.name}/{mount.weapon}#{j}"
        b.weapons[key] = replace(profile, name=f"{profile.name} ({v.name})")
        gunner = -1
        if mount.gunner is not None:
            person = people.get(mount.gunner)
            if person is None or person.id not in v.occupants:
                raise b.fail(f"{field}.gunner", f"'{mount.gunner}' is not in this vehicle's crew")
            if person.id in gunners:
                raise b.fail(f"{field}.gunner", f"'{mount.gunner}' already mans a weapon; one each")
            gunners.add(person.id)
            gunner = person.id
        v.weapons.append(MountedWeapon(key, gunner))


def starting_damage(fail: Callable[[str, str], ScenarioError], where: str, damage: int, hull: int) -> int:
    """A vehicle's damage at the start, which must leave it short of a wreck (VEH-DMG-02)."""
    if damage >= hull:
        raise fail(f"{where}.damage", f"{damage} would make it a wreck (Hull {hull}); give less")
    return damage
