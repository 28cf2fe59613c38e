"""YZE core resolution: base and step dice pools, rolls, pushes, opposed rolls (SRD 1.1-1.6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache
from typing import Final

import numpy as np

from yz_gym.rulesets.yze.modifiers import Modifiers, as_modifiers, modifier_total

__all__ = [
    "DICE_MODES",
    "DIFFICULTY",
    "OPPOSED_TIES",
    "PUSH_COST_MODES",
    "PUSH_REROLLS",
    "STEP_SIDES",
    "DicePool",
    "Die",
    "PushCost",
    "Roll",
    "Source",
    "can_push",
    "chosen_rerolls",
    "d3",
    "d6",
    "d12",
    "d66",
    "help_bonus",
    "is_tie",
    "opposed",
    "pool_dice",
    "push",
    "push_cost",
    "rating_pool",
    "reroll_indices",
    "roll",
    "step_dice",
    "step_sides",
    "successes_on",
]


class Source(IntEnum):
    """Where a die comes from (DICE-10: dice are told apart by source)."""

    ATTRIBUTE = 0
    SKILL = 1
    GEAR = 2
    ARTIFACT = 3
    STRESS = 4  # PUSH-16/17: stress dice; 6s succeed, a 1 is no bane but triggers panic


VALID_SIDES: Final = frozenset((6, 8, 10, 12))
# STEP-01: A = D12, B = D10, C = D8, D = D6.
STEP_SIDES: Final[dict[str, int]] = {"A": 12, "B": 10, "C": 8, "D": 6}
# MOD-11: difficulty modifiers.
DIFFICULTY: Final[dict[str, int]] = {
    "trivial": 3,
    "simple": 2,
    "easy": 1,
    "average": 0,
    "demanding": -1,
    "hard": -2,
    "formidable": -3,
}
PUSH_REROLLS: Final = ("all_nonsuccess", "agent_choice")  # PUSH-06 cfg: push_reroll
PUSH_COST_MODES: Final = ("damage_stress", "attribute", "none")  # PUSH-10 cfg: push_cost (subset)
OPPOSED_TIES: Final = ("active_fails", "reroll")  # OPP-02 cfg: opposed_tie
DICE_MODES: Final = ("pool", "step")  # VARIANT-09 cfg: dice_mode

# DICE-06 / STEP-03 / DICE-11: successes per face 0..12 (S4 table 0,0,0,0,0,0,1,1,1,1,2,2,2).
_SUCCESSES: Final[tuple[int, ...]] = (0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2)
_SUCCESS_TOTALS: Final[dict[int, int]] = {s: sum(_SUCCESSES[1 : s + 1]) for s in (6, 8, 10, 12)}  # per die size
_MAX_HELPERS: Final = 3  # HELP-01


def successes_on(face: int) -> int:
    """Successes shown by one face: 10+ gives 2, 6+ gives 1 (DICE-06, STEP-03, DICE-11)."""
    return 2 if face >= 10 else (1 if face >= 6 else 0)


@dataclass(frozen=True, slots=True)
class Die:
    """One die: its source and number of sides (6, 8, 10 or 12)."""

    source: Source
    sides: int

    def __post_init__(self) -> None:
        """Reject dice sizes the engine does not use."""
        if self.sides not in VALID_SIDES:
            raise ValueError(f"die sides must be one of 6, 8, 10, 12, got {self.sides!r}")


@dataclass(frozen=True, slots=True)
class DicePool:
    """An ordered, immutable collection of dice to roll together."""

    dice: tuple[Die, ...]
    sides: tuple[int, ...] = field(init=False, repr=False, compare=False)
    sources: tuple[int, ...] = field(init=False, repr=False, compare=False)
    all_d6: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Cache the sides and sources (as ints) of each die and whether all are D6 (an empty pool
        counts as all D6)."""
        dice = tuple(self.dice)
        sides = tuple(d.sides for d in dice)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "sources", tuple(int(d.source) for d in dice))
        object.__setattr__(self, "all_d6", all(s == 6 for s in sides))

    @property
    def size(self) -> int:
        """Number of dice in the pool."""
        return len(self.dice)

    def count(self, source: Source) -> int:
        """Number of dice from `source`."""
        return sum(1 for d in self.dice if d.source == source)


_EMPTY_POOL: Final = DicePool(())


# ---------------------------------------------------------------------------------------------
# Pool (D6) dice
# ---------------------------------------------------------------------------------------------


