"""Head-to-head matches between agents, fair on asymmetric scenarios.

`match(scenario, "tactical", "aggressive", games=500)` plays half the games with the first
agent on one side and half with the sides swapped (with more than two sides, the first agent
takes each side in turn and the second agent plays all the others). Game i depends only on
(seed, i): the same call gives the same result in any process.

    python -m yz_gym.agents.arena --games 500            # the strength ladder as a Markdown table
    python -m yz_gym.agents.arena duel --games 100 --pair tactical random
    python -m yz_gym.agents.arena --ruleset dx3 --games 500   # the DX3 ladder on every bundled DX3 fight

A DX3 fight (a bundled `dx3_*` name) is played through its mode's rules (core/protocol.py); the DX3
ladder ranks random, dx3_aggressive and dx3_tactical pairwise (DX3_LADDER).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from yz_gym.agents import make_agent
from yz_gym.agents.base import Agent
from yz_gym.core.protocol import GameRules
from yz_gym.core.registry import get
from yz_gym.evaluation.stats import wilson_interval
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios, load_scenario
from yz_gym.rulesets.yze.state import Scenario
from yz_gym.scenario.loading import bundled, load

YZE_RULES = get("yze", "skirmish").rules

LADDER = (("tactical", "aggressive"), ("aggressive", "random"))
DX3_LADDER = (("dx3_tactical", "dx3_aggressive"), ("dx3_aggressive", "random"), ("dx3_tactical", "random"))
LADDERS = {"yze": LADDER, "dx3": DX3_LADDER}
MAX_DECISIONS = 100_000  # a game that long means a rules or agent bug, not a long fight


@dataclass(slots=True)
class MatchResult:
    """Games won by each agent, and by side."""

    scenario: str
    x: str
    y: str
    x_wins: int = 0
    y_wins: int = 0
    draws: int = 0
    by_side: Counter[str] = field(default_factory=Counter)  # "x@side" / "y@side" / "draw@side" -> games
    seconds: float = 0.0

    @property
    def games(self) -> int:
        """Games played."""
        return self.x_wins + self.y_wins + self.draws

    @property
    def decisive(self) -> int:
        """Games someone won."""
        return self.x_wins + self.y_wins

    @property
    def win_rate(self) -> float:
        """Share of the decisive games that x won."""
        return self.x_wins / self.decisive if self.decisive else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of x's share of the decisive games."""
        return wilson_interval(self.x_wins, self.decisive)

    @property
    def score(self) -> float:
        """x's points per game, a draw counting half."""
        return (self.x_wins + 0.5 * self.draws) / self.games if self.games else 0.5

    def line(self) -> str:
        """One summary line."""
        low, high = self.interval
        sides = ", ".join(f"{k} {v}" for k, v in sorted(self.by_side.items()))
        return (
            f"{self.scenario}: {self.x} vs {self.y}: {self.x} wins {self.win_rate:.1%} of decisive games "
            f"[95% CI {low:.1%}-{high:.1%}] ({self.x_wins}-{self.y_wins}, {self.draws} draws; {sides}) "
            f"in {self.seconds:.1f}s"
        )


def game_seeds(seed: int, game: int, sides: int) -> tuple[np.random.Generator, list[int]]:
    """The game's dice generator and one agent seed per side, from (seed, game) alone."""
    dice_seq, agent_seq = np.random.SeedSequence([seed, game]).spawn(2)
    return np.random.default_rng(dice_seq), [int(s) for s in agent_seq.generate_state(sides)]


def play(scenario: Any, agents: list[Agent], rng: np.random.Generator, rules: GameRules | None = None) -> int:
    """Play one game, side i played by agents[i], by the zone fight's rules or `rules`; the winning
    side, or -1 for none."""
    game = YZE_RULES if rules is None else rules
    state = game.new_game(scenario, rng)
    people = game.people(state)
    for _ in range(MAX_DECISIONS):
        if game.is_over(state):
            return int(state.winner)
        actor = people[game.current_actor(state)]
        legal = game.legal_actions(state)
        game.apply(state, agents[actor.side].choose(state, legal), rng, legal)
    raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")


def match(scenario: str | Scenario, x: str, y: str, games: int, seed: int = 0) -> MatchResult:
    """`games` games of agent x against agent y, x taking each side in turn."""
    rules: GameRules | None = None
    if isinstance(scenario, str) and scenario in bundled(get("dx3", "skirmish")):
        game = load(scenario)
        loaded, name, sides, rules = game.scenario, scenario, list(game.sides), game.mode.rules
    else:
        loaded = load_scenario(scenario) if isinstance(scenario, str) else scenario
        name = scenario if isinstance(scenario, str) else loaded.setup.name
        sides = loaded.setup.sides
    result = MatchResult(name, x, y)
    start = time.perf_counter()
    for game in range(games):
        x_side = game % len(sides)
        rng, agent_seeds = game_seeds(seed, game, len(sides))
        agents = [make_agent(x if s == x_side else y, agent_seeds[s]) for s in range(len(sides))]
        winner = play(loaded, agents, rng, rules)
        if winner == x_side:
            result.x_wins += 1
            result.by_side[f"{x}@{sides[x_side]}"] += 1
        elif winner >= 0:
            result.y_wins += 1
            result.by_side[f"{y}@{sides[winner]}"] += 1
        else:
            result.draws += 1
            result.by_side[f"draw({x}@{sides[x_side]})"] += 1
    result.seconds = time.perf_counter() - start
    return result


def markdown(results: list[MatchResult]) -> str:
    """The results as a Markdown table."""
    rows = [
        "| scenario | matchup | games | wins-losses-draws | win rate (decisive) | 95% Wilson interval |",
        "|---|---|---:|---:|---:|---|",
    ]
    for r in results:
        low, high = r.interval
        rows.append(
            f"| {r.scenario} | {r.x} vs {r.y} | {r.games} | {r.x_wins}-{r.y_wins}-{r.draws} "
            f"| {r.win_rate:.1%} | {low:.1%} - {high:.1%} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    """Run the ladder (or one matchup) and print a Markdown table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("scenarios", nargs="*", help="bundled scenario names (default: all of the ruleset)")
    parser.add_argument("--ruleset", choices=sorted(LADDERS), default="yze", help="whose ladder and fights")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pair", nargs=2, metavar=("X", "Y"), help="one matchup instead of the ladder")
    args = parser.parse_args(argv)
    pairs = [tuple(args.pair)] if args.pair else list(LADDERS[args.ruleset])
    names = args.scenarios or (bundled(get("dx3", "skirmish")) if args.ruleset == "dx3" else bundled_scenarios())
    results = []
    for name in names:
        for x, y in pairs:
            result = match(name, x, y, args.games, args.seed)
            print(result.line(), flush=True)
            results.append(result)
    print()
    print(markdown(results))


if __name__ == "__main__":
    main()
