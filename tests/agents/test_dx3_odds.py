"""The DX3 agents' exact 達成値 distribution (agents/dx3_odds.py) for every pool of 1-12 dice and every
C値 from 2 to 10: it sums to 1 (criticals followed until what is left is negligible, even at C値 2 where
9 dice in 10 are criticals), agrees with the independent recursive computation of the rules' tests
(tests/dx3/d10.py) within that one's dropped tail, and matches sampled checks (chi-square)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from tests.dx3.d10 import achievement_distribution
from tests.dx3.test_dx3_dice import _binned
from yz_gym.agents import dx3_odds
from yz_gym.rulesets.dx3.dice import Check, roll

POOLS = range(1, 13)
CRITS = range(2, 11)


def exact(n: int, crit: int) -> dict[int, float]:
    """dx3_odds' distribution keyed as a roll's 達成値 (a fumble is 0)."""
    out = dict(dx3_odds.distribution(n, crit))
    out[0] = out.pop(dx3_odds.FUMBLE)
    return out


def test_every_pool_and_critical_value_sums_to_one_and_agrees_with_the_recursive_computation() -> None:
    for n in POOLS:
        for crit in CRITS:
            mine, other = exact(n, crit), achievement_distribution(n, crit)
            assert sum(mine.values()) == pytest.approx(1.0, abs=1e-9), (n, crit)
            dropped = 1.0 - sum(other.values())  # the recursion stops after 60 critical rounds
            gap = sum(abs(mine.get(v, 0.0) - other.get(v, 0.0)) for v in {*mine, *other})
            assert gap <= dropped + 1e-9, (n, crit, gap, dropped)
    assert 1.0 - sum(achievement_distribution(12, 2).values()) > 0.01  # at C値 2 the tail matters


def sampled_fit(n: int, crit: int, trials: int) -> float:
    """The chi-square p-value of `trials` rolled checks against the exact distribution."""
    rng = np.random.default_rng(100 * n + crit)
    counts: dict[int, int] = {}
    for _ in range(trials):
        value = roll(Check(n, crit), rng).achievement
        counts[value] = counts.get(value, 0) + 1
    observed, expected = _binned(counts, exact(n, crit), trials)
    return float(stats.chisquare(observed, expected).pvalue)


@pytest.mark.parametrize("n", [1, 4, 12])
@pytest.mark.parametrize("crit", [2, 3, 5, 7, 10])
def test_sampled_checks_match_the_exact_distribution(n: int, crit: int) -> None:
    assert sampled_fit(n, crit, 3000) > 1e-4


@pytest.mark.slow
def test_sampled_checks_match_the_exact_distribution_for_every_pool_and_critical_value() -> None:
    fits = {(n, crit): sampled_fit(n, crit, 5000) for n in POOLS for crit in CRITS}
    assert min(fits.values()) > 1e-5, min(fits.items(), key=lambda kv: kv[1])
