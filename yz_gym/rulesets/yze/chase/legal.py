"""Who chooses what in a chase round (CHASE-08), and which actions each decision offers: the loop
over the kinds' offer hooks (`ChaseSpec.offer`, chase/kinds.py), in the order of their ranks, with
the `Listing` they share; nothing here names a kind.

Choosers are (combatant, slot) pairs: PILOT picks the unit's chase action (in grouped mode only
the side's leader does, CHASE-MULTI-02); SHOOTER is a passenger's (or a grouped member's) shot
(CHASE-VSHOOT-01, CHASE-MULTI-03); slot k is the driver's order to auto-targeting weapon k
(CHASE-VSHOOT-04). Anyone with a single possible choice is not asked.
"""

from __future__ import annotations

from typing import Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.chase.kinds import SPECS
from yz_gym.rulesets.yze.chase.spec import DECISIONS, NEEDS, Listing, OfferHook, Over
from yz_gym.rulesets.yze.chase.state import PILOT, SHOOTER, ChaseAction, ChaseState, Phase

_ONCE: Final = int(Over.ONCE)
_PURSUERS: Final = int(Over.PURSUERS)

# a loop of a decision's listing: what it goes over, and its offers' (needs, hook) in rank order
Loop = tuple[int, tuple[tuple[int, OfferHook], ...]]


def _loops(decision: str) -> tuple[Loop, ...]:
    """The offers made at `decision` by rank (ties in `CK` order), consecutive ones about the same
    `Over` in one loop: at each pursuer, a Hide's hook is asked before a Block's, then the next one."""
    ranked = sorted(
        (offer.rank, spec.kind, offer) for spec in SPECS for offer in spec.offer if decision in offer.at
    )
    loops: list[tuple[int, list[tuple[int, OfferHook]]]] = []
    for _, _, offer in ranked:
        if not loops or loops[-1][0] != int(offer.over):
            loops.append((int(offer.over), []))
        loops[-1][1].append((offer.needs, offer.hook))
    return tuple((over, tuple(hooks)) for over, hooks in loops)


LOOPS: Final[dict[str, tuple[Loop, ...]]] = {decision: _loops(decision) for decision in DECISIONS}
Group = tuple[int, tuple[OfferHook, ...]]  # a loop with the hooks a listing asks


def _groups(loops: dict[str, tuple[Loop, ...]]) -> dict[str, tuple[tuple[Group, ...], ...]]:
    """For each decision and each `has` a listing may have (0 .. ABLE | MOVING), its loops with the
    hooks whose needs it has (a loop with none is left out, so its units are never looked up)."""
    out: dict[str, tuple[tuple[Group, ...], ...]] = {}
    for decision, found in loops.items():
        by_has: list[tuple[Group, ...]] = []
        for has in range(sum(NEEDS) + 1):
            kept: list[Group] = []
            for over, hooks in found:
                asked = tuple(hook for needs, hook in hooks if needs & has == needs)
                if asked:
                    kept.append((over, asked))
            by_has.append(tuple(kept))
        out[decision] = tuple(by_has)
    return out


GROUPS: Final = _groups(LOOPS)


def _targets_of(state: ChaseState, units: list[int]) -> list[int]:
    """Target participants: every unit (individual mode), one per enemy side (grouped)."""
    if state.options.chase_multi != "grouped":
        return units
    seen: dict[int, int] = {}
    for t in units:
        seen.setdefault(state.units[t].side, state.leader(state.units[t].side))
    return list(seen.values())


def offered(state: ChaseState, decision: str, c: int, slot: int, u: int, extra: int = 0) -> list[ChaseAction]:
    """Every action of `decision` open to combatant `c` (chooser `slot`, unit `u`; at a catch the
    catching unit and its surplus `extra`): each kind's offer hooks, in the order of their ranks."""
    ctx = Listing(state, decision, c, slot, u, extra)
    for over, hooks in GROUPS[decision][ctx.has]:
        if over == _ONCE:
            for hook in hooks:
                hook(ctx, -1)
            continue
        units = state.behind(u) if over == _PURSUERS else state.in_front(u)
        for t in _targets_of(state, units):
            for hook in hooks:
                hook(ctx, t)
    return ctx.out


def choose_actions(state: ChaseState, c: int, slot: int) -> list[ChaseAction]:
    """Every action combatant `c` may choose for `slot` this round (CHASE-08, CHASE-12..)."""
    decision = "action" if slot == PILOT else ("shot" if slot == SHOOTER else "auto_weapon")
    return offered(state, decision, c, slot, state.unit_of(c))


def asked_actions(state: ChaseState) -> list[ChaseAction]:
    """Every answer open to the one asked while the round resolves (`state.ask`)."""
    step = state.queue[state.cursor]
    return offered(state, state.ask, state.asking, step.slot, step.unit, step.extra)


def chooser_slots(state: ChaseState, u: int) -> list[tuple[int, int]]:
    """The (combatant, slot) pairs of one unit this round."""
    unit = state.units[u]
    grouped = state.options.chase_multi == "grouped"
    slots: list[tuple[int, int]] = []
    if u not in state.lost:
        leads = not grouped or state.leader(unit.side) == u
        slots.append((unit.pilot, PILOT if leads else SHOOTER))
    if unit.vehicle >= 0:
        v = state.vehicles[unit.vehicle]
        if u not in state.lost and v.driver == unit.pilot:
            slots.extend((unit.pilot, k) for k, w in enumerate(v.weapons) if w.auto_skill and not w.disabled)
        slots.extend((o, SHOOTER) for o in v.occupants if o != unit.pilot)
    return slots


def start_choosing(state: ChaseState, events: list[Event]) -> None:
    """CHASE-08: everyone with a real choice picks one action, secretly; lost turns pass."""
    state.phase = Phase.CHOOSE
    state.choices = {}
    state.choosers = []
    for u, unit in enumerate(state.units):
        if unit.status != "in":
            continue
        pilot = state.world.combatants[unit.pilot]
        if pilot.lose_turn:
            pilot.lose_turn = False  # VEH-CRIT-02: the skid's lost turn passes now
            state.lost.add(u)
            events.append(Event("turn_lost", pilot.id))
        for c, slot in chooser_slots(state, u):
            legal = choose_actions(state, c, slot)
            if len(legal) == 1:
                state.choices[(c, slot)] = legal[0]
            else:
                state.choosers.append((c, slot))
