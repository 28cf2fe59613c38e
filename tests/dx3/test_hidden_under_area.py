"""A hidden character damaged by an area attack (HR-STEALTH-06..08, AMB-36): it is not revealed by the
damage alone; its 【精神】 (dice only) acts against the attacker's 〈知覚〉 and the attacker wins ties;
other damage ends the hidden state only with `hidden_ends_on_damage` (DX3-HID-09). Scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.fights import game, of
from tests.dx3.test_attack_effects import BLAST, FOE, SWORD, foe, hero, play, to_major, unanswered
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind

SLY = 2  # a hidden enemy in the foe's engagement: 【精神】 2, HP 28


def blast_game(**rules: Any) -> Dx3State:
    """The hero's 《blast》 (範囲) at the foe's engagement, where Sly hides; the hit is 達成値 10."""
    state = game(hero({"blast": 1}), foe(), foe("Sly", hidden=True), effects={"blast": BLAST}, dx3_rules=rules)
    to_major(state)
    events = play(state, Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0), 9, 3, 2, 1)
    assert of(events, "attack")[0].get("targets") == [FOE, SLY]  # 範囲 catches the hidden (DX3-HID-04)
    return state


@pytest.mark.rule("HR-STEALTH-06", "HR-STEALTH-07", "AMB-36")
def test_an_area_hit_on_the_hidden_rolls_mind_against_the_attackers_perception() -> None:
    state = blast_game()
    # damage 2D10 7 + 4 + sword 5 = 16; then Sly's 【精神】 2 dice (no skill): 7; the hero's 〈知覚〉
    # (【感覚】 2 + 1 die at 60%, no skill): 6
    events = unanswered(state, 7, 4, 7, 1, 6, 1, 1)
    assert [(e.target, e.get("hp_lost")) for e in of(events, "damage")] == [(FOE, 16), (SLY, 16)]
    [check] = of(events, "hidden_hit")
    assert (check.actor, check.target) == (SLY, 0)
    assert check.get("faces") == [[7, 1]] and (check.get("achievement"), check.get("rival")) == (7, 6)
    assert check.get("hidden") and state.fighters[SLY].hidden.hidden


@pytest.mark.rule("HR-STEALTH-08", "HR-STEALTH-07")
def test_on_a_tie_the_attacker_wins_and_the_hidden_state_ends() -> None:
    state = blast_game(tie="action")  # the house rule gives the tie to the attacker whatever `tie` says
    events = unanswered(state, 7, 4, 6, 1, 6, 1, 1)
    [check] = of(events, "hidden_hit")
    assert (check.get("achievement"), check.get("rival"), check.get("hidden")) == (6, 6, False)
    assert not state.fighters[SLY].hidden.hidden


@pytest.mark.rule("HR-STEALTH-07")
def test_the_attacker_beating_the_mind_roll_ends_the_hidden_state() -> None:
    state = blast_game()
    events = unanswered(state, 7, 4, 3, 2, 9, 1, 1)  # 3 against 9
    assert of(events, "hidden_hit")[0].get("hidden") is False and not state.fighters[SLY].hidden.hidden


@pytest.mark.rule("DX3-HID-09", "HR-STEALTH-06")
def test_without_the_house_rule_area_damage_follows_hidden_ends_on_damage() -> None:
    state = blast_game(stealth_area_check=False)
    events = unanswered(state, 7, 4)  # no check rolled
    assert not of(events, "hidden_hit") and state.fighters[SLY].hidden.hidden
    state = blast_game(stealth_area_check=False, hidden_ends_on_damage=True)
    events = unanswered(state, 7, 4)
    assert not of(events, "hidden_hit") and not state.fighters[SLY].hidden.hidden
    assert [e.actor for e in of(events, "revealed")] == [SLY]


@pytest.mark.rule("DX3-HID-09")
def test_a_single_target_hit_on_the_hidden_ends_it_only_with_the_switch() -> None:
    for ends in (False, True):
        rules = {"hidden_untargetable": False, "hidden_ends_on_damage": ends}
        state = game(hero({}), foe(hidden=True), dx3_rules=rules)
        to_major(state)
        play(state, Dx3Action(Kind.ATTACK, FOE, SWORD), 9, 3, 2, 1)
        events = unanswered(state, 7, 4)
        assert of(events, "damage")[0].get("hp_lost") == 16 and not of(events, "hidden_hit")
        assert state.fighters[FOE].hidden.hidden is not ends


@pytest.mark.rule("HR-STEALTH-06")
def test_a_hidden_character_the_area_does_not_hurt_rolls_nothing() -> None:
    state = game(hero({"blast": 1}), foe(), foe("Sly", hidden=True), effects={"blast": BLAST})
    state.fighters[SLY].mods["reduction"] = 16  # takes the whole blast off
    to_major(state)
    play(state, Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0), 9, 3, 2, 1)
    events = unanswered(state, 7, 4)
    assert [(e.target, e.get("hp_lost")) for e in of(events, "damage")] == [(FOE, 16), (SLY, 0)]
    assert not of(events, "hidden_hit") and state.fighters[SLY].hidden.hidden


