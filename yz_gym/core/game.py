"""What every game mode shares: how a game ended."""

from __future__ import annotations

from dataclasses import dataclass

from yz_gym.core.ending import Termination


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning side (or None), why in words, after how many rounds, and
    why as a type."""

    winner: str | None
    reason: str
    rounds: int
    termination: Termination
