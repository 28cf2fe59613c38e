"""Variations of an encounter, made by editing its parsed scenario file: `vipers.count=1..6`,
`Viper.weapon=knife,pistol,shotgun`, `Mara.agility=2..5`, `Crate rows.cover=none,furniture`.

A variation is TARGET.FIELD=VALUES. The target is looked up in the file in this order: a
combatant entry's `name`, a `group`, a side, a zone of the map, a vehicle. Fields:

- on combatants (an entry, every entry of a group or side): `count`, `weapon` (the weapon it
  fights with: it replaces the drawn or first weapon, the others stay), `armor` (`none` takes it
  off), `zone` (its starting zone), an attribute (`agility` or `attributes.agility`) or a skill
  (`melee` or `skills.melee`). `count` on one entry sets its count; on a group or side it sets how
  many combatants the target fields in all, by adding or removing copies of its largest NPC entry
  (PCs are never copied);
- on zones: `cover` (`none`, a cover, or covers joined by `+`) and `light` (`normal`, `dim`, `dark`);
- on vehicles: `type`.

VALUES is a range of whole numbers `1..6` or a list `knife,pistol`. Every variant is built by the
scenario's own loader before any game, so a variant the rules refuse is one line naming the
option, the value and the loader's reason."""

from __future__ import annotations

import copy
import difflib
import itertools
from dataclasses import dataclass
from typing import Any, Final

from yz_gym.rulesets.yze.state import SKILLS
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import LoadedScenario, build_data

ATTRIBUTES: Final = ("strength", "agility", "wits", "empathy")
SKILL_NAMES: Final = (*(s.lower() for s in SKILLS), "driving")
PERSON_FIELDS: Final = ("count", "weapon", "armor", "zone", *ATTRIBUTES, *SKILL_NAMES)
ZONE_FIELDS: Final = ("cover", "light")
VEHICLE_FIELDS: Final = ("type",)
NUMBER_FIELDS: Final = ("count", *ATTRIBUTES, *SKILL_NAMES)
LIGHT: Final = ("normal", "dim", "dark")
MAX_VALUES: Final = 50  # values of one variation
MAX_VARIANTS: Final = 500  # variants of all variations together (their product)

Value = int | str


class VariationError(ValueError):
    """A variation that cannot be made; the message is one line naming the option and the fix."""


@dataclass(frozen=True, slots=True)
class Variation:
    """One thing to vary: what (target and field) and the values to try."""

    target: str  # a combatant entry, group, side, zone or vehicle, as the file names it
    field: str  # one of PERSON_FIELDS, ZONE_FIELDS or VEHICLE_FIELDS
    values: tuple[Value, ...]

    @property
    def path(self) -> str:
        """TARGET.FIELD, as the command line writes it."""
        return f"{self.target}.{self.field}"

    def setting(self, value: Value) -> str:
        """TARGET.FIELD=VALUE."""
        return f"{self.path}={value}"


def parse_variation(text: str, loaded: LoadedScenario, option: str = "--vary") -> Variation:
    """TARGET.FIELD=VALUES read against a scenario, or VariationError naming `option` and the fix."""
    where = f"{option} {text}"
    path, equals, values_text = text.partition("=")
    if not equals or not values_text.strip():
        raise VariationError(f"{where}: give TARGET.FIELD=VALUES, e.g. vipers.count=1..6 or Viper.weapon=knife,pistol")
    target, dot, field = path.strip().rpartition(".")
    for prefix in ("attributes", "skills"):  # Viper.skills.melee is Viper.melee
        if target.endswith(f".{prefix}"):
            target = target.removesuffix(f".{prefix}")
    if not dot or not target:
        raise VariationError(f"{where}: give TARGET.FIELD=VALUES, e.g. vipers.count=1..6 (TARGET: a combatant, group, side or zone)")
    field = field.strip().lower()
    kind = target_kind(loaded.data, target)
    if kind is None:
        names = target_names(loaded.data)
        close = difflib.get_close_matches(target, names, n=1)
        guess = f"did you mean '{close[0]}'? " if close else ""
        raise VariationError(
            f"{where}: no combatant, group, side, zone or vehicle named '{target}' in {loaded.name}; "
            f"{guess}names: {', '.join(names)}"
        )
    fields = {"combatants": PERSON_FIELDS, "zone": ZONE_FIELDS, "vehicle": VEHICLE_FIELDS}[kind]
    if field not in fields:
        close = difflib.get_close_matches(field, fields, n=1)
        guess = f"did you mean '{close[0]}'? " if close else ""
        what = {"combatants": "names combatants", "zone": "is a zone", "vehicle": "is a vehicle"}[kind]
        raise VariationError(f"{where}: '{target}' {what}: no field '{field}'; {guess}fields: {', '.join(fields)}")
    variation = Variation(target, field, _values(values_text.strip(), field, where))
    for value in variation.values:
        edited(loaded.data, variation, value, where)  # a value the edit itself refuses fails here
    return variation


