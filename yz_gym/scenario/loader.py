"""Load a scenario file, check it, and build the rules' Scenario; each mistake is one clear line."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml
from pydantic import TypeAdapter, ValidationError

from yz_gym.rules import dice, initiative
from yz_gym.rules.options import RuleOptions
from yz_gym.rules.state import (
    SKILLS,
    Combatant,
    GameState,
    Scenario,
    Setup,
    Sneak,
    VictoryRules,
    WeaponState,
)
from yz_gym.rules.tables import ARMORS, COVERS, WEAPONS, Weapon
from yz_gym.rules.zones import Border, BorderKind, DoorState, Zone, ZoneMap
from yz_gym.scenario.models import CombatantSpec, ScenarioFile

SCENARIO_DIR = Path(__file__).resolve().parent.parent.parent / "configs" / "scenarios"
DEFAULT_SCENARIO = "warehouse_ambush"
ITEMS = ("medkit", "blanket")  # DEATH-03 medical gear, FIRE-04 blanket
GRADE_RATING = {"D": 3, "C": 6, "B": 9, "A": 12}  # AMB-04: step grades as pool ratings


class ScenarioError(ValueError):
    """A scenario that cannot be played; the message names the file, the field and the fix."""


def bundled_scenarios() -> list[str]:
    """Names of the scenarios that ship with yz_gym."""
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml"))


def resolve_path(name: str | Path) -> Path:
    """A bundled scenario's name, or a path to a YAML file."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml"):
        if not path.exists():
            raise ScenarioError(f"{path}: no such scenario file")
        return path
    bundled = SCENARIO_DIR / f"{name}.yaml"
    if bundled.exists():
        return bundled
    raise ScenarioError(
        f"{name}: no such scenario; give a .yaml path or one of: {', '.join(bundled_scenarios())}"
    )


def load_scenario(source: str | Path | dict[str, Any]) -> Scenario:
    """A Scenario from a bundled name, a YAML path, or an already-parsed dict."""
    if isinstance(source, dict):
        return build(source, "<dict>")
    path = resolve_path(source)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise ScenarioError(f"{path}{where}: YAML syntax error: {problem}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario file must be a mapping with name, sides, map, combatants")
    return build(data, str(path))


def build(data: dict[str, Any], origin: str) -> Scenario:
    """Validate a parsed scenario and turn it into the rules' Scenario."""
    try:
        spec = ScenarioFile.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        raise ScenarioError(f"{origin}: {_where(first['loc'])}: {_explain(first)}") from None
    return _Builder(spec, origin).scenario()


