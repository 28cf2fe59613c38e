"""Differential check of the dice: the exact distribution of (successes, banes) of every pool the
engine builds in random positions (attribute, skill, gear, modifiers, step dice, artifact and
stress dice, armor and cover ratings; no push, a push on a failure, or a push whatever the roll) against the frequencies
the engine's own dice show.

The exact side is computed here, independently of yz_gym.rulesets.yze.dice: per die, the chance of each
(successes, bane) outcome of the first roll and, for a die a push re-rolls (PUSH-05/06: neither a
success nor a bane, an artifact die's 1 included; a stress die's 1 stays), of its re-roll; dice are
independent, so the pool's distribution is their convolution. A push on a failure is exact too:
given a first roll with no success, every die is independently a bane, a stuck 1 or a blank.

Each cell of each position is checked with a two-sided binomial test at 1e-6 (scipy), so a rare
outcome seen once is no failure, while a die that is off by one face or one step is caught."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import binomtest

from tests.helpers import fighter, game, scenario_dict
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.dice import DicePool, Source
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.rolls import rules_pool
from yz_gym.rulesets.yze.state import SKILL_ATTRIBUTE, Combatant

Outcome = tuple[int, int]  # (successes, banes)
Dist = dict[Outcome, Fraction]
STEP_SIDES = (6, 8, 10, 12)
SKILLS = sorted(SKILL_ATTRIBUTE)
ALPHA = 1e-6


def successes_of(face: int) -> int:
    """STEP-03/DICE-06/DICE-11, written out: 10+ two successes, 6-9 one."""
    return 2 if face >= 10 else (1 if face >= 6 else 0)


def first_faces(source: Source, sides: int) -> dict[str, list[Outcome]]:
    """The first roll's faces of one die, sorted into kept successes, banes, stuck 1s and blanks."""
    out: dict[str, list[Outcome]] = {"success": [], "bane": [], "stuck": [], "blank": []}
    for face in range(1, sides + 1):
        s = successes_of(face)
        if s:
            out["success"].append((s, 0))
        elif face == 1 and source in (Source.ATTRIBUTE, Source.SKILL, Source.GEAR):
            out["bane"].append((0, 1))  # PUSH-01: a 1 on a base die
        elif face == 1 and source == Source.STRESS:
            out["stuck"].append((0, 0))  # PUSH-17: no bane, but never re-rolled
        else:
            out["blank"].append((0, 0))  # 2-5, and an artifact die's 1 (DICE-12)
    return out


def die_roll(source: Source, sides: int) -> Dist:
    """One unpushed roll of one die."""
    dist: Dist = {}
    for kind in first_faces(source, sides).values():
        for o in kind:
            dist[o] = dist.get(o, Fraction(0)) + Fraction(1, sides)
    return dist


def die_pushed(source: Source, sides: int) -> Dist:
    """One die of a pushed roll: successes, banes and stuck 1s kept, blanks re-rolled."""
    faces = first_faces(source, sides)
    dist: Dist = {}
    for kind in ("success", "bane", "stuck"):
        for o in faces[kind]:
            dist[o] = dist.get(o, Fraction(0)) + Fraction(1, sides)
    again = die_roll(source, sides)
    share = Fraction(len(faces["blank"]), sides)
    for o, p in again.items():
        dist[o] = dist.get(o, Fraction(0)) + share * p
    return dist


def die_pushed_after_failure(source: Source, sides: int) -> Dist:
    """One die of a pushed roll, given that the first roll showed no success at all."""
    faces = first_faces(source, sides)
    kept = len(faces["bane"]) + len(faces["stuck"])
    total = kept + len(faces["blank"])
    dist: Dist = {}
    for kind in ("bane", "stuck"):
        for o in faces[kind]:
            dist[o] = dist.get(o, Fraction(0)) + Fraction(1, total)
    for o, p in die_roll(source, sides).items():
        dist[o] = dist.get(o, Fraction(0)) + Fraction(len(faces["blank"]), total) * p
    return dist


def convolve(dists: list[Dist]) -> Dist:
    """The distribution of the sum of independent (successes, banes) outcomes."""
    total: Dist = {(0, 0): Fraction(1)}
    for d in dists:
        nxt: Dist = {}
        for (s1, b1), p in total.items():
            for (s2, b2), q in d.items():
                key = (s1 + s2, b1 + b2)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        total = nxt
    return total


def exact(pool: DicePool, policy: str) -> Dist:
    """The exact distribution of a pool's (successes, banes) under a push policy."""
    dice_ = [(d.source, d.sides) for d in pool.dice]
    if policy == "always":
        return convolve([die_pushed(s, n) for s, n in dice_])
    first = convolve([die_roll(s, n) for s, n in dice_])
    if policy == "never":
        return first
    fail = sum((p for (s, _), p in first.items() if s == 0), Fraction(0))
    dist = {o: p for o, p in first.items() if o[0] > 0}
    for o, p in convolve([die_pushed_after_failure(s, n) for s, n in dice_]).items():
        dist[o] = dist.get(o, Fraction(0)) + fail * p
    return dist


