"""Check yz_gym.rulesets.yze.tables and vehicles.tables row by row against the markdown tables of the rulebook."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from yz_gym.core.clock import unit_named
from yz_gym.rulesets.yze import tables as t
from yz_gym.rulesets.yze.vehicles import tables as vt

RULES_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
DIGEST = "SRD_DIGEST.md"
CATALOG = "CATALOG.md"
DASHES = {"–", "—", "-"}
ID_CELL = re.compile(r"^\**([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\**")


# --------------------------------------------------------------------------- markdown helpers


@functools.cache
def text(name: str) -> str:
    """The text of one rulebook file (fails loudly if shared/ is not beside the repo)."""
    path = RULES_DIR / name
    if not path.exists():
        pytest.fail(f"rulebook file not found: {path} (shared/ must sit beside the repo)")
    return path.read_text(encoding="utf-8")


def cells(line: str) -> list[str]:
    """The stripped cells of one markdown table row."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


@functools.cache
def id_rows(name: str) -> dict[str, list[str]]:
    """Every table row whose first cell is a rule ID, keyed by that ID."""
    rows: dict[str, list[str]] = {}
    for line in text(name).splitlines():
        if line.startswith("|"):
            row = cells(line)
            m = ID_CELL.match(row[0])
            if m:
                rows.setdefault(m.group(1), row)
    return rows


@functools.cache
def section_table(name: str, heading: str) -> list[list[str]]:
    """Data rows of the first table after the line that starts with heading."""
    lines = text(name).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    table: list[str] = []
    for line in lines[start + 1 :]:
        if line.lstrip().startswith("|"):
            table.append(line.strip())
        elif table:
            break
    return [cells(line) for line in table[2:]]  # skip header and separator


def num(cell: str) -> int:
    """An integer cell; a dash means 0 (AMB-14 / VZC-02)."""
    cell = cell.replace("−", "-").replace("+", "").strip()
    return 0 if cell in DASHES else int(cell)


def lead_int(cell: str) -> int:
    """The integer a cell starts with, e.g. '2 (>= 1.5)' -> 2."""
    m = re.match(r"\s*(\d+)", cell)
    assert m, f"no leading number in {cell!r}"
    return int(m.group(1))


def d66_span(cell: str) -> tuple[int, int]:
    """A D66 range cell: '25–31' -> (25, 31), '21' -> (21, 21)."""
    parts = re.findall(r"\d+", cell)
    return int(parts[0]), int(parts[-1])


def clean(cell: str) -> str:
    """A cell without its editorial notes in brackets: '(corrected: ...)', '(S2 ..., CRIT-05)'."""
    return re.sub(r"\s*\([^()]*\)", "", cell).strip()


def snake(name: str) -> str:
    """A display name as a table key."""
    return name.lower().replace(" ", "_").replace("-", "_")


def rule(*ids: str) -> pytest.MarkDecorator:
    """The rule marker for a test or a parameter."""
    return pytest.mark.rule(*ids)


# --------------------------------------------------------------------------- weapons


SRD_WEAPONS = [k for k, w in t.WEAPONS.items() if w.rule_id != "EXTRA"]


@pytest.mark.parametrize(
    "key",
    [
        pytest.param(k, marks=rule(t.WEAPONS[k].rule_id), id=t.WEAPONS[k].rule_id)
        for k in SRD_WEAPONS
    ],
)
def test_weapon_row_matches_srd(key: str) -> None:
    w = t.WEAPONS[key]
    _, name, grip, bonus, damage, rng = id_rows(DIGEST)[w.rule_id]
    assert (w.name, key) == (name, snake(name))
    assert w.grip == ("-" if grip in DASHES else grip)
    assert w.bonus == num(bonus)
    assert w.damage == num(damage)
    assert w.range == rng.lower()


def test_weapon_table_is_complete() -> None:
    srd_ids = {i for i in id_rows(DIGEST) if i.startswith("ATK-WPN-")}
    assert srd_ids == {t.WEAPONS[k].rule_id for k in SRD_WEAPONS}
    assert len(srd_ids) == 12


