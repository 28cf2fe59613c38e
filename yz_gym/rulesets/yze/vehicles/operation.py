"""Vehicles: crew, driving rolls, movement, occupants as targets, falls, repairs.

Shared by chases (chase/engine.py) and zone combat. Hits, component damage (VEH-CRIT-01..12), crashes,
fire, explosions and rams are in vehicles/damage.py. Rules here: VEH-01..06, VEH-ATTR-*,
VEH-MOVE-01/02, VEH-DMG-08/09, VEH-AIR-01..03, VEH-REPAIR-01..05, VZC-02/03, FALL-01..03. Occupants are `Combatant`s of a `GameState` (ids in `VehicleState.occupants`);
their damage goes through combat/damage.py (take_damage, protect, critical_injury, expose_to_fire).

Decisions where the seed leaves room (each one a `VehicleOptions` switch or a stated reading):

- Damage is capped at the Hull (like an attribute never below 0), so "wreck = damage >= Hull"
  (VEH-DMG-02) and "no longer a wreck after 1 point is repaired" (VEH-REPAIR-04) agree. A crash
  or an explosion wrecks the vehicle by setting its damage to the Hull.
- A wreck has no driver (VEH-DMG-03: it cannot be operated); its occupants are still aboard
  until they get out.
- Rolls made while a hit resolves (skid, spin, brace) are not offered a push: they happen
  inside the damage step. Chase action rolls are (chase/engine.py).
- VEH-CRIT-04: the driver takes the damage as it is (it already went through the vehicle's armor).
- VEH-CRIT-05: the passenger's damage causes no second crit; the row's own crit is the one.
- VEH-CRIT-08: the vehicle itself burns like a person (FIRE-01..03): one fire attack per round,
  one step stronger each round, out when an attack does no damage. Fire damage never causes
  component damage (like FIRE-05: no normal crits), and vehicle armor does not stop fire.
- VEH-CRIT-09: a vehicle whose weapons are all disabled already counts as having none (reroll).
- VEH-CRIT-12 / VEH-AIR-04: an exploding air vehicle is a wreck, so it also crashes.
- Crash damage goes to everyone aboard (AMB-22); the vehicle's armor is rolled like body armor
  (`crash_armor: roll`, VEH-DMG-04) or subtracted (`flat`); then a Mobility brace roll.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat.damage import GRADE_STEP, protect, take_damage
from yz_gym.rulesets.yze.combat.pushing import after_roll
from yz_gym.rulesets.yze.dice import DicePool, Roll
from yz_gym.rulesets.yze.modifiers import Modifiers, as_modifiers
from yz_gym.rulesets.yze.options import VehicleOptions
from yz_gym.rulesets.yze.rolls import (
    base_pool,
    push_roll,
    rating_roll,
    roll_data,
    roll_modifiers,
    skill_pool,
    skill_roll,
    with_stress_dice,
)
from yz_gym.rulesets.yze.state import AGI, Combatant, GameState
from yz_gym.rulesets.yze.vehicles.tables import VEHICLES
from yz_gym.rulesets.yze.vehicles.vehicle import DEFAULT_OPTIONS, MountedWeapon, VehicleState

GRADE_POINTS: Final = {"D": 3, "C": 6, "B": 9, "A": 12}  # VZC-03 / AMB-04: step grades as pool ratings
ENTER_SLOW: Final = "slow"
ENTER_FAST: Final = "fast"
START_ENGINE_ACTION: Final = "fast"  # VEH-06, ACT-FAST-ENGINE


class VehicleError(ValueError):
    """A vehicle operation the rules do not allow (full seats, repairing a destroyed vehicle...)."""




def new_vehicle(
    kind: str, name: str = "", options: VehicleOptions = DEFAULT_OPTIONS, dice_mode: str = "pool"
) -> VehicleState:
    """A fresh vehicle of a table type (VEH-TABLE); step dice read its armor as a grade (VZC-03)."""
    vtype = VEHICLES[kind]
    armor = vtype.armor
    if dice_mode == "step":
        armor = GRADE_POINTS[vtype.armor_grade] if vtype.armor_grade else 0  # VZC-03
    return VehicleState(name or vtype.name, kind, vtype, armor, options)


# --- crew: boarding, the wheel, actions (VEH-04..06, VEH-ATTR-PASS) ----------------------------


def seats_free(v: VehicleState) -> int:
    """VEH-ATTR-PASS: 1 + Passengers seats, less those taken."""
    return v.type.seats - len(v.occupants)


def board(v: VehicleState, c: int, *, drive: bool = False, exposed: bool = False) -> None:
    """Get in (and take the wheel if asked and free); raises VehicleError if no seat is left."""
    if c in v.occupants:
        raise VehicleError(f"combatant {c} is already aboard {v.name}")
    if seats_free(v) <= 0:
        raise VehicleError(f"{v.name} is full: {v.type.seats} seats (VEH-ATTR-PASS)")
    v.occupants.append(c)
    if exposed:
        v.exposed.add(c)
    if drive:
        take_wheel(v, c)


def leave(v: VehicleState, c: int) -> None:
    """Get out; the driver leaving frees the wheel, a gunner leaves the gun."""
    if c not in v.occupants:
        raise VehicleError(f"combatant {c} is not aboard {v.name}")
    v.occupants.remove(c)
    v.exposed.discard(c)
    if v.driver == c:
        v.driver = -1
    for w in v.weapons:
        if w.gunner == c:
            w.gunner = -1


def take_wheel(v: VehicleState, c: int) -> None:
    """ACT-FAST-WHEEL: an occupant takes the free wheel; a wreck cannot be driven (VEH-DMG-03)."""
    if c not in v.occupants:
        raise VehicleError(f"combatant {c} must be aboard {v.name} to drive it")
    if v.wrecked:
        raise VehicleError(f"{v.name} is a wreck and cannot be driven (VEH-DMG-03)")
    if v.driver not in (-1, c):
        raise VehicleError(f"{v.name} already has a driver")
    v.driver = c


def enter_exit_action(v: VehicleState) -> str:
    """VEH-04/05, AMB-10: getting in or out is slow, on a bike fast (or as the option says)."""
    choice = v.options.enter_exit_action
    if choice != "auto":
        return choice
    return ENTER_FAST if v.type.bike else ENTER_SLOW


def start_engine(v: VehicleState) -> None:
    """VEH-06: starting the engine (a fast action); a failed engine does not start (VEH-CRIT-11)."""
    if v.engine_disabled or v.wrecked:
        raise VehicleError(f"{v.name}'s engine will not start")
    v.engine_running = True


def can_move(v: VehicleState) -> bool:
    """The vehicle can go: not a wreck, engine running and not failed (VEH-DMG-03, VEH-CRIT-11)."""
    return not v.wrecked and v.engine_running and not v.engine_disabled


def can_drive(state: GameState, v: VehicleState) -> bool:
    """Someone able to act has the wheel of a vehicle that can move."""
    return can_move(v) and v.driver >= 0 and not state.combatants[v.driver].out


# --- driving rolls and movement (VEH-02/03, VEH-MOVE-01/02, VEH-AIR-02/03) ----------------------


def driving_pool(state: GameState, c: Combatant, v: VehicleState, modifier: int | Modifiers = 0) -> DicePool:
    """CHASE-14/VEH-03: Mobility (or Driving) + Maneuverability (VEH-ATTR-MAN) + crit penalties.

    With `vehicle_skill: Driving` the roll is Agility + the Driving skill; the roller's Agility
    modifiers (injuries, conditions, panic) apply, skill-specific Mobility injuries do not."""
    # VEH-ATTR-MAN, VEH-CRIT-03 (a lower Maneuverability), VEH-CRIT-06 (blown tires): one cause each
    mods = as_modifiers(modifier).plus(v.maneuverability).plus(v.driving_mod)
    if v.options.vehicle_skill == "Mobility":
        return skill_pool(state, c, "Mobility", 0, mods)
    mods = roll_modifiers(c, "Mobility", mods, skill_injuries=False)
    pool = base_pool(state.options, c.attrs[AGI], c.skill("Driving"), 0, mods)
    return with_stress_dice(state.options, c, pool)  # PUSH-16


def driving_roll(
    state: GameState,
    v: VehicleState,
    rng: np.random.Generator,
    events: list[Event],
    modifier: int = 0,
    purpose: str = "drive",
    driver: int | None = None,
) -> Roll:
    """A driving roll of the vehicle's driver (or `driver`), recorded as a "roll" event."""
    who = v.driver if driver is None else driver
    c = state.combatants[who]
    roll = dice.roll(driving_pool(state, c, v, modifier), rng)
    events.append(
        Event("roll", c.id, -1, {"skill": v.options.vehicle_skill, "purpose": purpose, **roll_data(roll)})
    )
    return roll


