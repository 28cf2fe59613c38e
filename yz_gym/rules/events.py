"""Structured events returned by `apply`: every roll with its faces, every change of state."""

from __future__ import annotations

from typing import Any, NamedTuple

from yz_gym.rules.dice import Roll


class Event(NamedTuple):
    """Something that happened: a kind, who caused it, to whom, and its details."""

    kind: str
    actor: int = -1
    target: int = -1
    data: dict[str, Any] | None = None

    def get(self, key: str, default: Any = None) -> Any:
        """One detail of the event."""
        return default if self.data is None else self.data.get(key, default)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        out: dict[str, Any] = {"kind": self.kind, "actor": self.actor, "target": self.target}
        if self.data:
            out.update(self.data)
        return out


def roll_data(roll: Roll) -> dict[str, Any]:
    """Every die of a roll as [source, sides, face] triples, with its successes and banes."""
    return {
        "dice": [[s, n, f] for s, n, f in zip(roll.pool.sources, roll.pool.sides, roll.faces, strict=True)],
        "successes": roll.successes,
        "banes": roll.banes(),
        "pushed": roll.pushed,
    }