def _where(loc: tuple[Any, ...]) -> str:
    """A field path such as combatants[2].weapons[0]."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "<top>"


def _explain(error: Any) -> str:
    """One line for a pydantic error, with what is allowed."""
    kind = error["type"]
    if kind == "extra_forbidden":
        return "unknown key; remove it or check its spelling against docs/scenarios.md"
    if kind == "missing":
        return "required field is missing"
    message = str(error["msg"])
    return message.removeprefix("Value error, ")


class _Builder:
    """Turns a validated ScenarioFile into a Scenario, checking every cross-reference."""

    def __init__(self, spec: ScenarioFile, origin: str) -> None:
        self.spec = spec
        self.origin = origin
        self.options = self._options()
        self.zone_names = [z.name for z in spec.map.zones]
        self.weapons: dict[str, Weapon] = dict(WEAPONS)

    def fail(self, where: str, message: str) -> ScenarioError:
        """An error naming the file and the field."""
        return ScenarioError(f"{self.origin}: {where}: {message}")

    def _options(self) -> RuleOptions:
        try:
            options = TypeAdapter(RuleOptions).validate_python(self.spec.rules)
        except ValidationError as err:
            first = err.errors()[0]
            raise self.fail(f"rules.{_where(first['loc'])}", _explain(first)) from None
        if options.dice_mode == "step" and options.damage_model == "attribute":
            raise self.fail(
                "rules.damage_model",
                "step dice need damage_model: health_resolve (DMGM-03); attribute damage is pool-only",
            )
        return options

    def zone(self, name: str, where: str) -> int:
        """The index of a zone, or an error listing the zones."""
        if name not in self.zone_names:
            raise self.fail(where, f"no zone named '{name}'; zones: {', '.join(self.zone_names)}")
        return self.zone_names.index(name)

    def side(self, name: str, where: str) -> int:
        """The index of a side, or an error listing the sides."""
        if name not in self.spec.sides:
            raise self.fail(where, f"no side named '{name}'; sides: {', '.join(self.spec.sides)}")
        return self.spec.sides.index(name)

    def scenario(self) -> Scenario:
        spec = self.spec
        if len(set(self.zone_names)) != len(self.zone_names):
            raise self.fail("map.zones", "zone names must be unique")
        if len(set(spec.sides)) != len(spec.sides):
            raise self.fail("sides", "side names must be unique")
        zones = tuple(self._zone(i) for i in range(len(spec.map.zones)))
        borders, doors = self._borders()
        zone_map = ZoneMap(zones, tuple(borders))
        for name, weapon in spec.weapons.items():
            self.weapons[name] = Weapon(
                name=name.replace("_", " ").capitalize(), rule_id="SCENARIO", **weapon.model_dump()
            )
        combatants, surprise, sneaks = self._combatants()
        setup = Setup(
            name=spec.name,
            zone_map=zone_map,
            options=self.options,
            sides=tuple(spec.sides),
            weapons=self.weapons,
            armors=dict(ARMORS),
            covers=dict(COVERS),
            victory=self._victory(),
            ambush=None if spec.ambush is None else {"by": spec.ambush.by, "prepared": spec.ambush.prepared},
        )
        if spec.ambush is not None:
            self.side(spec.ambush.by, "ambush.by")
        cover_ratings = tuple(tuple(self._cover_rating(name) for name in z.covers) for z in zones)
        cramped = tuple(
            (i, tuple(c.id for c in combatants if c.zone == i)) for i, z in enumerate(zones) if z.cramped
        )
        scenario = Scenario(
            setup, tuple(combatants), tuple(doors), cover_ratings, cramped, tuple(surprise), tuple(sneaks)
        )
        self._check_initiative(scenario)
        return scenario

    def _zone(self, i: int) -> Zone:
        z = self.spec.map.zones[i]
        for j, name in enumerate(z.cover):
            if name not in COVERS:
                raise self.fail(
                    f"map.zones[{i}].cover[{j}]", f"unknown cover '{name}'; covers: {', '.join(COVERS)}"
                )
        features = set(z.features)
        return Zone(
            name=z.name,
            cluttered="cluttered" in features,
            dim="dim" in features,
            dark="dark" in features,
            cramped="cramped" in features,
            covers=tuple(z.cover),
            exit=z.exit,
            size_m=z.size_m,
        )

    def _borders(self) -> tuple[list[Border], list[int]]:
        borders: list[Border] = []
        doors: list[int] = []
        seen: set[frozenset[int]] = set()
        for i, b in enumerate(self.spec.map.borders):
            where = f"map.borders[{i}].between"
            a = self.zone(b.between[0], where)
            c = self.zone(b.between[1], where)
            if a == c:
                raise self.fail(where, "a border joins two different zones")
            if frozenset((a, c)) in seen:
                raise self.fail(where, f"a second border between '{b.between[0]}' and '{b.between[1]}'")
            seen.add(frozenset((a, c)))
            kind = BorderKind[b.kind.upper()]
            toughness = b.toughness or self.options.wooden_door_toughness
            borders.append(Border(a, c, kind, b.armor, toughness))
            doors.append(
                int(DoorState[b.state.upper()])
                if kind in (BorderKind.DOOR, BorderKind.HATCH)
                else int(DoorState.OPEN)
            )
        return borders, doors

    def _cover_rating(self, name: str) -> int:
        cover = COVERS[name]
        return GRADE_RATING[cover.grade] if self.options.dice_mode == "step" else cover.rating

    def _combatants(self) -> tuple[list[Combatant], list[int], list[Sneak]]:
        combatants: list[Combatant] = []
        origins: list[int] = []
        for i, spec in enumerate(self.spec.combatants):
            for k in range(spec.count):
                name = spec.name if spec.count == 1 else f"{spec.name} {k + 1}"
                group = spec.group or (spec.name if spec.count > 1 else "")
                combatants.append(self._combatant(i, spec, len(combatants), name, group))
                origins.append(i)
        names = [c.name for c in combatants]
        if len(set(names)) != len(names):
            duplicate = next(n for n in names if names.count(n) > 1)
            raise self.fail("combatants", f"two combatants are called '{duplicate}'; names must be unique")
        surprise: list[int] = []
        sneaks: list[Sneak] = []
        for c, i in zip(combatants, origins, strict=True):
            spec = self.spec.combatants[i]
            if spec.surprise:
                surprise.append(c.id)
            for j, other_name in enumerate(spec.engaged_with):
                other = self._named(combatants, other_name, f"combatants[{i}].engaged_with[{j}]")
                if other.zone != c.zone:
                    raise self.fail(
                        f"combatants[{i}].engaged_with[{j}]",
                        f"'{other_name}' is not in zone '{self.zone_names[c.zone]}'",
                    )
                c.engaged.add(other.id)
                other.engaged.add(c.id)
            if spec.sneak is not None:
                target = self._named(combatants, spec.sneak.target, f"combatants[{i}].sneak.target")
                if target.side == c.side:
                    raise self.fail(
                        f"combatants[{i}].sneak.target", "a sneak attack targets an enemy (SNEAK-05)"
                    )
                sneaks.append(Sneak(c.id, target.id, spec.sneak.to_engaged))
        return combatants, surprise, sneaks

    def _named(self, combatants: list[Combatant], name: str, where: str) -> Combatant:
        for c in combatants:
            if c.name == name:
                return c
        raise self.fail(
            where, f"no combatant named '{name}'; combatants: {', '.join(c.name for c in combatants)}"
        )

    def _combatant(self, i: int, spec: CombatantSpec, index: int, name: str, group: str) -> Combatant:
        where = f"combatants[{i}]"
        side = self.side(spec.side, f"{where}.side")
        zone = self.zone(spec.zone, f"{where}.zone")
        attrs = [
            self._attribute(spec, key, f"{where}.attributes.{key}")
            for key in ("strength", "agility", "wits", "empathy")
        ]
        skills = {}
        for key, value in spec.skills.items():
            skills[key.capitalize()] = self._skill(value, f"{where}.skills.{key}")
        weapons = []
        for j, weapon_name in enumerate(spec.weapons):
            if weapon_name not in self.weapons:
                raise self.fail(
                    f"{where}.weapons[{j}]",
                    f"unknown weapon '{weapon_name}'; weapons: {', '.join(self.weapons)} (or define it under weapons:)",
                )
            profile = self.weapons[weapon_name]
            weapons.append(WeaponState(weapon_name, profile.bonus))
        held = -1
        if spec.drawn is not None:
            if spec.drawn not in spec.weapons:
                raise self.fail(
                    f"{where}.drawn", f"'{spec.drawn}' is not among this combatant's weapons {spec.weapons}"
                )
            held = spec.weapons.index(spec.drawn)
        elif weapons:
            held = 0
        armor_rating = 0
        if spec.armor is not None:
            if spec.armor not in ARMORS:
                raise self.fail(
                    f"{where}.armor", f"unknown armor '{spec.armor}'; armors: {', '.join(ARMORS)}"
                )
            armor = ARMORS[spec.armor]
            armor_rating = GRADE_RATING[armor.grade] if self.options.dice_mode == "step" else armor.rating
        for j, item in enumerate(spec.items):
            if item not in ITEMS:
                raise self.fail(f"{where}.items[{j}]", f"unknown item '{item}'; items: {', '.join(ITEMS)}")
        health, resolve = self._tracks(attrs)
        return Combatant(
            id=index, name=name, side=side, group=group, pc=spec.pc,
            attrs=list(attrs), max_attrs=list(attrs), skills=skills,
            health=health, max_health=health, resolve=resolve, max_resolve=resolve,
            zone=zone, prone=spec.prone, weapons=weapons, held=held, armor=spec.armor,
            armor_rating=armor_rating, hidden=spec.hidden, items=list(spec.items),
            burning=spec.burning,
        )  # fmt: skip

    def _attribute(self, spec: CombatantSpec, key: str, where: str) -> int:
        value = spec.attributes.get(key)  # type: ignore[call-overload]
        if value is None:
            raise self.fail(where, "required attribute is missing (strength, agility, wits, empathy)")
        if self.options.dice_mode == "step":
            return self._grade(value, where, allow_none=False)
        top = 12 if spec.creature else 5
        if not isinstance(value, int) or not 1 <= value <= top:
            raise self.fail(
                where,
                f"attribute {value!r} out of range: 1-{top} (DICE-01{'' if spec.creature else '; creatures: creature: true'})",
            )
        return value

    def _skill(self, value: int | str, where: str) -> int:
        if self.options.dice_mode == "step":
            if value in (0, "none", "-"):
                return 0
            return self._grade(value, where, allow_none=True)
        if not isinstance(value, int) or not 0 <= value <= 5:
            raise self.fail(where, f"skill {value!r} out of range: 0-5 (DICE-04)")
        return value

    def _grade(self, value: int | str, where: str, allow_none: bool) -> int:
        if isinstance(value, str) and value.upper() in dice.STEP_SIDES:
            return dice.STEP_SIDES[value.upper()]
        raise self.fail(
            where, f"step rating {value!r} must be A, B, C or D{' (or none)' if allow_none else ''} (STEP-01)"
        )

    def _tracks(self, attrs: list[int]) -> tuple[int, int]:
        """DMGM-02/03: Health and Resolve; attribute damage uses the attributes instead."""
        if self.options.damage_model == "attribute":
            return 1, 1
        strength, agility, wits, empathy = attrs
        if self.options.dice_mode == "step":
            return math.ceil((strength + agility) / 4), math.ceil((wits + empathy) / 4)
        return math.ceil((strength + agility) / 2) + 1, math.ceil((wits + empathy) / 2) + 1

    def _victory(self) -> VictoryRules:
        v = self.spec.victory
        reach = {
            self.side(s, f"victory.reach_zone.{s}"): self.zone(z, f"victory.reach_zone.{s}")
            for s, z in v.reach_zone.items()
        }
        survive = {self.side(s, f"victory.survive_rounds.{s}"): n for s, n in v.survive_rounds.items()}
        return VictoryRules(v.round_cap, reach, survive)

    def _check_initiative(self, scenario: Scenario) -> None:
        probe = GameState(
            scenario.setup,
            list(scenario.combatants),
            scenario.doors,
            scenario.cover_ratings,
            {},
            [0] * len(scenario.combatants),
        )
        try:
            initiative.deck_size(probe, len(initiative.drawers(probe)))
        except initiative.InitiativeError as err:
            raise self.fail("combatants", f"more combatants than initiative cards: {err}") from None


__all__ = ["DEFAULT_SCENARIO", "SKILLS", "ScenarioError", "bundled_scenarios", "load_scenario"]
