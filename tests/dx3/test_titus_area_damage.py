"""Titus on the area-damage check of the hidden (HR-STEALTH-07/08 with DX3-TITUS-03A..C): the check
waits for the end of the damage step (PendingAttack.lurking), then a hidden PC sublimates on its 【精神】
and a PC attacker on its answering 〈知覚〉, through the one sublimation decision; a hidden rider thrown
off its wreck takes the same check (HR-VEH-08/09). Scripted dice."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from tests.dx3.fights import act, fighter, game, of, scenario_data
from tests.dx3.test_area_riders import PAL, blast
from tests.dx3.test_area_riders import blast_game as van_blast_game
from tests.dx3.test_attack_effects import BLAST, FOE, SWORD, foe, hero, play, to_major, unanswered
from tests.dx3.test_dx3_invariants import check_state, same_as_pickled, snapshot
from yz_gym.agents import dx3_odds, dx3_titus
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import CheckFor, Dx3Action, Dx3State, Kind
from yz_gym.rulesets.dx3.stealth import Hidden, perception
from yz_gym.rulesets.dx3.titus import boost_check
from yz_gym.scenario.loading import load

BEFORE = [Dx3Action(Kind.TITUS_DICE), Dx3Action(Kind.TITUS_CRIT), Dx3Action(Kind.DECLINE)]
AFTER = [Dx3Action(Kind.TITUS_RESULT), Dx3Action(Kind.DECLINE)]
SLY = 2


def npc_blast(lois: int) -> Dx3State:
    """Brute (行動値 10, 〈白兵〉 2, 【感覚】 5, a sword) swings 《blast》 (範囲) at Mate's engagement, where
    Sly, a PC with `lois` Lois and 【精神】 2, hides: 達成値 8 + 2 - 1 = 9, damage 1D10 7 + 5 = 12 each."""
    brute = fighter("Brute", "npcs", 10, abilities={"sense": 5}, skills={"白兵": 2}, weapons=["sword"],
                    effects={"blast": 1})  # fmt: skip
    state = game(brute, fighter("Mate", "pcs", 10, pc=True), fighter("Sly", "pcs", 10, pc=True, hidden=True, lois=lois),
                 effects={"blast": BLAST})  # fmt: skip
    act(state, Kind.SKIP_MINOR)
    play(state, Dx3Action(Kind.ATTACK, 1, 0, combo=0), 8, 1, 1)
    events = unanswered(state, 7)
    assert [(e.target, e.get("hp_lost")) for e in of(events, "damage")] == [(1, 12), (SLY, 12)]
    assert not of(events, "hidden_hit")  # it waits for Sly's decision
    s = state.sublimation
    assert s is not None and (s.purpose, s.roller, s.subject) == (CheckFor.MIND, SLY, 0)
    assert s.check is not None and s.check.dice == 2 and engine.legal_actions(state) == BEFORE
    return state


@pytest.mark.rule("HR-STEALTH-07", "DX3-TITUS-03A", "DX3-TITUS-05")
def test_a_hidden_pc_sublimates_for_ten_more_dice_on_its_mind_after_the_area_damage() -> None:
    state = npc_blast(lois=1)
    # its last Lois: 12 dice, 9; Brute's 〈知覚〉 (【感覚】 5, no skill): 5 dice, 8
    events = act(state, Kind.TITUS_DICE, dice=(9, *(1,) * 11, 8, 1, 1, 1, 1))
    assert [e.get("use") for e in of(events, "titus")] == ["dice"] and state.fighters[SLY].char.lois == 0
    [check] = of(events, "hidden_hit")
    assert len(check.get("faces")[0]) == 12 and (check.get("achievement"), check.get("rival")) == (9, 8)
    assert check.get("hidden") and state.fighters[SLY].hidden.hidden
    assert state.pending is None and state.sublimation is None  # the attack is over, the fight goes on


@pytest.mark.rule("HR-STEALTH-07", "HR-STEALTH-08", "DX3-TITUS-03C")
def test_a_raised_mind_that_only_ties_the_attacker_still_loses_the_hidden_state() -> None:
    state = npc_blast(lois=2)
    act(state, Kind.DECLINE, dice=(3, 2))  # 【精神】 2 dice: 3
    assert engine.legal_actions(state) == AFTER  # nothing to beat known yet (`titus_result_at: own_roll`)
    act(state, Kind.TITUS_RESULT, dice=(6,))  # 3 + 6 = 9
    events = act(state, Kind.DECLINE, dice=(9, 1, 1, 1, 1))  # Brute: 9, a tie
    [check] = of(events, "hidden_hit")
    assert (check.get("achievement"), check.get("rival"), check.get("hidden")) == (9, 9, False)
    assert not state.fighters[SLY].hidden.hidden and state.fighters[SLY].char.lois == 1


@pytest.mark.rule("HR-STEALTH-07", "DX3-TITUS-03C", "DX3-TITUS-04")
def test_under_both_rolls_the_attacker_rolls_first_and_the_mind_is_raised_only_while_it_loses() -> None:
    brute = fighter("Brute", "npcs", 10, abilities={"sense": 5}, skills={"白兵": 2}, weapons=["sword"],
                    effects={"blast": 1})  # fmt: skip
    state = game(brute, fighter("Mate", "pcs", 10, pc=True), fighter("Sly", "pcs", 10, pc=True, hidden=True, lois=2),
                 effects={"blast": BLAST}, dx3_rules={"titus_result_at": "both_rolls"})  # fmt: skip
    act(state, Kind.SKIP_MINOR)
    play(state, Dx3Action(Kind.ATTACK, 1, 0, combo=0), 8, 1, 1)
    unanswered(state, 7)
    act(state, Kind.DECLINE, dice=(3, 2, 6, 1, 1, 1, 1))  # Sly 3, then Brute's 5 dice at once: 6
    assert engine.legal_actions(state) == AFTER
    events = act(state, Kind.TITUS_RESULT, dice=(4,))  # 3 + 4 = 7 beats 6: nothing more is offered
    [check] = of(events, "hidden_hit")
    assert (check.get("achievement"), check.get("rival"), check.get("hidden")) == (7, 6, True)
    assert state.fighters[SLY].char.lois == 1


@pytest.mark.rule("HR-STEALTH-07", "HR-STEALTH-08", "DX3-TITUS-03C")
def test_a_pc_attacker_raises_its_perception_to_a_tie_and_finds_the_hidden_enemy() -> None:
    """The hero (PC, 1 Lois) blasts the foe's engagement where Sly (an NPC, 【精神】 2) hides."""
    state = game(hero({"blast": 1}, lois=1), foe(), foe("Sly", hidden=True), effects={"blast": BLAST})
    to_major(state)
    play(state, Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0))  # its hit check first asks about a Titus
    act(state, Kind.DECLINE, dice=(9, 3, 2, 1))  # 達成値 10
    act(state, Kind.DECLINE)  # no +1D10 on it
    events = unanswered(state, 7, 4, 7, 1)  # damage 16 each; Sly's 【精神】 2 dice: 7
    assert not of(events, "hidden_hit")
    s = state.sublimation
    assert s is not None and (s.purpose, s.roller, s.subject) == (CheckFor.NOTICE, 0, SLY)
    assert s.earlier is not None and s.earlier.achievement == 7 and engine.legal_actions(state) == BEFORE
    act(state, Kind.DECLINE, dice=(6, 1, 1))  # 〈知覚〉: 【感覚】 2 + 1 die at 60%: 6, losing to 7
    assert engine.legal_actions(state) == AFTER
    events = act(state, Kind.TITUS_RESULT, dice=(1,))  # 6 + 1 = 7: the tie goes to the attacker
    [check] = of(events, "hidden_hit")
    assert (check.actor, check.target) == (SLY, 0)
    assert (check.get("achievement"), check.get("rival"), check.get("hidden")) == (7, 7, False)
    assert not state.fighters[SLY].hidden.hidden and state.pending is None


