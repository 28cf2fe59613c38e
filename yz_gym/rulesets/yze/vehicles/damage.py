"""Vehicle damage: armor, component damage (the D12/D66/D6 table), crashes, fire, explosions, rams.

Rules: VEH-DMG-01..07, VEH-CRIT-01..12, VEH-AIR-04/05, VEH-RAM-01/02, VZC-01, EXPL-12, FIRE-06,
FALL-04. The vehicle state, crew and repairs are in vehicles/operation.py; the decisions where the seed
leaves room are listed there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat.damage import (
    critical_injury,
    expose_to_fire,
    protect,
    take_damage,
)
from yz_gym.rulesets.yze.combat.explosions import BLAST_DAMAGE
from yz_gym.rulesets.yze.dice import Roll
from yz_gym.rulesets.yze.rolls import rating_roll, roll_data, skill_roll
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.vehicles.operation import driving_roll, wear_armor
from yz_gym.rulesets.yze.vehicles.tables import VEHICLE_CRITS, vehicle_crit_row_from_d66
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState

MAX_FIRE: Final = 12  # FIRE-01: intensity A (pool 12) at most

# --- damage and component damage (VEH-DMG-01..07, VEH-CRIT-01..12) -----------------------------


def armor_roll(
    state: GameState, v: VehicleState, damage: int, rng: np.random.Generator, events: list[Event]
) -> int:
    """VEH-DMG-04, ARMOR-01..05: the vehicle's armor rolls like body armor and degrades with
    banes when damage gets through."""
    if v.armor <= 0 or damage <= 0:
        return damage
    roll = rating_roll(state, v.armor, rng)
    left = max(0, damage - roll.successes)
    events.append(Event("vehicle_armor", -1, -1, {**roll_data(roll), "rating": v.armor, "vehicle": v.name}))
    if left > 0:
        wear_armor(state, v, roll.banes(), events)
    return left


def crit_die(state: GameState, v: VehicleState, close: bool) -> int:
    """VEH-DMG-06: close-combat hits (and rams) roll D6; others D12 or D66 (AMB-18)."""
    if close:
        return 6
    choice = v.options.crit_die
    if choice == "auto":
        return 12 if state.options.dice_mode == "step" else 66
    return 12 if choice == "d12" else 66


def roll_crit_row(rng: np.random.Generator, die: int) -> int:
    """One roll on the component damage table: D6/D8/D10/D12 give that row; D66 maps 11-13 -> 1,
    14-16 -> 2, ... 64-66 -> 12 (1 in 12 each, CATALOG 1.13)."""
    if die == 66:
        return vehicle_crit_row_from_d66(dice.d66(rng))
    return int(rng.random() * die) + 1


def ram_crit_sides(hull: int) -> int:
    """VZC-01: a crit die sized by the rammer's Hull, at most D12 (D6 up to Hull 6)."""
    return min(12, max(6, hull + hull % 2))


def _row_applies(state: GameState, v: VehicleState, row: int) -> bool:
    """VEH-CRIT-05/09: reroll a passenger hit without passengers, a weapon hit without weapons."""
    keyword = VEHICLE_CRITS[row].reroll_if
    if keyword == "no_passengers":
        return any(not state.combatants[c].dead for c in v.passengers)
    if keyword == "no_weapons":
        return any(not w.disabled for w in v.weapons)
    return True


def hit_vehicle(
    state: GameState,
    v: VehicleState,
    damage: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    close: bool = False,
    source: int = -1,
    others: Sequence[Combatant | VehicleState] = (),
    use_armor: bool = True,
    crit_allowed: bool = True,
    crit_sides: int = 0,
) -> int:
    """VEH-DMG-01..06: a hit on the vehicle; returns the damage the vehicle kept.

    `others`: who a ricochet can hit (VEH-CRIT-01: other targets in the vehicle's zone, the
    attacker included). `crit_sides`: force a component roll on this die (VZC-01)."""
    if damage <= 0 or v.destroyed:
        return 0
    events.append(Event("vehicle_hit", source, -1, {"vehicle": v.name, "amount": damage}))
    raw = damage
    if use_armor:
        damage = armor_roll(state, v, damage, rng, events)  # VEH-DMG-04
    checked = raw if v.options.component_check == "before_armor" else damage  # AMB-17
    row = die = 0
    if crit_allowed and not v.wrecked and (crit_sides or checked >= v.type.component_threshold):
        die = crit_sides or crit_die(state, v, close)  # VEH-DMG-05/06
        for _ in range(100):
            row = roll_crit_row(rng, die)
            if _row_applies(state, v, row):
                break
            events.append(Event("vehicle_crit_reroll", source, -1, {"vehicle": v.name, "row": row}))
        else:  # pragma: no cover - 100 rerolls in a row
            row = 0
    if row == 1 and v.options.ricochet_cancels_vehicle_damage:
        events.append(Event("vehicle_crit", source, -1, _crit_data(v, 1, die, damage)))
        ricochet(state, v, damage, rng, events, others, source)  # VEH-CRIT-01, AMB-20
        return 0
    if damage > 0:
        _add_damage(state, v, damage, events, source)
    if row:
        events.append(Event("vehicle_crit", source, -1, _crit_data(v, row, die, damage)))
        apply_crit(state, v, row, damage, rng, events, others=others, source=source)
    _check_wreck(state, v, rng, events)
    return damage