def test_weapon_skills() -> None:
    for key, w in t.WEAPONS.items():
        if w.ranged and w.thrown:
            assert w.skill == "Mobility", key  # thrown weapons use Mobility
        elif w.ranged:
            assert w.skill == "Marksmanship", key
        else:
            assert w.skill == "Melee" and not w.firearm, key
        assert w.range in t.RANGE_BANDS and w.grip in ("1H", "2H", "-"), key
    assert t.weapon("rock").thrown and t.weapon("spear").thrown


def test_reload_flags() -> None:
    assert all(t.weapon(k).single_shot and t.weapon(k).reload_fast for k in ("bow", "sling"))
    assert not any(w.reload_fast for w in t.WEAPONS.values() if w.firearm)
    crossbow = t.weapon("crossbow")
    assert crossbow.single_shot and not crossbow.reload_fast


def test_unarmed_cannot_block_weapons() -> None:
    assert not t.weapon("unarmed").sturdy
    assert t.weapon("club").sturdy and t.weapon("blunt_instrument").sturdy


def test_extra_weapons_are_labelled() -> None:
    extras = {k for k, w in t.WEAPONS.items() if w.rule_id == "EXTRA"}
    assert extras == {"shotgun", "submachine_gun", "assault_rifle", "sniper_rifle", "crossbow"}
    assert t.weapon("assault_rifle").full_auto and t.weapon("submachine_gun").full_auto
    assert t.weapon("sniper_rifle").range == "extreme"


# --------------------------------------------------------------------------- cover and armor


@pytest.mark.parametrize(
    "key", [pytest.param(k, marks=rule(c.rule_id), id=c.rule_id) for k, c in t.COVERS.items()]
)
def test_cover_row_matches_srd(key: str) -> None:
    c = t.COVERS[key]
    _, name, rating, grade = id_rows(DIGEST)[c.rule_id]
    assert (c.name, key, c.rating, c.grade) == (name, snake(name), int(rating), grade)


def test_cover_table_is_complete() -> None:
    srd = {i for i, row in id_rows(DIGEST).items() if i.startswith("COVER-") and len(row) == 4}
    assert srd == {c.rule_id for c in t.COVERS.values()}


def test_armor_is_project_data() -> None:
    for key, a in t.ARMORS.items():
        assert a.rule_id == "EXTRA" and 1 <= a.rating <= 6 and a.grade in "ABCD", key
    assert t.armor("plate_armor").metal and not t.armor("kevlar_vest").metal


# --------------------------------------------------------------------------- skills, attributes


@rule("DICE-01", "DICE-03")
def test_skill_and_attribute_names_match_srd() -> None:
    rows = section_table(DIGEST, "- **DICE-03**")
    assert tuple(r[0] for r in rows) == t.ATTRIBUTES
    assert tuple(s.strip() for r in rows for s in r[1].split(",")) == t.SKILLS


# --------------------------------------------------------------------------- critical injuries


def parse_effect(effect: str) -> dict[str, object]:
    """Structured facts read from a crit's effect text."""
    e = effect.replace("−", "-")
    skills: dict[str, int] = {}
    dmg_rolls: set[str] = set()
    for clause in re.split(r"[.;]", e):
        named = [s for s in t.SKILLS if s in clause]
        mod = re.search(r"-(\d)", clause)
        if "damage on each" in clause:
            dmg_rolls.update(named)
        elif mod and named:
            skills.update({s: -int(mod.group(1)) for s in named})
    low = e.lower()
    virulence = re.search(r"virulence (\d+)", low)
    return {
        "skills": skills,
        "dmg_rolls": dmg_rolls,
        "slow": bool(re.search(r"moving is (a )?slow", low)),
        "hand": "hand unusable" in low,
        "arm": "arm unusable" in low,
        "paralysed": "paralysed" in low,
        "disease": int(virulence.group(1)) if virulence else 0,
    }


