"""A chase round after the choices (CHASE-09..17, CHASE-FLEE/HIDE/BLOCK/CUTOFF/SHOOT/OTHER,
CHASE-VSHOOT, CHASE-MULTI, CHASE-END, OBST-*): the obstacle, the reveal, the resolution prey
first and pursuer last, the catches, and the end of the round.

The round is a queue of steps. A step that needs a decision (cancel, push, catch, hide) sets
`state.asking` and returns; `chase.apply` records the answer and the queue goes on. Rolls are
kept on the step, so a resumed step never rolls again.

Readings (documented choices):
- Chase/Flee moves a unit forward along the strip, so it closes on everyone ahead and leaves
  everyone behind (CHASE-MULTI-05). It stops at the nearest enemy ahead (Engaged); successes
  left over may overtake (CHASE-FLEE-04). Block pushes the blocked pursuer one band back;
  Cut Off puts the pursuer Engaged with its target, or Extreme from it.
- A catch (CHASE-FLEE-03) is open to a unit that chose Chase/Flee or won a Cut Off and ends the
  round at its prey's position; in grouped mode its side's leader decides and its pilot attacks.
- After a catch the chase goes on at Engaged (`chase_after_catch: continue`); a unit whose
  vehicle is wrecked or whose runner is out by the catch attack is "caught" (CHASE-END-02/04).
  With `chase_after_catch: fight` a prey still in the chase after the catch attack turns the
  chase into combat at once (the pursuer's switch of CHASE-END-04): `state.handover` records
  {"kind": "combat", "by": catcher, "range": "engaged", "target": prey}.
- Pilots who are out are replaced at the end of the round by the first passenger able to act
  (grabbing the wheel); a vehicle with nobody to drive it is out of the chase (CHASE-END-03).
- For the damage rules everyone in a chase is in one zone (friends see a friend fall, STRESS-04/06).
- Burning people suffer their fire attack at the end of each round (FIRE-02), lethal injuries
  tick (DEATH-01), burning vehicles burn, an air vehicle with a failed engine descends.
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
    check_result,
    current_obstacle,
    failed_effects,
    forward,
    make_roll,
    npc_fire,
    obstacle_check,
    obstacle_mod,
    offer_push,
    opposing_roll,
    place,
    roll_done,
    roller,
    speed_bonus,
    stage_roll,
)
from yz_gym.rulesets.yze.chase.end import end_round, finish, mark_out
from yz_gym.rulesets.yze.chase.legal import catch_actions
from yz_gym.rulesets.yze.chase.state import (
    ACTIVE,
    CK,
    EXTREME,
    LONG,
    MEDIUM,
    PILOT,
    ChaseAction,
    ChaseState,
    Phase,
    Step,
)
from yz_gym.rulesets.yze.combat.attacks import BLANKET_MODIFIER
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS
from yz_gym.rulesets.yze.rolls import skill_pool

OTHER: Final = ChaseAction(CK.OTHER)


# --- the round --------------------------------------------------------------------------------


def reveal(state: ChaseState, rng: np.random.Generator, events: list[Event]) -> None:
    """CHASE-09..11: draw one obstacle, reveal every action at once, line up prey first."""
    state.phase = Phase.RESOLVE
    state.obstacle = 0
    table = state.scenario.obstacle_table
    if state.options.obstacles and table != "none":
        state.obstacle = int(rng.random() * 10) + 1  # D10
        o = current_obstacle(state)
        assert o is not None
        events.append(
            Event("obstacle", -1, -1, {"row": o.row, "name": o.name, "table": table, "rule": o.rule_id})
        )
    grouped = state.options.chase_multi == "grouped"
    state.acts = {}
    for u, unit in enumerate(state.units):
        if unit.status != "in":
            continue
        lead = state.leader(unit.side) if grouped else u
        act = OTHER if lead in state.lost else state.choices.get((state.units[lead].pilot, PILOT), OTHER)
        state.acts[u] = act
    for (c, slot), act in sorted(state.choices.items()):
        events.append(Event("revealed", c, act.target, {"slot": slot, "action": act.kind.name.lower(),
                                                         "unit": act.unit, "vehicle": act.vehicle}))  # fmt: skip
    reps = (
        sorted(state.acts) if not grouped else sorted({state.leader(state.units[u].side) for u in state.acts})
    )
    reps.sort(key=lambda u: (-state.units[u].pos, state.units[u].stamp))  # CHASE-11, CHASE-MULTI-08
    state.queue = []
    for u in reps:
        state.queue.append(Step("act", state.units[u].pilot, u))
        for m in state.members(u):
            for c, slot in _shooters(state, m):
                state.queue.append(Step("shot", c, m, slot))  # CHASE-VSHOOT-01: right after the driver
    state.queue.append(Step("catches", -1))
    state.queue.append(Step("end", -1))
    state.cursor = 0


def _shooters(state: ChaseState, u: int) -> list[tuple[int, int]]:
    return sorted(
        (c, slot) for (c, slot), a in state.choices.items()
        if slot != PILOT and a.kind in (CK.SHOOT, CK.EXTINGUISH) and state.unit_of(c) == u
    )  # fmt: skip


def run(state: ChaseState, rng: np.random.Generator, events: list[Event]) -> None:
    """Resolve steps until a decision is needed or the round (or chase) is over."""
    handlers = {"act": _act, "shot": _shot, "catches": _catches, "catch": _catch, "end": end_round}
    while state.phase == Phase.RESOLVE and state.asking < 0:
        step = state.queue[state.cursor]
        if step.stage == 0:
            mark_out(state, events)
        done = handlers[step.kind](state, step, rng, events)
        if state.phase != Phase.RESOLVE:
            return
        if done:
            state.cursor += 1


def _ask_cancel(state: ChaseState, step: Step, who: int) -> bool:
    """CHASE-12: the revealed action may be cancelled (never switched)."""
    if state.options.ask_cancel:
        state.asking, state.ask = who, "cancel"
        return True
    return False


def _act(state: ChaseState, step: Step, rng: np.random.Generator, events: list[Event]) -> bool:
    """One unit's (or grouped side's) chase action."""
    u = step.unit
    act = state.acts.get(u, OTHER)
    pilot = state.world.combatants[state.units[u].pilot]
    if not state.active(u) or pilot.out or u in state.lost:
        return True
    if step.stage == 0:
        step.stage = 1
        if act.kind in ACTIVE and u not in state.failed and _ask_cancel(state, step, pilot.id):
            return False
    if step.stage == 1:  # an obstacle's no-action roll (OBST-*)
        check = None if u in state.failed else obstacle_check(state, u, act)
        if check is not None:
            name, skill = check
            r = roller(state, u, skill)
            roll = stage_roll(state, step, rng, events, r, skill, 0, name)
            if roll is None:
                return False
            ok = roll.successes >= 1
            roll_done(state, step, rng, events)
            check_result(state, u, name, ok, rng, events, r)
            if not state.active(u):
                return True
        step.stage = 2
    if step.stage == 2:  # CHASE-BLOCK-02: a blocked pursuer rolls Force [Driving] first
        if u in state.blocked and u not in state.failed and act.kind in ACTIVE:
            roll = stage_roll(
                state, step, rng, events, roller(state, u, "Force"), "Force", 0, "get_past_block"
            )
            if roll is None:
                return False
            if roll.successes == 0:
                state.failed.add(u)
                events.append(Event("stopped_by_block", pilot.id))
            roll_done(state, step, rng, events)
        step.stage = 3
    if step.stage == 3:
        if u in state.failed:
            if act.kind in ACTIVE:
                events.append(Event("action_failed", pilot.id, -1, {"action": act.kind.name.lower()}))
            return True
        o = current_obstacle(state)
        if o is not None and act.kind in o.prey_fails and state.is_prey(u):
            events.append(
                Event("action_failed", pilot.id, -1, {"action": act.kind.name.lower(), "why": o.name})
            )
            return True  # OBST-FOOT-1 / OBST-VEH-1: dead end
        return _main(state, step, act, rng, events)
    return True  # 4: after a won Hide; 5: cancelled (CHASE-12)


def _valid_target(state: ChaseState, u: int, act: ChaseAction) -> bool:
    t = act.unit
    if t < 0 or not state.chasing(u, t):
        return False
    if act.kind in (CK.HIDE, CK.BLOCK):
        return state.ahead(u, t) and (act.kind != CK.HIDE or state.range(u, t) >= MEDIUM)
    return state.ahead(t, u)


def _main(
    state: ChaseState, step: Step, act: ChaseAction, rng: np.random.Generator, events: list[Event]
) -> bool:
    """CHASE-FLEE, HIDE, BLOCK, CUTOFF, SHOOT, OTHER, END-04."""
    u = step.unit
    pilot = state.units[u].pilot
    kind = act.kind
    if kind in (CK.HIDE, CK.BLOCK, CK.CUT_OFF) and not _valid_target(state, u, act):
        events.append(Event("action_failed", pilot, -1, {"action": kind.name.lower(), "why": "no target"}))
        return True
    if kind == CK.CHASE:
        mod = NO_MODIFIERS.plus(obstacle_mod(state, kind)).plus(speed_bonus(state, u))
        roll = stage_roll(state, step, rng, events, roller(state, u, "Mobility"), "Mobility", mod, "chase")
        if roll is None:
            return False
        moves = roll.successes
        if moves and change_altitude(state, u, act.option, events):
            moves -= 1  # VEH-AIR-03: that zone of movement was vertical
        roll_done(state, step, rng, events)
        forward(state, u, moves, events)
        if roll.successes == 0:
            failed_effects(state, u, kind, rng, events)
        return True
    if kind == CK.HIDE:
        t = act.unit
        band = state.range(u, t)
        mod = NO_MODIFIERS.plus({MEDIUM: -2, LONG: 0}.get(band, 2)).plus(obstacle_mod(state, kind))  # CHASE-HIDE-02
        mod = mod.plus(2 if u in state.hide_bonus else 0)  # OBST-FOOT-5
        watcher = roller(state, t, "Observation")
        roll = stage_roll(state, step, rng, events, roller(state, u, "Stealth"), "Stealth", mod, "hide",
                     lambda: opposing_roll(state, rng, events, watcher, "Observation"))  # fmt: skip
        if roll is None:
            return False
        won = step.opp is not None and roll.successes > step.opp.successes  # CHASE-HIDE-03/05
        roll_done(state, step, rng, events)
        if not won:
            events.append(Event("not_hidden", pilot, state.units[t].pilot))
            return True
        for m in state.members(u):
            for e in state.members(t):
                state.separate(m, e)  # CHASE-HIDE-04: the chase ends for them
        events.append(Event("hidden", pilot, state.units[t].pilot))
        step.target = t
        step.stage = 4
        if state.options.hide_ambush:
            state.asking, state.ask = pilot, "hidden"
            return False
        return True
    if kind == CK.BLOCK:
        t = act.unit
        roll = stage_roll(
            state, step, rng, events, roller(state, u, "Force"), "Force", obstacle_mod(state, kind), "block"
        )
        if roll is None:
            return False
        roll_done(state, step, rng, events)
        if roll.successes >= 1:  # CHASE-BLOCK-01: one band, however many successes
            behind = state.members(t)
            place(state, behind, state.units[t].pos - 1)
            state.blocked.update(behind)
            events.append(Event("blocked", pilot, state.units[t].pilot))
        else:
            failed_effects(state, u, kind, rng, events)
        return True
    if kind == CK.CUT_OFF:
        t = act.unit
        band = state.range(u, t)
        mod = NO_MODIFIERS.plus(obstacle_mod(state, kind)).plus(-2 if band >= LONG else 0)  # CHASE-CUTOFF-01
        other = roller(state, t, "Mobility")
        roll = stage_roll(state, step, rng, events, roller(state, u, "Mobility"), "Mobility", mod, "cut_off",
                     lambda: opposing_roll(state, rng, events, other, "Mobility"))  # fmt: skip
        if roll is None:
            return False
        won = step.opp is not None and roll.successes > step.opp.successes  # ties lose (CUTOFF-03)
        roll_done(state, step, rng, events)
        if won:
            place(state, state.members(u), state.units[t].pos)  # CHASE-CUTOFF-02: Engaged
            state.catches.append((u, 0))
            events.append(Event("cut_off", pilot, state.units[t].pilot))
        elif band >= EXTREME:
            for m in state.members(u):
                for e in state.members(t):
                    state.separate(m, e)  # CHASE-CUTOFF-03/END-01: at Extreme the chase ends
            events.append(Event("cut_off_failed", pilot, state.units[t].pilot, {"range": "beyond"}))
        else:
            place(state, state.members(u), state.units[t].pos - EXTREME)  # CHASE-CUTOFF-03
            events.append(Event("cut_off_failed", pilot, state.units[t].pilot, {"range": "Extreme"}))
            failed_effects(state, u, kind, rng, events)
        return True
    if kind == CK.SHOOT:
        return _fire(state, step, pilot, PILOT, act, rng, events)
    if kind == CK.FIGHT:
        if any(state.range(u, e) == 0 and state.altitude(e) == state.altitude(u) for e in state.enemies(u)):
            state.handover = {"kind": "combat", "by": pilot, "range": "engaged"}  # CHASE-END-04
            finish(
                state,
                f"{state.world.combatants[pilot].name} turns to fight: combat begins",
                events,
                combat=True,
            )
        else:
            events.append(Event("action_failed", pilot, -1, {"action": "fight", "why": "not engaged"}))
        return True
    if kind == CK.EXTINGUISH:
        return _extinguish(state, step, pilot, act, rng, events)
    change_altitude(state, u, act.option, events)  # CHASE-OTHER-01: no movement relative to the others
    events.append(Event("other", pilot))
    return True


def ambush(state: ChaseState, step: Step, events: list[Event]) -> None:
    """CHASE-HIDE-04: instead of leaving, the prey springs a sneak attack: combat begins."""
    pilot = state.units[step.unit].pilot
    target = state.units[step.target].pilot
    state.handover = {"kind": "ambush", "attacker": pilot, "target": target}
    name = state.world.combatants[pilot].name
    finish(state, f"{name} springs an ambush: combat begins", events, combat=True)


def _fire(
    state: ChaseState,
    step: Step,
    c: int,
    slot: int,
    act: ChaseAction,
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """CHASE-SHOOT-01 / CHASE-VSHOOT-01..04: one ranged attack at the current band."""
    weapon = weapon_for(state, c, act.option)
    if weapon is None or act._replace(option=-1) not in shot_targets(state, c, weapon):
        events.append(Event("action_failed", c, act.target, {"action": "shoot", "why": miss_reason(state, c, weapon, act)}))
        return True
    # OBST-FOOT-6, OBST-VEH-4..8: an obstacle's modifier, fire and collateral damage for Stand and
    # Shoot meet that action (the pilot's own shot); a passenger's or an auto-weapon's shot on the
    # move has its own -2 (CHASE-VSHOOT-01/02) unless `passenger_shots_as_stand_and_shoot`
    standing = slot == PILOT or state.options.passenger_shots_as_stand_and_shoot
    if step.roll is None:
        mod = shot_modifier(state, c, slot, act, obstacle_mod(state, CK.SHOOT) if standing else 0)
        pool = shot_pool(state, c, slot, weapon, mod, act.option)
        person = state.world.combatants[c]
        tool = person.held if act.option < 0 else -1
        shown = "Mobility" if weapon.thrown and slot < 0 else "Marksmanship"
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
        failed_effects(state, state.unit_of(c), CK.SHOOT, rng, events)
    if standing:
        npc_fire(state, c, rng, events)
    return True


def _extinguish(
    state: ChaseState, step: Step, c: int, act: ChaseAction, rng: np.random.Generator, events: list[Event]
) -> bool:
    """FIRE-04 / ACTN-EXTINGUISH-01: a Mobility roll (+2 with a blanket) puts the fire out."""
    world = state.world
    target = world.combatants[act.target]
    if not target.burning:
        return True
    if step.roll is None:
        person = world.combatants[c]
        bonus = BLANKET_MODIFIER if "blanket" in person.items else 0
        make_roll(state, step, rng, events, c, skill_pool(world, person, "Mobility", 0, bonus), "Mobility",
              "Mobility", "extinguish")  # fmt: skip
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


def _shot(state: ChaseState, step: Step, rng: np.random.Generator, events: list[Event]) -> bool:
    """A passenger's (or grouped member's) shot right after its driver's action."""
    c = step.actor
    act = state.choices.get((c, step.slot), OTHER)
    if not state.active(step.unit) or state.world.combatants[c].out:
        return True
    if step.stage == 0:
        step.stage = 1
        if _ask_cancel(state, step, c):
            return False
    if step.stage == 2:
        return True  # cancelled
    if act.kind == CK.EXTINGUISH:
        return _extinguish(state, step, c, act, rng, events)
    return _fire(state, step, c, step.slot, act, rng, events)


