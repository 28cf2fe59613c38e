"""Food and water as supply ratings (RATION-02, RATION-03, GEAR-09): travel/supplies.py."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice
from tests.rules.test_travel_day import trip
from yz_gym.rulesets.yze.travel import supplies
from yz_gym.rulesets.yze.travel.shifts import end_of_shift
from yz_gym.rulesets.yze.travel.tasks import Needs, Stores, Task


@pytest.mark.rule("RATION-02", "GEAR-09")
@pytest.mark.parametrize(("rating", "faces", "left"), [(3, [1, 4, 1], 1), (8, [1, 1, 1, 2, 3, 6], 5), (1, [1], 0)])
def test_a_supply_roll_is_a_d6_a_point_at_most_six_and_each_one_costs_a_point(rating, faces, left):
    events: list = []
    assert supplies.supply_roll(rating, "food", 0, FixedDice([*faces, 1, 1, 1]), events) == left
    assert events[0].get("faces") == faces  # min(rating, 6) dice: the extra 1s scripted are never rolled


@pytest.mark.rule("RATION-03", "RATION-02", "RATION-01", "RATION-04")
def test_each_eater_rolls_for_food_and_for_water_once_a_day():
    stores, needs = Stores(food=4, water=2), Needs()
    events: list = []
    supplies.eat(stores, needs, 1, 3, FixedDice([1, 6, 6, 6, 6, 1]), events)
    assert needs.ate and needs.drank and (stores.food, stores.water) == (3, 1)
    assert [(e.get("supply"), e.actor) for e in events] == [("food", 3), ("water", 3)]
    supplies.eat(stores, needs, 1, 3, FixedDice([1] * 10), events)
    assert len(events) == 2  # fed and watered today: no second roll


@pytest.mark.rule("RATION-02")
def test_a_spent_supply_falls_back_on_the_food_found_on_the_way():
    stores, needs = Stores(food=0, raw_plants=2), Needs()
    virulence = supplies.eat(stores, needs, 1, 0, FixedDice(), [])
    assert needs.ate and stores.raw_plants == 1 and virulence == 3  # raw plants: food poisoning 3 (RATION-06)


@pytest.mark.rule("RATION-02", "RATION-03", "TRAVEL-38")
def test_the_supply_mode_is_a_switch_of_the_journey():
    for mode, rolls in (("count", 0), ("supply", 8)):
        state = trip(party={"food": 5, "water": 5}, travel_rules={"consumables": mode})
        events: list = []
        doing = {i: Task.SLEEP for i in range(4)}
        end_of_shift(state, 2, False, doing, False, set(), np.random.default_rng(1), events)
        assert sum(1 for e in events if e.kind == "supply_roll") == rolls  # 4 eaters x (food, water)
        if mode == "count":
            assert (state.stores.food, state.stores.water) == (1, 1)
