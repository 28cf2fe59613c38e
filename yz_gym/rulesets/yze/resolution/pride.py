"""DICE-13 Pride: once per session (a game) one automatic success on a roll of the roller's own.

The roller is asked at the pride stage (PRIDE or DECLINE): once the roll is final (after the push
decision, pushed or not), or with `pride_timing: before_roll` before the dice are rolled. Only the
acting roller is asked (an opposing or death roll is no frame of its own)."""

from __future__ import annotations

from typing import Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.resolution.rolling import net_of
from yz_gym.rulesets.yze.resolution.stages import F_MISSED, F_PRIDE, S_PRIDE
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
