"""Attacks: close and ranged combat, modifiers, special attacks, full auto, items, armor, cover.

Rules: ATK-01..08, RMOD-01..12/15, ACTN-CLOSE-01..06, ACTN-SHOOT-01/02, ACTN-RELOAD-01..03,
ACTN-AIM-01/02, ACTN-GRAPPLE-01/02, ACTN-BREAKFREE-01, ACTN-DIVE-01, ACTN-USEITEM-01,
ACTN-PERSUADE-01, ACTN-DRAW-01, ACT-SLOW-*, ACT-FAST-*, AUTO-01..06, ARMOR-01..06, COVER-01..07.
Dice are scripted with FixedDice: a pool rolls attribute dice, then skill dice, then gear dice.
"""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict, turn_of
from yz_gym.rulesets.yze.combat.attacks import armor_max, repair_armor
from yz_gym.rulesets.yze.combat.damage import protect
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind

QUIET = {"ask_push": False, "offer_help": False, "stress_from_events": False}
TOUGH = {"strength": 5, "agility": 3, "wits": 3, "empathy": 3}


def rolls(events, purpose=None):
    """The roll events, optionally only those with this purpose."""
    return [e for e in events if e.kind == "roll" and (purpose is None or e.get("purpose") == purpose)]


def pool(events, purpose):
    """How many dice the first roll with this purpose had."""
    return len(rolls(events, purpose)[0].get("dice"))


def legal(state):
    return engine.legal_actions(state)


def strike(state, dice, kind, target=None, zone=None, option=-1):
    """Act, then pass on any block, help or overwatch offered, so the scripted dice roll the attack."""
    dice = dice if isinstance(dice, FixedDice) else FixedDice(dice)
    events = act(state, dice, kind, target=target, zone=zone, option=option)
    while engine.decision_kind(state) in ("block", "help", "overwatch"):
        events += act(state, dice, Kind.DECLINE)
    return events


def melee_duel(red=None, blue=None, zones=("Yard",), rules=None, more=()):
    """Red and Blue engaged in one zone; keyword dicts override the fighters."""
    zone = zones[0] if isinstance(zones[0], str) else zones[0]["name"]
    red_spec = fighter("Red", "red", zone, engaged_with=["Blue"], **(red or {}))
    blue_spec = fighter("Blue", "blue", zone, **({"attributes": TOUGH} | (blue or {})))
    data = scenario_dict(
        zones=list(zones), combatants=[red_spec, blue_spec, *more], rules={**QUIET, **(rules or {})}
    )
    return game(data)


def shooting(red=None, blue=None, zones=("A", "B"), blue_zone=None, rules=None, more=()):
    """Red in the first zone shooting at Blue (last zone unless `blue_zone`)."""
    names = [z if isinstance(z, str) else z["name"] for z in zones]
    red_spec = fighter("Red", "red", names[0], **({"weapons": ["pistol"]} | (red or {})))
    blue_spec = fighter("Blue", "blue", blue_zone or names[-1], **({"attributes": TOUGH} | (blue or {})))
    data = scenario_dict(
        zones=list(zones), combatants=[red_spec, blue_spec, *more], rules={**QUIET, **(rules or {})}
    )
    return game(data)


# --- close combat -----------------------------------------------------------------------------


@pytest.mark.rule("ATK-01", "ACTN-CLOSE-01", "ACT-SLOW-MELEE")
def test_close_attack_needs_an_engaged_target_rolls_melee_and_is_slow():
    grey = fighter("Grey", "blue", "Yard")
    state = turn_of(melee_duel(red={"skills": {"melee": 2}, "weapons": ["sword"]}, more=[grey]), "Red")
    blue, grey_c, red = by_name(state, "Blue"), by_name(state, "Grey"), by_name(state, "Red")
    assert Action(Kind.CLOSE_ATTACK, target=blue.id) in legal(state)
    assert Action(Kind.CLOSE_ATTACK, target=grey_c.id) not in legal(state)  # at Short, not Engaged
    events = strike(state, FixedDice([6, 2, 2, 2, 2, 2, 2]), Kind.CLOSE_ATTACK, target="Blue")
    roll = rolls(events, "close_attack")[0]
    assert roll.get("skill") == "Melee" and len(roll.get("dice")) == 3 + 2 + 2  # STR + Melee + sword
    assert red.slow_used and red.actions_used == 1
    assert not any(a.kind == Kind.CLOSE_ATTACK for a in legal(state))  # one slow action a round


@pytest.mark.rule("ATK-05", "ATK-06", "DICE-08")
def test_a_miss_does_no_damage_and_each_extra_success_adds_one():
    state = turn_of(melee_duel(red={"weapons": ["knife"]}), "Red")
    events = strike(state, FixedDice([2, 3, 4, 5]), Kind.CLOSE_ATTACK, target="Blue")
    assert "miss" in kinds(events) and by_name(state, "Blue").attrs[0] == 5
    state = turn_of(melee_duel(red={"weapons": ["knife"]}), "Red")
    strike(state, FixedDice([6, 6, 6, 6]), Kind.CLOSE_ATTACK, target="Blue")
    assert by_name(state, "Blue").attrs[0] == 5 - (2 + 3)  # knife 2, +1 for each of 3 extra


@pytest.mark.rule("ATK-02", "COVER-01")
def test_cover_gives_nothing_against_close_combat():
    state = turn_of(
        melee_duel(red={"weapons": ["sword"]}, zones=({"name": "Yard", "cover": ["stone_wall"]},)), "Red"
    )
    by_name(state, "Blue").cover = 0
    events = strike(state, FixedDice([6, 6, 2, 2, 2]), Kind.CLOSE_ATTACK, target="Blue")
    assert "cover" not in kinds(events)
    assert by_name(state, "Blue").attrs[0] == 5 - 3


@pytest.mark.rule("RMOD-01", "RMOD-02", "RMOD-03")
@pytest.mark.parametrize(
    ("red_prone", "blue_prone", "blue_broken", "dice"),
    [
        (False, False, False, 6),
        (True, False, False, 4),  # RMOD-01: attacker prone -2
        (False, True, False, 8),  # RMOD-02: target prone +2
        (False, False, True, 9),  # RMOD-03: defenceless +3
        (False, True, True, 9),  # RMOD-03: no further bonus for prone
    ],
)
def test_close_combat_modifiers(red_prone, blue_prone, blue_broken, dice):
    state = turn_of(
        melee_duel(red={"skills": {"melee": 3}, "prone": red_prone}, blue={"prone": blue_prone}), "Red"
    )
    if blue_broken:
        by_name(state, "Blue").attrs[0] = 0
    events = strike(state, FixedDice([2] * 12), Kind.CLOSE_ATTACK, target="Blue")
    assert pool(events, "close_attack") == dice


@pytest.mark.rule("RMOD-03", "SNEAK-04")
def test_an_unaware_target_gives_plus_three_in_close_combat():
    state = turn_of(melee_duel(red={"skills": {"melee": 3}, "hidden": True}), "Red")
    events = strike(state, FixedDice([2] * 12), Kind.CLOSE_ATTACK, target="Blue")
    assert pool(events, "close_attack") == 6 + 3


