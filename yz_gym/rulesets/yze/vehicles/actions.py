"""Vehicles in zone fights: getting in and out, the engine, the wheel, driving, flying, ramming,
shooting at vehicles and from them (VEH-02..06, VEH-MOVE-01/02, VEH-RAM-01/02, VEH-DMG-01..09,
VEH-AIR-01..05, ACT-FAST-VEHENTER/ENGINE/WHEEL/DRIVE, ACTN-VEHICLE-01, COVER-08, AMB-10/11/15/16/19).

The vehicle itself (damage, armor, component crits, crashes, fire, rams) is vehicles/operation.py and
vehicles/damage.py; this module turns it into actions of the zone engine, and resolution/stack.py hands
every action kind from `FIRST_EXTENSION` on to it (mounts/riding.py for the riding ones). Decisions
where the seed leaves room:

- Seats. A vehicle has 1 + Passengers seats (VEH-ATTR-PASS); `exposed_seats` of them are exposed
  (a pickup's bed, a hatch; on a bike every seat). Entering picks a covered or an exposed seat
  (ENTER_VEHICLE option = 2 * vehicle + 1 for exposed); a seat keeps its exposure when its
  occupant grabs the wheel. Anyone may get into a vehicle of its side or one with nobody in the
  fight aboard (it then becomes that side's), in its zone, at altitude 0, not prone, with no
  active enemy at Engaged, and not from horseback. Boarding ends engagements and cover.
- Getting in or out (ACT-FAST-VEHENTER, VEH-04/05, AMB-10, ACTN-VEHICLE-01) is slow for cars,
  trucks, pickups, APCs, tanks and helicopters and fast for bikes; `vehicle_rules:
  enter_exit_action` switches it (`slow` or `fast` for all). Start engine (VEH-06,
  ACT-FAST-ENGINE) is fast: the driver starts a vehicle that is off (scenario `engine_running:
  false`); a failed engine (VEH-CRIT-11) or a wreck does not start.
- Grab the wheel (ACT-FAST-WHEEL, G-19): a fast action by an occupant: take the driver's seat
  when nobody has the wheel or its driver is out of the fight (the body is pushed aside).
- Drive (ACT-FAST-DRIVE, VEH-02, VEH-MOVE-01): one zone per fast action, no roll. Maneuver
  (VEH-MOVE-02, AMB-11, VEH-03): a fast action with a driving roll (`vehicle_skill` Mobility or
  Driving, + Maneuverability, less blown-tire and windshield penalties) moving 1 zone plus 1 per
  success (0 successes: still 1) toward the zone named, along the shortest drivable way. Only the
  driver drives, with the engine running, the vehicle not wrecked (VEH-DMG-03) nor its engine
  failed (VEH-CRIT-11).
- Zones a vehicle cannot enter: cramped ones, and those marked `vehicles: false` in the map
  (ruins, dense woods, a market's alleys). A ground vehicle crosses only open borders and doors
  broken down. An air vehicle in flight (altitude 1+) passes over any border to any adjacent zone,
  and lands (descends to 0) only where a vehicle can enter.
- Air vehicles (VEH-AIR-01..03): each zone of movement is horizontal or vertical: DRIVE climbs or
  descends one zone (option CLIMB / DESCEND) or moves one zone across; a MANEUVER goes all
  across or all up/down (one direction per action, altitude 0..MAX_ALTITUDE). Range counts the
  difference in altitude as zones (vehicle_seats.band). Nobody gets in or out in flight, and
  nothing rams from or at altitude. A wrecked aircraft crashes: D3 + altitude for everyone
  aboard, less the vehicle's armor and a Mobility brace roll (VEH-AIR-04/05, vehicle_damage); a
  failed engine brings it down one zone per round, landing safely (AMB-42, `engine_fail_air`).
- Ramming (VEH-RAM-01/02, AMB-15/16): a slow close attack by the driver, rolled with the driving
  roll, against an enemy on foot or another vehicle in its zone (same zone = in reach after a
  drive: drive first, then ram). Base damage ceil(Hull / 2), +1 per extra success (ATK-06); a
  person's body armor counts; a rammed vehicle's armor rolls and its component damage uses a D6
  (VEH-DMG-06). A ram cannot be blocked, and the rammer takes no damage (not in the seed).
- Shooting at a vehicle (SHOOT_VEHICLE): a slow ranged attack like ACTN-SHOOT-01 at +2 (RMOD-11:
  a large target); with a full-auto weapon it may open a burst (option = the vehicle, zone = the
  fire mode, SHOOT's option: 1 = AUTO-01 basic full auto, n = AUTO-03 ammo dice; resolution/stack.py and
  zone/auto_targets.py run the rest of the burst as for one opened at a person); the hit goes
  through the vehicle's armor and may cause component damage on the D12/D66 table
  (vehicle_damage.hit_vehicle). A ricochet (VEH-CRIT-01)
  goes to a random other person on foot or vehicle in the zone.
- Close attacks on a vehicle (ATTACK_VEHICLE, ATK-01): a slow Melee roll with the close weapon
  by anyone on foot (not riding) in the vehicle's zone, at altitude 0; Engaged is a relation
  between people, so a vehicle in your zone is within reach. Not at a wreck. The hit goes through
  hit_vehicle with its component roll on a D6 (VEH-DMG-06).
- Occupants (VEH-DMG-07..09, COVER-08, AMB-19): those in exposed seats can be shot, with cover
  equal to the vehicle's armor in a ground vehicle (none in an air vehicle), and can shoot out
  with their own weapons; the others are harmed only through component crits, crashes, fire and
  explosions of the vehicle, and fire only a mounted weapon. An occupant cannot move on foot,
  close in, seek cover or drop prone; first aid and putting out fire reach the same vehicle.
  Occupants move with the vehicle. Everyone aboard a wreck must get out (VEH-DMG-03): leaving is
  all they can do.
- Mounted weapons (CHASE-VSHOOT-03 in chases): MAN_WEAPON (fast) puts one of the vehicle's working
  weapons in an occupant's hands (a `WeaponState` named by vehicle_seats.MOUNTED_PREFIX); it stays
  with the seat when the gunner leaves, and passes on when the gunner is out of the fight. One
  gunner per weapon; the driver may man one too. A weapon disabled by VEH-CRIT-09 is broken in its
  gunner's hands.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.attacks import (
    BAND,
    DARK_MODIFIER,
    MOUNTED_SHOT,
    RANGE_MODIFIER,
    RIDER_PENALTY,
    SIZE_MODIFIER,
    UNSEEN_MODIFIER,
    artifact_die,
    close_modifier,
    close_weapon,
    hands_ok,
    held_weapon,
    shot_options,
    shot_skill,
    smoky,
    spend_ammo,
)
from yz_gym.rulesets.yze.combat.damage import attack_crit, take_damage
from yz_gym.rulesets.yze.dice import NO_MODIFIERS, DicePool, Modifiers, Roll
from yz_gym.rulesets.yze.mounts.riding import (
    dismount,
    mount_actions,
    remount,
    ride,
    riding,
    riding_pool,
    uses_mount,
    wound_mount,
)
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import Combatant, GameState, WeaponState
from yz_gym.rulesets.yze.vehicles.damage import hit_vehicle, ram
from yz_gym.rulesets.yze.vehicles.damage import round_end as vehicle_round_end
from yz_gym.rulesets.yze.vehicles.operation import (
    board,
    can_move,
    drive_zones,
    driving_pool,
    enter_exit_action,
    leave,
    shoot_occupant,
    start_engine,
    take_wheel,
)
from yz_gym.rulesets.yze.vehicles.seats import altitude, band, can_fire_out, exposed
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
from yz_gym.rulesets.yze.zone.actions import CLIMB, DESCEND, Action, Kind, is_slow
from yz_gym.rulesets.yze.zone.movement import disengage, engaged_enemies, passable
from yz_gym.rulesets.yze.zone.zones import Range

MAX_ALTITUDE: Final = 10  # VEH-AIR-02: the highest an aircraft climbs in a zone fight
MAX_MANEUVER: Final = 6  # the farthest zone a MANEUVER may aim at
# what an occupant may still do of the ordinary actions (SHOOT/OVERWATCH only with can_fire_out)
OCCUPANT_KINDS: Final = frozenset(
    {
        Kind.END_TURN, Kind.SWAP_INITIATIVE, Kind.DRAW, Kind.AIM, Kind.RELOAD, Kind.SHOOT,
        Kind.OVERWATCH, Kind.USE_ITEM, Kind.FIRST_AID, Kind.EXTINGUISH, Kind.PERSUADE,
        Kind.ATTACK_MOUNT, Kind.SHOOT_MOUNT,
    }
)  # fmt: skip
# actions that need the target within reach: not across a vehicle's body
NEAR_KINDS: Final = frozenset(
    {
        Kind.ENGAGE, Kind.CRAWL, Kind.DIVING_BLOW, Kind.FIRST_AID, Kind.EXTINGUISH, Kind.CLOSE_ATTACK,
        Kind.DISARM, Kind.TRIP, Kind.SHOVE, Kind.GRAPPLE,
    }
)  # fmt: skip
_WRECK_KINDS: Final = frozenset({Kind.END_TURN, Kind.SWAP_INITIATIVE})


def vehicle_of(state: GameState, c: Combatant) -> VehicleState | None:
    """The vehicle `c` is aboard, or None."""
    return state.vehicles[c.vehicle] if c.vehicle >= 0 else None


def crewed(state: GameState, v: VehicleState) -> bool:
    """Someone aboard is still in the fight."""
    return any(not state.combatants[o].out for o in v.occupants)


# --- seats (VEH-ATTR-PASS, VEH-DMG-08) ------------------------------------------------------------


def exposed_capacity(v: VehicleState) -> int:
    """Exposed seats: every seat of a bike, else the scenario's `exposed_seats`."""
    return v.type.seats if v.type.bike else min(v.exposed_seats, v.type.seats)


