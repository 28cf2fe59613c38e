"""DICE-13 in the env: the PRIDE action has its own index (996, the last before the hazards' RESCUE and
ANTIDOTE blocks), legal only at a pride decision."""

from __future__ import annotations

import numpy as np
import pytest

from tests.envs.env_helpers import make, random_legal
from tests.helpers import fighter, scenario_dict
from yz_gym.envs.action_space import APPENDED_OFFSETS, ActionCodec, describe_index
from yz_gym.envs.observation import DECISION_INDEX, FIELDS
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind

PRIDE_INDEX = 996


@pytest.mark.rule("DICE-13")
def test_pride_is_appended_and_older_indices_keep_their_place():
    assert APPENDED_OFFSETS[2] == PRIDE_INDEX == 996  # 996 actions before DICE-13: none moved
    codec = ActionCodec([0, 1])
    assert codec.encode(0, Action(Kind.PRIDE)) == PRIDE_INDEX
    assert codec.decode(1, PRIDE_INDEX) == Action(Kind.PRIDE)
    assert describe_index(PRIDE_INDEX) == "PRIDE"


@pytest.mark.rule("DICE-13")
def test_the_pride_index_is_unmasked_exactly_at_the_learners_pride_decisions():
    red = fighter("Red", "red", "Yard", pc=True, weapons=["knife"], skills={"Melee": 1}, pride="Quick hands")
    blue = fighter("Blue", "blue", "Yard", pc=True, weapons=["knife"], skills={"Melee": 1}, pride="Stubborn")
    env = make(scenario_dict(zones=["Yard"], combatants=[red, blue]), side="red", opponents="aggressive")
    decision = FIELDS["decision"].offset
    offered = claimed = 0
    for seed in range(30):
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            state = env.unwrapped.state
            at_pride = engine.decision_kind(state) == "pride"
            mask = info["action_mask"]
            assert bool(mask[PRIDE_INDEX]) == at_pride
            if at_pride:
                offered += 1
                assert mask.sum() == 2  # PRIDE or DECLINE
                assert obs[decision + DECISION_INDEX["other"]] == 1.0  # shown as a decision of its own kind
            action = random_legal(mask, rng)
            claimed += action == PRIDE_INDEX
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
    assert offered > claimed > 0