def _crit_data(v: VehicleState, row: int, die: int, damage: int) -> dict[str, Any]:
    crit = VEHICLE_CRITS[row]
    return {
        "vehicle": v.name,
        "row": row,
        "die": die,
        "name": crit.name,
        "rule": crit.rule_id,
        "amount": damage,
    }


def _add_damage(
    state: GameState, v: VehicleState, amount: int, events: list[Event], source: int = -1
) -> None:
    """VEH-DMG-01/02: damage adds up to the Hull."""
    v.damage = min(v.type.hull, v.damage + amount)
    events.append(
        Event("vehicle_damage", source, -1, {"vehicle": v.name, "amount": amount, "total": v.damage})
    )


def _note_wreck(v: VehicleState, events: list[Event]) -> None:
    """VEH-DMG-02/03: announce a new wreck once; nobody drives it any more."""
    if not v.wreck_seen:
        v.wreck_seen = True
        events.append(Event("wrecked", -1, -1, {"vehicle": v.name}))
    v.driver = -1
    v.engine_running = False


def _check_wreck(state: GameState, v: VehicleState, rng: np.random.Generator, events: list[Event]) -> None:
    """VEH-DMG-02/03: a wreck cannot be operated; VEH-AIR-04: an air vehicle crashes hard."""
    if not v.wrecked:
        return
    _note_wreck(v, events)
    if v.air and not v.crashed:
        crash(state, v, 3, rng, events)  # VEH-AIR-04: D3 + 1 per altitude zone


def wreck(state: GameState, v: VehicleState, rng: np.random.Generator, events: list[Event]) -> None:
    """Make the vehicle a wreck at once (VEH-CRIT-07/10/12, OBST-VEH-10)."""
    if not v.wrecked:
        v.damage = v.type.hull
    _check_wreck(state, v, rng, events)


