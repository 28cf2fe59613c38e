"""Pushing and its costs, panic, gear wear and care (SRD 1.6, 1.7)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict
from yz_gym.rulesets.yze.combat.damage import start_of_turn
from yz_gym.rulesets.yze.combat.gear import carry_limit, mobility_modifier, repair, supply_roll, wear
from yz_gym.rulesets.yze.combat.panic import panic_roll
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.dice import DicePool, Die, Roll, Source
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.rolls import skill_pool, skill_roll, stress_ones
from yz_gym.rulesets.yze.state import AGI, EMP, STR
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.scenario import ScenarioError


def attrs(strength: Any = 3, agility: Any = 3, wits: Any = 3, empathy: Any = 3) -> dict[str, Any]:
    return {"attributes": {"strength": strength, "agility": agility, "wits": wits, "empathy": empathy}}


def duel(rules: dict[str, Any] | None = None, red: dict[str, Any] | None = None,
         blue: dict[str, Any] | None = None, extra: tuple = ()):
    """Red engaged with Blue in zone A (of A-B); Red's turn under way."""
    red_spec = fighter("Red", "red", "A", engaged_with=["Blue"])
    red_spec.update(red or {})
    blue_spec = fighter("Blue", "blue", "A")
    blue_spec.update(blue or {})
    data = scenario_dict(zones=["A", "B"], combatants=[red_spec, blue_spec, *extra],
                         rules={"offer_help": False, **(rules or {})})
    state = game(data)
    red_id = by_name(state, "Red").id
    state.order = [red_id] + [i for i in state.order if i != red_id]
    state.turn_pos, state.turn_begun = 0, True
    return state


def attack(state, first: list, pushed: list | None, kind: Kind = Kind.CLOSE_ATTACK,
           target: str = "Blue", **kw: Any) -> list:
    """Red attacks: no block; `first` faces, then push with `pushed` faces (None = decline)."""
    events = act(state, FixedDice(first), kind, target=target, **kw)
    while engine.decision_kind(state) in ("block", "help", "overwatch"):
        events += engine.apply(state, Action(Kind.DECLINE), FixedDice(first))
    if engine.decision_kind(state) == "push":
        choice = Kind.DECLINE if pushed is None else Kind.PUSH
        events += engine.apply(state, Action(choice), FixedDice(pushed or []))
    return events


def rolled(events: list, kind: str = "push") -> list[int]:
    """The faces of the first roll (or push) event."""
    return [face for _, _, face in next(e for e in events if e.kind == kind).get("dice")]


# --- the push itself --------------------------------------------------------------------------


@pytest.mark.rule("PUSH-01")
def test_a_one_on_a_base_die_is_a_bane_but_not_on_stress_or_artifact_dice():
    pool = DicePool((Die(Source.ATTRIBUTE, 6), Die(Source.SKILL, 6), Die(Source.GEAR, 6),
                     Die(Source.STRESS, 6), Die(Source.ARTIFACT, 8)))
    roll = Roll(pool, (1, 1, 1, 1, 1))
    assert roll.banes() == 3
    assert (roll.banes(Source.ATTRIBUTE), roll.banes(Source.STRESS), roll.banes(Source.ARTIFACT)) == (1, 0, 0)


