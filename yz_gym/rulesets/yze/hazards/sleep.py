"""Sleep (HAZ-SLEEP-*, REST-02): a shift of sleep a day; a day without one makes the character
sleep-deprived: no recovery of stress (HEAL-09); sleep-deprived and Broken by stress, they collapse
and sleep a shift, and cannot be woken; a full shift of sleep ends the deprivation. The mental crits
that disturb sleep take effect here: Nightmares (CRIT-MENT-32-35, an Insight roll or the sleep does
not count) and Nocturnal (CRIT-MENT-36-41, sleep only in the light part of the day, TIME-07).

`sleep_shift` is a full, uninterrupted shift of sleep (REST-02: the caller does not call it for a
sleep a dramatic event cut short); `sleep_check` is the day's check for the day just ended (TIME-08);
`collapse_check` asks HAZ-SLEEP-03 after stress (a fight calls it after stress damage);
`sleep_time` runs rounds (a collapse running out)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.clock import TimeUnit
from yz_gym.core.conditions import TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import track_broken
from yz_gym.rulesets.yze.hazards.kinds import COLLAPSED, SLEEP_DEPRIVED, SLEPT, end_out_of_action, find
from yz_gym.rulesets.yze.hazards.needs import DailyNeed, day_check, deprived, meet_need
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.rolls import entry_of, roll_data, skill_roll
from yz_gym.rulesets.yze.state import Combatant, GameState

NIGHTMARES: Final = "CRIT-MENT-32-35"  # an Insight roll for each sleep shift, or it does not count
NOCTURNAL: Final = "CRIT-MENT-36-41"  # sleeps only in the light part of the day
SLEEP: Final = DailyNeed(SLEPT, SLEEP_DEPRIVED, (SLEEP_DEPRIVED.name,), "sleep_deprived", "slept")  # HAZ-SLEEP-01/02


def sleep_deprived(c: Combatant) -> bool:
    """HAZ-SLEEP-02: sleep-deprived (HEAL-09: no recovery of stress)."""
    return deprived(c, SLEEP)


def _crit(c: Combatant, rule_id: str) -> str:
    """The name of the bearer's crit of `rule_id`, or ""."""
    for injury in c.injuries:
        entry = entry_of(injury)
        if entry.rule_id == rule_id:
            return entry.name
    return ""


def sleep_shift(
    state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event], *, dark: bool = True
) -> bool:
    """HAZ-SLEEP-01/04: a full shift of sleep (`dark`: in a dark shift, TIME-07) meets the day's need
    and ends sleep deprivation at once; unless the sleeper is Nocturnal and it is dark, or has
    Nightmares and fails the Insight roll: then it does not count. True: it counted."""
    if c.dead:
        return False
    nocturnal = _crit(c, NOCTURNAL)
    if nocturnal and dark:
        events.append(Event("sleep_lost", -1, c.id, {"injury": nocturnal}))
        return False
    nightmares = _crit(c, NIGHTMARES)
    if nightmares:
        roll = skill_roll(state, c, "Insight", rng)
        events.append(Event("roll", c.id, -1, {"skill": "Insight", "purpose": "nightmares", **roll_data(roll)}))
        if roll.successes == 0:
            events.append(Event("sleep_lost", -1, c.id, {"injury": nightmares}))
            return False
    meet_need(c, SLEEP, events)  # HAZ-SLEEP-04: deprivation ends
    return True


def sleep_check(state: GameState, hazard_options: HazardOptions, c: Combatant, events: list[Event]) -> bool:
    """HAZ-SLEEP-02, TIME-08: the check for the day just ended: one who slept no full shift that day
    is sleep-deprived (and collapses at once if Broken by stress); the day's sleep is then
    forgotten. True: sleep-deprived."""
    if not day_check(c, SLEEP, 0, events):
        return False
    collapse_check(state, hazard_options, c, events)
    return True


def collapse_check(state: GameState, hazard_options: HazardOptions, c: Combatant, events: list[Event]) -> bool:
    """HAZ-SLEEP-03: sleep-deprived and Broken by stress, the character collapses asleep for
    `collapse_shifts` shifts and cannot be woken (out of action). True if they collapse now."""
    if c.dead or not sleep_deprived(c) or find(c.timed, COLLAPSED) is not None or not track_broken(state, c, False):
        return False
    shifts = hazard_options.collapse_shifts
    c.timed.append(TimedCondition(COLLAPSED.name, shifts * state.options.clock.rounds(TimeUnit.SHIFT)))
    c.incapacitated = True
    events.append(Event("collapsed", -1, c.id, {"shifts": shifts}))
    return True


def sleep_time(
    state: GameState, hazard_options: HazardOptions, c: Combatant, rounds: int, events: list[Event]
) -> None:
    """`rounds` rounds pass: a sleep-deprived character Broken by stress collapses (HAZ-SLEEP-03);
    a collapse that runs out wakes them, its sleep counted (HAZ-SLEEP-04)."""
    collapse_check(state, hazard_options, c, events)
    collapse = find(c.timed, COLLAPSED)
    if c.dead or collapse is None:
        return
    collapse.left -= rounds
    if collapse.left <= 0:
        end_out_of_action(c, collapse)
        meet_need(c, SLEEP, events)  # HAZ-SLEEP-04: deprivation ends
