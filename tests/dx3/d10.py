"""Test helpers for DX3: a D10 generator with scripted faces and the exact 達成値 distribution."""

from __future__ import annotations

from functools import cache
from math import comb
from typing import Any

import numpy as np


class FixedD10:
    """A stand-in generator whose D10s show scripted faces, in order; it fails when it runs out."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.drawn = 0

    def random(self, size: int | None = None) -> Any:
        n = 1 if size is None else size
        if n > len(self.faces):
            raise AssertionError(f"{n} dice asked, only {len(self.faces)} scripted")
        out = [(face - 0.5) / 10 for face in self.faces[:n]]
        del self.faces[:n]
        self.drawn += n
        return out[0] if size is None else np.array(out)


@cache
def raw_distribution(n: int, crit: int, depth: int = 60) -> tuple[tuple[int, float], ...]:
    """The exact distribution of 10 x critical rounds + the last round's highest die for `n` dice at
    C値 `crit` (fumbles not set apart), the tail beyond `depth` rounds dropped."""
    p = (11 - crit) / 10  # a die at or above the C値
    out: dict[int, float] = {}
    for m in range(1, crit):  # no critical: the highest die is m
        out[m] = out.get(m, 0.0) + (m**n - (m - 1) ** n) / 10**n
    if depth > 0:
        for k in range(1, n + 1):  # k criticals, k dice re-rolled
            weight = comb(n, k) * p**k * (1 - p) ** (n - k)
            for value, q in raw_distribution(k, crit, depth - 1):
                out[value + 10] = out.get(value + 10, 0.0) + weight * q
    return tuple(sorted(out.items()))


def achievement_distribution(n: int, crit: int) -> dict[int, float]:
    """The exact distribution of a check's 達成値 with no modifier: a fumble (all 1s on the first roll)
    is 0, every other outcome as raw_distribution."""
    dist = dict(raw_distribution(n, crit))
    fumble = 0.1**n
    dist[1] -= fumble  # with no critical, all 1s is the only way to a highest die of 1
    dist[0] = fumble
    return dist
