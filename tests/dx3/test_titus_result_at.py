"""When a PC acting first in an opposed check is offered +1D10 (DX3-TITUS-03C, `titus_result_at`):
right after its own roll (`own_roll`) or once the other side has rolled too (`both_rolls`), with
scripted dice."""

from __future__ import annotations

import pytest

from tests.dx3.fights import act, fighter, game, of
from tests.dx3.test_titus_every_check import AFTER, choose, hero
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import CheckFor, Kind

BOTH = {"titus_result_at": "both_rolls"}


@pytest.mark.rule("DX3-TITUS-03C", "HR-ENGAGE-01")
def test_both_rolls_the_rival_rolls_before_the_lone_leaver_is_offered_one_d10() -> None:
    state = game(hero(), fighter("Brute", "npcs", 10), dx3_rules=BOTH)
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.FULL_MOVE, option=0)
    # Hero: 【肉体】 3 + 1 at 60%: 4 dice, 達成値 5; Brute's 【肉体】 3 dice, 達成値 9, rolled at once
    events = choose(state, Kind.DECLINE, 5, 1, 1, 1, 9, 1, 1)
    assert not of(events, "leave_check")
    s = state.sublimation
    assert s is not None and s.purpose == CheckFor.LEAVE and s.rival is not None and s.rival.achievement == 9
    assert engine.legal_actions(state) == AFTER  # 5 loses to 9
    events = choose(state, Kind.TITUS_RESULT, 4)  # 9: a tie, still lost (ties to the reaction)
    assert not of(events, "leave_check") and engine.legal_actions(state) == AFTER
    events = choose(state, Kind.TITUS_RESULT, 1)  # 10 > 9, the last Lois: the leaver gets away
    [check] = of(events, "leave_check")
    assert (check.get("achievement"), check.get("rival"), check.get("won")) == (10, 9, True)
    assert check.get("rival_faces") == [[9, 1, 1]] and state.fighters[0].pos != 10


@pytest.mark.rule("DX3-TITUS-03C", "HR-ENGAGE-01")
def test_both_rolls_a_winning_leaver_is_offered_nothing() -> None:
    state = game(hero(), fighter("Brute", "npcs", 10), dx3_rules=BOTH)
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.FULL_MOVE, option=0)
    events = choose(state, Kind.DECLINE, 8, 1, 1, 1, 7, 1, 1)  # 8 against 7: won, no offer
    [check] = of(events, "leave_check")
    assert (check.get("achievement"), check.get("rival"), check.get("won")) == (8, 7, True)
    assert state.sublimation is None and state.fighters[0].char.lois == 2


@pytest.mark.rule("DX3-TITUS-03C", "HR-ENGAGE-01")
def test_own_roll_the_offer_comes_before_the_rival_rolls() -> None:
    state = game(hero(), fighter("Brute", "npcs", 10), dx3_rules={"titus_result_at": "own_roll"})
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.FULL_MOVE, option=0)
    events = choose(state, Kind.DECLINE, 8, 1, 1, 1)  # only the leaver's 4 dice are rolled
    s = state.sublimation
    assert not of(events, "leave_check") and s is not None and s.rival is None
    assert engine.legal_actions(state) == AFTER  # offered although it would have won
    events = choose(state, Kind.DECLINE, 7, 1, 1)
    assert of(events, "leave_check")[0].get("won") is True and state.fighters[0].char.lois == 2


@pytest.mark.rule("DX3-TITUS-03C", "HR-STEALTH-04", "AMB-36")
def test_both_rolls_the_sneaker_faces_the_best_watcher_roll_before_its_one_d10() -> None:
    rules = {**BOTH, "slip_past_against": "each"}
    state = game(hero(0, hidden=True), fighter("G", "npcs", 10), fighter("H", "npcs", 10), dx3_rules=rules)
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.STEALTH_MOVE, target=1)
    # sneaker: 6 dice, 4 + 〈知覚〉 1 = 5; G: 2 dice 3; H: 2 dice 8 (the best, to beat)
    choose(state, Kind.DECLINE, 4, 1, 1, 1, 1, 1, 3, 1, 8, 1)
    s = state.sublimation
    assert s is not None and s.rival is not None and s.rival.achievement == 8
    events = choose(state, Kind.TITUS_RESULT, 4)  # 9 > 8: kept hidden, nothing more offered
    [slip] = of(events, "slip_past")
    assert (slip.get("achievement"), slip.get("rival"), slip.get("hidden")) == (9, 8, True)
    assert state.fighters[0].hidden.hidden and state.sublimation is None


@pytest.mark.rule("DX3-TITUS-03C", "DX3-HID-06")
def test_both_rolls_the_searcher_sees_the_hidden_ones_roll_and_may_decline() -> None:
    state = game(hero(0), fighter("G", "npcs", 30, hidden=True), dx3_rules=BOTH)
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.SEARCH, target=1)
    choose(state, Kind.DECLINE, 2, 1, 1, 1, 1, 1, 9, 1)  # searcher 2 + 1 = 3; G 9
    s = state.sublimation
    assert s is not None and s.rival is not None and s.rival.achievement == 9
    events = choose(state, Kind.DECLINE)
    [search] = of(events, "search")
    assert search.get("achievement") == 3 and not search.get("found") and state.fighters[1].hidden.hidden
