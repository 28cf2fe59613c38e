"""Every action kind's spec (`SPECS`, one `ActionSpec` per `Kind`, in `Kind` order); `resolve` and
`after` carry out a frame through its kind's spec. The zone-fight kinds' effects are in
py, their free actions and decisions in instants.py, their turn offers in
zone/offers.py (vehicles/offers.py, mounts/riding.py for theirs); a kind added since keeps its
effect (or instant) and offer hook here, beside its spec, as GET_UP shows."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards import fight as hazards
from yz_gym.rulesets.yze.mounts import riding
from yz_gym.rulesets.yze.resolution import instants, rolling
from yz_gym.rulesets.yze.resolution.pride import claim_pride, pride_offer
from yz_gym.rulesets.yze.resolution.rolling import break_tie, net_successes, pay_for_push
from yz_gym.rulesets.yze.resolution.stages import F_DEATH, F_MISSED, OPPOSED
from yz_gym.rulesets.yze.resolution.zone_effects import (
    aim_effect,
    break_free_effect,
    close_attack_effect,
    draw_effect,
    extinguish_effect,
    first_aid_effect,
    flee_effect,
    force_door_effect,
    move_effect,
    overwatch_effect,
    peek_effect,
    persuade_effect,
    reload_effect,
    retreat_effect,
    shoot_effect,
    shoot_vehicle_effect,
    stress_effect,
    take_cover_effect,
    use_item_effect,
)
from yz_gym.rulesets.yze.rolls import push_roll, roll_data
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.vehicles import actions as vehicle
from yz_gym.rulesets.yze.vehicles import narrate as vehicle_narrate
from yz_gym.rulesets.yze.vehicles import offers as vehicle_offers
from yz_gym.rulesets.yze.zone import describe, offers
from yz_gym.rulesets.yze.zone.actions import CLIMB, DESCEND, KIND_NAMES, Action, Kind, action
from yz_gym.rulesets.yze.zone.listing import (
    ABOARD,
    ACTING,
    AFOOT,
    AIDS,
    BURNING,
    CLOSE,
    COVER,
    DOORS,
    ENGAGED,
    EXIT,
    FAST_LEFT,
    FRESH,
    GRAPPLED,
    GRAPPLING,
    HAZARDS,
    ITEMS,
    LOOSE,
    MOUNTED,
    PRONE,
    RANGED,
    RIDERS,
    RIDING,
    SHOOTER,
    SLOW_LEFT,
    SLOW_READY,
    SPARE,
    SPENT,
    STANDING,
    SWAPS,
    UNARMED,
    UNENGAGED,
    UNREADY,
    VEHICLES,
    Listing,
)
from yz_gym.rulesets.yze.zone.movement import (
    retreat,
)
from yz_gym.rulesets.yze.zone.spec import (
    LAST,
    ActionSpec,
    Asked,
    Dice,
    Effect,
    Events,
    Instant,
    Offer,
    Over,
    Rng,
    Shape,
    Skill,
    Slow,
    Span,
    Timing,
    TurnHook,
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


# --- GET_UP, the example of docs/architecture.md: its effect and its offer hook, beside its spec ---------


def _get_up(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """ACT-FAST-GETUP: up from prone."""
    actor.prone = False
    events.append(Event("got_up", actor.id))


def _get_up_offer(ctx: Listing, i: int) -> None:
    """ACT-FAST-GETUP (needs AFOOT, PRONE)."""
    if not ctx.grappled:
        ctx.out.append(action(Kind.GET_UP))


# --- decisions that ask the spec of the frame's kind (ActionSpec.instant; the others: instants.py) ----


def _push(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """PUSH-04..07, 16: the roller pushes."""
    assert frame is not None and frame.roll is not None
    frame.roll = push_roll(state, state.combatants[frame.actor], frame.roll, rng)
    events.append(Event("push", frame.actor, -1, {**roll_data(frame.roll), "skill": action_skill(state, frame)}))


def _pride(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """DICE-13: the roller claims its Pride's one automatic success (resolution/pride.py)."""
    assert frame is not None
    claim_pride(frame, c, "Stamina" if frame.flags & F_DEATH else action_skill(state, frame), events)


