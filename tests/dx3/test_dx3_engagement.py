"""Engagements and movement on the line (DX3-ACT-02/03, DX3-ENG-*, HR-ENGAGE-01, HR-MOVE-01/02)."""

from __future__ import annotations

import pytest

from tests.dx3.fights import act, fighter, game, kinds, of, skip_turn
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.engagement import LEFT
from yz_gym.rulesets.dx3.state import Kind


@pytest.mark.rule("DX3-ACT-02", "DX3-ACT-03", "DX3-ARM-02")
def test_combat_move_is_initiative_plus_5_and_full_move_twice_that():
    state = game(fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 50))  # A: 行動値 6
    act(state, Kind.MOVE, target=1)  # toward B: right, as far as it goes
    assert state.fighters[0].pos == 11  # 6 + 5
    act(state, Kind.FULL_MOVE, target=1)
    assert state.fighters[0].pos == 33  # 11 + (6 + 5) x 2
    heavy = game(
        fighter("A", "pcs", 0, pc=True, armor=["full_armor"]),
        fighter("B", "npcs", 50, abilities={"sense": 0, "mind": 0}),
    )
    assert heavy.fighters[0].initiative == 3 and heavy.fighters[0].combat_move == 8  # 行動 -3
    act(heavy, Kind.MOVE, target=1)
    assert heavy.fighters[0].pos == 8


@pytest.mark.rule("DX3-ENG-01", "DX3-ENG-07")
def test_a_move_stops_at_the_first_engagement_it_touches():
    state = game(fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 9), fighter("Ally", "pcs", 5))
    # one action per place reached: heading for the ally or going right end where heading for B does
    assert [a.target for a in engine.legal_actions(state) if a.kind == Kind.MOVE] == [1]
    events = act(state, Kind.MOVE, target=1)
    assert state.fighters[0].pos == 5 and of(events, "move")[0].get("joined") == [2]


@pytest.mark.rule("DX3-ENG-01")
def test_a_move_short_of_an_engagement_ends_on_open_ground():
    state = game(fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 30))
    act(state, Kind.MOVE, target=1)
    assert state.fighters[0].pos == 11 and state.at(11) == [state.fighters[0]]


@pytest.mark.rule("DX3-ENG-02", "DX3-ENG-06")
def test_engaged_with_an_enemy_only_a_full_move_leaves():
    state = game(fighter("A", "pcs", 10, pc=True), fighter("Ally", "pcs", 10), fighter("B", "npcs", 10))
    assert Kind.MOVE not in kinds(state)
    act(state, Kind.SKIP_MINOR)
    assert engine.describe(
        state, next(a for a in engine.legal_actions(state) if a.kind == Kind.FULL_MOVE)
    ).startswith("離脱")
    events = act(state, Kind.FULL_MOVE, option=LEFT)  # not alone: no check
    assert not of(events, "leave_check") and state.fighters[0].pos == 0


@pytest.mark.rule("DX3-ENG-03", "DX3-ENG-04", "DX3-ENG-10")
def test_nobody_leaves_a_blockaded_engagement():
    state = game(
        fighter("A", "pcs", 10, pc=True), fighter("Ally", "pcs", 10), fighter("B", "npcs", 10), blockades=[10]
    )
    act(state, Kind.SKIP_MINOR)
    assert Kind.FULL_MOVE not in kinds(state)
    open_line = game(fighter("A", "pcs", 10, pc=True), fighter("Ally", "pcs", 10), fighter("B", "npcs", 10))
    act(open_line, Kind.SKIP_MINOR)
    assert Kind.FULL_MOVE in kinds(open_line)  # effects_only: no blockade without the scenario


@pytest.mark.rule("DX3-ENG-04")
def test_the_outnumbered_switch_blockades_the_side_with_fewer_there():
    fighters = (fighter("A", "pcs", 10, pc=True), fighter("B", "npcs", 10), fighter("C", "npcs", 10))
    state = game(*fighters, dx3_rules={"blockade": "outnumbered"})
    act(state, Kind.SKIP_MINOR)
    assert Kind.FULL_MOVE not in kinds(state)
    even = game(*fighters[:2], dx3_rules={"blockade": "outnumbered", "lone_leaver_check": False})
    act(even, Kind.SKIP_MINOR)
    assert Kind.FULL_MOVE in kinds(even)  # one against one is not outnumbered


@pytest.mark.rule("HR-ENGAGE-01", "AMB-33", "AMB-32")
def test_a_lone_leaver_must_win_an_opposed_body_check():
    def lone():  # type: ignore[no-untyped-def]
        state = game(
            fighter("A", "pcs", 10, pc=True),  # 肉体 3
            fighter("Weak", "npcs", 10, abilities={"body": 1}),
            fighter("Strong", "npcs", 10, abilities={"body": 2}),  # the rival: the highest 肉体
        )
        act(state, Kind.SKIP_MINOR)
        return state

    state = lone()
    events = act(state, Kind.FULL_MOVE, option=LEFT, dice=(7, 3, 2, 6, 7))  # A 7 against Strong 7
    check = of(events, "leave_check")[0]
    assert check.target == 2 and (check.get("achievement"), check.get("rival")) == (7, 7)
    assert not check.get("won") and state.fighters[0].pos == 10  # a tie goes to the rival; A stays
    assert state.fighters[0].acted and not of(events, "full_move")  # the major action is spent
    state = lone()
    events = act(state, Kind.FULL_MOVE, option=LEFT, dice=(8, 3, 2, 6, 7))
    assert of(events, "leave_check")[0].get("won") and state.fighters[0].pos == 0


@pytest.mark.rule("HR-ENGAGE-01")
def test_without_the_house_rule_a_lone_leaver_goes_freely():
    state = game(
        fighter("A", "pcs", 10, pc=True), fighter("B", "npcs", 10), dx3_rules={"lone_leaver_check": False}
    )
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.FULL_MOVE, option=LEFT)
    assert not of(events, "leave_check") and state.fighters[0].pos == 0


@pytest.mark.rule("HR-MOVE-01", "HR-MOVE-02", "AMB-34")
def test_full_moves_in_a_row_are_capped_then_forbidden_and_a_round_without_resets():
    state = game(fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 50))
    runner = state.fighters[0]

    def full_move_then_pass():  # type: ignore[no-untyped-def]
        act(state, Kind.SKIP_MINOR)
        act(state, Kind.FULL_MOVE, target=1)
        skip_turn(state)

    full_move_then_pass()
    assert runner.pos == 22  # (6 + 5) x 2
    full_move_then_pass()
    assert runner.pos == 33  # the second round in a row: 1x 戦闘移動 = 11
    act(state, Kind.SKIP_MINOR)
    assert Kind.FULL_MOVE not in kinds(state)  # a third round in a row is not allowed
    act(state, Kind.SKIP_MAJOR)
    skip_turn(state)
    full_move_then_pass()
    assert runner.pos == 50  # reset: a full 22 m again (a capped 11 m would stop at 44), reaching B at 50 m
    core = game(
        fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 50), dx3_rules={"full_move_streak": "core"}
    )
    for _ in range(2):
        act(core, Kind.SKIP_MINOR)
        act(core, Kind.FULL_MOVE, option=LEFT) if core.fighters[0].pos else act(
            core, Kind.FULL_MOVE, target=1
        )
        skip_turn(core)
    assert core.fighters[0].pos == 0  # 22 m out and 22 m back: no cap
