"""Every mode's envs are the two adapters (learner_base.LearnerEnv, aec_base.TurnAEC) over its
ModeBinding: the env classes add only their constructors, and what the adapters do (options, infos,
illegal actions, rewards beside the terminal one) is the same for every registered mode."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import yz_gym  # noqa: F401  registers the Gymnasium ids
from tests.conformance.games import aec_factory
from yz_gym.core import registry
from yz_gym.core.events import Event
from yz_gym.core.registry import Mode
from yz_gym.envs.aec_base import TurnAEC
from yz_gym.envs.binding import EventScorer, ModeBinding
from yz_gym.envs.chase_env import ChaseEnv, potential
from yz_gym.envs.core import IllegalActionError
from yz_gym.envs.learner_base import LearnerEnv
from yz_gym.envs.rewards import RewardShaping, shaping_reward, terminal_reward
from yz_gym.scenario.loading import bundled

MODES = [pytest.param(mode, id=f"{mode.ruleset}-{mode.name}") for mode in registry.modes() if mode.gym_env]


def _own_methods(cls: type) -> set[str]:
    """What a class defines beyond its constructor and metadata."""
    return {name for name in vars(cls) if not name.startswith("__") and name != "metadata"}


@pytest.mark.parametrize("mode", MODES)
def test_a_modes_envs_are_its_binding_on_the_two_adapters_and_add_only_a_constructor(mode: Mode) -> None:
    name = bundled(mode)[0]
    learner = gym.make(mode.gym_env, scenario=name).unwrapped
    aec = aec_factory(mode)(name)
    for env, adapter in ((learner, LearnerEnv), (aec, TurnAEC)):
        assert isinstance(env, adapter) and type(env).__mro__[1] is adapter
        assert isinstance(env.game, ModeBinding) and env.game.rules is mode.rules  # the registry's rules
        assert _own_methods(type(env)) == set(), f"{type(env).__name__} repeats adapter code"
    assert aec.possible_agents == aec.game.names


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("illegal_action", "sometimes", "illegal_action must be 'raise' or 'penalty'"),
        ("render_mode", "movie", "render_mode must be one of"),
        ("obs_mode", "tree", "obs_mode"),
    ],
)
def test_every_mode_refuses_a_bad_option_in_the_same_words(mode: Mode, option: str, value: str, words: str) -> None:
    cls = type(gym.make(mode.gym_env, scenario=bundled(mode)[0]).unwrapped)
    with pytest.raises(ValueError, match=words):
        cls(scenario=bundled(mode)[0], **{option: value})


@pytest.mark.parametrize("mode", MODES)
def test_every_modes_info_has_the_common_keys_first_and_an_illegal_index_costs_the_penalty(mode: Mode) -> None:
    env = gym.make(mode.gym_env, scenario=bundled(mode)[0], illegal_penalty=-0.25).unwrapped
    obs, info = env.reset(seed=3)
    assert list(info)[:4] == ["action_mask", "legal_actions", "actor", "decision"]
    assert info["actor"] == env.game.names[env._actor] and info["decision"] == env._decision != "over"
    assert np.flatnonzero(info["action_mask"]).tolist() == sorted(info["legal_actions"])
    masked = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, truncated, after = env.step(masked)
    assert reward == -0.25 and after["illegal_action"] is True and not (terminated or truncated)
    assert np.array_equal(again, obs) and after["legal_actions"] == info["legal_actions"]
    raised = type(env)(scenario=bundled(mode)[0], illegal_action="raise")
    raised.reset(seed=3)  # the same game: the same mask
    with pytest.raises(IllegalActionError, match=f"action {masked} "):
        raised.step(masked)


def test_an_event_scorer_sums_each_applied_actions_shaping_and_pays_it_once() -> None:
    weights = RewardShaping(damage_dealt=0.5, damage_taken=0.25, enemy_broken=2.0)
    scorer = EventScorer(shaping_reward, weights, [0, 1, 1], 0)
    scorer.start(None)
    scorer.add([Event("damage", 0, 1, {"dealt": 3})])  # dealt by side 0: +0.5 x 3
    scorer.add([Event("damage", 2, 0, {"dealt": 2}), Event("broken", 0, 2)])  # taken -0.25 x 2, enemy broken +2
    assert scorer.take(None) == pytest.approx(1.5 - 0.5 + 2.0)
    assert scorer.take(None) == 0.0  # paid once
    scorer.add([Event("damage", 0, 1, {"dealt": 1})])
    scorer.start(None)  # a new game owes nothing
    assert scorer.take(None) == 0.0


def test_a_chases_shaping_rewards_add_up_to_the_change_of_its_potential() -> None:
    env = ChaseEnv(scenario="chase_car_vs_motorcycle", reward_shaping=True)
    _, info = env.reset(seed=5)
    start = potential(env.state, env.side, env.shaping)
    rng = np.random.default_rng(5)
    total, done = 0.0, False
    while not done:
        _, reward, terminated, truncated, info = env.step(int(rng.choice(info["legal_actions"])))
        total += reward
        done = terminated or truncated
    end = potential(env.state, env.side, env.shaping)
    assert start != end
    assert total == pytest.approx(end - start + terminal_reward(env.state.winner, env.side))
