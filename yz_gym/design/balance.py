"""Balance an encounter to a target: among the variants of a scenario (variation.py), find the one
whose chance of a side's win (or of a PC's death, or of a total party knockout) is closest to the
target, spending games where the answer is still uncertain.

The search races the variants in rounds (successive halving with racing). Every variant alive in
a round has played the same games 0..n-1 (game i depends only on (seed, i), so the variants are
compared on common dice: paired seeds), through the evaluation runner (worker processes). After
each round:

- racing: a variant whose whole 95% Wilson interval lies further from the target than the worst
  case of the leader's interval is out;
- halving: of the rest, the half closest to the target (point estimates) goes on, and with it
  every variant whose 95% interval still contains the target (a point estimate alone does not
  drop a variant that may be right on target: with halving alone, 25% of simulated searches on
  the warehouse ambush chose a variant more than 0.03 off, 8% with this rule);
- n doubles, until one variant is left with an interval no wider than +/- `precision`, or the next
  round would pass the games `budget`.

The chosen variant is the closest survivor; every variant is reported with its games and interval."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from yz_gym.design import METRICS
from yz_gym.design.variation import Variant, Variation, VariationError, variants
from yz_gym.evaluation.runner import CHUNK, Interruption, empty_stats, evaluate
from yz_gym.evaluation.stats import EncounterStats, wilson_interval
from yz_gym.scenario.loading import LoadedScenario

METRIC_WORDS: Final = {"win": "wins", "pc_death": "a PC dies", "knockout": "total party knockout"}


def metric_count(stats: EncounterStats, metric: str, side: str) -> int:
    """Games in which the metric happened: `side` won, a PC died, or the party was knocked out."""
    if metric == "win":
        return stats.wins.get(side, 0)
    return stats.pc_deaths if metric == "pc_death" else stats.party_knockouts


def check_metric(loaded: LoadedScenario, metric: str, side: str) -> None:
    """A one-line ValueError for a metric the scenario cannot measure or a side it does not have."""
    if metric not in METRICS:
        raise ValueError(f"--metric {metric}: give one of {', '.join(METRICS)}")
    if side not in loaded.sides:
        raise ValueError(f"--side {side}: no side named '{side}' in {loaded.name}; sides: {', '.join(loaded.sides)}")
    if metric != "win" and not any(getattr(p, "pc", False) for p in loaded.mode.people(loaded.scenario)):
        raise ValueError(f"--metric {metric}: {loaded.name} marks no PC (pc: true); mark the PCs or use --metric win")


@dataclass(slots=True)
class Candidate:
    """One variant in the race: its games so far and whether (and when) it dropped out."""

    variant: Variant
    stats: EncounterStats
    dropped: str = ""  # "" while racing or chosen; "race" or "halving" once out
    dropped_after: int = 0  # the games it had played when it dropped out

    def estimate(self, metric: str, side: str) -> tuple[float, float, float]:
        """(chance, low, high) of the metric with its 95% Wilson interval."""
        n, hits = self.stats.games, metric_count(self.stats, metric, side)
        return (hits / n if n else 0.0, *wilson_interval(hits, n))

    def distance(self, metric: str, side: str, target: float) -> tuple[float, float, float]:
        """(distance of the estimate from the target, least and greatest distance within the interval)."""
        p, low, high = self.estimate(metric, side)
        nearest = 0.0 if low <= target <= high else min(abs(low - target), abs(high - target))
        return abs(p - target), nearest, max(abs(low - target), abs(high - target))


@dataclass(frozen=True, slots=True)
class Balanced:
    """What a balance search found: every candidate (in variant order), the chosen one, and why the
    search stopped ("precision", "budget" or "interrupted")."""

    target: float
    metric: str
    side: str
    candidates: list[Candidate]
    chosen: Candidate
    games: int
    rounds: int
    stopped: str
    interruption: Interruption = field(default_factory=Interruption)

    def to_json(self) -> dict[str, Any]:
        """The search as a JSON-ready report."""
        rows = []
        for c in self.candidates:
            p, low, high = c.estimate(self.metric, self.side)
            status = "chosen" if c is self.chosen else (f"out ({c.dropped})" if c.dropped else "racing")
            rows.append({
                "settings": {v.path: value for v, value in c.variant.settings},
                "games": c.stats.games, "probability": p, "ci95": [low, high],
                "distance": abs(p - self.target), "status": status,
                **({"dropped_after": c.dropped_after} if c.dropped else {}),
            })  # fmt: skip
        chosen = rows[self.candidates.index(self.chosen)]
        return {
            "target": self.target, "metric": self.metric, "side": self.side, "games": self.games,
            "rounds": self.rounds, "stopped": self.stopped, "chosen": chosen, "candidates": rows,
            **self.interruption.to_json(),
        }  # fmt: skip


def chunk_size(games: int, workers: int) -> int:
    """Games per task so that every worker has a share of a round's games (at most CHUNK)."""
    return max(1, min(CHUNK, -(-games // max(1, workers))))


def race_entries(
    loaded: LoadedScenario, variations: list[Variation], target: float, metric: str, side: str, first: int, budget: int
) -> list[Variant]:
    """The variants a search would race, checked before any game: a ValueError (one line naming
    the option and the fix) for a metric, side, target, variation or budget that cannot be."""
    check_metric(loaded, metric, side)
    if not 0.0 <= target <= 1.0:
        raise ValueError(f"--target {target}: a chance; give a number from 0 to 1, e.g. 0.6")
    made = variants(loaded, variations)
    if len(made) < 2:
        raise VariationError("--vary: one variant only; give at least two values to choose between, e.g. vipers.count=2..5")
    if budget < first * len(made):
        raise VariationError(
            f"--budget {budget}: the first round alone plays {len(made)} variants x {first} games = "
            f"{first * len(made):,}; give --budget {first * len(made)} or more, or fewer variants"
        )
    return made


def balance(
    loaded: LoadedScenario,
    variations: list[Variation],
    target: float,
    metric: str = "win",
    side: str = "",
    policies: dict[str, str] | None = None,
    seed: int = 0,
    workers: int = 1,
    first: int = 100,
    budget: int = 10_000,
    precision: float = 0.02,
    progress: Callable[[int], None] | None = None,
    on_round: Callable[[int, int, int, int], None] | None = None,
) -> Balanced:
    """Race the variants of `loaded` made by `variations` towards `target` (module docstring).

    `side` is the side whose win counts (default: the first); `first` the games every variant
    plays in the first round; `budget` the most games in all; `on_round(round, variants, games
    each, games this round)` is told before each round and `progress(games)` after each chunk."""
    side = side or loaded.sides[0]
    made = race_entries(loaded, variations, target, metric, side, first, budget)
    candidates = [Candidate(v, empty_stats(v.scenario)) for v in made]
    alive, n, spent, rounds = list(candidates), first, 0, 0
    interruption, stopped = Interruption(), "budget"
    while True:
        need = sum(n - c.stats.games for c in alive)
        if rounds and spent + need > budget:
            break
        if on_round is not None:
            on_round(rounds, len(alive), n, need)
        for c in alive:
            more = n - c.stats.games
            played, interruption = evaluate(
                c.variant.data, policies or {}, more, seed, workers, progress,
                first=c.stats.games, chunk=chunk_size(more, workers),
            )  # fmt: skip
            c.stats.merge(played)
            spent += played.games
            if interruption:
                break
        rounds += 1
        if interruption:
            stopped = "interrupted"
            break
        alive = _survivors(alive, metric, side, target)
        if len(alive) == 1 and _half_width(alive[0], metric, side) <= precision:
            stopped = "precision"
            break
        n *= 2
    chosen = min(alive, key=lambda c: c.distance(metric, side, target))
    return Balanced(target, metric, side, candidates, chosen, spent, rounds, stopped, interruption)


def _half_width(c: Candidate, metric: str, side: str) -> float:
    _, low, high = c.estimate(metric, side)
    return (high - low) / 2


def _survivors(alive: list[Candidate], metric: str, side: str, target: float) -> list[Candidate]:
    """Racing, then halving that keeps a variant whose interval contains the target (module
    docstring); the dropped are marked, the rest returned closest first."""
    distances = {id(c): c.distance(metric, side, target) for c in alive}
    worst_of_leader = min(d[2] for d in distances.values())
    racing = []
    for c in alive:
        if distances[id(c)][1] > worst_of_leader:
            c.dropped, c.dropped_after = "race", c.stats.games
        else:
            racing.append(c)
    racing.sort(key=lambda c: distances[id(c)])
    half = math.ceil(len(racing) / 2)
    kept = [c for k, c in enumerate(racing) if k < half or distances[id(c)][1] == 0.0]  # 0: the target is inside
    for c in racing:
        if c not in kept:
            c.dropped, c.dropped_after = "halving", c.stats.games
    return kept
