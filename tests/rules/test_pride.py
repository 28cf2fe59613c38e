"""DICE-13: a Pride gives one automatic success, once per session (a game), as the roller decides.

Dice are scripted with FixedDice: a pool rolls attribute dice, then skill dice, then gear dice.
Red (Strength 3, Melee 1) strikes Blue (Strength 5) with a knife (bonus 1, damage 2): 5 dice.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict, turn_of
from tests.rules.test_injuries import crit, keep_order, party
from yz_gym.agents.aggressive import AggressiveAgent
from yz_gym.agents.tactical import TacticalAgent
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.dice import DicePool, Die, Roll, Source
from yz_gym.rulesets.yze.resolution.pride import add_claimed_pride, settle_at_game_end
from yz_gym.rulesets.yze.resolution.stages import F_PRIDE
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.state import STR, WIT, Frame
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.narrate import narrate
from yz_gym.scenario import ScenarioError

PRIDE = "Never lost a knife fight"
TOUGH = {"strength": 5, "agility": 3, "wits": 3, "empathy": 3}
MISS = [2, 3, 4, 5, 2]  # five dice, no six
CLAIM, DECLINE = Action(Kind.PRIDE), Action(Kind.DECLINE)


def duel(pride: str | None = PRIDE, **rules: object):
    """Red (with `pride`) engaged with Blue; Red's turn; no help or stress questions."""
    red = fighter("Red", "red", "Yard", pc=True, engaged_with=["Blue"], weapons=["knife"], skills={"Melee": 1})
    if pride is not None:
        red["pride"] = pride
    blue = fighter("Blue", "blue", "Yard", attributes=TOUGH)
    data = scenario_dict(
        zones=["Yard"], combatants=[red, blue], rules={"offer_help": False, "stress_from_events": False, **rules}
    )
    return turn_of(game(data), "Red")


def strike(state, first, pushed=None):
    """Red strikes Blue: Blue does not block; `first` faces, then a push with `pushed` (None = no push)."""
    events = act(state, FixedDice(first), Kind.CLOSE_ATTACK, target="Blue")
    while engine.decision_kind(state) in ("block", "help", "overwatch"):
        events += engine.apply(state, DECLINE, FixedDice())
    if engine.decision_kind(state) == "push":
        events += engine.apply(state, DECLINE if pushed is None else Action(Kind.PUSH), FixedDice(pushed or []))
    return events


@pytest.mark.rule("DICE-13", "DICE-08")
def test_a_pride_turns_a_failed_roll_into_one_success_and_a_hit_at_base_damage():
    state = duel()
    events = strike(state, MISS)
    assert engine.decision_kind(state) == "pride"
    assert engine.legal_actions(state) == [CLAIM, DECLINE]
    events += engine.apply(state, CLAIM, FixedDice())
    pride = next(e for e in events if e.kind == "pride")
    assert pride.get("successes") == 1 and pride.get("pride") == PRIDE
    assert "hit" in kinds(events)
    assert by_name(state, "Blue").attrs[STR] == 5 - 2  # the knife's 2: one success adds nothing (DICE-08)
    assert by_name(state, "Red").pride_used


@pytest.mark.rule("DICE-13", "DICE-08")
def test_a_pride_on_a_success_adds_one_damage():
    state = duel()
    strike(state, [6, 6, 2, 3, 4])
    engine.apply(state, CLAIM, FixedDice())
    assert by_name(state, "Blue").attrs[STR] == 5 - (2 + 2)  # three successes: knife 2 + 2 extra


@pytest.mark.rule("DICE-13")
def test_declining_keeps_the_pride_for_a_later_roll_and_it_works_once_per_session():
    state = duel()
    events = strike(state, MISS)
    events += engine.apply(state, DECLINE, FixedDice())
    assert "miss" in kinds(events) and by_name(state, "Blue").attrs[STR] == 5
    red = by_name(state, "Red")
    assert not red.pride_used
    state.round += 1  # a new round: Red's two actions are back
    red.actions_used, red.slow_used = 0, False
    strike(state, MISS)
    engine.apply(state, CLAIM, FixedDice())
    assert red.pride_used and by_name(state, "Blue").attrs[STR] == 3
    red.actions_used, red.slow_used = 0, False
    events = strike(state, MISS)
    assert engine.decision_kind(state) != "pride"  # used: never asked again
    assert "miss" in kinds(events) and by_name(state, "Blue").attrs[STR] == 3


