"""One day of the journey, shift by shift, in the suggested order of play (TRAVEL-36): daily checks
at the morning (TIME-08), weather, tasks, the encounter check, movement hex by hex, the other
tasks, the cold, the long clock of hunger, thirst, sleep and disease (`privation_time`), then rest,
sleep and the meal; and each morning the daily checks of the day just ended (`privation`)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.clock import TimeUnit
from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.recovery import heal_crit_days, recover
from yz_gym.rulesets.yze.hazards import disease, hunger, sleep
from yz_gym.rulesets.yze.hazards.cold import cold_time, warm_up
from yz_gym.rulesets.yze.state import STR, Combatant
from yz_gym.rulesets.yze.travel import animals, rations, supplies
from yz_gym.rulesets.yze.travel import camp as camping
from yz_gym.rulesets.yze.travel.driving import gathered_fuel
from yz_gym.rulesets.yze.travel.expedition import Expedition
from yz_gym.rulesets.yze.travel.exploring import no_rest
from yz_gym.rulesets.yze.travel.heatwave import heat_shift, water_need
from yz_gym.rulesets.yze.travel.hexmap import shore_forage
from yz_gym.rulesets.yze.travel.moving import encounter_check, move_shift
from yz_gym.rulesets.yze.travel.riding import PERSON_CARRY, QUARTERS, pack_limit, rest_mount, shed_load
from yz_gym.rulesets.yze.travel.tasks import DayPlan, Task, check_tasks, day_tasks
from yz_gym.rulesets.yze.travel.weather import SNOW_BANDS, cold_band_in, next_weather, storm_due, weather_word

SHIFT_NAMES: Final = ("morning", "day", "evening", "night")  # TIME-02
FOOD_POISONING: Final = "food poisoning"  # RATION-06/07: the disease a risky meal may bring
WITNESS: Final = "injuries"  # a friend's death the others witness (STRESS-06) may break one into a deadly crit
_MISHAP_CAUSES: Final = {2: "cold", 3: "cold", 4: "fire"}  # CAMP-MISHAP-2/3 (a cold roll each), 4 (a fire)
_TASK_KEY: Final = {Task.FORAGE_FOOD: 1, Task.FORAGE_WATER: 2, Task.HUNT: 3, Task.FISH: 4}


def privation(state: Expedition, i: int, rng: np.random.Generator, events: list[Event]) -> None:
    """TIME-08, TRAVEL-36 step 1: traveller `i`'s daily checks for the day just ended: food
    (HAZ-HUNGER-02), water (ENV-06) and sleep (HAZ-SLEEP-02, a collapse if Broken by stress), then
    an infection roll for each risky meal eaten (RATION-06/07, COOK-02: food poisoning is a disease
    of the meal's virulence). The days in a row without each are counted for the board."""
    party, hazards = state.party, state.scenario.hazards
    c, needs = state.people[i], state.needs[i]
    hungry = hunger.starvation_check(party, c, events)
    thirsty = hunger.thirst_check(party, hazards, c, events)
    sleepless = sleep.sleep_check(party, hazards, c, events)
    needs.hungry_days = needs.hungry_days + 1 if hungry else 0
    needs.thirsty_days = needs.thirsty_days + 1 if thirsty else 0
    needs.sleepless_days = needs.sleepless_days + 1 if sleepless else 0
    if not (needs.ate and needs.drank and needs.slept) or needs.exposures:
        events.append(Event("went_without", -1, c.id, {
            "food": not needs.ate, "water": not needs.drank, "sleep": not needs.slept,
            "days": max(needs.hungry_days, needs.thirsty_days, needs.sleepless_days),
            "risky_meals": list(needs.exposures),
        }))  # fmt: skip
    for virulence in needs.exposures:
        disease.expose_to_disease(party, hazards, c, disease.Disease(FOOD_POISONING, virulence), rng, events)
    needs.exposures.clear()
    _died_of(state, i, "disease")
    _died_of_all(state, WITNESS)


def privation_time(state: Expedition, moving: bool, rng: np.random.Generator, events: list[Event]) -> None:
    """TRAVEL-36 step 7: a shift of the long clock for each traveller: starvation and dehydration
    (their damage and their countdown to death, HAZ-HUNGER-04/05, ENV-06), a collapse running out
    (HAZ-SLEEP-03/04), and sickness (HAZ-DISEASE-04/05) with the party's best healer caring for the
    sick while the party is off the move (HAZ-DISEASE-07; `journey_care`)."""
    party, hazards = state.party, state.scenario.hazards
    rounds = party.options.clock.rounds(TimeUnit.SHIFT)
    people = state.people
    for i, c in enumerate(people):
        if c.dead:
            continue
        hunger.hunger_time(party, c, rounds, rng, events)
        _died_of(state, i, "hunger")
        hunger.thirst_time(party, hazards, c, rounds, rng, events)
        _died_of(state, i, "thirst")
        sleep.sleep_time(party, hazards, c, rounds, events)
        if disease.sick(c):
            carer = _carer(state, i, moving) if hazards.journey_care == "off_the_move" else None
            disease.disease_time(party, hazards, c, rounds, rng, events, carer=carer)
            _died_of(state, i, "disease")
        _died_of_all(state, WITNESS)


def _carer(state: Expedition, patient: int, moving: bool) -> Combatant | None:
    """Who cares for a sick traveller this shift: off the move, the best at Healing of the others
    who can act; nobody on the move."""
    if moving:
        return None
    people = state.people
    best = _best(people, [i for i in state.able() if i != patient], "Healing")
    return people[best] if best >= 0 else None


def _died_of(state: Expedition, i: int, cause: str) -> None:
    """Record what killed traveller `i`, if they just died."""
    if state.people[i].dead and i not in state.causes:
        state.causes[i] = cause


def _died_of_all(state: Expedition, cause: str) -> None:
    """Record `cause` for every traveller who just died."""
    causes = state.causes
    for c in state.party.combatants:
        if c.dead and c.id not in causes:
            causes[c.id] = cause


def play_day(state: Expedition, plan: DayPlan, rng: np.random.Generator, events: list[Event]) -> None:
    """The day's four shifts by `plan`, then the next morning's checks, or the journey's end."""
    s = state.scenario
    able = state.able()
    people = state.people
    workers = [i for i in able if i != plan.lookout] or able  # the night lookout sleeps in the evening
    provider = _provider(state, plan, workers)
    camper = _best(people, [i for i in workers if i != provider] or workers, "Survival")
    cook = _best(people, [i for i in workers if i not in (provider, camper)] or workers, "Survival")
    driver = _best(people, able, "Mobility") if state.riding() else -1
    tasks = day_tasks(plan, able, provider, camper, cook, driver)
    for shift, shift_tasks in enumerate(tasks):
        problem = check_tasks(shift_tasks, shift < plan.moves)  # TRAVEL-03/24: a plan never breaks them
        if problem:
            raise ValueError(f"{plan}: shift {shift}: {problem}")
    state.fire = False
    camp_made = False
    sleepless: set[int] = set()
    for shift in range(4):
        if is_done(state):
            return
        state.shift = shift
        _weather(state, shift, rng, events)
        doing = {i: tasks[shift][k] for k, i in enumerate(able) if not people[i].dead}
        moving = shift < plan.moves
        events.append(Event("shift", -1, -1, {"day": state.day, "shift": SHIFT_NAMES[shift],
                                              "weather": weather_word(state.weather, s.band)}))  # fmt: skip
        disturbed = False
        if moving:
            led = not state.mounted()  # RIDE-03: the mounts are led on foot this shift
            disturbed = move_shift(state, plan, shift, doing, rng, events)
            _loads(state, led, events)
            for i in doing:
                state.needs[i].moved += 1
            _died_of_all(state, "accident")  # a crash (DRIVE-06); a fight's dead have their cause already
        else:
            disturbed = encounter_check(state, plan, doing, state.fire, False, rng, events)
            camp_made = off_tasks(state, plan, shift, doing, camp_made, rng, events)
        if is_done(state):
            return
        if Task.SLEEP in doing.values():
            sleepless |= first_sleep(state, plan, camp_made, doing, rng, events)
        _cold(state, moving, doing, rng, events)
        heat_shift(state, moving, doing, rng, events)  # ENV-07
        privation_time(state, moving, rng, events)
        end_of_shift(state, shift, moving, doing, disturbed, sleepless, rng, events)
        _check_party(state)
    if not is_done(state):
        _next_morning(state, rng, events)


def _loads(state: Expedition, led: bool, events: list[Event]) -> None:
    """RIDE-03 (`mount_loads: stores`): after a shift on the move, a party with mounts keeps only the
    stores its travellers and animals carry."""
    if state.scenario.travel.mount_loads == "none" or state.riding():
        return
    people = state.people
    if not any(c.mount is not None for c in people):
        return
    capacity = 0
    for i, c in enumerate(people):
        if c.dead:
            continue
        if not c.out:
            capacity += PERSON_CARRY * c.max_attrs[STR]  # GEAR-07
        if c.mount is not None:
            capacity += pack_limit(c.mount, led, state.needs[i].lame >= 0)
    shed_load(state.stores, QUARTERS * capacity, events)


def is_done(state: Expedition) -> bool:
    """Has the journey ended?"""
    return state.termination != Termination.NONE


def _best(people: list[Combatant], among: list[int], skill: str) -> int:
    """The traveller best at `skill` (ties to the first), -1 if nobody."""
    best, level = -1, -1
    for i in among:
        here = people[i].skill(skill)
        if here > level:
            best, level = i, here
    return best


def _provider(state: Expedition, plan: DayPlan, among: list[int]) -> int:
    """Who provisions: the best at Survival, among those with a ranged weapon for a hunt (HUNT-02)."""
    if plan.provision == "hunt":
        armed = [i for i in among if rations.best_weapon(state.party, state.people[i]) >= 0]
        if armed:
            return _best(state.people, armed, "Survival")
    return _best(state.people, among, "Survival")


def _weather(state: Expedition, shift: int, rng: np.random.Generator, events: list[Event]) -> None:
    """WEATHER-05..08: a roll at the start of every shift but the journey's first."""
    if state.day == 1 and shift == 0:
        return
    before = state.weather
    state.weather, die = next_weather(state.weather, rng, state.scenario.travel.heavy_rain_ends_without_roll)
    state.weather = storm_due(state.scenario.storms, state.scenario.travel.storms, state.day, shift, state.weather)
    if state.weather != before:
        events.append(
            Event(
                "weather", -1, -1, {"die": die, "weather": weather_word(state.weather, state.scenario.band)}
            )
        )


def off_tasks(
    state: Expedition,
    plan: DayPlan,
    shift: int,
    doing: dict[int, Task],
    camp_made: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """TRAVEL-36 step 6 off the move: provisioning (with helpers, TRAVEL-25), making camp, cooking by
    the fire (COOK-01). Returns whether a camp stands."""
    s, party, people = state.scenario, state.party, state.people
    helpers = min(3, sum(1 for t in doing.values() if t == Task.HELP))  # TRAVEL-25, HELP-01
    camp_helpers = (
        0 if any(t in _TASK_KEY or t == Task.GATHER for t in doing.values()) else helpers
    )  # one roll each
    hexmap, here = s.hexmap, state.hex
    for i, task in doing.items():
        c = people[i]
        if c.out:
            continue
        if task in _TASK_KEY:
            key = here * 8 + _TASK_KEY[task]
            tries = state.forage.get(key, 0)
            state.forage[key] = tries + 1
            row = hexmap.row(here)
            if task == Task.FORAGE_FOOD:
                mod = row.forage
                if hexmap.terrain[here] == "water":  # FORAGE-06
                    mod = shore_forage(hexmap, here) if s.travel.forage_on_water == "shore" else 0
                rations.forage(party, c, False, mod, tries, helpers, state.stores, rng, events)
            elif task == Task.FORAGE_WATER:
                rations.forage(party, c, True, row.forage, tries, helpers, state.stores, rng, events,
                               s.travel.forage_water_per_success)  # fmt: skip
            elif task == Task.HUNT:
                rations.hunt(party, c, row.hunt, tries, helpers, s.snare, s.travel.hunt_shot_range,
                             state.stores, rng, events)  # fmt: skip
            else:
                rations.fish(party, c, tries, helpers, s.travel.fishing_gear_bonus, state.stores, rng, events)
        elif task == Task.GATHER:
            roll = rations.travel_roll(
                party, c, "Survival", "gather fuel", rng, events, hexmap.row(here).forage
            )
            gained = gathered_fuel(roll.successes, s.travel.gather_litres_per_success, s.travel.fuel_mode)
            state.stores.fuel += gained  # FUEL-06, FUEL-07
            events.append(Event("provisions", c.id, -1, {"task": "gather", "kind": "fuel", "gained": gained}))
        elif task == Task.CAMP and not camp_made:
            state.mishap = camping.make_camp(party, c, camp_helpers, rng, events)
            camp_made, state.fire = True, True
    for i, task in doing.items():
        if task == Task.COOK and state.fire and not people[i].out:
            rations.cook(party, people[i], s.travel.cook_batch, state.stores, rng, events)
    return camp_made


def first_sleep(
    state: Expedition,
    plan: DayPlan,
    camp_made: bool,
    doing: dict[int, Task],
    rng: np.random.Generator,
    events: list[Event],
) -> set[int]:
    """The first sleep shift of the day: a waiting camp mishap strikes (CAMP-07), or, without a
    camp, each sleeper rolls for a place (CAMP-06). Returns who gets no sleep today."""
    if any(state.needs[i].slept for i in doing):
        return set()
    people = state.people
    sleepers = [people[i] for i, t in doing.items() if t == Task.SLEEP and not people[i].dead]
    if not camp_made:
        return set(camping.sleep_rough(state.party, sleepers, rng, events))
    if not state.mishap:
        return set()
    mishap, state.mishap = state.mishap, 0
    s = state.scenario
    fire, sleep = camping.camp_mishap(state.party, s.hazards, mishap, s.band, people, state.needs, state.stores,
                                      rng, events)  # fmt: skip
    _died_of_all(state, _MISHAP_CAUSES.get(mishap, "camp mishap"))
    state.fire = state.fire and fire
    if mishap == camping.SAVAGE_ANIMAL and s.savage_animal is not None:
        from yz_gym.rulesets.yze.travel.moving import fight

        fight(state, s.savage_animal, "short", False, -1, rng, events)
        sleep = False  # REST-04: the fight breaks the sleep
    return set() if sleep else {c.id for c in people}


def _cold(
    state: Expedition, moving: bool, doing: dict[int, Task], rng: np.random.Generator, events: list[Event]
) -> None:
    """WEATHER-16, HAZ-COLD-01..07: a campfire warms (and dries) everyone off the move; otherwise a
    traveller is exposed in the cold bands without winter clothing, when sleeping without a fire,
    or while soaked; exposed, they roll at the band's interval (hazards/cold.py)."""
    s = state.scenario
    rounds = state.party.options.clock.rounds(TimeUnit.SHIFT)
    for i, c in enumerate(state.people):
        if c.dead:
            continue
        needs = state.needs[i]
        if not moving and state.fire:
            needs.soaked = False
            warm_up(c, events)
            continue
        exposed = (s.band in SNOW_BANDS and c.name not in s.winter_clothing) or needs.soaked
        if s.band != "warm" and doing.get(i) == Task.SLEEP:
            exposed = True  # CAMP-04: sleeping a shift without a fire or other heat
        blankets = 1 if c.name in s.blankets else 0
        before = c.dead
        cold_time(state.party, s.hazards, c, cold_band_in(state.weather, s.band), rounds, rng, events, exposed=exposed, blankets=blankets)
        if c.dead and not before:
            state.causes[i] = "cold"
        _died_of_all(state, WITNESS)


def end_of_shift(
    state: Expedition,
    shift: int,
    moving: bool,
    doing: dict[int, Task],
    disturbed: bool,
    sleepless: set[int],
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """TRAVEL-36 step 8: natural recovery for those who rested or slept undisturbed (REST-01..05;
    passengers rest in a moving vehicle) and did not explore for over half the shift (TRAVEL-34),
    the time of lethal crits for everyone else, who slept, and the daily meal (TRAVEL-38)."""
    s = state.scenario
    riding = state.riding()
    explored = no_rest(state.explored_now, state.party.options.clock.stretches_per_shift)  # TRAVEL-34
    state.explored_now = 0
    for i, c in enumerate(state.people):
        if c.dead:
            continue
        task = doing.get(i, Task.REST)  # the Broken are carried and rest
        busy = disturbed or (explored and not c.out)  # the able explored with the others
        slept = task == Task.SLEEP and i not in sleepless and not busy
        if slept and not state.needs[i].slept:  # HAZ-SLEEP-01, REST-02; a crit may spoil it (REST-03)
            state.needs[i].slept = sleep.sleep_shift(state.party, c, rng, events, dark=s.travel.dark(shift))
        rests = not busy and (task == Task.REST or (slept and s.travel.sleep_counts_as_rest)
                              or (task == Task.MARCH and moving and riding))  # fmt: skip
        if c.out and not disturbed:
            rests = True
        if rests:
            camping.rest_shift(state.party, c, rng, events, safe=not moving or riding, hazard_options=s.hazards)
        else:
            events += recover(c, 1, rng, options=state.party.options, deprived=True, safe=False, crits=False)
        if c.dead and i not in state.causes:
            state.causes[i] = "injuries"
    _died_of_all(state, WITNESS)
    meal = 2 if s.travel.meal_shift == "evening" else 3
    if shift >= meal:
        free_water = s.travel.water_free_at_river and s.hexmap.water_near(state.hex)
        water = water_need(state)  # RATION-04: twice as much in a heat wave
        for i, c in enumerate(state.people):
            if c.dead:
                continue
            needs = state.needs[i]
            had, drank = needs.ate, needs.drank
            if free_water:
                needs.drank = True
            if s.travel.consumables == "supply":  # RATION-02/03: supply ratings, a roll for each eater
                supplies.eat(state.stores, needs, water, c.id, rng, events)
            else:
                rations.eat(state.stores, needs, water)
            if needs.ate and not had:
                events.append(Event("meal", -1, c.id, {"drank": needs.drank}))
                hunger.eat(c, events)  # HAZ-HUNGER-01/06
            if needs.drank and not drank:
                hunger.drink(c, events)  # ENV-06
            if c.mount is not None and not c.mount.dead and s.travel.animals_eat:  # RATION-05
                grazes = animals.can_graze(s.hexmap.row(state.hex).forage, s.season, s.travel.animal_grazes)
                animals.feed_mount(state.stores, needs, grazes, s.travel.animal_food_per_day,
                                   s.travel.animal_water_per_day, free_water)  # fmt: skip


def _check_party(state: Expedition) -> None:
    """The journey ends when every traveller is dead."""
    if all(c.dead for c in state.people) and not is_done(state):
        state.termination = Termination.PARTY_LOST
        state.end_reason = "every traveller is dead"


def _next_morning(state: Expedition, rng: np.random.Generator, events: list[Event]) -> None:
    """TIME-08: the daily checks for the day just ended (the privation hook, lice, a whole day off
    the crits' heal times, HEAL-17), the weekly and
    daily resets of the hexes' forage, hunt and fish penalties (FORAGE-05, HUNT-06, FISH-04), then a
    new day, or the time limit."""
    s = state.scenario
    camping.lice_itch(
        state.party, state.people, state.needs, s.travel.lice_no_sleep == "until_healed", rng, events
    )
    for i, c in enumerate(state.people):
        if c.dead:
            continue
        privation(state, i, rng, events)
        heal_crit_days(state.party.options, c, 1, rng, events)  # HEAL-17, HEAL-19
        n = state.needs[i]
        if c.mount is not None and s.travel.animals_eat:
            animals.mount_day(c.id, c.mount, n, events, s.hazards)  # RATION-05, ENV-06
        if c.mount is not None and rest_mount(n, n.moved > 0, s.travel.lame_recovery_days):
            events.append(Event("mount_sound", -1, c.id, {"mount": c.mount.name}))
        n.ate = n.drank = n.slept = False
        n.moved = 0
    week = state.day % 7 == 0
    state.forage = {
        key: tries for key, tries in state.forage.items()
        if key % 8 != 4 and not (week and (key % 8 == 3 or s.season != "winter"))
    }  # fmt: skip
    state.day += 1
    _check_party(state)
    if not is_done(state) and state.day > s.max_days:
        state.termination = Termination.DAY_LIMIT
        state.end_reason = f"the party has not arrived after {s.max_days} days"
        state.day = s.max_days


__all__ = ["SHIFT_NAMES", "is_done", "play_day", "privation", "privation_time"]
