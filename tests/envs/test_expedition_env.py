"""The expedition env (`yz_gym/Expedition-v0`, yz_gym.envs.expedition_env): every plan has one index,
the mask is the rules' legal plans, the reward counts deaths and the end, seeds replay, the fights'
agent is the learner's choice, and the AEC version asks only the planner."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest

import yz_gym  # noqa: F401  registers the ids
from yz_gym.core.ending import Termination
from yz_gym.envs.core import IllegalActionError
from yz_gym.envs.expedition_encoding import (
    EXPEDITION_OBS_SIZE,
    N_PLAN_ACTIONS,
    G,
    T,
    expedition_structure,
    hex_distance,
    index_plan,
    plan_index,
)
from yz_gym.envs.expedition_env import ExpeditionEnv, raw_env
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.tasks import PROVISIONS, DayPlan

TASK = "yz_gym/YZE-Expedition-WinterCrossing-v1"


def test_every_plan_of_up_to_eight_travellers_has_its_own_index() -> None:
    seen = set()
    for moves in range(5):
        for provision in PROVISIONS:
            for camp in (True, False):
                for lookout in range(-1, 8):
                    for avoid in (True, False) if lookout >= 0 else (True,):
                        plan = DayPlan(moves, provision, camp, lookout, avoid)
                        i = plan_index(plan)
                        assert 0 <= i < N_PLAN_ACTIONS and index_plan(i) == plan
                        seen.add(i)
    assert len(seen) == N_PLAN_ACTIONS == 1020


def test_hex_distance_counts_the_hexes_of_the_offset_map() -> None:
    hexmap = ExpeditionEnv("expedition_winter_crossing").scenario.hexmap
    for h in range(len(hexmap.terrain)):
        for direction in range(6):
            n = hexmap.neighbour(h, direction)
            if n >= 0:  # every neighbour the map knows is one hex away
                assert hex_distance(hexmap.coords(h), hexmap.coords(n)) == 1
    assert hex_distance((0, 0), (0, 0)) == 0
    assert hex_distance((0, 0), (1, 1)) == 2  # odd rows sit half a hex to the right: (0, 1) is next
    assert hex_distance((0, 0), (11, 5)) == 14
    assert hex_distance((3, 2), (0, 2)) == 3


def test_the_mask_is_the_rules_legal_plans_and_the_observation_is_the_morning() -> None:
    env = gym.make(TASK)
    obs, info = env.reset(seed=4)
    state = env.unwrapped.state
    legal = journey.legal_actions(state)
    assert sorted(info["legal_actions"]) == sorted(plan_index(p) for p in legal)
    assert info["action_mask"].sum() == len(legal) and info["decision"] == "plan" and info["day"] == 1
    assert obs.shape == (EXPEDITION_OBS_SIZE,) and obs.dtype == np.float32
    assert obs[0] == pytest.approx(1 / 14) and obs[G + 1] == 1.0 and obs[G + 7 * T] == 0.0  # 4 of 8 slots
    assert obs[21] == pytest.approx(14 / 60) and obs[24] == pytest.approx(40 / 60)  # food 14, water 40


def test_a_day_is_one_step_and_the_deaths_and_the_end_make_the_reward() -> None:
    env = gym.make(TASK)
    rng = np.random.default_rng(1)
    for episode in range(5):
        _obs, info = env.reset(seed=episode)
        state = env.unwrapped.state
        n, total, dead = len(state.people), 0.0, 0
        while True:
            day = state.day
            _obs, reward, terminated, truncated, info = env.step(int(rng.choice(info["legal_actions"])))
            died = sum(1 for c in state.people if c.dead) - dead
            dead += died
            end = {Termination.ARRIVED: 1.0, Termination.PARTY_LOST: -1.0}.get(state.termination, 0.0)
            assert reward == pytest.approx(-died / n + (end if terminated or truncated else 0.0))
            total += reward
            if terminated or truncated:
                assert truncated == (state.termination == Termination.DAY_LIMIT)
                assert info["outcome"]["days"] == state.day and info["action_mask"].sum() == 1
                assert info["legal_actions"] == ()
                break
            assert state.day == day + 1


def test_the_same_seed_plays_the_same_journey_and_illegal_plans_cost_the_penalty() -> None:
    runs = []
    for _ in range(2):
        env = gym.make(TASK)
        obs, info = env.reset(seed=9)
        trail = [obs]
        rng = np.random.default_rng(9)
        for _ in range(6):
            obs, _r, terminated, truncated, info = env.step(int(rng.choice(info["legal_actions"])))
            trail.append(obs)
            if terminated or truncated:
                break
        runs.append(np.stack(trail))
    assert np.array_equal(runs[0], runs[1])
    env = gym.make(TASK)
    obs, info = env.reset(seed=0)
    masked = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info2 = env.step(masked)
    assert reward == -0.1 and info2["illegal_action"] and np.array_equal(obs, again)
    strict = gym.make(TASK, illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError, match="not a plan the party can make now"):
        strict.step(masked)


def test_the_dict_observation_holds_the_flat_values() -> None:
    shape = expedition_structure()
    flat_env, dict_env = gym.make(TASK), gym.make(TASK, obs_mode="dict")
    flat, info = flat_env.reset(seed=2)
    seen, _ = dict_env.reset(seed=2)
    assert seen["travellers"].shape == (8, T) and seen["global"].shape == (G,)
    assert np.array_equal(shape.flatten(seen), flat) and np.array_equal(seen["action_mask"], info["action_mask"])


def test_the_learner_chooses_who_plays_the_fights_and_bad_options_are_refused() -> None:
    env = ExpeditionEnv("expedition_winter_crossing", fight_agent="tactical")
    assert env.scenario.fight_agent == "tactical"
    assert ExpeditionEnv("expedition_winter_crossing").scenario.fight_agent == "aggressive"  # the file's
    for kwargs, message in (
        ({"fight_agent": "wizard"}, "fight_agent 'wizard' is no scripted fight agent"),
        ({"side": "bandits"}, "no side 'bandits'"),
        ({"opponents": {"bandits": "tactical"}}, "an expedition has no other side"),
        ({"reward_shaping": True}, "the expedition env has none"),
    ):
        with pytest.raises(ValueError, match=message):
            ExpeditionEnv("expedition_winter_crossing", **kwargs)


def test_the_aec_env_asks_only_the_first_traveller_alive_to_plan() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        aec = raw_env("expedition_dragoon_patrol")
    aec.reset(seed=3)
    planner = aec.agent_selection
    assert planner == aec.possible_agents[0]
    for agent in aec.possible_agents:
        mask = aec.observe(agent)["action_mask"]
        assert mask.sum() == (len(aec.legal_actions(agent)) if agent == planner else 1)
    aec.step(int(aec.legal_actions(planner)[0]))
    assert aec.state.day == 2 or journey.is_over(aec.state)
