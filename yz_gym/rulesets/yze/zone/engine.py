"""The verb set every game mode speaks: new_game, current_actor, legal_actions, apply, is_over,
outcome, describe; and the turn flow of a zone fight (ROUND-, INIT-, TURN-, ACT-)."""

from __future__ import annotations

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.core.errors import IllegalAction
from yz_gym.core.events import Event
from yz_gym.core.game import Outcome
from yz_gym.core.rng import as_rng
from yz_gym.rulesets.yze.combat.damage import fire_attack, phobias, start_of_turn, tick_lethal_injuries
from yz_gym.rulesets.yze.hazards import fight as hazards
from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.resolution.instants import end_turn
from yz_gym.rulesets.yze.resolution.pride import settle_at_game_end
from yz_gym.rulesets.yze.resolution.stack import advance, answer, decision_actions, decision_name, declare
from yz_gym.rulesets.yze.resolution.stages import DECISION_STAGES, S_PUSH
from yz_gym.rulesets.yze.state import COMBAT, OVER, SETUP, Combatant, GameState, Scenario
from yz_gym.rulesets.yze.vehicles.actions import round_end as vehicle_round_end
from yz_gym.rulesets.yze.vehicles.seats import setup_vehicles
from yz_gym.rulesets.yze.zone import initiative
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.legal import turn_actions


def new_game(scenario: Scenario, rng: np.random.Generator | int | None = None) -> GameState:
    """INIT-01: set up the fight and deal initiative before anyone acts."""
    rng = as_rng(rng)
    setup = scenario.setup
    state = GameState(
        setup=setup,
        combatants=[c.copy() for c in scenario.combatants],
        doors=scenario.doors,
        cover_ratings=scenario.cover_ratings,
        cramped={zone: list(queue) for zone, queue in scenario.cramped},
        cards=[0] * len(scenario.combatants),
        door_damage=(0,) * len(scenario.doors),
    )
    if scenario.vehicles:
        setup_vehicles(state, scenario.vehicles)  # VEH-*: the vehicles, their crews and mounted weapons
    events: list[Event] = []
    if setup.hazards is not None:
        hazards.fight_starts(state, events)  # HAZ-DROWN-01..03: those in deep water swim
    initiative.deck_size(state, len(initiative.drawers(state)))
    choosers = list(scenario.surprise)  # INIT-SURPRISE-01: the GM judged a complete surprise
    for sneak in scenario.sneaks:
        if _sneak_succeeds(state, sneak.attacker, sneak.target, sneak.to_engaged, rng, events):
            choosers.append(sneak.attacker)  # SNEAK-03
    state.choosing = list(dict.fromkeys(choosers))  # AMB-28: they choose before anyone draws
    if not choosers:
        _start_combat(state, rng, events)
    state.opening = tuple(events)
    return state