def apply_crit(
    state: GameState,
    v: VehicleState,
    row: int,
    damage: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    others: Sequence[Combatant | VehicleState] = (),
    source: int = -1,
) -> None:
    """VEH-CRIT-01..12: the effect of one row of the component damage table."""
    people = state.combatants
    if row == 1:  # VEH-CRIT-01: ricochet, the vehicle keeping its damage (AMB-20 switched off)
        ricochet(state, v, damage, rng, events, others, source)
    elif row in (2, 7):  # VEH-CRIT-02 skid / VEH-CRIT-07 violent spin: the driver rolls, no action
        held = v.driver >= 0 and not people[v.driver].out
        roll = driving_roll(state, v, rng, events, purpose="skid" if row == 2 else "spin") if held else None
        if roll is None or roll.successes == 0:  # AMB-21: no one at the wheel fails too
            if row == 2:
                if v.driver >= 0:
                    people[v.driver].lose_turn = True  # the driver's next turn is lost
                    events.append(Event("skid", v.driver, -1, {"vehicle": v.name}))
            else:
                crash(state, v, 3, rng, events)  # D3 + altitude, minus armor (AMB-22: all aboard)
    elif row == 3:
        v.maneuver_mod -= 1  # VEH-CRIT-03: Maneuverability one step down ('—' counts as 0)
    elif row == 4:
        if v.driver >= 0:  # VEH-CRIT-04
            take_damage(state, people[v.driver], damage, rng, events, source=source)
    elif row == 5:  # VEH-CRIT-05
        aboard = [c for c in v.passengers if not people[c].dead]
        if aboard:
            victim = people[_pick(aboard, rng)]
            take_damage(state, victim, damage, rng, events, source=source, crit_allowed=False)
            if not victim.dead:
                critical_injury(state, victim, "physical", rng, events)
    elif row == 6:
        v.driving_mod -= 2  # VEH-CRIT-06: all driving rolls -2
    elif row == 8:  # VEH-CRIT-08 / FIRE-06: intensity 6 (C) for the vehicle and everyone in it
        vehicle_fire(state, v, 6, rng, events)
        for c in list(v.occupants):
            if not people[c].dead:
                expose_to_fire(state, people[c], 6, rng, events)
    elif row == 9:  # VEH-CRIT-09: a random working weapon
        working = [i for i, w in enumerate(v.weapons) if not w.disabled]
        if working:
            index = _pick(working, rng)
            v.weapons[index].disabled = True
            events.append(
                Event("weapon_disabled", -1, -1, {"vehicle": v.name, "weapon": v.weapons[index].weapon})
            )
    elif row == 10:
        crash(state, v, 6, rng, events)  # VEH-CRIT-10: D6 + altitude, minus armor
    elif row == 11:  # VEH-CRIT-11
        v.engine_disabled = True
        events.append(Event("engine_failure", -1, -1, {"vehicle": v.name}))
        if v.air and v.altitude > 0 and v.options.engine_fail_air == "crash":
            crash(state, v, 3, rng, events)  # AMB-42 cfg: crash
    elif row == 12:  # VEH-CRIT-12 / EXPL-12: blast power 9 (B) on everyone inside, beyond repair
        v.destroyed = True
        events.append(Event("vehicle_explodes", -1, -1, {"vehicle": v.name, "power": 9}))
        blast_occupants(state, v, 9, rng, events)
        wreck(state, v, rng, events)


def _pick(items: list[int], rng: np.random.Generator) -> int:
    """A random one of several (no die is rolled when there is only one)."""
    return items[0] if len(items) == 1 else items[int(rng.random() * len(items))]


def ricochet(
    state: GameState,
    v: VehicleState,
    damage: int,
    rng: np.random.Generator,
    events: list[Event],
    others: Sequence[Combatant | VehicleState],
    source: int = -1,
) -> None:
    """VEH-CRIT-01/AMB-20: the hit glances off to another random target in the zone with the
    same damage (its own armor and cover still roll); with no one there it is lost."""
    pool = [o for o in others if o is not v and not (isinstance(o, Combatant) and o.dead)]
    if not pool:
        events.append(Event("ricochet", source, -1, {"vehicle": v.name, "to": None}))
        return
    hit = pool[_pick(list(range(len(pool))), rng)]
    if isinstance(hit, VehicleState):
        events.append(Event("ricochet", source, -1, {"vehicle": v.name, "to": hit.name}))
        hit_vehicle(state, hit, damage, rng, events, source=source)
        return
    events.append(Event("ricochet", source, hit.id, {"vehicle": v.name, "to": hit.name}))
    landed = protect(state, hit, damage, True, rng, events)
    take_damage(state, hit, landed, rng, events, source=source)


def vehicle_fire(
    state: GameState, v: VehicleState, intensity: int, rng: np.random.Generator, events: list[Event]
) -> int:
    """FIRE-01/02 for the vehicle: roll the intensity, 1 damage per success; a damaged vehicle
    keeps burning one step stronger (VEH-CRIT-08)."""
    roll = rating_roll(state, intensity, rng)
    events.append(
        Event("vehicle_fire", -1, -1, {"vehicle": v.name, "intensity": intensity, **roll_data(roll)})
    )
    if roll.successes == 0:
        if v.burning:
            v.burning = 0  # FIRE-03
            events.append(Event("vehicle_fire_out", -1, -1, {"vehicle": v.name}))
        return 0
    if not v.wrecked:
        _add_damage(state, v, roll.successes, events)
        _check_wreck(state, v, rng, events)
    rise = 3 if state.options.dice_mode == "step" else state.options.fire_rise
    v.burning = min(MAX_FIRE, intensity + rise)  # FIRE-02
    return roll.successes


