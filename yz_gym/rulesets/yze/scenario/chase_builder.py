"""Check a chase file (`mode: chase`, e.g. configs/scenarios/chase_*.yaml) and build a ChaseScenario.

Errors are one line each, `origin: field.path: what is wrong; what is allowed`, like zone_builder.py,
whose helpers this reuses: the people are built by loader.build as a one-zone scenario, so every
check on attributes, skills, weapons and armor is the same as for zone fights. Initiative does
not exist in a chase, so the people's deck is always extended (AMB-27 does not apply).
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from yz_gym.core.switches import SwitchBlock, SwitchError
from yz_gym.rulesets.yze.chase.state import LONG, ChaseOptions, ChaseScenario, Unit
from yz_gym.rulesets.yze.options import CHASE_RULES, VEHICLE_RULES
from yz_gym.rulesets.yze.scenario.chase_models import ChaseFile
from yz_gym.rulesets.yze.scenario.handover import plan_fight
from yz_gym.rulesets.yze.scenario.vehicles import starting_damage
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import Combatant
from yz_gym.rulesets.yze.vehicles.operation import (
    VehicleOptions,
    board,
    new_vehicle,
)
from yz_gym.rulesets.yze.vehicles.vehicle import MountedWeapon, VehicleState
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.reading import preview
from yz_gym.scenario.validation import validated

ROAD = "Road"


def bundled_chases() -> list[str]:
    """Names of the chases (yze chase) that ship with yz_gym."""
    from yz_gym.core import registry
    from yz_gym.scenario.loading import bundled

    return bundled(registry.get("yze", "chase"))


def load_chase(source: str | Path | dict[str, Any]) -> ChaseScenario:
    """A ChaseScenario from a bundled name, a YAML path, or an already-parsed dict (with
    `mode: chase`), through the front door (loading.load); a file of another mode is refused."""
    from yz_gym.scenario.loading import load

    scenario: ChaseScenario = load(source, ("yze", "chase")).scenario
    return scenario


def build_chase(data: dict[str, Any], origin: str) -> ChaseScenario:
    """Validate a parsed chase file and turn it into a ChaseScenario."""
    expected = "a chase must be a mapping with name, sides, pursuer, combatants"
    return _ChaseBuilder(validated(ChaseFile, data, origin, expected), data, origin).build()


def _switches(block: SwitchBlock, values: dict[str, object], origin: str) -> Any:
    """The options of a `*_rules:` block (core/switches.py), or one line naming the problem."""
    try:
        return block.parse(values, "docs/chase_scenarios.md")
    except SwitchError as err:
        raise ScenarioError(f"{origin}: {err.where}: {err.message}") from None


class _ChaseBuilder:
    def __init__(self, spec: ChaseFile, data: dict[str, Any], origin: str) -> None:
        self.spec = spec
        self.data = data
        self.origin = origin

    def fail(self, where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{self.origin}: {where}: {message}")

    def build(self) -> ChaseScenario:
        spec = self.spec
        chase: ChaseOptions = _switches(CHASE_RULES, spec.chase_rules, self.origin)
        vopts: VehicleOptions = _switches(VEHICLE_RULES, spec.vehicle_rules, self.origin)
        driving = self._driving()
        base = build(self._zone_data(), self.origin)
        people = {c.name: c for c in base.combatants}
        origins = self._origins()
        for c in base.combatants:
            level = driving.get(origins[c.id])
            if level:
                c.skills = {**c.skills, "Driving": level}
        if spec.pursuer not in spec.sides:
            raise self.fail("pursuer", f"no side named '{spec.pursuer}'; sides: {', '.join(spec.sides)}")
        pursuer = spec.sides.index(spec.pursuer)
        for name in spec.agents:
            if name not in spec.sides:
                raise self.fail(f"agents.{name}", f"no side named '{name}'; sides: {', '.join(spec.sides)}")
        if chase.chase_multi == "grouped" and len(spec.sides) != 2:
            raise self.fail(
                "sides", f"grouped chases have exactly two sides (CHASE-MULTI-02), not {len(spec.sides)}; "
                "set chase_rules.chase_multi: individual"
            )  # fmt: skip
        vehicles, aboard = self._vehicles(
            people, vopts, base.setup.options.dice_mode, set(base.setup.weapons)
        )
        units, positioned = self._units(base.combatants, vehicles, aboard, origins, chase)
        self._check_positions(units, positioned, pursuer, chase)
        table = spec.obstacles if spec.obstacles != "auto" else ("vehicle" if vehicles else "foot")
        handover = None
        if spec.handover is not None:  # the zone fight after the chase (handover.py)
            handover = plan_fight(spec.handover, self.data, base, vehicles, self.origin)
        return ChaseScenario(
            name=spec.name, base=base, vehicles=tuple(vehicles), units=tuple(units), pursuer=pursuer,
            options=chase, obstacle_table=table, terrain=spec.terrain, speed_counts=spec.speed_counts,
            max_altitude=spec.max_altitude, positioned=tuple(positioned), description=spec.description,
            handover=handover, agents=tuple(spec.agents.get(side, "") for side in spec.sides),
        )  # fmt: skip

    def _driving(self) -> dict[int, int]:
        """VEH-03/CHASE-14: the Driving skill, which the core skill list does not have."""
        step = self.spec.rules.get("dice_mode") == "step"
        out: dict[int, int] = {}
        for i, person in enumerate(self.spec.combatants):
            for key, value in person.skills.items():
                if key.lower() != "driving":
                    continue
                where = f"combatants[{i}].skills.{key}"
                if step:
                    grades = {"D": 6, "C": 8, "B": 10, "A": 12}
                    if not (isinstance(value, str) and value.upper() in grades):
                        raise self.fail(
                            where, f"skill {preview(value)}: step dice ratings are A, B, C or D (STEP-01)"
                        )
                    out[i] = grades[value.upper()]
                elif not isinstance(value, int) or not 0 <= value <= 5:
                    raise self.fail(where, f"skill {preview(value)} out of range; give 0-5 (DICE-04)")
                else:
                    out[i] = value
        return out

    def _zone_data(self) -> dict[str, Any]:
        """The people as a one-zone scenario for loader.build (same indices, so same paths)."""
        people = []
        for raw in self.data["combatants"]:
            person = {k: v for k, v in raw.items() if k != "position"}
            person["skills"] = {k: v for k, v in raw.get("skills", {}).items() if str(k).lower() != "driving"}
            person["zone"] = ROAD
            people.append(person)
        return {
            "name": self.spec.name,
            "sides": self.data["sides"],
            "rules": {**self.spec.rules, "initiative_overflow": "extend_deck"},
            "map": {"zones": [{"name": ROAD}]},
            "weapons": self.data.get("weapons", {}),
            "combatants": people,
        }

    def _origins(self) -> list[int]:
        """The file entry of each built combatant (`count` makes several)."""
        return [i for i, person in enumerate(self.spec.combatants) for _ in range(person.count)]

    def _vehicles(
        self, people: dict[str, Combatant], vopts: VehicleOptions, dice_mode: str, weapons: set[str]
    ) -> tuple[list[VehicleState], dict[int, int]]:
        aboard: dict[int, int] = {}
        out: list[VehicleState] = []
        names: set[str] = set()
        for i, spec in enumerate(self.spec.vehicles):
            where = f"vehicles[{i}]"
            if spec.name in names or spec.name in people:
                raise self.fail(f"{where}.name", f"'{spec.name}' is already a name; names must be unique")
            names.add(spec.name)
            v = new_vehicle(spec.type, spec.name, vopts, dice_mode)
            crew = [spec.driver, *spec.passengers]
            if len(crew) > v.type.seats:
                raise self.fail(
                    f"{where}.passengers",
                    f"a {spec.type} seats {v.type.seats} with the driver (VEH-ATTR-PASS); {len(crew)} given",
                )
            for j, name in enumerate(crew):
                field = f"{where}.driver" if j == 0 else f"{where}.passengers[{j - 1}]"
                person = self._person(people, name, field)
                if person.id in aboard:
                    other = self.spec.vehicles[aboard[person.id]].name
                    raise self.fail(field, f"'{name}' is already aboard '{other}'; one vehicle each")
                if j == 0:
                    v.side = person.side
                elif person.side != v.side:
                    raise self.fail(
                        field, f"'{name}' is not on the driver's side; a vehicle's crew is one side"
                    )
                aboard[person.id] = i
                board(v, person.id, drive=j == 0, exposed=name in spec.exposed)
            for j, name in enumerate(spec.exposed):
                if name not in crew:
                    raise self.fail(
                        f"{where}.exposed[{j}]", f"'{name}' is not aboard; exposed lists occupants"
                    )
            for j, mount in enumerate(spec.weapons):
                field = f"{where}.weapons[{j}]"
                if mount.weapon not in weapons:
                    close = difflib.get_close_matches(mount.weapon, sorted(weapons), n=1)
                    guess = f"did you mean '{close[0]}'? " if close else ""
                    raise self.fail(
                        f"{field}.weapon", f"unknown weapon '{mount.weapon}'; {guess}define it under weapons:"
                    )
                gunner = -1
                if mount.gunner is not None:
                    if mount.gunner not in spec.passengers:
                        raise self.fail(
                            f"{field}.gunner",
                            f"'{mount.gunner}' is not a passenger; the driver drives (CHASE-VSHOOT-03)",
                        )
                    gunner = people[mount.gunner].id
                    if any(w.gunner == gunner for w in v.weapons):
                        raise self.fail(
                            f"{field}.gunner", f"'{mount.gunner}' already mans a weapon; one each"
                        )
                v.weapons.append(MountedWeapon(mount.weapon, gunner, mount.targeting, mount.auto_skill))
            if spec.altitude and not v.air:
                raise self.fail(
                    f"{where}.altitude", f"a {spec.type} has no altitude; only air vehicles fly (VEH-AIR-02)"
                )
            if spec.altitude > self.spec.max_altitude:
                raise self.fail(
                    f"{where}.altitude", f"{spec.altitude} is above max_altitude {self.spec.max_altitude}"
                )
            v.altitude = spec.altitude
            v.damage = starting_damage(self.fail, where, spec.damage, v.type.hull)
            out.append(v)
        return out, aboard

    def _person(self, people: dict[str, Combatant], name: str, where: str) -> Combatant:
        if name not in people:
            raise self.fail(where, f"no combatant named '{name}'; combatants: {', '.join(people)}")
        return people[name]

    def _units(
        self, people: tuple[Combatant, ...], vehicles: list[VehicleState], aboard: dict[int, int],
        origins: list[int], chase: ChaseOptions,
    ) -> tuple[list[Unit], list[bool]]:  # fmt: skip
        units: list[Unit] = []
        positioned: list[bool] = []
        grouped = chase.chase_multi == "grouped"
        for i, v in enumerate(vehicles):
            pos = self.spec.vehicles[i].position
            if pos is not None and grouped:
                raise self.fail(
                    f"vehicles[{i}].position", "positions are for chase_multi: individual (CHASE-MULTI-04)"
                )
            units.append(Unit(v.driver, i, v.side, pos or 0, 0))
            positioned.append(pos is not None)
        for c in people:
            if c.id in aboard:
                continue
            pos = self.spec.combatants[origins[c.id]].position
            if pos is not None and grouped:
                raise self.fail(
                    f"combatants[{origins[c.id]}].position",
                    "positions are for chase_multi: individual (CHASE-MULTI-04)",
                )
            units.append(Unit(c.id, -1, c.side, pos or 0, 0))
            positioned.append(pos is not None)
        return units, positioned

    def _check_positions(
        self, units: list[Unit], positioned: list[bool], pursuer: int, chase: ChaseOptions
    ) -> None:
        """CHASE-03: no enemies start farther apart than Long."""
        from yz_gym.rulesets.yze.chase.engine import start_band

        start = start_band(chase.chase_start_range)
        where = [
            u.pos if given else (0 if u.side == pursuer else start)
            for u, given in zip(units, positioned, strict=True)
        ]
        for a, ua in enumerate(units):
            for b, ub in enumerate(units):
                if ua.side != ub.side and abs(where[a] - where[b]) > LONG:
                    raise self.fail(
                        "vehicles" if ua.vehicle >= 0 else "combatants",
                        f"two enemies start {abs(where[a] - where[b])} bands apart; at most Long (3) (CHASE-03)",
                    )


__all__ = ["build_chase", "bundled_chases", "load_chase"]
