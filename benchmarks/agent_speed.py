"""How fast the scripted agents play a scenario, and where their time goes.

    python benchmarks/agent_speed.py [--scenario warehouse_ambush] [--games 300] [--policy SIDE=AGENT]
                                     [--profile 25]

Plays the games in this process, one after another, as `yz-gym evaluate -w 1` does (sides not
named by --policy play `tactical`), and prints games/s and the CPU share spent choosing actions
versus applying them. --profile N adds cProfile's top N functions by own time (profiling slows
the run, so compare games/s without it). Run by hand; the machines are shared, so compare
figures from one run only."""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from yz_gym.evaluation.runner import evaluate, scenario_sides
from yz_gym.scenario.loading import load


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default="warehouse_ambush")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", action="append", default=[], help="SIDE=AGENT")
    parser.add_argument("--profile", type=int, default=0, help="show the top N functions by own time")
    args = parser.parse_args(argv)
    named = dict(p.split("=", 1) for p in args.policy)
    policies = {side: named.get(side, "tactical") for side in scenario_sides(load(args.scenario).scenario)}
    profiler = cProfile.Profile() if args.profile else None
    start = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    stats, _ = evaluate(args.scenario, policies, args.games, seed=args.seed, workers=1)
    if profiler is not None:
        profiler.disable()
    elapsed = time.perf_counter() - start
    print(f"{args.scenario}: {stats.games} games in {elapsed:.1f} s, {stats.games / elapsed:.1f} games/s")
    print("policies: " + ", ".join(f"{side}={agent}" for side, agent in policies.items()))
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
