"""Every field of every mutable state class survives `copy()`/`clone()`, and the copy owns its
mutable parts: a field added to a class but forgotten in its copy fails here.

Each field of a real object is given a value that differs from the field's default (a copy that
drops the field would fall back to the default), the object is copied, every field is compared,
and every mutable part (list, dict, set, mutable dataclass) must be a new object in the copy,
except those shared on purpose (immutable by convention)."""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from enum import Enum
from typing import Any

import numpy as np
import pytest

from tests.helpers import fighter
from tests.rules.mount_kit import make, rider
from yz_gym.core.conditions import TimedCondition
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.state import CK, ChaseAction, ChaseState, Step, Unit
from yz_gym.rulesets.yze.dice import DicePool, Die, Roll, Source
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS
from yz_gym.rulesets.yze.mounts.riding import Mount
from yz_gym.rulesets.yze.scenario.chase_builder import load_chase
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState, Injury, WeaponState
from yz_gym.rulesets.yze.vehicles.operation import MountedWeapon, VehicleOptions, VehicleState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Kind

# mutable parts a copy shares on purpose: they never change during a game (the map's are caches);
# declared on the field (metadata={"copy": "shared"}), or set from the setup (init=False)
SHARED = {("Combatant", "max_attrs"), ("Combatant", "skills"), ("GameState", "zone_map")}
ROLL = Roll(DicePool((Die(Source.ATTRIBUTE, 6), Die(Source.SKILL, 6))), (6, 3))


def _fills() -> dict[tuple[str, str], Any]:
    """Values for fields whose default cannot be told apart by flipping a scalar."""
    return {
        ("Frame", "asking"): [3, 1],
        ("Frame", "helpers"): [2],
        ("Frame", "roll"): ROLL,
        ("Frame", "block_roll"): ROLL,
        ("Frame", "ammo"): ROLL,
        ("Frame", "modifier"): NO_MODIFIERS.plus(-2),
        ("Frame", "hits"): [[1, 3, 0]],
        ("Combatant", "engaged"): {5, 6},
        ("Combatant", "weapons"): [WeaponState("knife", 1)],
        ("Combatant", "armor"): "leather",
        ("Combatant", "injuries"): [Injury("physical", 44, timer=9, step=2)],
        ("Combatant", "items"): ["medkit"],
        ("Combatant", "last_turn"): (4, 9),
        ("Combatant", "conditions"): ("scared",),
        ("Combatant", "panic"): ("shaken",),
        ("Combatant", "specialties"): ("second_wind",),
        ("Combatant", "mount"): Mount("Horse", 5, 6, 4),
        ("Combatant", "timed"): [TimedCondition("burns", 1, 0, True)],
        ("GameState", "order"): [1, 0],
        ("GameState", "stack"): [Frame(Kind.SHOOT, 0, 1)],
        ("GameState", "choosing"): [1],
        ("GameState", "door_damage"): (3,),
        ("GameState", "opening"): ("opening",),
        ("GameState", "smoke"): {0: 4},
        ("GameState", "drawer_group"): ((0,), (1,)),
        ("GameState", "doses"): {0: 2},  # HAZ-POISON-02: a poisoned weapon's doses left
        ("GameState", "vehicles"): [],  # filled from a vehicle scenario below
        ("VehicleState", "options"): VehicleOptions(crash_brace=False),
        ("VehicleState", "occupants"): [0, 1],
        ("VehicleState", "exposed"): {1},
        ("VehicleState", "weapons"): [MountedWeapon("hmg", gunner=1)],
        ("Step", "roll"): ROLL,
        ("Step", "opp"): ROLL,
        ("Step", "choice"): ChaseAction(CK.ATTACK, 1),
        ("ChaseState", "choosers"): [(0, 0)],
        ("ChaseState", "choices"): {(0, 0): ChaseAction(CK.HIDE)},
        ("ChaseState", "acts"): {0: ChaseAction(CK.CHASE)},
        ("ChaseState", "queue"): [Step("act", 0, 0)],
        ("ChaseState", "separated"): {(0, 1)},
        ("ChaseState", "heat"): [2, 0],
        ("ChaseState", "blocked"): {1},
        ("ChaseState", "failed"): {0},
        ("ChaseState", "lost"): {1},
        ("ChaseState", "hide_bonus"): {0},
        ("ChaseState", "catches"): [(0, 2)],
        ("ChaseState", "caught"): {1},
        ("ChaseState", "handover"): {"kind": "combat", "by": 0},
        ("ChaseState", "opening"): ("opening",),
    }


