"""Writes the generated parts of the docs: the rule-switch tables of docs/scenarios.md,
docs/chase_scenarios.md and docs/expeditions.md (from the switch declarations), the catalog tables of docs/scenarios.md
(from the rules tables) and the rules index docs/rules.md (from the code and the tests).

    python -m scripts.generate_docs          # rewrite both
    python -m scripts.generate_docs --check  # exit 1 if either is stale

Tests (tests/test_generated_docs.py) fail when the files differ from what this writes."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from scripts.rules_index import rules_markdown
from yz_gym.core.switches import SwitchBlock
from yz_gym.envs import limits
from yz_gym.rulesets.yze.combat.attacks import BLANKET_MODIFIER, ITEMS, MEDKIT_GEAR
from yz_gym.rulesets.yze.hazards.options import HAZARD_BLOCK
from yz_gym.rulesets.yze.options import CHASE_RULES, RULES, VEHICLE_RULES
from yz_gym.rulesets.yze.tables import ARMORS, COVERS, WEAPONS
from yz_gym.rulesets.yze.travel.options import TRAVEL_BLOCK
from yz_gym.rulesets.yze.vehicles.tables import VEHICLES

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS_DOC = ROOT / "docs" / "scenarios.md"
CHASE_DOC = ROOT / "docs" / "chase_scenarios.md"
EXPEDITION_DOC = ROOT / "docs" / "expeditions.md"
RULES_DOC = ROOT / "docs" / "rules.md"


def _begin(name: str) -> str:
    return f"<!-- begin generated {name}: `python -m scripts.generate_docs` writes this part -->"


def _end(name: str) -> str:
    return f"<!-- end generated {name} -->"


def _table(header: tuple[str, ...], rows: list[tuple[object, ...]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return lines + ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]


def _source(rule_id: str) -> str:
    return "project data" if rule_id == "EXTRA" else rule_id


def _weapon_traits(key: str) -> str:
    w = WEAPONS[key]
    traits = [
        word
        for word, on in (
            ("thrown", w.thrown),
            ("firearm", w.firearm),
            ("single shot", w.single_shot),
            ("fast reload", w.reload_fast),
            ("full auto", w.full_auto),
            ("sturdy (blocks weapons)", w.sturdy),
            ("scope", w.scope),
        )
        if on
    ]
    return ", ".join(traits) or "-"


def catalog_tables() -> str:
    """The Markdown of the catalog tables: weapons, armor, cover, vehicles, items."""
    lines = [
        "**Weapons** (ATK-06..08: bonus = gear dice, damage = base damage, range = the farthest band;",
        "RoF and magazine count only with `rules.full_auto: ammo_dice`, AUTO-03):",
        "",
        *_table(
            (
                "name",
                "weapon",
                "grip",
                "bonus",
                "damage",
                "range",
                "attack",
                "skill",
                "traits",
                "RoF",
                "magazine",
                "source",
            ),
            [
                (
                    f"`{k}`",
                    w.name,
                    w.grip,
                    w.bonus,
                    w.damage,
                    w.range,
                    "ranged" if w.ranged else "close",
                    w.skill,
                    _weapon_traits(k),
                    w.rate_of_fire or "-",
                    w.magazine or "-",
                    _source(w.rule_id),
                )
                for k, w in WEAPONS.items()
            ],
        ),
        "",
        "**Armor** (ARMOR-01: dice pool = roll the rating in D6, each 6 stops 1 damage; step dice = two",
        "dice of the grade; metal armor sinks, HAZ-DROWN-03):",
        "",
        *_table(
            ("name", "armor", "rating (pool)", "grade (step)", "metal", "source"),
            [
                (f"`{k}`", a.name, a.rating, a.grade, "yes" if a.metal else "no", _source(a.rule_id))
                for k, a in ARMORS.items()
            ],
        ),
        "",
        "**Cover** (COVER-01..07: like armor, against ranged attacks only, and it stacks with armor):",
        "",
        *_table(
            ("name", "cover", "rating (pool)", "grade (step)", "source"),
            [(f"`{k}`", c.name, c.rating, c.grade, c.rule_id) for k, c in COVERS.items()],
        ),
        "",
        "**Vehicles** (VEH-TABLE; seats = 1 driver + Passengers; a ram's base damage and the",
        "single-hit damage that causes component damage are both Hull / 2 rounded up, VEH-RAM-02 and",
        "VEH-DMG-05; speeds are 10-km hexes per shift, for travel):",
        "",
        *_table(
            (
                "type",
                "vehicle",
                "seats",
                "passengers",
                "maneuverability",
                "Hull",
                "armor (pool)",
                "armor (step)",
                "ram damage",
                "component damage at",
                "speed road/off-road",
                "kind",
            ),
            [
                (
                    f"`{k}`",
                    v.name,
                    v.seats,
                    v.passengers,
                    f"{v.maneuverability:+d}",
                    v.hull,
                    v.armor,
                    v.armor_grade or "-",
                    v.ram_damage,
                    v.component_threshold,
                    f"{v.speed_road}/{v.speed_offroad}",
                    "aircraft" if v.air else "bike (getting on or off is fast)" if v.bike else "ground",
                )
                for k, v in VEHICLES.items()
            ],
        ),
        "",
        "**Items** (`items:`; every one is used up when used, except the medkit and the blanket):",
        "",
        *_table(
            ("name", "item", "what it does"),
            [
                *((f"`{k}`", i.name, _item_effect(k)) for k, i in ITEMS.items()),
                (
                    "`medkit`",
                    "Medkit",
                    f"+{MEDKIT_GEAR} gear dice to its carrier's first aid (DEATH-03; project data)",
                ),
                (
                    "`blanket`",
                    "Blanket",
                    f"+{BLANKET_MODIFIER} to its carrier's rolls to put out a fire (FIRE-04)",
                ),
            ],
        ),
    ]
    return "\n".join(lines)


def limits_table() -> str:
    """The Markdown table of the RL environments' maxima (yz_gym/envs/limits.py)."""
    refused = [
        ("combatants in the fight, all sides together", limits.MAX_COMBATANTS, "MAX_COMBATANTS"),
        ("sides", limits.MAX_SIDES, "MAX_SIDES"),
        ("zones", limits.MAX_ZONES, "MAX_ZONES"),
        ("combatants on one side", limits.MAX_ALLIES + 1, "MAX_ALLIES + 1"),
        ("enemies of one side (every other side together)", limits.MAX_ENEMIES, "MAX_ENEMIES"),
        ("cover pieces in one zone", limits.MAX_COVERS, "MAX_COVERS"),
        ("weapons carried by one combatant", limits.MAX_WEAPONS, "MAX_WEAPONS"),
        ("items carried by one combatant", limits.MAX_ITEMS, "MAX_ITEMS"),
        ("vehicles", limits.MAX_VEHICLES, "MAX_VEHICLES"),
        ("mounted weapons on one vehicle", limits.MAX_WEAPONS, "MAX_WEAPONS"),
    ]
    options = [
        ("initiative card a surprise attacker can pick", limits.MAX_CARDS, "MAX_CARDS"),
        ("ammo dice of one shot (`full_auto: ammo_dice`)", limits.MAX_AMMO_DICE, "MAX_AMMO_DICE"),
    ]
    scaled = [
        ("skill level", limits.MAX_SKILL, "MAX_SKILL"),
        ("attribute (creatures may go higher: clipped)", limits.MAX_ATTRIBUTE, "MAX_ATTRIBUTE"),
        ("armor and cover rating", limits.MAX_RATING, "MAX_RATING"),
    ]
    rows = [
        (what, value, f"`{name}`", "the scenario is refused (one-line error)")
        for what, value, name in refused
    ]
    rows += [
        (what, value, f"`{name}`", "the action mask leaves the option out") for what, value, name in options
    ]
    rows += [(what, value, f"`{name}`", "the observation scales by it") for what, value, name in scaled]
    return "\n".join(_table(("what", "at most", "yz_gym.envs.limits", "over it"), rows))


