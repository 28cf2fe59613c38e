"""Shooting and close attacks in a chase: Stand and Shoot (CHASE-SHOOT-01), passengers' fire
(CHASE-VSHOOT-01..04), the immediate close attack or ram at a catch (CHASE-FLEE-03), and the
obstacle NPCs' attacks (CHASE-NPC-01..03).

Readings (documented choices):
- The band for a shot is the chase range; between units at different altitudes it is at least
  the band of the height difference in zones (1 zone Medium, 2-4 Long, 5+ Extreme, AMB-23).
  Close attacks and rams need the same altitude.
- Targets: a runner, an enemy vehicle, or an exposed occupant of one (VEH-DMG-08; in cover equal
  to the vehicle's armor on the ground, VEH-DMG-09). Vehicles are large targets (+2, RMOD-11).
- Ammunition and reloading are not tracked in a chase; a weapon can fire every round.
- A ricochet (VEH-CRIT-01) can hit anyone within Short of the vehicle hit ("the same zone").
- In grouped mode a member who is not the side's roller shoots like a passenger: -2 unless the
  side's action is Stand and Shoot (CHASE-MULTI-03, CHASE-VSHOOT-02).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.chase.state import CK, ENGAGED, EXTREME, PILOT, ChaseAction, ChaseState
from yz_gym.rulesets.yze.combat.attacks import RANGE_MODIFIER, SIZE_MODIFIER, close_weapon
from yz_gym.rulesets.yze.combat.damage import attack_crit, protect, take_damage
from yz_gym.rulesets.yze.dice import DicePool, Roll
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers
from yz_gym.rulesets.yze.rolls import roll_data, skill_pool
from yz_gym.rulesets.yze.state import Combatant
from yz_gym.rulesets.yze.tables import Weapon
from yz_gym.rulesets.yze.vehicles.damage import hit_vehicle, ram
from yz_gym.rulesets.yze.vehicles.operation import can_move, driving_pool, shoot_occupant
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
from yz_gym.rulesets.yze.zone.zones import Range

BANDS: Final = {"engaged": 0, "short": 1, "medium": 2, "long": 3, "extreme": 4}  # ATK-08
LARGE_TARGET: Final = SIZE_MODIFIER["large"]  # RMOD-11: a vehicle
STEP_SIDES_FOR: Final = {3: 6, 6: 8, 9: 10, 12: 12}  # an auto-targeting rating in step dice (AMB-04)


def height_band(zones: int) -> int:
    """AMB-23: a height difference in zones as a band (1 Medium, 2-4 Long, 5+ Extreme)."""
    if zones <= 0:
        return ENGAGED
    return 2 if zones == 1 else (3 if zones <= 4 else EXTREME)


def shot_band(state: ChaseState, a: int, b: int) -> int:
    """The band between two units for a shot: the chase range, or the height if greater."""
    return max(state.range(a, b), height_band(abs(state.altitude(a) - state.altitude(b))))


def weapon_for(state: ChaseState, c: int, option: int) -> Weapon | None:
    """The weapon a combatant fires: carried (-1) or the mounted weapon it mans (k)."""
    world = state.world
    person = world.combatants[c]
    if option < 0:
        if person.held < 0 or person.weapons[person.held].bonus < 0:
            return None
        weapon = world.setup.weapons[person.weapons[person.held].name]
        return weapon if weapon.ranged or weapon.thrown else None
    u = state.unit_of(c)
    if u < 0 or state.units[u].vehicle < 0:
        return None
    v = state.vehicles[state.units[u].vehicle]
    if option >= len(v.weapons) or v.weapons[option].disabled:
        return None
    mount = v.weapons[option]
    if mount.gunner != c and not (mount.auto_skill and v.driver == c):
        return None
    return world.setup.weapons[mount.weapon]


def shot_targets(state: ChaseState, c: int, weapon: Weapon) -> list[ChaseAction]:
    """Everything the combatant can shoot with this weapon now (as SHOOT actions without option)."""
    u = state.unit_of(c)
    reach = BANDS[weapon.range]
    out: list[ChaseAction] = []
    for e in state.enemies(u):
        if shot_band(state, u, e) > reach:
            continue
        unit = state.units[e]
        if unit.vehicle < 0:
            if not state.world.combatants[unit.pilot].dead:
                out.append(ChaseAction(CK.SHOOT, target=unit.pilot))
            continue
        v = state.vehicles[unit.vehicle]
        out.append(ChaseAction(CK.SHOOT, vehicle=unit.vehicle))
        for o in sorted(v.exposed):
            if o in v.occupants and not state.world.combatants[o].dead:
                out.append(ChaseAction(CK.SHOOT, target=o))  # VEH-DMG-08
    return out


def miss_reason(state: ChaseState, c: int, weapon: Weapon | None, act: ChaseAction) -> str:
    """Why a declared shot cannot be fired when its turn comes: no weapon, the target beyond the
    weapon's reach (ATK-08, CHASE-18), or no target left."""
    if weapon is None:
        return "no weapon"
    target = target_unit(state, act)
    u = state.unit_of(c)
    if target >= 0 and u >= 0 and shot_band(state, u, target) > BANDS[weapon.range]:
        return "out of range"
    return "no target"


