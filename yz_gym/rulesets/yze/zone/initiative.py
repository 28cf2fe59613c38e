"""Initiative cards, turn order, swaps, surprise, ambush and hidden initiative (INIT-, TURN-).

Cards live in `state.cards` (one per combatant; members of an NPC group hold the same card) and
the turn order in `state.order` (combatant ids, lowest card first). Drawing is done with the
generator's `permutation`, so a seeded game deals the same cards in any process.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.rolls import roll_data, skill_roll
from yz_gym.rulesets.yze.state import Combatant, GameState

DECK_SIZE: Final = 10  # INIT-02: ten cards numbered 1 to 10
MAX_TIE_REROLLS: Final = 20  # OPP-03: a tie that must be broken is rolled again (bounded)
AMBUSH_PREPARED: Final = -2  # AMBUSH-01: Observation against a well-prepared ambush


class InitiativeError(ValueError):
    """More drawers than cards and no rule chosen for it (AMB-27)."""


# --- who draws --------------------------------------------------------------------------------


def drawers(state: GameState) -> list[list[int]]:
    """INIT-03/INIT-NPC-01: one card per PC, per NPC, or per NPC group sharing a card."""
    return [list(group) for group in dict.fromkeys(_drawer_group(state))]


def _drawer_group(state: GameState) -> tuple[tuple[int, ...], ...]:
    """Each combatant's drawer group (see `drawers`), worked out once per game (who draws
    together never changes) and kept on the state."""
    if not state.drawer_group:
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
        of = {m: tuple(group) for group in result for m in group}
        state.drawer_group = tuple(of[c.id] for c in state.combatants)
    return state.drawer_group


def drawer_of(state: GameState, cid: int) -> tuple[int, ...]:
    """The drawer group (INIT-NPC-01) that `cid` belongs to."""
    return _drawer_group(state)[cid]


def card_group(state: GameState, cid: int) -> list[int]:
    """INIT-NPC-02: those who act at the same point as `cid`: its drawer group on the same card."""
    card = state.cards[cid]
    return [m for m in drawer_of(state, cid) if state.cards[m] == card]


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
    order: list[int] = []
    for cid in range(len(state.combatants)):  # an insertion sort, stable (ties by id): native when compiled
        card = cards[cid]
        at = len(order)
        while at > 0 and cards[order[at - 1]] > card:
            at -= 1
        order.insert(at, cid)
    state.order = order


# --- surprise, ambush, dealing -----------------------------------------------------------------


def available_cards(state: GameState) -> list[int]:
    """AMB-28: the cards a surprise attacker may pick: any card no one has taken yet."""
    taken = {card for card in state.cards if card > 0}
    size = deck_size(state, len(drawers(state)))
    return [card for card in range(1, size + 1) if card not in taken]


def choose(state: GameState, chooser: int, card: int, events: list[Event]) -> None:
    """INIT-SURPRISE-01/AMB-28: take the chosen card out of the deck before the others draw.

    Other surprise attackers of the same NPC group still waiting to choose take the same card
    (INIT-NPC-02: a group acts at one point); everyone else draws later (INIT-SURPRISE-02)."""
    drawer = drawer_of(state, chooser)
    state.cards[chooser] = card
    for member in [m for m in state.choosing if m in drawer]:
        state.cards[member] = card
        state.choosing.remove(member)
    events.append(Event("card_chosen", chooser, -1, {"card": card}))


def deal(state: GameState, rng: np.random.Generator, events: list[Event], first: bool) -> None:
    """INIT-02/03: deal a card to every drawer without one; failed ambush victims get the last.

    `first` is the deal at the start of the fight; later deals are the hidden-initiative
    redraw at the start of each round (INIT-HIDDEN-02), which starts from a full deck."""
    if not first:
        state.cards = [0] * len(state.combatants)
    groups = drawers(state)
    size = deck_size(state, len(groups))
    # A drawer group some of whose members already hold a card (a surprise attacker who chose
    # one) draws one card for the rest of the group.
    units = [[m for m in g if state.cards[m] == 0] for g in groups]
    units = [u for u in units if u]
    surprised: list[list[int]] = []
    if first and state.setup.ambush:
        units, surprised = _ambush_failures(state, units, rng, events)
    waiting = [u for u in units if u not in surprised]
    taken = {card for card in state.cards if card > 0}
    bottom = _bottom_cards(size, len(surprised), taken)
    deck = [card for card in range(1, size + 1) if card not in taken and card not in bottom]
    extra = max([size, *bottom]) + 1
    while len(deck) < len(waiting):  # a split group needs one card more than counted (AMB-27)
        deck.append(extra)
        extra += 1
    # shuffled in place: the same draws and order as `rng.permutation` of the list, several times cheaper
    rng.shuffle(bottom)
    for unit, card in zip(surprised, bottom, strict=True):
        _give(state, unit, card)  # AMBUSH-02: assigned at random
    rng.shuffle(deck)
    for unit, card in zip(waiting, deck[: len(waiting)], strict=False):
        _give(state, unit, card)
    rebuild_order(state)
    data = {"round": state.round, "cards": list(state.cards)}
    if state.options.hidden_initiative:
        data["hidden"] = True  # INIT-HIDDEN-01: for the log only; observations use visible_cards
    events.append(Event("initiative", -1, -1, data))


def _bottom_cards(size: int, count: int, taken: set[int]) -> list[int]:
    """AMBUSH-02: the lowest-priority cards, #10 and upward (the last `count` of a larger deck)."""
    card = max(DECK_SIZE, size - count + 1)
    result: list[int] = []
    while len(result) < count:
        if card not in taken:
            result.append(card)
        card += 1
    return result