@pytest.mark.rule("ACTN-CLOSE-02", "ACTN-CLOSE-04")
def test_special_attacks_only_unarmed_and_they_replace_damage():
    state = turn_of(melee_duel(red={"weapons": ["sword"]}), "Red")
    blue = by_name(state, "Blue")
    assert Action(Kind.TRIP, target=blue.id) not in legal(state)  # a sword in hand
    state = turn_of(melee_duel(red={"weapons": ["pistol"]}), "Red")  # a firearm is no close weapon
    assert Action(Kind.TRIP, target=by_name(state, "Blue").id) in legal(state)
    state = turn_of(melee_duel(), "Red")
    blue = by_name(state, "Blue")
    for kind in (Kind.TRIP, Kind.SHOVE, Kind.GRAPPLE):
        assert Action(kind, target=blue.id) in legal(state)
    assert Action(Kind.DISARM, target=blue.id) not in legal(state)  # nothing in Blue's hands
    events = strike(state, FixedDice([6, 6, 6]), Kind.TRIP, target="Blue")
    assert "tripped" in kinds(events) and blue.prone  # ACTN-CLOSE-04
    assert "damage" not in kinds(events) and blue.attrs[0] == 5  # ACTN-CLOSE-02: no damage


@pytest.mark.rule("ACTN-CLOSE-03")
def test_disarm_takes_the_weapon_or_throws_it_away():
    state = turn_of(melee_duel(blue={"weapons": ["knife"]}, zones=("Yard", "Road")), "Red")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    assert Action(Kind.DISARM, target=blue.id, option=1) in legal(state)
    events = strike(state, FixedDice([6, 2, 2]), Kind.DISARM, target="Blue")
    assert blue.held == -1 and not blue.weapons
    assert [w.name for w in red.weapons] == ["knife"] and "damage" not in kinds(events)
    state = turn_of(melee_duel(blue={"weapons": ["knife"]}, zones=("Yard", "Road")), "Red")
    events = strike(state, FixedDice([6, 2, 2]), Kind.DISARM, target="Blue", option=1)
    assert not by_name(state, "Blue").weapons and not by_name(state, "Red").weapons
    assert next(e for e in events if e.kind == "disarmed").get("thrown")


@pytest.mark.rule("ACTN-CLOSE-05")
def test_shove_pushes_the_target_back_to_short_range():
    state = turn_of(melee_duel(), "Red")
    strike(state, FixedDice([6, 2, 2]), Kind.SHOVE, target="Blue")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    assert blue.id not in red.engaged and red.id not in blue.engaged and blue.zone == red.zone


@pytest.mark.rule("ACTN-CLOSE-06", "ACTN-GRAPPLE-02", "ACTN-GRAPPLE-01", "ACT-FAST-GRAPPLE")
def test_grapple_holds_the_victim_and_leaves_the_grappler_only_grapple_attacks():
    state = turn_of(melee_duel(blue={"weapons": ["knife"]}, zones=("Yard", "Road")), "Red")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    events = strike(state, FixedDice([6, 2, 2]), Kind.GRAPPLE, target="Blue")
    assert "grappled" in kinds(events) and "damage" not in kinds(events)
    assert red.prone and blue.prone and blue.held == -1  # ACTN-GRAPPLE-02
    assert red.grappling == blue.id and blue.grappled_by == red.id
    # the grappler's fast action left: only the grapple attack, letting go or ending the turn
    assert {a.kind for a in legal(state)} <= {
        Kind.END_TURN,
        Kind.SWAP_INITIATIVE,
        Kind.LET_GO,
        Kind.GRAPPLE_ATTACK,
    }
    assert Action(Kind.GRAPPLE_ATTACK, target=blue.id) in legal(state)
    act(state, FixedDice([6, 6, 2]), Kind.GRAPPLE_ATTACK, target="Blue")
    assert engine.decision_kind(state) != "block"  # cannot be blocked
    assert by_name(state, "Blue").attrs[0] == 5 - 2  # an unarmed hit: 1 + 1 extra success
    act(state, FixedDice(), Kind.END_TURN)
    state = turn_of(state, "Red")  # a new round: two fast grapple attacks
    act(state, FixedDice([2, 2, 2]), Kind.GRAPPLE_ATTACK, target="Blue")
    assert Action(Kind.GRAPPLE_ATTACK, target=blue.id) in legal(state)
    act(state, FixedDice([2, 2, 2]), Kind.GRAPPLE_ATTACK, target="Blue")
    assert red.actions_used == 2 and not red.slow_used


@pytest.mark.rule("ACTN-GRAPPLE-02", "ACTN-BREAKFREE-01")
def test_a_held_victim_can_only_try_to_break_free():
    state = turn_of(
        melee_duel(blue={"weapons": ["knife"], "skills": {"melee": 1}}, zones=("Yard", "Road")), "Red"
    )
    strike(state, FixedDice([6, 2, 2]), Kind.GRAPPLE, target="Blue")
    state = turn_of(state, "Blue")
    red = by_name(state, "Red")
    assert {a.kind for a in legal(state)} <= {Kind.END_TURN, Kind.SWAP_INITIATIVE, Kind.BREAK_FREE}
    assert Action(Kind.BREAK_FREE, target=red.id) in legal(state)
    # a tie fails: Blue (STR 5 + Melee 1) 1 success, Red (STR 3) 1 success
    events = act(state, FixedDice([6, 2, 2, 2, 2, 2, 6, 2, 2]), Kind.BREAK_FREE, target="Red")
    blue = by_name(state, "Blue")
    assert blue.slow_used and blue.grappled_by == red.id and "broke_free" not in kinds(events)
    assert rolls(events, "oppose")[0].get("skill") == "Melee"


@pytest.mark.rule("ACTN-BREAKFREE-01")
def test_breaking_free_succeeds_when_the_victim_wins_the_opposed_melee_roll():
    state = turn_of(melee_duel(zones=("Yard", "Road")), "Red")
    strike(state, FixedDice([6, 2, 2]), Kind.GRAPPLE, target="Blue")
    state = turn_of(state, "Blue")
    events = act(state, FixedDice([6, 6, 2, 2, 2, 6, 2, 2]), Kind.BREAK_FREE, target="Red")
    assert "broke_free" in kinds(events)
    assert by_name(state, "Blue").grappled_by == -1 and by_name(state, "Red").grappling == -1


@pytest.mark.rule("ACTN-DIVE-01", "RMOD-04")
def test_diving_blow_closes_in_strikes_at_plus_two_and_both_fall_on_a_hit():
    data = scenario_dict(
        zones=["Yard"],
        combatants=[
            fighter("Red", "red", "Yard", skills={"melee": 1}),
            fighter("Blue", "blue", "Yard", attributes=TOUGH),
        ],
        rules=QUIET,
    )
    state = turn_of(game(data), "Red")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    assert Action(Kind.DIVING_BLOW, target=blue.id) in legal(state)
    events = strike(state, FixedDice([6, 6, 2, 2, 2, 2]), Kind.DIVING_BLOW, target="Blue")
    assert pool(events, "diving_blow") == 3 + 1 + 2
    assert blue.id in red.engaged and red.prone and blue.prone
    assert blue.attrs[0] == 5 - 2  # unarmed 1 + 1
    assert red.actions_used == 2  # the whole turn


