"""The change of a chance between two runs that played the same games (the same seed: game i of
both comes from (seed, i)), with a paired interval: Newcombe's score interval for the difference
of paired proportions (Newcombe 1998, method 10), which uses each run's Wilson interval and the
correlation of the pairs, so it stays inside [-1, 1] and behaves with few discordant games."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from statistics import NormalDist

from yz_gym.evaluation.stats import Z95, wilson_interval

Record = tuple[str, int, int, int]  # EncounterStats.game_records: (winner or draw/timeout, rounds, PC died, knockout)


def z_for(confidence: float) -> float:
    """The two-sided normal quantile of a confidence level (1.96 for 0.95)."""
    return Z95 if confidence == 0.95 else NormalDist().inv_cdf(0.5 + confidence / 2)


@dataclass(frozen=True, slots=True)
class PairedChange:
    """How often something happened in the base run and in the changed run, over the same games."""

    both: int  # games where it happened in both runs
    lost: int  # ... in the base run only
    gained: int  # ... in the changed run only
    neither: int

    @property
    def games(self) -> int:
        """The games both runs played."""
        return self.both + self.lost + self.gained + self.neither

    @property
    def base(self) -> float:
        """The chance in the base run."""
        return (self.both + self.lost) / self.games if self.games else 0.0

    @property
    def changed(self) -> float:
        """The chance in the changed run."""
        return (self.both + self.gained) / self.games if self.games else 0.0

    @property
    def change(self) -> float:
        """changed - base."""
        return self.changed - self.base

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """Newcombe's paired score interval for `change` (95% by default)."""
        n = self.games
        if n == 0:
            return -1.0, 1.0
        p1, p2 = self.base, self.changed
        l1, u1 = wilson_interval(self.both + self.lost, n, z)
        l2, u2 = wilson_interval(self.both + self.gained, n, z)
        a, b, c, d = self.both, self.lost, self.gained, self.neither
        spread = (a + b) * (c + d) * (a + c) * (b + d)
        phi = (a * d - b * c) / math.sqrt(spread) if spread else 0.0
        delta = p2 - p1
        low = delta - math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2))
        high = delta + math.sqrt(max(0.0, (u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2))
        return max(-1.0, low), min(1.0, high)


def paired_change(base: Mapping[int, Record], changed: Mapping[int, Record], happened: Callable[[Record], bool]) -> PairedChange:
    """Count, over the games both runs played, where `happened` held in one, both or neither."""
    counts = [0, 0, 0, 0]
    for i in base.keys() & changed.keys():
        x, y = happened(base[i]), happened(changed[i])
        counts[0 if x and y else 1 if x else 2 if y else 3] += 1
    return PairedChange(*counts)
