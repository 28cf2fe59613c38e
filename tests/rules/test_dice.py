"""Tests for yz_gym.rulesets.yze.dice: literal rule tables, then seeded statistics vs exact values."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

import numpy as np
import pytest

from yz_gym.rulesets.yze.dice import (
    DIFFICULTY,
    STEP_SIDES,
    DicePool,
    Die,
    PushCost,
    Roll,
    Source,
    can_push,
    chosen_rerolls,
    d3,
    d6,
    d12,
    d66,
    help_bonus,
    is_tie,
    opposed,
    pool_dice,
    push,
    push_cost,
    rating_pool,
    reroll_indices,
    roll,
    step_dice,
    step_sides,
    successes_on,
)

A, S, G, X = Source.ATTRIBUTE, Source.SKILL, Source.GEAR, Source.ARTIFACT

# S4 success table for faces 0..12 (STEP-03), written out independently of the module.
S4_TABLE = [int(c) for c in ["0", "0", "0", "0", "0", "0", "1", "1", "1", "1", "2", "2", "2"]]

Dist = dict[int, Fraction]


def make(*dice: tuple[Source, int]) -> DicePool:
    """A pool from (source, sides) pairs."""
    return DicePool(tuple(Die(src, sides) for src, sides in dice))


def d6s(n: int, source: Source = A) -> list[tuple[Source, int]]:
    """n D6 of one source, as (source, sides) pairs."""
    return [(source, 6)] * n


def shape(pool: DicePool) -> tuple[tuple[Source, int], ...]:
    """A pool as (source, sides) pairs, for comparing with expected pools."""
    return tuple((d.source, d.sides) for d in pool.dice)


# ---------------------------------------------------------------------------------------------
# Exact probability helpers (independent of the module under test)
# ---------------------------------------------------------------------------------------------


def die_dist(sides: int) -> Dist:
    """Exact distribution of successes on one die."""
    out: Counter[int] = Counter()
    for face in range(1, sides + 1):
        out[S4_TABLE[face]] += 1
    return {k: Fraction(v, sides) for k, v in out.items()}


def convolve(a: Dist, b: Dist) -> Dist:
    """Distribution of the sum of two independent variables."""
    out: dict[int, Fraction] = {}
    for i, p in a.items():
        for j, q in b.items():
            out[i + j] = out.get(i + j, Fraction(0)) + p * q
    return out


def sum_dist(dists: Iterable[Dist]) -> Dist:
    """Distribution of a sum of independent variables."""
    total: Dist = {0: Fraction(1)}
    for d in dists:
        total = convolve(total, d)
    return total


def binomial(n: int, p: Fraction) -> Dist:
    """Binomial distribution."""
    return {k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def p_greater(a: Dist, b: Dist) -> Fraction:
    """P(X > Y) for independent X ~ a, Y ~ b."""
    return sum((p * q for i, p in a.items() for j, q in b.items() if i > j), Fraction(0))


def p_equal(a: Dist, b: Dist) -> Fraction:
    """P(X == Y) for independent X ~ a, Y ~ b."""
    return sum((p * b.get(i, Fraction(0)) for i, p in a.items()), Fraction(0))


def outcomes(sides: Sequence[int]) -> Iterable[tuple[Fraction, tuple[int, ...]]]:
    """Every face tuple of a pool with its probability."""
    weight = Fraction(1, math.prod(sides))
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        yield weight, faces


def rerolled_by_default(src: Source, face: int) -> bool:
    """PUSH-05/06 default: a die is re-rolled if it shows neither a success nor a bane."""
    bane = face == 1 and src != X
    return S4_TABLE[face] == 0 and not bane


def pushed_dist(
    sources: Sequence[Source],
    sides: Sequence[int],
    push_if: Callable[[int], bool],
) -> tuple[Dist, Fraction]:
    """Exact (successes distribution, expected banes) when pushing with the default rule.

    Enumerates every first roll. The roll is pushed when `push_if(first successes)` holds and
    some die is re-rollable; re-rolled dice showed no success and no bane, so the kept part
    keeps every first success and bane, and each re-rolled base die adds a bane with 1/sides.
    """
    succ: dict[int, Fraction] = {}
    banes = Fraction(0)
    for p, faces in outcomes(sides):
        first = sum(S4_TABLE[f] for f in faces)
        first_banes = sum(1 for src, f in zip(sources, faces, strict=True) if f == 1 and src != X)
        rerolled = [
            (src, s)
            for src, s, f in zip(sources, sides, faces, strict=True)
            if rerolled_by_default(src, f)
        ]
        if not rerolled or not push_if(first):
            succ[first] = succ.get(first, Fraction(0)) + p
            banes += p * first_banes
            continue
        for k, q in sum_dist(die_dist(s) for _, s in rerolled).items():
            succ[first + k] = succ.get(first + k, Fraction(0)) + p * q
        banes += p * (first_banes + sum(Fraction(1, s) for src, s in rerolled if src != X))
    return succ, banes


def tol(p: float, n: int) -> float:
    """Five standard errors of a proportion estimated from n samples."""
    return 5 * math.sqrt(p * (1 - p) / n) + 1e-12


def assert_dist(counts: Counter[int], exact: Dist, n: int) -> None:
    """Each observed frequency is within 5 standard errors of the exact probability."""
    assert set(counts) <= set(exact), (counts, exact)
    for k, p in exact.items():
        freq = counts.get(k, 0) / n
        assert abs(freq - float(p)) <= tol(float(p), n), (k, freq, float(p))


def assert_mean(samples: Sequence[float], mean: float, var: float) -> None:
    """The sample mean is within 5 standard errors of the exact mean."""
    n = len(samples)
    observed = sum(samples) / n
    assert abs(observed - mean) <= 5 * math.sqrt(var / n) + 1e-12, (observed, mean)


# ---------------------------------------------------------------------------------------------
# 1. Literal rule tables
# ---------------------------------------------------------------------------------------------


@pytest.mark.rule("DICE-06", "STEP-03", "DICE-11")
def test_successes_on_matches_the_s4_table() -> None:
    for face in range(1, 13):
        assert successes_on(face) == S4_TABLE[face], face
    assert [successes_on(f) for f in range(1, 7)] == [0, 0, 0, 0, 0, 1]  # DICE-06: only 6 on D6


@pytest.mark.rule("DICE-05", "DICE-07", "DICE-10")
def test_base_pool_is_attribute_plus_skill_plus_gear_told_apart_by_source() -> None:
    pool = pool_dice(3, 2, 1)
    assert pool.size == 6
    assert all(d.sides == 6 for d in pool.dice)
    assert (pool.count(A), pool.count(S), pool.count(G), pool.count(X)) == (3, 2, 1, 0)
    no_skill = pool_dice(4)  # DICE-07: no skill -> attribute dice alone
    assert shape(no_skill) == tuple(d6s(4, A))


@pytest.mark.rule("MOD-01", "MOD-02", "MOD-03")
@pytest.mark.parametrize(
    ("attribute", "skill", "gear", "modifier", "expected"),
    [
        (3, 2, 1, 0, (3, 2, 1)),
        (3, 2, 1, +2, (3, 4, 1)),  # MOD-01: +N adds N base dice (as skill dice)
        (3, 0, 0, +1, (3, 1, 0)),
        (3, 2, 1, -1, (3, 1, 1)),  # MOD-02: skill dice go first
        (3, 2, 1, -2, (3, 0, 1)),
        (3, 2, 1, -3, (3, 0, 0)),  # ... then gear
        (3, 2, 1, -4, (2, 0, 0)),  # ... then attribute
        (3, 2, 1, -6, (0, 0, 0)),  # MOD-03: no dice left
        (3, 2, 1, -9, (0, 0, 0)),
        (2, 0, 2, -1, (2, 0, 1)),
        (2, 0, 0, -1, (1, 0, 0)),
        (1, 3, 0, -3, (1, 0, 0)),
        (1, 3, 2, -5, (1, 0, 0)),
        (0, 0, 0, 0, (0, 0, 0)),
    ],
)
def test_pool_modifiers_add_skill_dice_and_remove_skill_gear_attribute(
    attribute: int, skill: int, gear: int, modifier: int, expected: tuple[int, int, int]
) -> None:
    pool = pool_dice(attribute, skill, gear, modifier)
    assert (pool.count(A), pool.count(S), pool.count(G)) == expected
    assert pool.size == sum(expected)


@pytest.mark.rule("MOD-03", "DICE-06")
def test_zero_dice_pool_rolls_nothing_and_cannot_succeed() -> None:
    pool = pool_dice(2, 1, 0, -5)
    r = roll(pool, np.random.default_rng(0))
    assert r.faces == () and r.successes == 0 and not can_push(r)


@pytest.mark.rule("DICE-11", "MOD-01")
def test_artifact_dice_are_extra_and_not_removed_by_modifiers() -> None:
    pool = pool_dice(2, 1, 0, 0, artifacts=[8, 12])
    assert shape(pool) == ((A, 6), (A, 6), (S, 6), (X, 8), (X, 12))
    assert shape(pool_dice(1, 0, 0, -4, artifacts=(10,))) == ((X, 10),)
    with pytest.raises(ValueError, match="D8, D10 or D12"):
        pool_dice(2, artifacts=[6])


def test_pool_rejects_negative_ratings_and_bad_dice() -> None:
    with pytest.raises(ValueError):
        pool_dice(-1)
    with pytest.raises(ValueError):
        pool_dice(2, skill=-1)
    with pytest.raises(ValueError):
        Die(A, 7)
    with pytest.raises(ValueError, match="faces"):
        Roll(pool_dice(2), (6,))
    with pytest.raises(ValueError, match="impossible"):
        Roll(pool_dice(2), (6, 7))


@pytest.mark.rule("STEP-01")
def test_step_letters_map_to_dice() -> None:
    assert STEP_SIDES == {"A": 12, "B": 10, "C": 8, "D": 6}
    assert [step_sides(x) for x in "ABCD"] == [12, 10, 8, 6]
    assert [step_sides(x) for x in "abcd"] == [12, 10, 8, 6]
    assert [step_sides(x) for x in (12, 10, 8, 6)] == [12, 10, 8, 6]
    for bad in ("E", 7, 4, "AA"):
        with pytest.raises(ValueError):
            step_sides(bad)


@pytest.mark.rule("STEP-01", "STEP-02", "DICE-10")
def test_step_pool_is_attribute_die_plus_skill_die_or_attribute_alone() -> None:
    assert shape(step_dice("B", "C")) == ((A, 10), (S, 8))
    assert step_dice("B", "C") == step_dice(10, 8)
    assert shape(step_dice("A")) == ((A, 12),)
    assert shape(step_dice("A", "none")) == ((A, 12),)
    assert shape(step_dice("A", None)) == ((A, 12),)


@pytest.mark.rule("MOD-04", "MOD-05", "MOD-06", "MOD-07", "MOD-08")
@pytest.mark.parametrize(
    ("attribute", "skill", "modifier", "expected"),
    [
        ("C", "C", 0, ((A, 8), (S, 8))),
        ("C", "D", +1, ((A, 8), (S, 8))),  # MOD-05: raise the smaller die first
        ("C", "D", +2, ((A, 8), (S, 10))),
        ("B", "D", +1, ((A, 10), (S, 8))),
        ("D", "B", +1, ((A, 8), (S, 10))),
        ("D", "D", +4, ((A, 10), (S, 10))),  # MOD-04: each +1 is one step
        ("A", "A", +1, ((A, 12), (S, 12))),  # MOD-06: cap two D12
        ("A", "B", +3, ((A, 12), (S, 12))),
        ("B", None, +1, ((A, 10), (S, 6))),  # MOD-08: one die, the first +1 adds a D6
        ("B", None, +2, ((A, 10), (S, 8))),
        ("A", None, +9, ((A, 12), (S, 12))),
        ("A", "C", -1, ((A, 10), (S, 8))),  # MOD-05: lower the larger die first
        ("C", "A", -1, ((A, 8), (S, 10))),
        ("C", "C", -1, ((A, 8), (S, 6))),
        ("A", "A", -4, ((A, 8), (S, 8))),
        ("B", "D", -1, ((A, 8), (S, 6))),
        ("D", "D", -1, ((A, 6),)),  # MOD-07: lowering a D6 removes it
        ("B", "D", -3, ((A, 6),)),
        ("D", "D", -5, ((A, 6),)),  # MOD-07: floor is a single D6
        ("C", None, -1, ((A, 6),)),
        ("D", None, -2, ((A, 6),)),
        (12, 8, 0, ((A, 12), (S, 8))),
    ],
)
def test_step_numeric_modifiers(
    attribute: str | int,
    skill: str | int | None,
    modifier: int,
    expected: tuple[tuple[Source, int], ...],
) -> None:
    assert shape(step_dice(attribute, skill, modifier)) == expected


@pytest.mark.rule("MOD-09", "MOD-10")
@pytest.mark.parametrize(
    ("attribute", "skill", "modifier", "expected"),
    [
        ("B", "D", +1, ((A, 10), (S, 6), (S, 6))),  # advantage: third die = lower base die
        ("D", "A", +1, ((A, 6), (S, 12), (S, 6))),
        ("B", "D", +3, ((A, 10), (S, 6), (S, 6))),  # MOD-10: at most one advantage applies
        ("B", "D", -1, ((A, 10),)),  # disadvantage: drop the lower base die
        ("D", "B", -2, ((S, 10),)),
        ("C", "C", -1, ((A, 8),)),
        ("C", None, -1, ((A, 8),)),  # never below one die
        ("C", "C", 0, ((A, 8), (S, 8))),  # advantages and disadvantages cancelled out
    ],
)
def test_step_advantage_mode(
    attribute: str, skill: str | None, modifier: int, expected: tuple[tuple[Source, int], ...]
) -> None:
    assert shape(step_dice(attribute, skill, modifier, advantage_mode=True)) == expected


@pytest.mark.rule("MOD-11")
def test_difficulty_table() -> None:
    assert DIFFICULTY == {
        "trivial": 3,
        "simple": 2,
        "easy": 1,
        "average": 0,
        "demanding": -1,
        "hard": -2,
        "formidable": -3,
    }
    assert pool_dice(2, 1, 0, DIFFICULTY["hard"]).size == 1


@pytest.mark.rule("HELP-01")
def test_help_bonus_is_one_per_helper_up_to_three() -> None:
    assert [help_bonus(n) for n in range(6)] == [0, 1, 2, 3, 3, 3]
    with pytest.raises(ValueError):
        help_bonus(-1)


@pytest.mark.rule("DICE-06", "DICE-11", "STEP-03", "PUSH-01", "DICE-10")
def test_roll_successes_and_banes_by_source() -> None:
    pool = make(*d6s(3, A), *d6s(2, S), (G, 6), (X, 12), (X, 8))
    r = Roll(pool, (1, 6, 3, 1, 6, 1, 10, 1))
    assert r.successes == 1 + 1 + 2  # D12 showing 10 is 2 successes
    assert r.banes() == 3  # the artifact 1 is not a bane
    assert (r.banes(A), r.banes(S), r.banes(G), r.banes(X)) == (1, 1, 1, 0)
    step = Roll(step_dice("A", "C"), (12, 1))
    assert step.successes == 2 and step.banes() == 1
    assert Roll(step_dice("B", "B"), (9, 10)).successes == 3
    assert Roll(step_dice("C", "D"), (8, 6)).successes == 2
    assert Roll(step_dice("C", "D"), (5, 2)).successes == 0


@pytest.mark.rule("PUSH-04", "PUSH-05", "PUSH-06", "PUSH-07")
def test_default_push_rerolls_exactly_the_dice_that_are_neither_success_nor_bane() -> None:
    pool = make(*d6s(3, A), *d6s(2, S), (G, 6), (X, 10))
    first = Roll(pool, (6, 1, 4, 2, 6, 1, 1))  # the artifact 1 is re-rollable
    assert reroll_indices(first) == (2, 3, 6)
    changed: set[int] = set()
    for seed in range(200):
        after = push(first, np.random.default_rng(seed))
        assert after.pushed and after.pool == pool
        for i in (0, 1, 4, 5):  # successes and banes are kept (PUSH-05)
            assert after.faces[i] == first.faces[i]
        for i in (2, 3, 6):
            assert 1 <= after.faces[i] <= pool.dice[i].sides
            if after.faces[i] != first.faces[i]:
                changed.add(i)
        # PUSH-07: every die counts after the push, kept and re-rolled alike
        assert after.successes == sum(S4_TABLE[f] for f in after.faces)
        assert after.banes() == sum(1 for f in after.faces[:6] if f == 1)
    assert changed == {2, 3, 6}


@pytest.mark.rule("PUSH-06", "PUSH-05")
def test_agent_choice_push_may_reroll_any_non_bane_die() -> None:
    pool = pool_dice(2, 2)
    first = Roll(pool, (6, 1, 3, 6))
    assert reroll_indices(first, "agent_choice") == (0, 2, 3)
    seen_zero = set()
    for seed in range(100):
        after = push(first, np.random.default_rng(seed), "agent_choice", chosen=[0])
        assert after.faces[1:] == first.faces[1:]
        seen_zero.add(after.faces[0])
    assert len(seen_zero) > 1  # the chosen success really is re-rolled
    with pytest.raises(ValueError, match="PUSH-05"):
        push(first, np.random.default_rng(0), "agent_choice", chosen=[1])  # a bane
    with pytest.raises(ValueError):
        push(first, np.random.default_rng(0), "agent_choice", chosen=[4])  # out of range
    with pytest.raises(ValueError):
        push(first, np.random.default_rng(0), "agent_choice", chosen=[2, 2])
    with pytest.raises(ValueError):
        push(first, np.random.default_rng(0), "agent_choice", chosen=[])
    with pytest.raises(ValueError, match="all_nonsuccess"):
        push(first, np.random.default_rng(0), "some_dice")


@pytest.mark.rule("PUSH-06", "PUSH-05", "DICE-11", "STEP-03")
def test_the_agent_choice_chooser_rerolls_each_die_whose_fresh_roll_expects_more_successes() -> None:
    for sides in (6, 8, 10, 12):
        mean = sum((Fraction(S4_TABLE[f], sides) for f in range(1, sides + 1)), Fraction(0))
        assert mean < 1  # so no success is ever worth re-rolling, on any die size
        for source in (A, S, G, X):
            for face in range(1, sides + 1):
                first = Roll(make((source, sides)), (face,))
                bane = face == 1 and source != X
                expected = () if bane or S4_TABLE[face] >= mean else (0,)
                assert chosen_rerolls(first) == expected, (source, sides, face)
                assert set(chosen_rerolls(first)) <= set(reroll_indices(first, "agent_choice"))


@pytest.mark.rule("PUSH-08")
def test_a_roll_may_be_pushed_only_once() -> None:
    first = Roll(pool_dice(3), (2, 3, 4))
    assert can_push(first)
    after = push(first, np.random.default_rng(1))
    assert after.pushed and not can_push(after) and not can_push(after, "agent_choice")
    with pytest.raises(ValueError, match="once"):
        push(after, np.random.default_rng(2))


@pytest.mark.rule("PUSH-05", "PUSH-06", "PUSH-08")
def test_can_push_needs_a_die_to_reroll() -> None:
    nothing = Roll(pool_dice(3), (6, 1, 6))
    assert not can_push(nothing)
    assert can_push(nothing, "agent_choice")  # successes may be chosen under agent_choice
    with pytest.raises(ValueError, match="nothing to re-roll"):
        push(nothing, np.random.default_rng(0))
    all_banes = Roll(pool_dice(2), (1, 1))
    assert not can_push(all_banes) and not can_push(all_banes, "agent_choice")
    artifact_one = Roll(pool_dice(0, artifacts=[8]), (1,))
    assert can_push(artifact_one)  # an artifact 1 is no bane, so it can be re-rolled


@pytest.mark.rule("PUSH-11", "PUSH-01")
def test_push_cost_damage_stress_counts_every_base_die_bane() -> None:
    pool = make(*d6s(2, A), (S, 6), (G, 6), (X, 10))
    r = Roll(pool, (1, 1, 1, 1, 1), pushed=True)
    assert push_cost(r, "damage_stress", physical=True) == PushCost(damage=4)
    assert push_cost(r, "damage_stress", physical=False) == PushCost(stress=4)
    step = Roll(step_dice("C", "D"), (1, 1), pushed=True)
    assert push_cost(step, "damage_stress", physical=True) == PushCost(damage=2)
    assert push_cost(Roll(pool, (6, 2, 3, 4, 1), pushed=True), "damage_stress", True) == PushCost()


@pytest.mark.rule("PUSH-14", "PUSH-02", "DICE-10")
def test_push_cost_attribute_mode_counts_attribute_and_gear_banes() -> None:
    pool = make(*d6s(3, A), *d6s(2, S), *d6s(2, G), (X, 12))
    r = Roll(pool, (1, 1, 6, 1, 1, 1, 4, 1), pushed=True)
    assert push_cost(r, "attribute", physical=True) == PushCost(attribute_loss=2, gear_loss=1)
    assert push_cost(r, "attribute", physical=False) == PushCost(attribute_loss=2, gear_loss=1)


@pytest.mark.rule("PUSH-11", "PUSH-14")
def test_push_cost_modes() -> None:
    pool = pool_dice(2, 1, 1)
    pushed = Roll(pool, (1, 1, 1, 1), pushed=True)
    unpushed = Roll(pool, (1, 1, 1, 1))
    assert push_cost(pushed, "none", physical=True) == PushCost()
    for mode in ("damage_stress", "attribute", "none"):
        assert push_cost(unpushed, mode, physical=True) == PushCost()
    with pytest.raises(ValueError, match="damage_stress, attribute, none"):
        push_cost(pushed, "doom", physical=True)


@pytest.mark.rule("OPP-01", "OPP-02")
@pytest.mark.parametrize(
    ("active_faces", "opposing_faces", "expected", "tie"),
    [
        ((6, 6, 3), (6, 2), (True, 1), False),
        ((6, 6, 6), (2, 2), (True, 3), False),
        ((6, 3, 3), (6, 5), (False, 0), True),  # OPP-02: equal successes fail the active side
        ((2, 3, 4), (1, 5), (False, 0), True),  # 0 vs 0 is a tie too
        ((6, 2, 2), (6, 6), (False, 0), False),
        ((1, 1, 1), (6, 6), (False, 0), False),
    ],
)
def test_opposed_pool_rolls(
    active_faces: tuple[int, ...],
    opposing_faces: tuple[int, ...],
    expected: tuple[bool, int],
    tie: bool,
) -> None:
    active = Roll(pool_dice(len(active_faces)), active_faces)
    opposing = Roll(pool_dice(len(opposing_faces)), opposing_faces)
    assert opposed(active, opposing) == expected
    assert opposed(active, opposing, tie="reroll") == expected
    assert is_tie(active, opposing) is tie


@pytest.mark.rule("OPP-01", "OPP-02", "STEP-03")
def test_opposed_step_rolls_count_double_successes() -> None:
    active = Roll(step_dice("A", "C"), (11, 7))  # 3 successes
    assert opposed(active, Roll(step_dice("B", "B"), (10, 2))) == (True, 1)
    assert opposed(active, Roll(step_dice("B", "B"), (10, 6))) == (False, 0)
    assert is_tie(active, Roll(step_dice("B", "B"), (10, 6)))
    with pytest.raises(ValueError, match="active_fails"):
        opposed(active, active, tie="coin_flip")


@pytest.mark.rule("OPP-04", "PUSH-07", "OPP-01")
def test_active_side_pushes_after_seeing_the_opposing_roll() -> None:
    active = Roll(pool_dice(2), (3, 6))
    opposing = Roll(pool_dice(1), (6,))
    assert opposed(active, opposing) == (False, 0) and is_tie(active, opposing)
    results = set()
    for seed in range(100):
        after = push(active, np.random.default_rng(seed))
        assert after.faces[1] == 6
        expected = (True, 1) if after.faces[0] == 6 else (False, 0)
        assert opposed(after, opposing) == expected
        results.add(expected)
    assert results == {(True, 1), (False, 0)}


@pytest.mark.rule("ARMOR-01", "EXPL-01", "FIRE-01", "EXPL-07", "EXPL-08", "EXPL-09", "EXPL-10")
@pytest.mark.parametrize(
    ("rating", "mode", "expected"),
    [
        (0, "pool", ()),
        (4, "pool", ((G, 6),) * 4),
        (12, "pool", ((G, 6),) * 12),
        ("B", "pool", ((G, 6),) * 9),
        (0, "step", ()),
        (3, "step", ((G, 6),) * 2),  # EXPL-10: 3 / D
        (6, "step", ((G, 8),) * 2),  # EXPL-09: 6 / C
        (9, "step", ((G, 10),) * 2),  # EXPL-08: 9 / B
        (12, "step", ((G, 12),) * 2),  # EXPL-07: 12 / A
        (4, "step", ((G, 6),) * 2),
        (8, "step", ((G, 8),) * 2),
        (11, "step", ((G, 10),) * 2),
        (15, "step", ((G, 12),) * 2),
        (1, "step", ((G, 6),) * 2),
        ("c", "step", ((G, 8),) * 2),
        ("A", "step", ((G, 12),) * 2),
    ],
)
def test_rating_pools(
    rating: int | str, mode: str, expected: tuple[tuple[Source, int], ...]
) -> None:
    assert shape(rating_pool(rating, mode)) == expected


@pytest.mark.rule("HAZ-POISON-01", "HAZ-POISON-02", "HAZ-DISEASE-02")
def test_potency_and_virulence_roll_two_dice_of_the_grade_in_step_mode() -> None:
    assert [rating_pool(p, "step").sides for p in (3, 6, 9)] == [(6, 6), (8, 8), (10, 10)]
    assert rating_pool(6, "pool").size == 6  # a typical disease, pool play (AMB-04)


@pytest.mark.rule("PUSH-01")
def test_rating_dice_are_gear_dice_so_their_banes_count() -> None:
    r = Roll(rating_pool(3, "pool"), (1, 6, 1))
    assert r.banes() == 2 and r.banes(G) == 2 and r.successes == 1


def test_rating_pool_rejects_bad_input() -> None:
    for rating, mode in ((-1, "pool"), ("E", "step"), (3, "dice")):
        with pytest.raises(ValueError):
            rating_pool(rating, mode)
    with pytest.raises((ValueError, TypeError)):  # TypeError from the compiled build's type checks
        rating_pool(2.5, "pool")  # type: ignore[arg-type]


def test_same_seed_same_rolls() -> None:
    pool = pool_dice(3, 2, 1, artifacts=[10])
    a = [roll(pool, np.random.default_rng(7)).faces for _ in range(3)]
    rng1, rng2 = np.random.default_rng(11), np.random.default_rng(11)
    assert a[0] == a[1] == a[2]
    assert [roll(pool, rng1).faces for _ in range(20)] == [
        roll(pool, rng2).faces for _ in range(20)
    ]


# ---------------------------------------------------------------------------------------------
# 2. Statistics against exact probabilities (seeded; tolerance = 5 standard errors)
# ---------------------------------------------------------------------------------------------


@pytest.mark.rule("DICE-05", "DICE-06", "DICE-07")
@pytest.mark.parametrize(("attribute", "skill"), [(1, 0), (2, 0), (2, 1), (3, 2), (4, 4)])
def test_pool_success_chance(attribute: int, skill: int) -> None:
    rng = np.random.default_rng(1000 + 10 * attribute + skill)
    n_dice, n = attribute + skill, 10_000
    pool = pool_dice(attribute, skill)
    counts = Counter(roll(pool, rng).successes for _ in range(n))
    p_any = 1 - (5 / 6) ** n_dice
    assert abs(1 - counts[0] / n - p_any) <= tol(p_any, n)
    assert_dist(counts, binomial(n_dice, Fraction(1, 6)), n)


STEP_PAIRS = [(a, b) for a, b in itertools.combinations_with_replacement("ABCD", 2)]


@pytest.mark.rule("STEP-01", "STEP-02", "STEP-03")
@pytest.mark.parametrize(("attribute", "skill"), [*STEP_PAIRS, *((g, None) for g in "ABCD")])
def test_step_success_distribution(attribute: str, skill: str | None) -> None:
    rng = np.random.default_rng(2000 + ord(attribute) * 7 + (ord(skill) if skill else 0))
    pool = step_dice(attribute, skill)
    grades = [attribute] if skill is None else [attribute, skill]
    exact = sum_dist(die_dist(STEP_SIDES[g]) for g in grades)
    # the exact table by enumerating faces agrees with the convolution
    faces_exact: dict[int, Fraction] = {}
    for p, faces in outcomes([STEP_SIDES[g] for g in grades]):
        k = sum(S4_TABLE[f] for f in faces)
        faces_exact[k] = faces_exact.get(k, Fraction(0)) + p
    assert faces_exact == exact
    n = 4_000
    counts = Counter(roll(pool, rng).successes for _ in range(n))
    assert_dist(counts, exact, n)


@pytest.mark.rule("DICE-11")
@pytest.mark.parametrize("sides", [8, 10, 12])
def test_artifact_die_distribution(sides: int) -> None:
    rng = np.random.default_rng(3000 + sides)
    exact = {
        0: Fraction(5, sides),
        1: Fraction(min(sides, 9) - 5, sides),
        2: Fraction(max(sides - 9, 0), sides),
    }
    exact = {k: p for k, p in exact.items() if p}
    assert exact == die_dist(sides)
    n = 8_000
    pool = pool_dice(0, artifacts=[sides])
    rolls = [roll(pool, rng) for _ in range(n)]
    assert_dist(Counter(r.successes for r in rolls), exact, n)
    assert all(r.banes() == 0 for r in rolls)  # artifact dice never bane
    assert Counter(r.faces[0] for r in rolls).keys() == set(range(1, sides + 1))


@pytest.mark.rule("DICE-11", "DICE-05")
def test_pool_with_artifact_die_distribution() -> None:
    rng = np.random.default_rng(3100)
    pool = pool_dice(2, 1, artifacts=[12])
    exact = convolve(binomial(3, Fraction(1, 6)), die_dist(12))
    n = 8_000
    assert_dist(Counter(roll(pool, rng).successes for _ in range(n)), exact, n)


@pytest.mark.rule("PUSH-01")
def test_expected_banes_unpushed() -> None:
    rng = np.random.default_rng(4000)
    pool = pool_dice(3, 2, 1, artifacts=[8])
    n = 8_000
    banes = [roll(pool, rng).banes() for _ in range(n)]
    assert_mean(banes, 6 / 6, 6 * (1 / 6) * (5 / 6))


@pytest.mark.rule("PUSH-04", "PUSH-06", "PUSH-07")
def test_push_every_time_improves_pool_success_as_exact() -> None:
    n_dice, n = 3, 15_000
    rng = np.random.default_rng(5000)
    pool = pool_dice(n_dice)
    exact, exact_banes = pushed_dist([A] * n_dice, [6] * n_dice, lambda _first: True)
    # closed form: each die ends a success with 1/6 + 4/6 * 1/6 = 10/36, a bane with 10/36
    assert 1 - exact[0] == 1 - Fraction(26, 36) ** n_dice
    assert exact_banes == n_dice * Fraction(10, 36)
    hits = banes = 0
    for _ in range(n):
        r = roll(pool, rng)
        if can_push(r):
            r = push(r, rng)
        hits += r.successes > 0
        banes += r.banes()
    p = float(1 - exact[0])
    assert p > 1 - (5 / 6) ** n_dice  # pushing helps
    assert abs(hits / n - p) <= tol(p, n)
    q = 10 / 36
    assert abs(banes / n - n_dice * q) <= 5 * math.sqrt(n_dice * q * (1 - q) / n)


@pytest.mark.rule("PUSH-04", "PUSH-05", "PUSH-06", "OPP-04")
def test_push_only_on_failure() -> None:
    n_dice, n = 2, 15_000
    rng = np.random.default_rng(5100)
    pool = pool_dice(1, 1)
    exact, _ = pushed_dist([A, S], [6, 6], lambda first: first == 0)
    # by enumeration: k re-rollable dice after a miss succeed with 1 - (5/6)^k
    by_hand = Fraction(0)
    for p, faces in outcomes([6] * n_dice):
        if 6 in faces:
            by_hand += p
        else:
            k = sum(1 for f in faces if f != 1)
            by_hand += p * (1 - Fraction(5, 6) ** k)
    assert 1 - exact[0] == by_hand
    hits = 0
    for _ in range(n):
        r = roll(pool, rng)
        if r.successes == 0 and can_push(r):
            r = push(r, rng)
        hits += r.successes > 0
    p_hit = float(by_hand)
    assert abs(hits / n - p_hit) <= tol(p_hit, n)


@pytest.mark.rule("PUSH-06", "PUSH-07", "STEP-03", "DICE-11", "PUSH-01")
@pytest.mark.parametrize(
    ("pool", "sources"),
    [
        (step_dice("B", "C"), [A, S]),
        (step_dice("A", "D"), [A, S]),
        (pool_dice(1, 1, artifacts=[10]), [A, S, X]),
    ],
)
def test_push_every_time_distribution(pool: DicePool, sources: list[Source]) -> None:
    rng = np.random.default_rng(5200 + sum(pool.sides))
    exact, exact_banes = pushed_dist(sources, pool.sides, lambda _first: True)
    n = 8_000
    counts: Counter[int] = Counter()
    banes = []
    for _ in range(n):
        r = roll(pool, rng)
        if can_push(r):
            r = push(r, rng)
        counts[r.successes] += 1
        banes.append(r.banes())
    assert_dist(counts, exact, n)
    # each base die's final bane chance is independent: 1/s + P(re-rolled) / s
    var = 0.0
    for src, s in zip(sources, pool.sides, strict=True):
        if src != X:
            q = 1 / s + (sum(1 for f in range(2, s + 1) if S4_TABLE[f] == 0) / s) / s
            var += q * (1 - q)
    assert_mean(banes, float(exact_banes), var)


@pytest.mark.rule("PUSH-14", "PUSH-11", "PUSH-01", "DICE-10")
def test_expected_push_costs() -> None:
    rng = np.random.default_rng(6000)
    pool = pool_dice(3, 1, 2, artifacts=[8])
    n = 8_000
    attr, gear, dmg = [], [], []
    for _ in range(n):
        r = roll(pool, rng)
        if can_push(r):
            r = push(r, rng)
        a_cost = push_cost(r, "attribute", physical=True)
        attr.append(a_cost.attribute_loss)
        gear.append(a_cost.gear_loss)
        dmg.append(push_cost(r, "damage_stress", physical=True).damage)
    q = 10 / 36  # per base die: bane first, or re-rolled (4/6) and then a bane
    assert_mean(attr, 3 * q, 3 * q * (1 - q))
    assert_mean(gear, 2 * q, 2 * q * (1 - q))
    assert_mean(dmg, 6 * q, 6 * q * (1 - q))


@pytest.mark.rule("OPP-01", "OPP-02")
@pytest.mark.parametrize(
    ("active", "opposing"),
    [
        (pool_dice(3, 1), pool_dice(3)),
        (step_dice("B", "C"), step_dice("C", "C")),
        (step_dice("A"), pool_dice(2)),
    ],
)
def test_opposed_win_and_tie_probability(active: DicePool, opposing: DicePool) -> None:
    rng = np.random.default_rng(7000 + sum(active.sides) + 3 * sum(opposing.sides))
    a = sum_dist(die_dist(s) for s in active.sides)
    b = sum_dist(die_dist(s) for s in opposing.sides)
    p_win, p_tie = p_greater(a, b), p_equal(a, b)
    if active.all_d6 and opposing.all_d6:
        assert a == binomial(active.size, Fraction(1, 6))
    n = 8_000
    wins = ties = net_sum = 0
    for _ in range(n):
        ra, rb = roll(active, rng), roll(opposing, rng)
        won, net = opposed(ra, rb)
        wins += won
        ties += is_tie(ra, rb)
        net_sum += net
        assert (net > 0) == won and net >= 0
    assert abs(wins / n - float(p_win)) <= tol(float(p_win), n)
    assert abs(ties / n - float(p_tie)) <= tol(float(p_tie), n)
    net_exact = sum(
        (p * q * (i - j) for i, p in a.items() for j, q in b.items() if i > j), Fraction(0)
    )
    net_var = float(
        sum(
            (p * q * (i - j) ** 2 for i, p in a.items() for j, q in b.items() if i > j), Fraction(0)
        )
        - net_exact**2
    )
    assert abs(net_sum / n - float(net_exact)) <= 5 * math.sqrt(net_var / n)


@pytest.mark.rule("OPP-04", "OPP-01", "PUSH-06")
def test_opposed_win_when_active_pushes_after_seeing_the_opponent() -> None:
    rng = np.random.default_rng(7500)
    active, opposing = pool_dice(2, 1), pool_dice(2)
    b = binomial(2, Fraction(1, 6))
    exact = Fraction(0)
    for p, faces in outcomes([6, 6, 6]):
        first = faces.count(6)
        k = sum(1 for f in faces if 1 < f < 6)
        for j, q in b.items():
            if first > j:
                exact += p * q
            else:  # push: win if the k re-rolled dice add more than j - first successes
                extra = binomial(k, Fraction(1, 6))
                exact += p * q * sum((r for x, r in extra.items() if first + x > j), Fraction(0))
    n = 12_000
    wins = 0
    for _ in range(n):
        ra, rb = roll(active, rng), roll(opposing, rng)
        if not opposed(ra, rb)[0] and can_push(ra):
            ra = push(ra, rng)
        wins += opposed(ra, rb)[0]
    p_win = float(exact)
    assert p_win > float(p_greater(binomial(3, Fraction(1, 6)), b))  # pushing helps
    assert abs(wins / n - p_win) <= tol(p_win, n)


@pytest.mark.parametrize(("fn", "sides"), [(d3, 3), (d6, 6), (d12, 12)])
def test_single_dice_are_uniform(fn: Callable[[np.random.Generator], int], sides: int) -> None:
    rng = np.random.default_rng(8000 + sides)
    n = 6_000
    counts = Counter(fn(rng) for _ in range(n))
    assert_dist(counts, {k: Fraction(1, sides) for k in range(1, sides + 1)}, n)


def test_d66_is_tens_d6_and_units_d6() -> None:
    rng = np.random.default_rng(8066)
    n = 18_000
    counts = Counter(d66(rng) for _ in range(n))
    valid = {10 * t + u for t in range(1, 7) for u in range(1, 7)}
    assert_dist(counts, {k: Fraction(1, 36) for k in valid}, n)


DICE_03 = {  # the digest's table, written out
    "strength": ("Force", "Melee", "Stamina"),
    "agility": ("Marksmanship", "Mobility", "Stealth"),
    "wits": ("Crafting", "Observation", "Survival"),
    "empathy": ("Healing", "Insight", "Persuasion"),
}


@pytest.mark.rule("DICE-03", "DICE-05")
@pytest.mark.parametrize("attribute", sorted(DICE_03))
def test_each_of_the_twelve_skills_rolls_its_own_attribute(attribute: str) -> None:
    from tests.helpers import fighter, game, scenario_dict
    from yz_gym.rulesets.yze.rolls import skill_pool

    attrs = dict.fromkeys(DICE_03, 1) | {attribute: 4}
    skills = {s.lower(): 2 for s in DICE_03[attribute]}
    red = fighter("Red", "red", "A", attributes=attrs, skills=skills)
    state = game(scenario_dict(combatants=[red, fighter("Blue", "blue", "B")]))
    c = state.combatants[0]
    assert sum(len(v) for v in DICE_03.values()) == 12
    for skill in DICE_03[attribute]:
        pool = skill_pool(state, c, skill)
        assert (pool.count(A), pool.count(S)) == (4, 2), skill  # the skill's attribute, not another