@pytest.mark.rule("DICE-13", "PUSH-04")
def test_a_pride_is_offered_once_the_roll_is_final_after_a_push():
    state = duel()
    events = strike(state, MISS, pushed=[2, 3, 4, 6, 5])  # the push re-rolls all five dice: one six
    assert engine.decision_kind(state) == "pride"
    events += engine.apply(state, CLAIM, FixedDice())
    order = [k for k in kinds(events) if k in ("roll", "push", "pride", "hit")]
    assert order == ["roll", "push", "pride", "hit"]
    assert next(e for e in events if e.kind == "pride").get("successes") == 2
    assert by_name(state, "Blue").attrs[STR] == 5 - 3  # two successes: knife 2 + 1


@pytest.mark.rule("DICE-13")
def test_without_a_pride_nobody_is_asked_and_events_stay_as_before():
    state = duel(pride=None)
    events = strike(state, MISS)
    assert "pride" not in kinds(events) and engine.decision_kind(state) == "turn"
    assert "miss" in kinds(events)


@pytest.mark.rule("DICE-13")
def test_before_roll_timing_asks_before_the_dice_and_adds_the_success_to_the_final_roll():
    state = duel(pride_timing="before_roll")
    events = act(state, FixedDice(), Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "pride" and "roll" not in kinds(events)
    events += engine.apply(state, CLAIM, FixedDice(MISS))
    assert engine.decision_kind(state) == "push"  # the pushed dice are the rolled ones; the success waits
    events += engine.apply(state, Action(Kind.PUSH), FixedDice([2, 2, 2, 2, 2]))
    assert "hit" in kinds(events) and by_name(state, "Blue").attrs[STR] == 5 - 2
    assert kinds(events).index("pride") < kinds(events).index("roll")


@pytest.mark.rule("DICE-13")
def test_the_pride_is_narrated_and_survives_a_clone_and_a_pickle():
    state = duel()
    events = strike(state, MISS)
    events += engine.apply(state, CLAIM, FixedDice())
    assert f'  Red draws on their Pride ("{PRIDE}"): one automatic success - 1 success.' in narrate(state, events)
    for copy in (state.clone(), pickle.loads(pickle.dumps(state))):
        red = by_name(copy, "Red")
        assert (red.pride, red.pride_used) == (PRIDE, True)


@pytest.mark.rule("DICE-13")
def test_an_empty_or_overlong_pride_is_refused_naming_the_field():
    for text in ("", "x" * 201):
        data = scenario_dict(combatants=[fighter("Red", "red", "A", pride=text), fighter("Blue", "blue", "B")])
        with pytest.raises(ScenarioError, match="pride"):
            load_scenario(data)


@pytest.mark.rule("DICE-13")
@pytest.mark.parametrize("agent", [AggressiveAgent, TacticalAgent])
def test_scripted_agents_claim_the_pride_only_to_turn_a_failed_attack_into_a_success(agent):
    state = duel()
    strike(state, MISS)
    assert agent(0).choose(state, engine.legal_actions(state)) == CLAIM
    state = duel()
    strike(state, [6, 2, 3, 4, 5])  # already a hit: keep the Pride
    assert agent(0).choose(state, engine.legal_actions(state)) == DECLINE


@pytest.mark.rule("DICE-13")
def test_a_random_game_with_prides_uses_each_at_most_once():
    red = fighter("Red", "red", "Yard", pc=True, weapons=["knife"], skills={"Melee": 2}, pride=PRIDE)
    blue = fighter("Blue", "blue", "Yard", pc=True, weapons=["knife"], skills={"Melee": 2}, pride="Stubborn")
    scenario = load_scenario(scenario_dict(zones=["Yard"], combatants=[red, blue]))
    claimed = 0
    for seed in range(20):
        state = engine.new_game(scenario, seed)
        rng, pick = np.random.default_rng(seed), np.random.default_rng(seed + 1)
        used: list[int] = []
        while engine.current_actor(state) >= 0:
            legal = engine.legal_actions(state)
            events = engine.apply(state, legal[int(pick.integers(len(legal)))], rng)
            used += [e.actor for e in events if e.kind == "pride"]
        assert len(used) == len(set(used))
        claimed += len(used)
    assert claimed > 0


@pytest.mark.rule("DICE-13")
def test_a_pride_claimed_before_the_roll_adds_one_success_once_not_once_per_shot_of_a_burst():
    frame = Frame(Kind.SHOOT, 0, 1, flags=F_PRIDE)
    assert not add_claimed_pride(frame)  # no roll yet: nothing to add to
    frame.roll = Roll(DicePool((Die(Source.ATTRIBUTE, 6), Die(Source.SKILL, 6))), (6, 3))
    assert add_claimed_pride(frame) and frame.roll.successes == 2 and frame.roll.auto == 1
    frame.roll = Roll(frame.roll.pool, (2, 3))  # the burst's next shot (AUTO-01) rolls anew
    assert not add_claimed_pride(frame) and frame.roll.successes == 0


@pytest.mark.rule("DICE-13", "OPP-03", "AMB-03")
def test_a_pride_keeps_its_success_when_opposed_tie_reroll_rolls_a_tie_again():
    red = fighter("Red", "red", "Yard", engaged_with=["Blue"], pride=PRIDE)  # Empathy 3: 3 dice
    blue = fighter("Blue", "blue", "Yard")  # Wits 3: 3 dice of Insight
    rules = {"ask_push": False, "offer_help": False, "stress_from_events": False, "opposed_tie": "reroll"}
    state = turn_of(game(scenario_dict(zones=["Yard"], combatants=[red, blue], rules=rules)), "Red")
    first = [2, 2, 2, 6, 2, 2]  # Persuasion 0, Insight 1: the Pride makes it 1 against 1, a tie
    events = act(state, FixedDice(first), Kind.PERSUADE, target="Blue")
    assert engine.decision_kind(state) == "pride"
    # the tie is rolled again: 1 (+1 Pride) against 1 wins by one; without the Pride's success the
    # re-roll ties once more and the next (0 against 1) loses
    again = [6, 2, 2, 6, 2, 2, 2, 2, 2, 6, 2, 2]
    events += engine.apply(state, CLAIM, FixedDice(again))
    breaks = [e for e in events if e.kind == "roll" and e.get("purpose") == "tie_break"]
    assert [e.get("successes") for e in breaks] == [2]
    assert "unpersuaded" not in kinds(events)
    assert by_name(state, "Blue").attrs[WIT] == 3 - 1  # one net success of stress


# --- DICE-13 on a death roll (DEATH-01/02): the dying one decides --------------------------------

DYING = {"skills": {"stamina": 4}, "pride": PRIDE}  # Strength 3 + Stamina 4


def dying_blue(**rules: object):
    """Blue (Pride, Stamina 4) with a ruptured jugular (CRIT-PHYS-61: a round, -1) during Red's turn;
    Red's END_TURN brings Blue's turn and its death roll: 3 + 4 - 1 = 6 dice."""
    state = party(dict(rules), blue=DYING)
    keep_order(state, "Red", "Blue", "Cyan")
    crit(state, "Blue", 61)
    return state


@pytest.mark.rule("DICE-13", "DEATH-01", "DEATH-02", "CRIT-PHYS-61")
def test_a_failed_death_roll_waits_for_the_dying_ones_pride_and_claiming_it_saves_them():
    state = dying_blue()
    blue = by_name(state, "Blue")
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice([2] * 6))
    roll = next(e for e in events if e.kind == "death_roll")
    assert len(roll.get("dice")) == 6 and roll.get("successes") == 0 and not blue.dead
    assert engine.decision_kind(state) == "pride" and engine.current_actor(state) == blue.id
    assert engine.legal_actions(state) == [CLAIM, DECLINE]
    events = engine.apply(state, CLAIM, FixedDice())
    pride = next(e for e in events if e.kind == "pride")
    assert (pride.actor, pride.get("skill"), pride.get("successes")) == (blue.id, "Stamina", 1)
    assert not blue.dead and blue.pride_used and blue.injuries[0].timer == 1  # DEATH-01: again next round
    assert engine.decision_kind(state) == "turn" and engine.current_actor(state) == blue.id  # Blue acts on


