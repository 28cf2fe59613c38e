"""Stage gimmicks (HR-GIMMICK-01..03) and the damage of the surroundings (DX3-DMG-07): falling debris,
a collapsing ceiling, an explosion set off by the scenario in a round's setup process.

Everyone standing where a gimmick strikes may react (HR-GIMMICK-01; AMB-38: NPCs too unless
`gimmick_reacts: pcs`): a dodge against the gimmick's difficulty when it can be avoided
(HR-GIMMICK-02), else a guard with the best ガード値 in hand. The reaction is taken for them, as
the best one: a dodge costs nothing and a guard only lowers damage. The damage is the GM's roll,
(dice)D10 + bonus (2D10 + n by default), minus 装甲値 unless `gimmick_armor` is off. A gimmick that
distracts releases the engagements of those it catches (HR-GIMMICK-03): until their main process
ends they may leave with a 戦闘移動, with no 離脱, check or blockade."""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.attack import best_guard, dodge_check, faces, fell
from yz_gym.rulesets.dx3.character import hp_damage, take_damage
from yz_gym.rulesets.dx3.dice import d10s, roll
from yz_gym.rulesets.dx3.state import Dx3State, Gimmick


def strike(state: Dx3State, gimmick: Gimmick, rng: np.random.Generator, events: list[Event]) -> None:
    """The gimmick goes off: each fighter standing at its positions reacts and takes its damage."""
    caught = [
        f for f in state.fighters if not f.down and (not gimmick.positions or f.pos in gimmick.positions)
    ]  # fmt: skip
    events.append(Event("gimmick", -1, -1, {"name": gimmick.name, "caught": [f.id for f in caught]}))
    options = state.options
    rolled: list[int] = []  # one damage roll for the gimmick, as for an area attack (DX3-ATK-10)
    for f in caught:
        guard = 0
        avoided = False
        if f.pc or options.gimmick_reacts == "everyone":
            if gimmick.difficulty >= 0:
                result = roll(dodge_check(state, f), rng)
                avoided = result.succeeds(gimmick.difficulty)
                events.append(Event("gimmick_dodge", f.id, -1, {
                    "faces": faces(result), "achievement": result.achievement, "fumble": result.fumble,
                    "difficulty": gimmick.difficulty, "avoided": avoided,
                }))  # fmt: skip
            else:
                guard = best_guard(state, f)
        if not avoided:
            if not rolled:
                rolled = d10s(gimmick.dice, rng)
            total = sum(rolled) + gimmick.bonus
            armor = f.armor_value if options.gimmick_armor else 0
            lost = take_damage(f.char, hp_damage(total, armor, guard))
            events.append(Event("gimmick_damage", -1, f.id, {
                "faces": rolled, "total": total, "armor": armor, "guard": guard, "hp_lost": lost, "hp": f.char.hp,
            }))  # fmt: skip
            if f.down:
                events.append(Event("down", f.id, -1))
                fell(state, f)
                continue
        if gimmick.distracts and state.enemies_at(f):
            f.distracted = True
            events.append(Event("distracted", f.id))
