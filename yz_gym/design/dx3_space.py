"""What `balance` and `sensitivity` vary in a DX3 fight's file (its design Space, named by the DX3
mode's registry record): the fighters, the sides and the vehicles, and the metrics of the
evaluate report (evaluation/dx3_games.py): a side's win, a PC's death (a finishing blow) and a
total party knockout (every PC 戦闘不能 or dead at the end).

Targets, looked up in this order: a fighter's `name`, a side (every fighter of it), a vehicle.
Fields:

- on fighters: an ability (`body`, `sense`, `mind`, `social`, or `abilities.body`), a skill by its
  Japanese key (`白兵`, `回避`, `射撃`, `知覚`, `RC`, `意志`, `交渉`, `調達`, `運転:四輪` ..., or
  `skills.白兵`), an effect's level (`crit_focus`, `heavy_blow` ... or `effects.crit_focus`; 0
  takes it off), `position` (metres; not a rider's, which stands where its vehicle is),
  `encroachment` (侵蝕率 %), `hp`, `lois`, `titus`, `resurrect` (《リザレクト》's level), `weapon`
  (the weapon it fights with: it replaces the first held one, the others stay), `armor` (its 防具
  piece; `none` takes it off) and `count`: on one NPC fighter, how many of it fight (copies named
  "Trooper A 2" ...); on a side, how many fighters it fields, by copies of its last NPC fighter on
  foot or by leaving out its last NPC fighters (PCs and riders are never copied);
- on vehicles: `kind`, `hp`, `position`.

Sensitivity's steps: an ability or skill +/-1 (abilities 1-20, skills 0-30), an effect's level
+/-1 within 1 and its max level, Lois +/-1, a weapon to the next stronger or weaker one of its kind
that is held the same way (hit + attack + guard), the 防具 piece to the next
better or worse 装甲値 (none below all; it favours no side as such: a heavier piece costs ドッジ
and 行動), an NPC fighter's count +/-1, a vehicle's HP +/-10 (its
riders' side), 侵蝕率 +/-10 and a position +/-5 m (which favour no side as such); Lois only for
a PC or a fighter that holds some."""

from __future__ import annotations

import copy
from typing import Any, Final

from yz_gym.design.variation import Change, Space, Value, Variation, VariationError, encounter_count, step
from yz_gym.design.yze_space import ladder
from yz_gym.evaluation.dx3_games import DX3_TERMS
from yz_gym.rulesets.dx3.character import SKILL_ABILITY
from yz_gym.rulesets.dx3.effect_library import EffectError, load_effects
from yz_gym.rulesets.dx3.gear import ARMORS, WEAPONS
from yz_gym.rulesets.dx3.vehicle import VEHICLES
from yz_gym.scenario.loading import LoadedScenario

ABILITIES: Final = ("body", "sense", "mind", "social")
SKILLS: Final = tuple(name for name in SKILL_ABILITY if not name.endswith(":"))  # 白兵 ... (no specialty)
DRIVING: Final = tuple(dict.fromkeys(v.skill for v in VEHICLES.values()))  # 運転:四輪 ...
NUMBERS: Final = ("count", "position", "encroachment", "hp", "lois", "titus", "resurrect")
FIGHTER_FIELDS: Final = (*NUMBERS, "weapon", "armor", *ABILITIES)
VEHICLE_FIELDS: Final = ("kind", "hp", "position")
NOT_LEVELLED: Final = ("resurrect", "warding")  # library effects a file does not list under effects:
BODY_ARMOR: Final = "防具"  # the slot `armor` varies (DX3-ARM-03)
KINDS: Final = ("ability", "skill", "weapon", "armor", "effect", "lois", "encroachment", "count", "position", "vehicle")
DIRECTED: Final = ("ability", "skill", "weapon", "effect", "lois", "count", "vehicle")  # not armor: a heavier
# piece costs ドッジ and 行動 (DX3-ARM-02), so a step up is not surely stronger
PLAIN: Final = {
    "白兵": "melee", "回避": "dodge", "射撃": "ranged", "知覚": "perceive", "意志": "will", "交渉": "negotiate",
    "調達": "procure", "運転": "drive", "四輪": "4-wheel", "二輪": "2-wheel", "馬": "horse", "船舶": "boat",
    "航空機": "aircraft", "芸術": "art", "知識": "knowledge", "情報": "info",
}  # fmt: skip
ENCROACHMENT_STEP: Final = 10  # 侵蝕率 points of one step
POSITION_STEP: Final = 5  # metres of one step
VEHICLE_HP_STEP: Final = 10


def _fighters(data: dict[str, Any], target: str) -> list[int]:
    """The fighter entries `target` names: one by name, else a side's."""
    fighters = data.get("fighters", [])
    for key in ("name", "side"):
        found = [i for i, f in enumerate(fighters) if f.get(key) == target]
        if found:
            return found
    return []


def kind_of(data: dict[str, Any], target: str) -> str | None:
    """"fighters" (a fighter or a side), "vehicle", or None."""
    if _fighters(data, target):
        return "fighters"
    return "vehicle" if target in [v.get("name") for v in data.get("vehicles", [])] else None


