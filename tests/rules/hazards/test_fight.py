"""Hazards in a zone fight, on the round clock (hazards/fight.py): deep water, RESCUE, gas,
poisoned weapons, ANTIDOTE and cold, with the rules' numbers and fixed dice; the scenario's
`hazards:` block and its one-line errors; the death of the drowned after the fight."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, by_name, fighter, game, scenario_dict, turn_of
from tests.rules.hazards.hazard_kit import QUIET, kinds, timed
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards.fight import rescue_offer
from yz_gym.rulesets.yze.hazards.poison import Poison, expose_to_poison
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.scenario import ScenarioError

WATER = {"water": [{"zone": "River", "shore": "Bank"}]}
FAIL3 = [2, 2, 2]
HOLD3 = [6, 2, 2]


def fight(people: list[dict[str, Any]], hazards: dict[str, Any], rules: dict[str, Any] | None = None,
          hazard_rules: dict[str, Any] | None = None, rng: Any = None) -> GameState:
    """A fight on Bank - River - Far with the given hazards; no pushes, help or witness stress."""
    data = scenario_dict(zones=["Bank", "River", "Far"], combatants=people, rules={**QUIET, **(rules or {})},
                         hazards=hazards, hazard_rules=hazard_rules or {})
    return game(data, FixedDice() if rng is None else rng)


def end_round(state: GameState, rng: Any) -> list:
    """Everyone ends their turn until the next round starts (or the game ends); the events."""
    events: list = []
    start = state.round
    while not engine.is_over(state) and state.round == start:
        legal = engine.legal_actions(state)
        events += engine.apply(state, Action(Kind.END_TURN) if Action(Kind.END_TURN) in legal else
                               Action(Kind.DECLINE), rng, legal)
    return events


def knight(name: str = "Knight") -> dict[str, Any]:
    return fighter(name, "red", "River", pc=True, armor="chainmail")


@pytest.mark.rule("HAZ-DROWN-03", "HAZ-DROWN-04", "HAZ-DROWN-05", "HAZ-DROWN-06", "AMB-05", "AMB-01")
def test_in_deep_water_metal_armor_goes_under_and_drowns_round_by_round():
    rng = FixedDice(FAIL3)  # the first breath roll, at the end of round 1, fails
    state = fight([knight(), fighter("Squire", "red", "Bank"), fighter("Foe", "blue", "Far")], WATER,
                  rules={"rounds_per_stretch": 2}, rng=rng)
    k = by_name(state, "Knight")
    assert kinds(state.opening)[0] == "went_under" and timed(k) == [("underwater", 1)]
    events = end_round(state, rng)
    assert "struggling" in kinds(events)  # AMB-05: no turn under water
    assert all(not (e.kind == "turn" and e.actor == k.id) for e in events)
    rolls = [e for e in events if e.kind == "hazard_roll"]
    assert [(r.actor, r.data["hazard"], len(r.data["dice"])) for r in rolls] == [(k.id, "breath", 3)]
    assert kinds(events).count("drowning") == 1 and k.attrs[0] == 3  # HAZ-DROWN-05: damage from the next round
    for strength in (2, 1, 0):
        end_round(state, rng)
        assert k.attrs[0] == strength and not k.dead
    assert ("drowned", 2) in timed(k)  # HAZ-DROWN-06: a stretch of 2 rounds
    end_round(state, rng)
    assert not k.dead
    events = end_round(state, rng)
    assert k.dead and {"cause": "drowned (HAZ-DROWN-06)"} in [e.data for e in events if e.kind == "death"]


@pytest.mark.rule("HAZ-DROWN-01", "HAZ-DROWN-02")
def test_a_swimmer_rolls_to_stay_afloat_at_the_end_of_each_stretch_of_rounds():
    rng = FixedDice([6] * 12)  # every afloat roll holds
    state = fight([fighter("Swimmer", "red", "River", pc=True), fighter("Foe", "blue", "Far")], WATER,
                  rules={"rounds_per_stretch": 3}, rng=rng)
    s = by_name(state, "Swimmer")
    assert kinds(state.opening)[0] == "in_water" and timed(s) == [("afloat", 3)]
    rolled = []
    for _ in range(6):
        rolled.append(sum(1 for e in end_round(state, rng) if e.kind == "hazard_roll"))
    assert rolled == [0, 0, 1, 0, 0, 1]


@pytest.mark.rule("AMB-05", "HAZ-DROWN-05")
@pytest.mark.parametrize(("cost", "slow"), [("slow", True), ("fast", False)])
def test_rescue_pulls_one_under_water_out_to_the_shore_with_the_rescuer(cost, slow):
    rng = FixedDice(HOLD3)
    people = [knight(), fighter("Squire", "red", "River", pc=True), fighter("Page", "red", "Bank"),
              fighter("Foe", "blue", "Far")]
    state = fight(people, WATER, hazard_rules={"rescue_action": cost}, rng=rng)
    k, squire = by_name(state, "Knight"), by_name(state, "Squire")
    turn_of(state, "Page")
    assert Kind.RESCUE not in {a.kind for a in engine.legal_actions(state)}  # on the bank: not in reach
    turn_of(state, "Squire")
    legal = engine.legal_actions(state)
    assert [a for a in legal if a.kind == Kind.RESCUE] == [Action(Kind.RESCUE, k.id)]
    events = engine.apply(state, Action(Kind.RESCUE, k.id), rng, legal)
    told = [(e.kind, e.actor, e.target) for e in events if e.kind in ("rescued", "left_water", "moved")]
    assert told == [("rescued", squire.id, k.id), ("moved", k.id, -1), ("left_water", -1, squire.id),
                    ("moved", squire.id, -1)]
    assert k.zone == squire.zone == 0 and k.timed == [] and squire.timed == []
    assert squire.slow_used is slow and squire.actions_used == 1
    assert engine.describe(state, Action(Kind.RESCUE, k.id)) == "rescue Knight"


@pytest.mark.rule("AMB-05")
def test_one_under_water_cannot_rescue_and_loses_its_turns():
    rng = FixedDice(HOLD3 * 4)
    state = fight([knight(), knight(name="Knight 2"), fighter("Foe", "blue", "Far")], WATER, rng=rng)
    k, k2 = by_name(state, "Knight"), by_name(state, "Knight 2")
    assert rescue_offer(state, k2, None) == [] and rescue_offer(state, k, None) == []
    events = end_round(state, rng)
    assert [e.actor for e in events if e.kind == "struggling"] == sorted([k.id, k2.id], key=lambda i: state.cards[i])


@pytest.mark.rule("HAZ-POISON-04")
@pytest.mark.parametrize(("cost", "slow"), [("fast", False), ("slow", True)])
def test_an_antidote_ends_every_poison_and_is_used_up(cost, slow):
    rng = FixedDice()
    people = [fighter("Mara", "red", "Bank", pc=True), fighter("Doc", "red", "Bank", items=["antidote"]),
              fighter("Foe", "blue", "Far")]
    state = fight(people, WATER, hazard_rules={"antidote_action": cost}, rng=rng)
    mara, doc = by_name(state, "Mara"), by_name(state, "Doc")
    turn_of(state, "Doc")
    assert Kind.ANTIDOTE not in {a.kind for a in engine.legal_actions(state)}  # nobody poisoned
    assert state.setup.hazards is not None
    assert expose_to_poison(state, state.setup.hazards.options, mara, Poison("viper", 6, "lethal"),
                            FixedDice([*FAIL3, 6, 2, 2, 2, 2, 2]), [])
    legal = engine.legal_actions(state)
    assert [a for a in legal if a.kind == Kind.ANTIDOTE] == [Action(Kind.ANTIDOTE, mara.id)]
    events = engine.apply(state, Action(Kind.ANTIDOTE, mara.id), rng, legal)
    ended = [e for e in events if e.kind == "poison_ended"]
    assert [(e.actor, e.target, e.data) for e in ended] == [
        (doc.id, mara.id, {"condition": "lethal_poison", "by": "antidote"})
    ]
    assert mara.timed == [] and doc.items == [] and doc.slow_used is slow


@pytest.mark.rule("HAZ-POISON-02", "HAZ-POISON-PARALYZE-01", "AMB-03")
@pytest.mark.parametrize(("rolls", "per_round"), [("every_round", [1, 1, 1]), ("on_entry", [1, 0, 0])])
def test_a_gas_zone_calls_for_a_roll_at_the_end_of_rounds_spent_in_it(rolls, per_round):
    hazards = {"poisons": {"vapour": {"potency": "weak", "effect": "paralysing"}},
               "gas": [{"zone": "Far", "poison": "vapour"}]}
    rng = FixedDice([*HOLD3, *FAIL3] * 3)  # Vic's 3 Strength dice win against the vapour's 3
    state = fight([fighter("Vic", "red", "Far", pc=True), fighter("Foe", "blue", "Bank")], hazards,
                  hazard_rules={"gas_rolls": rolls}, rng=rng)
    seen = []
    for _ in range(3):
        events = end_round(state, rng)
        gas = [e for e in events if e.kind == "hazard_roll"]
        seen.append(len(gas))
        assert all(e.data["rating"] == 3 and len(e.data["dice"]) == 3 and e.data["resisted"] for e in gas)
    assert seen == per_round


@pytest.mark.rule("HAZ-POISON-02", "HAZ-POISON-PARALYZE-01", "AMB-01")
def test_a_gas_that_wins_paralyses_for_a_stretch_of_rounds():
    hazards = {"poisons": {"vapour": {"potency": 3, "effect": "paralysing"}}, "gas": [{"zone": "Far", "poison": "vapour"}]}
    rng = FixedDice([*FAIL3, *HOLD3])  # a tie would do too (AMB-03); here the vapour wins outright
    people = [fighter("Vic", "red", "Far", pc=True), fighter("Ally", "red", "Bank"), fighter("Foe", "blue", "Bank")]
    state = fight(people, hazards, rules={"rounds_per_stretch": 2}, hazard_rules={"gas_rolls": "on_entry"}, rng=rng)
    vic = by_name(state, "Vic")
    events = end_round(state, rng)
    assert "poisoned" in kinds(events) and vic.incapacitated and ("paralysed", 2) in timed(vic)
    end_round(state, rng)
    assert vic.incapacitated
    events = end_round(state, rng)
    assert not vic.incapacitated and "poison_ended" in kinds(events)


@pytest.mark.rule("HAZ-POISON-02", "HAZ-POISON-03")
@pytest.mark.parametrize("doses", [1, 2, -1])
def test_a_poisoned_weapon_delivers_its_doses_with_wounding_hits(doses):
    hazards = {"poisons": {"nightshade": {"potency": "strong", "effect": "lethal"}},
               "weapons": [{"combatant": "Cutter", "weapon": "knife", "poison": "nightshade", "doses": doses}]}
    people = [fighter("Cutter", "red", "Bank", weapons=["knife"], engaged_with=["Vic"],
                      attributes={"strength": 5, "agility": 3, "wits": 3, "empathy": 3}),
              fighter("Vic", "blue", "Bank", attributes={"strength": 5, "agility": 3, "wits": 3, "empathy": 3})]
    state = fight(people, hazards, rules={"damage_model": "attribute"})
    cutter, vic = by_name(state, "Cutter"), by_name(state, "Vic")
    delivered = []
    for attack in range(2):
        turn_of(state, "Cutter")
        wounded = vic.attrs[0] - 2  # Vic's Stamina pool once the knife's 2 damage is in
        rng = FixedDice([6, 2, 2, 2, 2, 2] + [6] * wounded + [2] * 6)  # a hit (1 success); Vic beats the poison
        events = engine.apply(state, Action(Kind.CLOSE_ATTACK, vic.id), rng)
        while not engine.is_over(state) and engine.decision_kind(state) != "turn":
            events += engine.apply(state, Action(Kind.DECLINE), rng)
        assert "hit" in kinds(events), attack
        delivered.append([e.data["left"] for e in events if e.kind == "dose" and e.actor == cutter.id])
        assert "poisoned" not in kinds(events)
        if engine.current_actor(state) == cutter.id:
            engine.apply(state, Action(Kind.END_TURN), rng)
    assert delivered == {1: [[0], []], 2: [[1], [0]], -1: [[-1], [-1]]}[doses]
    assert vic.attrs[0] == 1  # two wounds of 2


@pytest.mark.rule("HAZ-COLD-01", "HAZ-COLD-02", "HAZ-COLD-03", "HAZ-COLD-04", "AMB-09")
def test_in_extreme_cold_the_exposed_roll_each_stretch_of_rounds_with_blankets_and_the_protected_do_not():
    hazards = {"cold": {"band": "extreme_cold", "zones": {"Bank": "warm"}, "protected": ["Furs"]}}
    rng = FixedDice([2] * 40)
    people = [fighter("Bare", "red", "Far", pc=True, items=["blanket"]), fighter("Furs", "red", "Far"),
              fighter("Warm", "red", "Bank"), fighter("Foe", "blue", "River", skills={"stamina": 1})]
    state = fight(people, hazards, rules={"rounds_per_stretch": 2, "damage_model": "attribute"}, rng=rng)
    bare = by_name(state, "Bare")
    counts = []
    for _ in range(4):
        events = end_round(state, rng)
        rolls = [e for e in events if e.kind == "hazard_roll"]
        counts.append(sorted((state.combatants[e.actor].name, len(e.data["dice"])) for e in rolls))
    # Bare: 3 Strength + 1 for the blanket, then 2 + 1; Foe: 3 Strength + 1 Stamina, then 2 + 1
    assert counts == [[], [("Bare", 4), ("Foe", 4)], [], [("Bare", 3), ("Foe", 3)]]
    assert (bare.attrs[0], bare.attrs[2]) == (1, 1) and ("hypothermic", 1) in timed(bare)


@pytest.mark.rule("HAZ-COLD-02", "AMB-01")
@pytest.mark.parametrize(("elapsed", "rolled"), [(0, [4, 9]), (1, [3, 8]), (4, [0, 5]), (6, [3, 8])])
def test_time_already_spent_in_the_cold_brings_the_first_roll_sooner(elapsed, rolled):
    hazards = {"cold": {"band": "extreme_cold", "elapsed": elapsed, "protected": ["Foe"]}}
    rng = FixedDice([6] * 60)  # every cold roll holds
    state = fight([fighter("Bare", "red", "Far", pc=True), fighter("Foe", "blue", "Bank")], hazards,
                  rules={"rounds_per_stretch": 5}, rng=rng)
    seen = [i for i in range(10) if any(e.kind == "hazard_roll" for e in end_round(state, rng))]
    assert seen == rolled  # rounds counted from 0: the end of round 1 is 0


@pytest.mark.rule("HAZ-DROWN-06")
def test_after_the_fight_the_drowned_dies_when_the_stretch_runs_out():
    rng = FixedDice(FAIL3)
    state = fight([knight(), fighter("Squire", "red", "Bank"), fighter("Foe", "blue", "Far")], WATER, rng=rng)
    k = by_name(state, "Knight")
    for _ in range(4):
        end_round(state, rng)
    assert k.broken and ("drowned", 60) in timed(k) and not k.dead
    events = recover(k, 1, np.random.default_rng(0), options=state.options)
    assert k.dead and [e.data for e in events if e.kind == "death"] == [{"cause": "drowned (HAZ-DROWN-06)"}]


def test_hazards_are_checked_with_one_line_errors():
    base = {"zones": ["Bank", "River", "Far"], "rules": QUIET}
    cases = [
        ({"hazard_rules": {"gas_rolls": "on_entry"}}, "<t>: hazard_rules: there is no hazards: block"),
        ({"hazards": {}}, "<t>: hazards: no water, gas, cold or poisoned weapon is declared"),
        ({"hazards": {"water": [{"zone": "River", "shore": "Far"}, {"zone": "River", "shore": "Bank"}]}},
         "<t>: hazards.water[1].zone: zone 'River' is listed twice"),
        ({"hazards": {"water": [{"zone": "Bank", "shore": "Far"}]}}, "<t>: hazards.water[0].shore: 'Far' is not a zone next to 'Bank'"),
        ({"hazards": {"water": [{"zone": "Bank", "shore": "River"}, {"zone": "River", "shore": "Far"}]}},
         "<t>: hazards.water[0].shore: 'River' is deep water itself"),
        ({"hazards": {"gas": [{"zone": "Far", "poison": "fog"}]}}, "<t>: hazards.gas[0].poison: no poison named 'fog'"),
        ({"hazards": {"water": [{"zone": "Moat", "shore": "Bank"}]}}, "<t>: hazards.water[0].zone: no zone named 'Moat'"),
        ({"hazards": {"poisons": {"p": {"potency": 3, "effect": "lethal"}},
                      "weapons": [{"combatant": "Red", "weapon": "knife", "poison": "p"}]}},
         "<t>: hazards.weapons[0].weapon: 'Red' carries no 'knife'"),
        ({"hazards": {"cold": {"protected": ["Nobody"]}}}, "<t>: hazards.cold.protected[0]: no combatant, entry or group"),
        ({"hazards": {"cold": {"band": "freezing"}}}, "<t>: hazards.cold.band:"),
        ({"hazards": WATER, "hazard_rules": {"rescue_action": "free"}}, "<t>: hazard_rules.rescue_action:"),
        ({"hazards": {"poisons": {"p": {"potency": 13, "effect": "lethal"}}, "gas": [{"zone": "Far", "poison": "p"}]}},
         "<t>: hazards.poisons.p.potency"),
    ]
    for extra, start in cases:
        data = scenario_dict(**base, **extra)
        with pytest.raises(ScenarioError) as err:
            build(data, "<t>")
        message = str(err.value)
        assert message.startswith(start) and "\n" not in message, message


def test_a_fight_without_hazards_has_none():
    state = game(scenario_dict(rules=QUIET))
    assert state.setup.hazards is None
    assert Kind.RESCUE not in {a.kind for a in engine.legal_actions(state)}
