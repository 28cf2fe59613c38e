"""The registry of (ruleset, mode) and the front door `yz_gym.scenario.load`: lookups, unknown
names, the `ruleset:`/`mode:` defaults and errors, and the envs loading through it."""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
import yaml

import yz_gym  # noqa: F401  (registers the Gymnasium envs)
from yz_gym.core import registry
from yz_gym.core.registry import UnknownGame
from yz_gym.rulesets.yze.chase.state import ChaseScenario
from yz_gym.rulesets.yze.scenario.chase_builder import bundled_chases, load_chase
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios, load_scenario
from yz_gym.rulesets.yze.state import Scenario
from yz_gym.scenario import ScenarioError, load, loading
from yz_gym.scenario.files import SCENARIO_DIR
from yz_gym.scenario.yze_modes import CHASE, SKIRMISH

CHASE_KEYS = "chase_rules, obstacles, pursuer"  # the chase-only keys of chase_market_foot, sorted


def data_of(name: str) -> dict:
    return yaml.safe_load((SCENARIO_DIR / f"{name}.yaml").read_text(encoding="utf-8"))


def error_of(data: dict, tmp_path: Path) -> str:
    path = tmp_path / "x.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message.removeprefix(f"{path}: ")


# --- the registry ---------------------------------------------------------------------------------


def test_the_bundled_rulesets_register_their_modes():
    assert registry.rulesets() == ["dx3", "yze"]
    assert [m.label for m in registry.modes()] == ["yze skirmish", "yze chase", "yze expedition", "dx3 skirmish"]
    assert registry.modes("yze") == registry.modes()[:3] and [m.label for m in registry.modes("dx3")] == ["dx3 skirmish"]
    assert registry.get("yze", "skirmish") is SKIRMISH and registry.get("yze", "chase") is CHASE
    assert SKIRMISH.key == ("yze", "skirmish") and CHASE.doc == "docs/chase_scenarios.md"
    assert registry.mode_of(load_scenario("duel")) is SKIRMISH
    assert registry.mode_of(load_chase("chase_market_foot")) is CHASE


@pytest.mark.parametrize(
    ("ruleset", "mode", "message"),
    [
        ("yzee", "skirmish", "unknown ruleset 'yzee'; did you mean 'yze'? rulesets: dx3, yze"),
        ("sw5", "skirmish", "unknown ruleset 'sw5'; rulesets: dx3, yze"),
        ("yze", "chace", "unknown mode 'chace' of ruleset yze; did you mean 'chase'? modes: skirmish, chase, expedition"),
        ("yze", "hazard", "unknown mode 'hazard' of ruleset yze; modes: skirmish, chase, expedition"),
    ],
)
def test_an_unknown_ruleset_or_mode_lists_what_exists(ruleset, mode, message):
    with pytest.raises(UnknownGame) as caught:
        registry.get(ruleset, mode)
    assert str(caught.value) == message


def test_registering_a_mode_twice_or_an_unknown_command_is_refused():
    with pytest.raises(ValueError, match="yze chase is registered twice"):
        registry.register(replace(CHASE, description="another chase"))
    with pytest.raises(ValueError, match="supports"):
        registry.register(replace(CHASE, name="sprint", supports=frozenset({"dance"})))
    assert registry.register(CHASE) is CHASE  # the same record again is harmless
    with pytest.raises(UnknownGame, match="a dict is no registered mode's scenario"):
        registry.mode_of({})


def test_a_loaded_scenario_pickles_with_its_mode_by_name():
    loaded = load("chase_market_foot")
    again = pickle.loads(pickle.dumps(loaded))
    assert again.mode is CHASE and again.name == loaded.name and again.data == loaded.data
    assert pickle.loads(pickle.dumps(SKIRMISH)) is SKIRMISH


