"""Titus sublimated on every check a PC makes, through the one sublimation decision (checks.pause,
sublimation.py): the lone leaver's 【肉体】, hiding, slipping past, searching, both checks of a vehicle
dodge, a gimmick's dodge and the recovery from a bad status, with scripted dice (DX3-TITUS-02..05)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.d10 import FixedD10
from tests.dx3.fights import act, fighter, game, of, scenario_data
from tests.dx3.test_dx3_vehicles import driver as van_driver
from tests.dx3.test_dx3_vehicles import passenger, raider, to_raider_attack, van
from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import CheckFor, Dx3Action, Dx3State, Kind, Phase
from yz_gym.scenario.loading import load

BEFORE = [Dx3Action(Kind.TITUS_DICE), Dx3Action(Kind.TITUS_CRIT), Dx3Action(Kind.DECLINE)]
AFTER = [Dx3Action(Kind.TITUS_RESULT), Dx3Action(Kind.DECLINE)]


def choose(state: Dx3State, kind: Kind, *faces: int) -> list[Event]:
    """The sublimation choice of `kind`, with scripted D10 faces, every one rolled."""
    return act(state, kind, dice=faces)


def hero(position: int = 10, **kw: Any) -> dict[str, Any]:
    """A PC that acts first (【感覚】 5: 行動値 12): 【肉体】 3, 〈知覚〉 1, 侵蝕率 60 (+1 die), 2 Lois."""
    base = {"pc": True, "abilities": {"sense": 5}, "skills": {"知覚": 1}, "encroachment": 60, "lois": 2}
    return fighter("Hero", "pcs", position, **{**base, **kw})


@pytest.mark.rule("HR-ENGAGE-01", "DX3-TITUS-03A", "DX3-TITUS-03C", "DX3-TITUS-02")
def test_the_lone_leaver_sublimates_on_its_opposed_body_check_before_and_after_the_roll() -> None:
    state = game(hero(), fighter("Brute", "npcs", 10))
    act(state, Kind.SKIP_MINOR)
    assert act(state, Kind.FULL_MOVE, option=0) == []  # 離脱 declared: nothing rolled yet
    assert state.sublimation is not None and state.sublimation.purpose == CheckFor.LEAVE
    assert engine.legal_actions(state) == BEFORE and engine.current_actor(state) == 0
    assert of(choose(state, Kind.TITUS_DICE), "titus")[0].data == {"use": "dice", "titus": 0, "lois": 1}
    events = choose(state, Kind.DECLINE, 7, *(1,) * 13)  # 【肉体】 3 + 1 at 60% + 10: 14 dice, 達成値 7
    assert not of(events, "leave_check")
    assert engine.legal_actions(state) == AFTER  # the rival has not rolled: +1D10 may still help
    events = choose(state, Kind.TITUS_RESULT, 3, 9, 1, 1)  # 7 + 3 = 10; the last Lois; Brute: 3 dice, 9
    [check] = of(events, "leave_check")
    assert (check.get("achievement"), check.get("rival"), check.get("won")) == (10, 9, True)
    assert len(check.get("faces")[0]) == 14 and state.fighters[0].pos != 10 and of(events, "full_move")
    assert state.sublimation is None and engine.current_actor(state) == 1  # the main process ended


@pytest.mark.rule("HR-ENGAGE-01", "AMB-33")
def test_a_lone_leaver_that_keeps_a_losing_check_stays_engaged() -> None:
    state = game(hero(), fighter("Brute", "npcs", 10))
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.FULL_MOVE, option=0)
    choose(state, Kind.DECLINE, 2, 1, 1, 1)  # 4 dice: 2
    events = choose(state, Kind.DECLINE, 5, 1, 1)  # kept; Brute 5 wins
    assert of(events, "leave_check")[0].get("won") is False and state.fighters[0].pos == 10
    assert state.fighters[0].char.lois == 2


@pytest.mark.rule("HR-STEALTH-01", "DX3-TITUS-03B", "DX3-DICE-14")
def test_hiding_with_titus_for_the_crit_goes_down_to_two_and_no_lower() -> None:
    state = game(hero(0, lois=7), fighter("G", "npcs", 30), stealth_difficulty=30)
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.HIDE)
    assert state.sublimation is not None and state.sublimation.difficulty == 30
    for _ in range(6):
        choose(state, Kind.TITUS_CRIT)
    # the 7th and last Lois: C値 10 - 7 = 3, rolled at once as no choice is left (6 dice: 【感覚】 5 + 1)
    events = choose(state, Kind.TITUS_CRIT, 3, 3, 1, 1, 1, 1, 3, 2, 4, 1)
    assert state.fighters[0].char.lois == 0
    [hide] = of(events, "hide")
    assert hide.get("faces") == [[3, 3, 1, 1, 1, 1], [3, 2], [4], [1]] and hide.get("achievement") == 30 + 1 + 1
    assert hide.get("hidden") and state.fighters[0].hidden.hidden


@pytest.mark.rule("DX3-TITUS-03B", "DX3-DICE-14")
def test_the_titus_crit_floor_is_two() -> None:
    state = game(hero(0, lois=7, titus=2), fighter("G", "npcs", 30), stealth_difficulty=99)
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.HIDE)
    for _ in range(8):
        choose(state, Kind.TITUS_CRIT)  # 10 - 8 = 2
    # the ninth and last Titus is spent, the C値 stays at 2: rolled at once
    events = choose(state, Kind.TITUS_CRIT, 2, 1, 1, 1, 1, 1, 1)
    assert (state.fighters[0].char.lois, state.fighters[0].char.titus) == (0, 0)
    assert of(events, "hide")[0].get("faces") == [[2, 1, 1, 1, 1, 1], [1]]  # a 2 re-rolls, a 1 does not


@pytest.mark.rule("HR-STEALTH-04", "DX3-TITUS-03C")
def test_a_stealth_move_among_enemies_takes_a_titus_after_the_sneakers_roll() -> None:
    state = game(hero(0, hidden=True), fighter("G", "npcs", 10))
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.STEALTH_MOVE, target=1)
    assert of(events, "stealth_move") and state.fighters[0].pos == 10
    assert state.sublimation is not None and state.sublimation.purpose == CheckFor.SLIP
    choose(state, Kind.DECLINE, 4, 1, 1, 1, 1, 1)  # 6 dice: 4 + 〈知覚〉 1 = 5
    assert engine.legal_actions(state) == AFTER
    events = choose(state, Kind.TITUS_RESULT, 6)  # 11; one Lois left, and +1D10 may still help
    choose(state, Kind.DECLINE, 9, 1)  # G's 〈知覚〉: 2 dice, 9 < 11
    assert state.fighters[0].hidden.hidden and of(events, "titus_raise")[0].get("achievement") == 11


@pytest.mark.rule("DX3-HID-06", "DX3-TITUS-03A")
def test_a_search_takes_ten_more_dice_from_a_titus() -> None:
    state = game(hero(0), fighter("G", "npcs", 30, hidden=True))
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.SEARCH, target=1)
    assert state.sublimation is not None and state.sublimation.subject == 1
    choose(state, Kind.TITUS_DICE)
    choose(state, Kind.DECLINE, 8, *(1,) * 15)  # 16 dice: 8 + 1 = 9
    events = choose(state, Kind.DECLINE, 5, 1)  # G: 5 < 9, found
    [search] = of(events, "search")
    assert len(search.get("faces")[0]) == 16 and search.get("found") and not state.fighters[1].hidden.hidden


@pytest.mark.rule("HR-VEH-DODGE-02", "HR-VEH-DODGE-03", "DX3-TITUS-03C", "DX3-TITUS-05")
def test_the_passenger_raises_its_perception_above_the_hit_and_the_driver_swerves_with_two_more_dice() -> None:
    state = game(van_driver(lois=1), passenger(lois=1), raider(), vehicles=[van()])
    to_raider_attack(state)
    act(state, Kind.ATTACK, target=1, option=0, dice=(8, 1, 1))  # 達成値 9
    act(state, Kind.VEHICLE_DODGE)
    s = state.sublimation
    assert s is not None and (s.purpose, s.roller, s.subject) == (CheckFor.SPOT, 1, 1)
    choose(state, Kind.DECLINE, 7, 1)  # P's 〈知覚〉: 【感覚】 2 dice + 1 = 8, below the hit 9
    assert engine.legal_actions(state) == AFTER and engine.current_actor(state) == 1
    choose(state, Kind.TITUS_RESULT, 2)  # 10 > 9: the driver gets +2 dice and C値 -1
    s = state.sublimation
    assert s is not None and (s.purpose, s.roller) == (CheckFor.DRIVE, 0)
    assert s.check is not None and (s.check.dice, s.check.crit) == (3 + 2, 9)
    choose(state, Kind.DECLINE, 6, 1, 1, 1, 1)  # D: 6 + 〈運転〉 2 = 8 < 9, losing
    assert engine.legal_actions(state) == AFTER and engine.current_actor(state) == 0
    events = choose(state, Kind.TITUS_RESULT, 2)  # 10 > 9: dodged
    [swerve] = of(events, "vehicle_dodge")
    assert (swerve.get("perception"), swerve.get("dice"), swerve.get("achievement")) == (10, 5, 10)
    assert swerve.get("dodged") and of(events, "missed") and state.phase != Phase.SUBLIMATE


@pytest.mark.rule("HR-GIMMICK-02", "DX3-TITUS-03A", "DX3-TITUS-05")
def test_a_pc_sublimates_on_its_dodge_against_a_gimmick_in_the_setup_process() -> None:
    data = scenario_data(
        hero(lois=1, skills={"回避": 1}), fighter("Foe", "npcs", 10, abilities={"sense": 1}),
        gimmicks=[{"name": "ceiling", "round": 1, "positions": [10], "difficulty": 12, "bonus": 3}],
    )  # fmt: skip
    state = engine.new_game(load(data).scenario, FixedD10())  # type: ignore[arg-type]
    assert state.phase == Phase.SUBLIMATE and state.sublimation is not None
    assert state.sublimation.purpose == CheckFor.GIMMICK and of(state.opening, "gimmick")
    # the only Lois spent: rolled at once, 14 dice: 9 + 〈回避〉 1 = 10 < 12; the damage 4 + 5 + 3;
    # then Foe dodges (3 dice: 2) and takes the same roll; then the first main process
    events = choose(state, Kind.TITUS_DICE, 9, *(1,) * 13, 4, 5, 2, 1, 1)
    dodges = of(events, "gimmick_dodge")
    assert [(e.actor, e.get("achievement"), e.get("avoided")) for e in dodges] == [(0, 10, False), (1, 2, False)]
    assert len(dodges[0].get("faces")[0]) == 14
    assert [(e.target, e.get("total")) for e in of(events, "gimmick_damage")] == [(0, 12), (1, 12)]
    assert of(events, "initiative") and engine.decision_kind(state) == "minor" and state.strike is None


@pytest.mark.rule("HR-STATUS-01", "DX3-TITUS-03C", "AMB-37")
def test_a_failed_recovery_check_is_raised_by_one_d10_to_difficulty_nine() -> None:
    state = game(hero(), fighter("Foe", "npcs", 30))
    state.fighters[0].statuses.add("pressure")
    act(state, Kind.RECOVER, option=1)
    assert state.sublimation is not None and state.sublimation.difficulty == 9
    choose(state, Kind.DECLINE, 6, 1, 1)  # 【精神】 2 + 1 at 60%: 6 < 9
    assert engine.legal_actions(state) == AFTER
    events = choose(state, Kind.TITUS_RESULT, 2)  # 8 < 9: still short, the second Lois is offered
    assert engine.legal_actions(state) == AFTER and not of(events, "recover")
    events = choose(state, Kind.TITUS_RESULT, 1)  # 9: recovered
    [recover] = of(events, "recover")
    assert recover.get("achievement") == 9 and recover.get("recovered") and not state.fighters[0].statuses
    assert engine.decision_kind(state) == "major" and state.fighters[0].char.lois == 0


@pytest.mark.rule("DX3-TITUS-03C")
def test_no_titus_is_offered_after_a_check_that_already_reaches_its_difficulty() -> None:
    state = game(hero(), fighter("Foe", "npcs", 30))
    state.fighters[0].statuses.add("pressure")
    act(state, Kind.RECOVER, option=1)
    events = choose(state, Kind.DECLINE, 9, 1, 1)
    assert of(events, "recover")[0].get("recovered") and engine.decision_kind(state) == "major"
    assert state.fighters[0].char.lois == 2


def test_an_npc_or_a_pc_without_lois_rolls_its_checks_at_once() -> None:
    state = game(hero(lois=0), fighter("Brute", "npcs", 10))
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.FULL_MOVE, option=0, dice=(9, 1, 1, 1, 2, 1, 1))
    assert of(events, "leave_check")[0].get("won") and state.sublimation is None


@pytest.mark.rule("HR-ENGAGE-01", "DX3-TITUS-03C", "DX3-TITUS-05")
def test_a_pc_rival_raises_its_body_check_against_a_lone_leaver_after_seeing_it() -> None:
    state = game(hero(lois=1, abilities={"sense": 1}), fighter("Runner", "npcs", 10, abilities={"sense": 5}))
    act(state, Kind.SKIP_MINOR)  # the NPC acts first
    assert act(state, Kind.FULL_MOVE, option=1, dice=(8, 1, 1)) == []  # Runner: 3 dice, 8
    s = state.sublimation
    assert s is not None and (s.purpose, s.roller, s.subject) == (CheckFor.HOLD, 0, 1)
    assert s.earlier is not None and s.earlier.achievement == 8 and engine.current_actor(state) == 0
    choose(state, Kind.DECLINE, 5, 1, 1, 1)  # the Hero: 4 dice, 5 < 8: the runner wins so far
    assert engine.legal_actions(state) == AFTER
    events = choose(state, Kind.TITUS_RESULT, 3)  # 8: a tie goes to the reacting Hero
    [check] = of(events, "leave_check")
    assert (check.get("achievement"), check.get("rival"), check.get("won")) == (8, 8, False)
    assert state.fighters[1].pos == 10 and engine.current_actor(state) == 0  # stayed; the Hero's turn


@pytest.mark.rule("DX3-HID-06", "DX3-TITUS-03A")
def test_a_hidden_pc_sublimates_on_its_perception_against_a_search() -> None:
    state = game(hero(30, lois=1, abilities={"sense": 1}, hidden=True), fighter("G", "npcs", 0, abilities={"sense": 5}))
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.SEARCH, target=0, dice=(7, 1, 1, 1, 1))  # G: 5 dice, 7
    s = state.sublimation
    assert s is not None and (s.purpose, s.roller) == (CheckFor.LURK, 0)
    events = choose(state, Kind.TITUS_DICE, 8, *(1,) * 11)  # the last Lois: 【感覚】 1 + 1 + 10 = 12 dice, 8 + 1
    assert of(events, "search")[0].get("found") is False and state.fighters[0].hidden.hidden


def test_every_check_has_a_name_in_the_menu() -> None:
    from yz_gym.rulesets.dx3.sublimation import CHECK_NAMES

    assert len(CHECK_NAMES) == len(CheckFor)
    state = game(hero(), fighter("Brute", "npcs", 10))
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.FULL_MOVE, option=0)
    assert [engine.describe(state, a) for a in engine.legal_actions(state)] == [
        "sublimate a Titus for +10 dice on the 離脱 check (【肉体】)",
        "sublimate a Titus for C値 -1 on the 離脱 check (【肉体】)",
        "roll the check",
    ]
