"""The rules asked about a hypothetical position, as agents weigh a move before making it.

can_shoot, ranged_modifier, range_between and close_modifier take a hypothetical zone, weapon,
engagement or prone state; effects.is_slow answers for every kind, vehicles and mounts included.
Each answer must be the one the rules give once the combatants really stand there.
Rules: ACTN-SHOOT-01, ATK-08, RMOD-01..03, RMOD-06..10, RMOD-13/16, DARK-05, VEH-AIR-02,
ACTN-CRAWL-03, ACTN-AIM-02, ACTN-SHOOT-02, VEH-04/05, AMB-10.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import by_name, fighter, game, scenario_dict
from yz_gym.rulesets.yze.combat.attacks import (
    DEFENCELESS,
    PRONE_ATTACKER,
    PRONE_TARGET,
    can_shoot,
    close_modifier,
    range_between,
    ranged_modifier,
)
from yz_gym.rulesets.yze.resolution.effects import is_slow
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.zones import Range, band_for_hops

QUIET = {"ask_push": False, "offer_help": False, "stress_from_events": False}


def line(zones=("A", "B", "C", "D"), red=None, blue=None, blue_zone="D"):
    """Red in A with a pistol and a knife, Blue in `blue_zone`."""
    red_spec = fighter("Red", "red", "A", **({"weapons": ["pistol", "knife"]} | (red or {})))
    blue_spec = fighter("Blue", "blue", blue_zone, **(blue or {}))
    return game(scenario_dict(zones=list(zones), combatants=[red_spec, blue_spec], rules=QUIET))


@pytest.mark.rule("ACTN-SHOOT-01", "ATK-08", "RMOD-06", "RMOD-07", "RMOD-08", "RMOD-09")
def test_a_shot_from_another_zone_is_judged_as_if_the_shooter_stood_there():
    state = line()
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    # A -> D: 3 hops, Long, beyond the pistol's Medium reach
    assert range_between(state, red, blue) == Range.LONG
    assert not can_shoot(state, red, blue)
    # from C (one hop): Medium, -1; from D itself: Short, 0
    assert range_between(state, red, blue, a_zone=2) == Range.MEDIUM
    assert can_shoot(state, red, blue, a_zone=2)
    assert ranged_modifier(state, red, blue, False, aim=False, a_zone=2).total == -1
    assert ranged_modifier(state, red, blue, False, aim=False, a_zone=3).total == 0
    # the target placed hypothetically instead: Blue in B seen from A is Medium too
    assert ranged_modifier(state, red, blue, False, aim=False, b_zone=1).total == -1
    # and the answer is the one the rules give once Red really stands in C
    red.zone = 2
    assert can_shoot(state, red, blue)
    assert ranged_modifier(state, red, blue, False, aim=False).total == -1


@pytest.mark.rule("ACTN-SHOOT-01", "ATK-03")
def test_a_weapon_not_in_hand_or_not_loaded_is_asked_about_as_drawn_or_loaded():
    state = line(blue_zone="B")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    red.held = 1  # the knife in hand: it cannot shoot
    assert not can_shoot(state, red, blue)
    assert can_shoot(state, red, blue, weapon_index=0)  # with the pistol drawn it could
    red.weapons[0].loaded = False
    assert not can_shoot(state, red, blue, weapon_index=0)
    assert can_shoot(state, red, blue, weapon_index=0, loaded=True)  # reloaded first


@pytest.mark.rule("RMOD-03", "RMOD-06")
@pytest.mark.parametrize("how", ["broken", "grappled"])
def test_a_defenceless_target_at_engaged_range_gives_plus_three_hypothetically_too(how):
    state = line(blue_zone="A")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    assert ranged_modifier(state, red, blue, False, aim=False, engaged=True).total == -3  # RMOD-06
    if how == "broken":
        blue.health = 0
    else:
        blue.grappled_by = red.id
    assert ranged_modifier(state, red, blue, False, aim=False, engaged=True).total == DEFENCELESS
    assert ranged_modifier(state, red, blue, False, aim=False).total == 0  # not engaged: Short


@pytest.mark.rule("ZONE-FEAT-DARK-02", "RMOD-13", "RMOD-16", "DARK-05")
def test_dim_and_dark_zones_count_where_the_shooter_would_stand():
    zones = ("A", {"name": "B", "features": ["dim"]}, "C", {"name": "D", "features": ["dark"]})
    state = line(zones=zones, blue_zone="B")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    into = ranged_modifier(state, red, blue, False, aim=False).total  # from A: Medium -1, dim
    inside = ranged_modifier(state, red, blue, False, aim=False, a_zone=1).total  # Short 0, dim inside
    assert into == -1 + state.options.dim_zone_mod
    assert inside == state.options.dim_light_mod
    # DARK-05: no shot into a dark zone from Medium or farther, but from inside it is possible
    assert not can_shoot(state, red, blue, a_zone=2, b_zone=3)
    assert can_shoot(state, red, blue, a_zone=3, b_zone=3)


@pytest.mark.rule("RMOD-01", "RMOD-02", "RMOD-03")
def test_close_modifier_with_either_side_laid_down_or_stood_up():
    state = line(blue_zone="A")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    assert close_modifier(state, red, blue, False).total == 0
    assert close_modifier(state, red, blue, False, a_prone=True).total == PRONE_ATTACKER
    assert close_modifier(state, red, blue, False, b_prone=True).total == PRONE_TARGET
    blue.prone = True
    assert close_modifier(state, red, blue, False, b_prone=False).total == 0
    blue.grappled_by = red.id  # defenceless: +3, and no further +2 for lying down (RMOD-03)
    assert close_modifier(state, red, blue, False).total == DEFENCELESS
    assert close_modifier(state, red, blue, False, b_prone=True).total == DEFENCELESS


@pytest.mark.rule("VEH-AIR-02")
def test_a_hypothetical_zone_still_counts_the_aircraft_altitude():
    state = engine.new_game(load_scenario("helicopter_extraction"), np.random.default_rng(0))
    people = {c.name: c for c in state.combatants}
    rifleman, gunner = people["Militiaman 1"], people["Door gunner Moss"]
    assert state.vehicles[gunner.vehicle].altitude == 2
    under = gunner.zone  # right under the aircraft: 0 zones but 2 of altitude, Long (not Short)
    assert range_between(state, rifleman, gunner, a_zone=under) == Range.LONG
    hops = state.zone_map.hops
    for zone in range(len(state.zone_map.zones)):
        want = band_for_hops(hops[zone][gunner.zone] + 2, state.options.extreme_max_hops)
        assert range_between(state, rifleman, gunner, a_zone=zone) == want


@pytest.mark.rule("ACT-SLOW-SHOOT", "ACTN-CRAWL-03", "ACTN-AIM-02", "ACTN-SHOOT-02", "VEH-04", "AMB-10")
def test_action_is_slow_for_every_kind_as_the_rules_charge_it():
    state = line(blue_zone="B")
    red = by_name(state, "Red")
    assert is_slow(state, red, Action(Kind.SHOOT, target=1))
    assert not is_slow(state, red, Action(Kind.RUN, zone=1))
    assert not is_slow(state, red, Action(Kind.AIM, option=0))
    assert is_slow(state, red, Action(Kind.AIM, option=1))  # through a scope
    red.prone = True
    assert is_slow(state, red, Action(Kind.RUN, zone=1))  # a prone move is a crawl
    heli = engine.new_game(load_scenario("helicopter_extraction"), np.random.default_rng(0))
    aboard = next(c for c in heli.combatants if c.vehicle >= 0)
    assert heli.vehicles[aboard.vehicle].type.bike is False
    assert is_slow(heli, aboard, Action(Kind.EXIT_VEHICLE))  # VEH-04: out of a car or aircraft: slow
    assert not is_slow(heli, aboard, Action(Kind.MAN_WEAPON))
