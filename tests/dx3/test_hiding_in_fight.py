"""The hidden state in the fight with fixed dice (DX3-HID-*, HR-STEALTH-01..05): hiding as a major or,
in the dark, a minor action; untargetable while hidden; stealth moves and slipping among enemies;
searches; every other action ending it."""

from __future__ import annotations

import pytest

from tests.dx3.fights import act, fighter, game, kinds, of
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Kind


def sneak(position: int = 0, **kw):  # type: ignore[no-untyped-def]
    """A PC that acts first (行動値 2 x 4 + 2 = 10): 【感覚】 4, 〈知覚〉 2, a knife."""
    base = {"pc": True, "abilities": {"sense": 4}, "skills": {"知覚": 2, "白兵": 1}, "weapons": ["knife"]}
    return fighter("S", "pcs", position, **{**base, **kw})


def guard(position: int = 30, name: str = "G", **kw):  # type: ignore[no-untyped-def]
    """A guard: 【感覚】 2, 〈知覚〉 1, 〈射撃〉 2 with an assault rifle that reaches the whole line."""
    base = {"skills": {"知覚": 1, "射撃": 2}, "weapons": ["assault_rifle"]}
    return fighter(name, "npcs", position, **{**base, **kw})


@pytest.mark.rule("HR-STEALTH-01", "DX3-HID-01", "DX3-HID-03", "DX3-BS-12")
def test_hiding_as_a_major_action_needs_perception_at_the_difficulty_and_then_no_one_can_target_it():
    state = game(sneak(), guard(), stealth_difficulty=9)
    act(state, Kind.SKIP_MINOR)
    assert Kind.HIDE in kinds(state)
    events = act(state, Kind.HIDE, dice=(6, 1, 1, 1))  # 4 dice: 6 + 〈知覚〉 2 = 8 < 9
    hide = of(events, "hide")[0]
    assert (hide.get("achievement"), hide.get("difficulty"), hide.get("hidden")) == (8, 9, False)
    act(state, Kind.SKIP_MINOR)  # G
    assert any(a.kind == Kind.ATTACK and a.target == 0 for a in engine.legal_actions(state))
    act(state, Kind.SKIP_MAJOR)
    act(state, Kind.SKIP_MINOR)  # round 2: S again
    events = act(state, Kind.HIDE, dice=(7, 1, 1, 1))  # 7 + 2 = 9: hidden
    assert of(events, "hide")[0].get("hidden") and state.fighters[0].hidden.hidden
    act(state, Kind.SKIP_MINOR)  # G: nobody to shoot (DX3-HID-03)
    assert not any(a.kind == Kind.ATTACK for a in engine.legal_actions(state))
    assert {a.target for a in engine.legal_actions(state) if a.kind == Kind.SEARCH} == {0}


@pytest.mark.rule("HR-STEALTH-02", "DX3-HID-05")
def test_in_the_dark_hiding_is_a_minor_action_without_a_check_and_any_other_action_ends_it():
    state = game(sneak(), guard(), dark=[0])
    events = act(state, Kind.HIDE)  # the minor action: no dice
    assert of(events, "hide")[0].get("difficulty") == -1 and state.fighters[0].hidden.hidden
    assert engine.decision_kind(state) == "major" and Kind.HIDE not in kinds(state)
    act(state, Kind.SKIP_MAJOR)
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.SKIP_MAJOR)  # G
    events = act(state, Kind.MOVE, target=1)  # S: a 戦闘移動 (not a stealth move) ends it
    assert of(events, "revealed") and not state.fighters[0].hidden.hidden
    # engaged with an enemy, nobody may hide (DX3-HID-01)
    close = game(sneak(30), guard(), dark=[30])
    assert Kind.HIDE not in kinds(close)


@pytest.mark.rule("HR-STEALTH-03", "HR-STEALTH-04", "AMB-36")
def test_a_stealth_move_keeps_the_state_but_entering_the_guards_engagement_needs_an_opposed_check():
    state = game(sneak(20, hidden=True), guard(), guard(30, "G2", skills={"知覚": 3}))
    act(state, Kind.SKIP_MINOR)
    moves = [a for a in engine.legal_actions(state) if a.kind == Kind.STEALTH_MOVE]
    assert moves and engine.engagement.combat_move_distance(state, state.fighters[0]) == 10 + 5
    # S 〈知覚〉 4 dice + 2 against the keenest guard G2 (2 dice + 3): 8 + 2 = 10 > 6 + 3
    events = act(state, Kind.STEALTH_MOVE, target=1, dice=(8, 1, 1, 1, 6, 1))
    assert of(events, "stealth_move")[0].get("to") == 30
    slip = of(events, "slip_past")[0]
    assert (slip.get("achievement"), slip.get("rival"), slip.get("hidden")) == (10, 9, True)
    assert not of(events, "revealed") and state.fighters[0].hidden.hidden
    act(state, Kind.SKIP_MINOR)  # G: S stands beside it, unseen
    assert not any(a.kind == Kind.ATTACK for a in engine.legal_actions(state))


@pytest.mark.rule("HR-STEALTH-04", "DX3-DICE-13")
def test_losing_the_slip_past_check_ends_the_hidden_state():
    state = game(sneak(20, hidden=True), guard())
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.STEALTH_MOVE, target=1, dice=(1, 2, 1, 1, 5, 1))  # 2 + 2 = 4 < 5 + 1
    assert of(events, "slip_past")[0].get("hidden") is False and not state.fighters[0].hidden.hidden


@pytest.mark.rule("DX3-HID-06")
def test_a_search_finds_the_hidden_with_perception_against_perception():
    state = game(sneak(hidden=True), guard(abilities={"sense": 5}))  # G goes first: 行動値 12
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.SEARCH, target=0, dice=(9, 1, 1, 1, 1, 3, 1, 1, 1))  # 9 + 1 = 10 > 3 + 2
    assert of(events, "search")[0].get("found") and not state.fighters[0].hidden.hidden
