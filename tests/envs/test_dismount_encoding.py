"""DISMOUNT and REMOUNT in the flat action space: appended after every older kind, so the
indices of the actions that existed before keep their meaning."""

from __future__ import annotations

import numpy as np

from tests.helpers import by_name, fighter, game, scenario_dict, turn_of
from yz_gym.envs.action_space import BLOCK_SIZES, N_ACTIONS, OFFSETS, ActionCodec, describe_index
from yz_gym.envs.core import Encoding
from yz_gym.envs.limits import N_SLOTS, SELF_SLOT
from yz_gym.rules import engine
from yz_gym.rules.actions import Action, Kind
from yz_gym.scenario.loader import build


def test_the_new_kinds_come_last_and_encode_the_actors_own_mount_as_slot_zero():
    assert max(k for k in Kind) == Kind.REMOUNT
    assert OFFSETS[Kind.DISMOUNT] == OFFSETS[Kind.ATTACK_VEHICLE] + BLOCK_SIZES[Kind.ATTACK_VEHICLE]
    assert BLOCK_SIZES[Kind.DISMOUNT] == 1 and BLOCK_SIZES[Kind.REMOUNT] == N_SLOTS
    assert OFFSETS[Kind.REMOUNT] + N_SLOTS == N_ACTIONS
    codec = ActionCodec([0, 1])
    assert codec.encode(0, Action(Kind.DISMOUNT)) == OFFSETS[Kind.DISMOUNT]
    index = codec.encode(1, Action(Kind.REMOUNT, target=1))
    assert index == OFFSETS[Kind.REMOUNT] + SELF_SLOT
    assert codec.decode(1, index) == Action(Kind.REMOUNT, target=1)
    assert describe_index(index) == "REMOUNT target=self"


def test_the_mask_offers_getting_off_and_back_on():
    people = [
        fighter("Kit", "red", "A", mount={"name": "Bess", "strength": 4, "agility": 5}),
        fighter("Foe", "blue", "B"),
    ]
    data = scenario_dict(zones=("A", "B"), combatants=people)
    state = turn_of(game(data), "Kit")
    encoding = Encoding(build(data, "<test>"))
    kit = by_name(state, "Kit")
    mask, by_index = encoding.mask(kit.id, engine.legal_actions(state))
    assert mask[OFFSETS[Kind.DISMOUNT]] == 1 and by_index[OFFSETS[Kind.DISMOUNT]] == Action(Kind.DISMOUNT)
    assert mask[OFFSETS[Kind.REMOUNT] :].sum() == 0
    engine.apply(state, Action(Kind.DISMOUNT), np.random.default_rng(0))
    mask, _ = encoding.mask(kit.id, engine.legal_actions(state))
    assert mask[OFFSETS[Kind.REMOUNT] + SELF_SLOT] == 1 and mask[OFFSETS[Kind.DISMOUNT]] == 0