def pool_dice(
    attribute: int,
    skill: int = 0,
    gear: int = 0,
    modifier: int | Modifiers = 0,
    artifacts: Sequence[int] = (),
) -> DicePool:
    """Base D6 pool plus artifact dice, after applying the modifiers' sum (DICE-05, MOD-01..03)."""
    return _pool_dice(attribute, skill, gear, modifier_total(modifier), tuple(artifacts))


@lru_cache(maxsize=4096)
def _pool_dice(attribute: int, skill: int, gear: int, modifier: int, artifacts: tuple[int, ...]) -> DicePool:
    """Cached body of `pool_dice`."""
    for name, value in (("attribute", attribute), ("skill", skill), ("gear", gear)):
        if value < 0:
            raise ValueError(f"{name} dice must be >= 0, got {value}")
    for sides in artifacts:
        if sides not in (8, 10, 12):  # DICE-11: artifact die is a D8, D10 or D12
            raise ValueError(f"artifact dice must be D8, D10 or D12, got D{sides}")
    # DICE-05: base dice = attribute + skill (+ gear); DICE-07: skill 0 rolls the attribute alone.
    # MOD-01: +N adds N base dice (added as skill dice).
    if modifier > 0:
        skill += modifier
    # MOD-02: remove skill dice first, then gear, then attribute.
    remove = -modifier if modifier < 0 else 0
    for_skill = min(skill, remove)
    skill -= for_skill
    remove -= for_skill
    for_gear = min(gear, remove)
    gear -= for_gear
    remove -= for_gear
    attribute -= min(attribute, remove)  # MOD-03: the pool may reach zero dice
    dice = (
        (Die(Source.ATTRIBUTE, 6),) * attribute
        + (Die(Source.SKILL, 6),) * skill
        + (Die(Source.GEAR, 6),) * gear
        + tuple(Die(Source.ARTIFACT, s) for s in artifacts)  # DICE-11
    )
    return DicePool(dice)


# ---------------------------------------------------------------------------------------------
# Step dice
# ---------------------------------------------------------------------------------------------


def step_sides(rating: str | int) -> int:
    """Sides of the die for a step rating given as a letter A-D or as sides (STEP-01)."""
    if isinstance(rating, str):
        sides = STEP_SIDES.get(rating.strip().upper())
        if sides is None:
            raise ValueError(f"step rating must be one of A, B, C, D, got {rating!r}")
        return sides
    if isinstance(rating, int) and not isinstance(rating, bool) and rating in VALID_SIDES:
        return rating
    raise ValueError(f"step rating must be a letter A-D or 6/8/10/12 sides, got {rating!r}")


def _no_skill(skill: str | int | None) -> bool:
    """True when a skill rating means "none" (STEP-01)."""
    if skill is None or skill == 0:
        return True
    return isinstance(skill, str) and skill.strip().lower() in ("", "none", "-")


def step_dice(
    attribute: str | int,
    skill: str | int | None = None,
    modifier: int | Modifiers = 0,
    advantage_mode: bool = False,
) -> DicePool:
    """Step-dice pool: attribute die + skill die, then modifiers (STEP-02, MOD-04..10).

    Numeric modifiers move dice by their sum (MOD-04..08); in the advantage mode each cause is
    one advantage or disadvantage, and they cancel one for one (MOD-09/10): a number given alone
    is one cause, so pass several causes as a Modifiers record."""
    skill_sides = 0 if skill is None or _no_skill(skill) else step_sides(skill)
    if advantage_mode:
        net = as_modifiers(modifier).net
        return _step_dice(step_sides(attribute), skill_sides, (net > 0) - (net < 0), True)
    return _step_dice(step_sides(attribute), skill_sides, modifier_total(modifier), False)


@lru_cache(maxsize=1024)
def _step_dice(attribute: int, skill: int, modifier: int, advantage_mode: bool) -> DicePool:
    """Cached body of `step_dice`; `skill` is 0 for no skill."""
    # STEP-02: one die for the attribute, one for the skill; no skill -> attribute die alone.
    dice: list[list[int]] = [[Source.ATTRIBUTE, attribute]]
    if skill:
        dice.append([Source.SKILL, skill])
    if advantage_mode:
        # MOD-09/10: after netting, at most one advantage or disadvantage applies.
        if modifier > 0:
            # MOD-09: advantage adds a third die the size of the lower base die.
            dice.append([Source.SKILL, min(d[1] for d in dice)])
        elif modifier < 0 and len(dice) == 2:
            # MOD-09: disadvantage drops the lower base die (the skill die on a tie).
            del dice[0 if dice[0][1] < dice[1][1] else 1]
    else:
        for _ in range(max(modifier, 0)):
            if len(dice) == 1:
                dice.append([Source.SKILL, 6])  # MOD-08: one die -> the first +1 adds a D6
                continue
            # MOD-04/05: +1 raises the smaller die one step (the skill die on a tie).
            i = 0 if dice[0][1] < dice[1][1] else 1
            if dice[i][1] >= 12:
                break  # MOD-06: the cap is two D12
            dice[i][1] += 2
        for _ in range(max(-modifier, 0)):
            if len(dice) == 1:
                if dice[0][1] <= 6:
                    break  # MOD-07: the floor is a single D6
                dice[0][1] -= 2
                continue
            # MOD-04/05: -1 lowers the larger die one step (the skill die on a tie).
            i = 0 if dice[0][1] > dice[1][1] else 1
            if dice[i][1] <= 6:
                del dice[i]  # MOD-07: lowering a D6 removes that die
            else:
                dice[i][1] -= 2
    return DicePool(tuple(Die(Source(src), sides) for src, sides in dice))


