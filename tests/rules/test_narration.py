"""Log wording: every line reads as plain English, with no internal keys (zone/narrate.py,
vehicles/narrate.py, chase/narrate.py, engine.describe)."""

from __future__ import annotations

import pytest

from tests.helpers import fighter, game, scenario_dict, turn_of
from tests.rules.test_vehicle_combat import technical
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.narrate import narrate


def test_a_miss_at_a_vehicle_reads_misses():
    state = technical()
    foe = next(c for c in state.combatants if c.name == "Foe")
    lines = narrate(state, [Event("miss", foe.id, -1, {"kind": "shoot_vehicle", "vehicle": "Pickup"})])
    assert lines == ["  Foe misses Pickup."]
    lines = narrate(state, [Event("hit", foe.id, -1, {"kind": "shoot_vehicle", "vehicle": "Pickup"})])
    assert lines == ["  Foe hits Pickup."]


def test_a_weapon_that_breaks_is_told_broken_not_bonus_minus_one():
    state = game(scenario_dict(combatants=[fighter("Red", "red", "A", weapons=["submachine_gun"]),
                                           fighter("Blue", "blue", "B")]))  # fmt: skip
    worn = Event("gear_damaged", 0, -1, {"weapon": "submachine_gun", "bonus": 1, "rating": 1, "broken": False})
    broke = Event("gear_damaged", 0, -1, {"weapon": "submachine_gun", "bonus": -1, "rating": 0, "broken": True})
    assert narrate(state, [worn, broke]) == [
        "  Red's submachine gun wears down (bonus 1).",
        "  Red's submachine gun breaks.",
    ]


def test_step_dice_gear_wear_is_told_as_reliability():
    data = scenario_dict(combatants=[fighter("Red", "red", "A", weapons=["rifle"]), fighter("Blue", "blue", "B")],
                         rules={"dice_mode": "step", "damage_model": "health_resolve"})  # fmt: skip
    data["combatants"][0]["attributes"] = {"strength": "C", "agility": "C", "wits": "C", "empathy": "C"}
    data["combatants"][1]["attributes"] = {"strength": "C", "agility": "C", "wits": "C", "empathy": "C"}
    state = game(data)
    worn = Event("gear_damaged", 0, -1, {"weapon": "rifle", "bonus": 2, "rating": 3, "broken": False})
    assert narrate(state, [worn]) == ["  Red's rifle wears down (Reliability 3)."]


def test_mounted_weapons_are_named_not_keyed_in_logs_and_action_words():
    state = turn_of(technical(), "Gus")
    gus = next(c for c in state.combatants if c.name == "Gus")
    key = gus.weapons[gus.held].name
    assert key.startswith("@")
    gus.weapons.append(gus.weapons[gus.held])
    gus.held = -1
    draw = Action(Kind.DRAW, option=0)
    assert engine.describe(state, draw) == "draw Hmg (Pickup)"
    lines = narrate(state, [Event("drew", gus.id, -1, {"weapon": key}),
                            Event("dropped", gus.id, -1, {"weapon": key}),
                            Event("gear_damaged", gus.id, -1, {"weapon": key, "bonus": -1, "rating": 0, "broken": True})])  # fmt: skip
    assert lines == ["Gus draws the Hmg (Pickup).", "  Gus drops the Hmg (Pickup).", "  Gus's Hmg (Pickup) breaks."]
    assert not any("@" in line or "_" in line for line in lines)


def step_game():
    data = scenario_dict(rules={"dice_mode": "step", "damage_model": "health_resolve"})
    for spec in data["combatants"]:
        spec["attributes"] = {"strength": "C", "agility": "C", "wits": "C", "empathy": "C"}
    return game(data)


