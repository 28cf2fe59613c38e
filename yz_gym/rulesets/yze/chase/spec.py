"""What one chase action kind is: its `ChaseSpec` (label, the decisions it is offered at and its
legality hook, skill and dice where it rolls, effect or answer, encoding form, words), and the
`Listing` its offer hooks share; chase/kinds.py holds the table, one spec per `CK`, in `CK` order.

A chase is not a zone fight's turn, so the zone's `ActionSpec` does not fit: every participant takes
one action a round, declared in secret and resolved in a fixed order (CHASE-08..11), so there is no
timing, no cost and no stack of frames; a roll is made inside its effect (a step resumes after the
push and Pride decisions, chase/effects.py `stage_roll`); targets are units, people or vehicles, not
zones. What the round asks is a *decision* (`decision_kind`): the round's choices (`action`, `shot`,
`auto_weapon`) and the answers asked while it resolves (`cancel`, `push`, `pride`, `catch`,
`hidden`). The record keeps the zone's shape where it holds: offers with a hook, what it is asked
about, a rank and needs; an effect; an encoding form; words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.chase.state import CK, CLIMB, DESCEND, PILOT, ChaseAction, ChaseState, Step
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers
from yz_gym.rulesets.yze.vehicles.operation import can_move
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState

CHOICES: Final = ("action", "shot", "auto_weapon")  # the round's secret choices (CHASE-08), by slot
ASKED: Final = ("cancel", "push", "pride", "catch", "hidden")  # decisions while the round resolves
DECISIONS: Final = CHOICES + ASKED


class Over(IntEnum):
    """What an offer hook is asked about (chase/legal.py: consecutive offers about the same thing share
    one loop)."""

    ONCE = 0  # once per listing: `hook(listing, -1)`
    PURSUERS = 1  # each target participant behind the actor's unit (its pursuers; grouped: each side's leader)
    QUARRY = 2  # each target participant ahead of it (its prey; grouped: each side's leader)


class Form(IntEnum):
    """How the chase env encodes a kind's actions (envs/chase_encoding.py lays the blocks out)."""

    ONE = 0  # one index
    LEVEL = 1  # three: on the level, climbing, descending (option -1, CLIMB, DESCEND; VEH-AIR-03)
    UNIT = 2  # one per unit slot (`unit`)
    TARGET = 3  # one per unit slot (a vehicle or a runner) and per person slot (an exposed occupant)
    WEAPON = 4  # one per weapon slot (the carried one, each mounted weapon) and target as for TARGET
    PERSON = 5  # one per person slot (`target`)


# bits of what a listing has (an offer is asked only when the listing has all of its `needs`)
ABLE: Final = 1  # the chooser is in a unit still in the chase and not out of the fight
MOVING: Final = 2  # ... and its unit can move (on foot, or a vehicle that can move)
NEEDS: Final = (ABLE, MOVING)
LEVEL: Final = (-1,)  # the altitude options of a move on the level
CARRIED: Final = (-1,)  # the weapons of someone with no mounted weapon: the carried one


class Listing:
    """What the offer hooks of one `decision` share, worked out once: the state, who decides (`c`, its
    chooser `slot`), its unit `u` (at a catch: the catching unit, `extra` its surplus successes), for
    the round's choices the weapons it may fire (-1 the carried one, k a mounted weapon) and the
    altitude options of its move (-1 level, CLIMB, DESCEND), `has` (ABLE, MOVING), and `out`, the list."""

    def __init__(self, state: ChaseState, decision: str, c: int, slot: int, u: int, extra: int = 0) -> None:
        self.state = state
        self.c = c
        self.slot = slot
        self.u = u
        self.extra = extra
        self.out: list[ChaseAction] = []
        self.weapons: tuple[int, ...] = ()
        self.altitudes: tuple[int, ...] = LEVEL
        self.has = 0
        if decision not in CHOICES or u < 0 or state.world.combatants[c].out:
            return
        unit = state.units[u]
        self.has = ABLE
        v = state.vehicles[unit.vehicle] if unit.vehicle >= 0 else None
        if slot >= 0:  # CHASE-VSHOOT-04: the driver orders the auto-targeting weapon
            self.weapons = (slot,)
            return
        self.weapons = CARRIED if v is None else (-1, *(k for k, w in enumerate(v.weapons) if w.gunner == c))
        if slot == PILOT:
            if v is None or can_move(v):
                self.has |= MOVING
            self.altitudes = _altitude_options(state, v)


