"""Whom an attack strikes and how far it reaches (DX3-ATK-05..08, DX3-DMG-11, DX3-HID-04): one
chosen character, or every character of an area: 範囲 (one engagement, friend and foe), 範囲(選択)
(the characters chosen in one engagement), シーン (the whole scene), シーン(選択) (those chosen in it),
and N体 (up to N chosen characters, DX3-ATK-06).

The chosen forms need a choice of characters that a fixed action space cannot offer one by one:
for the (選択) forms the simulator chooses every enemy the user may choose there (never the hidden,
DX3-HID-04); for N体 the action names the first target and `count_targets` the other N-1."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.dx3.effects import AREA, AREA_SELECT, COUNT, RANGE_CLOSE, SCENE, SCENE_SELECT, Aim
from yz_gym.rulesets.dx3.gear import Weapon
from yz_gym.rulesets.dx3.state import Dx3State, Fighter
from yz_gym.rulesets.dx3.stealth import targetable

AREAS: Final = (AREA, AREA_SELECT, SCENE, SCENE_SELECT)
SCENES: Final = (SCENE, SCENE_SELECT)
CHOSEN: Final = (AREA_SELECT, SCENE_SELECT)


def is_area(target: str) -> bool:
    """An area 対象 (DX3-ATK-07): one engagement or the scene."""
    return target in AREAS


def reaches(aim: Aim | None, weapon: Weapon, distance: int, same: bool, ranged_in_engagement: bool) -> bool:
    """Whether an attack reaches an engagement `distance` metres away (0 and `same`: the user's own):
    a scene target reaches the whole scene; an effect attack reaches its effects' range (至近: the
    user's engagement; metres, the own engagement included as `ranged_in_engagement` says, DX3-ENG-09);
    any other attack its weapon's (DX3-ATK-05)."""
    if aim is not None and aim.target in SCENES:
        return True
    if aim is None or not aim.effect_attack:
        return weapon.reaches(distance, same, ranged_in_engagement)
    if same:
        return aim.range == RANGE_CLOSE or ranged_in_engagement
    return aim.range > RANGE_CLOSE and distance <= aim.range


def struck(state: Dx3State, f: Fighter, target: str, named: Fighter) -> list[int]:
    """The characters an attack of 対象 `target` declared at `named` strikes, in fight order: `named`
    alone for a single target; for 範囲 everyone in named's engagement, friend and foe (DX3-ATK-07),
    the user only with `area_includes_self` (DX3-ATK-08); for シーン everyone in the scene so; for
    the (選択) forms every enemy there the user may choose (module docstring). A 戦闘不能 character
    only with `target_downed` (DX3-DMG-11); a hidden one only by 範囲 and シーン (DX3-HID-04)."""
    if target not in AREAS:
        return [named.id]
    options = state.options
    scene = target in SCENES
    chosen = target in CHOSEN
    out = []
    for g in state.fighters:
        if not scene and g.pos != named.pos:
            continue
        if g.id == f.id and (chosen or not options.area_includes_self):
            continue
        if (chosen and g.side == f.side) or g.dead or (g.down and not options.target_downed):
            continue
        if targetable(g.hidden, target, options):
            out.append(g.id)
    return out


def count_struck(
    state: Dx3State, f: Fighter, count: int, aim: Aim | None, weapon: Weapon, named: Fighter
) -> list[int]:  # fmt: skip
    """The characters an N体 attack (DX3-ATK-06: an N体 combo, or an N体 weapon's attack, `count` = N)
    declared at `named` strikes, in fight order: `named` and up to N-1 other enemies f may choose
    (standing unless `target_downed`, not hidden, DX3-HID-04) that the attack reaches, picked as
    `count_targets` says: nearest to `named`, or fewest HP left, fight order on ties; `named_only`:
    `named` alone."""
    options = state.options
    if options.count_targets == "named_only" or count <= 1:
        return [named.id]
    others = [
        g for g in state.fighters
        if g.id != named.id and g.side != f.side and not g.dead and (not g.down or options.target_downed)
        and targetable(g.hidden, COUNT, options)
        and reaches(aim, weapon, abs(g.pos - f.pos), g.pos == f.pos, options.ranged_in_engagement)
    ]  # fmt: skip
    if options.count_targets == "weakest":
        others.sort(key=lambda g: (g.char.hp, g.id))
    else:
        others.sort(key=lambda g: (abs(g.pos - named.pos), g.id))
    return sorted([named.id, *(g.id for g in others[: count - 1])])
