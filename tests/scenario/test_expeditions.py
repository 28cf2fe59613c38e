"""The expedition mode (issue 15): its file format, one-line validation errors, its documentation,
the journey's invariants over random legal plans, fights started with the party as the trip left it,
the planners, and the privation hook."""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml

from tests.cli.test_every_mode import invoke, refused
from yz_gym.agents import make_agent
from yz_gym.core.ending import Termination
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.fights import play_fight, start_fight
from yz_gym.rulesets.yze.travel.tasks import DayPlan
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.expedition_models import MODELS
from yz_gym.scenario.files import SCENARIO_DIR
from yz_gym.scenario.loading import bundled, load

DOC = Path(__file__).resolve().parents[2] / "docs" / "expeditions.md"
NAMES = [
    "expedition_convoy_ruins", "expedition_dragoon_patrol", "expedition_marsh_trek", "expedition_river_journey",
    "expedition_winter_crossing",
]


def winter() -> dict[str, Any]:
    return yaml.safe_load((SCENARIO_DIR / "expedition_winter_crossing.yaml").read_text(encoding="utf-8"))


def test_the_bundled_expeditions_load_as_the_expedition_mode() -> None:
    assert [n for n in bundled() if n.startswith("expedition_")] == NAMES
    for name in NAMES:
        loaded = load(name)
        assert loaded.mode.name == "expedition" and loaded.sides == (loaded.scenario.side,)
    convoy = load("expedition_convoy_ruins").scenario
    assert [v.kind for v in convoy.vehicles] == ["pickup", "truck"] and convoy.vehicles[1].fuel == 120.0


def test_every_key_of_the_file_format_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [f"{m.__name__}.{key}" for m in MODELS for key in m.model_fields if f"`{key}`" not in text]
    assert missing == []


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d["party"].update(side="bandits"), "party.side: no side 'bandits' in npc_group_surprise; sides: caravan, redcaps"),
    (lambda d: d["map"].update(start=[20, 1]), "map.start: (20, 1) is off the map of 12 x 6 hexes"),
    (lambda d: d["map"]["rows"].append("o o"), "map.rows: row 6 has 2 hexes, the first row 12"),
    (lambda d: d["map"]["rows"].__setitem__(0, "x" + d["map"]["rows"][0][1:]), "map.rows: row 0: hex 'x='; write a terrain letter"),
    (lambda d: d.update(travel_rules={"dark_shift": "night"}), "travel_rules.dark_shift: unknown travel rule option; did you mean 'dark_shifts'?"),
    (lambda d: d.update(travel_rules={"cook_batch": 0}), "travel_rules.cook_batch: 0 is out of range; give a value from 1 to 48"),
    (lambda d: d["encounters"]["table"][0].update(fight="chase_market_foot"), "encounters.table[0].fight: chase_market_foot is not a zone fight"),
    (lambda d: d["encounters"]["table"][0].update(side="wolves2"), "encounters.table[0].side: no side 'wolves2'"),
    (lambda d: d["encounters"]["table"][0].update(fight="nowhere.yaml"), "encounters.table[0].fight: nowhere.yaml: no such scenario file"),
    (lambda d: d["party"].update(winter_clothing=["Hallam"]), "party.winter_clothing: no traveller named 'Hallam'"),
    (lambda d: d["party"].update(vehicles=[{"name": "V", "type": "car", "fuel": 60}]), "party.vehicles[0].fuel: 60 litres, but a car holds 50"),
    (lambda d: d.update(agents={"redcaps": "hasty"}), "agents.redcaps: the party's side is 'caravan'"),
    (lambda d: d["map"].update(goal=[0, 0]), "map.goal: the goal is the start hex"),
    (lambda d: d.update(season="monsoon"), "season"),
    (lambda d: d.update(rations=3), "rations"),
    (lambda d: d["party"].update(specialties=["healer"]), "party.specialties: unknown key 'specialties'; allowed here: "
     "scenario, side, food, water, fuel, winter_clothing, blankets, healers, snare, fishing_gear, vehicles, poisons "
     "(see docs/expeditions.md)"),
    (lambda d: d["party"].update(healers=["Hallam"]), "party.healers: no traveller named 'Hallam'"),
])  # fmt: skip
def test_a_bad_file_is_one_line_naming_the_field_and_the_fix(change: Any, expected: str) -> None:
    data = winter()
    change(data)
    with pytest.raises(ScenarioError) as err:
        load(copy.deepcopy(data))
    message = str(err.value)
    assert message.startswith("<dict>: ") and "\n" not in message
    assert expected in message, message


