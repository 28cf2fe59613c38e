"""Who sits where in a zone fight's vehicles: seats, getting in and out, manning mounted weapons,
and what a seat allows (VEH-ATTR-PASS, VEH-DMG-08/09, VEH-AIR-02, ACT-FAST-VEHENTER).

- Seats. A vehicle has 1 + Passengers seats (VEH-ATTR-PASS); `exposed_seats` of them are exposed
  (a pickup's bed, a hatch; on a bike every seat). Entering picks a covered or an exposed seat
  (ENTER_VEHICLE option = 2 * vehicle + 1 for exposed); a seat keeps its exposure when its
  occupant grabs the wheel. Anyone may get into a vehicle of its side or one with nobody in the
  fight aboard (it then becomes that side's), in its zone, at altitude 0, not prone, with no
  active enemy at Engaged, and not from horseback. Boarding ends engagements and cover.
- VEH-DMG-08, AMB-19: an occupant can be shot only from an exposed seat; one who is not exposed
  is harmed only through the component-damage rows (and crashes, fire, explosions of the vehicle).
- The same seats decide who can shoot *out*: an exposed occupant fires its own weapons; anyone
  who mans one of the vehicle's mounted weapons fires that weapon from any seat. A mounted
  weapon in a gunner's hands is a `WeaponState` whose name starts with MOUNTED_PREFIX (the
  loader registers each mounted weapon under such a key).
- VEH-AIR-02/03: altitude counts as zones. The range between two places is the hops between
  their zones plus the difference in altitude, one zone of movement each (AMB-23 bands).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.state import Combatant, GameState, WeaponState
from yz_gym.rulesets.yze.vehicles.operation import board, leave
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
from yz_gym.rulesets.yze.zone.movement import disengage
from yz_gym.rulesets.yze.zone.zones import Range, band_for_hops

MOUNTED_PREFIX: Final = "@"  # key prefix of a vehicle's mounted weapons in Setup.weapons


def is_mounted_weapon(name: str) -> bool:
    """A mounted weapon's key (MOUNTED_PREFIX + vehicle name + '/' + weapon)."""
    return name.startswith(MOUNTED_PREFIX)


def weapon_label(state: GameState, key: str) -> str:
    """The name logs give a carried weapon: a mounted weapon's profile name, else its key in words."""
    if is_mounted_weapon(key) and key in state.setup.weapons:
        return state.setup.weapons[key].name
    return key.replace("_", " ")


def exposed(state: GameState, c: Combatant) -> bool:
    """VEH-DMG-08: `c` sits in an exposed seat of its vehicle (on foot: False)."""
    return c.vehicle >= 0 and c.id in state.vehicles[c.vehicle].exposed


def targetable(state: GameState, c: Combatant) -> bool:
    """VEH-DMG-08, AMB-19: on foot, or in an exposed seat."""
    return c.vehicle < 0 or c.id in state.vehicles[c.vehicle].exposed


def can_fire_out(state: GameState, c: Combatant) -> bool:
    """From an exposed seat with any weapon, from any seat with a mounted weapon in hand."""
    if c.vehicle < 0 or c.id in state.vehicles[c.vehicle].exposed:
        return True
    return c.held >= 0 and is_mounted_weapon(c.weapons[c.held].name)


def altitude(state: GameState, c: Combatant) -> int:
    """VEH-AIR-02: the altitude in zones of `c` (its vehicle's; 0 on foot)."""
    return state.vehicles[c.vehicle].altitude if c.vehicle >= 0 else 0


def band(state: GameState, zone_a: int, alt_a: int, zone_b: int, alt_b: int) -> Range:
    """VEH-AIR-02/03, AMB-23: hops between the zones plus the difference in altitude."""
    hops = state.zone_map.hops[zone_a][zone_b] + abs(alt_a - alt_b)
    return band_for_hops(hops, state.options.extreme_max_hops)


def combatant_band(state: GameState, a: Combatant, b: Combatant) -> Range:
    """The range band between two combatants not engaged, altitude counted."""
    return band(state, a.zone, altitude(state, a), b.zone, altitude(state, b))


def vehicle_of(state: GameState, c: Combatant) -> VehicleState | None:
    """The vehicle `c` is aboard, or None."""
    return state.vehicles[c.vehicle] if c.vehicle >= 0 else None


def crewed(state: GameState, v: VehicleState) -> bool:
    """Someone aboard is still in the fight."""
    return any(not state.combatants[o].out for o in v.occupants)


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