def seat_free(v: VehicleState, in_exposed: bool) -> bool:
    """A free seat of that kind (VEH-ATTR-PASS: 1 + Passengers seats in all)."""
    taken = sum(1 for o in v.occupants if (o in v.exposed) == in_exposed)
    cap = exposed_capacity(v) if in_exposed else v.type.seats - exposed_capacity(v)
    return taken < cap


def get_in(state: GameState, c: Combatant, index: int, in_exposed: bool, events: list[Event]) -> None:
    """ACT-FAST-VEHENTER: take a seat; an unmanned vehicle becomes the boarder's side's."""
    v = state.vehicles[index]
    if not crewed(state, v):
        v.side = c.side
    board(v, c.id, exposed=in_exposed)
    c.vehicle = index
    disengage(state, c)
    c.cover = c.peek = -1
    events.append(Event("boarded", c.id, -1, {"vehicle": v.name, "exposed": in_exposed}))


def get_out(state: GameState, c: Combatant, events: list[Event]) -> None:
    """ACT-FAST-VEHENTER, VEH-DMG-03: leave the vehicle, on foot in its zone; a mounted weapon
    stays with the vehicle."""
    v = state.vehicles[c.vehicle]
    for w in v.weapons:
        if w.gunner == c.id:
            _release(state, w.gunner, w.weapon)
            w.gunner = -1
    leave(v, c.id)
    c.vehicle = -1
    events.append(Event("got_out", c.id, -1, {"vehicle": v.name}))


