"""The agents' dice odds (agents/odds.py) against exact enumeration and the engine's own dice."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from yz_gym.agents import odds
from yz_gym.rulesets.yze import dice


def _enumerate(sides: tuple[int, ...]) -> list[float]:
    """Success distribution by brute force over every face combination."""
    counts: dict[int, int] = {}
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        n = sum(dice.successes_on(f) for f in faces)
        counts[n] = counts.get(n, 0) + 1
    total = math.prod(sides)
    return [counts.get(k, 0) / total for k in range(max(counts) + 1)]


@pytest.mark.rule("DICE-06", "STEP-03")
@pytest.mark.parametrize("sides", [(), (6,), (6, 6, 6), (12,), (8, 10), (12, 12), (6, 8, 10)])
def test_success_distribution_matches_enumeration(sides):
    exact = _enumerate(sides) if sides else [1.0]
    got = odds.successes(sides)
    assert len(got) == len(exact)
    assert got == pytest.approx(exact, abs=1e-12)


@pytest.mark.rule("DICE-06")
@pytest.mark.parametrize("n", [1, 4, 9])
def test_d6_pools_are_binomial(n):
    got = odds.successes((6,) * n)
    for k, p in enumerate(got):
        assert p == pytest.approx(math.comb(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k), abs=1e-12)


@pytest.mark.rule("DICE-06")
def test_success_distribution_matches_the_engines_dice():
    """Roll the engine's dice 20,000 times; each frequency within 4.5 standard errors."""
    pool = dice.pool_dice(3, 2, 1)
    rng = np.random.default_rng(7)
    n = 20_000
    seen = np.bincount([dice.roll(pool, rng).successes for _ in range(n)], minlength=7)
    for k, p in enumerate(odds.successes(pool.sides)):
        tolerance = 4.5 * math.sqrt(p * (1 - p) / n) + 1e-9
        assert abs(seen[k] / n - p) <= tolerance, (k, seen[k] / n, p)


@pytest.mark.rule("OPP-01", "ACTN-BLOCK-01")
def test_net_successes_cancel_one_for_one():
    got = odds.net_successes((6, 6), (6,))
    a, b = odds.successes((6, 6)), odds.successes((6,))
    expected = [0.0, 0.0, 0.0]
    for i, pa in enumerate(a):
        for j, pb in enumerate(b):
            expected[max(0, i - j)] += pa * pb
    assert got == pytest.approx(expected)
    assert odds.p_success((6, 6), (6,)) == pytest.approx(1 - expected[0])


@pytest.mark.rule("ATK-06", "ARMOR-02")
def test_damage_after_soak_by_enumeration():
    attack, base, soak = (6, 6, 6), 2, (6, 6)
    counts: dict[int, float] = {}
    for faces in itertools.product(range(1, 7), repeat=5):
        hits = sum(f == 6 for f in faces[:3])
        saved = sum(f == 6 for f in faces[3:])
        damage = max(0, base + hits - 1 - saved) if hits else 0
        counts[damage] = counts.get(damage, 0) + 1 / 6**5
    got = odds.damage(attack, (), base, soak)
    for d, p in enumerate(got):
        assert p == pytest.approx(counts.get(d, 0.0), abs=1e-12)


def test_harm_counts_breaking_and_damage_share():
    # one die, base 1: P(hit) = 1/6 and any hit breaks a combatant with 1 point left
    assert odds.harm((6,), (), 1, (), 1) == pytest.approx(odds.BREAK_VALUE / 6 + odds.DAMAGE_VALUE / 6)
    assert odds.harm((6,), (), 1, (), 0) == 0.0
    assert odds.harm((6,) * 4, (), 2, (), 2) > odds.harm((6,) * 4, (), 2, (), 4)  # the wounded matter more


def test_hit_harm_is_harm_of_a_certain_hit():
    # a sure net of 2 successes with base 2 = 3 damage; against 2 points left it always breaks
    assert odds.hit_harm(2, 2, (), 2) == pytest.approx(odds.BREAK_VALUE + odds.DAMAGE_VALUE)
    assert odds.hit_harm(0, 2, (), 2) == 0.0


def test_banes():
    assert odds.banes((6, 6)) == pytest.approx((25 / 36, 10 / 36, 1 / 36))
    assert odds.shift((0.5, 0.5), 2) == (0.0, 0.0, 0.5, 0.5)
