"""Vehicles moving on a zone fight's map: where they can go, the shortest drivable ways, driving
and flying (VEH-MOVE-01/02, VEH-AIR-01..03, AMB-11).

- Zones a vehicle cannot enter: cramped ones, and those marked `vehicles: false` in the map
  (ruins, dense woods, a market's alleys). A ground vehicle crosses only open borders and doors
  broken down. An air vehicle in flight (altitude 1+) passes over any border to any adjacent zone,
  and lands (descends to 0) only where a vehicle can enter.
- Air vehicles (VEH-AIR-01..03): each zone of movement is horizontal or vertical: DRIVE climbs or
  descends one zone (option CLIMB / DESCEND) or moves one zone across; a MANEUVER goes all
  across or all up/down (one direction per action, altitude 0..MAX_ALTITUDE). Range counts the
  difference in altitude as zones (seats.band). Nobody gets in or out in flight, and
  nothing rams from or at altitude. A wrecked aircraft crashes: D3 + altitude for everyone
  aboard, less the vehicle's armor and a Mobility brace roll (VEH-AIR-04/05, vehicles/damage.py); a
  failed engine brings it down one zone per round, landing safely (AMB-42, `engine_fail_air`).
"""

from __future__ import annotations

from collections import deque
from typing import Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
from yz_gym.rulesets.yze.zone.movement import passable

MAX_ALTITUDE: Final = 10  # VEH-AIR-02: the highest an aircraft climbs in a zone fight
MAX_MANEUVER: Final = 6  # the farthest zone a MANEUVER may aim at


def enterable(state: GameState, zone: int) -> bool:
    """A zone a vehicle may be in on the ground: not cramped, not marked `vehicles: false`."""
    z = state.zone_map.zones[zone]
    return z.vehicles and not z.cramped


def drivable(state: GameState, v: VehicleState, zone: int, dest: int) -> bool:
    """One zone across: over anything in flight; on the ground through an open way."""
    if v.air and v.altitude > 0:
        return True
    return enterable(state, dest) and passable(state, zone, dest)


def drive_paths(state: GameState, v: VehicleState, limit: int) -> dict[int, list[int]]:
    """The shortest drivable way to each zone up to `limit` zones away (start excluded)."""
    paths: dict[int, list[int]] = {v.zone: []}
    queue = deque([v.zone])
    while queue:
        zone = queue.popleft()
        if len(paths[zone]) >= limit:
            continue
        for dest in state.zone_map.neighbours[zone]:
            if dest not in paths and drivable(state, v, zone, dest):
                paths[dest] = [*paths[zone], dest]
                queue.append(dest)
    del paths[v.zone]
    return paths


def move_vehicle(state: GameState, v: VehicleState, dest: int) -> None:
    """Occupants move with the vehicle."""
    v.zone = dest
    for o in v.occupants:
        c = state.combatants[o]
        c.zone = dest
        c.peek = -1


def climb_ok(state: GameState, v: VehicleState, step: int) -> bool:
    """VEH-AIR-02/03: altitude stays within 0..MAX_ALTITUDE; landing only where vehicles go."""
    after = v.altitude + step
    if not v.air or not 0 <= after <= MAX_ALTITUDE:
        return False
    return after > 0 or enterable(state, v.zone)


def fly_step(state: GameState, v: VehicleState, step: int, zones: int, events: list[Event]) -> None:
    """VEH-AIR-02/03: climb (step 1) or descend (step -1) up to `zones` zones, as far as the air allows."""
    moved = 0
    while moved < zones and climb_ok(state, v, step):
        v.altitude += step
        moved += 1
    events.append(Event("flew", v.driver, -1, {"vehicle": v.name, "altitude": v.altitude}))


def drive_to(state: GameState, v: VehicleState, dest: int, zones: int, events: list[Event]) -> None:
    """VEH-MOVE-01/02: up to `zones` zones along the shortest drivable way toward `dest`."""
    path = drive_paths(state, v, MAX_MANEUVER).get(dest, [])[:zones]
    for zone in path:
        move_vehicle(state, v, zone)
    events.append(Event("drove", v.driver, -1, {"vehicle": v.name, "zone": v.zone, "zones": len(path)}))