def drive_zones(successes: int | None) -> int:
    """VEH-MOVE-01: a plain drive (None: no roll, VEH-02) moves 1 zone; VEH-MOVE-02/AMB-11: a
    maneuver roll moves 1 zone plus 1 per success (0 successes still 1 zone)."""
    return 1 if successes is None else 1 + max(0, successes)


def fly(v: VehicleState, horizontal: int, vertical: int, allowed: int, max_altitude: int = 99) -> None:
    """VEH-AIR-02/03: each zone of movement is vertical or horizontal, never both; altitude >= 0."""
    if not v.air and vertical:
        raise VehicleError(f"{v.name} is not an air vehicle; it has no altitude (VEH-AIR-02)")
    if horizontal < 0 or horizontal + abs(vertical) > allowed:
        raise VehicleError(f"{horizontal} + {abs(vertical)} zones is more than the {allowed} allowed")
    if not 0 <= v.altitude + vertical <= max_altitude:
        raise VehicleError(f"altitude {v.altitude + vertical} is out of 0..{max_altitude}")
    v.altitude += vertical


def travel_speed(v: VehicleState, terrain: str = "road") -> int:
    """VEH-ATTR-SPEED: 10-km hexes per shift, on the road or off-road."""
    return v.type.speed_road if terrain == "road" else v.type.speed_offroad


