"""Env steps/s of the same scenarios on two or more source trees, in one run, interleaved round by round.

Each tree (a checkout, or a copy built in place with `YZ_GYM_MYPYC=1 python setup.py build_ext
--inplace`) runs in its own worker process with `PYTHONPATH=<tree>`, so it imports that tree's
`yz_gym` whatever is installed. Every round measures every scenario on every tree once (the
trees' order rotates from round to round), so machine load hits all of them alike. A measure is
Skirmish-v0 with random legal play, as `env_throughput.py` times it: `gym.make` (the same wrappers),
the learner picking uniformly from `info["legal_actions"]`, every other combatant played by the
random agent, a reset at each end.

Prints, per scenario and tree: the build it runs (what `yz-gym --version` says), steps/s and
microseconds per step of its best round (the least disturbed: min-of-N), and its ratio to the
first tree (of the best rounds, and the median of the round-by-round ratios). The time is the
worker's CPU time (`time.process_time`; `--wall` for wall-clock time), which waiting for the CPU
does not inflate. `--cartpole` adds CartPole-v1 (Gymnasium's, measured by the first tree's worker
in every round) and each row's ratio to it.

    python benchmarks/compare_trees.py TREE TREE [TREE ...] [--scenario NAME ...] [--seconds 1.0]
        [--rounds 5] [--wall] [--cartpole]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

CARTPOLE = "CartPole-v1"


# --- the worker: one tree's envs, measured on request --------------------------------------


def _runner(env_id: str, kwargs: dict[str, Any]) -> Callable[[int], int]:
    """A function playing `n` random legal steps of a made env (at least `n`: whole batches)."""
    import gymnasium as gym
    import numpy as np

    env = gym.make(env_id, **kwargs)
    rng = np.random.default_rng(0)
    if env_id == "CartPole-v1":
        env.reset(seed=0)

        def cartpole(n: int) -> int:
            for _ in range(n):
                _, _, terminated, truncated, _ = env.step(int(rng.random() * 2))
                if terminated or truncated:
                    env.reset()
            return n

        return cartpole
    held = {"info": env.reset(seed=0)[1]}

    def skirmish(n: int) -> int:
        info = held["info"]
        for _ in range(n):
            legal = info["legal_actions"]
            _, _, terminated, truncated, info = env.step(legal[int(rng.random() * len(legal))])
            if terminated or truncated:
                info = env.reset()[1]
        held["info"] = info
        return n

    return skirmish


def _build() -> str:
    """What `yz-gym --version` says about the build, and where this tree's yz_gym was imported from."""
    import yz_gym
    from yz_gym.cli import version_line

    line = version_line()
    build = line[line.index("(") + 1 : line.rindex(")")] if "(" in line else line
    return f"{build} [{Path(yz_gym.__file__).parent.parent}]"


def worker(scenarios: list[str], wall: bool) -> int:
    """Make the envs, say the build on one JSON line, then answer "NAME SECONDS" lines with
    "STEPS SECONDS" (the steps played and the time they took) until stdin closes."""
    import yz_gym  # noqa: F401  registers the Gymnasium ids

    clock = time.perf_counter if wall else time.process_time
    runners = {name: _runner("yz_gym/Skirmish-v0", {"scenario": name, "opponents": "random"}) for name in scenarios}
    runners[CARTPOLE] = _runner(CARTPOLE, {})
    for run in runners.values():  # warm up caches and imports
        run(200)
    print(json.dumps({"build": _build()}), flush=True)
    for line in sys.stdin:
        name, seconds = line.split()
        run, budget = runners[name], float(seconds)
        steps = 0
        start = clock()
        while True:
            steps += run(50)
            spent = clock() - start
            if spent >= budget:
                break
        print(f"{steps} {spent}", flush=True)
    return 0


# --- the driver ----------------------------------------------------------------------------


