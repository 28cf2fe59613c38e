"""DX3 checks: D10 pools re-rolled while criticals come, the achievement (達成値), fumbles, critical
values and their floors, encroachment dice bonuses, opposed checks and damage rolls (DX3-DICE-*)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

SIDES: Final = 10  # every DX3 die is a D10
DEFAULT_CRIT: Final = 10  # DX3-DICE-06: the critical value (C値) of a check with no change
RULE_CRIT_FLOOR: Final = 2  # DX3-DICE-06/15: a C値 below 2 is invalid
TITUS_CRIT_FLOOR: Final = 2  # DX3-TITUS-03B: a Titus's C値 -1 stops at 2
CRIT_ROUND_VALUE: Final = 10  # DX3-DICE-05: each round that had a critical adds 10
FUMBLE_FACE: Final = 1  # DX3-DICE-08: a first roll of nothing but 1s is a fumble

# DX3-ENC-03/04: (侵蝕率 threshold, bonus from there on), lowest first
R1_DICE: Final = ((60, 1), (80, 2), (100, 3), (130, 4), (160, 5), (200, 6), (240, 7), (300, 8))
R1_LEVELS: Final = ((100, 1), (160, 2))
ARCHIVE_DICE: Final = ((60, 1), (80, 2), (100, 3), (130, 4), (190, 5), (260, 6), (300, 7))
ARCHIVE_LEVELS: Final = ((100, 1), (160, 2), (220, 3))
ENCROACH_TABLES: Final = ("r1", "effect_archive")


@dataclass(frozen=True, slots=True)
class Check:
    """What a check rolls: its D10s (every dice bonus included), its C値 and its fixed modifier."""

    dice: int  # may be 0 or fewer: the check then fails automatically (DX3-DICE-09)
    crit: int  # the critical value, already clamped (critical_value)
    modifier: int = 0  # skill level and other fixed modifiers, added to the achievement

    def __post_init__(self) -> None:
        if self.crit < RULE_CRIT_FLOOR:
            raise ValueError(f"critical value {self.crit} is below {RULE_CRIT_FLOOR}; give 2 or more")


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A rolled check: every round's faces, the achievement and how it failed, if automatically."""

    check: Check
    rounds: tuple[tuple[int, ...], ...]  # the faces of each round, the first roll first
    achievement: int  # 達成値; 0 after a fumble or with no dice
    fumble: bool  # every die of the first roll showed 1 (DX3-DICE-08)

    @property
    def no_dice(self) -> bool:
        """The check had 0 or fewer dice (DX3-DICE-09)."""
        return self.check.dice <= 0

    @property
    def automatic_failure(self) -> bool:
        """A fumble or no dice: the check fails whatever it is compared with."""
        return self.fumble or self.no_dice

    @property
    def critical_rounds(self) -> int:
        """How many rounds had at least one critical (each adds 10)."""
        return max(len(self.rounds) - 1, 0)

    def succeeds(self, difficulty: int) -> bool:
        """A check against a set difficulty (目標値) succeeds on 達成値 >= difficulty (DX3-DICE-10)."""
        return not self.automatic_failure and self.achievement >= difficulty


def critical_value(
    change: int = 0,
    *,
    floor: int,
    effect_floor: int = 0,
    titus: int = 0,
    unfloored: int = 0,
    unfloored_min: int = RULE_CRIT_FLOOR,
) -> int:
    """The C値 of a check (DX3-DICE-06/07/14/15, DX3-TITUS-03B, HR-VEH-DODGE-04, AMB-35).

    `change`: the sum of the effects' changes (negative lowers it); `effect_floor`: the lowest floor
    an effect on the check names (0: none, then `floor`, the `crit_floor` switch, applies); `titus`:
    the Titus sublimations taken for -1 each, after the effects' value is fixed, down to 2;
    `unfloored`: reductions that ignore the floor, applied last, clamped at `unfloored_min`."""
    crit = DEFAULT_CRIT + change
    limit = effect_floor if effect_floor > 0 else floor
    if crit < limit:
        crit = max(limit, RULE_CRIT_FLOOR)
    crit = lower_to(crit, titus, TITUS_CRIT_FLOOR)
    return lower_to(crit, unfloored, unfloored_min)


