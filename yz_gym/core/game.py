"""What every game mode shares: how a game ended."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning side (or None), why, and after how many rounds."""

    winner: str | None
    reason: str
    rounds: int
