"""Variations of a scenario file (issue 18): TARGET.FIELD=VALUES read against the file, edits of
the parsed data that the scenario's own loader builds, and one-line errors naming the option and
the fix."""

from __future__ import annotations

import pytest

from yz_gym.design.variation import VariationError, edited, parse_variation, variants
from yz_gym.scenario.loading import load


@pytest.fixture(scope="module")
def warehouse():
    return load("warehouse_ambush")


def entry(data, name):
    return next(c for c in data["combatants"] if c["name"] == name)


def test_a_group_count_sets_how_many_it_fields_and_the_loader_builds_them(warehouse):
    variation = parse_variation("vipers.count=1..6", warehouse)
    assert (variation.target, variation.field, variation.values) == ("vipers", "count", (1, 2, 3, 4, 5, 6))
    made = variants(warehouse, [variation])
    assert [sum(1 for c in v.scenario.combatants if c.side == 1) for v in made] == [2, 3, 4, 5, 6, 7]  # + Sniper
    assert [entry(v.data, "Viper")["count"] for v in made] == [1, 2, 3, 4, 5, 6]
    assert entry(warehouse.data, "Viper")["count"] == 3  # the loaded file is never changed


def test_a_side_count_adds_and_removes_copies_of_its_largest_npc_entry():
    data = load("warehouse_ambush").data
    del entry(data, "Viper")["group"]  # "vipers" now names only the side: Viper x3 and the Sniper
    loaded = load(data)
    made = variants(loaded, [parse_variation("vipers.count=2,6", loaded)])
    assert [entry(v.data, "Viper")["count"] for v in made] == [1, 5]
    assert [entry(v.data, "Sniper").get("count", 1) for v in made] == [1, 1]
    with pytest.raises(VariationError, match=r"--vary vipers.count=1: vipers has 1 other combatant\(s\) besides Viper; "
                       r"give counts of at least 2, or vary Viper.count"):
        parse_variation("vipers.count=1", loaded)


def test_weapon_armor_skill_attribute_zone_cover_and_light_edits(warehouse):
    data = warehouse.data
    weapon = edited(data, parse_variation("Viper.weapon=shotgun", warehouse), "shotgun")
    assert entry(weapon, "Viper")["weapons"] == ["shotgun", "pistol"] and entry(weapon, "Viper")["drawn"] == "shotgun"
    same = edited(data, parse_variation("Viper.weapon=pistol", warehouse), "pistol")
    assert entry(same, "Viper")["weapons"] == ["pistol"] and entry(same, "Viper")["drawn"] == "pistol"
    bare = edited(data, parse_variation("Mara.armor=none", warehouse), "none")
    assert "armor" not in entry(bare, "Mara")
    skill = parse_variation("Sniper.skills.marksmanship=1..2", warehouse)
    assert skill.field == "marksmanship" and entry(edited(data, skill, 1), "Sniper")["skills"]["marksmanship"] == 1
    crew = edited(data, parse_variation("crew.agility=5", warehouse), 5)
    assert [entry(crew, n)["attributes"]["agility"] for n in ("Mara", "Brick", "Doc")] == [5, 5, 5]
    moved = edited(data, parse_variation("Sniper.zone=Crate rows", warehouse), "Crate rows")
    assert entry(moved, "Sniper")["zone"] == "Crate rows"
    cover = parse_variation("Crate rows.cover=none,stone_wall+furniture", warehouse)
    zones = [{z["name"]: z for z in edited(data, cover, v)["map"]["zones"]}["Crate rows"] for v in cover.values]
    assert [z["cover"] for z in zones] == [[], ["stone_wall", "furniture"]]
    light = parse_variation("Loading dock.light=normal,dark", warehouse)
    docks = [edited(data, light, v)["map"]["zones"][0]["features"] for v in light.values]
    assert docks == [[], ["dark"]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("vipers", "--vary vipers: give TARGET.FIELD=VALUES"),
        ("vipra.count=1..3", "no combatant, group, side, zone or vehicle named 'vipra' in Warehouse ambush; did you mean 'vipers'?"),
        ("Viper.colour=1", "no field 'colour'"),
        ("Viper.count=0..2", "count '0'; give whole numbers of at least 1"),
        ("Viper.count=3..1", "the range 3..1 is empty; give the smaller number first, e.g. 1..3"),
        ("Viper.weapon=1..3", "a range is two whole numbers"),
        ("Viper.weapon=knife,,pistol", "an empty value"),
        ("Viper.weapon=knife,knife", "a value is listed twice"),
        ("Viper.count=1..99", "99 values; give at most 50"),
        ("crew.count=2", "'crew' has only player characters"),
        ("Office.light=bright", "light 'bright'; give normal, dim, dark"),
    ],
)
def test_bad_variations_are_one_line_naming_the_option_and_the_fix(warehouse, text, message):
    with pytest.raises(VariationError) as error:
        parse_variation(text, warehouse)
    assert message in str(error.value) and "\n" not in str(error.value)
    assert str(error.value).startswith(f"--vary {text}")


def test_a_variant_the_loader_refuses_names_the_settings_and_the_loaders_reason(warehouse):
    weapon = parse_variation("Viper.weapon=laser", warehouse)
    with pytest.raises(VariationError, match=r"^--vary Viper.weapon=laser: combatants\[3\].weapons\[0\]: unknown weapon 'laser'"):
        variants(warehouse, [weapon])
    goal = parse_variation("Mara.zone=Office", warehouse)  # the crew would start in its goal zone
    with pytest.raises(VariationError, match=r"Mara.zone=Office: victory.reach_zone.crew: side 'crew' starts in 'Office'"):
        variants(warehouse, [goal])


def test_too_many_combinations_and_a_path_varied_twice_are_refused(warehouse):
    big = [parse_variation(t, warehouse) for t in ("Viper.count=1..10", "Sniper.agility=1..5", "Mara.agility=1..5", "Doc.wits=1..3")]
    with pytest.raises(VariationError, match=r"750 combinations; give at most 500"):
        variants(warehouse, big)
    twice = [parse_variation("Viper.count=1..2", warehouse), parse_variation("Viper.count=3..4", warehouse)]
    with pytest.raises(VariationError, match="varied twice"):
        variants(warehouse, twice)


def test_a_chase_varies_its_people_and_vehicles():
    chase = load("chase_car_vs_motorcycle")
    made = variants(chase, [parse_variation("Vex.mobility=1..3", chase), parse_variation("Motorcycle.type=motorcycle,dirt_bike", chase)])
    assert len(made) == 6
    assert [v.scenario.vehicles[1].type.name for v in made] == ["Motorcycle", "Dirt bike"] * 3
    assert [v.scenario.base.combatants[2].skills["Mobility"] for v in made] == [1, 1, 2, 2, 3, 3]
