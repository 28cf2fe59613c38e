"""Critical-injury effects in play that the tables alone do not check: an unusable arm and first
aid (PROPOSED `first_aid_hands`), the cracked spine's treatment deadline (CRIT-PHYS-56, HEAL-18)
and the phobia of the one who broke you (CRIT-MENT-42-43, PROPOSED `phobia_of`)."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, by_name, kinds
from tests.rules.test_injuries import ARM_ROWS, HEALING, crit, party, set_order
from yz_gym.rulesets.yze.combat.damage import PERMANENT, take_damage
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.state import STR, WIT
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.narrate import narrate


def healer_beside_a_broken_ally(**rules: object):
    """Blue's turn in zone A; Cyan, Blue's ally there, is Broken (Strength 0)."""
    state = party(rules=dict(rules))
    by_name(state, "Cyan").attrs[STR] = 0
    return set_order(state, "Blue")


def first_aid_offered(state) -> bool:
    treat = Action(Kind.FIRST_AID, by_name(state, "Cyan").id, -1, 0)
    return treat in engine.legal_actions(state)


@pytest.mark.rule("HEAL-01", "HEAL-02")
@pytest.mark.parametrize(
    "code", [pytest.param(c, marks=pytest.mark.rule(f"CRIT-PHYS-{c}"), id=f"CRIT-PHYS-{c}") for c in ARM_ROWS]
)
def test_first_aid_needs_both_hands_by_default(code):
    state = healer_beside_a_broken_ally()
    assert first_aid_offered(state)
    crit(state, "Blue", code)
    assert not first_aid_offered(state)


@pytest.mark.rule("HEAL-01", "CRIT-PHYS-26", "CRIT-PHYS-36")
def test_first_aid_hands_one_needs_a_single_usable_hand_and_zero_none():
    state = healer_beside_a_broken_ally(first_aid_hands=1)
    crit(state, "Blue", 26)
    assert first_aid_offered(state)  # one arm left
    crit(state, "Blue", 36)
    assert not first_aid_offered(state)  # no hand left
    state = healer_beside_a_broken_ally(first_aid_hands=0)
    crit(state, "Blue", 26)
    crit(state, "Blue", 36)
    assert first_aid_offered(state)


@pytest.mark.rule("HEAL-01", "CRIT-PHYS-31")
def test_an_injury_that_leaves_the_hands_alone_does_not_stop_first_aid():
    state = healer_beside_a_broken_ally()
    crit(state, "Blue", 31)  # broken nose
    assert first_aid_offered(state)


# --- CRIT-PHYS-56: a cracked spine heals only if treated in time (HEAL-18) -----------------------

SPINE_DAYS = [1, 2, 1]  # 3D6 = 4 days = 16 shifts


def paralysed_cyan(**rules: object):
    """Cyan (Broken, Strength 0) with a cracked spine; Blue, Cyan's ally, in the same zone on its turn.
    Its 3D6 days are rolled at the first recovery (HEAL-17's `healing` reading), from SPINE_DAYS."""
    state = healer_beside_a_broken_ally(**{**HEALING, **rules})
    crit(state, "Cyan", 56)
    return state


@pytest.mark.rule("CRIT-PHYS-56", "HEAL-18", "HEAL-06")
def test_an_untreated_cracked_spine_becomes_permanent_when_its_3d6_days_run_out():
    state = paralysed_cyan()
    cyan = by_name(state, "Cyan")
    assert cyan.incapacitated
    events = recover(cyan, 15, FixedDice(SPINE_DAYS), options=state.options)
    assert "injury_permanent" not in kinds(events) and cyan.injuries[0].heal_left == 1  # 16 - 15 shifts
    events = recover(cyan, 1, FixedDice(), options=state.options)
    assert "injury_permanent" in kinds(events) and cyan.injuries[0].heal_left == PERMANENT
    recover(cyan, 400, FixedDice(), options=state.options)
    assert [i.code for i in cyan.injuries] == [56] and cyan.incapacitated


@pytest.mark.rule("CRIT-PHYS-56", "HEAL-18", "HEAL-01")
def test_first_aid_in_the_fight_treats_the_spine_and_it_heals_in_its_time():
    state = paralysed_cyan()
    cyan = by_name(state, "Cyan")
    events = engine.apply(state, Action(Kind.FIRST_AID, cyan.id, -1, 0), FixedDice([6, 2, 2]))  # Empathy 3
    assert "treated" in kinds(events) and cyan.injuries[0].treated
    lines = narrate(state, events)
    assert "  Blue treats Cyan's Cracked spine: it can heal." in lines
    events = recover(cyan, 15, FixedDice(SPINE_DAYS), options=state.options)
    assert "injury_healed" not in kinds(events) and cyan.incapacitated
    events = recover(cyan, 1, FixedDice(), options=state.options)
    assert "injury_healed" in kinds(events) and not cyan.injuries and not cyan.incapacitated


@pytest.mark.rule("CRIT-PHYS-56", "HEAL-18")
def test_a_failed_first_aid_does_not_treat_the_spine():
    state = paralysed_cyan()
    cyan = by_name(state, "Cyan")
    events = engine.apply(state, Action(Kind.FIRST_AID, cyan.id, -1, 0), FixedDice([5, 2, 2]))
    assert "treated" not in kinds(events) and not cyan.injuries[0].treated


@pytest.mark.rule("CRIT-PHYS-56", "HEAL-18", "HEAL-07")
def test_a_carers_successful_healing_roll_treats_the_spine_too():
    state = paralysed_cyan()
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    events = recover(cyan, 1, FixedDice([6, 2, 2, *SPINE_DAYS]), options=state.options, carer=blue)
    assert cyan.injuries[0].treated and "treated" in kinds(events)
    assert cyan.injuries[0].heal_left == 16 - 4 - 1  # the cared day counts double (HEAL-07), then one shift


@pytest.mark.rule("CRIT-PHYS-56", "HEAL-18")
def test_spine_treatment_deadline_none_heals_it_untreated():
    state = paralysed_cyan(spine_treatment_deadline="none")
    cyan = by_name(state, "Cyan")
    events = recover(cyan, 16, FixedDice(SPINE_DAYS), options=state.options)
    assert "injury_healed" in kinds(events) and not cyan.incapacitated


# --- CRIT-PHYS-14/15: no heal time; a successful Healing roll ends them (HEAL-18) ------------------


@pytest.mark.rule("CRIT-PHYS-14", "CRIT-PHYS-15", "HEAL-18", "HEAL-06")
@pytest.mark.parametrize("code", [14, 15])
def test_a_sprained_ankle_or_blood_in_the_eye_never_heals_with_rest_alone(code):
    state = healer_beside_a_broken_ally()
    cyan = by_name(state, "Cyan")
    crit(state, "Cyan", code)
    events = recover(cyan, 4 * 30, FixedDice(), options=state.options)  # a month of rest
    assert "injury_healed" not in kinds(events) and [i.code for i in cyan.injuries] == [code]


@pytest.mark.rule("CRIT-PHYS-14", "CRIT-PHYS-15", "HEAL-18", "HEAL-01")
@pytest.mark.parametrize("code", [14, 15])
def test_a_successful_first_aid_ends_a_sprained_ankle_or_blood_in_the_eye(code):
    state = healer_beside_a_broken_ally()
    cyan = by_name(state, "Cyan")
    crit(state, "Cyan", code)
    events = engine.apply(state, Action(Kind.FIRST_AID, cyan.id, -1, 0), FixedDice([5, 2, 2]))  # Empathy 3
    assert [i.code for i in cyan.injuries] == [code]  # no success: it stays
    state = healer_beside_a_broken_ally()
    cyan = by_name(state, "Cyan")
    crit(state, "Cyan", code)
    events = engine.apply(state, Action(Kind.FIRST_AID, cyan.id, -1, 0), FixedDice([6, 2, 2]))
    assert not cyan.injuries and "injury_healed" in kinds(events)


@pytest.mark.rule("CRIT-PHYS-14", "HEAL-18", "HEAL-07")
def test_a_carers_successful_healing_roll_ends_a_sprained_ankle():
    state = healer_beside_a_broken_ally()
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    crit(state, "Cyan", 14)
    recover(cyan, 1, FixedDice([5, 2, 2]), options=state.options, carer=blue)
    assert [i.code for i in cyan.injuries] == [14]
    recover(cyan, 4, FixedDice([6, 2, 2]), options=state.options, carer=blue)  # the next day's roll
    assert not cyan.injuries


# --- CRIT-MENT-42-43: a phobia of the one who broke the character --------------------------------


def phobic_blue(**rules: object):
    """Blue (side blue) broken by Red's stress: a phobia of Red (D66 4-2), then back on its feet."""
    state = party(rules={"stress_from_events": False, **rules})
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    events: list = []
    take_damage(state, blue, 3, FixedDice([4, 2]), events, stress=True, source=red.id)  # Wits 3 -> 0
    assert blue.injuries[0].source == red.id and blue.injuries[0].code == 42
    blue.attrs[WIT] = 3  # first aid and rest have brought Blue back
    return state


def play_out_the_round(state) -> list:
    """Everyone ends their turn until the next round starts; the events of the whole round."""
    events: list = []
    start = state.round
    while state.round == start and engine.current_actor(state) >= 0:
        events += engine.apply(state, Action(Kind.END_TURN), FixedDice())
    return events


@pytest.mark.rule("CRIT-MENT-42-43")
def test_a_phobia_costs_one_stress_each_round_within_short_of_the_one_who_broke_you():
    state = phobic_blue()
    blue = by_name(state, "Blue")
    events = play_out_the_round(state)
    assert [(e.actor, e.target) for e in events if e.kind == "phobia"] == [(blue.id, by_name(state, "Red").id)]
    assert blue.attrs[WIT] == 3 - 1
    assert "  Blue is gripped by fear of Red (phobia)." in narrate(state, events)
    play_out_the_round(state)
    assert blue.attrs[WIT] == 3 - 2


@pytest.mark.rule("CRIT-MENT-42-43")
def test_no_phobia_stress_out_of_short_range_while_broken_or_with_the_switch_off():
    state = phobic_blue()
    by_name(state, "Red").zone = 1  # zone B: Medium range
    assert "phobia" not in kinds(play_out_the_round(state)) and by_name(state, "Blue").attrs[WIT] == 3
    state = phobic_blue()
    by_name(state, "Blue").attrs[WIT] = 0  # Broken: out of the fight
    assert "phobia" not in kinds(play_out_the_round(state))
    state = phobic_blue(phobia_of="none")
    assert "phobia" not in kinds(play_out_the_round(state)) and by_name(state, "Blue").attrs[WIT] == 3