def test_optional_commands_name_the_modes_they_play():
    trips = registry.get("yze", "expedition")
    for command in ("play", "advise", "replay"):
        assert registry.supporting(command) == [SKIRMISH, CHASE, trips, registry.get("dx3", "skirmish")]
        registry.require(CHASE, command)
    sprint = replace(CHASE, name="sprint", supports=frozenset({"play"}))
    with pytest.raises(UnknownGame) as caught:
        registry.require(sprint, "advise")
    assert str(caught.value) == (
        "advise does not support yze sprint games yet; it plays: yze skirmish, yze chase, yze expedition, dx3 skirmish"
    )


@pytest.mark.parametrize("mode", registry.modes(), ids=lambda m: m.label)
def test_every_mode_plays_a_random_game_through_its_protocol(mode):
    """The GameRules record of each mode: a random legal game to its end, narrated."""
    name = loading.bundled(mode)[0]
    scenario = load(name).scenario
    assert isinstance(scenario, mode.scenario_type) and mode.title(scenario)
    rules, rng = mode.rules, np.random.default_rng(3)
    state = rules.new_game(scenario, rng)
    people = rules.people(state)
    assert [p.name for p in people] == [p.name for p in mode.people(scenario)]
    lines: list[str] = []
    for _ in range(5000):
        if rules.is_over(state):
            break
        legal = rules.legal_actions(state)
        assert legal and 0 <= rules.current_actor(state) < len(people) and rules.decision_kind(state)
        action = legal[int(rng.integers(len(legal)))]
        assert rules.describe(state, action)
        lines += rules.narrate(state, rules.apply(state, action, rng, legal))
    assert rules.is_over(state) and rules.outcome(state) is not None and lines
    assert all(isinstance(line, str) for line in lines)


def test_default_agents_come_from_the_file_else_the_mode():
    duel = load_scenario("duel")
    assert [SKIRMISH.default_agent(duel, i) for i in range(2)] == ["tactical", "tactical"]
    foot = load_chase("chase_market_foot")
    assert [CHASE.default_agent(foot, i) for i in range(2)] == ["cutoff", "flee"]
    named = load({**data_of("chase_market_foot"), "agents": {"thief": "hider"}}).scenario
    assert [CHASE.default_agent(named, i) for i in range(2)] == ["cutoff", "hider"]
    assert set(CHASE.agents) == {"random", "flee", "hider", "cutoff", "shooter"}
    assert set(SKIRMISH.agents) == {"random", "aggressive", "tactical"}


# --- the front door: a file's ruleset and mode ----------------------------------------------------


def test_a_file_without_ruleset_or_mode_is_a_yze_skirmish():
    data = data_of("duel")
    assert "ruleset" not in data and "mode" not in data
    plain = load(data)
    assert plain.mode is SKIRMISH and isinstance(plain.scenario, Scenario) and plain.origin == "<dict>"
    spelled = load({**data, "ruleset": "yze", "mode": "skirmish"})
    assert spelled.mode is SKIRMISH and spelled.scenario.setup.name == plain.scenario.setup.name


def test_every_bundled_file_names_its_mode_and_the_prefix_is_only_a_name():
    chases = [name for name in loading.bundled() if name.startswith("chase_")]
    assert chases == bundled_chases() and len(chases) == 5
    for name in chases:
        data = data_of(name)
        assert (data["ruleset"], data["mode"]) == ("yze", "chase"), name
    dx3 = loading.bundled(registry.get("dx3", "skirmish"))
    assert dx3 and all(name.startswith("dx3_") for name in dx3)
    expeditions = [name for name in loading.bundled() if name.startswith("expedition_")]
    assert expeditions and all(data_of(name)["mode"] == "expedition" for name in expeditions)
    assert sorted(bundled_scenarios() + bundled_chases() + dx3 + expeditions) == loading.bundled()
    assert all(load(name).mode is SKIRMISH for name in bundled_scenarios())


def test_the_mode_decides_not_the_file_name(tmp_path):
    pursuit = tmp_path / "pursuit.yaml"  # a chase without the chase_ prefix
    pursuit.write_text(yaml.safe_dump(data_of("chase_market_foot")), encoding="utf-8")
    assert isinstance(load(pursuit).scenario, ChaseScenario)
    fight = tmp_path / "chase_in_name_only.yaml"  # a zone fight with it
    fight.write_text(yaml.safe_dump(data_of("duel")), encoding="utf-8")
    assert load(fight).mode is SKIRMISH


