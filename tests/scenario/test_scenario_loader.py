"""The loader turns scenario files into rules Scenarios: zones, borders, combatants, groups, options."""

from __future__ import annotations

import copy
import itertools
import pickle
from pathlib import Path

import numpy as np
import pytest
import yaml

from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.scenario.zone_builder import build, load_scenario
from yz_gym.rulesets.yze.state import GameState, Phase
from yz_gym.rulesets.yze.tables import ARMORS, COVERS, WEAPONS
from yz_gym.rulesets.yze.zone import engine, initiative
from yz_gym.rulesets.yze.zone.zones import BorderKind, DoorState
from yz_gym.scenario import DEFAULT_SCENARIO, ScenarioError
from yz_gym.scenario.files import SCENARIO_DIR

ATTRS = {"strength": 3, "agility": 3, "wits": 3, "empathy": 3}


def fighter(name: str, side: str, zone: str, **extra):
    return {"name": name, "side": side, "zone": zone, "attributes": dict(ATTRS), **extra}


def scenario(zones=("A", "B"), borders=None, combatants=None, **extra):
    zone_specs = [{"name": z} if isinstance(z, str) else z for z in zones]
    names = [z["name"] for z in zone_specs]
    if borders is None:
        borders = [{"between": [a, b]} for a, b in itertools.pairwise(names)]
    data = {
        "name": "t",
        "sides": ["red", "blue"],
        "map": {"zones": zone_specs, "borders": borders},
        "combatants": combatants or [fighter("Red", "red", names[0]), fighter("Blue", "blue", names[-1])],
    }
    data.update(extra)
    return data


def probe(s) -> GameState:
    """A state on which initiative helpers can be asked questions."""
    return GameState(
        s.setup, [c.copy() for c in s.combatants], s.doors, s.cover_ratings, {}, [0] * len(s.combatants)
    )


# --- where scenarios come from -------------------------------------------------------------------


def test_a_bundled_name_a_path_and_a_dict_give_the_same_scenario():
    path = SCENARIO_DIR / "duel.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    by_name, by_path, by_dict = load_scenario("duel"), load_scenario(path), load_scenario(data)
    assert by_name.setup.name == by_path.setup.name == by_dict.setup.name == data["name"]
    assert [c.name for c in by_name.combatants] == [c.name for c in by_dict.combatants]
    assert load_scenario(str(path)).setup.name == data["name"]


def test_the_default_scenario_is_the_duel():
    assert DEFAULT_SCENARIO == "duel"
    assert load_scenario().setup.name == load_scenario("duel").setup.name


def test_a_yaml_file_with_any_suffix_loads_by_path(tmp_path: Path):
    path = tmp_path / "fight.scenario"
    path.write_text(yaml.safe_dump(scenario()), encoding="utf-8")
    assert load_scenario(path).setup.name == "t"


def test_a_source_that_is_neither_name_path_nor_dict_is_refused():
    with pytest.raises(ScenarioError, match=r"not a scenario; give a bundled name, a \.yaml path or a dict"):
        load_scenario(42)  # type: ignore[arg-type]


def test_yaml_anchors_and_merge_keys_work(tmp_path: Path):
    text = """
name: Merged
sides: [red, blue]
map: {zones: [{name: A}]}
combatants:
  - &grunt {name: Red, side: red, zone: A, attributes: {strength: 3, agility: 3, wits: 3, empathy: 3}}
  - <<: *grunt
    name: Blue
    side: blue
"""
    path = tmp_path / "merged.yaml"
    path.write_text(text, encoding="utf-8")
    assert [c.side for c in load_scenario(path).combatants] == [0, 1]


# --- the map ------------------------------------------------------------------------------------


@pytest.mark.rule(
    "ZONE-01", "ZONE-FEAT-00", "ZONE-FEAT-CLUTTERED-01", "ZONE-FEAT-DARK-01", "ZONE-FEAT-CRAMPED-01"
)
def test_zone_features_are_parsed_into_zones():
    data = scenario(
        zones=[
            {"name": "Brush", "features": ["cluttered"]},
            {"name": "Cellar", "features": ["dim", "cramped"]},
            {"name": "Pit", "features": ["dark"], "exit": True, "size_m": 12.5},
        ]
    )
    zones = build(data, "t").setup.zone_map.zones
    assert (zones[0].cluttered, zones[0].dim, zones[0].dark, zones[0].cramped) == (True, False, False, False)
    assert (zones[1].cluttered, zones[1].dim, zones[1].dark, zones[1].cramped) == (False, True, False, True)
    assert (zones[2].dark, zones[2].exit, zones[2].size_m) == (True, True, 12.5)


