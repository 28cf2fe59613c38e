"""The effects of the zone-fight kinds (`ActionSpec.effect`: what a declared action does once
rolled): moves, gear, cover, attacks, first aid, persuasion, fire, doors, fleeing, stress and shots
at vehicles; their specs are in resolution/effects.py."""

from __future__ import annotations

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.attacks import close_weapon, use_item
from yz_gym.rulesets.yze.combat.damage import first_aid, take_damage
from yz_gym.rulesets.yze.hazards import fight as hazards
from yz_gym.rulesets.yze.resolution.attacks import close_effect, shot_effect, vehicle_volley
from yz_gym.rulesets.yze.resolution.bursts import burst_on
from yz_gym.rulesets.yze.resolution.stages import F_FREE, F_MISSED, S_ROLL
from yz_gym.rulesets.yze.rolls import rating_roll, roll_data
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.vehicles import actions as vehicle
from yz_gym.rulesets.yze.zone.actions import Kind
from yz_gym.rulesets.yze.zone.movement import disengage, engaged_enemies, move, peek_through
from yz_gym.rulesets.yze.zone.spec import Events, Rng
from yz_gym.rulesets.yze.zone.zones import DoorState


def move_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """RUN, CRAWL, DOOR, ENGAGE: zone/movement.py moves."""
    target = state.combatants[frame.target] if frame.target >= 0 else None
    move(state, actor, frame.kind, frame.zone, target, frame.roll is not None and not success, rng, events)
    if state.setup.hazards is not None:
        hazards.moved(state, actor, events)  # HAZ-DROWN-01..03: into or out of deep water


def retreat_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-RETREAT-02: a failed retreat draws free close attacks (the move itself is `after`)."""
    if not success:
        frame.flags |= F_MISSED
        for enemy in engaged_enemies(state, actor):
            free = Frame(Kind.CLOSE_ATTACK, enemy.id, actor.id, flags=F_FREE, stage=S_ROLL)
            state.stack.append(free)
            events.append(Event("free_attack", enemy.id, actor.id))


def draw_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACT-FAST-DRAW: the weapon `option` in hand."""
    actor.held = frame.option
    events.append(Event("drew", actor.id, -1, {"weapon": actor.weapons[frame.option].name}))


def aim_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """RMOD-05, ACTN-SHOOT-02: +2, +3 through a scope."""
    actor.aiming = 3 if frame.option == 1 else 2
    events.append(Event("aimed", actor.id, -1, {"bonus": actor.aiming}))


def take_cover_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-COVER-01: behind the zone's cover `option`."""
    if success:
        actor.cover = frame.option
        cover = state.zone_map.zones[actor.zone].covers[frame.option]
        events.append(Event("in_cover", actor.id, -1, {"cover": cover}))


def close_attack_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """Close attacks, the unarmed specials, diving blows and grapple attacks (resolution/attacks.py)."""
    close_effect(state, frame, actor, state.combatants[frame.target], net, rng, events)


def shoot_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-SHOOT-01 (resolution/attacks.py)."""
    shot_effect(state, frame, actor, state.combatants[frame.target], net if success else 0, rng, events)


def reload_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-RELOAD-01, AUTO-06: loaded, one reload spent, a full magazine."""
    carried = actor.weapons[actor.held]
    carried.loaded = True
    if carried.reloads > 0:
        carried.reloads -= 1
    carried.supply = 6
    carried.rounds = -1
    events.append(Event("reloaded", actor.id))


def use_item_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-USEITEM-01: item `option` on the target."""
    use_item(state, actor, frame.option, state.combatants[frame.target], rng, events)


def overwatch_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-OVERWATCH-01: watching the zone."""
    actor.overwatch = frame.zone
    events.append(Event("overwatch", actor.id, -1, {"zone": frame.zone}))


def first_aid_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """HEAL-02, DEATH-03: option 1 stabilises."""
    first_aid(state, actor, state.combatants[frame.target], net, frame.option == 1, events)


def extinguish_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """FIRE-04: the fire on the target is out."""
    if success:
        state.combatants[frame.target].burning = 0
        events.append(Event("fire_out", actor.id, frame.target))


def break_free_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-BREAKFREE-01: out of the grapple."""
    if success:
        holder = state.combatants[actor.grappled_by]
        holder.grappling = -1
        actor.grappled_by = -1
        events.append(Event("broke_free", actor.id, holder.id))


def peek_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """AMB-26: a look through the open door."""
    peek_through(state, actor, frame.zone, events)


def flee_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """Out of the fight through an exit zone."""
    actor.fled = True
    disengage(state, actor)
    events.append(Event("fled", actor.id))


def stress_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """STRESS-01: each success cancels one of the `option` stress."""
    take_damage(state, actor, max(0, frame.option - net), rng, events, stress=True)


def shoot_vehicle_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-SHOOT-01 at a vehicle; a burst (AUTO-01) or ammo dice (AUTO-03..06) when `zone` names a fire mode."""
    burst = frame.zone >= 1
    if burst and state.options.full_auto == "ammo_dice":
        vehicle_volley(state, frame, actor, rng, events)
        return
    vehicle.shoot_vehicle(state, frame, actor, net, success, rng, events)
    if (frame.shots or burst) and actor.held >= 0:
        burst_on(state, frame, actor, success, actor.weapons[actor.held], rng, events)


def persuade_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACT-SLOW-PERSUADE/OPP-05: Persuasion against Insight; the effect is a switch (G-19)."""
    target = state.combatants[frame.target]
    if net <= 0:
        events.append(Event("unpersuaded", actor.id, target.id))
        return
    if state.options.persuade_effect == "surrender":
        target.surrendered = True
        events.append(Event("surrendered", target.id, actor.id))
    else:
        take_damage(state, target, net, rng, events, stress=True, source=actor.id)


def force_door_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
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
