"""How well can a side do against an opponent? Play the Monte Carlo SearchAgent and count.

    python -m yz_gym.training.search_ceiling --scenario duel --side ilsa --opponent random --games 400

The searcher (agents/search.py) plays `side`, with `--rollout-agent` for its own side in the
rollouts and the true opponent as its model of the other side, so it searches for the best
reply to that opponent. Its win rate (95% Wilson interval) is a practical ceiling for a policy
trained against the same opponent (`--baseline` plays the rollout agent itself in the same games,
the figure it improves on); the lost games' seeds are listed for `--show`, which prints
those games move by move. Game i's dice depend only on (seed, i)."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np


def play(
    scenario: Any,
    side: int,
    opponent: str,
    game: int,
    seed: int,
    search: dict[str, Any],
    narrate: bool = False,
    baseline: bool = False,
) -> int:
    """One game of the searcher (`baseline`: its rollout agent) on `side`; the winning side (-1: none)."""
    from yz_gym.agents import make_agent
    from yz_gym.agents.search import SearchAgent
    from yz_gym.rulesets.yze.zone import engine
    from yz_gym.rulesets.yze.zone import narrate as story

    rng = np.random.default_rng([seed, game])
    me = (
        make_agent(search["rollout_agent"], game)
        if baseline
        else SearchAgent(game, opponent_model=opponent, **search)
    )
    other = make_agent(opponent, game + 10**6)
    state = engine.new_game(scenario, rng)
    if narrate:
        print("\n".join(story.narrate(state, state.opening)))
    while not engine.is_over(state):
        mover = state.combatants[engine.current_actor(state)]
        action = (me if mover.side == side else other).choose(state, engine.legal_actions(state))
        if narrate:
            print(f"> {mover.name}: {engine.describe(state, action)}")
        events = engine.apply(state, action, rng)
        if narrate:
            print("\n".join(story.narrate(state, events)))
    return state.winner


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    from yz_gym.evaluation.stats import wilson_interval
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default="duel")
    parser.add_argument("--side", help="the searcher's side (default the scenario's first)")
    parser.add_argument("--opponent", default="random", help="the agent on every other side")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--first", type=int, default=0, help="the first game's index (to resume a run)")
    parser.add_argument("--out", help="write every game's winner here (JSON)")
    parser.add_argument("--rollouts", type=int, default=24, help="first-round rollouts per action")
    parser.add_argument("--max-rollouts", type=int, default=384)
    parser.add_argument("--rollout-agent", default="tactical")
    parser.add_argument("--margin", type=float, default=2.0, help="standard errors a challenger must lead by")
    parser.add_argument(
        "--baseline", action="store_true", help="the rollout agent plays the side, unsearched"
    )
    parser.add_argument("--every", type=int, default=50, help="print the tally every this many games")
    parser.add_argument("--show", type=int, nargs="*", help="print these games move by move instead")
    args = parser.parse_args(argv)
    scenario = load_scenario(args.scenario)
    sides = list(scenario.setup.sides)
    side = sides.index(args.side) if args.side else 0
    search = {
        "rollouts": args.rollouts,
        "max_rollouts": args.max_rollouts,
        "rollout_agent": args.rollout_agent,
        "margin": args.margin,
    }
    if args.show:
        for game in args.show:
            print(f"=== game {game}")
            play(scenario, side, args.opponent, game, args.seed, search, narrate=True)
        return
    winners: list[int] = []
    start = time.process_time()
    for game in range(args.first, args.first + args.games):
        winners.append(play(scenario, side, args.opponent, game, args.seed, search, baseline=args.baseline))
        if len(winners) % args.every == 0 or len(winners) == args.games:
            wins = sum(w == side for w in winners)
            low, high = wilson_interval(wins, len(winners))
            print(
                f"{len(winners)} games: {sides[side]} win {100 * wins / len(winners):.1f}% "
                f"[{100 * low:.1f}-{100 * high:.1f}], draws {sum(w < 0 for w in winners)}, "
                f"CPU {time.process_time() - start:.0f} s ({(time.process_time() - start) / len(winners):.2f} s a game)",
                flush=True,
            )
            if args.out:  # at every tally, so a run stopped early keeps its games
                record = {"scenario": args.scenario, "side": sides[side], "opponent": args.opponent, "seed": args.seed,
                          "first": args.first, "search": search, "baseline": args.baseline, "winners": winners,
                          "cpu_seconds": time.process_time() - start}  # fmt: skip
                Path(args.out).write_text(json.dumps(record, indent=1) + "\n")
    print("games not won:", [args.first + i for i, w in enumerate(winners) if w != side])


if __name__ == "__main__":
    main()
