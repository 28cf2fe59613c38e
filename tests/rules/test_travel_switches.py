"""Travel rules that are switches or need one (FUEL-07, RIDE-03, TASK-EXPLORE/TRAVEL-34, TIME-03),
checked on the bundled expeditions with scripted dice."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice
from tests.rules.test_travel_day import trip
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.travel import driving
from yz_gym.rulesets.yze.travel.moving import advance, driving_budget
from yz_gym.rulesets.yze.travel.shifts import off_tasks
from yz_gym.rulesets.yze.travel.tasks import DayPlan, Task

SUPPLY = {"fuel_mode": "supply"}


def _fuel_rolls(events: list[Event]) -> list[list[int]]:
    return [e.get("faces") for e in events if e.kind == "supply_roll" and e.get("supply") == "fuel"]


@pytest.mark.rule("FUEL-07", "GEAR-09", "RATION-02")
def test_fuel_as_a_supply_rating_rolls_once_a_shift_on_the_road_and_twice_off_it() -> None:
    state = trip("expedition_convoy_ruins", party={"fuel": 4}, travel_rules=SUPPLY)
    doing = {i: Task.MARCH for i in range(4)}
    assert state.scenario.hexmap.road[state.hex]  # the convoy starts on the road
    events: list[Event] = []
    # the supply roll first (4 dice: two 1s), then every driver's roll succeeds
    assert driving_budget(state, doing, FixedDice([1, 1, 3, 4] + [6] * 40), events) == 60
    assert _fuel_rolls(events) == [[1, 1, 3, 4]] and state.stores.fuel == 2
    state.hex = state.scenario.hexmap.index(2, 0)  # ruins, off the road
    events = []
    driving_budget(state, doing, FixedDice([1, 2, 1] + [6] * 40), events)
    assert _fuel_rolls(events) == [[1, 2], [1]] and state.stores.fuel == 0  # two rolls off-road, 2 then 1 die


@pytest.mark.rule("FUEL-07", "GEAR-09")
def test_with_the_fuel_supply_out_the_vehicles_are_left_behind() -> None:
    state = trip("expedition_convoy_ruins", party={"fuel": 1}, travel_rules=SUPPLY)
    doing = {i: Task.MARCH for i in range(4)}
    driving_budget(state, doing, FixedDice([1] + [6] * 40), [])
    assert state.stores.fuel == 0 and state.riding()  # this shift's fuel was there; now it is gone
    events: list[Event] = []
    assert driving_budget(state, doing, FixedDice([6] * 40), events) == 0
    lost = [e.get("cause") for e in events if e.kind == "vehicle_lost"]
    assert lost == ["out of fuel", "out of fuel"] and not state.riding()


@pytest.mark.rule("FUEL-07", "FUEL-01")
def test_with_fuel_as_a_supply_the_tanks_burn_no_litres_hex_by_hex() -> None:
    for mode, burnt in (("litres", True), ("supply", False)):
        state = trip("expedition_convoy_ruins", party={"fuel": 4}, travel_rules={"fuel_mode": mode})
        tanks = [v.fuel for v in state.vehicles]
        advance(state, 60, False, FixedDice([6] * 40), [])
        assert ([v.fuel for v in state.vehicles] != tanks) is burnt


@pytest.mark.rule("FUEL-07", "FUEL-06", "TASK-GATHER")
def test_gathering_fuel_adds_one_to_the_supply_rating_per_success() -> None:
    state = trip("expedition_convoy_ruins", party={"fuel": 2}, travel_rules=SUPPLY)
    state.hex = state.scenario.hexmap.index(2, 0)
    doing = {0: Task.GATHER, 1: Task.REST, 2: Task.REST, 3: Task.REST}
    events: list[Event] = []
    off_tasks(state, DayPlan(0, "gather"), 0, doing, False, FixedDice([6] * 6), events)
    roll = next(e for e in events if e.get("purpose") == "gather fuel")
    assert roll.get("successes") >= 1 and state.stores.fuel == 2 + roll.get("successes")


@pytest.mark.rule("FUEL-07", "DRIVE-MISHAP-5")
def test_dirty_fuel_with_a_fuel_supply_costs_one_more_supply_roll() -> None:
    for supply in (False, True):
        state = trip("expedition_convoy_ruins", party={"fuel": 3})
        truck = state.vehicles[1]
        events: list[Event] = []
        driving.mishap(truck, 5, 2, 8, "current", "animal_health_half", "destroyed", state.stores,
                       FixedDice([1, 1, 4]), events, supply)  # fmt: skip
        if supply:  # the tank is refilled from the supply: a roll of it, two 1s
            assert _fuel_rolls(events) == [[1, 1, 4]] and state.stores.fuel == 1 and truck.fuel == 120
        else:  # drained and topped up with the 3 spare litres
            assert _fuel_rolls(events) == [] and state.stores.fuel == 0 and truck.fuel == 3


SITE = {"name": "the old watchtower", "at": [1, 1], "stretches": 90, "food": 5, "water": 3}


@pytest.mark.rule("TASK-EXPLORE", "TRAVEL-34", "TIME-04")
def test_exploring_a_site_pauses_the_journey_for_its_stretches_then_the_party_takes_its_finds() -> None:
    state = trip(party={"food": 2, "water": 2}, sites=[SITE])  # the road: (0, 0), (1, 0), (1, 1)
    events: list[Event] = []
    before = state.hex
    left, _ = advance(state, 90, False, FixedDice([6] * 40), events)  # 2 road hexes of 30, then 30 more
    assert state.hex == state.scenario.hexmap.index(1, 1) != before and left == 0
    assert [e.get("stretches") for e in events if e.kind == "explore"] == [90]
    assert state.explore_left == 90 - 30 and state.explored_now == 30  # the 30 left explore
    assert (state.stores.food, state.stores.water) == (2, 2)  # not done yet
    events = []
    left, _ = advance(state, 60, False, FixedDice([6] * 40), events)
    assert state.hex == state.scenario.hexmap.index(1, 1) and state.explore_left == 0 and left == 0
    assert (state.stores.food, state.stores.water) == (7, 5) and events[-1].kind == "site_explored"
    advance(state, 60, False, FixedDice([6] * 40), [])
    assert state.stores.food == 7 and state.hex != state.scenario.hexmap.index(1, 1)  # once; then on


@pytest.mark.rule("TRAVEL-34", "TASK-EXPLORE", "REST-01")
@pytest.mark.parametrize(("explored", "rests"), [(30, True), (31, False)])
def test_over_half_a_shift_of_exploring_means_no_rest_that_shift(explored: int, rests: bool) -> None:
    from yz_gym.rulesets.yze.travel.shifts import end_of_shift

    state = trip()
    c = state.people[1]
    c.attrs[0] -= 1
    state.explored_now = explored  # of 60 stretches a shift
    end_of_shift(state, 1, False, {1: Task.REST}, False, set(), FixedDice(), [])
    assert (c.attrs[0] == c.max_attrs[0]) is rests and state.explored_now == 0


@pytest.mark.rule("TIME-03", "TIME-06", "TRAVEL-23")
@pytest.mark.parametrize(("per_shift", "stretch_rounds"), [(60, 60), (48, 60), (36, 100)])
def test_the_gm_sets_the_clock_lengths_by_switches_and_movement_follows_them(
    per_shift: int, stretch_rounds: int
) -> None:
    from yz_gym.core.clock import TimeUnit
    from yz_gym.rulesets.yze.travel.moving import marching_budget

    state = trip(rules={"stretches_per_shift": per_shift, "rounds_per_stretch": stretch_rounds})
    clock = state.party.options.clock
    assert clock.rounds(TimeUnit.SHIFT) == per_shift * stretch_rounds
    assert clock.rounds(TimeUnit.DAY) == 4 * per_shift * stretch_rounds
    doing = {i: Task.MARCH for i in range(4)}
    assert marching_budget(state, 0, doing, False, FixedDice([6] * 40), []) == per_shift  # a shift's stretches
    left, _ = advance(state, per_shift, False, FixedDice([6] * 40), [])
    assert state.hex == state.scenario.hexmap.index(1, 1) and left == 0  # 2 road hexes a shift on foot


ICY_CONVOY = {"season": "autumn", "waters": {"ice": True}}  # chilly, its lakes frozen over: thin ice


@pytest.mark.rule("ENV-11", "VEH-ATTR-PASS")
def test_a_convoy_may_drive_onto_frozen_water_and_its_travellers_fill_the_seats_in_order() -> None:
    from yz_gym.rulesets.yze.travel.moving import _costs

    state = trip("expedition_convoy_ruins", **ICY_CONVOY)
    lake = state.scenario.hexmap.index(5, 0)
    assert _costs(state, False)[lake] == 60  # off-road x1 at the convoy's off-road speed, the truck's 1
    dry = trip("expedition_convoy_ruins")
    assert _costs(dry, False)[lake] < 0  # not frozen: impassable to vehicles
    aboard = driving.occupants(state.vehicles, state.people)
    assert [[c.id for c in seats] for seats in aboard] == [[0, 1, 2, 3], []]  # the pickup seats 4


@pytest.mark.rule("ENV-11", "HAZ-DROWN-04")
def test_a_vehicle_that_breaks_through_the_ice_sinks_and_its_occupants_fight_their_way_out() -> None:
    import numpy as np

    from yz_gym.rulesets.yze.travel.moving import _convoy_on_ice

    for seed in range(6):
        state = trip("expedition_convoy_ruins", **ICY_CONVOY)
        state.vehicles[1].destroyed = True  # the pickup carries everyone
        state.hex = state.scenario.hexmap.index(5, 0)
        events: list[Event] = []
        _convoy_on_ice(state, list(state.people), np.random.default_rng(seed), events)
        if not any(e.kind == "vehicle_through_ice" for e in events):  # the navigator's Survival held
            assert not state.vehicles[0].destroyed
            continue
        assert state.vehicles[0].destroyed and not state.riding()
        mobility = [e for e in events if e.get("purpose") == "out of the sinking vehicle"]
        assert sorted(e.actor for e in mobility) == [0, 1, 2, 3]
        under = {e.target for e in events if e.kind == "went_under"}
        assert under == {e.actor for e in mobility if e.get("successes") == 0}  # a failure: under water
        for c in state.people:
            assert c.dead == (c.id in state.causes) and (c.dead or state.needs[c.id].soaked)
        return
    raise AssertionError("the ice held in every seed")


@pytest.mark.rule("ENV-11")
def test_a_convoy_on_ice_that_holds_loses_nothing() -> None:
    from yz_gym.rulesets.yze.travel.moving import _convoy_on_ice

    state = trip("expedition_convoy_ruins", **ICY_CONVOY)
    events: list[Event] = []
    _convoy_on_ice(state, list(state.people), FixedDice([6] * 20), events)
    assert not any(v.destroyed for v in state.vehicles) and [e.get("purpose") for e in events] == ["test the ice"]


@pytest.mark.rule("WEATHER-07", "WEATHER-10", "WEATHER-11", "WEATHER-12", "WEATHER-13", "TIME-07")
def test_a_fight_on_the_journey_takes_the_shifts_visibility_and_the_rains_ranged_penalty() -> None:
    from yz_gym.rulesets.yze.travel.moving import fight_sky
    from yz_gym.rulesets.yze.travel.weather import CLEAR, HEAVY, OVERCAST
    from yz_gym.rulesets.yze.zone.zones import Range

    state = trip()
    seen = {}
    for weather in (HEAVY, OVERCAST, CLEAR):
        for shift in (1, 3):  # the day shift, the night shift
            state.weather, state.shift = weather, shift
            sky = fight_sky(state)
            seen[weather, shift] = (sky.visibility, sky.ranged_mod)
    assert seen == {
        (HEAVY, 1): (Range.LONG, -1), (HEAVY, 3): (Range.SHORT, -1),
        (OVERCAST, 1): (-1, 0), (OVERCAST, 3): (Range.MEDIUM, 0),
        (CLEAR, 1): (-1, 0), (CLEAR, 3): (Range.LONG, 0),
    }  # fmt: skip
    free = trip(travel_rules={"visibility_blocks_attacks": False})
    free.weather, free.shift = HEAVY, 3
    assert (fight_sky(free).visibility, fight_sky(free).ranged_mod) == (-1, -1)


@pytest.mark.rule("WEATHER-07", "WEATHER-13")
def test_in_a_journeys_fight_nothing_beyond_the_visibility_is_shot_and_rain_costs_one() -> None:
    from tests.helpers import fighter, scenario_dict
    from yz_gym.rulesets.yze.combat.attacks import can_shoot, ranged_modifier
    from yz_gym.rulesets.yze.scenario.zone_builder import build
    from yz_gym.rulesets.yze.travel.fights import FightSpec, Sky, start_fight
    from yz_gym.rulesets.yze.zone.zones import Range

    data = scenario_dict(zones=["A", "B"], combatants=[fighter("Red", "red", "A", weapons=["pistol"]),
                                                       fighter("Blue", "blue", "B")])  # fmt: skip
    scenario = build(data, "<test>")
    spec = FightSpec("a test", scenario, (0,), 0)
    party = [scenario.combatants[0].copy()]
    rng = np.random.default_rng(0)
    for sky, shoots, mod in ((Sky(), True, 0), (Sky(Range.MEDIUM, -1), True, -1), (Sky(Range.SHORT, 0), False, 0)):
        game = start_fight(spec, party, -1, False, rng, sky=sky)
        red, blue = game.combatants
        red.held = 0
        assert can_shoot(game, red, blue) is shoots  # B is adjacent: Medium range
        base = ranged_modifier(game, red, blue, False).total
        clear = ranged_modifier(start_fight(spec, party, -1, False, rng), red, blue, False).total
        assert base - clear == mod


@pytest.mark.rule("RIDE-03", "TRAVEL-22", "RIDE-05", "MOUNT-01")
def test_an_animal_carries_its_limit_twice_that_led_on_foot_and_nothing_while_lame() -> None:
    from yz_gym.rulesets.yze.mounts.mount import Mount
    from yz_gym.rulesets.yze.travel.riding import pack_limit

    horse = Mount("Bay", 5, 5, 4, carry=6)
    assert [pack_limit(horse, False, False), pack_limit(horse, True, False), pack_limit(horse, True, True)] == [6, 12, 0]


@pytest.mark.rule("RIDE-03", "RATION-02", "RATION-04")
def test_stores_beyond_the_pack_are_left_behind_riskiest_food_first_then_water() -> None:
    from yz_gym.rulesets.yze.travel.riding import shed_load, stores_load
    from yz_gym.rulesets.yze.travel.tasks import Stores

    stores = Stores(food=10, raw_meat=4, water=10)
    assert stores_load(stores) == 14 + 2 * 10  # quarter items: 1/4 a food ration, 1/2 a water ration
    events: list[Event] = []
    shed_load(stores, 20, events)
    assert (stores.food, stores.raw_meat, stores.water) == (0, 0, 10) and events[-1].data == {"food": 14, "water": 0}
    stores = Stores(food=10, raw_meat=4, water=10)
    shed_load(stores, 10, events)
    assert (stores.edible, stores.water) == (0, 5) and events[-1].data == {"food": 14, "water": 5}
    shed_load(stores, 10, events)
    assert len(events) == 2  # it fits now: nothing more is left


@pytest.mark.rule("RIDE-03", "GEAR-07")
@pytest.mark.parametrize("led", [False, True])
def test_after_a_shift_on_the_move_a_mounted_party_keeps_what_riders_and_horses_carry(led: bool) -> None:
    from yz_gym.rulesets.yze.state import STR
    from yz_gym.rulesets.yze.travel.shifts import _loads

    state = trip("expedition_dragoon_patrol", party={"food": 500, "water": 0})
    people = state.people
    riders = sum(2 * c.max_attrs[STR] for c in people)
    horses = sum(c.mount.carry for c in people if c.mount is not None)
    assert horses > 0
    events: list[Event] = []
    _loads(state, led, events)
    assert state.stores.food == 4 * (riders + horses * (2 if led else 1))
    free = trip("expedition_dragoon_patrol", party={"food": 500}, travel_rules={"mount_loads": "none"})
    _loads(free, led, [])
    assert free.stores.food == 500