def crash(
    state: GameState, v: VehicleState, sides: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """VEH-AIR-04/05, VEH-CRIT-07/10, FALL-04: the vehicle is a wreck and everyone aboard takes
    D3 (D6 for a major crash) + 1 per altitude zone, less the vehicle's armor, less 1 per
    success on a Mobility brace roll."""
    if v.crashed:
        return
    v.crashed = True
    altitude = v.altitude
    events.append(Event("crash", -1, -1, {"vehicle": v.name, "die": sides, "altitude": altitude}))
    v.damage = v.type.hull
    _note_wreck(v, events)
    for c_id in list(v.occupants):
        c = state.combatants[c_id]
        if c.dead:
            continue
        face = int(rng.random() * sides) + 1
        amount = face + altitude
        if v.armor > 0 and amount > 0:
            if v.options.crash_armor == "flat":
                stopped = v.armor
            else:
                roll = rating_roll(state, v.armor, rng)
                stopped = roll.successes
                events.append(
                    Event(
                        "vehicle_armor", -1, c.id, {**roll_data(roll), "rating": v.armor, "vehicle": v.name}
                    )
                )
            amount = max(0, amount - stopped)
        if v.options.crash_brace and amount > 0 and not c.out:
            brace = skill_roll(state, c, "Mobility", rng)  # VEH-AIR-05
            events.append(
                Event("roll", c.id, -1, {"skill": "Mobility", "purpose": "brace", **roll_data(brace)})
            )
            amount = max(0, amount - brace.successes)
        events.append(Event("crash_damage", -1, c.id, {"vehicle": v.name, "roll": face, "amount": amount}))
        take_damage(state, c, amount, rng, events)
    v.altitude = 0


def blast_occupants(
    state: GameState, v: VehicleState, power: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """EXPL-01..03, EXPL-11/12: roll the blast for each occupant; body armor applies."""
    base = BLAST_DAMAGE[max(p for p in BLAST_DAMAGE if p <= max(power, 3))]
    for c_id in list(v.occupants):
        c = state.combatants[c_id]
        if c.dead:
            continue
        roll = rating_roll(state, power, rng)
        events.append(Event("blast", -1, c.id, {"power": power, **roll_data(roll)}))
        amount = base + roll.successes - 1 if roll.successes else 0
        if amount > 0:
            take_damage(state, c, protect(state, c, amount, False, rng, events), rng, events)


def round_end(state: GameState, v: VehicleState, rng: np.random.Generator, events: list[Event]) -> None:
    """Once a round: a burning vehicle suffers a fire attack (FIRE-02); an air vehicle with a
    failed engine descends one zone (VEH-CRIT-11, AMB-42: landing at 0 is safe)."""
    if v.burning:
        vehicle_fire(state, v, v.burning, rng, events)
    if v.air and v.engine_disabled and v.altitude > 0 and not v.crashed:
        v.altitude -= 1
        events.append(Event("descent", -1, -1, {"vehicle": v.name, "altitude": v.altitude}))


# --- ramming (VEH-RAM-01/02, VZC-01) ---------------------------------------------------------


def ram(
    state: GameState,
    v: VehicleState,
    target: Combatant | VehicleState,
    roll: Roll,
    rng: np.random.Generator,
    events: list[Event],
    others: Sequence[Combatant | VehicleState] = (),
) -> int:
    """VEH-RAM-01/02: a close attack rolled with the driving skill (`roll`, made by the caller
    so it can be pushed); damage = ceil(Hull/2) + 1 per extra success. A rammed vehicle's
    component damage is rolled on a D6 (VEH-DMG-06), or on the VZC-01 die. Returns the damage."""
    source = v.driver
    name = target.name
    if roll.successes == 0:
        events.append(Event("miss", source, getattr(target, "id", -1), {"kind": "ram", "target": name}))
        return 0
    amount = v.ram_damage + roll.successes - 1  # VEH-RAM-02, ATK-06
    events.append(
        Event("hit", source, getattr(target, "id", -1), {"kind": "ram", "target": name, "damage": amount})
    )
    if isinstance(target, VehicleState):
        sides = ram_crit_sides(v.type.hull) if v.options.ram_crit_die else 0
        return hit_vehicle(
            state, target, amount, rng, events, close=True, source=source, others=others, crit_sides=sides
        )
    landed = protect(state, target, amount, False, rng, events)
    take_damage(state, target, landed, rng, events, source=source)
    return landed


__all__ = [
    "apply_crit",
    "armor_roll",
    "blast_occupants",
    "crash",
    "crit_die",
    "hit_vehicle",
    "ram",
    "ram_crit_sides",
    "ricochet",
    "roll_crit_row",
    "round_end",
    "vehicle_fire",
    "wreck",
]
