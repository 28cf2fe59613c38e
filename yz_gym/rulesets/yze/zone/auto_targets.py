"""Full-auto fire at mounts and vehicles: a burst's next shot (AUTO-01) and an ammo six's extra
hit (AUTO-05) may go at an animal or a vehicle, not only at a person (resolution/stack.py and bursts.py ask here).

- AUTO-01: at the `full_auto` decision, besides SHOOT(target, 1) at the people it can hit, the
  shooter may send the next shot at any enemy mount it could shoot at now (SHOOT_MOUNT(rider):
  a ridden one as a shot at its rider allows, MOUNT-11; a riderless one as
  mounts.can_shoot_riderless says) or any enemy vehicle (SHOOT_VEHICLE(option=vehicle), as
  vehicles/actions.py can_shoot_vehicle says): the targets a single shot could take. Such a shot
  rolls like the single shot at it (MOUNT-08/11: no -1 for a rider; RMOD-11: +2 at a vehicle)
  and lands on the same path: wound_mount (MOUNT-12/14) or hit_vehicle (VEH-DMG-01..06, armor,
  component damage, ricochets). A hit lets the burst go on, three shots at most, as ever.
- AUTO-05: at the `ammo` decision, an extra hit may land on a mount or a vehicle in the main
  target's zone (and at its altitude) that the shooter could shoot at, at base damage, +1 per
  further six spent on it; it goes through the same paths.
- A burst (AUTO-01) or a shot with ammo dice (AUTO-03) may also open at a mount or a vehicle:
  SHOOT_MOUNT(rider, option) with SHOOT's options, SHOOT_VEHICLE(zone=mode, option=vehicle)
  with SHOOT's options as the fire mode in `zone` (offered by mounts/riding.py / vehicles/actions.py with
  attacks.shot_options: only with a full-auto weapon, or as many ammo dice as the magazine
  allows). The first shot rolls and lands as the single shot at it; the rest of the burst is as
  above, and an ammo six's extra hit may land on the main target (the mount or vehicle again)
  or on a person (`zone_people`), mount or vehicle in its zone (at its altitude). The flat action
  space has these forms in blocks appended after every kind's (action_space.APPENDED_FORMS).
"""

from __future__ import annotations

from yz_gym.rulesets.yze.combat.attacks import can_shoot
from yz_gym.rulesets.yze.mounts.riding import mount_zone, shootable_mount
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.vehicles.actions import can_shoot_vehicle
from yz_gym.rulesets.yze.vehicles.seats import altitude
from yz_gym.rulesets.yze.zone.actions import Action, Kind


def _mount_shots(state: GameState, c: Combatant, zone: int) -> list[Action]:
    """SHOOT_MOUNT at the enemies' mounts `c` can shoot at (in `zone` unless it is -1)."""
    out = []
    for o in state.combatants:
        if o.side == c.side or o.out or o.hidden or o.mount is None or o.mount.dead:
            continue
        if zone >= 0 and mount_zone(o) != zone:
            continue
        if shootable_mount(state, c, o):
            out.append(Action(Kind.SHOOT_MOUNT, o.id))  # MOUNT-11
    return out


def _vehicle_shots(state: GameState, c: Combatant, zone: int, alt: int) -> list[Action]:
    """SHOOT_VEHICLE at the enemy vehicles `c` can shoot at (in `zone` at `alt` unless -1)."""
    out = []
    for i, v in enumerate(state.vehicles):
        if v.side == c.side or (zone >= 0 and (v.zone != zone or v.altitude != alt)):
            continue
        if can_shoot_vehicle(state, c, i):
            out.append(Action(Kind.SHOOT_VEHICLE, option=i))  # VEH-DMG-01
    return out


def burst_extras(state: GameState, c: Combatant) -> list[Action]:
    """AUTO-01: the mounts and vehicles the next shot of `c`'s burst may go at."""
    out = _mount_shots(state, c, -1) if state.setup.mounted else []
    if state.vehicles:
        out += _vehicle_shots(state, c, -1, 0)
    return out


def extra_hit_extras(state: GameState, c: Combatant, zone: int, alt: int) -> list[Action]:
    """AUTO-05: the mounts (on the ground) and vehicles (at altitude `alt`) in `zone` an extra
    hit of `c`'s shot may land on."""
    out = _mount_shots(state, c, zone) if state.setup.mounted and alt == 0 else []
    if state.vehicles:
        out += _vehicle_shots(state, c, zone, alt)
    return out


def zone_people(state: GameState, c: Combatant, zone: int, alt: int) -> list[int]:
    """AUTO-05: the enemies in `zone` at altitude `alt` an extra hit of `c`'s shot at a mount or
    a vehicle there may land on."""
    return [
        o.id for o in state.enemies(c)
        if o.zone == zone and altitude(state, o) == alt and can_shoot(state, c, o)
    ]  # fmt: skip


__all__ = ["burst_extras", "extra_hit_extras", "zone_people"]