# ---------------------------------------------------------------------------------------------
# Rolls
# ---------------------------------------------------------------------------------------------


_set = object.__setattr__  # frozen dataclasses set their fields this way


@dataclass(frozen=True, slots=True)
class Roll:
    """The faces rolled for a pool, whether the roll has been pushed, and its automatic successes."""

    pool: DicePool
    faces: tuple[int, ...]
    pushed: bool = False
    auto: int = 0  # DICE-13: automatic successes on top of the dice (a Pride)

    def __init__(
        self, pool: DicePool, faces: tuple[int, ...], pushed: bool = False, checked: bool = True, auto: int = 0
    ) -> None:
        """Check that there is one face per die and that each face fits its die (`checked=False`:
        faces the dice module rolled itself); written out so that mypyc compiles it."""
        if checked:
            dice = pool.dice
            if len(faces) != len(dice):
                raise ValueError(f"{len(faces)} faces for a pool of {len(dice)} dice")
            for die, face in zip(dice, faces, strict=True):
                if not 1 <= face <= die.sides:
                    raise ValueError(f"face {face} is impossible on a D{die.sides}")
        _set(self, "pool", pool)
        _set(self, "faces", faces)
        _set(self, "pushed", pushed)
        _set(self, "auto", auto)

    @property
    def successes(self) -> int:
        """Total successes (DICE-06, STEP-03, DICE-11), automatic ones included (DICE-13)."""
        if self.pool.all_d6:
            return self.faces.count(6) + self.auto  # DICE-06: each 6 is one success
        table = _SUCCESSES
        total = self.auto
        for face in self.faces:
            total += table[face]
        return total

    def banes(self, source: Source | None = None) -> int:
        """Banes (1s on base dice), optionally only those on dice from `source` (PUSH-01)."""
        if 1 not in self.faces:
            return 0
        if source is Source.ARTIFACT or source is Source.STRESS:
            return 0  # PUSH-01: only base dice bane; artifact (and stress) dice never do
        count = 0
        for die, face in zip(self.pool.dice, self.faces):  # noqa: B905 (mypyc compiles only a plain zip into a loop)
            if face != 1 or die.source >= Source.ARTIFACT:
                continue
            if source is None or die.source == source:
                count += 1
        return count


def _faces(sides: Sequence[int], rng: np.random.Generator) -> list[int]:
    """Roll dice with the given sides using one generator call (uniform: floor(u * sides) + 1)."""
    return [int(u * s) + 1 for u, s in zip(rng.random(len(sides)).tolist(), sides)]  # noqa: B905 (mypyc compiles only a plain zip into a loop)


def _d6_faces(n: int, rng: np.random.Generator) -> list[int]:
    """Roll n D6 using one generator call."""
    return [int(u * 6.0) + 1 for u in rng.random(n).tolist()]


COMPILED: Final = not __file__.endswith(".py")  # True when this module is built with mypyc (setup.py)
_new_object = object.__new__


def _trusted_roll(pool: DicePool, faces: tuple[int, ...], pushed: bool) -> Roll:
    """Build a Roll from faces known to be valid, skipping the checks in `Roll.__init__`."""
    if COMPILED:  # compiled classes cannot be built by object.__new__
        return Roll(pool, faces, pushed, checked=False)
    r: Roll = _new_object(Roll)
    _set(r, "pool", pool)
    _set(r, "faces", faces)
    _set(r, "pushed", pushed)
    _set(r, "auto", 0)
    return r


def with_auto_success(roll: Roll) -> Roll:
    """DICE-13: the roll with one automatic success more (a Pride claimed); the dice stay as rolled."""
    return Roll(roll.pool, roll.faces, roll.pushed, checked=False, auto=roll.auto + 1)


