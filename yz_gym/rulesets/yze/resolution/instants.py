"""The free actions and the decisions (`ActionSpec.instant`: done at once, not on the stack) of the
zone-fight kinds, and the end of a turn; their specs are in resolution/effects.py."""

from __future__ import annotations

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.resolution.reactions import doing, overwatch_fire
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.zone import initiative
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.spec import Events, Rng


def end_turn(state: GameState) -> None:
    """The combatant's turn is over; the next card acts (INIT-04)."""
    c = state.combatants[state.order[state.turn_pos]]
    c.acted = True
    state.turn_pos += 1
    state.turn_begun = False


def end_turn_now(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """END_TURN."""
    end_turn(state)


def swap(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """INIT-SWAP-01..04; the partner's turn begins now (INIT-SWAP-03)."""
    initiative.swap(state, c.id, action.target, events)
    state.turn_begun = False


def drop_prone(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACT-FREE-01: costs none of the round's two actions."""
    state.turn_acts += 1  # INIT-SWAP-02: no swap once the turn has begun acting
    c.prone = True
    c.prone_drops += 1
    events.append(Event("prone", c.id))


def let_go(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACTN-GRAPPLE-01: letting go is free."""
    state.turn_acts += 1  # INIT-SWAP-02
    victim = state.combatants[c.grappling]
    victim.grappled_by = -1
    c.grappling = -1
    events.append(Event("let_go", c.id, victim.id))


def choose_card(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """INIT-SURPRISE-01 / AMB-28: a surprise attacker's pick."""
    initiative.choose(state, c.id, action.option, events)


def block(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACTN-BLOCK-03: each block uses one of your actions."""
    assert frame is not None
    c.spend(False)
    doing(state, c, Kind.BLOCK, keep_watch=False)
    frame.blocker = c.id
    events.append(Event("block", c.id, frame.actor))


def give_help(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACT-HELP-01: an action of the same type."""
    assert frame is not None
    c.spend(frame.slow)
    doing(state, c, Kind.HELP, keep_watch=False)
    frame.helpers.append(c.id)
    events.append(Event("help", c.id, frame.actor))


def fire_from_overwatch(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """ACTN-OVERWATCH-01/02: the watcher shoots."""
    assert frame is not None
    overwatch_fire(state, frame, c, state.combatants[action.target], rng, events)


def decline(
    state: GameState, c: Combatant, frame: Frame | None, action: Action, rng: Rng, events: Events
) -> None:
    """Pass on a block, help, push, overwatch shot or pride."""
