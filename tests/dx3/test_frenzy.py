"""狂乱 in the fight (DX3-BS-08, PROPOSED, `extra_statuses`): no reactions, as 暴走, and each main
process an attack on the nearest character, friend or foe; a move toward it when no attack reaches."""

from __future__ import annotations

import pytest

from tests.dx3.fights import fighter, game, of
from tests.dx3.test_attack_effects import foe, play
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind
from yz_gym.rulesets.dx3.statuses import FRENZY

RULES = {"extra_statuses": True}


def frenzied(*others: dict, hero_at: int = 10) -> Dx3State:  # type: ignore[type-arg]
    """Hero (行動値 6, a sword: 至近) acts first, under 狂乱."""
    state = game(fighter("Hero", "pcs", hero_at, pc=True, weapons=["sword"]), *others,
                 dx3_rules=RULES)  # fmt: skip
    state.fighters[0].statuses.add(FRENZY)
    assert engine.current_actor(state) == 0
    return state


@pytest.mark.rule("DX3-BS-08")
def test_the_frenzied_must_attack_the_nearest_character_even_a_friend() -> None:
    state = frenzied(fighter("Pal", "pcs", 12, pc=True), foe("Foe", 15))  # Pal 2 m away, Foe 5 m
    moves = [a for a in engine.legal_actions(state) if a.kind == Kind.MOVE]
    assert moves and all(state.fighters[a.target].pos == 12 for a in moves)  # only toward Pal
    play(state, moves[0])  # 戦闘移動 6 + 5 = 11 m, stops at Pal's engagement (12 m)
    assert state.fighters[0].pos == 12
    majors = engine.legal_actions(state)
    assert {(a.kind, a.target) for a in majors} == {(Kind.ATTACK, 1)}  # 素手 and the sword, at Pal only
    assert {a.option for a in majors} == {-1, 0}


@pytest.mark.rule("DX3-BS-08")
def test_out_of_reach_the_frenzied_full_moves_toward_the_nearest() -> None:
    state = frenzied(foe("Foe", 30), fighter("Pal", "pcs", 45, pc=True))  # Foe 20 m, Pal 35 m
    play(state, Dx3Action(Kind.SKIP_MINOR))
    majors = engine.legal_actions(state)
    assert [a.kind for a in majors] == [Kind.FULL_MOVE]  # no skip, no attack: 22 m toward the Foe
    play(state, majors[0])
    assert state.fighters[0].pos == 30


@pytest.mark.rule("DX3-BS-08", "DX3-BS-01")
def test_the_frenzied_cannot_react() -> None:
    state = game(
        fighter("Hero", "pcs", 10, pc=True, skills={"回避": 3}), fighter("E", "npcs", 10, abilities={"sense": 4}),
        dx3_rules=RULES,
    )  # fmt: skip
    state.fighters[0].statuses.add(FRENZY)
    play(state, Dx3Action(Kind.SKIP_MINOR))
    events = play(state, Dx3Action(Kind.ATTACK, 0, -1), 5, 1, 1)
    assert of(events, "attack") and engine.legal_actions(state) == [Dx3Action(Kind.NO_REACTION)]


def test_without_frenzy_a_friend_is_never_attacked() -> None:
    state = game(fighter("Hero", "pcs", 10, pc=True), fighter("Pal", "pcs", 10, pc=True), foe("Foe", 15))
    play(state, Dx3Action(Kind.SKIP_MINOR))
    assert all(a.target != 1 for a in engine.legal_actions(state) if a.kind == Kind.ATTACK)
