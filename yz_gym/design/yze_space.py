"""What `balance` and `sensitivity` vary in a YZE zone fight's or chase's file (its design Space,
named by both modes' registry records): the combatants, zones and vehicles, and the metrics a
side's win, a PC's death and a total party knockout (evaluation/stats.py, ENCOUNTERS).

Targets, looked up in this order: a combatant entry's `name`, a `group`, a side, a zone of the
map, a vehicle. Fields:

- on combatants (an entry, every entry of a group or side): `count`, `weapon` (the weapon it
  fights with: it replaces the drawn or first weapon, the others stay), `armor` (`none` takes it
  off), `zone` (its starting zone), an attribute (`agility` or `attributes.agility`) or a skill
  (`melee` or `skills.melee`). `count` on one entry sets its count; on a group or side it sets how
  many combatants the target fields in all, by adding or removing copies of its largest NPC entry
  (PCs are never copied);
- on zones: `cover` (`none`, a cover, or covers joined by `+`) and `light` (`normal`, `dim`, `dark`);
- on vehicles: `type`.

Sensitivity's steps: an attribute or skill +/-1 within its range; a weapon to the next stronger one
of its skill that reaches as far or further, or the next weaker one that reaches no further
(tables.WEAPONS ranked by bonus + damage); armor to the next better or worse rating (none below
all); an NPC entry's count +/-1; a starting zone to each neighbouring zone; a zone's best cover
piece one grade up or down (off below furniture; furniture added where there is none); light one
step between normal, dim and dark."""

from __future__ import annotations

from typing import Any, Final

from yz_gym.design.variation import Change, Space, Value, Variation, VariationError, encounter_count, step
from yz_gym.rulesets.yze.scenario.models import RANGES
from yz_gym.rulesets.yze.state import SKILLS
from yz_gym.rulesets.yze.tables import ARMORS, COVERS, WEAPONS
from yz_gym.scenario.loading import LoadedScenario

ATTRIBUTES: Final = ("strength", "agility", "wits", "empathy")
SKILL_NAMES: Final = (*(s.lower() for s in SKILLS), "driving")
PERSON_FIELDS: Final = ("count", "weapon", "armor", "zone", *ATTRIBUTES, *SKILL_NAMES)
ZONE_FIELDS: Final = ("cover", "light")
VEHICLE_FIELDS: Final = ("type",)
NUMBER_FIELDS: Final = ("count", *ATTRIBUTES, *SKILL_NAMES)
LIGHT: Final = ("normal", "dim", "dark")
KINDS: Final = ("attribute", "skill", "weapon", "armor", "count", "zone", "cover", "light")
DIRECTED: Final = ("attribute", "skill", "weapon", "armor", "count")  # a step up strengthens its owner
GRADES: Final = ("D", "C", "B", "A")  # step dice grades, weakest first (STEP-01)


def kind_of(data: dict[str, Any], target: str) -> str | None:
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


def _fields(data: dict[str, Any], target: str, kind: str) -> tuple[str, ...]:
    return {"combatants": PERSON_FIELDS, "zone": ZONE_FIELDS, "vehicle": VEHICLE_FIELDS}[kind]


def _check(field: str, values: tuple[Value, ...], where: str) -> None:
    """Light is one of LIGHT; a count is at least 1."""
    for value in values:
        if field == "light" and value not in LIGHT:
            raise VariationError(f"{where}: light '{value}'; give {', '.join(LIGHT)}")
        if field == "count" and (not isinstance(value, int) or value < 1):
            raise VariationError(f"{where}: count '{value}'; give whole numbers of at least 1, e.g. 1..6")


def _entries(data: dict[str, Any], target: str) -> list[int]:
    """The combatant entries `target` names: one entry by name, else a group's, else a side's."""
    people = data.get("combatants", [])
    for key in ("name", "group", "side"):
        found = [i for i, c in enumerate(people) if c.get(key) == target]
        if found:
            return found
    return []


