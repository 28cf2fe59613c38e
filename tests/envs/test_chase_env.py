"""Chase-v0 and the chase AEC env: API compliance, secrecy of the simultaneous choice, masks,
seeding and pickling, vector envs, a MaskablePPO smoke run, and invariants under random play."""

from __future__ import annotations

import copy
import pickle
import sys
import warnings
from functools import partial

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import SyncVectorEnv
from pettingzoo.test import api_test, seed_test

import yz_gym
from tests.envs.env_helpers import fingerprint, random_legal
from yz_gym.envs import IllegalActionError
from yz_gym.envs.chase_encoding import (
    CHASE_GLOBAL_FIELDS,
    CHASE_OBS_SIZE,
    CHASE_PERSON_FIELDS,
    CHASE_UNIT_FIELDS,
    N_CHASE_ACTIONS,
    N_PERSON_SLOTS,
    N_UNIT_SLOTS,
    ChaseTooLarge,
    describe_chase_action_space,
    describe_chase_index,
    describe_chase_observation,
)
from yz_gym.envs.chase_env import ENDINGS, ChaseEnv, ending
from yz_gym.envs.chase_multiagent import ChaseAEC, chase_aec_env
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.legal import choose_actions
from yz_gym.rulesets.yze.chase.state import ChaseState, Phase
from yz_gym.rulesets.yze.scenario.chase_builder import bundled_chases, load_chase
from yz_gym.scenario.files import SCENARIO_DIR, read_yaml

CHASES = bundled_chases()


def make(scenario: str = "chase_car_vs_motorcycle", **kwargs) -> gym.Env:
    return gym.make(yz_gym.CHASE_ID, scenario=scenario, **kwargs)


@pytest.fixture(params=CHASES)
def chase_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


# --- API compliance -------------------------------------------------------------------------------


def test_check_env(chase_name):
    env = make(chase_name, illegal_action="penalty")  # check_env steps with unmasked random actions
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_check_env_with_shaping_for_one_participant():
    env = make(
        "chase_helicopter_pickup", participant="Technical", reward_shaping=True, illegal_action="penalty"
    )
    check_env(env.unwrapped)
    assert env.unwrapped.controlled == frozenset({3, 4, 5})


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_test(chase_name):
    api_test(chase_aec_env(chase_name), num_cycles=60)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_seed_test(chase_name):
    seed_test(lambda: chase_aec_env(chase_name, reward_shaping=True), num_cycles=60)


def test_spaces_and_documented_layout():
    env = make()
    assert env.action_space == gym.spaces.Discrete(N_CHASE_ACTIONS)
    assert env.observation_space.shape == (CHASE_OBS_SIZE,) and env.observation_space.dtype == np.float32
    total = sum(n for _, n in CHASE_GLOBAL_FIELDS)
    total += N_UNIT_SLOTS * sum(n for _, n in CHASE_UNIT_FIELDS)
    total += N_PERSON_SLOTS * sum(n for _, n in CHASE_PERSON_FIELDS)
    assert total == CHASE_OBS_SIZE
    text = describe_chase_observation()
    assert all(f"global.{name}" in text for name, _ in CHASE_GLOBAL_FIELDS)
    assert f"Discrete({N_CHASE_ACTIONS})" in describe_chase_action_space()
    assert describe_chase_index(0) == "CHASE level" and "outside" in describe_chase_index(N_CHASE_ACTIONS)
    assert set(ENDINGS) == {"escaped", "caught", "wrecked", "timeout", "combat", "none"}


def test_bad_arguments_are_refused_clearly():
    with pytest.raises(ValueError, match="no side 'nobody'"):
        ChaseEnv("chase_market_foot", side="nobody")
    with pytest.raises(ValueError, match="participants: Guard 1, Guard 2, Nadia"):
        ChaseEnv("chase_market_foot", participant="Zed")
    with pytest.raises(ValueError, match="unknown shaping weight"):
        ChaseEnv("chase_market_foot", reward_shaping={"speed": 1.0})
    data = read_yaml(SCENARIO_DIR / "chase_market_foot.yaml")
    data["combatants"][0]["count"] = 9
    with pytest.raises(ChaseTooLarge, match="MAX_ALLY_UNITS"):
        ChaseEnv(data)


