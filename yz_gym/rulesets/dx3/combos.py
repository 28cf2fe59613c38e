"""A fighter's effect combos for its attacks (DX3-EFF-04/06, DX3-ENC-05/07): which combos an attack
may declare, and declaring one: its check, its cost paid in 侵蝕率, its uses counted.

A fighter's **attack combos with a weapon** are the non-empty sets of its major effects that
`effects.combine` accepts with the weapon's skill (`prefer`), whose attack kind is the weapon's
and whose target is one character, up to N (N体) or an area (範囲, 範囲(選択), シーン, シーン(選択), areas.py),
largest first (then in the order the fighter lists its effects), at most `MAX_COMBOS`: combo k of
an attack always names the same effects, and the env's action space stays fixed. In 素手's slot
also the **effect attacks**: combos whose effects make the attack themselves with their own skill
(a ranged 〈RC〉 attack ...), with no weapon; their 攻撃力 is the effects' alone (DX3-DMG-06). A combo is offered only while every effect in
it is usable (`effects.unusable`: its 制限 and its uses this period); the fight gives no character
traits yet, so an effect that `requires` one (pure breed, a D-Lois ...) is never offered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.dice import Check
from yz_gym.rulesets.dx3.effects import (
    AREA,
    AREA_SELECT,
    COUNT,
    MAJOR,
    MELEE,
    NOT_ATTACK,
    RANGED,
    ROUND,
    SCENE,
    SCENE_SELECT,
    SINGLE,
    TARGET_NONE,
    Aim,
    Combo,
    ComboError,
    Effect,
    combine,
    roll_cost,
    unusable,
    use_level,
)
from yz_gym.rulesets.dx3.encroachment import capped, declare
from yz_gym.rulesets.dx3.gear import MELEE as MELEE_KIND
from yz_gym.rulesets.dx3.gear import UNARMED, Weapon
from yz_gym.rulesets.dx3.state import Dx3State, Fighter

MAX_COMBOS: Final = 3  # combos offered per attack (weapon and target)
MAX_COMBO_EFFECTS: Final = 4  # major effects looked at for combos (the first ones a fighter lists)
PLAYED_TARGETS: Final = (SINGLE, TARGET_NONE, COUNT, AREA, AREA_SELECT, SCENE, SCENE_SELECT)  # DX3-ATK-06/07


def _attack_kind(weapon: Weapon) -> str:
    return MELEE if weapon.kind == MELEE_KIND else RANGED


def attack_combos(f: Fighter, weapon: Weapon, table: str) -> tuple[tuple[int, ...], ...]:
    """The effect index sets of f's attack combos with `weapon` (module docstring), cached on f."""
    found = f.combo_cache.get(weapon.name)
    if found is not None:
        return found
    found = sheet_combos(f.effects, weapon, table)[0]
    f.combo_cache[weapon.name] = found
    return found


COMBO_CACHE_SIZE: Final = 1024  # (effects, weapon, table) whose combos outlive a game (a scenario's fighters)
_SheetCombos = tuple[tuple[tuple[int, ...], ...], tuple[Aim, ...]]
_by_identity: dict[tuple[int, int, str], tuple[tuple[Effect, ...], Weapon, _SheetCombos]] = {}
# combo_of's combos by (sheet id, effect indices, 侵蝕率, table, skill), with the sheet they were found for
_combo_at: dict[tuple[int, tuple[int, ...], int, str, str], tuple[tuple[Effect, ...], Combo]] = {}


def sheet_combos(effects: tuple[Effect, ...], weapon: Weapon, table: str) -> _SheetCombos:
    """`weapon_combos`, found first by the identity of the sheet's effects and the weapon (every game
    of a scenario passes the same objects): hashing the effects by value costs more than the lookup."""
    key = (id(effects), id(weapon), table)
    hit = _by_identity.get(key)
    if hit is not None and hit[0] is effects and hit[1] is weapon:  # held here: the ids stay theirs
        return hit[2]
    found = weapon_combos(effects, weapon, table)
    if len(_by_identity) >= COMBO_CACHE_SIZE:
        _by_identity.clear()
    _by_identity[key] = (effects, weapon, found)
    return found


