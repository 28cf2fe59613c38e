"""What the scripted agents do with vehicles and mounts (vehicles/actions.py, mounts/riding.py).

Simple, shared rules of thumb on top of each agent's own logic:
- aboard a wreck, get out (VEH-DMG-03); man a free mounted weapon;
- a driver rams an enemy on foot in its zone, starts a parked engine, and drives toward the
  enemy (or its side's goal zone) while that brings it closer; a pilot with nowhere closer to
  fly brings an aircraft that has lost half its Hull down a zone (a crash hurts everyone aboard
  D3 + 1 per zone of altitude, VEH-AIR-04), where it can come down; a driver who cannot get closer
  gets out to fight on foot unless someone aboard has a shot, and anyone aboard (a gunner too)
  with nothing to shoot gets out;
- on foot, a crewed enemy vehicle is shot at when no enemy person can be;
- a rider rides hard (RIDE) when that gets it farther toward its goal than a plain move.
"""

from __future__ import annotations

from yz_gym.agents.common import distances, weakness_key
from yz_gym.rulesets.yze.combat.attacks import can_shoot
from yz_gym.rulesets.yze.mounts.riding import MAX_RIDE, ride_paths
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.vehicles.movement import MAX_MANEUVER, drive_paths
from yz_gym.rulesets.yze.vehicles.seats import crewed, is_mounted_weapon
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
from yz_gym.rulesets.yze.zone.actions import DESCEND, Action, Kind

VEHICLE_TURN = frozenset(
    {
        Kind.EXIT_VEHICLE,
        Kind.MAN_WEAPON,
        Kind.START_ENGINE,
        Kind.GRAB_WHEEL,
        Kind.DRIVE,
        Kind.MANEUVER,
        Kind.RAM,
    }
)


def goal_zones(state: GameState, me: Combatant) -> set[int]:
    """Where `me` wants to be: its side's goal zone, else where the visible enemies are."""
    goal = state.setup.victory.reach_zone.get(me.side)
    if goal is not None:
        return {goal}
    return {e.zone for e in state.enemies(me) if not e.hidden}


def holds_mounted_weapon(me: Combatant) -> bool:
    """A mounted weapon in hand."""
    return me.held >= 0 and is_mounted_weapon(me.weapons[me.held].name)


def aboard_first(state: GameState, me: Combatant, by_kind: dict[Kind, list[Action]]) -> Action | None:
    """Before anything else aboard: leave a wreck; man a free mounted weapon."""
    if me.vehicle < 0:
        return None
    v = state.vehicles[me.vehicle]
    if v.wrecked:
        return next(iter(by_kind.get(Kind.EXIT_VEHICLE, ())), None)
    if Kind.MAN_WEAPON in by_kind and not holds_mounted_weapon(me):
        return by_kind[Kind.MAN_WEAPON][0]
    return None


def ram_choice(state: GameState, by_kind: dict[Kind, list[Action]]) -> Action | None:
    """The weakest enemy on foot to ram, else an enemy vehicle."""
    rams = by_kind.get(Kind.RAM, [])
    people = [a for a in rams if a.target >= 0]
    if people:
        return min(people, key=lambda a: weakness_key(state, state.combatants[a.target]))
    return rams[0] if rams else None


def drive_choice(state: GameState, me: Combatant, by_kind: dict[Kind, list[Action]]) -> Action | None:
    """Start the engine, or drive (a maneuver when it reaches farther) toward the goal zones."""
    if Kind.START_ENGINE in by_kind:
        return by_kind[Kind.START_ENGINE][0]
    goals = goal_zones(state, me)
    v = state.vehicles[me.vehicle]
    if not goals or me.zone in goals:
        return descent_choice(v, by_kind)
    hops = state.zone_map.hops
    here = min(hops[me.zone][g] for g in goals)
    paths = drive_paths(state, v, MAX_MANEUVER)
    best, best_left = None, here
    for a in by_kind.get(Kind.DRIVE, []) + by_kind.get(Kind.MANEUVER, []):
        if a.zone < 0:
            continue
        path = paths.get(a.zone, [])
        reach = path[0] if a.kind == Kind.DRIVE or len(path) < 3 else path[1]  # a maneuver: 2 zones likely
        left = min(hops[reach][g] for g in goals) - (0.1 if a.kind == Kind.MANEUVER else 0)
        if left < best_left:
            best, best_left = a, left
    return best or descent_choice(v, by_kind)


def descent_choice(v: VehicleState, by_kind: dict[Kind, list[Action]]) -> Action | None:
    """VEH-AIR-04: an aircraft that has lost half its Hull comes down a zone (plain DRIVE), so a
    crash would hurt its crew less; None for a ground vehicle, a sound aircraft, or no way down."""
    if not v.air or v.altitude == 0 or 2 * v.damage < v.hull:
        return None
    return next((a for a in by_kind.get(Kind.DRIVE, ()) if a.zone < 0 and a.option == DESCEND), None)


def occupant_choice(
    state: GameState, me: Combatant, by_kind: dict[Kind, list[Action]], can_attack: bool
) -> Action | None:
    """An occupant with nothing better to do (`can_attack`: it has a shot): ram, drive or get out."""
    if me.vehicle < 0:
        return None
    v = state.vehicles[me.vehicle]
    if v.driver == me.id:
        ram = ram_choice(state, by_kind)
        if ram is not None:
            return ram
        drive = drive_choice(state, me, by_kind)
        if drive is not None:
            return drive
    if can_attack:
        return None
    if v.driver == me.id and crew_has_shot(state, me, v):
        return None  # stay at the wheel while the crew can fight
    return next(iter(by_kind.get(Kind.EXIT_VEHICLE, ())), None)


def crew_has_shot(state: GameState, me: Combatant, v: VehicleState) -> bool:
    """Someone else aboard can shoot an enemy now."""
    enemies = state.enemies(me)
    for o in v.occupants:
        c = state.combatants[o]
        if o != me.id and not c.out and any(can_shoot(state, c, e) for e in enemies):
            return True
    return False


def shoot_vehicle_choice(state: GameState, me: Combatant, by_kind: dict[Kind, list[Action]]) -> Action | None:
    """A crewed enemy vehicle, the most damaged first."""
    shots = [a for a in by_kind.get(Kind.SHOOT_VEHICLE, ()) if crewed(state, state.vehicles[a.option])]
    if not shots:
        return None
    return max(shots, key=lambda a: state.vehicles[a.option].damage / state.vehicles[a.option].hull)


def ride_choice(
    state: GameState, me: Combatant, rides: list[Action], goals: set[int], plain: Action | None
) -> Action | None:
    """RIDE when it heads farther toward `goals` than the plain move `plain` (MOUNT-03)."""
    if not rides or not goals:
        return None
    dist = distances(state)
    here = min(dist[me.zone][g] for g in goals)
    after_plain = min(dist[plain.zone][g] for g in goals) if plain is not None and plain.zone >= 0 else here
    paths = ride_paths(state, me, MAX_RIDE)
    best, best_left = None, after_plain - 0.5
    for a in rides:
        path = paths.get(a.zone, [])
        if len(path) < 2:
            continue
        left = min(dist[path[1]][g] for g in goals)  # one success is likely: two zones
        if left < best_left and min(dist[a.zone][g] for g in goals) <= left:
            best, best_left = a, left
    return best
