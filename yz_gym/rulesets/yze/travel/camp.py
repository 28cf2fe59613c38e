"""Camp, rest and sleep (CAMP-01..08, CAMP-MISHAP-1..10, REST-01..05): making camp and its
mishaps, sleeping rough, and natural recovery in rest and sleep shifts.

The cold these bring (a night without a fire, a flooded camp) is hazards/cold.py's."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat.damage import expose_to_fire, take_damage
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards.cold import cold_roll, hypothermic
from yz_gym.rulesets.yze.hazards.options import DEFAULT_HAZARDS, HazardOptions
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.travel.rations import spoil_half, travel_roll
from yz_gym.rulesets.yze.travel.tasks import Needs, Stores

MISHAPS: Final = (
    "",
    "spoiled food",
    "flooding",
    "fire dies",
    "fire!",
    "ants",
    "lice",
    "mosquito swarm",
    "savage animal",
    "lost gear",
    "broken gear",
)  # fmt: skip  CAMP-MISHAP-1..10 by their D10
CAMP_FIRE_INTENSITY: Final = 3  # CAMP-MISHAP-4: a fire of intensity D (pool 3)
SAVAGE_ANIMAL: Final = 8  # CAMP-MISHAP-8: the caller runs the scenario's animal fight, if any (G-22)


def make_camp(
    state: GameState, maker: Combatant, helpers: int, rng: np.random.Generator, events: list[Event]
) -> int:
    """CAMP-01..03: Survival (+ help); on a success a sheltered camp with a fire, on a failure the
    camp is made anyway but a mishap is rolled (D10, returned; 0: none)."""
    roll = travel_roll(state, maker, "Survival", "make camp", rng, events, dice.help_bonus(helpers))
    mishap = 0 if roll.successes > 0 else int(rng.random() * 10.0) + 1
    events.append(Event("camp", maker.id, -1, {"made": True, "mishap": MISHAPS[mishap]}))
    return mishap


def sleep_rough(
    state: GameState, people: list[Combatant], rng: np.random.Generator, events: list[Event]
) -> list[int]:
    """CAMP-06: no camp: each sleeper rolls Survival for a place to sleep; the ids of those who
    failed, who get no sleep."""
    failed = []
    for c in people:
        if travel_roll(state, c, "Survival", "sleep rough", rng, events).successes == 0:
            failed.append(c.id)
    return failed


def camp_mishap(
    state: GameState,
    hazards: HazardOptions,
    mishap: int,
    band: str,
    people: list[Combatant],
    needs: list[Needs],
    stores: Stores,
    rng: np.random.Generator,
    events: list[Event],
) -> tuple[bool, bool]:
    """CAMP-MISHAP-1..10 (struck during the first sleep shift, CAMP-07): what it does to the party;
    returns (the fire still burns, anyone may sleep). `people` and `needs` go together (by index);
    the savage animal (8) is the caller's fight."""
    fire, sleep = True, True
    alive = [i for i, c in enumerate(people) if not c.dead]
    if mishap == 1:
        lost = spoil_half(stores)
        events.append(Event("stores_lost", -1, -1, {"food": lost, "cause": MISHAPS[1]}))
    elif mishap == 2:  # soaked: a cold roll each, no sleep (WEATHER-16: soaked until dried by a fire)
        sleep = False
        for i in alive:
            needs[i].soaked = True
            cold_roll(state, hazards, people[i], 0, rng, events)
    elif mishap == 3:
        fire = False
        if band != "warm":  # CAMP-08: warm weather spares the cold roll
            for i in alive:
                cold_roll(state, hazards, people[i], 0, rng, events)
    elif mishap == 4:
        for i in alive:
            c = people[i]
            expose_to_fire(state, c, CAMP_FIRE_INTENSITY, rng, events)
            if c.burning:  # the others beat the flames out once the fire is past
                c.burning = 0
                events.append(Event("fire_out", -1, c.id))
            if not c.dead and travel_roll(state, c, "Mobility", "save gear", rng, events).successes == 0:
                _lose_item(c, events, "burnt")
    elif mishap in (5, 7):
        if mishap == 5:
            sleep = False
        for i in alive:
            stress = 1 if mishap == 5 else sum(1 for _ in range(2) if dice.d6(rng) == 6)
            if stress:
                take_damage(state, people[i], stress, rng, events, stress=True, crit_allowed=False)
    elif mishap == 6 and alive:
        victim = alive[int(rng.random() * len(alive))]
        needs[victim].lice = True
        take_damage(state, people[victim], 1, rng, events, stress=True, crit_allowed=False)
    elif mishap in (9, 10) and alive:
        loser = people[alive[int(rng.random() * len(alive))]]
        if mishap == 9 or not _mended(state, people, rng, events):
            _lose_item(loser, events, "lost" if mishap == 9 else "broken")
    return fire, sleep


def _mended(state: GameState, people: list[Combatant], rng: np.random.Generator, events: list[Event]) -> bool:
    """CAMP-MISHAP-10, GEAR-03: the party's best crafter tries to repair the broken item."""
    crafters = [c for c in people if not c.dead and not c.out]
    if not crafters:
        return False
    best = max(crafters, key=lambda c: (c.skill("Crafting"), -c.id))
    return travel_roll(state, best, "Crafting", "repair gear", rng, events).successes > 0


def _lose_item(c: Combatant, events: list[Event], how: str) -> None:
    """The character's last carried item is gone (the GM's pick in the table; here the last listed)."""
    if c.items:
        item = c.items.pop()
        events.append(Event("item_lost", -1, c.id, {"item": item, "how": how}))


def rest_shift(
    state: GameState,
    c: Combatant,
    rng: np.random.Generator,
    events: list[Event],
    *,
    safe: bool = True,
    hazard_options: HazardOptions = DEFAULT_HAZARDS,
) -> None:
    """REST-01, HEAL-03/04, HEAL-14: one shift of rest: natural recovery, none while hypothermic
    (HEAL-10), none on a track starvation, sickness, dehydration or lack of sleep blocks (HEAL-08/09,
    HEAL-11/12); stress levels clear in a safe place (PUSH-18, HEAL-15). The crits' heal times count
    in whole days at the daily checks instead (HEAL-17, `heal_crit_days`)."""
    if c.dead:
        return
    events += recover(c, 1, rng, options=state.options, deprived=hypothermic(c), safe=safe,
                      hazard_options=hazard_options, crits=False)  # fmt: skip


def lice_itch(
    state: GameState,
    people: list[Combatant],
    needs: list[Needs],
    until_healed: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """CAMP-MISHAP-6: 1 stress a day to each lousy traveller until a Healing roll by the party's best
    healer ends it; with lice for today only (`until_healed` false) it ends with the day."""
    for i, c in enumerate(people):
        if not needs[i].lice or c.dead:
            continue
        if not until_healed:
            needs[i].lice = False
            continue
        healers = [h for h in people if not h.dead and not h.out]
        healer = max(healers, key=lambda h: (h.skill("Healing"), -h.id)) if healers else None
        if healer is not None and travel_roll(state, healer, "Healing", "lice", rng, events).successes > 0:
            needs[i].lice = False
            continue
        take_damage(state, c, 1, rng, events, stress=True, crit_allowed=False)
