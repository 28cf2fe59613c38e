"""The effect of a resolved action, by kind (moves, gear, cover, attacks, first aid, persuasion,
fire, doors, fleeing), and what follows it: retreat moves and push costs."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.attacks import close_weapon, use_item
from yz_gym.rulesets.yze.combat.damage import first_aid, take_damage
from yz_gym.rulesets.yze.resolution.attacks import close_effect, shot_effect, vehicle_volley
from yz_gym.rulesets.yze.resolution.bursts import burst_on
from yz_gym.rulesets.yze.resolution.rolling import break_tie, net_successes, pay_for_push
from yz_gym.rulesets.yze.resolution.stages import F_FREE, F_MISSED, OPPOSED, S_ROLL
from yz_gym.rulesets.yze.rolls import rating_roll, roll_data
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.vehicles.actions import extension_effect
from yz_gym.rulesets.yze.zone.actions import CLOSE_KINDS, FIRST_EXTENSION, KIND_NAMES, Kind
from yz_gym.rulesets.yze.zone.movement import disengage, engaged_enemies, move, peek_through, retreat
from yz_gym.rulesets.yze.zone.zones import DoorState

_MOVES: Final = frozenset({Kind.RUN, Kind.CRAWL, Kind.DOOR, Kind.ENGAGE})  # resolved by zone/movement.py move


def resolve(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """Carry out the action's effect, given the (pushed) roll."""
    kind = frame.kind
    if kind in OPPOSED and state.options.opposed_tie == "reroll":
        break_tie(state, frame, actor, rng, events)  # OPP-03
    net = net_successes(state, frame)
    rolled = frame.roll is not None
    success = (not rolled or net > 0) and not frame.flags & F_MISSED
    if kind == Kind.STRESS_ROLL:
        take_damage(state, actor, max(0, frame.option - net), rng, events, stress=True)  # STRESS-01
        return
    if kind >= FIRST_EXTENSION:  # vehicles and mounts (vehicles/actions.py, mounts/riding.py)
        burst = kind == Kind.SHOOT_VEHICLE and frame.zone >= 1  # opened at a vehicle (AUTO-01/03)
        if burst and state.options.full_auto == "ammo_dice":
            vehicle_volley(state, frame, actor, rng, events)  # AUTO-03..06 at a vehicle
            return
        extension_effect(state, kind, actor, frame.target, frame.zone, frame.option, frame.roll, rng, events)
        if kind == Kind.SHOOT_VEHICLE and (frame.shots or burst) and actor.held >= 0:
            burst_on(state, frame, actor, success, actor.weapons[actor.held], rng, events)  # AUTO-01
        return
    target = state.combatants[frame.target] if frame.target >= 0 else None
    if kind in _MOVES:
        move(state, actor, kind, frame.zone, target, rolled and not success, rng, events)  # zone/movement.py
    elif kind == Kind.RETREAT:
        if not success:
            frame.flags |= F_MISSED
            for enemy in engaged_enemies(state, actor):  # ACTN-RETREAT-02: free close attacks
                free = Frame(Kind.CLOSE_ATTACK, enemy.id, actor.id, flags=F_FREE, stage=S_ROLL)
                state.stack.append(free)
                events.append(Event("free_attack", enemy.id, actor.id))
    elif kind == Kind.GET_UP:
        actor.prone = False
        events.append(Event("got_up", actor.id))
    elif kind == Kind.DRAW:
        actor.held = frame.option
        events.append(Event("drew", actor.id, -1, {"weapon": actor.weapons[frame.option].name}))
    elif kind == Kind.AIM:
        actor.aiming = 3 if frame.option == 1 else 2  # RMOD-05, ACTN-SHOOT-02
        events.append(Event("aimed", actor.id, -1, {"bonus": actor.aiming}))
    elif kind == Kind.TAKE_COVER:
        if success:
            actor.cover = frame.option  # ACTN-COVER-01
            events.append(
                Event(
                    "in_cover", actor.id, -1, {"cover": state.zone_map.zones[actor.zone].covers[frame.option]}
                )
            )
    elif kind in CLOSE_KINDS or kind == Kind.GRAPPLE_ATTACK:
        assert target is not None
        close_effect(state, frame, actor, target, net, rng, events)
    elif kind == Kind.SHOOT:
        assert target is not None
        shot_effect(state, frame, actor, target, net if success else 0, rng, events)
    elif kind == Kind.RELOAD:
        carried = actor.weapons[actor.held]
        carried.loaded = True  # ACTN-RELOAD-01
        if carried.reloads > 0:
            carried.reloads -= 1
        carried.supply = 6
        carried.rounds = -1  # AUTO-06: a full magazine
        events.append(Event("reloaded", actor.id))
    elif kind == Kind.USE_ITEM:
        assert target is not None
        use_item(state, actor, frame.option, target, rng, events)  # ACTN-USEITEM-01
    elif kind == Kind.OVERWATCH:
        actor.overwatch = frame.zone
        events.append(Event("overwatch", actor.id, -1, {"zone": frame.zone}))
    elif kind == Kind.FIRST_AID:
        assert target is not None
        first_aid(state, actor, target, net, frame.option == 1, events)
    elif kind == Kind.PERSUADE:
        assert target is not None
        _persuade(state, actor, target, net, rng, events)
    elif kind == Kind.EXTINGUISH:
        assert target is not None
        if success:
            target.burning = 0  # FIRE-04
            events.append(Event("fire_out", actor.id, target.id))
    elif kind == Kind.FORCE_DOOR:
        _force_door(state, frame, actor, net, rng, events)
    elif kind == Kind.BREAK_FREE:
        if success:
            holder = state.combatants[actor.grappled_by]
            holder.grappling = -1
            actor.grappled_by = -1
            events.append(Event("broke_free", actor.id, holder.id))
    elif kind == Kind.PEEK:
        peek_through(state, actor, frame.zone, events)  # AMB-26
    elif kind == Kind.FLEE:
        actor.fled = True
        disengage(state, actor)
        events.append(Event("fled", actor.id))
    if rolled and not success and kind not in CLOSE_KINDS and kind != Kind.SHOOT:
        events.append(Event("failed", actor.id, frame.target, {"kind": KIND_NAMES[kind]}))


