"""How fast `yz-gym evaluate` plays games, and whether memory stays flat as games grow.

    python benchmarks/evaluate_scaling.py --games 10000 100000 --workers 2 [--scenario duel] [--policy SIDE=AGENT]

Sides not named by --policy play `random` here (not evaluate's `tactical` default), so that
100,000 games stay a matter of minutes.

Prints games/s and peak resident memory (this process and its workers) for each run. Run by
hand; the machines are shared, so compare figures from one run only."""

from __future__ import annotations

import argparse
import resource
import time

from yz_gym.evaluation.runner import evaluate
from yz_gym.scenario import DEFAULT_SCENARIO, load


def peak_mib() -> tuple[float, float]:
    """Peak resident set size in MiB of this process and of its largest finished child."""
    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return me, children


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scenario", default=DEFAULT_SCENARIO)
    parser.add_argument("--policy", action="append", default=[], help="SIDE=AGENT")
    args = parser.parse_args()
    named = dict(p.split("=", 1) for p in args.policy)
    policies = {side: named.get(side, "random") for side in load(args.scenario).sides}
    print(f"{'games':>8} {'seconds':>9} {'games/s':>9} {'peak MiB main':>14} {'peak MiB worker':>16}")
    for games in args.games:
        start = time.perf_counter()
        stats, _ = evaluate(args.scenario, policies, games, seed=0, workers=args.workers)
        elapsed = time.perf_counter() - start
        me, child = peak_mib()
        print(f"{stats.games:>8} {elapsed:>9.1f} {stats.games / elapsed:>9.0f} {me:>14.0f} {child:>16.0f}")


if __name__ == "__main__":
    main()