def _values(text: str, field: str, where: str) -> tuple[Value, ...]:
    """`a..b` (whole numbers) or a comma list; numbers for the number fields (grades A-D stay words)."""
    if ".." in text:
        low, _, high = text.partition("..")
        if field not in NUMBER_FIELDS or not (low.strip().isdigit() and high.strip().isdigit()):
            raise VariationError(f"{where}: a range is two whole numbers, e.g. 1..6, for {', '.join(NUMBER_FIELDS[:5])} or a skill; else list the values: a,b,c")
        first, last = int(low), int(high)
        if first > last:
            raise VariationError(f"{where}: the range {text} is empty; give the smaller number first, e.g. {last}..{first}")
        if last - first + 1 > MAX_VALUES:
            raise VariationError(f"{where}: {last - first + 1:,} values; give at most {MAX_VALUES}")
        values: list[Value] = list(range(first, last + 1))
    else:
        words = [w.strip() for w in text.split(",", MAX_VALUES)]
        if not all(words):
            raise VariationError(f"{where}: an empty value in '{text}'; list the values as a,b,c")
        values = [int(w) if field in NUMBER_FIELDS and w.isdigit() else w for w in words]
    if len(values) > MAX_VALUES:
        raise VariationError(f"{where}: {len(values)} values; give at most {MAX_VALUES}")
    if len(set(values)) != len(values):
        raise VariationError(f"{where}: a value is listed twice; list each once")
    if field == "light":
        for value in values:
            if value not in LIGHT:
                raise VariationError(f"{where}: light '{value}'; give {', '.join(LIGHT)}")
    if field == "count":
        for value in values:
            if not isinstance(value, int) or value < 1:
                raise VariationError(f"{where}: count '{value}'; give whole numbers of at least 1, e.g. 1..6")
    return tuple(values)


def target_kind(data: dict[str, Any], target: str) -> str | None:
    """What `target` names in a parsed file: "combatants" (an entry, group or side), "zone",
    "vehicle", or None."""
    if _entries(data, target):
        return "combatants"
    if target in [z.get("name") for z in data.get("map", {}).get("zones", [])]:
        return "zone"
    if target in [v.get("name") for v in data.get("vehicles", [])]:
        return "vehicle"
    return None


def target_names(data: dict[str, Any]) -> list[str]:
    """Every name a variation can target, in the order they are looked up."""
    people = data.get("combatants", [])
    names = [str(c.get("name")) for c in people]
    names += [str(c["group"]) for c in people if c.get("group")]
    names += [str(s) for s in data.get("sides", [])]
    names += [str(z.get("name")) for z in data.get("map", {}).get("zones", [])]
    names += [str(v.get("name")) for v in data.get("vehicles", [])]
    return list(dict.fromkeys(names))


def _entries(data: dict[str, Any], target: str) -> list[int]:
    """The combatant entries `target` names: one entry by name, else a group's, else a side's."""
    people = data.get("combatants", [])
    for key in ("name", "group", "side"):
        found = [i for i, c in enumerate(people) if c.get(key) == target]
        if found:
            return found
    return []