@pytest.mark.rule("ACTN-DIVE-01")
def test_a_missed_diving_blow_leaves_only_the_attacker_prone():
    data = scenario_dict(
        zones=["Yard"],
        combatants=[fighter("Red", "red", "Yard"), fighter("Blue", "blue", "Yard")],
        rules=QUIET,
    )
    state = turn_of(game(data), "Red")
    events = strike(state, FixedDice([2] * 5), Kind.DIVING_BLOW, target="Blue")
    assert "miss" in kinds(events)
    assert by_name(state, "Red").prone and not by_name(state, "Blue").prone


# --- ranged combat ----------------------------------------------------------------------------


@pytest.mark.rule("ATK-03", "ACTN-SHOOT-01", "ACT-SLOW-SHOOT")
def test_shooting_rolls_marksmanship_plus_weapon_bonus_and_is_slow():
    state = turn_of(shooting(red={"skills": {"marksmanship": 2}}), "Red")
    red = by_name(state, "Red")
    events = act(state, FixedDice([6, 2, 2, 2, 2, 2, 2]), Kind.SHOOT, target="Blue")
    roll = rolls(events, "shoot")[0]
    assert roll.get("skill") == "Marksmanship"
    assert [d[0] for d in roll.get("dice")] == [0, 0, 0, 1, 2, 2]  # 3 AGI, 2 skill -1 (Medium), 2 gear
    assert red.slow_used and not any(a.kind == Kind.SHOOT for a in legal(state))


@pytest.mark.rule("ACT-SLOW-SHOOT", "ACTN-SHOOT-01")
def test_no_shooting_without_a_ranged_weapon():
    state = turn_of(shooting(red={"weapons": ["knife"]}, zones=("A",)), "Red")
    assert not any(a.kind == Kind.SHOOT for a in legal(state))


@pytest.mark.rule("ATK-03", "ATK-WPN-08")
def test_thrown_weapons_roll_mobility_and_leave_the_hand():
    state = turn_of(shooting(red={"weapons": ["rock"], "skills": {"mobility": 1, "marksmanship": 3}}), "Red")
    events = act(state, FixedDice([6, 2, 2, 2, 2]), Kind.SHOOT, target="Blue")
    assert rolls(events, "shoot")[0].get("skill") == "Mobility"
    assert by_name(state, "Red").weapons == [] and by_name(state, "Red").held == -1


@pytest.mark.rule("ATK-03", "ATK-08", "ATK-WPN-07")
def test_a_spear_can_be_thrown_to_short_range_with_mobility():
    state = turn_of(shooting(red={"weapons": ["spear"]}, zones=("A", "B"), blue_zone="A"), "Red")
    blue = by_name(state, "Blue")
    assert Action(Kind.SHOOT, target=blue.id) in legal(state)
    events = act(state, FixedDice([6, 2, 2, 2]), Kind.SHOOT, target="Blue")
    assert rolls(events, "shoot")[0].get("skill") == "Mobility"
    assert blue.attrs[0] == 5 - 2 and not by_name(state, "Red").weapons
    state = turn_of(shooting(red={"weapons": ["spear"]}, zones=("A", "B")), "Red")
    assert not any(a.kind == Kind.SHOOT for a in legal(state))  # Medium is beyond a spear's reach


@pytest.mark.rule("ATK-05", "ATK-06")
def test_a_shot_deals_weapon_damage_plus_extra_successes():
    state = turn_of(shooting(zones=("A",)), "Red")
    act(state, FixedDice([6, 6, 6, 2, 2]), Kind.SHOOT, target="Blue")
    assert by_name(state, "Blue").attrs[0] == 5 - (2 + 2)


@pytest.mark.rule("ATK-07")
def test_the_weapon_bonus_is_gear_dice_and_a_weapon_at_zero_is_broken():
    state = turn_of(shooting(zones=("A",)), "Red")
    red = by_name(state, "Red")
    red.weapons[0].bonus = 1  # worn down by a push
    events = act(state, FixedDice([2] * 6), Kind.SHOOT, target="Blue")
    assert [d[0] for d in rolls(events, "shoot")[0].get("dice")].count(2) == 1
    state = turn_of(shooting(zones=("A",), red={"weapons": ["pistol", "knife"], "drawn": "knife"}), "Red")
    red = by_name(state, "Red")
    red.weapons[0].bonus = -1  # broken (bonus 0)
    assert Action(Kind.DRAW, option=0) not in legal(state)
    red.held = 0
    assert not any(a.kind == Kind.SHOOT for a in legal(state))


@pytest.mark.rule("ATK-07")
def test_a_weapon_broken_in_hand_offers_no_aim_overwatch_or_reload():
    state = turn_of(shooting(red={"weapons": ["rifle"]}, zones=("A", "B")), "Red")
    kinds_before = {a.kind for a in legal(state)}
    assert {Kind.AIM, Kind.OVERWATCH, Kind.SHOOT} <= kinds_before  # the same rifle, whole
    red = by_name(state, "Red")
    red.weapons[0].bonus = -1  # broken in hand by a push (bonus 0)
    offered = {a.kind for a in legal(state)}
    assert not offered & {Kind.AIM, Kind.OVERWATCH, Kind.SHOOT, Kind.RELOAD}
    red.weapons[0].loaded = False  # nor can it be reloaded, slowly or fast
    assert Kind.RELOAD not in {a.kind for a in legal(state)}


@pytest.mark.rule("ATK-08")
def test_a_weapon_reaches_only_its_range_band():
    state = turn_of(shooting(zones=("A", "B", "C")), "Red")  # Long: two zones away
    assert not any(a.kind == Kind.SHOOT for a in legal(state))  # a pistol reaches Medium
    state = turn_of(shooting(red={"weapons": ["rifle"]}, zones=("A", "B", "C")), "Red")
    assert Action(Kind.SHOOT, target=by_name(state, "Blue").id) in legal(state)


@pytest.mark.rule("ATK-04", "ACTN-DRAW-01", "ACT-FAST-DRAW")
def test_drawing_a_weapon_is_a_fast_action_and_firing_a_slow_one():
    state = turn_of(shooting(red={"weapons": ["knife", "pistol"], "drawn": "knife"}, zones=("A",)), "Red")
    red = by_name(state, "Red")
    assert not any(a.kind == Kind.SHOOT for a in legal(state))
    act(state, FixedDice(), Kind.DRAW, option=1)
    assert red.held == 1 and red.actions_used == 1 and not red.slow_used
    assert Action(Kind.SHOOT, target=by_name(state, "Blue").id) in legal(state)  # the slow action is left