def _release(state: GameState, gunner: int, key: str) -> None:
    """The mounted weapon leaves its gunner's hands."""
    g = state.combatants[gunner]
    for i, carried in enumerate(g.weapons):
        if carried.name == key:
            g.weapons.pop(i)
            if g.held == i:
                g.held = -1
            elif g.held > i:
                g.held -= 1
            return


def man_weapon(state: GameState, c: Combatant, index: int, events: list[Event]) -> None:
    """Take the vehicle's mounted weapon `index` in hand (its gunner before, if any, is out)."""
    v = state.vehicles[c.vehicle]
    w = v.weapons[index]
    if w.gunner >= 0 and w.gunner != c.id:
        _release(state, w.gunner, w.weapon)
    profile = state.setup.weapons[w.weapon]
    c.weapons.append(WeaponState(w.weapon, -1 if w.disabled else profile.bonus))
    c.held = len(c.weapons) - 1
    w.gunner = c.id
    events.append(Event("manned", c.id, -1, {"vehicle": v.name, "weapon": profile.name}))


def sync_weapons(state: GameState) -> None:
    """VEH-CRIT-09: a disabled mounted weapon is broken in its gunner's hands."""
    for v in state.vehicles:
        for w in v.weapons:
            if w.disabled and w.gunner >= 0:
                for carried in state.combatants[w.gunner].weapons:
                    if carried.name == w.weapon:
                        carried.bonus = -1


