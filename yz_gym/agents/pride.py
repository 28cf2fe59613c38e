"""When a scripted agent claims its Pride (DICE-13): to turn a failed attack or first aid into a
success, or to survive a failed death roll."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.resolution.pride import pride_saves
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone.actions import CLOSE_KINDS, Action, Kind

# the rolls worth the session's one Pride: attacks of every kind, first aid (a life may hang on it)
# and a failed death roll (its frame's kind is PRIDE itself: resolution/pride.py)
PRIDE_ROLLS: Final = CLOSE_KINDS | {
    Kind.GRAPPLE_ATTACK, Kind.SHOOT, Kind.OVERWATCH_FIRE, Kind.RAM, Kind.SHOOT_VEHICLE,
    Kind.ATTACK_MOUNT, Kind.SHOOT_MOUNT, Kind.ATTACK_VEHICLE, Kind.FIRST_AID, Kind.PRIDE,
}  # fmt: skip


def claims_pride(state: GameState) -> bool:
    """At a pride decision: yes when the Pride turns this failed roll into a success; asked before
    the roll (`pride_timing: before_roll`), yes on the first such roll."""
    frame = state.stack[-1]
    if frame.kind not in PRIDE_ROLLS:
        return False
    return frame.roll is None or pride_saves(frame)


def pride_choice(state: GameState, actions: list[Action]) -> Action:
    """PRIDE if `claims_pride`, otherwise DECLINE (the two actions of a pride decision)."""
    wanted = Kind.PRIDE if claims_pride(state) else Kind.DECLINE
    return next(a for a in actions if a.kind == wanted)
