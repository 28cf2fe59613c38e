"""Every registered mode's environments, as the registry names them (`Mode.gym_env`, `Mode.aec_env`):
Gymnasium's env checker on the single-agent env, PettingZoo's api_test, seed_test and render_test on
the AEC env and parallel_api_test on its turn-based parallel form (turn_based_aec_to_parallel).
The default suite checks each mode's first bundled scenario; the slow one every bundled scenario."""

from __future__ import annotations

import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

import yz_gym  # noqa: F401  registers the Gymnasium ids
from tests.conformance.games import aec_factory, scenario_params
from yz_gym.core.registry import Mode

CYCLES = 40  # PettingZoo's num_cycles


def _check_env(mode: Mode, name: str) -> None:
    if not (mode.gym_env or mode.aec_env):
        pytest.skip(f"{mode.label} has no env yet (gym_env and aec_env empty)")
    assert mode.gym_env, f"{mode.label} names no Gymnasium env"
    env = gymnasium.make(mode.gym_env, scenario=name)  # as made: the checker's unmasked steps cost the penalty
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no checker warning either
        check_env(env.unwrapped)
    env.close()


def _pettingzoo(mode: Mode, name: str) -> None:
    if not (mode.gym_env or mode.aec_env):
        pytest.skip(f"{mode.label} has no env yet (gym_env and aec_env empty)")
    factory = aec_factory(mode)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # api_test warns about what it cannot check
        api_test(factory(name), num_cycles=CYCLES)
        seed_test(lambda: factory(name), num_cycles=CYCLES)
        parallel_api_test(turn_based_aec_to_parallel(factory(name)), num_cycles=CYCLES)
        render_test(lambda render_mode=None: factory(name, render_mode=render_mode))


@pytest.mark.parametrize(("mode", "name"), scenario_params(first_only=True))
def test_the_single_agent_env_passes_the_gymnasium_checker(mode: Mode, name: str) -> None:
    _check_env(mode, name)


@pytest.mark.parametrize(("mode", "name"), scenario_params(first_only=True))
def test_the_multi_agent_env_passes_the_pettingzoo_tests(mode: Mode, name: str) -> None:
    _pettingzoo(mode, name)


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "name"), scenario_params())
def test_every_bundled_scenario_passes_the_env_tests(mode: Mode, name: str) -> None:
    _check_env(mode, name)
    _pettingzoo(mode, name)
