"""Which actions a combatant may take on its turn (ACT-01, the slow and fast action tables): each
kind's spec says when it may be taken (its `offer` hook, zone/offers.py); this listing asks them
in the order that keeps seeded games, then lets vehicles and mounts change the list."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.combat.attacks import held_weapon
from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.vehicles.actions import turn_actions as vehicle_turn_actions
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.spec import Offer, Timing


def _offer(kind: Kind) -> Offer:
    """The kind's `ActionSpec.offer` (zone/offers.py)."""
    offer = SPECS[kind].offer
    if offer is None:
        raise ImportError(f"zone/legal.py lists {kind.name} by its spec's offer hook, which it lacks")
    return offer


# the kinds whose spec's offer hook this listing asks, at their place in it (the order keeps seeded games)
_FREE: Final = (Kind.END_TURN, Kind.SWAP_INITIATIVE, Kind.LET_GO, Kind.DROP_PRONE)
_MOVES: Final = (Kind.RETREAT, Kind.CRAWL, Kind.RUN, Kind.DOOR, Kind.ENGAGE)  # listed zone by zone
_LEAVING: Final = (Kind.PEEK, Kind.FLEE)
_FIRST_FAST: Final = (Kind.GET_UP, Kind.DRAW)  # then RELOAD when readying is fast (ACTN-RELOAD-02)
_LATER_FAST: Final = (Kind.AIM, Kind.OVERWATCH, Kind.USE_ITEM, Kind.TAKE_COVER)
# slow actions aimed at a person: listed person by person, in this order for each; oneself last
_AT_PEOPLE: Final = (
    Kind.CLOSE_ATTACK, Kind.DISARM, Kind.TRIP, Kind.SHOVE, Kind.GRAPPLE, Kind.SHOOT, Kind.FIRST_AID,
    Kind.EXTINGUISH, Kind.PERSUADE,
)  # fmt: skip
PLACED: Final = frozenset(
    {*_FREE, *_MOVES, *_LEAVING, *_FIRST_FAST, *_LATER_FAST, *_AT_PEOPLE, Kind.GRAPPLE_ATTACK, Kind.RELOAD,
     Kind.BREAK_FREE, Kind.FORCE_DOOR, Kind.DIVING_BLOW}
)  # fmt: skip
_FREE_OFFERS: Final = tuple(_offer(k) for k in _FREE)
_MOVE_OFFERS: Final = tuple(_offer(k) for k in _MOVES)
_LEAVING_OFFERS: Final = tuple(_offer(k) for k in _LEAVING)
_FIRST_FAST_OFFERS: Final = tuple(_offer(k) for k in _FIRST_FAST)
_LATER_FAST_OFFERS: Final = tuple(_offer(k) for k in _LATER_FAST)
_AT_PEOPLE_OFFERS: Final = tuple(_offer(k) for k in _AT_PEOPLE)
_RELOAD: Final = _offer(Kind.RELOAD)
_GRAPPLE_ATTACK: Final = _offer(Kind.GRAPPLE_ATTACK)
_BREAK_FREE: Final = _offer(Kind.BREAK_FREE)
_FORCE_DOOR: Final = _offer(Kind.FORCE_DOOR)
_DIVING_BLOW: Final = _offer(Kind.DIVING_BLOW)
# the other turn kinds with an offer hook (new kinds), asked after this listing
TURN_OFFERS: Final = tuple(
    s.offer for s in SPECS if s.offer is not None and s.timing != Timing.DECISION and s.kind not in PLACED
)


def turn_actions(state: GameState, c: Combatant) -> list[Action]:
    """Every action `c` may take now on its own turn: the free ones first, then the moves, the fast
    and the slow actions, vehicles' and mounts' changes, then what the new kinds' hooks offer."""
    if state.vehicles or state.setup.mounted:  # vehicles and mounts change the list
        actions = vehicle_turn_actions(state, c, _turn_actions(state, c))
    else:
        actions = _turn_actions(state, c)
    for offer in TURN_OFFERS:
        actions += offer(state, c, None)
    return actions


def _turn_actions(state: GameState, c: Combatant) -> list[Action]:
    """`turn_actions` on foot, before vehicles and mounts change the list."""
    actions: list[Action] = []
    for offer in _FREE_OFFERS:  # ACT-FREE-01/02, INIT-SWAP-01..04, AMB-31
        actions += offer(state, c, None)
    if c.grappling >= 0:  # ACTN-GRAPPLE-01: grapple attacks or letting go, nothing else
        return actions + _GRAPPLE_ATTACK(state, c, None)
    if not c.can_take(False):
        return actions  # ACT-01: both actions used (a slow one needs an action left too)
    _moves(state, c, actions)
    for offer in _LEAVING_OFFERS:
        actions += offer(state, c, None)
    for offer in _FIRST_FAST_OFFERS:
        actions += offer(state, c, None)
    fast_reload = c.held >= 0 and held_weapon(state, c).reload_fast  # ACTN-RELOAD-02: readying is fast
    if fast_reload:
        actions += _RELOAD(state, c, None)
    for offer in _LATER_FAST_OFFERS:
        actions += offer(state, c, None)
    if c.can_take(True):
        actions += _BREAK_FREE(state, c, None)
        if c.grappled_by < 0:  # ACTN-GRAPPLE-02: held, breaking free is the only action
            _at_people(state, c, actions)
            if not fast_reload:
                actions += _RELOAD(state, c, None)
            actions += _FORCE_DOOR(state, c, None)
    actions += _DIVING_BLOW(state, c, None)
    return actions


def _moves(state: GameState, c: Combatant, actions: list[Action]) -> None:
    """The moves (`_MOVES`): to each neighbouring zone in the map's order, then within the zone (back
    to Short; to Engaged with each person in the combatants' order). Each hook lists its own in that
    order, so one kind's list is taken as it is."""
    lists = [found for offer in _MOVE_OFFERS if (found := offer(state, c, None))]
    if len(lists) <= 1:
        if lists:
            actions += lists[0]
        return
    found = [a for moves in lists for a in moves]
    zone = c.zone
    to_zone = {a.zone: a for a in found if a.target < 0 and a.zone != zone}
    for dest in state.zone_map.neighbours[zone]:
        move = to_zone.get(dest)
        if move is not None:
            actions.append(move)
    actions += [a for a in found if a.target < 0 and a.zone == zone]
    at = {a.target: a for a in found if a.target >= 0}
    if at:
        for other in state.combatants:
            move = at.get(other.id)
            if move is not None:
                actions.append(move)


def _at_people(state: GameState, c: Combatant, actions: list[Action]) -> None:
    """The slow actions aimed at a person (`_AT_PEOPLE`), person by person in the combatants' order,
    those aimed at `c` itself last. Each hook lists its own in that order, so one kind's list is
    taken as it is."""
    lists = [found for offer in _AT_PEOPLE_OFFERS if (found := offer(state, c, None))]
    if len(lists) <= 1:
        if lists:
            actions += lists[0]
        return
    by_target: dict[int, list[Action]] = {}
    for found in lists:
        for a in found:
            listed = by_target.get(a.target)
            if listed is None:
                by_target[a.target] = [a]
            else:
                listed.append(a)
    for other in state.combatants:
        if other.id != c.id:
            listed = by_target.get(other.id)
            if listed is not None:
                actions += listed
    mine = by_target.get(c.id)
    if mine is not None:
        actions += mine
