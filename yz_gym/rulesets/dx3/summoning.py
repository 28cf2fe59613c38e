"""Weapons that effects create (DX3-EFF-M05, `special: weapon`, the bundled `summon_weapon`): a minor
action (Kind.MAKE_WEAPON) declares the effect, pays its 侵蝕値, and the weapon it makes is carried
for the scene and equipped at once, putting away what `drop` says as an equip would (DX3-WPN-03/04).

The made weapon is a one-handed melee weapon (〈白兵〉, 至近) named after the effect, with the effect's
numbers at its use level: 命中 = `achievement`, 攻撃力 = `attack_power`, ガード値 = `guard` (the bundled
one: 命中 -2, 攻撃力 Lv + 6, ガード値 6). Once made it is one of the fighter's carried weapons, so an
attack, a guard or an equip names it by its index like any other. The action is offered with the first
such effect usable now (制限 and uses) while the fighter carries fewer than MAX_CARRIED weapons and none
made by that effect."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.combos import pay, usable_specials
from yz_gym.rulesets.dx3.effects import MINOR, combine, use_level
from yz_gym.rulesets.dx3.gear import MELEE, Weapon
from yz_gym.rulesets.dx3.state import (
    MAX_CARRIED,
    PUT_ALL_AWAY,
    Dx3Action,
    Dx3State,
    Fighter,
    Kind,
    hand_drops,
)

WEAPON_SPECIAL: Final = "weapon"  # the special of an effect that creates a weapon (effects.SPECIALS)


def maker(state: Dx3State, f: Fighter) -> int:
    """The index of f's first minor weapon-making effect it may use now (module docstring); -1: none."""
    if len(f.weapons) >= MAX_CARRIED:
        return -1
    held = {w.name for w in f.weapons}
    made = [k for k in usable_specials(state, f, WEAPON_SPECIAL, MINOR) if f.effects[k].name not in held]
    return made[0] if made else -1


def making(state: Dx3State, f: Fighter) -> list[Dx3Action]:
    """The minor actions that make a weapon with f's maker effect and equip it, one per way of freeing
    a hand (`drop`: nothing, one held weapon, or every one)."""
    k = maker(state, f) if f.effects else -1
    if k < 0:
        return []
    return [Dx3Action(Kind.MAKE_WEAPON, combo=k, drop=d) for d in hand_drops(f, False)]


def made_weapon(state: Dx3State, f: Fighter, k: int) -> Weapon:
    """The weapon f's effect k makes at f's 侵蝕率 now (its level read before the cost, DX3-ENC-05)."""
    e = f.effects[k]
    level = use_level(e, f.char.encroachment, state.options.encroach_table)
    return Weapon(
        e.name, MELEE, MELEE, e.achievement.at(level), e.attack_power.at(level), e.guard.at(level),
        close=True, reach=0,
    )  # fmt: skip


def make(state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]) -> None:
    """f declares weapon-making effect `action.combo`: it pays the 侵蝕値 and counts a use, and the weapon
    joins its carried ones, equipped at once with `action.drop` put away."""
    k = action.combo
    weapon = made_weapon(state, f, k)
    pay(state, f, combine([f.effects[k]], MINOR, f.char.encroachment, state.options.encroach_table), rng, events)
    f.weapons = (*f.weapons, weapon)
    away = list(f.equipped) if action.drop == PUT_ALL_AWAY else [e for e in f.equipped if e == action.drop]
    f.equipped = [e for e in f.equipped if e not in away] + [len(f.weapons) - 1]
    events.append(Event("made_weapon", f.id, -1, {
        "weapon": weapon.name, "hit": weapon.hit, "attack": weapon.attack, "guard": weapon.guard,
        "put_away": ", ".join(f.weapons[e].name for e in away),
    }))  # fmt: skip