@pytest.mark.parametrize(
    "code",
    [
        pytest.param(code, marks=rule(f"CRIT-PHYS-{code}"), id=f"CRIT-PHYS-{code}")
        for code in t.D66_VALUES
    ],
)
def test_physical_crit_row_matches_srd(code: int) -> None:
    crit = t.PHYSICAL_CRITS[code]
    _, name, lethal, limit, death, effect, heal = map(clean, id_rows(DIGEST)[f"CRIT-PHYS-{code}"])
    assert (crit.code, crit.rule_id) == (code, f"CRIT-PHYS-{code}")
    assert crit.name == name
    if death.startswith("no roll"):  # CRIT-02: 63-66 kill at once
        assert crit.instant_death and crit.lethal and crit.time_limit is None
        assert crit.death_roll_mod == 0 and crit.heal_days is None
        return
    assert not crit.instant_death
    assert crit.lethal == {"yes": True, "no": False}[lethal]
    assert crit.time_limit == (None if limit in DASHES else unit_named(limit))
    assert crit.death_roll_mod == num(death)
    assert crit.heal_days == (None if heal in DASHES else heal)
    facts = parse_effect("" if effect in DASHES else effect)
    assert dict(crit.skill_mods) == facts["skills"] and len(dict(crit.skill_mods)) == len(
        crit.skill_mods
    )
    assert set(crit.damage_on_rolls) == facts["dmg_rolls"]
    assert crit.moving_is_slow == facts["slow"]
    assert (crit.hand_unusable, crit.arm_unusable) == (facts["hand"], facts["arm"])
    assert crit.paralysed == facts["paralysed"] and not crit.blocks_actions
    assert crit.disease_virulence == facts["disease"]
    assert crit.attribute_mods == ()


def mental_rows() -> dict[int, tuple[str, list[str]]]:
    """Each D66 value -> (rule ID, table row) of the mental crit table."""
    out: dict[int, tuple[str, list[str]]] = {}
    for rid, row in id_rows(DIGEST).items():
        if rid.startswith("CRIT-MENT-"):
            low, high = d66_span(row[1])
            for code in t.D66_VALUES:
                if low <= code <= high:
                    assert code not in out, f"D66 {code} in two mental rows"
                    out[code] = (rid, row)
    return out


@pytest.mark.parametrize(
    "code",
    [
        pytest.param(c, marks=rule(m.rule_id), id=f"{m.rule_id}@{c}")
        for c, m in t.MENTAL_CRITS.items()
    ],
)
def test_mental_crit_value_matches_srd(code: int) -> None:
    crit = t.MENTAL_CRITS[code]
    rid, (_, _, name, effect, duration) = mental_rows()[code]
    effect, duration = clean(effect), clean(duration)
    assert (crit.code, crit.rule_id, crit.name, crit.effect) == (code, rid, name, effect)
    assert crit.instant_death == crit.lethal == (effect == "Dead")
    attrs = re.findall(r"(Strength|Agility|Wits|Empathy)(?: rolls)? −(\d)", effect)
    assert dict(crit.attribute_mods) == {a: -int(n) for a, n in attrs}
    assert crit.blocks_actions == crit.incapacitates == ("cannot act" in effect)
    expected_heal = None if duration in DASHES or duration == "none given" else duration.removesuffix(" days")
    assert crit.heal_days == expected_heal
    assert crit.skill_mods == () and crit.time_limit is None


@rule("CRIT-01")
def test_crit_tables_cover_every_d66_value() -> None:
    assert len(t.D66_VALUES) == 36 and all(t.is_d66(v) for v in t.D66_VALUES)
    assert list(t.PHYSICAL_CRITS) == list(t.D66_VALUES)
    assert sorted(t.MENTAL_CRITS) == list(t.D66_VALUES)
    assert sorted(mental_rows()) == list(t.D66_VALUES)
    srd_ment = {i for i in id_rows(DIGEST) if i.startswith("CRIT-MENT-")}
    assert srd_ment == {c.rule_id for c in t.MENTAL_CRITS.values()}
    assert t.MENTAL_CRITS[25].rule_id == t.MENTAL_CRITS[31].rule_id == "CRIT-MENT-25-31"


def crit05_cells() -> list[tuple[tuple[int, int], str, str]]:
    """CRIT-05's list of cells where S1 and S2 differ: ((low, high), S1 value, S2 value)."""
    line = next(line for line in text(DIGEST).splitlines() if line.startswith("- **CRIT-05**"))
    found = re.findall(r"(\d\d(?:–\d\d)?) \((?:S1 )?([^;()]+); (?:S2 )?([^;()]+)\)", line)
    return [(d66_span(span), s1.strip(), s2.strip()) for span, s1, s2 in found]