@pytest.mark.rule("DICE-13", "DEATH-01")
def test_declining_the_pride_on_a_failed_death_roll_kills():
    state = dying_blue()
    blue = by_name(state, "Blue")
    engine.apply(state, Action(Kind.END_TURN), FixedDice([2] * 6))
    events = engine.apply(state, DECLINE, FixedDice())
    assert blue.dead and next(e for e in events if e.kind == "death").get("cause") == "failed death roll"
    assert not blue.pride_used and engine.current_actor(state) == by_name(state, "Cyan").id


@pytest.mark.rule("DICE-13", "DEATH-01")
def test_without_a_pride_or_with_it_used_a_failed_death_roll_kills_at_once():
    for used in (None, True):
        state = party(blue={"skills": {"stamina": 4}, **({"pride": PRIDE} if used else {})})
        keep_order(state, "Red", "Blue", "Cyan")
        crit(state, "Blue", 61)
        by_name(state, "Blue").pride_used = bool(used)
        events = engine.apply(state, Action(Kind.END_TURN), FixedDice([2] * 6))
        assert by_name(state, "Blue").dead and "pride" not in kinds(events) and engine.decision_kind(state) == "turn"


@pytest.mark.rule("DICE-13", "DEATH-01", "CRIT-PHYS-52")
def test_a_death_roll_at_the_end_of_the_round_waits_too_and_its_next_limit_is_a_stretch():
    state = party(blue=DYING)
    blue = by_name(state, "Blue")
    keep_order(state, "Red", "Blue", "Cyan")
    injury = crit(state, "Blue", 52)  # severed arm artery: a stretch, -1
    injury.timer = 1  # its stretch runs out at the end of this round
    engine.apply(state, Action(Kind.END_TURN), FixedDice())
    engine.apply(state, Action(Kind.END_TURN), FixedDice())
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice([2] * 6))  # Cyan's: the round ends
    assert len(next(e for e in events if e.kind == "death_roll").get("dice")) == 6
    assert engine.decision_kind(state) == "pride" and engine.current_actor(state) == blue.id
    engine.apply(state, CLAIM, FixedDice())
    assert not blue.dead and injury.timer == 60  # TIME-06: a stretch of 60 rounds to the next roll