def roll(pool: DicePool, rng: np.random.Generator) -> Roll:
    """Roll every die in the pool once."""
    dice = pool.dice
    if not dice:
        return _trusted_roll(pool, (), False)
    if pool.all_d6:
        return _trusted_roll(pool, tuple(_d6_faces(len(dice), rng)), False)
    return _trusted_roll(pool, tuple(_faces(pool.sides, rng)), False)


def _check_reroll(reroll: str) -> None:
    """Reject unknown push re-roll rules (PUSH-06)."""
    if reroll not in PUSH_REROLLS:
        raise ValueError(f"reroll must be one of {', '.join(PUSH_REROLLS)}; got {reroll!r}")


def reroll_indices(roll: Roll, reroll: str = "all_nonsuccess") -> tuple[int, ...]:
    """Indices a push may re-roll: non-success non-banes, or any non-bane (PUSH-05/06)."""
    _check_reroll(reroll)
    out: list[int] = []
    for i, (die, face) in enumerate(zip(roll.pool.dice, roll.faces)):  # noqa: B905 (mypyc compiles only a plain zip into a loop)
        if face == 1 and die.source != Source.ARTIFACT:
            continue  # PUSH-05: banes are never re-rolled
        if reroll == "all_nonsuccess" and face >= 6:
            continue  # PUSH-06 default: keep successes
        out.append(i)
    return tuple(out)


def chosen_rerolls(roll: Roll) -> tuple[int, ...]:
    """PUSH-06 `agent_choice`, the choice made for the roller: every non-bane die whose fresh roll
    expects more successes than the die shows. No die's fresh roll averages a success (D6 1/6,
    D8 3/8, D10 6/10, D12 10/12), so this keeps every success and re-rolls every failed die."""
    out: list[int] = []
    table = _SUCCESSES
    for i, (die, face) in enumerate(zip(roll.pool.dice, roll.faces)):  # noqa: B905 (mypyc compiles only a plain zip into a loop)
        if face == 1 and die.source != Source.ARTIFACT:
            continue  # PUSH-05: banes are never re-rolled
        sides = die.sides
        if table[face] * sides < _SUCCESS_TOTALS[sides]:  # successes shown < mean of a fresh roll
            out.append(i)
    return tuple(out)


def can_push(roll: Roll, reroll: str = "all_nonsuccess") -> bool:
    """True if the roll is unpushed and has a die the push rule may re-roll (PUSH-08)."""
    return not roll.pushed and bool(reroll_indices(roll, reroll))


def push(
    roll: Roll,
    rng: np.random.Generator,
    reroll: str = "all_nonsuccess",
    chosen: Sequence[int] = (),
) -> Roll:
    """Push the roll once: re-roll non-bane dice and keep the rest (PUSH-04..08)."""
    _check_reroll(reroll)
    if roll.pushed:
        raise ValueError("a roll may be pushed only once (PUSH-08)")
    if reroll == "all_nonsuccess":
        idx = reroll_indices(roll, reroll)  # PUSH-06 default: every die neither success nor bane
    else:
        allowed = set(reroll_indices(roll, reroll))
        idx = tuple(sorted(set(chosen)))
        if len(idx) != len(chosen):
            raise ValueError(f"chosen indices repeat: {list(chosen)}")
        bad = [i for i in idx if i not in allowed]
        if bad:
            raise ValueError(f"cannot re-roll dice {bad}: indices must be in range and not banes (PUSH-05)")
    if not idx:
        raise ValueError("nothing to re-roll: the push would change no die")
    dice = roll.pool.dice
    new = _faces([dice[i].sides for i in idx], rng)
    faces = list(roll.faces)
    for i, face in zip(idx, new):  # noqa: B905 (mypyc compiles only a plain zip into a loop)
        faces[i] = face
    # PUSH-07: all dice count after the push; the first result cannot be restored.
    return _trusted_roll(roll.pool, tuple(faces), True)


@dataclass(frozen=True, slots=True)
class PushCost:
    """What a pushed roll costs the roller (PUSH-10)."""

    damage: int = 0
    stress: int = 0
    attribute_loss: int = 0
    gear_loss: int = 0


_NO_COST: Final = PushCost()


