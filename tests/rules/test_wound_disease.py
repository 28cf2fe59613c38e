"""The Ruptured intestines crit exposes its victim to a disease of virulence 6 (CRIT-PHYS-46, ENV-10):
the infection roll at once (HAZ-DISEASE-01), a loss makes the victim sick (HAZ-DISEASE-03)."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, by_name, kinds
from tests.rules.test_injuries import party
from yz_gym.rulesets.yze.combat.damage import critical_injury
from yz_gym.rulesets.yze.hazards.disease import sick
from yz_gym.rulesets.yze.hazards.kinds import SICK, find
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import STR


def wounded(code: int, stamina: list[int], disease: list[int], heal: tuple[int, ...] = (3, 4), **rules: object):
    """Blue, Broken (Strength 1 left: one Stamina die), takes crit `code`; the dice after the D66 are
    its heal time's (`heal`, HEAL-17: rolled with the crit by default; 2D6 for code 46), Blue's Stamina
    roll, then the disease's."""
    state = party(rules=dict(rules))
    blue = by_name(state, "Blue")
    blue.attrs[STR] = 1
    assert len(skill_pool(state, blue, "Stamina").dice) == len(stamina)
    events: list = []
    critical_injury(state, blue, "physical", FixedDice([code // 10, code % 10, *heal, *stamina, *disease]), events)
    return blue, events


@pytest.mark.rule("CRIT-PHYS-46", "ENV-10", "HAZ-DISEASE-01", "HAZ-DISEASE-02", "HAZ-DISEASE-03")
def test_ruptured_intestines_is_a_disease_of_virulence_six_rolled_at_once():
    # One Stamina success against six disease dice whose sixth die is the only 6: a tie, infected (ENV-05).
    # Five dice (virulence 5) would leave the victim clean; the potency kept is 6.
    blue, events = wounded(46, [6], [1, 1, 1, 1, 1, 6])
    assert sick(blue)
    held = find(blue.timed, SICK)
    assert held is not None and held.potency == 6
    roll = next(e for e in events if e.kind == "hazard_roll")
    assert roll.data["rating"] == 6 and roll.data["against"] == 1 and roll.data["successes"] == 1
    assert kinds(events).index("critical") < kinds(events).index("hazard_roll") < kinds(events).index("infected")


@pytest.mark.rule("CRIT-PHYS-46", "HAZ-DISEASE-01")
def test_a_won_infection_roll_leaves_the_wounded_clean():
    blue, events = wounded(46, [6], [1, 1, 1, 1, 1, 1])
    assert not sick(blue)
    assert "infected" not in kinds(events)
    assert [i.code for i in blue.injuries] == [46]  # the crit itself stays


@pytest.mark.rule("CRIT-PHYS-45", "CRIT-PHYS-44")
@pytest.mark.parametrize("code", [44, 45, 51])
def test_other_lethal_wounds_bring_no_disease(code):
    blue, events = wounded(code, [6], [])
    assert "hazard_roll" not in kinds(events) and not sick(blue)