def target_names(data: dict[str, Any]) -> list[str]:
    """Every fighter, side and vehicle, in lookup order."""
    names = [str(f.get("name")) for f in data.get("fighters", [])]
    names += [str(s) for s in data.get("sides", [])]
    names += [str(v.get("name")) for v in data.get("vehicles", [])]
    return list(dict.fromkeys(names))


def _effect_names(data: dict[str, Any]) -> list[str]:
    """The effects a fighter may be given a level of: the bundled ones and the file's own."""
    return [name for name in load_effects(data.get("effects") or None) if name not in NOT_LEVELLED]


def fields(data: dict[str, Any], target: str, kind: str) -> tuple[str, ...]:
    """A fighter's fields (with every skill the file or a vehicle names, and every effect), or a vehicle's."""
    if kind == "vehicle":
        return VEHICLE_FIELDS
    held = [s for f in data.get("fighters", []) for s in f.get("skills", {}) if s not in SKILLS]
    try:
        effects = _effect_names(data)
    except EffectError:
        effects = []
    return tuple(dict.fromkeys((*FIGHTER_FIELDS, *SKILLS, *DRIVING, *held, *effects)))


def _number(field: str) -> bool:
    return field not in ("weapon", "armor", "kind")


def _check(field: str, values: tuple[Value, ...], where: str) -> None:
    """A number field takes whole numbers (0 or more; a count at least 1)."""
    for value in values:
        if _number(field) and not isinstance(value, int):
            raise VariationError(f"{where}: {field} '{value}'; give whole numbers, e.g. {field}=1..3")
        if field == "count" and isinstance(value, int) and value < 1:
            raise VariationError(f"{where}: count '{value}'; give whole numbers of at least 1, e.g. 1..4")


def edit(out: dict[str, Any], variation: Variation, value: Value, where: str) -> None:
    """Set one variation's field to `value` in a copy of a parsed DX3 file."""
    field, target = variation.field, variation.target
    if kind_of(out, target) == "vehicle":
        next(v for v in out["vehicles"] if v.get("name") == target)[field] = value
        return
    entries = _fighters(out, target)
    fighters = out["fighters"]
    if field == "count":
        _set_count(fighters, entries, target, int(value), where)
        return
    for i in entries:
        f = fighters[i]
        if field in ABILITIES:
            f["abilities"] = {**f.get("abilities", {}), field: value}
        elif field == "position":
            if f.get("vehicle"):
                raise VariationError(f"{where}: {f['name']} rides '{f['vehicle']}' and stands where it is; vary {f['vehicle']}.position")
            f["position"] = value
        elif field in NUMBERS:
            f[field] = value
        elif field == "weapon":
            _set_weapon(f, str(value))
        elif field == "armor":
            kept = [a for a in f.get("armor", []) if a not in ARMORS or ARMORS[a].slot != BODY_ARMOR]
            f["armor"] = kept if value == "none" else [str(value), *kept]
        elif field in SKILL_ABILITY or field.partition(":")[0] + ":" in SKILL_ABILITY:
            f["skills"] = {**f.get("skills", {}), field: value}
        else:  # an effect's level; 0 takes it off
            effects = {k: v for k, v in f.get("effects", {}).items() if k != field}
            f["effects"] = {**effects, field: value} if value else effects


def _set_weapon(f: dict[str, Any], weapon: str) -> None:
    """The weapon it fights with (its first held one) becomes `weapon`; the others stay."""
    weapons = list(f.get("weapons", []))
    equipped = f.get("equipped")
    main = (equipped[0] if equipped else None) or (weapons[0] if weapons else None)
    f["weapons"] = [weapon, *(w for w in weapons if w not in (weapon, main))]
    if equipped:
        f["equipped"] = list(dict.fromkeys([weapon, *(w for w in equipped if w != main)]))


def _set_count(fighters: list[dict[str, Any]], entries: list[int], target: str, total: int, where: str) -> None:
    """One NPC fighter: it and total - 1 copies; a side: `total` fighters, by copies of its last NPC
    fighter on foot or by leaving out its last NPC fighters."""
    on_foot = [i for i in entries if not fighters[i].get("pc") and not fighters[i].get("vehicle")]
    if not on_foot:
        raise VariationError(f"{where}: '{target}' has no NPC fighter on foot (PCs and riders are never copied); vary an NPC's count")
    have = len(entries)
    if total < have:
        if have - total > len(on_foot):
            raise VariationError(f"{where}: {target} has {have - len(on_foot)} PC(s) or rider(s); give counts of at least {have - len(on_foot)}")
        for i in sorted(on_foot[len(on_foot) - (have - total):], reverse=True):
            del fighters[i]
        return
    last = on_foot[-1]
    names = {f.get("name") for f in fighters}
    copies: list[dict[str, Any]] = []
    k = 2
    while len(copies) < total - have:
        name = f"{fighters[last]['name']} {k}"
        if name not in names:
            copies.append({**copy.deepcopy(fighters[last]), "name": name})
        k += 1
    fighters[last + 1 : last + 1] = copies


