"""Which actions a combatant may take on its turn (ACT-01, the slow and fast action tables)."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.combat.attacks import held_weapon
from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.vehicles.actions import turn_actions as vehicle_turn_actions
from yz_gym.rulesets.yze.zone.actions import Action, Kind, action
from yz_gym.rulesets.yze.zone.movement import (
    can_close_in,
    can_move_at_all,
    cramped_exit_clear,
    door_to,
    engaged_enemies,
    moving_is_slow,
    passable,
)
from yz_gym.rulesets.yze.zone.spec import Offer, Timing


def _offer(kind: Kind) -> Offer:
    """The kind's `ActionSpec.offer` (zone/offers.py)."""
    offer = SPECS[kind].offer
    if offer is None:
        raise ImportError(f"zone/legal.py lists {kind.name} by its spec's offer hook, which it lacks")
    return offer


# the kinds whose spec's offer hook this listing asks, at their place in it (the order keeps seeded games)
_FREE: Final = (Kind.END_TURN, Kind.SWAP_INITIATIVE, Kind.LET_GO, Kind.DROP_PRONE)
_LEAVING: Final = (Kind.PEEK, Kind.FLEE)
_FIRST_FAST: Final = (Kind.GET_UP, Kind.DRAW)  # then RELOAD when readying is fast (ACTN-RELOAD-02)
_LATER_FAST: Final = (Kind.AIM, Kind.OVERWATCH, Kind.USE_ITEM, Kind.TAKE_COVER)
# slow actions aimed at a person: listed person by person, in this order for each; oneself last
_AT_PEOPLE: Final = (
    Kind.CLOSE_ATTACK, Kind.DISARM, Kind.TRIP, Kind.SHOVE, Kind.GRAPPLE, Kind.SHOOT, Kind.FIRST_AID,
    Kind.EXTINGUISH, Kind.PERSUADE,
)  # fmt: skip
PLACED: Final = frozenset(
    {*_FREE, *_LEAVING, *_FIRST_FAST, *_LATER_FAST, *_AT_PEOPLE, Kind.GRAPPLE_ATTACK, Kind.RELOAD,
     Kind.BREAK_FREE, Kind.FORCE_DOOR, Kind.DIVING_BLOW}
)  # fmt: skip
_FREE_OFFERS: Final = tuple(_offer(k) for k in _FREE)
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
    slow = c.can_take(True)
    engaged = engaged_enemies(state, c)
    enemies = [] if engaged else state.enemies(c)  # those to close in on (engaged: none)
    _movement(state, c, slow, engaged, enemies, actions)
    for offer in _LEAVING_OFFERS:
        actions += offer(state, c, None)
    for offer in _FIRST_FAST_OFFERS:
        actions += offer(state, c, None)
    fast_reload = c.held >= 0 and held_weapon(state, c).reload_fast  # ACTN-RELOAD-02: readying is fast
    if fast_reload:
        actions += _RELOAD(state, c, None)
    for offer in _LATER_FAST_OFFERS:
        actions += offer(state, c, None)
    if slow:
        actions += _BREAK_FREE(state, c, None)
        if c.grappled_by < 0:  # ACTN-GRAPPLE-02: held, breaking free is the only action
            _at_people(state, c, actions)
            if not fast_reload:
                actions += _RELOAD(state, c, None)
            actions += _FORCE_DOOR(state, c, None)
    actions += _DIVING_BLOW(state, c, None)
    return actions


def _movement(
    state: GameState,
    c: Combatant,
    slow: bool,
    engaged: list[Combatant],
    enemies: list[Combatant],
    actions: list[Action],
) -> None:
    """ACT-FAST-RUN/DOOR/RETREAT, ACT-SLOW-CRAWL, ACTN-RUN-01/02, ACTN-CRAWL-01..03,
    ACTN-DOOR-01, ZONE-FEAT-CRAMPED-01/02, AMB-25 (see zone/movement.py for the decisions)."""
    if not can_move_at_all(c):
        return
    can_move = slow or not moving_is_slow(c)  # ACTN-CRAWL-03: crawling is slow
    zone_map = state.zone_map
    zone = c.zone
    here = zone_map.zones[zone]
    prone = c.prone
    if can_move:
        for dest in zone_map.neighbours[zone]:
            if not cramped_exit_clear(state, c, dest):
                continue  # ZONE-FEAT-CRAMPED-02: you cannot move past the one next to you
            if not prone and (here.cramped or zone_map.zones[dest].cramped):
                continue  # ZONE-FEAT-CRAMPED-01/ACTN-CRAWL-02: only crawling there
            if engaged:  # ACTN-RUN-02/ACTN-RETREAT-01
                if passable(state, zone, dest, crawling=True):
                    actions.append(action(Kind.RETREAT, -1, dest))
            elif prone:
                if passable(state, zone, dest, crawling=True):
                    actions.append(action(Kind.CRAWL, -1, dest))  # ACTN-CRAWL-01
            elif passable(state, zone, dest):
                actions.append(action(Kind.RUN, -1, dest))  # ACTN-RUN-01
            elif door_to(state, zone, dest):
                actions.append(action(Kind.DOOR, -1, dest))  # ACTN-DOOR-01
        if engaged:
            actions.append(action(Kind.RETREAT, -1, zone))  # back to Short in the same zone
        else:
            for other in enemies:  # ACTN-RUN-01: from Short to Engaged (crawling if prone)
                if can_close_in(state, c, other):
                    actions.append(action(Kind.CRAWL if prone else Kind.ENGAGE, other.id))


def _at_people(state: GameState, c: Combatant, actions: list[Action]) -> None:
    """The slow actions aimed at a person (`_AT_PEOPLE`), person by person in the combatants' order,
    those aimed at `c` itself last."""
    by_target: dict[int, list[Action]] = {}
    for offer in _AT_PEOPLE_OFFERS:
        for a in offer(state, c, None):
            listed = by_target.get(a.target)
            if listed is None:
                by_target[a.target] = [a]
            else:
                listed.append(a)
    if not by_target:
        return
    for other in state.combatants:
        if other.id != c.id:
            listed = by_target.get(other.id)
            if listed is not None:
                actions += listed
    mine = by_target.get(c.id)
    if mine is not None:
        actions += mine
