"""Structured events returned by `apply`: every roll with its faces, every change of state."""

from __future__ import annotations

from typing import Any


class Event:
    """Something that happened: a kind, who caused it, to whom, and its details.

    A plain class rather than a NamedTuple: the compiled build (setup.py) makes it a native class,
    built several times cheaper on the rules' hot path. Events compare by value."""

    def __init__(self, kind: str, actor: int = -1, target: int = -1, data: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.actor = actor
        self.target = target
        self.data = data

    def __eq__(self, other: object) -> bool:
        """The same kind, actor, target and details."""
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self.kind == other.kind and self.actor == other.actor
            and self.target == other.target and self.data == other.data
        )  # fmt: skip

    __hash__ = None  # type: ignore[assignment]  # compared by value, and the details are a dict

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, actor={self.actor}, target={self.target}, data={self.data!r})"

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its four parts."""
        return (Event, (self.kind, self.actor, self.target, self.data))

    def get(self, key: str, default: Any = None) -> Any:
        """One detail of the event."""
        return default if self.data is None else self.data.get(key, default)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: kind, actor, target and, when there are details, `data` (nested, so a
        detail named `kind` or `target`, such as an action's kind name, never hides the event's own)."""
        out: dict[str, Any] = {"kind": self.kind, "actor": self.actor, "target": self.target}
        if self.data:
            out["data"] = dict(self.data)
        return out
