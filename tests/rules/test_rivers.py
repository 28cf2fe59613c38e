"""Rivers, boats, ice and storms on a journey (TRAVEL-30..33, ENV-11, WEATHER-17): travel/rivers.py,
the hooks in travel/moving.py and the storm of travel/weather.py."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice
from tests.rules.test_travel_day import trip
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards.kinds import HYPOTHERMIC, find
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.travel import rivers
from yz_gym.rulesets.yze.travel.hexmap import IMPASSABLE, parse_rows
from yz_gym.rulesets.yze.travel.moving import _costs, boating_budget, driving_budget, marching_budget
from yz_gym.rulesets.yze.travel.rivers import Boat, Waters
from yz_gym.rulesets.yze.travel.tasks import Task
from yz_gym.rulesets.yze.travel.weather import (
    HEAVY,
    OVERCAST,
    STORM,
    can_fly,
    cold_band_in,
    next_weather,
    storm_due,
    visibility,
    weather_word,
)

RIVER = "expedition_river_journey"


def stamina_dice(state, c) -> int:
    return len(skill_pool(state.party, c, "Stamina").dice)


# --- TRAVEL-30: when a river must be swum ---------------------------------------------------------


@pytest.mark.rule("TRAVEL-30")
def test_a_river_is_swum_unless_bridged_forded_boated_or_frozen():
    m = parse_rows(["o o~ o=~ o~"])
    none = Waters()
    assert rivers.must_cross(m, 0, 1, none, "warm", 3)  # into a river hex from dry land
    assert not rivers.must_cross(m, 3, 1, none, "warm", 3)  # river to river
    assert not rivers.must_cross(m, 0, 2, none, "warm", 3)  # a road on the river: a bridge
    assert not rivers.must_cross(m, 0, 1, Waters(fords=frozenset({1})), "warm", 3)  # a ford
    boat = Waters(boats=(Boat("b", "rowboat", 4),))
    assert not rivers.must_cross(m, 0, 1, boat, "warm", 3)  # boats for all three
    assert rivers.must_cross(m, 0, 1, boat, "warm", 5)  # four seats for five: they swim
    assert not rivers.must_cross(m, 0, 1, none, "cold", 3)  # frozen over (ENV-11)
    assert rivers.must_cross(m, 0, 1, none, "chilly", 3)  # not frozen unless the scenario says so


# --- TRAVEL-31: swimming across --------------------------------------------------------------------


@pytest.mark.rule("TRAVEL-31", "HAZ-DROWN-02")
@pytest.mark.parametrize("stretches", [1, 2])
def test_swimming_across_takes_a_stretch_with_one_stay_afloat_roll_each(stretches):
    state = trip(RIVER)
    swimmers = [c for c in state.people if c.name != "Sir Aldo"]  # no metal armor among them
    dice = [6] * (stretches * sum(stamina_dice(state, c) for c in swimmers))
    events: list[Event] = []
    drowned = rivers.swim_across(state.party, state.scenario.hazards, swimmers, stretches, FixedDice(dice), events)
    rolls = [e for e in events if e.kind == "hazard_roll"]
    assert drowned == [] and len(rolls) == len(swimmers) * stretches  # one roll per swimmer per stretch
    assert all(e.get("hazard") == "afloat" for e in rolls)
    assert [e.kind for e in events].count("left_water") == len(swimmers)


@pytest.mark.rule("TRAVEL-31", "HAZ-DROWN-03", "AMB-05")
def test_metal_armor_sinks_a_swimmer_and_the_first_one_afloat_pulls_him_out_next_round():
    state = trip(RIVER)
    aldo, wren = state.people[0], state.people[1]
    assert aldo.name == "Sir Aldo" and aldo.armor == "chainmail"
    events: list[Event] = []
    # Aldo goes under at once and fails his first breath roll; Wren, afloat, rescues him that round.
    script = [1] * stamina_dice(state, aldo) + [6] * 40
    rivers.swim_across(state.party, state.scenario.hazards, [aldo, wren], 1, FixedDice(script), events)
    kinds = [e.kind for e in events]
    assert kinds.index("went_under") < kinds.index("rescued")
    rescue = next(e for e in events if e.kind == "rescued")
    assert (rescue.actor, rescue.target) == (wren.id, aldo.id) and not aldo.dead


@pytest.mark.rule("TRAVEL-31", "WEATHER-16", "TRAVEL-30")
def test_a_party_on_foot_entering_a_river_hex_swims_and_comes_out_soaked():
    state = trip(RIVER, waters={"boats": [], "fords": []})
    hexmap = state.scenario.hexmap
    state.hex = hexmap.index(0, 2)  # open ground; (1, 2) east of it has a river
    events: list[Event] = []
    from yz_gym.rulesets.yze.travel.moving import _waters_on_entry

    before, state.hex = state.hex, hexmap.index(1, 2)
    spent = _waters_on_entry(state, before, FixedDice([6] * 60), events)
    assert spent == 1 and any(e.kind == "river_crossing" for e in events)  # TRAVEL-31: one stretch
    assert all(state.needs[c.id].soaked for c in state.people if not c.dead)


# --- TRAVEL-32/33: boats ---------------------------------------------------------------------------


@pytest.mark.rule("TRAVEL-33")
def test_boat_speeds_and_the_downstream_bonus():
    speeds = {"raft": 1, "rowboat": 2, "motorboat": 8}
    raft = Waters(boats=(Boat("r", "raft", 4),))
    assert rivers.boat_speed(raft, speeds, 1) == 1
    assert rivers.boat_speed(Waters(boats=raft.boats, downstream=True), speeds, 1) == 2  # raft 2 downstream
    row = Waters(boats=(Boat("r", "rowboat", 4),), downstream=True)
    assert rivers.boat_speed(row, speeds, 1) == 3  # rowboat 3 downstream
    both = Waters(boats=(Boat("m", "motorboat", 8), Boat("r", "raft", 4)))
    assert rivers.boat_speed(both, speeds, 1) == 1  # the slowest sets the pace
    assert [rivers.boat_cost(60, s) for s in (1, 2, 3, 8)] == [60, 30, 20, 8]


@pytest.mark.rule("TRAVEL-32", "TRAVEL-19", "TRAVEL-13")
def test_with_boats_for_all_lake_and_river_hexes_cost_the_boat_speed_and_land_the_pace_on_foot():
    state = trip(RIVER)  # a rowing boat downstream: 3 hexes a shift
    hexmap = state.scenario.hexmap
    costs = _costs(state, False)
    assert costs[hexmap.index(3, 2)] == 20 and costs[hexmap.index(1, 1)] == 20  # lake, forest with a river
    assert costs[hexmap.index(1, 0)] == 60 and costs[hexmap.index(0, 3)] == 30  # forest, open: on foot
    walkers = trip(RIVER, waters={"boats": []})
    assert _costs(walkers, False)[hexmap.index(3, 2)] == IMPASSABLE  # no boat, no ice: no way over the lake


@pytest.mark.rule("TRAVEL-32", "DRIVE-03", "DRIVE-04")
def test_the_boatman_rolls_mobility_plus_two_and_a_mishap_halves_the_shift():
    state = trip(RIVER)
    doing = {i: Task.MARCH for i in range(3)}
    events: list[Event] = []
    assert boating_budget(state, doing, FixedDice([6] * 20), events) == 60
    roll = next(e for e in events if e.get("purpose") == "steer the boat")
    best = max(state.people, key=lambda c: c.skill("Mobility"))
    plain = len(skill_pool(state.party, best, "Mobility").dice)
    assert len(roll.get("dice")) == plain + 2  # TRAVEL-19: +2 on the water
    events = []
    # every die fails, then the mishap die 3: aground (capsize_on 2), the shift halved
    aground = boating_budget(state, doing, FixedDice([1] * (plain + 2) + [3]), events)
    assert aground == 30 and not any(e.kind == "capsized" for e in events)
    events = []
    sunk = boating_budget(state, doing, FixedDice([1] * (plain + 2) + [2] + [6] * 200), events)
    assert sunk == 30 and any(e.kind == "capsized" for e in events)  # a 2 capsizes
    assert all(state.needs[c.id].soaked for c in state.people if not c.dead)


@pytest.mark.rule("TRAVEL-32")
def test_boat_mishaps_can_be_switched_off():
    state = trip(RIVER, travel_rules={"boat_mishap": "none"})
    events: list[Event] = []
    assert boating_budget(state, {0: Task.MARCH}, FixedDice([1] * 20), events) == 60 and not events


# --- ENV-11: thin ice ------------------------------------------------------------------------------


@pytest.mark.rule("ENV-11", "HAZ-COLD-04")
def test_out_of_icy_water_the_victim_makes_a_cold_roll_at_minus_two_at_once():
    state = trip(RIVER)
    wren, courier = state.people[1], state.people[2]
    events: list[Event] = []
    force = len(skill_pool(state.party, wren, "Force").dice)
    plain = stamina_dice(state, wren)
    # Wren, afloat, pulls herself out on the first round; then the cold roll, every die a 1
    cause = rivers.through_the_ice(state.party, state.scenario.hazards, wren, courier, 0, -2,
                                   FixedDice([6] * force + [1] * 20), events)
    cold = next(e for e in events if e.kind == "hazard_roll" and e.get("hazard") == "cold")
    assert len(cold.get("dice")) == plain - 2  # ENV-11: -2
    assert cause == "" and find(wren.timed, HYPOTHERMIC) is not None


@pytest.mark.rule("ENV-11")
def test_ice_is_safe_in_the_cold_bands_and_thin_in_the_chilly_one():
    iced = Waters(ice=True)
    assert rivers.frozen("cold", Waters()) and rivers.frozen("chilly", iced) and not rivers.frozen("chilly", Waters())
    assert rivers.thin_ice("chilly", iced, "chilly_only") and not rivers.thin_ice("cold", iced, "chilly_only")
    assert not rivers.thin_ice("chilly", iced, "never")
    state = trip(RIVER, waters={"boats": [], "ice": True})  # spring: chilly
    assert _costs(state, False)[state.scenario.hexmap.index(3, 2)] == 30  # the frozen lake can be walked


# --- WEATHER-17: storms ----------------------------------------------------------------------------


@pytest.mark.rule("WEATHER-17")
def test_a_storm_sees_medium_by_day_short_at_night_and_turns_to_heavy_rain_without_a_roll():
    assert visibility(STORM, False) == 1 and visibility(STORM, True) == 0
    assert next_weather(STORM, FixedDice([6]), True) == (HEAVY, 0)
    assert storm_due(((2, 0),), "scenario_only", 2, 0, OVERCAST) == STORM
    assert storm_due(((2, 0),), "never", 2, 0, OVERCAST) == HEAVY
    assert storm_due(((2, 0),), "scenario_only", 2, 1, OVERCAST) == OVERCAST
    assert [cold_band_in(STORM, b) for b in ("warm", "chilly", "cold")] == ["warm", "cold", "extreme_cold"]
    assert cold_band_in(HEAVY, "chilly") == "chilly"
    assert not can_fly(STORM) and can_fly(HEAVY)
    assert weather_word(STORM, "cold") == "blizzard" and weather_word(STORM, "warm") == "storm"


@pytest.mark.rule("WEATHER-17", "TRAVEL-26")
def test_in_a_storm_a_failed_march_roll_stops_the_group_where_heavy_rain_costs_one_hex():
    for weather, expected in ((HEAVY, 30), (STORM, 0)):
        state = trip(waters={})  # the winter crossing starts on a road: 2 hexes a shift
        state.weather = weather
        doing = {i: Task.MARCH for i in range(4)}
        assert marching_budget(state, 0, doing, False, FixedDice([1] * 60), []) == expected


@pytest.mark.rule("WEATHER-17", "TRAVEL-09")
def test_navigation_rolls_minus_two_in_a_storm():
    from yz_gym.rulesets.yze.travel.moving import advance

    sizes = []
    for weather in (OVERCAST, STORM):
        state = trip()
        state.weather = weather
        state.hex = state.scenario.hexmap.index(4, 3)  # the end of the road: off-road hexes ahead
        events: list[Event] = []
        advance(state, 1, False, FixedDice([6] * 30), events)
        sizes.append(len(next(e for e in events if e.get("purpose") == "navigate").get("dice")))
    assert sizes[0] - sizes[1] == 2


@pytest.mark.rule("WEATHER-17", "VEH-AIR-01")
def test_no_aircraft_flies_in_a_storm():
    state = trip("expedition_convoy_ruins", party={"vehicles": [{"name": "Bird", "type": "helicopter"}]})
    state.weather = STORM
    events: list[Event] = []
    assert driving_budget(state, {i: Task.MARCH for i in range(4)}, FixedDice([6] * 40), events) == 0
    assert any(e.get("reason") == "no aircraft flies in the storm" for e in events)
