"""Damage models, stress, Broken, fire and explosions (SRD 2.8, 4.1, 4.2)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict
from yz_gym.rulesets.yze.combat.damage import attack_crit, expose_to_fire, fire_attack, take_damage
from yz_gym.rulesets.yze.combat.explosions import explosion
from yz_gym.rulesets.yze.combat.recovery import STRESS_SOURCES, suffer_stress
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import AGI, STR
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind

QUIET = {"ask_push": False, "offer_help": False}


def duel(rules: dict[str, Any] | None = None, red: dict[str, Any] | None = None,
         blue: dict[str, Any] | None = None, engaged: bool = True, extra: tuple = (),
         zones: tuple = ("Yard",)):
    """Red and Blue in one zone (Engaged unless told otherwise), plus extra combatants."""
    red_spec = fighter("Red", "red", zones[0], **({"engaged_with": ["Blue"]} if engaged else {}))
    red_spec.update(red or {})
    blue_spec = fighter("Blue", "blue", zones[0])
    blue_spec.update(blue or {})
    data = scenario_dict(zones=list(zones), combatants=[red_spec, blue_spec, *extra],
                         rules={**QUIET, **(rules or {})})
    return game(data)


def resolve(state, dice, kind: Kind, target: str | None = None, **kw: Any) -> list:
    """Act, then pass on any block or help offered, with the same scripted dice."""
    events = act(state, dice, kind, target=target, **kw)
    while engine.decision_kind(state) in ("block", "help", "overwatch"):
        events += engine.apply(state, Action(Kind.DECLINE), dice)
    return events


def set_order(state, *names: str):
    """Make the named combatants act in this order now, the first one's turn under way."""
    ids = [by_name(state, n).id for n in names]
    state.order = ids + [i for i in state.order if i not in ids]
    state.turn_pos = 0
    state.turn_begun = True
    return state


def attrs(strength: int = 3, agility: int = 3, wits: int = 3, empathy: int = 3) -> dict[str, Any]:
    return {"attributes": {"strength": strength, "agility": agility, "wits": wits, "empathy": empathy}}


# --- DMGM: damage models ---------------------------------------------------------------------


@pytest.mark.rule("DMGM-01", "AMB-07")
def test_attribute_model_puts_damage_on_strength_and_stress_on_wits():
    state = duel()
    blue = by_name(state, "Blue")
    events: list = []
    take_damage(state, blue, 2, FixedDice(), events)
    take_damage(state, blue, 1, FixedDice(), events, stress=True)
    assert blue.attrs == [1, 3, 2, 3]
    assert (blue.health, blue.resolve) == (1, 1)  # unused tracks


@pytest.mark.rule("DMGM-01", "AMB-07")
def test_health_resolve_model_uses_two_tracks_and_leaves_attributes():
    state = duel({"damage_model": "health_resolve"})
    blue = by_name(state, "Blue")
    take_damage(state, blue, 2, FixedDice(), [])
    take_damage(state, blue, 1, FixedDice(), [], stress=True)
    assert blue.attrs == [3, 3, 3, 3]
    assert (blue.health, blue.resolve) == (blue.max_health - 2, blue.max_resolve - 1)


@pytest.mark.rule("DMGM-01", "PUSH-16")
def test_health_only_model_turns_stress_into_a_level_that_never_breaks():
    state = duel({"damage_model": "health_only"})
    blue = by_name(state, "Blue")
    events: list = []
    take_damage(state, blue, 9, FixedDice(), events, stress=True)
    assert blue.stress == 9 and blue.resolve == blue.max_resolve and not blue.broken
    assert "stress_level" in kinds(events)


@pytest.mark.rule("DMGM-02")
def test_pool_health_and_resolve_are_half_the_attribute_pairs_rounded_up_plus_one():
    state = duel({"damage_model": "health_resolve"}, blue=attrs(3, 4, 2, 3))
    blue = by_name(state, "Blue")
    assert (blue.max_health, blue.max_resolve) == (5, 4)  # ceil(3.5)+1, ceil(2.5)+1