def _default(f: Any) -> Any:
    if f.default is not MISSING:
        return f.default
    if f.default_factory is not MISSING:
        return f.default_factory()
    return MISSING


def _distinct(obj: Any) -> None:
    """Give every field of `obj` a value unlike its default (and unlike the other fields')."""
    fills = _fills()
    name = type(obj).__name__
    for n, f in enumerate(fields(obj)):
        value, default = getattr(obj, f.name), _default(f)
        base = value if default is MISSING else default
        key = (name, f.name)
        if key in fills and fills[key] != []:
            value = fills[key]
        elif isinstance(base, Enum):
            members = list(type(base))
            value = members[(members.index(base) + 1) % len(members)]
        elif isinstance(base, bool):
            value = not base
        elif isinstance(base, int):
            value = base + 101 + n
        elif isinstance(base, str):
            value = f"{base}~{n}"
        object.__setattr__(obj, f.name, value)
        if default is not MISSING and f.init:
            assert getattr(obj, f.name) != default, f"{name}.{f.name}: give it a value unlike its default"


def _mutable(value: Any) -> bool:
    if isinstance(value, list | dict | set):
        return True
    return is_dataclass(value) and not type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]


def _check_copy(original: Any, copied: Any) -> None:
    """Equal field by field, and owning every mutable part not shared on purpose."""
    name = type(original).__name__
    assert type(copied) is type(original)
    for f in fields(original):
        mine, theirs = getattr(original, f.name), getattr(copied, f.name)
        assert theirs == mine, f"{name}.{f.name} is not copied"
        if (name, f.name) in SHARED or not _mutable(mine):
            continue
        assert theirs is not mine, f"{name}.{f.name} is shared with the copy"
        parts = list(mine.values()) if isinstance(mine, dict) else list(mine) if isinstance(mine, list) else []
        copies = list(theirs.values()) if isinstance(theirs, dict) else list(theirs) if isinstance(theirs, list) else []
        for a, b in zip(parts, copies, strict=True):
            if _mutable(a):
                assert a is not b, f"{name}.{f.name}: an element is shared with the copy"


def _zone_state() -> GameState:
    state = engine.new_game(load_scenario("technical_raid"), np.random.default_rng(1))
    assert state.vehicles, "a scenario with vehicles, so that their copies are checked too"
    return state


def _chase_state() -> ChaseState:
    return chase.new_chase(load_chase("chase_car_vs_motorcycle"), np.random.default_rng(1))


def _objects() -> list[tuple[str, Any, Any]]:
    """(name, object, how to copy it) for every mutable state class."""
    state = _zone_state()
    c = state.combatants[0]
    chased = _chase_state()
    return [
        ("WeaponState", WeaponState("knife", 1), WeaponState.copy),
        ("Injury", Injury("physical", 44), Injury.copy),
        ("TimedCondition", TimedCondition("burns", 1), TimedCondition.copy),
        ("Frame", Frame(Kind.SHOOT, 0), Frame.copy),
        ("Mount", Mount("Horse", 5, 6, 4), Mount.copy),
        ("MountedWeapon", MountedWeapon("hmg"), MountedWeapon.copy),
        ("VehicleState", state.vehicles[0], VehicleState.copy),
        ("Combatant", c, Combatant.copy),
        ("GameState", state, GameState.clone),
        ("Unit", Unit(0, -1, 0, 2, 1), Unit.copy),
        ("Step", Step("act", 0), Step.copy),
        ("ChaseState", chased, ChaseState.clone),
    ]


