"""Resolving a declared action step by step: overwatch, help, block, roll, push, effect.

Each step that needs someone's decision waits on the stack of frames (ACT-REACT-01). The
decisions, and the actions `decision_actions` offers for them:

- overwatch (ACTN-OVERWATCH-01..03): OVERWATCH_FIRE(target), or DECLINE. "At any moment" is
  modelled as: every action an enemy declares in (or into) the watched zone is a moment to fire,
  at that enemy or at any other enemy in the watched zone you can hit; the shot resolves before
  the declared action. An overwatcher who is shot at by an enemy overwatcher it watches may fire
  back: an opposed Marksmanship roll (no action; ties rolled again, OPP-03) says who shoots
  first. Overwatch lasts through the trigger window of your own declared action, and ends when
  that action goes ahead (ACTN-OVERWATCH-04).
- help (ACT-HELP-01..03), block (ACTN-BLOCK-01..03), push (PUSH-04): HELP / BLOCK / PUSH or
  DECLINE. The target decides on a block before the attacker rolls.
- A burst or ammo dice may open at a person (SHOOT), a mount (SHOOT_MOUNT, option as SHOOT's)
  or a vehicle (SHOOT_VEHICLE, option = the vehicle, zone = SHOOT's option); each shot rolls and
  lands as the single shot at that target does, and the rest goes on as below.
- full_auto (AUTO-01): after a hit of a basic burst, SHOOT(target, option=1) at the same or
  another target for the next shot (three at most), SHOOT_MOUNT(rider) or
  SHOOT_VEHICLE(option=vehicle) to fire it at a mount or a vehicle (auto_targets.py), or
  DECLINE to stop.
- ammo (AUTO-05, `full_auto: ammo_dice`): for each 6 on the ammo dice of a hit, SHOOT(target)
  = an extra hit at base damage on the main target (a person, a mount or a vehicle: the same
  action as for a mount or vehicle below) or another enemy in its zone (SHOOT_MOUNT /
  SHOOT_VEHICLE: on a mount or a vehicle there, auto_targets.py), or DECLINE = +1 damage on the
  latest hit (the main hit first).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.rules import dice
from yz_gym.rules.actions import (
    AT_MOUNT,
    CLOSE_KINDS,
    DECISION_KINDS,
    FIRST_EXTENSION,
    KIND_NAMES,
    MOVE_KINDS,
    UNARMED_SPECIALS,
    Action,
    Kind,
    is_slow,
)
from yz_gym.rules.attacks import (
    BLANKET_MODIFIER,
    DIVING_BLOW,
    MEDKIT_GEAR,
    UNARMED,
    artifact_die,
    block_gear,
    burst_targets,
    can_block,
    can_shoot,
    close_modifier,
    close_weapon,
    extra_hit_targets,
    held_weapon,
    range_between,
    ranged_modifier,
    shot_skill,
    spend_ammo,
    use_item,
)
from yz_gym.rules.auto_targets import burst_extras, extra_hit_extras, zone_people
from yz_gym.rules.damage import attack_crit, first_aid, protect, take_damage
from yz_gym.rules.dice import NO_MODIFIERS
from yz_gym.rules.events import Event, roll_data
from yz_gym.rules.gear import supply_roll
from yz_gym.rules.mounts import (
    mount_push,
    mount_zone,
    riderless,
    riderless_band,
    riderless_close_modifier,
    riderless_shot_modifier,
)
from yz_gym.rules.movement import (
    disengage,
    engage,
    engaged_enemies,
    move,
    move_skill,
    moving_is_slow,
    peek_through,
    retreat,
)
from yz_gym.rules.pushing import after_roll
from yz_gym.rules.rolls import entry_of, push_roll, skill_pool
from yz_gym.rules.state import Combatant, Frame, GameState, WeaponState
from yz_gym.rules.tables import Weapon
from yz_gym.rules.vehicle_actions import (
    extension_effect,
    extension_pool,
    frame_skill,
    is_slow_action,
    shot_hits_vehicle,
    wound,
)
from yz_gym.rules.vehicle_seats import altitude
from yz_gym.rules.zones import DoorState, Range

S_OVERWATCH: Final = 0
S_HELP: Final = 1
S_BLOCK: Final = 2
S_ROLL: Final = 3
S_PUSH: Final = 4
S_RESOLVE: Final = 5
S_AFTER: Final = 6
S_FOLLOW: Final = 7  # AUTO-01: the shooter picks the next target of a burst
S_AMMO: Final = 8  # AUTO-05: the shooter spends the sixes of the ammo dice
DECISION_STAGES: Final = frozenset({S_OVERWATCH, S_HELP, S_BLOCK, S_PUSH, S_FOLLOW, S_AMMO})
STAGE_NAMES: Final = ("overwatch", "help", "block", "roll", "push", "resolve", "after", "full_auto", "ammo")

F_FREE: Final = 1  # ACTN-RETREAT-02: a free attack: no action spent, cannot be blocked
F_OVERWATCH: Final = 2  # ACTN-OVERWATCH-01: a shot fired from overwatch
F_SNEAK: Final = 4  # SNEAK-04: +3, cannot be blocked
F_MISSED: Final = 8  # the roll failed (retreat: free attacks follow)
F_MOUNT: Final = 16  # MOUNT-08/11: the attack goes at the target's mount (ATTACK_MOUNT, SHOOT_MOUNT)
HIT_PERSON: Final = 0  # AUTO-05: what a Frame.hits entry [id, damage, what] hits
HIT_MOUNT: Final = 1
HIT_VEHICLE: Final = 2

HELPABLE: Final = CLOSE_KINDS | {
    Kind.FIRST_AID, Kind.PERSUADE, Kind.BREAK_FREE, Kind.FORCE_DOOR, Kind.EXTINGUISH,
}  # fmt: skip
BLOCKABLE: Final = CLOSE_KINDS  # ACTN-BLOCK-01; not grapple attacks (ACTN-GRAPPLE-01)
KEEPS_AIM: Final = frozenset({Kind.SHOOT, Kind.AIM, Kind.OVERWATCH_FIRE, Kind.SHOOT_VEHICLE, Kind.SHOOT_MOUNT})  # ACTN-AIM-02
# ACTN-RELOAD-02: after readying an arrow or stone you may only shoot or aim (watching for a
# target on overwatch counts as aiming)
KEEPS_READY: Final = frozenset(
    {Kind.SHOOT, Kind.AIM, Kind.OVERWATCH, Kind.OVERWATCH_FIRE, Kind.SHOOT_VEHICLE, Kind.SHOOT_MOUNT}
)
# ACTN-OVERWATCH-01: "at any moment": every action declared in a watched zone is a moment to fire
TRIGGERS_OVERWATCH: Final = frozenset(k for k in Kind if k not in DECISION_KINDS)
KEEPS_WATCH: Final = frozenset({Kind.OVERWATCH, Kind.OVERWATCH_FIRE})  # ACTN-OVERWATCH-04
# named sets of kinds (quicker than a tuple of enum members, which are slow to look up)
_INTO_ZONE: Final = frozenset(
    {Kind.RUN, Kind.CRAWL, Kind.DOOR, Kind.RETREAT, Kind.DRIVE, Kind.MANEUVER, Kind.RIDE}
)  # moves that may leave the zone: a watcher of the zone entered may fire (ACTN-OVERWATCH-01)
_MOVES: Final = frozenset({Kind.RUN, Kind.CRAWL, Kind.DOOR, Kind.ENGAGE})  # resolved by movement.move
_MOVE_ROLLS: Final = frozenset({Kind.RUN, Kind.DOOR, Kind.ENGAGE})  # moves that may need a roll (movement.move_skill)
_BARE_HANDED: Final = UNARMED_SPECIALS | {Kind.DIVING_BLOW, Kind.GRAPPLE_ATTACK, Kind.BREAK_FREE}
_SHOTS: Final = frozenset({Kind.SHOOT, Kind.OVERWATCH_FIRE})
_MELEE_ROLLS: Final = CLOSE_KINDS | {Kind.GRAPPLE_ATTACK, Kind.FORCE_DOOR}  # ATK-01: rolled with Melee and a close weapon
# option 1 is the slow form: aiming through a scope (ACTN-SHOOT-02), a full reload (ACTN-RELOAD-02:
# readying an arrow or stone is fast)
_SLOW_BY_OPTION: Final = frozenset({Kind.AIM, Kind.RELOAD})
_OPPOSED: Final = frozenset({Kind.PERSUADE, Kind.BREAK_FREE})  # the other side rolls against it (OPP-05)


def declare(
    state: GameState, c: Combatant, action: Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """ACT-02: the actor states the action and pays for it; resolution starts on the stack."""
    kind = action.kind
    slow = action_is_slow(state, c, action)
    if kind == Kind.DIVING_BLOW:
        c.spend(True)  # ACTN-DIVE-01: the move and the attack use the whole turn
        c.spend(False)
    else:
        c.spend(slow)
    _doing(state, c, kind)
    events.append(
        Event(
            "action",
            c.id,
            action.target,
            {"kind": KIND_NAMES[kind], "zone": action.zone, "option": action.option},
        )
    )
    frame = Frame(kind, c.id, action.target, action.zone, action.option, slow=slow)
    if kind in AT_MOUNT:  # MOUNT-08/11: a close attack or shot at the rider's mount
        frame.kind = AT_MOUNT[kind]
        frame.flags |= F_MOUNT
    if c.hidden and kind in CLOSE_KINDS | {Kind.SHOOT}:
        frame.flags |= F_SNEAK
    if kind in TRIGGERS_OVERWATCH:
        frame.asking = _overwatchers(state, c, action)
    state.stack.append(frame)


def _doing(state: GameState, c: Combatant, kind: Kind, keep_watch: bool = True) -> None:
    """What doing something else costs: aim (ACTN-AIM-02), a readied arrow or stone
    (ACTN-RELOAD-02) and, unless kept for the trigger window, overwatch (ACTN-OVERWATCH-04)."""
    if kind not in KEEPS_AIM:
        c.aiming = 0
    if kind not in KEEPS_READY:
        for carried in c.weapons:
            if state.setup.weapons[carried.name].reload_fast:
                carried.loaded = False  # ACTN-RELOAD-02: doing anything else means readying again
    if not keep_watch and kind not in KEEPS_WATCH:
        c.overwatch = -1  # ACTN-OVERWATCH-04: overwatch ends if you do anything else


def action_is_slow(state: GameState, c: Combatant, action: Action) -> bool:
    """Whether `action` costs `c` its slow action: slow kinds, moves made slow by lying prone or
    by injuries, aiming through a scope (ACTN-SHOOT-02), and the vehicle and mount actions as
    vehicle_actions.is_slow_action says (AMB-10)."""
    if action.kind >= FIRST_EXTENSION:
        return is_slow_action(state, c, action)
    if action.kind in _SLOW_BY_OPTION:
        return action.option == 1
    return is_slow(action.kind) or (action.kind in MOVE_KINDS and moving_is_slow(c))


def _overwatchers(state: GameState, c: Combatant, action: Action) -> list[int]:
    """ACTN-OVERWATCH-01/02: enemies watching the zone the actor is in or moves into."""
    here = c.zone
    into = action.zone if action.kind in _INTO_ZONE else here
    return [
        o.id
        for o in state.combatants
        if o.overwatch >= 0
        and (o.overwatch == here or o.overwatch == into)
        and o.side != c.side
        and _watch_targets(state, o, c)
    ]


def _watch_targets(state: GameState, o: Combatant, actor: Combatant) -> list[int]:
    """ACTN-OVERWATCH-01: a moment to fire, opened by `actor`: at it, or at any other enemy in
    the watched zone that can be hit."""
    result = [actor.id] if _can_watch_fire(state, o, actor) else []
    for other in state.combatants:
        if other.id != actor.id and other.zone == o.overwatch and _can_watch_fire(state, o, other):
            result.append(other.id)
    return result


def _can_watch_fire(state: GameState, o: Combatant, c: Combatant) -> bool:
    """ACTN-OVERWATCH-01/02: on overwatch with a ranged weapon, the slow action unused, and a
    shot at `c` possible (in range, line of fire, loaded: ATK-08, ACTN-SHOOT-01)."""
    if o.overwatch < 0 or o.side == c.side or o.out or c.out or not o.can_take(True):
        return False
    if o.held < 0 or not held_weapon(state, o).ranged:
        return False
    return can_shoot(state, o, c)


def _can_fire_back(state: GameState, target: Combatant, shooter: Combatant) -> bool:
    """ACTN-OVERWATCH-03: the target of an overwatch shot is itself watching the shooter."""
    return target.overwatch == shooter.zone and _can_watch_fire(state, target, shooter)


def _fires_first(
    state: GameState, a: Combatant, b: Combatant, rng: np.random.Generator, events: list[Event]
) -> Combatant:
    """ACTN-OVERWATCH-03: an opposed Marksmanship roll, no action; a tie is rolled again
    (OPP-03); after 20 ties the one who fired first keeps the lead."""
    for _ in range(20):
        roll_a = dice.roll(skill_pool(state, a, "Marksmanship"), rng)
        roll_b = dice.roll(skill_pool(state, b, "Marksmanship"), rng)
        for c, roll, other in ((a, roll_a, b), (b, roll_b, a)):
            events.append(
                Event("roll", c.id, other.id, {"skill": "Marksmanship", "purpose": "overwatch_duel", **roll_data(roll)})
            )
        if roll_a.successes != roll_b.successes:
            break
    first = a if roll_a.successes >= roll_b.successes else b
    events.append(Event("fires_first", first.id, (b if first is a else a).id))
    return first


def answer(
    state: GameState, frame: Frame, action: Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """Take one out-of-turn decision for the frame on top of the stack."""
    who = state.combatants[frame.asking.pop(0)]
    kind = action.kind
    if frame.stage == S_FOLLOW:
        _next_shot(state, frame, who, action, rng, events)
        return
    if frame.stage == S_AMMO:
        _spend_six(state, frame, who, action, events)
        return
    if kind == Kind.DECLINE:
        return
    if kind == Kind.OVERWATCH_FIRE:
        _overwatch_fire(state, frame, who, state.combatants[action.target], rng, events)
    elif kind == Kind.HELP:
        who.spend(frame.slow)  # ACT-HELP-01: an action of the same type
        _doing(state, who, kind, keep_watch=False)
        frame.helpers.append(who.id)
        events.append(Event("help", who.id, frame.actor))
    elif kind == Kind.BLOCK:
        who.spend(False)  # ACTN-BLOCK-03: each block uses one of your actions
        _doing(state, who, kind, keep_watch=False)
        frame.blocker = who.id
        events.append(Event("block", who.id, frame.actor))
    elif kind == Kind.PUSH:
        assert frame.roll is not None
        frame.roll = push_roll(state, state.combatants[frame.actor], frame.roll, rng)  # PUSH-04..07, 16
        events.append(
            Event("push", frame.actor, -1, {**roll_data(frame.roll), "skill": roll_skill(state, frame)})
        )


def advance(state: GameState, frame: Frame, rng: np.random.Generator, events: list[Event]) -> None:
    """Move the frame on through the steps that need no decision: until someone is to be asked,
    another frame comes on top (a free attack), or the frame is done."""
    actor = state.combatants[frame.actor]
    stack = state.stack
    while True:
        stage = frame.stage
        if stage == S_OVERWATCH:
            if actor.out:
                stack.pop()  # shot down before the action resolved
                events.append(Event("interrupted", actor.id))
                _prune(state)
                return
            if frame.kind not in KEEPS_WATCH and not frame.flags & F_FREE:
                actor.overwatch = -1  # ACTN-OVERWATCH-04: the action goes ahead: overwatch ends
            if frame.kind == Kind.DIVING_BLOW and frame.target >= 0:
                engage(state, actor, state.combatants[frame.target])  # ACTN-DIVE-01: move in, then strike
                events.append(Event("engaged", actor.id, frame.target))
            frame.stage = S_HELP
            frame.asking = _helpers(state, frame) if roll_skill(state, frame) else []
        elif stage == S_HELP:
            frame.stage = S_BLOCK
            frame.asking = _blockers(state, frame)
        elif stage == S_BLOCK:
            frame.stage = S_ROLL
        elif stage == S_ROLL:
            _roll(state, frame, actor, rng, events)
        elif stage == S_PUSH:
            frame.stage = S_RESOLVE
        elif stage == S_RESOLVE:
            frame.stage = S_AFTER
            _resolve(state, frame, actor, rng, events)
        elif stage == S_FOLLOW:
            frame.stage = S_AFTER  # AUTO-02: the burst is over; roll for the ammunition
            _ammo_supply(state, actor, actor.weapons[actor.held], rng, events)
        elif stage == S_AMMO:
            frame.stage = S_AFTER
            _land_hits(state, frame, actor, rng, events)
        else:
            stack.remove(frame)
            _after(state, frame, actor, rng, events)
            _prune(state)
            return
        if (frame.asking and frame.stage in DECISION_STAGES) or not stack or stack[-1] is not frame:
            return


_DECLINE: Final = Action(Kind.DECLINE)
_PUSH: Final = Action(Kind.PUSH)
_YES: Final = {S_HELP: Action(Kind.HELP), S_BLOCK: Action(Kind.BLOCK)}  # and _PUSH at the push stage


def decision_actions(state: GameState, frame: Frame) -> list[Action]:
    """The choices of the one asked at the frame's decision stage (see the module docstring)."""
    stage = frame.stage
    if stage == S_FOLLOW:
        return [*_follow_shots(state, state.combatants[frame.actor]), _DECLINE]
    if stage == S_AMMO:
        return [*_extra_hits(state, frame, state.combatants[frame.actor]), _DECLINE]
    if stage == S_OVERWATCH:
        if frame.flags & F_OVERWATCH:  # ACTN-OVERWATCH-03: fire back at the shooter
            return [Action(Kind.OVERWATCH_FIRE, target=frame.actor), _DECLINE]
        who, actor = state.combatants[frame.asking[0]], state.combatants[frame.actor]
        return [*(Action(Kind.OVERWATCH_FIRE, target=t) for t in _watch_targets(state, who, actor)), _DECLINE]
    return [_YES.get(stage, _PUSH), _DECLINE]


