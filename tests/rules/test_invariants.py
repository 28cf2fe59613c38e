"""Invariants under random legal play over every bundled scenario (100,000 actions in all)."""

from __future__ import annotations

import numpy as np
import pytest

from yz_gym.envs.observation import REACTION_KINDS
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios, load_scenario
from yz_gym.rulesets.yze.state import Phase
from yz_gym.rulesets.yze.zone import engine

TOTAL_ACTIONS = 100_000


def _check_state(state) -> None:
    for c in state.combatants:
        assert min(c.attrs) >= 0, f"{c.name} has an attribute below 0: {c.attrs}"
        assert c.health >= 0 and c.resolve >= 0
        assert c.actions_used <= 2
        for weapon in c.weapons:
            assert weapon.bonus >= -1
    if state.phase == Phase.COMBAT:
        actor = state.combatants[engine.current_actor(state)]
        assert not actor.out, f"{actor.name} is out of the fight but asked to decide"
        assert state.round <= state.setup.victory.round_cap
    for frame in state.stack:  # the observation's reaction one-hot has room for these kinds only
        assert frame.kind < REACTION_KINDS, f"a reaction window shows {frame.kind!r}; raise REACTION_KINDS"


@pytest.mark.rule("BROKEN-02", "BROKEN-03", "INIT-06", "ACT-01")
def test_random_play_keeps_invariants_on_every_bundled_scenario():
    names = bundled_scenarios()
    per_scenario = TOTAL_ACTIONS // len(names)
    rng = np.random.default_rng(2024)
    for name in names:
        scenario = load_scenario(name)
        actions = games = 0
        while actions < per_scenario:
            state = engine.new_game(scenario, rng)
            games += 1
            while not engine.is_over(state):
                _check_state(state)
                legal = engine.legal_actions(state)
                assert legal, f"{name}: no legal action in a running game"
                if actions % 97 == 0:  # every legal action is accepted by apply
                    for action in legal:
                        engine.apply(state.clone(), action, np.random.default_rng(actions))
                engine.apply(state, legal[int(rng.integers(len(legal)))], rng)
                actions += 1
            _check_state(state)
            assert engine.outcome(state) is not None
        assert games > 0


@pytest.mark.rule("INIT-06", "ROUND-01")
def test_every_game_ends_by_its_round_cap():
    rng = np.random.default_rng(7)
    for name in bundled_scenarios():
        scenario = load_scenario(name)
        for _ in range(5):
            state = engine.new_game(scenario, rng)
            while not engine.is_over(state):
                legal = engine.legal_actions(state)
                engine.apply(state, legal[int(rng.integers(len(legal)))], rng)
            assert state.round <= scenario.setup.victory.round_cap


def test_apply_rejects_an_action_that_is_not_legal(warehouse):
    from yz_gym.rulesets.yze.zone.actions import Action, Kind

    state = engine.new_game(warehouse, 3)
    legal = engine.legal_actions(state)
    illegal = Action(Kind.SHOOT, target=0)
    assert illegal not in legal
    with pytest.raises(engine.IllegalAction, match="cannot shoot at"):
        engine.apply(state, illegal, np.random.default_rng(0))