@rule("CRIT-05")
def test_the_s2_tables_differ_from_s1_exactly_in_the_crit05_cells() -> None:
    cells = crit05_cells()
    assert len(cells) == 11  # 3 physical effects, 8 mental heal times
    physical = [c for c in cells if c[0][0] in (16, 21, 22)]
    for (code, _), s1, s2 in physical:
        for table, value in ((t.PHYSICAL_CRITS, s1), (t.PHYSICAL_CRITS_S2, s2)):
            facts = parse_effect("" if value == "no effect" else value)
            crit = table[code]
            assert dict(crit.skill_mods) == facts["skills"], (code, value)
            assert crit.moving_is_slow == facts["slow"], (code, value)
    mental = {span: (s1, s2) for span, s1, s2 in cells if span[0] not in (16, 21, 22)}
    for code in t.D66_VALUES:
        s1_row, s2_row = t.MENTAL_CRITS[code], t.MENTAL_CRITS_S2[code]
        span = next((sp for sp in mental if sp[0] <= code <= sp[1]), None)
        if span is None:
            assert s2_row == s1_row, code
            continue
        for row, value in ((s1_row, mental[span][0]), (s2_row, mental[span][1])):
            assert row.heal_days == (None if value == "none given" else value), (code, value)
    for code in t.D66_VALUES:
        if code not in (16, 21, 22):
            assert t.PHYSICAL_CRITS_S2[code] is t.PHYSICAL_CRITS[code]
    assert t.crit_table("physical", "s2") is t.PHYSICAL_CRITS_S2
    assert t.crit_table("mental") is t.MENTAL_CRITS


def test_crit_names_use_core_skills_and_attributes() -> None:
    for crit in [*t.PHYSICAL_CRITS.values(), *t.MENTAL_CRITS.values()]:
        assert {s for s, _ in crit.skill_mods} <= set(t.SKILLS), crit.rule_id
        assert set(crit.damage_on_rolls) <= set(t.SKILLS), crit.rule_id
        assert {a for a, _ in crit.attribute_mods} <= set(t.ATTRIBUTES), crit.rule_id
        assert crit.heal_days in (None, "D6", "2D6", "3D6", "permanent"), crit.rule_id
    assert t.PHYSICAL_CRITS[15].skill_mod("Marksmanship") == -2
    assert t.MENTAL_CRITS[12].attribute_mod("Agility") == -1


# --------------------------------------------------------------------------- panic


def panic_span(cell: str) -> range:
    """The totals a panic row covers: '1–6', '7', '15+' (checked up to 40)."""
    low, high = d66_span(cell)
    return range(low, 41) if cell.endswith("+") else range(low, high + 1)


@pytest.mark.parametrize(
    "row", [pytest.param(r, marks=rule(r.rule_id), id=r.rule_id) for r in t.PANIC_TABLE]
)
def test_panic_row_matches_srd(row: t.PanicResult) -> None:
    _, totals, result = id_rows(DIGEST)[row.rule_id]
    span = panic_span(totals)
    assert (row.low, row.high) == (span.start, None if totals.endswith("+") else span.stop - 1)
    assert all(t.panic_result(n) is row for n in span)
    assert row.effect == result
    head = result.split(":")[0].rstrip(".")
    if ":" in result or " " not in head:
        assert row.name == head
    low = result.lower()
    assert row.lose_next_action == ("lose your next action" in low)
    assert row.others_roll_panic == ("for panic" in low)
    assert row.stress_nearby == (1 if "within short gain 1 stress" in low else 0)
    assert row.stress_self == (-1 if "lose 1 stress" in low else 1 if "you and every" in low else 0)
    agility = re.search(r"−(\d) on Agility", result)
    assert row.agility_mod == (-int(agility.group(1)) if agility else 0)


def test_panic_table_is_complete() -> None:
    srd = {i for i in id_rows(DIGEST) if i.startswith("PUSH-PANIC-")}
    assert srd == {r.rule_id for r in t.PANIC_TABLE}
    with pytest.raises(ValueError):
        t.panic_result(0)


# --------------------------------------------------------------------------- vehicles

CATALOG_VEHICLE_NAMES = {
    "Car": "car",
    "Truck": "truck",
    "Motorcycle": "motorcycle",
    "Off-road motorcycle / dirt bike": "dirt_bike",
    "Off-road motorcycle": "dirt_bike",
    "Pickup": "pickup",
    "Armored personnel carrier, APC": "apc",
    "APC": "apc",
    "Tank": "tank",
    "Helicopter": "helicopter",
}


