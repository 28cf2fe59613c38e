"""Hunger, thirst, sleep and disease on the journey (TRAVEL-36 steps 1, 7 and 8): the morning's daily
checks, food poisoning from a risky meal, the long clock a shift at a time, care for the sick off the
move, and what the deprivations block in a rest shift (HEAL-08/09/12).

The party is the winter crossing's (npc_group_surprise's caravan): Jorund (id 1) has Strength 5,
Wits 2 and Stamina 2 (7 Stamina dice); Sister Ama (id 3) Empathy 4 and Healing 3 (7 Healing dice,
9 caring for the sick). A shift is 3,600 rounds, a day 14,400 and a week 100,800 (TIME-06)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice
from tests.rules.test_travel_day import trip
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards import disease, hunger, sleep
from yz_gym.rulesets.yze.hazards.kinds import DEHYDRATED, PARCHED, SICK, SLEEP_DEPRIVED, SLEPT, STARVING
from yz_gym.rulesets.yze.state import STR, WIT, Injury
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.shifts import end_of_shift, privation, privation_time
from yz_gym.rulesets.yze.travel.tasks import DayPlan, Task

SHIFT, DAY, WEEK = 3_600, 14_400, 100_800
JORUND, AMA = 1, 3


def left(c, kind) -> int | None:
    """Rounds left on the traveller's condition of `kind`, None if they have none."""
    return next((t.left for t in c.timed if t.kind == kind.name), None)


@pytest.mark.rule("TIME-08", "HAZ-HUNGER-02", "HAZ-SLEEP-02", "ENV-06", "TRAVEL-36", "RATION-04")
def test_the_morning_after_a_day_without_food_water_and_sleep_deprives_each_on_its_own_clock() -> None:
    state = trip()
    c, events = state.people[JORUND], []
    privation(state, JORUND, FixedDice(), events)
    assert left(c, STARVING) == WEEK and left(c, DEHYDRATED) == DAY and left(c, SLEEP_DEPRIVED) == 0
    assert [e.kind for e in events] == ["starving", "dehydrated", "sleep_deprived", "went_without"]
    assert events[-1].data == {"food": True, "water": True, "sleep": True, "days": 1, "risky_meals": []}
    needs = state.needs[JORUND]
    assert (needs.hungry_days, needs.thirsty_days, needs.sleepless_days) == (1, 1, 1)
    privation(state, JORUND, FixedDice(), events)
    assert (needs.hungry_days, needs.thirsty_days, needs.sleepless_days) == (2, 2, 2)
    assert left(c, STARVING) == WEEK  # a second day without food starts no new week


@pytest.mark.rule("HAZ-HUNGER-01", "HAZ-HUNGER-06", "ENV-06", "HAZ-SLEEP-01", "HAZ-SLEEP-04", "TRAVEL-38", "REST-02")
def test_the_evening_meal_and_a_night_of_sleep_end_the_deprivations_and_pass_the_next_check() -> None:
    state = trip(party={"food": 8, "water": 8})
    c = state.people[JORUND]
    privation(state, JORUND, FixedDice(), [])
    doing = {i: Task.SLEEP for i in range(4)}
    events: list[Event] = []
    end_of_shift(state, 2, False, doing, False, set(), FixedDice(), events)  # the evening: sleep, then the meal
    assert {"fed", "quenched", "slept"} <= {e.kind for e in events if e.target == JORUND}
    assert left(c, STARVING) is left(c, DEHYDRATED) is left(c, SLEEP_DEPRIVED) is None
    assert left(c, SLEPT) == 0 and state.stores.food == 4 and state.stores.water == 4
    events = []
    privation(state, JORUND, FixedDice(), events)
    assert not events and state.needs[JORUND].hungry_days == 0


@pytest.mark.rule("ENV-06", "TRAVEL-38", "FORAGE-03")
def test_water_free_at_a_river_quenches_thirst_without_a_ration() -> None:
    state = trip(party={"food": 8, "water": 0})
    c = state.people[JORUND]
    privation(state, JORUND, FixedDice(), [])
    end_of_shift(state, 2, False, {i: Task.REST for i in range(4)}, False, set(), FixedDice(), [])
    assert left(c, DEHYDRATED) == DAY  # no water, no river in the first hex
    state.hex = state.scenario.hexmap.index(10, 4)  # beside the river
    events: list[Event] = []
    end_of_shift(state, 2, False, {i: Task.REST for i in range(4)}, False, set(), FixedDice(), events)
    assert left(c, DEHYDRATED) is None and "quenched" in [e.kind for e in events]


