"""Game time: the units round < stretch < shift < day < week and their lengths (TIME-01..06).

Each unit is a whole number of the next smaller one; a ruleset's options give the lengths (YZE:
`rounds_per_stretch` and `stretches_per_shift`, the switches of AMB-01/TIME-06; a day of 4
shifts, TIME-02; a week of 7 days, TIME-04)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final


class TimeUnit(IntEnum):
    """The units of game time, shortest first (TIME-04)."""

    ROUND = 0  # combat and chases, about 6 s
    STRETCH = 1  # exploring a place, about 6 min
    SHIFT = 2  # travel, about 6 h
    DAY = 3  # 4 shifts: morning, day, evening, night (TIME-02)
    WEEK = 4  # 7 days (TIME-04: hunger, forage and hunt resets)


UNIT_NAMES: Final = tuple(unit.name.lower() for unit in TimeUnit)  # "round", "stretch", ...
SHIFTS_PER_DAY: Final = 4  # TIME-02
DAYS_PER_WEEK: Final = 7  # TIME-04


def unit_named(name: str) -> TimeUnit:
    """The unit called `name` ("round", "stretch", "shift", "day" or "week")."""
    try:
        return TimeUnit(UNIT_NAMES.index(name))
    except ValueError:
        raise ValueError(f"unknown time unit {name!r}; use one of {', '.join(UNIT_NAMES)}") from None


@dataclass(frozen=True, slots=True)
class Clock:
    """How long each unit is, in the next smaller one (TIME-06's defaults)."""

    rounds_per_stretch: int = 60  # TIME-06, AMB-01 (S2: 100)
    stretches_per_shift: int = 60  # TIME-06, AMB-01 (the former TRAVEL-23: 48; S2: 36)
    shifts_per_day: int = SHIFTS_PER_DAY
    days_per_week: int = DAYS_PER_WEEK

    def __post_init__(self) -> None:
        for name in ("rounds_per_stretch", "stretches_per_shift", "shifts_per_day", "days_per_week"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")

    def length(self, unit: TimeUnit, of: TimeUnit = TimeUnit.ROUND) -> int:
        """How many `of` make one `unit` (`unit` no shorter than `of`), e.g. rounds in a shift."""
        if unit < of:
            raise ValueError(f"a {UNIT_NAMES[unit]} is shorter than a {UNIT_NAMES[of]}")
        steps = (self.rounds_per_stretch, self.stretches_per_shift, self.shifts_per_day, self.days_per_week)
        count = 1
        for step in steps[of:unit]:
            count *= step
        return count

    def rounds(self, unit: TimeUnit) -> int:
        """Rounds in one `unit`."""
        return self.length(unit, TimeUnit.ROUND)
