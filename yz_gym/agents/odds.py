"""Exact dice odds for agents: success counts, opposed nets, damage after armor, push outcomes.

Everything here is a pure function of pool shapes (the sides of each die), cached, so agents
can weigh an attack, a block or a push in microseconds. The numbers follow the rules engine:
a face of 6-9 is one success and 10+ two (DICE-06, STEP-03); each opposing success cancels one
(OPP-01, ACTN-BLOCK-01); damage is weapon damage + extra successes (ATK-06); armor and cover
roll their rating and each success removes one damage (ARMOR-02, COVER-01).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from yz_gym.rulesets.yze.dice import successes_on

Dist = tuple[float, ...]  # P(value = i) for i = 0, 1, 2, ...

BREAK_VALUE: Final = 1.0  # worth of putting a combatant out of the fight, in "whole combatants"
DAMAGE_VALUE: Final = 0.5  # worth of damage that does not break, per fraction of what is left


@lru_cache(maxsize=16)
def die_successes(sides: int) -> Dist:
    """Successes shown by one die of `sides` sides: P(0), P(1), P(2)."""
    counts = [0, 0, 0]
    for face in range(1, sides + 1):
        counts[successes_on(face)] += 1
    return tuple(c / sides for c in counts)


def convolve(a: Sequence[float], b: Sequence[float]) -> Dist:
    """Distribution of the sum of two independent counts."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        if pa:
            for j, pb in enumerate(b):
                out[i + j] += pa * pb
    return tuple(out)


@lru_cache(maxsize=4096)
def successes(sides: tuple[int, ...]) -> Dist:
    """Distribution of the successes of a whole pool (an empty pool always shows 0)."""
    if not sides:
        return (1.0,)
    if len(sides) == 1:
        return _trim(die_successes(sides[0]))
    half = len(sides) // 2
    return _trim(convolve(successes(sides[:half]), successes(sides[half:])))


def _trim(dist: Sequence[float]) -> Dist:
    """Drop trailing zero probabilities."""
    end = len(dist)
    while end > 1 and dist[end - 1] == 0.0:
        end -= 1
    return tuple(dist[:end])


@lru_cache(maxsize=8192)
def net_successes(attack: tuple[int, ...], oppose: tuple[int, ...] = ()) -> Dist:
    """Distribution of max(0, attacker successes - opposing successes) (OPP-01)."""
    mine = successes(attack)
    if not oppose:
        return mine
    theirs = successes(oppose)
    out = [0.0] * len(mine)
    for i, pa in enumerate(mine):
        for j, pb in enumerate(theirs):
            out[max(0, i - j)] += pa * pb
    return tuple(out)


def p_success(sides: tuple[int, ...], oppose: tuple[int, ...] = ()) -> float:
    """Chance of at least one (net) success."""
    return 1.0 - net_successes(sides, oppose)[0]


@lru_cache(maxsize=16384)
def damage(attack: tuple[int, ...], oppose: tuple[int, ...], base: int, soak: tuple[int, ...]) -> Dist:
    """Distribution of damage dealt: base + net - 1 on a hit, less the soak roll's successes."""
    net = net_successes(attack, oppose)
    raw = [0.0] * (base + len(net))
    raw[0] = net[0]
    for n in range(1, len(net)):
        raw[max(0, base + n - 1)] += net[n]
    if not soak:
        return _trim(raw)
    cut = successes(soak)
    out = [0.0] * len(raw)
    for d, pd in enumerate(raw):
        if pd:
            for s, ps in enumerate(cut):
                out[max(0, d - s)] += pd * ps
    return _trim(out)


@lru_cache(maxsize=32768)
def harm(
    attack: tuple[int, ...], oppose: tuple[int, ...], base: int, soak: tuple[int, ...], left: int
) -> float:
    """Worth of an attack to a victim with `left` points: P(break) + 0.5 * E[fraction taken].

    One unit is one combatant put out of the fight; multiply by the victim's weight.
    """
    if left <= 0:
        return 0.0
    return _worth(damage(attack, oppose, base, soak), left)


@lru_cache(maxsize=4096)
def expected_damage(attack: tuple[int, ...], base: int) -> float:
    """Mean damage of an unopposed, unsoaked attack (a measure of a fighter's threat)."""
    dist = damage(attack, (), base, ())
    return sum(d * p for d, p in enumerate(dist))


@lru_cache(maxsize=4096)
def loss_value(loss: Dist, left: int) -> float:
    """Worth of losing points from a track with `left` points, loss distributed as `loss`."""
    if left <= 0:
        return 0.0
    return _worth(loss, left)


def _worth(loss: Dist, left: int) -> float:
    """P(break) + 0.5 * E[fraction taken] of a loss distribution on a track with `left` > 0 points."""
    broken = 0.0
    taken = 0.0
    for d in range(1, len(loss)):
        p = loss[d]
        if d >= left:
            broken += p
            taken += p * left
        else:
            taken += p * d
    return BREAK_VALUE * broken + DAMAGE_VALUE * taken / left


def binomial(n: int, p: float) -> Dist:
    """P(k of n independent events of chance p), k = 0..n."""
    return _binomial(n, round(p, 12))


@lru_cache(maxsize=1024)
def _binomial(n: int, p: float) -> Dist:
    dist: Dist = (1.0,)
    for _ in range(n):
        dist = convolve(dist, (1.0 - p, p))
    return dist


@lru_cache(maxsize=16384)
def hit_harm(net: int, base: int, soak: tuple[int, ...], left: int) -> float:
    """Worth of a hit with `net` successes (damage base + net - 1) before the soak roll."""
    if net <= 0 or left <= 0:
        return 0.0
    raw = base + net - 1
    cut = successes(soak)
    dist = [0.0] * (raw + 1)
    for s, ps in enumerate(cut):
        dist[max(0, raw - s)] += ps
    return loss_value(tuple(dist), left)


def banes(sides: Sequence[int]) -> Dist:
    """Distribution of the number of ones rolled on fresh dice of these sides."""
    return _banes(tuple(sides))


@lru_cache(maxsize=1024)
def _banes(sides: tuple[int, ...]) -> Dist:
    dist: Dist = (1.0,)
    for s in sides:
        dist = convolve(dist, (1.0 - 1.0 / s, 1.0 / s))
    return dist


def shift(dist: Dist, by: int) -> Dist:
    """The distribution of a count plus a constant `by` >= 0."""
    return (0.0,) * by + dist if by else dist
