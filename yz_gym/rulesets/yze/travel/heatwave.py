"""A heat wave on the journey (ENV-07, PROPOSED; RATION-04): who is exposed to the heat each shift
and who cools down. Reading: a traveller on the move has no shade; one for whom the party has no
water left today (and no river or lake at hand) has no water; either exposes them to the heat
rolls (hazards/heat.py). A shift of rest or sleep off the move, with water, cools one down."""

from __future__ import annotations

import numpy as np

from yz_gym.core.clock import TimeUnit
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards.heat import cool_down, heat_time
from yz_gym.rulesets.yze.travel.expedition import Expedition
from yz_gym.rulesets.yze.travel.tasks import Task


def water_need(state: Expedition) -> int:
    """RATION-04: water rations a traveller drinks a day: twice as many in a heat wave (ENV-07)."""
    t = state.scenario.travel
    return t.water_per_day_hot if state.scenario.heat != "none" else t.water_per_day


def heat_shift(
    state: Expedition, moving: bool, doing: dict[int, Task], rng: np.random.Generator, events: list[Event]
) -> None:
    """ENV-07: one shift of the heat wave for every traveller (nothing without one)."""
    s = state.scenario
    if s.heat == "none":
        return
    rounds = state.party.options.clock.rounds(TimeUnit.SHIFT)
    river = s.travel.water_free_at_river and s.hexmap.water_near(state.hex)
    for i, c in enumerate(state.people):
        if c.dead:
            continue
        watered = state.needs[i].drank or river or state.stores.water >= water_need(state)
        if not moving and watered and doing.get(i, Task.REST) in (Task.REST, Task.SLEEP):
            cool_down(c, events)
            continue
        before = c.dead
        heat_time(state.party, s.hazards, c, s.heat, rounds, rng, events, exposed=moving or not watered)
        if c.dead and not before:
            state.causes[i] = "heat"
