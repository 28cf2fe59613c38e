"""Who sits where in a zone fight's vehicles, as the attack rules need it (VEH-DMG-08/09, VEH-AIR-02).

A small module with no rules imports beyond the state, so combat/attacks.py can ask it without an import
cycle; the actions on vehicles are in vehicles/actions.py.

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

from typing import Final

from yz_gym.rulesets.yze.state import Combatant, GameState
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
