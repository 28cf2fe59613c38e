"""A difficulty rating a game master reads at a glance: easy, fair, hard or deadly, from the party's
chance that at least one PC dies and that the whole party is knocked out (every PC Broken or dead
at the end).

Each chance is placed in a band by THRESHOLDS (a chance below a rating's limit is at most that
rating); the encounter's rating is the worse of the two. The same is done with the low and the
high ends of both 95% Wilson intervals, which gives the range of ratings the games cannot tell
apart: "hard" is settled when both ends also say hard, else the report shows e.g. "hard (fair to
deadly within the 95% intervals)": play more games to settle it. docs/design_tools.md explains it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

RATINGS: Final = ("easy", "fair", "hard", "deadly")
# (rating, any PC dies below, total party knockout below): the first row both chances are below
THRESHOLDS: Final = (
    ("easy", 0.05, 0.10),
    ("fair", 0.15, 0.25),
    ("hard", 0.30, 0.50),
)
# what deadly means: past the hard limits
DEADLY: Final = "deadly"


def band(death: float, knockout: float) -> str:
    """The rating of a pair of chances: the first row of THRESHOLDS that both are below, else deadly."""
    for rating, death_below, knockout_below in THRESHOLDS:
        if death < death_below and knockout < knockout_below:
            return rating
    return DEADLY


def thresholds_text() -> str:
    """The thresholds in one line, as reports show them beside the rating."""
    parts = [f"{rating}: death < {100 * d:.0f}% and knockout < {100 * k:.0f}%" for rating, d, k in THRESHOLDS]
    return "; ".join(parts) + "; deadly: otherwise"


def label(rating: str, lowest: str, highest: str) -> str:
    """ "hard", or "hard (fair to deadly within the 95% intervals)" when the intervals' ends give
    other ratings."""
    if lowest == rating == highest:
        return rating
    return f"{rating} ({lowest} to {highest} within the 95% intervals)"


@dataclass(frozen=True, slots=True)
class Difficulty:
    """The rating of an encounter and the chances it comes from (each with its 95% interval)."""

    rating: str  # from the two chances as measured
    lowest: str  # from the low ends of both intervals (the kindest reading of the games)
    highest: str  # from the high ends (the harshest reading)
    death: tuple[float, float, float]  # at least one PC dies: (chance, low, high)
    knockout: tuple[float, float, float]  # total party knockout: (chance, low, high)

    @property
    def settled(self) -> bool:
        """Whether both interval ends give the same rating as the estimate."""
        return self.lowest == self.rating == self.highest

    def label(self) -> str:
        """The rating with its range while the games cannot tell the ratings apart (`label`)."""
        return label(self.rating, self.lowest, self.highest)

    def to_json(self) -> dict[str, Any]:
        """The report's `difficulty` block: rating, its range, the chances and the thresholds."""
        return {
            "rating": self.rating,
            "range": [self.lowest, self.highest],
            "settled": self.settled,
            "any_pc_dies": {"probability": self.death[0], "ci95": list(self.death[1:])},
            "total_party_knockout": {"probability": self.knockout[0], "ci95": list(self.knockout[1:])},
            "thresholds": [
                {"rating": rating, "any_pc_dies_below": d, "total_party_knockout_below": k}
                for rating, d, k in THRESHOLDS
            ],
            "rule": "the first rating whose limits both chances are below, else deadly; "
            "range: the same with both intervals' low ends and high ends",
        }


def rate(death: tuple[float, float, float], knockout: tuple[float, float, float]) -> Difficulty:
    """The difficulty of an encounter from (chance, low, high) that a PC dies and that the party
    is knocked out."""
    return Difficulty(
        band(death[0], knockout[0]), band(death[1], knockout[1]), band(death[2], knockout[2]), death, knockout
    )