@pytest.mark.rule("BORDER-01", "BORDER-02", "ACTN-DOOR-02")
def test_borders_kinds_door_states_and_door_toughness():
    data = scenario(
        zones=["A", "B", "C", "D"],
        borders=[
            {"between": ["A", "B"]},
            {"between": ["B", "C"], "kind": "door", "state": "locked", "armor": 2, "toughness": 8},
            {"between": ["C", "D"], "kind": "hatch"},
            {"between": ["A", "D"], "kind": "wall"},
        ],
    )
    s = build(data, "t")
    borders = s.setup.zone_map.borders
    assert [b.kind for b in borders] == [BorderKind.OPEN, BorderKind.DOOR, BorderKind.HATCH, BorderKind.WALL]
    assert s.doors == (DoorState.OPEN, DoorState.LOCKED, DoorState.CLOSED, DoorState.OPEN)
    assert (borders[1].door_armor, borders[1].door_toughness) == (2, 8)
    assert borders[2].door_toughness == RuleOptions().wooden_door_toughness  # ACTN-DOOR-02: 5 by default


@pytest.mark.rule("COVER-01", "COVER-03", "COVER-04", "COVER-05", "COVER-06", "COVER-07", "AMB-04")
@pytest.mark.parametrize("dice_mode", ["pool", "step"])
def test_cover_ratings_follow_the_dice_mode(dice_mode):
    covers = ["furniture", "wooden_door", "tree_trunk", "wooden_wall", "stone_wall"]
    data = scenario(zones=[{"name": "A", "cover": covers[:3]}, {"name": "B", "cover": covers[3:]}])
    if dice_mode == "step":
        data["rules"] = {"dice_mode": "step", "damage_model": "health_resolve"}
        for c in data["combatants"]:
            c["attributes"] = {"strength": "C", "agility": "C", "wits": "C", "empathy": "C"}
    ratings = build(data, "t").cover_ratings
    if dice_mode == "pool":
        assert ratings == ((3, 4, 5), (6, 8))  # COVER-03..07 pool ratings
    else:
        assert ratings == ((3, 6, 6), (9, 12))  # grades D, C, C, B, A as ratings (AMB-04)


# --- combatants ---------------------------------------------------------------------------------


@pytest.mark.rule("DICE-01", "DICE-03", "DICE-05", "DMGM-02")
def test_pool_combatant_attributes_skills_gear_and_tracks():
    red = fighter("Red", "red", "A", pc=True, skills={"Melee": 2, "mobility": 1}, weapons=["knife", "pistol"],
                  drawn="pistol", armor="kevlar_vest", items=["medkit"], prone=True)  # fmt: skip
    red["attributes"] = {"strength": 4, "agility": 2, "wits": 3, "empathy": 5}
    data = scenario(combatants=[red, fighter("Blue", "blue", "B")], rules={"damage_model": "health_resolve"})
    c = build(data, "t").combatants[0]
    assert c.attrs == [4, 2, 3, 5] and c.pc and c.prone
    assert c.skills == {"Melee": 2, "Mobility": 1}
    assert [w.name for w in c.weapons] == ["knife", "pistol"] and c.held == 1
    assert [w.bonus for w in c.weapons] == [WEAPONS["knife"].bonus, WEAPONS["pistol"].bonus]
    assert (c.armor, c.armor_rating) == ("kevlar_vest", ARMORS["kevlar_vest"].rating)
    assert c.items == ["medkit"]
    assert (c.health, c.resolve) == (4, 5)  # DMGM-02: ceil(avg(4, 2)) + 1, ceil(avg(3, 5)) + 1


