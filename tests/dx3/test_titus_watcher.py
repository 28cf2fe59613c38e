"""A PC watching a sneaker slip past (HR-STEALTH-04) sublimates on its 〈知覚〉 like on any other check
(checks.pause, CheckFor.WATCH, DX3-TITUS-03A/C): the sneaker's roll is known, +1D10 is offered while
the sneaker still wins; under `slip_past_against: each` the other watchers answer after it. Scripted dice."""

from __future__ import annotations

import pytest

from tests.dx3.fights import act, fighter, game, of
from tests.dx3.test_titus_every_check import AFTER, BEFORE, choose, hero
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import CheckFor, Dx3State, Kind

SNEAK = 1


def sneaking(*others: dict, lois: int = 2, **rules: str) -> Dx3State:  # type: ignore[type-arg]
    """Sneak (【感覚】 6: 行動値 14, first; 6 dice, no 〈知覚〉) slips into the hero's engagement: its
    〈知覚〉 rolls 8, and the hero (6 dice + 〈知覚〉 1, `lois` Lois) is asked before its own roll."""
    sneak = fighter("Sneak", "npcs", 0, hidden=True, abilities={"sense": 6})
    state = game(hero(lois=lois), sneak, *others, dx3_rules=rules)
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.STEALTH_MOVE, target=0, dice=(8, 1, 1, 1, 1, 1))
    assert of(events, "stealth_move") and not of(events, "slip_past")
    return state


@pytest.mark.rule("HR-STEALTH-04", "DX3-TITUS-03A", "DX3-TITUS-03C", "DX3-DICE-13")
def test_a_pc_watcher_sublimates_on_its_perception_and_a_tie_sees_the_sneaker() -> None:
    state = sneaking(lois=3)
    s = state.sublimation
    assert s is not None and s.purpose == CheckFor.WATCH and s.roller == 0 and s.subject == SNEAK
    assert s.earlier is not None and s.earlier.achievement == 8
    assert engine.current_actor(state) == 0 and engine.legal_actions(state) == BEFORE
    choose(state, Kind.TITUS_DICE)
    choose(state, Kind.DECLINE, 5, *(1,) * 15)  # 16 dice: 5 + 〈知覚〉 1 = 6 < 8
    assert engine.legal_actions(state) == AFTER  # the sneaker still wins: +1D10 offered
    events = choose(state, Kind.TITUS_RESULT, 1)  # 6 + 1 = 7: still short, one Lois left
    assert not of(events, "slip_past") and engine.legal_actions(state) == AFTER
    events = choose(state, Kind.TITUS_RESULT, 1)  # 8: a tie, the watcher (reacting) wins; the last Lois
    [slip] = of(events, "slip_past")
    assert (slip.actor, slip.get("achievement"), slip.get("rival"), slip.get("hidden")) == (SNEAK, 8, 8, False)
    assert not state.fighters[SNEAK].hidden.hidden and state.fighters[0].char.lois == 0


@pytest.mark.rule("HR-STEALTH-04", "DX3-TITUS-03C")
def test_a_watcher_that_beats_the_sneaker_is_offered_nothing_more() -> None:
    state = sneaking()
    events = choose(state, Kind.DECLINE, 9, 1, 1, 1, 1, 1)  # 9 + 1 = 10 > 8
    [slip] = of(events, "slip_past")
    assert (slip.get("rival"), slip.get("hidden")) == (10, False) and state.sublimation is None
    assert state.fighters[0].char.lois == 2


@pytest.mark.rule("HR-STEALTH-04", "AMB-36")
def test_under_each_the_other_watchers_answer_after_the_pc_declines() -> None:
    pal = fighter("Pal", "pcs", 10)  # not a PC: 【感覚】 2, rolls at once
    state = sneaking(pal, slip_past_against="each")
    assert state.sublimation is not None and state.sublimation.roller == 0  # the hero answers first
    choose(state, Kind.DECLINE, 4, 1, 1, 1, 1, 1)  # 5 < 8
    events = choose(state, Kind.DECLINE, 7, 1)  # kept; Pal: 2 dice, 7 < 8
    [slip] = of(events, "slip_past")
    assert (slip.get("rival"), slip.get("hidden")) == (7, True)  # the best roll the sneaker beat
    assert state.fighters[SNEAK].hidden.hidden and state.sublimation is None


@pytest.mark.rule("HR-STEALTH-04", "AMB-36")
def test_under_each_a_later_watcher_may_still_see_the_sneaker() -> None:
    state = sneaking(fighter("Pal", "pcs", 10), slip_past_against="each")
    choose(state, Kind.DECLINE, 4, 1, 1, 1, 1, 1)
    events = choose(state, Kind.DECLINE, 8, 1)  # Pal ties at 8: seen
    [slip] = of(events, "slip_past")
    assert (slip.get("rival"), slip.get("hidden")) == (8, False) and not state.fighters[SNEAK].hidden.hidden
