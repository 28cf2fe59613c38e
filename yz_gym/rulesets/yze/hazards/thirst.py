"""Thirst (ENV-06, PROPOSED; HEAL-12, RATION-04): a water ration a day. A day without one makes the
character dehydrated: no natural recovery of damage, nor of stress by default (HEAL-12), and 1
damage for each further day without water; Broken while dehydrated, they die if another day
passes without water. A drink ends it at once.

`thirst_day` is the morning's check for the day just ended (TIME-08), told whether the character
drank; it runs at the resolution of days, as the rule counts in days."""

from __future__ import annotations

import numpy as np

from yz_gym.core.conditions import TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import kill, take_damage, track_broken
from yz_gym.rulesets.yze.hazards.kinds import DEHYDRATED, PARCHED, find
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.state import Combatant, GameState


def dehydrated(c: Combatant) -> bool:
    """ENV-06: dehydrated (HEAL-12: no recovery)."""
    return find(c.timed, DEHYDRATED) is not None


def thirst_day(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    drank: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ENV-06 for the day just ended: a drink ends dehydration; a first dry day makes the character
    dehydrated; a further one deals `dehydration_damage` (no critical injury, CRIT-04), or kills one
    who was Broken while dehydrated at the start of it (PARCHED)."""
    if c.dead or not hazard_options.thirst:
        return
    held = find(c.timed, DEHYDRATED)
    if drank:
        if held is not None:
            c.timed = [t for t in c.timed if t.kind not in (DEHYDRATED.name, PARCHED.name)]
            events.append(Event("quenched", -1, c.id))
        return
    if held is None:
        stress_too = 1 if hazard_options.dehydration_blocks == "damage_stress" else 0
        c.timed.append(TimedCondition(DEHYDRATED.name, 0, stress_too))
        events.append(Event("dehydrated", -1, c.id))
    elif find(c.timed, PARCHED) is not None and track_broken(state, c, True):
        kill(state, c, events, "thirst (ENV-06)", rng)
        return
    else:
        take_damage(state, c, hazard_options.dehydration_damage, rng, events, crit_allowed=False)
    parched = find(c.timed, PARCHED)
    if track_broken(state, c, True) and parched is None:
        c.timed.append(TimedCondition(PARCHED.name, 0))
    elif parched is not None and not track_broken(state, c, True):
        c.timed.remove(parched)  # back on their feet (first aid): the dry day to death starts again