@pytest.mark.parametrize("case", range(len(_objects())), ids=[name for name, _, _ in _objects()])
def test_a_copy_reproduces_every_field_and_owns_its_mutable_parts(case: int) -> None:
    _, obj, copy = _objects()[case]
    _distinct(obj)
    copied = copy(obj)
    _check_copy(obj, copied)


def test_the_check_fails_on_a_forgotten_field() -> None:
    """The check is not blind: a copy that drops a field, or shares a list, is caught."""
    w = WeaponState("knife", 1)
    _distinct(w)
    forgetful = WeaponState(w.name, w.bonus, w.loaded, w.reloads, w.supply, reliability=w.reliability)
    with pytest.raises(AssertionError, match="max_rating is not copied"):
        _check_copy(w, forgetful)
    c = _zone_state().combatants[0]
    _distinct(c)
    sharing = c.copy()
    sharing.items = c.items
    with pytest.raises(AssertionError, match="items is shared"):
        _check_copy(c, sharing)


def test_a_mounted_rider_copies_its_mount() -> None:
    """The mount of a real rider (mount_kit) is its own object in the copy."""
    horseman = make([rider("Rider", "red", "A"), fighter("Foot", "blue", "B")]).combatants[0]
    assert horseman.mount is not None
    assert horseman.copy().mount == horseman.mount and horseman.copy().mount is not horseman.mount


def test_the_shared_fields_are_declared_shared_on_the_class() -> None:
    """The copy shares what the fields declare (scripts/generate_copies.py writes it so)."""
    declared = {
        (cls.__name__, f.name)
        for cls in (Combatant, GameState)
        for f in fields(cls)
        if f.metadata.get("copy") == "shared" or (not f.init and f.name != "options")
    }
    assert declared == SHARED


@pytest.mark.skipif(dice.COMPILED, reason="the generator reads the source's dataclasses: the interpreted run checks it")
def test_constructors_and_copies_are_written_from_the_fields() -> None:
    """A field declared once is in the constructor and the copy: `python -m scripts.generate_copies`
    writes them from the dataclass fields, and none differs from what it writes."""
    from scripts.generate_copies import stale

    assert [str(path) for path, _ in stale()] == [], "run python -m scripts.generate_copies"


def test_a_new_field_is_written_into_the_constructor_and_the_copy() -> None:
    """The generator writes a field added to a class into its __init__ and its copy, by its type."""
    import ast
    import dataclasses

    from scripts.generate_copies import constructor, copier

    @dataclasses.dataclass(slots=True)
    class Sample:
        name: str
        marks: list[int] = dataclasses.field(default_factory=list)
        kept: dict[str, int] = dataclasses.field(default_factory=dict, metadata={"copy": "shared"})
        weapon: WeaponState | None = dataclasses.field(default=None, kw_only=True)

        def copy(self) -> Sample:
            """An independent copy."""
            return self

    text = (
        "class Sample:\n    name: str\n    marks: list[int] = field(default_factory=list)\n"
        "    kept: dict[str, int] = field(default_factory=dict)\n"
        "    weapon: WeaponState | None = field(default=None, kw_only=True)\n"
    )
    source = ast.parse(text).body[0]
    assert isinstance(source, ast.ClassDef)
    init = "\n".join(constructor(Sample, source, text, "Made."))
    assert "self, name: str, marks: list[int] | None = None, kept: dict[str, int] | None = None, *," in init
    assert "weapon: WeaponState | None = None," in init
    assert "self.marks = [] if marks is None else marks" in init and "self.weapon = weapon" in init
    copy = " ".join(line.strip() for line in copier(Sample, "copy", "An independent copy."))
    assert "new = Sample(self.name, self.marks.copy(), self.kept) " in copy
    assert "if self.weapon is not None: new.weapon = self.weapon.copy() return new" in copy