def changes(loaded: LoadedScenario) -> list[Change]:
    """Every one-step change of a DX3 file (module docstring)."""
    data = loaded.data
    library = load_effects(data.get("effects") or None)
    out: list[Change] = []
    for f in data.get("fighters", []):
        out += _fighter_changes(f, library)
    for v in data.get("vehicles", []):
        riders = {str(f["side"]) for f in data.get("fighters", []) if f.get("vehicle") == v["name"]}
        owner = riders.pop() if len(riders) == 1 else ""
        hp = int(v.get("hp", 20))
        out.append(step("vehicle", str(v["name"]), "HP", "hp", hp + VEHICLE_HP_STEP, f"{hp} -> {hp + VEHICLE_HP_STEP}", owner, True, bool(owner)))
        if hp > VEHICLE_HP_STEP:
            out.append(step("vehicle", str(v["name"]), "HP", "hp", hp - VEHICLE_HP_STEP, f"{hp} -> {hp - VEHICLE_HP_STEP}", owner, False, bool(owner)))
    return out


def _steps(kind: str, f: dict[str, Any], what: str, value: int, low: int, high: int, by: int = 1) -> list[Change]:
    """+/-`by` of a number within [low, high]."""
    name, side = str(f["name"]), str(f["side"])
    out = []
    for new, up in ((value + by, True), (value - by, False)):
        if low <= new <= high:
            sign = "+" if up else "-"
            out.append(step(kind, name, what, what, new, f"{sign}{by} ({value} -> {new})", side, up, kind in DIRECTED))
    return out


def _fighter_changes(f: dict[str, Any], library: dict[str, Any]) -> list[Change]:
    """A fighter's steps: abilities, skills, effects, Lois, weapon, armor, count, 侵蝕率, position."""
    name, side = str(f["name"]), str(f["side"])
    out: list[Change] = []
    for ability in ABILITIES:
        out += _steps("ability", f, ability, int(f.get("abilities", {}).get(ability, 0)), 1, 20)
    for skill, level in f.get("skills", {}).items():
        out += _steps("skill", f, skill, int(level), 0, 30)
    for effect, level in f.get("effects", {}).items():
        if effect in library:
            out += _steps("effect", f, effect, int(level), 1, library[effect].max_level)
    if f.get("pc") or f.get("lois"):
        out += _steps("lois", f, "lois", int(f.get("lois", 0)), 0, 7)
    weapons = list(f.get("weapons", []))
    main = (f.get("equipped") or weapons or [None])[0]
    if main in WEAPONS:
        for other, up in _weapon_steps(str(main)):
            out.append(step("weapon", name, "weapon", "weapon", other, f"{main} -> {other}", side, up, True))
    body = next((a for a in f.get("armor", []) if a in ARMORS and ARMORS[a].slot == BODY_ARMOR), "none")
    ratings = {"none": 0, **{k: a.armor for k, a in ARMORS.items() if a.slot == BODY_ARMOR}}
    for other, up in ladder(ratings, ratings, ratings[body]):
        out.append(step("armor", name, "armor", "armor", other, f"{body} -> {other}", side, up, False))
    if not f.get("pc") and not f.get("vehicle"):
        out.append(step("count", name, "count", "count", 2, "1 -> 2", side, True, True))
    out += _steps("encroachment", f, "encroachment", int(f.get("encroachment", 0)), 0, 400, ENCROACHMENT_STEP)
    if not f.get("vehicle"):
        out += _steps("position", f, "position", int(f.get("position", 0)), 0, 1000, POSITION_STEP)
    return out


def _weapon_steps(weapon: str) -> list[tuple[str, bool]]:
    """The next stronger and weaker weapon of the same kind, held the same way (one or two hands, 至近
    or not; a metre range or none), by hit + attack + guard."""
    mine = WEAPONS[weapon]
    same = {
        k: w.hit + w.attack + w.guard for k, w in WEAPONS.items()
        if (w.kind, w.two_handed, w.close) == (mine.kind, mine.two_handed, mine.close) and (w.reach > 0) == (mine.reach > 0)
    }  # fmt: skip
    return ladder(same, same, mine.hit + mine.attack + mine.guard)


DX3_SPACE: Final = Space(
    targets="fighter, side or vehicle",
    example="Enforcer.position=14..20 or Kaito.白兵=2..4",
    kind_of=kind_of,
    names=target_names,
    fields=fields,
    kind_words={"fighters": "names fighters", "vehicle": "is a vehicle"},
    numbers=_number,
    check=_check,
    edit=edit,
    changes=changes,
    kinds=KINDS,
    metrics=("win", "pc_death", "knockout"),
    words=("{side} wins", DX3_TERMS.party[0].words, DX3_TERMS.party[2].words),
    count=encounter_count,
    prefixes=("abilities", "skills", "effects"),
    plain=tuple(PLAIN.items()),
)
