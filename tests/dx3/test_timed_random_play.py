"""Random legal play over a fight that uses every rule of this file's siblings at once: setup,
initiative and cleanup effects, an N体 attack, a 範囲 attack on a vehicle's riders and 狂乱 from an
attack effect. Every game ends, HP stays in 0..max, 侵蝕率 never falls, riders stay with their
vehicle, and the same seed plays the same game."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.dx3.fights import fighter, scenario_data
from tests.dx3.test_attack_effects import BLAST
from tests.dx3.test_count_targets import TWIN
from tests.dx3.test_dx3_vehicles import driver, passenger, van
from tests.dx3.test_timed_effects import HASTE, IRON_SKIN, REGEN, WAR_CRY
from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import engine
from yz_gym.scenario.loading import load

MADDEN = {"timing": "major", "skill": "白兵", "target": "単体", "range": "weapon", "attack": "melee", "cost": 1,
          "inflicts": "frenzy"}  # fmt: skip
EFFECTS = {"war_cry": WAR_CRY, "iron_skin": IRON_SKIN, "haste": HASTE, "regen": REGEN, "twin": TWIN,
           "blast": BLAST, "madden": MADDEN}  # fmt: skip


def scenario() -> Any:
    brute = {"skills": {"白兵": 2}, "weapons": ["sword"], "abilities": {"sense": 3}}
    fighters = [
        driver(effects={"war_cry": 1, "regen": 1}), passenger(effects={"haste": 1}),
        fighter("Pal", "pcs", 14, pc=True, weapons=["sword"], skills={"白兵": 2}, effects={"twin": 1, "madden": 1}),
        fighter("Brute", "npcs", 20, **brute, effects={"blast": 1, "iron_skin": 1, "madden": 1}),
        fighter("Thug", "npcs", 24, **brute, effects={"twin": 1, "haste": 1}),
        fighter("Thug2", "npcs", 24, **brute),
    ]  # fmt: skip
    data = scenario_data(*fighters, vehicles=[van()], effects=EFFECTS, dx3_rules={"extra_statuses": True})
    return load(data).scenario


def play(seed: int) -> tuple[list[Event], int]:
    """A random game: its events and how many decisions it took."""
    rng = np.random.default_rng(seed)
    state = engine.new_game(scenario(), rng)
    events = list(state.opening)
    rates = [f.char.encroachment for f in state.fighters]
    decisions = 0
    while not engine.is_over(state):
        legal = engine.legal_actions(state)
        assert legal
        events += engine.apply(state, legal[int(rng.integers(len(legal)))], rng, legal)
        decisions += 1
        assert decisions < 3000
        for i, f in enumerate(state.fighters):
            assert 0 <= f.char.hp <= f.char.stats.max_hp
            assert f.char.encroachment >= rates[i]
            rates[i] = f.char.encroachment
            if f.vehicle >= 0:
                assert f.pos == state.vehicles[f.vehicle].pos
    return events, decisions


def test_random_play_keeps_the_invariants_and_reaches_every_new_rule() -> None:
    kinds: set[str] = set()
    for seed in range(40):
        events, _ = play(seed)
        kinds |= {e.kind for e in events}
        for e in events:
            if e.kind == "status" and e.get("status") == "frenzy":
                kinds.add("frenzy")
            if e.kind == "attack" and len(e.get("targets")) == 2 and e.actor in (2, 4):
                kinds.add("twin")  # Pal's or Thug's 2体 attack (no area of theirs)
    assert {"timed_effect", "effect_ends", "at_vehicle", "vehicle_damage", "frenzy", "twin"} <= kinds


def test_the_same_seed_plays_the_same_game() -> None:
    first, n = play(3)
    again, m = play(3)
    assert n == m and [(e.kind, e.actor, e.target, e.data) for e in first] == [
        (e.kind, e.actor, e.target, e.data) for e in again
    ]