@pytest.mark.rule("DMGM-03")
def test_step_health_and_resolve_are_a_quarter_of_the_die_faces_rounded_up():
    step = {"dice_mode": "step", "damage_model": "health_resolve"}
    state = duel(step, red=attrs("C", "C", "C", "C"), blue=attrs("A", "C", "D", "D"))
    blue = by_name(state, "Blue")
    assert (blue.max_health, blue.max_resolve) == (5, 3)  # ceil((12+8)/4), ceil((6+6)/4)


CONDITIONS = {"damage_model": "conditions", "push_cost": "conditions"}


@pytest.mark.rule("DMGM-04", "DMGM-06")
def test_each_point_of_damage_or_stress_is_a_condition_of_its_kind():
    state = duel(CONDITIONS)
    blue = by_name(state, "Blue")
    take_damage(state, blue, 2, FixedDice(), [])
    take_damage(state, blue, 1, FixedDice(), [], stress=True)
    assert blue.conditions == ("Exhausted", "Battered", "Angry")
    assert blue.attrs == [3, 3, 3, 3] and not blue.broken


@pytest.mark.rule("DMGM-07")
def test_each_condition_is_minus_one_on_rolls_of_its_kind():
    state = duel(CONDITIONS)
    blue = by_name(state, "Blue")
    blue.conditions = ("Exhausted", "Battered", "Scared")
    assert skill_pool(state, blue, "Melee").size == 3 - 2  # STR 3, two physical conditions
    assert skill_pool(state, blue, "Mobility").size == 3 - 2
    assert skill_pool(state, blue, "Insight").size == 3 - 1  # EMP 3, one mental condition


@pytest.mark.rule("DMGM-08", "BROKEN-04")
def test_a_fourth_condition_breaks_and_gives_a_critical_injury_of_its_kind():
    state = duel(CONDITIONS)
    blue = by_name(state, "Blue")
    events: list = []
    take_damage(state, blue, 4, FixedDice([1, 1]), events)  # crit D66 = 11 (Winded)
    assert blue.conditions == ("Exhausted", "Battered", "Wounded") and blue.broken
    assert [e.get("table") for e in events if e.kind == "critical"] == ["physical"]
    mind = by_name(state, "Red")
    take_damage(state, mind, 4, FixedDice([2, 1]), events, stress=True)  # D66 21: White hair
    assert mind.resolve == 0 and mind.broken
    assert [e.get("table") for e in events if e.kind == "critical"][-1] == "mental"


@pytest.mark.rule("DMGM-05", "PUSH-19")
def test_pushed_strength_roll_gives_a_physical_condition_and_empathy_roll_a_mental_one():
    data = scenario_dict(
        zones=["Yard"],
        combatants=[fighter("Red", "red", "Yard", engaged_with=["Blue"]), fighter("Blue", "blue", "Yard")],
        rules={**CONDITIONS, "offer_help": False},
    )
    state = set_order(game(data), "Red", "Blue")
    resolve(state, FixedDice([2, 3, 4]), Kind.CLOSE_ATTACK, target="Blue")  # Melee: STR 3, no hit
    assert engine.decision_kind(state) == "push"
    engine.apply(state, Action(Kind.PUSH), FixedDice([2, 2, 2]))
    red = by_name(state, "Red")
    assert red.conditions == ("Exhausted",)
    set_order(state, "Red")
    red.actions_used, red.slow_used = 0, False
    resolve(state, FixedDice([2, 3, 4, 2, 2, 2]), Kind.PERSUADE, target="Blue")  # EMP 3 vs Insight 3
    engine.apply(state, Action(Kind.PUSH), FixedDice([2, 2, 2]))
    assert red.conditions == ("Exhausted", "Angry")


# --- STRESS ---------------------------------------------------------------------------------


@pytest.mark.rule("STRESS-01")
def test_each_insight_success_cancels_one_point_of_potential_stress():
    state = duel({"damage_model": "health_resolve"}, blue={**attrs(), "skills": {"insight": 1}})
    blue = by_name(state, "Blue")
    taken = suffer_stress(state, blue, "massacre", FixedDice([6, 2, 3, 4]))  # EMP 3 + Insight 1
    assert taken == 2 and blue.resolve == blue.max_resolve - 2


