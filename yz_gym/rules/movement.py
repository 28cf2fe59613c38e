"""Moving on the zone map: run, crawl, doors, retreat, engaging, cluttered and cramped zones."""

from __future__ import annotations

from yz_gym.rules.rolls import injury_of
from yz_gym.rules.state import Combatant, GameState
from yz_gym.rules.zones import BorderKind, DoorState


def engaged_enemies(state: GameState, c: Combatant) -> list[Combatant]:
    """Active enemies at Engaged range (ACTN-RUN-02, ACTN-RETREAT-01)."""
    result = []
    for other_id in c.engaged:
        other = state.combatants[other_id]
        if other.side != c.side and not other.out:
            result.append(other)
    return result


def moving_is_slow(c: Combatant) -> bool:
    """CRIT-PHYS-14/25/35/41/42/51: some injuries make every move a slow action."""
    return any(injury_of(i.table, i.code).moving_is_slow for i in c.injuries if i.table != "fire")


def passable(state: GameState, zone: int, dest: int, crawling: bool = False) -> bool:
    """BORDER-03: an open border (or a door broken down) lets you run through."""
    border = state.zone_map.border_between(zone, dest)
    if border < 0:
        return False
    b = state.zone_map.borders[border]
    if b.kind == BorderKind.OPEN:
        return True
    if not b.has_door:
        return False
    door = state.doors[border]
    return door == DoorState.BROKEN or (crawling and door == DoorState.OPEN)


def door_to(state: GameState, zone: int, dest: int) -> bool:
    """BORDER-02/ACTN-DOOR-01: a closed or open (not locked) door or hatch leads there."""
    border = state.zone_map.border_between(zone, dest)
    if border < 0 or not state.zone_map.borders[border].has_door:
        return False
    return state.doors[border] in (DoorState.CLOSED, DoorState.OPEN)


def cramped_front(state: GameState, zone: int, dest: int) -> bool:
    """AMB-25: a cramped zone is a line; its first neighbour is the front end."""
    neighbours = state.zone_map.neighbours[zone]
    return bool(neighbours) and dest == neighbours[0]


def cramped_exit_clear(state: GameState, c: Combatant, dest: int) -> bool:
    """ZONE-FEAT-CRAMPED-02: nobody between you and the way out you take."""
    queue = state.cramped.get(c.zone)
    if not queue:
        return True
    if cramped_front(state, c.zone, dest):
        return queue[0] == c.id
    return queue[-1] == c.id


def cramped_adjacent(state: GameState, a: Combatant, b: Combatant) -> bool:
    """ZONE-FEAT-CRAMPED-02/03: in a cramped zone you reach only those next to you."""
    queue = state.cramped.get(a.zone)
    if not queue or a.zone != b.zone:
        return True
    return abs(queue.index(a.id) - queue.index(b.id)) == 1


def can_move_at_all(c: Combatant) -> bool:
    """ACTN-GRAPPLE-01/02: a grappled one cannot move; a grappler only grapples."""
    return c.grappled_by < 0 and c.grappling < 0


def enter_zone(state: GameState, c: Combatant, dest: int) -> None:
    """Move to a zone: engagements end, cover and peeking are lost, cramped lines updated."""
    origin = c.zone
    for other_id in c.engaged:
        state.combatants[other_id].engaged.discard(c.id)
    c.engaged.clear()
    c.cover = -1
    c.peek = -1
    queue = state.cramped.get(origin)
    if queue is not None and c.id in queue:
        queue.remove(c.id)
    c.zone = dest
    queue = state.cramped.get(dest)
    if queue is not None:
        if cramped_front(state, dest, origin):
            queue.insert(0, c.id)
        else:
            queue.append(c.id)


def disengage(state: GameState, c: Combatant) -> None:
    """Step back to Short range from everyone you were engaged with."""
    for other_id in c.engaged:
        state.combatants[other_id].engaged.discard(c.id)
    c.engaged.clear()


def engage(state: GameState, a: Combatant, b: Combatant) -> None:
    """ACTN-RUN-01: a and b are now at Engaged range."""
    a.engaged.add(b.id)
    b.engaged.add(a.id)