def _catches(state: ChaseState, step: Step, rng: np.random.Generator, events: list[Event]) -> bool:
    """CHASE-FLEE-02/03: after everyone has acted, pursuers at Engaged may attack."""
    best: dict[int, int] = {}
    for u, surplus in state.catches:
        best[u] = max(best.get(u, 0), surplus)
    new = [
        Step("catch", state.units[u].pilot, u, extra=surplus)
        for u, surplus in best.items()
        if state.active(u) and not state.world.combatants[state.units[u].pilot].out
    ]
    state.queue[state.cursor + 1 : state.cursor + 1] = new
    return True


def _catch(state: ChaseState, step: Step, rng: np.random.Generator, events: list[Event]) -> bool:
    """CHASE-FLEE-03/04, CHASE-END-02: attack, stay Engaged, or overtake."""
    u = step.unit
    pilot = state.units[u].pilot
    if step.stage == 0:
        if not state.active(u) or state.world.combatants[pilot].out:
            return True
        if not any(state.units[e].pos == state.units[u].pos for e in state.in_front(u)):
            return True  # the prey got away after all
        legal = catch_actions(state, u, step.extra)
        if len(legal) == 1:
            return True
        step.stage = 1
        state.asking, state.ask = pilot, "catch"
        return False
    choice = step.choice
    assert choice is not None
    if choice.kind != CK.ATTACK:
        return True
    if step.roll is None:
        pool, cost, tool = attack_pool(state, u)
        shown = (
            "Melee"
            if state.units[u].vehicle < 0
            else state.vehicles[state.units[u].vehicle].options.vehicle_skill
        )
        make_roll(
            state,
            step,
            rng,
            events,
            pilot,
            pool,
            shown,
            cost,
            "ram" if state.units[u].vehicle >= 0 else "close_attack",
            tool,
        )
        offer_push(state, step)
    if step.waiting:
        return False
    assert step.roll is not None
    roll = step.roll
    t = target_unit(state, choice)
    roll_done(state, step, rng, events)
    land_attack(state, u, choice, roll, rng, events)
    state.caught.add(t)
    events.append(Event("caught", pilot, state.units[t].pilot))  # CHASE-END-02
    if state.options.chase_after_catch == "end":
        state.units[t].status = "caught"
        finish(state, f"{state.world.combatants[state.units[t].pilot].name} is caught", events, catcher=u)
    elif state.options.chase_after_catch == "fight":
        mark_out(state, events)  # CHASE-END-04: a prey Broken or wrecked by the attack is simply caught
        if state.active(t) and state.active(u):  # (a ram's ricochet may wreck the rammer)
            prey = state.units[t].pilot
            state.handover = {"kind": "combat", "by": pilot, "range": "engaged", "target": prey}
            name = state.world.combatants[prey].name
            finish(state, f"{name} is caught and turns to fight: combat begins", events, combat=True)
    return True


def answer_catch(state: ChaseState, action: ChaseAction, events: list[Event]) -> None:
    """Record the catch decision; OVERTAKE moves past the prey at once (CHASE-FLEE-04)."""
    step = state.queue[state.cursor]
    step.choice = action
    u = step.unit
    if action.kind == CK.OVERTAKE:
        ahead = [e for e in state.in_front(u) if state.units[e].pos == state.units[u].pos]
        prey = ahead[0]
        place(state, state.members(u), state.units[prey].pos + step.extra)
        events.append(Event("overtake", state.units[u].pilot, state.units[prey].pilot, {"bands": step.extra}))
    elif action.kind == CK.STAY:
        events.append(Event("stay_engaged", state.units[u].pilot))


__all__ = ["ambush", "answer_catch", "reveal", "run"]
