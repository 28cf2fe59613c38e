"""Log wording: every line reads as plain English, with no internal keys (narrate.py,
vehicle_narrate.py, chase_narrate.py, engine.describe)."""

from __future__ import annotations

from tests.helpers import fighter, game, scenario_dict, turn_of
from tests.rules.test_vehicle_combat import technical
from yz_gym.rules import engine
from yz_gym.rules.actions import Action, Kind
from yz_gym.rules.events import Event
from yz_gym.rules.narrate import narrate


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
