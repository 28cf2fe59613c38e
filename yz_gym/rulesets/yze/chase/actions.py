"""What each chase action kind does: the effects of the round's actions when their step comes
(CHASE-FLEE/HIDE/BLOCK/CUTOFF/SHOOT/OTHER, FIRE-04, CHASE-END-04, the catch attack CHASE-FLEE-03),
the modifiers of their rolls, and the answers to the decisions asked while a round resolves (push,
Pride, cancel, catch, hidden). The kinds' specs (chase/kinds.py) name them; chase/resolve.py runs
the round's steps and calls them through the specs.

An effect returns False while its step waits for a decision (a push or the Pride: the step is
resumed, its roll kept on the step), True when the step is done.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.chase.attacks import (
    attack_pool,
    land_attack,
    land_shot,
    miss_reason,
    shot_modifier,
    shot_pool,
    shot_targets,
    target_unit,
    weapon_for,
)
from yz_gym.rulesets.yze.chase.effects import (
    change_altitude,
    claim_pride,
    failed_effects,
    forward,
    make_roll,
    npc_fire,
    obstacle_mod,
    offer_pride,
    offer_push,
    opposing_roll,
    place,
    roll_done,
    roller,
    speed_bonus,
    stage_roll,
)
from yz_gym.rulesets.yze.chase.finish import finish, mark_out
from yz_gym.rulesets.yze.chase.spec import ChaseSpec
from yz_gym.rulesets.yze.chase.state import (
    CK,
    EXTREME,
    LONG,
    MEDIUM,
    PILOT,
    ChaseAction,
    ChaseState,
    Step,
)
from yz_gym.rulesets.yze.combat.attacks import BLANKET_MODIFIER
from yz_gym.rulesets.yze.dice import Roll
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers
from yz_gym.rulesets.yze.rolls import push_roll, roll_data, skill_pool

Rng = np.random.Generator
HIDE_BAND: Final = {MEDIUM: -2, LONG: 0}  # CHASE-HIDE-02: +2 at Extreme
PURPOSE: Final = tuple(kind.name.lower() for kind in CK)  # a maneuver's roll event says what it is for


# --- the modifiers of the rolls (ChaseSpec.dice) --------------------------------------------------


def chase_dice(state: ChaseState, step: Step, c: int, slot: int, act: ChaseAction) -> Modifiers:
    """CHASE-13 the obstacle; CHASE-17, CHASE-SPEED-01 the speed bonus."""
    return NO_MODIFIERS.plus(obstacle_mod(state, CK.CHASE)).plus(speed_bonus(state, step.unit))


def hide_dice(state: ChaseState, step: Step, c: int, slot: int, act: ChaseAction) -> Modifiers:
    """CHASE-HIDE-02: the band's modifier (Medium -2, Long 0, Extreme +2); the obstacle's; OBST-FOOT-5:
    Hide +2 after getting past the monks."""
    u = step.unit
    mod = NO_MODIFIERS.plus(HIDE_BAND.get(state.range(u, act.unit), 2)).plus(obstacle_mod(state, CK.HIDE))
    return mod.plus(2 if u in state.hide_bonus else 0)


def block_dice(state: ChaseState, step: Step, c: int, slot: int, act: ChaseAction) -> Modifiers:
    """CHASE-13: the obstacle."""
    return NO_MODIFIERS.plus(obstacle_mod(state, CK.BLOCK))


def cut_off_dice(state: ChaseState, step: Step, c: int, slot: int, act: ChaseAction) -> Modifiers:
    """CHASE-13 the obstacle; CHASE-CUTOFF-01: -2 at Long or farther."""
    far = state.range(step.unit, act.unit) >= LONG
    return NO_MODIFIERS.plus(obstacle_mod(state, CK.CUT_OFF)).plus(-2 if far else 0)


def _standing(state: ChaseState, slot: int) -> bool:
    """OBST-FOOT-6, OBST-VEH-4..8: an obstacle's modifier, fire and collateral damage for Stand and
    Shoot meet that action (the pilot's own shot); a passenger's or an auto-weapon's shot on the move
    has its own -2 (CHASE-VSHOOT-01/02) unless `passenger_shots_as_stand_and_shoot`."""
    return slot == PILOT or state.options.passenger_shots_as_stand_and_shoot


def shoot_dice(state: ChaseState, step: Step, c: int, slot: int, act: ChaseAction) -> Modifiers:
    """RMOD-06..12 for the band and the target, the passenger penalty, the obstacle (Stand and Shoot)."""
    return shot_modifier(state, c, slot, act, obstacle_mod(state, CK.SHOOT) if _standing(state, slot) else 0)


def extinguish_dice(state: ChaseState, step: Step, c: int, slot: int, act: ChaseAction) -> Modifiers:
    """ACTN-EXTINGUISH-01: the Mobility roll to put a fire out is +2 with a blanket."""
    return NO_MODIFIERS.plus(BLANKET_MODIFIER if "blanket" in state.world.combatants[c].items else 0)


# --- the round's actions (ChaseSpec.effect) ---------------------------------------------------------


def _maneuver_roll(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> Roll | None:  # fmt: skip
    """The unit's roll of `spec.skill` (opposed by the target's `spec.against`), with its dice's
    modifiers (CHASE-14, OPP-01); None while a push or Pride decision is pending."""
    u = step.unit
    mod = spec.dice(state, step, c, slot, act)
    if not spec.against:
        return stage_roll(state, step, rng, events, roller(state, u, spec.skill), spec.skill, mod, PURPOSE[spec.kind])
    other = roller(state, act.unit, spec.against)
    against = spec.against
    return stage_roll(state, step, rng, events, roller(state, u, spec.skill), spec.skill, mod, PURPOSE[spec.kind],
                      lambda: opposing_roll(state, rng, events, other, against))  # fmt: skip


def _target_gone(
    state: ChaseState, c: int, u: int, act: ChaseAction, behind: bool, reach: int, events: list[Event]
) -> bool:
    """The unit aimed at is no longer a pursuer of u (`behind`) or its prey, or is nearer than `reach`,
    when the action comes: it fails (no target)."""
    t = act.unit
    ok = t >= 0 and state.chasing(u, t) and (state.ahead(u, t) if behind else state.ahead(t, u))
    ok = ok and state.range(u, t) >= reach
    if not ok:
        events.append(Event("action_failed", c, -1, {"action": act.kind.name.lower(), "why": "no target"}))
    return not ok


def _part(state: ChaseState, u: int, t: int) -> None:
    """The units acting with u and those acting with t stop chasing each other for good."""
    for m in state.members(u):
        for e in state.members(t):
            state.separate(m, e)


def chase_effect(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> bool:  # fmt: skip
    """CHASE-FLEE-01: one band forward per success (VEH-AIR-03: one may be vertical)."""
    u = step.unit
    roll = _maneuver_roll(state, step, spec, c, slot, act, rng, events)
    if roll is None:
        return False
    moves = roll.successes
    if moves and change_altitude(state, u, act.option, events):
        moves -= 1  # VEH-AIR-03: that zone of movement was vertical
    roll_done(state, step, rng, events)
    forward(state, u, moves, events)
    if roll.successes == 0:
        failed_effects(state, u, spec.kind, rng, events)
    return True


def hide_effect(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> bool:  # fmt: skip
    """CHASE-HIDE-01..05: Stealth against the pursuer's Observation; won, the chase ends for them."""
    u, t = step.unit, act.unit
    if _target_gone(state, c, u, act, True, MEDIUM, events):  # CHASE-HIDE-01: not at Short or closer
        return True
    roll = _maneuver_roll(state, step, spec, c, slot, act, rng, events)
    if roll is None:
        return False
    won = step.opp is not None and roll.successes > step.opp.successes  # CHASE-HIDE-03/05
    roll_done(state, step, rng, events)
    if not won:
        events.append(Event("not_hidden", c, state.units[t].pilot))
        return True
    _part(state, u, t)  # CHASE-HIDE-04: the chase ends for them
    events.append(Event("hidden", c, state.units[t].pilot))
    step.target = t
    step.stage = 4
    if state.options.hide_ambush:
        state.asking, state.ask = c, "hidden"
        return False
    return True


