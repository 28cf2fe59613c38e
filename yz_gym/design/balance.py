"""Balance an encounter to a target: among the variants of a scenario (variation.py), find one
whose chance of one of its mode's metrics (a side's win, a PC's death, a total party knockout; an
expedition's arrival, a PC's death, the party lost: the mode's design Space) lies within
`tolerance` (0.03) of the target, spending games where the answer is still uncertain, and say
whether the games confirm it.

The search has two stages. Its intervals are Wilson intervals at `Z_SEARCH` (99%): the search
looks at them after every round, so each look is held to a stricter level than the reported 95%.

The race: every variant alive has played the same games 0..n-1 (game i depends only on
(seed, i), so the variants are compared on common dice: paired seeds), through the evaluation
runner (worker processes). After each round:

- racing: a variant whose whole interval lies further from the target than the worst case of the
  leader's interval is out;
- halving: while more than `FINALISTS` are left, the half closest to the target (point
  estimates) goes on, and with it every variant whose interval still reaches the target +/-
  `tolerance` (a point estimate alone never drops a variant that may be on target);
- n doubles, until `FINALISTS` are left or the budget could not pay the next round.

The confirmation: each round, the leader (the variant likeliest to lie within the tolerance, by
`within`) and its closest rival (the least distance its interval allows) play half as many games
again as they have (at least the first round's); the last round is cut to the budget that is
left, shared evenly (the budget is spent on the finalists, not left over).

After every round of either stage, a variant whose whole interval lies within the target +/-
`tolerance` is confirmed and the search stops ("confirmed"); a variant whose whole interval lies
further than `tolerance` from the target is dropped ("off target") while another may still be
within it, and if none may, the search stops and says so ("off target"); else it stops when the
budget is spent ("budget"). The chosen variant is a confirmed one, else the one likeliest to lie
within the tolerance, reported as not confirmed; every variant is reported with its games and
95% interval. `benchmarks/balance.py --simulate` measures how often the chosen variant is in truth further than `tolerance` off."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from yz_gym.design.variation import Space, Variant, Variation, VariationError, space_of, variants
from yz_gym.design.yze_space import YZE_SPACE
from yz_gym.evaluation.runner import CHUNK, Interruption, empty_stats, evaluate
from yz_gym.evaluation.stats import Z95, wilson_interval
from yz_gym.scenario.loading import LoadedScenario

TOLERANCE: Final = 0.03  # how far from the target a chosen variant may lie
Z_SEARCH: Final = 2.576  # the search's intervals: 99% Wilson, checked after every round
FINALISTS: Final = 4  # halving stops at this many variants; the rest of the budget is theirs


def check_metric(loaded: LoadedScenario, metric: str, side: str) -> None:
    """A one-line ValueError for a metric the scenario's mode does not measure, a side it does not
    have, or a PC metric in a file that marks no PC."""
    metrics = space_of(loaded.mode).metrics
    if metric not in metrics:
        raise ValueError(f"--metric {metric}: give one of {', '.join(metrics)} (what {loaded.mode.label} games measure)")
    if side not in loaded.sides:
        raise ValueError(f"--side {side}: no side named '{side}' in {loaded.name}; sides: {', '.join(loaded.sides)}")
    if metric != metrics[0] and not any(getattr(p, "pc", False) for p in loaded.mode.people(loaded.scenario)):
        raise ValueError(f"--metric {metric}: {loaded.name} marks no PC (pc: true); mark the PCs or use --metric {metrics[0]}")


@dataclass(slots=True)
class Candidate:
    """One variant in the race: its games so far and whether (and when) it dropped out."""

    variant: Variant
    stats: Any  # its mode's statistics (EncounterStats, JourneyStats)
    dropped: str = ""  # "" while racing or chosen; "race" or "halving" once out
    dropped_after: int = 0  # the games it had played when it dropped out
    space: Space = YZE_SPACE  # its mode's: how the statistics count a metric

    def estimate(self, metric: str, side: str, z: float = Z95) -> tuple[float, float, float]:
        """(chance, low, high) of the metric with its Wilson interval (95%, or at `z`)."""
        n, hits = self.stats.games, self.space.count(self.stats, metric, side)
        return (hits / n if n else 0.0, *wilson_interval(hits, n, z))

    def distance(self, metric: str, side: str, target: float, z: float = Z95) -> tuple[float, float, float]:
        """(distance of the estimate from the target, least and greatest distance within the interval)."""
        p, low, high = self.estimate(metric, side, z)
        nearest = 0.0 if low <= target <= high else min(abs(low - target), abs(high - target))
        return abs(p - target), nearest, max(abs(low - target), abs(high - target))


@dataclass(frozen=True, slots=True)
class Balanced:
    """What a balance search found: every candidate (in variant order), the chosen one, whether its
    interval confirms it within the tolerance, and why the search stopped ("confirmed", "off
    target", "budget" or "interrupted")."""

    target: float
    metric: str
    side: str
    candidates: list[Candidate]
    chosen: Candidate
    games: int
    rounds: int
    stopped: str
    tolerance: float = TOLERANCE
    confirmed: bool = False
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
        _, low, high = self.chosen.estimate(self.metric, self.side, Z_SEARCH)
        return {
            "target": self.target, "metric": self.metric, "side": self.side, "games": self.games,
            "metric_words": self.chosen.space.metric_words(self.metric, self.side),
            "rounds": self.rounds, "stopped": self.stopped, "tolerance": self.tolerance,
            "confirmed": self.confirmed, "chosen_ci99": [low, high], "chosen": chosen, "candidates": rows,
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


Play = Callable[[Candidate, int], Interruption]  # play a candidate's next games up to a total; what stopped it


def balance(
    loaded: LoadedScenario,
    variations: list[Variation],
    target: float,
    metric: str = "",
    side: str = "",
    policies: dict[str, str] | None = None,
    seed: int = 0,
    workers: int = 1,
    first: int = 100,
    budget: int = 10_000,
    tolerance: float = TOLERANCE,
    progress: Callable[[int], None] | None = None,
    on_round: Callable[[int, int, int, int], None] | None = None,
) -> Balanced:
    """Race the variants of `loaded` made by `variations` towards `target` (module docstring).

    `metric` is one of its mode's (default: the first, a side's success); `side` the side whose
    success counts (default: the first); `first` the games every variant
    plays in the first round; `budget` the most games in all; `on_round(round, variants, games
    each, games this round)` is told before each round and `progress(games)` after each chunk."""
    space = space_of(loaded.mode)
    side, metric = side or loaded.sides[0], metric or space.metrics[0]
    made = race_entries(loaded, variations, target, metric, side, first, budget)

    def play(c: Candidate, games: int) -> Interruption:
        more = games - c.stats.games
        played, stopped = evaluate(
            c.variant.data, policies or {}, more, seed, workers, progress, first=c.stats.games,
            chunk=chunk_size(more, workers), report=None,
        )  # fmt: skip
        c.stats.merge(played)
        return stopped

    candidates = [Candidate(v, empty_stats(v.scenario, loaded.mode, None), space=space) for v in made]
    return search(candidates, play, target, metric, side, first, budget, tolerance, on_round)


def search(
    candidates: list[Candidate],
    play: Play,
    target: float,
    metric: str,
    side: str,
    first: int,
    budget: int,
    tolerance: float = TOLERANCE,
    on_round: Callable[[int, int, int, int], None] | None = None,
) -> Balanced:
    """The race, then the confirmation, of a balance search over `candidates` (module docstring),
    each played by `play` (the evaluation runner in `balance`; dice in a simulation)."""
    race = Race(candidates, play, target, metric, side, first, budget, tolerance, on_round)
    n = first
    while race.play_round(race.alive, n):  # the race: every variant alive plays games 0..n-1
        race.alive = survivors(race.alive, metric, side, target, tolerance)
        if race.settled() or len(race.alive) <= FINALISTS or race.spent + race.cost(race.alive, 2 * n) > race.budget:
            break
        n *= 2
    while not race.settled():  # the confirmation: the leader and its closest rival, half as many games again
        leader = max(race.alive, key=race.within)
        rivals = sorted((c for c in race.alive if c is not leader), key=lambda c: (race.bounds(c)[1], c.stats.games))
        pair = [leader, *rivals[:1]]
        if not race.play_round(pair, 0):
            break
    return race.result()


@dataclass(slots=True)
class Race:
    """The state of a balance search: who is alive, the games spent, the rounds, what stopped it."""

    candidates: list[Candidate]
    play: Play
    target: float
    metric: str
    side: str
    first: int  # the games of the first round, and the fewest a confirmation round adds
    budget: int
    tolerance: float
    on_round: Callable[[int, int, int, int], None] | None
    alive: list[Candidate] = field(default_factory=list)
    spent: int = 0
    rounds: int = 0
    stopped: str = ""
    interruption: Interruption = field(default_factory=Interruption)

    def __post_init__(self) -> None:
        self.alive = list(self.candidates)

    def bounds(self, c: Candidate) -> tuple[float, float, float]:
        """The candidate's distance from the target: estimate, least and greatest within Z_SEARCH."""
        return c.distance(self.metric, self.side, self.target, Z_SEARCH)

    def within(self, c: Candidate) -> float:
        """The chance that its true chance lies within the tolerance (`within`)."""
        return within(c, self.metric, self.side, self.target, self.tolerance)

    def cost(self, group: list[Candidate], n: int) -> int:
        """The games that bring every candidate of `group` to n games."""
        return sum(max(0, n - c.stats.games) for c in group)

    def play_round(self, group: list[Candidate], n: int) -> bool:
        """Bring every candidate of `group` to n games (0: half as many again as each has, at
        least the first round's), within the budget; False if nothing could be played."""
        targets = [n or c.stats.games + max(self.first, c.stats.games // 2) for c in group]
        if self.rounds and sum(t - c.stats.games for c, t in zip(group, targets, strict=True)) > self.budget - self.spent:
            share = (self.budget - self.spent) // len(group)  # the last round: what is left, evenly
            targets = [c.stats.games + share for c in group]
        need = sum(t - c.stats.games for c, t in zip(group, targets, strict=True))
        if need <= 0 or self.stopped:
            return False
        if self.on_round is not None:
            self.on_round(self.rounds, len(group), max(targets), need)
        before = self.spent
        for c, total in zip(group, targets, strict=True):
            games = c.stats.games
            self.interruption = self.play(c, total)
            self.spent += c.stats.games - games
            if self.interruption:
                self.stopped = "interrupted"
                break
        self.rounds += 1
        return self.spent > before and not self.stopped

    def settled(self) -> bool:
        """Whether the search is over: interrupted, a variant confirmed, the budget spent, or the
        one variant left surely off target (the others surely off are dropped first)."""
        near = [c for c in self.alive if self.bounds(c)[1] <= self.tolerance]
        kept = near or [min(self.alive, key=lambda c: self.bounds(c)[1])]
        for c in self.alive:
            if c not in kept:
                c.dropped, c.dropped_after = "off target", c.stats.games
        self.alive = kept
        if not self.stopped and any(self.bounds(c)[2] <= self.tolerance for c in self.alive):
            self.stopped = "confirmed"
        elif not self.stopped and not near:
            self.stopped = "off target"
        elif not self.stopped and self.spent >= self.budget:
            self.stopped = "budget"
        return bool(self.stopped)

    def result(self) -> Balanced:
        """The chosen variant: a confirmed one, else the likeliest within the tolerance."""
        sure = [c for c in self.alive if self.bounds(c)[2] <= self.tolerance]
        chosen = max(sure or self.alive, key=self.within)
        return Balanced(
            self.target, self.metric, self.side, self.candidates, chosen, self.spent, self.rounds,
            self.stopped or "budget", self.tolerance, bool(sure), self.interruption,
        )  # fmt: skip


def within(c: Candidate, metric: str, side: str, target: float, tolerance: float) -> float:
    """The chance that the variant's true chance lies within the target +/- `tolerance`, by the
    normal approximation around its games' estimate (shrunk towards 1/2 by one hit and one miss)."""
    n, hits = c.stats.games, c.space.count(c.stats, metric, side)
    p = (hits + 1) / (n + 2)
    se = math.sqrt(p * (1 - p) / (n + 2))
    return normal_cdf((target + tolerance - p) / se) - normal_cdf((target - tolerance - p) / se)


def normal_cdf(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def survivors(alive: list[Candidate], metric: str, side: str, target: float, tolerance: float) -> list[Candidate]:
    """Racing, then halving down to FINALISTS that keeps a variant whose interval reaches the
    target +/- `tolerance` (module docstring); the dropped are marked, the rest returned closest first."""
    distances = {id(c): c.distance(metric, side, target, Z_SEARCH) for c in alive}
    worst_of_leader = min(d[2] for d in distances.values())
    racing = []
    for c in alive:
        if distances[id(c)][1] > worst_of_leader:
            c.dropped, c.dropped_after = "race", c.stats.games
        else:
            racing.append(c)
    racing.sort(key=lambda c: distances[id(c)])
    half = max(FINALISTS, math.ceil(len(racing) / 2))
    kept = [c for k, c in enumerate(racing) if k < half or distances[id(c)][1] <= tolerance]
    for c in racing:
        if c not in kept:
            c.dropped, c.dropped_after = "halving", c.stats.games
    return kept
