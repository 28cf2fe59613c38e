"""Build a zone fight (yze skirmish) from its checked scenario file; each mistake is one clear line.

Every error is a ScenarioError whose message reads `origin: field.path: what is wrong; what is
allowed`. Loading is all-or-nothing: the builder only reads the shared tables and the input, and
hands back a Scenario only once every check has passed.
"""

from __future__ import annotations

import difflib
import math
from pathlib import Path
from typing import Any

from yz_gym.core.switches import SwitchError
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat.specialties import SPECIALTIES
from yz_gym.rulesets.yze.options import RULES, RuleOptions
from yz_gym.rulesets.yze.scenario.models import CombatantSpec, ScenarioFile
from yz_gym.rulesets.yze.state import (
    SKILLS,
    Combatant,
    GameState,
    Scenario,
    Setup,
    Sneak,
    VictoryRules,
    WeaponState,
)
from yz_gym.rulesets.yze.tables import ARMORS, COVERS, WEAPONS, Weapon
from yz_gym.rulesets.yze.zone import initiative
from yz_gym.rulesets.yze.zone.zones import Border, BorderKind, DoorState, Zone, ZoneMap
from yz_gym.scenario import DEFAULT_SCENARIO, ScenarioError
from yz_gym.scenario.reading import preview
from yz_gym.scenario.validation import validated

ITEMS = ("medkit", "blanket", "frag_grenade", "smoke_grenade", "antidote")  # DEATH-03, FIRE-04; ACTN-USEITEM-01 (attacks.ITEMS); HAZ-POISON-04
GRADE_RATING = {"D": 3, "C": 6, "B": 9, "A": 12}  # AMB-04: step grades as pool ratings


def bundled_scenarios() -> list[str]:
    """Names of the zone fights (yze skirmish) that ship with yz_gym; every mode's: loading.bundled."""
    from yz_gym.core import registry
    from yz_gym.scenario.loading import bundled

    return bundled(registry.get("yze", "skirmish"))


def load_scenario(source: str | Path | dict[str, Any] = DEFAULT_SCENARIO) -> Scenario:
    """A zone fight (yze skirmish) from a bundled name, a YAML path, or an already-parsed dict,
    through the front door (loading.load); a file of another mode is refused."""
    from yz_gym.scenario.loading import load

    scenario: Scenario = load(source, ("yze", "skirmish")).scenario
    return scenario


