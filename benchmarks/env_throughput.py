"""Steps per second of yz_gym/Skirmish-v0 with random legal play, beside reference envs.

Measures, in one run and interleaved round by round (so machine load hits all alike):

- Gymnasium's CartPole-v1 made with `gymnasium.make` (the same wrapper stack a made
  Skirmish-v0 gets: OrderEnforcing and the passive env checker, plus CartPole's TimeLimit);
- PettingZoo's connect_four_v3 (AEC; every `step` is one move);
- Skirmish-v0 on each bundled scenario, the learner picking uniformly among the legal
  actions of `info["action_mask"]`, every other combatant played by the random agent.

Each env takes random actions the cheapest way (one `Generator.integers` per step), so the
figures compare env cost, not samplers. Prints steps/s (median of the rounds) and the ratio
to CartPole-v1 (median of per-round ratios). Target on the default scenario: >= 0.30.

    python benchmarks/env_throughput.py [--seconds 1.0] [--rounds 5] [--scenario NAME ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gymnasium as gym

import yz_gym  # noqa: F401  (registers Skirmish-v0)
from yz_gym.scenario.loader import DEFAULT_SCENARIO, bundled_scenarios

TARGET = 0.30


def cartpole_runner() -> Callable[[float], float]:
    env = gym.make("CartPole-v1")
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def run(seconds: float) -> float:
        n = 0
        start = time.perf_counter()
        end = start + seconds
        while True:
            for _ in range(100):
                _, _, terminated, truncated, _ = env.step(int(rng.integers(2)))
                if terminated or truncated:
                    env.reset()
            n += 100
            now = time.perf_counter()
            if now >= end:
                return n / (now - start)

    return run


def connect_four_runner() -> Callable[[float], float]:
    from pettingzoo.classic import connect_four_v3

    env = connect_four_v3.env()
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def run(seconds: float) -> float:
        n = 0
        start = time.perf_counter()
        end = start + seconds
        while True:
            for _ in range(100):
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.reset()
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                n += 1
            now = time.perf_counter()
            if now >= end:
                return n / (now - start)

    return run


def skirmish_runner(scenario: str) -> Callable[[float], float]:
    env = gym.make("yz_gym/Skirmish-v0", scenario=scenario)
    state = {"info": env.reset(seed=0)[1]}
    rng = np.random.default_rng(0)

    def run(seconds: float) -> float:
        info = state["info"]
        n = 0
        start = time.perf_counter()
        end = start + seconds
        while True:
            for _ in range(100):
                legal = np.flatnonzero(info["action_mask"])
                _, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
                if terminated or truncated:
                    info = env.reset()[1]
            n += 100
            now = time.perf_counter()
            if now >= end:
                state["info"] = info
                return n / (now - start)

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per env per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scenario", action="append", help="only these scenarios (repeatable)")
    args = parser.parse_args(argv)
    scenarios = args.scenario or bundled_scenarios()
    runners: dict[str, Callable[[float], float]] = {"CartPole-v1": cartpole_runner()}
    try:
        runners["connect_four_v3"] = connect_four_runner()
    except ImportError as err:  # connect_four needs pygame (pip install "pettingzoo[classic]")
        print(f"connect_four_v3 skipped: {err}")
    for name in scenarios:
        runners[f"Skirmish-v0 {name}"] = skirmish_runner(name)
    for run in runners.values():  # warm up caches and imports
        run(0.05)
    rates: dict[str, list[float]] = {k: [] for k in runners}
    ratios: dict[str, list[float]] = {k: [] for k in runners}
    for _ in range(args.rounds):
        base = runners["CartPole-v1"](args.seconds)
        rates["CartPole-v1"].append(base)
        ratios["CartPole-v1"].append(1.0)
        for key, run in runners.items():
            if key == "CartPole-v1":
                continue
            rate = run(args.seconds)
            rates[key].append(rate)
            ratios[key].append(rate / base)
    print(f"{'env':<36} {'steps/s':>10} {'x CartPole':>11}")
    for key in runners:
        mark = ""
        if key == f"Skirmish-v0 {DEFAULT_SCENARIO}":
            ok = statistics.median(ratios[key]) >= TARGET
            mark = f"  <- default scenario, target >= {TARGET:.2f}: {'met' if ok else 'NOT met'}"
        print(f"{key:<36} {statistics.median(rates[key]):>10.0f} {statistics.median(ratios[key]):>11.3f}{mark}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