def test_validate_refuses_a_bad_expedition_with_exit_code_2(tmp_path: Path) -> None:
    data = winter()
    data["party"]["side"] = "nobody"
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert "party.side: no side 'nobody'" in refused(["validate", str(path)])
    ok = invoke(["validate", "expedition_winter_crossing"])
    assert ok.exit_code == 0 and "4 travellers, 12 x 6 hexes, winter (cold)" in ok.output


def play(name: str, seed: int, planner: str = "random") -> tuple[Any, list[Any]]:
    """A journey to its end with the named planner, checking the invariants after every day."""
    loaded = load(name)
    rng = np.random.default_rng(seed)
    state = journey.new_expedition(loaded.scenario, rng)
    agent = make_agent(planner, seed)
    events = list(state.opening)
    day, dead = 1, set()
    while not journey.is_over(state):
        legal = journey.legal_actions(state)
        assert legal and all(isinstance(p, DayPlan) for p in legal)
        events += journey.apply(state, agent.choose(state, legal), rng, legal)
        s = state.stores
        assert min(s.food, s.raw_plants, s.raw_meat, s.risky_plants, s.risky_meat, s.water) >= 0 <= s.fuel
        assert state.day >= day, "the clock never runs back"
        day = state.day
        assert dead <= {c.id for c in state.people if c.dead}, "the dead stay dead"
        dead = {c.id for c in state.people if c.dead}
        assert set(state.causes) == dead
    assert journey.outcome(state) is not None and journey.legal_actions(state) == []
    return state, events


@pytest.mark.parametrize("name", NAMES)
def test_random_plans_keep_the_journeys_invariants(name: str) -> None:
    ends = set()
    for seed in range(12):
        state, _ = play(name, seed)
        ends.add(state.termination)
    assert ends <= {Termination.ARRIVED, Termination.PARTY_LOST, Termination.DAY_LIMIT}


def test_same_seed_same_journey_and_a_pickled_one_goes_on_identically() -> None:
    a, events_a = play("expedition_convoy_ruins", 5, "cautious")
    b, events_b = play("expedition_convoy_ruins", 5, "cautious")
    assert events_a == events_b and a.day == b.day
    loaded = load("expedition_winter_crossing")
    rng = np.random.default_rng(2)
    state = journey.new_expedition(loaded.scenario, rng)
    planner = make_agent("cautious", 2)
    journey.apply(state, planner.choose(state, journey.legal_actions(state)), rng)
    copy_state, copy_rng = pickle.loads(pickle.dumps((state, rng)))
    clone, clone_rng = state.clone(), copy.deepcopy(rng)
    for s, r in ((state, rng), (copy_state, copy_rng), (clone, clone_rng)):
        while not journey.is_over(s):
            journey.apply(s, planner.choose(s, journey.legal_actions(s)), r)
    assert journey.outcome(copy_state) == journey.outcome(state) == journey.outcome(clone)
    assert copy_state.stores == state.stores == clone.stores


def test_a_plan_not_offered_is_refused_without_changing_anything() -> None:
    loaded = load("expedition_winter_crossing")
    state = journey.new_expedition(loaded.scenario, 0)
    before = pickle.dumps(state)
    with pytest.raises(Exception, match="not a plan the party can make now"):
        journey.apply(state, DayPlan(2, "fish", True, -1), np.random.default_rng(0))  # no fishing gear
    assert pickle.dumps(state) == before