# --- the table --------------------------------------------------------------------------------------

_N: Final = (Shape(),)
_T: Final = (Shape(target=True),)
_Z: Final = (Shape(zone=True),)
_ZONE_OR_AIR: Final = (Shape(zone=True), Shape(options=(CLIMB, DESCEND)))  # VEH-AIR-03


def _spec(
    kind: Kind, label: str, timing: Timing, forms: tuple[Shape, ...], *, slow: Slow = never,
    skill: Skill = no_roll, dice: Dice = rolling.plain_dice, effect: Effect | None = None,
    instant: Instant | None = None, offer: tuple[Offer, ...] = (), asked: Asked | None = None,
    words: Words = no_words, failed: str | None = None,
) -> ActionSpec:  # fmt: skip
    """A spec, with the defaults most kinds share: fast-or-free cost, no roll, no extra words."""
    return ActionSpec(kind, label, timing, slow, skill, dice, effect, instant, offer, asked, forms, words, failed)


def _on(over: Over, rank: int, hook: TurnHook, needs: int = 0) -> tuple[Offer, ...]:
    """One turn offer: `hook` asked about `over`, at `rank` in the listing, when it has `needs`."""
    return (Offer(over, hook, rank, needs),)


def _rescue_offer(ctx: Listing, i: int) -> None:
    """AMB-05, HAZ-DROWN-05 (hazards/fight.py)."""
    ctx.out += hazards.rescue_offer(ctx.state, ctx.c, None)


def _antidote_offer(ctx: Listing, i: int) -> None:
    """HAZ-POISON-04 (hazards/fight.py)."""
    ctx.out += hazards.antidote_offer(ctx.state, ctx.c, None)