def _give(state: GameState, unit: list[int], card: int) -> None:
    for member in unit:
        state.cards[member] = card  # INIT-NPC-02: a group acts at one point in the order


def _ambush_failures(
    state: GameState, units: list[list[int]], rng: np.random.Generator, events: list[Event]
) -> tuple[list[list[int]], list[list[int]]]:
    """AMBUSH-01: each victim rolls Observation (-2 if well prepared); failures are surprised.

    Returns the drawing units, with an NPC group split into those who failed (one card between
    them, from the bottom: AMBUSH-02) and those who spotted the ambush (AMB-27), and the
    surprised units. With `ambush_group_roll` an NPC group rolls once, by its first member."""
    ambush = state.setup.ambush
    assert ambush is not None
    by_side = state.setup.sides.index(ambush["by"])
    modifier = AMBUSH_PREPARED if ambush.get("prepared", False) else 0
    group_roll = state.options.ambush_group_roll
    drawing: list[list[int]] = []
    failed: list[list[int]] = []
    for unit in units:
        if state.combatants[unit[0]].side == by_side:
            drawing.append(unit)
            continue
        missed: list[int] = []
        for member in unit[:1] if group_roll else unit:
            victim = state.combatants[member]
            roll = skill_roll(state, victim, "Observation", rng, 0, modifier)
            events.append(
                Event("roll", victim.id, -1, {"skill": "Observation", "purpose": "ambush", **roll_data(roll)})
            )
            if roll.successes == 0:
                missed.append(member)
                events.append(Event("ambushed", -1, victim.id))
        if group_roll and missed:
            missed = list(unit)
        spotted = [m for m in unit if m not in missed]
        for part in (missed, spotted):
            if part:
                drawing.append(part)
        if missed:
            failed.append(missed)
    return drawing, failed


def contest(
    state: GameState,
    active: Combatant,
    active_skill: str,
    opponent: Combatant,
    opposing_skill: str,
    rng: np.random.Generator,
    events: list[Event],
    purpose: str,
    modifier: int = 0,
) -> bool:
    """OPP-01..03: an opposed roll outside an action (SNEAK-01); ties per `opposed_tie`."""
    tie = state.options.opposed_tie
    for attempt in range(MAX_TIE_REROLLS + 1):
        roll = skill_roll(state, active, active_skill, rng, 0, modifier)
        against = skill_roll(state, opponent, opposing_skill, rng)
        tag = purpose if attempt == 0 else "tie_break"
        events.append(
            Event("roll", active.id, opponent.id, {"skill": active_skill, "purpose": tag, **roll_data(roll)})
        )
        events.append(
            Event(
                "roll",
                opponent.id,
                active.id,
                {"skill": opposing_skill, "purpose": "oppose", **roll_data(against)},
            )
        )
        if tie != "reroll" or not dice.is_tie(roll, against):
            break
    won, _ = dice.opposed(roll, against, tie)  # OPP-02: a tie left standing fails the active side
    return won


# --- swapping ---------------------------------------------------------------------------------


def swap_partners(state: GameState, actor: int) -> list[int]:
    """INIT-SWAP-01/02/04: those with a later card who have not acted nor swapped this round.

    Only before any action of the turn (free actions included), and for an NPC group only
    before any member of the group has taken its turn this round: the group's card moves with
    the whole group (INIT-NPC-02). A partner in a group brings its whole group along."""
    me = state.combatants[actor]
    if me.swapped or state.turn_acts or me.prone_drops:
        return []
    mates = card_group(state, actor)
    if any(state.combatants[m].acted or _turn_taken(state, m) for m in mates if m != actor):
        return []
    card = state.cards[actor]
    result = []
    cards = state.cards
    for other in state.combatants:
        if cards[other.id] <= card or other.id == actor or other.acted or other.swapped or other.out:
            continue
        if _first_of_group(state, other.id):
            result.append(other.id)
    return result


