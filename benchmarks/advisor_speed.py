"""How long the advisor takes to answer on the README's positions, with its default settings.

    python benchmarks/advisor_speed.py [--workers 2] [--repeat 1] [--command 5] [--check]

The positions: `yz-gym play warehouse_ambush --as crew` at the crew's first decision (the '?'
key; with the first seed whose game gives the crew one: with seed 0 the Vipers win before the
crew's first turn), the start of `yz-gym advise warehouse_ambush`, `yz-gym advise warehouse_ambush
--replay game.jsonl --at 12` on the game of `yz-gym log warehouse_ambush --seed 7` (recorded
here with the tactical agent on both sides, the evaluation default), and the start of `yz-gym
advise chase_car_vs_motorcycle` (its chase agents). Prints wall seconds and CPU seconds (this
process and its rollout workers) per answer, the rollouts run and the verdict.

--command N also times the whole command `python -m yz_gym.cli advise warehouse_ambush` N times
as a user sees it (start-up, imports, the pool, the answer), in a fresh process each time.
--check runs every position a second time with every action given all its rollouts (race=False,
slow) and prints both top choices and intervals.
Run by hand; the machines are shared, so compare figures from one run only."""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from yz_gym.agents import make_agent
from yz_gym.agents.advisor import Advice, AnyState, advise, explain
from yz_gym.evaluation.replay import record_game
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.scenario.chase_builder import load_chase
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine

ROOT = Path(__file__).resolve().parent.parent
COMMAND = ("advise", "warehouse_ambush")


def play_position(scenario: str, side: str, seed: int = 0) -> GameState | None:
    """Where `yz-gym play SCENARIO --as SIDE --seed SEED` first asks the player to decide (None
    if the game ends before that)."""
    rng = np.random.default_rng(seed)
    state = engine.new_game(load_scenario(scenario), rng)
    agents = [make_agent("tactical", seed + 1 + i) for i in range(len(state.setup.sides))]
    while state.setup.sides[state.combatants[engine.current_actor(state)].side] != side:
        mover = state.combatants[engine.current_actor(state)]
        engine.apply(state, agents[mover.side].choose(state, engine.legal_actions(state)), rng)
        if engine.is_over(state):
            return None
    return state


def positions() -> dict[str, tuple[AnyState, dict[str, str]]]:
    """The README's positions and the agents that play each side in them (the zone fights)."""
    tactical = {"crew": "tactical", "vipers": "tactical"}
    seed, first = next((s, p) for s in range(100) if (p := play_position("warehouse_ambush", "crew", s)))
    replay = record_game("warehouse_ambush", tactical, 7)
    return {
        f"play warehouse_ambush --as crew --seed {seed}, '?'": (first, tactical),
        "advise warehouse_ambush": (engine.new_game(load_scenario("warehouse_ambush"), 0), tactical),
        "advise --replay (log --seed 7) --at 12": (replay.state_at(12)[0], tactical),
    }


def chase_positions() -> dict[str, tuple[AnyState, dict[str, str]]]:
    """The start of `yz-gym advise chase_car_vs_motorcycle` (its default chase agents)."""
    return {"advise chase_car_vs_motorcycle": (chase.new_chase(load_chase("chase_car_vs_motorcycle"), 0), {})}


def time_answer(state: AnyState, agents: dict[str, str], workers: int | None) -> tuple[float, float, list[Advice]]:
    """One answer of the advisor with its default settings: (wall seconds, CPU seconds of this
    process and its rollout workers, the ranked actions)."""
    before = os.times()
    start = time.perf_counter()
    ranked = advise(state, agents, workers=workers)
    wall = time.perf_counter() - start
    after = os.times()
    return wall, sum(after[:4]) - sum(before[:4]), ranked


def time_command(runs: int) -> None:
    """The whole `python -m yz_gym.cli advise warehouse_ambush`, as a user waits for it."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "yz_gym.cli", *COMMAND], cwd=ROOT, check=True, capture_output=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    print(
        f"yz-gym {' '.join(COMMAND)} ({runs} runs): wall min {min(walls):.2f} s, median "
        f"{statistics.median(walls):.2f} s; CPU (with workers) min {min(cpus):.2f} s, median "
        f"{statistics.median(cpus):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=None, help="rollout processes (default: up to 2)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--command", type=int, default=0, metavar="N", help="time the whole CLI command N times")
    parser.add_argument("--check", action="store_true", help="also run every action's full rollouts (slow)")
    args = parser.parse_args()
    if args.command:
        time_command(args.command)
    for name, (state, agents) in {**positions(), **chase_positions()}.items():
        for _ in range(args.repeat):
            wall, cpu, ranked = time_answer(state, agents, args.workers)
            rollouts = sum(a.games for a in ranked)
            print(f"{name}: {wall:.2f} s wall, {cpu:.2f} s CPU, {len(ranked)} actions, {rollouts} rollouts")
        print(f"  {explain(state, ranked)}")
        if args.check:
            full = advise(state, agents, workers=args.workers, race=False)
            best = max(full, key=lambda a: (a.p, -a.number))
            low, high = best.interval
            top, (top_low, top_high) = ranked[0], ranked[0].interval
            print(
                f"  race: {top.label} {top.wins}/{top.games} ({100 * top_low:.0f}-{100 * top_high:.0f}%); "
                f"every action {best.games} rollouts: {best.label} {best.wins}/{best.games} "
                f"({100 * low:.0f}-{100 * high:.0f}%), {sum(a.games for a in full)} rollouts"
            )


if __name__ == "__main__":
    main()