def edited(data: dict[str, Any], variation: Variation, value: Value, where: str = "") -> dict[str, Any]:
    """A deep copy of a parsed file with one variation set to `value`."""
    out = copy.deepcopy(data)
    where = where or f"--vary {variation.path}"
    field, target = variation.field, variation.target
    if field in ZONE_FIELDS:
        zone = next(z for z in out["map"]["zones"] if z.get("name") == target)
        if field == "cover":
            zone["cover"] = [] if value == "none" else str(value).split("+")
        else:
            features = [f for f in zone.get("features", []) if f not in ("dim", "dark")]
            zone["features"] = features + ([] if value == "normal" else [str(value)])
        return out
    if field in VEHICLE_FIELDS:
        next(v for v in out["vehicles"] if v.get("name") == target)[field] = value
        return out
    entries = _entries(out, target)
    people = out["combatants"]
    if field == "count":
        _set_count(people, entries, target, int(value), where)
        return out
    for i in entries:
        person = people[i]
        if field in ATTRIBUTES:
            person.setdefault("attributes", {})[field] = value
        elif field in SKILL_NAMES:
            person["skills"] = {**person.get("skills", {}), field: value}
        elif field == "armor":
            person.pop("armor", None)
            if value != "none":
                person["armor"] = value
        elif field == "weapon":
            weapons = list(person.get("weapons", []))
            main = person.get("drawn") or (weapons[0] if weapons else None)
            person["weapons"] = [value, *(w for w in weapons if w not in (value, main))]
            if "drawn" in person:
                person["drawn"] = value
        else:  # zone
            person["zone"] = value
    return out


def _set_count(people: list[dict[str, Any]], entries: list[int], target: str, total: int, where: str) -> None:
    """One entry: its count; a group or side: its combatants number `total`, by the copies of its
    largest NPC entry."""
    npcs = [i for i in entries if not people[i].get("pc")]
    if not npcs:
        raise VariationError(f"{where}: '{target}' has only player characters; count copies NPCs, vary an NPC entry")
    largest = max(npcs, key=lambda i: (int(people[i].get("count", 1)), -i))
    others = sum(int(people[i].get("count", 1)) for i in entries if i != largest)
    if total - others < 1:
        raise VariationError(
            f"{where}: {target} has {others} other combatant(s) besides {people[largest]['name']}; "
            f"give counts of at least {others + 1}, or vary {people[largest]['name']}.count"
        )
    people[largest]["count"] = total - others


@dataclass(frozen=True, slots=True)
class Variant:
    """One combination of values: its settings and the scenario file they make."""

    settings: tuple[tuple[Variation, Value], ...]
    data: dict[str, Any]  # the edited file
    scenario: Any  # what the scenario's mode built from it

    @property
    def label(self) -> str:
        """The settings as `vipers.count=4 Viper.weapon=pistol` (`as given` when nothing varies)."""
        return " ".join(v.setting(value) for v, value in self.settings) or "as given"


def variants(loaded: LoadedScenario, variations: list[Variation], option: str = "--vary") -> list[Variant]:
    """Every combination of the variations' values, each built by the scenario's loader (a
    variant it refuses is a VariationError naming the settings and the reason)."""
    count = 1
    for variation in variations:
        count *= len(variation.values)
    if count > MAX_VARIANTS:
        raise VariationError(f"{option}: {count:,} combinations; give at most {MAX_VARIANTS} (fewer values or fewer {option})")
    paths = [v.path for v in variations]
    for path in paths:
        if paths.count(path) > 1:
            raise VariationError(f"{option} {path}: varied twice; give its values in one {option}")
    made = []
    for values in itertools.product(*(v.values for v in variations)):
        data = loaded.data
        for variation, value in zip(variations, values, strict=True):
            data = edited(data, variation, value)
        settings = tuple(zip(variations, values, strict=True))
        try:
            built = build_data(data, f"{option} {Variant(settings, data, None).label}", expect=loaded.mode.key)
        except ScenarioError as error:
            raise VariationError(str(error)) from None
        made.append(Variant(settings, data, built.scenario))
    return made