def switch_table(block: SwitchBlock) -> Callable[[], str]:
    """The table of a rule-switch block, from its declarations (yz_gym/rulesets/yze/options.py)."""
    return lambda: "\n".join(block.table())


SCENARIO_BLOCKS: dict[str, Callable[[], str]] = {
    "rules switches": switch_table(RULES),
    "vehicle_rules switches": switch_table(VEHICLE_RULES),
    "catalog tables": catalog_tables,
    "RL limits": limits_table,
}
CHASE_BLOCKS: dict[str, Callable[[], str]] = {
    "chase_rules switches": switch_table(CHASE_RULES),
    "vehicle_rules switches": switch_table(VEHICLE_RULES),
}
EXPEDITION_BLOCKS: dict[str, Callable[[], str]] = {
    "travel_rules switches": switch_table(TRAVEL_BLOCK),
    "hazard_rules switches": switch_table(HAZARD_BLOCK),
}


def _item_effect(key: str) -> str:
    item = ITEMS[key]
    reach = item.reach.name.capitalize()
    if item.effect == "blast":
        return (
            f"thrown (a fast action, no roll) at a combatant up to {reach} range in your line of fire: "
            f"an explosion of blast power {item.power} in its zone (EXPL-01..05)"
        )
    return (
        f"thrown (a fast action, no roll) at a combatant up to {reach} range in your line of fire: smoke "
        "fills its zone this round and the next, -2 to shots into or out of it (RMOD-15)"
    )


def with_generated(
    text: str, blocks: dict[str, Callable[[], str]] = SCENARIO_BLOCKS, path: Path = SCENARIOS_DOC
) -> str:
    """A doc's text (docs/scenarios.md by default) with its generated parts (between their
    markers) made current."""
    for name, make in blocks.items():
        begin, end = _begin(name), _end(name)
        if begin not in text or end not in text:
            raise ValueError(f"{path}: the markers of the generated {name} are missing")
        head, rest = text.split(begin, 1)
        text = f"{head}{begin}\n{make()}\n{end}{rest.split(end, 1)[1]}"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether the files are current")
    args = parser.parse_args()
    wanted = {
        SCENARIOS_DOC: with_generated(SCENARIOS_DOC.read_text(encoding="utf-8")),
        CHASE_DOC: with_generated(CHASE_DOC.read_text(encoding="utf-8"), CHASE_BLOCKS, CHASE_DOC),
        EXPEDITION_DOC: with_generated(
            EXPEDITION_DOC.read_text(encoding="utf-8"), EXPEDITION_BLOCKS, EXPEDITION_DOC
        ),
        RULES_DOC: rules_markdown(),
    }
    stale = [
        path for path, text in wanted.items() if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is stale: run python -m scripts.generate_docs", file=sys.stderr)
        sys.exit(1 if stale else 0)
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