@pytest.mark.rule("STEP-01", "STEP-02", "DMGM-03", "ARMOR-01")
def test_step_dice_grades_become_die_sizes():
    blue = fighter("Blue", "blue", "B", skills={"marksmanship": "B", "melee": "none"}, armor="kevlar_vest")
    blue["attributes"] = {"strength": "C", "agility": "a", "wits": "D", "empathy": "C"}
    red = fighter("Red", "red", "A")
    red["attributes"] = {"strength": "C", "agility": "C", "wits": "C", "empathy": "C"}
    data = scenario(combatants=[red, blue], rules={"dice_mode": "step", "damage_model": "health_resolve"})
    c = build(data, "t").combatants[1]
    assert c.attrs == [8, 12, 6, 8]
    assert c.skills == {"Marksmanship": 10, "Melee": 0}
    assert (c.health, c.resolve) == (5, 4)  # DMGM-03: ceil((8 + 12) / 4), ceil((6 + 8) / 4)
    assert c.armor_rating == 6  # grade C of the kevlar vest


def test_creatures_may_have_attributes_up_to_twelve():
    beast = fighter("Bear", "blue", "B", creature=True)
    beast["attributes"] = {"strength": 12, "agility": 4, "wits": 1, "empathy": 1}
    assert build(scenario(combatants=[fighter("Red", "red", "A"), beast]), "t").combatants[1].attrs[0] == 12


def test_no_weapon_means_bare_hands_and_the_first_weapon_is_drawn():
    data = scenario(
        combatants=[fighter("Red", "red", "A"), fighter("Blue", "blue", "B", weapons=["club", "bow"])]
    )
    red, blue = build(data, "t").combatants
    assert (red.held, blue.held) == (-1, 0)


@pytest.mark.rule("ATK-06", "ATK-07", "ATK-08")
def test_custom_weapons_join_the_catalog_of_that_scenario_only():
    data = scenario(
        weapons={"broken_bottle": {"bonus": 1, "damage": 2, "range": "engaged"}},
        combatants=[fighter("Red", "red", "A", weapons=["broken_bottle"]), fighter("Blue", "blue", "B")],
    )
    s = build(data, "t")
    bottle = s.setup.weapons["broken_bottle"]
    assert (bottle.name, bottle.bonus, bottle.damage, bottle.range, bottle.ranged) == (
        "Broken bottle", 1, 2, "engaged", False,
    )  # fmt: skip
    assert "broken_bottle" not in WEAPONS
    assert s.combatants[0].weapons[0].bonus == 1


@pytest.mark.rule("RANGE-ENGAGED")
def test_engaged_with_engages_both_ways():
    data = scenario(
        zones=["A"],
        combatants=[fighter("Red", "red", "A", engaged_with=["Blue"]), fighter("Blue", "blue", "A")],
    )
    red, blue = build(data, "t").combatants
    assert red.engaged == {blue.id} and blue.engaged == {red.id}


@pytest.mark.rule("ZONE-FEAT-CRAMPED-02", "AMB-25")
def test_cramped_zone_queue_is_the_order_combatants_are_listed():
    data = scenario(
        zones=["A", {"name": "Duct", "features": ["cramped"]}],
        combatants=[
            fighter("Red", "red", "Duct", prone=True),
            fighter("Blue", "blue", "Duct", prone=True),
            fighter("Rosa", "red", "A"),
        ],
    )
    assert build(data, "t").cramped == ((1, (0, 1)),)


# --- initiative ---------------------------------------------------------------------------------


@pytest.mark.rule("INIT-NPC-01", "INIT-NPC-02", "INIT-03")
def test_count_makes_a_group_that_draws_one_card():
    data = scenario(
        combatants=[
            fighter("Red", "red", "A", pc=True),
            fighter("Ganger", "blue", "B", count=3),
            fighter("Boss", "blue", "B", group="Ganger"),
        ]
    )
    s = build(data, "t")
    assert [c.name for c in s.combatants] == ["Red", "Ganger 1", "Ganger 2", "Ganger 3", "Boss"]
    assert [c.group for c in s.combatants] == ["", "Ganger", "Ganger", "Ganger", "Ganger"]
    assert initiative.drawers(probe(s)) == [[0], [1, 2, 3, 4]]
    state = engine.new_game(s, 3)
    assert len({state.cards[i] for i in (1, 2, 3, 4)}) == 1  # INIT-NPC-02: one point in the order


@pytest.mark.rule("INIT-NPC-01", "AMB-27")
def test_groups_keep_eleven_npcs_within_ten_cards():
    npcs = [fighter(f"Thug {i}", "blue", "B", group="thugs") for i in range(11)]
    s = build(scenario(combatants=[fighter("Red", "red", "A", pc=True), *npcs]), "t")
    assert len(initiative.drawers(probe(s))) == 2


