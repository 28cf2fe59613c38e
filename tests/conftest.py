"""Shared fixtures: bundled scenarios and seeded generators."""

from __future__ import annotations

import numpy as np
import pytest

from yz_gym.scenario.loader import bundled_scenarios, load_scenario


@pytest.fixture
def rng() -> np.random.Generator:
    """A seeded generator, the same in every test run."""
    return np.random.default_rng(12345)


@pytest.fixture(params=bundled_scenarios())
def scenario_name(request: pytest.FixtureRequest) -> str:
    """Each bundled scenario by name."""
    return str(request.param)


@pytest.fixture
def warehouse():
    """The bundled warehouse ambush."""
    return load_scenario("warehouse_ambush")
