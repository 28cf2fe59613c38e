"""Modifiers reach the dice one cause each (modifiers.Modifiers): summed for pool dice and numeric
step modifiers, cancelled one for one in the step-dice advantage mode (MOD-01, MOD-04, MOD-09/10).
Each test builds a position and reads the pool from the roll event."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, scenario_dict, turn_of
from yz_gym.rulesets.yze.dice import Source, step_dice
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Kind

QUIET = {"ask_push": False, "offer_help": False, "stress_from_events": False}
STEP = {**QUIET, "dice_mode": "step", "damage_model": "health_resolve"}
C_ALL = dict.fromkeys(("strength", "agility", "wits", "empathy"), "C")


def attack(state, dice, target="Blue"):
    """Red attacks; any block offered is declined, so the scripted dice roll the attack."""
    dice = FixedDice(dice)
    events = act(state, dice, Kind.CLOSE_ATTACK, target=target)
    while engine.decision_kind(state) == "block":
        events += act(state, dice, Kind.DECLINE)
    return events


def sides_of(events, purpose):
    """The dice sides of the first roll with this purpose."""
    roll = next(e for e in events if e.kind == "roll" and e.get("purpose") == purpose)
    return [d[1] for d in roll.get("dice")]


def step_melee(mode, red=None, blue=None):
    """Red (Melee C, all C) engaged with Blue in one zone, step dice, Red's turn."""
    red_spec = fighter("Red", "red", "A", attributes=C_ALL, skills={"melee": "C"}, engaged_with=["Blue"], **(red or {}))
    blue_spec = fighter("Blue", "blue", "A", attributes=C_ALL, **(blue or {}))
    grey = fighter("Grey", "red", "A", attributes=C_ALL)
    data = scenario_dict(zones=["A"], combatants=[red_spec, blue_spec, grey], rules={**STEP, "step_modifiers": mode})
    return turn_of(game(data), "Red")


@pytest.mark.rule("MOD-10", "MOD-09")
def test_advantages_and_disadvantages_cancel_one_for_one_not_by_their_numbers():
    # the case: an Engaged shot (-3) with aim (+2) is one disadvantage and one advantage
    assert [d.sides for d in step_dice("C", "C", NO_MODIFIERS.plus(-3).plus(2), True).dice] == [8, 8]
    # two advantages and one disadvantage: net one advantage, a third die of the lower size
    mods = NO_MODIFIERS.plus(2).plus(3).plus(-2)
    assert (mods.total, mods.advantages, mods.disadvantages, mods.net) == (3, 2, 1, 1)
    assert [d.sides for d in step_dice("B", "D", mods, True).dice] == [10, 6, 6]
    # one advantage against two disadvantages: net one disadvantage, the lower die dropped
    assert [d.sides for d in step_dice("B", "D", NO_MODIFIERS.plus(3).plus(-1).plus(-1), True).dice] == [10]
    # numeric step modifiers still move dice by the sum: +2 +3 -2 = +3 steps
    assert [d.sides for d in step_dice("B", "D", mods, False).dice] == [10, 12]


@pytest.mark.rule("MOD-10", "RMOD-01", "RMOD-03")
def test_a_prone_attacker_against_a_defenceless_target_rolls_plain_dice_in_advantage_mode():
    state = step_melee("advantage", red={"prone": True})
    blue, grey = by_name(state, "Blue"), by_name(state, "Grey")
    blue.grappled_by = grey.id  # held in a grapple: defenceless (RMOD-03 +3); Red prone (RMOD-01 -2)
    events = attack(state, [(2, 8)] * 6)
    assert sides_of(events, "close_attack") == [8, 8]  # one advantage, one disadvantage: cancelled


@pytest.mark.rule("MOD-10", "MOD-09", "RMOD-02")
def test_one_advantage_in_advantage_mode_adds_a_die_the_size_of_the_lower_one():
    state = step_melee("advantage", blue={"prone": True})
    events = attack(state, [(2, 8)] * 6)
    assert sides_of(events, "close_attack") == [8, 8, 8]
    assert next(s for s in events if s.kind == "roll").get("dice")[2][0] == Source.SKILL


@pytest.mark.rule("MOD-04", "MOD-05", "RMOD-01", "RMOD-03")
def test_numeric_step_modifiers_sum_the_same_causes():
    state = step_melee("numeric", red={"prone": True})
    blue, grey = by_name(state, "Blue"), by_name(state, "Grey")
    blue.grappled_by = grey.id  # -2 + 3 = +1: the skill die (tie) goes up one step
    events = attack(state, [(2, 10), (2, 8)])
    assert sides_of(events, "close_attack") == [8, 10]