@pytest.mark.rule("HR-STEALTH-07", "HR-VEH-08", "HR-VEH-09", "DX3-TITUS-03A")
def test_a_hidden_rider_thrown_off_by_an_area_attack_takes_the_mind_check_and_may_sublimate() -> None:
    """E's 《blast》 (達成値 9) wrecks the van (HP 5): the hidden passenger P (1 Lois) takes 1D10."""
    state = van_blast_game(hp=5, destruction_dice=1)
    state.fighters[1].hidden = Hidden(True)
    state.fighters[1].char.lois = 1
    blast(state)
    # damage 1D10 7 + 5 = 12: the van loses 6 (装甲値 6) and breaks, its riders take 1D10: 3 and 4; Pal 12
    events = unanswered(state, 7, 3, 4)
    assert of(events, "vehicle_destroyed")[0].get("damage") == [3, 4]
    assert [(e.target, e.get("hp_lost")) for e in of(events, "damage")] == [(0, 3), (1, 4), (PAL, 12)]
    s = state.sublimation
    assert s is not None and (s.purpose, s.roller) == (CheckFor.MIND, 1)
    events = act(state, Kind.TITUS_DICE, dice=(8, *(1,) * 11, 7, 1, 1, 1))  # 12 dice: 8; E's 4 dice: 7
    [check] = of(events, "hidden_hit")
    assert (check.actor, check.target) == (1, 2) and (check.get("achievement"), check.get("rival")) == (8, 7)
    assert state.fighters[1].hidden.hidden and state.fighters[1].vehicle == -1


