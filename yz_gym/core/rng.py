"""Random generators: every rules function takes an explicit numpy Generator."""

from __future__ import annotations

import numpy as np


def as_rng(rng: np.random.Generator | int | None) -> np.random.Generator:
    """A generator from a seed, or the generator itself (or a stand-in with the same methods)."""
    if rng is None or isinstance(rng, (int, np.integer, np.random.SeedSequence)):
        return np.random.default_rng(rng)
    return rng
