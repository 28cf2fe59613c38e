"""A shift on the move (TRAVEL-36 steps 4-5): the encounter check, forced marches, rain and the dark,
the driving roll and its mishaps, then movement hex by hex toward the goal with navigation,
veering, fuel and the encounters met on the way (a fight stops the clock for its rounds, TIME-09)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.state import Combatant
from yz_gym.rulesets.yze.travel import driving, encounters, exploring, marching, rivers
from yz_gym.rulesets.yze.travel.expedition import Expedition
from yz_gym.rulesets.yze.travel.fights import FightSpec, Sky, fight_event, play_fight
from yz_gym.rulesets.yze.travel.hexmap import (
    IMPASSABLE,
    RANGES,
    ROAD_DRIVING,
    drive_cost,
    encounter_distance,
    foot_cost,
    veer,
    way,
)
from yz_gym.rulesets.yze.travel.riding import ride_cost, third_ride
from yz_gym.rulesets.yze.travel.supplies import supply_roll
from yz_gym.rulesets.yze.travel.tasks import DayPlan, Task
from yz_gym.rulesets.yze.travel.weather import (
    DRIVING_PENALTY,
    RAIN_RANGED,
    STORM,
    STORM_NAVIGATION,
    can_fly,
    visibility,
    wet,
)
from yz_gym.rulesets.yze.vehicles.tables import VEHICLES

ON_THE_MOVE: Final = (Task.MARCH, Task.WATCH, Task.DRIVE)


def move_shift(
    state: Expedition,
    plan: DayPlan,
    shift: int,
    doing: dict[int, Task],
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """One shift on the move; True if a fight broke it (REST-04)."""
    dark = state.scenario.travel.dark(shift)
    encounter = encounter_check(state, plan, doing, False, True, rng, events, roll_only=True)
    if state.riding():
        budget = driving_budget(state, doing, rng, events)
    elif _on_the_water(state):
        budget = boating_budget(state, doing, rng, events)
    else:
        budget = marching_budget(state, shift, doing, dark, rng, events)
    if budget <= 0:
        return (
            encounter_check(state, plan, doing, False, False, rng, events, due=encounter)
            if encounter
            else False
        )
    disturbed = False
    first = budget // 2 if encounter else budget  # ENCOUNTER-03: met halfway
    left, met = advance(state, first, dark, rng, events)
    if encounter and not _done(state):
        disturbed = encounter_check(state, plan, doing, False, False, rng, events, due=True)
        left += budget - first
    if met is not None and not _done(state):
        disturbed = meet(state, met, plan, doing, rng, events) or disturbed
    while left > 0 and not _done(state) and not _arrived(state):
        lost = _fight_stretches(state) if disturbed else 0
        left, met = advance(state, max(0, left - lost), dark, rng, events)
        if met is None:
            break
        disturbed = meet(state, met, plan, doing, rng, events) or disturbed
    _arrived(state)
    return disturbed


def _done(state: Expedition) -> bool:
    return state.termination != Termination.NONE


def _fight_stretches(state: Expedition) -> int:
    """TIME-09: a fight's rounds, rounded up to stretches, come off the shift (once per fight)."""
    rounds, state.fight_rounds = state.fight_rounds, 0
    per = state.party.options.clock.rounds_per_stretch
    return -(-rounds // per)


def marching_budget(
    state: Expedition,
    shift: int,
    doing: dict[int, Task],
    dark: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> int:
    """TRAVEL-04..08, TRAVEL-26: the stretches of movement the group on foot has this shift: none if a
    forced marcher fails (the group waits, the stragglers rest) or the night roll fails; 1 hex less
    if a PC fails in heavy rain; half pace while carrying a Broken traveller (`carry_broken`)."""
    s, people, party = state.scenario, state.people, state.party
    stretches = party.options.clock.stretches_per_shift
    marchers = [i for i, t in doing.items() if t in ON_THE_MOVE and not people[i].out]
    if not marchers:
        return 0
    hexmap = s.hexmap
    if state.mounted():  # RIDE-01: riders roll for a third shift; a lamed mount halts the group
        lamed = [
            i for i in marchers if not third_ride(party, people[i], state.needs[i], shift + 1, rng, events)
        ]
        if lamed:
            events.append(Event("no_progress", -1, -1, {"reason": "a mount went lame; the group stops"}))
            return 0
        if dark and not hexmap.road[state.hex] and not _night_march(state, marchers, rng, events):
            return 0
        return stretches
    tired = [i for i in marchers if not marching.forced_march(party, people[i], shift + 1, rng, events)]
    if tired:
        for i in tired:
            doing[i] = Task.REST
        events.append(
            Event("no_progress", -1, -1, {"reason": "a forced marcher cannot go on; the group waits"})
        )
        return 0
    base = marching.base_hexes(hexmap.road[state.hex] or hexmap.terrain[state.hex] == "open")
    lost = 0
    if wet(state.weather):  # TRAVEL-26; WEATHER-17: in a storm a failed roll means no progress at all
        failed = any(not marching.rain_march(party, people[i], rng, events) for i in marchers if people[i].pc)
        lost = (base if state.weather == STORM else 1) if failed else 0
    budget = marching.allowance(stretches, base, lost)
    if dark and not hexmap.road[state.hex] and budget > 0 and not _night_march(state, marchers, rng, events):
        return 0
    if any(c.out and not c.dead for c in people) and s.travel.carry_broken == "half_pace":
        budget //= 2
    if budget == 0:
        events.append(Event("no_progress", -1, -1, {"reason": "the rain holds the group back"}))
    return budget


def _night_march(
    state: Expedition, marchers: list[int], rng: np.random.Generator, events: list[Event]
) -> bool:
    """TRAVEL-08, RIDE-04: off-road in the dark the best at Survival rolls for the group, helped."""
    people = state.people
    navigator = max(marchers, key=lambda i: (people[i].skill("Survival"), -i))
    if marching.night_march(state.party, people[navigator], min(3, len(marchers) - 1), rng, events):
        return True
    events.append(Event("no_progress", -1, -1, {"reason": "lost in the dark"}))
    return False


def driving_budget(
    state: Expedition, doing: dict[int, Task], rng: np.random.Generator, events: list[Event]
) -> int:
    """DRIVE-03/04/07: a stopped vehicle takes the shift to repair (the convoy waits); else every
    driver rolls, and a mishap halts the convoy after half the shift (DRIVE-04)."""
    s, party, people = state.scenario, state.party, state.people
    stretches = party.options.clock.stretches_per_shift
    able = [i for i in doing if not people[i].out]
    if not able:
        return 0
    going = [v for v in state.vehicles if not v.destroyed]
    if not can_fly(state.weather) and any(VEHICLES[v.kind].air for v in going):  # WEATHER-17
        events.append(Event("no_progress", -1, -1, {"reason": "no aircraft flies in the storm"}))
        return 0
    stopped = [v for v in going if not v.running]
    if stopped:
        mechanic = max(able, key=lambda i: (people[i].skill("Crafting"), -i))
        for v in stopped:
            driving.repair(party, people[mechanic], v, rng, events)
        events.append(Event("no_progress", -1, -1, {"reason": "repairs"}))
        return 0
    hexmap = s.hexmap
    if s.travel.fuel_mode == "supply" and not _fuel_supply(state, not hexmap.road[state.hex], rng, events):
        return 0
    drivers = sorted(able, key=lambda i: (-people[i].skill("Mobility"), i))
    terrain_mod = ROAD_DRIVING if hexmap.road[state.hex] else hexmap.row(state.hex).driving
    weather_mod = DRIVING_PENALTY if wet(state.weather) else 0
    budget = stretches
    for k, v in enumerate(going):
        driver = people[drivers[k % len(drivers)]]
        if driving.driving_roll(party, driver, v, terrain_mod, weather_mod, s.travel.mishap_roll_adds_maneuverability,
                                rng, events):  # fmt: skip
            continue
        budget = min(budget, _mishap(state, v, rng, events, stretches))
    return budget


def _on_the_water(state: Expedition) -> bool:
    """TRAVEL-32: the party is in a lake or river hex with boats for every living traveller."""
    living = sum(1 for c in state.people if not c.dead)
    return state.scenario.waters.afloat(living) and rivers.is_water(state.scenario.hexmap, state.hex)


def _follows_the_water(state: Expedition, there: int) -> bool:
    """`boat_navigation: follow_water` (PROPOSED): a boat going from water to water follows the river
    or the shore and needs no navigation roll (TRAVEL-28 otherwise)."""
    s = state.scenario
    return s.travel.boat_navigation == "follow_water" and _on_the_water(state) and rivers.is_water(s.hexmap, there)


def boating_budget(
    state: Expedition, doing: dict[int, Task], rng: np.random.Generator, events: list[Event]
) -> int:
    """TRAVEL-32, DRIVE-03/04: the best boatman rolls at the start of the shift; a failure is a mishap
    that may capsize the boat (`boat_mishap`, `capsize_on`): all aboard swim for a stretch; either way
    the shift's movement is halved."""
    s, people = state.scenario, state.people
    stretches = state.party.options.clock.stretches_per_shift
    able = [i for i in doing if not people[i].out]
    if not able:
        return 0
    if s.travel.boat_mishap == "none":
        return stretches
    boatman = people[max(able, key=lambda i: (people[i].skill("Mobility"), -i))]
    if rivers.boat_roll(state.party, boatman, DRIVING_PENALTY if wet(state.weather) else 0, rng, events):
        return stretches
    if rivers.mishap_capsizes(dice.d6(rng), s.travel.capsize_on, events):
        aboard = [c for c in people if not c.dead]
        _after_swim(state, aboard, rivers.capsize(state.party, s.hazards, aboard, rng, events))
    return -(-stretches // 2) if s.travel.mishap_progress == "half_round_up" else 0


def _after_swim(state: Expedition, swimmers: list[Combatant], drowned: list[int]) -> None:
    """Out of the water: the living are soaked (WEATHER-16), the drowned counted; the party is lost
    if nobody lives."""
    for c in swimmers:
        if c.dead:
            state.causes.setdefault(c.id, "drowning")
        else:
            state.needs[c.id].soaked = True
    if all(c.dead for c in state.people) and not _done(state):
        state.termination = Termination.PARTY_LOST
        state.end_reason = "every traveller drowned"


def _waters_on_entry(state: Expedition, before: int, rng: np.random.Generator, events: list[Event]) -> int:
    """TRAVEL-30/31, ENV-11: the thin ice or the river crossing of the hex just entered from `before`;
    the stretches it took."""
    s = state.scenario
    hexmap = s.hexmap
    living = [c for c in state.people if not c.dead]
    if not living:
        return 0
    if state.riding():
        if rivers.thin_ice(s.band, s.waters, s.travel.thin_ice) and rivers.is_water(hexmap, state.hex):
            _convoy_on_ice(state, living, rng, events)
        return 0
    if rivers.thin_ice(s.band, s.waters, s.travel.thin_ice) and rivers.is_water(hexmap, state.hex) \
            and not _on_the_water(state):  # fmt: skip
        able = [c for c in living if not c.out] or living
        navigator = max(able, key=lambda c: (c.skill("Survival"), -c.id))
        if not rivers.ice_holds(state.party, navigator, rng, events):
            victim = rivers.pick_victim(living, rng)
            helpers = [c for c in able if c is not victim and not c.out]
            helper = max(helpers, key=lambda c: (c.skill("Force"), -c.id)) if helpers else None
            cause = rivers.through_the_ice(state.party, s.hazards, victim, helper, 1 if victim.name in s.blankets
                                           else 0, s.travel.ice_cold_roll_mod, rng, events)  # fmt: skip
            if cause:
                state.causes[victim.id] = cause
            _after_swim(state, [victim], [])
        return 0
    if s.travel.river_crossing == "on_entry" and rivers.must_cross(hexmap, before, state.hex, s.waters, s.band,
                                                                   len(living)):  # fmt: skip
        swum = rivers.swim_across(state.party, s.hazards, living, s.travel.river_swim_stretches, rng, events)
        _after_swim(state, living, swum)
        return s.travel.river_swim_stretches
    return 0


def _convoy_on_ice(
    state: Expedition, living: list[Combatant], rng: np.random.Generator, events: list[Event]
) -> None:
    """ENV-11: the navigator tests the ice; on a failure a random vehicle breaks through and sinks,
    and its occupants struggle out of the icy water (rivers.vehicle_through_ice)."""
    s = state.scenario
    able = [c for c in living if not c.out] or living
    navigator = max(able, key=lambda c: (c.skill("Survival"), -c.id))
    if rivers.ice_holds(state.party, navigator, rng, events):
        return
    aboard = driving.occupants(state.vehicles, state.people)
    going = [k for k, v in enumerate(state.vehicles) if not v.destroyed]
    k = going[int(rng.integers(len(going)))] if len(going) > 1 else going[0]
    v = state.vehicles[k]
    v.destroyed = True
    events.append(Event("vehicle_lost", -1, -1, {"vehicle": v.name, "cause": "through the ice"}))
    blanketed = {c.id for c in aboard[k] if c.name in s.blankets}
    causes = rivers.vehicle_through_ice(state.party, s.hazards, aboard[k], blanketed, s.travel.ice_cold_roll_mod,
                                        rng, events)  # fmt: skip
    state.causes.update(causes)
    _after_swim(state, aboard[k], [])


def _mishap(
    state: Expedition, v: driving.Wheels, rng: np.random.Generator, events: list[Event], stretches: int
) -> int:
    """A failed driving roll: the mishap table (DRIVE-MISHAP-2..12) and the movement left (DRIVE-04)."""
    s = state.scenario
    hexmap = s.hexmap
    kind = VEHICLES[v.kind]
    speed = kind.speed_road if hexmap.road[state.hex] else kind.speed_offroad
    weather_mod = DRIVING_PENALTY if wet(state.weather) else 0
    effect = driving.mishap(v, driving.mishap_roll(rng, weather_mod), speed, max(kind.speed_road, kind.speed_offroad),
                            s.travel.crash_speed, s.travel.roadkill_damage, s.travel.engine_blown, state.stores, rng,
                            events, s.travel.fuel_mode == "supply")  # fmt: skip
    half = -(-stretches // 2) if s.travel.mishap_progress == "half_round_up" else 0
    if effect == "":
        return stretches
    if effect == "hex":
        return max(0, stretches - stretches // max(1, speed))
    if effect == "reroute":
        path = way(hexmap, state.hex, s.goal, _costs(state, False))
        if path:
            state.blocked.append(path[0])
        return stretches
    return half


def _costs(state: Expedition, dark: bool) -> list[int]:
    """The stretches of entering each hex for the party as it travels now (IMPASSABLE: not at all)."""
    s = state.scenario
    hexmap = s.hexmap
    stretches = state.party.options.clock.stretches_per_shift
    frozen = rivers.frozen(s.band, s.waters)  # ENV-11
    if state.riding():
        road, offroad = driving.convoy_speeds(state.vehicles)
        costs = [drive_cost(hexmap, h, stretches, road, offroad, dark, frozen) for h in range(len(hexmap.terrain))]
    elif state.mounted():
        t = s.travel
        costs = [
            ride_cost(hexmap, h, stretches, t.mount_speed_open, t.mount_speed_other)
            for h in range(len(hexmap.terrain))
        ]
    else:
        costs = [foot_cost(hexmap, h, stretches, frozen) for h in range(len(hexmap.terrain))]
        if s.waters.afloat(sum(1 for c in state.people if not c.dead)):  # TRAVEL-32: boats on the water
            speed = rivers.boat_speed(s.waters, s.travel.boat_speeds(), s.travel.downstream_bonus)
            for h in range(len(costs)):
                if rivers.is_water(hexmap, h):
                    costs[h] = rivers.boat_cost(stretches, speed)
    for h in state.blocked:
        costs[h] = IMPASSABLE
    return costs


def advance(
    state: Expedition, budget: int, dark: bool, rng: np.random.Generator, events: list[Event]
) -> tuple[int, FightSpec | None]:
    """TRAVEL-09, TRAVEL-13, FUEL-01/04: spend `budget` stretches hex by hex toward the goal; stop
    early at a placed encounter (returned with the budget left) or on arrival."""
    s = state.scenario
    hexmap = s.hexmap
    costs = _costs(state, dark)
    people = state.people
    budget = _explore(state, budget, events)
    while budget > 0:
        if state.heading < 0:
            path = way(hexmap, state.hex, s.goal, costs)
            if not path:
                events.append(Event("no_progress", -1, -1, {"reason": "no way on from here"}))
                return 0, None
            state.heading, state.progress = path[0], 0
            if not hexmap.road[path[0]] and not _follows_the_water(state, path[0]):
                able = [c for c in people if not c.out]
                navigator = max(able, key=lambda c: (c.skill("Survival"), -c.id)) if able else None
                if navigator is not None and not marching.navigate(state.party, navigator, 0, rng, events,
                                                                       _navigation_mod(state)):
                    wrong = veer(hexmap, state.hex, path[0], dice.d6(rng))
                    if wrong < 0 or costs[wrong] == IMPASSABLE:
                        state.heading = -1
                        events.append(Event("no_progress", -1, -1, {"reason": "lost the way"}))
                        return (
                            0 if s.travel.veer_off_map == "lost_shift" else max(0, budget - costs[path[0]])
                        ), None
                    state.heading = wrong
                    col, row = hexmap.coords(wrong)
                    events.append(Event("veered", -1, -1, {"col": col, "row": row}))
                    if not s.travel.veer_costs_movement:
                        state.progress = costs[wrong]
        cost = costs[state.heading]
        if budget + state.progress < cost:
            state.progress += budget
            return 0, None
        if state.riding() and not _fuel(state, hexmap.road[state.heading] is False, events):
            return 0, None
        budget -= cost - state.progress
        before = state.hex
        state.hex, state.heading, state.progress = state.heading, -1, 0
        col, row = hexmap.coords(state.hex)
        events.append(Event("entered", -1, -1, {"col": col, "row": row, "terrain": hexmap.terrain[state.hex],
                                                "road": hexmap.road[state.hex]}))  # fmt: skip
        budget = max(0, budget - _waters_on_entry(state, before, rng, events))
        if _done(state):
            return 0, None
        begun = exploring.explore(s.sites, state.hex, state.explored, events)
        if begun:  # TRAVEL-34: the journey waits while the site is explored
            state.exploring += begun
            state.explore_left += sum(s.sites[k].stretches for k in begun)
            budget = _explore(state, budget, events)
        for k, (at, spec) in enumerate(s.placed):
            if at == state.hex and k not in state.met:
                state.met.append(k)
                return budget, spec  # met before arriving: the goal may be held
        if _arrived(state):
            return 0, None
    return 0, None


def _explore(state: Expedition, budget: int, events: list[Event]) -> int:
    """TASK-EXPLORE, TRAVEL-34: the exploring under way takes what it needs of `budget` stretches;
    done, the party takes what the sites held. The stretches left to move."""
    if state.explore_left <= 0:
        return budget
    spent = exploring.spend(budget, state.explore_left)
    state.explore_left -= spent
    state.explored_now += spent
    if state.explore_left == 0:
        exploring.found(state.scenario.sites, state.exploring, state.stores, events)
        state.exploring.clear()
    return budget - spent


def _navigation_mod(state: Expedition) -> int:
    """WEATHER-17: navigation rolls -2 in a storm."""
    return STORM_NAVIGATION if state.weather == STORM else 0


def _arrived(state: Expedition) -> bool:
    """The party stands in the goal hex: the journey is over."""
    if state.hex != state.scenario.goal or _done(state):
        return _done(state)
    state.termination = Termination.ARRIVED
    state.end_reason = f"arrived on day {state.day}"
    return True


def _fuel_supply(state: Expedition, offroad: bool, rng: np.random.Generator, events: list[Event]) -> bool:
    """FUEL-07 `fuel_mode: supply`: the shift's supply rolls for the convoy's fuel (two when it starts
    off the road); with the supply already out, the vehicles are left behind. True: it drives."""
    if int(state.stores.fuel) <= 0:
        for v in state.vehicles:
            if not v.destroyed:
                v.destroyed = True
                events.append(Event("vehicle_lost", -1, -1, {"vehicle": v.name, "cause": "out of fuel"}))
        return False
    rating = int(state.stores.fuel)
    for _ in range(driving.fuel_supply_rolls(offroad)):
        rating = supply_roll(rating, "fuel", -1, rng, events)
    state.stores.fuel = float(rating)
    return True


def _fuel(state: Expedition, offroad: bool, events: list[Event]) -> bool:
    """FUEL-01/04: every vehicle burns its litres for the hex, topped up from the spare fuel; one
    that cannot is left behind (and the party walks when the rest cannot seat it). With `fuel_mode:
    supply` the shift's supply roll paid for the whole shift (FUEL-07)."""
    if state.scenario.travel.fuel_mode == "supply":
        return state.riding()
    for v in state.vehicles:
        if v.destroyed:
            continue
        if not driving.can_enter(v, offroad, state.scenario.travel.fuel_whole_hex):
            driving.refill(v, state.stores)
        if not driving.can_enter(v, offroad, state.scenario.travel.fuel_whole_hex):
            v.destroyed = True
            events.append(Event("vehicle_lost", -1, -1, {"vehicle": v.name, "cause": "out of fuel"}))
            continue
        v.fuel = max(0.0, v.fuel - v.litres(offroad))
    return state.riding()


def encounter_check(
    state: Expedition,
    plan: DayPlan,
    doing: dict[int, Task],
    camp_fire: bool,
    moving: bool,
    rng: np.random.Generator,
    events: list[Event],
    *,
    roll_only: bool = False,
    due: bool = False,
) -> bool:
    """ENCOUNTER-02: the shift's D6 (with `roll_only`, just whether one comes); with `due`, the
    encounter itself: drawn from the table (ENCOUNTER-04) and met. Returns True if it was a fight."""
    s = state.scenario
    if not due:
        if not s.table:
            return False
        die = dice.d6(rng)
        t = s.travel
        due = encounters.encounter_due(die, s.hexmap.road[state.hex], camp_fire, t.encounter_on_offroad,
                                       t.encounter_on_road, t.encounter_on_camp_fire)  # fmt: skip
        if roll_only or not due:
            return due
    pick = int(rng.integers(sum(s.weights)))
    for spec, weight in zip(s.table, s.weights):  # noqa: B905 (mypyc compiles only a plain zip into a loop)
        if pick < weight:
            return meet(state, spec, plan, doing, rng, events)
        pick -= weight
    return False


def meet(
    state: Expedition,
    spec: FightSpec,
    plan: DayPlan,
    doing: dict[int, Task],
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """ENCOUNTER-03..05, WATCH-01..08: the others' attitude, the distance, who sees whom first;
    then contact, a detour, or a fight (an ambush by whoever saw first). True if they fought."""
    s = state.scenario
    attitude = spec.attitude or encounters.attitude_roll(rng)
    seen = visibility(state.weather, s.travel.dark(state.shift))
    distance = encounters.distance(encounter_distance(s.hexmap, state.hex), seen,
                                   s.travel.encounter_distance_capped_by_visibility)  # fmt: skip
    lookouts = [i for i, t in doing.items() if t == Task.WATCH]
    lookout = state.people[lookouts[0]] if lookouts else None
    modifier = encounters.watch_modifier(state.riding(), spec.motorized)
    first = encounters.lookout_spots(state.party, lookout, modifier, rng, events)
    events.append(Event("encounter", -1, -1, {"name": spec.label, "attitude": attitude, "distance": RANGES[distance],
                                              "spotted": "party" if first else "them"}))  # fmt: skip
    if attitude != "hostile":
        return False
    if first and plan.avoid:
        detour = encounters.detour_cost(state.party.options.clock.stretches_per_shift,
                                        s.hexmap.row(state.hex).slowdown)  # fmt: skip
        state.progress -= detour  # WATCH-06: the detour's movement before going on
        events.append(Event("detour", -1, -1, {"stretches": detour}))
        return False
    ambusher = spec.side if first else (1 - spec.side if len(spec.scenario.setup.sides) == 2 else -1)
    prepared = encounters.prepared(first, distance, lookout is not None, s.travel.ambush_prepared_from,
                                   s.travel.ambush_prepared_if_no_watch)  # fmt: skip
    return fight(state, spec, RANGES[distance], first, ambusher, rng, events, prepared)


def fight_sky(state: Expedition) -> Sky:
    """WEATHER-07, WEATHER-10..13, TIME-07: the shift's weather in its fights: the visibility of the
    weather in daylight or in the dark shifts caps what can be shot at (`visibility_blocks_attacks`),
    and heavy rain or snow (or a storm) gives -1 on every ranged attack."""
    t = state.scenario.travel
    seen = visibility(state.weather, t.dark(state.shift)) + 1 if t.visibility_blocks_attacks else -1  # a zones.Range
    return Sky(seen if seen < len(RANGES) else -1, RAIN_RANGED if wet(state.weather) else 0)


def fight(
    state: Expedition,
    spec: FightSpec,
    distance: str,
    first: bool,
    ambusher: int,
    rng: np.random.Generator,
    events: list[Event],
    prepared: bool = False,
) -> bool:
    """The encounter's zone fight with the party as it is (fights.py), its dead counted, its rounds
    kept for the clock (TIME-09); the party is lost if nobody stands after it."""
    result = play_fight(spec, state.people, state.scenario.fight_agent, ambusher, prepared, state.detailed, rng,
                        state.scenario.vials, state.stores.doses, fight_sky(state))  # fmt: skip
    state.fights += 1
    state.fight_rounds += result.rounds
    for i in result.killed:
        state.causes[i] = "fight"
    events.append(fight_event(spec, result, distance, "party" if first else "them"))
    if all(c.out for c in state.people) and state.termination == Termination.NONE:
        state.termination = Termination.PARTY_LOST
        state.end_reason = f"no traveller is left standing after {spec.label}"
    return True


__all__ = ["encounter_check", "fight", "meet", "move_shift"]
