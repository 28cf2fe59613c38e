"""Hunger (HAZ-HUNGER-*, RATION-01): a food ration a day; a day without one makes the character
starving: no recovery of damage (HEAL-08, stress still recovers), 1 damage a week, and death when
another week without food passes after being Broken while starving. Eating ends it at once.

`eat` records a ration eaten (the caller takes it from the rations) and ends starvation;
`starvation_check` is the day's check for the day just ended (TIME-08: at the start of the morning
shift); `hunger_time` runs rounds of starvation (a shift at a time on a journey)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.clock import TimeUnit
from yz_gym.core.conditions import TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import kill, take_damage, track_broken
from yz_gym.rulesets.yze.hazards.kinds import FED, STARVED, STARVING, find
from yz_gym.rulesets.yze.state import Combatant, GameState

STARVING_DAMAGE: Final = 1  # HAZ-HUNGER-04: each week of starvation


def starving(c: Combatant) -> bool:
    """HAZ-HUNGER-02: starving (HEAL-08: no recovery of damage)."""
    return find(c.timed, STARVING) is not None


def eat(c: Combatant, events: list[Event]) -> bool:
    """HAZ-HUNGER-01/06: the character eats a food ration: the day's need is met and starvation, with
    its week to death, ends at once. True if they were starving."""
    if c.dead:
        return False
    was = starving(c)
    c.timed = [t for t in c.timed if t.kind not in (STARVING.name, STARVED.name)]
    if find(c.timed, FED) is None:
        c.timed.append(TimedCondition(FED.name, 0))
    if was:
        events.append(Event("fed", -1, c.id))
    return was


def starvation_check(state: GameState, c: Combatant, events: list[Event]) -> bool:
    """HAZ-HUNGER-02, TIME-08: the check for the day just ended: one who ate nothing that day is
    starving (the first damage a week later); the day's meal is then forgotten. True: starving."""
    if c.dead:
        return False
    meal = find(c.timed, FED)
    if meal is not None:
        c.timed.remove(meal)
        return starving(c)
    if not starving(c):
        c.timed.append(TimedCondition(STARVING.name, state.options.clock.rounds(TimeUnit.WEEK)))
        events.append(Event("starving", -1, c.id))
    return True


def hunger_time(
    state: GameState, c: Combatant, rounds: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """`rounds` rounds of starvation pass: 1 damage at the end of each week of it (HAZ-HUNGER-04, no
    critical injury, CRIT-04); Broken while starving (by hunger or anything else), dead when a
    further week without food has passed (HAZ-HUNGER-05)."""
    condition = find(c.timed, STARVING)
    if c.dead or condition is None:
        return
    week = state.options.clock.rounds(TimeUnit.WEEK)
    while rounds > 0 and not c.dead:
        death = find(c.timed, STARVED)
        if death is None and track_broken(state, c, True):
            death = TimedCondition(STARVED.name, week)
            c.timed.append(death)
        step = min(rounds, condition.left, death.left if death is not None else rounds)
        rounds -= step
        condition.left -= step
        if death is not None:
            death.left -= step
            if death.left <= 0 and track_broken(state, c, True):
                kill(state, c, events, "starvation (HAZ-HUNGER-05)", rng)
                return
            if death.left <= 0:
                c.timed.remove(death)  # back on their feet (first aid) before the week ran out
        if condition.left <= 0:
            condition.left = week
            if not track_broken(state, c, True):
                take_damage(state, c, STARVING_DAMAGE, rng, events, crit_allowed=False)
