"""Hits landing: close attacks (ATK-05/06, ACTN-CLOSE-03..06, ACTN-DIVE-01, ACTN-GRAPPLE-01/02),
shots (ACTN-SHOOT-01, ACTN-RELOAD-01), volleys at vehicles (AUTO-03..06), wounds through cover and armor."""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.attacks import held_weapon, spend_ammo
from yz_gym.rulesets.yze.combat.damage import attack_crit, protect, take_damage
from yz_gym.rulesets.yze.hazards.fight import wounded_by
from yz_gym.rulesets.yze.mounts.riding import riderless
from yz_gym.rulesets.yze.resolution.bursts import burst_on, mount_name
from yz_gym.rulesets.yze.resolution.rolling import attack_weapon
from yz_gym.rulesets.yze.resolution.stages import F_MOUNT, HIT_MOUNT, HIT_PERSON, HIT_VEHICLE, S_AMMO
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState, WeaponState
from yz_gym.rulesets.yze.tables import Weapon
from yz_gym.rulesets.yze.vehicles.actions import shot_hits_vehicle, wound
from yz_gym.rulesets.yze.zone.actions import KIND_NAMES, Kind


def close_effect(
    state: GameState,
    frame: Frame,
    actor: Combatant,
    target: Combatant,
    net: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ATK-05/06 and ACTN-CLOSE-03..06, ACTN-DIVE-01, ACTN-GRAPPLE-01/02."""
    kind = frame.kind
    at_mount = bool(frame.flags & F_MOUNT)
    loose = at_mount and riderless(target)
    if not loose:
        target.overwatch = -1  # ACTN-OVERWATCH-04: attacked in close combat (not its riderless mount)
    actor.hidden = False
    hit = net >= 1  # ATK-05
    data: dict[str, object] = {"kind": KIND_NAMES[kind]}
    if loose:
        data["mount"] = mount_name(state, target.id)  # MOUNT-08 at the riderless animal
    events.append(Event("hit" if hit else "miss", actor.id, target.id, data))
    if kind == Kind.DIVING_BLOW:
        actor.prone = True  # ACTN-DIVE-01: you fall prone either way
        if hit:
            target.prone = True
    if not hit:
        return
    if kind == Kind.DISARM:
        if target.held >= 0:
            taken = target.weapons.pop(target.held)
            target.held = -1
            thrown = frame.option == 1
            if not thrown:
                actor.weapons.append(taken)  # ACTN-CLOSE-03: keep the held item...
            # ...or throw it into an adjacent zone: out of this fight (nobody picks items up)
            events.append(Event("disarmed", actor.id, target.id, {"weapon": taken.name, "thrown": thrown}))
    elif kind == Kind.TRIP:
        target.prone = True  # ACTN-CLOSE-04
        events.append(Event("tripped", actor.id, target.id))
    elif kind == Kind.SHOVE:
        actor.engaged.discard(target.id)  # ACTN-CLOSE-05: pushed to Short range
        target.engaged.discard(actor.id)
        events.append(Event("shoved", actor.id, target.id))
    elif kind == Kind.GRAPPLE:
        actor.prone = target.prone = True  # ACTN-GRAPPLE-02: both on the ground
        target.held = -1  # the victim drops its weapon
        actor.grappling = target.id
        target.grappled_by = actor.id
        events.append(Event("grappled", actor.id, target.id))
    else:
        weapon = attack_weapon(state, actor, kind)
        damage = weapon.damage + net - 1  # ATK-06 / DICE-08
        _wound(state, actor, target, damage, False, frame, at_mount, rng, events)


def _wound(
    state: GameState,
    actor: Combatant,
    target: Combatant,
    damage: int,
    ranged: bool,
    frame: Frame,
    at_mount: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """A hit's damage: cover and armor roll first, the rest lands (BROKEN-04 crit trigger).
    `at_mount`: the hit is on the target's mount (MOUNT-08/11, AUTO-01/05)."""
    if at_mount or target.vehicle >= 0:  # MOUNT-08/14; VEH-DMG-08/09, COVER-08
        successes = frame.roll.successes if frame.roll is not None else 0
        wound(state, actor, target, damage, ranged, at_mount, successes, rng, events)
        return
    # COVER-01: cover counts against ranged attacks only (ATK-02), and not against a shooter
    # Engaged with the target: nothing is between them (ATK-01; RMOD-06 prices the shot)
    covered = ranged and actor.id not in target.engaged
    damage = protect(state, target, damage, covered, rng, events)
    take_damage(state, target, damage, rng, events, source=actor.id)
    assert frame.roll is not None
    attack_crit(state, target, damage, frame.roll.successes, rng, events)  # BROKEN-04 alternatives
    if state.setup.hazards is not None:
        wounded_by(state, actor, target, damage, rng, events)  # HAZ-POISON-02: a poisoned weapon


def shot_effect(
    state: GameState,
    frame: Frame,
    actor: Combatant,
    target: Combatant,
    net: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ACTN-SHOOT-01, ATK-05/06, ACTN-RELOAD-01, AUTO-01..06."""
    weapon = held_weapon(state, actor)
    carried = actor.weapons[actor.held]
    actor.hidden = False
    actor.aiming = 0  # ACTN-AIM-01: the bonus is for the next shot only
    hit = net >= 1  # ATK-05; AUTO-04: only the base dice decide the hit
    data: dict[str, object] = {"kind": "shoot", "weapon": carried.name}
    if frame.flags & F_MOUNT and riderless(target):
        data["mount"] = mount_name(state, target.id)  # MOUNT-11 at the riderless animal
    events.append(Event("hit" if hit else "miss", actor.id, target.id, data))
    ammo_dice = state.options.full_auto == "ammo_dice"
    if ammo_dice:
        spend_ammo(state, actor, carried, sum(frame.ammo.faces) if frame.ammo else 0, events)  # AUTO-06
    if hit:
        what = HIT_MOUNT if frame.flags & F_MOUNT else HIT_PERSON
        sixes = frame.ammo.successes if ammo_dice and frame.ammo else 0
        _hit_lands(state, frame, actor, [target.id, weapon.damage + net - 1, what], sixes, rng, events)
    if _weapon_spent(actor, weapon, carried) or ammo_dice or frame.option != 1:
        return
    burst_on(state, frame, actor, hit, carried, rng, events)


def vehicle_volley(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """AUTO-03..06 at a vehicle: a shot with ammo dice rolls and hits as the single shot at it
    (vehicles/actions.py: RMOD-11, VEH-DMG-01..06); its sixes buy extra hits as at a person."""
    weapon = held_weapon(state, actor)
    carried = actor.weapons[actor.held]
    index = frame.option
    v = state.vehicles[index]
    actor.hidden = False
    actor.aiming = 0  # ACTN-AIM-01
    successes = frame.roll.successes if frame.roll is not None else 0
    hit = successes >= 1  # AUTO-04: only the base dice decide the hit
    events.append(Event("hit" if hit else "miss", actor.id, -1, {"kind": "shoot_vehicle", "vehicle": v.name}))
    spend_ammo(state, actor, carried, sum(frame.ammo.faces) if frame.ammo else 0, events)  # AUTO-06
    if hit:
        sixes = frame.ammo.successes if frame.ammo else 0
        _hit_lands(state, frame, actor, [index, weapon.damage + successes - 1, HIT_VEHICLE], sixes, rng, events)
    _weapon_spent(actor, weapon, carried)


def _hit_lands(
    state: GameState, frame: Frame, actor: Combatant, hit: list[int], sixes: int,
    rng: np.random.Generator, events: list[Event],
) -> None:  # fmt: skip
    """ATK-06: the shot's hit [id, damage, what] lands now; AUTO-05: or, with sixes on the ammo
    dice, after the shooter has placed the extra hits they buy."""
    frame.hits = [hit]
    frame.sixes = sixes
    if sixes:
        frame.stage = S_AMMO
        frame.asking = [actor.id]
    else:
        land_hits(state, frame, actor, rng, events)


def _weapon_spent(actor: Combatant, weapon: Weapon, carried: WeaponState) -> bool:
    """ACTN-RELOAD-01: a single-shot weapon needs reloading after the shot; a thrown weapon leaves
    your hand (True: no burst can go on)."""
    if weapon.single_shot:
        carried.loaded = False
    if weapon.thrown:
        actor.weapons.pop(actor.held)
        actor.held = -1
        return True
    return False


def land_hits(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """ATK-06/AUTO-05: each hit rolls cover and armor on its own, then lands: a vehicle's
    through hit_vehicle (VEH-DMG-01..06), a mount's through wound_mount (MOUNT-12/14)."""
    for target_id, damage, what in frame.hits:
        if what == HIT_VEHICLE:
            shot_hits_vehicle(state, actor, target_id, damage, rng, events)
        else:
            target = state.combatants[target_id]
            _wound(state, actor, target, damage, True, frame, what == HIT_MOUNT, rng, events)