FREE, FAST, SLOW, DECISION = Timing.FREE, Timing.FAST, Timing.SLOW, Timing.DECISION
ACTOR, NEIGHBOUR, ENEMY, FOE, ALLY = Over.ACTOR, Over.NEIGHBOUR, Over.ENEMY, Over.FOE, Over.ALLY
VEHICLE, WAY = Over.VEHICLE, Over.WAY
SPECS: Final[tuple[ActionSpec, ...]] = (
    _spec(
        Kind.END_TURN, "end turn", FREE, _N, instant=instants.end_turn_now,
        offer=_on(ACTOR, 1, offers.end_turn_offer),
    ),
    _spec(
        Kind.SWAP_INITIATIVE, "swap initiative with", FREE, _T, instant=instants.swap,
        offer=_on(ACTOR, 2, offers.swap_offer, SWAPS),
    ),  # INIT-SWAP-01..04
    _spec(
        Kind.RUN, "run to", FAST, _Z, slow=moving_slow, skill=moving_skill, effect=move_effect,
        failed="Mobility",
        offer=_on(NEIGHBOUR, 10, offers.run_offer, AFOOT | UNENGAGED | STANDING),
    ),
    _spec(
        Kind.ENGAGE, "close in on", FAST, _T, slow=moving_slow, skill=moving_skill, effect=move_effect,
        failed="engage",
        offer=_on(ACTOR, 21, offers.engage_offer, AFOOT | UNENGAGED | STANDING),
    ),
    _spec(
        Kind.CRAWL, "crawl to", SLOW, (Shape(zone=True), Shape(target=True)),  # to a zone; prone, to Engaged
        slow=always, effect=move_effect, failed="Mobility",
        offer=(
            Offer(NEIGHBOUR, offers.crawl_offer, 11, AFOOT | UNENGAGED | PRONE),
            Offer(ACTOR, offers.crawl_to_offer, 22, AFOOT | UNENGAGED | PRONE),
        ),
    ),
    _spec(
        Kind.DOOR, "go through the door to", FAST, _Z, slow=moving_slow, skill=moving_skill,
        effect=move_effect, failed="Mobility",
        offer=_on(NEIGHBOUR, 12, offers.door_offer, AFOOT | UNENGAGED | STANDING | DOORS),
    ),
    _spec(
        Kind.RETREAT, "retreat to", FAST, _Z, slow=moving_slow, skill=mobility_skill, effect=retreat_effect,
        failed="retreat",
        offer=(Offer(NEIGHBOUR, offers.retreat_offer, 13, AFOOT | ENGAGED),
        Offer(ACTOR, offers.retreat_here_offer, 20, AFOOT | ENGAGED)),
    ),
    _spec(
        Kind.GET_UP, "get up", FAST, _N, effect=_get_up, failed="get up",
        offer=_on(ACTOR, 25, _get_up_offer, AFOOT | PRONE),
    ),
    _spec(
        Kind.DROP_PRONE, "drop prone", FREE, _N, instant=instants.drop_prone,
        offer=_on(ACTOR, 4, offers.drop_prone_offer, STANDING),
    ),
    _spec(
        Kind.DRAW, "draw", FAST, (Shape(span=Span.WEAPONS),), effect=draw_effect, words=describe.draw_words,
        failed="draw",
        offer=_on(ACTOR, 26, offers.draw_offer, ACTING | SPARE),
    ),
    _spec(
        Kind.AIM, "aim", FAST, (Shape(options=(-1, 1)),),  # 1 = through a telescopic sight (slow)
        slow=option_one_slow, effect=aim_effect, words=describe.aim_words, failed="aim",
        offer=_on(ACTOR, 28, offers.aim_offer, ACTING | RANGED),
    ),
    _spec(
        Kind.TAKE_COVER, "take cover behind", FAST, (Shape(span=Span.COVERS),),
        skill=cover_skill, effect=take_cover_effect, words=describe.cover_words, failed="Mobility",
        offer=_on(ACTOR, 31, offers.take_cover_offer, AFOOT | COVER),
    ),
    _spec(
        Kind.CLOSE_ATTACK, "attack", SLOW, _T, slow=always, skill=melee_skill, dice=rolling.melee_dice,
        effect=close_attack_effect,
        offer=_on(FOE, 40, offers.close_attack_offer, CLOSE),
    ),
    _spec(
        Kind.DISARM, "disarm", SLOW, (Shape(target=True, options=(-1, 1)),),  # 1 = throw it away (ACTN-CLOSE-03)
        slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=close_attack_effect,
        words=describe.disarm_words,
        offer=_on(ENEMY, 41, offers.disarm_offer, UNARMED),
    ),
    _spec(
        Kind.TRIP, "trip", SLOW, _T, slow=always, skill=melee_skill, dice=rolling.melee_dice,
        effect=close_attack_effect,
        offer=_on(ENEMY, 42, offers.trip_offer, UNARMED),
    ),
    _spec(
        Kind.SHOVE, "shove", SLOW, _T, slow=always, skill=melee_skill, dice=rolling.melee_dice,
        effect=close_attack_effect,
        offer=_on(ENEMY, 43, offers.shove_offer, UNARMED),
    ),
    _spec(
        Kind.GRAPPLE, "grapple", SLOW, _T, slow=always, skill=melee_skill, dice=rolling.melee_dice,
        effect=close_attack_effect,
        offer=_on(ENEMY, 44, offers.grapple_offer, UNARMED),
    ),
    _spec(
        Kind.GRAPPLE_ATTACK, "strike the held", FAST, _T,
        skill=melee_skill, dice=rolling.melee_dice, effect=close_attack_effect, failed="grapple attack",
        offer=_on(ACTOR, 5, offers.grapple_attack_offer, FAST_LEFT | GRAPPLING),
    ),
    _spec(
        Kind.LET_GO, "let go", FREE, _T, instant=instants.let_go,
        offer=_on(ACTOR, 3, offers.let_go_offer, GRAPPLING),
    ),
    _spec(
        Kind.BREAK_FREE, "break free", SLOW, _T, slow=always, skill=melee_skill, effect=break_free_effect,
        failed="break-free",
        offer=_on(ACTOR, 32, offers.break_free_offer, AFOOT | SLOW_LEFT | GRAPPLED),
    ),
    _spec(
        Kind.DIVING_BLOW, "make a diving blow at", Timing.WHOLE_TURN, _T,
        skill=melee_skill, dice=rolling.diving_blow_dice, effect=close_attack_effect,
        offer=_on(ACTOR, 53, offers.diving_blow_offer, AFOOT | UNENGAGED | FRESH),
    ),
    _spec(
        Kind.SHOOT, "shoot at", SLOW, (Shape(target=True, span=Span.SHOTS),),  # 1.. = full auto / ammo dice
        slow=always, skill=weapon_skill, dice=rolling.shot_dice, effect=shoot_effect,
        words=describe.shot_words,
        offer=_on(ENEMY, 45, offers.shoot_offer, SHOOTER),
    ),
    _spec(
        Kind.RELOAD, "reload", SLOW, (Shape(options=(0, 1)),),  # 0 = fast readying, 1 = slow reload
        slow=option_one_slow, effect=reload_effect, failed="reload",
        offer=(
            Offer(ACTOR, offers.ready_offer, 27, ACTING | UNREADY),
            Offer(ACTOR, offers.reload_offer, 51, SLOW_READY | SPENT),
        ),
    ),
    _spec(
        Kind.OVERWATCH, "go on overwatch over", FAST, _Z, effect=overwatch_effect, failed="overwatch",
        offer=_on(ACTOR, 29, offers.overwatch_offer, UNENGAGED | RANGED),
    ),
    _spec(
        Kind.FIRST_AID, "give first aid to", SLOW, (Shape(target=True, options=(0, 1)),),  # 1 = stabilise
        slow=always, skill=healing_skill, dice=rolling.first_aid_dice, effect=first_aid_effect,
        words=describe.aid_words, failed="",
        offer=(
            Offer(FOE, offers.first_aid_offer, 46, AIDS | CLOSE),
            Offer(ALLY, offers.first_aid_offer, 47, AIDS),
        ),
    ),
    _spec(
        Kind.PERSUADE, "persuade", SLOW, _T, slow=always, skill=persuasion_skill, effect=persuade_effect,
        failed="",
        offer=_on(ENEMY, 48, offers.persuade_offer, SLOW_READY),
    ),
    _spec(
        Kind.EXTINGUISH, "put out the fire on", SLOW, _T,
        slow=always, skill=mobility_skill, dice=rolling.extinguish_dice, effect=extinguish_effect,
        failed="Mobility",
        offer=(
            Offer(ALLY, offers.extinguish_offer, 49, AIDS),
            Offer(ACTOR, offers.extinguish_self_offer, 50, SLOW_READY | BURNING),
        ),
    ),
    _spec(
        Kind.FORCE_DOOR, "force the door to", SLOW, _Z,
        slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=force_door_effect, failed="",
        offer=_on(ACTOR, 52, offers.force_door_offer, SLOW_READY | AFOOT | DOORS),
    ),
    _spec(
        Kind.PEEK, "peek through the door to", FAST, _Z, effect=peek_effect, failed="peek",
        offer=_on(ACTOR, 23, offers.peek_offer, AFOOT | UNENGAGED | STANDING | DOORS),
    ),
    _spec(
        Kind.USE_ITEM, "use", FAST, (Shape(target=True, span=Span.ITEMS), Shape(span=Span.ITEMS)),
        effect=use_item_effect, words=describe.item_words, failed="use item",
        offer=_on(ACTOR, 30, offers.use_item_offer, ACTING | ITEMS),
    ),
    _spec(
        Kind.FLEE, "flee the fight", FAST, _N, effect=flee_effect, failed="flee",
        offer=_on(ACTOR, 24, offers.flee_offer, AFOOT | UNENGAGED | STANDING | EXIT),
    ),
    _spec(
        Kind.CHOOSE_CARD, "take initiative card", DECISION, (Shape(span=Span.CARDS),),
        instant=instants.choose_card, words=describe.card_words,
    ),
    _spec(Kind.BLOCK, "block", DECISION, _N, instant=instants.block),
    _spec(Kind.HELP, "help", DECISION, _N, instant=instants.give_help),
    _spec(Kind.PUSH, "push the roll", DECISION, _N, instant=_push),
    _spec(Kind.OVERWATCH_FIRE, "fire from overwatch at", DECISION, _T, instant=instants.fire_from_overwatch),
    _spec(Kind.DECLINE, "pass", DECISION, _N, instant=instants.decline),
    # vehicles and mounts (vehicles/actions.py, mounts/riding.py)
    _spec(
        Kind.ENTER_VEHICLE, "get into", FAST, (Shape(span=Span.SEATS),),
        slow=vehicle.enter_slow, effect=vehicle.enter_vehicle, words=vehicle_narrate.enter_words,
        offer=_on(VEHICLE, 62, vehicle_offers.enter_offer, VEHICLES | FAST_LEFT | STANDING),
    ),
    _spec(
        Kind.EXIT_VEHICLE, "get out of the vehicle", FAST, _N, slow=vehicle.exit_slow,
        effect=vehicle.exit_vehicle,
        offer=_on(ACTOR, 54, vehicle_offers.exit_offer, ABOARD),
    ),
    _spec(
        Kind.START_ENGINE, "start the engine", FAST, _N, effect=vehicle.start_engine_effect,
        offer=_on(ACTOR, 63, vehicle_offers.start_engine_offer, ABOARD | FAST_LEFT),
    ),
    _spec(
        Kind.GRAB_WHEEL, "grab the wheel", FAST, _N, effect=vehicle.grab_wheel,
        offer=_on(ACTOR, 55, vehicle_offers.grab_wheel_offer, ABOARD | FAST_LEFT),
    ),
    _spec(
        Kind.DRIVE, "drive", FAST, _ZONE_OR_AIR, effect=vehicle.drive, words=vehicle_narrate.drive_words,
        offer=_on(WAY, 64, vehicle_offers.drive_offer, ABOARD | FAST_LEFT),
    ),
    _spec(
        Kind.MANEUVER, "maneuver", FAST, _ZONE_OR_AIR,
        skill=mobility_skill, dice=vehicle.maneuver_dice, effect=vehicle.drive,
        words=vehicle_narrate.drive_words,
        offer=_on(WAY, 65, vehicle_offers.maneuver_offer, ABOARD | FAST_LEFT),
    ),
    _spec(
        Kind.RAM, "ram", SLOW, (Shape(target=True), Shape(span=Span.VEHICLES)),  # a person; or a vehicle
        slow=always, skill=mobility_skill, dice=vehicle.ram_dice, effect=vehicle.ram_effect,
        words=vehicle_narrate.vehicle_words,
        offer=_on(ACTOR, 66, vehicle_offers.ram_offer, ABOARD | SLOW_LEFT),
    ),
    _spec(
        Kind.SHOOT_VEHICLE, "shoot at", SLOW,
        (Shape(span=Span.VEHICLES), Shape(zone=True, fire=True, span=Span.VEHICLES, appended=0)),  # AUTO-01/03
        slow=always, skill=weapon_skill, dice=vehicle.shoot_vehicle_dice, effect=shoot_vehicle_effect,
        words=vehicle_narrate.shoot_vehicle_words,
        offer=_on(VEHICLE, 60, vehicle_offers.shoot_vehicle_offer, VEHICLES | SLOW_LEFT),
    ),
    _spec(
        Kind.MAN_WEAPON, "man the", FAST, (Shape(span=Span.WEAPONS),),
        effect=vehicle.man_weapon_effect, words=vehicle_narrate.man_weapon_words,
        offer=_on(ACTOR, 56, vehicle_offers.man_weapon_offer, ABOARD | FAST_LEFT),
    ),
    _spec(
        Kind.RIDE, "ride hard to", FAST, _Z, skill=mobility_skill, effect=riding.ride,
        offer=_on(ACTOR, 67, riding.ride_offer, RIDING | ACTING),
    ),
    _spec(
        Kind.ATTACK_MOUNT, "attack the mount of", SLOW, _T,  # resolved as CLOSE_ATTACK at the mount (MOUNT-08)
        slow=always, skill=melee_skill, dice=rolling.melee_dice, effect=close_attack_effect,
        offer=(
            Offer(FOE, riding.attack_ridden_offer, 70, RIDERS | CLOSE),
            Offer(ENEMY, riding.attack_riderless_offer, 74, LOOSE | SLOW_LEFT),
        ),
    ),
    _spec(
        Kind.SHOOT_MOUNT, "shoot at the mount of", SLOW,  # resolved as SHOOT at the mount (MOUNT-11)
        (Shape(target=True), Shape(target=True, span=Span.AMMO_DICE, appended=1)),
        slow=always, skill=weapon_skill, dice=rolling.shot_dice, effect=shoot_effect,
        words=describe.shot_words,
        offer=(
            Offer(ENEMY, riding.shoot_ridden_offer, 71, RIDERS | SHOOTER),
            Offer(ENEMY, riding.shoot_riderless_offer, 75, LOOSE | SLOW_LEFT),
        ),
    ),
    _spec(
        Kind.ATTACK_VEHICLE, "attack", SLOW, (Shape(span=Span.VEHICLES),),
        slow=always, skill=melee_skill, dice=vehicle.attack_vehicle_dice, effect=vehicle.attack_vehicle,
        words=vehicle_narrate.vehicle_words,
        offer=_on(VEHICLE, 61, vehicle_offers.attack_vehicle_offer, VEHICLES | SLOW_LEFT),
    ),
    _spec(
        Kind.DISMOUNT, "dismount", FAST, _N, slow=riding.mount_slow, effect=riding.dismount,
        words=riding.dismount_words,
        offer=_on(ACTOR, 72, riding.dismount_offer, MOUNTED | FAST_LEFT),
    ),
    _spec(
        Kind.REMOUNT, "get on the mount of", FAST, _T,  # the rider: the actor (own mount) or a fallen ally
        slow=riding.mount_slow, effect=riding.remount, words=riding.remount_words,
        offer=_on(ACTOR, 73, riding.remount_offer, MOUNTED | FAST_LEFT),
    ),
    # frames the rules open by themselves, never chosen
    _spec(Kind.STRESS_ROLL, "roll Insight against stress", Timing.FRAME, (), skill=insight_skill, effect=stress_effect),
    # decisions appended after the frames (one index appended after every block: no older index moves)
    _spec(Kind.PRIDE, "use your pride", DECISION, (Shape(appended=2),), instant=_pride, asked=pride_offer),
    # hazards (hazards/fight.py), appended after PRIDE's index: no older index moves
    _spec(
        Kind.RESCUE, "rescue", SLOW, (Shape(target=True, appended=3),),
        slow=hazards.rescue_slow, effect=hazards.rescue_effect,
        offer=_on(ACTOR, LAST, _rescue_offer, HAZARDS),
    ),
    _spec(
        Kind.ANTIDOTE, "give an antidote to", FAST, (Shape(target=True, appended=4),),
        slow=hazards.antidote_slow, effect=hazards.antidote_effect,
        offer=_on(ACTOR, LAST, _antidote_offer, HAZARDS),
    ),
)
if len(SPECS) != len(Kind) or any(spec.kind != kind for spec, kind in zip(SPECS, Kind, strict=True)):
    raise ImportError("resolution/effects.py: SPECS must hold one spec per Kind, in Kind order")
DECISION_OFFERS: Final = tuple(s.asked for s in SPECS if s.asked is not None)
