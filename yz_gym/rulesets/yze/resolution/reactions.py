"""Who may react to a declared action and how: overwatch shots (ACTN-OVERWATCH-01..04), help
(ACT-HELP-01..03, HELP-01/02), blocks (ACTN-BLOCK-01..03); and what doing something else costs."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat.attacks import can_block, can_shoot, held_weapon
from yz_gym.rulesets.yze.resolution.rolling import attack_weapon
from yz_gym.rulesets.yze.resolution.stages import (
    F_FREE,
    F_MOUNT,
    F_OVERWATCH,
    F_SNEAK,
    S_BLOCK,
    S_HELP,
    S_OVERWATCH,
)
from yz_gym.rulesets.yze.rolls import roll_data, skill_pool
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.zone.actions import CLOSE_KINDS, Action, Kind

HELPABLE: Final = CLOSE_KINDS | {
    Kind.FIRST_AID, Kind.PERSUADE, Kind.BREAK_FREE, Kind.FORCE_DOOR, Kind.EXTINGUISH,
}  # fmt: skip
BLOCKABLE: Final = CLOSE_KINDS  # ACTN-BLOCK-01; not grapple attacks (ACTN-GRAPPLE-01)
KEEPS_AIM: Final = frozenset({Kind.SHOOT, Kind.AIM, Kind.OVERWATCH_FIRE, Kind.SHOOT_VEHICLE, Kind.SHOOT_MOUNT})  # ACTN-AIM-02
# ACTN-RELOAD-02: after readying an arrow or stone you may only shoot or aim (watching for a
# target on overwatch counts as aiming)
KEEPS_READY: Final = frozenset(
    {Kind.SHOOT, Kind.AIM, Kind.OVERWATCH, Kind.OVERWATCH_FIRE, Kind.SHOOT_VEHICLE, Kind.SHOOT_MOUNT}
)
KEEPS_WATCH: Final = frozenset({Kind.OVERWATCH, Kind.OVERWATCH_FIRE})  # ACTN-OVERWATCH-04
_INTO_ZONE: Final = frozenset(
    {Kind.RUN, Kind.CRAWL, Kind.DOOR, Kind.RETREAT, Kind.DRIVE, Kind.MANEUVER, Kind.RIDE}
)  # moves that may leave the zone: a watcher of the zone entered may fire (ACTN-OVERWATCH-01)


def doing(state: GameState, c: Combatant, kind: Kind, keep_watch: bool = True) -> None:
    """What doing something else costs: aim (ACTN-AIM-02), a readied arrow or stone
    (ACTN-RELOAD-02) and, unless kept for the trigger window, overwatch (ACTN-OVERWATCH-04)."""
    if kind not in KEEPS_AIM:
        c.aiming = 0
    if kind not in KEEPS_READY:
        for carried in c.weapons:
            if state.setup.weapons[carried.name].reload_fast:
                carried.loaded = False  # ACTN-RELOAD-02: doing anything else means readying again
    if not keep_watch and kind not in KEEPS_WATCH:
        c.overwatch = -1  # ACTN-OVERWATCH-04: overwatch ends if you do anything else


def overwatchers(state: GameState, c: Combatant, action: Action) -> list[int]:
    """ACTN-OVERWATCH-01/02: enemies watching the zone the actor is in or moves into."""
    here = c.zone
    into = action.zone if action.kind in _INTO_ZONE else here
    return [
        o.id
        for o in state.combatants
        if o.overwatch >= 0
        and (o.overwatch == here or o.overwatch == into)
        and o.side != c.side
        and _watches(state, o, c)
    ]


def watch_targets(state: GameState, o: Combatant, actor: Combatant) -> list[int]:
    """ACTN-OVERWATCH-01: a moment to fire, opened by `actor`: at it, or at any other enemy in
    the watched zone that can be hit."""
    result = [actor.id] if _can_watch_fire(state, o, actor) else []
    for other in state.combatants:
        if other.id != actor.id and other.zone == o.overwatch and _can_watch_fire(state, o, other):
            result.append(other.id)
    return result


def _watches(state: GameState, o: Combatant, actor: Combatant) -> bool:
    """`watch_targets` is not empty: the first target found answers (no list built)."""
    if _can_watch_fire(state, o, actor):
        return True
    for other in state.combatants:
        if other.id != actor.id and other.zone == o.overwatch and _can_watch_fire(state, o, other):
            return True
    return False


def _can_watch_fire(state: GameState, o: Combatant, c: Combatant) -> bool:
    """ACTN-OVERWATCH-01/02: on overwatch with a ranged weapon, the slow action unused, and a
    shot at `c` possible (in range, line of fire, loaded: ATK-08, ACTN-SHOOT-01)."""
    if o.overwatch < 0 or o.side == c.side or o.out or c.out or not o.can_take(True):
        return False
    if o.held < 0 or not held_weapon(state, o).ranged:
        return False
    return can_shoot(state, o, c)


def _can_fire_back(state: GameState, target: Combatant, shooter: Combatant) -> bool:
    """ACTN-OVERWATCH-03: the target of an overwatch shot is itself watching the shooter."""
    return target.overwatch == shooter.zone and _can_watch_fire(state, target, shooter)


def _fires_first(
    state: GameState, a: Combatant, b: Combatant, rng: np.random.Generator, events: list[Event]
) -> Combatant:
    """ACTN-OVERWATCH-03: an opposed Marksmanship roll, no action; a tie is rolled again
    (OPP-03); after 20 ties the one who fired first keeps the lead."""
    for _ in range(20):
        roll_a = dice.roll(skill_pool(state, a, "Marksmanship"), rng)
        roll_b = dice.roll(skill_pool(state, b, "Marksmanship"), rng)
        for c, roll, other in ((a, roll_a, b), (b, roll_b, a)):
            events.append(
                Event("roll", c.id, other.id, {"skill": "Marksmanship", "purpose": "overwatch_duel", **roll_data(roll)})
            )
        if roll_a.successes != roll_b.successes:
            break
    first = a if roll_a.successes >= roll_b.successes else b
    events.append(Event("fires_first", first.id, (b if first is a else a).id))
    return first


def prune(state: GameState) -> None:
    """Back at a waiting frame after a nested one (an overwatch shot): drop those asked who
    can no longer take the reaction (shot down, out of actions, overwatch lost)."""
    if not state.stack:
        return
    frame = state.stack[-1]
    if not frame.asking:
        return
    actor = state.combatants[frame.actor]
    keep = []
    for i in frame.asking:
        c = state.combatants[i]
        if frame.stage == S_OVERWATCH:
            ok = _can_fire_back(state, c, actor) if frame.flags & F_OVERWATCH else _watches(state, c, actor)
        elif frame.stage == S_HELP:
            ok = not c.out and c.can_take(frame.slow)
        elif frame.stage == S_BLOCK:
            ok = not c.out and c.can_take(False)
        else:
            ok = not c.out
        if ok:
            keep.append(i)
    frame.asking = keep


def helpers(state: GameState, frame: Frame) -> list[int]:
    """ACT-HELP-01..03/HELP-02: allies present who can spare an action of the same type.

    None on a sneak attack: it is always one attacker against one target (SNEAK-05)."""
    kind = frame.kind
    if not state.options.offer_help or kind not in HELPABLE or frame.flags & (F_FREE | F_OVERWATCH | F_SNEAK):
        return []
    actor = state.combatants[frame.actor]
    result = []
    for ally in state.combatants:
        if ally.side != actor.side or ally.id in (actor.id, frame.target) or ally.out:
            continue
        if ally.zone != actor.zone or not ally.can_take(frame.slow) or ally.grappled_by >= 0:
            continue
        result.append(ally.id)
        if len(result) == 3:
            break  # HELP-01: at most three helpers count
    return result


def blockers(state: GameState, frame: Frame) -> list[int]:
    """ACTN-BLOCK-01..03: the target may block a close attack it can see coming."""
    kind = frame.kind
    if kind not in BLOCKABLE or frame.flags & (F_FREE | F_SNEAK | F_MOUNT) or frame.target < 0:
        return []
    target = state.combatants[frame.target]
    if target.out or not target.can_take(False) or target.grappled_by >= 0:
        return []  # ACTN-BLOCK-03: a block takes one of the round's two actions
    attacker = state.combatants[frame.actor]
    if not can_block(state, target, attacker, attack_weapon(state, attacker, kind)):
        return []  # ACTN-BLOCK-02: a weapon or a beast needs a sturdy weapon or tool
    return [target.id]


def overwatch_fire(
    state: GameState,
    frame: Frame,
    who: Combatant,
    target: Combatant,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ACTN-OVERWATCH-01..03: the overwatch shot, a normal slow attack, resolves before the
    action that set it off; a target watching the shooter may fire back (see _fires_first)."""
    who.spend(True)  # ACTN-OVERWATCH-02: the shot is a normal slow attack
    who.overwatch = -1
    doing(state, who, Kind.OVERWATCH_FIRE)
    events.append(Event("overwatch_fire", who.id, target.id))
    shot = Frame(Kind.SHOOT, who.id, target.id, slow=True, flags=F_OVERWATCH)
    if frame.flags & F_OVERWATCH:  # ACTN-OVERWATCH-03: both fire; who shoots first?
        if _fires_first(state, target, who, rng, events) is target:
            state.stack.insert(state.stack.index(frame), shot)  # under the first shot
        else:
            state.stack.append(shot)
        return
    if _can_fire_back(state, target, who):
        shot.asking = [target.id]  # the target may fire back (ACTN-OVERWATCH-03)
    state.stack.append(shot)
