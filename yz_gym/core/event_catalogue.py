"""The catalogue of event kinds a ruleset may emit: each kind once, with its data keys and meaning.

A ruleset fills one `EventCatalogue` (yz_gym/rulesets/yze/event_kinds.py for YZE) and registers it; the
tests play seeded games and fail on an event whose kind is not catalogued or whose data carries a
key its kind does not declare, and on a catalogued kind no game produces unless it is marked rare.
Nothing checks events on the hot path: the catalogue is the contract that tests and readers use.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of event: its name, the data keys it may carry, what it means, and (when games
    seldom produce it) why it is rare."""

    name: str
    keys: frozenset[str]
    meaning: str
    rare: str = ""  # "" = common: seeded random games produce it; else when it happens


class EventCatalogue:
    """The event kinds of one ruleset, each declared once."""

    def __init__(self, ruleset: str) -> None:
        self.ruleset = ruleset
        self._kinds: dict[str, EventKind] = {}

    def add(self, name: str, meaning: str, keys: Iterable[str] = (), *, rare: str = "") -> None:
        """Declare the kind `name`: its one-line meaning, its data keys and, if rare, when it occurs."""
        if name in self._kinds:
            raise ValueError(f"event kind {name!r} is catalogued twice in {self.ruleset}")
        if not meaning or "\n" in meaning:
            raise ValueError(f"event kind {name!r}: give a one-line meaning")
        self._kinds[name] = EventKind(name, frozenset(keys), meaning, rare)

    def __getitem__(self, name: str) -> EventKind:
        return self._kinds[name]

    def __contains__(self, name: object) -> bool:
        return name in self._kinds

    def __iter__(self) -> Iterator[EventKind]:
        return iter(self._kinds.values())

    def __len__(self) -> int:
        return len(self._kinds)

    def problem(self, kind: str, data: Mapping[str, Any] | None) -> str | None:
        """What is wrong with an event of `kind` carrying `data` (None: it fits the catalogue)."""
        entry = self._kinds.get(kind)
        if entry is None:
            return f"event kind {kind!r} is not in the {self.ruleset} catalogue"
        extra = sorted(set(data or ()) - entry.keys)
        if extra:
            return f"event kind {kind!r} carries undeclared data keys {extra} (declared: {sorted(entry.keys)})"
        return None


CATALOGUES: dict[str, EventCatalogue] = {}


def register(catalogue: EventCatalogue) -> EventCatalogue:
    """Make `catalogue` the event catalogue of its ruleset."""
    if catalogue.ruleset in CATALOGUES:
        raise ValueError(f"the {catalogue.ruleset} event catalogue is registered twice")
    CATALOGUES[catalogue.ruleset] = catalogue
    return catalogue


def catalogue_of(ruleset: str) -> EventCatalogue:
    """The registered event catalogue of `ruleset`."""
    try:
        return CATALOGUES[ruleset]
    except KeyError:
        raise KeyError(f"no event catalogue for ruleset {ruleset!r}; known: {sorted(CATALOGUES)}") from None
