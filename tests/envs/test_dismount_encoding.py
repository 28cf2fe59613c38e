"""DISMOUNT and REMOUNT in the flat action space: appended after every older kind, so the
indices of the actions that existed before keep their meaning; after them the appended forms
(bursts at vehicles and mounts, AUTO-01/03)."""

from __future__ import annotations

import numpy as np

from tests.helpers import by_name, fighter, game, scenario_dict, turn_of
from yz_gym.envs.action_space import (
    APPENDED_FORMS,
    APPENDED_OFFSETS,
    BLOCK_SIZES,
    N_ACTIONS,
    OFFSETS,
    ActionCodec,
    describe_index,
)
from yz_gym.envs.core import Encoding
from yz_gym.envs.limits import ENEMY_SLOT0, MAX_AMMO_DICE, MAX_VEHICLES, N_SLOTS, SELF_SLOT
from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.spec import Timing

RULE_FRAMES = frozenset(spec.kind for spec in SPECS if spec.timing == Timing.FRAME)  # never chosen


def test_the_new_kinds_come_last_and_encode_the_actors_own_mount_as_slot_zero():
    appended = (Kind.PRIDE, Kind.RESCUE, Kind.ANTIDOTE)  # DICE-13; the hazards' AMB-05, HAZ-POISON-04
    assert max(k for k in Kind if k not in RULE_FRAMES and k not in appended) == Kind.REMOUNT
    assert all(BLOCK_SIZES[k] == 0 for k in RULE_FRAMES)  # frames the rules open take no action indices
    assert all(BLOCK_SIZES[k] == 0 for k in appended)  # their indices are appended (test_pride_action.py)
    assert OFFSETS[Kind.DISMOUNT] == OFFSETS[Kind.ATTACK_VEHICLE] + BLOCK_SIZES[Kind.ATTACK_VEHICLE]
    assert BLOCK_SIZES[Kind.DISMOUNT] == 1 and BLOCK_SIZES[Kind.REMOUNT] == N_SLOTS
    assert OFFSETS[Kind.REMOUNT] + N_SLOTS == APPENDED_OFFSETS[0]  # then the appended forms


def test_the_burst_forms_are_appended_after_every_kind_in_order():
    assert [kind for kind, _ in APPENDED_FORMS] == [
        Kind.SHOOT_VEHICLE, Kind.SHOOT_MOUNT, Kind.PRIDE, Kind.RESCUE, Kind.ANTIDOTE,
    ]
    assert APPENDED_OFFSETS[0] == OFFSETS[Kind.REMOUNT] + BLOCK_SIZES[Kind.REMOUNT]
    assert APPENDED_OFFSETS[1] == APPENDED_OFFSETS[0] + MAX_VEHICLES * MAX_AMMO_DICE
    assert APPENDED_OFFSETS[1] + N_SLOTS * MAX_AMMO_DICE == APPENDED_OFFSETS[2] == 996
    assert APPENDED_OFFSETS[3:] == [997, 997 + N_SLOTS] and N_ACTIONS == 997 + 2 * N_SLOTS  # one per target slot
    codec = ActionCodec([0, 1])
    burst = Action(Kind.SHOOT_VEHICLE, zone=3, option=2)  # 3 ammo dice at vehicle 2
    assert codec.encode(0, burst) == APPENDED_OFFSETS[0] + (3 - 1) * MAX_VEHICLES + 2
    assert codec.decode(0, codec.encode(0, burst)) == burst
    assert codec.encode(0, Action(Kind.SHOOT_VEHICLE, option=2)) == OFFSETS[Kind.SHOOT_VEHICLE] + 2  # as before
    at_mount = Action(Kind.SHOOT_MOUNT, target=1, option=4)
    assert codec.encode(0, at_mount) == APPENDED_OFFSETS[1] + ENEMY_SLOT0 * MAX_AMMO_DICE + 3
    assert codec.encode(0, Action(Kind.SHOOT_MOUNT, target=1)) == OFFSETS[Kind.SHOOT_MOUNT] + ENEMY_SLOT0
    assert codec.encode(0, Action(Kind.SHOOT_VEHICLE, zone=MAX_AMMO_DICE + 1, option=0)) == -1
    assert describe_index(codec.encode(0, burst)) == "SHOOT_VEHICLE fire=3 option=2"
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