def observe(pool: DicePool, policy: str, n: int, rng: np.random.Generator) -> Counter[Outcome]:
    """The engine's dice: n rolls of the pool, pushed by the policy (dice.roll, dice.push)."""
    counts: Counter[Outcome] = Counter()
    for _ in range(n):
        r = dice.roll(pool, rng)
        wants = policy == "always" or (policy == "on_failure" and r.successes == 0)
        if wants and dice.can_push(r):
            r = dice.push(r, rng)
        counts[(r.successes, r.banes())] += 1
    return counts


def random_position(
    c: Combatant, base_options: RuleOptions, rng: np.random.Generator
) -> tuple[DicePool, str, str]:
    """A random combatant (`c`, changed in place), options and roll, and the pool the engine builds."""
    step = rng.random() < 0.4
    if rng.random() < 0.15:  # an armor, cover, blast or fire rating (ARMOR-01, EXPL-01, FIRE-01)
        rating = int(rng.integers(1, 13))
        mode = "step" if step else "pool"
        return dice.rating_pool(rating, mode), ("never", "always")[int(rng.integers(2))], f"rating {rating} {mode}"
    skill = SKILLS[int(rng.integers(len(SKILLS)))]
    stress = int(rng.integers(0, 4)) if rng.random() < 0.3 else 0
    options = replace(
        base_options,
        dice_mode="step" if step else "pool",
        step_modifiers="advantage" if step and rng.random() < 0.5 else "numeric",
        push_cost="stress_dice" if stress else "attribute",
        damage_model="health_resolve" if step else "attribute",
    )
    if step:
        c.attrs = [int(rng.choice(STEP_SIDES)) for _ in range(4)]
        level = int(rng.choice((0, *STEP_SIDES)))
    else:
        c.attrs = [int(rng.integers(0, 7)) for _ in range(4)]
        level = int(rng.integers(0, 6))
    c.skills = {skill: level} if level else {}
    c.stress = stress
    mods: Modifiers = NO_MODIFIERS
    for _ in range(int(rng.integers(0, 4))):
        mods = mods.plus(int(rng.integers(-3, 4)))
    gear = int(rng.integers(0, 4))
    artifact = 0 if step or rng.random() < 0.7 else int(rng.choice((8, 10, 12)))
    pool = rules_pool(options, c, skill, gear, mods, artifact)
    policy = ("never", "on_failure", "always")[int(rng.integers(3))]
    what = (
        f"{options.dice_mode}/{options.step_modifiers} {skill} attrs={c.attrs} level={level} gear={gear} "
        f"mods={mods} artifact={artifact} stress={stress}"
    )
    return pool, policy, what


def check(positions: int, rolls: int, seed: int) -> int:
    """Check `positions` random positions with `rolls` rolls each; returns the cells checked."""
    state = game(scenario_dict(combatants=[fighter("Red", "red", "A"), fighter("Blue", "blue", "B")]))
    combatant, base_options = state.combatants[0], state.options
    rng = np.random.default_rng(seed)
    cells = 0
    seen_sides: set[int] = set()
    seen_sources: set[int] = set()
    for _ in range(positions):
        pool, policy, what = random_position(combatant, base_options, rng)
        seen_sides.update(pool.sides)
        seen_sources.update(pool.sources)
        want = exact(pool, policy)
        assert sum(want.values()) == 1
        got = observe(pool, policy, rolls, rng)
        assert set(got) <= set(want), (what, policy, set(got) - set(want))
        for outcome, p in want.items():
            k = got.get(outcome, 0)
            pvalue = binomtest(k, rolls, float(p)).pvalue
            assert pvalue > ALPHA, (what, policy, outcome, k / rolls, float(p))
            cells += 1
    assert seen_sides == {6, 8, 10, 12}  # every die size the engine builds
    assert seen_sources == {int(s) for s in Source}  # attribute, skill, gear, artifact and stress dice
    return cells


@pytest.mark.rule("DICE-05", "DICE-06", "DICE-11", "STEP-02", "STEP-03", "MOD-01", "MOD-04", "MOD-09",
                  "PUSH-01", "PUSH-05", "PUSH-06", "PUSH-07", "PUSH-16")  # fmt: skip
def test_the_engines_dice_match_exact_probabilities_in_random_positions():
    assert check(positions=60, rolls=300, seed=12) > 300


@pytest.mark.slow
@pytest.mark.rule("DICE-05", "DICE-06", "DICE-11", "STEP-02", "STEP-03", "MOD-01", "MOD-04", "MOD-09",
                  "PUSH-01", "PUSH-05", "PUSH-06", "PUSH-07", "PUSH-16")  # fmt: skip
def test_the_engines_dice_match_exact_probabilities_in_a_thousand_positions():
    assert check(positions=1000, rolls=600, seed=2026) > 5000
