"""Disease (HAZ-DISEASE-*, AMB-08, HEAL-11): the infection roll, sickness and its daily rolls, the
caregiver's Healing +2, death a day after Broken without care, the cure.

Vic: Strength 3 (3 Stamina dice), no skills; Foe, the carer: Empathy 3 (3 Healing dice). A typical
disease rolls 6 D6 (HAZ-DISEASE-02, pool dice). A day is 14,400 rounds (TIME-06)."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, by_name
from tests.rules.hazards.hazard_kit import kinds, timed, victim
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards.disease import (
    Disease,
    daily_disease_roll,
    disease_time,
    expose_to_disease,
    sick,
)
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.state import STR, WIT

H = HazardOptions()
FEVER = Disease("fever")  # virulence 6
DAY = 4 * 60 * 60
HOLD = [6, 2, 2]  # 3 dice, one success
FAIL = [2, 2, 2]
NONE6 = [2] * 6  # the disease's 6 dice: no success
ONE6 = [6, 2, 2, 2, 2, 2]


def infected(strength: int = 3, **rules: object):
    """Vic, sick with the fever since a moment ago (1 damage taken)."""
    state, vic = victim(dict(rules), attributes={"strength": strength, "agility": 3, "wits": 3, "empathy": 3})
    assert expose_to_disease(state, H, vic, FEVER, FixedDice(FAIL + NONE6), [])
    return state, vic


@pytest.mark.rule("HAZ-DISEASE-01", "HAZ-DISEASE-02", "AMB-04")
def test_the_infection_roll_is_stamina_against_six_dice_of_a_typical_virulence():
    assert FEVER.virulence == 6
    state, vic = victim()
    dice = FixedDice([*HOLD, *NONE6, 5])
    events: list = []
    assert not expose_to_disease(state, H, vic, FEVER, dice, events)
    assert dice.faces == [5]  # 3 Stamina dice and 6 disease dice, no more
    assert kinds(events) == ["hazard_roll"]
    assert (events[0].get("rating"), events[0].get("against"), events[0].get("resisted")) == (6, 0, True)
    assert len(events[0].get("dice")) == 3 and not sick(vic) and vic.attrs[STR] == 3


@pytest.mark.rule("HAZ-DISEASE-03", "ENV-05", "AMB-03", "CRIT-04")
def test_a_lost_or_tied_infection_roll_makes_one_sick_with_one_damage_and_no_crit():
    state, vic = victim()
    events: list = []
    assert expose_to_disease(state, H, vic, FEVER, FixedDice(HOLD + ONE6), events)  # 1 against 1: a tie
    assert kinds(events) == ["hazard_roll", "infected", "damage"]
    assert vic.attrs[STR] == 3 - 1 and not vic.injuries
    assert timed(vic) == [("sick", DAY)] and vic.timed[0].potency == 6
    assert expose_to_disease(state, H, vic, Disease("plague", 9), FixedDice(), events)  # already sick: no roll
    assert len(events) == 3 and vic.timed[0].potency == 9


@pytest.mark.rule("HAZ-DISEASE-04", "TIME-06")
@pytest.mark.parametrize(("rules", "day"), [({}, DAY), ({"stretches_per_shift": 48}, 4 * 48 * 60)])
def test_while_sick_an_infection_roll_comes_every_day_each_failure_one_damage(rules, day):
    state, vic = infected(**rules)
    assert timed(vic) == [("sick", day)]  # the next roll a day after the infection, on this clock
    events: list = []
    disease_time(state, H, vic, day - 1, FixedDice(), events)
    assert events == [] and vic.attrs[STR] == 2
    disease_time(state, H, vic, 1, FixedDice(FAIL + NONE6), events)
    assert kinds(events) == ["hazard_roll", "damage"] and vic.attrs[STR] == 1
    assert timed(vic) == [("sick", day)]


@pytest.mark.rule("HAZ-DISEASE-06")
def test_one_won_roll_cures():
    state, vic = infected()
    events: list = []
    disease_time(state, H, vic, DAY, FixedDice(HOLD + NONE6), events)
    assert kinds(events) == ["hazard_roll", "cured"] and not sick(vic) and vic.timed == []
    disease_time(state, H, vic, 10 * DAY, FixedDice(), events)
    assert len(events) == 2 and vic.attrs[STR] == 2


@pytest.mark.rule("HAZ-DISEASE-07", "AMB-08")
def test_a_carer_rolls_healing_plus_two_in_the_patients_place_and_a_win_cures():
    state, vic = infected()
    foe = by_name(state, "Foe")
    dice = FixedDice([2, 2, 2, 2, 6, *NONE6, 5])  # 3 Empathy dice + 2: five dice
    events: list = []
    assert daily_disease_roll(state, H, vic, dice, events, carer=foe)
    assert dice.faces == [5]
    roll = events[0]
    assert (roll.actor, roll.target, roll.get("skill"), len(roll.get("dice"))) == (foe.id, vic.id, "Healing", 5)
    assert kinds(events) == ["hazard_roll", "cured"] and events[1].actor == foe.id and not sick(vic)


@pytest.mark.rule("HAZ-DISEASE-07", "AMB-08")
def test_care_cures_off_the_patient_rolls_stamina_with_a_carer_beside_them():
    state, vic = infected()
    events: list = []
    daily_disease_roll(state, HazardOptions(care_cures=False), vic, FixedDice([2, 2, *NONE6]), events,
                       carer=by_name(state, "Foe"))
    assert events[0].actor == vic.id and len(events[0].get("dice")) == 2 and sick(vic)  # Strength 2 now


@pytest.mark.rule("HAZ-DISEASE-05", "HAZ-DISEASE-04")
def test_broken_while_sick_without_care_dies_a_day_later():
    state, vic = infected(strength=1)  # the infection's damage breaks Vic
    assert vic.attrs[STR] == 0 and timed(vic) == [("sick", DAY), ("disease_dying", DAY)]
    events: list = []
    disease_time(state, H, vic, DAY - 1, FixedDice(), events)
    assert not vic.dead
    disease_time(state, H, vic, 1, FixedDice(NONE6), events)  # Strength 0: no Stamina dice; 0 against 0
    assert vic.dead and events[-1].kind == "death" and events[-1].get("cause") == "disease (HAZ-DISEASE-05)"


@pytest.mark.rule("HAZ-DISEASE-05", "HAZ-DISEASE-07", "AMB-08", "ENV-03")
def test_care_within_the_day_saves_one_broken_while_sick():
    state, vic = infected(strength=1)
    foe = by_name(state, "Foe")
    events: list = []
    disease_time(state, H, vic, DAY - 1, FixedDice(), events, carer=foe)
    assert kinds(events) == ["cared_for"] and timed(vic) == [("sick", 1)]
    disease_time(state, H, vic, 1, FixedDice([2] * 5 + NONE6), events, carer=foe)  # the carer's roll ties
    assert not vic.dead and sick(vic)


@pytest.mark.rule("HAZ-DISEASE-05", "AMB-08")
def test_care_saves_off_only_a_cure_saves_one_broken_while_sick():
    state, vic = infected(strength=1)
    events: list = []
    disease_time(state, HazardOptions(care_saves=False), vic, DAY, FixedDice([2] * 5 + NONE6), events,
                 carer=by_name(state, "Foe"))
    assert vic.dead and "cared_for" not in kinds(events)


@pytest.mark.rule("HAZ-DISEASE-05")
def test_broken_by_other_damage_while_sick_starts_the_day_too():
    state, vic = infected()
    vic.attrs[STR] = 0  # a wound in a fight
    disease_time(state, H, vic, 1, FixedDice(), [])
    assert timed(vic) == [("sick", DAY - 1), ("disease_dying", DAY - 1)]


@pytest.mark.rule("HEAL-11", "HAZ-DISEASE-03")
def test_a_sick_character_recovers_stress_but_no_damage():
    state, vic = infected()
    vic.attrs[WIT] = 2
    recover(vic, 1, FixedDice(), options=state.options)
    assert (vic.attrs[STR], vic.attrs[WIT]) == (2, 3)
    vic.timed.clear()
    recover(vic, 1, FixedDice(), options=state.options)
    assert vic.attrs[STR] == 3


def test_a_disease_needs_a_virulence_of_at_least_one():
    with pytest.raises(ValueError, match="virulence must be at least 1"):
        Disease("nothing", 0)