@lru_cache(maxsize=COMBO_CACHE_SIZE)
def weapon_combos(
    effects: tuple[Effect, ...], weapon: Weapon, table: str
) -> tuple[tuple[tuple[int, ...], ...], tuple[Aim, ...]]:
    """The attack combos of a sheet's `effects` with `weapon` and each one's Aim: values only, so one
    computation serves every game of a scenario (a fighter's own cache is filled from it)."""
    major = [i for i, e in enumerate(effects) if e.timing in (MAJOR, "major_reaction")]
    found = largest_first(major, lambda chosen: _fits(effects, chosen, weapon, table))
    out = []
    for chosen in found:
        combo = combine([effects[i] for i in chosen], MAJOR, 0, table, prefer=weapon.skill)
        out.append(Aim(combo.target, combo.range, is_effect_attack(combo, weapon), combo.target_count))
    return found, tuple(out)


def largest_first(indices: list[int], fits: Callable[[tuple[int, ...]], bool]) -> tuple[tuple[int, ...], ...]:
    """The non-empty sets of the first MAX_COMBO_EFFECTS `indices` that `fits`, largest first (then in
    the order given), at most MAX_COMBOS: combo k always names the same effects."""
    looked = indices[:MAX_COMBO_EFFECTS]
    out: list[tuple[int, ...]] = []
    for size in range(len(looked), 0, -1):
        for chosen in combinations(looked, size):
            if len(out) < MAX_COMBOS and fits(chosen):
                out.append(chosen)
    return tuple(out)


def _fits(effects: tuple[Effect, ...], chosen: tuple[int, ...], weapon: Weapon, table: str) -> bool:
    """Whether the effects combine into an attack with the weapon (its skill and kind) or, in 素手's
    slot, into an effect attack; aimed at one character or an area."""
    try:
        combo = combine([effects[i] for i in chosen], MAJOR, 0, table, prefer=weapon.skill)
    except ComboError:
        return False
    if combo.target not in PLAYED_TARGETS:
        return False
    if is_effect_attack(combo, weapon):
        return weapon == UNARMED
    return combo.skill == weapon.skill and combo.attack in (NOT_ATTACK, _attack_kind(weapon))


def is_effect_attack(combo: Combo, weapon: Weapon) -> bool:
    """The combo's effects make the attack themselves (DX3-ATK-01): an attack effect that states its
    攻撃力 or rolls another skill than the weapon's; it deals damage only with a stated 攻撃力 (DX3-DMG-06)."""
    return combo.attack != NOT_ATTACK and (combo.states_attack or combo.skill != weapon.skill)


def aims(f: Fighter, weapon: Weapon, table: str) -> tuple[Aim, ...]:
    """Each attack combo's Aim with `weapon` (its 対象, range, effect attack or not), cached on f."""
    found = f.aim_cache.get(weapon.name)
    if found is not None:
        return found
    found = sheet_combos(f.effects, weapon, table)[1]
    f.aim_cache[weapon.name] = found
    return found


def usable(f: Fighter, chosen: tuple[int, ...], table: str) -> bool:
    """Every effect of the combo may be used now: its 制限 and its uses this period (DX3-ENC-08, DX3-EFF-08)."""
    rate = f.char.encroachment
    for i in chosen:
        e = f.effects[i]
        if not (e.restriction or e.requires or e.period):  # nothing that `unusable` checks
            continue
        if unusable(e, rate, frozenset(), f.used.get(e.name, 0), use_level(e, rate, table)):
            return False
    return True


def usable_specials(state: Dx3State, f: Fighter, special: str, timing: str) -> list[int]:
    """The indices of f's effects with this `special` and `timing` that it may use now (DX3-ENC-08,
    DX3-EFF-08)."""
    table = state.options.encroach_table
    return [
        i for i, e in enumerate(f.effects) if e.special == special and e.timing == timing and usable(f, (i,), table)
    ]


def usable_combos(state: Dx3State, f: Fighter, weapon: Weapon) -> list[int]:
    """The indices k of the attack combos f may declare with `weapon` now."""
    table = state.options.encroach_table
    return [k for k, chosen in enumerate(attack_combos(f, weapon, table)) if usable(f, chosen, table)]


def combo_of(state: Dx3State, f: Fighter, weapon: Weapon, k: int) -> Combo:
    """Combo k of f's attacks with `weapon`, at f's 侵蝕率 now (levels read before the cost, DX3-ENC-05)."""
    table = state.options.encroach_table
    chosen = attack_combos(f, weapon, table)[k]
    effects, rate = f.effects, f.char.encroachment
    key = (id(effects), chosen, rate, table, weapon.skill)  # a combo is a value of these: found once
    hit = _combo_at.get(key)
    if hit is not None and hit[0] is effects:  # the sheet is held here: its id stays its own
        return hit[1]
    combo = combine([effects[i] for i in chosen], MAJOR, rate, table, prefer=weapon.skill)
    if len(_combo_at) >= COMBO_CACHE_SIZE:
        _combo_at.clear()
    _combo_at[key] = (effects, combo)
    return combo



