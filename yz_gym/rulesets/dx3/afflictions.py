"""Bad statuses in the fight (statuses.py holds their rules as data): inflicted by an attack's effects
on the targets it hits (DX3-ATK-11 step 8; a dodge avoids them, a guard does not, DX3-REACT-09), and
acting on the affected: 放心's dice on every check, 恐怖's penalty on attacks that include the feared,
憎悪's forced target, 邪毒's HP loss and 放心's end in the cleanup process (DX3-BS-*). 暴走, 重圧 and
硬直 are read where they act (no reactions, no auto effects, no moves). Vehicles take no bad statuses
(HR-VEH-12)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.character import take_damage
from yz_gym.rulesets.dx3.checks import pause
from yz_gym.rulesets.dx3.dice import CheckResult, roll
from yz_gym.rulesets.dx3.effects import SINGLE
from yz_gym.rulesets.dx3.state import CheckFor, Dx3Action, Dx3State, Fighter, Kind
from yz_gym.rulesets.dx3.statuses import (
    DAZED,
    DAZED_DICE,
    FEAR,
    HATRED,
    NO_FEAR,
    POISON,
    POISON_PER_RANK,
    RECOVERY_DIFFICULTY,
    STATUS_NAMES,
    FearPenalty,
    Statuses,
    action_can_clear,
    fear_penalty,
    mind_check,
    status_problem,
)
from yz_gym.rulesets.dx3.stealth import targetable

NOBODY: Final = -1


def recoveries(state: Dx3State, f: Fighter, titus: bool) -> list[Dx3Action]:
    """The minor actions that try to clear one of f's bad statuses (DX3-BS-11, `minor_clears_status`:
    any but 邪毒 and 暴走; 転倒 always, DX3-BS-09; a PC may sublimate on the 【精神】 check, checks.pause),
    and, for a PC that may sublimate (`titus`), a Titus that clears statuses at once without spending
    the action (DX3-TITUS-03E: the chosen one, or all of them under `titus_clear: all`, then named by
    the first)."""
    out = [
        Dx3Action(Kind.RECOVER, option=i)
        for i, name in enumerate(STATUS_NAMES)
        if name in f.statuses and action_can_clear(name, state.options)
    ]
    if not titus:
        return out
    held = [i for i, name in enumerate(STATUS_NAMES) if name in f.statuses]
    if state.options.titus_clear == "all":
        held = held[:1]
    return out + [Dx3Action(Kind.TITUS_CLEAR, option=i) for i in held]


def titus_clear(state: Dx3State, f: Fighter, action: Dx3Action, events: list[Event]) -> None:
    """A sublimated Titus clears the chosen status, or every one (DX3-TITUS-03E, `titus_clear`)."""
    names = sorted(f.statuses) if state.options.titus_clear == "all" else [STATUS_NAMES[action.option]]
    for name in names:
        clear(f, name)
    events.append(Event("titus_clear", f.id, -1, {"statuses": names}))


def recover(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """f spends its minor action to clear a status: with `status_recovery_check` (HR-STATUS-01) only if a
    【精神】 check (statuses.mind_check, its statuses' dice included) reaches 9, on which a PC may
    sublimate first (checks.pause: `recovered` follows the decision); a failure spends the action and
    the status stays (AMB-37)."""
    if not state.options.status_recovery_check:
        recovered(state, f, action, None, events)
        return
    check = mind_check(f.char, state.options, status_dice(f))
    if not pause(state, f, CheckFor.RECOVER, action, check, difficulty=RECOVERY_DIFFICULTY):
        recovered(state, f, action, roll(check, rng), events)


def recovered(
    state: Dx3State, f: Fighter, action: Dx3Action, result: CheckResult | None, events: list[Event]
) -> None:
    """The recovery's final 【精神】 check (None: no check) clears the status at difficulty 9 or not."""
    name = STATUS_NAMES[action.option]
    data: dict[str, object] = {"status": name, "faces": [], "achievement": -1, "fumble": False}
    ok = True
    if result is not None:
        ok = result.succeeds(RECOVERY_DIFFICULTY)
        data.update(
            faces=[list(r) for r in result.rounds], achievement=result.achievement, fumble=result.fumble
        )
    if ok:
        clear(f, name)
    events.append(Event("recover", f.id, -1, {**data, "recovered": ok}))


def afflict(state: Dx3State, f: Fighter, name: str, rank: int, source: Fighter, events: list[Event]) -> None:
    """f gets the bad status `name` from `source` (rank for 邪毒, stacking as `poison_stack` says,
    DX3-BS-18; 憎悪 and 恐怖 aimed at the source, DX3-BS-20/21); nothing on a 戦闘不能 character."""
    options = state.options
    if f.down or status_problem(name, options, rank, source.name):
        return
    if name == POISON:
        if options.poison_stack == "add":
            rank += f.poison
        elif options.poison_stack == "max":
            rank = max(rank, f.poison)
        f.poison = rank
    elif name == HATRED:
        f.hatred = source.id
    elif name == FEAR:
        f.fear = source.id
    f.statuses.add(name)
    events.append(Event("status", source.id, f.id, {"status": name, "rank": rank}))


def status_dice(f: Fighter) -> int:
    """Dice every check of f gets from its statuses: 放心 −2 (DX3-BS-03/17)."""
    return DAZED_DICE if DAZED in f.statuses else 0


def fear_of(state: Dx3State, f: Fighter, targets: list[int]) -> FearPenalty:
    """What 恐怖 takes off f's attack on `targets` (DX3-BS-07/21): only when they include the feared."""
    if FEAR not in f.statuses or f.fear not in targets:
        return NO_FEAR
    feared = state.fighters[f.fear].name
    return fear_penalty(Statuses(fear=feared), (feared,), state.options)


def forced(
    state: Dx3State, f: Fighter, attacks: list[Dx3Action], strikes: list[list[int]]
) -> list[Dx3Action]:
    """Under 憎悪 f's attacks must include the hated character (DX3-BS-06/20): only those whose struck
    characters (`strikes`, per attack) include it, while any does; every attack otherwise."""
    if HATRED not in f.statuses or f.hatred == NOBODY:
        return attacks
    kept = [a for a, hit in zip(attacks, strikes, strict=True) if f.hatred in hit]
    return kept or attacks


def nearest(state: Dx3State, f: Fighter) -> list[int]:
    """The characters 狂乱 makes f attack (DX3-BS-08): the standing ones other than f, friend or foe,
    that a single-target attack may choose (not hidden, DX3-HID-03), at the least distance from f."""
    others = [
        g for g in state.fighters if g.id != f.id and not g.down and targetable(g.hidden, SINGLE, state.options)
    ]  # fmt: skip
    if not others:
        return []
    least = min(abs(g.pos - f.pos) for g in others)
    return [g.id for g in others if abs(g.pos - f.pos) == least]


def attacked(f: Fighter, targets: list[int]) -> None:
    """憎悪 ends once an attack includes its target, hit or miss (DX3-BS-20)."""
    if HATRED in f.statuses and f.hatred in targets:
        f.statuses.discard(HATRED)
        f.hatred = NOBODY


def clear(f: Fighter, name: str) -> None:
    """f is rid of the status `name`."""
    f.statuses.discard(name)
    if name == POISON:
        f.poison = 0
    elif name == HATRED:
        f.hatred = NOBODY
    elif name == FEAR:
        f.fear = NOBODY


def cleanup(state: Dx3State, events: list[Event]) -> None:
    """The cleanup process for the statuses (DX3-ROUND-07): 邪毒 costs 3 x rank HP, armor no help,
    nothing at HP 0 (DX3-BS-18, DX3-DMG-09), and can bring a character to 戦闘不能 (it is not asked
    to stand up before the next round); 放心 ends when `dazed_ends` is cleanup (DX3-BS-17)."""
    for f in state.fighters:
        if POISON in f.statuses and not f.down:
            lost = take_damage(f.char, f.poison * POISON_PER_RANK)
            events.append(Event("poison", -1, f.id, {"rank": f.poison, "hp_lost": lost, "hp": f.char.hp}))
            if f.down:
                events.append(Event("down", f.id, -1))
        if DAZED in f.statuses and state.options.dazed_ends == "cleanup":
            clear(f, DAZED)
