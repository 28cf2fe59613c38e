"""When the vehicle kinds may be taken on a turn (ACT-FAST-VEHENTER/ENGINE/WHEEL/DRIVE, VEH-04..06,
VEH-MOVE-01/02, VEH-RAM-01, VEH-AIR-03, VEH-DMG-03, AMB-10/16): each kind's `ActionSpec.offer`
hook, asked by zone/legal.py with the listing's shared `Listing` (the decisions are in
vehicles/actions.py)."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.vehicles.actions import can_attack_vehicle, can_shoot_vehicle
from yz_gym.rulesets.yze.vehicles.operation import can_move, enter_exit_action
from yz_gym.rulesets.yze.vehicles.seats import crewed, seat_free
from yz_gym.rulesets.yze.zone.actions import Action, Kind, action
from yz_gym.rulesets.yze.zone.listing import Listing
from yz_gym.rulesets.yze.zone.movement import engaged_enemies

_EXIT: Final = Action(Kind.EXIT_VEHICLE)
_GRAB_WHEEL: Final = Action(Kind.GRAB_WHEEL)
_START_ENGINE: Final = Action(Kind.START_ENGINE)


def exit_offer(ctx: Listing, i: int) -> None:
    """ACT-FAST-VEHENTER, VEH-04/05: out of a vehicle on the ground (a wreck too: VEH-DMG-03)."""
    v = ctx.aboard
    if v is not None and v.altitude == 0 and ctx.c.can_take(enter_exit_action(v) == "slow"):
        ctx.out.append(_EXIT)


def grab_wheel_offer(ctx: Listing, i: int) -> None:
    """ACT-FAST-WHEEL: the free wheel, or an out driver's."""
    v = ctx.aboard
    if v is not None and ctx.fast and not v.wrecked and v.driver != ctx.c.id and (v.driver < 0 or ctx.people[v.driver].out):
        ctx.out.append(_GRAB_WHEEL)


def man_weapon_offer(ctx: Listing, i: int) -> None:
    """A working mounted weapon of your vehicle with no gunner in the fight."""
    v = ctx.aboard
    if v is not None and ctx.fast and not v.wrecked:
        for w, weapon in enumerate(v.weapons):
            if not weapon.disabled and weapon.gunner != ctx.c.id and (weapon.gunner < 0 or ctx.people[weapon.gunner].out):
                ctx.out.append(action(Kind.MAN_WEAPON, option=w))


def shoot_vehicle_offer(ctx: Listing, index: int) -> None:
    """ACTN-SHOOT-01 at an enemy vehicle: a plain shot and, with a full-auto weapon, a burst
    (AUTO-01) or ammo dice (AUTO-03), the options SHOOT offers (zone = the fire mode)."""
    c = ctx.c
    if not ctx.slow or ctx.wreck or c.held < 0:
        return
    if ctx.state.vehicles[index].side != c.side and can_shoot_vehicle(ctx.state, c, index):
        ctx.out.append(action(Kind.SHOOT_VEHICLE, option=index))
        for mode in ctx.shots():
            if mode >= 1:
                ctx.out.append(action(Kind.SHOOT_VEHICLE, -1, mode, index))


def attack_vehicle_offer(ctx: Listing, index: int) -> None:
    """ATK-01 at an enemy vehicle in your zone, on foot and not riding."""
    c = ctx.c
    if not ctx.slow or ctx.aboard is not None or ctx.riding or ctx.state.vehicles[index].side == c.side:
        return
    if can_attack_vehicle(ctx.state, c, index):
        ctx.out.append(action(Kind.ATTACK_VEHICLE, option=index))


def enter_offer(ctx: Listing, index: int) -> None:
    """ACT-FAST-VEHENTER, VEH-04/05, AMB-10: a free seat (2 * vehicle + exposed) of a vehicle on the
    ground in your zone, not a wreck, not crewed by the enemy; standing (needs STANDING), not
    engaged, not riding."""
    c = ctx.c
    v = ctx.state.vehicles[index]
    if ctx.aboard is not None or ctx.riding or v.zone != c.zone:
        return
    if v.altitude > 0 or v.wrecked or v.destroyed or (crewed(ctx.state, v) and v.side != c.side):
        return
    if (enter_exit_action(v) == "slow" and not ctx.slow) or (ctx.engaged if ctx.acting else engaged_enemies(ctx.state, c)):
        return
    for seat in (0, 1):
        if seat_free(v, bool(seat)):
            ctx.out.append(action(Kind.ENTER_VEHICLE, option=2 * index + seat))


def _driving(ctx: Listing) -> bool:
    """The actor drives a vehicle that is not a wreck, with an action left."""
    v = ctx.aboard
    return v is not None and ctx.fast and not v.wrecked and v.driver == ctx.c.id


def start_engine_offer(ctx: Listing, i: int) -> None:
    """ACT-FAST-ENGINE, VEH-06: the driver starts an engine that is off and not failed (VEH-CRIT-11)."""
    v = ctx.aboard
    if v is not None and _driving(ctx) and not v.engine_running and not v.engine_disabled:
        ctx.out.append(_START_ENGINE)


def drive_offer(ctx: Listing, i: int) -> None:
    """ACT-FAST-DRIVE, VEH-MOVE-01: one zone on, no roll; or up or down (VEH-AIR-03)."""
    zone, option, steps = ctx.ways()[i]
    if zone < 0:
        ctx.out.append(action(Kind.DRIVE, option=option))
    elif steps == 1:
        ctx.out.append(action(Kind.DRIVE, -1, zone))


def maneuver_offer(ctx: Listing, i: int) -> None:
    """VEH-MOVE-02, AMB-11: a rolled drive toward any zone within reach, or up or down (VEH-AIR-03)."""
    zone, option, _ = ctx.ways()[i]
    ctx.out.append(action(Kind.MANEUVER, option=option) if zone < 0 else action(Kind.MANEUVER, -1, zone))


def ram_offer(ctx: Listing, i: int) -> None:
    """VEH-RAM-01, AMB-16: the driver, with a slow action and the engine running, on the ground,
    rams an unhidden enemy on foot or an enemy vehicle on the ground in its zone."""
    v = ctx.aboard
    c = ctx.c
    if v is None or not _driving(ctx) or not ctx.slow or not v.engine_running or v.altitude > 0 or not can_move(v):
        return
    for other in ctx.people:
        if other.side != c.side and other.zone == v.zone and other.vehicle < 0 and not other.out and not other.hidden:
            ctx.out.append(action(Kind.RAM, other.id))
    for k, u in enumerate(ctx.state.vehicles):
        if u is not v and u.zone == v.zone and u.altitude == 0 and u.side != c.side and not u.destroyed:
            ctx.out.append(action(Kind.RAM, option=k))
