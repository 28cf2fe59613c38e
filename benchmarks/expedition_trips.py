"""How fast `yz-gym evaluate` plays expeditions: seeded trips of each bundled expedition with its
scripted planner and scripted fights (issue 15's goal: 2,000 trips of each in under a minute on the
2-core machine).

    python benchmarks/expedition_trips.py [--trips 2000] [--workers 2] [--scenario NAME ...] [--planner cautious]

Trip i depends only on (seed, i) (evaluation/journeys.py), so the workers split the trips by index
and the tallies add up to those of one process. Prints, for each expedition, the seconds, the CPU
seconds of all processes (on a loaded machine the wall clock says little: the unloaded 2-core
time is about CPU / 2), trips/s and what the trips came to (arrivals and deaths). Run by hand; the machines are shared, so compare
figures from one run only."""

from __future__ import annotations

import argparse
import resource
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from yz_gym.core.ending import Termination
from yz_gym.evaluation.journeys import play_trip
from yz_gym.scenario.loading import load

BUNDLED = (
    "expedition_winter_crossing", "expedition_convoy_ruins", "expedition_dragoon_patrol", "expedition_marsh_trek",
    "expedition_river_journey",
)  # fmt: skip


def trips(name: str, planner: str, seed: int, first: int, last: int) -> tuple[int, int, Counter[str]]:
    """Trips `first`..`last - 1`: how many, how many arrived, and the deaths by cause."""
    scenario = load(name).scenario
    arrived, causes = 0, Counter[str]()
    for trip in range(first, last):
        state = play_trip(scenario, {scenario.side: planner}, seed, trip, {}).state
        arrived += state.termination == Termination.ARRIVED
        causes.update(state.causes.values())
    return last - first, arrived, causes


def cpu_seconds() -> float:
    """CPU seconds (user and system) spent by this process and its finished workers so far."""
    me, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + workers.ru_utime + workers.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trips", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scenario", nargs="+", default=list(BUNDLED))
    parser.add_argument("--planner", default="cautious")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{'expedition':<30} {'trips':>6} {'seconds':>8} {'CPU s':>7} {'trips/s':>8} {'arrived':>8}  deaths by cause")
    for name in args.scenario:
        bounds = [args.trips * k // args.workers for k in range(args.workers + 1)]
        start, cpu = time.perf_counter(), cpu_seconds()
        with ProcessPoolExecutor(args.workers) as pool:
            parts = list(pool.map(trips, *zip(*[
                (name, args.planner, args.seed, bounds[k], bounds[k + 1]) for k in range(args.workers)
            ], strict=True)))  # fmt: skip
        elapsed, used = time.perf_counter() - start, cpu_seconds() - cpu
        played = sum(p[0] for p in parts)
        arrived = sum(p[1] for p in parts)
        causes = sum((p[2] for p in parts), Counter[str]())
        shown = ", ".join(f"{cause} {count}" for cause, count in causes.most_common())
        print(f"{name:<30} {played:>6} {elapsed:>8.1f} {used:>7.1f} {played / elapsed:>8.1f} {arrived / played:>8.1%}  {shown}")


if __name__ == "__main__":
    main()