@pytest.mark.rule("RMOD-06", "RMOD-07", "RMOD-08", "RMOD-09", "RMOD-10")
@pytest.mark.parametrize(("blue_zone", "engaged", "modifier"), [
    ("A", True, -3), ("A", False, 0), ("B", False, -1), ("D", False, -2), ("F", False, -3),
])  # fmt: skip
def test_ranged_modifiers_by_range_band(blue_zone, engaged, modifier):
    red = {"weapons": ["sniper_rifle"], "skills": {"marksmanship": 3}}
    if engaged:
        red["engaged_with"] = ["Blue"]
    state = turn_of(shooting(red=red, zones=("A", "B", "C", "D", "E", "F"), blue_zone=blue_zone), "Red")
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 3 + modifier


@pytest.mark.rule("RMOD-06", "SNEAK-04")
def test_shooting_an_unaware_or_defenceless_target_at_engaged_gets_plus_three():
    red = {"weapons": ["pistol"], "skills": {"marksmanship": 3}, "engaged_with": ["Blue"], "hidden": True}
    state = turn_of(shooting(red=red, zones=("A",)), "Red")
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 2 + 3  # unaware
    grey = fighter("Grey", "red", "A")
    red["hidden"] = False
    state = turn_of(shooting(red=red, zones=("A",), more=[grey]), "Red")
    blue = by_name(state, "Blue")
    blue.grappled_by = by_name(state, "Grey").id  # held fast: defenceless
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 2 + 3


@pytest.mark.rule("RMOD-11", "RMOD-12")
@pytest.mark.parametrize(("size", "modifier"), [("large", 2), ("normal", 0), ("small", -2)])
def test_target_size_modifies_ranged_attacks(size, modifier):
    state = turn_of(shooting(red={"skills": {"marksmanship": 3}}, blue={"size": size}, zones=("A",)), "Red")
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 2 + modifier


@pytest.mark.rule("RMOD-05", "ACTN-AIM-01", "ACT-FAST-AIM")
def test_aiming_is_a_fast_action_giving_plus_two_on_the_next_shot():
    state = turn_of(shooting(red={"skills": {"marksmanship": 3}}, zones=("A",)), "Red")
    red = by_name(state, "Red")
    act(state, FixedDice(), Kind.AIM)
    assert red.aiming == 2 and not red.slow_used
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 2 + 2
    assert red.aiming == 0  # for the next shot only
    state = turn_of(shooting(red={"weapons": ["knife"]}, zones=("A",)), "Red")
    assert Action(Kind.AIM) not in legal(state)  # ACT-FAST-AIM: needs a ranged weapon


@pytest.mark.rule("ACTN-AIM-02")
def test_aim_is_lost_by_doing_anything_else_or_taking_damage():
    state = turn_of(shooting(red={"weapons": ["pistol", "knife"]}, zones=("A",)), "Red")
    red = by_name(state, "Red")
    act(state, FixedDice(), Kind.AIM)
    act(state, FixedDice(), Kind.DRAW, option=1)
    assert red.aiming == 0
    state = turn_of(shooting(zones=("A",)), "Red")
    red = by_name(state, "Red")
    act(state, FixedDice(), Kind.AIM)
    from yz_gym.rulesets.yze.combat.damage import take_damage

    take_damage(state, red, 1, FixedDice(), [])
    assert red.aiming == 0


@pytest.mark.rule("ACTN-SHOOT-02")
def test_a_scope_aims_as_a_slow_action_for_plus_three_but_not_fire_the_same_round():
    red = {"weapons": ["sniper_rifle"], "skills": {"marksmanship": 3}}
    state = turn_of(shooting(red=red, zones=("A", "B")), "Red")
    act(state, FixedDice(), Kind.AIM, option=1)
    r = by_name(state, "Red")
    assert r.slow_used and r.aiming == 3
    assert not any(a.kind == Kind.SHOOT for a in legal(state))  # not in the same round
    act(state, FixedDice(), Kind.END_TURN)
    state = turn_of(state, "Red")
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 3 - 1 + 3  # Medium -1, scope +3


@pytest.mark.rule("RMOD-15", "ACTN-USEITEM-01", "ACT-FAST-USE")
def test_a_smoke_grenade_hides_targets_for_two_rounds():
    state = turn_of(
        shooting(red={"skills": {"marksmanship": 3}, "items": ["smoke_grenade"]}, zones=("A", "B")), "Red"
    )
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    assert Action(Kind.USE_ITEM, target=blue.id, option=0) in legal(state)
    events = act(state, FixedDice(), Kind.USE_ITEM, target="Blue", option=0)
    assert "smoke" in kinds(events) and red.items == [] and not red.slow_used  # fast, used up
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 2 - 1 - 2  # Medium -1, unseen -2
    act(state, FixedDice(), Kind.END_TURN)
    state = turn_of(state, "Red")  # next round: still smoky
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 2 - 1 - 2
    act(state, FixedDice(), Kind.END_TURN)
    state = turn_of(state, "Red")  # the round after: cleared
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 2 - 1


