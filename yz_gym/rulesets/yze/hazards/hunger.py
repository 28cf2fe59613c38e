"""Hunger (HAZ-HUNGER-*, RATION-01) and thirst (ENV-06, RATION-04), the two privations of the same
shape. A food ration a day; a day without one makes the character starving: no recovery of damage
(HEAL-08, stress still recovers), 1 damage a week, and death when another week without food passes
after being Broken while starving. Thirst follows the hunger rule, faster: a water ration a day; a
day without makes the character dehydrated: no recovery of damage or stress (HEAL-12), 1 damage a
day, and death when another day passes without water after being Broken while dehydrated. Eating
or drinking ends each at once.

`eat` and `drink` record a ration taken (the caller takes it from the stores); `starvation_check`
and `thirst_check` are the day's checks for the day just ended (TIME-08: at the start of the
morning shift; hazards/needs.py); `hunger_time` and `thirst_time` run rounds of privation (a shift
at a time on a journey)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from yz_gym.core.clock import TimeUnit
from yz_gym.core.conditions import ConditionKind, TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import kill, take_damage, track_broken
from yz_gym.rulesets.yze.hazards.kinds import DEHYDRATED, FED, PARCHED, STARVED, STARVING, WATERED, find
from yz_gym.rulesets.yze.hazards.needs import DailyNeed, day_check, deprived, meet_need
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.state import Combatant, GameState

STARVING_DAMAGE: Final = 1  # HAZ-HUNGER-04: each week of starvation


@dataclass(frozen=True, slots=True)
class Privation:
    """Going without food or water: the daily need, the countdown to death once Broken, the unit of
    both the damage and that countdown, and the cause of death."""

    need: DailyNeed
    dying: ConditionKind
    period: TimeUnit
    cause: str


HUNGER: Final = Privation(
    DailyNeed(FED, STARVING, (STARVING.name, STARVED.name), "starving", "fed"),
    STARVED, TimeUnit.WEEK, "starvation (HAZ-HUNGER-05)",
)  # fmt: skip
THIRST: Final = Privation(
    DailyNeed(WATERED, DEHYDRATED, (DEHYDRATED.name, PARCHED.name), "dehydrated", "quenched"),
    PARCHED, TimeUnit.DAY, "thirst (ENV-06)",
)  # fmt: skip


def starving(c: Combatant) -> bool:
    """HAZ-HUNGER-02: starving (HEAL-08: no recovery of damage)."""
    return deprived(c, HUNGER.need)


def dehydrated(c: Combatant) -> bool:
    """ENV-06: dehydrated (HEAL-12: no recovery of damage, nor of stress by default)."""
    return deprived(c, THIRST.need)


def eat(c: Combatant, events: list[Event]) -> bool:
    """HAZ-HUNGER-01/06: the character eats a food ration: the day's need is met and starvation, with
    its week to death, ends at once. True if they were starving."""
    return meet_need(c, HUNGER.need, events)


def drink(c: Combatant, events: list[Event]) -> bool:
    """ENV-06, RATION-04: the character drinks the day's water: dehydration, with its day to death,
    ends at once. True if they were dehydrated."""
    return meet_need(c, THIRST.need, events)


def starvation_check(state: GameState, c: Combatant, events: list[Event]) -> bool:
    """HAZ-HUNGER-02, TIME-08: the check for the day just ended: one who ate nothing that day is
    starving (the first damage a week later). True: starving."""
    return day_check(c, HUNGER.need, state.options.clock.rounds(TimeUnit.WEEK), events)


def thirst_check(state: GameState, hazard_options: HazardOptions, c: Combatant, events: list[Event]) -> bool:
    """ENV-06, TIME-08: one who drank no water ration that day is dehydrated (the first damage a day
    later); with `thirst` off, nobody is. True: dehydrated."""
    if not hazard_options.thirst:
        marker = find(c.timed, WATERED)
        if marker is not None:
            c.timed.remove(marker)
        return False
    return day_check(c, THIRST.need, state.options.clock.rounds(TimeUnit.DAY), events)


def hunger_time(
    state: GameState, c: Combatant, rounds: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """`rounds` rounds of starvation pass: 1 damage at the end of each week of it (HAZ-HUNGER-04, no
    critical injury, CRIT-04); Broken while starving (by hunger or anything else), dead when a
    further week without food has passed (HAZ-HUNGER-05)."""
    privation_time(state, HUNGER, STARVING_DAMAGE, c, rounds, rng, events)


def thirst_time(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    rounds: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """`rounds` rounds of dehydration pass: `dehydration_damage` at the end of each day of it (ENV-06,
    no critical injury, CRIT-04); Broken while dehydrated, dead when a further day without water has
    passed."""
    privation_time(state, THIRST, hazard_options.dehydration_damage, c, rounds, rng, events)


def privation_time(
    state: GameState,
    privation: Privation,
    damage: int,
    c: Combatant,
    rounds: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """`rounds` rounds of going without: `damage` at the end of each period of it; Broken meanwhile
    (by it or anything else), dead when a further period has passed without the need met."""
    condition = find(c.timed, privation.need.lacking)
    if c.dead or condition is None:
        return
    period = state.options.clock.rounds(privation.period)
    while rounds > 0 and not c.dead:
        death = find(c.timed, privation.dying)
        if death is None and track_broken(state, c, True):
            death = TimedCondition(privation.dying.name, period)
            c.timed.append(death)
        step = min(rounds, condition.left, death.left if death is not None else rounds)
        rounds -= step
        condition.left -= step
        if death is not None:
            death.left -= step
            if death.left <= 0 and track_broken(state, c, True):
                kill(state, c, events, privation.cause, rng)
                return
            if death.left <= 0:
                c.timed.remove(death)  # back on their feet (first aid) before the period ran out
        if condition.left <= 0:
            condition.left = period
            if damage > 0 and not track_broken(state, c, True):
                take_damage(state, c, damage, rng, events, crit_allowed=False)
