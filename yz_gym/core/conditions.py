"""Timed conditions: a state a combatant is in for a while, counted on the game clock.

A ruleset declares each kind once (`ConditionKind`: the rule it comes from, the clock unit it
counts in, what ticks it, what it does when it falls due, what ends it); a combatant carries
instances (`TimedCondition`: the kind's name and its counters). YZE's burns of FIRE-05 are the
first: a death roll on each of the bearer's turns until dead or saved by a Healing roll. The
hazards (poison, drowning, cold, disease: a roll each stretch, shift or day) and DX3's bad
statuses (until the end of a round or a scene) are kinds of the same shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from yz_gym.core.clock import Clock, TimeUnit


class Tick(IntEnum):
    """What counts a condition down."""

    TURN = 0  # the start of each of its bearer's turns (FIRE-05: "every turn")
    UNIT = 1  # each passing of its clock unit, whoever acts (a hazard rolled every stretch or shift)
    NONE = 2  # nothing: it lasts until an event ends it (hypothermia until warmed, HAZ-COLD-07)


class Due(IntEnum):
    """What a condition does when its count reaches 0."""

    DEATH_ROLL = 0  # the bearer makes a death roll; failing it kills (DEATH-01/02)
    HAZARD_ROLL = 1  # the condition's potency is rolled against the bearer (poison, cold, drowning)
    ENDS = 2  # the condition simply ends (a bad status that lasts so long)
    DEATH = 3  # the bearer dies, no roll (Broken while drowning: dead a stretch later, HAZ-DROWN-06)


@dataclass(frozen=True, slots=True)
class ConditionKind:
    """One kind of timed condition, as its ruleset declares it."""

    name: str
    rule: str  # the rule it comes from, e.g. "FIRE-05"
    unit: TimeUnit  # the clock unit it counts in
    tick: Tick
    due: Due
    every: int = 1  # units between two falls due
    healing_ends: bool = False  # a successful Healing roll (stabilising) ends it (FIRE-05, DEATH-04)
    meaning: str = ""

    def start(self, potency: int = 0) -> TimedCondition:
        """A fresh condition of this kind, due after `every` units."""
        return TimedCondition(self.name, self.every, potency)


@dataclass(slots=True)
class TimedCondition:
    """A condition a combatant is in: its kind's name, units left until it falls due, its potency
    (the hazard's rating; 0 = none) and whether a Healing try must wait for it to fall due again
    (DEATH-05)."""

    kind: str
    left: int
    potency: int = 0
    heal_blocked: bool = False

    def copy(self) -> TimedCondition:
        """An independent copy."""
        return TimedCondition(self.kind, self.left, self.potency, self.heal_blocked)


def falls_due(condition: TimedCondition, kind: ConditionKind, clock: Clock, rounds: int) -> int:
    """Count `condition` down by `rounds` rounds of play (whole units of its kind only) and return
    how often it fell due; each time it is due again `kind.every` units later. The caller applies
    the effect that many times, stopping early if its bearer dies."""
    units = rounds // clock.rounds(kind.unit)
    times = 0
    while units >= condition.left:
        units -= condition.left
        condition.left = kind.every
        times += 1
    condition.left -= units
    return times
