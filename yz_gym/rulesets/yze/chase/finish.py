"""How a chase ends (CHASE-END-01..05): who leaves the chase when out of it, and `finish`, the winner
and why; the end of a round is chase/end.py."""

from __future__ import annotations

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.chase.state import BEYOND, EXTREME, RANGE_NAMES, ChaseState, Phase


def mark_out(state: ChaseState, events: list[Event]) -> None:
    """CHASE-END-03: a wrecked vehicle, a runner out of the fight, or a vehicle whose crew are
    all out leaves the chase at once ("caught" if a catch attack did it)."""
    world = state.world
    for u, unit in enumerate(state.units):
        if unit.status != "in":
            continue
        if unit.vehicle >= 0:
            v = state.vehicles[unit.vehicle]
            gone = v.wrecked or all(world.combatants[o].out for o in v.occupants)
        else:
            gone = world.combatants[unit.pilot].out
        if gone:
            unit.status = "caught" if u in state.caught else "out"
            events.append(Event("out_of_chase", unit.pilot, -1, {"status": unit.status}))


def finish(
    state: ChaseState, reason: str, events: list[Event], *, combat: bool = False, catcher: int = -1,
    limit: bool = False,
) -> None:
    """The chase is over: pick the winner (CHASE-END-01/02) and say why, as a type (`limit`: the
    chase limit ended it) and in words (`reason`, else worded from the winner)."""
    sides = state.world.setup.sides
    pursuer = state.scenario.pursuer
    state.phase = Phase.OVER
    state.asking, state.ask = -1, ""
    if combat:
        for unit in state.units:
            if unit.status == "in":
                unit.status = "combat"
        state.winner = -1
        state.termination = Termination.COMBAT
    elif catcher >= 0:
        state.winner = state.units[catcher].side
        state.termination = Termination.CAUGHT
        reason = reason or "caught"
    else:
        escaped = {u.side for u in state.units if u.status == "escaped"}
        downed = [u for u in state.units if u.side != pursuer and u.status in ("caught", "out")]
        if len(escaped) == 1:
            side = escaped.pop()
            state.winner = side
            state.termination = Termination.ESCAPED
            reason = reason or f"the {sides[side]} got away"
        elif escaped:
            state.winner = -1
            state.termination = Termination.SEVERAL_ESCAPED
            reason = reason or "several sides got away"
        elif downed and any(u.side == pursuer and u.status != "out" for u in state.units):
            state.winner = pursuer
            state.termination = Termination.PREY_DOWN
            reason = reason or "the prey is caught or out of the chase"
        else:
            state.winner = -1
            state.termination = Termination.NO_ONE_LEFT
            reason = reason or "no one is left in the chase"
    if limit:
        state.termination = Termination.CHASE_LIMIT  # CHASE-END-05; the winner is who got away
    state.end_reason = reason
    winner = sides[state.winner] if state.winner >= 0 else None
    events.append(Event("chase_over", -1, -1, {"winner": winner, "reason": reason,
                                               "range": RANGE_NAMES[min(EXTREME, _last_range(state))]}))  # fmt: skip


def _last_range(state: ChaseState) -> int:
    pairs = [
        state.range(a, b)
        for a in range(len(state.units))
        for b in range(a + 1, len(state.units))
        if state.units[a].side != state.units[b].side
    ]
    return min(pairs) if pairs else BEYOND
