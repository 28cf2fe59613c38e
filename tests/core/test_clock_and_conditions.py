"""The clock (TIME-01..06) and timed conditions on it, with YZE's FIRE-05 burns as the first kind."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, by_name, fighter, game, scenario_dict
from yz_gym.core.clock import UNIT_NAMES, Clock, TimeUnit, unit_named
from yz_gym.core.conditions import ConditionKind, Due, Tick, TimedCondition, falls_due
from yz_gym.rulesets.yze.combat.damage import (
    BURNS,
    CONDITION_KINDS,
    fire_attack,
    lethal_conditions,
    may_stabilise,
)
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.tables import PHYSICAL_CRITS


@pytest.mark.rule("TIME-02", "TIME-04", "TIME-06")
def test_the_default_clock_is_time_06() -> None:
    clock = Clock()
    assert [clock.rounds(u) for u in TimeUnit] == [1, 60, 3600, 14_400, 100_800]
    assert clock.length(TimeUnit.DAY, TimeUnit.SHIFT) == 4 and clock.length(TimeUnit.WEEK, TimeUnit.DAY) == 7
    assert clock.length(TimeUnit.SHIFT, TimeUnit.STRETCH) == 60
    assert UNIT_NAMES == ("round", "stretch", "shift", "day", "week")


@pytest.mark.rule("TIME-05", "TIME-06")
def test_the_switches_set_the_lengths() -> None:
    """TRAVEL-23's former 48 stretches a shift, and S2's clock (100 rounds, 36 stretches)."""
    assert Clock(stretches_per_shift=48).rounds(TimeUnit.SHIFT) == 2880
    s2 = Clock(rounds_per_stretch=100, stretches_per_shift=36)
    assert s2.rounds(TimeUnit.DAY) == 100 * 36 * 4
    state = game(scenario_dict(rules={"rounds_per_stretch": 30, "stretches_per_shift": 48}))
    assert state.options.clock == Clock(30, 48) and state.options.clock.rounds(TimeUnit.SHIFT) == 1440


def test_a_clock_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="rounds_per_stretch must be at least 1"):
        Clock(rounds_per_stretch=0)
    with pytest.raises(ValueError, match="shorter"):
        Clock().length(TimeUnit.ROUND, TimeUnit.SHIFT)
    with pytest.raises(ValueError, match="unknown time unit 'hour'"):
        unit_named("hour")
    assert unit_named("stretch") == TimeUnit.STRETCH


@pytest.mark.rule("DEATH-01")
def test_crit_time_limits_are_clock_units() -> None:
    assert PHYSICAL_CRITS[52].time_limit == TimeUnit.STRETCH  # CRIT-PHYS-52 severed arm artery
    assert PHYSICAL_CRITS[44].time_limit == TimeUnit.SHIFT  # CRIT-PHYS-44 punctured lung


def test_a_condition_falls_due_on_whole_units_of_its_clock() -> None:
    """A hazard rolled every 2 stretches: 5 stretches and a half of play make it fall due twice,
    with one stretch left before the next."""
    hazard = ConditionKind("test_poison", "HAZ-TEST", TimeUnit.STRETCH, Tick.UNIT, Due.HAZARD_ROLL, every=2)
    condition = hazard.start(potency=4)
    assert condition == TimedCondition("test_poison", 2, 4)
    clock = Clock(rounds_per_stretch=10)
    assert falls_due(condition, hazard, clock, 55) == 2 and condition.left == 1
    assert falls_due(condition, hazard, clock, 9) == 0 and condition.left == 1  # not a whole stretch
    assert falls_due(condition, hazard, clock, 10) == 1 and condition.left == 2
    copy = condition.copy()
    copy.left = 7
    assert condition.left == 2


@pytest.mark.rule("FIRE-05")
def test_burns_are_a_timed_condition_not_an_injury() -> None:
    assert CONDITION_KINDS["burns"] is BURNS
    assert (BURNS.rule, BURNS.unit, BURNS.tick, BURNS.due, BURNS.every) == (
        "FIRE-05", TimeUnit.ROUND, Tick.TURN, Due.DEATH_ROLL, 1,
    )
    state = game(scenario_dict(combatants=[
        fighter("Blue", "blue", "A", attributes={"strength": 1, "agility": 3, "wits": 3, "empathy": 3}),
        fighter("Red", "red", "B"),
    ]))  # fmt: skip
    blue = by_name(state, "Blue")
    blue.burning = 3
    fire_attack(state, blue, FixedDice([6, 2, 2]), [])  # FIRE-05: fire breaks Blue
    assert blue.broken and blue.injuries == [] and lethal_conditions(blue) == blue.timed
    assert may_stabilise(blue)
    clone = state.clone()
    by_name(clone, "Blue").timed[0].heal_blocked = True
    assert not blue.timed[0].heal_blocked and not may_stabilise(by_name(clone, "Blue"))


@pytest.mark.rule("FIRE-05", "DEATH-01")
def test_a_shift_of_rest_makes_the_burns_roll_every_round_until_death() -> None:
    """Away from the fight, burns still call for a death roll each round (3,600 in a shift)."""
    state = game(scenario_dict(rules={"rounds_per_stretch": 2, "stretches_per_shift": 2}))
    blue, red = by_name(state, "Blue"), by_name(state, "Red")
    for c in (blue, red):
        c.timed.append(BURNS.start())
    events = recover(blue, 1, FixedDice([6] * 12), options=state.options)  # 3 Stamina dice a roll
    assert [e.kind for e in events].count("death_roll") == 4 and not blue.dead  # 2 x 2 rounds
    events = recover(red, 1, FixedDice([6, 6, 6, 1, 1, 1]), options=state.options)
    assert [e.kind for e in events] == ["death_roll", "death_roll", "death"] and red.dead
    with pytest.raises(ValueError, match="needs an rng"):
        recover(blue, 1, None, options=state.options)
