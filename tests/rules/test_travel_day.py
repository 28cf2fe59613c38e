"""One day of an expedition (TRAVEL-36 and the rules that need a journey to show): the shifts in
order, a forced march in the rain, driving all shift, camp mishaps in the first sleep shift, rest
broken by a fight, foraging on the shore, gathering fuel."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import yaml

from tests.helpers import FixedDice
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.moving import driving_budget, marching_budget
from yz_gym.rulesets.yze.travel.shifts import SHIFT_NAMES, end_of_shift, first_sleep, off_tasks
from yz_gym.rulesets.yze.travel.tasks import DayPlan, Task
from yz_gym.rulesets.yze.travel.weather import HEAVY
from yz_gym.scenario.files import SCENARIO_DIR
from yz_gym.scenario.loading import load


def trip(name: str = "expedition_winter_crossing", **changes: Any) -> journey.Expedition:
    """A fresh journey of a bundled expedition without its encounters, with `changes` to the file."""
    data = yaml.safe_load((SCENARIO_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    data["encounters"] = {}
    for key, value in changes.items():
        data[key] = {**data[key], **value} if isinstance(value, dict) and key in data else value
    return journey.new_expedition(load(data).scenario, 0)


@pytest.mark.rule("TRAVEL-36", "TIME-02", "TIME-08", "WEATHER-05", "TRAVEL-38")
def test_a_day_is_four_shifts_in_order_with_the_weather_first_and_the_checks_next_morning() -> None:
    state = trip(party={"food": 8, "water": 8})
    events = journey.apply(state, DayPlan(2, "none", True, 0), np.random.default_rng(4))
    shifts = [e.get("shift") for e in events if e.kind == "shift"]
    assert events[0].kind == "plan" and shifts == list(SHIFT_NAMES) == ["morning", "day", "evening", "night"]
    assert state.day == 2 and sum(1 for e in events if e.kind == "meal") == 4  # one ration each
    assert state.stores.food == 4 and state.stores.water == 4
    rolled = [i for i, e in enumerate(events) if e.kind == "weather"]
    assert all(events[i + 1].kind == "shift" for i in rolled)  # each shift's weather comes before it


@pytest.mark.rule("TRAVEL-07", "TRAVEL-06", "TRAVEL-26")
def test_a_forced_march_in_heavy_rain_calls_for_both_stamina_rolls() -> None:
    state = trip()
    state.weather = HEAVY
    doing = {i: Task.MARCH for i in range(4)}
    events: list[Event] = []
    budget = marching_budget(state, 2, doing, False, FixedDice([6] * 40), events)
    purposes = [e.get("purpose") for e in events if e.kind == "roll"]
    assert purposes.count("forced march") == 4 and purposes.count("march in the rain") == 4
    assert budget == 60  # everyone passed both: a full shift of movement
    failed = marching_budget(state, 2, dict(doing), False, FixedDice([1] * 40), [])
    assert failed == 0  # a forced marcher failed: the group waits


@pytest.mark.rule("TRAVEL-11", "DRIVE-04", "DRIVE-07", "DRIVE-MISHAP-2")
def test_driving_takes_the_whole_shift_and_a_mishap_stops_the_convoy_halfway() -> None:
    state = trip("expedition_convoy_ruins")
    doing = {i: Task.MARCH for i in range(4)}
    assert driving_budget(state, doing, FixedDice([6] * 40), []) == 60  # every driver succeeds
    events: list[Event] = []
    assert driving_budget(state, doing, FixedDice([1] * 40), events) == 30  # every roll fails; 2D6 = 2
    assert [e.get("name") for e in events if e.kind == "mishap"] == ["broken axle", "broken axle"]
    assert driving_budget(state, doing, FixedDice([1] * 40), []) == 0  # the shift goes to repairs


@pytest.mark.rule("CAMP-07", "CAMP-MISHAP-5", "REST-02")
def test_a_camp_mishap_strikes_in_the_first_sleep_shift() -> None:
    state = trip()
    state.mishap = 5  # ants, waiting since the camp roll failed
    doing = {0: Task.WATCH, 1: Task.SLEEP, 2: Task.SLEEP, 3: Task.SLEEP}
    sleepless = first_sleep(state, DayPlan(2), True, doing, FixedDice(), [])
    assert sleepless == {0, 1, 2, 3} and state.mishap == 0
    assert first_sleep(state, DayPlan(2), True, doing, FixedDice(), []) == set()  # it struck once


@pytest.mark.rule("REST-04", "REST-01", "REST-05", "HEAL-04")
def test_a_fight_in_the_shift_breaks_rest_and_sleep() -> None:
    for disturbed, expected in ((False, 1), (True, 2)):  # 1 point a shift of rest (HEAL-04)
        state = trip()
        c = state.people[1]
        c.attrs[0] -= 2
        doing = {i: Task.SLEEP for i in range(4)}
        end_of_shift(state, 3, False, doing, disturbed, set(), FixedDice(), [])
        assert c.attrs[0] == c.max_attrs[0] - expected
        assert state.needs[1].slept is not disturbed


@pytest.mark.rule("FORAGE-06", "FORAGE-03")
def test_foraging_in_a_lake_hex_uses_the_shore_or_zero() -> None:
    for reading, dice_count in (("shore", 5), ("zero", 6)):  # Wits 4 + 2 helping, -1 on the open shore
        state = trip(travel_rules={"forage_on_water": reading})
        state.hex = state.scenario.hexmap.index(9, 4)  # a frozen lake; its east shore is open ground
        doing = {0: Task.FORAGE_FOOD, 1: Task.CAMP, 2: Task.HELP, 3: Task.HELP}
        events: list[Event] = []
        off_tasks(state, DayPlan(0, "forage_food"), 0, doing, False, FixedDice([6] * 20), events)
        roll = next(e for e in events if e.get("purpose") == "forage food")
        assert len(roll.get("dice")) == dice_count


@pytest.mark.rule("FUEL-05", "FUEL-06", "TASK-GATHER")
def test_gathering_fuel_rolls_survival_with_the_forage_modifier_for_five_litres_a_success() -> None:
    state = trip("expedition_convoy_ruins")
    state.hex = state.scenario.hexmap.index(2, 0)  # ruins: forage -2
    doing = {0: Task.GATHER, 1: Task.REST, 2: Task.REST, 3: Task.REST}
    events: list[Event] = []
    before = state.stores.fuel
    off_tasks(state, DayPlan(0, "gather"), 0, doing, False, FixedDice([6] * 6), events)  # top faces
    roll = next(e for e in events if e.get("purpose") == "gather fuel")
    assert roll.get("successes") >= 1 and state.stores.fuel - before == 5 * roll.get("successes")


@pytest.mark.rule("RIDE-01", "RIDE-02", "RIDE-04", "RIDE-06", "TASK-RIDE", "TRAVEL-22", "MOUNT-06")
def test_a_mounted_group_rides_three_hexes_a_shift_in_the_open_and_a_third_shift_needs_a_roll() -> None:
    from yz_gym.rulesets.yze.travel.riding import ride_cost

    state = trip("expedition_dragoon_patrol")
    hexmap = state.scenario.hexmap
    assert state.mounted()
    assert [ride_cost(hexmap, hexmap.index(c, 0), 60, 3, 1) for c in (0, 3)] == [20, 60]  # open, forest
    doing = {0: Task.WATCH, 1: Task.MARCH, 2: Task.MARCH}  # the lookout rides too (RIDE-06)
    events: list[Event] = []
    assert marching_budget(state, 1, doing, False, FixedDice(), events) == 60 and not events  # 2nd: no roll
    vell = state.people[0]
    assert vell.mount is not None and (vell.mount.agility, vell.skill("Mobility")) == (4, 2)
    budget = marching_budget(state, 2, doing, False, FixedDice([6] + [1] * 5 + [6] * 12), events)
    first = next(e for e in events if e.get("purpose") == "third riding shift")
    assert budget == 60 and len(first.get("dice")) == 6  # the horse's Agility 4 + Vell's Mobility 2
    state.shift = 3
    assert not state.mounted()  # RIDE-02: a mount rests a shift a day; the fourth shift is on foot


@pytest.mark.rule("RIDE-05", "RIDE-01")
def test_a_failed_third_ride_lames_the_mount_until_a_day_of_rest() -> None:
    from yz_gym.rulesets.yze.travel.riding import rest_mount

    state = trip("expedition_dragoon_patrol")
    doing = {0: Task.MARCH, 1: Task.MARCH, 2: Task.MARCH}
    events: list[Event] = []
    assert marching_budget(state, 2, doing, False, FixedDice([1] * 6), events) == 0
    assert state.needs[0].lame == 0 and not state.mounted()
    assert [e.get("reason") for e in events if e.kind == "no_progress"] == [
        "a mount went lame; the group stops"
    ]
    assert not rest_mount(state.needs[0], True, 1) and state.needs[0].lame == 0  # led along: no rest
    assert rest_mount(state.needs[0], False, 1) and state.needs[0].lame == -1 and state.mounted()