# --- occupants as targets (VEH-DMG-07..09) ----------------------------------------------------


def occupant_cover(v: VehicleState) -> int:
    """VEH-DMG-09/COVER-08: an exposed occupant of a ground vehicle is in cover equal to its
    armor; AMB-19: in an air vehicle, no cover."""
    return 0 if v.air else v.armor


def can_target_occupant(v: VehicleState, c: int) -> bool:
    """VEH-DMG-08, AMB-19: only exposed occupants can be shot directly."""
    return c in v.occupants and c in v.exposed


def shoot_occupant(
    state: GameState,
    v: VehicleState,
    target: Combatant,
    damage: int,
    rng: np.random.Generator,
    events: list[Event],
    ranged: bool = True,
) -> int:
    """COVER-02: the vehicle's cover roll first (ranged only), then body armor; returns what lands.
    The cover is the vehicle's armor (VEH-DMG-09), so when damage gets through, its banes wear that
    armor like any cover (COVER-01, ARMOR-05, VEH-DMG-04); `occupant_cover_wears: false` does not."""
    rating = occupant_cover(v) if ranged else 0
    if rating > 0 and damage > 0:
        roll = rating_roll(state, rating, rng)
        damage = max(0, damage - roll.successes)
        events.append(Event("cover", -1, target.id, {**roll_data(roll), "rating": rating, "vehicle": v.name}))
        if damage > 0 and v.options.occupant_cover_wears:
            wear_armor(state, v, roll.banes(), events)
    return protect(state, target, damage, False, rng, events)


def wear_armor(state: GameState, v: VehicleState, banes: int, events: list[Event]) -> None:
    """ARMOR-05 (VEH-DMG-04): the vehicle's armor loses a point (a grade with step dice) per bane."""
    lost = banes * GRADE_STEP[state.options.dice_mode]
    if lost and v.armor > 0:
        v.armor = max(0, v.armor - lost)
        events.append(Event("vehicle_armor_degraded", -1, -1, {"vehicle": v.name, "rating": v.armor}))


# --- falling (FALL-01..04) ------------------------------------------------------------------


