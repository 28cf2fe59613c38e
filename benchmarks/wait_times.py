"""How long users wait where they wait: the advisor on the README's positions, and a big evaluation.

    python benchmarks/wait_times.py [--games 10000] [--workers 2] [--repeat 1] [--skip-advise]

Times, in one run and in the build that runs (compiled or interpreted, printed first):
- `yz-gym advise` (and '?' in `play`) on the README's positions (benchmarks/advisor_speed.py
  names them), with its default settings: wall and CPU seconds per answer, rollouts run;
  target: under 3 s each on the 2-core machine;
- `yz-gym evaluate warehouse_ambush -n GAMES -w WORKERS`, both sides tactical (evaluate's
  default): wall seconds and games/s; target: 10,000 games in 60 s or less with 2 workers.
Imports yz_gym from this checkout (a compiled build made with `YZ_GYM_MYPYC=1 python setup.py
build_ext --inplace` is used when present). Run by hand; the machines are shared, so compare
figures from one run only."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout, then benchmarks/

from benchmarks.advisor_speed import chase_positions, positions, time_answer
from yz_gym.evaluation.runner import evaluate
from yz_gym.rulesets.yze import dice

ADVISE_TARGET = 3.0  # seconds per answer
EVALUATE_TARGET = 60.0  # seconds for 10,000 games with 2 workers
SCENARIO = "warehouse_ambush"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games of the evaluation (0: skip it)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1, help="answers per advisor position")
    parser.add_argument("--skip-advise", action="store_true")
    args = parser.parse_args()
    print(f"build: {'compiled (mypyc)' if dice.COMPILED else 'interpreted'}; {os.cpu_count()} CPUs")
    if not args.skip_advise:
        for name, (state, agents) in {**positions(), **chase_positions()}.items():
            for _ in range(args.repeat):
                wall, cpu, ranked = time_answer(state, agents, args.workers)
                mark = "ok" if wall < ADVISE_TARGET else "SLOW"
                rollouts = sum(a.games for a in ranked)
                print(f"advise, {name}: {wall:.2f} s wall ({mark}), {cpu:.2f} s CPU, {rollouts} rollouts")
    if args.games:
        policies = {"crew": "tactical", "vipers": "tactical"}
        start = time.perf_counter()
        stats, _ = evaluate(SCENARIO, policies, args.games, seed=0, workers=args.workers)
        wall = time.perf_counter() - start
        target = EVALUATE_TARGET * args.games / 10_000
        mark = "ok" if wall <= target else "SLOW"
        print(
            f"evaluate {SCENARIO} -n {stats.games} -w {args.workers}, both sides tactical: {wall:.1f} s "
            f"({mark}: target {target:.0f} s), {stats.games / wall:.1f} games/s"
        )


if __name__ == "__main__":
    main()
