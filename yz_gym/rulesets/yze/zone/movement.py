"""Moving on the zone map: run, crawl, doors, retreat, engaging, cluttered, dark and cramped zones.

Decisions the seeds leave open (documented here, tested in tests/rules/test_movement.py):

- AMB-23 / ACTN-RUN-01: closing from Short to Engaged is a Run (fast). A prone character
  closes in by crawling (slow; the CRAWL action with a target instead of a zone).
- ZONE-FEAT-CRAMPED-01 / ACTN-CRAWL-02: in or into a cramped zone the only way to move is to
  crawl, so you must be prone (dropping prone is a free action). Standing there, you cannot
  run, go through a door or close in.
- AMB-25: a cramped zone's occupants stand in a line between its front exit (the zone's
  first neighbour) and its back exits. You leave only by the end of the line you are at,
  newcomers join the end they come in by, and you reach (engage, strike, shoot) only the
  one next to you. Combatants out of the fight (Broken, dead, surrendered, fled) do not
  block the line: you crawl over them.
- Crawling through an unlocked closed door or hatch opens it on the way (a crawl is slow).
  A Retreat may also go through an unlocked door (it opens).
- Moving while prone is crawling, a slow action (ACTN-CRAWL-03): a prone Retreat is slow.
- ZONE-FEAT-CLUTTERED-01/02 / ACTN-RUN-03: every fast move into a cluttered zone (Run, Go
  through a door) rolls Mobility; a failure still gets you in, but prone. A Retreat into a
  cluttered zone uses its own Mobility roll for this too (one roll, as AMB-12 does for
  mounts). Crawling in needs no roll: you are already on the ground.
- DARK-01/02: in total darkness you feel your way: a crawl needs no roll, but every fast move
  that starts or ends in a dark zone (Run, Go through a door, close in) rolls Mobility; a
  failure costs 1 damage (you still move).
- Cover and moving within a zone: closing in to Engaged (Run, Crawl, a diving blow) or stepping
  back to Short (Retreat) moves you, so it leaves your cover, as a move to another zone does;
  the one you close in on keeps its cover (docs/scenarios.md, "Cover, prone and Engaged").
- AMB-26: Peek is a fast action at an unlocked door or hatch of your zone: it opens the door
  and gives you (and those you look at) sight through it until you move (or until your next
  turn with `peek_lasts: round`).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import take_damage
from yz_gym.rulesets.yze.rolls import entry_of
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.zone.actions import Kind
from yz_gym.rulesets.yze.zone.zones import UNLOCKED, BorderKind, DoorState

_OPEN: Final = BorderKind.OPEN  # read once: an enum member's lookup (`BorderKind.OPEN`) is slow, and
_BROKEN: Final = DoorState.BROKEN  # `passable` is asked for every move of every listing


def engaged_enemies(state: GameState, c: Combatant) -> list[Combatant]:
    """Active enemies at Engaged range (ACTN-RUN-02, ACTN-RETREAT-01)."""
    result = []
    for other_id in c.engaged:
        other = state.combatants[other_id]
        if other.side != c.side and not other.out:
            result.append(other)
    return result


def moving_is_slow(c: Combatant) -> bool:
    """ACTN-CRAWL-03: moving while prone is a crawl, a slow action; and
    CRIT-PHYS-14/25/35/41/42/51/53/55 (and 22 in S2, CRIT-05): some injuries make every move a slow action."""
    if c.prone:
        return True
    return any(entry_of(i).moving_is_slow for i in c.injuries)


# --- borders and doors ----------------------------------------------------------------------


def passable(state: GameState, zone: int, dest: int, crawling: bool = False) -> bool:
    """BORDER-03: an open border (or a door broken down) can be run through. A crawler also
    gets through an unlocked door or hatch (ACT-SLOW-CRAWL; it opens the door)."""
    border = state.zone_map.border_between(zone, dest)
    if border < 0:
        return False
    b = state.zone_map.borders[border]
    if b.kind == _OPEN:
        return True
    if not b.has_door:
        return False  # BORDER-01: a wall blocks movement
    door = state.doors[border]
    return door == _BROKEN or (crawling and door in UNLOCKED)


def door_to(state: GameState, zone: int, dest: int) -> bool:
    """BORDER-02/ACTN-DOOR-01: a closed or open (not locked) door or hatch leads there."""
    border = state.zone_map.border_between(zone, dest)
    if border < 0 or not state.zone_map.borders[border].has_door:
        return False
    return state.doors[border] in UNLOCKED


def _set_door(state: GameState, border: int, door_state: DoorState) -> None:
    doors = list(state.doors)
    doors[border] = int(door_state)
    state.doors = tuple(doors)


def open_door(state: GameState, zone: int, dest: int) -> None:
    """ACTN-DOOR-01: an unlocked closed door or hatch on the way is opened."""
    border = state.zone_map.border_between(zone, dest)
    if border >= 0 and state.zone_map.borders[border].has_door and state.doors[border] == DoorState.CLOSED:
        _set_door(state, border, DoorState.OPEN)


def can_peek(state: GameState, c: Combatant, dest: int) -> bool:
    """AMB-26/BORDER-04: peek through an unlocked door or hatch of your zone, not already peeked."""
    border = state.zone_map.border_between(c.zone, dest)
    return door_to(state, c.zone, dest) and c.peek != border


def peek_through(state: GameState, c: Combatant, dest: int, events: list[Event]) -> None:
    """AMB-26: open the door if needed and look through it: sight through that border."""
    open_door(state, c.zone, dest)
    c.peek = state.zone_map.border_between(c.zone, dest)
    events.append(Event("peek", c.id, -1, {"zone": dest}))


# --- cramped zones (AMB-25) -----------------------------------------------------------------


def cramped_front(state: GameState, zone: int, dest: int) -> bool:
    """AMB-25: a cramped zone is a line; its first neighbour is the front end."""
    return dest == state.zone_map.cramped_front(zone)


def _blockers(state: GameState, line: list[int]) -> bool:
    """True if anyone in the fight is in this stretch of a cramped line."""
    return any(not state.combatants[i].out for i in line)


def cramped_exit_clear(state: GameState, c: Combatant, dest: int) -> bool:
    """ZONE-FEAT-CRAMPED-02: nobody between you and the way out you take."""
    queue = state.cramped.get(c.zone)
    if not queue or c.id not in queue:
        return True
    pos = queue.index(c.id)
    ahead = queue[:pos] if cramped_front(state, c.zone, dest) else queue[pos + 1 :]
    return not _blockers(state, ahead)


def cramped_adjacent(state: GameState, a: Combatant, b: Combatant) -> bool:
    """ZONE-FEAT-CRAMPED-02/03: in a cramped zone you reach only those next to you."""
    queue = state.cramped.get(a.zone)
    if not queue or a.zone != b.zone or a.id not in queue or b.id not in queue:
        return True
    i, j = sorted((queue.index(a.id), queue.index(b.id)))
    return not _blockers(state, queue[i + 1 : j])


def _faces(state: GameState, c: Combatant, zone: int) -> bool:
    """ZONE-FEAT-CRAMPED-03: from inside a cramped line, `c` sees out toward `zone` only if
    nobody is between it and the exit on that side (the side nearer to `zone`)."""
    queue = state.cramped.get(c.zone)
    if not queue or c.id not in queue:
        return True
    zone_map = state.zone_map
    front = zone_map.cramped_front(c.zone)
    backs = [n for n in zone_map.neighbours[c.zone] if n != front]
    pos = queue.index(c.id)
    front_clear = not _blockers(state, queue[:pos])
    back_clear = not _blockers(state, queue[pos + 1 :])
    to_front = zone_map.hops[front][zone]
    to_back = min((zone_map.hops[n][zone] for n in backs), default=to_front + 1)
    if to_front < to_back:
        return front_clear
    if to_back < to_front:
        return back_clear
    return front_clear or back_clear


def cramped_fire_clear(state: GameState, a: Combatant, b: Combatant) -> bool:
    """ZONE-FEAT-CRAMPED-03 / AMB-25: nobody in a cramped line stands between shooter and
    target, whether they share the cramped zone or one of them fires into or out of it."""
    if a.zone == b.zone:
        return cramped_adjacent(state, a, b)
    return _faces(state, a, b.zone) and _faces(state, b, a.zone)


# --- who can move where -----------------------------------------------------------------------


def can_move_at_all(c: Combatant) -> bool:
    """ACTN-GRAPPLE-01/02: a grappled one cannot move; a grappler only grapples."""
    return c.grappled_by < 0 and c.grappling < 0


def can_close_in(state: GameState, c: Combatant, other: Combatant) -> bool:
    """ACTN-RUN-01/AMB-23: an unhidden combatant at Short in your zone can be closed in on.

    In a cramped zone only by crawling, and only to the one next to you in the line
    (ZONE-FEAT-CRAMPED-01/02, AMB-25)."""
    if other.zone != c.zone or other.id == c.id or other.id in c.engaged or other.hidden:
        return False
    if state.zone_map.zones[c.zone].cramped:
        return c.prone and cramped_adjacent(state, c, other)
    return True


# --- moving ---------------------------------------------------------------------------------


def enter_zone(state: GameState, c: Combatant, dest: int) -> None:
    """Move to a zone: engagements end, cover and peeking are lost, cramped lines updated."""
    origin = c.zone
    open_door(state, origin, dest)  # ACTN-DOOR-01: a closed door on the way is opened
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
    """ACTN-RUN-01: `a` closes in on `b`: they are now at Engaged range, and `a` has stepped out
    of its cover (ACTN-COVER-01); `b`, who did not move, keeps its own."""
    a.engaged.add(b.id)
    b.engaged.add(a.id)
    a.cover = -1


_ON_FOOT_INTO: Final = frozenset({Kind.RUN, Kind.DOOR})  # fast moves into another zone


def move_skill(state: GameState, c: Combatant, kind: Kind, dest: int) -> str | None:
    """The roll a move needs: Mobility into a cluttered zone (ACTN-RUN-03,
    ZONE-FEAT-CLUTTERED-01) or for a fast move in total darkness (DARK-02); else none."""
    zones = state.zone_map.zones
    here = zones[c.zone]
    if kind == Kind.ENGAGE:
        return "Mobility" if here.dark else None
    if kind in _ON_FOOT_INTO:
        there = zones[dest]
        return "Mobility" if there.cluttered or there.dark or here.dark else None
    return None


def move(
    state: GameState,
    c: Combatant,
    kind: Kind,
    dest: int,
    target: Combatant | None,
    failed: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """The effect of RUN, DOOR, CRAWL and ENGAGE, after the roll of `move_skill` if any."""
    origin = state.zone_map.zones[c.zone]
    if target is not None:  # ACTN-RUN-01 / crawling to Engaged
        engage(state, c, target)
        events.append(Event("engaged", c.id, target.id))
    else:
        enter_zone(state, c, dest)
        events.append(Event("moved", c.id, -1, {"zone": dest}))
    if not failed:
        return
    there = state.zone_map.zones[c.zone]
    if target is None and there.cluttered:
        c.prone = True  # ZONE-FEAT-CLUTTERED-02: you get in, but fall
        events.append(Event("fell", c.id))
    if origin.dark or there.dark:
        take_damage(state, c, 1, rng, events)  # DARK-02


def retreat(state: GameState, c: Combatant, dest: int, failed: bool, events: list[Event]) -> None:
    """ACTN-RETREAT-01/02: step back to Short, or move away to an adjacent zone; a failed
    roll into a cluttered zone also leaves you prone there (ZONE-FEAT-CLUTTERED-02)."""
    if dest == c.zone:
        disengage(state, c)
        c.cover = -1  # stepping back to Short is a move: it leaves your cover (ACTN-COVER-01)
    else:
        enter_zone(state, c, dest)
        if failed and state.zone_map.zones[dest].cluttered and not c.prone:
            c.prone = True
            events.append(Event("fell", c.id))
    events.append(Event("retreated", c.id, -1, {"zone": dest}))
