"""One test per kind of scenario mistake: the exact one-line message names the file, the field, the fix."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import yaml

from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.scenario.zone_builder import ITEMS, bundled_scenarios, load_scenario
from yz_gym.rulesets.yze.state import SKILLS
from yz_gym.rulesets.yze.tables import ARMORS, COVERS, WEAPONS
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import bundled

ATTRS = {"strength": 3, "agility": 3, "wits": 3, "empathy": 3}
BASE: dict[str, Any] = {
    "name": "Barn fight",
    "sides": ["red", "blue"],
    "map": {
        "zones": [{"name": "Yard", "cover": ["furniture"]}, {"name": "Barn"}, {"name": "Loft"}],
        "borders": [
            {"between": ["Yard", "Barn"]},
            {"between": ["Barn", "Loft"], "kind": "door", "state": "closed"},
        ],
    },
    "combatants": [
        {"name": "Red", "side": "red", "zone": "Yard", "attributes": dict(ATTRS),
         "skills": {"melee": 2}, "weapons": ["knife"]},
        {"name": "Blue", "side": "blue", "zone": "Barn", "attributes": dict(ATTRS),
         "skills": {"marksmanship": 2}, "weapons": ["pistol"]},
    ],
    "victory": {"round_cap": 10},
}  # fmt: skip
OPTION_NAMES = ", ".join(f.name for f in fields(RuleOptions))
SKILL_NAMES = ", ".join(s.lower() for s in SKILLS)
DOCS = "(see docs/scenarios.md)"


def write(tmp_path: Path, data: Any, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def mutated(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    change(data)
    return data


def fails_with(tmp_path: Path, data: Any, expected: str) -> None:
    """Loading `data` from a file fails with exactly `path: expected`, on one line."""
    path = write(tmp_path, data)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == f"{path}: {expected}"
    assert "\n" not in str(caught.value)
    error = caught.value  # no chained pydantic/yaml/KeyError traceback behind it
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)


def red(data: dict[str, Any]) -> dict[str, Any]:
    return data["combatants"][0]


def test_the_base_case_loads(tmp_path):
    assert load_scenario(write(tmp_path, BASE)).setup.name == "Barn fight"


# --- the file itself -----------------------------------------------------------------------------


def test_yaml_syntax_error_names_line_and_column(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("name: Broken\nsides: [red, blue\nmap: {}\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    problem = (
        "did not find expected ',' or ']'" if yaml.__with_libyaml__ else "expected ',' or ']', but got ':'"
    )
    assert str(caught.value) == f"{path}:3:4: YAML syntax error: {problem}; fix the YAML there"


def test_yaml_key_given_twice_names_line_and_column(tmp_path):
    path = tmp_path / "twice.yaml"
    path.write_text("name: A\nsides: [red, blue]\nname: B\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == (
        f"{path}:3:1: YAML syntax error: key 'name' appears twice in one mapping; fix the YAML there"
    )


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == f"{path}: no such scenario file; check the path"


def test_unknown_bundled_name_lists_the_bundled_scenarios_of_every_mode():
    with pytest.raises(ScenarioError) as caught:
        load_scenario("dule")
    assert str(caught.value) == (
        f"dule: no such scenario; did you mean 'duel'? give a .yaml path or one of: {', '.join(bundled())}"
    )
    assert "chase_market_foot" in bundled() and "duel" in bundled_scenarios()  # every mode's files


@pytest.mark.parametrize(
    ("content", "kind"), [("- a\n- b\n", "a list"), ("", "empty"), ("just words\n", "a str")]
)
def test_file_that_is_not_a_mapping(tmp_path, content, kind):
    path = tmp_path / "list.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == (
        f"{path}: the file is {kind}, but a scenario file must be a mapping with the keys "
        "name, sides, map and combatants (see docs/scenarios.md)"
    )


def test_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin.yaml"
    path.write_bytes("name: Caf\xe9\n".encode("latin-1"))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == f"{path}: not UTF-8 text (byte 9); save the file as UTF-8"


# --- keys and types ------------------------------------------------------------------------------


def test_unknown_key_at_the_top_level(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d.update(sied=["red"])),
        "sied: unknown key 'sied'; did you mean 'sides'? allowed here: ruleset, mode, name, description, sides, rules, "
        f"map, weapons, combatants, ambush, victory, vehicles, vehicle_rules, hazards, hazard_rules, agents {DOCS}",
    )


def test_unknown_key_nested_in_a_zone(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["zones"][1].update(feature=["dim"])),
        "map.zones[1].feature: unknown key 'feature'; did you mean 'features'? allowed here: name, "
        f"features, cover, exit, size_m, vehicles {DOCS}",
    )


def test_unknown_key_nested_in_a_border(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["borders"][1].update(locked=True)),
        "map.borders[1].locked: unknown key 'locked'; allowed here: between, kind, state, armor, "
        f"toughness {DOCS}",
    )


def test_misspelt_attribute(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d)["attributes"].update(stength=4)),
        "combatants[0].attributes.stength: unknown key 'stength'; did you mean 'strength'? allowed here: "
        f"strength, agility, wits, empathy {DOCS}",
    )


def test_missing_required_key(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).pop("zone")),
        "combatants[0].zone: required key 'zone' is missing; add it",
    )


def test_wrong_type(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).update(prone="maybe")),
        "combatants[0].prone: got 'maybe'; give true or false",
    )


def test_unknown_zone_feature(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["zones"][0].update(features=["foggy"])),
        "map.zones[0].features[0]: 'foggy' is not allowed; use one of 'cluttered', 'dim', 'dark' or 'cramped'",
    )


# --- the catalogs: weapons, armor, cover, items, skills ------------------------------------------


def test_unknown_weapon(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).update(weapons=["knife", "swrod"])),
        f"combatants[0].weapons[1]: unknown weapon 'swrod'; did you mean 'sword'? weapons: "
        f"{', '.join(WEAPONS)} (or define it under weapons:)",
    )


def test_unknown_armor(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).update(armor="kevlar")),
        f"combatants[0].armor: unknown armor 'kevlar'; armors: {', '.join(ARMORS)}",
    )


def test_unknown_cover(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["zones"][1].update(cover=["sandbags"])),
        f"map.zones[1].cover[0]: unknown cover 'sandbags'; covers: {', '.join(COVERS)}",
    )


def test_unknown_item(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).update(items=["rope"])),
        f"combatants[0].items[0]: unknown item 'rope'; items: {', '.join(ITEMS)}",
    )


@pytest.mark.rule("HEAL-19")
@pytest.mark.parametrize(
    ("given", "message"),
    [
        (["second-wind"], "combatants[0].specialties[0]: unknown specialty 'second-wind'; did you mean "
                          "'second_wind'? specialties (HEAL-19): healer, field_surgeon, second_wind"),
        (["medic"], "combatants[0].specialties[0]: unknown specialty 'medic'; specialties (HEAL-19): healer, "
                    "field_surgeon, second_wind"),
        (["healer", "healer"], "combatants[0].specialties[1]: specialty 'healer' is given twice; keep one"),
    ],
)
def test_unknown_or_repeated_specialty(tmp_path, given, message):
    fails_with(tmp_path, mutated(lambda d: red(d).update(specialties=given)), message)


def test_unknown_skill(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d)["skills"].update(swordplay=2)),
        f"combatants[0].skills.swordplay: unknown skill 'swordplay'; skills (DICE-03): {SKILL_NAMES}",
    )


def test_drawn_weapon_not_carried(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).update(drawn="sword")),
        "combatants[0].drawn: 'sword' is not among this combatant's weapons (knife)",
    )


# --- names that must exist: zones, sides, combatants --------------------------------------------


def test_combatant_in_a_zone_that_does_not_exist(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).update(zone="Yrad")),
        "combatants[0].zone: no zone named 'Yrad'; zones: Yard, Barn, Loft",
    )


def test_border_end_that_does_not_exist(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["borders"][1].update(between=["Barn", "Hayloft"])),
        "map.borders[1].between[1]: no zone named 'Hayloft'; zones: Yard, Barn, Loft",
    )


def test_border_between_two_unknown_zones(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["borders"].append({"between": ["Cellar", "Attic"]})),
        "map.borders[2].between[0]: no zone named 'Cellar'; zones: Yard, Barn, Loft",
    )


def test_border_from_a_zone_to_itself(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["borders"].append({"between": ["Loft", "Loft"]})),
        "map.borders[2].between: both ends are 'Loft'; a border joins two different zones",
    )


def test_victory_zone_that_does_not_exist(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["victory"].update(reach_zone={"red": "Town"})),
        "victory.reach_zone.red: no zone named 'Town'; zones: Yard, Barn, Loft",
    )


def test_duplicate_border(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["borders"].append({"between": ["Barn", "Yard"], "kind": "wall"})),
        "map.borders[2].between: a second border between 'Barn' and 'Yard' (the first is map.borders[0]); "
        "keep one",
    )


def test_zone_not_joined_to_the_map(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["borders"].pop()),
        "map.borders: zone 'Loft' is not joined to 'Yard'; add a border (kind: wall if nothing may pass)",
    )


def test_door_state_on_an_open_border(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["borders"][0].update(state="locked")),
        "map.borders[0].state: only a door or hatch has a state; remove it or use kind: door",
    )


def test_duplicate_zone_name(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["map"]["zones"].append({"name": "Barn"})),
        "map.zones[3].name: a second zone called 'Barn'; names must be unique",
    )


def test_unknown_side(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).update(side="redd")),
        "combatants[0].side: no side named 'redd'; sides: red, blue",
    )


def test_side_without_combatants(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["sides"].append("green")),
        "sides[2]: side 'green' has no combatants; add one or remove the side",
    )


def test_unknown_ambush_side(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d.update(ambush={"by": "bleu"})),
        "ambush.by: no side named 'bleu'; sides: red, blue",
    )


def test_duplicate_combatant_name_from_a_group(tmp_path):
    def change(d: dict[str, Any]) -> None:
        d["combatants"].append(dict(copy.deepcopy(d["combatants"][1]), name="Thug", count=2))
        d["combatants"].append(dict(copy.deepcopy(d["combatants"][1]), name="Thug 2"))

    fails_with(
        tmp_path,
        mutated(change),
        "combatants[3].name: a second combatant called 'Thug 2'; names must be unique",
    )


def test_engaged_with_someone_in_another_zone(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).update(engaged_with=["Blue"])),
        "combatants[0].engaged_with[0]: 'Blue' is not in zone 'Yard'; put both there",
    )


@pytest.mark.rule("SNEAK-05")
def test_sneak_attack_on_an_ally(tmp_path):
    def change(d: dict[str, Any]) -> None:
        d["combatants"].append(dict(copy.deepcopy(red(d)), name="Rosa", sneak={"target": "Red"}))

    fails_with(
        tmp_path, mutated(change), "combatants[2].sneak.target: a sneak attack targets an enemy (SNEAK-05)"
    )


# --- numbers -------------------------------------------------------------------------------------


@pytest.mark.rule("DICE-01")
def test_attribute_out_of_range(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d)["attributes"].update(strength=7)),
        "combatants[0].attributes.strength: attribute 7 out of range; give 1-5 "
        "(DICE-01; creatures (creature: true) go to 12)",
    )


@pytest.mark.rule("DICE-04")
def test_skill_out_of_range(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d)["skills"].update(melee=6)),
        "combatants[0].skills.melee: skill 6 out of range; give 0-5 (DICE-04)",
    )


@pytest.mark.rule("STEP-01")
def test_number_where_step_dice_need_a_grade(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d.update(rules={"dice_mode": "step", "damage_model": "health_resolve"})),
        "combatants[0].attributes.strength: attribute 3: step dice ratings are A, B, C or D (STEP-01)",
    )


def test_grade_where_the_dice_pool_needs_a_number(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d)["attributes"].update(agility="B")),
        "combatants[0].attributes.agility: attribute 'B': the dice pool needs a whole number 1-5 "
        "(or set rules.dice_mode: step)",
    )


def test_count_out_of_range(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: red(d).update(count=0)),
        "combatants[0].count: 0 is out of range; give a value at least 1",
    )


def test_survive_rounds_past_the_round_cap(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["victory"].update(survive_rounds={"blue": 12})),
        "victory.survive_rounds.blue: 12 rounds is past round_cap 10; give at most 10",
    )


def test_reach_zone_where_the_side_starts(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d["victory"].update(reach_zone={"red": "Yard"})),
        "victory.reach_zone.red: side 'red' starts in 'Yard' and would win at once; pick another zone",
    )


# --- rules: options -------------------------------------------------------------------------------


def test_wrong_rules_option_name(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d.update(rules={"dice_mod": "step"})),
        f"rules.dice_mod: unknown rule option; did you mean 'dice_mode'? options: {OPTION_NAMES} {DOCS}",
    )


def test_wrong_rules_option_value(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d.update(rules={"dice_mode": "d6"})),
        "rules.dice_mode: 'd6' is not allowed; use one of 'pool' or 'step'",
    )


def test_wrong_rules_option_type(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d.update(rules={"ask_push": 1})),
        "rules.ask_push: got 1; give true or false",
    )


@pytest.mark.rule("RMOD-16")
def test_rules_option_out_of_range(tmp_path):
    fails_with(
        tmp_path,
        mutated(lambda d: d.update(rules={"dim_zone_mod": 2})),
        "rules.dim_zone_mod: 2 is out of range; give a value from -5 to 0",
    )


@pytest.mark.rule("DMGM-01", "DMGM-03")
def test_step_dice_with_attribute_damage(tmp_path):
    def change(d: dict[str, Any]) -> None:
        d["rules"] = {"dice_mode": "step"}
        for c in d["combatants"]:
            c["attributes"] = {"strength": "C", "agility": "C", "wits": "C", "empathy": "C"}
            c["skills"] = {}

    fails_with(
        tmp_path,
        mutated(change),
        "rules.damage_model: step dice cannot use attribute damage (DMGM-01/03); set damage_model: health_resolve",
    )


@pytest.mark.rule("INIT-02", "INIT-NPC-01", "AMB-27")
def test_more_combatants_than_initiative_cards(tmp_path):
    def change(d: dict[str, Any]) -> None:
        for i in range(10):
            d["combatants"].append(dict(copy.deepcopy(d["combatants"][1]), name=f"Thug {i}"))

    fails_with(
        tmp_path,
        mutated(change),
        "combatants: 12 initiative draws but only 10 cards (INIT-02); give NPCs with the same stats one "
        "group: (INIT-NPC-01) or set rules.initiative_overflow: extend_deck (AMB-27)",
    )
