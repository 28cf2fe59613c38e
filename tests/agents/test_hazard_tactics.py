"""The tactical agent and hazards (agents/hazard_tactics.py): it pulls a drowning ally out, gives a
poisoned ally an antidote, and does not walk into deep water in metal armor."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, by_name, fighter, game, scenario_dict, turn_of
from tests.rules.hazards.hazard_kit import QUIET
from yz_gym.agents.tactical import TacticalAgent
from yz_gym.rulesets.yze.hazards.poison import Poison, expose_to_poison
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind

WATER = {"water": [{"zone": "River", "shore": "Bank"}]}


def fight(people, hazards=WATER):
    data = scenario_dict(zones=["Bank", "River", "Far"], combatants=people, rules=QUIET, hazards=hazards)
    return game(data, FixedDice())


@pytest.mark.rule("AMB-05")
def test_the_tactical_agent_rescues_an_ally_under_water():
    state = fight([fighter("Knight", "red", "River", pc=True, armor="chainmail"),
                   fighter("Squire", "red", "River", weapons=["sword"]), fighter("Foe", "blue", "River")])
    turn_of(state, "Squire")
    legal = engine.legal_actions(state)
    assert TacticalAgent().choose(state, legal) == Action(Kind.RESCUE, by_name(state, "Knight").id)


@pytest.mark.rule("HAZ-POISON-04")
def test_the_tactical_agent_gives_a_poisoned_ally_its_antidote():
    state = fight([fighter("Mara", "red", "Bank", pc=True), fighter("Doc", "red", "Bank", items=["antidote"]),
                   fighter("Foe", "blue", "Far", weapons=["bow"])])
    mara = by_name(state, "Mara")
    turn_of(state, "Doc")
    assert state.setup.hazards is not None
    assert expose_to_poison(state, state.setup.hazards.options, mara, Poison("viper", 6, "lethal"),
                            FixedDice([2, 2, 2, 6, 2, 2, 2, 2, 2]), [])
    assert TacticalAgent().choose(state, engine.legal_actions(state)) == Action(Kind.ANTIDOTE, mara.id)


@pytest.mark.rule("HAZ-DROWN-03")
@pytest.mark.parametrize(("armor", "wades"), [("chainmail", False), ("leather_jacket", True)])
def test_the_tactical_agent_keeps_out_of_deep_water_in_metal_armor(armor, wades):
    state = fight([fighter("Knight", "red", "Bank", pc=True, armor=armor, weapons=["sword"]),
                   fighter("Foe", "blue", "Far", weapons=["sword"])],
                  hazards={**WATER})
    turn_of(state, "Knight")
    legal = engine.legal_actions(state)
    river = [z.name for z in state.zone_map.zones].index("River")
    chosen = TacticalAgent().choose(state, legal)
    assert (chosen.kind == Kind.RUN and chosen.zone == river) is wades, chosen
