"""`evaluate` plays a game by its mode's `Evaluation` (core/registry.py), so a registered mode is
evaluated without a change to the runner; a mode without one is refused in one line."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from yz_gym.core import registry
from yz_gym.core.registry import Evaluation, Mode, UnknownGame
from yz_gym.evaluation.runner import evaluate, fight_agents, next_mode
from yz_gym.evaluation.yze_games import play_zone
from yz_gym.scenario import load
from yz_gym.scenario.files import read_yaml, resolve_path

NAME = "duel_copy"


def copy_of_skirmish(**changes: Any) -> Mode:
    """The skirmish mode registered again as NAME (its files say `mode: duel_copy`), with `changes`."""
    skirmish = registry.get("yze", "skirmish")

    def build(data: dict[str, Any], origin: str) -> Any:
        return skirmish.build({**data, "mode": "skirmish"}, origin)

    return registry.register(dataclasses.replace(skirmish, name=NAME, build=build, **changes))


@pytest.fixture
def calls() -> Iterator[list[int]]:
    """A copy of the skirmish mode registered as NAME, whose play loop notes each episode it plays."""
    played: list[int] = []

    def play(scenario: Any, names: dict[str, str], seed: int, episode: int, fight: dict[str, str]) -> Any:
        played.append(episode)
        return play_zone(scenario, names, seed, episode, fight)

    skirmish = registry.get("yze", "skirmish")
    assert skirmish.evaluation is not None
    mode = copy_of_skirmish(evaluation=dataclasses.replace(skirmish.evaluation, play=play))
    try:
        yield played
    finally:
        registry._MODES.pop(mode.key)


def test_evaluate_plays_a_registered_mode_by_its_evaluation(calls: list[int]) -> None:
    data = {**read_yaml(resolve_path("duel")), "mode": NAME}
    stats, interrupted = evaluate(data, {}, 3, seed=2)
    assert not interrupted and stats.games == 3
    assert calls == [0, 1, 2]
    same, _ = evaluate("duel", {}, 3, seed=2)  # the copy plays the duel as the skirmish mode does
    assert stats.to_json() == same.to_json()


def test_a_mode_without_an_evaluation_is_refused_naming_those_with_one() -> None:
    mode = copy_of_skirmish(evaluation=None)
    try:
        data = {**read_yaml(resolve_path("duel")), "mode": NAME}
        refused = f"evaluate does not support yze {NAME} games yet; it plays: yze skirmish, yze chase"
        with pytest.raises(UnknownGame, match=refused):
            evaluate(data, {}, 1)
    finally:
        registry._MODES.pop(mode.key)


def test_the_game_a_chase_goes_on_as_comes_from_its_mode() -> None:
    hunt, market = load("chase_bounty_hunt").scenario, load("chase_market_foot").scenario
    assert next_mode(hunt) is registry.get("yze", "skirmish")  # it declares a handover: block
    assert next_mode(market) is None and next_mode(load("duel").scenario) is None
    assert fight_agents(hunt, {"hunters": "random"}) == {"hunters": "random", "fugitives": "tactical"}
    assert fight_agents(market, {"police": "random"}) == {}
    assert isinstance(registry.get("yze", "chase").evaluation, Evaluation)


def test_an_expedition_is_evaluated_by_its_mode_the_same_in_chunks_and_workers() -> None:
    """The expedition's Evaluation (evaluation/journeys.py): trip i depends only on (seed, i), so
    chunks and worker processes merge to the same report; tools that read encounter statistics
    (the default `report`) refuse it in one line."""
    from yz_gym.evaluation.journeys import JOURNEYS

    whole, _ = evaluate("expedition_dragoon_patrol", {}, 5, seed=3, report=JOURNEYS)
    split, _ = evaluate("expedition_dragoon_patrol", {}, 5, seed=3, chunk=2, workers=2, report=JOURNEYS)
    assert whole.games == 5 and whole.planner == "hasty"  # the file's planner
    assert split.to_json() == whole.to_json()
    assert sum(whole.deaths) == sum(whole.causes.values())
    refused = "evaluate does not support yze expedition games yet; it plays: yze skirmish, yze chase"
    with pytest.raises(UnknownGame, match=refused):
        evaluate("expedition_dragoon_patrol", {}, 1)


def test_an_expeditions_report_counts_the_full_auto_ammunition_left_when_the_party_has_any() -> None:
    """Issue 15: rations and ammunition left. The rules count down only a full-auto weapon's supply
    (AUTO-02, GEAR-09); a party without one has no ammunition row (null in the JSON)."""
    from tests.rules.test_travel_day import trip
    from yz_gym.evaluation.journeys import Trip, ammunition, journey_stats
    from yz_gym.rulesets.yze.state import WeaponState

    state = trip("expedition_convoy_ruins")
    stats = journey_stats(state.scenario)
    assert not stats.full_auto and ammunition(state) == 0  # rifles and pistols: reloads are unlimited
    stats.add(Trip("cautious", state))
    assert stats.to_json()["ammo_supply_left"] is None
    a, b, c = state.people[:3]
    a.weapons.append(WeaponState("assault_rifle", 2, supply=4))
    b.weapons.append(WeaponState("submachine_gun", 0, supply=5))  # broken: no use, no ammunition counted
    c.weapons.append(WeaponState("assault_rifle", 2, supply=3))
    c.dead = True  # the dead carry nothing home
    assert ammunition(state) == 4
    stats.full_auto = True
    stats.add(Trip("cautious", state))
    assert stats.to_json()["ammo_supply_left"]["mean"] == 2.0  # 0 and 4 over two trips


def test_an_expeditions_what_if_gives_each_quantitys_change_with_an_interval() -> None:
    """`evaluate --compare` on expeditions: both runs' means and the change with a 95% interval
    (unpaired: the variances of the two means add up)."""
    from yz_gym.evaluation.journeys import JourneyStats, what_if
    from yz_gym.evaluation.stats import Moment

    a = JourneyStats("a", ["X"], [True], trips=100, arrived=40, deaths=[0])
    b = JourneyStats("b", ["X"], [True], trips=100, arrived=60, deaths=[0])
    a.water, b.water = Moment(100.0, 200.0), Moment(300.0, 1000.0)  # means 1 and 3; variances 1.0101 and 1.0101
    rows = {row[0]: row[1:] for row in what_if(a, b)}
    mean_a, mean_b, change, low, high = rows["arrived"]
    assert (mean_a, mean_b) == (0.4, 0.6) and change == pytest.approx(0.2)
    half = 1.959963984540054 * (2 * 0.4 * 0.6 * 100 / 99 / 100) ** 0.5  # two sample variances of 0.24 * 100/99
    assert (low, high) == (pytest.approx(0.2 - half), pytest.approx(0.2 + half))
    mean_a, mean_b, change, low, high = rows["water rations left"]
    half = 1.959963984540054 * (2 * (100 / 99) / 100) ** 0.5
    assert (mean_a, mean_b, change) == (1.0, 3.0, 2.0) and high - change == pytest.approx(half)
    assert rows["days taken (arrived trips)"][:3] == (0.0, 0.0, 0.0)  # no days counted: no change