@pytest.mark.rule("AMB-27", "INIT-02")
def test_initiative_overflow_extend_deck_deals_one_card_per_drawer():
    combatants = [fighter(f"Red {i}", "red", "A", pc=True) for i in range(6)]
    combatants += [fighter(f"Blue {i}", "blue", "B", pc=True) for i in range(6)]
    data = scenario(combatants=combatants, rules={"initiative_overflow": "extend_deck"})
    state = engine.new_game(build(data, "t"), 11)
    assert sorted(state.cards) == list(range(1, 13))
    with pytest.raises(ScenarioError, match="12 initiative draws but only 10 cards"):
        build(scenario(combatants=combatants), "t")


@pytest.mark.rule("INIT-NPC-01")
def test_group_npc_initiative_off_gives_every_npc_its_own_card():
    data = scenario(
        combatants=[fighter("Red", "red", "A"), fighter("Thug", "blue", "B", count=3)],
        rules={"group_npc_initiative": False},
    )
    assert len(initiative.drawers(probe(build(data, "t")))) == 4


@pytest.mark.rule("INIT-SURPRISE-01", "SNEAK-01", "AMBUSH-01")
def test_surprise_sneak_and_ambush_are_set_up():
    data = scenario(
        combatants=[
            fighter("Red", "red", "A", surprise=True),
            fighter("Rosa", "red", "B", sneak={"target": "Blue", "to_engaged": False}),
            fighter("Blue", "blue", "B"),
        ],
        ambush={"by": "red", "prepared": True},
    )
    s = build(data, "t")
    assert s.surprise == (0,)
    assert [(k.attacker, k.target, k.to_engaged) for k in s.sneaks] == [(1, 2, False)]
    assert s.setup.ambush == {"by": "red", "prepared": True}
    assert engine.new_game(s, 5).phase == Phase.SETUP  # the surpriser picks a card first


# --- rules and victory --------------------------------------------------------------------------


def test_rules_block_sets_rule_options():
    data = scenario(rules={"hidden_initiative": True, "dim_zone_mod": -1, "initiative_overflow": None})
    options = build(data, "t").setup.options
    assert options == RuleOptions(hidden_initiative=True, dim_zone_mod=-1)
    assert build(scenario(), "t").setup.options == RuleOptions()


@pytest.mark.rule("ROUND-01")
def test_victory_rules_name_sides_and_zones():
    data = scenario(
        zones=["A", "B", "C"],
        victory={"round_cap": 9, "reach_zone": {"red": "C"}, "survive_rounds": {"blue": 9}},
    )
    v = build(data, "t").setup.victory
    assert (v.round_cap, v.reach_zone, v.survive_rounds) == (9, {0: 2}, {1: 9})
    assert build(scenario(), "t").setup.victory.round_cap == 20


# --- all or nothing -----------------------------------------------------------------------------


def test_a_failed_load_leaves_nothing_behind_and_changes_nothing():
    tables = (dict(WEAPONS), dict(ARMORS), dict(COVERS))
    good = scenario(weapons={"bottle": {"damage": 2}}, combatants=[
        fighter("Red", "red", "A", weapons=["bottle"]), fighter("Blue", "blue", "B")])  # fmt: skip
    bad = copy.deepcopy(good)
    bad["combatants"][1]["zone"] = "Nowhere"  # fails after the weapons were built
    before = copy.deepcopy(bad)
    with pytest.raises(ScenarioError):
        build(bad, "t")
    assert bad == before  # the input is untouched
    assert (dict(WEAPONS), dict(ARMORS), dict(COVERS)) == tables  # no custom weapon leaked
    first, second = build(good, "t"), build(good, "t")
    assert first.combatants[0] is not second.combatants[0]
    assert pickle.dumps(first.combatants) == pickle.dumps(second.combatants)


def test_loaded_scenarios_are_independent_of_games_played_on_them():
    s = load_scenario("duel")
    snapshot = pickle.dumps(s.combatants)
    state = engine.new_game(s, 1)
    rng = np.random.default_rng(1)
    while not engine.is_over(state):
        legal = engine.legal_actions(state)
        engine.apply(state, legal[int(rng.integers(len(legal)))], rng)
    assert pickle.dumps(s.combatants) == snapshot
