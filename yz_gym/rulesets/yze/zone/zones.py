"""Maps, zones, borders, line of sight and range bands (ZONE-, ZONE-FEAT-, BORDER-, RANGE-)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

UNREACHABLE: Final = 10**6  # hop count between zones with no path between them
DIM_OBSERVATION_MOD: Final = -2  # ZONE-FEAT-DARK-01: Observation rolls made in a dimly lit zone

Peeks = int | tuple[int, ...]  # AMB-26: the border (or borders) someone is looking through


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


UNLOCKED: Final = frozenset({DoorState.CLOSED, DoorState.OPEN})  # BORDER-02: a door or hatch that opens
SHUT: Final = frozenset({DoorState.CLOSED, DoorState.LOCKED})  # no way through without opening or forcing it
_DOOR_KINDS: Final = frozenset({BorderKind.DOOR, BorderKind.HATCH})


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
    size_m: float | None = None  # ZONE-02: informative only; ranges count zones, not meters
    vehicles: bool = True  # False: no vehicle enters (ruins, woods); cramped zones never do

    @property
    def observation_modifier(self) -> int:
        """ZONE-FEAT-DARK-01: Observation rolls made in a dimly lit zone get -2."""
        return DIM_OBSERVATION_MOD if self.dim else 0


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
        return self.kind in _DOOR_KINDS

    def other(self, zone: int) -> int:
        """The zone on the far side from `zone`."""
        return self.b if zone == self.a else self.a


@dataclass(slots=True)
class ZoneMap:
    """The static zone graph of a scenario: zones, borders, hop distances, cached sight lines.

    ZONE-01: nodes are zones, edges are borders (walls included: a walled-off zone is still
    adjacent, so at Medium range, but nothing moves or sees through the wall).
    ZONE-04 (theater of the mind): a fight without a map is a one-zone map, see
    `theater_of_the_mind`: everyone is at Short or Engaged range, which is what the seed
    recommends it for (tight spaces, few combatants).
    AMB-25: in a cramped zone the occupants form a line; `cramped_front` names the exit at
    the front of that line (the lowest-numbered neighbour); every other exit is at the back.
    """

    zones: tuple[Zone, ...]
    borders: tuple[Border, ...]
    neighbours: tuple[tuple[int, ...], ...] = field(init=False)
    door_neighbours: tuple[tuple[int, ...], ...] = field(init=False)  # through a door or hatch
    border_index: dict[tuple[int, int], int] = field(init=False)
    hops: tuple[tuple[int, ...], ...] = field(init=False)
    _sight_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[bool, ...], ...]] = field(
        init=False, default_factory=dict
    )
    _fire_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[bool, ...], ...]] = field(
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
        self.door_neighbours = tuple(
            tuple(b for b in adj if self.borders[self.border_index[(a, b)]].has_door)
            for a, adj in enumerate(self.neighbours)
        )
        self.hops = tuple(tuple(self._bfs(s)) for s in range(n))

    @classmethod
    def theater_of_the_mind(
        cls, name: str = "Scene", *, cluttered: bool = False, dim: bool = False, cramped: bool = False
    ) -> ZoneMap:
        """ZONE-04: a conflict with no map is one zone: every range is Engaged or Short."""
        return cls((Zone(name, cluttered=cluttered, dim=dim, cramped=cramped),), ())

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
        dist = [UNREACHABLE] * len(self.zones)
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

    def cramped_front(self, zone: int) -> int:
        """AMB-25: the exit at the front end of a cramped zone's line (-1 if it has none)."""
        neighbours = self.neighbours[zone]
        return neighbours[0] if neighbours else -1

    def band(self, a: int, b: int, extreme_max_hops: int) -> Range:
        """RANGE-SHORT..EXTREME between two zones (Engaged is a relation between characters)."""
        return band_for_hops(self.hops[a][b], extreme_max_hops)

    def transparent(self, border: int, doors: tuple[int, ...], peek: Peeks = -1) -> bool:
        """BORDER-03/04: open borders never block sight; a wall always does; a door or hatch
        does unless it is broken down, or open with someone peeking through it (AMB-26)."""
        b = self.borders[border]
        if b.kind == BorderKind.OPEN:
            return True
        if not b.has_door:
            return False
        state = doors[border]
        return state == DoorState.BROKEN or (state == DoorState.OPEN and border in _peek_set(peek))

    def sight(self, a: int, b: int, doors: tuple[int, ...], peek: Peeks = -1) -> bool:
        """Line of sight between zones: a shortest path whose borders are all transparent.

        Lighting does not block sight through a zone (AMB-24); it limits what can be hit."""
        return self._matrix(self._sight_cache, doors, peek, fire=False)[a][b]

    def line_of_fire(self, a: int, b: int, doors: tuple[int, ...], peek: Peeks = -1) -> bool:
        """Sight whose path crosses no dim or dark zone between the two ends (ZONE-FEAT-DARK-03).

        The shooter's and the target's own zones may be dim or dark: firing into a dim zone
        costs -2 (ZONE-FEAT-DARK-02), and DARK-03..05 limit shots into darkness."""
        return self._matrix(self._fire_cache, doors, peek, fire=True)[a][b]

    def sight_from(self, a: int, doors: tuple[int, ...], peek: Peeks = -1) -> tuple[bool, ...]:
        """`sight` from zone `a` to every zone, in zone order."""
        return self._matrix(self._sight_cache, doors, peek, fire=False)[a]

    def fire_from(self, a: int, doors: tuple[int, ...], peek: Peeks = -1) -> tuple[bool, ...]:
        """`line_of_fire` from zone `a` to every zone, in zone order."""
        return self._matrix(self._fire_cache, doors, peek, fire=True)[a]

    def _matrix(
        self,
        cache: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[bool, ...], ...]],
        doors: tuple[int, ...],
        peek: Peeks,
        fire: bool,
    ) -> tuple[tuple[bool, ...], ...]:
        peeks = _peek_set(peek)
        key = (doors, peeks)
        found = cache.get(key)
        if found is None:
            found = tuple(tuple(self._clear_from(s, doors, peeks, fire)) for s in range(len(self.zones)))
            cache[key] = found
        return found

    def _clear_from(
        self, source: int, doors: tuple[int, ...], peeks: tuple[int, ...], fire: bool
    ) -> list[bool]:
        """Zones reachable from `source` by a clear shortest path (sight, or fire if `fire`)."""
        n = len(self.zones)
        dist = self.hops[source]
        clear = [False] * n
        clear[source] = True
        for z in sorted(range(n), key=lambda i: dist[i]):
            if z == source or dist[z] >= UNREACHABLE:
                continue
            for p in self.neighbours[z]:
                if dist[p] != dist[z] - 1 or not clear[p]:
                    continue
                if fire and p != source and self._blocks_fire(self.zones[p]):
                    continue
                if self.transparent(self.border_index[(p, z)], doors, peeks):
                    clear[z] = True
                    break
        return clear

    @staticmethod
    def _blocks_fire(zone: Zone) -> bool:
        """ZONE-FEAT-DARK-03: ranged attacks cannot pass through a dim zone (nor a dark one)."""
        return zone.dim or zone.dark


def _peek_set(peek: Peeks) -> tuple[int, ...]:
    """The borders being peeked through, as a sorted tuple without -1 (a cache key)."""
    if isinstance(peek, int):
        return () if peek < 0 else (peek,)
    for p in peek:
        if p >= 0:
            return tuple(sorted({p for p in peek if p >= 0}))
    return ()  # nobody peeking: the common case
