"""Vehicles in zone fights: getting in and out, the engine, the wheel, driving, flying, ramming,
shooting at vehicles and from them (VEH-02..06, VEH-MOVE-01/02, VEH-RAM-01/02, VEH-DMG-01..09,
VEH-AIR-01..05, ACT-FAST-VEHENTER/ENGINE/WHEEL/DRIVE, ACTN-VEHICLE-01, COVER-08, AMB-10/11/15/16/19).

The vehicle itself (damage, armor, component crits, crashes, fire, rams) is vehicles/operation.py and
vehicles/damage.py; this module turns it into actions of the zone engine: their costs, dice, effects and words, which
their ActionSpecs (resolution/effects.py) name (mounts/riding.py for the riding ones); when they are
offered is vehicles/offers.py. Seats and mounted weapons are in vehicles/seats.py, where vehicles
can go in vehicles/movement.py. Decisions
where the seed leaves room:

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
- Ramming (VEH-RAM-01/02, AMB-15/16): a slow close attack by the driver, rolled with the driving
  roll, against an enemy on foot or another vehicle in its zone (same zone = in reach after a
  drive: drive first, then ram). Base damage ceil(Hull / 2), +1 per extra success (ATK-06); a
  person's body armor counts; a rammed vehicle's armor rolls and its component damage uses a D6
  (VEH-DMG-06). A ram cannot be blocked, and the rammer takes no damage (not in the seed).
- Shooting at a vehicle (SHOOT_VEHICLE): a slow ranged attack like ACTN-SHOOT-01 at +2 (RMOD-11:
  a large target); with a full-auto weapon it may open a burst (option = the vehicle, zone = the
  fire mode, SHOOT's option: 1 = AUTO-01 basic full auto, n = AUTO-03 ammo dice; resolution/ and
  zone/auto_targets.py run the rest of the burst as for one opened at a person); the hit goes
  through the vehicle's armor and may cause component damage on the D12/D66 table (vehicles/damage.py
  hit_vehicle); a ricochet (VEH-CRIT-01) goes to a random other person on foot or vehicle in the zone.
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
  weapons in an occupant's hands (a `WeaponState` named by seats.MOUNTED_PREFIX); it stays
  with the seat when the gunner leaves, and passes on when the gunner is out of the fight. One
  gunner per weapon; the driver may man one too. A weapon disabled by VEH-CRIT-09 is broken in its
  gunner's hands.
"""

from __future__ import annotations

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
    smoky,
    spend_ammo,
)
from yz_gym.rulesets.yze.combat.damage import attack_crit, take_damage
from yz_gym.rulesets.yze.dice import DicePool, Roll
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers
from yz_gym.rulesets.yze.mounts.riding import (
    riding,
    riding_pool,
    uses_mount,
    wound_mount,
)
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.vehicles.damage import hit_vehicle, ram
from yz_gym.rulesets.yze.vehicles.damage import round_end as vehicle_round_end
from yz_gym.rulesets.yze.vehicles.movement import drive_to, fly_step
from yz_gym.rulesets.yze.vehicles.operation import (
    can_move,
    drive_zones,
    driving_pool,
    enter_exit_action,
    shoot_occupant,
    start_engine,
    take_wheel,
)
from yz_gym.rulesets.yze.vehicles.seats import (
    altitude,
    band,
    can_fire_out,
    get_in,
    get_out,
    man_weapon,
    sync_weapons,
    vehicle_of,
)
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
from yz_gym.rulesets.yze.zone.actions import CLIMB, Action, Kind
from yz_gym.rulesets.yze.zone.spec import Events, Rng
from yz_gym.rulesets.yze.zone.zones import Range

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


# --- costs, skills and dice (their ActionSpecs in resolution/effects.py) -----------------------------