def moving_action(state: ChaseState, u: int) -> ChaseAction | None:
    """The action the unit moves by this round (its pilot's, or its side's in grouped mode)."""
    return state.acts.get(u)


def shot_penalty(state: ChaseState, c: int, slot: int, option: int) -> int:
    """CHASE-VSHOOT-02/03/04: -2 for shots on the move unless the driver stands and shoots, the
    weapon has a targeting system, or it targets itself."""
    u = state.unit_of(c)
    if slot == PILOT:
        return 0  # Stand and Shoot itself
    if option >= 0:
        mount = state.vehicles[state.units[u].vehicle].weapons[option]
        if mount.targeting or slot >= 0:
            return 0  # CHASE-VSHOOT-03, CHASE-VSHOOT-04
    act = moving_action(state, u)
    if act is not None and act.kind == CK.SHOOT:
        return 0
    return state.options.passenger_penalty


def target_unit(state: ChaseState, action: ChaseAction) -> int:
    """The unit shot at or attacked."""
    if action.vehicle >= 0:
        for i, unit in enumerate(state.units):
            if unit.vehicle == action.vehicle:
                return i
        return -1
    return state.unit_of(action.target)


def shot_modifier(state: ChaseState, c: int, slot: int, action: ChaseAction, obstacle_mod: int) -> Modifiers:
    """RMOD-06..12 for the band and the target's size, the passenger penalty, the obstacle (one
    cause each)."""
    u, t = state.unit_of(c), target_unit(state, action)
    mods = NO_MODIFIERS.plus(RANGE_MODIFIER[Range(shot_band(state, u, t))]).plus(obstacle_mod)
    mods = mods.plus(shot_penalty(state, c, slot, action.option))
    if action.vehicle >= 0:
        return mods.plus(LARGE_TARGET)  # RMOD-11
    return mods.plus(SIZE_MODIFIER[state.world.combatants[action.target].size])


def shot_pool(
    state: ChaseState, c: int, slot: int, weapon: Weapon, modifier: Modifiers, option: int
) -> DicePool:
    """ATK-03/07: Marksmanship (thrown: Mobility) + the weapon's bonus; CHASE-VSHOOT-04: an
    auto-targeting weapon rolls its own rating."""
    world = state.world
    person = world.combatants[c]
    if slot >= 0:
        u = state.unit_of(c)
        rating = state.vehicles[state.units[u].vehicle].weapons[option].auto_skill
        if world.options.dice_mode == "step":
            sides = STEP_SIDES_FOR.get(rating, 6 if rating < 6 else 12)
            return dice.step_dice(
                sides, None, modifier.plus(weapon.bonus), world.options.step_modifiers == "advantage"
            )
        return dice.pool_dice(rating, 0, weapon.bonus, modifier)
    gear = weapon.bonus if option >= 0 else max(0, person.weapons[person.held].bonus)
    skill = "Mobility" if weapon.thrown else "Marksmanship"
    return skill_pool(world, person, skill, gear, modifier)


def ricochet_pool(state: ChaseState, t: int) -> tuple[Combatant | VehicleState, ...]:
    """VEH-CRIT-01: everyone within Short of the unit hit (its own vehicle excluded)."""
    out: list[Combatant | VehicleState] = []
    for i, unit in enumerate(state.units):
        if i == t or unit.status not in ("in", "caught") or state.range(i, t) > 1:
            continue
        if unit.vehicle < 0:
            out.append(state.world.combatants[unit.pilot])
        else:
            out.append(state.vehicles[unit.vehicle])
    return tuple(out)


def land_shot(
    state: ChaseState, c: int, weapon: Weapon, action: ChaseAction, roll: Roll,
    rng: np.random.Generator, events: list[Event],
) -> bool:  # fmt: skip
    """ATK-05/06: one success hits for the weapon's damage + 1 per extra success."""
    world = state.world
    hit = roll.successes >= 1
    name = (
        state.vehicles[action.vehicle].name if action.vehicle >= 0 else world.combatants[action.target].name
    )
    events.append(Event("hit" if hit else "miss", c, action.target, {"kind": "shoot", "target": name}))
    if not hit:
        return False
    amount = weapon.damage + roll.successes - 1
    t = target_unit(state, action)
    if action.vehicle >= 0:
        hit_vehicle(
            world,
            state.vehicles[action.vehicle],
            amount,
            rng,
            events,
            source=c,
            others=ricochet_pool(state, t),
        )
        return True
    victim = world.combatants[action.target]
    unit = state.units[t]
    if unit.vehicle >= 0:
        landed = shoot_occupant(world, state.vehicles[unit.vehicle], victim, amount, rng, events)
    else:
        landed = protect(world, victim, amount, True, rng, events)
    take_damage(world, victim, landed, rng, events, source=c)
    attack_crit(world, victim, landed, roll.successes, rng, events)
    return True


