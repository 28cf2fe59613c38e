"""Maps, zones, borders, line of sight and range bands (ZONE-, ZONE-FEAT-, BORDER-, RANGE-)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import IntEnum


class Range(IntEnum):
    """RANGE-01: the five range bands, plus out of range."""

    ENGAGED = 0  # RANGE-ENGAGED: right next to you
    SHORT = 1  # RANGE-SHORT: same zone
    MEDIUM = 2  # RANGE-MEDIUM: adjacent zone
    LONG = 3  # RANGE-LONG: up to four zones (AMB-23: 2-4 hops)
    EXTREME = 4  # RANGE-EXTREME: up to about 1 km
    OUT = 5  # beyond Extreme

    @classmethod
    def parse(cls, text: str) -> Range:
        """The band named by `text` (case-insensitive)."""
        return cls[text.strip().upper()]


def band_for_hops(hops: int, extreme_max_hops: int) -> Range:
    """AMB-23: 0 hops = Short, 1 = Medium, 2-4 = Long, 5..max = Extreme, beyond = out."""
    if hops == 0:
        return Range.SHORT
    if hops == 1:
        return Range.MEDIUM
    if hops <= 4:
        return Range.LONG
    if hops <= extreme_max_hops:
        return Range.EXTREME
    return Range.OUT


class BorderKind(IntEnum):
    """BORDER-01/02: open, wall, or a wall with a door or hatch."""

    OPEN = 0
    WALL = 1
    DOOR = 2
    HATCH = 3


class DoorState(IntEnum):
    """State of a door or hatch: closed, open, locked, or broken down (ACTN-DOOR-02)."""

    CLOSED = 0
    OPEN = 1
    LOCKED = 2
    BROKEN = 3


@dataclass(frozen=True, slots=True)
class Zone:
    """ZONE-01: a room, a stretch of corridor or an area of ground, with its features."""

    name: str
    cluttered: bool = False  # ZONE-FEAT-CLUTTERED-01/02
    dim: bool = False  # ZONE-FEAT-DARK-01..03 (dimly lit)
    dark: bool = False  # DARK-01..05 (total darkness)
    cramped: bool = False  # ZONE-FEAT-CRAMPED-01..03
    covers: tuple[str, ...] = ()  # cover pieces in the zone (COVER-03..07)
    exit: bool = False  # a combatant here may leave the fight
    size_m: float | None = None  # ZONE-02: informative only


@dataclass(frozen=True, slots=True)
class Border:
    """A border between two adjacent zones (BORDER-01..04)."""

    a: int
    b: int
    kind: BorderKind = BorderKind.OPEN
    door_armor: int = 0  # ACTN-DOOR-02: sturdier doors have armor
    door_toughness: int = 5  # ACTN-DOOR-02: an ordinary wooden door gives way after 5 damage

    @property
    def has_door(self) -> bool:
        """True for a door or hatch."""
        return self.kind in (BorderKind.DOOR, BorderKind.HATCH)

    def other(self, zone: int) -> int:
        """The zone on the far side from `zone`."""
        return self.b if zone == self.a else self.a


@dataclass(slots=True)
class ZoneMap:
    """The static zone graph of a scenario: zones, borders, hop distances, cached sight lines."""

    zones: tuple[Zone, ...]
    borders: tuple[Border, ...]
    neighbours: tuple[tuple[int, ...], ...] = field(init=False)
    border_index: dict[tuple[int, int], int] = field(init=False)
    hops: tuple[tuple[int, ...], ...] = field(init=False)
    _sight_cache: dict[tuple[tuple[int, ...], int], tuple[tuple[bool, ...], ...]] = field(
        init=False, default_factory=dict
    )
    _fire_cache: dict[tuple[tuple[int, ...], int], tuple[tuple[bool, ...], ...]] = field(
        init=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        n = len(self.zones)
        adjacency: list[list[int]] = [[] for _ in range(n)]
        self.border_index = {}
        for i, border in enumerate(self.borders):
            adjacency[border.a].append(border.b)
            adjacency[border.b].append(border.a)
            self.border_index[(border.a, border.b)] = i
            self.border_index[(border.b, border.a)] = i
        self.neighbours = tuple(tuple(sorted(adj)) for adj in adjacency)
        self.hops = tuple(tuple(self._bfs(s)) for s in range(n))

    def __getstate__(self) -> dict[str, object]:
        return {"zones": self.zones, "borders": self.borders}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.zones = state["zones"]  # type: ignore[assignment]
        self.borders = state["borders"]  # type: ignore[assignment]
        self._sight_cache = {}
        self._fire_cache = {}
        self.__post_init__()

    def _bfs(self, source: int) -> list[int]:
        """Hop distances from `source` over the zone graph; unreachable = a large number."""
        dist = [10**6] * len(self.zones)
        dist[source] = 0
        queue = deque([source])
        while queue:
            z = queue.popleft()
            for w in self.neighbours[z]:
                if dist[w] > dist[z] + 1:
                    dist[w] = dist[z] + 1
                    queue.append(w)
        return dist

    def border_between(self, a: int, b: int) -> int:
        """Index of the border between zones a and b, or -1 if they are not adjacent."""
        return self.border_index.get((a, b), -1)

    def band(self, a: int, b: int, extreme_max_hops: int) -> Range:
        """RANGE-SHORT..EXTREME between two zones (Engaged is a relation between characters)."""
        return band_for_hops(self.hops[a][b], extreme_max_hops)

    def transparent(self, border: int, doors: tuple[int, ...], peek: int = -1) -> bool:
        """BORDER-03/04: open borders never block sight; blocked ones do unless peeked or broken."""
        b = self.borders[border]
        if b.kind == BorderKind.OPEN:
            return True
        if not b.has_door:
            return False
        state = doors[border]
        return state == DoorState.BROKEN or (border == peek and state == DoorState.OPEN)

    def sight(self, a: int, b: int, doors: tuple[int, ...], peek: int = -1) -> bool:
        """Line of sight between zones: a shortest path through transparent borders, not dark."""
        return self._matrix(self._sight_cache, doors, peek, fire=False)[a][b]

    def line_of_fire(self, a: int, b: int, doors: tuple[int, ...], peek: int = -1) -> bool:
        """Sight that also crosses no dim zone on the way (ZONE-FEAT-DARK-03)."""
        return self._matrix(self._fire_cache, doors, peek, fire=True)[a][b]

    def _matrix(
        self,
        cache: dict[tuple[tuple[int, ...], int], tuple[tuple[bool, ...], ...]],
        doors: tuple[int, ...],
        peek: int,
        fire: bool,
    ) -> tuple[tuple[bool, ...], ...]:
        key = (doors, peek)
        found = cache.get(key)
        if found is None:
            found = tuple(tuple(self._clear_from(s, doors, peek, fire)) for s in range(len(self.zones)))
            cache[key] = found
        return found

    def _clear_from(self, source: int, doors: tuple[int, ...], peek: int, fire: bool) -> list[bool]:
        """Zones reachable from `source` by a clear shortest path (sight, or fire if `fire`)."""
        n = len(self.zones)
        dist = self.hops[source]
        clear = [False] * n
        clear[source] = True
        for z in sorted(range(n), key=lambda i: dist[i]):
            if z == source or dist[z] >= 10**6:
                continue
            for p in self.neighbours[z]:
                if dist[p] != dist[z] - 1 or not clear[p]:
                    continue
                if p != source and self._blocks_through(self.zones[p], fire):
                    continue
                if self.transparent(self.border_index[(p, z)], doors, peek):
                    clear[z] = True
                    break
        return clear

    @staticmethod
    def _blocks_through(zone: Zone, fire: bool) -> bool:
        """Total darkness blocks sight through a zone; a dim zone blocks fire through it."""
        return zone.dark or (fire and zone.dim)
