"""Chase files: the bundled chases load and play, mistakes are one line, every key is documented,
and random legal play over every chase keeps the invariants."""

from __future__ import annotations

import copy
import re
from dataclasses import MISSING, fields, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml

from tests.helpers import chase_error, doc_section
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.narrate import narrate_chase
from yz_gym.rulesets.yze.chase.state import ChaseOptions, Phase
from yz_gym.rulesets.yze.scenario.chase_builder import build_chase, bundled_chases, load_chase
from yz_gym.rulesets.yze.scenario.chase_models import MODELS
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios
from yz_gym.rulesets.yze.vehicles.operation import VehicleOptions
from yz_gym.scenario.files import SCENARIO_DIR

DOC = Path(__file__).resolve().parents[2] / "docs" / "chase_scenarios.md"
WANTED = {
    "chase_car_vs_motorcycle",
    "chase_market_foot",
    "chase_helicopter_pickup",
    "chase_highway_pileup",
    "chase_bounty_hunt",
}


def base() -> dict[str, Any]:
    return {
        "name": "t",
        "sides": ["cops", "robbers"],
        "pursuer": "cops",
        "combatants": [
            {
                "name": "Cop",
                "side": "cops",
                "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 3},
            },
            {
                "name": "Robber",
                "side": "robbers",
                "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 3},
            },
        ],
    }


# --- the bundled chases ------------------------------------------------------------------------


@pytest.mark.rule("CHASE-01", "CHASE-MULTI-01", "VEH-AIR-02")
def test_the_chases_are_bundled_and_kept_apart_from_the_zone_fights():
    assert set(bundled_chases()) == WANTED
    assert not set(bundled_scenarios()) & WANTED
    modes = {name: load_chase(name).options.chase_multi for name in WANTED}
    assert (
        modes["chase_highway_pileup"] == "individual" and len(load_chase("chase_highway_pileup").units) >= 3
    )
    heli = load_chase("chase_helicopter_pickup")
    assert heli.vehicles[0].air and heli.vehicles[0].altitude == 2 and heli.vehicles[1].weapons
    assert load_chase("chase_market_foot").obstacle_table == "foot"
    assert load_chase("chase_car_vs_motorcycle").obstacle_table == "vehicle"
    assert load_chase("chase_bounty_hunt").handover is not None  # CHASE-END-04: a fight follows


