"""Vehicles in the DX3 fight (vehicle.py holds their rules): the riders at the start, the minor
actions aboard (board, leave, swap the driver, hand over a mounted weapon), moving together, the
reactions aboard (the vehicle dodge and the guard with a mounted weapon) and the vehicle's damage
and destruction."""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.character import take_damage
from yz_gym.rulesets.dx3.checks import pause
from yz_gym.rulesets.dx3.dice import Check, CheckResult, action_wins, roll
from yz_gym.rulesets.dx3.effects import Combo
from yz_gym.rulesets.dx3.gear import Weapon
from yz_gym.rulesets.dx3.reaction_effects import fire_autos, usable_dodge_combos
from yz_gym.rulesets.dx3.state import AT_VEHICLE, CheckFor, Dx3Action, Dx3State, Fighter, Kind, PendingAttack
from yz_gym.rulesets.dx3.vehicle import (
    DRIVER,
    PASSENGER,
    Vehicle,
    board,
    combat_move,
    free_seat,
    full_move,
    initiative_modifier,
    leave,
    lose_hp,
    redirected,
    ride_weapons,
    swap,
    usable_ride_weapons,
    vehicle_damage,
    wreck,
)
from yz_gym.rulesets.dx3.vehicle_dodge import drive_check


def seat_riders(state: Dx3State) -> None:
    """The riders the scenario puts aboard at the start, with the mounted weapons they hold."""
    for f, spec in zip(state.fighters, state.scenario.fighters, strict=True):
        if spec.vehicle >= 0:
            v = state.vehicles[spec.vehicle]
            board(v, f.id, spec.seat, -1)
            for k in spec.holds:
                v.holders[k] = f.id
            _refresh(state, v)


def _refresh(state: Dx3State, v: Vehicle) -> None:
    """Keep every rider's link to `v` (its weapons, the driver's 行動値) and place them with it."""
    weapons = ride_weapons(v)
    for i in v.aboard:
        f = state.fighters[i]
        f.vehicle = v.id
        f.ride = weapons
        f.vehicle_initiative = initiative_modifier(v, i)
        f.pos = v.pos


def _off(f: Fighter) -> None:
    """f is on foot again."""
    f.vehicle = -1
    f.ride = ()
    f.vehicle_initiative = 0


def vehicle_of(state: Dx3State, f: Fighter) -> Vehicle | None:
    """The vehicle f rides, if any."""
    return state.vehicles[f.vehicle] if f.vehicle >= 0 else None


def minor_actions(state: Dx3State, f: Fighter) -> list[Dx3Action]:
    """f's minor actions with vehicles: board one in its engagement (as driver or passenger, taking a
    free mounted weapon or not, DX3-VEH-02, HR-VEH-WPN-01), or, aboard, get off, swap with the driver
    or a passenger (HR-VEH-03) and hand a mounted weapon over or take it (HR-VEH-WPN-03/04)."""
    v = vehicle_of(state, f)
    out: list[Dx3Action] = []
    if v is None:
        for w in state.vehicles:
            if w.pos != f.pos or w.destroyed:
                continue
            free = [k for k, h in enumerate(w.holders) if h < 0]
            for seat in (DRIVER, PASSENGER):
                if free_seat(w, seat):
                    out += [Dx3Action(Kind.BOARD, w.id, seat, take) for take in [-1, *free]]
        return out
    out.append(Dx3Action(Kind.LEAVE))
    if v.driver == f.id:
        out += [Dx3Action(Kind.SWAP, p) for p in v.passengers if not state.fighters[p].down]
    else:  # a passenger may take the wheel, also from a driver who fell 戦闘不能
        out.append(Dx3Action(Kind.SWAP, v.driver if v.driver >= 0 else f.id))
    for k, holder in enumerate(v.holders):
        if holder == f.id:
            out += [
                Dx3Action(Kind.HAND_OVER, i, k) for i in v.aboard if i != f.id and not state.fighters[i].down
            ]
        else:
            out.append(Dx3Action(Kind.HAND_OVER, f.id, k))
    return out


