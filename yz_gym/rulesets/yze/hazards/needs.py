"""The daily needs: food (HAZ-HUNGER-01/02), water (ENV-06) and sleep (HAZ-SLEEP-01/02), one home for
what they share. A need met today leaves its marker (FED, WATERED, SLEPT); the check for the day
just ended (TIME-08: at the start of the morning shift) turns a day without it into its deprivation,
and meeting the need ends the deprivation, with its countdown to death, at once (HAZ-HUNGER-06,
ENV-06, HAZ-SLEEP-04)."""

from __future__ import annotations

from dataclasses import dataclass

from yz_gym.core.conditions import ConditionKind, TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards.kinds import find
from yz_gym.rulesets.yze.state import Combatant


@dataclass(frozen=True, slots=True)
class DailyNeed:
    """A need met once a day: its marker, the deprivation a day without it brings, what meeting it
    ends, and the events that say so."""

    met: ConditionKind  # the day's marker (FED, WATERED, SLEPT)
    lacking: ConditionKind  # the deprivation (STARVING, DEHYDRATED, SLEEP_DEPRIVED)
    ends: tuple[str, ...]  # the kinds meeting the need ends: the deprivation and its death countdown
    went_without: str  # the event of a day without it
    relieved: str  # the event of meeting it while deprived


def deprived(c: Combatant, need: DailyNeed) -> bool:
    """The bearer lacks `need` (a day passed without it, and it was not met since)."""
    return find(c.timed, need.lacking) is not None


def meet_need(c: Combatant, need: DailyNeed, events: list[Event]) -> bool:
    """The day's need is met: its marker is set and its deprivation ends at once. True if the
    bearer was deprived."""
    if c.dead:
        return False
    was = deprived(c, need)
    if was:
        c.timed = [t for t in c.timed if t.kind not in need.ends]
        events.append(Event(need.relieved, -1, c.id))
    if find(c.timed, need.met) is None:
        c.timed.append(TimedCondition(need.met.name, 0))
    return was


def day_check(c: Combatant, need: DailyNeed, left: int, events: list[Event]) -> bool:
    """TIME-08: the check for the day just ended: one whose need was not met that day is deprived
    (a new deprivation falls due in `left` rounds); the day's marker is then forgotten. True:
    deprived."""
    if c.dead:
        return False
    marker = find(c.timed, need.met)
    if marker is not None:
        c.timed.remove(marker)
        return deprived(c, need)
    if not deprived(c, need):
        c.timed.append(TimedCondition(need.lacking.name, left))
        events.append(Event(need.went_without, -1, c.id))
    return True