@pytest.mark.parametrize("name", sorted(WANTED))
def test_every_bundled_chase_has_a_description_and_loads_by_path(name: str):
    raw = yaml.safe_load((SCENARIO_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    assert len(raw["description"].split()) >= 40
    assert load_chase(SCENARIO_DIR / f"{name}.yaml").name == load_chase(name).name


def _invariants(state: chase.ChaseState) -> None:
    for v in state.vehicles:
        assert 0 <= v.damage <= v.hull, v.name  # hull damage never negative
        assert v.altitude >= 0, v.name
        assert not (v.wrecked and v.driver >= 0), f"someone drives the wreck {v.name}"
    for unit in state.units:
        assert unit.status in ("in", "escaped", "lost", "caught", "out", "combat")
        if unit.status == "in" and unit.vehicle >= 0 and state.phase == Phase.CHOOSE:
            assert not state.vehicles[unit.vehicle].wrecked
    for c in state.world.combatants:
        assert min(c.attrs) >= 0 and c.health >= 0 and c.resolve >= 0


@pytest.mark.rule("CHASE-END-05", "VEH-DMG-03", "VEH-AIR-02", "CHASE-12", "CHASE-15")
def test_random_legal_play_over_every_chase_raises_nothing_and_keeps_the_invariants():
    actions = 0
    variants = [{}, {"chase_multi": "individual"}, {"chase_after_catch": "end", "ask_cancel": False}]
    for name in sorted(WANTED):
        for k, variant in enumerate(variants):
            scenario = load_chase(name)
            scenario = replace(scenario, options=scenario.options.with_overrides(**variant))
            rng = np.random.default_rng(100 * k + len(name))
            for _ in range(25):
                state = chase.new_chase(scenario, rng)
                _invariants(state)
                while not chase.is_over(state):
                    legal = chase.legal_actions(state)
                    assert legal and chase.current_actor(state) >= 0
                    action = legal[int(rng.integers(len(legal)))]
                    assert chase.describe(state, action)
                    narrate_chase(state, chase.apply(state, action, rng, legal))
                    _invariants(state)
                    actions += 1
                result = chase.outcome(state)
                assert result is not None and result.rounds <= scenario.options.chase_max_rounds
                assert result.winner is None or result.winner in scenario.base.setup.sides
                assert chase.legal_actions(state) == [] and chase.current_actor(state) == -1
    assert actions > 5_000


@pytest.mark.rule("VZC-03", "STEP-01")
def test_a_chase_plays_with_step_dice():
    data = yaml.safe_load((SCENARIO_DIR / "chase_car_vs_motorcycle.yaml").read_text(encoding="utf-8"))
    data["rules"] = {"dice_mode": "step", "damage_model": "health_resolve"}
    for person in data["combatants"]:
        person["attributes"] = {k: "C" for k in person["attributes"]}
        person["skills"] = {k: "D" for k in person["skills"]}
    scenario = build_chase(data, "<step>")
    assert scenario.vehicles[0].armor == 3  # a car's armor 3 is grade D
    rng = np.random.default_rng(3)
    for _ in range(10):
        state = chase.new_chase(scenario, rng)
        while not chase.is_over(state):
            legal = chase.legal_actions(state)
            chase.apply(state, legal[int(rng.integers(len(legal)))], rng)
            _invariants(state)


def test_the_narrator_tells_a_whole_chase():
    scenario = load_chase("chase_helicopter_pickup")
    rng = np.random.default_rng(11)
    state = chase.new_chase(scenario, rng)
    lines = narrate_chase(state, state.opening)
    while not chase.is_over(state):
        legal = chase.legal_actions(state)
        lines += narrate_chase(state, chase.apply(state, legal[int(rng.integers(len(legal)))], rng))
    assert lines[0].startswith("=== Helicopter hunts a technical")
    assert lines[-1].startswith("=== ") and not [line for line in lines if line.strip().startswith("(")]


# --- mistakes are one line -----------------------------------------------------------------------


def test_unknown_keys_and_bad_values_are_one_line():
    data = base()
    data["pursuers"] = "cops"
    assert "pursuers" in chase_error(data)
    data = base()
    data["vehicles"] = [{"name": "Car", "type": "hovercraft", "driver": "Cop"}]
    assert chase_error(data).startswith("c.yaml: vehicles[0].type: 'hovercraft' is not allowed")
    data = base()
    data["chase_rules"] = {"chase_mult": "grouped"}
    assert "did you mean 'chase_multi'" in chase_error(data)
    data["chase_rules"] = {"chase_max_rounds": "ten"}
    assert chase_error(data).startswith("c.yaml: chase_rules.chase_max_rounds: ")
    data["chase_rules"] = {"chase_max_rounds": 0}
    assert "out of range" in chase_error(data)
    data = base()
    data["vehicle_rules"] = {"crit_die": "d20"}
    assert chase_error(data).startswith("c.yaml: vehicle_rules.crit_die: ")
    data = base()
    data["combatants"][0]["skills"] = {"mobilty": 2}
    assert chase_error(data).startswith("c.yaml: combatants[0].skills.mobilty: unknown skill")


@pytest.mark.rule("VEH-ATTR-PASS", "VEH-DMG-08", "CHASE-VSHOOT-03")
def test_vehicle_crews_are_checked():
    data = base()
    data["combatants"] += [copy.deepcopy(data["combatants"][0]) | {"name": f"Extra {i}"} for i in range(2)]
    data["vehicles"] = [
        {"name": "Bike", "type": "motorcycle", "driver": "Cop", "passengers": ["Extra 0", "Extra 1"]}
    ]
    assert "seats 2" in chase_error(data)
    data["vehicles"] = [{"name": "Car", "type": "car", "driver": "Cop", "passengers": ["Robber"]}]
    assert "not on the driver's side" in chase_error(data)
    data["vehicles"] = [{"name": "Car", "type": "car", "driver": "Nobody"}]
    assert chase_error(data).startswith("c.yaml: vehicles[0].driver: no combatant named 'Nobody'")
    data["vehicles"] = [{"name": "Car", "type": "car", "driver": "Cop", "exposed": ["Robber"]}]
    assert "exposed lists occupants" in chase_error(data)
    data["vehicles"] = [{"name": "Car", "type": "car", "driver": "Cop", "weapons": [{"weapon": "laser"}]}]
    assert "unknown weapon 'laser'" in chase_error(data)
    data["vehicles"] = [
        {"name": "Car", "type": "car", "driver": "Cop", "weapons": [{"weapon": "rifle", "gunner": "Cop"}]}
    ]
    assert "the driver drives" in chase_error(data)
    data["vehicles"] = [{"name": "Car", "type": "car", "driver": "Cop", "altitude": 2}]
    assert "only air vehicles fly" in chase_error(data)
    data["vehicles"] = [{"name": "Car", "type": "car", "driver": "Cop", "damage": 4}]
    assert "wreck" in chase_error(data)
    data["vehicles"] = [
        {"name": "Car", "type": "car", "driver": "Cop"},
        {"name": "Van", "type": "truck", "driver": "Cop"},
    ]
    assert "already aboard" in chase_error(data)


@pytest.mark.rule("CHASE-03", "CHASE-MULTI-02", "CHASE-MULTI-04", "CHASE-05")
def test_sides_modes_and_starting_positions_are_checked():
    data = base()
    data["pursuer"] = "feds"
    assert chase_error(data).startswith("c.yaml: pursuer: no side named 'feds'")
    data = base()
    data["sides"].append("bystanders")
    data["combatants"].append(copy.deepcopy(data["combatants"][1]) | {"name": "Walker", "side": "bystanders"})
    assert "exactly two sides" in chase_error(data)
    data["chase_rules"] = {"chase_multi": "individual"}
    assert len(build_chase(data, "c").units) == 3
    data = base()
    data["combatants"][0]["position"] = 0
    assert "positions are for chase_multi: individual" in chase_error(data)
    data["chase_rules"] = {"chase_multi": "individual"}
    data["combatants"][1]["position"] = 4
    assert "at most Long" in chase_error(data)
    data["combatants"][1]["position"] = 3
    assert build_chase(data, "c").positioned == (True, True)


@pytest.mark.rule("VEH-03", "CHASE-14")
def test_the_driving_skill_is_accepted_and_checked():
    data = base()
    data["combatants"][0]["skills"] = {"driving": 2, "mobility": 1}
    scenario = build_chase(data, "c")
    assert scenario.base.combatants[0].skills == {"Mobility": 1, "Driving": 2}
    data["combatants"][0]["skills"] = {"driving": 7}
    assert "out of range; give 0-5" in chase_error(data)


# --- the documentation ---------------------------------------------------------------------------


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_key_of_every_chase_model_is_documented(model):
    lines = doc_section(DOC, model.__name__)
    documented = {m.group(1) for line in lines if (m := re.match(r"\| `(\w+)` \|", line))}
    assert documented == set(model.model_fields)


@pytest.mark.parametrize("options", [ChaseOptions, VehicleOptions], ids=lambda o: o.__name__)
def test_every_switch_is_documented_with_its_default(options):
    lines = doc_section(DOC, options.__name__)
    for f in fields(options):
        line = next((row for row in lines if row.startswith(f"| `{f.name}` |")), None)
        assert line is not None, f"{options.__name__}.{f.name} is not documented"
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        default = f.default if f.default is not MISSING else None
        shown = yaml.safe_dump(default, default_flow_style=True).strip().removesuffix("...").strip()
        assert cells[2] == f"`{shown}`", f"{f.name}: the default is {default!r}, doc says {cells[2]}"


def test_the_example_in_the_docs_runs(capsys):
    code = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert code is not None
    exec(code.group(1), {})
    assert "Outcome(" in capsys.readouterr().out