def after(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """After the effect and anything it set off: retreat moves, push costs are paid."""
    if frame.kind == Kind.RETREAT and not actor.out:
        retreat(state, actor, frame.zone, bool(frame.flags & F_MISSED), events)  # ACTN-RETREAT-01/02
    if frame.roll is not None:
        pay_for_push(state, frame, actor, rng, events)  # PUSH-13; PUSH-17 panic on unpushed rolls too


def _persuade(
    state: GameState,
    actor: Combatant,
    target: Combatant,
    net: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ACT-SLOW-PERSUADE/OPP-05: Persuasion against Insight; the effect is a switch (G-19)."""
    if net <= 0:
        events.append(Event("unpersuaded", actor.id, target.id))
        return
    if state.options.persuade_effect == "surrender":
        target.surrendered = True
        events.append(Event("surrendered", target.id, actor.id))
    else:
        take_damage(state, target, net, rng, events, stress=True, source=actor.id)


def _force_door(
    state: GameState,
    frame: Frame,
    actor: Combatant,
    net: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ACTN-DOOR-02: a locked door can be forced; a wooden one gives way after 5 damage."""
    border = state.zone_map.border_between(actor.zone, frame.zone)
    if net <= 0:
        events.append(Event("miss", actor.id, -1, {"kind": "force_door"}))
        return
    weapon = close_weapon(state, actor)[1]
    damage = weapon.damage + net - 1
    door = state.zone_map.borders[border]
    if door.door_armor:
        roll = rating_roll(state, door.door_armor, rng)
        damage = max(0, damage - roll.successes)
        events.append(Event("armor", -1, -1, {**roll_data(roll), "rating": door.door_armor, "door": border}))
    total = list(state.door_damage)
    total[border] += damage
    state.door_damage = tuple(total)
    events.append(
        Event("door_damage", actor.id, -1, {"zone": frame.zone, "amount": damage, "total": total[border]})
    )
    if total[border] >= door.door_toughness:
        _set_door(state, border, DoorState.BROKEN)
        events.append(Event("door_broken", actor.id, -1, {"zone": frame.zone}))


def _set_door(state: GameState, border: int, door_state: DoorState) -> None:
    """A door of the map set to a new state."""
    doors = list(state.doors)
    doors[border] = int(door_state)
    state.doors = tuple(doors)