def lower_to(crit: int, steps: int, minimum: int) -> int:
    """A fixed C値 lowered by `steps`, not below `minimum` (a C値 already below it stays)."""
    if steps <= 0:
        return crit
    return max(crit - steps, min(crit, minimum))


def encroachment_dice(rate: int, table: str = "r1") -> int:
    """The dice bonus of a 侵蝕率 for every check, never damage (DX3-DICE-11/12, DX3-ENC-03/04)."""
    return _band(rate, R1_DICE if _is_r1(table) else ARCHIVE_DICE)


def effect_level_bonus(rate: int, table: str = "r1") -> int:
    """The level every effect gains at a 侵蝕率 (DX3-ENC-03/04)."""
    return _band(rate, R1_LEVELS if _is_r1(table) else ARCHIVE_LEVELS)


def _is_r1(table: str) -> bool:
    if table not in ENCROACH_TABLES:
        raise ValueError(f"unknown encroachment table {table!r}; use one of {', '.join(ENCROACH_TABLES)}")
    return table == "r1"


def _band(rate: int, bands: tuple[tuple[int, int], ...]) -> int:
    bonus = 0
    for threshold, value in bands:
        if rate < threshold:
            break
        bonus = value
    return bonus


def d10s(n: int, rng: np.random.Generator) -> list[int]:
    """`n` D10 faces, 1-10."""
    if n <= 0:
        return []
    return [int(u * 10.0) + 1 for u in rng.random(n).tolist()]


def roll(check: Check, rng: np.random.Generator) -> CheckResult:
    """Roll a check: re-roll one die per critical while criticals come (DX3-DICE-04); 10 per
    critical round + the last round's highest die + the modifier (DX3-DICE-05); a first roll of all
    1s is a fumble with 達成値 0 (DX3-DICE-08); no dice fails with 達成値 0 (DX3-DICE-09)."""
    if check.dice <= 0:
        return CheckResult(check, (), 0, False)
    rounds: list[tuple[int, ...]] = []
    n = check.dice
    while n > 0:
        faces = d10s(n, rng)
        rounds.append(tuple(faces))
        n = 0
        for face in faces:
            if face >= check.crit:
                n += 1
    first = rounds[0]
    if all(face == FUMBLE_FACE for face in first):
        return CheckResult(check, tuple(rounds), 0, True)
    total = CRIT_ROUND_VALUE * (len(rounds) - 1) + max(rounds[-1]) + check.modifier
    return CheckResult(check, tuple(rounds), total, False)


def action_wins(action: CheckResult, reaction: CheckResult | None, tie: str, no_reaction_value: int = 0) -> bool:
    """Whether the acting side wins an opposed check (対決, DX3-DICE-13): a side that fails
    automatically loses (the acting side first); else the higher 達成値 wins and a tie goes to the
    `tie` side ("reaction" or "action", AMB-32). No reaction counts as `no_reaction_value`
    (DX3-REACT-12)."""
    if action.automatic_failure:
        return False
    if reaction is None:
        other = no_reaction_value
    elif reaction.automatic_failure:
        return True
    else:
        other = reaction.achievement
    if action.achievement == other:
        return tie == "action"
    return action.achievement > other


def damage_dice(hit_achievement: int) -> int:
    """The D10s of a damage roll: floor(final hit 達成値 / 10) + 1 (DX3-DMG-02)."""
    return max(hit_achievement, 0) // 10 + 1


def roll_damage(
    hit_achievement: int, attack_power: int, rng: np.random.Generator, extra_dice: int = 0
) -> tuple[int, tuple[int, ...]]:
    """A damage roll (DX3-DMG-02/05): the total (dice + 攻撃力) and the faces, rolled once per attack;
    `extra_dice` more or fewer D10s (恐怖's -2, DX3-BS-21), never below 0."""
    faces = tuple(d10s(max(damage_dice(hit_achievement) + extra_dice, 0), rng))
    return sum(faces) + attack_power, faces
