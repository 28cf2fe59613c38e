"""Initiative cards, turn order, swaps, surprise, ambush and hidden initiative (INIT-, TURN-)."""

from __future__ import annotations

import numpy as np

from yz_gym.rules.events import Event, roll_data
from yz_gym.rules.rolls import skill_roll
from yz_gym.rules.state import GameState

DECK_SIZE = 10  # INIT-02: ten cards numbered 1 to 10


class InitiativeError(ValueError):
    """More drawers than cards and no rule chosen for it (AMB-27)."""


def drawers(state: GameState) -> list[list[int]]:
    """INIT-03/INIT-NPC-01: one card per PC, per NPC, or per NPC group sharing a card."""
    groups: dict[str, list[int]] = {}
    result: list[list[int]] = []
    for c in state.combatants:
        if c.pc or not c.group or not state.options.group_npc_initiative:
            result.append([c.id])
        elif c.group in groups:
            groups[c.group].append(c.id)
        else:
            groups[c.group] = [c.id]
            result.append(groups[c.group])
    return result


def deck_size(state: GameState, count: int) -> int:
    """AMB-27: ten cards, or one per drawer when the scenario extends the deck."""
    if count <= DECK_SIZE:
        return DECK_SIZE
    if state.options.initiative_overflow == "extend_deck":
        return count
    raise InitiativeError(
        f"{count} initiative drawers but only {DECK_SIZE} cards: group NPCs that share stats "
        "(combatants[].group) or set rules.initiative_overflow: extend_deck"
    )


def rebuild_order(state: GameState) -> None:
    """INIT-04: act in rising card order; a group keeps its listed order (INIT-NPC-03)."""
    cards = state.cards
    state.order = sorted(range(len(state.combatants)), key=lambda i: (cards[i], i))


def available_cards(state: GameState) -> list[int]:
    """Cards still in the deck while surprise attackers choose (AMB-28)."""
    taken = {card for card in state.cards if card > 0}
    size = deck_size(state, len(drawers(state)))
    return [card for card in range(1, size + 1) if card not in taken]


def deal(state: GameState, rng: np.random.Generator, events: list[Event], first: bool) -> None:
    """Deal cards to every drawer without one; ambush victims who failed get the last cards."""
    groups = drawers(state)
    size = deck_size(state, len(groups))
    if not first:
        state.cards = [0] * len(state.combatants)
    surprised = _ambush_failures(state, groups, rng, events) if first else []
    waiting = [g for g in groups if state.cards[g[0]] == 0 and g not in surprised]
    taken = {card for card in state.cards if card > 0}
    bottom = list(range(DECK_SIZE, DECK_SIZE + len(surprised)))  # AMBUSH-02: #10 and upward
    deck = [card for card in range(1, size + 1) if card not in taken and card not in bottom]
    extra = DECK_SIZE + len(surprised)
    while len(deck) < len(waiting):  # more drawers than cards left: extend the deck (AMB-27)
        deck.append(extra)
        extra += 1
    for group, card in zip(surprised, rng.permutation(bottom).tolist(), strict=True):
        _give(state, group, int(card))
    for group, card in zip(waiting, rng.permutation(deck)[: len(waiting)].tolist(), strict=False):
        _give(state, group, int(card))
    rebuild_order(state)
    events.append(Event("initiative", -1, -1, {"round": state.round, "cards": list(state.cards)}))


def _give(state: GameState, group: list[int], card: int) -> None:
    for member in group:
        state.cards[member] = card  # INIT-NPC-02: a group acts at one point in the order


def _ambush_failures(
    state: GameState, groups: list[list[int]], rng: np.random.Generator, events: list[Event]
) -> list[list[int]]:
    """AMBUSH-01: each victim rolls Observation (-2 if well prepared); failures are surprised."""
    ambush = state.setup.ambush
    if not ambush:
        return []
    by_side = state.setup.sides.index(ambush["by"])
    modifier = -2 if ambush.get("prepared", False) else 0
    failed = []
    for group in groups:
        leader = state.combatants[group[0]]
        if leader.side == by_side or state.cards[group[0]] > 0:
            continue
        roll = skill_roll(state, leader, "Observation", rng, 0, modifier)
        events.append(
            Event("roll", leader.id, -1, {"skill": "Observation", "purpose": "ambush", **roll_data(roll)})
        )
        if roll.successes == 0:
            failed.append(group)
            events.append(Event("ambushed", -1, leader.id))
    return failed


def swap_partners(state: GameState, actor: int) -> list[int]:
    """INIT-SWAP-01/02/04: those with a later card who have not acted nor swapped this round."""
    me = state.combatants[actor]
    if me.swapped or me.actions_used or me.prone_drops:
        return []
    card = state.cards[actor]
    result = []
    for other in state.combatants:
        if other.id == actor or other.acted or other.swapped or other.out:
            continue
        if state.cards[other.id] > card:
            result.append(other.id)
    return result


def swap(state: GameState, actor: int, partner: int, events: list[Event]) -> None:
    """INIT-SWAP-03/AMB-29: exchange cards; the partner (and its group) acts at once."""
    mine, theirs = state.cards[actor], state.cards[partner]
    group = [partner]
    if state.combatants[partner].group and not state.combatants[partner].pc:
        group = [i for i in state.order if state.cards[i] == theirs and _same_group(state, i, partner)]
    order = [i for i in state.order if i != actor and i not in group]
    here = state.turn_pos
    order[here:here] = group  # the partner acts now, in the actor's slot
    later = next(
        (k for k in range(here + len(group), len(order)) if state.cards[order[k]] > theirs), len(order)
    )
    order.insert(later, actor)  # the actor acts later, at the partner's old card
    for member in group:
        state.cards[member] = mine
        state.combatants[member].swapped = True
    state.cards[actor] = theirs
    state.combatants[actor].swapped = True
    state.order = order
    events.append(Event("swap", actor, partner, {"cards": [theirs, mine]}))


def _same_group(state: GameState, a: int, b: int) -> bool:
    ca, cb = state.combatants[a], state.combatants[b]
    return ca.group == cb.group and not ca.pc and not cb.pc