def catalog_vehicles() -> dict[str, list[str]]:
    """CATALOG table 1.8a keyed by vehicle key."""
    rows = section_table(CATALOG, "#### 1.8a")
    return {CATALOG_VEHICLE_NAMES[r[0].split(" (")[0]]: r for r in rows}


@pytest.mark.parametrize(
    "key", [pytest.param(k, marks=rule("VEH-TABLE"), id=k) for k in vt.VEHICLES]
)
def test_vehicle_row_matches_catalog(key: str) -> None:
    v = vt.VEHICLES[key]
    _, passengers, man, hull, armor, speed = catalog_vehicles()[key]
    road, offroad = speed.split("/")
    assert (v.passengers, v.maneuverability, v.hull, v.armor) == tuple(
        map(num, (passengers, man, hull, armor))
    )
    assert (v.speed_road, v.speed_offroad) == (num(road), num(offroad))
    assert v.rule_id == "VEH-TABLE"


@rule("VEH-TABLE", "VZC-02")
def test_vehicle_table_matches_srd_confirmation() -> None:
    assert set(catalog_vehicles()) == set(vt.VEHICLES)
    line = id_rows(DIGEST)["VEH-TABLE"][1]
    names = {"dirt bike": "dirt_bike", "battle tank": "tank", "APC": "apc"}
    seen = set()
    for entry in line.split(":", 1)[1].split(";"):
        name, stats = entry.strip().rsplit(" ", 1)
        v = vt.vehicle_type(names.get(name, name))
        values = [num(x) for x in stats.split("/")]
        assert values == [
            v.passengers, v.maneuverability, v.hull, v.armor, v.speed_road, v.speed_offroad
        ], name  # fmt: skip
        seen.add(v.name)
    assert len(seen) == 8
    # VZC-02: every dash of the catalog table is 0 in the data.
    dashes = [(k, i) for k, r in catalog_vehicles().items() for i, c in enumerate(r) if c == "—"]
    fields = {1: "passengers", 2: "maneuverability", 4: "armor"}
    assert dashes and all(getattr(vt.VEHICLES[k], fields[i]) == 0 for k, i in dashes)


@rule("VZC-03")
def test_vehicle_armor_grades() -> None:
    bullet = next(line for line in text(DIGEST).splitlines() if line.startswith("- **VZC-03**"))
    pairs = re.findall(r"(\d+)(?: \(([^)]*)\))? → (A|B|C|D|none)", bullet)
    assert len(pairs) == 6
    for rating, names, grade in pairs:
        matching = [v for v in vt.VEHICLES.values() if v.armor == int(rating)]
        assert matching, rating
        assert all(v.armor_grade == (None if grade == "none" else grade) for v in matching)
        for name in filter(None, (n.strip() for n in names.split(","))):
            assert vt.vehicle_type(name.lower()).armor == int(rating)


def derived_rows() -> dict[str, list[str]]:
    """CATALOG table 1.8b keyed by vehicle key."""
    return {CATALOG_VEHICLE_NAMES[r[0]]: r for r in section_table(CATALOG, "#### 1.8b")}


@pytest.mark.parametrize(
    "key",
    [
        pytest.param(k, marks=rule("VEH-RAM-02", "VEH-DMG-05", "VEH-ATTR-PASS"), id=k)
        for k in vt.VEHICLES
    ],
)
def test_vehicle_derived_values(key: str) -> None:
    v = vt.VEHICLES[key]
    _, hull, ram, threshold, seats = derived_rows()[key]
    assert v.hull == int(hull)
    assert v.ram_damage == lead_int(ram) == math.ceil(v.hull / 2)
    assert v.component_threshold == lead_int(threshold)
    assert v.component_threshold >= v.hull / 2 > v.component_threshold - 1
    assert v.seats == lead_int(seats)


def test_vehicle_kinds() -> None:
    assert {k for k, v in vt.VEHICLES.items() if v.bike} == {"motorcycle", "dirt_bike"}
    assert {k for k, v in vt.VEHICLES.items() if v.air} == {"helicopter"}


# --------------------------------------------------------------------------- vehicle crits