def _extra_hits(state: GameState, frame: Frame, actor: Combatant) -> list[Action]:
    """AUTO-05: where an extra hit may land: on the main hit's target (a person, a mount or a
    vehicle) or another enemy, mount or vehicle in its zone (at its altitude)."""
    index, _, what = frame.hits[0]
    if what == HIT_PERSON:
        main = state.combatants[index]
        actions = [Action(Kind.SHOOT, target=t) for t in extra_hit_targets(state, actor, main)]
        zone, alt = main.zone, altitude(state, main)
    else:
        if what == HIT_VEHICLE:
            first = Action(Kind.SHOOT_VEHICLE, option=index)
            zone, alt = state.vehicles[index].zone, state.vehicles[index].altitude
        else:
            first = Action(Kind.SHOOT_MOUNT, index)
            zone, alt = mount_zone(state.combatants[index]), 0
        actions = [first, *(Action(Kind.SHOOT, target=t) for t in zone_people(state, actor, zone, alt))]
    if state.vehicles or state.setup.mounted:  # AUTO-05: or a mount or vehicle in its zone
        actions += [a for a in extra_hit_extras(state, actor, zone, alt) if a != actions[0]]
    return actions


def _follow_shots(state: GameState, actor: Combatant) -> list[Action]:
    """AUTO-01: where the next shot of a burst may go: a person, or a mount or vehicle."""
    shots = [Action(Kind.SHOOT, target=t, option=1) for t in burst_targets(state, actor)]
    if state.vehicles or state.setup.mounted:
        shots += burst_extras(state, actor)  # auto_targets.py
    return shots