def test_a_chase_file_without_mode_chase_names_the_field_and_the_fix(tmp_path):
    data = {k: v for k, v in data_of("chase_market_foot").items() if k != "mode"}
    assert error_of(data, tmp_path) == (
        f"mode: the file gives no mode:, so it is skirmish (the default), but {CHASE_KEYS} are keys of "
        "yze chase files; add mode: chase (see docs/chase_scenarios.md)"
    )
    assert error_of({**data, "mode": "skirmish"}, tmp_path) == (
        f"mode: mode is skirmish, but {CHASE_KEYS} are keys of yze chase files; set mode: chase or "
        "remove them (see docs/chase_scenarios.md)"
    )
    assert error_of({**data_of("duel"), "mode": "chase"}, tmp_path) == (
        "mode: mode is chase, but map, victory are keys of yze skirmish files; set mode: skirmish or "
        "remove them (see docs/scenarios.md)"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ruleset": "yzee"}, "ruleset: unknown ruleset 'yzee'; did you mean 'yze'? rulesets: dx3, yze (see docs/scenarios.md)"),
        ({"mode": "chace"}, "mode: unknown mode 'chace' of ruleset yze; did you mean 'chase'? modes: skirmish, chase, expedition (see docs/scenarios.md)"),
        ({"mode": 5}, "mode: got 5; give one of: skirmish, chase, expedition"),
        ({"mode": ""}, "mode: got ''; give one of: skirmish, chase, expedition"),
        ({"ruleset": ["yze"]}, "ruleset: got ['yze']; give one of: dx3, yze"),
    ],
)  # fmt: skip
def test_a_bad_ruleset_or_mode_is_one_line(tmp_path, change, message):
    assert error_of({**data_of("duel"), **change}, tmp_path) == message


def test_a_typed_loader_refuses_another_mode():
    with pytest.raises(ScenarioError) as caught:
        load_chase("duel")
    assert str(caught.value) == (
        f"{SCENARIO_DIR / 'duel.yaml'}: mode: a yze skirmish scenario, but needed here: yze chase; give a "
        f"yze chase scenario (bundled: {', '.join(bundled_chases())})"
    )
    with pytest.raises(ScenarioError, match="a yze chase scenario, but needed here: yze skirmish"):
        load_scenario("chase_market_foot")


# --- the envs load through the front door ---------------------------------------------------------


def test_the_envs_load_through_the_front_door(monkeypatch):
    from yz_gym.envs.chase_multiagent import chase_aec_env
    from yz_gym.envs.multiagent import aec_env

    seen: list[tuple[str, tuple[str, str]]] = []
    real = loading.build_data

    def spy(data, origin, expect=None, user=""):
        loaded = real(data, origin, expect, user)
        seen.append((user, loaded.mode.key))
        return loaded

    monkeypatch.setattr(loading, "build_data", spy)
    gym.make("yz_gym/Skirmish-v0", scenario="duel")
    gym.make("yz_gym/Chase-v0", scenario="chase_market_foot")
    aec_env("duel")
    chase_aec_env("chase_market_foot")
    assert seen == [
        ("yz_gym/Skirmish-v0", ("yze", "skirmish")),
        ("yz_gym/Chase-v0", ("yze", "chase")),
        ("yz_gym/Skirmish-v0", ("yze", "skirmish")),
        ("yz_gym/Chase-v0", ("yze", "chase")),
    ]


def test_an_env_given_another_mode_says_which_env_plays_it():
    with pytest.raises(ScenarioError, match="a yze chase scenario, but yz_gym/Skirmish-v0 plays yze skirmish"):
        gym.make("yz_gym/Skirmish-v0", scenario="chase_market_foot")
    with pytest.raises(ScenarioError, match="a yze skirmish scenario, but yz_gym/Chase-v0 plays yze chase"):
        gym.make("yz_gym/Chase-v0", scenario="duel")
