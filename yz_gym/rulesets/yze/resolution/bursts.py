"""Full auto (AUTO-01..06): where the next shot of a burst and the extra hits of ammo sixes may go,
firing them, and the ammunition supply roll after the burst."""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.attacks import burst_targets, extra_hit_targets, held_weapon
from yz_gym.rulesets.yze.combat.gear import supply_roll
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS
from yz_gym.rulesets.yze.mounts.riding import mount_zone
from yz_gym.rulesets.yze.resolution.rolling import pay_for_push
from yz_gym.rulesets.yze.resolution.stages import (
    F_MOUNT,
    HIT_MOUNT,
    HIT_PERSON,
    HIT_VEHICLE,
    S_FOLLOW,
    S_ROLL,
)
from yz_gym.rulesets.yze.rolls import roll_data
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState, WeaponState
from yz_gym.rulesets.yze.vehicles.seats import altitude
from yz_gym.rulesets.yze.zone.actions import Action, Kind, action
from yz_gym.rulesets.yze.zone.auto_targets import burst_extras, extra_hit_extras, zone_people


def extra_hits(state: GameState, frame: Frame, actor: Combatant) -> list[Action]:
    """AUTO-05: where an extra hit may land: on the main hit's target (a person, a mount or a
    vehicle) or another enemy, mount or vehicle in its zone (at its altitude)."""
    index, _, what = frame.hits[0]
    if what == HIT_PERSON:
        main = state.combatants[index]
        actions = [action(Kind.SHOOT, target=t) for t in extra_hit_targets(state, actor, main)]
        zone, alt = main.zone, altitude(state, main)
    else:
        if what == HIT_VEHICLE:
            first = action(Kind.SHOOT_VEHICLE, option=index)
            zone, alt = state.vehicles[index].zone, state.vehicles[index].altitude
        else:
            first = action(Kind.SHOOT_MOUNT, index)
            zone, alt = mount_zone(state.combatants[index]), 0
        actions = [first, *(action(Kind.SHOOT, target=t) for t in zone_people(state, actor, zone, alt))]
    if state.vehicles or state.setup.mounted:  # AUTO-05: or a mount or vehicle in its zone
        actions += [a for a in extra_hit_extras(state, actor, zone, alt) if a != actions[0]]
    return actions


def follow_shots(state: GameState, actor: Combatant) -> list[Action]:
    """AUTO-01: where the next shot of a burst may go: a person, or a mount or vehicle."""
    shots = [action(Kind.SHOOT, target=t, option=1) for t in burst_targets(state, actor)]
    if state.vehicles or state.setup.mounted:
        shots += burst_extras(state, actor)  # zone/auto_targets.py
    return shots


def burst_on(
    state: GameState, frame: Frame, actor: Combatant, hit: bool, carried: WeaponState,
    rng: np.random.Generator, events: list[Event],
) -> None:  # fmt: skip
    """AUTO-01/02: after a shot of a burst, fire again on a hit (three shots at most) at a
    person, a mount or a vehicle; else the burst is over: roll for the ammunition."""
    frame.shots += 1
    if hit and frame.shots < 3 and not actor.out and follow_shots(state, actor):
        frame.stage = S_FOLLOW  # AUTO-01: a hit lets you fire again, three shots at most
        frame.asking = [actor.id]
        return
    ammo_supply(state, actor, carried, rng, events)


def next_shot(
    state: GameState, frame: Frame, actor: Combatant, action: Action, skill: str | None, rng: np.random.Generator,
    events: list[Event],
) -> None:  # fmt: skip
    """AUTO-01: fire the burst's next shot (of `skill`) at the chosen target, or stop (DECLINE)."""
    if action.kind == Kind.DECLINE:
        return  # advance() ends the burst
    pay_for_push(state, frame, actor, skill, rng, events)  # PUSH-13: each shot's push is paid
    frame.target, frame.zone = action.target, -1
    frame.stage = S_ROLL
    frame.roll = frame.block_roll = None
    frame.modifier = NO_MODIFIERS
    shot: dict[str, object] = {"shot": frame.shots + 1}
    if action.kind == Kind.SHOOT_VEHICLE:  # AUTO-01 at a vehicle: rolled and landed as SHOOT_VEHICLE
        frame.kind, frame.option = Kind.SHOOT_VEHICLE, action.option
        frame.flags &= ~F_MOUNT
        shot["vehicle"] = state.vehicles[action.option].name
    else:
        frame.kind, frame.option = Kind.SHOOT, 1
        if action.kind == Kind.SHOOT_MOUNT:  # AUTO-01 at a mount (MOUNT-11)
            frame.flags |= F_MOUNT
            shot["mount"] = mount_name(state, action.target)
        else:
            frame.flags &= ~F_MOUNT
    events.append(Event("burst", actor.id, action.target, shot))


def mount_name(state: GameState, rider: int) -> str:
    """The name of `rider`'s mount, for the events."""
    m = state.combatants[rider].mount
    return m.name if m is not None else ""


def spend_six(state: GameState, frame: Frame, actor: Combatant, action: Action, events: list[Event]) -> None:
    """AUTO-05: one ammo six buys an extra hit at base damage, or +1 damage on the latest hit."""
    if action.kind == Kind.DECLINE:
        last = frame.hits[-1]
        last[1] += 1
        data: dict[str, object] = {"damage": last[1]}
        if last[2] == HIT_VEHICLE:
            data["vehicle"] = state.vehicles[last[0]].name
        elif last[2] == HIT_MOUNT:
            data["mount"] = mount_name(state, last[0])
        events.append(Event("ammo_damage", actor.id, -1 if last[2] == HIT_VEHICLE else last[0], data))
    elif action.kind == Kind.SHOOT_VEHICLE:  # AUTO-05: the extra hit lands on a vehicle
        frame.hits.append([action.option, held_weapon(state, actor).damage, HIT_VEHICLE])
        events.append(Event("extra_hit", actor.id, -1, {"vehicle": state.vehicles[action.option].name}))
    elif action.kind == Kind.SHOOT_MOUNT:  # AUTO-05: ... or on a mount (MOUNT-11)
        frame.hits.append([action.target, held_weapon(state, actor).damage, HIT_MOUNT])
        mount = {"mount": mount_name(state, action.target)}
        events.append(Event("extra_hit", actor.id, action.target, mount))
    else:
        frame.hits.append([action.target, held_weapon(state, actor).damage, HIT_PERSON])
        events.append(Event("extra_hit", actor.id, action.target))
    frame.sixes -= 1
    if frame.sixes > 0:
        frame.asking = [actor.id]


def ammo_supply(
    state: GameState, actor: Combatant, carried: WeaponState, rng: np.random.Generator, events: list[Event]
) -> None:
    """AUTO-02/GEAR-09: after full auto, roll the ammunition supply; each 1 lowers it."""
    carried.supply, roll = supply_roll(carried.supply, rng)
    events.append(Event("supply", actor.id, -1, {**roll_data(roll), "supply": carried.supply}))
    if carried.supply <= 0:
        carried.loaded = False
        events.append(Event("out_of_ammo", actor.id))