def _first_of_group(state: GameState, cid: int) -> bool:
    """One swap offer per card: a group is offered by its first member still in the fight."""
    if len(drawer_of(state, cid)) == 1:
        return not state.combatants[cid].out  # alone in its drawer group (the common case)
    group = card_group(state, cid)
    if len(group) == 1:
        return group[0] == cid and not state.combatants[cid].out  # alone on its card
    return cid == next(m for m in sorted(group, key=state.order.index) if not state.combatants[m].out)


def _turn_taken(state: GameState, cid: int) -> bool:
    return state.combatants[cid].last_turn[0] == state.round


def swap(state: GameState, actor: int, partner: int, events: list[Event]) -> None:
    """INIT-SWAP-03/AMB-29: exchange cards; the partner (and its group) acts at once.

    The actor (with its group) acts later this round at the partner's old card. Neither may
    swap again this round (INIT-SWAP-04); the cards stay swapped in later rounds unless hidden
    initiative redraws them (AMB-41)."""
    mine, theirs = state.cards[actor], state.cards[partner]
    movers = card_group(state, actor)
    group = card_group(state, partner)
    group.sort(key=state.order.index)
    movers.sort(key=state.order.index)
    order = [i for i in state.order if i not in movers and i not in group]
    here = state.turn_pos
    order[here:here] = group  # the partner acts now, in the actor's slot
    later = next(
        (k for k in range(here + len(group), len(order)) if state.cards[order[k]] > theirs), len(order)
    )
    order[later:later] = movers  # the actor acts later, at the partner's old card
    for member in group:
        state.cards[member] = mine
        state.combatants[member].swapped = True
    for member in movers:
        state.cards[member] = theirs
        state.combatants[member].swapped = True
    state.order = order
    events.append(Event("swap", actor, partner, {"cards": [theirs, mine]}))


# --- reading the order ------------------------------------------------------------------------


def next_turn(state: GameState, cid: int) -> tuple[int, int | None]:
    """TURN-02: (round, card) of `cid`'s next turn: later this round, or next round if this
    round's turn has begun or passed. With hidden initiative the next round's card is not
    known yet (None): it is the slot of that round's fresh draw (AMB-41)."""
    if _still_to_come(state, cid):
        return state.round, state.cards[cid]
    return state.round + 1, None if state.options.hidden_initiative else state.cards[cid]


def _still_to_come(state: GameState, cid: int) -> bool:
    """True if `cid`'s turn this round has not begun yet (a swapper's postponed turn counts)."""
    if state.combatants[cid].acted or cid not in state.order:
        return False
    pos = state.order.index(cid)
    return pos > state.turn_pos or (pos == state.turn_pos and not state.turn_begun)


def last_turn(state: GameState, cid: int) -> tuple[int, int] | None:
    """TURN-03: (round, card) of the most recent turn of `cid`, this round or an earlier one."""
    turn = state.combatants[cid].last_turn
    return turn if turn[0] > 0 else None


def visible_cards(state: GameState, viewer: int) -> list[int]:
    """INIT-05/INIT-HIDDEN-01: the cards `viewer` can see; 0 = unknown.

    Cards are face up, so everyone sees every card. With hidden initiative a card is shown
    when its number is called (the holder's turn begins); until then only the viewer's own side
    knows it (the GM holds all NPC cards; players can tell each other theirs)."""
    if not state.options.hidden_initiative:
        return list(state.cards)
    side = state.combatants[viewer].side if viewer >= 0 else -1
    return [
        card if c.side == side or c.acted or c.swapped or _turn_taken(state, c.id) else 0
        for c, card in zip(state.combatants, state.cards, strict=True)
    ]


def action_track(c: Combatant) -> tuple[int, int]:
    """ACT-TRACK-01: (slow, fast) actions used this round, in or out of turn."""
    slow = 1 if c.slow_used else 0
    return slow, c.actions_used - slow


def card_rotation(c: Combatant) -> int:
    """ACT-TRACK-01: the card turned 90 degrees per action, left (-) for fast and right (+) for
    slow, and a full 180 once both of the round's actions are used."""
    if c.actions_used >= 2:
        return 180
    slow, fast = action_track(c)
    return 90 * slow - 90 * fast
