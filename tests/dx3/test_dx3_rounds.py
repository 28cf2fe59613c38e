"""The DX3 round: initiative before each main process, PC-first ties, 待機, minor then major,
cleanup, minor-only event rounds and the round cap (DX3-ACT-*, DX3-ROUND-*, HR-EVENT-01)."""

from __future__ import annotations

import pytest

from tests.dx3.fights import act, fighter, game, kinds, of, skip_turn
from yz_gym.core.ending import Termination
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Kind, Phase


def actors(events):  # type: ignore[no-untyped-def]
    return [e.actor for e in of(events, "initiative")]


@pytest.mark.rule("DX3-ACT-01", "DX3-ACT-04", "DX3-ACT-05", "DX3-ROUND-02", "DX3-ROUND-05")
def test_initiative_goes_highest_first_and_a_pc_wins_a_tie():
    state = game(
        fighter("Enemy8", "npcs", 10, abilities={"sense": 3, "mind": 2}),  # 行動値 3x2+2 = 8
        fighter("Hero8", "pcs", 0, pc=True, abilities={"sense": 3, "mind": 2}),  # 8, a PC: before Enemy8
        fighter("Fast10", "npcs", 10, abilities={"sense": 4, "mind": 2}),  # 10
        fighter("Sense", "npcs", 10, abilities={"sense": 2, "mind": 4}),  # 8, 感覚 2 < 3: after Enemy8
    )
    seen = actors(state.opening)
    for _ in range(3):
        seen += actors(skip_turn(state))
    assert [state.fighters[i].name for i in seen] == ["Fast10", "Hero8", "Enemy8", "Sense"]
    assert [state.fighters[i].initiative for i in seen] == [10, 8, 8, 8]


@pytest.mark.rule("DX3-ROUND-06", "DX3-ARM-02")
def test_initiative_is_read_again_before_each_main_process():
    state = game(
        fighter("A", "pcs", 0, pc=True),
        fighter("B", "npcs", 10),
        fighter("C", "npcs", 10, abilities={"mind": 1}),
    )
    assert state.actor == 0  # A 6 (PC first), B 6, C 5
    state.fighters[2].mods["initiative"] = 2  # C's 行動値 rises to 7 before the next initiative process
    events = skip_turn(state)
    assert actors(events) == [2]


@pytest.mark.rule("DX3-ACT-08", "DX3-ROUND-04")
def test_waiting_fighters_act_after_everyone_lowest_first():
    state = game(
        fighter("A", "pcs", 0, pc=True, abilities={"sense": 4}),  # 10
        fighter("B", "npcs", 10, abilities={"sense": 3}),  # 8
        fighter("C", "npcs", 10),  # 6
    )
    assert state.actor == 0
    events = act(state, Kind.WAIT)
    assert of(events, "wait")[0].actor == 0 and actors(events) == [1]
    assert Kind.WAIT in kinds(state)
    events = act(state, Kind.WAIT)  # B waits too
    assert actors(events) == [2]
    events = skip_turn(state)
    assert actors(events) == [1]  # the waiting ones: B (8) before A (10)
    assert Kind.WAIT not in kinds(state)  # a waiting fighter does not wait again
    assert state.fighters[0].waiting and not state.fighters[0].acted
    events = skip_turn(state)
    assert actors(events) == [0] and of(events, "initiative")[0].get("waited")


@pytest.mark.rule("DX3-ACT-06", "DX3-ACT-09", "DX3-ACT-10", "DX3-ROUND-03")
def test_a_main_process_is_a_minor_action_then_a_major_action():
    state = game(fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 10))
    assert engine.decision_kind(state) == "minor"
    assert kinds(state) == {Kind.WAIT, Kind.SKIP_MINOR, Kind.MOVE}
    act(state, Kind.MOVE, target=1)
    assert engine.decision_kind(state) == "major" and state.actor == 0
    assert kinds(state) == {Kind.ATTACK, Kind.FULL_MOVE, Kind.SKIP_MAJOR}
    act(state, Kind.SKIP_MAJOR)
    assert state.fighters[0].acted and state.actor == 1


@pytest.mark.rule("DX3-ROUND-07", "DX3-ROUND-01")
def test_the_cleanup_process_makes_everyone_unacted_for_the_next_round():
    state = game(fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 10))
    skip_turn(state)
    events = skip_turn(state)
    assert [e.kind for e in events][-3:] == ["cleanup", "round", "initiative"]
    assert state.round == 2 and not any(f.acted for f in state.fighters)


@pytest.mark.rule("HR-EVENT-01", "AMB-38")
def test_a_minor_only_round_skips_every_major_action():
    state = game(fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 10), minor_only_rounds=[1])
    events = act(state, Kind.SKIP_MINOR)
    assert actors(events) == [1] and state.fighters[0].acted
    assert of(state.opening, "round")[0].get("minor_only")
    act(state, Kind.SKIP_MINOR)
    assert state.round == 2 and not state.minor_only
    act(state, Kind.SKIP_MINOR)
    assert engine.decision_kind(state) == "major"


def test_the_round_cap_ends_the_fight_without_a_winner():
    state = game(fighter("A", "pcs", 0, pc=True), fighter("B", "npcs", 10), max_rounds=2)
    for _ in range(4):
        skip_turn(state)
    result = engine.outcome(state)
    assert result is not None and result.termination == Termination.ROUND_CAP and result.winner is None
    assert result.rounds == 2 and state.phase == Phase.OVER and engine.legal_actions(state) == []
