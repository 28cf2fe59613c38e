"""Shared fixtures: bundled scenarios and seeded generators."""

from __future__ import annotations

import os

import numpy as np
import pytest

from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios, load_scenario


def pytest_report_header(config: pytest.Config) -> str:
    """Say which build of the rules core the tests run on."""
    return f"yz_gym rules core: {'compiled (mypyc)' if dice.COMPILED else 'interpreted'} ({dice.__file__})"


def pytest_sessionstart(session: pytest.Session) -> None:
    """With YZ_GYM_EXPECT_COMPILED=1 (CI's compiled stage), refuse to test the interpreted build."""
    if os.environ.get("YZ_GYM_EXPECT_COMPILED") == "1" and not dice.COMPILED:
        raise pytest.UsageError(f"YZ_GYM_EXPECT_COMPILED=1 but {dice.__file__} is not compiled")


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