@pytest.mark.rule("STRESS-02", "PUSH-11")
def test_the_stress_roll_may_be_pushed_and_its_banes_add_stress():
    state = duel({"damage_model": "health_resolve", "push_cost": "damage_stress"})
    blue = by_name(state, "Blue")
    # first roll 2,3,4 (no success); pushed: 6 (cancels one), 1 (bane: +1 stress), 5
    taken = suffer_stress(state, blue, "friend_dies", FixedDice([2, 3, 4, 6, 1, 5]), push=True)
    assert taken == 1
    assert blue.resolve == blue.max_resolve - 2  # 1 left of the source + 1 for the bane


@pytest.mark.rule("STRESS-03", "STRESS-04", "STRESS-05", "STRESS-06", "STRESS-07", "STRESS-08",
                  "STRESS-09", "STRESS-10", "STRESS-11")
@pytest.mark.parametrize(("source", "stress"), [
    ("threatened", 1), ("friend_lethal_injury", 1), ("unnatural", 1), ("friend_dies", 2),
    ("interrogated", 2), ("terrifying_being", 2), ("massacre", 3), ("tortured", 3),
    ("terrifying_event", 3),
])
def test_stress_sources_give_the_table_values(source, stress):
    assert STRESS_SOURCES[source] == stress
    state = duel({"damage_model": "health_resolve"}, blue=attrs(empathy=2))
    blue = by_name(state, "Blue")
    blue.max_resolve = blue.resolve = 9
    assert suffer_stress(state, blue, source, FixedDice([2, 2])) == stress
    assert blue.resolve == 9 - stress


def three_way(rules: dict[str, Any] | None = None):
    """Red engaged with Blue; Blue's friend Cyan watches from the same zone."""
    return duel(rules, blue=attrs(strength=1), extra=(fighter("Cyan", "blue", "Yard"),))


@pytest.mark.rule("STRESS-04", "CRIT-01")
def test_friends_who_see_a_lethal_critical_injury_take_one_stress():
    state = three_way({"damage_model": "health_resolve"})
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    # Blue broken by 9 damage -> crit D66 44 (punctured lung, lethal); Cyan's Insight (EMP 3) fails
    take_damage(state, blue, 9, FixedDice([4, 4, 2, 3, 4]), [])
    assert blue.injuries[0].code == 44
    assert cyan.resolve == cyan.max_resolve - 1


@pytest.mark.rule("STRESS-06", "CRIT-02")
def test_friends_who_see_a_friend_die_take_two_stress():
    state = three_way({"damage_model": "health_resolve"})
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    events: list = []
    take_damage(state, blue, 9, FixedDice([6, 4, 2, 3, 6]), events)  # crit 64: dead
    assert blue.dead and "death" in kinds(events)
    assert cyan.resolve == cyan.max_resolve - 1  # 2 stress, one cancelled by a 6


def witness_push(insight: list[int], pushed: list[int] | None):
    """Red shoots Blue (4 damage, Broken, crit 61: lethal); Cyan sees it and rolls Insight
    (EMP 3: three dice) against 1 stress (STRESS-04), then pushes (`pushed`) or not (None)."""
    rules = {"damage_model": "health_resolve", "push_cost": "damage_stress", "ask_push": True}
    state = duel(rules, red={"weapons": ["pistol"], "drawn": "pistol"}, engaged=False,
                 extra=(fighter("Cyan", "blue", "Yard"),))
    set_order(state, "Red")
    cyan = by_name(state, "Cyan")
    dice = FixedDice([6, 6, 6, 2, 2, 6, 1, 3, 4, *insight, *(pushed or [])])  # AGI 3 + pistol 2; D66 61; 2D6 days
    events = act(state, dice, Kind.SHOOT, target="Blue")
    assert engine.decision_kind(state) == "push" and engine.current_actor(state) == by_name(state, "Red").id
    events += engine.apply(state, Action(Kind.DECLINE), dice)  # Red keeps the hit
    return state, cyan, dice, events


