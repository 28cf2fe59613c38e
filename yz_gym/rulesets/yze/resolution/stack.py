"""Resolving a declared action step by step: overwatch, help, block, roll, push, effect.

What each step does for a kind (its cost, skill, dice, effect, the decisions it answers) is the
kind's `ActionSpec` in resolution/effects.py; this module walks the steps.

Each step that needs someone's decision waits on the stack of frames (ACT-REACT-01). The
decisions, and the actions `decision_actions` offers for them:

- overwatch (ACTN-OVERWATCH-01..03): OVERWATCH_FIRE(target), or DECLINE. "At any moment" is
  modelled as: every action an enemy declares in (or into) the watched zone is a moment to fire,
  at that enemy or at any other enemy in the watched zone you can hit; the shot resolves before
  the declared action. An overwatcher who is shot at by an enemy overwatcher it watches may fire
  back: an opposed Marksmanship roll (no action; ties rolled again, OPP-03) says who shoots
  first. Overwatch lasts through the trigger window of your own declared action, and ends when
  that action goes ahead (ACTN-OVERWATCH-04).
- help (ACT-HELP-01..03), block (ACTN-BLOCK-01..03), push (PUSH-04): HELP / BLOCK / PUSH or
  DECLINE. The target decides on a block before the attacker rolls.
- pride (DICE-13, resolution/pride.py): a roller with a Pride not yet used this session (the game)
  is asked, PRIDE or DECLINE, whether to claim its one automatic success on the roll: once the
  roll is final (after the push decision, pushed or not), or with `pride_timing: before_roll`
  before the dice are rolled. Only the acting roller is asked, and a dying one on a failed death
  roll (a frame of its own, `F_DEATH`: PRIDE lives, DECLINE dies).
- A burst or ammo dice may open at a person (SHOOT), a mount (SHOOT_MOUNT, option as SHOOT's)
  or a vehicle (SHOOT_VEHICLE, option = the vehicle, zone = SHOOT's option); each shot rolls and
  lands as the single shot at that target does, and the rest goes on as below.
- full_auto (AUTO-01): after a hit of a basic burst, SHOOT(target, option=1) at the same or
  another target for the next shot (three at most), SHOOT_MOUNT(rider) or
  SHOOT_VEHICLE(option=vehicle) to fire it at a mount or a vehicle (zone/auto_targets.py), or
  DECLINE to stop.
- ammo (AUTO-05, `full_auto: ammo_dice`): for each 6 on the ammo dice of a hit, SHOOT(target)
  = an extra hit at base damage on the main target (a person, a mount or a vehicle: the same
  action as for a mount or vehicle below) or another enemy in its zone (SHOOT_MOUNT /
  SHOOT_VEHICLE: on a mount or a vehicle there, zone/auto_targets.py), or DECLINE = +1 damage on the
  latest hit (the main hit first).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.resolution.attacks import land_hits
from yz_gym.rulesets.yze.resolution.bursts import ammo_supply, extra_hits, follow_shots, next_shot, spend_six
from yz_gym.rulesets.yze.resolution.effects import DECISION_OFFERS, SPECS, action_skill, after, resolve
from yz_gym.rulesets.yze.resolution.pride import add_claimed_pride, ask_pride, settle_death_roll
from yz_gym.rulesets.yze.resolution.reactions import (
    KEEPS_WATCH,
    blockers,
    doing,
    helpers,
    overwatchers,
    prune,
    watch_targets,
)
from yz_gym.rulesets.yze.resolution.rolling import roll_action
from yz_gym.rulesets.yze.resolution.stages import (
    DECISION_STAGES,
    F_DEATH,
    F_FREE,
    F_MOUNT,
    F_OVERWATCH,
    F_SNEAK,
    S_AFTER,
    S_AMMO,
    S_BLOCK,
    S_FOLLOW,
    S_HELP,
    S_OVERWATCH,
    S_PRIDE,
    S_PUSH,
    S_RESOLVE,
    S_ROLL,
    STAGE_NAMES,
)
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.zone.actions import AT_MOUNT, CLOSE_KINDS, KIND_NAMES, Action, Kind, action
from yz_gym.rulesets.yze.zone.movement import engage
from yz_gym.rulesets.yze.zone.spec import Timing


def declare(
    state: GameState, c: Combatant, action: Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """ACT-02: the actor states the action and pays for it; resolution starts on the stack."""
    kind = action.kind
    spec = SPECS[kind]
    slow = spec.slow(state, c, action)  # AMB-10, ACTN-CRAWL-03, ACTN-SHOOT-02
    if spec.timing == Timing.WHOLE_TURN:
        c.spend(True)  # ACTN-DIVE-01: the move and the attack use the whole turn
        c.spend(False)
    else:
        c.spend(slow)
    doing(state, c, kind)
    events.append(
        Event(
            "action",
            c.id,
            action.target,
            {"kind": KIND_NAMES[kind], "zone": action.zone, "option": action.option},
        )
    )
    frame = Frame(kind, c.id, action.target, action.zone, action.option, slow=slow)
    if kind in AT_MOUNT:  # MOUNT-08/11: a close attack or shot at the rider's mount
        frame.kind = AT_MOUNT[kind]
        frame.flags |= F_MOUNT
    if c.hidden and kind in CLOSE_KINDS | {Kind.SHOOT}:
        frame.flags |= F_SNEAK
    if spec.timing != Timing.DECISION:  # ACTN-OVERWATCH-01: "at any moment"
        frame.asking = overwatchers(state, c, action)
    state.stack.append(frame)


def answer(
    state: GameState, frame: Frame, action: Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """Take one out-of-turn decision for the frame on top of the stack."""
    who = state.combatants[frame.asking.pop(0)]
    if frame.stage == S_FOLLOW:
        next_shot(state, frame, who, action, action_skill(state, frame), rng, events)
        return
    if frame.stage == S_AMMO:
        spend_six(state, frame, who, action, events)
        return
    instant = SPECS[action.kind].instant
    assert instant is not None, f"{action.kind.name} is no decision"
    instant(state, who, frame, action, rng, events)  # decline, help, block, push, overwatch fire


def advance(state: GameState, frame: Frame, rng: np.random.Generator, events: list[Event]) -> None:
    """Move the frame on through the steps that need no decision: until someone is to be asked,
    another frame comes on top (a free attack), or the frame is done."""
    if frame.flags & F_DEATH:
        settle_death_roll(state, frame, rng, events)  # DICE-13: the Pride decision on a death roll is made
        return
    actor = state.combatants[frame.actor]
    stack = state.stack
    while True:
        stage = frame.stage
        if stage == S_OVERWATCH:
            if actor.out:
                stack.pop()  # shot down before the action resolved
                events.append(Event("interrupted", actor.id))
                prune(state)
                return
            if frame.kind not in KEEPS_WATCH and not frame.flags & F_FREE:
                actor.overwatch = -1  # ACTN-OVERWATCH-04: the action goes ahead: overwatch ends
            if frame.kind == Kind.DIVING_BLOW and frame.target >= 0:
                engage(state, actor, state.combatants[frame.target])  # ACTN-DIVE-01: move in, then strike
                events.append(Event("engaged", actor.id, frame.target))
            frame.stage = S_HELP
            frame.asking = helpers(state, frame) if action_skill(state, frame) else []
        elif stage == S_HELP:
            frame.stage = S_BLOCK
            frame.asking = blockers(state, frame)
        elif stage == S_BLOCK:
            frame.stage = S_ROLL
            if state.options.pride_timing == "before_roll" and action_skill(state, frame):
                ask_pride(frame, actor)  # DICE-13
        elif stage == S_ROLL:
            roll_action(state, frame, actor, action_skill(state, frame), SPECS[frame.kind].dice, rng, events)
        elif stage == S_PUSH:
            frame.stage = S_RESOLVE  # the roll is final
            if not add_claimed_pride(frame) and state.options.pride_timing == "after_roll":
                ask_pride(frame, actor)  # DICE-13
        elif stage == S_PRIDE:
            frame.stage = S_RESOLVE if frame.roll is not None else S_ROLL
        elif stage == S_RESOLVE:
            frame.stage = S_AFTER
            resolve(state, frame, actor, rng, events)
        elif stage == S_FOLLOW:
            frame.stage = S_AFTER  # AUTO-02: the burst is over; roll for the ammunition
            ammo_supply(state, actor, actor.weapons[actor.held], rng, events)
        elif stage == S_AMMO:
            frame.stage = S_AFTER
            land_hits(state, frame, actor, rng, events)
        else:
            if stack[-1] is frame:
                stack.pop()  # (the common case: no frame compared by value, its dataclass __eq__ interpreted)
            else:
                stack.remove(frame)
            after(state, frame, actor, rng, events)
            prune(state)
            return
        if (frame.asking and frame.stage in DECISION_STAGES) or not stack or stack[-1] is not frame:
            return


_DECLINE: Final = Action(Kind.DECLINE)
_PUSH: Final = Action(Kind.PUSH)
_YES: Final = {S_HELP: Action(Kind.HELP), S_BLOCK: Action(Kind.BLOCK)}  # and _PUSH at the push stage


def decision_actions(state: GameState, frame: Frame) -> list[Action]:
    """The choices of the one asked at the frame's decision stage (see the module docstring), those
    the decision kinds with an `ActionSpec.offer` offer before DECLINE."""
    actions = _asked(state, frame)
    if DECISION_OFFERS:
        who = state.combatants[frame.asking[0]]
        actions[-1:-1] = [a for offer in DECISION_OFFERS for a in offer(state, who, frame)]
    return actions


def _asked(state: GameState, frame: Frame) -> list[Action]:
    """The choices the stage itself asks for, DECLINE last."""
    stage = frame.stage
    if stage == S_FOLLOW:
        return [*follow_shots(state, state.combatants[frame.actor]), _DECLINE]
    if stage == S_AMMO:
        return [*extra_hits(state, frame, state.combatants[frame.actor]), _DECLINE]
    if stage == S_OVERWATCH:
        if frame.flags & F_OVERWATCH:  # ACTN-OVERWATCH-03: fire back at the shooter
            return [action(Kind.OVERWATCH_FIRE, target=frame.actor), _DECLINE]
        who, actor = state.combatants[frame.asking[0]], state.combatants[frame.actor]
        return [*(action(Kind.OVERWATCH_FIRE, target=t) for t in watch_targets(state, who, actor)), _DECLINE]
    if stage == S_PRIDE:
        return [_DECLINE]  # PRIDE is its spec's offer (resolution/pride.py)
    return [_YES.get(stage, _PUSH), _DECLINE]


def decision_name(frame: Frame) -> str:
    """What the frame waits for: overwatch, help, block, push, full_auto, ammo or pride."""
    return STAGE_NAMES[frame.stage]
