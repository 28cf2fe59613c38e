"""Which actions a combatant may take on its turn (ACT-01, the slow and fast action tables)."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.combat.attacks import (
    can_close_attack,
    can_shoot,
    fights_unarmed,
    free_hands,
    hands_ok,
    held_weapon,
    item_targets,
    rounds_left,
    shot_options,
    usable_items,
    weapon_def,
)
from yz_gym.rulesets.yze.combat.damage import may_stabilise
from yz_gym.rulesets.yze.resolution.effects import TURN_OFFERS
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.vehicles.actions import turn_actions as vehicle_turn_actions
from yz_gym.rulesets.yze.zone.actions import Action, Kind, action
from yz_gym.rulesets.yze.zone.initiative import swap_partners
from yz_gym.rulesets.yze.zone.movement import (
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
from yz_gym.rulesets.yze.zone.zones import SHUT

_END_TURN: Final = Action(Kind.END_TURN)
_DROP_PRONE: Final = Action(Kind.DROP_PRONE)
_GET_UP: Final = Action(Kind.GET_UP)
_AIM: Final = Action(Kind.AIM)
_AIM_SCOPE: Final = Action(Kind.AIM, option=1)
_READY: Final = Action(Kind.RELOAD, option=0)
_RELOAD: Final = Action(Kind.RELOAD, option=1)
_FLEE: Final = Action(Kind.FLEE)


def _free_actions(state: GameState, c: Combatant) -> list[Action]:
    """The free actions `c` may take now on its turn: END_TURN (always allowed), swapping
    initiative, and letting go of a grapple or else dropping prone (ACT-FREE-01/02, AMB-31)."""
    actions = [_END_TURN]
    partners = swap_partners(state, c.id)
    if partners:
        actions += [action(Kind.SWAP_INITIATIVE, p) for p in partners]
    if c.grappling >= 0:
        actions.append(action(Kind.LET_GO, c.grappling))
    elif not c.prone and c.prone_drops < state.options.free_prone_per_turn:
        actions.append(_DROP_PRONE)
    return actions


def turn_actions(state: GameState, c: Combatant) -> list[Action]:
    """Every action `c` may take now on its own turn: the free ones first (see `_free_actions`),
    then those the kinds with an `ActionSpec.offer` offer."""
    if state.vehicles or state.setup.mounted:  # vehicles and mounts change the list
        actions = vehicle_turn_actions(state, c, _turn_actions(state, c))
    else:
        actions = _turn_actions(state, c)
    for offer in TURN_OFFERS:
        actions += offer(state, c, None)
    return actions


def _turn_actions(state: GameState, c: Combatant) -> list[Action]:
    """`turn_actions` on foot, before vehicles and mounts change the list."""
    actions = _free_actions(state, c)
    if c.grappling >= 0:  # ACTN-GRAPPLE-01: grapple attacks or letting go, nothing else
        if c.can_take(False):
            actions.append(action(Kind.GRAPPLE_ATTACK, c.grappling))
        return actions
    if not c.can_take(False):
        return actions  # ACT-01: both actions used (a slow one needs an action left too)
    slow = c.can_take(True)
    engaged = engaged_enemies(state, c)
    enemies = [] if engaged else state.enemies(c)  # those to close in on (engaged: none)
    _movement(state, c, slow, engaged, enemies, actions)
    _fast_actions(state, c, engaged, actions)
    if slow:
        _slow_actions(state, c, actions)
    if c.actions_used == 0 and not moving_is_slow(c) and c.grappled_by < 0 and not engaged:
        for other in enemies:  # ACTN-DIVE-01: move to Engaged and strike (a fast move: CRIT-PHYS slow rows)
            if _reachable(state, c, other):
                actions.append(action(Kind.DIVING_BLOW, other.id))
    return actions


def _movement(
    state: GameState,
    c: Combatant,
    slow: bool,
    engaged: list[Combatant],
    enemies: list[Combatant],
    actions: list[Action],
) -> None:
    """ACT-FAST-RUN/DOOR/RETREAT, ACT-SLOW-CRAWL, ACTN-RUN-01/02, ACTN-CRAWL-01..03,
    ACTN-DOOR-01, ZONE-FEAT-CRAMPED-01/02, AMB-25/26 (see zone/movement.py for the decisions)."""
    if not can_move_at_all(c):
        return
    can_move = slow or not moving_is_slow(c)  # ACTN-CRAWL-03: crawling is slow
    zone_map = state.zone_map
    zone = c.zone
    here = zone_map.zones[zone]
    prone = c.prone
    if can_move:
        for dest in zone_map.neighbours[zone]:
            if not cramped_exit_clear(state, c, dest):
                continue  # ZONE-FEAT-CRAMPED-02: you cannot move past the one next to you
            if not prone and (here.cramped or zone_map.zones[dest].cramped):
                continue  # ZONE-FEAT-CRAMPED-01/ACTN-CRAWL-02: only crawling there
            if engaged:  # ACTN-RUN-02/ACTN-RETREAT-01
                if passable(state, zone, dest, crawling=True):
                    actions.append(action(Kind.RETREAT, -1, dest))
            elif prone:
                if passable(state, zone, dest, crawling=True):
                    actions.append(action(Kind.CRAWL, -1, dest))  # ACTN-CRAWL-01
            elif passable(state, zone, dest):
                actions.append(action(Kind.RUN, -1, dest))  # ACTN-RUN-01
            elif door_to(state, zone, dest):
                actions.append(action(Kind.DOOR, -1, dest))  # ACTN-DOOR-01
        if engaged:
            actions.append(action(Kind.RETREAT, -1, zone))  # back to Short in the same zone
        else:
            for other in enemies:  # ACTN-RUN-01: from Short to Engaged (crawling if prone)
                if can_close_in(state, c, other):
                    actions.append(action(Kind.CRAWL if prone else Kind.ENGAGE, other.id))
    if not prone and not engaged:
        for dest in zone_map.door_neighbours[zone]:
            if can_peek(state, c, dest):
                actions.append(action(Kind.PEEK, -1, dest))  # AMB-26, BORDER-04
        if can_move and here.exit:
            actions.append(_FLEE)


def _fast_actions(state: GameState, c: Combatant, engaged: list[Combatant], actions: list[Action]) -> None:
    """ACT-FAST-GETUP/DRAW/AIM/COVER/USE, ACTN-OVERWATCH-01, ACTN-RELOAD-02."""
    if c.grappled_by >= 0:
        return  # ACTN-GRAPPLE-02: held in a grapple, the only action is to break free (slow)
    if c.prone:
        actions.append(_GET_UP)
    held = c.held
    for i, carried in enumerate(c.weapons):
        if i != held and carried.bonus >= 0 and hands_ok(c, weapon_def(state, c, i)):
            actions.append(action(Kind.DRAW, -1, -1, i))
    weapon = held_weapon(state, c)
    if held >= 0 and weapon.ranged and c.weapons[held].bonus >= 0 and hands_ok(c, weapon):  # ATK-07, CRIT-PHYS arm rows
        carried = c.weapons[held]
        if weapon.reload_fast and not carried.loaded:
            actions.append(_READY)  # ACTN-RELOAD-02: fast readying
        if carried.loaded and c.aiming == 0:
            actions.append(_AIM)
            if weapon.scope and c.can_take(True):
                actions.append(_AIM_SCOPE)  # ACTN-SHOOT-02
        if carried.loaded and not engaged and (state.options.overwatch_slow == "next_round" or c.actions_used == 0):
            # ACTN-OVERWATCH-01: a fast action, facing a zone in your line of fire; the shot needs
            # a slow action left when it comes. ACTN-OVERWATCH-02: the slow action of your turn is
            # kept for it, so the overwatch is your turn's fast action (`overwatch_slow: next_round`
            # lets the shot wait for next round's slow action, before your turn, instead)
            fire = state.zone_map.fire_from(c.zone, state.doors, c.peek)
            for z, clear in enumerate(fire):
                if clear and c.overwatch != z:
                    actions.append(action(Kind.OVERWATCH, -1, z))
    if c.items:
        for i in usable_items(c):  # ACT-FAST-USE / ACTN-USEITEM-01
            for t in item_targets(state, c, i):
                actions.append(action(Kind.USE_ITEM, t, -1, i))
    ratings = state.cover_ratings[c.zone]
    for i in range(len(state.zone_map.zones[c.zone].covers)):
        if c.cover != i and ratings[i] > 0:
            actions.append(action(Kind.TAKE_COVER, -1, -1, i))


def _slow_actions(state: GameState, c: Combatant, actions: list[Action]) -> None:
    """ACT-SLOW-MELEE/SHOOT/RELOAD/FIRSTAID/PERSUADE, ACTN-CLOSE-*, ACTN-BREAKFREE-01, doors."""
    if c.grappled_by >= 0:
        actions.append(action(Kind.BREAK_FREE, c.grappled_by))
        return  # ACTN-GRAPPLE-02/ACTN-BREAKFREE-01: the only action a held one can take
    unarmed = bool(c.engaged) and fights_unarmed(state, c)
    grips = unarmed and free_hands(c) > 0  # disarm and grapple need a hand (CRIT-PHYS arm rows)
    aids = not c.injuries or free_hands(c) >= state.options.first_aid_hands  # CRIT-PHYS arm rows (PROPOSED)
    can_throw_away = bool(state.zone_map.neighbours[c.zone])
    weapon = held_weapon(state, c)
    # ATK-03, ATK-07: what `can_shoot` asks of the held weapon, asked once (it checks each target)
    shooter = (
        c.held >= 0 and (weapon.ranged or weapon.thrown) and c.weapons[c.held].loaded
        and c.weapons[c.held].bonus >= 0 and hands_ok(c, weapon)
    )  # fmt: skip
    options: list[int] | None = None  # the shot options (AUTO-01/03), worked out at the first target
    here = c.zone
    hops = state.zone_map.hops[here]
    sight = state.zone_map.sight_from(here, state.doors, c.peek)
    for other in state.combatants:
        if other.id == c.id or other.dead or other.fled:
            continue
        there = other.zone
        if other.side == c.side:
            if aids and there == here:
                _first_aid(other, actions)
                if other.burning:
                    actions.append(action(Kind.EXTINGUISH, other.id))  # FIRE-04: a friend (at reach)
            continue
        out = other.out
        if can_close_attack(state, c, other):
            actions.append(action(Kind.CLOSE_ATTACK, other.id))
            if not out and unarmed:  # ACTN-CLOSE-02: special attacks only unarmed
                if other.held >= 0 and grips:
                    actions.append(action(Kind.DISARM, other.id))
                    if can_throw_away:
                        actions.append(action(Kind.DISARM, other.id, -1, 1))  # ACTN-CLOSE-03
                actions.append(action(Kind.TRIP, other.id))
                actions.append(action(Kind.SHOVE, other.id))
                if grips:
                    actions.append(action(Kind.GRAPPLE, other.id))
        if shooter and not out and can_shoot(state, c, other):
            if options is None:
                options = shot_options(state, c)
            for option in options:  # AUTO-01 (1 = full auto), AUTO-03 (ammo dice)
                actions.append(action(Kind.SHOOT, other.id, -1, option))
        if aids and there == here and other.id in c.engaged:
            _first_aid(other, actions)
        if not out and (there == here or (hops[there] <= 1 and sight[there])):
            # ACT-SLOW-PERSUADE: the opponent must hear you: your zone, or an adjacent one in sight
            actions.append(action(Kind.PERSUADE, other.id))
    if c.burning:
        actions.append(action(Kind.EXTINGUISH, c.id))
    if c.held >= 0 and weapon.ranged and not weapon.reload_fast and c.weapons[c.held].bonus >= 0 and hands_ok(c, weapon):  # ATK-07
        carried = c.weapons[c.held]
        spent = not carried.loaded or (
            state.options.full_auto == "ammo_dice" and rounds_left(state, carried) < weapon.magazine
        )  # AUTO-06: a part-used magazine may be changed too
        if spent and carried.reloads != 0:
            actions.append(_RELOAD)  # ACTN-RELOAD-01/03
    for dest in state.zone_map.door_neighbours[c.zone]:
        border = state.zone_map.border_between(c.zone, dest)
        if state.doors[border] in SHUT:
            actions.append(action(Kind.FORCE_DOOR, -1, dest))  # ACTN-DOOR-02


def _reachable(state: GameState, c: Combatant, other: Combatant) -> bool:
    """ACTN-RUN-01: an unhidden enemy at Short in your zone, not in a cramped zone."""
    if other.zone != c.zone or other.id in c.engaged or other.hidden:
        return False
    return not state.zone_map.zones[c.zone].cramped and cramped_adjacent(state, c, other)


def _first_aid(other: Combatant, actions: list[Action]) -> None:
    """HEAL-02: treat one who is Broken (not dead); DEATH-03: stabilise one who is dying."""
    if other.broken:
        actions.append(action(Kind.FIRST_AID, other.id, -1, 0))
    if (other.injuries or other.timed) and may_stabilise(other):
        actions.append(action(Kind.FIRST_AID, other.id, -1, 1))
