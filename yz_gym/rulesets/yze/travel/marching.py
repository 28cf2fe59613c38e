"""Marching and navigation (TRAVEL-04..09, TRAVEL-26..28, TRAVEL-35): forced marches, marching in
heavy rain, marching off-road in the dark, finding the way into each off-road hex, and how much of
a shift's movement a marcher has."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.travel.rations import travel_roll

FREE_MARCHES: Final = 2  # TRAVEL-06: two marching shifts a day need no roll
FOURTH_MARCH: Final = -2  # TRAVEL-06: the roll for a 4th shift


def forced_march(
    state: GameState, c: Combatant, nth: int, rng: np.random.Generator, events: list[Event]
) -> bool:
    """TRAVEL-06: can the marcher go on for its `nth` marching shift of the day (1-based)? The first
    two are free; a 3rd needs a Stamina roll, a 4th the same roll at -2. A failure means rest or sleep."""
    if nth <= FREE_MARCHES:
        return True
    modifier = FOURTH_MARCH if nth >= 4 else 0
    return travel_roll(state, c, "Stamina", "forced march", rng, events, modifier).successes > 0


def rain_march(state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event]) -> bool:
    """TRAVEL-26, WEATHER-07: a marcher in heavy rain rolls Stamina; a failure takes 1 hex off their
    movement this shift."""
    return travel_roll(state, c, "Stamina", "march in the rain", rng, events).successes > 0


def night_march(
    state: GameState, navigator: Combatant, helpers: int, rng: np.random.Generator, events: list[Event]
) -> bool:
    """TRAVEL-08: off-road in a dark shift, one Survival roll for the group (others may help); a
    failure means no progress that shift."""
    roll = travel_roll(
        state, navigator, "Survival", "march in the dark", rng, events, dice.help_bonus(helpers)
    )
    return roll.successes > 0


def navigate(
    state: GameState,
    navigator: Combatant,
    helpers: int,
    rng: np.random.Generator,
    events: list[Event],
    modifier: int = 0,
) -> bool:
    """TRAVEL-09, TRAVEL-28: one Survival roll to enter each new off-road hex, by one member for the
    whole group, marching or driving (help allowed, S2), with `modifier` (a storm's -2, WEATHER-17);
    a failure veers."""
    bonus = dice.help_bonus(helpers) + modifier
    return travel_roll(state, navigator, "Survival", "navigate", rng, events, bonus).successes > 0


def base_hexes(road_or_open: bool) -> int:
    """TRAVEL-04: 2 hexes a shift on a road or in open terrain, 1 in other off-road terrain."""
    return 2 if road_or_open else 1


def allowance(stretches: int, base: int, lost: int) -> int:
    """TRAVEL-26, TRAVEL-23: the stretches of movement a marcher has this shift after losing `lost`
    hexes from a base of `base` hexes (none left at 0)."""
    return max(0, stretches * (base - lost) // base)


def stop_cost(stretches_stopped: int, base: int, stretches: int, free: int = 1) -> int:
    """TRAVEL-35: a stop costs no movement for its first `free` stretch(es), then the hexes of movement
    the stopped time would have covered, floor(stopped x allowance / stretches per shift)."""
    return max(0, stretches_stopped - free) * base // stretches
