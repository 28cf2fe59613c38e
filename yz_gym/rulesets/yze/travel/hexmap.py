"""The travel map: 10-km hexes (TRAVEL-01) with a terrain, roads and rivers; the terrain table
(TRAVEL-14..21), the cost of entering a hex (TRAVEL-04, TRAVEL-10..13, TRAVEL-23), the way to the
goal, and veering (TRAVEL-09).

Hexes are in "odd-r" offset coordinates (column, row; odd rows shifted right); a hex's six
neighbours are listed clockwise from east, so the hex to the right of a heading is the next one."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Final

LETTERS: Final = {
    "o": "open",
    "f": "forest",
    "h": "hills",
    "m": "mountains",
    "w": "water",
    "s": "marsh",
    "u": "ruins",
}
RANGES: Final = ("short", "medium", "long", "extreme")  # ENCOUNTER-01: the range bands, nearest first
IMPASSABLE: Final = -1  # the cost of a hex a mover cannot enter


@dataclass(frozen=True, slots=True)
class Terrain:
    """One row of the terrain table (TRAVEL-14..21)."""

    name: str
    slowdown: int  # off-road driving: entering costs this many hexes of movement (x1/2 = 2, TRAVEL-13)
    driving: int  # driving roll modifier (DRIVE-03)
    forage: int  # forage modifier (FORAGE-01); water uses the shore (FORAGE-06)
    hunt: int  # hunt modifier (HUNT-01)
    distance: int  # encounter distance, an index of RANGES (WATCH-03)


TERRAIN_TABLE: Final = {
    "open": Terrain("open", 1, 1, -1, 1, 3),  # TRAVEL-15
    "forest": Terrain("forest", 2, -1, 1, 1, 1),  # TRAVEL-16
    "hills": Terrain("hills", 2, 0, 0, 0, 2),  # TRAVEL-17
    "mountains": Terrain("mountains", 3, -1, -2, -1, 2),  # TRAVEL-18
    "water": Terrain("water", 1, 2, 0, 0, 3),  # TRAVEL-19: x1 with a boat; forage "-" (FORAGE-06)
    "marsh": Terrain("marsh", 4, -1, -1, 0, 2),  # TRAVEL-20
    "ruins": Terrain("ruins", 2, 0, -2, -1, 1),  # TRAVEL-21
}
ROAD_DRIVING: Final = 3  # TRAVEL-14: the road's driving modifier
ROAD_DISTANCE: Final = 2  # TRAVEL-14: Long, the minimum on a road

_EVEN: Final = ((1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1))  # E, SE, SW, W, NW, NE (even rows)
_ODD: Final = ((1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1))  # the same on odd rows


@dataclass(frozen=True, slots=True)
class HexMap:
    """A small travel map: its size and each hex's terrain, road and river (row by row)."""

    width: int
    height: int
    terrain: tuple[str, ...]
    road: tuple[bool, ...]
    river: tuple[bool, ...]

    def index(self, col: int, row: int) -> int:
        """The hex at (col, row), or -1 off the map."""
        if 0 <= col < self.width and 0 <= row < self.height:
            return row * self.width + col
        return -1

    def coords(self, hex_: int) -> tuple[int, int]:
        """(col, row) of a hex."""
        return hex_ % self.width, hex_ // self.width

    def neighbour(self, hex_: int, direction: int) -> int:
        """The neighbour in `direction` (0 east, clockwise), or -1 off the map."""
        col, row = self.coords(hex_)
        dc, dr = (_ODD if row % 2 else _EVEN)[direction % 6]
        return self.index(col + dc, row + dr)

    def direction(self, hex_: int, to: int) -> int:
        """The direction from `hex_` to the neighbouring hex `to` (-1 if not neighbours)."""
        for d in range(6):
            if self.neighbour(hex_, d) == to:
                return d
        return -1

    def row(self, hex_: int) -> Terrain:
        """The terrain-table row of a hex."""
        return TERRAIN_TABLE[self.terrain[hex_]]

    def water_near(self, hex_: int) -> bool:
        """FISH-01, FORAGE-03: the hex has or borders a river or lake."""
        if self.river[hex_] or self.terrain[hex_] == "water":
            return True
        return any(n >= 0 and self.terrain[n] == "water" for n in (self.neighbour(hex_, d) for d in range(6)))


def parse_rows(rows: list[str]) -> HexMap:
    """A map from rows of tokens: a terrain letter (o f h m w s u), `=` for a road, `~` for a river.
    ValueError (naming the row and token) for anything else."""
    terrain: list[str] = []
    road: list[bool] = []
    river: list[bool] = []
    width = -1
    for r, line in enumerate(rows):
        tokens = line.split()
        if width < 0:
            width = len(tokens)
        if not tokens or len(tokens) != width:
            raise ValueError(
                f"row {r} has {len(tokens)} hexes, the first row {width}; give every row as many"
            )
        for token in tokens:
            letter, marks = token[0], token[1:]
            if letter not in LETTERS or any(m not in "=~" for m in marks):
                raise ValueError(
                    f"row {r}: hex {token!r}; write a terrain letter ({', '.join(f'{k} {v}' for k, v in LETTERS.items())})"
                    " then = for a road and ~ for a river"
                )
            terrain.append(LETTERS[letter])
            road.append("=" in marks)
            river.append("~" in marks)
    if width < 1:
        raise ValueError("the map has no rows; give at least one row of hexes")
    return HexMap(width, len(rows), tuple(terrain), tuple(road), tuple(river))


