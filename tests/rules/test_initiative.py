"""Initiative: cards, turn order, groups, surprise, swaps, hidden initiative, sneak attacks and
ambushes (INIT-*, TURN-04..08, SNEAK-*, AMBUSH-*, AMB-27/28/29/41)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict, turn_of
from yz_gym.core.errors import IllegalAction
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import Phase
from yz_gym.rulesets.yze.zone import engine, initiative
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.scenario import ScenarioError

END = Action(Kind.END_TURN)
ZERO = np.random.default_rng(0)


def seq(*rolls: list[int]) -> list[int]:
    """The faces of several rolls in the order they are rolled."""
    return [face for roll in rolls for face in roll]


def crowd(n: int, zone: str = "A", **extra) -> list[dict]:
    """n individual fighters, alternating sides, called F1..Fn."""
    return [fighter(f"F{i + 1}", "red" if i % 2 == 0 else "blue", zone, **extra) for i in range(n)]


def cards(state) -> dict[str, int]:
    return {c.name: state.cards[c.id] for c in state.combatants}


def card(state, name: str) -> int:
    return state.cards[by_name(state, name).id]


def actor_name(state) -> str:
    return state.combatants[engine.current_actor(state)].name


def play_round(state, rng=ZERO) -> list[str]:
    """End every turn of the current round; the names whose turns began, in order."""
    start = state.round
    names = []
    for _ in range(100):
        if state.round != start or engine.is_over(state):
            return names
        names.append(actor_name(state))
        engine.apply(state, END, rng)
    raise AssertionError("the round never ended")


def abcd(**rules) -> dict:
    """Four individual fighters A, B, C, D: with FixedDice they hold cards 1, 2, 3, 4."""
    combatants = [
        fighter("A", "red", "A"),
        fighter("B", "blue", "A"),
        fighter("C", "blue", "A"),
        fighter("D", "red", "A"),
    ]
    return scenario_dict(zones=["A"], combatants=combatants, rules=rules)


def swap_with(state, partner: str) -> list:
    return engine.apply(state, Action(Kind.SWAP_INITIATIVE, target=by_name(state, partner).id), ZERO)


def swap_targets(state) -> set[str]:
    return {
        state.combatants[a.target].name for a in engine.legal_actions(state) if a.kind == Kind.SWAP_INITIATIVE
    }


# --- dealing ---------------------------------------------------------------------------------


@pytest.mark.rule("INIT-01")
def test_initiative_is_dealt_before_anyone_acts():
    state = game(scenario_dict(zones=["A"], combatants=crowd(4)))
    assert state.phase == Phase.COMBAT
    assert all(c > 0 for c in state.cards)
    opening = kinds(state.opening)
    assert opening.index("initiative") < opening.index("turn")
    assert "roll" not in opening and "action" not in opening


@pytest.mark.rule("INIT-02", "TURN-04")
@pytest.mark.parametrize("seed", range(5))
def test_ten_drawers_get_the_ten_cards_one_to_ten(seed):
    state = game(scenario_dict(zones=["A"], combatants=crowd(10)), seed)
    assert sorted(state.cards) == list(range(1, 11))


@pytest.mark.rule("INIT-02")
def test_each_card_is_equally_likely():
    scenario = build(scenario_dict(zones=["A"], combatants=crowd(3)), "<test>")
    rng = np.random.default_rng(2024)
    n = 3000
    counts = np.zeros(11)
    for _ in range(n):
        counts[engine.new_game(scenario, rng).cards[0]] += 1
    assert counts[0] == 0
    share = counts[1:] / n
    tolerance = 4 * np.sqrt(0.1 * 0.9 / n)  # four standard errors of a 1/10 share
    assert np.all(np.abs(share - 0.1) < tolerance), share


@pytest.mark.rule("INIT-03", "INIT-NPC-01", "INIT-NPC-02", "TURN-05")
def test_one_card_per_pc_per_npc_and_per_npc_group():
    combatants = [
        fighter("Hero", "red", "A", pc=True),
        fighter("Viper", "blue", "A", count=3),
        fighter("Boss", "blue", "A"),
    ]
    state = game(scenario_dict(zones=["A"], combatants=combatants), 7)
    assert len(initiative.drawers(state)) == 3
    vipers = {card(state, f"Viper {i}") for i in (1, 2, 3)}
    assert len(vipers) == 1
    assert len({card(state, "Hero"), card(state, "Boss"), *vipers}) == 3


@pytest.mark.rule("INIT-NPC-01", "INIT-03")
def test_without_grouping_every_npc_draws_its_own_card():
    combatants = [fighter("Hero", "red", "A", pc=True), fighter("Viper", "blue", "A", count=3)]
    data = scenario_dict(zones=["A"], combatants=combatants, rules={"group_npc_initiative": False})
    state = game(data, 7)
    assert len(set(state.cards)) == 4


@pytest.mark.rule("INIT-NPC-02", "INIT-NPC-03")
def test_a_group_acts_together_in_listed_order():
    combatants = [
        fighter("Hero", "red", "A", pc=True),
        fighter("Viper", "blue", "A", count=3),
        fighter("Boss", "blue", "A"),
    ]
    for seed in range(6):
        state = game(scenario_dict(zones=["A"], combatants=combatants), seed)
        names = play_round(state)
        at = names.index("Viper 1")
        assert names[at : at + 3] == ["Viper 1", "Viper 2", "Viper 3"]


@pytest.mark.rule("INIT-04", "TURN-04")
@pytest.mark.parametrize("seed", range(4))
def test_turns_go_in_rising_card_order(seed):
    state = game(scenario_dict(zones=["A"], combatants=crowd(10)), seed)
    names = play_round(state)
    dealt = cards(state)
    assert [dealt[n] for n in names] == list(range(1, 11))  # from #1 up


@pytest.mark.rule("INIT-05")
def test_cards_are_face_up_for_everyone():
    state = game(scenario_dict(zones=["A"], combatants=crowd(4)), 3)
    for viewer in range(4):
        assert initiative.visible_cards(state, viewer) == state.cards
    dealt = next(e for e in state.opening if e.kind == "initiative")
    assert dealt.get("cards") == state.cards


@pytest.mark.rule("INIT-06")
def test_round_ends_when_everyone_has_acted_once():
    state = game(scenario_dict(zones=["A"], combatants=crowd(3)), 1)
    events = []
    for _ in range(2):
        assert state.round == 1
        events += engine.apply(state, END, ZERO)
    assert state.round == 1
    events += engine.apply(state, END, ZERO)
    assert state.round == 2
    assert [e.get("round") for e in events if e.kind == "round"] == [2]
    assert not any(c.acted for c in state.combatants)


@pytest.mark.rule("INIT-07", "TURN-04")
def test_cards_are_drawn_once_and_kept():
    state = game(scenario_dict(zones=["A"], combatants=crowd(5)), 11)
    first = list(state.cards)
    orders = []
    for _ in range(3):
        orders.append(play_round(state))
    assert state.cards == first
    assert orders[0] == orders[1] == orders[2]
    assert state.round == 4


@pytest.mark.rule("INIT-07")
def test_no_initiative_event_after_the_first_round():
    state = game(scenario_dict(zones=["A"], combatants=crowd(3)), 2)
    events = []
    for _ in range(6):
        events += engine.apply(state, END, ZERO)
    assert "initiative" not in kinds(events)


# --- more drawers than cards (AMB-27) --------------------------------------------------------


@pytest.mark.rule("INIT-02", "AMB-27")
def test_more_than_ten_drawers_is_an_error():
    with pytest.raises(ScenarioError, match="extend_deck"):
        game(scenario_dict(zones=["A"], combatants=crowd(11)))


@pytest.mark.rule("AMB-27")
def test_deck_size_raises_without_the_overflow_rule():
    state = game(scenario_dict(zones=["A"], combatants=crowd(2)))
    with pytest.raises(initiative.InitiativeError):
        initiative.deck_size(state, 11)
    assert initiative.deck_size(state, 10) == 10


@pytest.mark.rule("AMB-27")
def test_extended_deck_has_one_card_per_drawer():
    data = scenario_dict(zones=["A"], combatants=crowd(13), rules={"initiative_overflow": "extend_deck"})
    state = game(data, 5)
    assert sorted(state.cards) == list(range(1, 14))


@pytest.mark.rule("AMB-27", "INIT-NPC-01")
def test_grouping_npcs_keeps_a_big_fight_within_ten_cards():
    combatants = [fighter("Hero", "red", "A", pc=True), fighter("Rat", "blue", "A", count=15)]
    state = game(scenario_dict(zones=["A"], combatants=combatants), 5)
    assert len(set(state.cards)) == 2
    assert max(state.cards) <= 10


# --- surprise (INIT-SURPRISE, AMB-28) --------------------------------------------------------


def surprise_data(**rules) -> dict:
    combatants = [
        fighter("Ace", "red", "A", surprise=True),
        fighter("Pal", "red", "A"),
        fighter("Foe", "blue", "A"),
        fighter("Foe2", "blue", "A"),
    ]
    return scenario_dict(zones=["A"], combatants=combatants, rules=rules)


@pytest.mark.rule("INIT-SURPRISE-01", "TURN-06", "AMB-28")
def test_surprise_attacker_picks_any_card_before_anyone_draws():
    state = game(surprise_data())
    assert state.phase == Phase.SETUP
    assert actor_name(state) == "Ace"
    assert engine.decision_kind(state) == "card"
    assert state.cards == [0, 0, 0, 0]  # no one has drawn yet
    options = engine.legal_actions(state)
    assert [a.option for a in options] == list(range(1, 11))
    assert {a.kind for a in options} == {Kind.CHOOSE_CARD}
    events = engine.apply(state, Action(Kind.CHOOSE_CARD, option=7), ZERO)
    assert card(state, "Ace") == 7
    assert state.phase == Phase.COMBAT
    assert kinds(events)[:2] == ["card_chosen", "initiative"]


@pytest.mark.rule("INIT-SURPRISE-02", "AMB-28")
def test_everyone_else_including_allies_draws_from_the_rest():
    pal_cards = set()
    for seed in range(60):
        state = game(surprise_data(), seed)
        engine.apply(state, Action(Kind.CHOOSE_CARD, option=1), np.random.default_rng(seed))
        assert card(state, "Ace") == 1
        others = [card(state, n) for n in ("Pal", "Foe", "Foe2")]
        assert 1 not in others and len(set(others)) == 3
        assert all(2 <= c <= 10 for c in others)
        pal_cards.add(card(state, "Pal"))
    assert len(pal_cards) > 3  # the ally draws at random like everyone else


@pytest.mark.rule("AMB-28")
def test_several_surprise_attackers_pick_distinct_cards():
    combatants = [
        fighter("Ace", "red", "A", surprise=True),
        fighter("Bee", "red", "A", surprise=True),
        fighter("Foe", "blue", "A"),
    ]
    state = game(scenario_dict(zones=["A"], combatants=combatants))
    engine.apply(state, Action(Kind.CHOOSE_CARD, option=3), ZERO)
    assert actor_name(state) == "Bee"
    assert 3 not in [a.option for a in engine.legal_actions(state)]
    with pytest.raises(IllegalAction):
        engine.apply(state, Action(Kind.CHOOSE_CARD, option=3), ZERO)
    engine.apply(state, Action(Kind.CHOOSE_CARD, option=1), ZERO)
    assert (card(state, "Ace"), card(state, "Bee")) == (3, 1)
    assert card(state, "Foe") not in (1, 3)


@pytest.mark.rule("INIT-SURPRISE-01", "INIT-NPC-02", "AMB-28")
def test_a_surprising_npc_group_chooses_one_card_for_the_group():
    combatants = [fighter("Hero", "red", "A", pc=True), fighter("Viper", "blue", "A", count=3, surprise=True)]
    state = game(scenario_dict(zones=["A"], combatants=combatants))
    engine.apply(state, Action(Kind.CHOOSE_CARD, option=2), ZERO)
    assert state.phase == Phase.COMBAT  # one choice for the whole group
    assert [card(state, f"Viper {i}") for i in (1, 2, 3)] == [2, 2, 2]
    assert card(state, "Hero") != 2


# --- swapping (INIT-SWAP, AMB-29) ------------------------------------------------------------


@pytest.mark.rule("INIT-SWAP-01", "TURN-07")
def test_swap_partners_have_later_cards_and_have_not_acted():
    state = game(abcd(), FixedDice())
    assert cards(state) == {"A": 1, "B": 2, "C": 3, "D": 4}
    assert swap_targets(state) == {"B", "C", "D"}
    engine.apply(state, END, ZERO)
    assert actor_name(state) == "B"
    assert swap_targets(state) == {"C", "D"}  # A has acted


@pytest.mark.rule("INIT-SWAP-02")
def test_swap_only_before_any_action_of_the_turn():
    state = game(abcd(), FixedDice())
    act(state, ZERO, Kind.DROP_PRONE)  # even a free action closes the swap window
    assert swap_targets(state) == set()
    data = abcd()
    data["combatants"][0]["prone"] = True
    state = game(data, FixedDice())
    act(state, ZERO, Kind.GET_UP)
    assert swap_targets(state) == set()


@pytest.mark.rule("INIT-SWAP-03", "AMB-29", "TURN-07")
def test_partner_acts_at_once_and_the_swapper_later_at_the_partner_card():
    state = game(abcd(), FixedDice())
    events = swap_with(state, "C")
    assert events[0].kind == "swap" and events[0].get("cards") == [3, 1]
    assert actor_name(state) == "C"
    assert engine.decision_kind(state) == "turn"
    assert cards(state) == {"A": 3, "B": 2, "C": 1, "D": 4}
    assert play_round(state) == ["C", "B", "A", "D"]


@pytest.mark.rule("INIT-SWAP-04", "AMB-29", "TURN-07")
def test_no_swapping_again_this_round_but_next_round_it_is_allowed():
    state = game(abcd(), FixedDice())
    swap_with(state, "C")
    assert swap_targets(state) == set()  # C was just moved
    engine.apply(state, END, ZERO)
    assert actor_name(state) == "B"
    assert swap_targets(state) == {"D"}  # A was just moved too
    engine.apply(state, END, ZERO)
    assert actor_name(state) == "A"
    assert swap_targets(state) == set()
    engine.apply(state, END, ZERO)
    engine.apply(state, END, ZERO)
    assert state.round == 2 and actor_name(state) == "C"
    assert swap_targets(state) == {"B", "A", "D"}


@pytest.mark.rule("AMB-29", "INIT-07")
def test_swapped_cards_persist_into_the_next_round():
    state = game(abcd(), FixedDice())
    swap_with(state, "D")
    assert play_round(state) == ["D", "B", "C", "A"]
    assert play_round(state) == ["D", "B", "C", "A"]
    assert cards(state) == {"A": 4, "B": 2, "C": 3, "D": 1}


def group_data(**rules) -> dict:
    combatants = [
        fighter("Hero", "red", "A", pc=True),
        fighter("Viper", "blue", "A", count=3),
        fighter("Boss", "blue", "A"),
    ]
    return scenario_dict(zones=["A"], combatants=combatants, rules=rules)


@pytest.mark.rule("INIT-SWAP-03", "INIT-NPC-02")
def test_swapping_with_a_group_member_brings_the_whole_group():
    state = game(group_data(), FixedDice())
    assert cards(state) == {"Hero": 1, "Viper 1": 2, "Viper 2": 2, "Viper 3": 2, "Boss": 3}
    assert swap_targets(state) == {"Viper 1", "Boss"}  # one offer per card
    swap_with(state, "Viper 1")
    assert cards(state) == {"Hero": 2, "Viper 1": 1, "Viper 2": 1, "Viper 3": 1, "Boss": 3}
    assert play_round(state) == ["Viper 1", "Viper 2", "Viper 3", "Hero", "Boss"]
    assert all(by_name(state, f"Viper {i}").swapped is False for i in (1, 2, 3))  # round 2 now


@pytest.mark.rule("INIT-SWAP-01", "INIT-SWAP-02", "INIT-NPC-02")
def test_a_grouped_npc_swaps_for_its_group_before_the_group_acts():
    state = turn_of(game(group_data(), FixedDice()), "Viper 1")
    assert swap_targets(state) == {"Boss"}
    swap_with(state, "Boss")
    assert cards(state) == {"Hero": 1, "Viper 1": 3, "Viper 2": 3, "Viper 3": 3, "Boss": 2}
    assert actor_name(state) == "Boss"
    names = play_round(state)
    assert names == ["Boss", "Viper 1", "Viper 2", "Viper 3"]
    # once one member has taken its turn, the group's point in the order is in use
    state = turn_of(game(group_data(), FixedDice()), "Viper 2")
    assert swap_targets(state) == set()


@pytest.mark.rule("INIT-SWAP-03", "TURN-02")
def test_a_swapper_has_its_start_of_turn_effects_once():
    data = abcd()
    data["combatants"][0]["burning"] = 1
    state = game(data, FixedDice([6]))  # the fire attack (1 die) hits and the fire grows
    assert kinds(state.opening).count("fire") == 1
    events = swap_with(state, "B")
    events += engine.apply(state, END, ZERO)  # B's turn ends; A's turn resumes at card 2
    assert actor_name(state) == "A"
    assert "fire" not in kinds(events)
    assert kinds(events).count("turn") == 2  # B's, then A's resumed turn


# --- hidden initiative (INIT-HIDDEN, AMB-41) -------------------------------------------------


@pytest.mark.rule("INIT-HIDDEN-02", "TURN-08")
def test_hidden_initiative_redraws_every_round():
    data = scenario_dict(zones=["A"], combatants=crowd(6), rules={"hidden_initiative": True})
    state = game(data, 9)
    draws = [list(state.cards)]
    for _ in range(4):
        events = []
        start = state.round
        while state.round == start:
            events += engine.apply(state, END, ZERO)
        assert [e.get("round") for e in events if e.kind == "initiative"] == [state.round]
        draws.append(list(state.cards))
    assert all(len(set(d)) == 6 and min(d) >= 1 and max(d) <= 10 for d in draws)
    assert len({tuple(d) for d in draws}) > 1  # all five deals equal: p < 1e-12


@pytest.mark.rule("INIT-HIDDEN-01", "INIT-05")
def test_hidden_cards_show_when_their_number_is_called():
    state = game(abcd(hidden_initiative=True), FixedDice())
    viewer = by_name(state, "A").id  # red: A and D
    seen = initiative.visible_cards(state, viewer)
    assert seen == [1, 0, 0, 4]  # own side known, blue cards secret
    engine.apply(state, END, ZERO)  # B's number is called
    assert initiative.visible_cards(state, viewer) == [1, 2, 0, 4]
    engine.apply(state, END, ZERO)
    assert initiative.visible_cards(state, viewer) == [1, 2, 3, 4]
    initiative_event = next(e for e in state.opening if e.kind == "initiative")
    assert initiative_event.get("hidden") is True


@pytest.mark.rule("AMB-41", "INIT-HIDDEN-02", "INIT-SWAP-03")
def test_with_hidden_initiative_a_swap_lasts_only_this_round():
    # FixedDice deals the same cards every round, so only the swap can change the order
    state = game(abcd(hidden_initiative=True), FixedDice())
    swap_with(state, "C")
    assert play_round(state, FixedDice()) == ["C", "B", "A", "D"]
    assert play_round(state, FixedDice()) == ["A", "B", "C", "D"]
    assert initiative.last_turn(state, by_name(state, "C").id) == (2, 3)  # TURN-03
    plain = game(abcd(), FixedDice())
    swap_with(plain, "C")
    play_round(plain)
    assert play_round(plain) == ["C", "B", "A", "D"]


@pytest.mark.rule("AMB-41", "TURN-02")
def test_next_turn_with_hidden_initiative_is_the_next_fresh_draw():
    state = game(abcd(hidden_initiative=True), FixedDice())
    b = by_name(state, "B").id
    assert initiative.next_turn(state, b) == (1, 2)
    engine.apply(state, END, ZERO)
    engine.apply(state, END, ZERO)
    assert initiative.next_turn(state, b) == (2, None)
    plain = game(abcd(), FixedDice())
    engine.apply(plain, END, ZERO)
    engine.apply(plain, END, ZERO)
    assert initiative.next_turn(plain, b) == (2, 2)


# --- sneak attacks (SNEAK-, OPP-05) ----------------------------------------------------------


def sneak_data(to_engaged: bool = True, **rules) -> dict:
    combatants = [
        fighter(
            "Shade", "red", "A", skills={"stealth": 2}, sneak={"target": "Mark", "to_engaged": to_engaged}
        ),
        fighter("Pal", "red", "A"),
        fighter("Mark", "blue", "A", skills={"observation": 1}),
    ]
    rules = {"ask_push": False, **rules}
    return scenario_dict(zones=["A"], combatants=combatants, rules=rules)


def opening_rolls(state) -> list:
    return [e for e in state.opening if e.kind == "roll"]


@pytest.mark.rule("SNEAK-01", "OPP-05")
@pytest.mark.parametrize("to_engaged, dice", [(True, 3), (False, 5)])
def test_sneaking_rolls_stealth_against_observation_at_minus_two_to_engaged(to_engaged, dice):
    state = game(sneak_data(to_engaged), FixedDice([2] * 9))
    stealth, watch = opening_rolls(state)
    assert (stealth.get("skill"), watch.get("skill")) == ("Stealth", "Observation")
    assert len(stealth.get("dice")) == dice  # AGI 3 + Stealth 2, -2 to Engaged
    assert len(watch.get("dice")) == 4  # WIT 3 + Observation 1


@pytest.mark.rule("SNEAK-02")
def test_a_spotted_sneak_draws_initiative_normally():
    state = game(sneak_data(), FixedDice(seq([2, 2, 2], [2, 2, 2, 2])))
    assert "spotted" in kinds(state.opening)
    assert state.phase == Phase.COMBAT and not state.choosing
    assert not by_name(state, "Shade").hidden
    assert sorted(state.cards) == [1, 2, 3]


@pytest.mark.rule("SNEAK-03", "INIT-SURPRISE-01")
def test_a_successful_sneak_chooses_its_card():
    state = game(sneak_data(), FixedDice(seq([6, 2, 2], [2, 2, 2, 2])))
    assert "sneak" in kinds(state.opening)
    shade, mark = by_name(state, "Shade"), by_name(state, "Mark")
    assert shade.hidden and mark.id in shade.engaged
    assert state.phase == Phase.SETUP and actor_name(state) == "Shade"
    engine.apply(state, Action(Kind.CHOOSE_CARD, option=9), ZERO)
    assert card(state, "Shade") == 9
    assert 9 not in (card(state, "Pal"), card(state, "Mark"))  # the ally draws as normal


@pytest.mark.rule("SNEAK-04")
def test_a_close_sneak_attack_gets_plus_three_and_cannot_be_blocked():
    state = game(sneak_data(offer_help=False), FixedDice(seq([6, 2, 2], [2, 2, 2, 2])))
    engine.apply(state, Action(Kind.CHOOSE_CARD, option=1), ZERO)
    assert actor_name(state) == "Shade"
    events = act(state, FixedDice([2] * 6), Kind.CLOSE_ATTACK, target="Mark")
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.get("dice")) == 3 + 3  # STR 3 unarmed, +3 sneak attack
    assert "block" not in kinds(events)
    # the same attack without the sneak: Mark is asked whether to block
    data = sneak_data(offer_help=False)
    del data["combatants"][0]["sneak"]
    data["combatants"][0]["engaged_with"] = ["Mark"]
    plain = turn_of(game(data, FixedDice()), "Shade")
    act(plain, ZERO, Kind.CLOSE_ATTACK, target="Mark")
    assert engine.decision_kind(plain) == "block"


@pytest.mark.rule("SNEAK-05")
def test_a_sneak_attack_is_one_attacker_against_one_target():
    state = game(sneak_data(), FixedDice(seq([6, 2, 2], [2, 2, 2, 2])))
    engine.apply(state, Action(Kind.CHOOSE_CARD, option=1), ZERO)
    act(state, FixedDice([2] * 6), Kind.CLOSE_ATTACK, target="Mark")
    assert engine.decision_kind(state) != "help"  # Pal, next to Shade, may not join in
    data = sneak_data()
    data["combatants"][0]["sneak"]["target"] = "Pal"
    with pytest.raises(ScenarioError, match="SNEAK-05"):
        game(data)


@pytest.mark.rule("OPP-03", "SNEAK-01")
def test_a_tied_sneak_is_rolled_again_under_the_reroll_option():
    # 1 vs 1 success, then 1 vs 0 on the re-roll
    faces = seq([6, 2, 2, 2, 2], [6, 2, 2, 2], [6, 2, 2, 2, 2], [2, 2, 2, 2])
    state = game(sneak_data(False, opposed_tie="reroll"), FixedDice(faces))
    purposes = [e.get("purpose") for e in opening_rolls(state)]
    assert purposes == ["sneak", "oppose", "tie_break", "oppose"]
    assert "sneak" in kinds(state.opening)
    tied = game(sneak_data(False), FixedDice(faces))  # default: a tie fails the sneak
    assert "spotted" in kinds(tied.opening) and len(opening_rolls(tied)) == 2


# --- ambushes (AMBUSH-) ----------------------------------------------------------------------


def ambush_data(prepared: bool = False, **rules) -> dict:
    combatants = [
        fighter("Lurk1", "blue", "A"),
        fighter("Lurk2", "blue", "A"),
        fighter("Vic1", "red", "A", skills={"observation": 2}),
        fighter("Vic2", "red", "A", skills={"observation": 2}),
        fighter("Vic3", "red", "A", skills={"observation": 2}),
    ]
    return scenario_dict(
        zones=["A"], combatants=combatants, rules=rules, ambush={"by": "blue", "prepared": prepared}
    )


@pytest.mark.rule("AMBUSH-01")
@pytest.mark.parametrize("prepared, dice", [(False, 5), (True, 3)])
def test_each_ambush_victim_rolls_observation(prepared, dice):
    state = game(ambush_data(prepared), FixedDice([6] * 15))
    rolls = [e for e in state.opening if e.kind == "roll"]
    assert [state.combatants[e.actor].name for e in rolls] == ["Vic1", "Vic2", "Vic3"]
    assert all(e.get("skill") == "Observation" and len(e.get("dice")) == dice for e in rolls)
    assert "ambushed" not in kinds(state.opening)


@pytest.mark.rule("AMBUSH-01", "AMBUSH-02", "INIT-NPC-01")
def test_each_member_of_an_npc_group_rolls_for_itself_when_ambushed():
    data = ambush_data()
    for spec in data["combatants"][2:]:
        spec["group"] = "victims"
    # Vic1 fails, Vic2 spots the ambush, Vic3 fails: 3 rolls of 5 dice, not one by the first
    faces = seq([2] * 5, [6, 2, 2, 2, 2], [2] * 5)
    state = game(data, FixedDice(faces))
    rolls = [e for e in state.opening if e.kind == "roll" and e.get("purpose") == "ambush"]
    assert [state.combatants[e.actor].name for e in rolls] == ["Vic1", "Vic2", "Vic3"]
    assert [len(e.get("dice")) for e in rolls] == [5, 5, 5]
    assert [state.combatants[e.target].name for e in state.opening if e.kind == "ambushed"] == ["Vic1", "Vic3"]
    assert card(state, "Vic1") == card(state, "Vic3") == 10  # the surprised part of the group: one bottom card
    assert 1 <= card(state, "Vic2") <= 9


@pytest.mark.rule("AMBUSH-01", "INIT-NPC-01")
def test_the_group_roll_switch_lets_an_npc_group_roll_once_by_its_first_member():
    data = ambush_data(ambush_group_roll=True)
    for spec in data["combatants"][2:]:
        spec["group"] = "victims"
    state = game(data, FixedDice([2] * 15))
    rolls = [e for e in state.opening if e.kind == "roll" and e.get("purpose") == "ambush"]
    assert [state.combatants[e.actor].name for e in rolls] == ["Vic1"]
    assert {card(state, n) for n in ("Vic1", "Vic2", "Vic3")} == {10}


@pytest.mark.rule("AMBUSH-02")
def test_failed_victims_get_the_bottom_cards_from_ten_up():
    faces = seq([2] * 5, [6, 2, 2, 2, 2], [2] * 5)  # Vic1 fails, Vic2 spots it, Vic3 fails
    state = game(ambush_data(), FixedDice(faces))
    assert [state.combatants[e.target].name for e in state.opening if e.kind == "ambushed"] == [
        "Vic1",
        "Vic3",
    ]
    assert (card(state, "Vic1"), card(state, "Vic3")) == (10, 11)
    assert all(1 <= card(state, n) <= 9 for n in ("Lurk1", "Lurk2", "Vic2"))
    assert play_round(state)[-2:] == ["Vic1", "Vic3"]


@pytest.mark.rule("AMBUSH-02")
def test_bottom_cards_are_assigned_at_random():
    data = ambush_data(True)
    for spec in data["combatants"][2:4]:
        spec["attributes"]["wits"] = 1
        spec["skills"] = {}  # 1 - 2 = no dice: they always fail
    data["combatants"].pop()
    scenario = build(data, "<test>")
    rng = np.random.default_rng(77)
    n = 600
    first = 0
    for _ in range(n):
        state = engine.new_game(scenario, rng)
        assert sorted(state.cards[2:4]) == [10, 11]
        first += state.cards[2] == 10
    assert abs(first / n - 0.5) < 4 * np.sqrt(0.25 / n)


@pytest.mark.rule("AMBUSH-02", "AMB-28")
def test_bottom_cards_skip_a_card_a_surprise_attacker_took():
    data = ambush_data()
    data["combatants"][0]["surprise"] = True
    state = game(data, FixedDice([2] * 15))
    engine.apply(state, Action(Kind.CHOOSE_CARD, option=10), FixedDice([2] * 15))
    assert card(state, "Lurk1") == 10
    assert sorted(card(state, n) for n in ("Vic1", "Vic2", "Vic3")) == [11, 12, 13]
    assert 1 <= card(state, "Lurk2") <= 9


@pytest.mark.rule("AMBUSH-02", "AMB-27")
def test_with_an_extended_deck_failed_victims_still_act_last():
    data = ambush_data(initiative_overflow="extend_deck")
    data["combatants"] += [fighter(f"Extra{i}", "blue", "A") for i in range(7)]  # 12 drawers
    state = game(data, FixedDice([2] * 15))
    victims = sorted(card(state, n) for n in ("Vic1", "Vic2", "Vic3"))
    assert victims == [10, 11, 12]
    assert sorted(state.cards) == list(range(1, 13))
    assert play_round(state)[-3:] == ["Vic1", "Vic2", "Vic3"]
