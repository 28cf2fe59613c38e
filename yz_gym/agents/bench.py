"""How long agents take to decide: `python -m yz_gym.agents.bench [--games N] [agent ...]`.

Records the decisions of seeded games (tactical against aggressive on every bundled scenario,
sides swapped), then times each agent's `choose` on exactly those positions in CPU time
(time.process_time, so other programs on the machine distort it less). Speed is measured
here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from yz_gym.agents import make_agent
from yz_gym.agents.arena import game_seeds
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios, load_scenario
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action

Position = tuple[GameState, list[Action], str]


def positions(games: int, seed: int = 0) -> list[Position]:
    """(state, legal actions, decision kind) at every decision of the recorded games."""
    found: list[Position] = []
    for name in bundled_scenarios():
        scenario = load_scenario(name)
        sides = len(scenario.setup.sides)
        for game in range(games):
            rng, seeds = game_seeds(seed, game, sides)
            agents = [
                make_agent("tactical" if s == game % sides else "aggressive", seeds[s]) for s in range(sides)
            ]
            state = engine.new_game(scenario, rng)
            while not engine.is_over(state):
                legal = engine.legal_actions(state)
                found.append((state.clone(), legal, engine.decision_kind(state)))
                actor = state.combatants[engine.current_actor(state)]
                engine.apply(state, agents[actor.side].choose(state, legal), rng, legal)
    return found


def time_agent(name: str, recorded: list[Position], repeats: int = 3) -> tuple[float, dict[str, float]]:
    """Best-of-`repeats` mean CPU seconds per decision, overall and by decision kind."""
    agent = make_agent(name, 0)
    best, by_kind = float("inf"), {}
    for _ in range(repeats):
        spent: dict[str, float] = defaultdict(float)
        counts: dict[str, int] = defaultdict(int)
        start = time.process_time()
        for state, legal, kind in recorded:
            t = time.process_time()
            agent.choose(state, legal)
            spent[kind] += time.process_time() - t
            counts[kind] += 1
        total = (time.process_time() - start) / max(1, len(recorded))
        if total < best:
            best, by_kind = total, {k: spent[k] / counts[k] for k in spent}
    return best, by_kind


def main(argv: list[str] | None = None) -> None:
    """Print the mean decision time of each agent."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("agents", nargs="*", default=["random", "aggressive", "tactical"])
    parser.add_argument("--games", type=int, default=10, help="recorded games per scenario")
    args = parser.parse_args(argv)
    recorded = positions(args.games)
    print(f"{len(recorded)} decisions from {args.games} games per bundled scenario")
    for name in args.agents:
        mean, by_kind = time_agent(name, recorded)
        kinds = ", ".join(f"{k} {v * 1e6:.0f}" for k, v in sorted(by_kind.items()))
        print(f"{name:10s} {mean * 1e6:7.1f} us/decision  ({kinds})")


if __name__ == "__main__":
    main()
