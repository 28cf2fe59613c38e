"""Which actions a combatant may take on its turn: every kind's `ActionSpec.offer` hooks, asked in
one pass with the context they share (`Listing`, worked out once per listing).

The offers are asked in the order of their ranks (ties in `Kind` order), which is the order of
the list and so of seeded games: the free actions, then the moves to each adjacent zone, closing
in, peeking and fleeing, the fast actions, the slow ones at each other combatant and then the
actor's own, the diving blow, the vehicle kinds (at each vehicle, then each way to drive), the
riding kinds, and last the kinds added since (rank `LAST`). Consecutive offers asked about the
same thing (`Over`) share one loop: at each adjacent zone, each other combatant (an enemy's
hooks, a fallen enemy's or an ally's), each vehicle or each way, every such hook is asked before
the next one's turn.
Only the offers whose `needs` the listing has are asked (the groups are worked out once for each
set of needs met)."""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Final

from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.zone.actions import Action
from yz_gym.rulesets.yze.zone.listing import Listing
from yz_gym.rulesets.yze.zone.spec import Offer, Over, TurnHook

_ACTOR: Final = int(Over.ACTOR)  # plain ints: an enum member's lookup costs more than the comparison
_NEIGHBOUR: Final = int(Over.NEIGHBOUR)
_PERSON: Final = int(Over.ENEMY)  # the loop over the others, with the ENEMY, FOE and ALLY hooks
_VEHICLE: Final = int(Over.VEHICLE)

# a loop: what it goes over, its hooks (in a loop over the others: an enemy's still in the fight),
# an enemy's out of the fight (FOE hooks only) and an ally's within reach
Group = tuple[int, tuple[TurnHook, ...], tuple[TurnHook, ...], tuple[TurnHook, ...]]

RANKED: Final[tuple[Offer, ...]] = tuple(
    offer for _, _, _, offer in sorted(
        (offer.rank, spec.kind, n, offer) for spec in SPECS for n, offer in enumerate(spec.offer)
    )
)  # fmt: skip
_GROUPS: Final[dict[int, tuple[Group, ...]]] = {}  # by the needs a listing has
_PEOPLE: Final = frozenset({Over.ENEMY, Over.FOE, Over.ALLY})


def _loops() -> tuple[tuple[int, tuple[Offer, ...]], ...]:
    """The offers by rank, consecutive ones about the same `Over` in one loop (ENEMY, FOE and ALLY
    together): the loops of a listing that has every need."""
    loops: list[tuple[int, list[Offer]]] = []
    for offer in RANKED:
        over = _PERSON if offer.over in _PEOPLE else int(offer.over)
        if not loops or loops[-1][0] != over:
            loops.append((over, []))
        loops[-1][1].append(offer)
    return tuple((over, tuple(offers)) for over, offers in loops)


LOOPS: Final = _loops()


class _ByLoop:
    """Each loop's group by the loop's index and the needs of its offers met, for the loops `loops`
    (a loop depends only on the needs its own offers have): what a new combination of needs reuses."""

    def __init__(self, loops: tuple[tuple[int, tuple[Offer, ...]], ...]) -> None:
        self.loops = loops
        self.needs = tuple(reduce(or_, (offer.needs for offer in offers), 0) for _, offers in loops)
        self.found: dict[tuple[int, int], Group | None] = {}


_BY_LOOP: Final = [_ByLoop(LOOPS)]  # rebuilt if LOOPS is (a test adding an offer rebinds it)


def groups(has: int) -> tuple[Group, ...]:
    """The loops of a listing that has `has`, each with the hooks of the offers it has the needs of
    (a loop with none is left out; only ACTOR loops it separated merge, so the order stays the ranks')."""
    found = _GROUPS.get(has)
    if found is None:
        by_loop = _BY_LOOP[0]
        if by_loop.loops is not LOOPS:
            by_loop = _BY_LOOP[0] = _ByLoop(LOOPS)
        loops: list[Group] = []
        for k, (over, offers) in enumerate(by_loop.loops):
            key = (k, has & by_loop.needs[k])
            if key in by_loop.found:
                group = by_loop.found[key]
            else:
                group = by_loop.found[key] = _group(over, offers, has)
            if group is None:
                continue
            if loops and group[0] == _ACTOR and loops[-1][0] == _ACTOR:  # a loop left out between them
                group = (_ACTOR, loops.pop()[1] + group[1], (), ())
            loops.append(group)
        found = _GROUPS[has] = tuple(loops)
    return found


def _group(over: int, offers: tuple[Offer, ...], has: int) -> Group | None:
    """One loop of a listing that has `has`: the hooks of the offers whose needs it has (None: none)."""
    asked = [offer for offer in offers if offer.needs & has == offer.needs]
    if not asked:
        return None
    hooks = tuple(offer.hook for offer in asked if offer.over != Over.ALLY)
    foes = tuple(offer.hook for offer in asked if offer.over == Over.FOE)
    allies = tuple(offer.hook for offer in asked if offer.over == Over.ALLY)
    return over, hooks, foes, allies


def turn_actions(state: GameState, c: Combatant) -> list[Action]:
    """Every action `c` may take now on its own turn, in the order of the offers' ranks."""
    ctx = Listing(state, c)
    found = _GROUPS.get(ctx.has)  # `groups`, its common case inlined
    for over, hooks, foes, allies in found if found is not None else groups(ctx.has):
        if over == _ACTOR:
            for hook in hooks:
                hook(ctx, -1)
        elif over == _PERSON:
            side, zone, vehicle = c.side, c.zone, c.vehicle
            for other in state.combatants:
                if other is c or other.dead or other.fled:
                    continue
                if other.side != side:
                    asked = foes if other.out else hooks
                elif other.zone == zone and other.vehicle == vehicle:
                    asked = allies
                else:
                    continue
                i = other.id
                for hook in asked:
                    hook(ctx, i)
        elif over == _NEIGHBOUR:
            for dest in state.zone_map.neighbours[c.zone]:
                for hook in hooks:
                    hook(ctx, dest)
        elif over == _VEHICLE:
            for index in range(len(state.vehicles)):
                for hook in hooks:
                    hook(ctx, index)
        else:
            for index in range(len(ctx.ways())):
                for hook in hooks:
                    hook(ctx, index)
    return ctx.out