@pytest.mark.rule("STRESS-02", "STRESS-04", "PUSH-04", "PUSH-11")
def test_the_witness_is_offered_a_push_of_the_insight_roll_and_its_banes_add_stress():
    state, cyan, dice, events = witness_push([2, 3, 4], [6, 1, 1])
    (roll,) = [e for e in events if e.kind == "roll" and e.get("skill") == "Insight"]
    assert roll.actor == cyan.id and len(roll.get("dice")) == 3 and roll.get("purpose") == "witness"
    assert engine.decision_kind(state) == "push" and engine.current_actor(state) == cyan.id
    assert engine.legal_actions(state) == [Action(Kind.PUSH), Action(Kind.DECLINE)]
    assert cyan.resolve == cyan.max_resolve  # nothing taken before the push is decided
    events = engine.apply(state, Action(Kind.PUSH), dice)
    push = next(e for e in events if e.kind == "push")
    assert push.actor == cyan.id and [face for _, _, face in push.get("dice")] == [6, 1, 1]
    assert cyan.resolve == cyan.max_resolve - 2  # 1 - 1 success = 0 stress, + 2 banes (PUSH-11)
    assert engine.decision_kind(state) == "turn"


@pytest.mark.rule("STRESS-02", "STRESS-01", "STRESS-04")
def test_a_pushed_insight_success_cancels_the_stress_and_declining_keeps_it():
    state, cyan, dice, _ = witness_push([2, 3, 4], [6, 3, 3])
    engine.apply(state, Action(Kind.PUSH), dice)
    assert cyan.resolve == cyan.max_resolve  # the push's 6 cancels the 1 stress; no banes
    state, cyan, dice, _ = witness_push([2, 3, 4], None)
    engine.apply(state, Action(Kind.DECLINE), dice)
    assert cyan.resolve == cyan.max_resolve - 1


@pytest.mark.rule("STRESS-02")
def test_no_push_is_offered_when_the_insight_roll_cancels_all_the_stress():
    state, cyan, _, events = witness_push([6, 3, 4], None)
    (roll,) = [e for e in events if e.kind == "roll" and e.get("skill") == "Insight"]
    assert roll.get("successes") == 1 and "push" not in kinds(events)
    assert engine.decision_kind(state) == "turn" and cyan.resolve == cyan.max_resolve


@pytest.mark.rule("STRESS-06")
def test_no_stress_for_a_death_when_stress_from_events_is_off():
    state = three_way({"damage_model": "health_resolve", "stress_from_events": False})
    blue, cyan = by_name(state, "Blue"), by_name(state, "Cyan")
    take_damage(state, blue, 9, FixedDice([6, 4]), [])
    assert blue.dead and cyan.resolve == cyan.max_resolve


# --- BROKEN ---------------------------------------------------------------------------------


@pytest.mark.rule("BROKEN-01")
def test_broken_when_any_attribute_or_a_track_reaches_zero():
    state = duel()
    blue = by_name(state, "Blue")
    blue.attrs[AGI] = 0
    assert blue.broken and blue.out
    state = duel({"damage_model": "health_resolve"})
    red = by_name(state, "Red")
    red.resolve = 0
    assert red.broken


@pytest.mark.rule("BROKEN-02")
def test_a_broken_combatant_gets_no_turn():
    state = duel(blue=attrs(strength=1), extra=(fighter("Cyan", "blue", "Yard"),))
    blue = by_name(state, "Blue")
    take_damage(state, blue, 1, FixedDice([1, 1]), [])
    assert blue.broken
    set_order(state, "Red", "Blue", "Cyan")
    events = engine.apply(state, Action(Kind.END_TURN), np.random.default_rng(0))
    assert engine.current_actor(state) == by_name(state, "Cyan").id  # the order passes Blue by
    assert not any(e.kind == "turn" and e.actor == blue.id for e in events)


@pytest.mark.rule("BROKEN-03")
def test_values_never_go_below_zero_and_more_damage_gives_another_crit():
    state = duel()
    blue = by_name(state, "Blue")
    events: list = []
    take_damage(state, blue, 5, FixedDice([1, 1]), events)
    assert blue.attrs[STR] == 0
    take_damage(state, blue, 2, FixedDice([1, 2]), events)
    assert blue.attrs[STR] == 0
    assert [e.get("code") for e in events if e.kind == "critical"] == [11, 12]


