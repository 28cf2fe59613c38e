"""Random days on the long clock (issue 15's invariants): no recovery on a track a hazard blocks,
the dead stay dead, a collapse keeps its sleeper out of action, and the same seed plays the same."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from tests.helpers import by_name
from tests.rules.hazards.hazard_kit import kinds, victim
from yz_gym.core.clock import TimeUnit
from yz_gym.rulesets.yze.combat.recovery import recover
from yz_gym.rulesets.yze.hazards import disease, hunger, sleep
from yz_gym.rulesets.yze.hazards.cold import cold_time, warm_up
from yz_gym.rulesets.yze.hazards.kinds import recovery_blocked
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.state import STR, WIT

H = HazardOptions()


def days(seed: int, count: int = 40) -> list[str]:
    """Vic lives `count` days of random meals, sleep, sickness, care and cold; checks each shift."""
    state, vic = victim()
    foe = by_name(state, "Foe")
    rng = np.random.default_rng(seed)
    shift = state.options.clock.rounds(TimeUnit.SHIFT)
    log: list = []
    for _ in range(count):
        hunger.starvation_check(state, vic, log)
        sleep.sleep_check(state, H, vic, log)
        if rng.random() < 0.1:
            disease.expose_to_disease(state, H, vic, disease.Disease("fever", int(rng.integers(2, 9))), rng, log)
        for part in range(4):
            was_dead = vic.dead
            if part == 1 and rng.random() < 0.6:
                hunger.eat(vic, log)
            if part == 3 and rng.random() < 0.6:
                sleep.sleep_shift(state, vic, rng, log, dark=True)
            if rng.random() < 0.2:
                cold_time(state, H, vic, "cold", shift, rng, log)
            elif rng.random() < 0.3:
                warm_up(vic, log)
            carer = foe if rng.random() < 0.4 else None
            disease.disease_time(state, H, vic, shift, rng, log, carer=carer)
            hunger.hunger_time(state, vic, shift, rng, log)
            sleep.sleep_time(state, H, vic, shift, log)
            if sleep.collapse_check(state, H, vic, log) or any(t.kind == "collapsed" for t in vic.timed):
                assert vic.incapacitated
            damage_blocked, stress_blocked = recovery_blocked(vic.timed)
            before = (vic.attrs[STR], vic.attrs[WIT])
            log += recover(vic, 1, rng, options=state.options)
            if damage_blocked:
                assert vic.attrs[STR] <= before[0]
            if stress_blocked:
                assert vic.attrs[WIT] <= before[1]
            assert not (was_dead and not vic.dead)
            assert all(t.left >= 0 for t in vic.timed)
            if vic.dead:
                return kinds(log)
    return kinds(log)


@pytest.mark.rule("HEAL-08", "HEAL-09", "HEAL-10", "HEAL-11", "HAZ-HUNGER-03", "HAZ-SLEEP-02", "HAZ-DISEASE-03")
@pytest.mark.parametrize("seed", range(12))
def test_random_days_keep_the_blocks_and_the_dead_dead(seed):
    days(seed)


def test_the_same_seed_plays_the_same_days_and_the_state_pickles():
    assert days(5) == days(5)
    state, vic = victim()
    disease.expose_to_disease(state, H, vic, disease.Disease("fever"), np.random.default_rng(0), [])
    hunger.starvation_check(state, vic, [])
    copy = pickle.loads(pickle.dumps(state))
    assert [(t.kind, t.left, t.potency) for t in by_name(copy, "Vic").timed] == [
        (t.kind, t.left, t.potency) for t in vic.timed
    ]
