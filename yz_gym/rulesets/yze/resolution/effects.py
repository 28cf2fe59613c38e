"""Every action kind's spec (`SPECS`, one `ActionSpec` per `Kind`, in `Kind` order) and the effects
of the zone-fight kinds (moves, gear, cover, attacks, first aid, persuasion, fire, doors, fleeing,
free actions and decisions); `resolve` and `after` carry out a frame through its kind's spec."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.attacks import close_weapon, use_item
from yz_gym.rulesets.yze.combat.damage import first_aid, take_damage
from yz_gym.rulesets.yze.hazards import fight as hazards
from yz_gym.rulesets.yze.mounts import riding
from yz_gym.rulesets.yze.resolution import rolling
from yz_gym.rulesets.yze.resolution.attacks import close_effect, shot_effect, vehicle_volley
from yz_gym.rulesets.yze.resolution.bursts import burst_on
from yz_gym.rulesets.yze.resolution.pride import claim_pride, pride_offer
from yz_gym.rulesets.yze.resolution.reactions import doing, overwatch_fire
from yz_gym.rulesets.yze.resolution.rolling import break_tie, net_successes, pay_for_push
from yz_gym.rulesets.yze.resolution.stages import F_DEATH, F_FREE, F_MISSED, OPPOSED, S_ROLL
from yz_gym.rulesets.yze.rolls import push_roll, rating_roll, roll_data
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.vehicles import actions as vehicle
from yz_gym.rulesets.yze.vehicles import narrate as vehicle_narrate
from yz_gym.rulesets.yze.zone import describe, initiative
from yz_gym.rulesets.yze.zone.actions import KIND_NAMES, Action, Kind
from yz_gym.rulesets.yze.zone.movement import (
    disengage,
    engaged_enemies,
    move,
    peek_through,
    retreat,
)
from yz_gym.rulesets.yze.zone.spec import (
    ActionSpec,
    Dice,
    Effect,
    Events,
    Instant,
    Offer,
    Rng,
    Shape,
    Skill,
    Slow,
    Span,
    Timing,
    Words,
    always,
    cover_skill,
    healing_skill,
    insight_skill,
    melee_skill,
    mobility_skill,
    moving_skill,
    moving_slow,
    never,
    no_roll,
    no_words,
    option_one_slow,
    persuasion_skill,
    weapon_skill,
)
from yz_gym.rulesets.yze.zone.zones import DoorState


def resolve(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """Carry out the action's effect, given the (pushed) roll."""
    kind = frame.kind
    spec = SPECS[kind]
    if kind in OPPOSED and state.options.opposed_tie == "reroll":
        break_tie(state, frame, actor, spec.skill(state, frame), rng, events)  # OPP-03
    net = net_successes(state, frame)
    rolled = frame.roll is not None
    success = (not rolled or net > 0) and not frame.flags & F_MISSED
    effect = spec.effect
    assert effect is not None, f"{kind.name} is not resolved on the stack"
    effect(state, frame, actor, net, success, rng, events)
    if rolled and not success and spec.failed is not None:
        events.append(Event("failed", actor.id, frame.target, {"kind": KIND_NAMES[kind]}))