# --- movement (VEH-MOVE-01/02, VEH-AIR-02/03) -------------------------------------------------------


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


def _climb_ok(state: GameState, v: VehicleState, step: int) -> bool:
    """VEH-AIR-02/03: altitude stays within 0..MAX_ALTITUDE; landing only where vehicles go."""
    after = v.altitude + step
    if not v.air or not 0 <= after <= MAX_ALTITUDE:
        return False
    return after > 0 or enterable(state, v.zone)


def _fly(state: GameState, v: VehicleState, step: int, zones: int, events: list[Event]) -> None:
    moved = 0
    while moved < zones and _climb_ok(state, v, step):
        v.altitude += step
        moved += 1
    events.append(Event("flew", v.driver, -1, {"vehicle": v.name, "altitude": v.altitude}))


def _drive(state: GameState, v: VehicleState, dest: int, zones: int, events: list[Event]) -> None:
    path = drive_paths(state, v, MAX_MANEUVER).get(dest, [])[:zones]
    for zone in path:
        move_vehicle(state, v, zone)
    events.append(Event("drove", v.driver, -1, {"vehicle": v.name, "zone": v.zone, "zones": len(path)}))


# --- shooting at a vehicle ----------------------------------------------------------------------


def can_shoot_vehicle(state: GameState, a: Combatant, index: int) -> bool:
    """ACTN-SHOOT-01 at a vehicle: a loaded ranged weapon, a seat to fire from, line of fire,
    in range (altitude counted), not the shooter's own vehicle nor a wreck."""
    v = state.vehicles[index]
    if a.held < 0 or v.wrecked or a.vehicle == index:
        return False
    weapon = held_weapon(state, a)
    carried = a.weapons[a.held]
    if (
        not (weapon.ranged or weapon.thrown)
        or not carried.loaded
        or carried.bonus < 0
        or not hands_ok(a, weapon)
    ):
        return False
    if not can_fire_out(state, a):
        return False
    if not state.zone_map.line_of_fire(a.zone, v.zone, state.doors, a.peek):
        return False
    reach = band(state, a.zone, altitude(state, a), v.zone, v.altitude)
    if reach > BAND[weapon.range]:
        return False
    return not (state.zone_map.zones[v.zone].dark and reach >= Range.MEDIUM)  # DARK-05


def can_attack_vehicle(state: GameState, a: Combatant, index: int) -> bool:
    """ATK-01 at a vehicle: on foot in its zone (no Engaged needed), on the ground, not a wreck."""
    v = state.vehicles[index]
    if a.vehicle >= 0 or a.grappling >= 0 or a.grappled_by >= 0:
        return False
    return v.zone == a.zone and v.altitude == 0 and not v.wrecked and not v.destroyed


def vehicle_shot_modifier(state: GameState, a: Combatant, v: VehicleState) -> Modifiers:
    """RMOD-05..16 at a vehicle: range band (altitude counted), aim, +2 large target (RMOD-11),
    dim or dark zone, smoke; MOUNT-10 from horseback (one cause each)."""
    reach = band(state, a.zone, altitude(state, a), v.zone, v.altitude)
    mods = NO_MODIFIERS.plus(RANGE_MODIFIER[reach]).plus(a.aiming).plus(SIZE_MODIFIER["large"])
    zone = state.zone_map.zones[v.zone]
    if zone.dim:
        mods = mods.plus(state.options.dim_zone_mod if a.zone != v.zone else state.options.dim_light_mod)
    if zone.dark:
        mods = mods.plus(DARK_MODIFIER)
    if smoky(state, v.zone) or smoky(state, a.zone):
        mods = mods.plus(UNSEEN_MODIFIER)
    if riding(a):
        mods = mods.plus(MOUNTED_SHOT)
    return mods


def zone_others(state: GameState, v: VehicleState) -> list[Combatant | VehicleState]:
    """VEH-CRIT-01, AMB-20: who a ricochet can hit: people on foot and other vehicles there."""
    out: list[Combatant | VehicleState] = [
        c for c in state.combatants if c.zone == v.zone and c.vehicle < 0 and not c.dead and not c.fled
    ]
    out += [u for u in state.vehicles if u is not v and u.zone == v.zone and not u.destroyed]
    return out


# --- legal actions ---------------------------------------------------------------------------


