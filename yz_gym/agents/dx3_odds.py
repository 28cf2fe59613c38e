"""Exact odds of DX3 checks and damage for the DX3 agents: the 達成値 distribution of a check
(DX3-DICE-04..09: criticals re-rolled, 10 per critical round, fumbles), who wins an opposed check
with the tie rule (DX3-DICE-13), and the HP a damage roll takes (DX3-DMG-02/05)."""

from __future__ import annotations

from functools import cache
from math import comb
from typing import Final

from yz_gym.rulesets.dx3.dice import Check, lower_to
from yz_gym.rulesets.dx3.vehicle_dodge import SPOTTED_CRIT, SPOTTED_DICE, UNSPOTTED_DICE

D10: Final = 10
TINY: Final = 1e-12  # chances below this are left out of a distribution, and critical rounds followed until
# the chance that they go on falls below it (so a C値 of 2, where 9 dice in 10 are criticals, is exact too)
FUMBLE: Final = -1  # the key of an automatic failure (a fumble, or no dice) in a distribution


@cache
def _raw(n: int, crit: int) -> tuple[tuple[int, float], ...]:
    """10 x critical rounds + the last round's highest die, for n dice at C値 `crit` (fumbles kept):
    round by round, the chance of each number of dice rolled (the criticals of the round before), and of
    the check ending there with each highest die (no critical)."""
    p = (D10 + 1 - crit) / D10
    out: dict[int, float] = {}
    dice = {n: 1.0}  # dice rolled this round -> chance
    rounds = 0
    while dice and sum(dice.values()) > TINY:
        later: dict[int, float] = {}
        for k, q in dice.items():
            for m in range(1, crit):  # no critical: the check ends with highest die m
                out[D10 * rounds + m] = out.get(D10 * rounds + m, 0.0) + q * (m**k - (m - 1) ** k) / D10**k
            for j in range(1, k + 1):  # j criticals: j dice rolled again
                later[j] = later.get(j, 0.0) + q * comb(k, j) * p**j * (1 - p) ** (k - j)
        dice, rounds = later, rounds + 1
    return tuple(sorted(out.items()))


@cache
def distribution(dice: int, crit: int, modifier: int = 0) -> tuple[tuple[int, float], ...]:
    """The exact 達成値 distribution of a check, as (value, chance) sorted by value: FUMBLE for an
    automatic failure (every die of the first roll a 1, or no dice), else the 達成値 with the modifier."""
    if dice <= 0:
        return ((FUMBLE, 1.0),)
    fumble = 0.1**dice
    out = [(FUMBLE, fumble)]
    for value, q in _raw(dice, crit):
        if value == 1:
            q -= fumble  # all 1s is the only way to a highest die of 1 with no critical
        if q > TINY:
            out.append((value + modifier, q))
    return tuple(out)


def of(check: Check) -> tuple[tuple[int, float], ...]:
    """A check's exact 達成値 distribution."""
    return distribution(check.dice, check.crit, check.modifier)


@cache
def beaten_by(reaction: tuple[tuple[int, float], ...], tie: str) -> tuple[float, ...]:
    """For each 達成値 a (index a, the last entry for anything higher), the chance an action with
    it (not an automatic failure) wins against a reaction of this distribution: a reaction that
    fails automatically loses, a tie goes to `tie`."""
    top = max(value for value, _ in reaction) + 2
    table = [0.0] * (top + 1)
    for value, q in reaction:
        if value == FUMBLE:
            for a in range(top + 1):
                table[a] += q
            continue
        start = value if tie == "action" else value + 1  # the lowest 達成値 that beats it
        for a in range(max(start, 0), top + 1):
            table[a] += q
    return tuple(table)


def beats(achievement: int, reaction: tuple[tuple[int, float], ...], tie: str) -> float:
    """The chance an action with this 達成値 wins against a reaction of this distribution."""
    table = beaten_by(reaction, tie)
    return table[min(max(achievement, 0), len(table) - 1)]


Dist = tuple[tuple[int, float], ...]


def opposed(action: Dist, reaction: Dist | None, tie: str, no_reaction_value: int = 0) -> float:
    """The chance the acting side wins an opposed check (DX3-DICE-13): its automatic failure loses;
    a reaction of None counts as `no_reaction_value`."""
    won = 0.0
    for value, q in action:
        if value == FUMBLE:
            continue
        if reaction is not None:
            won += q * beats(value, reaction, tie)
        elif value > no_reaction_value or (value == no_reaction_value and tie == "action"):
            won += q
    return won


def meets(check: Dist, difficulty: int) -> float:
    """The chance a check reaches a set difficulty (DX3-DICE-10): 達成値 >= 目標値, no automatic failure."""
    return sum(q for value, q in check if value != FUMBLE and value >= difficulty)


@cache
def vehicle_hit_table(
    perception: tuple[int, int, int] | None, drive: tuple[int, int, int], unfloored_min: int, tie: str
) -> tuple[float, ...]:
    """For each hit 達成値 a (index a, the last entry for anything higher), the chance the hit beats the
    two-step vehicle dodge (HR-VEH-DODGE-01..07): the passenger's 〈知覚〉 above a gives the driver's
    〈運転〉 +2 dice and C値 -1 (no floor, clamped at `unfloored_min`), equal nothing, below it (or a
    fumble, or no passenger) -1 die."""
    dice, crit, modifier = drive
    tables = {
        step: beaten_by(distribution(dice + extra, lower_to(crit, down, unfloored_min), modifier), tie)
        for step, (extra, down) in {1: (SPOTTED_DICE, SPOTTED_CRIT), 0: (0, 0), -1: (UNSPOTTED_DICE, 0)}.items()
    }
    seen = distribution(*perception) if perception is not None else ((FUMBLE, 1.0),)
    top = max(len(t) for t in tables.values()) + 1
    out = []
    for a in range(top):
        p_hit = 0.0
        for value, q in seen:
            step = -1 if value == FUMBLE or value < a else (1 if value > a else 0)
            table = tables[step]
            p_hit += q * table[min(a, len(table) - 1)]
        out.append(p_hit)
    return tuple(out)


@cache
def _sum_pmf(dice: int) -> tuple[float, ...]:
    """The distribution of the sum of `dice` D10 (index = sum)."""
    pmf = [1.0]
    for _ in range(dice):
        nxt = [0.0] * (len(pmf) + D10)
        for total, q in enumerate(pmf):
            if q:
                for face in range(1, D10 + 1):
                    nxt[total + face] += q / D10
        pmf = nxt
    return tuple(pmf)


@cache
def hp_loss(dice: int, power: int, reduction: int, hp: int) -> tuple[float, float]:
    """(expected HP lost, chance to fall to 0) from a damage roll of `dice` D10 (達成値 // 10 + 1,
    damage_dice) + 攻撃力 - reductions (armor, guard), at least 0, at most `hp`."""
    pmf = _sum_pmf(dice)
    lost, falls = 0.0, 0.0
    for total, q in enumerate(pmf):
        if q:
            hit = min(max(total + power - reduction, 0), hp)
            lost += q * hit
            falls += q if hit >= hp > 0 else 0.0
    return lost, falls


__all__ = ["FUMBLE", "Dist", "beaten_by", "beats", "distribution", "hp_loss", "meets", "of", "opposed", "vehicle_hit_table"]
