"""Consumables kept as supply ratings (RATION-02 `supply`, RATION-03, GEAR-09): no rations are
counted; the party's food and water are each a rating, and every traveller who eats or drinks from
one makes a supply roll for it once a day: a D6 for each point of the rating (at most 6), and each 1
lowers the rating by 1. At 0 the supply has run out. Food found on the way (raw or cooked) is still
counted, and eaten when the supply is gone (rations.eat)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.travel import rations
from yz_gym.rulesets.yze.travel.tasks import Needs, Stores

MAX_SUPPLY_DICE: Final = 6  # GEAR-09: at most six dice


def supply_roll(rating: int, kind: str, who: int, rng: np.random.Generator, events: list[Event]) -> int:
    """GEAR-09: roll as many D6 as the rating (at most 6); each 1 lowers it by 1. The new rating."""
    faces = [dice.d6(rng) for _ in range(min(rating, MAX_SUPPLY_DICE))]
    left = max(0, rating - faces.count(1))
    events.append(Event("supply_roll", who, -1, {"supply": kind, "faces": faces, "rating": left}))
    return left


def eat(
    stores: Stores, needs: Needs, water_per_day: int, who: int, rng: np.random.Generator, events: list[Event]
) -> int:
    """RATION-02/03: the day's food from the food supply and water from the water supply, each with
    the eater's supply roll; without supply left, counted food found on the way (rations.eat).
    Returns the virulence of the food poisoning the meal risks (0: none)."""
    if not needs.ate and stores.food > 0:
        needs.ate = True
        stores.food = supply_roll(stores.food, "food", who, rng, events)
    if not needs.drank and water_per_day > 0 and stores.water > 0:
        needs.drank = True
        stores.water = supply_roll(stores.water, "water", who, rng, events)
    return rations.eat(stores, needs, water_per_day)
