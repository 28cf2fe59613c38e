"""Deprecated alias (kept one release) of the rules' old home, now yz_gym.core and yz_gym.rulesets.yze.

`import yz_gym.rules.engine` or `from yz_gym.rules.dice import roll` still work, with one
DeprecationWarning per old module: an old name gives its new module, or, for a module whose names
now live in several, a read-only view that looks each name up in them in turn.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from types import FrameType, ModuleType
from typing import Any

# old module name -> the new modules holding its names (the first is its new home)
MOVED: dict[str, tuple[str, ...]] = {
    "actions": ("yz_gym.rulesets.yze.zone.actions",),
    "attacks": ("yz_gym.rulesets.yze.combat.attacks",),
    "auto_targets": ("yz_gym.rulesets.yze.zone.auto_targets",),
    "chase": (
        "yz_gym.rulesets.yze.chase.engine",
        "yz_gym.core.errors",
        "yz_gym.core.game",
        "yz_gym.core.rng",
    ),
    "chase_attacks": ("yz_gym.rulesets.yze.chase.attacks",),
    "chase_effects": ("yz_gym.rulesets.yze.chase.effects",),
    "chase_end": ("yz_gym.rulesets.yze.chase.end", "yz_gym.rulesets.yze.chase.finish"),
    "chase_legal": ("yz_gym.rulesets.yze.chase.legal",),
    "chase_narrate": ("yz_gym.rulesets.yze.chase.narrate",),
    "chase_obstacles": ("yz_gym.rulesets.yze.chase.obstacles",),
    "chase_resolve": ("yz_gym.rulesets.yze.chase.resolve", "yz_gym.rulesets.yze.chase.actions"),
    "chase_state": ("yz_gym.rulesets.yze.chase.state",),
    "creation": ("yz_gym.rulesets.yze.combat.creation",),
    "damage": ("yz_gym.rulesets.yze.combat.damage", "yz_gym.rulesets.yze.combat.explosions"),
    "dice": ("yz_gym.rulesets.yze.dice", "yz_gym.rulesets.yze.modifiers"),
    "dice_text": ("yz_gym.rulesets.yze.dice_text",),
    "engine": (
        "yz_gym.rulesets.yze.zone.engine",
        "yz_gym.core.errors",
        "yz_gym.core.game",
        "yz_gym.core.rng",
    ),
    "errors": ("yz_gym.core.errors",),
    "events": ("yz_gym.core.events", "yz_gym.rulesets.yze.rolls"),
    "gear": ("yz_gym.rulesets.yze.combat.gear",),
    "initiative": ("yz_gym.rulesets.yze.zone.initiative",),
    "legal": ("yz_gym.rulesets.yze.zone.legal",),
    "mounts": ("yz_gym.rulesets.yze.mounts.riding", "yz_gym.rulesets.yze.mounts.mount"),
    "movement": ("yz_gym.rulesets.yze.zone.movement",),
    "narrate": ("yz_gym.rulesets.yze.zone.narrate",),
    "options": ("yz_gym.rulesets.yze.options",),
    "panic": ("yz_gym.rulesets.yze.combat.panic",),
    "pickling": ("yz_gym.core.pickling",),
    "pushing": ("yz_gym.rulesets.yze.combat.pushing",),
    "recovery": ("yz_gym.rulesets.yze.combat.recovery",),
    "resolution": (
        "yz_gym.rulesets.yze.resolution.stack",
        "yz_gym.rulesets.yze.resolution.stages",
        "yz_gym.rulesets.yze.resolution.rolling",
        "yz_gym.rulesets.yze.resolution.reactions",
        "yz_gym.rulesets.yze.resolution.bursts",
        "yz_gym.rulesets.yze.resolution.attacks",
        "yz_gym.rulesets.yze.resolution.effects",
    ),
    "rolls": ("yz_gym.rulesets.yze.rolls",),
    "state": ("yz_gym.rulesets.yze.state",),
    "tables": ("yz_gym.rulesets.yze.tables", "yz_gym.rulesets.yze.vehicles.tables"),
    "vehicle_actions": (
        "yz_gym.rulesets.yze.vehicles.actions",
        "yz_gym.rulesets.yze.vehicles.seats",
        "yz_gym.rulesets.yze.vehicles.movement",
    ),
    "vehicle_damage": ("yz_gym.rulesets.yze.vehicles.damage",),
    "vehicle_narrate": ("yz_gym.rulesets.yze.vehicles.narrate",),
    "vehicle_seats": ("yz_gym.rulesets.yze.vehicles.seats",),
    "vehicles": ("yz_gym.rulesets.yze.vehicles.operation", "yz_gym.rulesets.yze.vehicles.vehicle"),
    "zones": ("yz_gym.rulesets.yze.zone.zones",),
}


class _Parts(ModuleType):
    """An old module whose names now live in several modules: each name is looked up in them in turn."""

    def __init__(self, name: str, parts: list[ModuleType]) -> None:
        super().__init__(name)
        self._parts = parts

    def __getattr__(self, attr: str) -> Any:
        """The name from the first new module that has it."""
        for part in self._parts:
            if hasattr(part, attr):
                return getattr(part, attr)
        raise AttributeError(f"module {self.__name__!r} has no attribute {attr!r}")

    def __dir__(self) -> list[str]:
        """The names of all the new modules."""
        return sorted({name for part in self._parts for name in dir(part)})


class _AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `yz_gym.rules.<old>` and loads the new module in its place, with a DeprecationWarning."""

    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        """A spec for an old module name of this package, else None (not ours)."""
        package, _, old = fullname.rpartition(".")
        if package != __name__ or old not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        """Warn once, then give the new module (or a view of the new modules) for the old name."""
        targets = MOVED[spec.name.rpartition(".")[2]]
        warnings.warn(
            f"{spec.name} is deprecated and will be removed: import {' or '.join(targets)}",
            DeprecationWarning,
            stacklevel=_importer_level(),
        )
        parts = [importlib.import_module(target) for target in targets]
        spec.loader_state = parts[0].__spec__  # the import system stamps the alias spec on the module
        return parts[0] if len(parts) == 1 else _Parts(spec.name, parts)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: give the real module back its own spec (see create_module)."""
        if not isinstance(module, _Parts) and module.__spec__ is not None:
            module.__spec__ = module.__spec__.loader_state


def _importer_level() -> int:
    """The warning's stack level that names the importing line: past the import system and this
    module, counted as `warnings` counts (it skips the frames of importlib._bootstrap)."""
    level = 1  # create_module
    frame: FrameType | None = sys._getframe(2)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not ("importlib" in filename and "_bootstrap" in filename):
            level += 1
            if "importlib" not in filename and filename != __file__:
                return level
        frame = frame.f_back
    return level


def __getattr__(name: str) -> ModuleType:
    """`yz_gym.rules.<old>` as an attribute of the package."""
    if name in MOVED:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if not any(isinstance(finder, _AliasFinder) for finder in sys.meta_path):
    sys.meta_path.insert(0, _AliasFinder())