def _sneak_succeeds(
    state: GameState,
    attacker: int,
    target: int,
    to_engaged: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """SNEAK-01..03 / OPP-05: Stealth (-2 to Engaged) against the target's Observation."""
    a, b = state.combatants[attacker], state.combatants[target]
    modifier = -2 if to_engaged else 0  # SNEAK-01
    won = initiative.contest(state, a, "Stealth", b, "Observation", rng, events, "sneak", modifier)
    a.hidden = won  # SNEAK-02: spotted on a failure
    if won and to_engaged:
        a.engaged.add(b.id)
        b.engaged.add(a.id)
    events.append(Event("sneak" if won else "spotted", a.id, b.id))
    return won


def _start_combat(state: GameState, rng: np.random.Generator, events: list[Event]) -> list[Action] | None:
    """INIT-02/03: the others draw from the cards left; round 1 begins (`_run`'s listing returned)."""
    initiative.deal(state, rng, events, first=True)
    state.phase = COMBAT
    state.turn_pos = 0
    events.append(Event("round", -1, -1, {"round": 1}))
    return _run(state, rng, events)


def current_actor(state: GameState) -> int:
    """Who must decide now: a reactor, a pusher, a surprise attacker, or the turn's actor."""
    if state.phase == OVER:
        return -1
    if state.stack:
        frame = state.stack[-1]
        if frame.asking and frame.stage in DECISION_STAGES:
            return frame.asking[0]
    if state.phase == SETUP:
        return state.choosing[0]
    return state.order[state.turn_pos]


def decision_kind(state: GameState) -> str:
    """What is being decided: "card", "overwatch", "help", "block", "push", "pride" or "turn"."""
    if state.phase == SETUP:
        return "card"
    if state.stack:
        frame = state.stack[-1]
        if frame.asking:
            return decision_name(frame)  # overwatch, help, block, push, full_auto, ammo, pride
    return "turn" if state.phase == COMBAT else "over"


def legal_actions(state: GameState) -> list[Action]:
    """Every action the current actor may take now; `apply` accepts exactly these."""
    if state.phase == OVER:
        return []
    actor = current_actor(state)
    if state.phase == SETUP:
        return [Action(Kind.CHOOSE_CARD, option=card) for card in initiative.available_cards(state)]
    if state.stack:
        return decision_actions(state, state.stack[-1])  # resolution/stack.py
    return turn_actions(state, state.combatants[actor])


def apply(
    state: GameState, action: Action, rng: np.random.Generator, legal: list[Action] | None = None
) -> list[Event]:
    """Carry out one decision and everything that follows until the next decision is needed.

    `legal`: `legal_actions(state)` if the caller has just computed it (saves recomputing it)."""
    events: list[Event] = []
    _apply(state, action, rng, legal, events)
    return events


def apply_listed(
    state: GameState, action: Action, rng: np.random.Generator, legal: list[Action]
) -> tuple[list[Event], list[Action]]:
    """`apply`, and then `legal_actions(state)`: the listing the turn flow made to see whether a turn
    was over, if it made one, else a new one (the env's loop of decisions: one listing, not two)."""
    events: list[Event] = []
    listed = _apply(state, action, rng, legal, events)
    return events, listed if listed is not None else legal_actions(state)


def _apply(
    state: GameState, action: Action, rng: np.random.Generator, legal: list[Action] | None, events: list[Event]
) -> list[Action] | None:
    """`apply` into `events`; the current actor's turn listing if the turn flow ended on making it."""
    if state.phase == OVER:
        raise IllegalAction("the game is over; start a new one")
    if legal is None:
        legal = legal_actions(state)
    try:
        if not _listed(legal, action):
            action = legal[legal.index(action)]  # the rules' own Action, whatever tuple was passed
    except ValueError:
        action = Action(Kind(action[0]), *action[1:])  # a short tuple, its defaults left out
        if action not in legal:
            actor = state.combatants[current_actor(state)]
            allowed = "; ".join(describe(state, a) for a in legal[:12])
            try:
                said = describe(state, action)
            except IndexError:  # an option the actor does not have (a weapon, cover, item, seat ...)
                said = f"{SPECS[action.kind].label} (option {action.option})"
            raise IllegalAction(
                f"{actor.name} cannot {said} now ({decision_kind(state)} "
                f"decision); allowed: {allowed}{' ...' if len(legal) > 12 else ''}"
            ) from None
    state.decisions += 1
    if state.phase == SETUP:
        chooser = state.choosing.pop(0)
        instant = SPECS[action.kind].instant  # CHOOSE_CARD: INIT-SURPRISE-01 / AMB-28
        assert instant is not None
        instant(state, state.combatants[chooser], None, action, rng, events)
        if not state.choosing:
            return _start_combat(state, rng, events)
        return None
    if state.stack:
        answer(state, state.stack[-1], action, rng, events)
    else:
        _turn_action(state, state.combatants[current_actor(state)], action, rng, events)
    return _run(state, rng, events)


def _listed(legal: list[Action], action: Action) -> bool:
    """`action` is one of the objects in `legal` (the common case: found without comparing values)."""
    return any(known is action for known in legal)


def _turn_action(
    state: GameState, c: Combatant, action: Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """Free actions happen at once; others are declared and resolved on the stack."""
    instant = SPECS[action.kind].instant
    if instant is not None:
        instant(state, c, None, action, rng, events)  # END_TURN, SWAP_INITIATIVE, DROP_PRONE, LET_GO
        return
    state.turn_acts += 1  # INIT-SWAP-02: no swap once the turn has begun acting
    declare(state, c, action, rng, events)


def _run(state: GameState, rng: np.random.Generator, events: list[Event]) -> list[Action] | None:
    """Resolve until someone must decide, or the game is over; the deciding actor's turn listing if
    the last thing done was listing it (to see whether their turn was over), else None."""
    checked = False  # the fight goes on, and nothing that could end it has happened since (ending a turn)
    while state.phase == COMBAT:
        if state.stack:
            frame = state.stack[-1]
            if frame.asking and frame.stage in DECISION_STAGES:
                if frame.stage != S_PUSH or state.options.ask_push:
                    return None
                frame.asking.clear()
            advance(state, frame, rng, events)
            checked = False
            continue
        if not checked and _check_over(state, events):
            return None
        checked = True
        if state.turn_pos >= len(state.order):
            _end_round(state, rng, events)
            checked = False
            continue
        c = state.combatants[state.order[state.turn_pos]]
        if not state.turn_begun:
            _begin_turn(state, c, rng, events)
            checked = False
            continue
        if c.out or c.acted:
            end_turn(state)
            continue
        if c.actions_used >= 2:
            listed = turn_actions(state, c)
            if len(listed) == 1:
                end_turn(state)  # ACT-01: both actions used and no free action left to take
                continue
            return listed
        return None
    return None


def _begin_turn(state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event]) -> None:
    """TURN-01/02: start of a combatant's turn: overwatch ends, fire burns, lost turns pass.

    A swapper whose turn resumes later in the round (INIT-SWAP-03) has had these effects when
    its number was first called; they do not happen twice in one round."""
    state.turn_begun = True
    state.turn_acts = 0
    if c.acted or c.dead or c.fled or c.surrendered:
        return
    resumed = c.last_turn[0] == state.round
    c.last_turn = (state.round, state.cards[c.id])  # TURN-03
    if resumed:
        if not c.out:
            events.append(Event("turn", c.id, -1, {"round": state.round, "card": state.cards[c.id]}))
        return
    c.overwatch = -1  # ACTN-OVERWATCH-01: it lasts until your next turn
    c.prone_drops = 0
    if state.options.peek_lasts == "round":
        c.peek = -1
    if c.burning:
        fire_attack(state, c, rng, events)  # FIRE-02: a new fire attack on their turn
    start_of_turn(state, c, rng, events, True)  # FIRE-05 death rolls (Pride asked, DICE-13), PUSH-PANIC-10
    if state.setup.hazards is not None and hazards.turn_starts(state, c, rng, events):
        return  # HAZ-POISON-LETHAL-01; AMB-05: under water, the turn goes on struggling for air
    if c.lose_turn:
        c.lose_turn = False  # VEH-CRIT-02: the lost turn passes
        c.acted = True
        events.append(Event("turn_lost", c.id))
        return
    if not c.out:
        events.append(Event("turn", c.id, -1, {"round": state.round, "card": state.cards[c.id]}))


def _end_round(state: GameState, rng: np.random.Generator, events: list[Event]) -> None:
    """INIT-06: everyone has acted; lethal timers tick and a new round starts."""
    tick_lethal_injuries(
        state, rng, events, on_turns=state.options.death_roll_timing == "next_turn", ask_pride=True
    )  # DICE-13: a failed death roll waits for its roller's Pride
    phobias(state, rng, events)  # CRIT-MENT-42-43
    if state.vehicles:
        vehicle_round_end(state, rng, events)  # FIRE-06 burning vehicles, AMB-42 descents
    if state.setup.hazards is not None:
        hazards.round_ends(state, rng, events)  # HAZ-DROWN, HAZ-POISON, HAZ-COLD on the round clock
    victory = state.setup.victory
    for side, rounds in victory.survive_rounds.items():
        if state.round >= rounds and any(c.side == side and not c.out for c in state.combatants):
            _finish(state, side, Termination.SURVIVED, f"survived {rounds} rounds", events)
            return
    if _check_over(state, events):
        return
    if state.round >= victory.round_cap:
        _finish(state, -1, Termination.ROUND_CAP, "round cap", events)
        return
    state.round += 1
    for c in state.combatants:  # ACT-REFRESH-01: all actions refresh at the start of a round
        c.actions_used = 0
        c.slow_used = False
        c.acted = False
        c.swapped = False
    if state.options.hidden_initiative:
        initiative.deal(state, rng, events, first=False)  # INIT-HIDDEN-02, AMB-41
    else:
        initiative.rebuild_order(state)  # INIT-07: the same cards (swaps kept, AMB-29)
    state.turn_pos = 0
    state.turn_begun = False
    events.append(Event("round", -1, -1, {"round": state.round}))


def _check_over(state: GameState, events: list[Event]) -> bool:
    """A side wins when it alone has fighters left, or when it reaches its goal zone."""
    if state.phase == OVER:
        return True
    people = state.combatants
    for side, zone in state.setup.victory.reach_zone.items():
        for c in people:
            if c.zone == zone and c.side == side and not c.out:
                reached = f"reached {state.zone_map.zones[zone].name}"
                _finish(state, side, Termination.REACHED_ZONE, reached, events)
                return True
    first = -1
    for c in people:  # two sides still standing: not over (the common case, kept cheap)
        if c.side != first and not c.out:  # the first side's others cannot make it two: skipped
            if first < 0:
                first = c.side
            else:
                return False
    standing = {c.side for c in state.combatants if not c.out}
    if standing:
        side = standing.pop()
        _finish(state, side, Termination.SIDE_OUT, "the other side is out of the fight", events)
    else:
        _finish(state, -1, Termination.NO_ONE_STANDING, "no one is left standing", events)
    return True


def _finish(state: GameState, side: int, termination: Termination, reason: str, events: list[Event]) -> None:
    """The game is over: the winning side (-1: none), why as a type, and why in words."""
    state.phase = OVER
    state.winner = side
    state.termination = termination
    state.end_reason = reason
    if state.stack:
        settle_at_game_end(state, events)  # DICE-13: death rolls still waiting for a Pride
    state.stack.clear()
    events.append(
        Event(
            "game_over", -1, -1, {"winner": state.setup.sides[side] if side >= 0 else None, "reason": reason}
        )
    )


def is_over(state: GameState) -> bool:
    """True once a side has won, everyone is out, or the round cap is reached."""
    return state.phase == OVER


def outcome(state: GameState) -> Outcome | None:
    """The result of a finished game; None while it is running."""
    if state.phase != OVER:
        return None
    winner = state.setup.sides[state.winner] if state.winner >= 0 else None
    return Outcome(winner, state.end_reason, state.round, state.termination)


def describe(state: GameState, action: Action) -> str:
    """The action in plain words, e.g. "shoot at Ganger 2" or "run to Loading dock"."""
    spec = SPECS[action.kind]
    words = [spec.label]
    if 0 <= action.target < len(state.combatants):
        words.append(state.combatants[action.target].name)
    if 0 <= action.zone < len(state.zone_map.zones) and not any(shape.fire for shape in spec.forms):
        words.append(state.zone_map.zones[action.zone].name)  # (SHOOT_VEHICLE's zone is its fire mode)
    spec.words(state, action, current_actor(state), words)
    return " ".join(words)