def turn_actions(state: GameState, c: Combatant, actions: list[Action]) -> list[Action]:
    """What vehicles and mounts change in `c`'s turn (legal.turn_actions hands its list here)."""
    if state.vehicles:
        v = vehicle_of(state, c)
        actions = _aboard(state, c, v, actions) if v is not None else _on_foot(state, c, actions)
    return mount_actions(state, c, actions)


def _near(state: GameState, c: Combatant, a: Action) -> bool:
    """Within reach: both on foot, or both in the same vehicle."""
    if a.kind not in NEAR_KINDS or a.target < 0:
        return True
    return state.combatants[a.target].vehicle == c.vehicle


def _on_foot(state: GameState, c: Combatant, actions: list[Action]) -> list[Action]:
    out = [a for a in actions if _near(state, c, a)]
    if not c.can_take(False):
        return out
    slow = c.can_take(True)
    mounted = riding(c)
    engaged = bool(engaged_enemies(state, c))
    for i, v in enumerate(state.vehicles):
        if slow and c.held >= 0 and v.side != c.side and can_shoot_vehicle(state, c, i):
            _vehicle_shots(state, c, i, out)
        if slow and not mounted and v.side != c.side and can_attack_vehicle(state, c, i):
            out.append(Action(Kind.ATTACK_VEHICLE, option=i))
        if mounted or engaged or c.prone or v.zone != c.zone or v.altitude > 0 or v.wrecked or v.destroyed:
            continue
        if crewed(state, v) and v.side != c.side:
            continue
        if enter_exit_action(v) == "slow" and not slow:
            continue
        for seat in (0, 1):
            if seat_free(v, bool(seat)):
                out.append(Action(Kind.ENTER_VEHICLE, option=2 * i + seat))
    return out


def _vehicle_shots(state: GameState, c: Combatant, index: int, out: list[Action]) -> None:
    """SHOOT_VEHICLE at vehicle `index`: a plain shot and, with a full-auto weapon, a burst
    (AUTO-01) or ammo dice (AUTO-03), the options SHOOT offers."""
    out.append(Action(Kind.SHOOT_VEHICLE, option=index))
    for mode in shot_options(state, c):
        if mode >= 1:
            out.append(Action(Kind.SHOOT_VEHICLE, -1, mode, index))  # zone = the fire mode


def _aboard(state: GameState, c: Combatant, v: VehicleState, actions: list[Action]) -> list[Action]:
    exit_ok = v.altitude == 0 and c.can_take(enter_exit_action(v) == "slow")
    if v.wrecked:  # VEH-DMG-03: nothing to do but get out
        out = [a for a in actions if a.kind in _WRECK_KINDS]
        if exit_ok:
            out.append(Action(Kind.EXIT_VEHICLE))
        return out
    fires = can_fire_out(state, c)
    open_seat = exposed(state, c)
    out = []
    for a in actions:
        kind = a.kind
        if kind not in OCCUPANT_KINDS or not _near(state, c, a):
            continue
        if (kind == Kind.OVERWATCH and not fires) or (kind == Kind.USE_ITEM and not open_seat):
            continue
        out.append(a)
    if not c.can_take(False):
        return out
    slow = c.can_take(True)
    people = state.combatants
    if exit_ok:
        out.append(Action(Kind.EXIT_VEHICLE))
    if v.driver != c.id and (v.driver < 0 or people[v.driver].out):
        out.append(Action(Kind.GRAB_WHEEL))
    for i, w in enumerate(v.weapons):
        if not w.disabled and w.gunner != c.id and (w.gunner < 0 or people[w.gunner].out):
            out.append(Action(Kind.MAN_WEAPON, option=i))
    if slow and c.held >= 0 and fires:
        for i, u in enumerate(state.vehicles):
            if u.side != c.side and can_shoot_vehicle(state, c, i):
                _vehicle_shots(state, c, i, out)
    if v.driver == c.id:
        _driver_actions(state, c, v, slow, out)
    return out


