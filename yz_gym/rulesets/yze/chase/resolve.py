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
from yz_gym.rulesets.yze.chase.effects import (
    check_result,
    current_obstacle,
    obstacle_check,
    roll_done,
    roller,
    stage_roll,
)
from yz_gym.rulesets.yze.chase.end import end_round
from yz_gym.rulesets.yze.chase.finish import mark_out
from yz_gym.rulesets.yze.chase.kinds import SPECS
from yz_gym.rulesets.yze.chase.legal import offered
from yz_gym.rulesets.yze.chase.state import CK, PILOT, ChaseAction, ChaseState, Phase, Step

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
        if slot != PILOT and SPECS[a.kind].own_step and state.unit_of(c) == u
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
    spec = SPECS[act.kind]
    if step.stage == 0:
        step.stage = 1
        if spec.active and u not in state.failed and _ask_cancel(state, step, pilot.id):
            return False
    if step.stage == 1:  # an obstacle's no-action roll (OBST-*)
        check = None if u in state.failed else obstacle_check(state, u, act, spec.active)
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
        if u in state.blocked and u not in state.failed and spec.active:
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
            if spec.active:
                events.append(Event("action_failed", pilot.id, -1, {"action": act.kind.name.lower()}))
            return True
        o = current_obstacle(state)
        if o is not None and act.kind in o.prey_fails and state.is_prey(u):
            events.append(
                Event("action_failed", pilot.id, -1, {"action": act.kind.name.lower(), "why": o.name})
            )
            return True  # OBST-FOOT-1 / OBST-VEH-1: dead end
        assert spec.effect is not None
        return spec.effect(state, step, spec, pilot.id, PILOT, act, rng, events)
    return True  # 4: after a won Hide; 5: cancelled (CHASE-12)


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
    spec = SPECS[act.kind]
    assert spec.effect is not None
    return spec.effect(state, step, spec, c, step.slot, act, rng, events)


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
        legal = offered(state, "catch", pilot, PILOT, u, step.extra)
        if len(legal) == 1:
            return True
        step.stage = 1
        state.asking, state.ask = pilot, "catch"
        return False
    choice = step.choice
    assert choice is not None
    spec = SPECS[choice.kind]
    if spec.effect is None:
        return True  # stayed Engaged or overtook (their answers did it)
    return spec.effect(state, step, spec, pilot, PILOT, choice, rng, events)


__all__ = ["reveal", "run"]
