"""Mounts' food and water on a journey (RATION-05, PROPOSED): travel/animals.py and its hooks."""

from __future__ import annotations

import numpy as np
import pytest

from tests.rules.test_travel_day import trip
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.mounts.mount import Mount
from yz_gym.rulesets.yze.travel import animals
from yz_gym.rulesets.yze.travel.tasks import Needs, Stores


def horse(strength: int = 3) -> Mount:
    return Mount("Bay", strength, strength, 4)


@pytest.mark.rule("RATION-05")
def test_a_mount_grazes_where_forage_is_minus_one_or_better_and_not_in_winter():
    assert animals.can_graze(-1, "summer", True) and animals.can_graze(1, "autumn", True)
    assert not animals.can_graze(-2, "summer", True)  # mountains, ruins
    assert not animals.can_graze(1, "winter", True)
    assert not animals.can_graze(1, "summer", False)


@pytest.mark.rule("RATION-05")
def test_a_mount_that_cannot_graze_eats_two_rations_of_fodder_and_drinks_two_water_rations():
    stores, needs = Stores(food=5, water=5), Needs()
    animals.feed_mount(stores, needs, False, 2, 2, False)
    assert (stores.food, stores.water) == (3, 3) and needs.mount_ate and needs.mount_drank
    animals.feed_mount(stores, needs, False, 2, 2, False)
    assert (stores.food, stores.water) == (3, 3)  # once a day
    stores, needs = Stores(food=1, water=5), Needs()
    animals.feed_mount(stores, needs, False, 2, 2, True)  # one ration is not a meal; the river waters it
    assert (stores.food, stores.water) == (1, 5) and not needs.mount_ate and needs.mount_drank


@pytest.mark.rule("RATION-05", "ENV-06", "HAZ-HUNGER-04", "MOUNT-14", "HEAL-20")
def test_going_without_costs_the_mount_strength_by_the_hunger_and_thirst_rules():
    mount, needs = horse(3), Needs()
    events: list = []
    animals.mount_day(0, mount, needs, events)  # a first dry, hungry day: dehydrated, no damage
    assert mount.strength == 3 and needs.mount_dry == 1
    animals.mount_day(0, mount, needs, events)  # a second dry day: 1
    assert mount.strength == 2
    needs.mount_drank = True
    for _ in range(5):  # watered every day; the seventh day without food costs 1
        animals.mount_day(0, mount, needs, events)
        needs.mount_drank = True
    assert mount.strength == 1 and needs.mount_hungry == 7
    needs.mount_drank = False
    animals.mount_day(0, mount, needs, [])
    animals.mount_day(0, mount, needs, events)
    assert mount.strength == 0 and mount.dead and events[-1].kind == "mount_died"


@pytest.mark.rule("RATION-05", "ENV-06", "HAZ-HUNGER-04")
def test_a_mounts_thirst_obeys_the_thirst_switches_and_its_hunger_still_counts():
    off, needs = horse(3), Needs()
    for _ in range(7):  # a week without food or water, thirst off: only the week's hunger damage
        animals.mount_day(0, off, needs, [], HazardOptions(thirst=False))
    assert off.strength == 2 and needs.mount_dry == 0 and needs.mount_hungry == 7
    harsh, needs = horse(5), Needs()
    for _ in range(3):  # three dry days, fed: dehydration_damage 2 on the second and the third
        needs.mount_ate = True
        animals.mount_day(0, harsh, needs, [], HazardOptions(dehydration_damage=2))
    assert harsh.strength == 1 and needs.mount_dry == 3


@pytest.mark.rule("RATION-05", "TRAVEL-38")
def test_the_patrols_horses_drink_and_eat_from_the_party_at_the_evening_meal():
    from yz_gym.rulesets.yze.travel.shifts import end_of_shift
    from yz_gym.rulesets.yze.travel.tasks import Task

    for eat, water_used in ((True, 3 + 3 * 2), (False, 3)):
        state = trip("expedition_dragoon_patrol", party={"food": 20, "water": 20},
                     travel_rules={"animals_eat": eat, "water_free_at_river": False})
        riders = sum(1 for c in state.people if c.mount is not None)
        assert riders == 3
        end_of_shift(state, 2, False, {i: Task.SLEEP for i in range(3)}, False, set(), np.random.default_rng(0), [])
        assert 20 - state.stores.water == water_used
