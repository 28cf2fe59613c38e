"""A riding animal's state (MOUNT-15: Strength and Agility only); the rules of riding are in mounts/riding.py.

Data only, so that a combatant can hold its mount without importing the rules that act on it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Mount:
    """A riding animal (MOUNT-15: Strength and Agility only)."""

    name: str
    strength: int  # MOUNT-12/14: its damage track; dead at 0
    max_strength: int
    agility: int  # MOUNT-06: used for the rider's Mobility rolls (pool dice, or a step die's sides)
    cramped_ok: bool = False  # MOUNT-04 "usually": this one can enter cramped zones
    carry: int = 0  # MOUNT-01: regular items it can carry for its rider
    dead: bool = False  # MOUNT-14
    zone: int = -1  # DISMOUNT: where it stands riderless; -1 = under its rider

    def copy(self) -> Mount:
        """An independent copy."""
        return Mount(
            self.name, self.strength, self.max_strength, self.agility, self.cramped_ok, self.carry, self.dead,
            self.zone,
        )  # fmt: skip

    @property
    def ridden(self) -> bool:
        """Alive and under its rider (not left riderless in a zone)."""
        return self.zone < 0 and not self.dead