def catalog_crit_rows() -> dict[int, list[str]]:
    """CATALOG table 1.13 keyed by its D12 row."""
    return {int(r[0]): r for r in section_table(CATALOG, "### 1.13")}


@pytest.mark.parametrize(
    "row",
    [pytest.param(r, marks=rule(c.rule_id), id=c.rule_id) for r, c in vt.VEHICLE_CRITS.items()],
)
def test_vehicle_crit_row_matches_catalog(row: int) -> None:
    crit = vt.VEHICLE_CRITS[row]
    _, dice, name, effect = catalog_crit_rows()[row]
    d66, d6 = (part.strip() for part in dice.split("/"))
    assert crit.row == row and crit.rule_id == f"VEH-CRIT-{row:02d}"
    assert crit.name == name.split(" (")[0] == id_rows(CATALOG)[crit.rule_id][3]
    assert (crit.d66_low, crit.d66_high) == d66_span(d66)
    assert crit.d6 == (None if d6 in DASHES else int(d6))
    for value in range(crit.d66_low, crit.d66_high + 1):
        assert vt.vehicle_crit_row_from_d66(value) == row
    fire = re.search(r"Intensity (\d+)", effect)
    blast = re.search(r"Blast Power (\d+)", effect)
    crash = re.search(r"(D\d) fall damage", effect)
    driving = re.search(r"driving rolls get −(\d)", effect)
    assert crit.fire_intensity == (int(fire.group(1)) if fire else 0)
    assert crit.blast_power == (int(blast.group(1)) if blast else 0)
    assert crit.crash_die == (crash.group(1) if crash else None)
    assert crit.driving_mod == (-int(driving.group(1)) if driving else 0)
    assert crit.maneuverability_mod == (-1 if "drops one step" in effect else 0)
    assert crit.driver_roll == ("must immediately make a skill roll" in effect)
    assert crit.irreparable == ("cannot be repaired" in effect)
    reroll = re.search(r"no (passengers|weapons), reroll", effect)
    assert crit.reroll_if == (f"no_{reroll.group(1)}" if reroll else None)


@rule("VEH-DMG-06")
def test_melee_component_hits_use_rows_1_to_6() -> None:
    assert list(vt.VEHICLE_CRITS) == list(range(1, 13))
    assert [c.row for c in vt.VEHICLE_CRITS.values() if c.d6 is not None] == list(range(1, 7))
    assert all(c.d6 == c.row for c in vt.VEHICLE_CRITS.values() if c.d6 is not None)


def test_vehicle_crit_row_from_d66_checks_input() -> None:
    assert [vt.vehicle_crit_row_from_d66(v) for v in (11, 13, 14, 16, 21, 64, 66)] == [
        1, 1, 2, 2, 3, 12, 12
    ]  # fmt: skip
    for bad in (10, 17, 70, 0, 67):
        with pytest.raises(ValueError):
            vt.vehicle_crit_row_from_d66(bad)


# --------------------------------------------------------------------------- lookups and IDs


@pytest.mark.parametrize(
    ("lookup", "kind", "example"),
    [
        (t.weapon, "weapon", "pistol"),
        (t.armor, "armor", "kevlar_vest"),
        (t.cover, "cover", "stone_wall"),
        (vt.vehicle_type, "vehicle", "car"),
    ],
)
def test_lookup_errors_list_known_names(
    lookup: Callable[[str], object], kind: str, example: str
) -> None:
    assert lookup(example) is lookup(example.replace("_", " ").title())
    with pytest.raises(KeyError) as info:
        lookup("laser")
    assert isinstance(info.value, t.UnknownEntry)
    message = str(info.value)
    assert message.startswith(f"unknown {kind} 'laser'; known {kind}s: ")
    assert example in message


def test_every_cited_rule_id_exists() -> None:
    cited = {
        x.rule_id
        for table in (t.WEAPONS, t.ARMORS, t.COVERS, vt.VEHICLES, vt.VEHICLE_CRITS)
        for x in table.values()
    }
    cited |= {c.rule_id for c in [*t.PHYSICAL_CRITS.values(), *t.MENTAL_CRITS.values()]}
    cited |= {r.rule_id for r in t.PANIC_TABLE}
    known = set(id_rows(DIGEST)) | set(id_rows(CATALOG))
    assert cited - {"EXTRA"} <= known