@pytest.mark.rule("BROKEN-04")
def test_crit_trigger_threshold_gives_a_crit_for_heavy_damage_without_breaking():
    state = duel({"crit_trigger": "threshold", "crit_threshold": 3}, blue=attrs(strength=5))
    blue = by_name(state, "Blue")
    events: list = []
    attack_crit(state, blue, 2, 1, FixedDice([1, 1]), events)
    assert "critical" not in kinds(events)
    attack_crit(state, blue, 3, 1, FixedDice([1, 1]), events)
    assert kinds(events) == ["critical"] and not blue.broken


@pytest.mark.rule("BROKEN-04")
def test_crit_trigger_two_successes_crits_on_a_strong_hit_and_not_on_breaking():
    state = set_order(duel({"crit_trigger": "two_successes"}, blue=attrs(strength=5)), "Red")
    # Melee STR 3 unarmed: two sixes -> 2 damage, then D66 1,1
    events = resolve(state, FixedDice([6, 6, 2, 1, 1]), Kind.CLOSE_ATTACK, target="Blue")
    assert [e.get("code") for e in events if e.kind == "critical"] == [11]
    state = set_order(duel({"crit_trigger": "two_successes"}, blue=attrs(strength=5)), "Red")
    events = resolve(state, FixedDice([6, 2, 2, 1, 1]), Kind.CLOSE_ATTACK, target="Blue")
    assert "critical" not in kinds(events) and by_name(state, "Blue").attrs[STR] == 5 - 1  # one success
    state = duel({"crit_trigger": "two_successes"}, blue=attrs(strength=1))
    blue = by_name(state, "Blue")
    events = []
    take_damage(state, blue, 1, FixedDice([1, 1]), events)
    assert blue.broken and "critical" not in kinds(events)


@pytest.mark.rule("BROKEN-05", "PUSH-13")
def test_breaking_yourself_with_a_push_gives_no_crit_and_the_attack_lands_first():
    data = scenario_dict(
        zones=["Yard"],
        combatants=[
            fighter("Red", "red", "Yard", engaged_with=["Blue"], skills={"melee": 1},
                    attributes={"strength": 2, "agility": 3, "wits": 3, "empathy": 3}),
            fighter("Blue", "blue", "Yard"),
        ],
        rules={"offer_help": False, "push_cost": "damage_stress", "npc_broken_dies": True},
    )
    state = set_order(game(data), "Red", "Blue")
    resolve(state, FixedDice([3, 3, 3]), Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "push"
    events = engine.apply(state, Action(Kind.PUSH), FixedDice([1, 1, 6]))  # two banes, one hit
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    assert blue.attrs[STR] == 3 - 1  # the unarmed hit lands ...
    assert red.attrs[STR] == 0 and red.broken and not red.dead  # ... then the push breaks Red
    assert "critical" not in kinds(events)  # BROKEN-05: no crit, and no death for a minor NPC
    damage = [e.target for e in events if e.kind == "damage"]
    assert damage == [blue.id, red.id]  # PUSH-13: the cost after the action


# --- FIRE -----------------------------------------------------------------------------------


@pytest.mark.rule("FIRE-01", "FIRE-02")
def test_fire_exposure_is_one_damage_per_success_and_sets_you_alight_one_step_up():
    state = duel(blue=attrs(strength=5))
    blue = by_name(state, "Blue")
    events: list = []
    assert expose_to_fire(state, blue, 3, FixedDice([6, 6, 1]), events) == 2
    assert blue.attrs[STR] == 3 and blue.burning == 4  # pool: one more die (S2)
    red = by_name(state, "Red")
    assert expose_to_fire(state, red, 3, FixedDice([2, 2, 2]), events) == 0 and red.burning == 0


@pytest.mark.rule("FIRE-02")
def test_a_burning_combatant_suffers_a_fire_attack_at_the_start_of_its_turn():
    state = set_order(duel(blue=attrs(strength=5)), "Red", "Blue")
    blue = by_name(state, "Blue")
    blue.burning = 3
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice([6, 2, 2]))  # Blue's turn begins
    fire = [e for e in events if e.kind == "fire"]
    assert fire and fire[0].get("intensity") == 3
    assert blue.attrs[STR] == 4 and blue.burning == 4


