"""When the zone-fight kinds may be taken on a turn (ACT-01, the free, fast and slow action tables):
each kind's `ActionSpec.offer` hook, asked by zone/legal.py with the listing's shared `Listing`.
Aboard a vehicle only the occupants' kinds are offered (VEH-DMG-07..09, COVER-08, AMB-19), at
people aboard the same vehicle when the kind needs reach; riding, no crawling, cover or dropping
prone, and no moving into a cramped zone the mount does not fit (MOUNT-04). A hook is asked only
when the listing has what its `Offer.needs` (effects.py) names, and checks the rest."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.combat.attacks import (
    can_close_attack,
    hands_ok,
    item_targets,
    usable_items,
    weapon_def,
)
from yz_gym.rulesets.yze.combat.damage import may_stabilise
from yz_gym.rulesets.yze.state import Combatant
from yz_gym.rulesets.yze.zone.actions import Action, Kind, action
from yz_gym.rulesets.yze.zone.initiative import swap_partners
from yz_gym.rulesets.yze.zone.listing import Listing
from yz_gym.rulesets.yze.zone.movement import (
    can_close_in,
    can_peek,
    cramped_adjacent,
    cramped_exit_clear,
    door_to,
    passable,
)
from yz_gym.rulesets.yze.zone.zones import SHUT

# the kinds read once: `Kind.RUN` (a lookup on the enum class) costs several times a module constant's
_K_BREAK_FREE: Final = Kind.BREAK_FREE
_K_CLOSE_ATTACK: Final = Kind.CLOSE_ATTACK
_K_CRAWL: Final = Kind.CRAWL
_K_DISARM: Final = Kind.DISARM
_K_DIVING_BLOW: Final = Kind.DIVING_BLOW
_K_DOOR: Final = Kind.DOOR
_K_DRAW: Final = Kind.DRAW
_K_ENGAGE: Final = Kind.ENGAGE
_K_EXTINGUISH: Final = Kind.EXTINGUISH
_K_FIRST_AID: Final = Kind.FIRST_AID
_K_FORCE_DOOR: Final = Kind.FORCE_DOOR
_K_GRAPPLE: Final = Kind.GRAPPLE
_K_GRAPPLE_ATTACK: Final = Kind.GRAPPLE_ATTACK
_K_LET_GO: Final = Kind.LET_GO
_K_OVERWATCH: Final = Kind.OVERWATCH
_K_PEEK: Final = Kind.PEEK
_K_PERSUADE: Final = Kind.PERSUADE
_K_RETREAT: Final = Kind.RETREAT
_K_RUN: Final = Kind.RUN
_K_SHOOT: Final = Kind.SHOOT
_K_SHOVE: Final = Kind.SHOVE
_K_SWAP_INITIATIVE: Final = Kind.SWAP_INITIATIVE
_K_TAKE_COVER: Final = Kind.TAKE_COVER
_K_TRIP: Final = Kind.TRIP
_K_USE_ITEM: Final = Kind.USE_ITEM
_END_TURN: Final = Action(Kind.END_TURN)
_DROP_PRONE: Final = Action(Kind.DROP_PRONE)
_AIM: Final = Action(Kind.AIM)
_AIM_SCOPE: Final = Action(Kind.AIM, option=1)
_READY: Final = Action(Kind.RELOAD, option=0)
_RELOAD: Final = Action(Kind.RELOAD, option=1)
_FLEE: Final = Action(Kind.FLEE)


# --- free actions (ACT-FREE-01/02, INIT-SWAP-01..04, AMB-31) --------------------------------------


def end_turn_offer(ctx: Listing, i: int) -> None:
    """Ending the turn is always allowed."""
    ctx.out.append(_END_TURN)


def swap_offer(ctx: Listing, i: int) -> None:
    """INIT-SWAP-01..04 (needs SWAPS): the partners the actor may swap initiative with (asked only
    when someone with a later card has neither acted nor swapped: no partner otherwise)."""
    cards = ctx.state.cards
    card = cards[ctx.c.id]
    for o in ctx.people:
        if cards[o.id] > card and not o.acted and not o.swapped:
            for p in swap_partners(ctx.state, ctx.c.id):
                ctx.out.append(action(_K_SWAP_INITIATIVE, p))
            return


def let_go_offer(ctx: Listing, i: int) -> None:
    """ACTN-GRAPPLE-01 (needs GRAPPLING): a grappler may let go (free), on foot."""
    if ctx.aboard is None:
        ctx.out.append(action(_K_LET_GO, ctx.c.grappling))


def drop_prone_offer(ctx: Listing, i: int) -> None:
    """ACT-FREE-01, AMB-31 (needs STANDING): on foot, not grappling, at most `free_prone_per_turn`
    times a turn; MOUNT-04: not riding, unless the mount fits cramped zones."""
    c = ctx.c
    free = c.grappling < 0 and c.prone_drops < ctx.state.options.free_prone_per_turn
    if free and ctx.aboard is None and (ctx.cramped_ok or not ctx.riding):
        ctx.out.append(_DROP_PRONE)


def grapple_attack_offer(ctx: Listing, i: int) -> None:
    """ACTN-GRAPPLE-01 (needs FAST, GRAPPLING): a grappler strikes the held one (a fast action)."""
    if ctx.aboard is None:
        ctx.out.append(action(_K_GRAPPLE_ATTACK, ctx.c.grappling))


# --- moves (ACT-FAST-RUN/DOOR/RETREAT, ACT-SLOW-CRAWL, ACTN-RUN-01/02, ACTN-CRAWL-01..03, ACTN-DOOR-01,
# ZONE-FEAT-CRAMPED-01/02, AMB-25/26; the decisions are in zone/movement.py; all need AFOOT) --------


def _may_leave(ctx: Listing, dest: int) -> bool:
    """ZONE-FEAT-CRAMPED-01/02: nobody in the way in a cramped line, and only crawling into or out
    of a cramped zone; MOUNT-04: no riding into a cramped zone the mount does not fit."""
    c = ctx.c
    state = ctx.state
    zones = state.zone_map.zones
    if not c.prone and (zones[c.zone].cramped or zones[dest].cramped):
        return False
    if ctx.riding and not ctx.cramped_ok and zones[dest].cramped:
        return False
    return c.zone not in state.cramped or cramped_exit_clear(state, c, dest)  # no line here: clear


def run_offer(ctx: Listing, dest: int) -> None:
    """ACTN-RUN-01 (needs UNENGAGED, STANDING): to an adjacent zone with an open way."""
    if ctx.mover and passable(ctx.state, ctx.c.zone, dest) and _may_leave(ctx, dest):
        ctx.out.append(action(_K_RUN, -1, dest))


def door_offer(ctx: Listing, dest: int) -> None:
    """ACTN-DOOR-01 (needs UNENGAGED, STANDING): through a closed door to an adjacent zone."""
    zone = ctx.c.zone
    if ctx.mover and door_to(ctx.state, zone, dest) and _may_leave(ctx, dest):  # an unlocked door: not `passable`
        ctx.out.append(action(_K_DOOR, -1, dest))


def crawl_offer(ctx: Listing, dest: int) -> None:
    """ACTN-CRAWL-01/02 (needs UNENGAGED, PRONE): to an adjacent zone (MOUNT-04: not riding)."""
    if not ctx.mover or (ctx.riding and not ctx.cramped_ok):
        return
    if passable(ctx.state, ctx.c.zone, dest, crawling=True) and _may_leave(ctx, dest):
        ctx.out.append(action(_K_CRAWL, -1, dest))


def retreat_offer(ctx: Listing, dest: int) -> None:
    """ACTN-RUN-02/ACTN-RETREAT-01 (needs ENGAGED): only a retreat leaves, to an adjacent zone."""
    if ctx.mover and passable(ctx.state, ctx.c.zone, dest, crawling=True) and _may_leave(ctx, dest):
        ctx.out.append(action(_K_RETREAT, -1, dest))


def retreat_here_offer(ctx: Listing, i: int) -> None:
    """ACTN-RETREAT-01 (needs ENGAGED): back to Short in the same zone."""
    zone = ctx.c.zone
    if ctx.mover and not (ctx.riding and not ctx.cramped_ok and ctx.state.zone_map.zones[zone].cramped):
        ctx.out.append(action(_K_RETREAT, -1, zone))


def engage_offer(ctx: Listing, i: int) -> None:
    """ACTN-RUN-01 (needs UNENGAGED, STANDING): from Short to Engaged with an enemy in the zone."""
    if ctx.mover:
        c = ctx.c
        for other in ctx.enemies:
            if other.vehicle == c.vehicle and can_close_in(ctx.state, c, other):
                ctx.out.append(action(_K_ENGAGE, other.id))


def crawl_to_offer(ctx: Listing, i: int) -> None:
    """ACTN-CRAWL-01 (needs UNENGAGED, PRONE): crawling from Short to Engaged with an enemy in the zone."""
    if ctx.mover and (ctx.cramped_ok or not ctx.riding):
        c = ctx.c
        for other in ctx.enemies:
            if other.vehicle == c.vehicle and can_close_in(ctx.state, c, other):
                ctx.out.append(action(_K_CRAWL, other.id))


def peek_offer(ctx: Listing, i: int) -> None:
    """AMB-26, BORDER-04 (needs UNENGAGED, STANDING): a look through an open door."""
    c = ctx.c
    if not ctx.grappled:
        for dest in ctx.state.zone_map.door_neighbours[c.zone]:
            if can_peek(ctx.state, c, dest):
                ctx.out.append(action(_K_PEEK, -1, dest))


def flee_offer(ctx: Listing, i: int) -> None:
    """Out of the fight from an exit zone (needs UNENGAGED, STANDING)."""
    if ctx.mover and ctx.state.zone_map.zones[ctx.c.zone].exit:
        ctx.out.append(_FLEE)


def diving_blow_offer(ctx: Listing, i: int) -> None:
    """ACTN-DIVE-01 (needs UNENGAGED): both actions, free to move: to Engaged with an unhidden enemy
    at Short in the zone, striking (a fast move: CRIT-PHYS slow rows; MOUNT-04: not riding)."""
    c = ctx.c
    if ctx.riding or c.actions_used != 0 or ctx.moves_slowly or ctx.grappled or ctx.state.zone_map.zones[c.zone].cramped:
        return
    for other in ctx.enemies:
        if other.zone != c.zone or other.vehicle != c.vehicle or other.id in c.engaged or other.hidden:
            continue
        if cramped_adjacent(ctx.state, c, other):
            ctx.out.append(action(_K_DIVING_BLOW, other.id))


# --- fast actions (ACT-FAST-GETUP/DRAW/AIM/COVER/USE, ACTN-OVERWATCH-01, ACTN-RELOAD-02) ------------


def draw_offer(ctx: Listing, i: int) -> None:
    """ACT-FAST-DRAW (needs ACTING): a carried, unbroken weapon the hands can hold (ATK-07, CRIT-PHYS arm rows)."""
    if ctx.occupant:
        c = ctx.c
        held = c.held
        for w, carried in enumerate(c.weapons):
            if w != held and carried.bonus >= 0 and hands_ok(c, weapon_def(ctx.state, c, w)):
                ctx.out.append(action(_K_DRAW, -1, -1, w))


def ready_offer(ctx: Listing, i: int) -> None:
    """ACTN-RELOAD-02 (needs ACTING, UNREADY): readying a fast-reloading weapon is fast."""
    if ctx.occupant:
        ctx.out.append(_READY)


def aim_offer(ctx: Listing, i: int) -> None:
    """ACT-FAST-AIM (needs ACTING, RANGED): a loaded ranged weapon, not aimed yet; through a scope, slow
    (ACTN-SHOOT-02)."""
    c = ctx.c
    if c.aiming == 0 and c.weapons[c.held].loaded and ctx.occupant:
        ctx.out.append(_AIM)
        if ctx.weapon.scope and ctx.slow:
            ctx.out.append(_AIM_SCOPE)


def overwatch_offer(ctx: Listing, i: int) -> None:
    """ACTN-OVERWATCH-01 (needs UNENGAGED, RANGED): a fast action, facing a zone in your line of fire; the
    shot needs a slow action left when it comes. ACTN-OVERWATCH-02: the slow action of your turn is
    kept for it, so the overwatch is your turn's fast action (`overwatch_slow: next_round` lets the
    shot wait for next round's slow action, before your turn, instead). Aboard, only from a seat
    that fires out."""
    c = ctx.c
    state = ctx.state
    if not c.weapons[c.held].loaded or not ctx.occupant:
        return
    if (state.options.overwatch_slow == "next_round" or c.actions_used == 0) and (ctx.aboard is None or ctx.fires()):
        fire = state.zone_map.fire_from(c.zone, state.doors, c.peek)
        for z, clear in enumerate(fire):
            if clear and c.overwatch != z:
                ctx.out.append(action(_K_OVERWATCH, -1, z))


def use_item_offer(ctx: Listing, i: int) -> None:
    """ACT-FAST-USE / ACTN-USEITEM-01 (needs ACTING): a usable item at whom it reaches; aboard,
    from an exposed seat."""
    c = ctx.c
    if c.items and ctx.occupant and (ctx.aboard is None or ctx.open_seat()):
        for item in usable_items(c):
            for t in item_targets(ctx.state, c, item):
                ctx.out.append(action(_K_USE_ITEM, t, -1, item))


def take_cover_offer(ctx: Listing, i: int) -> None:
    """ACT-FAST-COVER (needs AFOOT): a cover of the zone not yet taken (MOUNT-04: not riding)."""
    c = ctx.c
    if not ctx.grappled and not ctx.riding:
        ratings = ctx.state.cover_ratings[c.zone]
        for k in range(len(ctx.state.zone_map.zones[c.zone].covers)):
            if c.cover != k and ratings[k] > 0:
                ctx.out.append(action(_K_TAKE_COVER, -1, -1, k))


# --- slow actions (ACT-SLOW-MELEE/SHOOT/RELOAD/FIRSTAID/PERSUADE, ACTN-CLOSE-*, ACTN-BREAKFREE-01) ---


def break_free_offer(ctx: Listing, i: int) -> None:
    """ACTN-GRAPPLE-02/ACTN-BREAKFREE-01 (needs AFOOT, SLOW, GRAPPLED): the only action one held in
    a grapple can take (slow)."""
    ctx.out.append(action(_K_BREAK_FREE, ctx.c.grappled_by))


def may_close_attack(ctx: Listing, other: Combatant) -> bool:
    """ATK-01: with CLOSE (slow-ready, on foot, engaged), at an enemy on foot Engaged with you with
    nothing between you."""
    return other.vehicle < 0 and can_close_attack(ctx.state, ctx.c, other)


def close_attack_offer(ctx: Listing, i: int) -> None:
    """ACT-SLOW-MELEE / ACTN-CLOSE-01 (needs CLOSE; at an enemy)."""
    if may_close_attack(ctx, ctx.people[i]):
        ctx.out.append(action(_K_CLOSE_ATTACK, i))


def _special(ctx: Listing, other: Combatant) -> bool:
    """ACTN-CLOSE-02 (needs UNARMED: special attacks only unarmed; at an ENEMY, one still in the fight)."""
    return may_close_attack(ctx, other)


def disarm_offer(ctx: Listing, i: int) -> None:
    """ACTN-CLOSE-03 (needs UNARMED): a hand free, at one holding a weapon; or throwing it away,
    with a zone to throw it to."""
    other = ctx.people[i]
    if other.held >= 0 and ctx.grips and _special(ctx, other):
        ctx.out.append(action(_K_DISARM, i))
        if ctx.state.zone_map.neighbours[ctx.c.zone]:
            ctx.out.append(action(_K_DISARM, i, -1, 1))


def trip_offer(ctx: Listing, i: int) -> None:
    """ACTN-CLOSE-04 (needs UNARMED)."""
    if _special(ctx, ctx.people[i]):
        ctx.out.append(action(_K_TRIP, i))


def shove_offer(ctx: Listing, i: int) -> None:
    """ACTN-CLOSE-05 (needs UNARMED)."""
    if _special(ctx, ctx.people[i]):
        ctx.out.append(action(_K_SHOVE, i))


def grapple_offer(ctx: Listing, i: int) -> None:
    """ACTN-CLOSE-06 (needs UNARMED): a hand free."""
    if ctx.grips and _special(ctx, ctx.people[i]):
        ctx.out.append(action(_K_GRAPPLE, i))


def shoot_offer(ctx: Listing, i: int) -> None:
    """ACT-SLOW-SHOOT / ACTN-SHOOT-01 (needs SHOOTER; at an enemy): a plain shot, a burst (AUTO-01)
    or ammo dice (AUTO-03)."""
    if ctx.shoots_at(ctx.people[i]):
        for option in ctx.shots():
            ctx.out.append(action(_K_SHOOT, i, -1, option))


def first_aid_offer(ctx: Listing, i: int) -> None:
    """HEAL-02: treat one who is Broken; DEATH-03: stabilise one who is dying (needs AIDS: the hands
    for it): an ally in your zone, or an enemy engaged with you; aboard, one in your vehicle."""
    other = ctx.people[i]
    c = ctx.c
    if other.side != c.side and (other.zone != c.zone or other.vehicle != c.vehicle or other.id not in c.engaged):
        return
    if other.broken:
        ctx.out.append(action(_K_FIRST_AID, i, -1, 0))
    if (other.injuries or other.timed) and may_stabilise(other):
        ctx.out.append(action(_K_FIRST_AID, i, -1, 1))


def extinguish_offer(ctx: Listing, i: int) -> None:
    """FIRE-04 (needs AIDS; at an ally): the fire on a friend within reach (your zone; aboard, your vehicle)."""
    if ctx.people[i].burning:
        ctx.out.append(action(_K_EXTINGUISH, i))


def persuade_offer(ctx: Listing, i: int) -> None:
    """ACT-SLOW-PERSUADE (needs SLOW_READY; at an enemy): the opponent must hear you: your zone, or
    an adjacent one in sight."""
    zone = ctx.people[i].zone
    if zone == ctx.c.zone or ctx.hears(zone):
        ctx.out.append(action(_K_PERSUADE, i))


def extinguish_self_offer(ctx: Listing, i: int) -> None:
    """FIRE-04 (needs SLOW_READY): the fire on yourself."""
    if ctx.c.burning:
        ctx.out.append(action(_K_EXTINGUISH, ctx.c.id))


def reload_offer(ctx: Listing, i: int) -> None:
    """ACTN-RELOAD-01/03, AUTO-06 (needs SLOW_READY, SPENT): a slow reload."""
    ctx.out.append(_RELOAD)


def force_door_offer(ctx: Listing, i: int) -> None:
    """ACTN-DOOR-02 (needs SLOW_READY, AFOOT): a shut door of your zone."""
    c = ctx.c
    zone_map = ctx.state.zone_map
    for dest in zone_map.door_neighbours[c.zone]:
        if ctx.state.doors[zone_map.border_between(c.zone, dest)] in SHUT:
            ctx.out.append(action(_K_FORCE_DOOR, -1, dest))