def _driver_actions(state: GameState, c: Combatant, v: VehicleState, slow: bool, out: list[Action]) -> None:
    """ACT-FAST-ENGINE, ACT-FAST-DRIVE, VEH-MOVE-01/02, VEH-AIR-03, VEH-RAM-01."""
    if not v.engine_running:
        if not v.engine_disabled:
            out.append(Action(Kind.START_ENGINE))
        return
    if not can_move(v):
        return
    limit = min(MAX_MANEUVER, 1 + len(driving_pool(state, c, v).dice))
    for dest, path in drive_paths(state, v, limit).items():
        if len(path) == 1:
            out.append(Action(Kind.DRIVE, -1, dest))
        out.append(Action(Kind.MANEUVER, -1, dest))
    if v.air:
        for option, step in ((CLIMB, 1), (DESCEND, -1)):
            if _climb_ok(state, v, step):
                out.append(Action(Kind.DRIVE, option=option))
                out.append(Action(Kind.MANEUVER, option=option))
    if not slow or v.altitude > 0:
        return
    for other in state.combatants:  # AMB-16: in the same zone
        if (
            other.side != c.side
            and other.zone == v.zone
            and other.vehicle < 0
            and not other.out
            and not other.hidden
        ):
            out.append(Action(Kind.RAM, other.id))
    for i, u in enumerate(state.vehicles):
        if u is not v and u.zone == v.zone and u.altitude == 0 and u.side != c.side and not u.destroyed:
            out.append(Action(Kind.RAM, option=i))


# --- declaring and rolling ----------------------------------------------------------------------