@pytest.mark.rule("RMOD-15")
def test_shooting_out_of_smoke_is_unseen_too():
    state = turn_of(
        shooting(red={"skills": {"marksmanship": 3}, "items": ["smoke_grenade"]}, zones=("A", "B")), "Red"
    )
    act(state, FixedDice(), Kind.USE_ITEM, target="Red", option=0)
    events = act(state, FixedDice([2] * 12), Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + 3 + 2 - 1 - 2


@pytest.mark.rule("ACTN-USEITEM-01", "ACT-FAST-USE", "EXPL-01", "EXPL-04")
def test_a_frag_grenade_is_a_blast_in_the_targets_zone():
    grey = fighter("Grey", "blue", "B", attributes=TOUGH)
    far = fighter("Far", "blue", "C", attributes=TOUGH)
    state = turn_of(
        shooting(red={"items": ["frag_grenade"]}, zones=("A", "B", "C"), blue_zone="B", more=[grey, far]),
        "Red",
    )
    red = by_name(state, "Red")
    assert not any(
        a.kind == Kind.USE_ITEM and a.target == by_name(state, "Far").id for a in legal(state)
    )  # Long
    # blast power 6: six dice for each of Blue and Grey
    events = act(
        state, FixedDice([6, 6, 2, 2, 2, 2, 6, 2, 2, 2, 2, 2]), Kind.USE_ITEM, target="Blue", option=0
    )
    assert [e.target for e in events if e.kind == "blast"] == [
        by_name(state, "Blue").id,
        by_name(state, "Grey").id,
    ]
    assert by_name(state, "Blue").attrs[0] == 5 - (2 + 1 + 1)  # base 2, +1 success, +1 at the blast point
    assert by_name(state, "Grey").attrs[0] == 5 - 2
    assert by_name(state, "Far").attrs[0] == 5 and red.items == [] and not red.slow_used


@pytest.mark.rule("ACTN-RELOAD-01", "ACT-SLOW-RELOAD")
def test_a_single_shot_firearm_is_reloaded_after_every_shot_as_a_slow_action():
    state = turn_of(shooting(red={"weapons": ["sniper_rifle"]}, zones=("A",)), "Red")
    assert not any(a.kind == Kind.RELOAD for a in legal(state))  # loaded
    act(state, FixedDice([2] * 9), Kind.SHOOT, target="Blue")
    red = by_name(state, "Red")
    assert not red.weapons[0].loaded
    act(state, FixedDice(), Kind.END_TURN)
    state = turn_of(state, "Red")
    assert not any(a.kind == Kind.SHOOT for a in legal(state))
    assert Action(Kind.RELOAD, option=1) in legal(state) and Action(Kind.RELOAD, option=0) not in legal(state)
    act(state, FixedDice(), Kind.RELOAD, option=1)
    assert red.weapons[0].loaded and red.slow_used
    assert not any(a.kind == Kind.SHOOT for a in legal(state))  # the slow action is spent


@pytest.mark.rule("ACTN-RELOAD-02")
def test_readying_a_bow_is_fast_and_anything_but_aim_or_shoot_unreadies_it():
    state = turn_of(shooting(red={"weapons": ["bow", "knife"]}, zones=("A",)), "Red")
    act(state, FixedDice([2] * 5), Kind.SHOOT, target="Blue")
    red = by_name(state, "Red")
    assert not red.weapons[0].loaded
    act(state, FixedDice(), Kind.END_TURN)
    state = turn_of(state, "Red")
    assert Action(Kind.RELOAD, option=0) in legal(state) and Action(Kind.RELOAD, option=1) not in legal(state)
    act(state, FixedDice(), Kind.RELOAD, option=0)
    assert red.weapons[0].loaded and not red.slow_used
    assert Action(Kind.SHOOT, target=by_name(state, "Blue").id) in legal(state)  # ready, then shoot
    act(state, FixedDice(), Kind.DRAW, option=1)  # doing something else
    assert not red.weapons[0].loaded


@pytest.mark.rule("ACTN-RELOAD-03")
def test_a_crossbow_is_carried_cocked_and_cocking_it_is_slow():
    state = turn_of(shooting(red={"weapons": ["crossbow"]}, zones=("A",)), "Red")
    assert Action(Kind.SHOOT, target=by_name(state, "Blue").id) in legal(state)  # cocked from the start
    act(state, FixedDice([2] * 4), Kind.SHOOT, target="Blue")
    act(state, FixedDice(), Kind.END_TURN)
    state = turn_of(state, "Red")
    assert Action(Kind.RELOAD, option=1) in legal(state) and Action(Kind.RELOAD, option=0) not in legal(state)


@pytest.mark.rule("ACTN-PERSUADE-01", "ACT-SLOW-PERSUADE")
def test_persuasion_needs_a_listener_and_is_opposed_by_insight():
    state = turn_of(shooting(red={"skills": {"persuasion": 2}}, zones=("A", "B", "C")), "Red")
    assert not any(a.kind == Kind.PERSUADE for a in legal(state))  # Long: cannot hear
    state = turn_of(shooting(red={"skills": {"persuasion": 2}}, zones=("A", "B")), "Red")
    blue = by_name(state, "Blue")
    assert Action(Kind.PERSUADE, target=blue.id) in legal(state)
    # Red EMP 3 + 2: two successes; Blue EMP 3 Insight: one -> 1 stress (Wits, attribute damage)
    events = act(state, FixedDice([6, 6, 2, 2, 2, 6, 2, 2]), Kind.PERSUADE, target="Blue")
    assert rolls(events, "persuade")[0].get("skill") == "Persuasion"
    assert rolls(events, "oppose")[0].get("skill") == "Insight"
    assert blue.attrs[2] == 3 - 1 and by_name(state, "Red").slow_used


# --- full auto --------------------------------------------------------------------------------


def burst(rules=None, red=None, more=()):
    grey = fighter("Grey", "blue", "B", attributes=TOUGH)
    red_spec = {"weapons": ["submachine_gun"], "skills": {"marksmanship": 1}} | (red or {})
    return turn_of(shooting(red=red_spec, zones=("A", "B"), rules=rules, more=[grey, *more]), "Red")


@pytest.mark.rule("AUTO-01", "AUTO-02")
def test_basic_full_auto_fires_again_on_a_hit_at_a_chosen_target_three_shots_at_most():
    state = burst()
    blue, grey = by_name(state, "Blue"), by_name(state, "Grey")
    assert Action(Kind.SHOOT, target=blue.id, option=1) in legal(state)
    # 3 AGI + 1 skill + 2 gear - 1 (Medium) = 5 dice a shot
    act(state, FixedDice([6, 2, 2, 2, 2]), Kind.SHOOT, target="Blue", option=1)
    assert engine.decision_kind(state) == "full_auto"
    choices = legal(state)
    assert Action(Kind.SHOOT, target=grey.id, option=1) in choices and Action(Kind.DECLINE) in choices
    act(state, FixedDice([6, 2, 2, 2, 2]), Kind.SHOOT, target="Grey", option=1)
    assert grey.attrs[0] == 5 - 2
    events = act(state, FixedDice([6, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2]), Kind.SHOOT, target="Blue", option=1)
    assert blue.attrs[0] == 5 - 4  # two hits
    assert engine.decision_kind(state) == "turn"  # no fourth shot
    supply = next(e for e in events if e.kind == "supply")  # AUTO-02: one supply roll after the burst
    assert supply.get("supply") == 5 and len(supply.get("dice")) == 6


@pytest.mark.rule("AUTO-01")
def test_a_burst_stops_at_a_miss_or_when_the_shooter_declines():
    state = burst()
    events = act(state, FixedDice([2] * 5 + [2] * 6), Kind.SHOOT, target="Blue", option=1)
    assert "supply" in kinds(events) and engine.decision_kind(state) == "turn"
    state = burst()
    act(state, FixedDice([6, 2, 2, 2, 2]), Kind.SHOOT, target="Blue", option=1)
    events = act(state, FixedDice([2] * 6), Kind.DECLINE)
    assert "supply" in kinds(events) and len(rolls(events, "shoot")) == 0


@pytest.mark.rule("AUTO-03")
def test_ammo_dice_up_to_rate_of_fire_and_rounds_left_minus_one():
    state = burst(rules={"full_auto": "ammo_dice"}, red={"weapons": ["pistol"]})
    blue = by_name(state, "Blue")
    options = sorted(a.option for a in legal(state) if a.kind == Kind.SHOOT and a.target == blue.id)
    assert options == [-1, 1, 2]  # a pistol's Rate of Fire is 2
    red = by_name(state, "Red")
    red.weapons[0].rounds = 2
    assert sorted(a.option for a in legal(state) if a.kind == Kind.SHOOT and a.target == blue.id) == [-1, 1]
    red.weapons[0].rounds = 1
    assert sorted(a.option for a in legal(state) if a.kind == Kind.SHOOT and a.target == blue.id) == [-1]


@pytest.mark.rule("AUTO-04", "AUTO-06")
def test_ammo_sixes_do_not_hit_and_the_rounds_used_are_the_faces_plus_one():
    state = burst(rules={"full_auto": "ammo_dice"})
    red = by_name(state, "Red")
    events = act(state, FixedDice([2] * 5 + [6, 6, 3]), Kind.SHOOT, target="Blue", option=3)
    assert "miss" in kinds(events) and by_name(state, "Blue").attrs[0] == 5
    assert red.weapons[0].rounds == 30 - (6 + 6 + 3 + 1)
    assert next(e for e in events if e.kind == "ammo_used").get("rounds") == 16


@pytest.mark.rule("AUTO-06", "ACTN-RELOAD-01")
def test_an_emptied_magazine_must_be_reloaded():
    state = burst(rules={"full_auto": "ammo_dice"})
    red = by_name(state, "Red")
    red.weapons[0].rounds = 6
    events = act(state, FixedDice([2] * 5 + [4, 3]), Kind.SHOOT, target="Blue", option=2)
    assert "out_of_ammo" in kinds(events) and red.weapons[0].rounds == 0 and not red.weapons[0].loaded
    act(state, FixedDice(), Kind.END_TURN)
    state = turn_of(state, "Red")
    act(state, FixedDice(), Kind.RELOAD, option=1)
    assert red.weapons[0].loaded and red.weapons[0].rounds == -1  # a full magazine again


@pytest.mark.rule("AUTO-05")
def test_ammo_sixes_buy_extra_hits_in_the_zone_or_plus_one_damage():
    state = burst(rules={"full_auto": "ammo_dice"})
    blue, grey = by_name(state, "Blue"), by_name(state, "Grey")
    # base dice: one success (a hit for 2); ammo dice: three sixes
    act(state, FixedDice([6, 2, 2, 2, 2, 6, 6, 6]), Kind.SHOOT, target="Blue", option=3)
    assert engine.decision_kind(state) == "ammo"
    choices = legal(state)
    assert Action(Kind.SHOOT, target=grey.id) in choices and Action(Kind.SHOOT, target=blue.id) in choices
    act(state, FixedDice(), Kind.DECLINE)  # +1 on the main hit
    act(state, FixedDice(), Kind.SHOOT, target="Grey")  # an extra hit on Grey at base damage
    events = act(state, FixedDice(), Kind.DECLINE)  # +1 on the latest hit (Grey's)
    assert blue.attrs[0] == 5 - 3 and grey.attrs[0] == 5 - 3
    assert [e.target for e in events if e.kind == "damage"] == [blue.id, grey.id]


@pytest.mark.rule("AUTO-05")
def test_an_extra_hit_on_the_same_target_rolls_armor_on_its_own():
    state = burst(rules={"full_auto": "ammo_dice"}, more=())
    blue = by_name(state, "Blue")
    blue.armor, blue.armor_rating = "leather_jacket", 2
    act(state, FixedDice([6, 2, 2, 2, 2, 6, 2]), Kind.SHOOT, target="Blue", option=2)
    events = act(state, FixedDice([6, 2, 2, 2]), Kind.SHOOT, target="Blue")
    assert kinds(events).count("armor") == 2
    assert blue.attrs[0] == 5 - (1 + 2)  # the first hit loses 1 to armor


# --- armor and cover --------------------------------------------------------------------------


# Cover, prone and Engaged (docs/scenarios.md, "Cover, prone and Engaged"): cover counts only
# against ranged attacks (ATK-02, COVER-01) and not from a shooter Engaged with the target, with
# nothing between them (ATK-01, RMOD-06); closing in or stepping back leaves your cover
# (ACTN-RUN-01, ACTN-DIVE-01, ACTN-RETREAT-01); prone changes close attacks only (RMOD-01/02).


def cover_fight(red_zone="A", **red):
    """Blue (tough) in cover behind a stone wall in A; Red with a pistol; Grey, Red's ally, in B."""
    zones = ({"name": "A", "cover": ["stone_wall"]}, {"name": "B"})
    grey = fighter("Grey", "red", "B", weapons=["pistol"])
    state = shooting(zones=zones, blue_zone="A", red=red or None, more=(grey,))
    if red_zone != "A":
        by_name(state, "Red").zone = 1
    by_name(state, "Blue").cover = 0
    return state


@pytest.mark.rule("ATK-01", "RMOD-06", "COVER-01")
def test_cover_does_not_count_against_a_shot_from_someone_engaged_with_you():
    state = turn_of(cover_fight(engaged_with=["Blue"]), "Red")
    # Agility 3 + pistol 2, Engaged -3: 2 dice; two sixes: 3 damage, no cover roll
    events = strike(state, [6, 6], Kind.SHOOT, target="Blue")
    assert len(rolls(events, "shoot")[0].get("dice")) == 5 - 3
    assert "cover" not in kinds(events)
    assert by_name(state, "Blue").attrs[0] == 5 - 3


@pytest.mark.rule("COVER-01", "COVER-07", "RMOD-08")
def test_cover_still_counts_against_a_shooter_from_afar_while_you_are_engaged():
    state = cover_fight(engaged_with=["Blue"])
    state = turn_of(state, "Grey")
    # Medium -1: 4 dice, two sixes: 3 damage; the stone wall rolls 8 dice
    events = strike(state, [6, 6, 2, 2] + [6] + [2] * 7, Kind.SHOOT, target="Blue")
    assert len(rolls(events, "shoot")[0].get("dice")) == 5 - 1
    cover = next(e for e in events if e.kind == "cover")
    assert len(cover.get("dice")) == 8 and cover.get("rating") == 8
    assert by_name(state, "Blue").attrs[0] == 5 - (3 - 1)


@pytest.mark.rule("ACTN-DIVE-01", "ACTN-RUN-01", "ACTN-COVER-01")
def test_closing_in_leaves_your_cover_and_the_one_you_close_on_keeps_it():
    zones = ({"name": "A", "cover": ["furniture", "stone_wall"]},)
    state = turn_of(melee_duel(zones=zones), "Red")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    red.engaged.clear()
    blue.engaged.clear()
    red.cover, blue.cover = 0, 1
    strike(state, [6, 2, 2, 2, 2], Kind.DIVING_BLOW, target="Blue")
    assert blue.id in red.engaged and red.prone and blue.prone
    assert red.cover == -1 and blue.cover == 1  # the diver left the furniture; Blue lies behind the wall
    state = turn_of(melee_duel(zones=zones), "Red")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    red.engaged.clear()
    blue.engaged.clear()
    red.cover = 0
    act(state, FixedDice(), Kind.ENGAGE, target="Blue")
    assert red.cover == -1


@pytest.mark.rule("ACTN-RETREAT-01", "ACTN-COVER-01")
def test_stepping_back_from_engaged_leaves_your_cover():
    zones = ({"name": "A", "cover": ["furniture"]},)
    state = turn_of(melee_duel(zones=zones), "Red")
    red = by_name(state, "Red")
    red.cover = 0
    strike(state, [6] * 10, Kind.RETREAT, zone="A")
    assert not red.engaged and red.cover == -1


@pytest.mark.rule("RMOD-01", "RMOD-02", "RMOD-08", "COVER-01")
def test_prone_changes_no_ranged_attack_and_keeps_cover():
    state = turn_of(cover_fight(red_zone="B"), "Red")
    blue = by_name(state, "Blue")
    blue.prone = True
    by_name(state, "Red").prone = True
    events = strike(state, [2] * 5, Kind.SHOOT, target="Blue")
    assert len(rolls(events, "shoot")[0].get("dice")) == 5 - 1  # Medium -1 only: prone adds nothing
    assert blue.cover == 0


@pytest.mark.rule("ARMOR-01", "ARMOR-02", "COVER-02")
def test_cover_then_armor_each_success_stops_one_damage():
    blue = {"armor": "kevlar_vest"}
    state = turn_of(shooting(blue=blue, zones=({"name": "A", "cover": ["furniture"]},)), "Red")
    by_name(state, "Blue").cover = 0
    # a 3-success hit: 4 damage; furniture (3 dice) stops 1, kevlar (4 dice) stops 2
    events = act(state, FixedDice([6, 6, 6, 2, 2, 6, 2, 2, 6, 6, 2, 2]), Kind.SHOOT, target="Blue")
    order = [k for k in kinds(events) if k in ("cover", "armor")]
    assert order == ["cover", "armor"]
    assert len(next(e for e in events if e.kind == "armor").get("dice")) == 4
    assert by_name(state, "Blue").attrs[0] == 5 - 1


@pytest.mark.rule("ARMOR-01")
def test_step_armor_rolls_two_dice_of_its_grade():
    data = scenario_dict(
        zones=["A"],
        combatants=[
            fighter(
                "Red", "red", "A", attributes=dict.fromkeys(("strength", "agility", "wits", "empathy"), "C")
            ),
            fighter(
                "Blue",
                "blue",
                "A",
                attributes=dict.fromkeys(("strength", "agility", "wits", "empathy"), "C"),
                armor="kevlar_vest",
            ),
        ],
        rules={**QUIET, "dice_mode": "step", "damage_model": "health_resolve"},
    )
    state = game(data)
    events: list = []
    protect(state, by_name(state, "Blue"), 3, False, FixedDice([(6, 8), (2, 8)]), events)
    assert [d[1] for d in events[0].get("dice")] == [8, 8]  # grade C: two D8


@pytest.mark.rule("ARMOR-03")
def test_the_armor_roll_is_no_action_and_cannot_be_pushed():
    state = turn_of(shooting(blue={"armor": "kevlar_vest"}, zones=("A",), rules={"ask_push": True}), "Red")
    act(state, FixedDice([6, 6, 3, 3, 3]), Kind.SHOOT, target="Blue")
    assert engine.decision_kind(state) == "push" and engine.current_actor(state) == by_name(state, "Red").id
    events = act(state, FixedDice([2, 2, 2, 2]), Kind.DECLINE)
    assert "armor" in kinds(events)
    assert engine.decision_kind(state) == "turn"  # nobody is asked to push the armor roll
    assert by_name(state, "Blue").actions_used == 0


@pytest.mark.rule("ARMOR-04")
def test_armor_never_stops_damage_from_your_own_push():
    red = {"armor": "plate_armor", "skills": {"melee": 2}}
    state = turn_of(melee_duel(red=red, rules={"ask_push": True, "push_cost": "damage_stress"}), "Red")
    strike(state, FixedDice([2, 2, 2, 2, 2]), Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "push"
    events = act(state, FixedDice([1, 1, 2, 2, 2]), Kind.PUSH)  # two banes after the push
    red_c = by_name(state, "Red")
    assert not [e for e in events if e.kind == "armor" and e.target == red_c.id]
    assert red_c.attrs[0] == 3 - 2


@pytest.mark.rule("ARMOR-05")
def test_armor_degrades_by_its_banes_only_when_damage_gets_through():
    state = turn_of(shooting(blue={"armor": "kevlar_vest"}, zones=("A",)), "Red")
    blue = by_name(state, "Blue")
    act(state, FixedDice([6, 6, 2, 2, 2, 6, 6, 1, 1]), Kind.SHOOT, target="Blue")  # 3 damage, 2 stopped
    assert blue.attrs[0] == 5 - 1 and blue.armor_rating == 4 - 2
    state = turn_of(shooting(blue={"armor": "kevlar_vest"}, zones=("A",)), "Red")
    blue = by_name(state, "Blue")
    act(state, FixedDice([6, 6, 2, 2, 2, 6, 6, 6, 1]), Kind.SHOOT, target="Blue")  # all stopped
    assert blue.attrs[0] == 5 and blue.armor_rating == 4


@pytest.mark.rule("ARMOR-05", "COVER-01")
def test_step_armor_and_cover_lose_a_grade_per_bane():
    grades = dict.fromkeys(("strength", "agility", "wits", "empathy"), "C")
    data = scenario_dict(
        zones=[{"name": "A", "cover": ["stone_wall"]}],
        combatants=[fighter("Red", "red", "A", attributes=grades),
                    fighter("Blue", "blue", "A", attributes=grades, armor="plate_armor")],
        rules={**QUIET, "dice_mode": "step", "damage_model": "health_resolve"},
    )  # fmt: skip
    state = game(data)
    blue = by_name(state, "Blue")
    blue.cover = 0
    assert blue.armor_rating == 9 and state.cover_ratings[0] == (12,)  # B and A
    left = protect(state, blue, 5, True, FixedDice([(1, 12), (6, 12), (1, 10), (6, 10)]), [])
    assert left == 3
    assert state.cover_ratings[0] == (9,) and blue.armor_rating == 6  # A -> B, B -> C


@pytest.mark.rule("COVER-01", "ARMOR-05")
def test_cover_stops_ranged_damage_and_degrades_like_armor():
    state = turn_of(shooting(zones=({"name": "A", "cover": ["wooden_wall"]},)), "Red")
    by_name(state, "Blue").cover = 0
    events = act(state, FixedDice([6, 6, 6, 2, 2, 6, 1, 1, 2, 2, 2]), Kind.SHOOT, target="Blue")
    assert len(next(e for e in events if e.kind == "cover").get("dice")) == 6
    assert by_name(state, "Blue").attrs[0] == 5 - 3 and state.cover_ratings[0] == (6 - 2,)


@pytest.mark.rule("COVER-03", "COVER-04", "COVER-05", "COVER-06", "COVER-07")
@pytest.mark.parametrize("step", [False, True])
def test_cover_ratings_of_the_table(step):
    covers = ["furniture", "wooden_door", "tree_trunk", "wooden_wall", "stone_wall"]
    rules = {"dice_mode": "step", "damage_model": "health_resolve"} if step else {}
    attrs = dict.fromkeys(("strength", "agility", "wits", "empathy"), "C" if step else 3)
    data = scenario_dict(
        zones=[{"name": "A", "cover": covers}],
        combatants=[
            fighter("Red", "red", "A", attributes=attrs),
            fighter("Blue", "blue", "A", attributes=attrs),
        ],
        rules=rules,
    )
    state = game(data)
    expected = (3, 6, 6, 9, 12) if step else (3, 4, 5, 6, 8)  # D C C B A / 3 4 5 6 8
    assert state.cover_ratings[0] == expected


@pytest.mark.rule("ARMOR-06")
def test_armor_is_repaired_with_crafting_between_fights():
    state = game(scenario_dict(
        zones=["A"],
        combatants=[fighter("Red", "red", "A", armor="kevlar_vest", skills={"crafting": 2}), fighter("Blue", "blue", "A")],
    ))  # fmt: skip
    red = by_name(state, "Red")
    red.armor_rating = 1
    events = repair_armor(state, red, FixedDice([6, 6, 2, 2, 2]))  # WIT 3 + Crafting 2
    assert rolls(events)[0].get("skill") == "Crafting" and red.armor_rating == 3  # GEAR-03
    events = repair_armor(state, red, FixedDice([6, 6, 6, 2, 2]))
    assert red.armor_rating == 4  # never above the full rating
    red.armor_rating = 2
    repair_armor(state, red, FixedDice([2] * 5))  # GEAR-04: a failure lowers the maximum for good
    assert armor_max(state, red) == 2 and red.armor_rating == 2
    assert repair_armor(state, red, FixedDice([6] * 5)) == [] and red.armor_rating == 2
    red.armor_rating, red.armor_max = 0, 4
    events = repair_armor(state, red, FixedDice([2] * 5))  # GEAR-05: broken armor is destroyed
    assert red.armor is None and "armor_destroyed" in kinds(events)


# --- the weapons table in play (ATK-WPN-01..12) ------------------------------------------------

# The digest's table, written out: key, grip, bonus, damage, range band ("–" bonus = 0).
WEAPON_TABLE = [
    ("ATK-WPN-01", "unarmed", "-", 0, 1, "engaged"),
    ("ATK-WPN-02", "blunt_instrument", "1H", 1, 1, "engaged"),
    ("ATK-WPN-03", "knife", "1H", 1, 2, "engaged"),
    ("ATK-WPN-04", "club", "1H", 2, 1, "engaged"),
    ("ATK-WPN-05", "sword", "1H", 2, 2, "engaged"),
    ("ATK-WPN-06", "battleaxe", "2H", 2, 3, "engaged"),
    ("ATK-WPN-07", "spear", "1H", 1, 2, "short"),
    ("ATK-WPN-08", "rock", "1H", 0, 1, "medium"),
    ("ATK-WPN-09", "sling", "1H", 1, 1, "medium"),
    ("ATK-WPN-10", "bow", "2H", 1, 1, "long"),
    ("ATK-WPN-11", "pistol", "1H", 2, 2, "medium"),
    ("ATK-WPN-12", "rifle", "2H", 2, 2, "long"),
]
BAND_ZONE = {"short": "A", "medium": "B", "long": "D", "extreme": "F"}  # zones A-F in a line
BAND_MOD = {"short": 0, "medium": -1, "long": -2, "extreme": -3}  # RMOD-07..10
NEXT_BAND = {"short": "medium", "medium": "long", "long": "extreme"}


@pytest.mark.rule("ATK-06", "ATK-07", "ATK-08")
@pytest.mark.parametrize(
    ("key", "grip", "bonus", "damage", "band"),
    [pytest.param(*row[1:], marks=pytest.mark.rule(row[0]), id=row[1]) for row in WEAPON_TABLE],
)
def test_each_weapon_of_the_table_rolls_its_bonus_and_deals_its_damage(key, grip, bonus, damage, band):
    from yz_gym.rulesets.yze.tables import WEAPONS

    assert WEAPONS[key].grip == grip  # MOUNT-07 / hand injuries read the grip
    weapons = [] if key == "unarmed" else [key]
    if band == "engaged" or key == "spear":  # close combat: Strength 3 + bonus; two sixes = damage + 1
        state = turn_of(melee_duel(red={"weapons": weapons}), "Red")
        events = strike(state, [6, 6] + [2] * 8, Kind.CLOSE_ATTACK, target="Blue")
        assert pool(events, "close_attack") == 3 + bonus
        assert by_name(state, "Blue").attrs[0] == 5 - (damage + 1)
    if band == "engaged":
        return
    # at the farthest band of its range: Agility 3 + bonus + the band's modifier (RMOD-07..10)
    zones = ("A", "B", "C", "D", "E", "F")
    state = turn_of(shooting(red={"weapons": weapons}, zones=zones, blue_zone=BAND_ZONE[band]), "Red")
    blue = by_name(state, "Blue")
    assert Action(Kind.SHOOT, target=blue.id) in legal(state)
    events = strike(state, [6, 6] + [2] * 8, Kind.SHOOT, target="Blue")
    assert pool(events, "shoot") == 3 + bonus + BAND_MOD[band]
    assert blue.attrs[0] == 5 - (damage + 1)
    # one band further it cannot be used (ATK-08)
    state = turn_of(shooting(red={"weapons": weapons}, zones=zones, blue_zone=BAND_ZONE[NEXT_BAND[band]]), "Red")
    assert not any(a.kind == Kind.SHOOT for a in legal(state))


# --- Broken at Engaged range ------------------------------------------------------------------


@pytest.mark.rule("BROKEN-02", "RANGE-ENGAGED", "RMOD-06", "ACTN-RUN-02")
def test_a_broken_fighter_keeps_its_place_at_engaged_and_shoots_at_minus_three_once_back_up():
    # Broken lets go of holds (BROKEN-02) but nobody moved: the two stay at Engaged range. While
    # Blue is Broken it is no active enemy, so Red may run (ACTN-RUN-02); once Blue is back on its
    # feet, its shot at Red is an Engaged shot: Agility 3 + pistol 2 - 3 = 2 dice (RMOD-06), not 5.
    blue = {"attributes": {**TOUGH, "strength": 1}, "weapons": ["pistol"]}
    rules = {"crit_trigger": "two_successes"}  # no crit to roll
    grey = fighter("Grey", "blue", "B")  # keeps the fight going
    state = turn_of(melee_duel(blue=blue, zones=("A", "B"), rules=rules, more=[grey]), "Red")
    red, blue_c = by_name(state, "Red"), by_name(state, "Blue")
    strike(state, [6, 2, 2], Kind.CLOSE_ATTACK, target="Blue")
    assert blue_c.broken and blue_c.attrs[0] == 0
    assert red.id in blue_c.engaged and blue_c.id in red.engaged
    assert Action(Kind.RUN, zone=1) in legal(state)  # ACTN-RUN-02: no active enemy at Engaged
    blue_c.attrs[0] = 1  # first aid puts Blue back on its feet (HEAL-01)
    assert not any(a.kind == Kind.RUN for a in legal(state))  # ...and it is an active enemy again
    state = turn_of(state, "Blue")
    events = strike(state, [2] * 6, Kind.SHOOT, target="Red")
    assert pool(events, "shoot") == 3 + 2 - 3