def decision_name(frame: Frame) -> str:
    """What the frame waits for: overwatch, help, block, push, full_auto or ammo."""
    return STAGE_NAMES[frame.stage]


def _prune(state: GameState) -> None:
    """Back at a waiting frame after a nested one (an overwatch shot): drop those asked who
    can no longer take the reaction (shot down, out of actions, overwatch lost)."""
    if not state.stack:
        return
    frame = state.stack[-1]
    if not frame.asking:
        return
    actor = state.combatants[frame.actor]
    keep = []
    for i in frame.asking:
        c = state.combatants[i]
        if frame.stage == S_OVERWATCH:
            ok = _can_fire_back(state, c, actor) if frame.flags & F_OVERWATCH else bool(_watch_targets(state, c, actor))
        elif frame.stage == S_HELP:
            ok = not c.out and c.can_take(frame.slow)
        elif frame.stage == S_BLOCK:
            ok = not c.out and c.can_take(False)
        else:
            ok = not c.out
        if ok:
            keep.append(i)
    frame.asking = keep


# --- who may react --------------------------------------------------------------------------


def _helpers(state: GameState, frame: Frame) -> list[int]:
    """ACT-HELP-01..03/HELP-02: allies present who can spare an action of the same type.

    None on a sneak attack: it is always one attacker against one target (SNEAK-05)."""
    kind = frame.kind
    if not state.options.offer_help or kind not in HELPABLE or frame.flags & (F_FREE | F_OVERWATCH | F_SNEAK):
        return []
    actor = state.combatants[frame.actor]
    result = []
    for ally in state.combatants:
        if ally.side != actor.side or ally.id in (actor.id, frame.target) or ally.out:
            continue
        if ally.zone != actor.zone or not ally.can_take(frame.slow) or ally.grappled_by >= 0:
            continue
        result.append(ally.id)
        if len(result) == 3:
            break  # HELP-01: at most three helpers count
    return result