def block_effect(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> bool:  # fmt: skip
    """CHASE-BLOCK-01: Force; a success pushes the pursuer one band back, however many successes."""
    u, t = step.unit, act.unit
    if _target_gone(state, c, u, act, True, 0, events):
        return True
    roll = _maneuver_roll(state, step, spec, c, slot, act, rng, events)
    if roll is None:
        return False
    roll_done(state, step, rng, events)
    if roll.successes >= 1:
        behind = state.members(t)
        place(state, behind, state.units[t].pos - 1)
        state.blocked.update(behind)  # CHASE-BLOCK-02: a blocked pursuer rolls Force [Driving] first
        events.append(Event("blocked", c, state.units[t].pilot))
    else:
        failed_effects(state, u, spec.kind, rng, events)
    return True


def cut_off_effect(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> bool:  # fmt: skip
    """CHASE-CUTOFF-01..03: Mobility against the prey's; won, Engaged; lost or tied, Extreme."""
    u, t = step.unit, act.unit
    if _target_gone(state, c, u, act, False, 0, events):
        return True
    band = state.range(u, t)
    roll = _maneuver_roll(state, step, spec, c, slot, act, rng, events)
    if roll is None:
        return False
    won = step.opp is not None and roll.successes > step.opp.successes  # ties lose (CUTOFF-03)
    roll_done(state, step, rng, events)
    if won:
        place(state, state.members(u), state.units[t].pos)  # CHASE-CUTOFF-02: Engaged
        state.catches.append((u, 0))
        events.append(Event("cut_off", c, state.units[t].pilot))
    elif band >= EXTREME:
        _part(state, u, t)  # CHASE-CUTOFF-03/END-01: at Extreme the chase ends
        events.append(Event("cut_off_failed", c, state.units[t].pilot, {"range": "beyond"}))
    else:
        place(state, state.members(u), state.units[t].pos - EXTREME)  # CHASE-CUTOFF-03
        events.append(Event("cut_off_failed", c, state.units[t].pilot, {"range": "Extreme"}))
        failed_effects(state, u, spec.kind, rng, events)
    return True


def shoot_effect(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> bool:  # fmt: skip
    """CHASE-SHOOT-01 / CHASE-VSHOOT-01..04: one ranged attack at the current band."""
    weapon = weapon_for(state, c, act.option)
    if weapon is None or act._replace(option=-1) not in shot_targets(state, c, weapon):
        events.append(Event("action_failed", c, act.target, {"action": "shoot", "why": miss_reason(state, c, weapon, act)}))
        return True
    standing = _standing(state, slot)
    if step.roll is None:
        pool = shot_pool(state, c, slot, weapon, spec.dice(state, step, c, slot, act), act.option)
        person = state.world.combatants[c]
        tool = person.held if act.option < 0 else -1
        shown = "Mobility" if weapon.thrown and slot < 0 else spec.skill  # ATK-03: thrown weapons
        make_roll(state, step, rng, events, c if slot < 0 else -1, pool, shown, shown, "shoot", tool)
        if slot >= 0:
            step.roller = -1  # CHASE-VSHOOT-04: the weapon's own roll; nobody pushes it
        else:
            offer_push(state, step)
    if step.waiting:
        return False
    assert step.roll is not None
    roll = step.roll
    roll_done(state, step, rng, events)
    if not land_shot(state, c, weapon, act, roll, rng, events) and standing:
        failed_effects(state, state.unit_of(c), spec.kind, rng, events)
    if standing:
        npc_fire(state, c, rng, events)
    return True


def extinguish_effect(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> bool:  # fmt: skip
    """FIRE-04 / ACTN-EXTINGUISH-01: a Mobility roll (+2 with a blanket) puts the fire out."""
    world = state.world
    target = world.combatants[act.target]
    if not target.burning:
        return True
    if step.roll is None:
        person = world.combatants[c]
        pool = skill_pool(world, person, spec.skill, 0, spec.dice(state, step, c, slot, act))
        make_roll(state, step, rng, events, c, pool, spec.skill, spec.skill, "extinguish")
        offer_push(state, step)
    if step.waiting:
        return False
    assert step.roll is not None
    ok = step.roll.successes >= 1
    roll_done(state, step, rng, events)
    if ok:
        target.burning = 0
        events.append(Event("fire_out", c, target.id))
    return True


def fight_effect(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> bool:  # fmt: skip
    """CHASE-END-04: at Engaged with an enemy at the same altitude, the chase turns into combat."""
    u = step.unit
    if any(state.range(u, e) == 0 and state.altitude(e) == state.altitude(u) for e in state.enemies(u)):
        state.handover = {"kind": "combat", "by": c, "range": "engaged"}
        finish(state, f"{state.world.combatants[c].name} turns to fight: combat begins", events, combat=True)
    else:
        events.append(Event("action_failed", c, -1, {"action": "fight", "why": "not engaged"}))
    return True


def other_effect(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> bool:  # fmt: skip
    """CHASE-OTHER-01: no movement relative to the others (an air pilot may climb or descend)."""
    change_altitude(state, step.unit, act.option, events)
    events.append(Event("other", c))
    return True


def attack_effect(
    state: ChaseState, step: Step, spec: ChaseSpec, c: int, slot: int, act: ChaseAction, rng: Rng,
    events: list[Event],
) -> bool:  # fmt: skip
    """CHASE-FLEE-03, CHASE-END-02: the catch's close attack or ram; the prey is caught."""
    u = step.unit
    if step.roll is None:
        pool, cost, tool = attack_pool(state, u, spec.skill, spec.dice(state, step, c, slot, act))
        vehicle = state.units[u].vehicle
        shown = spec.skill if vehicle < 0 else state.vehicles[vehicle].options.vehicle_skill
        make_roll(state, step, rng, events, c, pool, shown, cost, "ram" if vehicle >= 0 else "close_attack", tool)
        offer_push(state, step)
    if step.waiting:
        return False
    assert step.roll is not None
    roll = step.roll
    t = target_unit(state, act)
    roll_done(state, step, rng, events)
    land_attack(state, u, act, roll, rng, events)
    state.caught.add(t)
    events.append(Event("caught", c, state.units[t].pilot))  # CHASE-END-02
    if state.options.chase_after_catch == "end":
        state.units[t].status = "caught"
        finish(state, f"{state.world.combatants[state.units[t].pilot].name} is caught", events, catcher=u)
    elif state.options.chase_after_catch == "fight":
        mark_out(state, events)  # CHASE-END-04: a prey Broken or wrecked by the attack is simply caught
        if state.active(t) and state.active(u):  # (a ram's ricochet may wreck the rammer)
            prey = state.units[t].pilot
            state.handover = {"kind": "combat", "by": c, "range": "engaged", "target": prey}
            name = state.world.combatants[prey].name
            finish(state, f"{name} is caught and turns to fight: combat begins", events, combat=True)
    return True


# --- the answers to decisions asked while the round resolves (ChaseSpec.answer) ---------------------


def push_answer(state: ChaseState, step: Step, ask: str, action: ChaseAction, rng: Rng, events: list[Event]) -> None:
    """PUSH-04..07, CHASE-15: the roller pushes the step's roll; then the Pride may be asked (DICE-13)."""
    step.waiting = False
    if step.roll is not None:
        c = state.world.combatants[step.roller]
        step.roll = push_roll(state.world, c, step.roll, rng)
        events.append(Event("push", c.id, -1, {"skill": step.skill, **roll_data(step.roll)}))
    offer_pride(state, step)


def decline_answer(state: ChaseState, step: Step, ask: str, action: ChaseAction, rng: Rng, events: list[Event]) -> None:
    """Not pushed: the roll is final and the Pride may be asked (DICE-13); or the Pride is kept."""
    step.waiting = False
    if ask == "push":
        offer_pride(state, step)


def pride_answer(state: ChaseState, step: Step, ask: str, action: ChaseAction, rng: Rng, events: list[Event]) -> None:
    """DICE-13: one automatic success on the step's roll."""
    step.waiting = False
    claim_pride(state, step, events)


def go_on(state: ChaseState, step: Step, ask: str, action: ChaseAction, rng: Rng, events: list[Event]) -> None:
    """The step goes on as it was (KEEP: CHASE-12; ESCAPE: the hidden prey has left, CHASE-HIDE-04)."""


def cancel_answer(state: ChaseState, step: Step, ask: str, action: ChaseAction, rng: Rng, events: list[Event]) -> None:
    """CHASE-12: the revealed action is cancelled: do nothing this round."""
    step.stage = 5 if step.kind == "act" else 2
    events.append(Event("cancelled", step.actor))


def catch_answer(state: ChaseState, step: Step, ask: str, action: ChaseAction, rng: Rng, events: list[Event]) -> None:
    """CHASE-FLEE-03: the catch attack is chosen; it is rolled when the catch step goes on (its effect)."""
    step.choice = action


def stay_answer(state: ChaseState, step: Step, ask: str, action: ChaseAction, rng: Rng, events: list[Event]) -> None:
    """CHASE-FLEE-04: stay Engaged."""
    step.choice = action
    events.append(Event("stay_engaged", state.units[step.unit].pilot))


def overtake_answer(state: ChaseState, step: Step, ask: str, action: ChaseAction, rng: Rng, events: list[Event]) -> None:
    """CHASE-FLEE-04: move past the prey at once, the surplus successes setting the range."""
    step.choice = action
    u = step.unit
    ahead = [e for e in state.in_front(u) if state.units[e].pos == state.units[u].pos]
    prey = ahead[0]
    place(state, state.members(u), state.units[prey].pos + step.extra)
    events.append(Event("overtake", state.units[u].pilot, state.units[prey].pilot, {"bands": step.extra}))


def ambush_answer(state: ChaseState, step: Step, ask: str, action: ChaseAction, rng: Rng, events: list[Event]) -> None:
    """CHASE-HIDE-04: instead of leaving, the prey springs a sneak attack: combat begins."""
    pilot = state.units[step.unit].pilot
    target = state.units[step.target].pilot
    state.handover = {"kind": "ambush", "attacker": pilot, "target": target}
    name = state.world.combatants[pilot].name
    finish(state, f"{name} springs an ambush: combat begins", events, combat=True)
