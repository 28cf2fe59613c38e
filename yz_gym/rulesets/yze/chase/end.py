"""The end of a chase round (CHASE-FLEE-02, CHASE-END-01..05): fire and
injuries tick, drivers are replaced, who is out leaves, who got away is done (chase/finish.py: the winner).
"""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.chase.finish import finish
from yz_gym.rulesets.yze.chase.legal import start_choosing
from yz_gym.rulesets.yze.chase.state import BEYOND, ChaseState, Phase, Step
from yz_gym.rulesets.yze.combat.damage import fire_attack, fire_deaths, tick_lethal_injuries
from yz_gym.rulesets.yze.vehicles.damage import round_end
from yz_gym.rulesets.yze.vehicles.operation import take_wheel


def end_round(state: ChaseState, step: Step, rng: np.random.Generator, events: list[Event]) -> bool:
    """The end of a round: fire, injuries, drivers, who is out, who got away (CHASE-FLEE-02,
    CHASE-END-01/03/05); then the next round."""
    world = state.world
    for unit in state.units:
        if unit.vehicle >= 0 and unit.status == "in":
            round_end(world, state.vehicles[unit.vehicle], rng, events)
    for u, unit in enumerate(state.units):
        if unit.status != "in":
            continue
        for c in state.crew(u):
            person = world.combatants[c]
            if person.burning and not person.dead:
                fire_attack(world, person, rng, events)  # FIRE-02
            fire_deaths(world, person, rng, events)  # FIRE-05
    tick_lethal_injuries(world, rng, events)  # DEATH-01
    update_units(state, events)
    for a in range(len(state.units)):
        for b in range(a + 1, len(state.units)):
            if state.chasing(a, b) and state.range(a, b) >= BEYOND:
                state.separate(a, b)  # CHASE-FLEE-02: beyond Extreme
                events.append(Event("out_of_sight", state.units[a].pilot, state.units[b].pilot))
    settle(state, events)
    if state.phase == Phase.OVER:
        return True
    if state.round >= state.options.chase_max_rounds:
        for unit in state.units:
            if unit.status == "in":
                unit.status = "lost" if unit.side == state.scenario.pursuer else "escaped"  # CHASE-END-05
        finish(state, f"the chase limit of {state.options.chase_max_rounds} rounds is reached", events, limit=True)
        return True
    next_round(state, events)
    return True


def update_units(state: ChaseState, events: list[Event]) -> None:
    """CHASE-END-03: out when Broken or the vehicle is a wreck; a passenger takes a free wheel."""
    world = state.world
    for u, unit in enumerate(state.units):
        if unit.status != "in":
            continue
        gone = False
        if unit.vehicle >= 0:
            v = state.vehicles[unit.vehicle]
            if v.wrecked:
                gone = True
            elif v.driver < 0 or world.combatants[v.driver].out:
                able = [o for o in v.occupants if not world.combatants[o].out]
                if able:
                    if v.driver >= 0:
                        v.driver = -1
                    take_wheel(v, able[0])  # ACT-FAST-WHEEL
                    unit.pilot = able[0]
                    events.append(Event("took_wheel", able[0], -1, {"vehicle": v.name}))
                else:
                    gone = True
        else:
            gone = world.combatants[unit.pilot].out
        if gone:
            unit.status = "caught" if u in state.caught else "out"
            events.append(Event("out_of_chase", unit.pilot, -1, {"status": unit.status}))


def settle(state: ChaseState, events: list[Event]) -> None:
    """Units with no one left to chase or flee are done (CHASE-END-01); the chase ends when no
    two enemies are still in it."""
    for u, unit in enumerate(state.units):
        if unit.status == "in" and not state.enemies(u):
            unit.status = "lost" if unit.side == state.scenario.pursuer else "escaped"
            events.append(Event("escaped" if unit.status == "escaped" else "gave_up", unit.pilot))
    if not any(state.enemies(u) for u in range(len(state.units)) if state.active(u)):
        finish(state, "", events)


def next_round(state: ChaseState, events: list[Event]) -> None:
    """A new round: per-round marks clear, everyone chooses again (CHASE-07/08)."""
    state.round += 1
    state.failed.clear()
    state.blocked.clear()
    state.lost.clear()
    state.hide_bonus.clear()
    state.catches = []
    state.caught.clear()
    state.acts = {}
    state.queue = []
    state.cursor = 0
    state.obstacle = 0
    events.append(Event("round", -1, -1, {"round": state.round}))
    start_choosing(state, events)
