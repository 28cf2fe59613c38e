"""How dice and armor or cover ratings read in combat logs (zone/narrate.py, vehicles/narrate.py, chase/narrate.py)."""

from __future__ import annotations

from typing import Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.dice import Source, grade_for

SOURCE_MARK: Final = {Source.ATTRIBUTE: "", Source.SKILL: "s", Source.GEAR: "g", Source.ARTIFACT: "a", Source.STRESS: "x"}


def faces_text(event: Event, step: bool = False) -> str:
    """Dice faces like [6 3 1 s6 s2 g4], marked by source; a die other than a D6 shows its size
    (5/d8), and with step dice (`step`) every die does, a D6 too (4/d6)."""
    dice = event.get("dice") or []
    if not dice:
        return "[no dice]"
    parts = []
    for source, sides, face in dice:
        mark = SOURCE_MARK[Source(source)]
        parts.append(f"{mark}{face}" if sides == 6 and not step else f"{mark}{face}/d{sides}")
    return "[" + " ".join(parts) + "]"


def rating_text(rating: int, step: bool = False) -> str:
    """An armor or cover rating: its number (ARMOR-01), or with step dice its grade A-D (AMB-04)."""
    if not step:
        return str(rating)
    return grade_for(rating) if rating > 0 else "none"