class Tree:
    """One tree's worker process."""

    def __init__(self, path: Path, scenarios: list[str], wall: bool) -> None:
        self.path = path
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", "--scenario", *scenarios]
        if wall:
            command.append("--wall")
        env = {**os.environ, "PYTHONPATH": str(path)}
        self.process = subprocess.Popen(
            command, cwd=path, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.build = str(json.loads(self._line())["build"])

    def _line(self) -> str:
        """The worker's next line (an error if it stopped)."""
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker of {self.path} stopped (exit code {self.process.wait()})")
        return line

    def measure(self, name: str, seconds: float) -> float:
        """Steps per second of `name` over `seconds`."""
        stdin: IO[str] | None = self.process.stdin
        assert stdin is not None
        stdin.write(f"{name} {seconds}\n")
        stdin.flush()
        steps, spent = self._line().split()
        return int(steps) / float(spent)

    def close(self) -> None:
        """End the worker."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def compare(
    paths: list[Path], scenarios: list[str], seconds: float, rounds: int, wall: bool, cartpole: bool
) -> dict[str, list[list[float]]]:
    """Steps/s of every scenario on every tree (and CartPole-v1 on the first tree), round by round:
    {name: [[round rates] per tree]}; the trees are printed as they start."""
    trees = [Tree(path, scenarios, wall) for path in paths]
    try:
        for i, tree in enumerate(trees):
            print(f"tree {i}: {tree.path} ({tree.build})", flush=True)
        names = [*scenarios, CARTPOLE] if cartpole else scenarios
        rates: dict[str, list[list[float]]] = {name: [[] for _ in trees] for name in names}
        for r in range(rounds):
            order = list(range(len(trees)))
            order = order[r % len(order) :] + order[: r % len(order)]  # each tree goes first in turn
            for name in names:
                for i in order if name != CARTPOLE else [0]:
                    rates[name][i].append(trees[i].measure(name, seconds))
    finally:
        for tree in trees:
            tree.close()
    return rates


def report(rates: dict[str, list[list[float]]], cartpole: bool) -> list[str]:
    """The table's lines: per scenario and tree the best round's steps/s and microseconds per step,
    the ratio to the first tree, and (with CartPole-v1) to CartPole."""
    head = f"{'scenario':<24} {'tree':>4} {'steps/s':>9} {'us/step':>9} {'x tree 0':>9} {'(median)':>9}"
    lines = [head + (f" {'x CartPole':>11}" if cartpole else "")]
    best_cartpole = max(rates[CARTPOLE][0]) if cartpole else 0.0
    for name, per_tree in rates.items():
        if name == CARTPOLE:
            continue
        first = per_tree[0]
        for i, tree_rates in enumerate(per_tree):
            best = max(tree_rates)
            paired = statistics.median(r / b for r, b in zip(tree_rates, first, strict=True))
            line = f"{name:<24} {i:>4} {best:>9.0f} {1e6 / best:>9.2f} {best / max(first):>9.3f} {paired:>9.3f}"
            lines.append(line + (f" {best / best_cartpole:>11.3f}" if cartpole else ""))
    if cartpole:
        best = best_cartpole
        lines.append(f"{CARTPOLE:<24} {0:>4} {best:>9.0f} {1e6 / best:>9.2f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", type=Path, help="source trees (the first is the reference)")
    parser.add_argument("--scenario", nargs="+", default=["duel"], help="bundled zone scenarios (default: duel)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per scenario, tree and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--wall", action="store_true", help="wall-clock time instead of the worker's CPU time")
    parser.add_argument("--cartpole", action="store_true", help="also CartPole-v1 and the ratios to it")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.scenario, args.wall)
    if len(args.trees) < 2:
        parser.error("give two or more source trees")
    paths = [p.resolve() for p in args.trees]
    missing = [str(p) for p in paths if not (p / "yz_gym" / "__init__.py").is_file()]
    if missing:
        parser.error(f"not a yz_gym source tree: {', '.join(missing)}")
    rates = compare(paths, args.scenario, args.seconds, args.rounds, args.wall, args.cartpole)
    print(f"best of {args.rounds} rounds of {args.seconds:g} s ({'wall-clock' if args.wall else 'CPU'} time)")
    print("\n".join(report(rates, args.cartpole)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
