"""Drowning (HAZ-DROWN-*): swimming by default, a Stamina roll each stretch to stay afloat, metal
armor sinks, a breath roll each round under water, 1 Strength damage each round while drowning,
and death a stretch after being Broken while drowning; a rescue ends it (AMB-05).

`enter_water` puts a combatant in the water; `water_time` runs rounds in it (one a round in a
fight, at the end of the round; a stretch at a time on a journey); `rescue` and `leave_water`
take it out."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.clock import TimeUnit
from yz_gym.core.conditions import ConditionKind, TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import kill, take_damage, track_broken
from yz_gym.rulesets.yze.hazards.kinds import AFLOAT, DROWNED, DROWNING, UNDERWATER, WATER_KINDS, find
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.hazards.resisting import stamina_check
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.tables import ARMORS

DROWNING_DAMAGE: Final = 1  # HAZ-DROWN-05: Strength damage each round


def in_water(c: Combatant) -> bool:
    """Afloat, under water or drowning."""
    return any(t.kind in WATER_KINDS for t in c.timed)


def sinks(c: Combatant) -> bool:
    """HAZ-DROWN-03: metal armor sinks its wearer."""
    return c.armor is not None and ARMORS[c.armor].metal


def enter_water(state: GameState, hazard_options: HazardOptions, c: Combatant, events: list[Event]) -> None:
    """HAZ-DROWN-01..03: a swimmer stays afloat for a stretch before the first roll; metal armor,
    or an NPC who cannot swim (`npc_can_swim`), goes under at once."""
    if c.dead or in_water(c):
        return
    if sinks(c):
        go_under(c, UNDERWATER, "metal armor", events)
    elif not (c.pc or hazard_options.npc_can_swim):
        go_under(c, UNDERWATER, "cannot swim", events)
    else:
        c.timed.append(TimedCondition(AFLOAT.name, state.options.clock.rounds(TimeUnit.STRETCH)))
        events.append(Event("in_water", -1, c.id))


def go_under(c: Combatant, kind: ConditionKind, cause: str, events: list[Event]) -> None:
    """Under water (breath rolls) or drowning at once, in place of being afloat or under water."""
    c.timed = [t for t in c.timed if t.kind not in (AFLOAT.name, UNDERWATER.name)]
    c.timed.append(TimedCondition(kind.name, 1))
    events.append(Event("went_under" if kind is UNDERWATER else "drowning", -1, c.id, {"cause": cause}))


def water_time(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    rounds: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """`rounds` rounds pass in the water, one at a time, until they are over, the combatant is out
    of the water or dead."""
    for _ in range(rounds):
        if c.dead or not in_water(c):
            return
        _water_round(state, hazard_options, c, rng, events)


def _water_round(
    state: GameState, hazard_options: HazardOptions, c: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """One round in the water: the death a stretch after Broken (HAZ-DROWN-06), drowning damage
    (-05), the breath roll (-04), the stay-afloat roll at the end of a stretch (-02)."""
    stretch = state.options.clock.rounds(TimeUnit.STRETCH)
    dying = find(c.timed, DROWNED)
    if dying is not None:
        dying.left -= 1
        if dying.left <= 0:
            kill(state, c, events, "drowned (HAZ-DROWN-06)", rng)
            return
    if find(c.timed, DROWNING) is not None:
        _drown(state, hazard_options, c, stretch, rng, events)
        return
    if find(c.timed, UNDERWATER) is not None:
        if not stamina_check(state, c, "breath", rng, events):
            go_under(c, DROWNING, "breath", events)
        return
    afloat = find(c.timed, AFLOAT)
    if afloat is not None:
        afloat.left -= 1
        if afloat.left > 0:
            return
        afloat.left = stretch
        if not stamina_check(state, c, "afloat", rng, events):
            kind = UNDERWATER if hazard_options.float_failure == "underwater" else DROWNING
            go_under(c, kind, "afloat", events)


def _drown(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    stretch: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """HAZ-DROWN-05/06: 1 Strength damage (none once Broken: nothing is left to lose); Broken while
    drowning starts the stretch to death. `drowning_rolls: breath` rolls first (AMB-05)."""
    if hazard_options.drowning_rolls == "breath" and stamina_check(state, c, "breath", rng, events):
        c.timed = [t for t in c.timed if t.kind != DROWNING.name]
        c.timed.append(TimedCondition(UNDERWATER.name, 1))
        events.append(Event("went_under", -1, c.id, {"cause": "breath"}))
        return
    if not track_broken(state, c, True):
        take_damage(state, c, DROWNING_DAMAGE, rng, events, crit_allowed=False)
    if not c.dead and track_broken(state, c, True) and find(c.timed, DROWNED) is None:
        c.timed.append(TimedCondition(DROWNED.name, stretch))


def rescue(state: GameState, hazard_options: HazardOptions, c: Combatant, events: list[Event], by: int = -1) -> bool:
    """AMB-05: pulled out of the water by `by`; the death of HAZ-DROWN-06 is stopped too unless
    `rescue_stops_death` is off. True if the combatant was in the water."""
    if c.dead or not in_water(c):
        return False
    kept = () if hazard_options.rescue_stops_death else (DROWNED.name,)
    c.timed = [t for t in c.timed if t.kind not in WATER_KINDS or t.kind in kept]
    events.append(Event("rescued", by, c.id))
    return True


def leave_water(c: Combatant, events: list[Event]) -> bool:
    """A swimmer still afloat reaches the shore or a boat. True if it could."""
    afloat = find(c.timed, AFLOAT)
    if c.dead or afloat is None:
        return False
    c.timed.remove(afloat)
    events.append(Event("left_water", -1, c.id))
    return True
