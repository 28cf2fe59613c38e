"""Issue 15's long run: random legal decisions over the bundled expeditions and the hazard fights keep
the invariants: the clock only moves on (a day a decision, its shifts in order), no natural recovery
on a track a block stops (HEAL-08..13), the dead stay dead and each has a cause, stores and fuel
never go negative, no condition counts below zero, and every event is catalogued.

The default suite plays `DECISIONS` decisions; the slow one `LONG_RUN` (100,000). The same seed
plays the same journey across processes and after pickling: tests/conformance/test_mode_rules.py
checks it for every bundled expedition (`test_the_same_seed_plays_the_same_game_in_another_process`,
`test_a_copied_game_plays_on_like_the_original`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.conformance.games import Game, uncatalogued
from yz_gym.rulesets.yze.combat import recovery
from yz_gym.rulesets.yze.hazards.kinds import recovery_blocked
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.state import Combatant
from yz_gym.rulesets.yze.travel.expedition import Expedition
from yz_gym.rulesets.yze.travel.shifts import SHIFT_NAMES
from yz_gym.scenario.loading import load

EXPEDITIONS = (
    "expedition_convoy_ruins", "expedition_dragoon_patrol", "expedition_marsh_trek", "expedition_river_journey",
    "expedition_winter_crossing",
)
HAZARD_FIGHTS = ("river_ford_ambush", "poisoned_lab", "blizzard_pass")
DECISIONS = 400  # the default suite's share of the long run
LONG_RUN = 100_000
COMPILED = not recovery.__file__.endswith(".py")  # a compiled module's calls cannot be watched


def tracks(options: RuleOptions, c: Combatant) -> tuple[int, int]:
    """What is left of the damage and the stress tracks (attributes or Health and Resolve)."""
    if options.damage_model == "attribute":
        return c.attrs[0] + c.attrs[1], c.attrs[2] + c.attrs[3]
    return c.health, c.resolve


@contextmanager
def watched_recovery() -> Iterator[list[int]]:
    """Natural recovery (recovery._natural) checked on every call: a blocked track never rises.
    Yields a one-item list counting the calls."""
    original = recovery._natural
    calls = [0]

    def natural(options: RuleOptions, hazards: HazardOptions, c: Combatant, deprived: bool, events: list[Any]) -> None:
        blocked = (True, True) if deprived else recovery_blocked(c.timed, hazards.dehydration_blocks == "damage_stress")
        before = tracks(options, c)
        original(options, hazards, c, deprived, events)
        after = tracks(options, c)
        calls[0] += 1
        for track in (0, 1):
            if blocked[track] and hazards.blocks_when_broken:
                assert after[track] <= before[track], f"{c.name}: track {track} recovered while blocked ({c.timed})"

    recovery._natural = natural  # type: ignore[assignment]
    try:
        yield calls
    finally:
        recovery._natural = original  # type: ignore[assignment]


def check_day(state: Expedition, day: int, dead: set[int], events: list[Any]) -> set[int]:
    """The invariants after one day of a journey; returns who is dead now."""
    where = f"{state.scenario.name} day {day}"
    assert state.day == day + 1 or (state.termination and state.day >= day), f"{where}: the clock went to {state.day}"
    shifts = [SHIFT_NAMES.index(e.get("shift")) for e in events if e.kind == "shift"]
    assert shifts == sorted(set(shifts)), f"{where}: shifts out of order {shifts}"
    now = {c.id for c in state.people if c.dead}
    assert dead <= now, f"{where}: {dead - now} came back from the dead"
    assert now == set(state.causes), f"{where}: dead {sorted(now)}, causes {state.causes}"
    st = state.stores
    counts = (st.food, st.raw_plants, st.raw_meat, st.risky_plants, st.risky_meat, st.water)
    assert min(counts) >= 0 and st.fuel >= 0, f"{where}: stores {st}"
    assert all(v.fuel >= 0 for v in state.vehicles), f"{where}: a vehicle's fuel below zero"
    assert all(t.left >= 0 for c in state.people if not c.dead for t in c.timed), f"{where}: a condition below zero"
    return now


def run(decisions: int) -> dict[str, int]:
    """Random legal decisions, round-robin over the games, each game to its end; the count by game."""
    played = dict.fromkeys((*EXPEDITIONS, *HAZARD_FIGHTS), 0)
    loaded = {name: load(name) for name in played}
    seed, total = 0, 0
    while total < decisions:
        for name in played:
            game = Game.start(loaded[name], seed)
            dead: set[int] = set()
            while not game.over and total < decisions:
                day = getattr(game.state, "day", 0)
                events = game.step()
                total += 1
                played[name] += 1
                if isinstance(game.state, Expedition):
                    dead = check_day(game.state, day, dead, events)
                else:
                    now = {c.id for c in game.state.combatants if c.dead}
                    assert dead <= now, f"{name} seed {seed}: the dead came back"
                    dead = now
            problems = uncatalogued(game.mode, game.events)
            assert not problems, f"{name} seed {seed}: {problems}"
        seed += 1
    return played


@pytest.mark.skipif(COMPILED, reason="the compiled build's recovery cannot be watched")
@pytest.mark.rule("TIME-09", "HEAL-08", "HEAL-09", "HEAL-10", "HEAL-11", "HEAL-12", "HEAL-13", "RATION-01", "TRAVEL-36")
def test_random_journeys_and_hazard_fights_keep_the_invariants() -> None:
    with watched_recovery() as calls:
        played = run(DECISIONS)
    assert sum(played.values()) == DECISIONS and all(played.values()) and calls[0] > 0


@pytest.mark.slow
@pytest.mark.skipif(COMPILED, reason="the compiled build's recovery cannot be watched")
def test_a_hundred_thousand_random_decisions_keep_the_invariants() -> None:
    with watched_recovery():
        played = run(LONG_RUN)
    assert sum(played.values()) == LONG_RUN