def push_cost(roll: Roll, mode: str, physical: bool) -> PushCost:
    """Cost of a pushed roll under push-cost `mode`; an unpushed roll costs nothing (PUSH-10)."""
    if mode not in PUSH_COST_MODES:
        raise ValueError(f"push cost mode must be one of {', '.join(PUSH_COST_MODES)}; got {mode!r}")
    if not roll.pushed or mode == "none":
        return _NO_COST
    if mode == "damage_stress":
        # PUSH-11: each bane on base dice is 1 damage (STR/AGI roll) or 1 stress (WIT/EMP roll).
        banes = roll.banes()
        return PushCost(damage=banes) if physical else PushCost(stress=banes)
    # PUSH-14: attribute banes cost attribute points; gear banes lower the gear bonus.
    return PushCost(attribute_loss=roll.banes(Source.ATTRIBUTE), gear_loss=roll.banes(Source.GEAR))


# ---------------------------------------------------------------------------------------------
# Opposed rolls, help, ratings
# ---------------------------------------------------------------------------------------------


def is_tie(active: Roll, opposing: Roll) -> bool:
    """True when both sides rolled equally many successes, 0 vs 0 included (OPP-02)."""
    return active.successes == opposing.successes


def opposed(active: Roll, opposing: Roll, tie: str = "active_fails") -> tuple[bool, int]:
    """Opposed result: (active wins, net successes >= 0) (OPP-01, OPP-02)."""
    if tie not in OPPOSED_TIES:
        raise ValueError(f"tie must be one of {', '.join(OPPOSED_TIES)}; got {tie!r}")
    # OPP-01: each opposing success cancels one active success; >= 1 left wins.
    # OPP-02: a tie fails the active side; with tie="reroll" the caller checks is_tie and re-rolls.
    net = active.successes - opposing.successes
    return (True, net) if net > 0 else (False, 0)


def help_bonus(helpers: int) -> int:
    """Modifier from helpers: +1 each, at most +3 (HELP-01)."""
    if helpers < 0:
        raise ValueError(f"helpers must be >= 0, got {helpers}")
    return min(helpers, _MAX_HELPERS)


_GRADE_POOL: Final = {"D": 3, "C": 6, "B": 9, "A": 12}  # AMB-04 / EXPL-07..10: pool rating per grade


def grade_for(rating: int) -> str:
    """Step grade for a pool rating: the nearest of 3/6/9/12 at or below, D under 3, A above."""
    if rating >= 12:
        return "A"
    if rating >= 9:
        return "B"
    if rating >= 6:
        return "C"
    return "D"


def rating_pool(rating: int | str, dice_mode: str) -> DicePool:
    """Dice for an armor/cover/blast/fire/potency rating (ARMOR-01, EXPL-01, FIRE-01)."""
    return _rating_pool(rating, dice_mode)


@lru_cache(maxsize=256, typed=True)
def _rating_pool(rating: int | str, dice_mode: str) -> DicePool:
    """Cached body of `rating_pool`."""
    if dice_mode not in DICE_MODES:
        raise ValueError(f"dice_mode must be one of {', '.join(DICE_MODES)}; got {dice_mode!r}")
    if isinstance(rating, str):
        grade = rating.strip().upper()
        if grade not in STEP_SIDES:
            raise ValueError(f"rating letter must be one of A, B, C, D, got {rating!r}")
        number = _GRADE_POOL[grade]
    elif isinstance(rating, int) and not isinstance(rating, bool):
        if rating < 0:
            raise ValueError(f"rating must be >= 0, got {rating}")
        if rating == 0:
            return _EMPTY_POOL
        number, grade = rating, grade_for(rating)
    else:
        raise ValueError(f"rating must be an int or a letter A-D, got {rating!r}")
    if dice_mode == "pool":
        # ARMOR-01/EXPL-01/FIRE-01: pool rating N rolls N D6 (gear dice, so banes can degrade it).
        return DicePool((Die(Source.GEAR, 6),) * number)
    # ARMOR-01/EXPL-01/FIRE-01: step grade rolls two dice of that grade.
    return DicePool((Die(Source.GEAR, STEP_SIDES[grade]),) * 2)


# ---------------------------------------------------------------------------------------------
# Single dice
# ---------------------------------------------------------------------------------------------


def d6(rng: np.random.Generator) -> int:
    """One D6."""
    return int(rng.random() * 6.0) + 1


def d3(rng: np.random.Generator) -> int:
    """One D3 (1-3, uniform)."""
    return int(rng.random() * 3.0) + 1


def d12(rng: np.random.Generator) -> int:
    """One D12."""
    return int(rng.random() * 12.0) + 1


def d66(rng: np.random.Generator) -> int:
    """One D66: a tens D6 * 10 + a units D6 (11..66)."""
    tens, units = _d6_faces(2, rng)
    return tens * 10 + units
