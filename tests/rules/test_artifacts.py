"""Artifact items (DICE-11/12): a scenario weapon with an artifact die rolls it with its gear dice;
the die never degrades, but push banes wear the item's gear bonus and at 0 the item, artifact
die and all, cannot be used."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, scenario_dict, turn_of
from yz_gym.rulesets.yze.dice import Source
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.scenario import ScenarioError

QUIET = {"offer_help": False, "stress_from_events": False, "push_cost": "attribute"}
RELIC = {"grip": "1H", "bonus": 1, "damage": 2, "range": "engaged", "artifact": 10}


def relic_duel(rules=None, relic=None):
    """Red (Strength 3, Melee 1) holds the relic blade, engaged with a tough Blue."""
    red = fighter("Red", "red", "A", skills={"melee": 1}, weapons=["relic_blade"], engaged_with=["Blue"])
    blue = fighter("Blue", "blue", "A", attributes={"strength": 5, "agility": 1, "wits": 3, "empathy": 3})
    data = scenario_dict(zones=["A"], combatants=[red, blue], rules={**QUIET, **(rules or {})},
                         weapons={"relic_blade": {**RELIC, **(relic or {})}})  # fmt: skip
    return turn_of(game(data), "Red")


def attack_roll(events):
    return next(e for e in events if e.kind == "roll" and e.get("purpose") == "close_attack")


@pytest.mark.rule("DICE-11", "DICE-05", "ATK-07")
def test_an_artifact_item_adds_its_die_to_the_gear_dice():
    state = relic_duel()
    # Strength 3 + Melee 1 + bonus 1 + a D10 artifact die showing 10: two successes from it
    events = act(state, FixedDice([2, 2, 2, 2, 2, (10, 10)]), Kind.CLOSE_ATTACK, target="Blue")
    events += engine.apply(state, Action(Kind.DECLINE), FixedDice())  # no push
    dice = attack_roll(events).get("dice")
    assert [(s, n) for s, n, _ in dice] == [(Source.ATTRIBUTE, 6)] * 3 + [(Source.SKILL, 6), (Source.GEAR, 6), (Source.ARTIFACT, 10)]
    assert attack_roll(events).get("successes") == 2
    assert by_name(state, "Blue").attrs[0] == 5 - (2 + 1)  # ATK-06: damage 2, +1 for the extra success


@pytest.mark.rule("DICE-12", "GEAR-01", "PUSH-02", "PUSH-05")
def test_push_banes_wear_the_bonus_and_at_zero_the_artifact_can_no_longer_be_used():
    state = relic_duel()
    red = by_name(state, "Red")
    events = act(state, FixedDice([2, 3, 4, 5, 3, (1, 10)]), Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "push"
    # the artifact 1 is no bane (PUSH-01): it is re-rolled with the rest; the gear die shows a bane
    events += engine.apply(state, Action(Kind.PUSH), FixedDice([2, 2, 2, 2, 1, (1, 10)]))
    pushed = next(e for e in events if e.kind == "push")
    assert pushed.get("dice")[5] == [Source.ARTIFACT, 10, 1]
    worn = next(e for e in events if e.kind == "gear_damaged")
    assert worn.get("broken") and red.weapons[0].bonus == -1  # bonus 1 - 1 bane = 0: broken
    # the next round: no gear dice and no artifact die; the relic is useless until repaired
    state = turn_of(state, "Blue")
    state = turn_of(state, "Red")
    dice = FixedDice([2] * 10)
    events = act(state, dice, Kind.CLOSE_ATTACK, target="Blue")
    while engine.decision_kind(state) == "block":
        events += engine.apply(state, Action(Kind.DECLINE), dice)
    assert [s for s, _, _ in attack_roll(events).get("dice")] == [Source.ATTRIBUTE] * 3 + [Source.SKILL]


@pytest.mark.rule("DICE-11", "DICE-12")
def test_artifact_items_need_pool_dice_and_a_gear_bonus():
    red = fighter("Red", "red", "A", weapons=["relic_blade"])
    data = scenario_dict(zones=["A"], combatants=[red, fighter("Blue", "blue", "A")], weapons={"relic_blade": RELIC})
    step = {**data, "rules": {"dice_mode": "step", "damage_model": "health_resolve"}}
    step["combatants"] = [
        {**c, "attributes": dict.fromkeys(("strength", "agility", "wits", "empathy"), "C")} for c in data["combatants"]
    ]
    with pytest.raises(ScenarioError, match=r"weapons\.relic_blade\.artifact: artifact dice are for pool games only"):
        build(step, "<test>")
    with pytest.raises(ScenarioError, match=r"weapons\.relic_blade\.bonus: an artifact item needs a gear bonus"):
        build({**data, "weapons": {"relic_blade": {**RELIC, "bonus": 0}}}, "<test>")
    with pytest.raises(ScenarioError, match="relic_blade"):
        build({**data, "weapons": {"relic_blade": {**RELIC, "artifact": 6}}}, "<test>")
