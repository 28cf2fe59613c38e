"""From a chase to a zone fight: `chase_after_catch: fight`, the `handover:` block of chase files
(checks and one-line errors), the fight built from an ended chase (rulesets/yze/scenario/handover.py), and
where it shows up: `yz-gym evaluate` and `info["handover"]` of Chase-v0."""

from __future__ import annotations

import copy
import json
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from typer.testing import CliRunner

import yz_gym  # noqa: F401  (registers the envs)
from tests.helpers import FixedDice, chase_error
from yz_gym.cli import app
from yz_gym.envs.chase_env import ending
from yz_gym.evaluation.runner import evaluate
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.state import CK, PILOT, ChaseAction, ChaseState, Phase
from yz_gym.rulesets.yze.scenario.chase_builder import build_chase, load_chase
from yz_gym.rulesets.yze.scenario.handover import fight_scenario
from yz_gym.rulesets.yze.state import Scenario, Sneak
from yz_gym.rulesets.yze.zone import engine

QUIET = {"obstacles": False, "ask_cancel": False, "hide_ambush": False}
MAP = {
    "zones": [
        {"name": "Roof", "vehicles": False},
        {"name": "Stalls", "cover": ["furniture"]},
        {"name": "Lane", "vehicles": False},
        {"name": "Gate"},
    ],
    "borders": [
        {"between": ["Stalls", "Lane"]},
        {"between": ["Stalls", "Gate"]},
        {"between": ["Lane", "Roof"]},
    ],
}


def person(name: str, side: str, strength: int = 3, **extra: Any) -> dict[str, Any]:
    attributes = {"strength": strength, "agility": 3, "wits": 3, "empathy": 3}
    return {"name": name, "side": side, "attributes": attributes, **extra}


def chase_data(
    people: list[dict[str, Any]] | None = None, handover: bool = True, **rules: Any
) -> dict[str, Any]:
    """Hunter (Melee 4 dice, unarmed) after Prey on foot, the catch turning into a fight."""
    out: dict[str, Any] = {
        "name": "market",
        "sides": ["hunters", "prey"],
        "pursuer": "hunters",
        "rules": {"ask_push": False},
        "chase_rules": {**QUIET, "chase_start_range": "short", "chase_after_catch": "fight", **rules},
        "combatants": people
        or [
            person("Hunter", "hunters", skills={"mobility": 1, "melee": 1, "observation": 1}),
            person("Prey", "prey", skills={"mobility": 1, "stealth": 1}),
        ],
    }
    if handover:
        out["handover"] = {"zone": "Stalls", "round_cap": 8, "map": copy.deepcopy(MAP)}
    return out


def play_round(state: ChaseState, rng: Any, plan: dict[str, ChaseAction]) -> None:
    """Everyone picks from the plan (by name); Other if not listed."""
    now = state.round
    while state.phase == Phase.CHOOSE and state.round == now:
        c, slot = state.choosers[0]
        name = state.world.combatants[c].name
        chase.apply(
            state, plan.get(name, ChaseAction(CK.OTHER)) if slot == PILOT else ChaseAction(CK.OTHER), rng
        )


def cid(state: ChaseState, name: str) -> int:
    return next(c.id for c in state.world.combatants if c.name == name)


def caught(data: dict[str, Any], hit: list[int]) -> ChaseState:
    """Hunter closes from Short (one success) and attacks with the faces `hit`."""
    state = chase.new_chase(build_chase(data, "c.yaml"), 0)
    play_round(state, FixedDice([6, 2, 2, 2]), {"Hunter": ChaseAction(CK.CHASE)})
    assert chase.decision_kind(state) == "catch"
    chase.apply(state, ChaseAction(CK.ATTACK, target=cid(state, "Prey")), FixedDice(hit))
    return state


# --- chase_after_catch: fight -------------------------------------------------------------------


