"""Effects a character uses when it is attacked: dodge combos of reaction-timed effects (DX3-REACT-09,
DX3-EFF-M08) and the オート effects that fire at their trigger, a higher ガード値 on a guard
(DX3-EFF-M09) and HP damage taken off just before it is dealt (DX3-EFF-M10), also when the
character's vehicle is the one attacked (HR-VEH-REACT-01, HR-VEH-AUTO-01); and the オート effects
that stand a fallen character up again (`special: revive`, DX3-EFF-M15), offered in its revival
decision beside 《リザレクト》 and a Titus.

A character's **dodge combos** are the non-empty sets of its reaction effects (timing リアクション or
メジャー／リア) that `effects.combine` accepts as a 〈回避〉 check making no attack, largest first, at
most `MAX_COMBOS`, each offered while every effect in it is usable; their 侵蝕値 is paid whether the
dodge works or not. Auto effects have no decision: they fire whenever they may (`auto_effects`)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.combos import largest_first, usable, usable_specials
from yz_gym.rulesets.dx3.effects import (
    AUTO,
    MAJOR_REACTION,
    NOT_ATTACK,
    REACTION,
    Combo,
    ComboError,
    Effect,
    combine,
    healed,
    roll_cost,
    unusable,
    use_level,
)
from yz_gym.rulesets.dx3.encroachment import capped
from yz_gym.rulesets.dx3.state import Dx3State, Fighter
from yz_gym.rulesets.dx3.statuses import PRESSURE

DODGE_SKILL: Final = "回避"
DODGE_KEY: Final = "\x00dodge"  # the dodge combos' key in Fighter.combo_cache (no weapon has this name)


def dodge_combos(f: Fighter, table: str) -> tuple[tuple[int, ...], ...]:
    """The effect index sets of f's dodge combos (module docstring), cached on f."""
    found = f.combo_cache.get(DODGE_KEY)
    if found is not None:
        return found
    timed = [i for i, e in enumerate(f.effects) if e.timing in (REACTION, MAJOR_REACTION)]
    found = largest_first(timed, lambda chosen: _dodges(f, chosen, table))
    f.combo_cache[DODGE_KEY] = found
    return found


def _dodges(f: Fighter, chosen: tuple[int, ...], table: str) -> bool:
    try:
        combo = combine([f.effects[i] for i in chosen], REACTION, 0, table, prefer=DODGE_SKILL)
    except ComboError:
        return False
    return combo.skill == DODGE_SKILL and combo.attack == NOT_ATTACK


def usable_dodge_combos(state: Dx3State, f: Fighter) -> list[int]:
    """The indices k of the dodge combos f may declare now (not under 暴走: no reactions at all)."""
    if not f.effects:
        return []
    table = state.options.encroach_table
    return [k for k, chosen in enumerate(dodge_combos(f, table)) if usable(f, chosen, table)]


def dodge_combo(state: Dx3State, f: Fighter, k: int) -> Combo:
    """Dodge combo k of f at its 侵蝕率 now (levels read before the cost, DX3-ENC-05)."""
    table = state.options.encroach_table
    chosen = dodge_combos(f, table)[k]
    return combine([f.effects[i] for i in chosen], REACTION, f.char.encroachment, table, prefer=DODGE_SKILL)


def _ready_autos(state: Dx3State, f: Fighter, field: str) -> list[Effect]:
    """f's オート effects with a `field` ("guard", "reduction") it may use now: `auto_effects` on,
    standing, not under 重圧 (DX3-BS-02/16), each usable (its 制限 and uses, DX3-EFF-08)."""
    if state.options.auto_effects == "off" or f.down or PRESSURE in f.statuses or not f.effects:
        return []
    rate, table = f.char.encroachment, state.options.encroach_table
    out = []
    for e in f.effects:
        number = e.guard if field == "guard" else e.reduction
        if e.timing != AUTO or number.at(use_level(e, rate, table)) <= 0:
            continue
        if not unusable(e, rate, frozenset(), f.used.get(e.name, 0), use_level(e, rate, table)):
            out.append(e)
    return out


def fire_autos(state: Dx3State, f: Fighter, field: str, rng: np.random.Generator, events: list[Event]) -> int:
    """Fire f's ready オート effects of `field` one by one (DX3-EFF-05): each pays its 侵蝕値 and
    counts a use; returns what they add up to (ガード値, or HP damage prevented)."""
    total = 0
    table = state.options.encroach_table
    for e in _ready_autos(state, f, field):
        level = use_level(e, f.char.encroachment, table)  # read before the cost (DX3-ENC-05)
        amount = (e.guard if field == "guard" else e.reduction).at(level)
        before = f.char.encroachment
        f.char.encroachment = capped(before + roll_cost(e.cost, e.cost_dice, rng), state.options)
        f.used[e.name] = f.used.get(e.name, 0) + 1
        total += amount
        events.append(Event("auto_effect", f.id, -1, {
            "effect": e.name, "use": field, "amount": amount, "before": before, "after": f.char.encroachment,
        }))  # fmt: skip
    return total


REVIVE: Final = "revive"  # the special of an effect that stands its user up from 戦闘不能 (DX3-EFF-M15)


def revive_effects(state: Dx3State, f: Fighter) -> list[int]:
    """The indices of f's オート revive effects it may use now that it fell: `auto_effects` on, not
    killed, not under 重圧 (DX3-BS-16), each usable (its 制限, e.g. 120%, and its uses, DX3-EFF-08)."""
    if state.options.auto_effects == "off" or f.dead or PRESSURE in f.statuses or not f.effects:
        return []
    return usable_specials(state, f, REVIVE, AUTO)


def stand_up(state: Dx3State, f: Fighter, k: int, rng: np.random.Generator, events: list[Event]) -> None:
    """f uses revive effect k (DX3-EFF-M15): 戦闘不能 ends with its healing (heal + heal_dice D10 at
    the level read before the cost, up to max HP); it pays its 侵蝕値 and counts a use."""
    e = f.effects[k]
    combo = combine([e], AUTO, f.char.encroachment, state.options.encroach_table)
    before = f.char.encroachment
    f.char.encroachment = capped(before + roll_cost(e.cost, e.cost_dice, rng), state.options)
    f.used[e.name] = f.used.get(e.name, 0) + 1
    f.char.hp = min(healed(combo, rng), f.char.stats.max_hp)
    f.char.incapacitated = f.char.hp == 0
    events.append(Event("effect_revive", f.id, -1, {
        "effect": e.name, "hp": f.char.hp, "before": before, "after": f.char.encroachment,
    }))  # fmt: skip