@pytest.mark.rule("DICE-13", "DEATH-01")
def test_one_pride_cannot_save_two_failed_death_rolls_at_once():
    state = dying_blue()
    crit(state, "Blue", 62)  # a second round-limit crit: two rolls at Blue's turn
    events = engine.apply(state, Action(Kind.END_TURN), FixedDice([2] * 12))
    assert [e.kind for e in events].count("death_roll") == 2 and by_name(state, "Blue").dead
    assert "pride" not in kinds(events) and engine.decision_kind(state) == "turn" and not state.stack


@pytest.mark.rule("DICE-13")
@pytest.mark.parametrize("agent", [AggressiveAgent, TacticalAgent])
def test_scripted_agents_claim_the_pride_to_survive_a_death_roll(agent):
    state = dying_blue()
    engine.apply(state, Action(Kind.END_TURN), FixedDice([2] * 6))
    assert agent(0).choose(state, engine.legal_actions(state)) == CLAIM


@pytest.mark.rule("DICE-13")
def test_a_game_that_ends_while_a_death_roll_waits_claims_the_pride():
    state = dying_blue()
    blue = by_name(state, "Blue")
    engine.apply(state, Action(Kind.END_TURN), FixedDice([2] * 6))
    events: list = []
    settle_at_game_end(state, events)
    assert blue.pride_used and kinds(events) == ["pride"] and state.stack[0].roll.successes == 1


@pytest.mark.rule("DICE-13", "DEATH-01")
def test_between_fights_a_failed_death_roll_claims_an_unused_pride_once():
    state = party(blue=DYING)
    blue = by_name(state, "Blue")
    crit(state, "Blue", 44).timer = 1  # punctured lung (a shift): its roll comes in the first shift
    events = recover(blue, 1, FixedDice([2] * 7), options=state.options)  # 3 + 4 dice, no six
    assert not blue.dead and blue.pride_used and [e.kind for e in events][:2] == ["death_roll", "pride"]
    crit(state, "Blue", 45).timer = 1
    recover(blue, 1, FixedDice([2] * 7), options=state.options)
    assert blue.dead