# --- the simultaneous secret choice (CHASE-08/10) ---------------------------------------------------


def _with_other_choices(state: ChaseState, keep: frozenset[int]) -> ChaseState | None:
    """A copy in which every pending secret choice of someone outside `keep` is changed."""
    other = state.clone()
    changed = False
    for key, action in state.choices.items():
        if key[0] in keep:
            continue
        options = [a for a in choose_actions(state, *key) if a != action]
        if options:
            other.choices[key] = options[-1]
            changed = True
    return other if changed else None


def test_the_learner_never_sees_a_choice_before_the_reveal(chase_name):
    rng = np.random.default_rng(0)
    checked = 0  # the rules ask participants in scenario order: one side chooses after the other
    for side in (0, 1):
        env = ChaseEnv(chase_name, side=side, opponents="random")
        obs, info = env.reset(seed=side)
        for _ in range(400):
            state = env.state
            if state.phase == Phase.CHOOSE:
                other = _with_other_choices(state, env.controlled)
                if other is not None:
                    again = env.encoding.observe(other, env._actor, env.controlled, env._actor)
                    assert np.array_equal(again, obs)
                    checked += 1
            obs, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
            if terminated or truncated:
                obs, info = env.reset()
    assert checked > 0


def test_an_aec_agent_sees_only_its_own_pending_choice():
    env = chase_aec_env("chase_helicopter_pickup")
    rng = np.random.default_rng(1)
    checked = 0
    for episode in range(10):
        env.reset(seed=episode)
        for agent in env.agent_iter(600):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            state = env.state
            me = env._id[agent]
            if state.phase == Phase.CHOOSE:
                other = _with_other_choices(state, frozenset({me}))  # allies' choices are secret too
                if other is not None:
                    again = env.encoding.observe(other, me, frozenset({me}), env._actor)
                    assert np.array_equal(again, obs["observation"])
                    checked += 1
            env.step(random_legal(obs["action_mask"], rng))
    assert checked > 20


def test_choices_show_after_the_reveal():
    env = ChaseEnv("chase_car_vs_motorcycle", side="courier", opponents="random")
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    shown = 0
    for _ in range(300):
        if env.state.phase == Phase.RESOLVE:
            from yz_gym.envs.chase_encoding import UF, UNIT_SIZE, UNITS_AT

            shown += sum(obs[UNITS_AT + k * UNIT_SIZE + UF["act_shown"]] for k in range(N_UNIT_SLOTS))
        obs, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if terminated or truncated:
            obs, info = env.reset()
    assert shown > 0


# --- masks, illegal actions, rewards ------------------------------------------------------------------