def _blockers(state: GameState, frame: Frame) -> list[int]:
    """ACTN-BLOCK-01..03: the target may block a close attack it can see coming."""
    kind = frame.kind
    if kind not in BLOCKABLE or frame.flags & (F_FREE | F_SNEAK | F_MOUNT) or frame.target < 0:
        return []
    target = state.combatants[frame.target]
    if target.out or not target.can_take(False) or target.grappled_by >= 0:
        return []  # ACTN-BLOCK-03: a block takes one of the round's two actions
    attacker = state.combatants[frame.actor]
    if not can_block(state, target, attacker, _attack_weapon(state, attacker, kind)):
        return []  # ACTN-BLOCK-02: a weapon or a beast needs a sturdy weapon or tool
    return [target.id]


# --- rolling --------------------------------------------------------------------------------


def _attack_weapon(state: GameState, c: Combatant, kind: Kind) -> Weapon:
    """The weapon an attack uses: unarmed specials and diving blows use bare hands."""
    if kind in _BARE_HANDED:
        return UNARMED
    if kind in _SHOTS:
        return held_weapon(state, c)
    return close_weapon(state, c)[1]


_FIXED_SKILLS: Final = {  # kinds that always roll the same skill
    **dict.fromkeys(_MELEE_ROLLS, "Melee"),  # ATK-01
    Kind.BREAK_FREE: "Melee",  # ACTN-BREAKFREE-01
    Kind.RETREAT: "Mobility",  # ACTN-RETREAT-01
    Kind.EXTINGUISH: "Mobility",  # ACTN-EXTINGUISH-01
    Kind.FIRST_AID: "Healing",
    Kind.PERSUADE: "Persuasion",
    Kind.STRESS_ROLL: "Insight",  # STRESS-01
}


def roll_skill(state: GameState, frame: Frame) -> str | None:
    """The skill the action rolls, or None if it needs no roll."""
    kind = frame.kind
    skill = _FIXED_SKILLS.get(kind)
    if skill is not None:
        return skill
    if kind >= FIRST_EXTENSION:
        return frame_skill(state, kind, state.combatants[frame.actor])  # vehicle_actions.py
    if kind == Kind.SHOOT:
        return shot_skill(held_weapon(state, state.combatants[frame.actor]))  # ATK-03: thrown weapons use Mobility
    if kind in _MOVE_ROLLS:
        return move_skill(state, state.combatants[frame.actor], kind, frame.zone)  # ACTN-RUN-03, DARK-02
    if kind == Kind.TAKE_COVER:
        return "Mobility" if state.options.take_cover_roll else None  # ACTN-COVER-02
    return None