@pytest.mark.rule("CHASE-END-04", "CHASE-FLEE-03", "CHASE-END-02")
def test_a_catch_that_leaves_the_prey_standing_turns_the_chase_into_combat():
    state = caught(chase_data(handover=False), [6, 2, 2, 2])  # one success: 1 damage, Strength 3 -> 2
    prey, hunter = cid(state, "Prey"), cid(state, "Hunter")
    assert chase.is_over(state) and chase.outcome(state).winner is None and ending(state) == "combat"
    assert state.handover == {"kind": "combat", "by": hunter, "range": "engaged", "target": prey}
    assert state.world.combatants[prey].attrs[0] == 2
    assert fight_scenario(state) is None  # no handover: map, so no fight to build
    down = caught(chase_data([person("Hunter", "hunters", skills={"mobility": 1, "melee": 1}),
                              person("Prey", "prey", strength=1)], handover=False), [6, 2, 2, 2])  # fmt: skip
    assert down.handover is None and chase.outcome(down).winner == "hunters"  # Broken: simply caught
    assert chase.results(down)["Prey"] == "caught"


# --- the fight built from the chase ---------------------------------------------------------------


@pytest.mark.rule("CHASE-END-04", "CHASE-18", "RANGE-ENGAGED")
def test_the_fight_carries_everyone_over_and_places_them_by_range_band():
    people = [
        person("Hunter", "hunters", skills={"mobility": 1, "melee": 1}, position=1),
        person("Prey", "prey", skills={"mobility": 1}, weapons=["knife"], position=2),
        person("Spotter", "hunters", weapons=["pistol"], position=0),
        person("Driver", "hunters", position=0),
    ]
    data = chase_data(people, chase_multi="individual")
    data["vehicles"] = [{"name": "Van", "type": "car", "driver": "Driver", "damage": 1, "position": 0}]
    state = caught(data, [6, 2, 2, 2])
    fight = fight_scenario(state)
    assert isinstance(fight, Scenario) and fight.setup.sides == ("hunters", "prey")
    assert fight.setup.victory.round_cap == 8 and fight.setup.name == "market: the fight"
    zones = [z.name for z in fight.setup.zone_map.zones]
    by_name = {c.name: c for c in fight.combatants}
    where = {name: zones[c.zone] for name, c in by_name.items()}
    # the catcher and its prey where the fight begins, engaged; Medium = 1 zone away: Lane for a
    # runner, Gate for the car (no vehicle goes into the Lane)
    assert where == {"Hunter": "Stalls", "Prey": "Stalls", "Spotter": "Lane", "Driver": "Gate"}
    assert by_name["Prey"].engaged == {by_name["Hunter"].id} and not by_name["Spotter"].engaged
    assert by_name["Prey"].attrs[0] == 2 and by_name["Prey"].damage_taken == 1  # as the chase left her
    assert by_name["Prey"].weapons[0].name == "knife"
    van = fight.vehicles[0]
    assert (van.name, van.damage, zones[van.zone], van.driver) == ("Van", 1, "Gate", by_name["Driver"].id)
    assert by_name["Driver"].vehicle == 0
    game = engine.new_game(fight, np.random.default_rng(1))  # a fight like any other
    while not engine.is_over(game):
        engine.apply(game, engine.legal_actions(game)[0], np.random.default_rng(2))
    assert engine.outcome(game) is not None


@pytest.mark.rule("CHASE-END-04", "VEH-AIR-02", "VEH-DMG-08")
def test_vehicles_keep_damage_seats_gunners_and_altitude():
    people = [
        person("Cop", "hunters"),
        person("Pilot", "hunters"),
        person("Gunner", "hunters", skills={"marksmanship": 2}),
        person("Robber", "prey"),
    ]
    data = chase_data(people, chase_start_range="engaged")
    data["weapons"] = {"door_gun": {"grip": "2H", "bonus": 2, "damage": 2, "range": "long", "ranged": True,
                                    "skill": "Marksmanship", "firearm": True}}  # fmt: skip
    data["vehicles"] = [
        {"name": "Cruiser", "type": "car", "driver": "Cop"},
        {"name": "Hawk", "type": "helicopter", "driver": "Pilot", "passengers": ["Gunner"],
         "exposed": ["Gunner"], "altitude": 2, "weapons": [{"weapon": "door_gun", "gunner": "Gunner"}]},
        {"name": "Getaway", "type": "car", "driver": "Robber"},
    ]  # fmt: skip
    state = chase.new_chase(build_chase(data, "c.yaml"), 0)
    state.vehicles[1].damage = 2
    state.vehicles[2].engine_disabled = True
    play_round(state, FixedDice(), {"Cop": ChaseAction(CK.FIGHT)})  # CHASE-END-04: the leader turns to fight
    assert state.handover == {"kind": "combat", "by": cid(state, "Cop"), "range": "engaged"}
    fight = fight_scenario(state)
    assert fight is not None
    hawk = next(v for v in fight.vehicles if v.name == "Hawk")
    gunner = next(c for c in fight.combatants if c.name == "Gunner")
    assert hawk.air and hawk.altitude == 2 and hawk.damage == 2 and gunner.id in hawk.exposed
    assert hawk.weapons[0].gunner == gunner.id and hawk.exposed_seats == 1
    assert next(v for v in fight.vehicles if v.name == "Getaway").engine_disabled
    game = engine.new_game(fight, 3)
    assert game.combatants[gunner.id].weapons[game.combatants[gunner.id].held].name.startswith("@Hawk/")
    assert not any(c.engaged for c in game.combatants)  # nobody aboard a vehicle is engaged


