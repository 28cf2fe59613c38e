"""Which actions a combatant may take on its turn (ACT-01, the slow and fast action tables)."""

from __future__ import annotations

from yz_gym.rules.actions import Action, Kind
from yz_gym.rules.attacks import (
    can_close_attack,
    can_shoot,
    fights_unarmed,
    hands_ok,
    held_weapon,
    item_targets,
    rounds_left,
    shot_options,
    usable_items,
    weapon_def,
)
from yz_gym.rules.damage import is_dying
from yz_gym.rules.initiative import swap_partners
from yz_gym.rules.movement import (
    can_close_in,
    can_move_at_all,
    can_peek,
    cramped_adjacent,
    cramped_exit_clear,
    door_to,
    engaged_enemies,
    moving_is_slow,
    passable,
)
from yz_gym.rules.state import Combatant, GameState
from yz_gym.rules.zones import DoorState, Range


def turn_actions(state: GameState, c: Combatant) -> list[Action]:
    """Every action `c` may take now on its own turn; END_TURN is always allowed."""
    actions = [Action(Kind.END_TURN)]
    actions += [Action(Kind.SWAP_INITIATIVE, target=p) for p in swap_partners(state, c.id)]
    if c.grappling >= 0:  # ACTN-GRAPPLE-01: grapple attacks or letting go, nothing else
        actions.append(Action(Kind.LET_GO, target=c.grappling))
        if c.can_take(False):
            actions.append(Action(Kind.GRAPPLE_ATTACK, target=c.grappling))
        return actions
    if not c.prone and c.prone_drops < state.options.free_prone_per_turn:
        actions.append(Action(Kind.DROP_PRONE))  # ACT-FREE-01/02, AMB-31
    fast = c.can_take(False)
    slow = c.can_take(True)
    if fast or slow:
        _movement(state, c, fast, slow, actions)
    if fast:
        _fast_actions(state, c, actions)
    if slow:
        _slow_actions(state, c, actions)
    if c.actions_used == 0 and not c.prone and c.grappled_by < 0 and not engaged_enemies(state, c):
        for other in state.enemies(c):  # ACTN-DIVE-01: move to Engaged and strike
            if _reachable(state, c, other):
                actions.append(Action(Kind.DIVING_BLOW, target=other.id))
    return actions


def _movement(state: GameState, c: Combatant, fast: bool, slow: bool, actions: list[Action]) -> None:
    """ACT-FAST-RUN/DOOR/RETREAT, ACT-SLOW-CRAWL, ACTN-RUN-01/02, ACTN-CRAWL-01..03,
    ACTN-DOOR-01, ZONE-FEAT-CRAMPED-01/02, AMB-25/26 (see movement.py for the decisions)."""
    if not can_move_at_all(c):
        return
    can_move = slow if moving_is_slow(c) else fast  # ACTN-CRAWL-03: crawling is slow
    zone_map = state.zone_map
    here = zone_map.zones[c.zone]
    engaged = engaged_enemies(state, c)
    if can_move:
        for dest in zone_map.neighbours[c.zone]:
            if not cramped_exit_clear(state, c, dest):
                continue  # ZONE-FEAT-CRAMPED-02: you cannot move past the one next to you
            if not c.prone and (here.cramped or zone_map.zones[dest].cramped):
                continue  # ZONE-FEAT-CRAMPED-01/ACTN-CRAWL-02: only crawling there
            if engaged:  # ACTN-RUN-02/ACTN-RETREAT-01
                if passable(state, c.zone, dest, crawling=True):
                    actions.append(Action(Kind.RETREAT, zone=dest))
            elif c.prone:
                if passable(state, c.zone, dest, crawling=True):
                    actions.append(Action(Kind.CRAWL, zone=dest))  # ACTN-CRAWL-01
            elif passable(state, c.zone, dest):
                actions.append(Action(Kind.RUN, zone=dest))  # ACTN-RUN-01
            elif door_to(state, c.zone, dest):
                actions.append(Action(Kind.DOOR, zone=dest))  # ACTN-DOOR-01
        if engaged:
            actions.append(Action(Kind.RETREAT, zone=c.zone))  # back to Short in the same zone
        else:
            for other in state.enemies(c):  # ACTN-RUN-01: from Short to Engaged (crawling if prone)
                if can_close_in(state, c, other):
                    actions.append(Action(Kind.CRAWL if c.prone else Kind.ENGAGE, target=other.id))
    if fast and not c.prone and not engaged:
        for dest in zone_map.neighbours[c.zone]:
            if can_peek(state, c, dest):
                actions.append(Action(Kind.PEEK, zone=dest))  # AMB-26, BORDER-04
    if can_move and not c.prone and not engaged and here.exit:
        actions.append(Action(Kind.FLEE))


