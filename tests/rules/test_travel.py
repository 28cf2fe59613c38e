"""Travel and weather (rules digest section 5, TIME-07/08): each rule of rulesets/yze/travel/ as a pure
function over typed state, with scripted dice, checking the rule's numbers."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, fighter, game, scenario_dict
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards.kinds import HYPOTHERMIC
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.travel import camp, driving, encounters, marching, rations, weather
from yz_gym.rulesets.yze.travel.hexmap import (
    IMPASSABLE,
    TERRAIN_TABLE,
    drive_cost,
    foot_cost,
    parse_rows,
    veer,
    way,
)
from yz_gym.rulesets.yze.travel.options import TravelOptions
from yz_gym.rulesets.yze.travel.tasks import DayPlan, Needs, Stores, Task, check_tasks, day_tasks

S = 60  # TIME-06: stretches in a shift
_HAZ = HazardOptions()


def party(**skills: int) -> tuple[GameState, Combatant]:
    """A game whose first combatant (attributes 3) has `skills` and a bow."""
    red = fighter("Red", "red", "A", skills=skills, weapons=["bow"])
    state = game(scenario_dict(combatants=[red, fighter("Blue", "blue", "B")]))
    return state, state.combatants[0]


def rolled(events: list[Event], purpose: str) -> list[int]:
    """The faces of the first roll made for `purpose`."""
    roll = next(e for e in events if e.kind == "roll" and e.get("purpose") == purpose)
    return [face for _, _, face in roll.get("dice")]


# --- the map (TRAVEL-01, TRAVEL-04, TRAVEL-09..23) ------------------------------------------------------


@pytest.mark.rule(
    "TRAVEL-14", "TRAVEL-15", "TRAVEL-16", "TRAVEL-17", "TRAVEL-18", "TRAVEL-19", "TRAVEL-20", "TRAVEL-21"
)
def test_the_terrain_table_holds_the_srd_columns() -> None:
    rows = {name: (t.slowdown, t.driving, t.forage, t.hunt, t.distance) for name, t in TERRAIN_TABLE.items()}
    assert rows == {
        "open": (1, 1, -1, 1, 3), "forest": (2, -1, 1, 1, 1), "hills": (2, 0, 0, 0, 2),
        "mountains": (3, -1, -2, -1, 2), "water": (1, 2, 0, 0, 3), "marsh": (4, -1, -1, 0, 2),
        "ruins": (2, 0, -2, -1, 1),
    }  # fmt: skip


@pytest.mark.rule("TRAVEL-04", "TRAVEL-23", "TIME-06", "TASK-MARCH")
def test_marching_takes_half_a_shift_a_hex_on_roads_and_open_ground_and_a_whole_shift_elsewhere() -> None:
    hexmap = parse_rows(["o f= h w"])
    assert [foot_cost(hexmap, h, S, frozen=False) for h in range(4)] == [30, 30, 60, IMPASSABLE]
    assert foot_cost(hexmap, 3, S, frozen=True) == 30  # ENV-11: a frozen lake is walked on
    assert [foot_cost(hexmap, h, 48, frozen=False) for h in range(3)] == [
        24,
        24,
        48,
    ]  # stretches_per_shift 48


@pytest.mark.rule("TRAVEL-10", "TRAVEL-12", "TRAVEL-13", "DRIVE-02", "TASK-DRIVE")
def test_driving_costs_follow_speed_and_the_off_road_multiplier() -> None:
    hexmap = parse_rows(["o= o f m s w"])
    truck = (8, 1)  # VEH-TABLE: road 8, off-road 1
    costs = [drive_cost(hexmap, h, S, *truck, night=False) for h in range(6)]
    assert costs == [8, 60, 120, 180, 240, IMPASSABLE]  # ceil(60/8); x1, x1/2, x1/3, x1/4; no boat
    assert drive_cost(hexmap, 2, S, *truck, night=True) == 240  # DRIVE-02: off-road at night, half speed
    assert drive_cost(hexmap, 0, S, *truck, night=True) == 8  # roads are not slowed at night
    assert drive_cost(hexmap, 1, S, 10, 0, night=False) == IMPASSABLE  # no off-road speed: roads only


@pytest.mark.rule("TRAVEL-09")
def test_a_failed_navigation_veers_right_on_an_even_die_and_left_on_an_odd_one() -> None:
    hexmap = parse_rows(["o o o", "o o o", "o o o"])
    here, east = hexmap.index(1, 1), hexmap.index(2, 1)
    assert veer(hexmap, here, east, 2) == hexmap.index(2, 2)  # right of east: south-east (odd row)
    assert veer(hexmap, here, east, 5) == hexmap.index(2, 0)  # left of east: north-east
    assert veer(hexmap, hexmap.index(2, 0), hexmap.index(2, 1), 4) == hexmap.index(
        1, 1
    )  # heading SW, right is W


@pytest.mark.rule("TRAVEL-01", "TRAVEL-13")
def test_the_way_to_the_goal_is_the_cheapest_in_stretches() -> None:
    hexmap = parse_rows(["o f f o", "o= o= o= o="])
    costs = [foot_cost(hexmap, h, S, frozen=False) for h in range(8)]
    assert way(hexmap, hexmap.index(0, 0), hexmap.index(3, 0), costs)[-1] == hexmap.index(3, 0)
    path = way(hexmap, hexmap.index(0, 0), hexmap.index(3, 0), costs)
    assert all(hexmap.terrain[h] == "open" for h in path)  # around the forest, 30 stretches a hex
    with pytest.raises(ValueError, match="row 1 has 1 hexes"):
        parse_rows(["o o", "o"])
    with pytest.raises(ValueError, match="hex 'x'"):
        parse_rows(["o x"])


@pytest.mark.rule("TRAVEL-01")
def test_a_remembered_way_is_the_maps_own_whatever_copy_of_the_map_asks() -> None:
    import pickle

    from yz_gym.rulesets.yze.travel import hexmap as hexmaps

    forest, line = parse_rows(["o f f o", "o= o= o= o="]), parse_rows(["o f f o o= o= o= o="])
    start, goal = forest.index(0, 0), forest.index(3, 0)
    costs = [foot_cost(forest, h, S, frozen=False) for h in range(8)]
    first = way(forest, start, goal, costs)
    assert way(forest, start, goal, costs) == first and way(forest, start, goal, costs) is not first  # a copy
    way(forest, start, goal, costs).clear()  # changing an answer does not change the remembered way
    assert way(pickle.loads(pickle.dumps(forest)), start, goal, costs) == first == [4, 5, 6, 3]
    assert way(line, start, goal, costs) == [1, 2, 3]  # the same hexes and costs in one row: its own way
    blocked = list(costs)
    blocked[5] = IMPASSABLE
    assert way(forest, start, goal, blocked) == [1, 2, 3]  # other costs: another way
    hexmaps._WAYS.clear()
    assert way(forest, start, goal, costs) == first  # worked out again


# --- marching (TRAVEL-06..08, TRAVEL-26..28, TRAVEL-35) --------------------------------------------------


@pytest.mark.rule("TRAVEL-06", "TRAVEL-27")
def test_a_third_marching_shift_needs_a_stamina_roll_and_a_fourth_one_at_minus_two() -> None:
    state, c = party(stamina=2)
    events: list[Event] = []
    assert marching.forced_march(state, c, 2, FixedDice(), events) and events == []  # two shifts are free
    assert marching.forced_march(state, c, 3, FixedDice([6, 1, 1, 1, 1]), events)
    assert len(rolled(events, "forced march")) == 5  # Strength 3 + Stamina 2
    events.clear()
    assert not marching.forced_march(state, c, 4, FixedDice([5, 5, 5]), events)
    assert len(rolled(events, "forced march")) == 3  # 5 - 2


@pytest.mark.rule("TRAVEL-26", "WEATHER-02", "WEATHER-07")
def test_a_failed_rain_roll_takes_one_hex_off_the_shift() -> None:
    state, c = party()
    assert not marching.rain_march(state, c, FixedDice([1, 2, 3]), [])
    assert marching.allowance(S, 2, 1) == 30  # 2 hexes less 1: half the shift's movement
    assert marching.allowance(S, 1, 1) == 0  # 1 hex less 1: none at all
    assert marching.allowance(S, 2, 0) == 60


@pytest.mark.rule("TRAVEL-08", "TRAVEL-25", "TRAVEL-28")
def test_night_marching_and_navigation_are_one_survival_roll_for_the_group_with_help() -> None:
    state, c = party(survival=1)
    events: list[Event] = []
    assert not marching.night_march(state, c, 2, FixedDice([5, 5, 5, 5, 5, 5]), events)
    assert len(rolled(events, "march in the dark")) == 6  # Wits 3 + Survival 1 + 2 helpers
    events.clear()
    assert marching.navigate(state, c, 5, FixedDice([1, 1, 1, 1, 1, 1, 6]), events)
    assert len(rolled(events, "navigate")) == 7  # help is +3 at most (HELP-01)


@pytest.mark.rule("TRAVEL-35", "TRAVEL-05")
def test_a_stop_costs_its_stretches_after_the_first() -> None:
    assert marching.stop_cost(1, 2, S) == 0
    assert marching.stop_cost(31, 2, S) == 1  # 30 stretches of a 2-hex shift
    assert marching.stop_cost(30, 2, S) == 0


# --- weather (WEATHER-01..16, TIME-07) ---------------------------------------------------------------------


@pytest.mark.rule("WEATHER-01", "WEATHER-06")
@pytest.mark.parametrize(("start", "die", "after"), [
    (1, 1, 0), (1, 6, 2), (1, 2, 1), (1, 5, 1), (0, 1, 0), (2, 6, 2), (2, 1, 1), (0, 6, 1),
])  # fmt: skip
def test_the_weather_ladder_moves_a_step_on_a_one_or_a_six(start: int, die: int, after: int) -> None:
    assert weather.ladder(start, die) == after
    assert weather.next_weather(start, FixedDice([die]), False) == (after, die)


@pytest.mark.rule("WEATHER-07", "WEATHER-08", "WEATHER-05")
def test_heavy_rain_turns_overcast_by_itself_without_a_roll() -> None:
    dice = FixedDice([1])
    assert weather.next_weather(weather.HEAVY, dice, True) == (weather.OVERCAST, 0)
    assert dice.faces == [1]  # no die was rolled
    assert weather.next_weather(weather.HEAVY, dice, False) == (weather.HEAVY, 1)  # S2: rolled again


@pytest.mark.rule("WEATHER-10", "WEATHER-11", "WEATHER-12", "WEATHER-03", "WEATHER-04", "TIME-07")
def test_visibility_by_weather_and_light() -> None:
    light = [weather.visibility(w, dark=False) for w in range(3)]
    dark = [weather.visibility(w, dark=True) for w in range(3)]
    assert light == [2, 3, 3] and dark == [0, 1, 2]  # long/extreme/extreme; short/medium/long
    options = TravelOptions()
    assert [options.dark(s) for s in range(4)] == [False, False, True, True]
    assert [TravelOptions(dark_shifts="night").dark(s) for s in range(4)] == [False, False, False, True]


@pytest.mark.rule("WEATHER-15", "WEATHER-14", "WEATHER-09")
def test_the_season_gives_the_temperature_band_and_snow_falls_in_the_cold() -> None:
    assert [weather.band_of(s, "from_season") for s in ("summer", "spring", "autumn", "winter")] == [
        "warm", "chilly", "chilly", "cold",
    ]  # fmt: skip
    assert weather.band_of("summer", "extreme_cold") == "extreme_cold"
    assert (
        weather.weather_word(0, "cold") == "heavy snow" and weather.weather_word(0, "chilly") == "heavy rain"
    )
    assert TravelOptions().weather_start == "overcast"
    assert weather.DRIVING_PENALTY == -2


# --- tasks (TRAVEL-02/03, TRAVEL-24, TASK-*) ----------------------------------------------------------------


@pytest.mark.rule(
    "TRAVEL-02", "TRAVEL-03", "TRAVEL-24", "TASK-WATCH", "TASK-FORAGE", "TASK-HUNT", "TASK-FISH"
)
def test_one_task_a_shift_one_lookout_and_one_roller_per_hex() -> None:
    assert check_tasks([Task.MARCH, Task.WATCH, Task.MARCH], moving=True) == ""
    assert "one traveller may keep watch" in check_tasks([Task.WATCH, Task.WATCH], moving=True)
    assert "forage for food in a hex" in check_tasks([Task.FORAGE_FOOD, Task.FORAGE_FOOD], moving=False)
    assert "on foot" in check_tasks([Task.MARCH, Task.HUNT], moving=True)
    assert check_tasks([Task.HUNT, Task.HELP, Task.CAMP, Task.COOK], moving=False) == ""


@pytest.mark.rule("TASK-CAMP", "TASK-COOK", "TASK-SLEEP", "TASK-REST", "WATCH-09", "CAMP-05", "TRAVEL-25")
def test_a_day_plan_gives_each_traveller_one_task_a_shift() -> None:
    tasks = day_tasks(DayPlan(2, "hunt", True, 3), [0, 1, 2, 3], provider=0, camper=1, cook=2, driver=-1)
    assert tasks[0] == [Task.MARCH, Task.MARCH, Task.MARCH, Task.WATCH]  # the lookout marches too
    assert tasks[2] == [Task.HUNT, Task.CAMP, Task.COOK, Task.SLEEP]  # the night lookout sleeps first
    assert tasks[3] == [Task.SLEEP, Task.SLEEP, Task.SLEEP, Task.WATCH]
    helped = day_tasks(
        DayPlan(0, "forage_food", True, -1), [0, 1, 2, 3, 4], provider=0, camper=1, cook=2, driver=-1
    )
    assert helped[0] == [Task.FORAGE_FOOD, Task.CAMP, Task.COOK, Task.HELP, Task.HELP]  # TRAVEL-25
    assert helped[1] == [Task.REST] * 5 and helped[2] == [Task.SLEEP] * 5
    forced = day_tasks(DayPlan(3, "none", False, -1), [0, 1], provider=0, camper=1, cook=0, driver=-1)
    assert forced[2] == [Task.MARCH, Task.MARCH] and forced[3] == [Task.SLEEP, Task.SLEEP]
    assert "gather fuel" in DayPlan(0, "gather").words(["A"])


# --- food and water (RATION-, FORAGE-, HUNT-, FISH-, COOK-) --------------------------------------------------


@pytest.mark.rule("FORAGE-01", "FORAGE-02", "FORAGE-04", "FORAGE-05", "TRAVEL-25")
def test_foraging_rolls_survival_with_the_terrain_and_repeats_and_each_success_is_a_ration() -> None:
    state, c = party(survival=2)
    stores, events = Stores(), []
    found = rations.forage(state, c, False, 1, 1, 1, stores, FixedDice([6, 6, 1, 2, 3, 4]), events)
    assert len(rolled(events, "forage food")) == 6  # Wits 3 + Survival 2 + forest 1 - 1 repeat + 1 helper
    assert found == 2 and stores.raw_plants == 2 and stores.food == 0  # raw plants (RATION-06)


@pytest.mark.rule("FORAGE-03", "RATION-04")
def test_foraging_for_water_gives_water_rations_per_success() -> None:
    state, c = party()
    stores: Stores = Stores()
    rations.forage(state, c, True, -2, 0, 0, stores, FixedDice([6]), [], water_per_success=2)
    assert stores.water == 2 and stores.raw_plants == 0


@pytest.mark.rule("HUNT-TABLE-1", "HUNT-TABLE-2", "HUNT-TABLE-3", "HUNT-TABLE-4", "HUNT-TABLE-5", "HUNT-TABLE-6",
                  "HUNT-04", "TRAVEL-37")  # fmt: skip
def test_the_hunting_table_gives_its_rations() -> None:
    table = rations.HUNTING_TABLE
    assert [(a.name, a.health, a.trappable) for a in table] == [
        ("grouse", 1, False), ("rabbit", 1, True), ("fox", 1, True), ("deer", 2, False), ("boar", 3, False),
        ("moose", 5, False),
    ]  # fmt: skip
    assert rations.rations_of(table[0], FixedDice()) == 1 and rations.rations_of(table[1], FixedDice()) == 1
    assert rations.rations_of(table[2], FixedDice([5])) == 3  # D3 from a 5
    assert rations.rations_of(table[3], FixedDice([3, 4])) == 7  # 2D6
    assert rations.rations_of(table[4], FixedDice([3, 4])) == 14  # 2D6 x 2
    assert rations.rations_of(table[5], FixedDice([3, 4])) == 28  # 2D6 x 4


@pytest.mark.rule("HUNT-01", "HUNT-02", "HUNT-05", "HUNT-06", "HUNT-07", "HUNT-09")
def test_a_hunt_tracks_game_then_stalks_and_shoots_once() -> None:
    state, c = party(survival=2, observation=1, marksmanship=1)
    stores, events = Stores(), []
    # tracking: Wits 3 + Survival 2 = 5 dice, one success; the table: a deer (4, Health 2); stalking:
    # Wits 3 + Observation 1; the shot: Agility 3 + Marksmanship 1 + bow 1 - 1 at medium = 4 dice, two
    # successes: damage 1 + 1 reaches Health 2; the deer gives 2D6 rations
    faces = [6, 1, 2, 3, 4, 4, 6, 1, 1, 1, 6, 6, 1, 1, 3, 4]
    gained = rations.hunt(state, c, 0, 0, 0, False, "medium", stores, FixedDice(faces), events)
    assert len(rolled(events, "track game")) == 5 and len(rolled(events, "hunting shot")) == 4
    assert gained == 7 and stores.raw_meat == 7
    assert rations.RANGE_MODIFIERS["medium"] == -1


@pytest.mark.rule("HUNT-02")
def test_a_shot_that_does_not_reach_the_animals_health_lets_it_get_away() -> None:
    state, c = party(survival=2, observation=1, marksmanship=1)
    stores: Stores = Stores()
    faces = [6, 1, 2, 3, 4, 4, 6, 1, 1, 1, 6, 1, 1, 1]  # tracks a deer (Health 2); one success: damage 1
    assert rations.hunt(state, c, 0, 0, 0, False, "medium", stores, FixedDice(faces), []) == 0


@pytest.mark.rule("HUNT-03", "HUNT-08")
def test_a_trappable_animal_is_caught_with_a_snare_and_a_second_survival_roll() -> None:
    state, c = party(survival=2)
    stores, events = Stores(), []
    faces = [6, 1, 2, 3, 4, 2, 6, 1, 1, 1, 1]  # tracks a rabbit (2), the trap roll succeeds
    assert rations.hunt(state, c, 0, 0, 0, True, "medium", stores, FixedDice(faces), events) == 1
    assert len(rolled(events, "trap")) == 5 and not [e for e in events if e.get("purpose") == "hunting shot"]


@pytest.mark.rule("FISH-01", "FISH-02", "FISH-03", "FISH-04")
def test_fishing_is_survival_with_gear_and_each_success_is_a_ration() -> None:
    state, c = party(survival=1)
    stores, events = Stores(), []
    assert rations.fish(state, c, 1, 0, 1, stores, FixedDice([6, 6, 1, 1]), events) == 2
    assert len(rolled(events, "fish")) == 4  # Wits 3 + Survival 1 + gear 1 - 1 earlier fishing
    assert stores.raw_meat == 2


@pytest.mark.rule("COOK-01", "COOK-02", "COOK-03", "COOK-04", "RATION-06")
def test_cooking_makes_a_batch_of_twelve_safe_on_a_success_and_risky_on_a_failure() -> None:
    state, c = party(survival=1)
    stores = Stores(raw_meat=10, raw_plants=5)
    assert rations.cook(state, c, 12, stores, FixedDice([6, 1, 1, 1]), []) == 12
    assert (stores.food, stores.raw_meat, stores.raw_plants) == (12, 0, 3)
    assert rations.cook(state, c, 12, stores, FixedDice([1, 2, 3, 4]), []) == 3
    assert (stores.risky_plants, stores.raw_plants) == (3, 0)


@pytest.mark.rule("RATION-01", "RATION-04", "RATION-06", "RATION-07", "HAZ-HUNGER-01")
def test_the_daily_meal_eats_the_safest_food_and_counts_risky_meals() -> None:
    stores, needs = Stores(food=1, risky_meat=1, raw_plants=1, water=1), Needs()
    assert rations.eat(stores, needs, 1) == 0 and (stores.food, stores.water) == (0, 0) and needs.drank
    needs = Needs()
    assert rations.eat(stores, needs, 1) == rations.PLANT_VIRULENCE == 3 and not needs.drank
    needs = Needs()
    assert rations.eat(stores, needs, 1) == rations.MEAT_VIRULENCE == 6 and needs.exposures == [6]
    needs = Needs()
    assert rations.eat(stores, needs, 1) == 0 and not needs.ate  # nothing left: rations never below 0
    assert stores.edible == 0


# --- camp (CAMP-, CAMP-MISHAP-, REST-) -------------------------------------------------------------------------


@pytest.mark.rule("CAMP-01", "CAMP-02", "CAMP-03")
def test_making_camp_rolls_survival_and_a_failure_rolls_a_d10_mishap() -> None:
    state, c = party(survival=1)
    assert camp.make_camp(state, c, 1, FixedDice([6, 1, 1, 1, 1]), []) == 0
    events: list[Event] = []
    assert camp.make_camp(state, c, 0, FixedDice([1, 2, 3, 4, (7, 10)]), events) == 7
    assert len(rolled(events, "make camp")) == 4 and events[-1].get("mishap") == "mosquito swarm"


def _camp(
    mishap: int, faces: list[int], band: str = "cold"
) -> tuple[GameState, list[Needs], Stores, tuple[bool, bool]]:
    state, _ = party(stamina=1)
    needs = [Needs() for _ in state.combatants]
    stores = Stores(food=7, raw_meat=3, water=4)
    result = camp.camp_mishap(state, _HAZ, mishap, band, state.combatants, needs, stores,
                              FixedDice(faces), [])  # fmt: skip
    return state, needs, stores, result


@pytest.mark.rule("CAMP-MISHAP-1")
def test_spoiled_food_halves_every_stack() -> None:
    _, _, stores, (fire, sleep) = _camp(1, [])
    assert (stores.food, stores.raw_meat, stores.water) == (3, 1, 4) and fire and sleep


@pytest.mark.rule("CAMP-MISHAP-2", "WEATHER-16")
def test_flooding_soaks_everyone_calls_for_cold_rolls_and_stops_sleep() -> None:
    state, needs, _, (fire, sleep) = _camp(2, [6, 1, 1, 1, 1, 1, 1])  # Red resists, Blue does not
    assert fire and not sleep and all(n.soaked for n in needs)
    assert [c.attrs[0] for c in state.combatants] == [3, 2]


@pytest.mark.rule("CAMP-MISHAP-3", "CAMP-04", "CAMP-08")
def test_the_fire_dies_and_everyone_rolls_against_the_cold_unless_it_is_warm() -> None:
    state, _, _, (fire, _) = _camp(3, [1, 1, 1, 1, 1, 1, 1])
    assert not fire and [c.attrs[0] for c in state.combatants] == [2, 2]  # failed: 1 damage, hypothermic
    state, _, _, (fire, _) = _camp(3, [], band="warm")
    assert not fire and [c.attrs[0] for c in state.combatants] == [3, 3]


@pytest.mark.rule("CAMP-MISHAP-4")
def test_a_camp_fire_burns_everyone_at_intensity_d_and_gear_may_be_lost() -> None:
    assert camp.CAMP_FIRE_INTENSITY == 3
    state, _ = party()
    state.combatants[0].items = ["rope"]
    faces = [6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]  # Red: 1 damage, fails Mobility; Blue: none, fails too
    camp.camp_mishap(
        state, _HAZ, 4, "cold", state.combatants, [Needs(), Needs()], Stores(), FixedDice(faces), []
    )
    red = state.combatants[0]
    assert red.attrs[0] == 2 and red.burning == 0 and red.items == []


@pytest.mark.rule("CAMP-MISHAP-5", "CAMP-MISHAP-7", "CAMP-MISHAP-6")
def test_ants_mosquitoes_and_lice_cause_stress() -> None:
    state, _, _, (_, sleep) = _camp(5, [])
    assert not sleep and [c.attrs[2] for c in state.combatants] == [2, 2]  # 1 stress each: Wits (DMGM-01)
    state, _, _, (_, sleep) = _camp(7, [6, 6, 6, 1])
    assert sleep and [c.attrs[2] for c in state.combatants] == [1, 2]  # two 6s, one 6
    state, needs, _, (_, sleep) = _camp(6, [1])
    assert sleep and needs[0].lice and not needs[1].lice and state.combatants[0].attrs[2] == 2


@pytest.mark.rule("CAMP-MISHAP-9", "CAMP-MISHAP-10", "CAMP-MISHAP-8")
def test_lost_and_broken_gear() -> None:
    state, _ = party()
    state.combatants[0].items = ["medkit"]
    state.combatants[1].items = ["rope"]
    needs = [Needs(), Needs()]
    camp.camp_mishap(state, _HAZ, 9, "cold", state.combatants, needs, Stores(), FixedDice([1]), [])
    assert state.combatants[0].items == [] and state.combatants[1].items == ["rope"]
    assert camp.SAVAGE_ANIMAL == 8  # its fight is the scenario's (G-22)


@pytest.mark.rule("CAMP-06")
def test_sleeping_rough_needs_a_survival_roll_each() -> None:
    state, _ = party(survival=1)
    failed = camp.sleep_rough(state, state.combatants, FixedDice([6, 1, 1, 1, 1, 1, 1]), [])
    assert failed == [1]


@pytest.mark.rule("REST-01", "REST-05", "HEAL-04", "HEAL-10")
def test_a_rest_shift_recovers_unless_hypothermic() -> None:
    state, c = party()
    c.attrs[0] -= 2
    camp.rest_shift(state, c, FixedDice(), [])
    assert c.attrs[0] == 2
    c.timed.append(HYPOTHERMIC.start())
    camp.rest_shift(state, c, FixedDice(), [])
    assert c.attrs[0] == 2


# --- encounters and watch (ENCOUNTER-, WATCH-) ---------------------------------------------------------------


@pytest.mark.rule("ENCOUNTER-02", "TRAVEL-29", "CAMP-04")
def test_an_encounter_comes_on_a_six_off_road_and_a_five_on_roads_or_by_a_campfire() -> None:
    due = [encounters.encounter_due(d, False, False, 6, 5, 5) for d in range(1, 7)]
    assert due == [False] * 5 + [True]
    assert [encounters.encounter_due(d, True, False, 6, 5, 5) for d in (4, 5)] == [False, True]
    assert [encounters.encounter_due(d, False, True, 6, 5, 5) for d in (4, 5)] == [False, True]


@pytest.mark.rule("ENCOUNTER-04", "ENCOUNTER-01")
def test_the_attitude_table() -> None:
    assert [encounters.attitude_roll(FixedDice([d])) for d in range(1, 7)] == [
        "hostile", "hostile", "wary", "wary", "peaceful", "peaceful",
    ]  # fmt: skip


@pytest.mark.rule("WATCH-03", "WATCH-08", "WEATHER-13")
def test_the_encounter_distance_is_the_terrains_capped_by_visibility() -> None:
    assert encounters.distance(3, 1, True) == 1 and encounters.distance(3, 1, False) == 3
    from yz_gym.rulesets.yze.travel.hexmap import encounter_distance

    hexmap = parse_rows(["f f= o"])
    assert [encounter_distance(hexmap, h) for h in range(3)] == [
        1,
        2,
        3,
    ]  # TRAVEL-14: a road is Long at least


@pytest.mark.rule("WATCH-01", "WATCH-02", "WATCH-04", "WATCH-05", "WATCH-07")
def test_the_lookout_rolls_observation_with_the_vehicle_modifier_and_no_lookout_never_spots() -> None:
    state, c = party(observation=2)
    assert (encounters.watch_modifier(True, False), encounters.watch_modifier(False, True)) == (-2, 2)
    assert encounters.watch_modifier(True, True) == 0
    events: list[Event] = []
    assert encounters.lookout_spots(state, c, 2, FixedDice([1, 1, 1, 1, 1, 1, 6]), events)
    assert len(rolled(events, "keep watch")) == 7  # Wits 3 + Observation 2 + 2
    assert not encounters.lookout_spots(state, None, 0, FixedDice([6]), [])


@pytest.mark.rule("ENCOUNTER-05", "ENCOUNTER-03", "WATCH-06")
def test_ambushes_are_prepared_from_long_or_without_a_lookout_and_a_detour_costs_a_hex() -> None:
    assert encounters.prepared(True, 2, True, "long", True) and not encounters.prepared(
        True, 1, True, "long", True
    )
    assert encounters.prepared(False, 0, False, "long", True) and not encounters.prepared(
        False, 0, True, "long", True
    )
    assert encounters.detour_cost(S, 2) == 120 and encounters.detour_cost(S, 1) == 60


# --- driving, mishaps, fuel (DRIVE-, DRIVE-MISHAP-, FUEL-) ------------------------------------------------------


@pytest.mark.rule("FUEL-01", "FUEL-02", "FUEL-03", "FUEL-04", "FUEL-VEH-CAR", "FUEL-VEH-TRUCK", "FUEL-VEH-MOTORCYCLE",
                  "FUEL-VEH-DIRTBIKE", "FUEL-VEH-PICKUP", "FUEL-VEH-APC", "FUEL-VEH-TANK", "FUEL-VEH-HELICOPTER")  # fmt: skip
def test_fuel_by_the_hex_doubles_off_road_except_in_the_air() -> None:
    assert driving.FUEL == {"car": (50, 1), "truck": (200, 4), "motorcycle": (15, 0.5), "dirt_bike": (10, 0.5),
                            "pickup": (80, 2), "apc": (360, 8), "tank": (1200, 30), "helicopter": (800, 16)}  # fmt: skip
    truck, heli = driving.Wheels("T", "truck", 7.0), driving.Wheels("H", "helicopter", 16.0)
    assert (truck.litres(False), truck.litres(True), heli.litres(True)) == (4, 8, 16)
    assert driving.can_enter(truck, False, True) and not driving.can_enter(truck, True, True)
    assert driving.can_enter(truck, True, False)


@pytest.mark.rule("DRIVE-03", "DRIVE-01")
def test_the_driving_roll_adds_terrain_weather_and_maneuverability() -> None:
    state, c = party(mobility=1)
    events: list[Event] = []
    car = driving.Wheels("Car", "car", 50.0)
    assert driving.driving_roll(state, c, car, 3, -2, True, FixedDice([6, 1, 1, 1, 1, 1]), events)
    assert len(rolled(events, "drive")) == 6  # Agility 3 + Mobility 1 + road 3 - rain 2 + Maneuverability 1
    assert driving.mishap_roll(FixedDice([1, 1]), -2) == 2 and driving.mishap_roll(FixedDice([6, 6]), 0) == 12


@pytest.mark.rule("DRIVE-MISHAP-2", "DRIVE-MISHAP-4", "DRIVE-MISHAP-10", "DRIVE-07")
def test_breakdowns_stop_the_vehicle_until_a_crafting_roll_mends_them() -> None:
    state, c = party(crafting=1)
    tire = driving.Wheels("Car", "car", 50.0)
    assert (
        driving.mishap(
            tire, 10, 10, 10, "current", "animal_health_half", "destroyed", Stores(), FixedDice(), []
        )
        == "stop"
    )
    assert tire.broken == 10 and not tire.running
    events: list[Event] = []
    assert driving.repair(state, c, tire, FixedDice([6, 1, 1, 1, 1, 1]), events) and tire.running
    assert len(rolled(events, "repair vehicle")) == 6  # Wits 3 + Crafting 1 + 2 for a tire
    axle = driving.Wheels("Car", "car", 50.0, broken=2)
    assert not driving.repair(state, c, axle, FixedDice([5, 5, 5, 5]), []) and axle.broken == 2


@pytest.mark.rule("DRIVE-MISHAP-3", "DRIVE-05")
def test_roadkill_gives_meat_and_half_the_animals_health_as_damage() -> None:
    truck, stores = driving.Wheels("T", "truck", 10.0), Stores()
    assert (
        driving.mishap(
            truck, 3, 8, 8, "current", "animal_health_half", "destroyed", stores, FixedDice([6, 3, 4]), []
        )
        == ""
    )
    assert truck.damage == 3 and stores.raw_meat == 28  # a moose: Health 5 -> 3; 2D6 x 4


@pytest.mark.rule("DRIVE-MISHAP-11", "DRIVE-06", "DRIVE-MISHAP-12", "DRIVE-MISHAP-5", "DRIVE-MISHAP-6",
                  "DRIVE-MISHAP-7", "DRIVE-MISHAP-8", "DRIVE-MISHAP-9", "DRIVE-04")  # fmt: skip
def test_the_other_mishaps() -> None:
    args = ("animal_health_half", "destroyed", Stores(fuel=20.0), FixedDice(), [])
    truck = driving.Wheels("T", "truck", 10.0)
    assert driving.mishap(truck, 11, 1, 8, "current", *args) == "stop" and truck.damage == 1
    assert driving.mishap(truck, 11, 1, 8, "max", *args) == "stop" and truck.damage == 9 and truck.destroyed
    car = driving.Wheels("C", "car", 30.0)
    assert (
        driving.mishap(car, 5, 10, 10, "current", *args) == "stop" and car.fuel == 20.0
    )  # drained, refilled
    assert driving.mishap(car, 6, 10, 10, "current", *args) == "stop" and car.bogged
    assert driving.mishap(car, 7, 10, 10, "current", *args) == "hex"
    assert driving.mishap(car, 8, 10, 10, "current", *args) == "reroute"
    assert driving.mishap(car, 9, 10, 10, "current", *args) == "stop" and not car.destroyed
    wrecked = driving.Wheels("W", "car", 10.0)
    driving.mishap(wrecked, 12, 10, 10, "current", "animal_health_half", "wrecked", Stores(), FixedDice(), [])
    assert wrecked.broken == 2 and not wrecked.destroyed
    driving.mishap(wrecked, 12, 10, 10, "current", *args)
    assert wrecked.destroyed


@pytest.mark.rule("TRAVEL-10", "VEH-ATTR-PASS")
def test_the_convoy_goes_at_its_slowest_vehicles_speed_and_seats_its_drivers_and_passengers() -> None:
    convoy = [driving.Wheels("P", "pickup", 80.0), driving.Wheels("T", "truck", 200.0)]
    assert driving.convoy_speeds(convoy) == (8, 1) and driving.seats(convoy) == 8