@pytest.mark.rule("DX3-HID-09", "HR-VEH-09")
@pytest.mark.parametrize("ends", [False, True])
def test_a_hidden_rider_thrown_off_by_a_single_target_attack_stays_hidden_unless_damage_ends_it(ends: bool) -> None:
    """E strikes the driver; the van (HP 5) breaks and the hidden passenger takes 1D10: no area, no check."""
    state = van_blast_game(hp=5, destruction_dice=1)
    state.fighters[1].hidden = Hidden(True)
    state.options = replace(state.options, hidden_ends_on_damage=ends)
    act(state, Kind.ATTACK, target=0, option=0, dice=(8, 1, 1))
    events = act(state, Kind.NO_REACTION, dice=(7, 3, 4))
    assert [(e.target, e.get("hp_lost")) for e in of(events, "damage")] == [(0, 3), (1, 4)]
    assert not of(events, "hidden_hit") and state.fighters[1].hidden.hidden is not ends
    assert [e.actor for e in of(events, "revealed")] == ([1] if ends else [])



@pytest.mark.rule("HR-STEALTH-08", "DX3-TITUS-03A")
def test_dx3_tactical_weighs_the_mind_check_with_ties_to_the_attacker_whatever_tie_says() -> None:
    state = npc_blast(lois=1)
    state.options = replace(state.options, tie="action")
    s = state.sublimation
    assert s is not None and s.check is not None
    brute = dx3_odds.of(perception(state.fighters[0].char, state.options))  # 5 dice
    mine = dx3_odds.of(s.check)  # 2 dice
    chance = dx3_titus._chance(state, s, s.check)
    assert chance == pytest.approx(dx3_odds.opposed(mine, brute, "reaction", state.options.no_reaction_value))
    assert chance < dx3_odds.opposed(mine, brute, "action", state.options.no_reaction_value)
    boosted = dx3_titus._chance(state, s, boost_check(s.check, 1, 0))  # 12 dice
    assert 0.0 < chance < 0.5 < boosted < 1.0


@pytest.mark.rule("HR-STEALTH-07", "DX3-TITUS-04")
def test_random_play_of_area_blasts_among_the_hidden_keeps_the_invariants_and_pickles_mid_decision() -> None:
    """Two hidden PCs and a visible one (3 Lois each) engaged with two NPCs, all with 《blast》: random
    legal actions keep the invariants, and a fight pickled while a PC decides on an area-damage check
    (or at any 7th action) plays on alike; both new checks come up."""
    people = [
        fighter(name, side, 10, pc=side == "pcs", lois=3 if side == "pcs" else 0, hidden=hidden,
                skills={"白兵": 2}, weapons=["sword"], effects={"blast": 1})
        for name, side, hidden in (("A", "pcs", True), ("B", "pcs", True), ("C", "pcs", False),
                                   ("X", "npcs", False), ("Y", "npcs", False))
    ]  # fmt: skip
    scenario = load(scenario_data(*people, effects={"blast": BLAST})).scenario
    rng, asked, taken = np.random.default_rng(5), Counter[int](), 0
    while taken < 800:
        state = engine.new_game(scenario, rng)
        before = snapshot(state)
        while not engine.is_over(state) and taken < 800:
            legal = engine.legal_actions(state)
            sub = state.sublimation
            if sub is not None and sub.purpose in (CheckFor.MIND, CheckFor.NOTICE):
                asked[sub.purpose] += 1
                same_as_pickled(state, rng)
            elif taken % 7 == 0:
                same_as_pickled(state, rng)
            engine.apply(state, legal[int(rng.integers(len(legal)))], rng, legal)
            taken += 1
            check_state(state, before)
            before = snapshot(state)
    assert asked[CheckFor.MIND] > 0 and asked[CheckFor.NOTICE] > 0
