"""Resolving a declared action step by step: overwatch, help, block, roll, push, effect.

Each step that needs someone's decision waits on the stack of frames (ACT-REACT-01)."""

from __future__ import annotations

import numpy as np

from yz_gym.rules import dice
from yz_gym.rules.actions import CLOSE_KINDS, MOVE_KINDS, UNARMED_SPECIALS, Action, Kind
from yz_gym.rules.attacks import (
    UNARMED,
    close_modifier,
    close_weapon,
    held_weapon,
    range_between,
    ranged_modifier,
)
from yz_gym.rules.damage import first_aid, protect, take_damage
from yz_gym.rules.events import Event, roll_data
from yz_gym.rules.movement import disengage, engage, engaged_enemies, enter_zone, moving_is_slow
from yz_gym.rules.rolls import injury_of, is_physical, skill_pool
from yz_gym.rules.state import SKILL_ATTRIBUTE, Combatant, Frame, GameState
from yz_gym.rules.tables import Weapon
from yz_gym.rules.zones import DoorState, Range

S_OVERWATCH, S_HELP, S_BLOCK, S_ROLL, S_PUSH, S_RESOLVE, S_AFTER = range(7)
DECISION_STAGES = frozenset({S_OVERWATCH, S_HELP, S_BLOCK, S_PUSH})

F_FREE = 1  # ACTN-RETREAT-02: a free attack: no action spent, cannot be blocked
F_OVERWATCH = 2  # ACTN-OVERWATCH-01: a shot fired from overwatch
F_SNEAK = 4  # SNEAK-04: +3, cannot be blocked
F_MISSED = 8  # the roll failed (retreat: free attacks follow)

HELPABLE = CLOSE_KINDS | {
    Kind.FIRST_AID, Kind.PERSUADE, Kind.BREAK_FREE, Kind.FORCE_DOOR, Kind.EXTINGUISH,
}  # fmt: skip
BLOCKABLE = CLOSE_KINDS  # ACTN-BLOCK-01; not grapple attacks (ACTN-GRAPPLE-01)
KEEPS_AIM = frozenset({Kind.SHOOT, Kind.AIM, Kind.OVERWATCH_FIRE})  # ACTN-AIM-02
KEEPS_READY = frozenset({Kind.SHOOT, Kind.AIM})  # ACTN-RELOAD-02: arrow or stone readied
TRIGGERS_OVERWATCH = MOVE_KINDS | CLOSE_KINDS | {
    Kind.SHOOT, Kind.RELOAD, Kind.FIRST_AID, Kind.FORCE_DOOR, Kind.FLEE, Kind.GET_UP,
    Kind.TAKE_COVER, Kind.DRAW, Kind.AIM,
}  # fmt: skip


