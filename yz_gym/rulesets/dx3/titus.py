"""Lois and Titus in combat (DX3-TITUS-*): turning a Lois into a Titus, and sublimating (昇華) a Titus
for one of five effects: +10 dice, C値 -1 (floor 2), +1D10 on a result, standing up from 戦闘不能, or
clearing bad statuses. Sublimation is no effect, costs no action and works outside the character's
turn, under 重圧 and 暴走 too (DX3-TITUS-05). Every function returns new values."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import numpy as np

from yz_gym.rulesets.dx3.character import Dx3Character
from yz_gym.rulesets.dx3.dice import TITUS_CRIT_FLOOR, Check, CheckResult, d10s, lower_to
from yz_gym.rulesets.dx3.options import Dx3Options
from yz_gym.rulesets.dx3.statuses import Statuses, titus_clear

DICE: Final = "dice"  # DX3-TITUS-03A: +10 dice, before a check
CRIT: Final = "crit"  # DX3-TITUS-03B: C値 -1 after the effects, down to 2, before a check
RESULT: Final = "result"  # DX3-TITUS-03C: 達成値 +1D10, right after a check
REVIVE: Final = "revive"  # DX3-TITUS-03D: leave 戦闘不能 with HP = 肉体 + 10
CLEAR: Final = "clear"  # DX3-TITUS-03E: clear bad statuses
SUBLIMATIONS: Final = (DICE, CRIT, RESULT, REVIVE, CLEAR)
TITUS_DICE: Final = 10
RESULT_DICE: Final = 1
REVIVE_HP: Final = 10


def make_titus(pc: Dx3Character, mode: str) -> Dx3Character:
    """The PC with one Lois turned into a Titus (DX3-TITUS-01): free at any time with `lois_to_titus`
    free; a ValueError with it off or no Lois left."""
    if mode != "free":
        raise ValueError("Lois become Titus only as the scenario says (dx3_rules.lois_to_titus: off)")
    if pc.lois < 1:
        raise ValueError(f"{pc.name} has no Lois left to turn into a Titus")
    return replace(pc, lois=pc.lois - 1, titus=pc.titus + 1)


def spend(pc: Dx3Character, n: int = 1) -> Dx3Character:
    """The PC with `n` Titus removed, each sublimated once (DX3-TITUS-02); a ValueError if it holds fewer."""
    if n < 1 or n > pc.titus:
        raise ValueError(f"{pc.name}: {n} Titus asked, {pc.titus} held")
    return replace(pc, titus=pc.titus - n)


def per_check_room(spent_on_check: int, limit: int) -> int:
    """How many more Titus may go on this check: `titus_per_check` (0: no limit, DX3-TITUS-04)."""
    if limit <= 0:
        return 1_000
    return max(limit - spent_on_check, 0)


def boost_check(check: Check, dice_titus: int = 0, crit_titus: int = 0) -> Check:
    """A check before it is rolled with `dice_titus` Titus for +10 dice each (DX3-TITUS-03A) and
    `crit_titus` for C値 -1 each, after the effects' C値 is fixed, down to 2 (DX3-TITUS-03B,
    DX3-DICE-14)."""
    return replace(
        check,
        dice=check.dice + TITUS_DICE * dice_titus,
        crit=lower_to(check.crit, crit_titus, TITUS_CRIT_FLOOR),
    )


def can_raise(result: CheckResult) -> bool:
    """Whether +1D10 can help: not after a fumble or a check with no dice, which fail whatever the
    達成値 (DX3-DICE-08/09)."""
    return not result.automatic_failure


def raise_result(result: CheckResult, n: int, rng: np.random.Generator) -> tuple[CheckResult, tuple[int, ...]]:
    """A rolled check raised by `n` Titus, +1D10 each (DX3-TITUS-03C); the raised 達成値 counts for
    the damage dice too (DX3-DMG-05). Returns the new result and the faces added."""
    if not can_raise(result):
        raise ValueError("a fumbled check, or one with no dice, fails whatever is added")
    faces = tuple(d10s(RESULT_DICE * n, rng))
    return replace(result, achievement=result.achievement + sum(faces)), faces


def revived_hp(pc: Dx3Character, supplement: bool = False) -> int:
    """The HP of a 戦闘不能 PC that sublimates a Titus to stand up: 【肉体】 + 10, at most max HP
    (DX3-TITUS-03D), or full HP with a supplement's sublimation (`titus_supplement`, DX3-TITUS-06);
    usable when 戦闘不能 only (DX3-DMG-08)."""
    if not pc.incapacitated:
        raise ValueError(f"{pc.name} is not 戦闘不能")
    return pc.stats.max_hp if supplement else min(pc.stats.body + REVIVE_HP, pc.stats.max_hp)


def cleared(statuses: Statuses, mode: str, chosen: str = "") -> Statuses:
    """The statuses after a Titus sublimated to clear them (DX3-TITUS-03E, `titus_clear`)."""
    if not statuses.names():
        raise ValueError("no bad status to clear")
    return titus_clear(statuses, mode, chosen)


def may_sublimate(statuses: Statuses, options: Dx3Options) -> bool:
    """Whether a character may sublimate now: always, 重圧 and 暴走 included, since a Titus is no effect
    (DX3-TITUS-05, DX3-BS-16); with `titus_despite_pressure` off, not under 重圧."""
    return options.titus_despite_pressure or not statuses.pressure


def useful(kind: str, pc: Dx3Character, statuses: Statuses, result: CheckResult | None) -> bool:
    """Whether sublimating for `kind` does anything now: dice and C値 before a check (`result` None),
    +1D10 after one that can still succeed, revival when 戦闘不能, clearing with a status on."""
    if kind in (DICE, CRIT):
        return result is None
    if kind == RESULT:
        return result is not None and can_raise(result)
    if kind == REVIVE:
        return pc.incapacitated
    if kind == CLEAR:
        return bool(statuses.names())
    raise ValueError(f"unknown sublimation {kind!r}; use one of {', '.join(SUBLIMATIONS)}")