# --- the catch: the immediate close attack or ram (CHASE-FLEE-03) ----------------------------


def catch_targets(state: ChaseState, u: int) -> list[ChaseAction]:
    """ATTACK actions open to unit u: enemies at its position (ahead of it) and at its altitude.
    A runner attacks a runner, a vehicle, or an exposed occupant; a vehicle rams (VEH-RAM-01)."""
    unit = state.units[u]
    if unit.vehicle >= 0 and not can_move(state.vehicles[unit.vehicle]):
        return []
    out: list[ChaseAction] = []
    for e in state.in_front(u):
        other = state.units[e]
        if other.pos != unit.pos or state.altitude(e) != state.altitude(u):
            continue
        if other.vehicle < 0:
            if not state.world.combatants[other.pilot].dead:
                out.append(ChaseAction(CK.ATTACK, target=other.pilot))
            continue
        out.append(ChaseAction(CK.ATTACK, vehicle=other.vehicle))
        if unit.vehicle < 0:
            v = state.vehicles[other.vehicle]
            out.extend(ChaseAction(CK.ATTACK, target=o) for o in sorted(v.exposed) if o in v.occupants)
    return out


def attack_pool(
    state: ChaseState, u: int, skill: str = "Melee", modifier: Modifiers = NO_MODIFIERS
) -> tuple[DicePool, str, int]:
    """VEH-RAM-01: a ram rolls the driving skill (+Maneuverability); ATK-01 a runner rolls `skill`
    (Melee) with its close weapon. Returns the pool, the skill for the push cost, and the weapon used."""
    world = state.world
    unit = state.units[u]
    c = world.combatants[unit.pilot]
    if unit.vehicle >= 0:
        return driving_pool(world, c, state.vehicles[unit.vehicle], modifier), "Mobility", -1
    index, _ = close_weapon(world, c)
    gear = max(0, c.weapons[index].bonus) if index >= 0 else 0
    return skill_pool(world, c, skill, gear, modifier), skill, index


def land_attack(
    state: ChaseState, u: int, action: ChaseAction, roll: Roll, rng: np.random.Generator, events: list[Event]
) -> None:
    """CHASE-FLEE-03/END-02: the ram (vehicles/damage.py ram) or close attack (ATK-05/06)."""
    world = state.world
    unit = state.units[u]
    t = target_unit(state, action)
    others = ricochet_pool(state, t)
    target: Combatant | VehicleState = (
        state.vehicles[action.vehicle] if action.vehicle >= 0 else world.combatants[action.target]
    )
    if unit.vehicle >= 0:
        ram(world, state.vehicles[unit.vehicle], target, roll, rng, events, others)
        return
    c = world.combatants[unit.pilot]
    _, weapon = close_weapon(world, c)
    hit = roll.successes >= 1
    events.append(
        Event("hit" if hit else "miss", c.id, action.target, {"kind": "close", "target": target.name})
    )
    if not hit:
        return
    amount = weapon.damage + roll.successes - 1  # ATK-06
    if isinstance(target, VehicleState):
        hit_vehicle(world, target, amount, rng, events, close=True, source=c.id, others=others)  # VEH-DMG-06
        return
    landed = protect(world, target, amount, False, rng, events)  # ATK-02: no cover in close combat
    take_damage(world, target, landed, rng, events, source=c.id)
    attack_crit(world, target, landed, roll.successes, rng, events)


# --- obstacle NPCs (CHASE-NPC-01..03) -------------------------------------------------------


def npc_attack(
    state: ChaseState,
    who: str,
    profile: tuple[int, int, int, int],
    u: int,
    victim: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """One attack by a thug (close) or a guard/police officer (ranged, at Short) on a unit: the
    runner or an exposed combatant, else the vehicle (CHASE-NPC-03)."""
    world = state.world
    attribute, skill, bonus, damage = profile
    if world.options.dice_mode == "step":
        pool = dice.step_dice(8, 8, bonus)  # AMB-04: ratings 3/2 read as C/C
    else:
        pool = dice.pool_dice(attribute, skill, bonus)
    roll = dice.roll(pool, rng)
    unit = state.units[u]
    events.append(Event("npc_attack", -1, victim, {"npc": who, **roll_data(roll)}))
    if roll.successes == 0:
        return
    amount = damage + roll.successes - 1
    ranged = who != "thugs"
    if unit.vehicle >= 0:
        v = state.vehicles[unit.vehicle]
        if victim in v.exposed and not world.combatants[victim].dead:
            landed = shoot_occupant(world, v, world.combatants[victim], amount, rng, events, ranged)
            take_damage(world, world.combatants[victim], landed, rng, events)
        else:
            hit_vehicle(world, v, amount, rng, events, close=not ranged)
        return
    person = world.combatants[unit.pilot]
    take_damage(world, person, protect(world, person, amount, ranged, rng, events), rng, events)


__all__ = [
    "attack_pool",
    "catch_targets",
    "land_attack",
    "land_shot",
    "npc_attack",
    "shot_band",
    "shot_modifier",
    "shot_pool",
    "shot_targets",
    "weapon_for",
]
