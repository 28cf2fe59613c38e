"""Where to draw each zone: a deterministic layered layout of the zone graph."""

from __future__ import annotations

from collections import deque

from yz_gym.rulesets.yze.zone.zones import ZoneMap


def zone_positions(zone_map: ZoneMap) -> list[tuple[float, float]]:
    """(x, y) per zone: columns by hop distance from zone 0, rows spread within a column."""
    n = len(zone_map.zones)
    layer = [-1] * n
    columns: list[list[int]] = []
    for root in range(n):
        if layer[root] >= 0:
            continue
        base = len(columns)
        layer[root] = base
        queue = deque([root])
        while queue:
            z = queue.popleft()
            while len(columns) <= layer[z]:
                columns.append([])
            columns[layer[z]].append(z)
            for w in zone_map.neighbours[z]:
                if layer[w] < 0:
                    layer[w] = layer[z] + 1
                    queue.append(w)
    positions = [(0.0, 0.0)] * n
    for x, column in enumerate(columns):
        for row, z in enumerate(column):
            positions[z] = (float(x), float(row) - (len(column) - 1) / 2)
    return positions
