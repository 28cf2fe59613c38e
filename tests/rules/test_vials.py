"""Poison carried as gear on a journey (HAZ-POISON-01..03, ENV-10): travel/vials.py, the coated
weapon in each encounter's fight and the doses used up across the trip."""

from __future__ import annotations

import numpy as np
import pytest

from tests.rules.test_travel_day import trip
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.fights import play_fight, start_fight
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import load

MARSH = "expedition_marsh_trek"


def marsh() -> journey.Expedition:
    """The marsh trek with its encounters."""
    return journey.new_expedition(load(MARSH).scenario, 0)


@pytest.mark.rule("HAZ-POISON-01", "HAZ-POISON-02", "ENV-10")
def test_the_carried_poison_coats_its_carriers_weapon_in_each_fight():
    state = marsh()
    (vial,) = state.scenario.vials
    assert (vial.poison.potency, vial.poison.effect, vial.doses, vial.weapon) == (6, "lethal", 3, "club")
    assert state.stores.doses == [3]
    spec = next(s for s in state.scenario.table if "cult" in s.label)
    game = start_fight(spec, state.people, -1, False, np.random.default_rng(0), state.scenario.vials,
                       state.stores.doses)
    brick = spec.party[vial.carrier]
    coat = game.setup.hazards.weapons[brick]
    assert (coat.weapon, coat.poison.name, coat.doses) == ("club", "nightshade", 3) and game.doses[brick] == 3
    assert len(game.setup.hazards.weapons) == 4  # the three cultists' own poisoned knives stay


@pytest.mark.rule("HAZ-POISON-02", "ENV-10")
def test_doses_used_in_a_fight_are_gone_for_the_rest_of_the_trip():
    from yz_gym.scenario import expedition_mode  # noqa: F401  (registers the fights' agents)

    used = False
    for seed in range(12):
        state = marsh()
        spec = next(s for s in state.scenario.table if "cult" in s.label)
        play_fight(spec, state.people, "aggressive", -1, False, False, np.random.default_rng(seed),
                   state.scenario.vials, state.stores.doses)
        assert 0 <= state.stores.doses[0] <= 3
        if state.stores.doses[0] < 3:
            used = True
            left = state.stores.doses[0]
            game = start_fight(spec, state.people, -1, False, np.random.default_rng(0), state.scenario.vials,
                               state.stores.doses)
            carrier = spec.party[state.scenario.vials[0].carrier]
            if state.people[state.scenario.vials[0].carrier].dead:  # died in the first fight: no coat now
                assert carrier not in game.doses
            elif left:
                assert game.doses[carrier] == left
            else:
                assert carrier not in game.setup.hazards.weapons or game.setup.hazards.weapons[carrier].weapon != "club"
    assert used  # some seed lands a wounding blow with the club


@pytest.mark.rule("HAZ-POISON-01")
def test_a_vial_must_name_a_traveller_and_a_weapon_they_carry():
    bad = {"name": "n", "potency": 3, "effect": "lethal", "doses": 1, "carrier": "Brick", "weapon": "pistol"}
    with pytest.raises(ScenarioError, match=r"party.poisons\[0\].weapon: Brick carries no 'pistol'"):
        trip(MARSH, party={"poisons": [bad]})
    with pytest.raises(ScenarioError, match=r"party.poisons\[0\].carrier: no traveller named 'Zed'"):
        trip(MARSH, party={"poisons": [{**bad, "carrier": "Zed"}]})
