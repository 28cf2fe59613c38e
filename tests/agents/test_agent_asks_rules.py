"""The agents weigh moves with the rules' own answers, not a copy of them (issue 13).

A shot the tactical agent imagines from another zone gets the pool the rules give once the shooter
stands there; Engaged +3 goes to a grappled target as to a broken one (RMOD-03/06); a rifle the
shooter's injured hand cannot hold shoots nowhere.
"""

from __future__ import annotations

import pytest

from tests.helpers import by_name, fighter, game, scenario_dict
from yz_gym.agents.common import decision_memo, shot_pool
from yz_gym.rulesets.yze.combat.attacks import DEFENCELESS, can_shoot, ranged_modifier
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import Injury

QUIET = {"ask_push": False, "offer_help": False, "stress_from_events": False}


def line(blue_zone="D", red=None):
    red_spec = fighter("Red", "red", "A", **({"weapons": ["pistol"]} | (red or {})))
    blue_spec = fighter("Blue", "blue", blue_zone)
    return game(scenario_dict(zones=["A", "B", "C", "D"], combatants=[red_spec, blue_spec], rules=QUIET))


def expected_pool(state, red, blue, aim=0):
    modifier = ranged_modifier(state, red, blue, False, aim=False).plus(aim)
    return skill_pool(state, red, "Marksmanship", max(0, red.weapons[0].bonus), modifier).sides


@pytest.mark.rule("ACTN-SHOOT-01", "RMOD-07", "RMOD-08")
@pytest.mark.parametrize("memo", [False, True])
def test_an_imagined_shot_has_the_pool_of_the_real_one(memo):
    state = line()
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    with decision_memo() if memo else _nothing():
        imagined = {zone: shot_pool(state, red, 0, zone, blue, 2) for zone in range(4)}
    assert imagined[0] is None and imagined[1] is None  # from A or B, D is Long: beyond the pistol
    for zone in (2, 3):
        red.zone = zone
        assert can_shoot(state, red, blue)
        assert imagined[zone] == expected_pool(state, red, blue, aim=2)
    assert len(imagined[3]) == len(imagined[2]) + 1  # Short 0 against Medium -1


@pytest.mark.rule("RMOD-03", "RMOD-06")
@pytest.mark.parametrize("how", ["broken", "grappled"])
def test_engaged_plus_three_against_a_broken_or_grappled_target(how):
    state = line(blue_zone="A")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    plain = shot_pool(state, red, 0, 0, blue, 0, engaged=True)
    if how == "broken":
        blue.health = 0
    else:
        blue.grappled_by = red.id
    helpless = shot_pool(state, red, 0, 0, blue, 0, engaged=True)
    assert plain is not None and helpless is not None
    assert len(helpless) - len(plain) == DEFENCELESS - (-3)  # +3 instead of Engaged -3


@pytest.mark.rule("CRIT-PHYS-43", "ACTN-SHOOT-01")
def test_no_imagined_shot_with_a_rifle_the_hands_cannot_hold():
    state = line(blue_zone="B", red={"weapons": ["rifle"]})
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    assert shot_pool(state, red, 0, 1, blue, 0) is not None
    red.injuries.append(Injury("physical", 43))  # a hand that cannot be used: no two-handed weapon
    assert shot_pool(state, red, 0, 1, blue, 0) is None
    assert shot_pool(state, red, 0, 0, blue, 0) is None


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return None
