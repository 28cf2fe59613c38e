"""Poison (HAZ-POISON-*): a Potency, an opposed Stamina roll against it, and one of three effects,
lethal, paralysing or sleeping (ENV-02); an antidote ends them (HAZ-POISON-04).

`expose_to_poison` is what a poisoned weapon, a gas or a swallowed item calls; `poison_turn` runs
at the start of the victim's turns in a fight (lethal poison); `poison_time` counts rounds passing,
in a fight (one a round) or away from it (a stretch, a shift at a time)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.clock import TimeUnit, unit_named
from yz_gym.core.conditions import TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import kill, take_damage, track_broken
from yz_gym.rulesets.yze.hazards.kinds import (
    ASLEEP,
    LETHAL_POISON,
    PARALYSED,
    POISON_KINDS,
    count_down,
    end_out_of_action,
    find,
)
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.hazards.resisting import resist
from yz_gym.rulesets.yze.hazards.setting import Poison
from yz_gym.rulesets.yze.state import Combatant, GameState

LETHAL_DAMAGE: Final = 1  # HAZ-POISON-LETHAL-01: each of the victim's own turns


def expose_to_poison(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    poison: Poison,
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """HAZ-POISON-02/03: the victim rolls Stamina against the potency; on a loss the poison's effect
    starts. True: poisoned."""
    if c.dead or resist(state, hazard_options, c, poison.name, poison.potency, rng, events):
        return False
    clock = state.options.clock
    if poison.effect == "lethal":
        period = clock.rounds(unit_named(hazard_options.lethal_tick))
        _start(c, TimedCondition(LETHAL_POISON.name, period, poison.potency))
    else:
        kind = PARALYSED if poison.effect == "paralysing" else ASLEEP
        rounds = clock.rounds(TimeUnit.STRETCH if kind is PARALYSED else TimeUnit.SHIFT)
        _start(c, TimedCondition(kind.name, rounds, poison.potency))
        c.incapacitated = True  # HAZ-POISON-PARALYZE-01/SLEEP-01: no action while it lasts
    events.append(Event("poisoned", -1, c.id, {"poison": poison.name, "effect": poison.effect,
                                               "potency": poison.potency}))
    return True


def _start(c: Combatant, fresh: TimedCondition) -> None:
    """A new dose: one condition of each kind, the longer time and the stronger potency kept."""
    held = next((t for t in c.timed if t.kind == fresh.kind), None)
    if held is None:
        c.timed.append(fresh)
        return
    held.potency = max(held.potency, fresh.potency)
    if fresh.kind != LETHAL_POISON.name:
        held.left = max(held.left, fresh.left)


def poison_turn(
    state: GameState, hazard_options: HazardOptions, c: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """HAZ-POISON-LETHAL-01/02 in a fight: at the start of each of the victim's turns."""
    condition = find(c.timed, LETHAL_POISON)
    if condition is not None and not c.dead:
        _lethal_tick(state, hazard_options, c, condition, rng, events)


def _lethal_tick(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    condition: TimedCondition,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """1 damage until Broken (no critical injury, as fire's FIRE-05); once Broken, a second roll
    against the potency: a loss kills, a win ends the poison or waits for the next tick."""
    if not track_broken(state, c, True):
        take_damage(state, c, LETHAL_DAMAGE, rng, events, crit_allowed=False)
        if c.dead or not track_broken(state, c, True):
            return
    if not resist(state, hazard_options, c, "lethal_poison", condition.potency, rng, events):
        kill(state, c, events, "lethal poison (HAZ-POISON-LETHAL-02)", rng)
    elif hazard_options.lethal_resisted == "ends":
        _end(c, condition, "resisted", events)


def poison_time(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    rounds: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    in_fight: bool = True,
) -> None:
    """`rounds` rounds pass: paralysis (a stretch) and sleep (a shift) run out; away from a fight
    (`in_fight=False`), lethal poison also ticks once per `lethal_tick` (AMB-06)."""
    for condition in [t for t in c.timed if t.kind in POISON_KINDS]:
        if c.dead:
            return
        if condition.kind == LETHAL_POISON.name:
            if in_fight:
                continue  # ticked on the victim's turns (poison_turn)
            period = state.options.clock.rounds(unit_named(hazard_options.lethal_tick))
            for _ in range(count_down(condition, rounds, period)):
                if c.dead or condition not in c.timed:
                    break
                _lethal_tick(state, hazard_options, c, condition, rng, events)
        elif count_down(condition, rounds, 1) > 0:
            _end(c, condition, "time", events)


def give_antidote(c: Combatant, events: list[Event], giver: int = -1) -> bool:
    """HAZ-POISON-04: an antidote ends every poison effect on `c`. True if one ended."""
    ended = [t for t in c.timed if t.kind in POISON_KINDS]
    for condition in ended:
        _end(c, condition, "antidote", events, giver)
    return bool(ended)


def _end(c: Combatant, condition: TimedCondition, by: str, events: list[Event], giver: int = -1) -> None:
    """The poison's effect is over; the victim may act again unless something else stops it."""
    end_out_of_action(c, condition)
    events.append(Event("poison_ended", giver, c.id, {"condition": condition.kind, "by": by}))