@pytest.mark.rule("FIRE-02")
def test_step_dice_fire_rises_one_grade():
    step = {"dice_mode": "step", "damage_model": "health_resolve"}
    state = duel(step, red=attrs("C", "C", "C", "C"), blue=attrs("C", "C", "C", "C"))
    blue = by_name(state, "Blue")
    blue.burning = 3  # grade D: two D6
    fire_attack(state, blue, FixedDice([(6, 6), (2, 6)]), [])
    assert blue.burning == 6  # grade C


@pytest.mark.rule("FIRE-03")
def test_the_fire_goes_out_when_an_attack_does_no_damage():
    state = duel()
    blue = by_name(state, "Blue")
    blue.burning = 3
    events: list = []
    fire_attack(state, blue, FixedDice([1, 2, 5]), events)
    assert blue.burning == 0 and "fire_out" in kinds(events) and blue.attrs[STR] == 3


@pytest.mark.rule("FIRE-04", "ACTN-EXTINGUISH-01")
def test_a_friend_smothers_the_fire_with_a_slow_mobility_roll_at_plus_two_with_a_blanket():
    cyan = fighter("Cyan", "red", "Yard", items=["blanket"])
    state = set_order(duel(engaged=False, extra=(cyan,)), "Cyan")
    by_name(state, "Red").burning = 3
    legal = engine.legal_actions(state)
    red_id = by_name(state, "Red").id
    assert Action(Kind.EXTINGUISH, target=red_id) in legal
    dice = FixedDice([2, 2, 2, 2, 6])  # AGI 3 + 2 for the blanket = 5 dice
    events = act(state, dice, Kind.EXTINGUISH, target="Red")
    assert len(next(e for e in events if e.kind == "roll").get("dice")) == 5
    assert by_name(state, "Red").burning == 0 and by_name(state, "Cyan").slow_used


@pytest.mark.rule("FIRE-05", "CRIT-04")
def test_fire_that_breaks_you_gives_no_crit_but_a_death_roll_every_turn_until_saved():
    cyan = fighter("Cyan", "blue", "Yard", skills={"healing": 2})
    state = duel(engaged=False, blue={**attrs(strength=1), "skills": {"stamina": 1}}, extra=(cyan,))
    blue = by_name(state, "Blue")
    blue.burning = 3
    events: list = []
    fire_attack(state, blue, FixedDice([6, 2, 2]), events)
    assert blue.broken and "critical" not in kinds(events)
    assert [(t.kind, t.left) for t in blue.timed] == [("burns", 1)] and not blue.injuries  # no fake injury
    fire_attack(state, blue, FixedDice([6, 2, 2, 2, 2, 2, 2]), events)  # hit again while Broken
    assert [t.kind for t in blue.timed] == ["burns"]  # still one roll per turn
    set_order(state, "Cyan")
    assert Action(Kind.FIRST_AID, target=blue.id, option=1) in engine.legal_actions(state)
    act(state, FixedDice([6, 2, 2, 2, 2]), Kind.FIRST_AID, target="Blue", option=1)
    assert blue.timed == [] and not blue.dead


@pytest.mark.rule("FIRE-05", "DEATH-01")
def test_fire_death_rolls_come_at_the_start_of_each_turn():
    state = duel(engaged=False, blue={**attrs(strength=1), "skills": {"stamina": 1}},
                 extra=(fighter("Cyan", "blue", "Yard"),))
    blue = by_name(state, "Blue")
    blue.burning = 3
    fire_attack(state, blue, FixedDice([6, 2, 2]), [])
    blue.burning = 0  # put out; the death rolls go on until a Healing roll
    set_order(state, "Red", "Blue")
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice([2]))  # Stamina 1 die: fails
    assert "death_roll" in kinds(events) and blue.dead


# --- EXPL -----------------------------------------------------------------------------------