def act(state: Dx3State, f: Fighter, action: Dx3Action, events: list[Event]) -> None:
    """Carry out a vehicle minor action."""
    kind = action.kind
    if kind == Kind.BOARD:
        v = state.vehicles[action.target]
        board(v, f.id, action.option, action.drop)
        _refresh(state, v)
        taken = v.mounted[action.drop].name if action.drop >= 0 else ""
        events.append(Event("board", f.id, -1, {
            "vehicle": v.name, "seat": ("driver", "passenger")[action.option], "weapon": taken,
        }))  # fmt: skip
        return
    v = state.vehicles[f.vehicle]
    if kind == Kind.LEAVE:
        leave(v, f.id)
        _off(f)
        _refresh(state, v)
        events.append(Event("leave_vehicle", f.id, -1, {"vehicle": v.name}))
    elif kind == Kind.SWAP:
        passenger = f.id if f.id in v.passengers else action.target
        swap(v, passenger)
        _refresh(state, v)
        events.append(Event("swap_driver", f.id, action.target, {"vehicle": v.name, "driver": v.driver}))
    else:
        giver = v.holders[action.option]
        v.holders[action.option] = action.target
        events.append(Event("hand_over", giver, action.target, {"weapon": v.mounted[action.option].name}))


def carry(state: Dx3State, f: Fighter) -> None:
    """The driver moved: its vehicle and every passenger move with it (HR-VEH-01); a passenger moved
    by anything gets off and moves alone (HR-VEH-02)."""
    v = vehicle_of(state, f)
    if v is None:
        return
    if v.driver == f.id:
        v.pos = f.pos
        _refresh(state, v)
    else:
        pos = f.pos
        leave(v, f.id)
        _off(f)
        f.pos = pos


def driving_moves(state: Dx3State, f: Fighter, full: bool) -> int:
    """How far f moves aboard: a passenger not at all, the driver with the vehicle's numbers
    (DX3-VEH-09/10); -1 when f is on foot."""
    v = vehicle_of(state, f)
    if v is None:
        return -1
    if v.driver != f.id:
        return 0
    if full:
        return full_move(v, f.char.stats.body)
    return combat_move(v, f.initiative, state.options.vehicle_combat_move)


def shell(state: Dx3State, f: Fighter) -> int:
    """The 装甲値 f's vehicle adds to f's own when an attack hits f itself (DX3-VEH-06); 0 on foot."""
    v = vehicle_of(state, f)
    return v.kind.armor if v is not None else 0


def attack_weapons(state: Dx3State, f: Fighter) -> list[int]:
    """The weapon indices f may attack with from its vehicle (mounted ones it holds, the ram)."""
    v = vehicle_of(state, f)
    return usable_ride_weapons(v, f.id) if v is not None else []


def at_vehicle_targets(state: Dx3State, f: Fighter, t: Fighter, weapon: Weapon) -> bool:
    """Whether f may declare an attack at t's vehicle rather than t (HR-VEH-04): t rides one, and the
    attack would not go to the vehicle anyway."""
    v = vehicle_of(state, t)
    return v is not None and not redirected(v, weapon, state.options.car_exposed_to_ranged, False)


def struck_vehicle(state: Dx3State, t: Fighter, weapon: Weapon, declared: int) -> int:
    """The vehicle an attack on t strikes instead of t (HR-VEH-04), -1 for none."""
    v = vehicle_of(state, t)
    if v is None:
        return -1
    on = redirected(v, weapon, state.options.car_exposed_to_ranged, declared == AT_VEHICLE)
    return v.id if on else -1


def struck_vehicles(
    state: Dx3State, targets: list[int], weapon: Weapon, declared: int
) -> tuple[list[int], dict[int, int]]:
    """An attack's targets after HR-VEH-04, single or area (範囲, 範囲(選択), シーン): a rider not exposed
    (HR-VEH-05/06), or one the attack was declared at the vehicle of, gives way to its vehicle; the
    riders of one vehicle caught together strike it once, the vehicle named by its first standing
    rider among them (else its first), who reacts for it (HR-VEH-DEF-01). Returns the targets kept,
    in fight order, and each kept rider -> the vehicle struck in its place."""
    struck = {t: struck_vehicle(state, state.fighters[t], weapon, declared) for t in targets}
    rider_of: dict[int, int] = {}  # vehicle -> the rider naming it
    for t in targets:
        v = struck[t]
        if v >= 0 and (v not in rider_of or (state.fighters[rider_of[v]].down and not state.fighters[t].down)):
            rider_of[v] = t
    kept = [t for t in targets if struck[t] < 0 or rider_of[struck[t]] == t]
    return kept, {t: struck[t] for t in kept if struck[t] >= 0}


