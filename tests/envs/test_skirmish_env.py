"""Skirmish-v0: making, stepping, rewards, ends, illegal actions, seeding and pickling."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
import yaml

from tests.envs.env_helpers import ENV_ID, fingerprint, make, random_legal
from tests.helpers import fighter, scenario_dict
from yz_gym.envs import IllegalActionError, SkirmishEnv
from yz_gym.envs.action_space import OFFSETS
from yz_gym.rulesets.yze.zone.actions import Kind
from yz_gym.scenario.files import SCENARIO_DIR

ROOT = Path(__file__).resolve().parents[2]


def walled_off(round_cap: int = 1) -> dict:
    """Two fighters who can never reach, see or hurt each other: only the round cap ends it."""
    return scenario_dict(
        zones=["A", "B"],
        borders=[{"between": ["A", "B"], "kind": "wall"}],
        combatants=[fighter("Red", "red", "A"), fighter("Blue", "blue", "B")],
        victory={"round_cap": round_cap},
    )


def test_registered_on_import_and_made_from_name_path_and_dict():
    assert ENV_ID in gym.registry
    data = yaml.safe_load((SCENARIO_DIR / "duel.yaml").read_text())
    for source in ("duel", str(SCENARIO_DIR / "duel.yaml"), data):
        env = make(source)
        obs, info = env.reset(seed=0)
        assert isinstance(env.unwrapped, SkirmishEnv)
        assert env.observation_space.contains(obs)
        assert info["action_mask"].any()
        assert info["actor"] in ("Ilsa",)  # the first side is the default
    assert isinstance(gym.make(ENV_ID).unwrapped, SkirmishEnv)  # the default scenario


def test_every_step_is_a_decision_of_the_learner_including_reactions():
    env = make("warehouse_ambush", side="vipers")
    vipers = {c.name for c in env.unwrapped.scenario.combatants if c.side == 1}
    rng = np.random.default_rng(0)
    seen = set()
    _obs, info = env.reset(seed=2)
    for _ in range(1500):
        assert info["actor"] in vipers
        seen.add(info["decision"])
        _, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if terminated or truncated:
            _, info = env.reset()
    assert "turn" in seen and seen & {"push", "help", "block", "overwatch", "card"}, seen


def test_single_combatant_control():
    env = make("warehouse_ambush", combatant="Mara", opponents={"crew": "random", "vipers": "aggressive"})
    rng = np.random.default_rng(1)
    _obs, info = env.reset(seed=1)
    for _ in range(200):
        assert info["actor"] == "Mara"
        _, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if terminated or truncated:
            _, info = env.reset()


def test_bad_arguments_are_explained():
    with pytest.raises(ValueError, match="sides: ilsa, brann"):
        make("duel", side="nobody")
    with pytest.raises(ValueError, match="opponents names unknown side"):
        make("duel", opponents={"nobody": "random"})
    with pytest.raises(ValueError, match="unknown agent"):
        make("duel", opponents="genius")
    with pytest.raises(ValueError, match="unknown reward_shaping"):
        make("duel", reward_shaping={"kills": 1.0})
    with pytest.raises(ValueError, match="illegal_action"):
        make("duel", illegal_action="ignore")


def test_illegal_action_raises_a_clear_error():
    env = make("duel", illegal_action="raise")
    _obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=r"not legal for Ilsa now .*legal: \d+: "):
        env.step(illegal)


def test_illegal_action_penalty_changes_nothing():
    env = make("duel", illegal_action="penalty", illegal_penalty=-0.5)
    obs, info = env.reset(seed=0)
    state = env.unwrapped.state
    before = (state.decisions, [c.attrs[:] for c in state.combatants])
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -0.5 and not terminated and not truncated and info2["illegal_action"]
    assert np.array_equal(obs, obs2) and obs is not obs2
    assert np.array_equal(info["action_mask"], info2["action_mask"])
    assert before == (state.decisions, [c.attrs[:] for c in state.combatants])


def test_terminal_rewards_and_outcome():
    env = make("duel", opponents="aggressive")
    rng = np.random.default_rng(3)
    results = set()
    for episode in range(12):
        _, info = env.reset(seed=episode)
        while True:
            _, reward, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
            if terminated or truncated:
                break
            assert reward == 0.0  # no shaping by default
        outcome = info["outcome"]
        expected = 0.0 if outcome["winner"] is None else (1.0 if outcome["winner"] == "ilsa" else -1.0)
        assert reward == expected
        assert np.flatnonzero(info["action_mask"]).tolist() == [0] and info["decision"] == "over"
        assert info["legal_actions"] == ()
        results.add(reward)
    assert -1.0 in results  # the aggressive agent beats a random learner sometimes
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_round_cap_truncates_with_zero_reward():
    env = make(walled_off(round_cap=1))
    _, info = env.reset(seed=0)
    end_turn = OFFSETS[Kind.END_TURN]
    for _ in range(20):
        _obs, reward, terminated, truncated, info = env.step(end_turn)
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert info["outcome"]["reason"] == "round cap"


def test_shaping_rewards_damage_and_broken():
    env = make("duel", reward_shaping=True, opponents="aggressive")
    rng = np.random.default_rng(5)
    shaped = []
    _, info = env.reset(seed=5)
    for _ in range(400):
        _, reward, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if not (terminated or truncated):
            shaped.append(reward)
        else:
            _obs, info = env.reset()
    assert any(r < 0 for r in shaped)  # damage taken from the aggressive opponent
    custom = make("duel", reward_shaping={"damage_taken": 1.0}).unwrapped
    assert custom.shaping.damage_taken == 1.0 and custom.shaping.enemy_broken == 0.0


def test_same_seed_same_episode_and_different_seed_differs():
    a = fingerprint(make("warehouse_ambush"), seed=11, steps=150)
    b = fingerprint(make("warehouse_ambush"), seed=11, steps=150)
    c = fingerprint(make("warehouse_ambush"), seed=12, steps=150)
    assert a == b != c


def test_pickled_env_continues_identically():
    env = make("warehouse_ambush", opponents="aggressive", reward_shaping=True)
    _obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(15):
        _, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if terminated or truncated:
            _, info = env.reset()
    clone = pickle.loads(pickle.dumps(env))
    assert np.array_equal(clone.unwrapped._obs, env.unwrapped._obs)
    assert fingerprint(env, 0, 120, policy_seed=9, reset=False) == fingerprint(
        clone, 0, 120, policy_seed=9, reset=False
    )


def test_same_seed_same_episode_in_another_process():
    code = (
        "from tests.envs.env_helpers import fingerprint, make\n"
        "print(fingerprint(make('warehouse_ambush'), seed=21, steps=120))\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="987", PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == fingerprint(make("warehouse_ambush"), seed=21, steps=120)


def test_action_masks_method_matches_info():
    env = make("street_firefight")
    _obs, info = env.reset(seed=0)
    masks = env.unwrapped.action_masks()
    assert masks.dtype == bool and np.array_equal(masks, info["action_mask"].astype(bool))