def blast_map(rules: dict[str, Any] | None = None, borders: list | None = None):
    combatants = [
        fighter("Red", "red", "A", **attrs(strength=5)),
        fighter("Blue", "blue", "A", **attrs(strength=5)),
        fighter("Near", "blue", "B", **attrs(strength=5)),
        fighter("Far", "blue", "C", **attrs(strength=5)),
    ]
    data = scenario_dict(zones=["A", "B", "C"], borders=borders, combatants=combatants,
                         rules={**QUIET, **(rules or {})})
    return game(data)


@pytest.mark.rule("EXPL-01", "EXPL-02", "EXPL-03", "EXPL-09")
def test_each_one_in_the_zone_rolls_the_blast_for_base_damage_plus_extra_successes():
    state = blast_map()
    events: list = []
    # power 6: Red rolls 6,6,6,1,2,3 (3 successes), Blue 1,2,3,4,5,5 (none)
    explosion(state, 0, 6, FixedDice([6, 6, 6, 1, 2, 3, 1, 2, 3, 4, 5, 5]), events)
    blasts = [e for e in events if e.kind == "blast"]
    assert [e.target for e in blasts] == [0, 1]  # only zone A: power 6 does not reach B
    assert all(not e.get("pushed") for e in blasts)  # EXPL-02
    assert by_name(state, "Red").attrs[STR] == 5 - (2 + 3 - 1)
    assert by_name(state, "Blue").attrs[STR] == 5
    assert "push" not in kinds(events)


@pytest.mark.rule("EXPL-04", "EXPL-05")
def test_at_engaged_of_the_blast_one_more_damage_even_with_no_success():
    state = blast_map()
    explosion(state, 0, 3, FixedDice([6, 2, 2, 2, 2, 2]), [], engaged_with=[0, 1])
    assert by_name(state, "Red").attrs[STR] == 5 - (1 + 1)
    assert by_name(state, "Blue").attrs[STR] == 5 - 1  # EXPL-05: minimum 1 at Engaged
    state = blast_map({"blast_engaged_min1_on_zero": False})
    explosion(state, 0, 3, FixedDice([2, 2, 2, 2, 2, 2]), [], engaged_with=1)
    assert by_name(state, "Blue").attrs[STR] == 5


@pytest.mark.rule("EXPL-06")
def test_a_big_blast_reaches_the_adjacent_open_zone_at_power_minus_six():
    state = blast_map()
    events: list = []
    faces = [2] * 18 + [6, 2, 2]  # 9 dice each for Red and Blue, then 3 dice for Near
    explosion(state, 0, 9, FixedDice(faces), events)
    near = [e for e in events if e.kind == "blast" and e.target == 2]
    assert len(near) == 1 and near[0].get("power") == 3 and len(near[0].get("dice")) == 3
    assert by_name(state, "Near").attrs[STR] == 5 - 3  # the base damage of the power-9 blast
    assert not any(e.kind == "blast" and e.target == 3 for e in events)  # zone C is two away
    walled = blast_map(borders=[{"between": ["A", "B"], "kind": "wall"}, {"between": ["B", "C"]}])
    events = []
    explosion(walled, 0, 12, FixedDice([2] * 24), events)
    assert not any(e.kind == "blast" and e.target == 2 for e in events)  # shielded by a wall


@pytest.mark.rule("EXPL-07", "EXPL-08", "EXPL-09", "EXPL-10")
@pytest.mark.parametrize(("power", "base"), [(12, 4), (9, 3), (6, 2), (3, 1)])
def test_blast_power_sets_the_base_damage(power, base):
    state = blast_map({"blast_engaged_min1_on_zero": False})
    red = by_name(state, "Red")
    by_name(state, "Blue").zone = 2  # Red alone in zone A
    explosion(state, 0, power, FixedDice([6] + [2] * (power - 1)), [])
    assert red.attrs[STR] == 5 - base


@pytest.mark.rule("EXPL-11")
def test_body_armor_protects_against_a_blast():
    state = blast_map()
    red = by_name(state, "Red")
    red.armor_rating = 2
    explosion(state, 0, 3, FixedDice([6, 6, 2, 6, 2, 2, 2, 2]), [])  # 2 damage; armor 6,2 stops 1
    assert red.attrs[STR] == 5 - 1
