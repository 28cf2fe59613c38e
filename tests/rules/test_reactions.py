"""Reactions out of turn: blocking close attacks and firing from overwatch.

Rules: ACTN-BLOCK-01..03, ACT-FAST-BLOCK, ACTN-OVERWATCH-01..04. The turn order is fixed by
letting chosen combatants pick their initiative cards (INIT-SURPRISE-01) in a given order.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict
from yz_gym.rulesets.yze.combat.damage import take_damage
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind

QUIET = {"ask_push": False, "offer_help": False, "stress_from_events": False}
TOUGH = {"strength": 5, "agility": 3, "wits": 3, "empathy": 3}
FRAIL = {"strength": 1, "agility": 3, "wits": 3, "empathy": 3}


def ordered(specs, zones=("A", "B"), rules=None):
    """A game whose combatants act in the order given (each picks card 1, 2, 3...)."""
    specs = [{**spec, "surprise": True} for spec in specs]
    state = game(scenario_dict(zones=list(zones), combatants=specs, rules={**QUIET, **(rules or {})}))
    for card in range(1, len(specs) + 1):
        engine.apply(state, Action(Kind.CHOOSE_CARD, option=card), np.random.default_rng(0))
    return state


def whose_turn(state):
    return state.combatants[engine.current_actor(state)].name


def rolls(events, purpose=None):
    return [e for e in events if e.kind == "roll" and (purpose is None or e.get("purpose") == purpose)]


# --- blocking ---------------------------------------------------------------------------------


def melee(red_weapon=None, blue_weapon=None, red=None, blue=None):
    red_spec = fighter("Red", "red", "A", skills={"melee": 2}, engaged_with=["Blue"], **(red or {}))
    blue_spec = fighter("Blue", "blue", "A", attributes=TOUGH, skills={"melee": 1}, **(blue or {}))
    if red_weapon:
        red_spec["weapons"] = [red_weapon]
    if blue_weapon:
        blue_spec["weapons"] = [blue_weapon]
    return ordered([red_spec, blue_spec])


@pytest.mark.rule("ACTN-BLOCK-01", "ACT-FAST-BLOCK")
def test_the_target_blocks_before_the_roll_and_each_success_cancels_one():
    state = melee("sword", "sword")
    assert whose_turn(state) == "Red"
    events = act(state, FixedDice(), Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "block" and whose_turn(state) == "Blue"
    assert not rolls(events)  # declared before the attacker rolls
    assert engine.legal_actions(state) == [Action(Kind.BLOCK), Action(Kind.DECLINE)]
    # Red: STR 3 + Melee 2 + sword 2 -> 3 successes; Blue: STR 5 + Melee 1 + sword 2 -> 2 successes
    events = act(state, FixedDice([6, 6, 6, 2, 2, 2, 2, 6, 6, 2, 2, 2, 2, 2, 2]), Kind.BLOCK)
    block = rolls(events, "oppose")[0]
    assert block.get("skill") == "Melee" and len(block.get("dice")) == 8
    blue = by_name(state, "Blue")
    assert "hit" in kinds(events) and blue.attrs[0] == 5 - 2  # one success left: sword damage 2
    assert blue.actions_used == 1 and not blue.slow_used  # a fast action


@pytest.mark.rule("ACTN-BLOCK-01")
def test_extra_block_successes_do_nothing():
    state = melee("sword", "sword")
    act(state, FixedDice(), Kind.CLOSE_ATTACK, target="Blue")
    events = act(state, FixedDice([6, 2, 2, 2, 2, 2, 2, 6, 6, 6, 6, 2, 2, 2, 2]), Kind.BLOCK)
    assert "miss" in kinds(events) and "damage" not in kinds(events)
    assert by_name(state, "Red").attrs[0] == 3 and by_name(state, "Blue").attrs[0] == 5


@pytest.mark.rule("ACTN-BLOCK-02")
@pytest.mark.parametrize(
    ("red_weapon", "blue_weapon", "beast", "can_block"),
    [
        (None, None, False, True),  # bare hands against bare hands
        ("sword", None, False, False),  # bare hands cannot stop a weapon
        ("sword", "knife", False, False),  # a knife is not sturdy
        ("sword", "club", False, True),  # a sturdy weapon can
        (None, None, True, False),  # a beast's attack needs a sturdy weapon
        (None, "club", True, True),
    ],
)
def test_what_can_be_blocked_with_what(red_weapon, blue_weapon, beast, can_block):
    state = melee(red_weapon, blue_weapon, red={"creature": beast})
    act(state, FixedDice(), Kind.CLOSE_ATTACK, target="Blue")
    assert (engine.decision_kind(state) == "block") == can_block


@pytest.mark.rule("ACTN-BLOCK-02")
def test_a_firearm_in_hand_blocks_unarmed_attacks_with_bare_hands():
    state = melee(None, "pistol")
    act(state, FixedDice(), Kind.CLOSE_ATTACK, target="Blue")
    events = act(state, FixedDice([2] * 5 + [2] * 6), Kind.BLOCK)
    assert len(rolls(events, "oppose")[0].get("dice")) == 5 + 1  # no gear dice from the pistol


@pytest.mark.rule("ACTN-BLOCK-03", "ACT-BUDGET-01")
def test_each_block_uses_one_of_the_two_actions_of_the_round():
    attackers = [fighter(n, "red", "A", engaged_with=["Blue"]) for n in ("Red", "Grey", "Pink")]
    blue = fighter("Blue", "blue", "A", attributes=TOUGH)
    state = ordered([*attackers, blue])
    for name, blocks in (("Red", True), ("Grey", True), ("Pink", False)):
        assert whose_turn(state) == name
        act(state, FixedDice(), Kind.CLOSE_ATTACK, target="Blue")
        assert (engine.decision_kind(state) == "block") == blocks
        dice = FixedDice([2] * 12)
        if blocks:
            act(state, dice, Kind.BLOCK)
        act(state, dice, Kind.END_TURN)
    assert whose_turn(state) == "Blue"
    assert {a.kind for a in engine.legal_actions(state)} <= {
        Kind.END_TURN,
        Kind.DROP_PRONE,
        Kind.SWAP_INITIATIVE,
    }


# --- overwatch --------------------------------------------------------------------------------


def watch(red=None, blue=None, more=(), zones=("A", "B")):
    """Blue (zone B, first to act) can watch Red (zone A); then Red, then the others."""
    blue_spec = fighter(
        "Blue", "blue", "B", **({"weapons": ["pistol"], "skills": {"marksmanship": 2}} | (blue or {}))
    )
    red_spec = fighter("Red", "red", "A", weapons=["pistol"], **({"attributes": FRAIL} | (red or {})))
    return ordered([blue_spec, red_spec, *more], zones=zones)


@pytest.mark.rule("ACTN-OVERWATCH-01")
def test_overwatch_needs_a_ranged_weapon_and_no_enemy_at_engaged():
    state = watch(blue={"weapons": ["knife"]})
    assert not any(a.kind == Kind.OVERWATCH for a in engine.legal_actions(state))
    state = watch()
    assert Action(Kind.OVERWATCH, zone=0) in engine.legal_actions(state)
    grey = fighter("Grey", "red", "B", engaged_with=["Blue"])
    state = watch(more=[grey])
    assert not any(a.kind == Kind.OVERWATCH for a in engine.legal_actions(state))


@pytest.mark.rule("ACTN-OVERWATCH-01", "ACTN-OVERWATCH-02")
def test_the_overwatch_shot_resolves_before_the_action_that_set_it_off():
    state = watch()
    act(state, FixedDice(), Kind.OVERWATCH, zone="A")
    blue = by_name(state, "Blue")
    assert blue.overwatch == 0 and blue.actions_used == 1 and not blue.slow_used  # a fast action
    act(state, FixedDice(), Kind.END_TURN)
    assert whose_turn(state) == "Red"
    events = act(state, FixedDice(), Kind.SHOOT, target="Blue")
    assert engine.decision_kind(state) == "overwatch" and whose_turn(state) == "Blue"
    assert not rolls(events)
    # Blue: AGI 3 + 2 - 1 (Medium) + 2 gear; one success: 2 damage Breaks Red (STR 1)
    events = act(state, FixedDice([6, 2, 2, 2, 2, 2]), Kind.OVERWATCH_FIRE, target="Red")
    assert [e.actor for e in rolls(events, "shoot")] == [blue.id]  # Red never fires
    assert "interrupted" in kinds(events) and by_name(state, "Red").broken
    assert blue.slow_used and blue.overwatch == -1  # ACTN-OVERWATCH-02: a slow attack


@pytest.mark.rule("ACTN-OVERWATCH-01")
def test_overwatch_lasts_until_your_next_turn():
    state = watch()
    act(state, FixedDice(), Kind.OVERWATCH, zone="A")
    act(state, FixedDice(), Kind.END_TURN)
    act(state, FixedDice(), Kind.END_TURN)  # Red does nothing
    assert whose_turn(state) == "Blue" and by_name(state, "Blue").overwatch == -1


@pytest.mark.rule("ACTN-OVERWATCH-01")
def test_an_overwatcher_may_fire_at_any_enemy_in_the_watched_zone_when_one_acts():
    grey = fighter("Grey", "red", "A", attributes=FRAIL)
    state = watch(more=[grey])
    act(state, FixedDice(), Kind.OVERWATCH, zone="A")
    act(state, FixedDice(), Kind.END_TURN)
    act(state, FixedDice(), Kind.AIM)  # Red acts in the watched zone
    grey_c = by_name(state, "Grey")
    assert Action(Kind.OVERWATCH_FIRE, target=grey_c.id) in engine.legal_actions(state)
    act(state, FixedDice([6, 2, 2, 2, 2, 2]), Kind.OVERWATCH_FIRE, target="Grey")
    assert grey_c.broken and by_name(state, "Red").aiming == 2  # Red's aim goes ahead


@pytest.mark.rule("ACTN-OVERWATCH-02", "TURN-09")
def test_overwatch_keeps_the_slow_action_unused_so_it_is_the_turns_first_action():
    red = fighter("Red", "red", "A", weapons=["pistol"], attributes=FRAIL)
    blue = fighter("Blue", "blue", "B", weapons=["pistol"], attributes=TOUGH)
    state = ordered([red, blue])
    act(state, FixedDice(), Kind.END_TURN)  # Red
    blue_c = by_name(state, "Blue")
    assert Action(Kind.OVERWATCH, zone=0) in engine.legal_actions(state)  # 0 actions used
    act(state, FixedDice([2] * 6), Kind.SHOOT, target="Red")  # the slow action is spent...
    assert blue_c.actions_used == 1 and blue_c.slow_used
    assert not any(a.kind == Kind.OVERWATCH for a in engine.legal_actions(state))  # ...no overwatch
    state = ordered([red, blue])
    act(state, FixedDice(), Kind.END_TURN)
    act(state, FixedDice(), Kind.AIM)  # a fast action first: aim + overwatch would be two fast ones
    assert not any(a.kind == Kind.OVERWATCH for a in engine.legal_actions(state))
    state = ordered([red, blue], rules={"overwatch_slow": "next_round"})  # the other reading
    act(state, FixedDice(), Kind.END_TURN)
    act(state, FixedDice([2] * 6), Kind.SHOOT, target="Red")
    assert Action(Kind.OVERWATCH, zone=0) in engine.legal_actions(state)


@pytest.mark.rule("ACTN-OVERWATCH-02")
def test_next_round_reading_no_overwatch_fire_once_the_slow_action_of_the_round_is_spent():
    grey = fighter("Grey", "red", "A", attributes=FRAIL)
    red = fighter("Red", "red", "A", weapons=["pistol"], attributes=FRAIL)
    blue = fighter("Blue", "blue", "B", weapons=["pistol"], attributes=TOUGH)
    state = ordered([red, blue, grey], rules={"overwatch_slow": "next_round"})
    act(state, FixedDice(), Kind.END_TURN)  # Red
    act(state, FixedDice([2] * 6), Kind.SHOOT, target="Red")  # Blue spends the slow action...
    act(state, FixedDice(), Kind.OVERWATCH, zone="A")  # ...then goes on overwatch
    assert by_name(state, "Blue").overwatch == 0
    act(state, FixedDice(), Kind.END_TURN)
    assert whose_turn(state) == "Grey"
    act(state, FixedDice(), Kind.RUN, zone="B")
    assert engine.decision_kind(state) == "turn"  # no slow action left this round
    act(state, FixedDice(), Kind.END_TURN)
    assert whose_turn(state) == "Red"  # next round, before Blue's turn: actions are fresh
    act(state, FixedDice(), Kind.AIM)
    assert engine.decision_kind(state) == "overwatch"


@pytest.mark.rule("ACTN-OVERWATCH-03")
@pytest.mark.parametrize("red_first", [True, False])
def test_two_overwatchers_firing_at_each_other_roll_marksmanship_for_who_fires_first(red_first):
    red = fighter("Red", "red", "A", weapons=["pistol"], attributes=FRAIL)
    blue = fighter("Blue", "blue", "B", weapons=["pistol"], attributes=FRAIL)
    grey = fighter("Grey", "red", "A")
    state = ordered([red, blue, grey])
    act(state, FixedDice(), Kind.OVERWATCH, zone="B")  # Red watches Blue
    act(state, FixedDice(), Kind.END_TURN)
    act(state, FixedDice(), Kind.OVERWATCH, zone="A")  # Blue watches Red (Red lets it happen)
    if engine.decision_kind(state) == "overwatch":
        act(state, FixedDice(), Kind.DECLINE)
    act(state, FixedDice(), Kind.END_TURN)
    assert whose_turn(state) == "Grey"
    act(state, FixedDice(), Kind.RUN, zone="B")  # Grey moves: Blue may fire into zone A
    act(state, FixedDice(), Kind.OVERWATCH_FIRE, target="Red")  # Blue fires at Red...
    assert engine.decision_kind(state) == "overwatch" and whose_turn(state) == "Red"
    assert engine.legal_actions(state) == [Action(Kind.OVERWATCH_FIRE, target=by_name(state, "Blue").id),
                                           Action(Kind.DECLINE)]  # fmt: skip
    duel = [2, 2, 2] if red_first else [6, 2, 2]  # Blue's Marksmanship (AGI 3), rolled first
    duel += [6, 2, 2] if red_first else [2, 2, 2]  # Red's (AGI 3)
    shot = [6, 2, 2, 2]  # AGI 3 + pistol 2 - 1 (Medium): the first shot hits for 2, Breaking the other
    events = act(state, FixedDice(duel + shot), Kind.OVERWATCH_FIRE, target="Blue")  # ...and Red fires back
    assert len(rolls(events, "overwatch_duel")) == 2
    first = by_name(state, "Red" if red_first else "Blue")
    second = by_name(state, "Blue" if red_first else "Red")
    assert [e.actor for e in rolls(events, "shoot")] == [first.id]
    assert second.broken and not first.broken and "interrupted" in kinds(events)
    assert first.slow_used and second.slow_used  # the duel roll itself costs nothing more


@pytest.mark.rule("ACTN-OVERWATCH-04")
def test_overwatch_ends_on_doing_anything_else():
    state = watch()
    act(state, FixedDice(), Kind.OVERWATCH, zone="A")
    assert by_name(state, "Blue").overwatch == 0
    act(state, FixedDice(), Kind.AIM)
    assert by_name(state, "Blue").overwatch == -1


@pytest.mark.rule("ACTN-OVERWATCH-04")
def test_overwatch_ends_on_taking_damage_or_being_attacked_in_close_combat():
    state = watch()
    act(state, FixedDice(), Kind.OVERWATCH, zone="A")
    blue = by_name(state, "Blue")
    take_damage(state, blue, 1, FixedDice(), [])
    assert blue.overwatch == -1
    grey = fighter("Grey", "red", "B", engaged_with=[])
    state = watch(more=[grey])
    act(state, FixedDice(), Kind.OVERWATCH, zone="A")
    act(state, FixedDice(), Kind.END_TURN)
    act(state, FixedDice(), Kind.END_TURN)  # Red
    assert whose_turn(state) == "Grey"
    act(state, FixedDice(), Kind.ENGAGE, target="Blue")  # Grey closes in (zone B is not watched)
    events = act(state, FixedDice(), Kind.CLOSE_ATTACK, target="Blue")
    while engine.decision_kind(state) == "block":
        events += act(state, FixedDice([2] * 12), Kind.DECLINE)
    assert "miss" in kinds(events) and by_name(state, "Blue").overwatch == -1


@pytest.mark.rule("ACTN-OVERWATCH-03", "OPP-03")
def test_a_tied_overwatch_duel_is_rolled_again():
    red = fighter("Red", "red", "A", weapons=["pistol"], attributes=FRAIL)
    blue = fighter("Blue", "blue", "B", weapons=["pistol"], attributes=FRAIL)
    state = ordered([red, blue, fighter("Grey", "red", "A")])
    act(state, FixedDice(), Kind.OVERWATCH, zone="B")
    act(state, FixedDice(), Kind.END_TURN)
    act(state, FixedDice(), Kind.OVERWATCH, zone="A")
    while engine.decision_kind(state) == "overwatch":
        act(state, FixedDice(), Kind.DECLINE)
    act(state, FixedDice(), Kind.END_TURN)
    act(state, FixedDice(), Kind.RUN, zone="B")
    act(state, FixedDice(), Kind.OVERWATCH_FIRE, target="Red")
    tie = [6, 2, 2, 6, 2, 2]  # Blue 1, Red 1: roll again
    red_wins = [2, 2, 2, 6, 2, 2]  # Blue 0, Red 1
    events = act(state, FixedDice([*tie, *red_wins, 6, 2, 2, 2]), Kind.OVERWATCH_FIRE, target="Blue")
    assert len(rolls(events, "overwatch_duel")) == 4
    assert [e.actor for e in rolls(events, "shoot")] == [by_name(state, "Red").id]
