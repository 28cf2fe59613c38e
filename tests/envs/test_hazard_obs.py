"""The hazard features of the observation (envs/hazard_obs.py): each combatant's water, poison and
cold conditions and each zone's water, gas and cold; all 0 without a `hazards:` block."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import by_name
from yz_gym.envs.action_space import perspective
from yz_gym.envs.hazard_obs import HAZARD_FIELDS, N_HAZARD, N_ZONE_HAZARD, ZONE_HAZARD_FIELDS
from yz_gym.envs.observation import FIELDS, OBS_SIZE, ObservationEncoder
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.zone import engine


def encoded(name: str, seed: int = 1):
    scenario = load_scenario(name)
    state = engine.new_game(scenario, np.random.default_rng(seed))
    sides = [c.side for c in scenario.combatants]
    slot_of = [perspective(sides, me)[0] for me in range(len(sides))]
    encoder = ObservationEncoder(scenario, slot_of)
    me = engine.current_actor(state)
    return state, me, slot_of[me], encoder.encode(state, me, "turn", me)


@pytest.mark.rule("HAZ-DROWN-03", "HAZ-DROWN-01")
def test_the_observation_shows_who_is_in_deep_water_and_which_zones_are():
    state, _me, slots, obs = encoded("river_ford_ambush")
    assert FIELDS["zone_hazards"].offset + FIELDS["zone_hazards"].size == OBS_SIZE  # appended last
    h0, z0 = FIELDS["hazards"].offset, FIELDS["zone_hazards"].offset
    for name, field in (("Sir Aldo", "underwater"), ("Wren", "afloat"), ("Courier", "afloat")):
        row = obs[h0 + slots[by_name(state, name).id] * N_HAZARD:][:N_HAZARD]
        assert [HAZARD_FIELDS[i] for i in np.flatnonzero(row)] == [field], name
    zones = obs[z0 : z0 + 4 * N_ZONE_HAZARD].reshape(4, N_ZONE_HAZARD)
    assert zones[:, ZONE_HAZARD_FIELDS.index("deep_water")].tolist() == [0.0, 1.0, 0.0, 0.0]


@pytest.mark.rule("HAZ-POISON-02", "HAZ-POISON-04")
def test_the_observation_shows_gas_zones_and_antidotes():
    state, _me, slots, obs = encoded("poisoned_lab")
    z0, h0 = FIELDS["zone_hazards"].offset, FIELDS["hazards"].offset
    still = [z.name for z in state.zone_map.zones].index("Still room")
    assert obs[z0 + still * N_ZONE_HAZARD + 1] == 1.0 and obs[z0 + still * N_ZONE_HAZARD + 2] == pytest.approx(3 / 12)
    doc = slots[by_name(state, "Doc").id]
    assert obs[h0 + doc * N_HAZARD + HAZARD_FIELDS.index("antidotes")] == 1.0  # two carried


def test_without_hazards_the_blocks_stay_0():
    _state, _me, _slots, obs = encoded("duel")
    start = FIELDS["hazards"].offset
    assert not obs[start:].any()
