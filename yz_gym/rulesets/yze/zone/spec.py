"""What one action kind is: its `ActionSpec` (label, timing, cost, when it is offered, skill and dice,
effect, encoding form, words and narration), and the cost and skill hooks kinds share;
resolution/effects.py holds the table, one spec per `Kind`, in `Kind` order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.attacks import held_weapon, shot_skill
from yz_gym.rulesets.yze.dice import DicePool, Modifiers
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.listing import Listing
from yz_gym.rulesets.yze.zone.movement import move_skill, moving_is_slow


class Timing(IntEnum):
    """When a kind is taken and what it usually costs (ACT-01; `ActionSpec.slow` decides per action)."""

    FREE = 0  # on your turn, at once, no action spent (ACT-FREE-01/02)
    FAST = 1  # one fast action (ACT-FAST-*), declared and resolved on the stack
    SLOW = 2  # the slow action (ACT-SLOW-*)
    WHOLE_TURN = 3  # both actions of the turn (ACTN-DIVE-01)
    DECISION = 4  # out of turn, answering the frame on top of the stack (or a setup choice)
    FRAME = 5  # opened by the rules themselves, never chosen


class Over(IntEnum):
    """What a turn offer hook is asked about (zone/legal.py asks every hook of a listing in one pass;
    ENEMY, FOE and ALLY share one loop over the combatants, in their order)."""

    ACTOR = 0  # once per listing: `hook(listing, -1)`
    NEIGHBOUR = 1  # each zone next to the actor's: `hook(listing, zone)`
    ENEMY = 2  # each combatant of another side still in the fight (not out): `hook(listing, id)`
    FOE = 3  # each combatant of another side not dead nor fled (Broken or surrendered too)
    ALLY = 4  # each other combatant of the actor's side within reach (its zone and vehicle), not dead
    VEHICLE = 5  # each vehicle of the fight: `hook(listing, index)`
    WAY = 6  # each way the actor can drive its vehicle (`Listing.ways`): `hook(listing, index)`


class Span(IntEnum):
    """An option range the env's encoding fills from its declared maxima (envs/limits.py)."""

    FIXED = 0  # the form's own `options`
    WEAPONS = 1  # 0..MAX_WEAPONS-1
    COVERS = 2  # 0..MAX_COVERS-1
    ITEMS = 3  # 0..MAX_ITEMS-1
    CARDS = 4  # 1..MAX_CARDS
    SHOTS = 5  # -1 (one shot), 1..MAX_AMMO_DICE (full auto or that many ammo dice)
    AMMO_DICE = 6  # 1..MAX_AMMO_DICE
    SEATS = 7  # 0..2*MAX_VEHICLES-1: 2 * vehicle + 1 for an exposed seat
    VEHICLES = 8  # 0..MAX_VEHICLES-1


@dataclass(frozen=True)
class Shape:
    """One form of a kind's actions in the env's flat encoding: which of target, zone and option it
    uses and their ranges. `fire`: the zone field holds a fire mode 1..MAX_AMMO_DICE, not a zone.
    `appended` >= 0: laid out after every kind's block, at that position (older indices stay)."""

    target: bool = False
    zone: bool = False
    options: tuple[int, ...] = (-1,)
    span: Span = Span.FIXED
    fire: bool = False
    appended: int = -1


Rng = np.random.Generator
Events = list[Event]
Slow = Callable[[GameState, Combatant, Action], bool]  # is this action the slow one of the turn
Skill = Callable[[GameState, Frame], "str | None"]  # the skill the frame rolls, None: no roll
# the pool of the frame's roll, from the skill and the help modifier; None: no roll after all (DARK-04)
Dice = Callable[[GameState, Frame, Combatant, str, Modifiers, np.random.Generator, list[Event]], "DicePool | None"]
Effect = Callable[[GameState, Frame, Combatant, int, bool, np.random.Generator, list[Event]], None]
Instant = Callable[[GameState, Combatant, "Frame | None", Action, np.random.Generator, list[Event]], None]
# appends to `listing.out` the actions of the kind the listing's actor may take now on its turn,
# at the zone or combatant `index` its `Over` names (-1 for `ACTOR`)
TurnHook = Callable[[Listing, int], None]
# the actions of the kind `c` may take now answering `frame` (a decision)
Asked = Callable[[GameState, Combatant, Frame], list[Action]]
Words = Callable[[GameState, Action, int, list[str]], None]  # adds to `describe`'s words (actor id or -1)