def is_slow_action(state: GameState, c: Combatant, action: Action) -> bool:
    """VEH-04/05, AMB-10: getting in or out is slow or fast by the vehicle; on or off an animal
    as `mount_action` says (VEH-05 by analogy: fast); the rest by kind."""
    if action.kind in (Kind.DISMOUNT, Kind.REMOUNT):
        return state.options.mount_action == "slow"
    if action.kind == Kind.ENTER_VEHICLE:
        return enter_exit_action(state.vehicles[action.option // 2]) == "slow"
    if action.kind == Kind.EXIT_VEHICLE and c.vehicle >= 0:
        return enter_exit_action(state.vehicles[c.vehicle]) == "slow"
    return is_slow(action.kind)


def frame_skill(state: GameState, kind: Kind, actor: Combatant) -> str | None:
    """The skill an extension action rolls (its push cost follows it): driving rolls count as
    Mobility (VEH-03; a Driving skill is Agility-based too), shots as ATK-03 says."""
    if kind in (Kind.MANEUVER, Kind.RAM, Kind.RIDE):
        return "Mobility"
    if kind == Kind.SHOOT_VEHICLE:
        return shot_skill(held_weapon(state, actor))
    if kind == Kind.ATTACK_VEHICLE:
        return "Melee"  # ATK-01
    return None


def extension_pool(
    state: GameState, kind: Kind, actor: Combatant, target: int, option: int, skill: str,
    gear: int, modifier: Modifiers, at_mount: bool, artifact: int = 0,
) -> DicePool:  # fmt: skip
    """The dice of an extension action, or of a roll that riding changes (MOUNT-06/09/11)."""
    if kind in (Kind.MANEUVER, Kind.RAM):
        v = state.vehicles[actor.vehicle]
        if kind == Kind.RAM and target >= 0:
            modifier = modifier.join(close_modifier(state, actor, state.combatants[target], False))  # MOUNT-09, RMOD-02/03
        return driving_pool(state, actor, v, modifier)  # VEH-MOVE-02, VEH-RAM-01, AMB-15
    if kind == Kind.SHOOT_VEHICLE:
        gear = max(0, actor.weapons[actor.held].bonus)
        artifact = artifact_die(state, actor)  # DICE-11
        modifier = modifier.join(vehicle_shot_modifier(state, actor, state.vehicles[option]))
    elif kind == Kind.ATTACK_VEHICLE:
        armed = close_weapon(state, actor)[0] >= 0
        gear = max(0, actor.weapons[actor.held].bonus) if armed else 0  # ATK-07
        artifact = artifact_die(state, actor) if armed else 0  # DICE-11
    elif at_mount and target >= 0 and riding(state.combatants[target]):
        ranged = kind == Kind.SHOOT
        if not ranged or state.options.rider_penalty_ranged:
            modifier = modifier.without(RIDER_PENALTY)  # MOUNT-08/11: at the mount, not the rider
    if uses_mount(actor, kind, skill):
        return riding_pool(state, actor, gear, modifier)  # MOUNT-06
    return skill_pool(state, actor, skill, gear, modifier, artifact)


# --- effects --------------------------------------------------------------------------------


def extension_effect(
    state: GameState, kind: Kind, actor: Combatant, target: int, zone: int, option: int,
    roll: Roll | None, rng: np.random.Generator, events: list[Event],
) -> None:  # fmt: skip
    """Carry out an extension action (resolution._resolve hands it over with the frame's roll)."""
    successes = roll.successes if roll is not None else 0
    if kind == Kind.RIDE:
        ride(state, actor, zone, successes, events)  # MOUNT-03
        return
    if kind == Kind.DISMOUNT:
        dismount(state, actor, events)  # MOUNT-02: off; the animal stays in the zone
        return
    if kind == Kind.REMOUNT:
        remount(state, actor, state.combatants[target], events)  # MOUNT-02: back in the saddle
        return
    if kind == Kind.ENTER_VEHICLE:
        get_in(state, actor, option // 2, bool(option % 2), events)
        return
    v = vehicle_of(state, actor)
    if kind == Kind.SHOOT_VEHICLE:
        _shoot_vehicle(state, actor, state.vehicles[option], successes, rng, events)
    elif kind == Kind.ATTACK_VEHICLE:
        _attack_vehicle(state, actor, state.vehicles[option], successes, rng, events)
    elif v is None:
        return
    elif kind == Kind.EXIT_VEHICLE:
        get_out(state, actor, events)
    elif kind == Kind.START_ENGINE:
        start_engine(v)  # VEH-06
        events.append(Event("engine_started", actor.id, -1, {"vehicle": v.name}))
    elif kind == Kind.GRAB_WHEEL:
        v.driver = -1
        take_wheel(v, actor.id)  # ACT-FAST-WHEEL
        events.append(Event("took_wheel", actor.id, -1, {"vehicle": v.name}))
    elif kind == Kind.MAN_WEAPON:
        man_weapon(state, actor, option, events)
    elif kind in (Kind.DRIVE, Kind.MANEUVER):
        if not can_move(v) or v.driver != actor.id:
            return
        zones = drive_zones(successes if roll is not None else None)  # VEH-MOVE-01/02, AMB-11
        if zone >= 0:
            _drive(state, v, zone, zones, events)
        else:
            _fly(state, v, 1 if option == CLIMB else -1, zones, events)  # VEH-AIR-03
    elif kind == Kind.RAM and roll is not None:
        _ram(state, actor, v, target, option, roll, rng, events)
    sync_weapons(state)


def _ram(
    state: GameState, actor: Combatant, v: VehicleState, target: int, option: int, roll: Roll,
    rng: np.random.Generator, events: list[Event],
) -> None:  # fmt: skip
    """VEH-RAM-01/02: the frame's driving roll is the close attack."""
    aim: Combatant | VehicleState = state.combatants[target] if target >= 0 else state.vehicles[option]
    if isinstance(aim, Combatant):
        aim.overwatch = -1  # ACTN-OVERWATCH-04: attacked in close combat
    ram(state, v, aim, roll, rng, events, others=zone_others(state, v))
    actor.hidden = False


def _attack_vehicle(
    state: GameState, actor: Combatant, v: VehicleState, successes: int, rng: np.random.Generator,
    events: list[Event],
) -> None:  # fmt: skip
    """ATK-01/05/06 at a vehicle; VEH-DMG-01..06 through hit_vehicle, component rolls on a D6."""
    weapon = close_weapon(state, actor)[1]
    actor.hidden = False
    hit = successes >= 1
    events.append(Event("hit" if hit else "miss", actor.id, -1, {"kind": "attack_vehicle", "vehicle": v.name}))
    if hit and not v.destroyed:
        hit_vehicle(
            state, v, weapon.damage + successes - 1, rng, events, close=True, source=actor.id,
            others=zone_others(state, v),
        )  # fmt: skip


def _shoot_vehicle(
    state: GameState, actor: Combatant, v: VehicleState, successes: int, rng: np.random.Generator,
    events: list[Event],
) -> None:  # fmt: skip
    """ACTN-SHOOT-01, ATK-05/06 at a vehicle; VEH-DMG-01..06 through hit_vehicle."""
    weapon = held_weapon(state, actor)
    carried = actor.weapons[actor.held]
    actor.hidden = False
    actor.aiming = 0  # ACTN-AIM-01
    hit = successes >= 1
    events.append(Event("hit" if hit else "miss", actor.id, -1, {"kind": "shoot_vehicle", "vehicle": v.name}))
    if state.options.full_auto == "ammo_dice":
        spend_ammo(state, actor, carried, 0, events)  # AUTO-06: one round
    if hit:
        hit_vehicle(
            state,
            v,
            weapon.damage + successes - 1,
            rng,
            events,
            source=actor.id,
            others=zone_others(state, v),
        )
    if weapon.single_shot:
        carried.loaded = False
    if weapon.thrown:
        actor.weapons.pop(actor.held)
        actor.held = -1


def shot_hits_vehicle(
    state: GameState, actor: Combatant, index: int, damage: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """AUTO-05: an extra hit of a shot on vehicle `index`, through hit_vehicle as a single shot's
    hit (VEH-DMG-01..06: armor, component damage, ricochet)."""
    v = state.vehicles[index]
    hit_vehicle(state, v, damage, rng, events, source=actor.id, others=zone_others(state, v))
    sync_weapons(state)


def wound(
    state: GameState, actor: Combatant, target: Combatant, damage: int, ranged: bool, at_mount: bool,
    successes: int, rng: np.random.Generator, events: list[Event],
) -> None:  # fmt: skip
    """A hit on a mount (MOUNT-08/14) or on an exposed occupant (VEH-DMG-08/09, COVER-08)."""
    if at_mount:
        wound_mount(state, target, damage, events, source=actor.id)
        return
    v = state.vehicles[target.vehicle]
    damage = shoot_occupant(state, v, target, damage, rng, events, ranged=ranged)
    take_damage(state, target, damage, rng, events, source=actor.id)
    attack_crit(state, target, damage, successes, rng, events)


def round_end(state: GameState, rng: np.random.Generator, events: list[Event]) -> None:
    """Once a round: burning vehicles burn, failed aircraft engines descend (vehicle_damage)."""
    for v in state.vehicles:
        vehicle_round_end(state, v, rng, events)
    sync_weapons(state)


def describe_words(state: GameState, action: Action, actor: int) -> list[str]:
    """Extra words naming the vehicle, seat, weapon or direction of an extension action."""
    kind, option = action.kind, action.option
    if kind == Kind.ENTER_VEHICLE:
        v = state.vehicles[option // 2]
        return [v.name, "(exposed seat)" if option % 2 else "(covered seat)"]
    if kind == Kind.SHOOT_VEHICLE and option >= 0:
        words = [state.vehicles[option].name]
        if action.zone >= 1:  # the fire mode
            auto = state.options.full_auto == "basic"
            words.append("(full auto)" if auto else f"({action.zone} ammo dice)")  # AUTO-01, AUTO-03
        return words
    if kind in (Kind.RAM, Kind.ATTACK_VEHICLE) and option >= 0:
        return [state.vehicles[option].name]
    if kind in (Kind.DRIVE, Kind.MANEUVER) and action.zone < 0:
        return ["(climb)" if option == CLIMB else "(descend)"]
    if kind == Kind.DISMOUNT and actor >= 0:
        m = state.combatants[actor].mount
        return [f"({m.name})"] if m is not None else []
    if kind == Kind.REMOUNT and action.target >= 0:
        m = state.combatants[action.target].mount
        return [f"({m.name})"] if m is not None else []
    if kind == Kind.MAN_WEAPON and actor >= 0 and state.combatants[actor].vehicle >= 0:
        key = state.vehicles[state.combatants[actor].vehicle].weapons[option].weapon
        return [state.setup.weapons[key].name]
    return []


def setup_vehicles(state: GameState, vehicles: Sequence[VehicleState]) -> None:
    """Copy the scenario's vehicles into a new game and hand out the mounted weapons."""
    state.vehicles = [v.copy() for v in vehicles]
    for index, v in enumerate(state.vehicles):
        for o in v.occupants:
            state.combatants[o].vehicle = index
        for i, w in enumerate(v.weapons):
            if w.gunner >= 0:
                gunner, w.gunner = w.gunner, -1
                man_weapon(state, state.combatants[gunner], i, [])


__all__ = [
    "MAX_ALTITUDE",
    "can_attack_vehicle",
    "can_shoot_vehicle",
    "drive_paths",
    "extension_effect",
    "extension_pool",
    "frame_skill",
    "get_in",
    "get_out",
    "is_slow_action",
    "round_end",
    "setup_vehicles",
    "shot_hits_vehicle",
    "turn_actions",
    "wound",
]
