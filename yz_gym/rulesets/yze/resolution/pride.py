"""DICE-13 Pride: once per session (a game) one automatic success on a roll of the roller's own.

The roller is asked at the pride stage (PRIDE or DECLINE): once the roll is final (after the push
decision, pushed or not), or with `pride_timing: before_roll` before the dice are rolled. Only the
acting roller is asked (an opposing roll is no frame of its own), and a dying one whose death roll
failed (DEATH-01/02): the failed roll waits on the stack in a frame of its own (`F_DEATH`, pushed
by combat/damage.py in a zone fight); PRIDE makes it one success and they live, DECLINE kills.
A game that ends while one waits settles it as claimed (nothing is left to keep the Pride for)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat.damage import kill
from yz_gym.rulesets.yze.resolution.rolling import net_of
from yz_gym.rulesets.yze.resolution.stages import F_DEATH, F_MISSED, F_PRIDE, S_PRIDE
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.zone.actions import Action, Kind

_PRIDE: Final = Action(Kind.PRIDE)


def ask_pride(frame: Frame, actor: Combatant) -> None:
    """A roller with a Pride it has not used this session is asked whether to claim it."""
    if actor.pride and not actor.pride_used and not actor.out:
        frame.stage = S_PRIDE
        frame.asking = [actor.id]


def claim_pride(frame: Frame, who: Combatant, skill: str | None, events: list[Event]) -> None:
    """Once per session, one automatic success on the roll of `skill`: added to the final roll now,
    or, claimed before the roll, once the roll is final (`add_claimed_pride`)."""
    who.pride_used = True
    data: dict[str, object] = {"pride": who.pride, "skill": skill}
    if frame.roll is None:
        frame.flags |= F_PRIDE  # `pride_timing: before_roll`: added once the roll is final
    else:
        frame.roll = dice.with_auto_success(frame.roll)
        data["successes"] = frame.roll.successes
    events.append(Event("pride", who.id, frame.target, data))


def add_claimed_pride(frame: Frame) -> bool:
    """The roll is final: a Pride claimed before it adds its success now (once). Whether it did."""
    if not frame.flags & F_PRIDE or frame.roll is None:
        return False
    frame.flags &= ~F_PRIDE  # one success, not one for each shot of a burst
    frame.roll = dice.with_auto_success(frame.roll)
    return True


def pride_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """PRIDE, to the roller asked at the pride stage while its Pride is unused (DECLINE follows)."""
    if frame is None or frame.stage != S_PRIDE or c.id != frame.actor or not c.pride or c.pride_used:
        return []
    return [_PRIDE]


def pride_saves(frame: Frame) -> bool:
    """Claiming the Pride on the frame's final roll turns its failure into a success (for agents)."""
    roll = frame.roll
    if roll is None or frame.flags & F_MISSED or net_of(frame, roll) > 0:
        return False
    return net_of(frame, dice.with_auto_success(roll)) > 0


def settle_death_roll(state: GameState, frame: Frame, rng: np.random.Generator, events: list[Event]) -> None:
    """A death roll that waited for its roller's Pride (`F_DEATH`): claimed, it is a success and
    they live (its timer was set as for any survived roll); declined, they die."""
    state.stack.remove(frame)
    dying = state.combatants[frame.actor]
    if not dying.dead and (frame.roll is None or frame.roll.successes == 0):
        kill(state, dying, events, "failed death roll", rng)


def settle_at_game_end(state: GameState, events: list[Event]) -> None:
    """The game ends while death rolls wait for their Pride: each is claimed (DICE-13)."""
    for frame in state.stack:
        dying = state.combatants[frame.actor]
        if frame.flags & F_DEATH and not dying.dead and not dying.pride_used:
            claim_pride(frame, dying, "Stamina", events)
