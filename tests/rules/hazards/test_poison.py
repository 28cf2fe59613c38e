"""Poison (HAZ-POISON-*): the potency's dice, the opposed Stamina roll, the three effects and
their timing on the clock, antidotes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import FixedDice
from tests.rules.hazards.hazard_kit import kinds, timed, victim
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.hazards.poison import (
    Poison,
    expose_to_poison,
    give_antidote,
    poison_time,
    poison_turn,
)
from yz_gym.rulesets.yze.hazards.resisting import grade_of, rating_dice
from yz_gym.rulesets.yze.hazards.setting import POTENCIES
from yz_gym.rulesets.yze.options import RuleOptions

H = HazardOptions()
FAIL3 = [2, 2, 2]  # Vic's 3 Strength dice: no success
WEAK_HIT = [6, 2, 2]  # a potency-3 poison's 3 D6: one success


def sides(mode: str, potency: int, reading: str = "nearest") -> list[int]:
    return list(rating_dice(RuleOptions(dice_mode=mode), HazardOptions(rating_to_step=reading), potency).sides)


@pytest.mark.rule("HAZ-POISON-01", "AMB-04", "ENV-04")
def test_potency_rolls_as_many_d6_or_two_dice_of_its_grade():
    assert POTENCIES == {"weak": 3, "strong": 6, "virulent": 9}
    assert sides("pool", 3) == [6] * 3 and sides("pool", 6) == [6] * 6 and sides("pool", 9) == [6] * 9
    assert [sides("step", p) for p in (3, 6, 9, 12)] == [[6, 6], [8, 8], [10, 10], [12, 12]]
    assert [grade_of(p, "nearest") for p in (3, 6, 9, 12, 15)] == ["D", "C", "B", "A", "A"]


@pytest.mark.rule("ENV-08", "AMB-04")
def test_a_potency_between_grades_takes_the_nearest_or_with_floor_the_one_below():
    assert [grade_of(p, "nearest") for p in (1, 4, 5, 7, 8, 10, 11)] == ["D", "D", "C", "C", "B", "B", "A"]
    assert [grade_of(p, "floor") for p in (1, 5, 8, 11)] == ["D", "D", "C", "B"]
    assert sides("step", 5) == [8, 8] and sides("step", 5, "floor") == [6, 6]


def test_a_poison_needs_a_potency_and_a_known_effect():
    with pytest.raises(ValueError, match="potency must be at least 1"):
        Poison("dud", 0, "lethal")
    with pytest.raises(ValueError, match="effect must be one of"):
        Poison("dud", 3, "itchy")  # type: ignore[arg-type]


@pytest.mark.rule("HAZ-POISON-02", "HAZ-POISON-03", "AMB-03", "ENV-05")
def test_the_victim_resists_only_with_a_success_left_over_and_a_tie_poisons():
    poison = Poison("adder venom", 3, "lethal")
    for mine, theirs, poisoned in (([6, 2, 2], [6, 2, 2], True), ([2, 2, 2], [2, 2, 2], True),
                                   ([6, 6, 2], [6, 2, 2], False), ([6, 2, 2], [2, 2, 2], False)):
        state, vic = victim()
        events: list = []
        assert expose_to_poison(state, H, vic, poison, FixedDice([*mine, *theirs]), events) is poisoned
        assert kinds(events) == (["hazard_roll", "poisoned"] if poisoned else ["hazard_roll"])
        roll = events[0].data
        assert len(roll["dice"]) == 3 and roll["against"] == theirs.count(6) and roll["rating"] == 3
        assert timed(vic) == ([("lethal_poison", 60)] if poisoned else [])  # out of a fight: a tick a stretch


@pytest.mark.rule("AMB-03", "OPP-03")
def test_with_reroll_a_tie_is_rolled_again():
    state, vic = victim({"opposed_tie": "reroll"})
    events: list = []
    dice = FixedDice([6, 2, 2, 6, 2, 2, 6, 2, 2, 2, 2, 2])  # 1 v 1, then 1 v 0
    assert not expose_to_poison(state, H, vic, Poison("venom", 3, "lethal"), dice, events)
    assert kinds(events) == ["hazard_roll", "hazard_roll"] and vic.timed == []


def lethal(rules: dict[str, Any] | None = None, **spec: Any):
    state, vic = victim(rules, skills={"stamina": 2}, **spec)
    expose_to_poison(state, H, vic, Poison("venom", 3, "lethal"), FixedDice([2] * 5 + WEAK_HIT), [])
    return state, vic


@pytest.mark.rule("HAZ-POISON-LETHAL-01", "HAZ-POISON-LETHAL-02")
def test_lethal_poison_deals_1_damage_each_turn_until_broken_then_a_won_second_roll_ends_it():
    state, vic = lethal()
    events: list = []
    for strength in (2, 1):
        poison_turn(state, H, vic, FixedDice(), events)
        assert vic.attrs[0] == strength and not vic.broken
    assert kinds(events) == ["damage", "damage"]
    events.clear()
    poison_turn(state, H, vic, FixedDice([6, 6, *WEAK_HIT]), events)  # Broken: skill dice only, 2 v 1
    assert vic.attrs[0] == 0 and vic.broken and not vic.dead
    assert kinds(events) == ["damage", "broken", "hazard_roll", "poison_ended"] and len(events[2].data["dice"]) == 2
    assert events[3].data == {"condition": "lethal_poison", "by": "resisted"} and vic.timed == []
    assert "critical" not in kinds(events) and not vic.injuries  # like FIRE-05: no crit from poison


@pytest.mark.rule("HAZ-POISON-LETHAL-02")
def test_lethal_poison_kills_when_the_second_roll_fails():
    state, vic = lethal()
    poison_turn(state, H, vic, FixedDice(), [])
    poison_turn(state, H, vic, FixedDice(), [])
    events: list = []
    poison_turn(state, H, vic, FixedDice([6, 2, *WEAK_HIT]), events)  # 1 v 1: a tie fails
    assert vic.dead and events[-1].kind == "death" and events[-1].data["cause"].startswith("lethal poison")


@pytest.mark.rule("HAZ-POISON-LETHAL-02")
def test_with_rolls_again_a_broken_victim_rolls_at_each_tick_until_it_fails():
    state, vic = lethal()
    again = HazardOptions(lethal_resisted="rolls_again")
    vic.attrs[0] = 0  # Broken by something else: no damage, the roll comes at once
    events: list = []
    poison_turn(state, again, vic, FixedDice([6, 6, *WEAK_HIT]), events)
    assert kinds(events) == ["hazard_roll"] and timed(vic) == [("lethal_poison", 60)]
    poison_turn(state, again, vic, FixedDice([2, 2, *WEAK_HIT]), events)
    assert vic.dead


@pytest.mark.rule("AMB-06", "HAZ-POISON-LETHAL-01", "TIME-06")
@pytest.mark.parametrize(("tick", "rules", "period"), [
    ("stretch", {}, 60), ("stretch", {"rounds_per_stretch": 100}, 100), ("round", {}, 1),
    ("shift", {}, 3600), ("shift", {"stretches_per_shift": 48}, 2880), ("shift", {"stretches_per_shift": 36}, 2160),
])
def test_away_from_a_fight_lethal_poison_ticks_once_per_unit_of_the_clock(tick, rules, period):
    options = HazardOptions(lethal_tick=tick)
    state, vic = victim(rules, skills={"stamina": 2})
    expose_to_poison(state, options, vic, Poison("venom", 3, "lethal"), FixedDice([2] * 5 + WEAK_HIT), [])
    assert timed(vic) == [("lethal_poison", period)]
    poison_time(state, options, vic, period - 1, FixedDice(), [], in_fight=False)
    assert vic.attrs[0] == 3
    poison_time(state, options, vic, 1, FixedDice(), [], in_fight=False)
    assert vic.attrs[0] == 2
    poison_time(state, options, vic, period, FixedDice(), [], in_fight=True)  # in a fight: turns only
    assert vic.attrs[0] == 2
    poison_time(state, options, vic, period, FixedDice(), [], in_fight=False)
    assert vic.attrs[0] == 1


@pytest.mark.rule("HAZ-POISON-PARALYZE-01", "ENV-02", "AMB-01", "TIME-06")
@pytest.mark.parametrize(("rules", "stretch"), [({}, 60), ({"rounds_per_stretch": 100}, 100)])
def test_paralysing_poison_takes_the_victim_out_for_exactly_a_stretch(rules, stretch):
    state, vic = victim(rules)
    events: list = []
    assert expose_to_poison(state, H, vic, Poison("curare", 6, "paralysing"), FixedDice(FAIL3 + [2] * 6), events)
    assert timed(vic) == [("paralysed", stretch)] and vic.incapacitated and vic.out and not vic.broken
    assert events[-1].data == {"poison": "curare", "effect": "paralysing", "potency": 6}
    for _ in range(stretch - 1):
        poison_time(state, H, vic, 1, FixedDice(), events)
    assert vic.out and timed(vic) == [("paralysed", 1)]
    poison_time(state, H, vic, 1, FixedDice(), events)
    assert not vic.out and vic.timed == [] and kinds(events)[-1] == "poison_ended"
    assert events[-1].data == {"condition": "paralysed", "by": "time"}


@pytest.mark.rule("HAZ-POISON-SLEEP-01", "AMB-01", "TIME-06")
@pytest.mark.parametrize(("rules", "shift"), [
    ({}, 3600), ({"stretches_per_shift": 48}, 2880), ({"stretches_per_shift": 36}, 2160),
    ({"rounds_per_stretch": 100, "stretches_per_shift": 36}, 3600),
])
def test_sleeping_poison_lasts_exactly_a_shift_of_the_clock(rules, shift):
    state, vic = victim(rules)
    expose_to_poison(state, H, vic, Poison("poppy", 3, "sleeping"), FixedDice(FAIL3 + WEAK_HIT), [])
    assert timed(vic) == [("asleep", shift)] and vic.out
    poison_time(state, H, vic, shift - 1, FixedDice(), [])
    assert vic.out
    poison_time(state, H, vic, 1, FixedDice(), [])
    assert not vic.out and vic.timed == []


def test_a_second_dose_keeps_one_condition_with_the_longer_time_and_stronger_potency():
    state, vic = victim()
    expose_to_poison(state, H, vic, Poison("curare", 3, "paralysing"), FixedDice(FAIL3 + WEAK_HIT), [])
    poison_time(state, H, vic, 40, FixedDice(), [])
    expose_to_poison(state, H, vic, Poison("curare", 9, "paralysing"), FixedDice(FAIL3 + [2] * 9), [])
    assert [(t.kind, t.left, t.potency) for t in vic.timed] == [("paralysed", 60, 9)]


@pytest.mark.rule("HAZ-POISON-04")
def test_an_antidote_ends_every_poison_effect_and_the_victim_acts_again():
    state, vic = victim()
    expose_to_poison(state, H, vic, Poison("poppy", 3, "sleeping"), FixedDice(FAIL3 + WEAK_HIT), [])
    expose_to_poison(state, H, vic, Poison("venom", 3, "lethal"), FixedDice(FAIL3 + WEAK_HIT), [])
    events: list = []
    assert give_antidote(vic, events, giver=1)
    assert vic.timed == [] and not vic.out
    assert kinds(events) == ["poison_ended", "poison_ended"] and events[0].actor == 1
    assert {e.data["by"] for e in events} == {"antidote"}
    assert not give_antidote(vic, [])