@pytest.mark.rule("RATION-06", "RATION-07", "COOK-02", "HAZ-DISEASE-01", "HAZ-DISEASE-03")
def test_a_risky_meal_is_an_infection_roll_against_its_virulence_next_morning() -> None:
    state = trip()
    c = state.people[JORUND]
    state.needs[JORUND].exposures.append(3)  # badly cooked plants (D)
    events: list[Event] = []
    privation(state, JORUND, FixedDice([1] * 7 + [6, 1, 1]), events)  # 7 Stamina dice fail; 3 hazard dice
    roll = next(e for e in events if e.kind == "hazard_roll")
    assert len(roll.get("dice")) == 7 and roll.get("rating") == 3 and roll.get("hazard") == "food poisoning"
    assert disease.sick(c) and next(t for t in c.timed if t.kind == SICK.name).potency == 3
    assert c.attrs[STR] == 4 and state.needs[JORUND].exposures == []  # 1 damage (HAZ-DISEASE-03)
    healthy = trip()
    healthy.needs[JORUND].exposures.append(6)
    privation(healthy, JORUND, FixedDice([6] * 7 + [1] * 6), [])  # 7 successes against none
    assert not disease.sick(healthy.people[JORUND])


@pytest.mark.rule("HAZ-HUNGER-04", "TIME-04", "CRIT-04")
def test_a_starving_traveller_takes_one_damage_after_each_week_of_shifts() -> None:
    state = trip()
    c = state.people[JORUND]
    hunger.starvation_check(state.party, c, [])
    for _ in range(WEEK // SHIFT - 1):
        privation_time(state, False, FixedDice(), [])
    assert c.attrs[STR] == 5
    privation_time(state, False, FixedDice(), [])
    assert c.attrs[STR] == 4 and not c.injuries


@pytest.mark.rule("ENV-06", "CRIT-04")
def test_dehydration_deals_a_damage_a_day_and_kills_a_day_after_broken() -> None:
    state = trip()
    c = state.people[JORUND]
    hunger.thirst_check(state.party, state.scenario.hazards, c, [])
    for _ in range(3):
        privation_time(state, False, FixedDice(), [])
    assert c.attrs[STR] == 5
    privation_time(state, False, FixedDice(), [])
    assert c.attrs[STR] == 4
    c.attrs[STR] = 1
    for _ in range(4):
        privation_time(state, False, FixedDice(), [])
    assert c.attrs[STR] == 0 and not c.dead
    for _ in range(3):
        privation_time(state, False, FixedDice(), [])
    assert not c.dead and left(c, PARCHED) == SHIFT
    privation_time(state, False, FixedDice(), [])
    assert c.dead and state.causes[JORUND] == "thirst"


@pytest.mark.rule("ENV-06")
def test_without_the_thirst_switch_a_day_without_water_deprives_nobody() -> None:
    state = trip(hazard_rules={"thirst": False})
    c = state.people[JORUND]
    assert not hunger.thirst_check(state.party, state.scenario.hazards, c, [])
    assert left(c, DEHYDRATED) is None


@pytest.mark.rule("HEAL-08", "HEAL-09", "HEAL-12", "HEAL-14", "REST-01", "HAZ-HUNGER-03", "HAZ-SLEEP-02")
@pytest.mark.parametrize(
    ("deprive", "rules", "healed"),
    [
        (None, {}, (5, 2)),
        (hunger.starvation_check, {}, (4, 2)),  # starving: damage stays, stress recovers
        (hunger.thirst_check, {}, (4, 1)),  # dehydrated: neither (HEAL-12's default)
        (hunger.thirst_check, {"dehydration_blocks": "damage"}, (4, 2)),
        (sleep.sleep_check, {}, (5, 1)),  # sleep-deprived: stress stays
    ],
)
def test_a_rest_shift_recovers_only_the_tracks_no_deprivation_blocks(deprive, rules, healed) -> None:
    state = trip(hazard_rules=rules)
    c = state.people[JORUND]
    c.attrs[STR], c.attrs[WIT] = 4, 1
    if deprive is hunger.starvation_check:
        deprive(state.party, c, [])
    elif deprive is not None:
        deprive(state.party, state.scenario.hazards, c, [])
    end_of_shift(state, 1, False, {i: Task.REST for i in range(4)}, False, set(), FixedDice(), [])
    assert (c.attrs[STR], c.attrs[WIT]) == healed


@pytest.mark.rule("CRIT-MENT-32-35", "REST-03", "HAZ-SLEEP-01")
def test_nightmares_spoil_the_nights_sleep_on_a_failed_insight_roll() -> None:
    for faces, counted in (([1] * 6, False), ([6] * 6, True)):
        state = trip()
        c = state.people[JORUND]
        c.injuries.append(Injury("mental", 33))
        end_of_shift(state, 3, False, {i: Task.SLEEP for i in range(4)}, False, set(), FixedDice(faces), [])
        assert state.needs[JORUND].slept is counted and (left(c, SLEPT) == 0) is counted


@pytest.mark.rule("HAZ-DISEASE-04", "HAZ-DISEASE-07", "AMB-08")
def test_off_the_move_the_best_healer_makes_the_daily_roll_with_healing_plus_two() -> None:
    for moving, roller, pool in ((False, AMA, 9), (True, JORUND, 6)):  # Jorund: Strength 4 once sick
        state = trip(hazard_rules={"care_cures": True})
        c = state.people[JORUND]
        disease.expose_to_disease(state.party, state.scenario.hazards, c, disease.Disease("fever"), FixedDice([1] * 12), [])
        events: list[Event] = []
        for _ in range(4):
            privation_time(state, moving, FixedDice([6] * pool + [1] * 12), events)
        roll = next(e for e in events if e.kind == "hazard_roll")
        assert roll.actor == roller and len(roll.get("dice")) == pool
        assert not disease.sick(c)  # a won roll cures, by the carer's hand or the patient's


@pytest.mark.rule("HAZ-DISEASE-07")
def test_with_journey_care_off_the_patient_rolls_even_in_camp() -> None:
    state = trip(hazard_rules={"journey_care": "none"})
    c = state.people[JORUND]
    disease.expose_to_disease(state.party, state.scenario.hazards, c, disease.Disease("fever"), FixedDice([1] * 12), [])
    events: list[Event] = []
    for _ in range(4):
        privation_time(state, False, FixedDice([6] * 12), events)
    assert next(e for e in events if e.kind == "hazard_roll").actor == JORUND


@pytest.mark.rule("ENV-06", "HEAL-12", "RATION-04", "TRAVEL-36")
def test_a_party_without_water_dies_of_thirst_and_never_recovers_while_dehydrated() -> None:
    state = trip(party={"food": 40, "water": 0}, travel_rules={"water_free_at_river": False}, max_days=20)
    rng = np.random.default_rng(3)
    seen_damage: dict[int, int] = {}
    while not journey.is_over(state):
        before = {c.id: c.attrs[STR] for c in state.people if hunger.dehydrated(c) and not c.dead}
        journey.apply(state, DayPlan(0, "none", True, -1), rng)
        for i, strength in before.items():
            c = state.people[i]
            seen_damage[i] = strength
            assert c.dead or c.attrs[STR] <= strength  # HEAL-12: no recovery of damage while dehydrated
    assert seen_damage and "thirst" in state.causes.values()
    assert state.day <= 12  # Strength 5 at most: Broken by day 7, dead a day later


@pytest.mark.rule("RATION-04", "ENV-07", "ENV-06")
@pytest.mark.parametrize(("heat", "water_left", "dry"), [("none", 0, 0), ("hot", 1, 2)])
def test_a_heat_wave_doubles_the_water_and_who_goes_short_is_dehydrated_next_morning(heat, water_left, dry) -> None:
    # The marsh trek's three travellers and 3 water rations: 1 each a day, or 2 each in a heat wave
    # (water_per_day_hot), so only the first drinks and 1 ration stays in the stores.
    state = trip("expedition_marsh_trek", heat=heat, party={"food": 9, "water": 3},
                 travel_rules={"water_free_at_river": False})  # fmt: skip
    end_of_shift(state, 2, False, {i: Task.REST for i in range(3)}, False, set(), FixedDice(), [])
    assert state.stores.water == water_left
    for i in range(3):
        privation(state, i, FixedDice(), [])
    assert sum(left(c, DEHYDRATED) == DAY for c in state.people) == dry


@pytest.mark.rule("RATION-02", "RATION-03", "GEAR-09", "ENV-06")
def test_in_supply_mode_a_drink_from_the_water_supply_ends_dehydration_until_it_runs_out() -> None:
    state = trip(party={"food": 3, "water": 2}, travel_rules={"consumables": "supply", "water_free_at_river": False})
    for i in range(4):
        privation(state, i, FixedDice(), [])
    assert all(left(c, DEHYDRATED) == DAY for c in state.people)
    events: list[Event] = []
    # The first eater's rolls: food 6 6 6 (the rating stays 3), water 1 1 (both dice lower it: 0).
    dice = FixedDice([6, 6, 6, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6])
    end_of_shift(state, 2, False, {i: Task.REST for i in range(4)}, False, set(), dice, events)
    rolls = [(e.get("supply"), e.get("rating")) for e in events if e.kind == "supply_roll"]
    assert rolls == [("food", 3), ("water", 0), ("food", 3), ("food", 3), ("food", 3)]
    assert [left(c, DEHYDRATED) for c in state.people] == [None, DAY, DAY, DAY]
    assert [e.target for e in events if e.kind == "quenched"] == [0]