def _fast_actions(state: GameState, c: Combatant, actions: list[Action]) -> None:
    """ACT-FAST-GETUP/DRAW/AIM/COVER/USE, ACTN-OVERWATCH-01, ACTN-RELOAD-02."""
    if c.grappled_by >= 0:
        return  # ACTN-GRAPPLE-02: held in a grapple, the only action is to break free (slow)
    if c.prone:
        actions.append(Action(Kind.GET_UP))
    for i, carried in enumerate(c.weapons):
        if i != c.held and carried.bonus >= 0 and hands_ok(c, weapon_def(state, c, i)):
            actions.append(Action(Kind.DRAW, option=i))
    weapon = held_weapon(state, c)
    if c.held >= 0 and weapon.ranged:
        carried = c.weapons[c.held]
        if weapon.reload_fast and not carried.loaded:
            actions.append(Action(Kind.RELOAD, option=0))  # ACTN-RELOAD-02: fast readying
        if carried.loaded and c.aiming == 0:
            actions.append(Action(Kind.AIM))
            if weapon.scope and c.can_take(True):
                actions.append(Action(Kind.AIM, option=1))  # ACTN-SHOOT-02
        if carried.loaded and not engaged_enemies(state, c):
            # ACTN-OVERWATCH-01: a fast action, facing a zone in your line of fire; the shot needs
            # a slow action left when it comes (this round's, or next round's before your turn)
            for z in range(len(state.zone_map.zones)):
                if c.overwatch != z and state.zone_map.line_of_fire(c.zone, z, state.doors, c.peek):
                    actions.append(Action(Kind.OVERWATCH, zone=z))
    for i in usable_items(c):  # ACT-FAST-USE / ACTN-USEITEM-01
        for t in item_targets(state, c, i):
            actions.append(Action(Kind.USE_ITEM, target=t, option=i))
    covers = state.zone_map.zones[c.zone].covers
    for i in range(len(covers)):
        if c.cover != i and state.cover_ratings[c.zone][i] > 0:
            actions.append(Action(Kind.TAKE_COVER, option=i))


def _slow_actions(state: GameState, c: Combatant, actions: list[Action]) -> None:
    """ACT-SLOW-MELEE/SHOOT/RELOAD/FIRSTAID/PERSUADE, ACTN-CLOSE-*, ACTN-BREAKFREE-01, doors."""
    if c.grappled_by >= 0:
        actions.append(Action(Kind.BREAK_FREE, target=c.grappled_by))
        return  # ACTN-GRAPPLE-02/ACTN-BREAKFREE-01: the only action a held one can take
    unarmed = fights_unarmed(state, c)
    can_throw_away = bool(state.zone_map.neighbours[c.zone])
    for other in state.combatants:
        if other.id == c.id or other.dead or other.fled:
            continue
        if other.side != c.side and can_close_attack(state, c, other):
            actions.append(Action(Kind.CLOSE_ATTACK, target=other.id))
            if not other.out and unarmed:  # ACTN-CLOSE-02: special attacks only unarmed
                for kind in (Kind.DISARM, Kind.TRIP, Kind.SHOVE, Kind.GRAPPLE):
                    if kind == Kind.DISARM and other.held < 0:
                        continue
                    actions.append(Action(kind, target=other.id))
                    if kind == Kind.DISARM and can_throw_away:
                        actions.append(Action(kind, target=other.id, option=1))  # ACTN-CLOSE-03
        if other.side != c.side and not other.out and can_shoot(state, c, other):
            for option in shot_options(state, c):  # AUTO-01 (1 = full auto), AUTO-03 (ammo dice)
                actions.append(Action(Kind.SHOOT, target=other.id, option=option))
        if other.zone == c.zone and (other.id in c.engaged or other.side == c.side):
            if other.broken and not other.dead:
                actions.append(Action(Kind.FIRST_AID, target=other.id, option=0))  # HEAL-02
            if is_dying(other) and not other.dead and _may_stabilise(other):
                actions.append(Action(Kind.FIRST_AID, target=other.id, option=1))  # DEATH-03
        if other.burning and other.side == c.side and other.zone == c.zone:
            actions.append(Action(Kind.EXTINGUISH, target=other.id))  # FIRE-04: a friend (at reach)
        if other.side != c.side and not other.out and _can_hear(state, c, other):
            actions.append(Action(Kind.PERSUADE, target=other.id))
    if c.burning:
        actions.append(Action(Kind.EXTINGUISH, target=c.id))
    if c.held >= 0:
        weapon = held_weapon(state, c)
        carried = c.weapons[c.held]
        spent = not carried.loaded or (
            state.options.full_auto == "ammo_dice" and rounds_left(state, carried) < weapon.magazine
        )  # AUTO-06: a part-used magazine may be changed too
        if weapon.ranged and spent and carried.reloads != 0 and not weapon.reload_fast:
            actions.append(Action(Kind.RELOAD, option=1))  # ACTN-RELOAD-01/03
    if c.grappled_by < 0:
        for dest in state.zone_map.neighbours[c.zone]:
            border = state.zone_map.border_between(c.zone, dest)
            closed = state.doors[border] in (DoorState.LOCKED, DoorState.CLOSED)
            if closed and state.zone_map.borders[border].has_door:
                actions.append(Action(Kind.FORCE_DOOR, zone=dest))  # ACTN-DOOR-02


def _reachable(state: GameState, c: Combatant, other: Combatant) -> bool:
    """ACTN-RUN-01: an unhidden enemy at Short in your zone, not in a cramped zone."""
    if other.zone != c.zone or other.id in c.engaged or other.hidden:
        return False
    return not state.zone_map.zones[c.zone].cramped and cramped_adjacent(state, c, other)


def _may_stabilise(c: Combatant) -> bool:
    """DEATH-05: after a failed Healing roll, wait for another death roll."""
    return any(i.timer >= 0 and not i.stabilise_blocked for i in c.injuries)


def _can_hear(state: GameState, a: Combatant, b: Combatant) -> bool:
    """ACT-SLOW-PERSUADE: the opponent must be able to hear you (same or adjacent zone)."""
    band = state.zone_map.band(a.zone, b.zone, state.options.extreme_max_hops)
    return band <= Range.MEDIUM and state.zone_map.sight(a.zone, b.zone, state.doors, a.peek)