def _roll(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    skill = roll_skill(state, frame)
    frame.stage = S_PUSH
    if skill is None:
        frame.stage = S_RESOLVE
        return
    kind = frame.kind
    if kind == Kind.STRESS_ROLL:
        _stress_roll(state, frame, actor, rng, events)
        return
    gear, modifier = 0, NO_MODIFIERS.plus(dice.help_bonus(len(frame.helpers)))  # HELP-01: one cause
    artifact = 0  # DICE-11: the artifact die of the item used
    sneak = bool(frame.flags & F_SNEAK)
    target = state.combatants[frame.target] if frame.target >= 0 else None
    loose = target is not None and frame.flags & F_MOUNT and riderless(target)  # at a riderless mount
    if kind in _MELEE_ROLLS:
        weapon = _attack_weapon(state, actor, kind)
        gear = _gear(actor, weapon)
        artifact = 0 if weapon is UNARMED else artifact_die(state, actor)
        if loose:
            modifier = modifier.join(riderless_close_modifier(state, actor))  # MOUNT-08: RMOD-01, DARK-03 only
        elif target is not None:
            modifier = modifier.join(close_modifier(state, actor, target, sneak))
        if kind == Kind.DIVING_BLOW:
            modifier = modifier.plus(DIVING_BLOW)  # RMOD-04
    elif kind == Kind.SHOOT and loose:
        assert target is not None
        gear = _gear(actor, held_weapon(state, actor))
        artifact = artifact_die(state, actor)
        modifier = modifier.join(riderless_shot_modifier(state, actor, target))  # MOUNT-11 at a riderless mount
        zone = target.mount.zone if target.mount is not None else target.zone
        near = state.zone_map.zones[zone].dark and riderless_band(state, actor, target) == Range.SHORT
        if near and _lost_in_dark(state, frame, actor, target, rng, events):  # DARK-04
            return
    elif kind == Kind.SHOOT:
        assert target is not None
        weapon = held_weapon(state, actor)
        gear = _gear(actor, weapon)
        artifact = artifact_die(state, actor)
        modifier = modifier.join(ranged_modifier(state, actor, target, sneak))
        dark = state.zone_map.zones[target.zone].dark
        if dark and range_between(state, actor, target) == Range.SHORT and _lost_in_dark(
            state, frame, actor, target, rng, events
        ):  # DARK-04
            return
    elif kind == Kind.FIRST_AID and "medkit" in actor.items:
        gear = MEDKIT_GEAR  # DEATH-03: medical gear gives a bonus
    elif kind == Kind.EXTINGUISH and "blanket" in actor.items:
        modifier = modifier.plus(BLANKET_MODIFIER)  # FIRE-04
    frame.modifier = modifier
    if kind >= FIRST_EXTENSION or actor.mount is not None or frame.flags & F_MOUNT:
        pool = extension_pool(
            state, kind, actor, frame.target, frame.option, skill, gear, modifier, bool(frame.flags & F_MOUNT),
            artifact,
        )  # vehicles and mounts (MOUNT-06/08..11, VEH-MOVE-02, VEH-RAM-01)
    else:
        pool = skill_pool(state, actor, skill, gear, modifier, artifact)
    frame.roll = dice.roll(pool, rng)
    events.append(
        Event(
            "roll",
            actor.id,
            frame.target,
            {"skill": skill, "purpose": KIND_NAMES[kind], **roll_data(frame.roll)},
        )
    )
    if state.options.full_auto == "ammo_dice" and _ammo_dice(frame) >= 1:
        frame.ammo = dice.roll(dice.pool_dice(0, 0, _ammo_dice(frame)), rng)  # AUTO-03/04: rolled apart
        events.append(Event("ammo_dice", actor.id, frame.target, roll_data(frame.ammo)))
    _opposing_roll(state, frame, rng, events)
    _injury_strain(state, actor, skill, rng, events)
    if state.options.ask_push and dice.can_push(frame.roll) and not actor.out:
        frame.asking = [actor.id]  # PUSH-04: the roller decides
    else:
        frame.stage = S_RESOLVE


def open_stress_roll(state: GameState, c: Combatant, potential: int) -> None:
    """STRESS-01/02: an Insight roll against `potential` stress goes on the stack, so that its
    roller is asked whether to push it, as for any roll (resolved by `_stress_roll`)."""
    state.stack.append(Frame(Kind.STRESS_ROLL, c.id, option=potential, stage=S_ROLL))


def _stress_roll(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """STRESS-01: Insight, no action, each success cancels 1 stress; STRESS-02: it may be pushed
    (offered while stress is left to cancel), and the push costs what pushes cost (PUSH-10..20)."""
    if actor.out:
        frame.stage = S_AFTER  # broken or dead since the witnessing: no roll (BROKEN-02)
        return
    frame.roll = dice.roll(skill_pool(state, actor, "Insight"), rng)
    events.append(Event("roll", actor.id, -1, {"skill": "Insight", "purpose": "witness", **roll_data(frame.roll)}))
    if state.options.ask_push and frame.roll.successes < frame.option and dice.can_push(frame.roll):
        frame.asking = [actor.id]  # PUSH-04: the roller decides
    else:
        frame.stage = S_RESOLVE


def _ammo_dice(frame: Frame) -> int:
    """AUTO-03: the ammo dice a shot's option asks for (at a person, a mount or a vehicle)."""
    if frame.kind == Kind.SHOOT:
        return frame.option
    if frame.kind == Kind.SHOOT_VEHICLE:
        return frame.zone  # the fire mode (-1 a plain shot)
    return 0


def _lost_in_dark(
    state: GameState, frame: Frame, actor: Combatant, target: Combatant, rng: np.random.Generator,
    events: list[Event],
) -> bool:  # fmt: skip
    """DARK-04: at Short range into darkness, an Observation roll first; none = a miss."""
    look = dice.roll(skill_pool(state, actor, "Observation"), rng)
    events.append(
        Event(
            "roll",
            actor.id,
            target.id,
            {"skill": "Observation", "purpose": "darkness", **roll_data(look)},
        )
    )
    if look.successes == 0:
        frame.stage = S_RESOLVE
        frame.flags |= F_MISSED
        events.append(Event("lost_in_dark", actor.id, target.id))
        return True
    return False


def _gear(c: Combatant, weapon: Weapon) -> int:
    """ATK-07: a weapon's bonus is gear dice (its current value, after push damage)."""
    if weapon is UNARMED or c.held < 0:
        return 0
    return max(0, c.weapons[c.held].bonus)


def _opposing_roll(state: GameState, frame: Frame, rng: np.random.Generator, events: list[Event]) -> None:
    """ACTN-BLOCK-01, ACTN-BREAKFREE-01, OPP-05: the other side's roll, never pushed (OPP-04)."""
    kind = frame.kind
    opponent, skill, gear = -1, "", 0
    if frame.blocker >= 0:
        opponent, skill = frame.blocker, "Melee"
        gear = block_gear(state, state.combatants[opponent])  # the close weapon blocked with
    elif kind == Kind.BREAK_FREE:
        opponent, skill = state.combatants[frame.actor].grappled_by, "Melee"
    elif kind == Kind.PERSUADE:
        opponent, skill = frame.target, "Insight"
    if opponent < 0:
        return
    c = state.combatants[opponent]
    frame.block_roll = dice.roll(skill_pool(state, c, skill, gear), rng)
    events.append(
        Event("roll", c.id, frame.actor, {"skill": skill, "purpose": "oppose", **roll_data(frame.block_roll)})
    )


def _injury_strain(
    state: GameState, c: Combatant, skill: str, rng: np.random.Generator, events: list[Event]
) -> None:
    """CRIT-PHYS-32/45: some injuries cost 1 damage on each Mobility or Melee roll."""
    for injury in c.injuries:
        if injury.table != "fire" and skill in entry_of(injury).damage_on_rolls:
            take_damage(state, c, 1, rng, events)


def _net_successes(state: GameState, frame: Frame) -> int:
    """OPP-01/ACTN-BLOCK-01: each opposing success cancels one of the roller's."""
    if frame.roll is None:
        return 0
    if frame.block_roll is None:
        return frame.roll.successes
    won, net = dice.opposed(frame.roll, frame.block_roll, "active_fails")
    if not won and frame.kind in _OPPOSED:
        return 0  # OPP-02: a tie fails the active side
    return net if won else 0


def _break_tie(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """OPP-03 (opposed_tie="reroll"): a tied contest is rolled again by both sides, unpushed."""
    skill = roll_skill(state, frame)
    for _ in range(20):
        if skill is None or frame.roll is None or frame.block_roll is None:
            return
        if not dice.is_tie(frame.roll, frame.block_roll):
            return
        frame.roll = dice.roll(skill_pool(state, actor, skill, 0, frame.modifier), rng)
        events.append(
            Event("roll", actor.id, frame.target, {"skill": skill, "purpose": "tie_break", **roll_data(frame.roll)})
        )
        _opposing_roll(state, frame, rng, events)


# --- effects --------------------------------------------------------------------------------


def _resolve(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """Carry out the action's effect, given the (pushed) roll."""
    kind = frame.kind
    if kind in _OPPOSED and state.options.opposed_tie == "reroll":
        _break_tie(state, frame, actor, rng, events)  # OPP-03
    net = _net_successes(state, frame)
    rolled = frame.roll is not None
    success = (not rolled or net > 0) and not frame.flags & F_MISSED
    if kind == Kind.STRESS_ROLL:
        take_damage(state, actor, max(0, frame.option - net), rng, events, stress=True)  # STRESS-01
        return
    if kind >= FIRST_EXTENSION:  # vehicles and mounts (vehicle_actions.py, mounts.py)
        burst = kind == Kind.SHOOT_VEHICLE and frame.zone >= 1  # opened at a vehicle (AUTO-01/03)
        if burst and state.options.full_auto == "ammo_dice":
            _vehicle_volley(state, frame, actor, rng, events)  # AUTO-03..06 at a vehicle
            return
        extension_effect(state, kind, actor, frame.target, frame.zone, frame.option, frame.roll, rng, events)
        if kind == Kind.SHOOT_VEHICLE and (frame.shots or burst) and actor.held >= 0:
            _burst_on(state, frame, actor, success, actor.weapons[actor.held], rng, events)  # AUTO-01
        return
    target = state.combatants[frame.target] if frame.target >= 0 else None
    if kind in _MOVES:
        move(state, actor, kind, frame.zone, target, rolled and not success, rng, events)  # movement.py
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
        _close_effect(state, frame, actor, target, net, rng, events)
    elif kind == Kind.SHOOT:
        assert target is not None
        _shot_effect(state, frame, actor, target, net if success else 0, rng, events)
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


def _after(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """After the effect and anything it set off: retreat moves, push costs are paid."""
    if frame.kind == Kind.RETREAT and not actor.out:
        retreat(state, actor, frame.zone, bool(frame.flags & F_MISSED), events)  # ACTN-RETREAT-01/02
    if frame.roll is not None:
        _pay_for_push(state, frame, actor, rng, events)  # PUSH-13; PUSH-17 panic on unpushed rolls too


def _pay_for_push(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """PUSH-10..20, PUSH-13: the push's cost falls after the action (pushing.py); it never causes
    a crit (BROKEN-05). PUSH-17: 1s on stress dice of either roll call for panic."""
    kind = frame.kind
    tool = -1  # PUSH-02/PUSH-12: the weapon the roll used
    if kind in (Kind.SHOOT, Kind.OVERWATCH_FIRE, Kind.SHOOT_VEHICLE):
        tool = actor.held
    elif kind in _MELEE_ROLLS and _attack_weapon(state, actor, kind) is not UNARMED:
        tool = close_weapon(state, actor)[0]
    opponent = -1
    if frame.block_roll is not None:
        opponent = frame.blocker if frame.blocker >= 0 else frame.target
    skill = roll_skill(state, frame) or "Mobility"
    roll = frame.roll
    if actor.mount is not None and roll is not None:
        roll = mount_push(state, actor, kind, skill, roll, rng, events)  # MOUNT-12: the mount's dice harm it
    after_roll(
        state, actor, roll, skill, rng, events, tool,
        state.combatants[opponent] if opponent >= 0 else None, frame.block_roll,
    )  # fmt: skip


def _close_effect(
    state: GameState,
    frame: Frame,
    actor: Combatant,
    target: Combatant,
    net: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ATK-05/06 and ACTN-CLOSE-03..06, ACTN-DIVE-01, ACTN-GRAPPLE-01/02."""
    kind = frame.kind
    at_mount = bool(frame.flags & F_MOUNT)
    loose = at_mount and riderless(target)
    if not loose:
        target.overwatch = -1  # ACTN-OVERWATCH-04: attacked in close combat (not its riderless mount)
    actor.hidden = False
    hit = net >= 1  # ATK-05
    data: dict[str, object] = {"kind": KIND_NAMES[kind]}
    if loose:
        data["mount"] = _mount_name(state, target.id)  # MOUNT-08 at the riderless animal
    events.append(Event("hit" if hit else "miss", actor.id, target.id, data))
    if kind == Kind.DIVING_BLOW:
        actor.prone = True  # ACTN-DIVE-01: you fall prone either way
        if hit:
            target.prone = True
    if not hit:
        return
    if kind == Kind.DISARM:
        if target.held >= 0:
            taken = target.weapons.pop(target.held)
            target.held = -1
            thrown = frame.option == 1
            if not thrown:
                actor.weapons.append(taken)  # ACTN-CLOSE-03: keep the held item...
            # ...or throw it into an adjacent zone: out of this fight (nobody picks items up)
            events.append(Event("disarmed", actor.id, target.id, {"weapon": taken.name, "thrown": thrown}))
    elif kind == Kind.TRIP:
        target.prone = True  # ACTN-CLOSE-04
        events.append(Event("tripped", actor.id, target.id))
    elif kind == Kind.SHOVE:
        actor.engaged.discard(target.id)  # ACTN-CLOSE-05: pushed to Short range
        target.engaged.discard(actor.id)
        events.append(Event("shoved", actor.id, target.id))
    elif kind == Kind.GRAPPLE:
        actor.prone = target.prone = True  # ACTN-GRAPPLE-02: both on the ground
        target.held = -1  # the victim drops its weapon
        actor.grappling = target.id
        target.grappled_by = actor.id
        events.append(Event("grappled", actor.id, target.id))
    else:
        weapon = _attack_weapon(state, actor, kind)
        damage = weapon.damage + net - 1  # ATK-06 / DICE-08
        _wound(state, actor, target, damage, False, frame, at_mount, rng, events)


def _wound(
    state: GameState,
    actor: Combatant,
    target: Combatant,
    damage: int,
    ranged: bool,
    frame: Frame,
    at_mount: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """A hit's damage: cover and armor roll first, the rest lands (BROKEN-04 crit trigger).
    `at_mount`: the hit is on the target's mount (MOUNT-08/11, AUTO-01/05)."""
    if at_mount or target.vehicle >= 0:  # MOUNT-08/14; VEH-DMG-08/09, COVER-08
        successes = frame.roll.successes if frame.roll is not None else 0
        wound(state, actor, target, damage, ranged, at_mount, successes, rng, events)
        return
    # COVER-01: cover counts against ranged attacks only (ATK-02), and not against a shooter
    # Engaged with the target: nothing is between them (ATK-01; RMOD-06 prices the shot)
    covered = ranged and actor.id not in target.engaged
    damage = protect(state, target, damage, covered, rng, events)
    take_damage(state, target, damage, rng, events, source=actor.id)
    assert frame.roll is not None
    attack_crit(state, target, damage, frame.roll.successes, rng, events)  # BROKEN-04 alternatives


def _shot_effect(
    state: GameState,
    frame: Frame,
    actor: Combatant,
    target: Combatant,
    net: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ACTN-SHOOT-01, ATK-05/06, ACTN-RELOAD-01, AUTO-01..06."""
    weapon = held_weapon(state, actor)
    carried = actor.weapons[actor.held]
    actor.hidden = False
    actor.aiming = 0  # ACTN-AIM-01: the bonus is for the next shot only
    hit = net >= 1  # ATK-05; AUTO-04: only the base dice decide the hit
    data: dict[str, object] = {"kind": "shoot", "weapon": carried.name}
    if frame.flags & F_MOUNT and riderless(target):
        data["mount"] = _mount_name(state, target.id)  # MOUNT-11 at the riderless animal
    events.append(Event("hit" if hit else "miss", actor.id, target.id, data))
    ammo_dice = state.options.full_auto == "ammo_dice"
    if ammo_dice:
        spend_ammo(state, actor, carried, sum(frame.ammo.faces) if frame.ammo else 0, events)  # AUTO-06
    if hit:
        what = HIT_MOUNT if frame.flags & F_MOUNT else HIT_PERSON
        sixes = frame.ammo.successes if ammo_dice and frame.ammo else 0
        _hit_lands(state, frame, actor, [target.id, weapon.damage + net - 1, what], sixes, rng, events)
    if _weapon_spent(actor, weapon, carried) or ammo_dice or frame.option != 1:
        return
    _burst_on(state, frame, actor, hit, carried, rng, events)


def _vehicle_volley(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """AUTO-03..06 at a vehicle: a shot with ammo dice rolls and hits as the single shot at it
    (vehicle_actions: RMOD-11, VEH-DMG-01..06); its sixes buy extra hits as at a person."""
    weapon = held_weapon(state, actor)
    carried = actor.weapons[actor.held]
    index = frame.option
    v = state.vehicles[index]
    actor.hidden = False
    actor.aiming = 0  # ACTN-AIM-01
    successes = frame.roll.successes if frame.roll is not None else 0
    hit = successes >= 1  # AUTO-04: only the base dice decide the hit
    events.append(Event("hit" if hit else "miss", actor.id, -1, {"kind": "shoot_vehicle", "vehicle": v.name}))
    spend_ammo(state, actor, carried, sum(frame.ammo.faces) if frame.ammo else 0, events)  # AUTO-06
    if hit:
        sixes = frame.ammo.successes if frame.ammo else 0
        _hit_lands(state, frame, actor, [index, weapon.damage + successes - 1, HIT_VEHICLE], sixes, rng, events)
    _weapon_spent(actor, weapon, carried)


def _hit_lands(
    state: GameState, frame: Frame, actor: Combatant, hit: list[int], sixes: int,
    rng: np.random.Generator, events: list[Event],
) -> None:  # fmt: skip
    """ATK-06: the shot's hit [id, damage, what] lands now; AUTO-05: or, with sixes on the ammo
    dice, after the shooter has placed the extra hits they buy."""
    frame.hits = [hit]
    frame.sixes = sixes
    if sixes:
        frame.stage = S_AMMO
        frame.asking = [actor.id]
    else:
        _land_hits(state, frame, actor, rng, events)


def _weapon_spent(actor: Combatant, weapon: Weapon, carried: WeaponState) -> bool:
    """ACTN-RELOAD-01: a single-shot weapon needs reloading after the shot; a thrown weapon leaves
    your hand (True: no burst can go on)."""
    if weapon.single_shot:
        carried.loaded = False
    if weapon.thrown:
        actor.weapons.pop(actor.held)
        actor.held = -1
        return True
    return False


def _burst_on(
    state: GameState, frame: Frame, actor: Combatant, hit: bool, carried: WeaponState,
    rng: np.random.Generator, events: list[Event],
) -> None:  # fmt: skip
    """AUTO-01/02: after a shot of a burst, fire again on a hit (three shots at most) at a
    person, a mount or a vehicle; else the burst is over: roll for the ammunition."""
    frame.shots += 1
    if hit and frame.shots < 3 and not actor.out and _follow_shots(state, actor):
        frame.stage = S_FOLLOW  # AUTO-01: a hit lets you fire again, three shots at most
        frame.asking = [actor.id]
        return
    _ammo_supply(state, actor, carried, rng, events)


def _next_shot(
    state: GameState, frame: Frame, actor: Combatant, action: Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """AUTO-01: fire the burst's next shot at the chosen target, or stop (DECLINE)."""
    if action.kind == Kind.DECLINE:
        return  # advance() ends the burst
    _pay_for_push(state, frame, actor, rng, events)  # PUSH-13: each shot's push is paid
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
            shot["mount"] = _mount_name(state, action.target)
        else:
            frame.flags &= ~F_MOUNT
    events.append(Event("burst", actor.id, action.target, shot))


def _mount_name(state: GameState, rider: int) -> str:
    """The name of `rider`'s mount, for the events."""
    m = state.combatants[rider].mount
    return m.name if m is not None else ""


def _spend_six(state: GameState, frame: Frame, actor: Combatant, action: Action, events: list[Event]) -> None:
    """AUTO-05: one ammo six buys an extra hit at base damage, or +1 damage on the latest hit."""
    if action.kind == Kind.DECLINE:
        last = frame.hits[-1]
        last[1] += 1
        data: dict[str, object] = {"damage": last[1]}
        if last[2] == HIT_VEHICLE:
            data["vehicle"] = state.vehicles[last[0]].name
        elif last[2] == HIT_MOUNT:
            data["mount"] = _mount_name(state, last[0])
        events.append(Event("ammo_damage", actor.id, -1 if last[2] == HIT_VEHICLE else last[0], data))
    elif action.kind == Kind.SHOOT_VEHICLE:  # AUTO-05: the extra hit lands on a vehicle
        frame.hits.append([action.option, held_weapon(state, actor).damage, HIT_VEHICLE])
        events.append(Event("extra_hit", actor.id, -1, {"vehicle": state.vehicles[action.option].name}))
    elif action.kind == Kind.SHOOT_MOUNT:  # AUTO-05: ... or on a mount (MOUNT-11)
        frame.hits.append([action.target, held_weapon(state, actor).damage, HIT_MOUNT])
        mount = {"mount": _mount_name(state, action.target)}
        events.append(Event("extra_hit", actor.id, action.target, mount))
    else:
        frame.hits.append([action.target, held_weapon(state, actor).damage, HIT_PERSON])
        events.append(Event("extra_hit", actor.id, action.target))
    frame.sixes -= 1
    if frame.sixes > 0:
        frame.asking = [actor.id]


def _land_hits(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """ATK-06/AUTO-05: each hit rolls cover and armor on its own, then lands: a vehicle's
    through hit_vehicle (VEH-DMG-01..06), a mount's through wound_mount (MOUNT-12/14)."""
    for target_id, damage, what in frame.hits:
        if what == HIT_VEHICLE:
            shot_hits_vehicle(state, actor, target_id, damage, rng, events)
        else:
            target = state.combatants[target_id]
            _wound(state, actor, target, damage, True, frame, what == HIT_MOUNT, rng, events)


def _overwatch_fire(
    state: GameState,
    frame: Frame,
    who: Combatant,
    target: Combatant,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ACTN-OVERWATCH-01..03: the overwatch shot, a normal slow attack, resolves before the
    action that set it off; a target watching the shooter may fire back (see _fires_first)."""
    who.spend(True)  # ACTN-OVERWATCH-02: the shot is a normal slow attack
    who.overwatch = -1
    _doing(state, who, Kind.OVERWATCH_FIRE)
    events.append(Event("overwatch_fire", who.id, target.id))
    shot = Frame(Kind.SHOOT, who.id, target.id, slow=True, flags=F_OVERWATCH)
    if frame.flags & F_OVERWATCH:  # ACTN-OVERWATCH-03: both fire; who shoots first?
        if _fires_first(state, target, who, rng, events) is target:
            state.stack.insert(state.stack.index(frame), shot)  # under the first shot
        else:
            state.stack.append(shot)
        return
    if _can_fire_back(state, target, who):
        shot.asking = [target.id]  # the target may fire back (ACTN-OVERWATCH-03)
    state.stack.append(shot)


def _ammo_supply(
    state: GameState, actor: Combatant, carried: WeaponState, rng: np.random.Generator, events: list[Event]
) -> None:
    """AUTO-02/GEAR-09: after full auto, roll the ammunition supply; each 1 lowers it."""
    carried.supply, roll = supply_roll(carried.supply, rng)
    events.append(Event("supply", actor.id, -1, {**roll_data(roll), "supply": carried.supply}))
    if carried.supply <= 0:
        carried.loaded = False
        events.append(Event("out_of_ammo", actor.id))


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
        from yz_gym.rules.rolls import rating_roll

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
    doors = list(state.doors)
    doors[border] = int(door_state)
    state.doors = tuple(doors)