def foot_cost(hexmap: HexMap, hex_: int, stretches: int, frozen: bool) -> int:
    """TRAVEL-04, TRAVEL-23: stretches a marcher spends entering a hex: half a shift on a road or in
    open terrain (2 hexes a shift), a whole shift elsewhere; water only when frozen (ENV-11)."""
    kind = hexmap.terrain[hex_]
    if kind == "water" and not hexmap.road[hex_]:
        return stretches // 2 if frozen else IMPASSABLE
    return stretches // 2 if hexmap.road[hex_] or kind == "open" else stretches


def drive_cost(
    hexmap: HexMap, hex_: int, stretches: int, road_speed: int, offroad_speed: int, night: bool, frozen: bool = False
) -> int:
    """TRAVEL-10..13, TRAVEL-23, DRIVE-02: stretches a vehicle spends entering a hex: a shift over its
    road speed on a road; off-road a shift times the terrain's slowdown over its off-road speed,
    twice that at night; a vehicle without off-road speed stays on roads, and none crosses water
    unless it is `frozen` (ENV-11: the ice is driven as the lake's x1)."""
    if hexmap.road[hex_]:
        return -(-stretches // road_speed) if road_speed > 0 else IMPASSABLE
    if offroad_speed <= 0 or (hexmap.terrain[hex_] == "water" and not frozen):
        return IMPASSABLE
    scale = 2 if night else 1
    return -(-stretches * hexmap.row(hex_).slowdown * scale // offroad_speed)


WAY_CACHE_SIZE: Final = 4096  # ways kept per process; the cache starts again when full
WayKey = tuple[int, tuple[str, ...], tuple[bool, ...], tuple[bool, ...], int, int, tuple[int, ...]]
_WAYS: Final[dict[WayKey, tuple[int, ...]]] = {}  # (the map's width and hexes, start, goal, costs) -> way


def way(hexmap: HexMap, start: int, goal: int, costs: list[int]) -> list[int]:
    """The cheapest way from `start` to `goal` (the hexes after `start`), `costs[h]` the cost of
    entering h (IMPASSABLE: never); ties go to the lower hex numbers. [] if there is none.
    Remembered per process, keyed by the map's contents (a clone's or an unpickled copy's map finds
    the same ways, another map never does), the two hexes and the costs."""
    key = (hexmap.width, hexmap.terrain, hexmap.road, hexmap.river, start, goal, tuple(costs))
    found = _WAYS.get(key)
    if found is None:
        if len(_WAYS) >= WAY_CACHE_SIZE:
            _WAYS.clear()
        found = _WAYS[key] = tuple(_cheapest(hexmap, start, goal, costs))
    return list(found)


def _cheapest(hexmap: HexMap, start: int, goal: int, costs: list[int]) -> list[int]:
    """Dijkstra's search for `way`."""
    best = {start: 0}
    came: dict[int, int] = {}
    queue = [(0, start)]
    while queue:
        spent, here = heapq.heappop(queue)
        if here == goal:
            break
        if spent > best.get(here, spent):
            continue
        for d in range(6):
            there = hexmap.neighbour(here, d)
            if there < 0 or costs[there] == IMPASSABLE:
                continue
            total = spent + costs[there]
            if total < best.get(there, total + 1):
                best[there] = total
                came[there] = here
                heapq.heappush(queue, (total, there))
    if goal not in came:
        return []
    path = [goal]
    while path[-1] in came and came[path[-1]] != start:
        path.append(came[path[-1]])
    path.reverse()
    return path


def veer(hexmap: HexMap, here: int, intended: int, die: int) -> int:
    """TRAVEL-09: a failed navigation roll: an even die takes the group to the hex right of the one
    it meant to enter, an odd die to the hex left of it (-1: that hex is off the map)."""
    heading = hexmap.direction(here, intended)
    return hexmap.neighbour(here, heading + (1 if die % 2 == 0 else 5))


def shore_forage(hexmap: HexMap, hex_: int) -> int:
    """FORAGE-06 `shore`: in a lake or river hex, food is foraged on the shore: the forage modifier
    of the first land hex around it, clockwise from east (+0 if there is none)."""
    for d in range(6):
        there = hexmap.neighbour(hex_, d)
        if there >= 0 and hexmap.terrain[there] != "water":
            return hexmap.row(there).forage
    return 0


def encounter_distance(hexmap: HexMap, hex_: int) -> int:
    """TRAVEL-14..21, WATCH-03: the terrain's encounter distance (an index of RANGES); a road is
    Long at least."""
    distance = hexmap.row(hex_).distance
    return max(distance, ROAD_DISTANCE) if hexmap.road[hex_] else distance
