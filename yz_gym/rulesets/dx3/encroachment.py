"""Encroachment (侵蝕率) in play (DX3-ENC-*): the starting value, scene entry, paying for effects and
the check a combo rolls, the impulse check (衝動判定) and 暴走, the thresholds and the back-track.

The tables of dice and level bonuses are dice.py's (encroachment_dice, effect_level_bonus); the
《リザレクト》 limit is character.py's (can_resurrect). Every function returns new values: the
caller keeps the state."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from yz_gym.rulesets.dx3.character import ABILITY_NAMES, Ability, Dx3Character
from yz_gym.rulesets.dx3.dice import R1_DICE, Check, CheckResult, d10s, roll
from yz_gym.rulesets.dx3.effects import NO_SKILL, Combo, roll_cost
from yz_gym.rulesets.dx3.options import Dx3Options

DRIVE_LOW: Final = 14  # DX3-ENC-01: the 覚醒 and 衝動 values run 14-18
DRIVE_HIGH: Final = 18
SCENE_ENTRY_DICE: Final = 1  # DX3-ENC-02: +1D10 on entering a scene
IMPULSE_SKILL: Final = "意志"  # DX3-ENC-06: 〈意志〉 at difficulty 9 ...
IMPULSE_DIFFICULTY: Final = 9
IMPULSE_DICE: Final = 2  # ... and 侵蝕率 +2D10, pass or fail
UNLOCK_RATES: Final = (80, 100, 120)  # DX3-ENC-08: restrictions 80% / 100% / 120%
LOST_AT: Final = 100  # DX3-TITUS-07: still at 100% or more after the back-track: lost


def starting_rate(awakening: int, impulse: int, other: int = 0) -> int:
    """侵蝕率基本値 = 覚醒 + 衝動 + other modifiers (DX3-ENC-01); a ValueError for values outside 14-18."""
    for what, value in (("覚醒", awakening), ("衝動", impulse)):
        if not DRIVE_LOW <= value <= DRIVE_HIGH:
            raise ValueError(f"the {what} value {value} is outside {DRIVE_LOW}-{DRIVE_HIGH}")
    return max(awakening + impulse + other, 0)


def capped(rate: int, options: Dx3Options) -> int:
    """A 侵蝕率 held at `enc_cap` (0: no limit, DX3-ENC-10)."""
    return min(rate, options.enc_cap) if options.enc_cap > 0 else rate


def scene_entry(rate: int, rng: np.random.Generator, options: Dx3Options, *, enemy: bool = False) -> int:
    """侵蝕率 after entering a scene: +1D10 for a PC (DX3-ENC-02); an enemy keeps its data's value
    unless `enemy_enc` is "roll" (DX3-ENC-11)."""
    if enemy and options.enemy_enc == "fixed":
        return rate
    return capped(rate + sum(d10s(SCENE_ENTRY_DICE, rng)), options)


@dataclass(frozen=True, slots=True)
class Declared:
    """A combo declared and paid: its cost, the 侵蝕率 before and after, and the check it rolls."""

    combo: Combo
    cost: int
    before: int
    after: int
    check: Check | None  # None when the combo rolls no check (no skill)


def declare(
    user: Dx3Character,
    combo: Combo,
    rng: np.random.Generator,
    options: Dx3Options,
    *,
    dice: int = 0,
    modifier: int = 0,
) -> Declared:
    """Pay a combo's 侵蝕値 (its fixed cost plus its D10s, DX3-ENC-07) and build its check: the combo's
    skill or ability, its dice, C値 change and floor, 達成値 bonus, plus `dice` and `modifier` from
    elsewhere (a weapon's 命中, a status). The encroachment dice bonus is read before or after the
    cost as `enc_bonus_timing` says (DX3-ENC-05); the levels were read before it (combine)."""
    cost = roll_cost(combo.cost, combo.cost_dice, rng)
    after = capped(user.encroachment + cost, options)
    if combo.skill == NO_SKILL:
        return Declared(combo, cost, user.encroachment, after, None)
    roller = replace(user, encroachment=after) if options.enc_bonus_timing == "after_cost" else user
    skill: str | None = combo.skill
    ability: Ability | None = None
    if combo.skill in ABILITY_NAMES:
        skill, ability = None, Ability(ABILITY_NAMES.index(combo.skill))
    check = roller.check(
        skill,
        ability,
        floor=options.crit_floor,
        table=options.encroach_table,
        dice=combo.dice + dice,
        crit_change=combo.crit,
        effect_floor=combo.crit_floor,
        modifier=combo.achievement + modifier,
    )
    return Declared(combo, cost, user.encroachment, after, check)


@dataclass(frozen=True, slots=True)
class Impulse:
    """An impulse check: the 〈意志〉 roll, whether it failed into 暴走, the 2D10 rise and the new 侵蝕率."""

    check: CheckResult
    berserk: bool
    rise: int
    rate: int


def impulse_check(pc: Dx3Character, rng: np.random.Generator, options: Dx3Options, dice: int = 0) -> Impulse:
    """衝動判定 (DX3-ENC-06): 〈意志〉 (【精神】) at difficulty 9; a failure means 暴走 (DX3-BS-15); pass or
    fail, 侵蝕率 +2D10. `dice`: other dice changes (放心's -2)."""
    check = pc.check(IMPULSE_SKILL, floor=options.crit_floor, table=options.encroach_table, dice=dice)
    result = roll(check, rng)
    rise = sum(d10s(IMPULSE_DICE, rng))
    return Impulse(result, not result.succeeds(IMPULSE_DIFFICULTY), rise, capped(pc.encroachment + rise, options))


def thresholds_crossed(before: int, after: int) -> tuple[int, ...]:
    """The 侵蝕率 marks passed going from `before` to `after`: the dice bands of the table (60, 80, 100,
    130 ...) and the 120% restriction, lowest first, for narration and unlocked effects (DX3-ENC-08/09)."""
    marks = sorted({threshold for threshold, _ in R1_DICE} | set(UNLOCK_RATES))
    return tuple(mark for mark in marks if before < mark <= after)


@dataclass(frozen=True, slots=True)
class BackTrack:
    """After the climax: the dice rolled per Lois, the 侵蝕率 reached, and whether the PC is lost."""

    faces: tuple[int, ...]
    rate: int
    lost: bool


def back_track(rate: int, lois: int, rng: np.random.Generator, *, doubled: bool = False) -> BackTrack:
    """Back-track (DX3-TITUS-07): 1D10 per remaining Lois (Titus do not count; twice as many if the
    player chooses) comes off 侵蝕率; a PC still at 100% or more is lost."""
    faces = tuple(d10s(lois * (2 if doubled else 1), rng))
    after = max(rate - sum(faces), 0)
    return BackTrack(faces, after, after >= LOST_AT)
