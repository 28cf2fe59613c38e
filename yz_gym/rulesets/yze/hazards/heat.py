"""Heat (ENV-07, PROPOSED), the mirror of the cold rules: in a heat wave (`hot`) or extreme heat, a
character with no shade or no water rolls Stamina once a day (hot) or once a shift (extreme); a
failure is heatstroke: 1 damage and 1 stress, no natural recovery until cooled down (a shift of
rest in shade with a water ration), more rolls at the same interval with 1 damage and 1 stress per
failure, and death at the next roll when Broken.

`heat_time` runs rounds of exposure; `cool_down` ends heatstroke."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import kill, take_damage
from yz_gym.rulesets.yze.hazards.kinds import HEAT_EXPOSED, HEATSTROKE, exposure_due, find
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.hazards.resisting import stamina_check
from yz_gym.rulesets.yze.state import Combatant, GameState

HEAT_DAMAGE: Final = 1  # ENV-07: each failed heat roll
HEAT_STRESS: Final = 1


def heat_time(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    heat: str,
    rounds: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    exposed: bool = True,
) -> None:
    """`rounds` rounds pass in the heat: one exposed (no shade or no water) rolls once per interval
    of the heat, the first roll one interval after exposure starts; one sheltered rolls no more
    but keeps heatstroke until cooled down."""
    unit = hazard_options.heat_roll_unit(heat)
    period = state.options.clock.rounds(unit) if unit is not None and exposed else None
    for _ in range(exposure_due(c, HEAT_EXPOSED, period, rounds)):
        if c.dead:
            return
        heat_roll(state, c, rng, events)


def heat_roll(state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event]) -> None:
    """ENV-07: Broken with heatstroke, the character dies now; otherwise a Stamina roll, and a
    failure deals 1 damage and 1 stress (no crit, CRIT-04) and makes (or keeps) it heatstroke."""
    stroke = find(c.timed, HEATSTROKE) is not None
    if stroke and c.broken:
        kill(state, c, events, "heatstroke (ENV-07)", rng)
        return
    if stamina_check(state, c, "heat", rng, events):
        return
    if not stroke:
        c.timed.append(HEATSTROKE.start())
        events.append(Event("heatstroke", -1, c.id))
    take_damage(state, c, HEAT_DAMAGE, rng, events, crit_allowed=False)
    take_damage(state, c, HEAT_STRESS, rng, events, stress=True, crit_allowed=False)


def cool_down(c: Combatant, events: list[Event]) -> bool:
    """ENV-07: a shift of rest in shade with a water ration ends heatstroke and the heat rolls. True
    if the character had heatstroke."""
    stroke = find(c.timed, HEATSTROKE)
    c.timed = [t for t in c.timed if t.kind not in (HEATSTROKE.name, HEAT_EXPOSED.name)]
    if stroke is None:
        return False
    events.append(Event("cooled", -1, c.id))
    return True
