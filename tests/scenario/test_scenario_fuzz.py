"""Random mutations of valid scenarios: the loader answers with a Scenario or one ScenarioError line."""

from __future__ import annotations

import copy
import math
from typing import Any

import numpy as np
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yz_gym.rulesets.yze.scenario.zone_builder import build, bundled_scenarios
from yz_gym.rulesets.yze.state import Scenario
from yz_gym.rulesets.yze.zone import engine
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.files import SCENARIO_DIR

BASES = {
    name: yaml.safe_load((SCENARIO_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    for name in bundled_scenarios()
}
NAMES = sorted(
    {
        "Crate rows", "Office", "Nowhere", "crew", "vipers", "patrol", "knife", "rifle", "Viper 2",
        "Mara", "furniture", "stone_wall", "medkit", "kevlar_vest", "C", "B", "none", "door", "locked",
        "extend_deck", "step", "health_resolve", "melee", "Melee", "", " ", "dice_mode", "damage_model",
        "hidden_initiative", "push_cost", "conditions", "cramped", "A", "Duct",
    }
)  # fmt: skip
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 25),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(NAMES),
    st.text(max_size=6),
    st.lists(st.sampled_from(NAMES), max_size=3),
    st.dictionaries(st.sampled_from(NAMES), st.integers(-1, 6), max_size=2),
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path into a parsed scenario."""
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*prefix, i))
    return found


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path[:-1]:
        data = data[part]
    return data


def _mutate(data: dict[str, Any], draw: Any) -> None:
    """One random change: delete, replace, add an unknown key, or copy a list entry."""
    path = draw(st.sampled_from(_paths(data)[1:]))
    parent = _parent(data, path)
    key = path[-1]
    operation = draw(st.sampled_from(["delete", "replace", "replace", "add_key", "duplicate"]))
    if operation == "delete":
        del parent[key]
    elif operation == "replace":
        parent[key] = draw(JUNK)
    elif operation == "add_key" and isinstance(parent[key], dict):
        parent[key][draw(st.sampled_from(NAMES))] = draw(JUNK)
    elif operation == "duplicate" and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    else:
        parent[key] = draw(JUNK)


@st.composite
def mutated(draw: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASES[draw(st.sampled_from(sorted(BASES)))])
    for _ in range(draw(st.integers(1, 3))):
        _mutate(data, draw)
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), st.integers(0, 2**16))
def test_mutated_scenarios_load_or_fail_with_one_clear_line(data: dict[str, Any], seed: int):
    before = copy.deepcopy(data)
    try:
        scenario = build(data, "fuzz.yaml")
    except ScenarioError as err:
        message = str(err)
        assert message.startswith("fuzz.yaml: ")
        assert "\n" not in message
        assert "Traceback" not in message and "pydantic" not in message
    else:
        assert isinstance(scenario, Scenario)
        state = engine.new_game(scenario, seed)  # a scenario that loads can start
        rng = np.random.default_rng(seed)
        for _ in range(20):
            if engine.is_over(state):
                break
            legal = engine.legal_actions(state)
            engine.apply(state, legal[int(rng.integers(len(legal)))], rng)
    assert _same(data, before), "the loader must not change its input"


def _same(a: Any, b: Any) -> bool:
    """Equality that treats NaN as equal to itself (floats drawn by hypothesis)."""
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b
