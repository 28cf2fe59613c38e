"""Food and water on the road (RATION-01..07, FORAGE-01..06, HUNT-01..09, FISH-01..04, COOK-01..04):
foraging, hunting with its table and its one shot, fishing, cooking, and the daily meal.

Every roll is one character's, with the helpers' bonus (TRAVEL-25, HELP-01) and the repeats
penalty of the hex (FORAGE-05, HUNT-06, FISH-04) as modifiers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.dice import Roll
from yz_gym.rulesets.yze.rolls import roll_data, rules_pool
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.travel.tasks import Needs, Stores

PLANT_VIRULENCE: Final = 3  # RATION-06: raw or badly cooked plants (D)
MEAT_VIRULENCE: Final = 6  # RATION-06: raw or badly cooked meat or fish (C)
RANGE_MODIFIERS: Final = {"short": 0, "medium": -1, "long": -2}  # RMOD: the hunting shot's range (HUNT-07)


@dataclass(frozen=True, slots=True)
class Animal:
    """A row of the hunting table (HUNT-TABLE-1..6): Health, trappable, and its rations as dice."""

    name: str
    health: int
    trappable: bool
    d3: int  # rations: this many D3
    d6: int  # and this many D6
    times: int  # all multiplied by this


HUNTING_TABLE: Final = (
    Animal("grouse", 1, False, 0, 0, 1),  # HUNT-TABLE-1: 1 ration (see rations_of)
    Animal("rabbit", 1, True, 0, 0, 1),  # HUNT-TABLE-2: 1
    Animal("fox", 1, True, 1, 0, 1),  # HUNT-TABLE-3: D3
    Animal("deer", 2, False, 0, 2, 1),  # HUNT-TABLE-4: 2D6
    Animal("boar", 3, False, 0, 2, 2),  # HUNT-TABLE-5: 2D6 x 2
    Animal("moose", 5, False, 0, 2, 4),  # HUNT-TABLE-6: 2D6 x 4
)


def travel_roll(
    state: GameState,
    c: Combatant,
    skill: str,
    purpose: str,
    rng: np.random.Generator,
    events: list[Event],
    modifier: int = 0,
    gear: int = 0,
) -> Roll:
    """One travel roll (no zone: the roller's injuries and conditions count, MOD-01..10), logged."""
    roll = dice.roll(rules_pool(state.options, c, skill, gear, modifier), rng)
    events.append(Event("roll", c.id, -1, {"skill": skill, "purpose": purpose, **roll_data(roll)}))
    return roll


def forage(
    state: GameState,
    c: Combatant,
    water: bool,
    terrain_mod: int,
    repeats: int,
    helpers: int,
    stores: Stores,
    rng: np.random.Generator,
    events: list[Event],
    water_per_success: int = 1,
) -> int:
    """FORAGE-01..05: Survival with the terrain's forage modifier, -1 for each earlier forage of
    the hex (FORAGE-05), + help; each success is one raw plant ration (FORAGE-02) or
    `water_per_success` water rations (FORAGE-03). Returns the rations found."""
    modifier = terrain_mod - repeats + dice.help_bonus(helpers)
    roll = travel_roll(
        state, c, "Survival", "forage water" if water else "forage food", rng, events, modifier
    )
    found = roll.successes * (water_per_success if water else 1)
    if water:
        stores.water += found
    else:
        stores.raw_plants += found
    events.append(Event("provisions", c.id, -1, {"task": "forage", "kind": "water" if water else "plants",
                                                  "gained": found}))  # fmt: skip
    return found


def rations_of(animal: Animal, rng: np.random.Generator) -> int:
    """HUNT-TABLE: the animal's cooked rations (1, D3, 2D6, 2D6 x 2, 2D6 x 4; TRAVEL-37)."""
    if animal.d3 == 0 and animal.d6 == 0:
        return animal.times
    total = sum(dice.d3(rng) for _ in range(animal.d3)) + sum(dice.d6(rng) for _ in range(animal.d6))
    return total * animal.times


def best_weapon(state: GameState, c: Combatant) -> int:
    """The index of the hunter's best ranged weapon (highest damage, then bonus), -1 if none; a
    broken one (gear bonus below 0, GEAR-01) does not count."""
    best, score = -1, (-1, -1)
    for i, w in enumerate(c.weapons):
        profile = state.setup.weapons.get(w.name)
        if profile is None or not profile.ranged or w.bonus < 0:
            continue
        here = (profile.damage, w.bonus)
        if here > score:
            best, score = i, here
    return best


def hunt(
    state: GameState,
    c: Combatant,
    terrain_mod: int,
    repeats: int,
    helpers: int,
    snare: bool,
    shot_range: str,
    stores: Stores,
    rng: np.random.Generator,
    events: list[Event],
) -> int:
    """HUNT-01..09: Survival with the terrain's hunt modifier, -1 per earlier hunt of the hex, +
    help; each success tracks one animal (HUNT-TABLE) and the hunter goes after the one with the
    most Health that it can take: a trappable animal with a snare is trapped on a second Survival
    roll (HUNT-03, HUNT-08), else Observation to get close and one ranged shot at `shot_range`
    (HUNT-02, HUNT-07) that kills if its damage reaches the animal's Health. The meat is raw
    (HUNT-04). Returns the rations gained."""
    roll = travel_roll(
        state, c, "Survival", "track game", rng, events, terrain_mod - repeats + dice.help_bonus(helpers)
    )
    weapon = best_weapon(state, c)
    tracked = [HUNTING_TABLE[dice.d6(rng) - 1] for _ in range(roll.successes)]
    takeable = [a for a in tracked if (a.trappable and snare) or weapon >= 0]
    if not takeable:
        events.append(Event("provisions", c.id, -1, {"task": "hunt", "kind": "none", "gained": 0}))
        return 0
    animal = max(takeable, key=lambda a: (a.health, a.times, a.d6))
    if animal.trappable and snare:
        caught = travel_roll(state, c, "Survival", "trap", rng, events).successes > 0  # HUNT-03
    else:
        caught = _shot(state, c, weapon, animal, shot_range, rng, events)
    gained = rations_of(animal, rng) if caught else 0
    stores.raw_meat += gained
    events.append(Event("provisions", c.id, -1, {"task": "hunt", "kind": animal.name, "gained": gained}))
    return gained


def _shot(
    state: GameState,
    c: Combatant,
    weapon: int,
    animal: Animal,
    shot_range: str,
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """HUNT-02, HUNT-07: Observation to get into position (a failure: the animal flees), then one
    ranged attack; the damage (the weapon's, +1 per extra success, ATK-03) kills at the animal's
    Health or more. The animal has no armor."""
    if travel_roll(state, c, "Observation", "stalk", rng, events).successes == 0:
        return False
    carried = c.weapons[weapon]
    profile = state.setup.weapons[carried.name]
    shot = travel_roll(state, c, profile.skill if profile.skill != "Melee" else "Marksmanship", "hunting shot", rng,
                       events, RANGE_MODIFIERS[shot_range], carried.bonus)  # fmt: skip
    if shot.successes == 0:
        return False
    return profile.damage + shot.successes - 1 >= animal.health


def fish(
    state: GameState,
    c: Combatant,
    repeats: int,
    helpers: int,
    gear_bonus: int,
    stores: Stores,
    rng: np.random.Generator,
    events: list[Event],
) -> int:
    """FISH-01..04: Survival with fishing gear, -1 per earlier fishing of the hex today, + help; each
    success is one (raw) ration. Returns the rations caught."""
    roll = travel_roll(
        state, c, "Survival", "fish", rng, events, dice.help_bonus(helpers) - repeats, gear_bonus
    )
    stores.raw_meat += roll.successes
    events.append(Event("provisions", c.id, -1, {"task": "fish", "kind": "fish", "gained": roll.successes}))
    return roll.successes


def cook(
    state: GameState, c: Combatant, batch: int, stores: Stores, rng: np.random.Generator, events: list[Event]
) -> int:
    """COOK-01..04: by a fire, up to `batch` raw rations (meat first) become food: safe on a
    Survival success, badly cooked on a failure (COOK-02). Returns the rations cooked."""
    meat = min(stores.raw_meat, batch)
    plants = min(stores.raw_plants, batch - meat)
    if meat + plants == 0:
        return 0
    safe = travel_roll(state, c, "Survival", "cook", rng, events).successes > 0
    stores.raw_meat -= meat
    stores.raw_plants -= plants
    if safe:
        stores.food += meat + plants
    else:
        stores.risky_meat += meat
        stores.risky_plants += plants
    events.append(Event("provisions", c.id, -1, {"task": "cook", "kind": "safe" if safe else "badly cooked",
                                                  "gained": meat + plants}))  # fmt: skip
    return meat + plants


def eat(stores: Stores, needs: Needs, water_per_day: int) -> int:
    """RATION-01, RATION-04, RATION-06: one food ration, the safest there is (safe, badly cooked
    plants, badly cooked meat, raw plants, raw meat), and the day's water. Returns the virulence of
    the food poisoning the meal risks (0: none); a risky meal is also kept in `needs.exposures`."""
    virulence = 0
    if not needs.ate:
        if stores.food > 0:
            stores.food -= 1
            needs.ate = True
        elif stores.risky_plants + stores.raw_plants > 0:
            if stores.risky_plants > 0:
                stores.risky_plants -= 1
            else:
                stores.raw_plants -= 1
            needs.ate, virulence = True, PLANT_VIRULENCE
        elif stores.risky_meat + stores.raw_meat > 0:
            if stores.risky_meat > 0:
                stores.risky_meat -= 1
            else:
                stores.raw_meat -= 1
            needs.ate, virulence = True, MEAT_VIRULENCE
    if not needs.drank and stores.water >= water_per_day:
        stores.water -= water_per_day
        needs.drank = True
    if virulence:
        needs.exposures.append(virulence)
    return virulence


def spoil_half(stores: Stores) -> int:
    """CAMP-MISHAP-1: half of each stack of food rots, rounded down kept (S2). Returns the rations lost."""
    before = stores.edible
    stores.food -= stores.food - stores.food // 2
    stores.raw_plants -= stores.raw_plants - stores.raw_plants // 2
    stores.raw_meat -= stores.raw_meat - stores.raw_meat // 2
    stores.risky_plants -= stores.risky_plants - stores.risky_plants // 2
    stores.risky_meat -= stores.risky_meat - stores.risky_meat // 2
    return before - stores.edible
