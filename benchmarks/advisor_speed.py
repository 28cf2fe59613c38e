"""How long the advisor takes to answer on the README's positions, with its default settings.

    python benchmarks/advisor_speed.py [--workers 2] [--repeat 1]

The positions: `yz-gym play warehouse_ambush --as crew` at the crew's first decision (the '?'
key; with the first seed whose game gives the crew one: with seed 0 the Vipers win before the
crew's first turn), the start of `yz-gym advise warehouse_ambush`, and `yz-gym advise warehouse_ambush
--replay game.jsonl --at 12` on the game of `yz-gym log warehouse_ambush --seed 7` (recorded
here with the tactical agent on both sides, the evaluation default). Prints wall seconds and CPU
seconds (this process and its rollout workers) per answer, the rollouts run and the verdict.
Run by hand; the machines are shared, so compare figures from one run only."""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from yz_gym.agents import make_agent
from yz_gym.agents.advisor import advise, explain
from yz_gym.evaluation.replay import record_game
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.scenario.loader import load_scenario


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


def positions() -> dict[str, tuple[GameState, dict[str, str]]]:
    """The README's positions and the agents that play each side in them."""
    tactical = {"crew": "tactical", "vipers": "tactical"}
    seed, first = next((s, p) for s in range(100) if (p := play_position("warehouse_ambush", "crew", s)))
    replay = record_game("warehouse_ambush", tactical, 7)
    return {
        f"play warehouse_ambush --as crew --seed {seed}, '?'": (first, tactical),
        "advise warehouse_ambush": (engine.new_game(load_scenario("warehouse_ambush"), 0), tactical),
        "advise --replay (log --seed 7) --at 12": (replay.state_at(12)[0], tactical),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=None, help="rollout processes (default: up to 2)")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    for name, (state, agents) in positions().items():
        for _ in range(args.repeat):
            before = os.times()
            start = time.perf_counter()
            ranked = advise(state, agents, workers=args.workers)
            wall = time.perf_counter() - start
            after = os.times()
            cpu = sum(after[:4]) - sum(before[:4])
            rollouts = sum(a.games for a in ranked)
            print(f"{name}: {wall:.2f} s wall, {cpu:.2f} s CPU, {len(ranked)} actions, {rollouts} rollouts")
        print(f"  {explain(state, ranked)}")


if __name__ == "__main__":
    main()