@pytest.mark.rule("ARMOR-01", "COVER-07", "AMB-04")
def test_step_dice_armor_and_cover_read_as_grades_and_every_die_shows_its_size():
    state = step_game()
    armor = Event("armor", -1, 1, {"dice": [[2, 8, 5], [2, 6, 4]], "successes": 0, "rating": 6})
    cover = Event("cover", -1, 1, {"dice": [[2, 12, 10], [2, 12, 3]], "successes": 1, "rating": 12})
    worn = Event("armor_degraded", -1, 1, {"rating": 3})
    roll = Event("roll", 0, 1, {"skill": "Marksmanship", "purpose": "shoot", "dice": [[0, 6, 1], [1, 8, 6]], "successes": 1})
    assert narrate(state, [armor, cover, worn, roll]) == [
        "  Blue's armor (C) rolls [g5/d8 g4/d6] - stops 0.",
        "  Blue's cover (A) rolls [g10/d12 g3/d12] - stops 1.",
        "  Blue's armor is worn down to D.",
        "  Red rolls Marksmanship (shoot): [1/d6 s6/d8] - 1 success.",
    ]
    pool = game(scenario_dict())
    assert narrate(pool, [Event("armor", -1, 1, {"dice": [[2, 6, 5], [2, 6, 4]], "successes": 0, "rating": 2})]) == [
        "  Blue's armor (2) rolls [g5 g4] - stops 0."
    ]


@pytest.mark.rule("VEH-DMG-04")
def test_a_vehicles_armor_roll_in_a_zone_fight_shows_its_dice():
    state = technical()
    e = Event("vehicle_armor", -1, -1, {"dice": [[2, 6, 6], [2, 6, 1], [2, 6, 3]], "successes": 1, "rating": 3, "vehicle": "Pickup"})
    assert narrate(state, [e]) == ["  Pickup's armor (3) rolls [g6 g1 g3] - stops 1."]


@pytest.mark.rule("DMGM-01", "STRESS-01")
def test_stress_in_an_attribute_damage_game_is_told_as_damage_to_wits():
    state = game(scenario_dict())  # damage_model: attribute (the default)
    assert narrate(state, [Event("stress", -1, 1, {"amount": 1, "dealt": 1})]) == ["  Blue takes 1 damage to Wits."]
    assert narrate(step_game(), [Event("stress", -1, 1, {"amount": 2, "dealt": 2})]) == ["  Blue takes 2 stress."]


@pytest.mark.rule("CRIT-PHYS-56", "CRIT-MENT-64-65")
def test_first_aid_on_a_paralysed_or_catatonic_fighter_does_not_put_them_back_on_their_feet():
    state = game(scenario_dict())
    healed = Event("recovered", 0, 1, {"amount": 1})
    assert narrate(state, [healed]) == ["  Blue recovers 1 and is back on their feet."]
    state.combatants[1].incapacitated = True  # a cracked spine (paralysed) or catatonia
    assert narrate(state, [healed]) == ["  Blue recovers 1 but still cannot act (paralysed or catatonic)."]


@pytest.mark.rule("CHASE-NPC-01", "CHASE-NPC-03")
def test_obstacle_npcs_are_told_in_the_plural():
    from tests.rules.test_chase import data, start
    from yz_gym.rulesets.yze.chase.narrate import narrate_chase

    state = start(data())
    e = Event("npc_attack", -1, 1, {"npc": "thugs", "dice": [[0, 6, 6], [1, 6, 2]], "successes": 1})
    assert narrate_chase(state, [e]) == ["  The thugs attack Prey: [6 s2]."]


@pytest.mark.rule("ATK-08", "CHASE-SHOOT-01", "CHASE-18")
def test_a_chase_shot_beyond_the_weapons_reach_fails_out_of_range():
    from tests.rules.test_chase import data, person, start
    from yz_gym.rulesets.yze.chase.attacks import miss_reason, weapon_for
    from yz_gym.rulesets.yze.chase.state import CK, ChaseAction

    people = [person("Hunter", "hunters", weapons=["pistol"]), person("Prey", "prey")]
    state = start(data(people, chase_rules={"chase_start_range": "long"}))  # pistol: Medium at most
    hunter, prey = (state.world.combatants[i] for i in (0, 1))
    shot = ChaseAction(CK.SHOOT, target=prey.id)
    assert miss_reason(state, hunter.id, weapon_for(state, hunter.id, -1), shot) == "out of range"
    assert miss_reason(state, hunter.id, None, shot) == "no weapon"
    state = start(data(people, chase_rules={"chase_start_range": "short"}))
    prey_gone = ChaseAction(CK.SHOOT, target=99)
    assert miss_reason(state, hunter.id, weapon_for(state, hunter.id, -1), prey_gone) == "no target"
