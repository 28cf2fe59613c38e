"""Stage gimmicks (HR-GIMMICK-01..03) and the damage of the surroundings (DX3-DMG-07): falling debris,
a collapsing ceiling, an explosion set off by the scenario in a round's setup process.

Everyone standing where a gimmick strikes may react (HR-GIMMICK-01; AMB-38: NPCs too unless
`gimmick_reacts: pcs`): a dodge against the gimmick's difficulty when it can be avoided
(HR-GIMMICK-02), else a guard with the best ガード値 in hand. The reaction is taken for them, as
the best one: a dodge costs nothing and a guard only lowers damage; a PC may sublimate Titus on its
dodge (checks.pause: the strike waits in Dx3State.strike). The damage is the GM's roll,
(dice)D10 + bonus (2D10 + n by default), minus 装甲値 unless `gimmick_armor` is off. A gimmick that
distracts releases the engagements of those it catches (HR-GIMMICK-03): until their main process
ends they may leave with a 戦闘移動, with no 離脱, check or blockade."""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.attack import best_guard, dodge_check, faces, fell
from yz_gym.rulesets.dx3.character import hp_damage, take_damage
from yz_gym.rulesets.dx3.checks import pause
from yz_gym.rulesets.dx3.dice import CheckResult, d10s, roll
from yz_gym.rulesets.dx3.state import CheckFor, Dx3Action, Dx3State, Fighter, Gimmick, Kind, Strike


def strike(state: Dx3State, index: int, rng: np.random.Generator, events: list[Event]) -> None:
    """The scenario's gimmick `index` goes off: each fighter standing at its positions reacts and takes
    its damage (`go_on`)."""
    gimmick = state.scenario.gimmicks[index]
    caught = [
        f.id for f in state.fighters if not f.down and (not gimmick.positions or f.pos in gimmick.positions)
    ]  # fmt: skip
    events.append(Event("gimmick", -1, -1, {"name": gimmick.name, "caught": caught}))
    state.strike = Strike(index, caught)
    go_on(state, rng, events)


def go_on(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> None:
    """The gimmick reaches those it caught still waiting, in order; it stops at a PC that may sublimate
    on its dodge (the sublimation decision then calls `dodged` and this again)."""
    s = state.strike
    assert s is not None
    gimmick = state.scenario.gimmicks[s.gimmick]
    while s.caught:
        f = state.fighters[s.caught[0]]
        reacts = f.pc or state.options.gimmick_reacts == "everyone"
        if reacts and gimmick.difficulty >= 0:
            check = dodge_check(state, f)
            if pause(state, f, CheckFor.GIMMICK, Dx3Action(Kind.DODGE), check, difficulty=gimmick.difficulty):
                return
            dodged(state, f, roll(check, rng), rng, events)
        else:
            s.caught.pop(0)
            _suffer(state, f, gimmick, best_guard(state, f) if reacts else 0, rng, events)
    state.strike = None


def dodged(state: Dx3State, f: Fighter, result: CheckResult, rng: np.random.Generator, events: list[Event]) -> None:
    """f's dodge against the striking gimmick is final: avoided at its difficulty, or f takes the damage."""
    s = state.strike
    assert s is not None
    s.caught.pop(0)
    gimmick = state.scenario.gimmicks[s.gimmick]
    avoided = result.succeeds(gimmick.difficulty)
    events.append(Event("gimmick_dodge", f.id, -1, {
        "faces": faces(result), "achievement": result.achievement, "fumble": result.fumble,
        "difficulty": gimmick.difficulty, "avoided": avoided,
    }))  # fmt: skip
    if avoided:
        _distract(state, f, gimmick, events)
    else:
        _suffer(state, f, gimmick, 0, rng, events)


def _suffer(
    state: Dx3State, f: Fighter, gimmick: Gimmick, guard: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """f takes the gimmick's damage, one roll for all it hits as for an area attack (DX3-ATK-10)."""
    s = state.strike
    assert s is not None
    if not s.rolled:
        s.rolled = d10s(gimmick.dice, rng)
    total = sum(s.rolled) + gimmick.bonus
    armor = f.armor_value if state.options.gimmick_armor else 0
    lost = take_damage(f.char, hp_damage(total, armor, guard))
    events.append(Event("gimmick_damage", -1, f.id, {
        "faces": s.rolled, "total": total, "armor": armor, "guard": guard, "hp_lost": lost, "hp": f.char.hp,
    }))  # fmt: skip
    if f.down:
        events.append(Event("down", f.id, -1))
        fell(state, f)
        return
    _distract(state, f, gimmick, events)


def _distract(state: Dx3State, f: Fighter, gimmick: Gimmick, events: list[Event]) -> None:
    """A distracting gimmick releases f's engagement (HR-GIMMICK-03)."""
    if gimmick.distracts and state.enemies_at(f):
        f.distracted = True
        events.append(Event("distracted", f.id))