def reactions(state: Dx3State, t: Fighter, no_dodge: bool = False) -> list[Dx3Action]:
    """A rider's reactions to an attack on it or its vehicle (HR-VEH-DEF-01): the vehicle dodge while
    someone standing drives (AMB-40; not against a 「ドッジ不可」 attack), also with each of the rider's
    dodge combos (HR-VEH-REACT-01, `vehicle_reaction_effects`), a guard with each mounted weapon held
    by a rider or by nobody (HR-VEH-GUARD-01, AMB-39), or none."""
    v = state.vehicles[t.vehicle]
    out = []
    if v.driver >= 0 and not state.fighters[v.driver].down and not no_dodge:
        out.append(Dx3Action(Kind.VEHICLE_DODGE))
        if state.options.vehicle_reaction_effects:
            out += [Dx3Action(Kind.VEHICLE_DODGE, combo=k) for k in usable_dodge_combos(state, t)]
    out += [Dx3Action(Kind.VEHICLE_GUARD, option=k) for k, w in enumerate(v.mounted) if w.guard > 0]
    return [*out, Dx3Action(Kind.NO_REACTION)]


def spotter(state: Dx3State, v: Vehicle) -> Fighter | None:
    """The passenger who rolls 〈知覚〉 in a vehicle dodge is the standing one with the highest 〈知覚〉 level,
    then 【感覚】, then the first aboard (HR-VEH-DODGE-01, AMB-36); None with no passenger."""
    standing = [state.fighters[i] for i in v.passengers if not state.fighters[i].down]
    if not standing:
        return None
    return max(
        standing, key=lambda g: (g.char.stats.skill("知覚"), g.char.stats.sense, -v.passengers.index(g.id))
    )


def dodge(
    state: Dx3State, t: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event],
    combo: Combo | None = None,
) -> bool | None:  # fmt: skip
    """The two-step vehicle dodge (HR-VEH-DODGE-01..07) of rider `t` against the pending hit: True when
    the attack hits, None while a PC sublimates on a check first (checks.pause; `drive_on` and `driven`
    follow the decision). A dodge combo `t` declared puts its dice, C値 and 達成値 on the driver's
    〈運転〉 (HR-VEH-REACT-01)."""
    v = state.vehicles[t.vehicle]
    options = state.options
    dice, crit, floor, bonus = (
        (combo.dice, combo.crit, combo.crit_floor, combo.achievement) if combo else (0, 0, 0, 0)
    )
    drive = state.fighters[v.driver].char.check(
        v.kind.skill, floor=options.crit_floor, table=options.encroach_table, dice=dice, crit_change=crit,
        effect_floor=floor, modifier=bonus,
    )  # fmt: skip
    seer = spotter(state, v)
    if seer is None:
        return drive_on(state, t, action, None, drive, rng, events)
    check = seer.char.check("知覚", floor=options.crit_floor, table=options.encroach_table)
    if pause(state, seer, CheckFor.SPOT, action, check, subject=t.id, later=drive):
        return None
    return drive_on(state, t, action, roll(check, rng), drive, rng, events)


def drive_on(
    state: Dx3State, t: Fighter, action: Dx3Action, seen: CheckResult | None, drive: Check,
    rng: np.random.Generator, events: list[Event],
) -> bool | None:  # fmt: skip
    """The driver's 〈運転〉 after the passenger's final 〈知覚〉 `seen` (None: no passenger) changed it
    (vehicle_dodge.drive_check, AMB-35); True when the attack hits, None while the driver sublimates."""
    p = state.pending
    assert p is not None
    v = state.vehicles[t.vehicle]
    check = drive_check(drive, seen, p.hit_check.achievement, state.options.unfloored_crit_min)
    if pause(state, state.fighters[v.driver], CheckFor.DRIVE, action, check, subject=t.id, earlier=seen):
        return None
    return driven(state, t, seen, roll(check, rng), events)


