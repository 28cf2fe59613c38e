"""Turns and the action economy: rounds, the two actions, free actions, reactions, help,
bookkeeping, refresh; opposed rolls as the engine uses them; leaving a fight; time units
(TURN-*, ROUND-01, ACT-*, HELP-*, OPP-*, COMBAT-01, MAP-01, TIME-01/02, AMB-30/31)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict, turn_of
from yz_gym.core.clock import TimeUnit
from yz_gym.core.errors import IllegalAction
from yz_gym.rulesets.yze.combat.damage import limit_rounds
from yz_gym.rulesets.yze.state import STR, WIT
from yz_gym.rulesets.yze.zone import engine, initiative
from yz_gym.rulesets.yze.zone.actions import Action, Kind

END = Action(Kind.END_TURN)
DECLINE = Action(Kind.DECLINE)
ZERO = np.random.default_rng(0)


def seq(*rolls: list[int]) -> list[int]:
    """The faces of several rolls in the order they are rolled."""
    return [face for roll in rolls for face in roll]


QUIET = {"ask_push": False, "offer_help": False}


def actor_name(state) -> str:
    return state.combatants[engine.current_actor(state)].name


def legal_kinds(state) -> set[Kind]:
    return {a.kind for a in engine.legal_actions(state)}


def decide(state, kind: Kind, rng=ZERO) -> list:
    """Answer the pending out-of-turn question (help, block, push ...)."""
    return engine.apply(state, Action(kind), rng)


def rolls(events) -> list:
    return [e for e in events if e.kind == "roll"]


def gunfight(**rules) -> dict:
    """Red (card 1, pistol drawn, knife) in zone A; Blue (card 2) in the adjacent zone B."""
    combatants = [
        fighter("Red", "red", "A", weapons=["pistol", "knife"]),
        fighter("Blue", "blue", "B"),
    ]
    return scenario_dict(zones=["A", "B"], combatants=combatants, rules={**QUIET, **rules})


def brawl(*extra: dict, **rules) -> dict:
    """Red (card 1) engaged with Blue (card 2, last unless `extra` come after), bare hands."""
    combatants = [
        fighter("Red", "red", "Yard", engaged_with=["Blue"]),
        fighter("Blue", "blue", "Yard"),
        *extra,
    ]
    return scenario_dict(zones=["Yard"], combatants=combatants, rules={**QUIET, **rules})


# --- turns and rounds ------------------------------------------------------------------------


@pytest.mark.rule("TURN-01", "INIT-04")
def test_a_turn_is_the_point_in_the_order_where_one_acts():
    state = game(
        scenario_dict(
            zones=["A"],
            combatants=[fighter(n, s, "A") for n, s in (("P", "red"), ("Q", "blue"), ("R", "red"))],
        ),
        FixedDice(),
    )
    events = list(state.opening)
    for _ in range(3):
        events += engine.apply(state, END, ZERO)
    turns = [
        (state.combatants[e.actor].name, e.get("card"), e.get("round")) for e in events if e.kind == "turn"
    ]
    assert turns == [("P", 1, 1), ("Q", 2, 1), ("R", 3, 1), ("P", 1, 2)]
    assert actor_name(state) == "P"


@pytest.mark.rule("TURN-02")
def test_next_turn_is_later_this_round_or_next_round():
    state = game(gunfight(), FixedDice())
    red, blue = by_name(state, "Red").id, by_name(state, "Blue").id
    assert initiative.next_turn(state, blue) == (1, 2)
    assert initiative.next_turn(state, red) == (2, 1)  # Red's turn this round has begun
    engine.apply(state, END, ZERO)
    assert initiative.next_turn(state, blue) == (2, 2)


@pytest.mark.rule("TURN-02", "ACTN-OVERWATCH-01")
def test_until_your_next_turn_ends_when_your_number_comes_round_again():
    state = game(gunfight(), FixedDice())
    act(state, ZERO, Kind.OVERWATCH, zone="B")
    red = by_name(state, "Red")
    assert red.overwatch == 1
    engine.apply(state, END, ZERO)  # Red's turn ends
    assert actor_name(state) == "Blue" and red.overwatch == 1
    engine.apply(state, END, ZERO)  # round 2: Red's next turn begins
    assert state.round == 2 and actor_name(state) == "Red"
    assert red.overwatch == -1


@pytest.mark.rule("TURN-03")
def test_last_turn_is_the_most_recent_turn_this_round_or_the_last():
    state = game(gunfight(), FixedDice())
    red, blue = by_name(state, "Red").id, by_name(state, "Blue").id
    assert initiative.last_turn(state, red) == (1, 1)
    assert initiative.last_turn(state, blue) is None  # no turn yet
    engine.apply(state, END, ZERO)
    engine.apply(state, END, ZERO)
    assert state.round == 2
    assert initiative.last_turn(state, blue) == (1, 2)  # the previous round's
    assert initiative.last_turn(state, red) == (2, 1)  # this round's


@pytest.mark.rule("ROUND-01", "TIME-01", "TIME-02", "TIME-06")
def test_time_units_from_rounds_to_weeks():
    # ROUND-01: a round is 5-10 s, so a stretch (TIME-01: 5-10 minutes) is 60 rounds (AMB-01) and a
    # shift (5-10 hours) 60 stretches; TIME-02: a day is four shifts
    state = game(gunfight(), FixedDice())
    assert [limit_rounds(state.options, step) for step in range(4)] == [1, 60, 3600, 14400]
    assert state.options.clock.rounds(TimeUnit.WEEK) == 7 * 14400  # TIME-04/06: a week of 7 days
    # the switches reach the conversion: 30 rounds a stretch, 48 stretches a shift (TRAVEL-23)
    state = game(gunfight(rounds_per_stretch=30, stretches_per_shift=48), FixedDice())
    assert [limit_rounds(state.options, step) for step in range(4)] == [1, 30, 1440, 5760]


@pytest.mark.rule("ROUND-01", "INIT-06")
def test_the_round_counter_advances_once_per_round():
    state = game(gunfight(), FixedDice())
    seen = []
    for _ in range(6):
        seen.append(state.round)
        engine.apply(state, END, ZERO)
    assert seen == [1, 1, 2, 2, 3, 3]


@pytest.mark.rule("MAP-01")
def test_the_fight_is_played_on_the_scenario_map():
    data = scenario_dict(
        zones=["Dock", "Yard", "Roof"],
        combatants=[fighter("Red", "red", "Dock"), fighter("Blue", "blue", "Roof")],
    )
    state = game(data)
    assert [z.name for z in state.zone_map.zones] == ["Dock", "Yard", "Roof"]
    assert state.zone_map.neighbours[1] and 1 in state.zone_map.neighbours[0]
    assert (by_name(state, "Red").zone, by_name(state, "Blue").zone) == (0, 2)


# --- two actions a turn (ACT-01, TURN-09, AMB-30) --------------------------------------------


@pytest.mark.rule("ACT-01", "TURN-09", "AMB-30")
def test_one_slow_and_one_fast_action():
    state = game(gunfight(), FixedDice())
    assert {Kind.SHOOT, Kind.DRAW, Kind.PERSUADE} <= legal_kinds(state)
    act(state, FixedDice([2] * 9), Kind.SHOOT, target="Blue")  # slow
    assert Kind.SHOOT not in legal_kinds(state) and Kind.PERSUADE not in legal_kinds(state)
    assert Kind.DRAW in legal_kinds(state)  # the fast action is left
    act(state, ZERO, Kind.DRAW, option=1)
    assert legal_kinds(state) == {Kind.END_TURN, Kind.DROP_PRONE}  # only a free action remains


@pytest.mark.rule("ACT-01", "TURN-09", "AMB-30")
def test_two_fast_actions_use_up_the_turn():
    state = game(gunfight(), FixedDice())
    act(state, ZERO, Kind.DRAW, option=1)
    act(state, ZERO, Kind.DRAW, option=0)  # the slow slot is spent on a fast action
    red = by_name(state, "Red")
    assert (red.actions_used, red.slow_used) == (2, False)
    assert Kind.SHOOT not in legal_kinds(state)
    assert legal_kinds(state) == {Kind.END_TURN, Kind.DROP_PRONE}


@pytest.mark.rule("ACT-01", "AMB-30")
def test_a_fast_action_then_a_slow_one():
    state = game(gunfight(), FixedDice())
    act(state, ZERO, Kind.AIM)
    assert Kind.SHOOT in legal_kinds(state)
    act(state, FixedDice([2] * 9), Kind.SHOOT, target="Blue")
    assert legal_kinds(state) == {Kind.END_TURN, Kind.DROP_PRONE}


@pytest.mark.rule("ACT-01", "ACT-FREE-01")
def test_the_turn_ends_by_itself_when_nothing_is_left_to_do():
    state = game(gunfight(), FixedDice())
    act(state, ZERO, Kind.DRAW, option=1)
    act(state, ZERO, Kind.DRAW, option=0)
    assert actor_name(state) == "Red"  # dropping prone is still possible
    events = act(state, ZERO, Kind.DROP_PRONE)
    assert kinds(events)[:2] == ["prone", "turn"]
    assert actor_name(state) == "Blue"


@pytest.mark.rule("ACT-02")
def test_actions_are_stated_then_rolled_when_needed():
    state = game(gunfight(), FixedDice())
    events = act(state, ZERO, Kind.DRAW, option=1)
    assert kinds(events)[0] == "action" and not rolls(events)  # no roll needed
    state = game(gunfight(), FixedDice())
    events = act(state, FixedDice([2] * 9), Kind.SHOOT, target="Blue")
    names = kinds(events)
    assert names.index("action") < names.index("roll")
    assert rolls(events)[0].get("skill") == "Marksmanship"


# --- free actions (ACT-FREE, TURN-10, AMB-31) ------------------------------------------------


@pytest.mark.rule("ACT-FREE-01", "TURN-10")
def test_dropping_prone_costs_no_action():
    state = game(gunfight(), FixedDice())
    act(state, ZERO, Kind.DROP_PRONE)
    red = by_name(state, "Red")
    assert red.prone and red.actions_used == 0
    assert initiative.action_track(red) == (0, 0)


@pytest.mark.rule("ACT-FREE-02", "TURN-10")
def test_free_actions_only_on_your_own_turn():
    state = game(brawl(), FixedDice())
    assert Kind.DROP_PRONE in legal_kinds(state)  # Red's turn
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "block" and actor_name(state) == "Blue"
    assert legal_kinds(state) == {Kind.BLOCK, Kind.DECLINE}
    with pytest.raises(IllegalAction):
        engine.apply(state, Action(Kind.DROP_PRONE), ZERO)
    assert not by_name(state, "Blue").prone


@pytest.mark.rule("AMB-31", "ACT-FREE-01")
def test_dropping_prone_at_most_once_per_turn():
    state = game(gunfight(), FixedDice())
    act(state, ZERO, Kind.DROP_PRONE)
    act(state, ZERO, Kind.GET_UP)
    assert Kind.DROP_PRONE not in legal_kinds(state)
    engine.apply(state, END, ZERO)
    engine.apply(state, END, ZERO)
    assert actor_name(state) == "Red" and Kind.DROP_PRONE in legal_kinds(state)  # a new turn
    twice = game(gunfight(free_prone_per_turn=2), FixedDice())
    act(twice, ZERO, Kind.DROP_PRONE)
    act(twice, ZERO, Kind.GET_UP)
    assert Kind.DROP_PRONE in legal_kinds(twice)


# --- reactions and the shared budget (ACT-REACT-01, ACT-BUDGET-01, TURN-11/12) ---------------


@pytest.mark.rule("ACT-REACT-01", "ACTN-BLOCK-01")
def test_a_block_breaks_the_turn_order():
    state = game(brawl(), FixedDice())
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    assert state.combatants[state.order[state.turn_pos]].name == "Red"  # still Red's turn
    assert actor_name(state) == "Blue"  # but Blue decides now
    events = decide(state, Kind.BLOCK, FixedDice([2] * 6))
    assert kinds(events)[0] == "block"
    assert by_name(state, "Blue").actions_used == 1


@pytest.mark.rule("ACT-BUDGET-01", "TURN-11", "ACTN-BLOCK-03", "AMB-30")
def test_blocks_before_your_turn_use_up_your_actions():
    extra = [fighter(f"Red{i}", "red", "Yard", engaged_with=["Blue"]) for i in (2, 3)]
    combatants = [
        *(fighter(n, "red", "Yard", engaged_with=["Blue"]) for n in ("Red",)),
        *extra,
        fighter("Blue", "blue", "Yard"),
    ]
    state = game(scenario_dict(zones=["Yard"], combatants=combatants, rules=QUIET), FixedDice())
    for name in ("Red", "Red2"):
        assert actor_name(state) == name
        act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
        decide(state, Kind.BLOCK, FixedDice([2] * 6))
        engine.apply(state, END, ZERO)
    blue = by_name(state, "Blue")
    assert blue.actions_used == 2
    assert actor_name(state) == "Red3"
    events = act(state, FixedDice([2] * 3), Kind.CLOSE_ATTACK, target="Blue")
    assert "block" not in kinds(events) and engine.decision_kind(state) == "turn"  # none left
    engine.apply(state, END, ZERO)
    assert actor_name(state) == "Blue"
    assert legal_kinds(state) == {Kind.END_TURN, Kind.DROP_PRONE}  # its actions are gone


@pytest.mark.rule("ACT-BUDGET-01", "TURN-11")
def test_one_block_leaves_one_action_for_the_turn():
    state = game(brawl(), FixedDice())
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    decide(state, Kind.BLOCK, FixedDice([2] * 6))
    engine.apply(state, END, ZERO)
    assert actor_name(state) == "Blue"
    assert Kind.CLOSE_ATTACK in legal_kinds(state)  # one action, slow or fast, is left
    act(state, FixedDice([2] * 3), Kind.CLOSE_ATTACK, target="Red")
    assert Kind.CLOSE_ATTACK not in legal_kinds(state) and Kind.RETREAT not in legal_kinds(state)


@pytest.mark.rule("ACT-REFRESH-01", "TURN-12")
def test_actions_refresh_at_the_start_of_each_round():
    state = game(brawl(), FixedDice())
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    decide(state, Kind.BLOCK, FixedDice([2] * 6))
    engine.apply(state, END, ZERO)
    act(state, FixedDice([2] * 3), Kind.CLOSE_ATTACK, target="Red")  # Blue's last action
    decide(state, Kind.DECLINE)  # Red does not block
    engine.apply(state, END, ZERO)
    assert state.round == 2 and actor_name(state) == "Red"
    assert by_name(state, "Blue").actions_used == 0  # before Blue's own turn
    assert not by_name(state, "Blue").slow_used
    assert by_name(state, "Red").actions_used == 0


@pytest.mark.rule("ACT-REFRESH-01", "TURN-12")
def test_unused_actions_are_not_saved_for_the_next_round():
    state = game(gunfight(), FixedDice())
    engine.apply(state, END, ZERO)  # Red saves nothing by doing nothing
    engine.apply(state, END, ZERO)
    act(state, ZERO, Kind.DRAW, option=1)
    act(state, ZERO, Kind.DRAW, option=0)
    assert legal_kinds(state) == {Kind.END_TURN, Kind.DROP_PRONE}


@pytest.mark.rule("ACT-TRACK-01")
def test_the_card_is_turned_per_action_used():
    state = game(gunfight(), FixedDice())
    red = by_name(state, "Red")
    assert (initiative.action_track(red), initiative.card_rotation(red)) == ((0, 0), 0)
    act(state, ZERO, Kind.AIM)
    assert (initiative.action_track(red), initiative.card_rotation(red)) == ((0, 1), -90)
    act(state, FixedDice([2] * 9), Kind.SHOOT, target="Blue")
    assert (initiative.action_track(red), initiative.card_rotation(red)) == ((1, 1), 180)
    engine.apply(state, END, ZERO)
    act(state, ZERO, Kind.DROP_PRONE)  # Blue's turn
    engine.apply(state, END, ZERO)
    assert initiative.action_track(red) == (0, 0)  # a new round
    act(state, FixedDice([2] * 9), Kind.SHOOT, target="Blue")
    assert (initiative.action_track(red), initiative.card_rotation(red)) == ((1, 0), 90)


# --- help (ACT-HELP, HELP-) ------------------------------------------------------------------


def helpers_fight(allies: int, pc: bool = False, **rules) -> dict:
    """Red (card 1) engaged with Blue (last card); `allies` red friends in the yard."""
    combatants = [fighter("Red", "red", "Yard", engaged_with=["Blue"], pc=pc)]
    combatants += [fighter(f"Pal{i}", "red", "Yard", pc=pc) for i in range(1, allies + 1)]
    combatants.append(fighter("Blue", "blue", "Yard"))
    return scenario_dict(zones=["Yard", "Far"], combatants=combatants, rules={"ask_push": False, **rules})


@pytest.mark.rule("ACT-HELP-01", "ACT-HELP-02", "ACT-HELP-03", "HELP-02", "HELP-03")
def test_help_is_declared_out_of_turn_before_the_roll_and_costs_an_action_of_the_same_type():
    state = game(helpers_fight(1), FixedDice())
    events = act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "help" and actor_name(state) == "Pal1"
    assert state.combatants[state.order[state.turn_pos]].name == "Red"  # out of turn
    assert not rolls(events)  # nobody has rolled yet
    events = decide(state, Kind.HELP)
    pal = by_name(state, "Pal1")
    assert (pal.actions_used, pal.slow_used) == (1, True)  # a slow action for a slow one
    events += decide(state, Kind.DECLINE, FixedDice([2] * 4))  # Blue does not block
    assert len(rolls(events)[0].get("dice")) == 3 + 1  # STR 3, +1 for the helper (HELP-01)


@pytest.mark.rule("ACT-HELP-01", "AMB-30")
def test_helping_a_slow_action_needs_an_unused_slow_slot():
    state = game(helpers_fight(1), FixedDice())
    pal = by_name(state, "Pal1")
    pal.spend(True)  # Pal has already used its slow action this round
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "block"  # Pal is not asked to help


@pytest.mark.rule("HELP-01")
def test_at_most_three_helpers_count():
    state = game(helpers_fight(4), FixedDice())
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    asked = []
    while engine.decision_kind(state) == "help":
        asked.append(actor_name(state))
        decide(state, Kind.HELP)
    assert asked == ["Pal1", "Pal2", "Pal3"]
    assert by_name(state, "Pal4").actions_used == 0
    events = decide(state, Kind.DECLINE, FixedDice([2] * 6))
    assert len(rolls(events)[0].get("dice")) == 3 + 3


@pytest.mark.rule("HELP-02")
def test_a_helper_must_be_present():
    data = helpers_fight(2)
    data["combatants"][1]["zone"] = "Far"
    state = game(data, FixedDice())
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    asked = []
    while engine.decision_kind(state) == "help":
        asked.append(actor_name(state))
        decide(state, Kind.DECLINE)
    assert asked == ["Pal2"]


@pytest.mark.rule("HELP-04", "HELP-03")
@pytest.mark.parametrize("pc", [False, True])
def test_npcs_help_each_other_like_player_characters(pc):
    state = game(helpers_fight(1, pc=pc), FixedDice())
    assert by_name(state, "Pal1").pc is pc
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "help"
    decide(state, Kind.HELP)
    events = decide(state, Kind.DECLINE, FixedDice([2] * 4))
    assert len(rolls(events)[0].get("dice")) == 4
    assert by_name(state, "Pal1").slow_used


# --- opposed rolls as the engine uses them (OPP-) --------------------------------------------


@pytest.mark.rule("OPP-01", "ACTN-BLOCK-01")
def test_each_block_success_cancels_one_attack_success():
    state = game(brawl(), FixedDice())
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    events = decide(state, Kind.BLOCK, FixedDice(seq([6, 6, 6], [6, 6, 2])))
    attack, block = rolls(events)
    assert (attack.get("successes"), block.get("successes")) == (3, 2)
    assert by_name(state, "Blue").attrs[STR] == 3 - 1  # one success left: unarmed damage 1


@pytest.mark.rule("OPP-01", "OPP-02")
def test_a_fully_cancelled_attack_misses():
    state = game(brawl(), FixedDice())
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    events = decide(state, Kind.BLOCK, FixedDice(seq([6, 6, 2], [6, 6, 2])))
    assert "miss" in kinds(events)
    assert by_name(state, "Blue").attrs[STR] == 3


def talk(**rules) -> dict:
    return brawl(**{"ask_push": False, **rules})


@pytest.mark.rule("OPP-02", "OPP-05", "ACT-SLOW-PERSUADE")
def test_persuasion_against_insight_a_tie_fails_the_persuader():
    state = game(talk(), FixedDice())
    events = act(state, FixedDice(seq([6, 2, 2], [6, 2, 2])), Kind.PERSUADE, target="Blue")
    assert [(e.get("skill"), e.get("successes")) for e in rolls(events)] == [
        ("Persuasion", 1),
        ("Insight", 1),
    ]
    assert "unpersuaded" in kinds(events)
    assert by_name(state, "Blue").attrs[WIT] == 3


@pytest.mark.rule("OPP-03", "AMB-03")
def test_under_the_reroll_option_a_tie_is_rolled_again():
    state = game(talk(opposed_tie="reroll"), FixedDice())
    faces = seq([6, 2, 2], [6, 2, 2], [6, 6, 2], [6, 2, 2])
    events = act(state, FixedDice(faces), Kind.PERSUADE, target="Blue")
    assert [e.get("purpose") for e in rolls(events)] == ["persuade", "oppose", "tie_break", "oppose"]
    assert "unpersuaded" not in kinds(events)
    assert by_name(state, "Blue").attrs[WIT] == 3 - 1  # one net success of stress


@pytest.mark.rule("OPP-03", "ACTN-BLOCK-01")
def test_a_block_is_not_rerolled_on_a_tie():
    state = game(brawl(opposed_tie="reroll"), FixedDice())
    act(state, ZERO, Kind.CLOSE_ATTACK, target="Blue")
    events = decide(state, Kind.BLOCK, FixedDice(seq([6, 2, 2], [6, 2, 2])))
    assert len(rolls(events)) == 2 and "miss" in kinds(events)


@pytest.mark.rule("OPP-04")
def test_only_the_active_side_pushes_after_seeing_the_opposing_roll():
    state = game(talk(ask_push=True), FixedDice())
    events = act(state, FixedDice(seq([2, 2, 2], [6, 2, 2])), Kind.PERSUADE, target="Blue")
    assert [e.get("skill") for e in rolls(events)] == ["Persuasion", "Insight"]  # both seen
    assert engine.decision_kind(state) == "push" and actor_name(state) == "Red"
    events = engine.apply(state, Action(Kind.PUSH), FixedDice([6, 6, 2]))
    assert kinds(events)[0] == "push"
    assert "unpersuaded" not in kinds(events)  # 2 against 1
    assert engine.decision_kind(state) == "turn"  # Blue was never asked to push


# --- leaving the fight (COMBAT-01) -----------------------------------------------------------


@pytest.mark.rule("COMBAT-01")
def test_fleeing_from_an_exit_zone_is_allowed_and_the_side_that_flees_loses():
    zones = [{"name": "Dock", "exit": True}, "Yard"]
    combatants = [fighter("Red", "red", "Dock"), fighter("Blue", "blue", "Yard")]
    state = game(scenario_dict(zones=zones, combatants=combatants, rules=QUIET), FixedDice())
    assert Kind.FLEE in legal_kinds(state)
    events = act(state, ZERO, Kind.FLEE)
    assert "fled" in kinds(events)
    assert engine.is_over(state)
    assert engine.outcome(state).winner == "blue"


@pytest.mark.rule("COMBAT-01")
def test_no_fleeing_away_from_an_exit_zone():
    zones = [{"name": "Dock", "exit": True}, "Yard"]
    combatants = [fighter("Red", "red", "Yard"), fighter("Blue", "blue", "Dock")]
    state = game(scenario_dict(zones=zones, combatants=combatants, rules=QUIET), FixedDice())
    assert actor_name(state) == "Red" and Kind.FLEE not in legal_kinds(state)
    state = turn_of(state, "Blue")
    assert Kind.FLEE in legal_kinds(state)