def _altitude_options(state: ChaseState, v: VehicleState | None) -> tuple[int, ...]:
    """VEH-AIR-02/03: an air pilot may climb or descend one zone with its action."""
    if v is None or not v.air or not can_move(v):
        return LEVEL
    out = [-1]
    if v.altitude < state.scenario.max_altitude:
        out.append(CLIMB)
    if v.altitude > 0:
        out.append(DESCEND)
    return tuple(out)

Rng = np.random.Generator
Events = list[Event]
# appends to `listing.out` the actions of the kind open now, at the unit `index` its `Over` names
OfferHook = Callable[[Listing, int], None]
# the modifiers of the kind's roll (one cause each): the state, the step, who rolls, its slot, the action
Dice = Callable[[ChaseState, Step, int, int, ChaseAction], Modifiers]
# what a revealed action does when its step comes: (state, step, spec, who, slot, action, rng, events);
# False while it waits for a decision (the step is resumed)
Effect = Callable[[ChaseState, Step, "ChaseSpec", int, int, ChaseAction, Rng, Events], bool]
# an answer to a decision asked while the round resolves: (state, step, the decision, action, rng, events)
Answer = Callable[[ChaseState, Step, str, ChaseAction, Rng, Events], None]
Words = Callable[[ChaseState, ChaseAction, int, list[str]], None]  # adds to `describe`'s words (actor or -1)


@dataclass(frozen=True)
class Offer:
    """When a kind is offered: at which decisions (`at`, names of `decision_kind`), its hook, what the
    hook is asked about, its rank (its place in the list of that decision; the order seeded games
    keep) and what the listing needs for the hook to be asked (ABLE, MOVING)."""

    at: tuple[str, ...]
    over: Over
    hook: OfferHook
    rank: int
    needs: int = 0


@dataclass(frozen=True)
class ChaseSpec:
    """Everything about one chase action kind, in one place; the listing (chase/legal.py), the round
    (chase/resolve.py), the answers (chase/engine.py), `describe`, the narration and the env's
    encoding look it up by `SPECS[kind]`.

    A kind chosen for the round (`action`, `shot`, `auto_weapon`) is carried out by its `effect` when
    its step comes; a decision asked while the round resolves by its `answer` (ATTACK has both: the
    catch decision records it, the catch step rolls it)."""

    kind: CK
    label: str  # `describe` and the narration's "reveals: ..."
    offer: tuple[Offer, ...]  # legality: the decisions it is offered at and its hooks
    active: bool  # an active action (CHASE-12 may cancel it, CHASE-BLOCK-02 and obstacles stop it)
    own_step: bool  # chosen by a passenger or an auto weapon, it resolves right after its driver (CHASE-VSHOOT-01)
    skill: str  # the skill its roll is made with ("" = no roll); in a vehicle the driving roll (CHASE-14)
    against: str  # the skill of the opposing roll ("" = not opposed)
    dice: Dice  # the modifiers of its roll (`no_modifiers` for none, or no roll)
    effect: Effect | None
    answer: Answer | None
    form: Form
    block: int  # its block's place in the env's action space (never renumbered: indices are pinned)
    words: Words  # extra words for `describe` (climbing, the mounted weapon)


def no_words(state: ChaseState, action: ChaseAction, actor: int, words: list[str]) -> None:
    """Nothing more to say than the label and the names."""


def no_modifiers(state: ChaseState, step: Step, c: int, slot: int, action: ChaseAction) -> Modifiers:
    """A roll with no situational modifier."""
    return NO_MODIFIERS