def test_the_mask_is_exactly_the_legal_actions_and_illegal_ones_fail_loudly():
    env = ChaseEnv("chase_highway_pileup", side="crew", opponents="random")
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    decisions = set()
    for _ in range(500):
        legal = chase.legal_actions(env.state)
        mask = info["action_mask"]
        assert mask.sum() == len(legal) and np.array_equal(mask.astype(bool), env.action_masks())
        assert sorted(env._by_index.values()) == sorted(legal)
        decisions.add(info["decision"])
        obs, _, terminated, truncated, info = env.step(random_legal(mask, rng))
        if terminated or truncated:
            obs, info = env.reset()
    assert {"action", "cancel", "push"} <= decisions
    strict = ChaseEnv("chase_highway_pileup", side="crew", illegal_action="raise")
    strict.reset(seed=1)
    illegal = int(np.flatnonzero(strict.action_masks() == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        strict.step(illegal)
    soft = ChaseEnv("chase_highway_pileup", side="crew")  # the penalty is the default
    obs, info = soft.reset(seed=1)
    before = soft.state.clone()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = soft.step(illegal)
    assert reward == -0.1 and info2["illegal_action"] and not (terminated or truncated)
    assert np.array_equal(obs, obs2) and soft.state.decisions == before.decisions


def test_terminal_rewards_follow_the_winner_and_shaping_adds_up():
    for side in ("watch", "thief"):
        env = ChaseEnv("chase_market_foot", side=side, reward_shaping=True, opponents="random")
        rng = np.random.default_rng(3)
        _obs, info = env.reset(seed=3)
        for _ in range(3):
            total = 0.0
            while True:
                _obs, reward, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
                total += reward
                if terminated or truncated:
                    break
            out = info["outcome"]
            assert out["ending"] in ENDINGS and info["legal_actions"] == ()
            assert np.flatnonzero(info["action_mask"]).tolist() == [0]  # never all zeros (masks.idle_mask)
            won = 1.0 if out["winner"] == side else (0.0 if out["winner"] is None else -1.0)
            assert abs(total - won) <= 1.0  # shaping is a potential difference, bounded
            _obs, info = env.reset()


def test_the_chase_limit_terminates_or_truncates_with_the_preys_reward():
    data = read_yaml(SCENARIO_DIR / "chase_market_foot.yaml")
    data["chase_rules"] = {**data["chase_rules"], "chase_max_rounds": 1, "chase_start_range": "long"}
    seen = {True: 0, False: 0}
    for truncate in (False, True):
        env = ChaseEnv(
            data, side="thief", limit_truncates=truncate, opponents={"watch": "random", "thief": "random"}
        )
        rng = np.random.default_rng(0)
        _obs, info = env.reset(seed=0)
        for _ in range(200):
            _obs, reward, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
            if terminated or truncated:
                if info["outcome"]["ending"] == "timeout":
                    assert reward == 1.0 and truncated == truncate and terminated != truncate
                    seen[truncate] += 1
                _obs, info = env.reset()
    assert seen[True] and seen[False]


# --- seeding, pickling, vector envs -------------------------------------------------------------------


def test_same_seed_same_episode_and_after_pickling():
    a = fingerprint(make("chase_helicopter_pickup"), seed=11, steps=300)
    b = fingerprint(make("chase_helicopter_pickup"), seed=11, steps=300)
    c = fingerprint(make("chase_helicopter_pickup"), seed=12, steps=300)
    assert a == b != c
    env = make("chase_highway_pileup", side="crew", reward_shaping=True)
    rng = np.random.default_rng(5)
    _obs, info = env.reset(seed=5)
    for _ in range(25):
        _obs, *_, info = env.step(random_legal(info["action_mask"], rng))
        if env.unwrapped._actor < 0:
            _obs, info = env.reset()
    clone = pickle.loads(pickle.dumps(env))
    deep = copy.deepcopy(env)
    assert fingerprint(clone, 0, 200, policy_seed=9, reset=False) == fingerprint(
        env, 0, 200, policy_seed=9, reset=False
    )
    assert fingerprint(deep, 3, 100) == fingerprint(clone, 3, 100)


def _pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([random_legal(m, rng) if m.any() else 0 for m in masks])


def test_gymnasium_sync_vector_env():
    envs = SyncVectorEnv(
        [partial(make, "chase_market_foot"), partial(make, "chase_car_vs_motorcycle", side=1)]
    )
    try:
        obs, infos = envs.reset(seed=[1, 2])
        assert obs.shape == (2, CHASE_OBS_SIZE)
        rng = np.random.default_rng(0)
        ends = 0
        for _ in range(150):
            obs, _r, terminated, truncated, infos = envs.step(_pick(infos["action_mask"], rng))
            ends += int(terminated.sum() + truncated.sum())
        assert ends > 0
    finally:
        envs.close()


def test_sb3_dummy_vec_env():
    from stable_baselines3.common.vec_env import DummyVecEnv

    envs = DummyVecEnv(
        [partial(make, "chase_helicopter_pickup"), partial(make, "chase_highway_pileup", side="crew")]
    )
    envs.seed(3)
    obs = envs.reset()
    assert obs.shape == (2, CHASE_OBS_SIZE)
    rng = np.random.default_rng(0)
    dones = 0
    for _ in range(150):
        masks = np.stack(envs.env_method("action_masks"))
        obs, _r, done, _infos = envs.step(_pick(masks, rng))
        dones += int(done.sum())
    assert dones > 0
    envs.close()


def test_maskable_ppo_smoke():
    torch = pytest.importorskip("torch")
    sb3_contrib = pytest.importorskip("sb3_contrib")
    torch.set_num_threads(1)
    env = make("chase_market_foot", side="thief", reward_shaping=True)
    model = sb3_contrib.MaskablePPO(
        "MlpPolicy", env, n_steps=256, batch_size=128, n_epochs=2, seed=0, device="cpu",
        policy_kwargs={"net_arch": [64, 64]},
    )  # fmt: skip
    model.learn(1536)
    obs, info = env.reset(seed=1)
    for _ in range(40):
        action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
        assert info["action_mask"][int(action)] == 1
        obs, _reward, terminated, truncated, info = env.step(int(action))
        if terminated or truncated:
            obs, info = env.reset()


# --- invariants under random legal play -----------------------------------------------------------------


def _check_invariants(state: ChaseState) -> None:
    for v in state.vehicles:
        assert 0 <= v.damage <= v.type.hull, f"{v.name}: damage {v.damage}"  # never negative
        assert 0 <= v.altitude <= state.scenario.max_altitude, f"{v.name}: altitude {v.altitude}"
        if v.wrecked:
            assert v.driver < 0, f"{v.name} is a wreck but {v.driver} drives it"  # VEH-DMG-03
    for u, unit in enumerate(state.units):
        if unit.vehicle >= 0 and state.vehicles[unit.vehicle].wrecked and state.phase == Phase.CHOOSE:
            assert unit.status != "in", f"a wreck is still in the chase: {state.vehicles[unit.vehicle].name}"
            assert all(c not in state.crew(u) or slot != -1 for c, slot in state.choosers)
    for c in state.world.combatants:
        assert min(c.attrs) >= 0 and c.health >= 0 and c.resolve >= 0


def test_random_legal_play_keeps_the_invariants():
    steps, episodes, endings = 0, 0, set()
    rng = np.random.default_rng(2024)
    for i, name in enumerate(CHASES * 2):
        env = ChaseEnv(name, side=i % 2, opponents="random", reward_shaping=True)
        obs, info = env.reset(seed=i)
        target = steps + 2600
        while steps < target:
            obs, reward, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
            steps += 1
            assert obs.shape == (CHASE_OBS_SIZE,) and obs.min() >= 0.0 and obs.max() <= 1.0
            assert np.isfinite(reward)
            _check_invariants(env.state)
            if terminated or truncated:
                episodes += 1
                endings.add(ending(env.state))
                obs, info = env.reset()
            else:
                assert info["action_mask"].any()
    assert steps >= 20_000 and episodes > 100
    assert {"escaped", "caught", "wrecked"} <= endings


# --- render -------------------------------------------------------------------------------------------


def test_render_text_and_picture():
    env = make("chase_helicopter_pickup", render_mode="ansi")
    _obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(6):
        _obs, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if terminated or truncated:
            break
    text = env.render()
    assert "Helicopter hunts a technical" in text and "Hawk One" in text and "alt" in text
    pic = make("chase_market_foot", render_mode="rgb_array")
    pic.reset(seed=0)
    image = pic.render()
    assert image.ndim == 3 and image.shape[2] == 3 and image.dtype == np.uint8
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 20  # not a blank canvas
    assert not _pyplot_pulled_in(), "render imported matplotlib.pyplot (a GUI backend)"
    aec = ChaseAEC("chase_market_foot", render_mode="ansi")
    aec.reset(seed=0)
    assert "Nadia" in aec.render()


def test_every_bundled_chase_fits_the_encodings():
    for name in CHASES:
        env = ChaseEnv(load_chase(name))
        env.reset(seed=0)
        assert env._by_index


def _pyplot_pulled_in() -> bool:
    """Whether rendering a picture imports matplotlib.pyplot, checked in a fresh process."""
    import subprocess

    code = (
        "import sys, gymnasium as gym, yz_gym\n"
        "env = gym.make('yz_gym/Chase-v0', scenario='chase_helicopter_pickup', render_mode='rgb_array')\n"
        "env.reset(seed=0)\n"
        "assert env.render().ndim == 3\n"
        "print('matplotlib.pyplot' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip() == "True"