def fall_damage(height_m: float) -> int:
    """FALL-01: a fall onto a hard surface does height / 2 damage, rounded down."""
    return int(max(0.0, height_m) // 2)


def fall(
    state: GameState,
    c: Combatant,
    height_m: float,
    rng: np.random.Generator,
    events: list[Event],
    *,
    controlled: bool = False,
    options: VehicleOptions = DEFAULT_OPTIONS,
) -> int:
    """FALL-01..03: automatic damage; a controlled jump rolls Mobility, 1 less per success;
    body armor only with `armor_vs_falls`. Returns the damage taken."""
    amount = fall_damage(height_m)
    if controlled and amount > 0:
        roll = skill_roll(state, c, "Mobility", rng)  # FALL-02
        events.append(Event("roll", c.id, -1, {"skill": "Mobility", "purpose": "jump", **roll_data(roll)}))
        amount = max(0, amount - roll.successes)
    if options.armor_vs_falls and amount > 0:
        amount = protect(state, c, amount, False, rng, events)  # FALL-03 switched on
    events.append(Event("fall", -1, c.id, {"height": height_m, "amount": amount}))
    take_damage(state, c, amount, rng, events)
    return amount


# --- repairs (VEH-REPAIR-01..05) ----------------------------------------------------------------


def _repair_roll(
    state: GameState, v: VehicleState, mechanic: Combatant, rng: np.random.Generator, shift: int,
    helpers: int, push: bool, events: list[Event], purpose: str,
) -> Roll:  # fmt: skip
    """VEH-REPAIR-01/02: one Crafting roll per shift, by one person; helpers +1 each (HELP-01)."""
    if v.destroyed:
        raise VehicleError(f"{v.name} exploded and cannot be repaired (VEH-CRIT-12)")
    if shift <= v.repair_shift:
        raise VehicleError(
            f"{v.name} was already worked on in shift {v.repair_shift}; one roll per shift (VEH-REPAIR-01)"
        )
    v.repair_shift = shift
    roll = skill_roll(state, mechanic, "Crafting", rng, 0, dice.help_bonus(helpers))
    events.append(
        Event("roll", mechanic.id, -1, {"skill": "Crafting", "purpose": purpose, **roll_data(roll)})
    )
    if push and dice.can_push(roll):
        roll = push_roll(state, mechanic, roll, rng)
        events.append(Event("push", mechanic.id, -1, {"skill": "Crafting", **roll_data(roll)}))
        after_roll(state, mechanic, roll, "Crafting", rng, events)
    return roll


def repair(
    state: GameState,
    v: VehicleState,
    mechanic: Combatant,
    rng: np.random.Generator,
    *,
    shift: int,
    helpers: int = 0,
    push: bool = False,
) -> list[Event]:
    """VEH-REPAIR-01..04: one shift's Crafting roll removes 1 damage per success; a wreck is
    no longer one once a point is repaired (damage below the Hull)."""
    events: list[Event] = []
    roll = _repair_roll(state, v, mechanic, rng, shift, helpers, push, events, "repair_vehicle")
    fixed = min(v.damage, roll.successes)
    was_wreck = v.wrecked
    v.damage -= fixed
    if fixed and was_wreck:
        v.crashed = v.wreck_seen = False  # VEH-REPAIR-04: no longer a wreck
        events.append(Event("unwrecked", mechanic.id, -1, {"vehicle": v.name}))
    events.append(
        Event("vehicle_repaired", mechanic.id, -1, {"vehicle": v.name, "amount": fixed, "total": v.damage})
    )
    return events


def repair_component(
    state: GameState,
    v: VehicleState,
    mechanic: Combatant,
    rng: np.random.Generator,
    *,
    shift: int,
    weapon: int = -1,
    helpers: int = 0,
    push: bool = False,
) -> list[Event]:
    """VEH-REPAIR-05: one more Crafting roll, taking a shift, restores a failed engine (weapon=-1)
    or a disabled mounted weapon (its index)."""
    if weapon < 0 and not v.engine_disabled:
        raise VehicleError(f"{v.name}'s engine works; nothing to repair")
    if weapon >= 0 and not (weapon < len(v.weapons) and v.weapons[weapon].disabled):
        raise VehicleError(f"{v.name} has no disabled weapon {weapon}")
    events: list[Event] = []
    roll = _repair_roll(state, v, mechanic, rng, shift, helpers, push, events, "repair_component")
    if roll.successes:
        if weapon < 0:
            v.engine_disabled = False
        else:
            v.weapons[weapon].disabled = False
    part = "engine" if weapon < 0 else v.weapons[weapon].weapon
    events.append(Event("component_repaired" if roll.successes else "repair_failed", mechanic.id, -1,
                        {"vehicle": v.name, "part": part}))  # fmt: skip
    return events


__all__ = [
    "DEFAULT_OPTIONS",
    "START_ENGINE_ACTION",
    "MountedWeapon",
    "VehicleError",
    "VehicleOptions",
    "VehicleState",
    "board",
    "can_drive",
    "can_move",
    "can_target_occupant",
    "drive_zones",
    "driving_pool",
    "driving_roll",
    "enter_exit_action",
    "fall",
    "fall_damage",
    "fly",
    "leave",
    "new_vehicle",
    "occupant_cover",
    "repair",
    "repair_component",
    "shoot_occupant",
    "start_engine",
    "take_wheel",
    "travel_speed",
]