def declare_attack(
    state: Dx3State, f: Fighter, weapon: Weapon, k: int, extras: tuple[int, int], rng: np.random.Generator,
    events: list[Event],
) -> tuple[Combo, Check]:  # fmt: skip
    """Declare combo k with an attack (DX3-EFF-06): pay its 侵蝕値 (DX3-ENC-07), count its uses, and
    build the hit check with the combo's dice, C値 and 達成値 on top of `extras`, the attack's other
    (dice, modifier) (the weapons' 命中, `Fighter.mods`); the encroachment dice bonus is read before
    or after the cost as `enc_bonus_timing` says (DX3-ENC-05)."""
    combo = combo_of(state, f, weapon, k)
    declared = declare(f.char, combo, rng, state.options, dice=extras[0], modifier=extras[1])
    assert declared.check is not None  # an attack combo rolls the weapon's skill
    f.char.encroachment = declared.after
    for name in combo.names:
        f.used[name] = f.used.get(name, 0) + 1
    events.append(Event("combo", f.id, -1, {
        "effects": list(combo.names), "cost": declared.cost, "before": declared.before, "after": declared.after,
    }))  # fmt: skip
    return combo, declared.check


def pay(state: Dx3State, f: Fighter, combo: Combo, rng: np.random.Generator, events: list[Event]) -> None:
    """f pays a declared combo's 侵蝕値 (DX3-ENC-07; a reaction combo whether its reaction works or
    not, DX3-REACT-09) and counts its uses (DX3-EFF-08)."""
    before = f.char.encroachment
    cost = roll_cost(combo.cost, combo.cost_dice, rng)
    f.char.encroachment = capped(before + cost, state.options)
    for name in combo.names:
        f.used[name] = f.used.get(name, 0) + 1
    events.append(Event("combo", f.id, -1, {
        "effects": list(combo.names), "cost": cost, "before": before, "after": f.char.encroachment,
    }))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Tags:
    """What a declared attack combo makes of the attack: the skill rolled, its 攻撃力 on top of the
    weapon's (an effect attack's alone, and damage only when an effect states one, DX3-DMG-06), and
    its tags: 装甲無視, 「ドッジ不可」, 「リアクション不可」, ガード無視 (DX3-REACT-11) and armor penetration."""

    skill: str = ""
    power: int = 0
    effect_attack: bool = False
    deals_damage: bool = True
    ignore_armor: bool = False
    no_dodge: bool = False
    no_reaction: bool = False
    ignore_guard: bool = False
    penetration: int = 0
    inflicts: tuple[tuple[str, int], ...] = ()


_plain: dict[str, Tags] = {}  # plain_tags by skill (a value: shared, not built per attack)


def plain_tags(skill: str) -> Tags:
    """The Tags of an attack declared without a combo, with a weapon of `skill`."""
    tags = _plain.get(skill)
    if tags is None:
        tags = _plain[skill] = Tags(skill=skill)
    return tags


# tags_of by (combo id, weapon skill), with the combo they were found for (combo_of shares its combos)
_tags_of: dict[tuple[int, str], tuple[Combo, Tags]] = {}


def tags_of(combo: Combo, weapon: Weapon) -> Tags:
    """The Tags of an attack declared with `combo` and `weapon` (a value of the combo and the weapon's skill)."""
    key = (id(combo), weapon.skill)
    hit = _tags_of.get(key)
    if hit is not None and hit[0] is combo:  # the combo is held here: its id stays its own
        return hit[1]
    effect_attack = is_effect_attack(combo, weapon)
    tags = Tags(
        skill=combo.skill, power=combo.attack_power, effect_attack=effect_attack,
        deals_damage=combo.states_attack or not effect_attack, ignore_armor=combo.ignore_armor,
        no_dodge=combo.no_dodge, no_reaction=combo.no_reaction, ignore_guard=combo.ignore_guard,
        penetration=combo.penetration, inflicts=combo.inflicts,
    )  # fmt: skip
    if len(_tags_of) >= COMBO_CACHE_SIZE:
        _tags_of.clear()
    _tags_of[key] = (combo, tags)
    return tags


def new_round_uses(f: Fighter) -> None:
    """The cleanup process: uses counted per round start again (DX3-EFF-08)."""
    for e in f.effects:
        if e.period == ROUND:
            f.used.pop(e.name, None)

