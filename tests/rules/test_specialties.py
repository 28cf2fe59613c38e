"""The specialties that change recovery (HEAL-19): Field Surgeon's +1 to stabilise a dying patient,
Second Wind's Stamina roll on being Broken, and the `specialties:` of a scenario's combatant."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, act, by_name, kinds
from tests.rules.test_injuries import crit, party, set_order
from yz_gym.rulesets.yze.combat.damage import take_damage
from yz_gym.rulesets.yze.state import AGI, STR, WIT
from yz_gym.rulesets.yze.zone.actions import Kind

HEALTH = {"damage_model": "health_resolve"}


def healing_dice(surgeon: list[str], code: int, option: int) -> int:
    """The dice Cyan (Empathy 3, Healing 1) rolls giving Blue first aid (`option` 1: stabilise)
    after Blue's crit `code`."""
    state = party(cyan={"skills": {"healing": 1}, "specialties": surgeon})
    crit(state, "Blue", code)
    by_name(state, "Blue").attrs[STR] = 0  # Broken, so first aid (option 0) is offered too
    set_order(state, "Cyan")
    events = act(state, FixedDice([6] * 8), Kind.FIRST_AID, target="Blue", option=option)
    return len(next(e for e in events if e.kind == "roll").get("dice"))


@pytest.mark.rule("HEAL-19", "DEATH-03")
def test_a_field_surgeon_rolls_one_more_die_stabilising_a_dying_patient() -> None:
    assert healing_dice([], 61, 1) == 3 + 1  # Empathy 3 + Healing 1
    assert healing_dice(["field_surgeon"], 61, 1) == 3 + 1 + 1  # HEAL-19: +1 (crit 61: lethal)
    assert healing_dice(["field_surgeon"], 61, 0) == 3 + 1  # first aid for Broken: no bonus
    assert healing_dice(["healer"], 61, 1) == 3 + 1  # another specialty: none


@pytest.mark.rule("HEAL-19")
def test_a_field_surgeon_has_no_bonus_for_a_patient_not_dying_of_a_crit() -> None:
    state = party(cyan={"skills": {"healing": 1}, "specialties": ["field_surgeon"]})
    crit(state, "Blue", 23)  # broken hand: not lethal
    by_name(state, "Blue").attrs[STR] = 0
    set_order(state, "Cyan")
    events = act(state, FixedDice([6] * 8), Kind.FIRST_AID, target="Blue", option=0)
    assert len(next(e for e in events if e.kind == "roll").get("dice")) == 3 + 1


@pytest.mark.rule("HEAL-19", "BROKEN-04")
@pytest.mark.parametrize("successes", [0, 1, 2, 3])
def test_second_wind_wins_back_a_health_point_per_stamina_success_and_the_crit_stays(successes: int) -> None:
    state = party(HEALTH, blue={"specialties": ["second_wind"]})
    blue = by_name(state, "Blue")
    assert blue.health == 4  # health_resolve: Health from Strength 3 and Agility 3
    events: list = []
    faces = [3, 3, 2, 5] + [6] * successes + [1] * (3 - successes)  # crit (D66 33, 2D6 days), Stamina: 3 dice
    take_damage(state, blue, 5, FixedDice(faces), events)
    assert blue.injuries and blue.injuries[0].code == 33  # BROKEN-04: the crit came first and stays
    roll = next(e for e in events if e.kind == "roll" and e.get("purpose") == "second wind")
    assert len(roll.get("dice")) == 3 and roll.get("skill") == "Stamina"  # Strength 3, no Stamina skill
    assert blue.health == successes and blue.broken is (successes == 0)
    assert [e.get("amount") for e in events if e.kind == "recovered"] == ([successes] if successes else [])
    assert kinds(events).index("critical") < kinds(events).index("roll")


@pytest.mark.rule("HEAL-19")
def test_second_wind_comes_once_per_time_broken_and_again_after_the_next_break() -> None:
    state = party(HEALTH, blue={"specialties": ["second_wind"]})
    blue = by_name(state, "Blue")
    events: list = []
    take_damage(state, blue, 3, FixedDice([1, 1, 1, 1, 1]), events)  # broken; crit 11; Stamina: no success
    take_damage(state, blue, 2, FixedDice([1, 1, 6, 6, 6]), events)  # already Broken: a crit, no roll
    assert [e.get("purpose") for e in events if e.kind == "roll"] == ["second wind"]
    blue.health = 1  # recovered in the meantime
    take_damage(state, blue, 1, FixedDice([1, 1, 6, 6, 6]), events)  # broken again: a new Second Wind
    assert [e.get("purpose") for e in events if e.kind == "roll"] == ["second wind"] * 2 and blue.health == 3


@pytest.mark.rule("HEAL-19", "BROKEN-01")
def test_second_wind_heals_the_track_that_broke_attribute_points_with_attribute_damage() -> None:
    state = party(blue={"specialties": ["second_wind"]})  # attribute damage: Strength and Wits
    blue = by_name(state, "Blue")
    events: list = []
    take_damage(state, blue, 3, FixedDice([1, 1, 2, 6, 6]), events, stress=True)  # Wits 0; tremor, D6 days
    roll = next(e for e in events if e.get("purpose") == "second wind")
    assert len(roll.get("dice")) == 3 and blue.attrs[WIT] == 2  # Strength 3 rolled; two points of Wits back
    take_damage(state, blue, 3, FixedDice([1, 1, 6, 6, 6]), events)  # Strength 0: Stamina with 0 + no skill
    roll = [e for e in events if e.get("purpose") == "second wind"][-1]
    assert roll.get("dice") == [] and blue.attrs[STR] == 0 and blue.attrs[AGI] == 3  # no dice, nothing back


@pytest.mark.rule("HEAL-19")
def test_without_the_specialty_nobody_rolls_and_an_npc_that_dies_broken_does_not_either() -> None:
    state = party(HEALTH)
    events: list = []
    take_damage(state, by_name(state, "Blue"), 5, FixedDice([3, 3]), events)
    assert "roll" not in kinds(events)
    state = party({**HEALTH, "npc_broken_dies": True}, blue={"specialties": ["second_wind"]})
    events = []
    take_damage(state, by_name(state, "Blue"), 5, FixedDice([3, 3]), events)
    assert by_name(state, "Blue").dead and "second wind" not in [e.get("purpose") for e in events]  # HEAL-05