def driven(state: Dx3State, t: Fighter, seen: CheckResult | None, drive: CheckResult, events: list[Event]) -> bool:
    """The vehicle dodge is final: its 〈運転〉 `drive` against the hit (ties as `tie`); True when it hits."""
    p = state.pending
    assert p is not None
    v = state.vehicles[t.vehicle]
    dodged = not action_wins(p.hit_check, drive, state.options.tie)
    seer = spotter(state, v)
    events.append(Event("vehicle_dodge", v.driver, -1, {
        "vehicle": v.name, "spotter": seer.id if seer is not None else -1,
        "perception": seen.achievement if seen is not None else -1,
        "perception_faces": [list(r) for r in seen.rounds] if seen is not None else [],
        "dice": drive.check.dice, "crit": drive.check.crit,
        "faces": [list(r) for r in drive.rounds], "achievement": drive.achievement,
        "fumble": drive.fumble, "dodged": dodged,
    }))  # fmt: skip
    return not dodged


def guard(
    state: Dx3State, t: Fighter, k: int, p: PendingAttack, rng: np.random.Generator, events: list[Event]
) -> None:
    """Guard with mounted weapon k (HR-VEH-GUARD-01): its holder guards, or t takes it up for free
    when nobody holds it (AMB-39); the holder's guard auto effects add to it (HR-VEH-AUTO-01,
    `vehicle_reaction_effects`); nothing against a ガード無視 attack (DX3-REACT-11)."""
    v = state.vehicles[t.vehicle]
    if v.holders[k] < 0:
        v.holders[k] = t.id
    weapon = v.mounted[k]
    holder = state.fighters[v.holders[k]]
    autos = fire_autos(state, holder, "guard", rng, events) if state.options.vehicle_reaction_effects else 0
    p.guards[t.id] = 0 if p.ignore_guard else weapon.guard + autos
    events.append(Event("guard", holder.id, p.attacker, {"weapon": weapon.name, "guard": p.guards[t.id]}))


def damage_vehicle(
    state: Dx3State, p: PendingAttack, t: int, total: int, rng: np.random.Generator, events: list[Event]
) -> list[Fighter]:
    """The hit vehicle loses the damage (vehicle.vehicle_damage); destroyed at 0 HP, it throws every
    rider off (HR-VEH-08) with the destruction damage (HR-VEH-09). Returns the riders it dropped."""
    v = state.vehicles[p.vehicles[t]]
    skill = state.fighters[p.attacker].weapon(p.weapon).skill
    lost = vehicle_damage(total, v, p.guards.get(t, 0), skill)
    if (
        lost > 0 and state.options.vehicle_reaction_effects
    ):  # the rider's damage-reducing auto effects (HR-VEH-AUTO-01)
        lost = max(lost - fire_autos(state, state.fighters[t], "reduction", rng, events), 0)
    destroyed = lose_hp(v, lost)
    events.append(Event("vehicle_damage", p.attacker, t, {
        "vehicle": v.name, "hp_lost": lost, "hp": v.hp, "armor": v.kind.armor, "guard": p.guards.get(t, 0),
    }))  # fmt: skip
    if not destroyed:
        return []
    riders, hurt = wreck(v, rng)
    events.append(Event("vehicle_destroyed", -1, -1, {"vehicle": v.name, "riders": riders, "damage": hurt}))
    thrown = []
    for i, lost_hp in zip(riders, hurt, strict=True):
        f = state.fighters[i]
        _off(f)
        if lost_hp and not f.down:
            lost_hp = take_damage(f.char, lost_hp)
            events.append(Event("damage", -1, i, {
                "hp_lost": lost_hp, "hp": f.char.hp, "armor": 0, "guard": 0, "factor": 1, "covering": -1,
            }))  # fmt: skip
            thrown.append(f)
    return thrown