@pytest.mark.rule("ENCOUNTER-05", "TIME-09")
def test_a_fight_starts_with_the_party_as_the_trip_left_it_and_its_result_comes_back() -> None:
    scenario = load("expedition_winter_crossing").scenario
    spec = scenario.placed[0][1]
    state = journey.new_expedition(scenario, 0)
    hallam, jorund = state.people[0], state.people[1]
    hallam.attrs[0] -= 1  # a day of cold behind him
    hallam.stress = 1
    jorund.dead = True
    game = start_fight(spec, state.people, -1, False, np.random.default_rng(1))
    fought = [game.combatants[i] for i in spec.party]
    assert (
        fought[0].name == "Master Hallam" and fought[0].attrs[0] == hallam.attrs[0] and fought[0].stress == 1
    )
    assert fought[1].dead and game.combatants[spec.party[1]].side == spec.side
    result = play_fight(spec, state.people, "aggressive", -1, False, True, np.random.default_rng(1))
    assert result.rounds >= 1 and result.lines and jorund.dead and 1 not in result.killed
    final = start_fight(spec, state.people, -1, False, np.random.default_rng(1))  # as the fight left them
    assert [final.combatants[i].attrs for i in spec.party] == [c.attrs for c in state.people]


def test_the_planners_rest_when_hurt_and_push_on() -> None:
    loaded = load("expedition_winter_crossing")
    state = journey.new_expedition(loaded.scenario, 0)
    legal = journey.legal_actions(state)
    cautious, hasty = make_agent("cautious", 0), make_agent("hasty", 0)
    assert cautious.choose(state, legal).moves == 2 and hasty.choose(state, legal).moves == 3
    state.people[2].attrs[0] = 1  # Wren down to a third of her Strength
    assert cautious.choose(state, legal).moves == 0
    state.stores.food = 0
    plan = hasty.choose(state, legal)
    assert plan.moves == 2 and plan.provision in ("hunt", "forage_food") and plan in legal


@pytest.mark.rule("HAZ-HUNGER-01", "RATION-01", "TRAVEL-38")
def test_going_without_food_reaches_the_privation_hook_each_morning() -> None:
    data = winter()
    data["party"].update(food=0, water=0)
    data["encounters"] = {}
    loaded = load(data)
    state = journey.new_expedition(loaded.scenario, 0)
    events = journey.apply(state, DayPlan(2, "none", True, 0), np.random.default_rng(0))
    without = [e for e in events if e.kind == "went_without"]
    assert len(without) == 4 and all(e.get("food") and e.get("water") for e in without)
    assert all(n.hungry_days == 1 and n.thirsty_days == 1 for n in state.needs)
    assert re.search(r"went without food, water", "\n".join(journey.narrate(state, events)))


def test_evaluate_reports_an_expedition_with_intervals(tmp_path: Path) -> None:
    import json

    out = tmp_path / "trips.json"
    result = invoke(["evaluate", "expedition_dragoon_patrol", "-n", "12", "--json", str(out), "--compare",
                     "expedition_winter_crossing"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (
        "12 trips planned by hasty" in result.output
    )  # the file's planner and "deaths by cause" in result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    arrived = report["arrived"]
    assert (
        report["trips"] == 12
        and arrived["count"] + report["party_lost"]["count"] + report["out_of_time"]["count"] == 12
    )
    assert 0 <= arrived["ci95"][0] <= arrived["probability"] <= arrived["ci95"][1] <= 1
    assert set(report["deaths"]) == {"Captain Vell", "Dragoon Ash", "Dragoon Birk"}
    assert report["compare"]["scenario"] == "Winter crossing of the Redcap hills"
    what_if = {row["quantity"]: row for row in report["compare"]["what_if"]}
    assert what_if["arrived"]["mean_a"] == arrived["probability"] and "What if (12 and 12 trips)" in result.output
    low, high = what_if["arrived"]["ci95"]
    assert low <= what_if["arrived"]["change"] == what_if["arrived"]["mean_b"] - arrived["probability"] <= high
    again = invoke(["evaluate", "expedition_dragoon_patrol", "-n", "12", "-p", "dragoons=hasty", "--json",
                    str(tmp_path / "again.json")])  # fmt: skip
    assert again.exit_code == 0
    assert (
        json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))["arrived"] == arrived
    )  # same seeds
    assert "--plot: expeditions have no plot yet" in refused(
        ["evaluate", "expedition_dragoon_patrol", "-n", "2", "--plot", str(tmp_path / "p.png")]
    )
    assert "does not play yze expedition games" in refused(
        ["evaluate", "expedition_dragoon_patrol", "-p", "dragoons=tactical"]
    )