@pytest.mark.rule("CHASE-HIDE-04", "SNEAK-01")
def test_an_ambush_becomes_a_sneak_attack_on_the_ambushed():
    data = chase_data(chase_start_range="medium", hide_ambush=True)
    state = chase.new_chase(build_chase(data, "c.yaml"), 0)
    hide = ChaseAction(CK.HIDE, unit=state.unit_of(cid(state, "Hunter")))
    play_round(state, FixedDice([6, 2, 2, 2, 2, 2]), {"Prey": hide})  # Stealth 2 dice at Medium vs 4
    chase.apply(state, ChaseAction(CK.AMBUSH), FixedDice())
    fight = fight_scenario(state)
    assert fight is not None
    prey = next(c for c in fight.combatants if c.name == "Prey")
    hunter = next(c for c in fight.combatants if c.name == "Hunter")
    assert fight.sneaks == (Sneak(prey.id, hunter.id, True),) and prey.zone == hunter.zone == 1


@pytest.mark.rule("CHASE-END-03", "CHASE-END-04", "CHASE-HIDE-04")
@pytest.mark.parametrize("name", ["chase_bounty_hunt", "chase_highway_pileup", "chase_helicopter_pickup"])
def test_every_chase_that_ends_in_combat_gives_a_playable_fight(name):
    """Random play (FIGHT, ambushes, catches by rams, wrecks, aircraft): the fight always builds
    with two sides, fits the RL limits, and plays to its end."""
    from yz_gym.envs.limits import check_scenario
    from yz_gym.scenario.files import SCENARIO_DIR, read_yaml

    data = read_yaml(SCENARIO_DIR / f"{name}.yaml")
    data["chase_rules"] = {**data.get("chase_rules", {}), "chase_after_catch": "fight", "hide_ambush": True}
    data["handover"] = {"zone": "Gate", "map": copy.deepcopy(MAP), "round_cap": 5}
    scenario = build_chase(data, name)
    rng = np.random.default_rng(7)
    fights = 0
    for _ in range(40):
        state = chase.new_chase(scenario, rng)
        while not chase.is_over(state):
            legal = chase.legal_actions(state)
            chase.apply(state, legal[int(rng.integers(len(legal)))], rng, legal)
        fight = fight_scenario(state)
        if state.handover is None:
            assert fight is None and ending(state) != "combat"
        if fight is None:
            continue
        fights += 1
        check_scenario(fight)
        assert len(fight.setup.sides) >= 2
        game = engine.new_game(fight, rng)
        while not engine.is_over(game):
            legal = engine.legal_actions(game)
            engine.apply(game, legal[int(rng.integers(len(legal)))], rng, legal)
    assert fights


# --- the handover: block ------------------------------------------------------------------------


