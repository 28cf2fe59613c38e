"""Effects timed セットアップ, イニシアチブ and クリンナップ in the fight (DX3-ROUND-01/02/07, DX3-EFF-02/07,
DX3-ROUND-08): which combos of them a fighter may declare, and what declaring one does.

At each such timing (rounds.py asks) every standing fighter that may declare a combo of effects of
that timing is asked once, highest 行動値 first (DX3-EFF-07): it declares one of its **timed combos**
(the sets of its effects of that timing that `effects.combine` accepts, largest first, at most
`MAX_COMBOS`, offered while every effect in it is usable) or none. A declared combo pays its 侵蝕値
(DX3-ENC-07, levels read before the cost, DX3-ENC-05), counts its uses (DX3-EFF-08), heals its HP
at once (heal + heal_dice D10, up to max HP) and puts its bonuses on the user's `Fighter.mods`:
dice on its checks ("dice"), 攻撃力 ("attack"), ガード値 ("guard"), HP damage prevented
("reduction"), 行動値 ("initiative") and 装甲値 ("armor"). Each effect's bonuses last as its `lasts`
says: to the end of the round (its cleanup process, DX3-ROUND-07), or the scene (the whole fight).
Other numbers of a timed effect (C値, 達成値, movement) are not read. Effects aim at their user."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.combos import largest_first, pay, usable
from yz_gym.rulesets.dx3.effects import (
    ROUND,
    Combo,
    ComboError,
    Effect,
    combine,
    healed,
    use_level,
)
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Fighter, Kind

KEY: Final = "\x00"  # a timing's combos are cached in Fighter.combo_cache under KEY + timing


def timed_combos(f: Fighter, timing: str, table: str) -> tuple[tuple[int, ...], ...]:
    """The effect index sets of f's combos at `timing` (module docstring), cached on f."""
    found = f.combo_cache.get(KEY + timing)
    if found is not None:
        return found
    timed = [i for i, e in enumerate(f.effects) if e.timing == timing]
    found = largest_first(timed, lambda chosen: _combines(f, chosen, timing, table))
    f.combo_cache[KEY + timing] = found
    return found


def _combines(f: Fighter, chosen: tuple[int, ...], timing: str, table: str) -> bool:
    try:
        combine([f.effects[i] for i in chosen], timing, 0, table)
    except ComboError:
        return False
    return True


def usable_timed(state: Dx3State, f: Fighter, timing: str) -> list[int]:
    """The indices k of f's combos at `timing` it may declare now (none while 戦闘不能)."""
    if f.down or not f.effects:
        return []
    table = state.options.encroach_table
    found = timed_combos(f, timing, table)
    return [k for k, chosen in enumerate(found) if usable(f, chosen, table)] if found else []


def choices(state: Dx3State, f: Fighter) -> list[Dx3Action]:
    """What f, asked at the state's timing, may do: declare one of its usable combos, or none."""
    return [
        *(Dx3Action(Kind.USE_EFFECT, option=k) for k in usable_timed(state, f, state.timing)),
        Dx3Action(Kind.DECLINE),
    ]


def bonuses(effect: Effect, level: int) -> dict[str, int]:
    """The `Fighter.mods` an effect of a timed combo adds at `level` (the non-zero ones)."""
    every = {
        "dice": effect.dice.at(level), "attack": effect.attack_power.at(level), "guard": effect.guard.at(level),
        "reduction": effect.reduction.at(level), "initiative": effect.initiative.at(level),
        "armor": effect.armor.at(level),
    }  # fmt: skip
    return {name: value for name, value in every.items() if value}


def declared(state: Dx3State, f: Fighter, k: int) -> tuple[Combo, dict[str, int], dict[str, int]]:
    """What f's combo k at the state's timing would be: the combo (levels read before its cost,
    DX3-ENC-05), the `Fighter.mods` it adds and those of them that end in the cleanup process."""
    table = state.options.encroach_table
    effects = [f.effects[i] for i in timed_combos(f, state.timing, table)[k]]
    rate = f.char.encroachment
    combo = combine(effects, state.timing, rate, table)
    added: dict[str, int] = {}
    ending: dict[str, int] = {}
    for effect in effects:
        for name, value in bonuses(effect, use_level(effect, rate, table)).items():
            added[name] = added.get(name, 0) + value
            if effect.lasts == ROUND:
                ending[name] = ending.get(name, 0) + value
    return combo, added, ending


def use(state: Dx3State, f: Fighter, k: int, rng: np.random.Generator, events: list[Event]) -> None:
    """f declares its combo k at the state's timing (module docstring)."""
    timing = state.timing
    combo, added, ending = declared(state, f, k)
    pay(state, f, combo, rng, events)
    _add(f.mods, added)
    _add(f.round_mods, ending)
    heal = min(healed(combo, rng), f.char.stats.max_hp - f.char.hp) if combo.heal or combo.heal_dice else 0
    f.char.hp += heal
    events.append(Event("timed_effect", f.id, -1, {
        "timing": timing, "effects": list(combo.names), "bonuses": added, "until_cleanup": ending,
        "healed": heal, "hp": f.char.hp,
    }))  # fmt: skip


def _add(into: dict[str, int], more: dict[str, int]) -> None:
    for name, value in more.items():
        total = into.get(name, 0) + value
        if total:
            into[name] = total
        else:
            into.pop(name, None)


def round_ends(state: Dx3State, events: list[Event]) -> None:
    """The cleanup process: the bonuses that last the round end (DX3-ROUND-07)."""
    for f in state.fighters:
        if f.round_mods:
            _add(f.mods, {name: -value for name, value in f.round_mods.items()})
            events.append(Event("effect_ends", f.id, -1, {"bonuses": dict(f.round_mods)}))
            f.round_mods.clear()