def build(data: dict[str, Any], origin: str) -> Scenario:
    """Validate a parsed scenario and turn it into the rules' Scenario."""
    expected = "a scenario must be a mapping with name, sides, map, combatants"
    spec = validated(ScenarioFile, data, origin, expected)
    return _Builder(spec, origin).scenario()


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
        """The `rules:` block (options.RULES: types, bounds, cross-checks)."""
        try:
            options: RuleOptions = RULES.parse(self.spec.rules, "docs/scenarios.md")
        except SwitchError as err:
            raise self.fail(err.where, err.message) from None
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
        from yz_gym.rulesets.yze.scenario.hazards import build_hazards  # these two type their builder
        from yz_gym.rulesets.yze.scenario.vehicles import build_vehicles  # as this class: imported here

        spec = self.spec
        for i, name in enumerate(self.zone_names):
            if self.zone_names.index(name) != i:
                raise self.fail(
                    f"map.zones[{i}].name", f"a second zone called '{name}'; names must be unique"
                )
        for i, name in enumerate(spec.sides):
            if spec.sides.index(name) != i:
                raise self.fail(f"sides[{i}]", f"side '{name}' is listed twice; names must be unique")
        zones = tuple(self._zone(i) for i in range(len(spec.map.zones)))
        borders, doors = self._borders()
        zone_map = ZoneMap(zones, tuple(borders))
        self._check_map(zone_map)
        for name, weapon in spec.weapons.items():
            if weapon.artifact and self.options.dice_mode == "step":  # DICE-11
                raise self.fail(
                    f"weapons.{name}.artifact",
                    "artifact dice are for pool games only (DICE-11); remove it or use rules.dice_mode: pool",
                )
            if weapon.artifact and weapon.bonus < 1:  # DICE-12
                raise self.fail(
                    f"weapons.{name}.bonus",
                    "an artifact item needs a gear bonus of 1 or more: at 0 it cannot be used (DICE-12)",
                )
            self.weapons[name] = Weapon(
                name=name.replace("_", " ").capitalize(), rule_id="SCENARIO", **weapon.model_dump()
            )
        combatants, surprise, sneaks = self._combatants()
        for i, side in enumerate(spec.sides):
            if not any(c.side == i for c in combatants):
                raise self.fail(f"sides[{i}]", f"side '{side}' has no combatants; add one or remove the side")
        victory = self._victory(combatants)
        vehicles = build_vehicles(self, combatants, zones, zone_map)  # VEH-*: vehicles.py
        hazards = build_hazards(self, combatants, zone_map)  # HAZ-*: hazards.py
        ambush = None
        if spec.ambush is not None:
            self.side(spec.ambush.by, "ambush.by")
            ambush = {"by": spec.ambush.by, "prepared": spec.ambush.prepared}
        setup = Setup(
            name=spec.name,
            zone_map=zone_map,
            options=self.options,
            sides=tuple(spec.sides),
            weapons=self.weapons,
            armors=dict(ARMORS),
            covers=dict(COVERS),
            victory=victory,
            ambush=ambush,
            mounted=any(c.mount is not None for c in combatants),  # MOUNT-*
            hazards=hazards,
        )
        for name in spec.agents:
            self.side(name, f"agents.{name}")
        cover_ratings = tuple(tuple(self._cover_rating(name) for name in z.covers) for z in zones)
        cramped = tuple(
            (i, tuple(c.id for c in combatants if c.zone == i)) for i, z in enumerate(zones) if z.cramped
        )
        scenario = Scenario(
            setup, tuple(combatants), tuple(doors), cover_ratings, cramped, tuple(surprise), tuple(sneaks),
            tuple(vehicles), tuple(spec.agents.get(side, "") for side in spec.sides),
        )  # fmt: skip
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
            vehicles=z.vehicles,
        )

    def _borders(self) -> tuple[list[Border], list[int]]:
        borders: list[Border] = []
        doors: list[int] = []
        seen: dict[frozenset[int], int] = {}
        for i, b in enumerate(self.spec.map.borders):
            a = self.zone(b.between[0], f"map.borders[{i}].between[0]")
            c = self.zone(b.between[1], f"map.borders[{i}].between[1]")
            where = f"map.borders[{i}].between"
            if a == c:
                raise self.fail(where, f"both ends are '{b.between[0]}'; a border joins two different zones")
            key = frozenset((a, c))
            if key in seen:
                raise self.fail(
                    where,
                    f"a second border between '{b.between[0]}' and '{b.between[1]}' "
                    f"(the first is map.borders[{seen[key]}]); keep one",
                )
            seen[key] = i
            kind = BorderKind[b.kind.upper()]
            if kind in (BorderKind.OPEN, BorderKind.WALL) and "state" in b.model_fields_set:
                raise self.fail(
                    f"map.borders[{i}].state", "only a door or hatch has a state; remove it or use kind: door"
                )
            toughness = b.toughness or self.options.wooden_door_toughness
            borders.append(Border(a, c, kind, b.armor, toughness))
            doors.append(
                int(DoorState[b.state.upper()])
                if kind in (BorderKind.DOOR, BorderKind.HATCH)
                else int(DoorState.OPEN)
            )
        return borders, doors

    def _check_map(self, zone_map: ZoneMap) -> None:
        """ZONE-01: one connected map; AMB-25: a cramped zone is a line with two ends."""
        for i, hops in enumerate(zone_map.hops[0]):
            if hops >= 10**6:
                raise self.fail(
                    "map.borders",
                    f"zone '{self.zone_names[i]}' is not joined to '{self.zone_names[0]}'; add a border "
                    "(kind: wall if nothing may pass)",
                )
        for i, zone in enumerate(zone_map.zones):
            if zone.cramped and len(zone_map.neighbours[i]) > 2:
                raise self.fail(
                    f"map.zones[{i}].features",
                    f"cramped zone '{zone.name}' has {len(zone_map.neighbours[i])} borders; a cramped zone "
                    "is a line with at most two ends (AMB-25)",
                )

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
        for c, i in zip(combatants, origins, strict=True):
            if names.index(c.name) != c.id:
                raise self.fail(
                    f"combatants[{i}].name", f"a second combatant called '{c.name}'; names must be unique"
                )
        surprise: list[int] = []
        sneaks: list[Sneak] = []
        for c, i in zip(combatants, origins, strict=True):
            spec = self.spec.combatants[i]
            if spec.surprise:
                surprise.append(c.id)  # INIT-SURPRISE-01
            for j, other_name in enumerate(spec.engaged_with):
                where = f"combatants[{i}].engaged_with[{j}]"
                other = self._named(combatants, other_name, where)
                if other.side == c.side:
                    raise self.fail(where, f"'{other_name}' is on the same side; engaged_with lists enemies")
                if other.zone != c.zone:
                    raise self.fail(
                        where, f"'{other_name}' is not in zone '{self.zone_names[c.zone]}'; put both there"
                    )
                c.engaged.add(other.id)
                other.engaged.add(c.id)
            if spec.sneak is not None:
                where = f"combatants[{i}].sneak.target"
                target = self._named(combatants, spec.sneak.target, where)
                if target.side == c.side:
                    raise self.fail(where, "a sneak attack targets an enemy (SNEAK-05)")
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
        from yz_gym.rulesets.yze.scenario.vehicles import build_mount  # imported here (see `scenario`)

        where = f"combatants[{i}]"
        side = self.side(spec.side, f"{where}.side")
        zone = self.zone(spec.zone, f"{where}.zone")
        attrs = [
            self._attribute(spec, key, f"{where}.attributes.{key}")
            for key in ("strength", "agility", "wits", "empathy")
        ]
        skills = {}
        for key, value in spec.skills.items():
            skill = key.capitalize()
            if skill not in SKILLS and skill != "Driving":  # VEH-03: `vehicle_rules.vehicle_skill: Driving`
                close = difflib.get_close_matches(key.lower(), [s.lower() for s in SKILLS], n=1)
                guess = f"did you mean '{close[0]}'? " if close else ""
                raise self.fail(
                    f"{where}.skills.{key}",
                    f"unknown skill '{key}'; {guess}skills (DICE-03): {', '.join(s.lower() for s in SKILLS)}",
                )
            if skill in skills:
                raise self.fail(f"{where}.skills.{key}", f"skill '{skill.lower()}' is given twice; keep one")
            skills[skill] = self._skill(value, f"{where}.skills.{key}")
        weapons = []
        for j, weapon_name in enumerate(spec.weapons):
            if weapon_name not in self.weapons:
                close = difflib.get_close_matches(weapon_name, list(self.weapons), n=1)
                guess = f"did you mean '{close[0]}'? " if close else ""
                raise self.fail(
                    f"{where}.weapons[{j}]",
                    f"unknown weapon '{weapon_name}'; {guess}weapons: {', '.join(self.weapons)} "
                    "(or define it under weapons:)",
                )
            profile = self.weapons[weapon_name]
            weapons.append(WeaponState(weapon_name, profile.bonus))
        held = -1
        if spec.drawn is not None:
            if spec.drawn not in spec.weapons:
                raise self.fail(
                    f"{where}.drawn",
                    f"'{spec.drawn}' is not among this combatant's weapons ({', '.join(spec.weapons) or 'none'})",
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
        for j, specialty in enumerate(spec.specialties):
            if specialty not in SPECIALTIES:
                close = difflib.get_close_matches(specialty, list(SPECIALTIES), n=1)
                guess = f"did you mean '{close[0]}'? " if close else ""
                raise self.fail(f"{where}.specialties[{j}]",
                                f"unknown specialty {preview(specialty)}; {guess}specialties (HEAL-19): {', '.join(SPECIALTIES)}")  # fmt: skip
            if specialty in spec.specialties[:j]:
                raise self.fail(f"{where}.specialties[{j}]", f"specialty {preview(specialty)} is given twice; keep one")
        if spec.sneak is not None and spec.surprise:
            raise self.fail(
                f"{where}.sneak",
                "surprise: true already picks a card; a sneak rolls for it (SNEAK-03); keep one",
            )
        if spec.group and spec.pc:
            raise self.fail(f"{where}.group", "player characters draw their own card (INIT-03); remove group")
        health, resolve = self._tracks(attrs)
        if spec.mount is not None and spec.count > 1:
            raise self.fail(f"{where}.mount", "give each rider its own entry (count: 1); mounts are not grouped")
        mount = build_mount(self, spec.mount, f"{where}.mount") if spec.mount is not None else None
        if mount is not None and self.spec.map.zones[zone].features.count("cramped") and not mount.cramped_ok:
            raise self.fail(f"{where}.zone", "a mount cannot be in a cramped zone (MOUNT-04); start it elsewhere")
        return Combatant(
            id=index, name=name, side=side, group=group, pc=spec.pc,
            attrs=list(attrs), max_attrs=list(attrs), skills=skills,
            health=health, max_health=health, resolve=resolve, max_resolve=resolve,
            zone=zone, prone=spec.prone, weapons=weapons, held=held, armor=spec.armor,
            armor_rating=armor_rating, hidden=spec.hidden, items=list(spec.items),
            burning=spec.burning, size=spec.size, creature=spec.creature, mount=mount, pride=spec.pride or "",
            specialties=tuple(spec.specialties),
        )  # fmt: skip

    def _attribute(self, spec: CombatantSpec, key: str, where: str) -> int:
        value = spec.attributes.get(key)  # type: ignore[call-overload]
        if value is None:
            raise self.fail(where, "required attribute is missing; give strength, agility, wits and empathy")
        if self.options.dice_mode == "step":
            return self._grade(value, where, allow_none=False)
        top = 12 if spec.creature else 5
        if isinstance(value, str):
            raise self.fail(
                where, f"attribute {preview(value)}: the dice pool needs a whole number 1-{top} (or set rules.dice_mode: step)"
            )
        if not 1 <= value <= top:
            hint = "" if spec.creature else "; creatures (creature: true) go to 12"
            raise self.fail(where, f"attribute {preview(value)} out of range; give 1-{top} (DICE-01{hint})")
        return value

    def _skill(self, value: int | str, where: str) -> int:
        if self.options.dice_mode == "step":
            if value in (0, "none", "-"):
                return 0
            return self._grade(value, where, allow_none=True)
        if isinstance(value, str):
            raise self.fail(
                where, f"skill {preview(value)}: the dice pool needs a whole number 0-5 (or set rules.dice_mode: step)"
            )
        if not 0 <= value <= 5:
            raise self.fail(where, f"skill {preview(value)} out of range; give 0-5 (DICE-04)")
        return value

    def _grade(self, value: int | str, where: str, allow_none: bool) -> int:
        if isinstance(value, str) and value.upper() in dice.STEP_SIDES:
            return dice.STEP_SIDES[value.upper()]
        kind = "skill" if allow_none else "attribute"
        raise self.fail(
            where,
            f"{kind} {preview(value)}: step dice ratings are A, B, C or D{' (or none)' if allow_none else ''} (STEP-01)",
        )

    def _tracks(self, attrs: list[int]) -> tuple[int, int]:
        """DMGM-02/03: Health and Resolve; attribute damage uses the attributes instead."""
        if self.options.damage_model == "attribute":
            return 1, 1
        strength, agility, wits, empathy = attrs
        if self.options.dice_mode == "step":
            return math.ceil((strength + agility) / 4), math.ceil((wits + empathy) / 4)
        return math.ceil((strength + agility) / 2) + 1, math.ceil((wits + empathy) / 2) + 1

    def _victory(self, combatants: list[Combatant]) -> VictoryRules:
        v = self.spec.victory
        reach: dict[int, int] = {}
        for s, z in v.reach_zone.items():
            where = f"victory.reach_zone.{s}"
            side, zone = self.side(s, where), self.zone(z, where)
            if any(c.side == side and c.zone == zone for c in combatants):
                raise self.fail(where, f"side '{s}' starts in '{z}' and would win at once; pick another zone")
            reach[side] = zone
        survive: dict[int, int] = {}
        for s, n in v.survive_rounds.items():
            where = f"victory.survive_rounds.{s}"
            side = self.side(s, where)
            if n > v.round_cap:
                raise self.fail(
                    where, f"{n} rounds is past round_cap {v.round_cap}; give at most {v.round_cap}"
                )
            survive[side] = n
        return VictoryRules(v.round_cap, reach, survive)

    def _check_initiative(self, scenario: Scenario) -> None:
        """INIT-02/03, AMB-27: ten cards, unless the scenario extends the deck."""
        probe = GameState(
            scenario.setup,
            list(scenario.combatants),
            scenario.doors,
            scenario.cover_ratings,
            {},
            [0] * len(scenario.combatants),
        )
        count = len(initiative.drawers(probe))
        try:
            initiative.deck_size(probe, count)
        except initiative.InitiativeError:
            raise self.fail(
                "combatants",
                f"{count} initiative draws but only {initiative.DECK_SIZE} cards (INIT-02); give NPCs with "
                "the same stats one group: (INIT-NPC-01) or set rules.initiative_overflow: extend_deck (AMB-27)",
            ) from None


__all__ = ["GRADE_RATING", "ITEMS", "build", "bundled_scenarios", "load_scenario"]