def after(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """After the effect and anything it set off: retreat moves, push costs are paid."""
    if frame.kind == Kind.RETREAT and not actor.out:
        retreat(state, actor, frame.zone, bool(frame.flags & F_MISSED), events)  # ACTN-RETREAT-01/02
        if state.setup.hazards is not None:
            hazards.moved(state, actor, events)
    if frame.roll is not None:
        pay_for_push(state, frame, actor, action_skill(state, frame), rng, events)  # PUSH-13; PUSH-17 panic on unpushed rolls too


def action_skill(state: GameState, frame: Frame) -> str | None:
    """The skill the frame's action rolls, or None if it needs no roll."""
    return SPECS[frame.kind].skill(state, frame)


def is_slow(state: GameState, c: Combatant, action: Action) -> bool:
    """Whether declaring `action` takes `c`'s slow action (AMB-10, ACTN-CRAWL-03, ACTN-SHOOT-02)."""
    return SPECS[action.kind].slow(state, c, action)


def end_turn(state: GameState) -> None:
    """The combatant's turn is over; the next card acts (INIT-04)."""
    c = state.combatants[state.order[state.turn_pos]]
    c.acted = True
    state.turn_pos += 1
    state.turn_begun = False


# --- effects (ActionSpec.effect) --------------------------------------------------------------------


def _move(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """RUN, CRAWL, DOOR, ENGAGE: zone/movement.py moves."""
    target = state.combatants[frame.target] if frame.target >= 0 else None
    move(state, actor, frame.kind, frame.zone, target, frame.roll is not None and not success, rng, events)
    if state.setup.hazards is not None:
        hazards.moved(state, actor, events)  # HAZ-DROWN-01..03: into or out of deep water


def _retreat(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-RETREAT-02: a failed retreat draws free close attacks (the move itself is `after`)."""
    if not success:
        frame.flags |= F_MISSED
        for enemy in engaged_enemies(state, actor):
            free = Frame(Kind.CLOSE_ATTACK, enemy.id, actor.id, flags=F_FREE, stage=S_ROLL)
            state.stack.append(free)
            events.append(Event("free_attack", enemy.id, actor.id))


def _get_up(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACT-FAST-GETUP: up from prone."""
    actor.prone = False
    events.append(Event("got_up", actor.id))


def _draw(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACT-FAST-DRAW: the weapon `option` in hand."""
    actor.held = frame.option
    events.append(Event("drew", actor.id, -1, {"weapon": actor.weapons[frame.option].name}))


def _aim(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """RMOD-05, ACTN-SHOOT-02: +2, +3 through a scope."""
    actor.aiming = 3 if frame.option == 1 else 2
    events.append(Event("aimed", actor.id, -1, {"bonus": actor.aiming}))


def _take_cover(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-COVER-01: behind the zone's cover `option`."""
    if success:
        actor.cover = frame.option
        cover = state.zone_map.zones[actor.zone].covers[frame.option]
        events.append(Event("in_cover", actor.id, -1, {"cover": cover}))


def _close(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """Close attacks, the unarmed specials, diving blows and grapple attacks (resolution/attacks.py)."""
    close_effect(state, frame, actor, state.combatants[frame.target], net, rng, events)


def _shoot(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-SHOOT-01 (resolution/attacks.py)."""
    shot_effect(state, frame, actor, state.combatants[frame.target], net if success else 0, rng, events)


def _reload(
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


def _use_item(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-USEITEM-01: item `option` on the target."""
    use_item(state, actor, frame.option, state.combatants[frame.target], rng, events)


def _overwatch(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-OVERWATCH-01: watching the zone."""
    actor.overwatch = frame.zone
    events.append(Event("overwatch", actor.id, -1, {"zone": frame.zone}))


def _first_aid(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """HEAL-02, DEATH-03: option 1 stabilises."""
    first_aid(state, actor, state.combatants[frame.target], net, frame.option == 1, events)


def _extinguish(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """FIRE-04: the fire on the target is out."""
    if success:
        state.combatants[frame.target].burning = 0
        events.append(Event("fire_out", actor.id, frame.target))


def _break_free(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACTN-BREAKFREE-01: out of the grapple."""
    if success:
        holder = state.combatants[actor.grappled_by]
        holder.grappling = -1
        actor.grappled_by = -1
        events.append(Event("broke_free", actor.id, holder.id))


def _peek(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """AMB-26: a look through the open door."""
    peek_through(state, actor, frame.zone, events)


def _flee(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """Out of the fight through an exit zone."""
    actor.fled = True
    disengage(state, actor)
    events.append(Event("fled", actor.id))


def _stress(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """STRESS-01: each success cancels one of the `option` stress."""
    take_damage(state, actor, max(0, frame.option - net), rng, events, stress=True)


def _shoot_vehicle(
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


# --- free actions and decisions (ActionSpec.instant) --------------------------------------------------


def _end_turn(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """END_TURN."""
    end_turn(state)


def _swap(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """INIT-SWAP-01..04; the partner's turn begins now (INIT-SWAP-03)."""
    initiative.swap(state, c.id, action.target, events)
    state.turn_begun = False


def _drop_prone(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACT-FREE-01: costs none of the round's two actions."""
    state.turn_acts += 1  # INIT-SWAP-02: no swap once the turn has begun acting
    c.prone = True
    c.prone_drops += 1
    events.append(Event("prone", c.id))


def _let_go(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACTN-GRAPPLE-01: letting go is free."""
    state.turn_acts += 1  # INIT-SWAP-02
    victim = state.combatants[c.grappling]
    victim.grappled_by = -1
    c.grappling = -1
    events.append(Event("let_go", c.id, victim.id))


def _choose_card(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """INIT-SURPRISE-01 / AMB-28: a surprise attacker's pick."""
    initiative.choose(state, c.id, action.option, events)


def _block(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACTN-BLOCK-03: each block uses one of your actions."""
    assert frame is not None
    c.spend(False)
    doing(state, c, Kind.BLOCK, keep_watch=False)
    frame.blocker = c.id
    events.append(Event("block", c.id, frame.actor))


def _help(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACT-HELP-01: an action of the same type."""
    assert frame is not None
    c.spend(frame.slow)
    doing(state, c, Kind.HELP, keep_watch=False)
    frame.helpers.append(c.id)
    events.append(Event("help", c.id, frame.actor))


def _push(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """PUSH-04..07, 16: the roller pushes."""
    assert frame is not None and frame.roll is not None
    frame.roll = push_roll(state, state.combatants[frame.actor], frame.roll, rng)
    events.append(Event("push", frame.actor, -1, {**roll_data(frame.roll), "skill": action_skill(state, frame)}))


def _overwatch_fire(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACTN-OVERWATCH-01/02: the watcher shoots."""
    assert frame is not None
    overwatch_fire(state, frame, c, state.combatants[action.target], rng, events)


def _decline(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """Pass on a block, help, push, overwatch shot or pride."""


def _pride(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """DICE-13: the roller claims its Pride's one automatic success (resolution/pride.py)."""
    assert frame is not None
    claim_pride(frame, c, "Stamina" if frame.flags & F_DEATH else action_skill(state, frame), events)


def _persuade(
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


def _force_door(
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


# --- the table --------------------------------------------------------------------------------------

_N: Final = (Shape(),)
_T: Final = (Shape(target=True),)
_Z: Final = (Shape(zone=True),)
_ZONE_OR_AIR: Final = (Shape(zone=True), Shape(options=(vehicle.CLIMB, vehicle.DESCEND)))  # VEH-AIR-03


def _spec(
    kind: Kind, label: str, timing: Timing, forms: tuple[Shape, ...], *, slow: Slow = never,
    skill: Skill = no_roll, dice: Dice = rolling.plain_dice, effect: Effect | None = None,
    instant: Instant | None = None, offer: Offer | None = None, words: Words = no_words,
    failed: str | None = None,
) -> ActionSpec:  # fmt: skip
    """A spec, with the defaults most kinds share: fast-or-free cost, no roll, no extra words."""
    return ActionSpec(kind, label, timing, slow, skill, dice, effect, instant, offer, forms, words, failed)


FREE, FAST, SLOW, DECISION = Timing.FREE, Timing.FAST, Timing.SLOW, Timing.DECISION
SPECS: Final[tuple[ActionSpec, ...]] = (
    _spec(Kind.END_TURN, "end turn", FREE, _N, instant=_end_turn),
    _spec(Kind.SWAP_INITIATIVE, "swap initiative with", FREE, _T, instant=_swap),  # INIT-SWAP-01..04
    _spec(Kind.RUN, "run to", FAST, _Z, slow=moving_slow, skill=moving_skill, effect=_move, failed="Mobility"),
    _spec(Kind.ENGAGE, "close in on", FAST, _T, slow=moving_slow, skill=moving_skill, effect=_move, failed="engage"),
    _spec(
        Kind.CRAWL, "crawl to", SLOW, (Shape(zone=True), Shape(target=True)),  # to a zone; prone, to Engaged
        slow=always, effect=_move, failed="Mobility",
    ),
    _spec(Kind.DOOR, "go through the door to", FAST, _Z, slow=moving_slow, skill=moving_skill, effect=_move, failed="Mobility"),
    _spec(Kind.RETREAT, "retreat to", FAST, _Z, slow=moving_slow, skill=mobility_skill, effect=_retreat, failed="retreat"),
    _spec(Kind.GET_UP, "get up", FAST, _N, effect=_get_up, failed="get up"),
    _spec(Kind.DROP_PRONE, "drop prone", FREE, _N, instant=_drop_prone),
    _spec(Kind.DRAW, "draw", FAST, (Shape(span=Span.WEAPONS),), effect=_draw, words=describe.draw_words, failed="draw"),
    _spec(
        Kind.AIM, "aim", FAST, (Shape(options=(-1, 1)),),  # 1 = through a telescopic sight (slow)
        slow=option_one_slow, effect=_aim, words=describe.aim_words, failed="aim",
    ),
    _spec(
        Kind.TAKE_COVER, "take cover behind", FAST, (Shape(span=Span.COVERS),),
        skill=cover_skill, effect=_take_cover, words=describe.cover_words, failed="Mobility",
    ),
    _spec(Kind.CLOSE_ATTACK, "attack", SLOW, _T, slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=_close),
    _spec(
        Kind.DISARM, "disarm", SLOW, (Shape(target=True, options=(-1, 1)),),  # 1 = throw it away (ACTN-CLOSE-03)
        slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=_close, words=describe.disarm_words,
    ),
    _spec(Kind.TRIP, "trip", SLOW, _T, slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=_close),
    _spec(Kind.SHOVE, "shove", SLOW, _T, slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=_close),
    _spec(Kind.GRAPPLE, "grapple", SLOW, _T, slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=_close),
    _spec(
        Kind.GRAPPLE_ATTACK, "strike the held", FAST, _T,
        skill=melee_skill, dice=rolling.melee_dice, effect=_close, failed="grapple attack",
    ),
    _spec(Kind.LET_GO, "let go", FREE, _T, instant=_let_go),
    _spec(Kind.BREAK_FREE, "break free", SLOW, _T, slow=always, skill=melee_skill, effect=_break_free, failed="break-free"),
    _spec(
        Kind.DIVING_BLOW, "make a diving blow at", Timing.WHOLE_TURN, _T,
        skill=melee_skill, dice=rolling.diving_blow_dice, effect=_close,
    ),
    _spec(
        Kind.SHOOT, "shoot at", SLOW, (Shape(target=True, span=Span.SHOTS),),  # 1.. = full auto / ammo dice
        slow=always, skill=weapon_skill, dice=rolling.shot_dice, effect=_shoot, words=describe.shot_words,
    ),
    _spec(
        Kind.RELOAD, "reload", SLOW, (Shape(options=(0, 1)),),  # 0 = fast readying, 1 = slow reload
        slow=option_one_slow, effect=_reload, failed="reload",
    ),
    _spec(Kind.OVERWATCH, "go on overwatch over", FAST, _Z, effect=_overwatch, failed="overwatch"),
    _spec(
        Kind.FIRST_AID, "give first aid to", SLOW, (Shape(target=True, options=(0, 1)),),  # 1 = stabilise
        slow=always, skill=healing_skill, dice=rolling.first_aid_dice, effect=_first_aid, words=describe.aid_words, failed="",
    ),
    _spec(Kind.PERSUADE, "persuade", SLOW, _T, slow=always, skill=persuasion_skill, effect=_persuade, failed=""),
    _spec(
        Kind.EXTINGUISH, "put out the fire on", SLOW, _T,
        slow=always, skill=mobility_skill, dice=rolling.extinguish_dice, effect=_extinguish, failed="Mobility",
    ),
    _spec(
        Kind.FORCE_DOOR, "force the door to", SLOW, _Z,
        slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=_force_door, failed="",
    ),
    _spec(Kind.PEEK, "peek through the door to", FAST, _Z, effect=_peek, failed="peek"),
    _spec(
        Kind.USE_ITEM, "use", FAST, (Shape(target=True, span=Span.ITEMS), Shape(span=Span.ITEMS)),
        effect=_use_item, words=describe.item_words, failed="use item",
    ),
    _spec(Kind.FLEE, "flee the fight", FAST, _N, effect=_flee, failed="flee"),
    _spec(
        Kind.CHOOSE_CARD, "take initiative card", DECISION, (Shape(span=Span.CARDS),),
        instant=_choose_card, words=describe.card_words,
    ),
    _spec(Kind.BLOCK, "block", DECISION, _N, instant=_block),
    _spec(Kind.HELP, "help", DECISION, _N, instant=_help),
    _spec(Kind.PUSH, "push the roll", DECISION, _N, instant=_push),
    _spec(Kind.OVERWATCH_FIRE, "fire from overwatch at", DECISION, _T, instant=_overwatch_fire),
    _spec(Kind.DECLINE, "pass", DECISION, _N, instant=_decline),
    # vehicles and mounts (vehicles/actions.py, mounts/riding.py)
    _spec(
        Kind.ENTER_VEHICLE, "get into", FAST, (Shape(span=Span.SEATS),),
        slow=vehicle.enter_slow, effect=vehicle.enter_vehicle, words=vehicle_narrate.enter_words,
    ),
    _spec(Kind.EXIT_VEHICLE, "get out of the vehicle", FAST, _N, slow=vehicle.exit_slow, effect=vehicle.exit_vehicle),
    _spec(Kind.START_ENGINE, "start the engine", FAST, _N, effect=vehicle.start_engine_effect),
    _spec(Kind.GRAB_WHEEL, "grab the wheel", FAST, _N, effect=vehicle.grab_wheel),
    _spec(Kind.DRIVE, "drive", FAST, _ZONE_OR_AIR, effect=vehicle.drive, words=vehicle_narrate.drive_words),
    _spec(
        Kind.MANEUVER, "maneuver", FAST, _ZONE_OR_AIR,
        skill=mobility_skill, dice=vehicle.maneuver_dice, effect=vehicle.drive, words=vehicle_narrate.drive_words,
    ),
    _spec(
        Kind.RAM, "ram", SLOW, (Shape(target=True), Shape(span=Span.VEHICLES)),  # a person; or a vehicle
        slow=always, skill=mobility_skill, dice=vehicle.ram_dice, effect=vehicle.ram_effect, words=vehicle_narrate.vehicle_words,
    ),
    _spec(
        Kind.SHOOT_VEHICLE, "shoot at", SLOW,
        (Shape(span=Span.VEHICLES), Shape(zone=True, fire=True, span=Span.VEHICLES, appended=0)),  # AUTO-01/03
        slow=always, skill=weapon_skill, dice=vehicle.shoot_vehicle_dice, effect=_shoot_vehicle,
        words=vehicle_narrate.shoot_vehicle_words,
    ),
    _spec(
        Kind.MAN_WEAPON, "man the", FAST, (Shape(span=Span.WEAPONS),),
        effect=vehicle.man_weapon_effect, words=vehicle_narrate.man_weapon_words,
    ),
    _spec(Kind.RIDE, "ride hard to", FAST, _Z, skill=mobility_skill, effect=riding.ride),
    _spec(
        Kind.ATTACK_MOUNT, "attack the mount of", SLOW, _T,  # resolved as CLOSE_ATTACK at the mount (MOUNT-08)
        slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=_close,
    ),
    _spec(
        Kind.SHOOT_MOUNT, "shoot at the mount of", SLOW,  # resolved as SHOOT at the mount (MOUNT-11)
        (Shape(target=True), Shape(target=True, span=Span.AMMO_DICE, appended=1)),
        slow=always, skill=weapon_skill, dice=rolling.shot_dice, effect=_shoot, words=describe.shot_words,
    ),
    _spec(
        Kind.ATTACK_VEHICLE, "attack", SLOW, (Shape(span=Span.VEHICLES),),
        slow=always, skill=melee_skill, dice=vehicle.attack_vehicle_dice, effect=vehicle.attack_vehicle,
        words=vehicle_narrate.vehicle_words,
    ),
    _spec(
        Kind.DISMOUNT, "dismount", FAST, _N, slow=riding.mount_slow, effect=riding.dismount, words=riding.dismount_words
    ),
    _spec(
        Kind.REMOUNT, "get on the mount of", FAST, _T,  # the rider: the actor (own mount) or a fallen ally
        slow=riding.mount_slow, effect=riding.remount, words=riding.remount_words,
    ),
    # frames the rules open by themselves, never chosen
    _spec(Kind.STRESS_ROLL, "roll Insight against stress", Timing.FRAME, (), skill=insight_skill, effect=_stress),
    # decisions appended after the frames (one index appended after every block: no older index moves)
    _spec(Kind.PRIDE, "use your pride", DECISION, (Shape(appended=2),), instant=_pride, offer=pride_offer),
    # hazards (hazards/fight.py), appended after PRIDE's index: no older index moves
    _spec(
        Kind.RESCUE, "rescue", SLOW, (Shape(target=True, appended=3),),
        slow=hazards.rescue_slow, effect=hazards.rescue_effect, offer=hazards.rescue_offer,
    ),
    _spec(
        Kind.ANTIDOTE, "give an antidote to", FAST, (Shape(target=True, appended=4),),
        slow=hazards.antidote_slow, effect=hazards.antidote_effect, offer=hazards.antidote_offer,
    ),
)
if len(SPECS) != len(Kind) or any(spec.kind != kind for spec, kind in zip(SPECS, Kind, strict=True)):
    raise ImportError("resolution/effects.py: SPECS must hold one spec per Kind, in Kind order")
TURN_OFFERS: Final = tuple(s.offer for s in SPECS if s.offer is not None and s.timing != Timing.DECISION)
DECISION_OFFERS: Final = tuple(s.offer for s in SPECS if s.offer is not None and s.timing == Timing.DECISION)