def test_handover_mistakes_are_one_line():
    data = chase_data()
    data["handover"]["zone"] = "Bazaar"
    assert chase_error(data).startswith(
        "c.yaml: handover.zone: no zone named 'Bazaar' in handover.map; zones: Roof"
    )
    data = chase_data()
    data["handover"]["round_caps"] = 5
    assert chase_error(data).startswith(
        "c.yaml: handover.round_caps: unknown key 'round_caps'; did you mean 'round_cap'?"
    )
    data = chase_data()
    data["handover"]["anchor"] = data["handover"].pop("zone")
    assert chase_error(data).startswith("c.yaml: handover.zone: required key 'zone' is missing")
    data = chase_data()
    del data["handover"]["map"]
    assert chase_error(data).startswith("c.yaml: handover.map: required key 'map' is missing")
    data = chase_data()
    data["handover"]["round_cap"] = 0
    assert chase_error(data).startswith("c.yaml: handover.round_cap: 0 is out of range")
    data = chase_data()
    data["handover"]["map"]["zones"][1]["cover"] = ["crate"]
    assert chase_error(data).startswith("c.yaml: handover.map.zones[1].cover[0]: unknown cover 'crate'")
    data = chase_data()
    data["handover"]["map"]["borders"].pop()
    assert chase_error(data).startswith("c.yaml: handover.map.borders: zone 'Stalls' is not joined to 'Roof'")
    data = chase_data()
    data["handover"]["map"]["borders"][0]["between"] = ["Stalls", "Nowhere"]
    assert chase_error(data).startswith("c.yaml: handover.map.borders[0].between[1]: no zone named 'Nowhere'")
    data = chase_data()
    data["handover"]["zone"] = "Lane"
    data["vehicles"] = [{"name": "Van", "type": "car", "driver": "Hunter"}]
    assert chase_error(data).startswith("c.yaml: handover.zone: 'Lane' is marked vehicles: false, but the chase")
    data = chase_data()
    data["chase_rules"]["chase_after_catch"] = "brawl"
    assert "'continue', 'end' or 'fight'" in chase_error(data)
    assert build_chase(chase_data(), "c.yaml").handover is not None
    assert build_chase(chase_data(handover=False), "c.yaml").handover is None


# --- where the fight shows up ---------------------------------------------------------------------


@pytest.mark.rule("CHASE-END-04")
def test_evaluate_plays_the_fights_after_the_chase_and_reports_them(tmp_path):
    stats, _ = evaluate("chase_bounty_hunt", {}, 60, seed=5)
    report = stats.to_json()
    handover = report["chase"]["handover"]
    fights = handover["fights"]
    assert fights == report["chase"]["endings"]["combat"]["count"] > 0
    won = {side: data["wins"] for side, data in handover["sides"].items()}
    assert sum(won.values()) + handover["draws"] + handover["timeouts"] == fights
    escape, catch = report["chase"]["escape_probability"], report["chase"]["catch_probability"]
    assert escape * 60 + catch * 60 + fights == pytest.approx(
        60 - report["chase"]["endings"]["none"]["count"]
    )
    assert report["sides"]["hunters"]["win_probability"] * 60 == pytest.approx(catch * 60 + won["hunters"])
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        app,
        [
            "evaluate",
            "chase_bounty_hunt",
            "-n",
            "20",
            "--fight-policy",
            "fugitives=aggressive",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Fights after the chase" in result.output and "fight won by hunters" in result.output
    assert json.loads(out.read_text())["fight_policies"] == {"fugitives": "aggressive"}
    bad = CliRunner().invoke(app, ["evaluate", "duel", "-n", "2", "--fight-policy", "ilsa=tactical"])
    assert bad.exit_code == 2 and "not a chase with a handover" in bad.output
    bad = CliRunner().invoke(app, ["evaluate", "chase_bounty_hunt", "--fight-policy", "police=tactical"])
    assert bad.exit_code == 2 and "--fight-policy: no side named 'police'" in bad.output


def test_chase_v0_hands_the_fight_out_for_skirmish_v0():
    env = gym.make("yz_gym/Chase-v0", scenario="chase_bounty_hunt", side="fugitives")
    rng = np.random.default_rng(0)
    for seed in range(40):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            _, reward, terminated, truncated, info = env.step(
                int(rng.choice(np.flatnonzero(info["action_mask"])))
            )
            done = terminated or truncated
        if "handover" in info:
            break
    assert "handover" in info and info["outcome"]["ending"] == "combat" and reward == 0.0
    assert load_chase("chase_bounty_hunt").handover is not None
    fight = gym.make(
        "yz_gym/Skirmish-v0", scenario=info["handover"], side="fugitives", opponents="aggressive"
    )
    _, fight_info = fight.reset(seed=0)
    assert fight_info["action_mask"].any()
