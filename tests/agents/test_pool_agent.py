"""The self-play pool draws a member for every game, also after SB3's unseeded resets."""

from __future__ import annotations

import gymnasium as gym
import numpy as np

import yz_gym  # noqa: F401 - registers the envs
from yz_gym.agents.policy import PoolAgent


def _members_of_games(env: gym.Env, pool: PoolAgent, games: int, seeded_every: int = 0) -> list[str]:
    """The member that played each game (random learner moves); seeded resets every `seeded_every` games."""
    rng = np.random.default_rng(0)
    played = []
    for game in range(games):
        seed = game if seeded_every and game % seeded_every == 0 else None
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert pool.current is not None
        played.append(pool.current.name)
    return played


def test_unseeded_resets_draw_a_new_member():
    pool = PoolAgent(["random", "aggressive", "tactical"], seed=1)
    env = gym.make("yz_gym/Skirmish-v0", scenario="duel", side="ilsa", opponents={"brann": pool})
    env.reset(seed=3)  # the one seeded reset SB3 makes; every later reset is unseeded
    played = _members_of_games(env, pool, 30)
    counts = {name: played.count(name) for name in ("random", "aggressive", "tactical")}
    assert all(n >= 4 for n in counts.values()), counts  # 30 uniform draws: each member ~10 times


def test_the_draws_are_reproducible():
    runs = []
    for _ in range(2):
        pool = PoolAgent(["random", "aggressive", "tactical"], seed=1)
        env = gym.make("yz_gym/Skirmish-v0", scenario="duel", side="ilsa", opponents={"brann": pool})
        runs.append(_members_of_games(env, pool, 12, seeded_every=3))
    assert runs[0] == runs[1]
    assert len(set(runs[0])) > 1
