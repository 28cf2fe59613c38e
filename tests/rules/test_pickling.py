"""The compiled build's reducers for frozen dataclasses (yz_gym/core/pickling.py)."""

from __future__ import annotations

import copyreg
import pickle

import numpy as np

from yz_gym.core.pickling import rebuild_by_init, register_frozen, register_package
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.dice import Die, Roll, pool_dice
from yz_gym.rulesets.yze.modifiers import Modifiers
from yz_gym.rulesets.yze.state import Frame
from yz_gym.rulesets.yze.zone import zones
from yz_gym.rulesets.yze.zone.actions import Kind


def test_frozen_dataclasses_rebuild_from_their_init_fields():
    saved = dict(copyreg.dispatch_table)
    try:
        register_frozen(dice)
        register_frozen(zones)
        assert Roll in copyreg.dispatch_table and dice.DicePool in copyreg.dispatch_table
        assert dice.Source not in copyreg.dispatch_table  # not a dataclass
        roll = dice.roll(pool_dice(3, 2, artifacts=[8]), np.random.default_rng(1))
        again = pickle.loads(pickle.dumps(roll))
        assert again == roll and again.pool.sides == roll.pool.sides  # init=False fields recomputed
        assert again.successes == roll.successes
    finally:
        copyreg.dispatch_table.clear()
        copyreg.dispatch_table.update(saved)


def test_a_frame_rebuilds_from_its_init_fields_with_every_field():
    saved = dict(copyreg.dispatch_table)
    try:
        rebuild_by_init(Frame)
        frame = Frame(Kind.SHOOT, 1, 2, stage=3, asking=[4], flags=5, shots=2, hits=[[2, 1]], sixes=1)
        again = pickle.loads(pickle.dumps(frame))
        assert again == frame and again.hits == [[2, 1]] and again.asking is not frame.asking
    finally:
        copyreg.dispatch_table.clear()
        copyreg.dispatch_table.update(saved)


def test_a_package_registers_the_frozen_dataclasses_of_every_subpackage():
    """What the compiled build's yz_gym.rulesets.yze and yz_gym.core do at import (register_package)."""
    import yz_gym.core
    import yz_gym.rulesets.yze
    from yz_gym.core.ending import Termination
    from yz_gym.core.game import Outcome
    from yz_gym.rulesets.yze.chase.obstacles import Obstacle
    from yz_gym.rulesets.yze.vehicles.tables import VehicleCrit, VehicleType

    saved = dict(copyreg.dispatch_table)
    try:
        for cls in (Obstacle, VehicleType, VehicleCrit, Die, Outcome):
            copyreg.dispatch_table.pop(cls, None)
        register_package(yz_gym.rulesets.yze.__name__, yz_gym.rulesets.yze.__path__)
        register_package(yz_gym.core.__name__, yz_gym.core.__path__)
        for cls in (Obstacle, VehicleType, VehicleCrit, Die, Outcome):  # chase/, vehicles/, top, core
            assert cls in copyreg.dispatch_table, cls
        assert Frame not in copyreg.dispatch_table or Frame in saved  # not frozen: registered by name only
        outcome = Outcome("pursuer", "caught", 3, Termination.CAUGHT)
        assert pickle.loads(pickle.dumps(outcome)) == outcome
    finally:
        copyreg.dispatch_table.clear()
        copyreg.dispatch_table.update(saved)


def test_modifiers_compare_hash_and_pickle_by_their_numbers():
    """A plain class (native in the compiled build): by value, and pickled by its three numbers."""
    mods = Modifiers().plus(2).plus(-1)
    assert (mods.total, mods.advantages, mods.disadvantages) == (1, 1, 1)
    assert mods == Modifiers(1, 1, 1) and hash(mods) == hash(Modifiers(1, 1, 1))
    assert mods != Modifiers(1, 0, 0) and mods != (1, 1, 1)
    again = pickle.loads(pickle.dumps(mods))
    assert again == mods and type(again) is Modifiers
