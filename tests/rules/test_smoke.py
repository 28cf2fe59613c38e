"""A first end-to-end check: the helpers and a tiny duel."""

import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict, turn_of
from yz_gym.rulesets.yze.zone.actions import Kind


@pytest.mark.rule("ATK-05", "ATK-06", "DICE-08")
def test_close_attack_damage_is_weapon_damage_plus_extra_successes():
    data = scenario_dict(
        zones=["Yard"],
        combatants=[
            fighter("Red", "red", "Yard", skills={"melee": 2}, weapons=["sword"], engaged_with=["Blue"]),
            fighter("Blue", "blue", "Yard", attributes={"strength": 5, "agility": 3, "wits": 3, "empathy": 3}),
        ],
        rules={"ask_push": False, "offer_help": False},
    )
    state = turn_of(game(data), "Red")
    # Red: STR 3 + Melee 2 + sword +2 gear = 7 dice; three sixes -> 3 successes
    dice = FixedDice([6, 6, 6, 2, 3, 4, 5])
    events = act(state, dice, Kind.CLOSE_ATTACK, target="Blue")
    assert "hit" in kinds(events)
    blue = by_name(state, "Blue")
    assert blue.attrs[0] == 5 - (2 + 3 - 1)