def edit(out: dict[str, Any], variation: Variation, value: Value, where: str) -> None:
    """Set one variation's field to `value` in a copy of a parsed file."""
    field, target = variation.field, variation.target
    if field in ZONE_FIELDS:
        zone = next(z for z in out["map"]["zones"] if z.get("name") == target)
        if field == "cover":
            zone["cover"] = [] if value == "none" else str(value).split("+")
        else:
            features = [f for f in zone.get("features", []) if f not in ("dim", "dark")]
            zone["features"] = features + ([] if value == "normal" else [str(value)])
        return
    if field in VEHICLE_FIELDS:
        next(v for v in out["vehicles"] if v.get("name") == target)[field] = value
        return
    entries = _entries(out, target)
    people = out["combatants"]
    if field == "count":
        _set_count(people, entries, target, int(value), where)
        return
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


def changes(loaded: LoadedScenario) -> list[Change]:
    """Every one-step change of the file: its combatants', then its zones' (module docstring)."""
    data = loaded.data
    found: list[Change] = []
    zones = list(data.get("map", {}).get("zones", []))  # a file with a map (a chase has none)
    for person in data.get("combatants", []):
        found += _person_changes(person, zones, data)
    for zone in zones:
        found += _zone_changes(zone)
    return found


def _step(kind: str, target: str, what: str, field: str, value: Value, text: str, owner: str, up: bool) -> Change:
    return step(kind, target, what, field, value, text, owner, up, kind in DIRECTED)


def _person_changes(person: dict[str, Any], zones: list[dict[str, Any]], data: dict[str, Any]) -> list[Change]:
    """A combatant entry's steps: attributes, skills, weapon, armor, count, starting zone."""
    name, side = str(person["name"]), str(person["side"])
    out: list[Change] = []
    top = 12 if person.get("creature") else 5
    for attribute in ATTRIBUTES:
        out += _rating_steps("attribute", name, attribute, person.get("attributes", {}).get(attribute), 1, top, side)
    for skill, value in person.get("skills", {}).items():
        if skill.lower() in SKILL_NAMES:
            out += _rating_steps("skill", name, skill.lower(), value, 0, 5, side)
    weapons = list(person.get("weapons", []))
    main = person.get("drawn") or (weapons[0] if weapons else None)
    if main in WEAPONS and main not in data.get("weapons", {}):
        for other, up in _weapon_steps(main):
            out.append(_step("weapon", name, "weapon", "weapon", other, f"{main} -> {other}", side, up))
    armor = person.get("armor") or "none"
    if armor == "none" or armor in ARMORS:
        for other, up in _armor_steps(armor):
            out.append(_step("armor", name, "armor", "armor", other, f"{armor} -> {other}", side, up))
    count = int(person.get("count", 1))
    if not person.get("pc"):
        if count < 12:
            out.append(_step("count", name, "count", "count", count + 1, f"{count} -> {count + 1}", side, True))
        if count > 1:
            out.append(_step("count", name, "count", "count", count - 1, f"{count} -> {count - 1}", side, False))
    here = person.get("zone")
    for other in _neighbours(data, here) if zones else []:
        out.append(_step("zone", name, "start", "zone", other, f"{here} -> {other}", side, True))
    return out


def _rating_steps(kind: str, name: str, what: str, value: Any, low: int, high: int, side: str) -> list[Change]:
    """+/-1 of a number within [low, high], or one grade of a step rating."""
    steps: list[tuple[Value, bool]] = []
    if isinstance(value, int) and not isinstance(value, bool):
        steps = [(value + 1, True)] if value < high else []
        steps += [(value - 1, False)] if value > low else []
    elif isinstance(value, str) and value.upper() in GRADES:
        i = GRADES.index(value.upper())
        steps = [(GRADES[i + 1], True)] if i + 1 < len(GRADES) else []
        steps += [(GRADES[i - 1], False)] if i > 0 else []
    return [
        _step(kind, name, what, what, v, f"{'+1' if up else '-1'} ({value} -> {v})", side, up)
        for v, up in steps
    ]