def declare(
    state: GameState, c: Combatant, action: Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """ACT-02: the actor states the action and pays for it; resolution starts on the stack."""
    kind = action.kind
    slow = _is_slow(c, action)
    if kind == Kind.DIVING_BLOW:
        c.spend(True)  # ACTN-DIVE-01: the move and the attack use the whole turn
        c.spend(False)
    else:
        c.spend(slow)
    if kind not in KEEPS_AIM:
        c.aiming = 0
    if kind not in KEEPS_READY:
        for carried in c.weapons:
            if state.setup.weapons[carried.name].reload_fast:
                carried.loaded = False  # ACTN-RELOAD-02: doing anything else means readying again
    if kind != Kind.OVERWATCH:
        c.overwatch = -1  # ACTN-OVERWATCH-04: overwatch ends if you do anything else
    events.append(
        Event(
            "action",
            c.id,
            action.target,
            {"kind": kind.name.lower(), "zone": action.zone, "option": action.option},
        )
    )
    frame = Frame(int(kind), c.id, action.target, action.zone, action.option, slow=slow)
    if c.hidden and kind in CLOSE_KINDS | {Kind.SHOOT}:
        frame.flags |= F_SNEAK
    if kind in TRIGGERS_OVERWATCH:
        frame.asking = _overwatchers(state, c, action)
    state.stack.append(frame)


def _is_slow(c: Combatant, action: Action) -> bool:
    """Slow actions, moves made slow by injuries, and aiming through a scope (ACTN-SHOOT-02)."""
    from yz_gym.rules.actions import is_slow

    if action.kind == Kind.AIM:
        return action.option == 1
    if action.kind == Kind.RELOAD:
        return action.option == 1  # ACTN-RELOAD-02: readying an arrow or stone is fast
    return is_slow(action.kind) or (action.kind in MOVE_KINDS and moving_is_slow(c))


def _overwatchers(state: GameState, c: Combatant, action: Action) -> list[int]:
    """ACTN-OVERWATCH-01/02: enemies watching the zone the actor is in or moves into."""
    watched = {c.zone}
    if action.kind in (Kind.RUN, Kind.CRAWL, Kind.DOOR, Kind.RETREAT) and action.zone >= 0:
        watched.add(action.zone)
    result = []
    zone_map = state.zone_map
    for other in state.combatants:
        if other.overwatch < 0 or other.side == c.side or other.out:
            continue
        if other.overwatch not in watched or not other.can_take(True):
            continue
        if other.held < 0 or not held_weapon(state, other).ranged:
            continue
        if zone_map.line_of_fire(other.zone, c.zone, state.doors, other.peek) and not c.hidden:
            result.append(other.id)
    return result


def answer(
    state: GameState, frame: Frame, action: Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """Take one out-of-turn decision for the frame on top of the stack."""
    who = state.combatants[frame.asking.pop(0)]
    kind = action.kind
    if kind == Kind.DECLINE:
        return
    if kind == Kind.OVERWATCH_FIRE:
        who.spend(True)  # ACTN-OVERWATCH-02: the shot is a normal slow attack
        who.overwatch = -1
        events.append(Event("overwatch_fire", who.id, frame.actor))
        shot = Frame(int(Kind.SHOOT), who.id, frame.actor, slow=True, flags=F_OVERWATCH)
        shot.stage = S_BLOCK
        state.stack.append(shot)
    elif kind == Kind.HELP:
        who.spend(frame.slow)  # ACT-HELP-01: an action of the same type
        frame.helpers.append(who.id)
        events.append(Event("help", who.id, frame.actor))
    elif kind == Kind.BLOCK:
        who.spend(False)  # ACTN-BLOCK-03: each block uses one of your actions
        frame.blocker = who.id
        events.append(Event("block", who.id, frame.actor))
    elif kind == Kind.PUSH:
        assert frame.roll is not None
        frame.roll = dice.push(frame.roll, rng)  # PUSH-04..07
        events.append(
            Event("push", frame.actor, -1, {**roll_data(frame.roll), "skill": _skill(state, frame)})
        )


def advance(state: GameState, frame: Frame, rng: np.random.Generator, events: list[Event]) -> None:
    """Move the frame on by one step that needs no decision."""
    actor = state.combatants[frame.actor]
    stage = frame.stage
    if stage == S_OVERWATCH:
        if actor.out:
            state.stack.pop()  # shot down before the action resolved
            events.append(Event("interrupted", actor.id))
            return
        frame.stage = S_HELP
        frame.asking = _helpers(state, frame) if _skill(state, frame) else []
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
    else:
        state.stack.remove(frame)
        _after(state, frame, actor, rng, events)


# --- who may react --------------------------------------------------------------------------


def _helpers(state: GameState, frame: Frame) -> list[int]:
    """ACT-HELP-01..03/HELP-02: allies present who can spare an action of the same type."""
    kind = Kind(frame.kind)
    if not state.options.offer_help or kind not in HELPABLE or frame.flags & (F_FREE | F_OVERWATCH):
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
    kind = Kind(frame.kind)
    if kind not in BLOCKABLE or frame.flags & (F_FREE | F_SNEAK) or frame.target < 0:
        return []
    target = state.combatants[frame.target]
    if target.out or not target.can_take(False) or target.grappled_by >= 0:
        return []
    attacker = state.combatants[frame.actor]
    block_weapon = held_weapon(state, target)
    armed = _attack_weapon(state, attacker, kind) is not UNARMED
    if armed and not (block_weapon.sturdy and not block_weapon.ranged):
        return []  # ACTN-BLOCK-02: blocking a weapon needs a sturdy weapon or tool
    return [target.id]


# --- rolling --------------------------------------------------------------------------------


def _attack_weapon(state: GameState, c: Combatant, kind: Kind) -> Weapon:
    """The weapon an attack uses: unarmed specials and diving blows use bare hands."""
    if kind in UNARMED_SPECIALS or kind in (Kind.DIVING_BLOW, Kind.GRAPPLE_ATTACK, Kind.BREAK_FREE):
        return UNARMED
    if kind in (Kind.SHOOT, Kind.OVERWATCH_FIRE):
        return held_weapon(state, c)
    return close_weapon(state, c)[1]


def _skill(state: GameState, frame: Frame) -> str | None:
    """The skill the action rolls, or None if it needs no roll."""
    kind = Kind(frame.kind)
    actor = state.combatants[frame.actor]
    if kind in CLOSE_KINDS or kind in (Kind.GRAPPLE_ATTACK, Kind.BREAK_FREE, Kind.FORCE_DOOR):
        return "Melee"  # ATK-01, ACTN-BREAKFREE-01
    if kind == Kind.SHOOT:
        return held_weapon(state, actor).skill  # ATK-03: thrown weapons use Mobility
    if kind == Kind.RETREAT or kind == Kind.EXTINGUISH:
        return "Mobility"  # ACTN-RETREAT-01, ACTN-EXTINGUISH-01
    if kind == Kind.RUN:
        zone = state.zone_map.zones[frame.zone]
        here = state.zone_map.zones[actor.zone]
        if zone.cluttered or zone.dark or here.dark:
            return "Mobility"  # ACTN-RUN-03, DARK-02
        return None
    if kind == Kind.TAKE_COVER:
        return "Mobility" if state.options.take_cover_roll else None  # ACTN-COVER-02
    if kind == Kind.FIRST_AID:
        return "Healing"
    if kind == Kind.PERSUADE:
        return "Persuasion"
    return None


def _roll(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    skill = _skill(state, frame)
    frame.stage = S_PUSH
    if skill is None:
        frame.stage = S_RESOLVE
        return
    kind = Kind(frame.kind)
    gear, modifier = 0, dice.help_bonus(len(frame.helpers))  # HELP-01
    sneak = bool(frame.flags & F_SNEAK)
    target = state.combatants[frame.target] if frame.target >= 0 else None
    if kind in CLOSE_KINDS or kind == Kind.GRAPPLE_ATTACK or kind == Kind.FORCE_DOOR:
        weapon = _attack_weapon(state, actor, kind)
        gear = _gear(actor, weapon)
        if target is not None:
            modifier += close_modifier(state, actor, target, sneak)
        if kind == Kind.DIVING_BLOW:
            modifier += 2  # RMOD-04
    elif kind == Kind.SHOOT:
        assert target is not None
        weapon = held_weapon(state, actor)
        gear = _gear(actor, weapon)
        modifier += ranged_modifier(state, actor, target, sneak)
        if state.zone_map.zones[target.zone].dark and range_between(state, actor, target) == Range.SHORT:
            look = dice.roll(skill_pool(state, actor, "Observation"), rng)  # DARK-04
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
                return
    elif kind == Kind.FIRST_AID and "medkit" in actor.items:
        gear = 2  # DEATH-03: medical gear gives a bonus
    elif kind == Kind.EXTINGUISH and "blanket" in actor.items:
        modifier += 2  # FIRE-04
    frame.modifier = modifier
    frame.roll = dice.roll(skill_pool(state, actor, skill, gear, modifier), rng)
    events.append(
        Event(
            "roll",
            actor.id,
            frame.target,
            {"skill": skill, "purpose": kind.name.lower(), **roll_data(frame.roll)},
        )
    )
    _opposing_roll(state, frame, rng, events)
    _injury_strain(state, actor, skill, rng, events)
    if state.options.ask_push and dice.can_push(frame.roll) and not actor.out:
        frame.asking = [actor.id]  # PUSH-04: the roller decides
    else:
        frame.stage = S_RESOLVE


def _gear(c: Combatant, weapon: Weapon) -> int:
    """ATK-07: a weapon's bonus is gear dice (its current value, after push damage)."""
    if weapon is UNARMED or c.held < 0:
        return 0
    return max(0, c.weapons[c.held].bonus)


def _opposing_roll(state: GameState, frame: Frame, rng: np.random.Generator, events: list[Event]) -> None:
    """ACTN-BLOCK-01, ACTN-BREAKFREE-01, OPP-05: the other side's roll, never pushed (OPP-04)."""
    kind = Kind(frame.kind)
    opponent, skill, gear = -1, "", 0
    if frame.blocker >= 0:
        opponent, skill = frame.blocker, "Melee"
        blocker = state.combatants[opponent]
        gear = _gear(blocker, held_weapon(state, blocker))
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
        if injury.table != "fire" and skill in injury_of(injury.table, injury.code).damage_on_rolls:
            take_damage(state, c, 1, rng, events)


def _net_successes(state: GameState, frame: Frame) -> int:
    """OPP-01/ACTN-BLOCK-01: each opposing success cancels one of the roller's."""
    if frame.roll is None:
        return 0
    if frame.block_roll is None:
        return frame.roll.successes
    won, net = dice.opposed(frame.roll, frame.block_roll, "active_fails")
    if not won and Kind(frame.kind) in (Kind.PERSUADE, Kind.BREAK_FREE):
        return 0  # OPP-02: a tie fails the active side
    return net if won else 0


# --- effects --------------------------------------------------------------------------------


def _resolve(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """Carry out the action's effect, given the (pushed) roll."""
    kind = Kind(frame.kind)
    net = _net_successes(state, frame)
    rolled = frame.roll is not None
    success = (not rolled or net > 0) and not frame.flags & F_MISSED
    target = state.combatants[frame.target] if frame.target >= 0 else None
    if kind == Kind.RUN:
        enter_zone(state, actor, frame.zone)
        events.append(Event("moved", actor.id, -1, {"zone": frame.zone}))
        if rolled and not success:
            if state.zone_map.zones[frame.zone].cluttered:
                actor.prone = True  # ZONE-FEAT-CLUTTERED-02
                events.append(Event("fell", actor.id))
            if state.zone_map.zones[frame.zone].dark or state.zone_map.zones[actor.zone].dark:
                take_damage(state, actor, 1, rng, events)  # DARK-02
    elif kind in (Kind.CRAWL, Kind.DOOR):
        if kind == Kind.DOOR:
            border = state.zone_map.border_between(actor.zone, frame.zone)
            _set_door(state, border, DoorState.OPEN)
        enter_zone(state, actor, frame.zone)
        events.append(Event("moved", actor.id, -1, {"zone": frame.zone}))
    elif kind == Kind.ENGAGE:
        assert target is not None
        engage(state, actor, target)
        events.append(Event("engaged", actor.id, target.id))
    elif kind == Kind.RETREAT:
        if not success:
            frame.flags |= F_MISSED
            for enemy in engaged_enemies(state, actor):  # ACTN-RETREAT-02: free close attacks
                free = Frame(int(Kind.CLOSE_ATTACK), enemy.id, actor.id, flags=F_FREE, stage=S_ROLL)
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
        events.append(Event("reloaded", actor.id))
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
        actor.peek = state.zone_map.border_between(actor.zone, frame.zone)
        events.append(Event("peek", actor.id, -1, {"zone": frame.zone}))
    elif kind == Kind.FLEE:
        actor.fled = True
        disengage(state, actor)
        events.append(Event("fled", actor.id))
    if rolled and not success and kind not in CLOSE_KINDS and kind != Kind.SHOOT:
        events.append(Event("failed", actor.id, frame.target, {"kind": kind.name.lower()}))


def _after(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """After the effect and anything it set off: retreat moves, push costs are paid."""
    if Kind(frame.kind) == Kind.RETREAT and not actor.out:
        if frame.zone == actor.zone:
            disengage(state, actor)
        else:
            enter_zone(state, actor, frame.zone)
        events.append(Event("retreated", actor.id, -1, {"zone": frame.zone}))
    if frame.roll is not None and frame.roll.pushed:
        _pay_for_push(state, frame, actor, rng, events)


def _pay_for_push(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """PUSH-11/14, PUSH-13: the push's cost falls after the action; it never causes a crit."""
    assert frame.roll is not None
    skill = _skill(state, frame) or "Mobility"
    cost = dice.push_cost(frame.roll, state.options.push_cost, is_physical(skill))
    if cost.attribute_loss:
        index = SKILL_ATTRIBUTE[skill]
        lost = min(cost.attribute_loss, actor.attrs[index])
        actor.attrs[index] -= lost  # PUSH-14
        events.append(Event("push_cost", actor.id, -1, {"attribute": index, "amount": lost}))
        if actor.broken:
            events.append(Event("broken", actor.id, actor.id, {"by": "push"}))
    if cost.gear_loss and actor.held >= 0:
        carried = actor.weapons[actor.held]
        carried.bonus -= cost.gear_loss  # PUSH-14/ATK-07: at 0 the weapon is broken
        if carried.bonus <= 0:
            carried.bonus = -1
        events.append(Event("gear_damaged", actor.id, -1, {"weapon": carried.name, "bonus": carried.bonus}))
    if cost.damage:
        take_damage(state, actor, cost.damage, rng, events, crit_allowed=False)  # BROKEN-05
    if cost.stress:
        take_damage(state, actor, cost.stress, rng, events, stress=True, crit_allowed=False)


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
    kind = Kind(frame.kind)
    target.overwatch = -1  # ACTN-OVERWATCH-04: attacked in close combat
    actor.hidden = False
    hit = net >= 1  # ATK-05
    events.append(Event("hit" if hit else "miss", actor.id, target.id, {"kind": kind.name.lower()}))
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
            actor.weapons.append(taken)  # ACTN-CLOSE-03: take the held item
            events.append(Event("disarmed", actor.id, target.id, {"weapon": taken.name}))
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
        _wound(state, actor, target, damage, False, frame, rng, events)


def _wound(
    state: GameState,
    actor: Combatant,
    target: Combatant,
    damage: int,
    ranged: bool,
    frame: Frame,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """A hit's damage: cover and armor roll first, the rest lands (BROKEN-04 crit trigger)."""
    damage = protect(state, target, damage, ranged, rng, events)
    take_damage(state, target, damage, rng, events, source=actor.id)
    assert frame.roll is not None
    if state.options.crit_trigger == "two_successes" and damage > 0 and frame.roll.successes >= 2:
        from yz_gym.rules.damage import critical_injury

        critical_injury(state, target, "physical", rng, events)  # BROKEN-04 alternative


def _shot_effect(
    state: GameState,
    frame: Frame,
    actor: Combatant,
    target: Combatant,
    net: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ACTN-SHOOT-01, ATK-05/06, ACTN-RELOAD-01, AUTO-01/02."""
    weapon = held_weapon(state, actor)
    carried = actor.weapons[actor.held]
    actor.hidden = False
    actor.aiming = 0  # ACTN-AIM-01: the bonus is for the next shot only
    hit = net >= 1
    events.append(
        Event("hit" if hit else "miss", actor.id, target.id, {"kind": "shoot", "weapon": carried.name})
    )
    if hit:
        _wound(state, actor, target, weapon.damage + net - 1, True, frame, rng, events)
    if weapon.single_shot:
        carried.loaded = False  # ACTN-RELOAD-01: reload after every shot
    if weapon.thrown:
        actor.weapons.pop(actor.held)  # a thrown weapon leaves your hand
        actor.held = -1
        return
    if frame.option != 1:
        return
    frame.shots += 1
    if hit and frame.shots < 3:  # AUTO-01: hit -> fire again, never more than three shots
        follow = target if not target.out else _next_target(state, actor, target)
        if follow is not None:
            frame.target = follow.id
            frame.stage = S_ROLL
            frame.roll = frame.block_roll = None
            return
    _ammo_supply(state, actor, carried, rng, events)


def _next_target(state: GameState, actor: Combatant, previous: Combatant) -> Combatant | None:
    """AUTO-01: another enemy in the same zone as the one who went down."""
    from yz_gym.rules.attacks import can_shoot

    for other in state.enemies(actor):
        if other.zone == previous.zone and can_shoot(state, actor, other):
            return other
    return None


def _ammo_supply(
    state: GameState, actor: Combatant, carried, rng: np.random.Generator, events: list[Event]
) -> None:  # type: ignore[no-untyped-def]
    """AUTO-02/GEAR-09: after full auto, roll the ammunition supply; each 1 lowers it."""
    pool = dice.pool_dice(0, 0, min(6, carried.supply))
    roll = dice.roll(pool, rng)
    carried.supply -= roll.banes()
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
