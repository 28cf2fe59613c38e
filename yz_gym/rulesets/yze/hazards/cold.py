"""Cold (HAZ-COLD-*): an exposed character rolls Stamina at the interval of the cold; a failure
makes them hypothermic, with 1 damage and 1 stress, and no natural recovery until warmed; Broken
while hypothermic, they die at the next roll.

`cold_time` runs rounds of exposure (a fight in the snow, one a round; a journey, a stretch or
a shift at a time); `warm_up` ends hypothermia (a campfire is enough, HAZ-COLD-07)."""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import kill, take_damage
from yz_gym.rulesets.yze.hazards.kinds import COLD_EXPOSED, HYPOTHERMIC, exposure_due, find
from yz_gym.rulesets.yze.hazards.options import ColdBand, HazardOptions
from yz_gym.rulesets.yze.hazards.resisting import stamina_check
from yz_gym.rulesets.yze.state import Combatant, GameState


def cold_time(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    band: ColdBand,
    rounds: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    exposed: bool = True,
    blankets: int = 0,
) -> None:
    """`rounds` rounds pass in the cold of `band`. An exposed character (HAZ-COLD-01: without
    enough clothing or shelter, the GM's call) rolls once per interval of the band (HAZ-COLD-02),
    the first roll one interval after exposure starts; `blankets` pieces of extra protection give
    `blanket_bonus` each (HAZ-COLD-03). A protected character, or a warm band, rolls no more, but
    stays hypothermic until warmed."""
    unit = hazard_options.cold_roll_unit(band)
    period = state.options.clock.rounds(unit) if unit is not None and exposed else None
    for _ in range(exposure_due(c, COLD_EXPOSED, period, rounds)):
        if c.dead:
            return
        cold_roll(state, hazard_options, c, blankets, rng, events)


def cold_roll(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    blankets: int,
    rng: np.random.Generator,
    events: list[Event],
    modifier: int = 0,
) -> None:
    """HAZ-COLD-04..06: Broken and hypothermic, the character dies now; otherwise a Stamina roll
    (with `modifier`: -2 out of icy water, ENV-11), and a failure deals `cold_damage` and
    `cold_stress` and makes (or keeps) them hypothermic."""
    hypothermic = find(c.timed, HYPOTHERMIC) is not None
    if hypothermic and c.broken:
        kill(state, c, events, "hypothermia (HAZ-COLD-06)", rng)
        return
    if stamina_check(state, c, "cold", rng, events, blankets * hazard_options.blanket_bonus + modifier):
        return
    if not hypothermic:
        c.timed.append(HYPOTHERMIC.start())
        events.append(Event("hypothermic", -1, c.id))
    take_damage(state, c, hazard_options.cold_damage, rng, events, crit_allowed=False)
    take_damage(state, c, hazard_options.cold_stress, rng, events, stress=True, crit_allowed=False)


def warm_up(c: Combatant, events: list[Event]) -> bool:
    """HAZ-COLD-07: warmed up (a campfire, a heated vehicle, a building): hypothermia ends and the
    cold rolls stop. True if the character was hypothermic."""
    hypothermia = find(c.timed, HYPOTHERMIC)
    c.timed = [t for t in c.timed if t.kind not in (HYPOTHERMIC.name, COLD_EXPOSED.name)]
    if hypothermia is None:
        return False
    events.append(Event("warmed", -1, c.id))
    return True


def hypothermic(c: Combatant) -> bool:
    """HEAL-10: no natural recovery of damage or stress while hypothermic."""
    return find(c.timed, HYPOTHERMIC) is not None
