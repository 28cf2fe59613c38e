"""Same seed, same game: in one process, in another process, and after pickling."""

from __future__ import annotations

import hashlib
import json
import pickle
import subprocess
import sys

import numpy as np

from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.zone import engine

SCRIPT = """
import hashlib, json, numpy as np
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
rng = np.random.default_rng({seed})
state = engine.new_game(load_scenario("{name}"), rng)
log = [e.to_json() for e in state.opening]
while not engine.is_over(state):
    legal = engine.legal_actions(state)
    log += [e.to_json() for e in engine.apply(state, legal[int(rng.integers(len(legal)))], rng)]
print(hashlib.sha256(json.dumps(log, sort_keys=True).encode()).hexdigest())
"""


def play(name: str, seed: int) -> list[dict]:
    rng = np.random.default_rng(seed)
    state = engine.new_game(load_scenario(name), rng)
    log = [e.to_json() for e in state.opening]
    while not engine.is_over(state):
        legal = engine.legal_actions(state)
        log += [e.to_json() for e in engine.apply(state, legal[int(rng.integers(len(legal)))], rng)]
    return log


def digest(log: list[dict]) -> str:
    return hashlib.sha256(json.dumps(log, sort_keys=True).encode()).hexdigest()


def test_same_seed_same_event_log_in_one_process():
    assert play("warehouse_ambush", 11) == play("warehouse_ambush", 11)
    assert play("warehouse_ambush", 11) != play("warehouse_ambush", 12)


def test_same_seed_same_event_log_in_another_process():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(seed=11, name="warehouse_ambush")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == digest(play("warehouse_ambush", 11))


def test_a_pickled_game_continues_exactly_like_the_original():
    rng = np.random.default_rng(5)
    state = engine.new_game(load_scenario("warehouse_ambush"), rng)
    for _ in range(25):
        legal = engine.legal_actions(state)
        engine.apply(state, legal[int(rng.integers(len(legal)))], rng)
    copy_state, copy_rng = pickle.loads(pickle.dumps((state, rng)))
    clone, clone_rng = state.clone(), pickle.loads(pickle.dumps(rng))

    def finish(s, r):
        log = []
        while not engine.is_over(s):
            legal = engine.legal_actions(s)
            log += [e.to_json() for e in engine.apply(s, legal[int(r.integers(len(legal)))], r)]
        return log

    original = finish(state, rng)
    assert finish(copy_state, copy_rng) == original
    assert finish(clone, clone_rng) == original