LAST: Final = 1000  # the rank of an offer made after every older kind's (the default)


@dataclass(frozen=True)
class Offer:
    """When a kind is offered on a turn: its hook, what the hook is asked about, the offer's rank,
    its place in the listing (ties in `Kind` order; the ranks keep the order of seeded games), and
    what the listing needs for the hook to be asked (bits of zone/listing.py: FAST, AFOOT, ...)."""

    over: Over
    hook: TurnHook
    rank: int = LAST
    needs: int = 0


@dataclass(frozen=True)
class ActionSpec:
    """Everything about one action kind, in one place; the engine, the resolution stack, the env's
    encoding, `describe` and the narration look it up by `SPECS[kind]` (no kind-by-kind branching).

    A kind is carried out by exactly one of `effect` (declared, rolled and resolved on the stack:
    its args are the frame, the actor, the net successes and whether it succeeded) and `instant`
    (free actions and decisions, done at once; `frame` is the frame answered, None on a turn).
    `offer` says when it may be taken on a turn (zone/legal.py asks its hooks), `asked` when a
    decision offers it beside what the stage asks (before DECLINE)."""

    kind: Kind
    label: str  # `describe` text, e.g. "shoot at"
    timing: Timing
    slow: Slow  # the cost when declared (moves made slow by injuries, slow aiming, vehicle doors)
    skill: Skill
    dice: Dice  # the pool of the roll `skill` names (gear, artifact die, modifiers): frame.modifier is set
    effect: Effect | None
    instant: Instant | None
    offer: tuple[Offer, ...]  # legality on a turn: () = never on a turn
    asked: Asked | None  # legality in a decision; None = only what the stage asks (resolution/stack.py)
    forms: tuple[Shape, ...]  # the env encoding; () = never chosen by an agent
    words: Words  # extra words for `describe` (weapon, cover, fire mode...)
    failed: str | None  # a failed roll: None = no `failed` event, "" = its own events tell it, else the words


def never(state: GameState, c: Combatant, action: Action) -> bool:
    """Not slow (fast, free, a decision, or both actions at once)."""
    return False


def always(state: GameState, c: Combatant, action: Action) -> bool:
    """Slow."""
    return True


def no_roll(state: GameState, frame: Frame) -> str | None:
    """No roll."""
    return None


def no_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """Nothing more to say than the label and the names."""


# --- costs (ActionSpec.slow) and skills (ActionSpec.skill) shared by kinds -------------------------------


def moving_slow(state: GameState, c: Combatant, action: Action) -> bool:
    """A move is slow when an injury makes moving slow (CRIT-PHYS rows)."""
    return moving_is_slow(c)


def option_one_slow(state: GameState, c: Combatant, action: Action) -> bool:
    """Option 1 is the slow form: aiming through a scope (ACTN-SHOOT-02), a full reload (ACTN-RELOAD-02)."""
    return action.option == 1


def melee_skill(state: GameState, frame: Frame) -> str | None:
    """ATK-01, ACTN-BREAKFREE-01: Melee."""
    return "Melee"


def mobility_skill(state: GameState, frame: Frame) -> str | None:
    """ACTN-RETREAT-01, ACTN-EXTINGUISH-01, driving and riding rolls (VEH-03): Mobility."""
    return "Mobility"


def healing_skill(state: GameState, frame: Frame) -> str | None:
    """ACT-SLOW-FIRSTAID: Healing."""
    return "Healing"


def persuasion_skill(state: GameState, frame: Frame) -> str | None:
    """ACT-SLOW-PERSUADE: Persuasion."""
    return "Persuasion"


def insight_skill(state: GameState, frame: Frame) -> str | None:
    """STRESS-01: Insight."""
    return "Insight"


def weapon_skill(state: GameState, frame: Frame) -> str | None:
    """ATK-03: the held weapon's skill (thrown weapons use Mobility)."""
    return shot_skill(held_weapon(state, state.combatants[frame.actor]))


def moving_skill(state: GameState, frame: Frame) -> str | None:
    """ACTN-RUN-03, DARK-02: a move into clutter or in the dark."""
    return move_skill(state, state.combatants[frame.actor], frame.kind, frame.zone)


def cover_skill(state: GameState, frame: Frame) -> str | None:
    """ACTN-COVER-02: a Mobility roll when the scenario asks for it."""
    return "Mobility" if state.options.take_cover_roll else None