def ladder(up: dict[str, int], down: dict[str, int], current: int) -> list[tuple[str, bool]]:
    """The next item up (of `up`) and down (of `down`) from the rating `current`, each by its rating;
    the first of equal ratings stands for them."""
    above = [(rating, key) for key, rating in up.items() if rating > current]
    below = [(rating, key) for key, rating in down.items() if rating < current]
    nearest_above = min(above, key=lambda item: item[0], default=None)
    nearest_below = max(below, key=lambda item: item[0], default=None)
    return ([(nearest_above[1], True)] if nearest_above else []) + ([(nearest_below[1], False)] if nearest_below else [])


def _weapon_steps(weapon: str) -> list[tuple[str, bool]]:
    """The next stronger weapon of the same skill reaching as far or further, and the next weaker one
    reaching no further, by bonus + damage."""
    mine = WEAPONS[weapon]
    reach = RANGES.index(mine.range)
    same = {k: w for k, w in WEAPONS.items() if w.skill == mine.skill}
    up = {k: w.bonus + w.damage for k, w in same.items() if RANGES.index(w.range) >= reach}
    down = {k: w.bonus + w.damage for k, w in same.items() if RANGES.index(w.range) <= reach}
    return ladder(up, down, mine.bonus + mine.damage)


def _armor_steps(armor: str) -> list[tuple[str, bool]]:
    """The next better and worse armor by rating (none is 0)."""
    ratings = {"none": 0, **{k: a.rating for k, a in ARMORS.items()}}
    return ladder(ratings, ratings, ratings[armor])


def _neighbours(data: dict[str, Any], zone: Any) -> list[str]:
    """The zones that share a border with `zone` (walls included: a start is not a move)."""
    out = []
    for border in data.get("map", {}).get("borders", []):
        a, b = border.get("between", ["", ""])
        if zone in (a, b):
            out.append(b if a == zone else a)
    return out


def _zone_changes(zone: dict[str, Any]) -> list[Change]:
    """A zone's steps of cover (its best piece) and light."""
    name = str(zone["name"])
    covers = [c for c in zone.get("cover", []) if c in COVERS]
    out: list[Change] = []
    ratings = {k: c.rating for k, c in COVERS.items()}
    if not covers:
        weakest = min(ratings, key=lambda k: ratings[k])
        out.append(_step("cover", name, "cover", "cover", weakest, f"none -> {weakest}", "", True))
    else:
        best = max(covers, key=lambda k: ratings[k])
        rest = list(zone.get("cover", []))
        rest.remove(best)
        steps = ladder(ratings, ratings, ratings[best])
        if not any(not up for _, up in steps):
            steps.append(("", False))  # the weakest cover comes off
        for other, up in steps:
            pieces = [*rest, other] if other else rest
            value = "+".join(pieces) if pieces else "none"
            out.append(_step("cover", name, "cover", "cover", value, f"{best} -> {other or 'none'}", "", up))
    features = zone.get("features", [])
    light = "dark" if "dark" in features else "dim" if "dim" in features else "normal"
    i = LIGHT.index(light)
    for j in (i - 1, i + 1):
        if 0 <= j < len(LIGHT):
            out.append(_step("light", name, "light", "light", LIGHT[j], f"{light} -> {LIGHT[j]}", "", j < i))
    return out


YZE_SPACE: Final = Space(
    targets="combatant, group, side, zone or vehicle",
    example="vipers.count=1..6 or Viper.weapon=knife,pistol",
    kind_of=kind_of,
    names=target_names,
    fields=_fields,
    kind_words={"combatants": "names combatants", "zone": "is a zone", "vehicle": "is a vehicle"},
    numbers=lambda field: field in NUMBER_FIELDS,
    check=_check,
    edit=edit,
    changes=changes,
    kinds=KINDS,
    metrics=("win", "pc_death", "knockout"),
    words=("{side} wins", "a PC dies", "total party knockout"),
    count=encounter_count,
    prefixes=("attributes", "skills"),
)