@pytest.mark.rule("PUSH-04", "PUSH-05", "PUSH-06", "PUSH-07")
def test_the_roller_may_push_once_rerolling_all_but_successes_and_banes():
    state = duel({"push_cost": "none"}, red={"weapons": ["sword"]})
    events = act(state, FixedDice([6, 1, 3, 4, 5]), Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "push"
    assert engine.current_actor(state) == by_name(state, "Red").id  # the roller decides
    events += engine.apply(state, Action(Kind.PUSH), FixedDice([6, 2, 6]))
    assert rolled(events) == [6, 1, 6, 2, 6]  # the 6 and the bane stay; all dice count
    hit = next(e for e in events if e.kind == "damage")
    assert hit.get("amount") == 2 + 3 - 1


@pytest.mark.rule("PUSH-06", "PUSH-05", "DICE-11")
def test_agent_choice_loads_and_the_roller_rerolls_the_dice_it_chooses():
    state = duel({"push_cost": "none", "push_reroll": "agent_choice"}, red={"weapons": ["sword"]})
    assert state.options.push_reroll == "agent_choice"
    events = act(state, FixedDice([6, 1, 3, 4, 5]), Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "push"
    events += engine.apply(state, Action(Kind.PUSH), FixedDice([6, 2, 6]))
    # the chooser keeps the success (no die's fresh roll averages a success) and the bane (PUSH-05)
    assert rolled(events) == [6, 1, 6, 2, 6]


@pytest.mark.rule("PUSH-04")
def test_declining_the_push_keeps_the_roll():
    state = duel()
    events = attack(state, [2, 3, 4], None)
    assert "push" not in kinds(events) and "miss" in kinds(events)


@pytest.mark.rule("PUSH-08")
def test_a_roll_is_pushed_only_once_and_passive_rolls_never():
    state = duel({"push_cost": "none"}, blue={"armor": "kevlar_vest"})
    events = attack(state, [2, 3, 6], [2, 3])  # push, still one success: hit for 1
    assert engine.decision_kind(state) == "turn"  # no second push
    assert "armor" in kinds(events)
    armor = next(e for e in events if e.kind == "armor")
    assert not armor.get("pushed")


@pytest.mark.rule("PUSH-09")
def test_a_failed_attack_may_be_repeated_in_combat():
    state = duel()
    attack(state, [2, 3, 4], None)
    red = by_name(state, "Red")
    red.actions_used, red.slow_used = 0, False
    assert Action(Kind.CLOSE_ATTACK, target=by_name(state, "Blue").id) in engine.legal_actions(state)


@pytest.mark.rule("PUSH-10", "VARIANT-09")
@pytest.mark.parametrize("mode", ["damage_stress", "attribute", "stress_dice", "doom", "none"])
def test_each_push_cost_is_a_switch(mode):
    assert duel({"push_cost": mode}).options.push_cost == mode


@pytest.mark.rule("PUSH-10")
def test_an_unknown_push_cost_is_refused():
    with pytest.raises(ScenarioError, match="push_cost"):
        duel({"push_cost": "blood"})
    with pytest.raises(ValueError, match="DMGM-05"):
        RuleOptions(push_cost="conditions")


# --- costs ------------------------------------------------------------------------------------


@pytest.mark.rule("PUSH-11")
def test_damage_stress_banes_are_damage_on_a_strength_roll_and_stress_on_an_empathy_roll():
    rules = {"push_cost": "damage_stress", "damage_model": "health_resolve"}
    state = duel(rules, red={"skills": {"melee": 1, "persuasion": 1}})
    red = by_name(state, "Red")
    attack(state, [2, 2, 2, 2], [1, 2, 1, 2])  # STR 3 + Melee 1: two banes
    assert (red.health, red.resolve) == (red.max_health - 2, red.max_resolve)
    red.actions_used, red.slow_used = 0, False
    attack(state, [2, 2, 2, 2, 2, 2, 2], [1, 2, 2, 2], kind=Kind.PERSUADE)  # Insight 3 dice between
    assert red.resolve == red.max_resolve - 1


@pytest.mark.rule("PUSH-02", "GEAR-01", "PUSH-11")
def test_in_pool_games_gear_banes_wear_the_weapon_not_the_wielder():
    state = duel({"push_cost": "damage_stress"}, red={"weapons": ["sword"]})
    red = by_name(state, "Red")
    attack(state, [2, 2, 2, 2, 2], [1, 2, 2, 1, 2])  # attribute bane and gear bane
    assert red.attrs[STR] == 2 and red.weapons[0].bonus == 1


@pytest.mark.rule("PUSH-12", "GEAR-06", "GEAR-02")
def test_with_tool_absorbs_the_step_dice_weapon_loses_reliability_instead_of_you():
    rules = {"dice_mode": "step", "damage_model": "health_resolve", "push_cost": "damage_stress",
             "push_tool_absorbs": True}
    state = duel(rules, red={**attrs("C", "C", "C", "C"), "skills": {"melee": "C"}, "weapons": ["sword"]},
                 blue=attrs("C", "C", "C", "C"))
    red = by_name(state, "Red")
    attack(state, [(2, 10), (3, 10)], [(1, 10), (1, 10)])  # sword +2: two D10
    assert red.weapons[0].reliability == 5 - 2 and red.health == red.max_health
    state = duel({**rules, "push_tool_absorbs": False},
                 red={**attrs("C", "C", "C", "C"), "skills": {"melee": "C"}, "weapons": ["sword"]},
                 blue=attrs("C", "C", "C", "C"))
    red = by_name(state, "Red")
    attack(state, [(2, 10), (3, 10)], [(1, 10), (1, 10)])
    assert red.weapons[0].reliability == 5 and red.health == red.max_health - 2


@pytest.mark.rule("PUSH-14", "GEAR-01")
def test_attribute_cost_takes_attribute_banes_off_the_attribute_and_gear_banes_off_the_gear():
    state = duel({"push_cost": "attribute"}, red={"weapons": ["sword"], "skills": {"melee": 1}})
    red = by_name(state, "Red")
    events = attack(state, [2] * 6, [1, 2, 2, 1, 1, 2])  # attr, attr, attr, skill, gear, gear
    assert red.attrs[STR] == 2 and red.weapons[0].bonus == 1  # the skill bane costs nothing
    assert [e.get("amount") for e in events if e.kind == "push_cost"] == [1]


@pytest.mark.rule("PUSH-15")
def test_willpower_from_attribute_points_lost_to_a_push():
    state = duel({"push_cost": "attribute", "willpower": True})
    red = by_name(state, "Red")
    attack(state, [2, 2, 2], [1, 1, 2])
    assert red.attrs[STR] == 1 and red.willpower == 2
    state = duel({"push_cost": "attribute"})
    attack(state, [2, 2, 2], [1, 1, 2])
    assert by_name(state, "Red").willpower == 0


@pytest.mark.rule("PUSH-16")
def test_stress_dice_a_push_adds_stress_and_a_stress_die_and_sixes_on_them_count():
    state = duel({"push_cost": "stress_dice"}, blue=attrs(strength=5))
    red = by_name(state, "Red")
    events = attack(state, [2, 2, 2], [2, 2, 2, 6])  # the pushed roll gains a stress die
    assert red.stress == 1
    pushed = next(e for e in events if e.kind == "push")
    assert [d[0] for d in pushed.get("dice")] == [0, 0, 0, int(Source.STRESS)]
    assert pushed.get("successes") == 1 and by_name(state, "Blue").attrs[STR] == 4
    red.stress = 3
    assert skill_pool(state, red, "Melee").count(Source.STRESS) == 3  # every roll adds them
    assert red.attrs == [3, 3, 3, 3]  # no bane cost


@pytest.mark.rule("PUSH-03", "PUSH-17", "PUSH-PANIC-06")
def test_a_one_on_a_stress_die_even_unpushed_calls_for_a_panic_roll():
    state = duel({"push_cost": "stress_dice"})
    red = by_name(state, "Red")
    red.stress = 2
    events = attack(state, [2, 2, 2, 1, 3, 1], None)  # panic die 1 + stress 2: keeps it together
    panics = [e for e in events if e.kind == "panic"]
    assert len(panics) == 1 and panics[0].get("result") == "none"


@pytest.mark.rule("PUSH-17")
def test_panic_chance_matches_one_minus_five_sixths_to_the_stress():
    state = duel({"push_cost": "stress_dice"})
    red = by_name(state, "Red")
    red.stress = 2
    rng = np.random.default_rng(7)
    n = 4000
    hits = sum(stress_ones(skill_roll(state, red, "Melee", rng)) > 0 for _ in range(n))
    p = 1 - (5 / 6) ** 2
    assert abs(hits / n - p) < 4 * math.sqrt(p * (1 - p) / n)


@pytest.mark.rule("PUSH-18")
def test_stress_clears_with_rest_in_a_safe_place():
    state = duel({"push_cost": "stress_dice"})
    red = by_name(state, "Red")
    red.stress, red.panic = 4, ("tremble",)
    recover(state, 1, FixedDice(), safe=False)
    assert red.stress == 4
    recover(state, 1, FixedDice())
    assert red.stress == 0 and red.panic == ()


@pytest.mark.rule("PUSH-19", "DMGM-05")
def test_conditions_cost_one_condition_per_push_whatever_the_banes():
    state = duel({"push_cost": "conditions", "damage_model": "conditions"})
    red = by_name(state, "Red")
    attack(state, [2, 2, 2], [2, 2, 2])
    assert red.conditions == ("Exhausted",)


@pytest.mark.rule("PUSH-20")
def test_doom_each_push_gives_the_gm_a_doom_point():
    state = duel({"push_cost": "doom"})
    red = by_name(state, "Red")
    events = attack(state, [2, 2, 2], [1, 1, 1])
    assert state.doom == 1 and red.attrs == [3, 3, 3, 3] and "doom" in kinds(events)
    assert state.clone().doom == 1


# --- the panic table ----------------------------------------------------------------------------


def panic_at(total: int, rules: dict[str, Any] | None = None, **specs: Any):
    """A game where Red (with a friend Rose in zone A) rolls panic for D6 1 + stress total-1."""
    rose = fighter("Rose", "red", "A")
    near = fighter("Nick", "blue", "B")
    state = duel({"push_cost": "stress_dice", **(rules or {})}, extra=(rose, near), **specs)
    red = by_name(state, "Red")
    red.stress = total - 1
    events: list = []
    result = panic_roll(state, red, FixedDice([1, 1, 1, 1, 1]), events)
    return state, red, result, events


@pytest.mark.rule("PUSH-PANIC-06")
def test_panic_six_keeps_it_together():
    _, red, result, _ = panic_at(6)
    assert result == "none" and red.stress == 5 and red.panic == ()


@pytest.mark.rule("PUSH-PANIC-07")
def test_panic_seven_twitch_gives_you_and_friends_nearby_a_stress():
    state, red, result, _ = panic_at(7)
    assert result == "twitch" and red.stress == 7 and by_name(state, "Rose").stress == 1
    assert by_name(state, "Blue").stress == 0


@pytest.mark.rule("PUSH-PANIC-08")
def test_panic_eight_tremble_is_minus_two_on_agility_rolls_until_the_stress_is_gone():
    state, red, result, _ = panic_at(8)
    assert result == "tremble"
    red.stress = 0  # no stress dice in the pools below
    assert skill_pool(state, red, "Mobility").size == 3 - 2
    assert skill_pool(state, red, "Melee").size == 3
    recover(state, 1, FixedDice())
    assert skill_pool(state, red, "Mobility").size == 3


@pytest.mark.rule("PUSH-PANIC-09")
def test_panic_nine_drops_the_weapon():
    state, red, result, _ = panic_at(9, red={"weapons": ["sword"]})
    assert result == "drop_item" and red.held == -1
    assert Action(Kind.DRAW, option=0) in engine.legal_actions(state)  # pick it up: a fast action


@pytest.mark.rule("PUSH-PANIC-10")
def test_panic_ten_freeze_loses_the_next_action_even_into_the_next_round():
    state, red, result, _ = panic_at(10)
    assert result == "freeze" and red.actions_used == 1
    red.actions_used, red.stress = 2, 6
    panic_roll(state, red, FixedDice([4]), [])  # 4 + 6 stress: freeze again, nothing left now
    assert red.lost_actions == 1
    red.actions_used = 0  # a new round: actions refresh ...
    start_of_turn(state, red, FixedDice(), [])  # ... and the lost one is taken at the turn's start
    assert red.actions_used == 1 and red.lost_actions == 0


@pytest.mark.rule("PUSH-PANIC-11")
def test_panic_eleven_seek_cover_sheds_a_stress_onto_friends():
    state, red, result, _ = panic_at(11)
    assert result == "seek_cover" and red.stress == 9 and "seek_cover" in red.panic
    assert by_name(state, "Rose").stress == 1


@pytest.mark.rule("PUSH-PANIC-12")
def test_panic_twelve_scream_loses_an_action_and_everyone_in_earshot_rolls():
    state, red, result, events = panic_at(12)
    assert result == "scream" and red.stress == 10 and red.actions_used == 1
    rollers = {e.actor for e in events if e.kind == "panic"}
    assert rollers == {c.id for c in state.combatants}  # Nick next door hears it too


@pytest.mark.rule("PUSH-PANIC-13")
def test_panic_thirteen_flees_the_fight():
    state, red, result, events = panic_at(13)
    assert result == "flee" and red.fled and red.out and red.stress == 11
    assert not by_name(state, "Blue").engaged
    assert sum(1 for e in events if e.kind == "panic") == 4


@pytest.mark.rule("PUSH-PANIC-14")
def test_panic_fourteen_berserk_is_recorded_and_witnesses_roll():
    _state, red, result, events = panic_at(14)
    assert result == "berserk" and "berserk" in red.panic and not red.out
    assert sum(1 for e in events if e.kind == "panic") == 4


@pytest.mark.rule("PUSH-PANIC-15")
@pytest.mark.parametrize("total", [15, 17])
def test_panic_fifteen_or_more_is_catatonic_and_out_of_the_fight(total):
    state, red, result, _ = panic_at(total)
    assert result == "catatonic" and red.out and not red.dead
    red.stress = 1
    recover(state, 1, FixedDice())
    assert not red.out


# --- gear ---------------------------------------------------------------------------------------


@pytest.mark.rule("GEAR-01", "ATK-07")
def test_a_pool_weapon_worn_to_zero_is_broken_and_cannot_be_drawn():
    state = duel(red={"weapons": ["pistol", "sword"], "drawn": "pistol"})
    red = by_name(state, "Red")
    wear(state, red, 1, 2, [])
    assert red.weapons[1].bonus == -1
    assert Action(Kind.DRAW, option=1) not in engine.legal_actions(state)


@pytest.mark.rule("GEAR-02")
def test_step_reliability_drops_with_outside_damage_and_breaks_at_zero():
    rules = {"dice_mode": "step", "damage_model": "health_resolve"}
    state = duel(rules, red={**attrs("C", "C", "C", "C"), "weapons": ["sword"]}, blue=attrs("C", "C", "C", "C"))
    red = by_name(state, "Red")
    wear(state, red, 0, 4, [])
    assert red.weapons[0].reliability == 1 and red.weapons[0].bonus == 2
    events: list = []
    wear(state, red, 0, 3, events)
    assert red.weapons[0].reliability == 0 and red.weapons[0].bonus == -1
    assert events[0].get("broken")


@pytest.mark.rule("GEAR-03")
def test_repair_restores_one_point_per_crafting_success_up_to_the_original():
    state = duel(red={"weapons": ["sword"], "skills": {"crafting": 1}})
    red = by_name(state, "Red")
    red.weapons[0].bonus = 1
    result = repair(state, red, 0, FixedDice([6, 6, 6, 2]))  # WIT 3 + Crafting 1
    assert (result.successes, result.rating, red.weapons[0].bonus) == (3, 2, 2)


@pytest.mark.rule("GEAR-04")
def test_a_failed_repair_lowers_the_maximum_for_good():
    state = duel(red={"weapons": ["sword"]})
    red = by_name(state, "Red")
    red.weapons[0].bonus = 1
    assert repair(state, red, 0, FixedDice([2, 2, 2])).maximum == 1
    assert repair(state, red, 0, FixedDice([6, 6, 2])).rating == 1


@pytest.mark.rule("GEAR-05")
def test_a_failed_repair_destroys_a_broken_item():
    state = duel(red={"weapons": ["pistol", "sword"], "drawn": "sword"})
    red = by_name(state, "Red")
    red.weapons[1].bonus = -1
    assert repair(state, red, 1, FixedDice([2, 2, 2])).destroyed
    assert [w.name for w in red.weapons] == ["pistol"] and red.held == -1


@pytest.mark.rule("GEAR-07", "GEAR-08")
def test_carry_limit_and_backpack():
    state = duel(red=attrs(strength=4))
    red = by_name(state, "Red")
    assert carry_limit(red) == 8 and carry_limit(red, backpack=True) == 16
    assert mobility_modifier(True) == -2 and mobility_modifier(False) == 0
    step = duel({"dice_mode": "step", "damage_model": "health_resolve"},
                red=attrs("B", "C", "C", "C"), blue=attrs("C", "C", "C", "C"))
    assert carry_limit(by_name(step, "Red"), "step") == 10


@pytest.mark.rule("GEAR-09", "AUTO-02")
def test_supply_roll_loses_one_per_one_rolled_with_at_most_six_dice():
    left, roll = supply_roll(8, FixedDice([1, 1, 2, 3, 4, 6]))
    assert left == 6 and roll.pool.size == 6
    left, _ = supply_roll(2, FixedDice([1, 1]))
    assert left == 0


@pytest.mark.rule("PUSH-13", "AUTO-01")
@pytest.mark.parametrize("fire_again", [True, False])
def test_each_shot_of_a_full_auto_burst_pays_its_own_push_once(fire_again):
    state = duel({"push_cost": "attribute"}, red={"weapons": ["submachine_gun"]},
                 blue=attrs(strength=5))
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    red.engaged.clear()
    blue.engaged.clear()
    act(state, FixedDice([2, 2, 2, 2, 2]), Kind.SHOOT, target="Blue", option=1)
    assert engine.decision_kind(state) == "push"
    engine.apply(state, Action(Kind.PUSH), FixedDice([1, 6, 2, 2, 2]))  # hit; one attribute bane
    assert engine.decision_kind(state) == "full_auto"
    if fire_again:
        engine.apply(state, Action(Kind.SHOOT, target=blue.id, option=1), FixedDice([2, 2, 2, 2, 2]))
        assert red.attrs[AGI] == 2  # paid before the next shot
        engine.apply(state, Action(Kind.DECLINE), FixedDice([6] * 12))  # no push of shot 2
    else:
        engine.apply(state, Action(Kind.DECLINE), FixedDice([6] * 12))
    assert red.attrs[AGI] == 2 and red.attrs[EMP] == 3


@pytest.mark.rule("PUSH-PANIC-10", "PUSH-PANIC-12")
def test_an_action_lost_to_panic_after_the_round_is_spent_comes_off_the_next_turn():
    state = duel({"push_cost": "stress_dice"})
    red = by_name(state, "Red")
    red.actions_used, red.stress = 2, 11
    panic_roll(state, red, FixedDice([1] + [1] * 8), [])  # 1 + 11 = 12: scream
    assert red.lost_actions == 1 and red.stress == 10
    while not (engine.current_actor(state) == red.id and state.round == 2):
        engine.apply(state, Action(Kind.END_TURN), FixedDice())
    assert red.actions_used == 1 and red.lost_actions == 0
    assert Action(Kind.CLOSE_ATTACK, target=by_name(state, "Blue").id) in engine.legal_actions(state)


@pytest.mark.rule("PUSH-14", "STEP-01", "MOD-07")
def test_in_step_dice_an_attribute_bane_lowers_the_attribute_die_one_step():
    rules = {"dice_mode": "step", "damage_model": "health_resolve", "push_cost": "attribute"}
    state = duel(rules, red=attrs("C", "C", "C", "C"), blue=attrs("C", "C", "C", "C"))
    red = by_name(state, "Red")
    attack(state, [(2, 8)], [(1, 8)])
    assert red.attrs[STR] == 6  # C (D8) -> D (D6)
    red.actions_used, red.slow_used = 0, False
    attack(state, [(2, 6)], [(1, 6)])
    assert red.attrs[STR] == 0 and red.broken  # below D6 the die is gone
    assert skill_pool(state, red, "Stamina").size == 0