def enter_slow(state: GameState, c: Combatant, action: Action) -> bool:
    """VEH-04/05, AMB-10: getting in is slow or fast by the vehicle."""
    return enter_exit_action(state.vehicles[action.option // 2]) == "slow"


def exit_slow(state: GameState, c: Combatant, action: Action) -> bool:
    """VEH-04/05, AMB-10: getting out is slow or fast by the vehicle."""
    return c.vehicle >= 0 and enter_exit_action(state.vehicles[c.vehicle]) == "slow"


def maneuver_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool:  # fmt: skip
    """VEH-MOVE-02, AMB-11: the driving roll."""
    frame.modifier = modifier
    return driving_pool(state, actor, state.vehicles[actor.vehicle], modifier)


def ram_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool:  # fmt: skip
    """VEH-RAM-01, AMB-15: the driving roll, with the close-combat modifiers against a person (MOUNT-09, RMOD-02/03)."""
    frame.modifier = modifier
    if frame.target >= 0:
        modifier = modifier.join(close_modifier(state, actor, state.combatants[frame.target], False))
    return driving_pool(state, actor, state.vehicles[actor.vehicle], modifier)


def shoot_vehicle_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool:  # fmt: skip
    """ACTN-SHOOT-01 at a vehicle: the weapon's gear and artifact die (DICE-11), RMOD-11 and the rest."""
    frame.modifier = modifier
    gear = max(0, actor.weapons[actor.held].bonus)
    modifier = modifier.join(vehicle_shot_modifier(state, actor, state.vehicles[frame.option]))
    return skill_pool(state, actor, skill, gear, modifier, artifact_die(state, actor))


def attack_vehicle_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool:  # fmt: skip
    """ATK-01 at a vehicle: the close weapon's gear (ATK-07) and artifact die (DICE-11)."""
    frame.modifier = modifier
    armed = close_weapon(state, actor)[0] >= 0
    gear = max(0, actor.weapons[actor.held].bonus) if armed else 0
    return skill_pool(state, actor, skill, gear, modifier, artifact_die(state, actor) if armed else 0)


def mounted_pool(
    state: GameState, kind: Kind, actor: Combatant, target: int, skill: str,
    gear: int, modifier: Modifiers, at_mount: bool, artifact: int = 0,
) -> DicePool:  # fmt: skip
    """The dice of a roll that riding changes (MOUNT-06/08/11): at a rider's mount, or rolled by a rider."""
    if at_mount and target >= 0 and riding(state.combatants[target]):
        ranged = kind == Kind.SHOOT
        if not ranged or state.options.rider_penalty_ranged:
            modifier = modifier.without(RIDER_PENALTY)  # MOUNT-08/11: at the mount, not the rider
    if uses_mount(actor, kind, skill):
        return riding_pool(state, actor, gear, modifier)  # MOUNT-06
    return skill_pool(state, actor, skill, gear, modifier, artifact)


# --- effects (ActionSpec.effect: the frame, the actor, net successes, success) ------------------------


def enter_vehicle(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACT-FAST-VEHENTER: into vehicle option // 2, an exposed seat if the option is odd."""
    get_in(state, actor, frame.option // 2, bool(frame.option % 2), events)


def exit_vehicle(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACT-FAST-VEHENTER, VEH-DMG-03: out, on foot in the vehicle's zone."""
    if vehicle_of(state, actor) is not None:
        get_out(state, actor, events)
        sync_weapons(state)


def start_engine_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """VEH-06: the engine runs."""
    v = vehicle_of(state, actor)
    if v is not None:
        start_engine(v)
        events.append(Event("engine_started", actor.id, -1, {"vehicle": v.name}))
        sync_weapons(state)


def grab_wheel(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACT-FAST-WHEEL: the actor drives."""
    v = vehicle_of(state, actor)
    if v is not None:
        v.driver = -1
        take_wheel(v, actor.id)
        events.append(Event("took_wheel", actor.id, -1, {"vehicle": v.name}))
        sync_weapons(state)


def man_weapon_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """The vehicle's mounted weapon `option` in the actor's hands."""
    if vehicle_of(state, actor) is not None:
        man_weapon(state, actor, frame.option, events)
        sync_weapons(state)


def drive(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """VEH-MOVE-01/02, AMB-11: toward the zone (1 + successes zones if rolled), or up / down (VEH-AIR-03)."""
    v = vehicle_of(state, actor)
    if v is None or not can_move(v) or v.driver != actor.id:
        return
    roll = frame.roll
    zones = drive_zones(roll.successes if roll is not None else None)
    if frame.zone >= 0:
        drive_to(state, v, frame.zone, zones, events)
    else:
        fly_step(state, v, 1 if frame.option == CLIMB else -1, zones, events)
    sync_weapons(state)


def ram_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """VEH-RAM-01/02: the frame's driving roll is the close attack."""
    v = vehicle_of(state, actor)
    if v is None:
        return
    if frame.roll is not None:
        _ram(state, actor, v, frame.target, frame.option, frame.roll, rng, events)
    sync_weapons(state)


def attack_vehicle(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ATK-01 at vehicle `option`."""
    roll = frame.roll
    _attack_vehicle(state, actor, state.vehicles[frame.option], roll.successes if roll is not None else 0, rng, events)
    sync_weapons(state)


def shoot_vehicle(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """A single shot at vehicle `option` (resolution/effects.py runs bursts and ammo dice around it)."""
    roll = frame.roll
    _shoot_vehicle(state, actor, state.vehicles[frame.option], roll.successes if roll is not None else 0, rng, events)
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
    """Once a round: burning vehicles burn, failed aircraft engines descend (vehicles/damage.py)."""
    for v in state.vehicles:
        vehicle_round_end(state, v, rng, events)
    sync_weapons(state)


__all__ = [
    "attack_vehicle",
    "attack_vehicle_dice",
    "can_attack_vehicle",
    "can_shoot_vehicle",
    "drive",
    "enter_slow",
    "enter_vehicle",
    "exit_slow",
    "exit_vehicle",
    "grab_wheel",
    "man_weapon_effect",
    "maneuver_dice",
    "mounted_pool",
    "ram_dice",
    "ram_effect",
    "round_end",
    "shoot_vehicle",
    "shoot_vehicle_dice",
    "shot_hits_vehicle",
    "start_engine_effect",
    "wound",
]
