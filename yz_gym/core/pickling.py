"""Pickling for the compiled build (setup.py): some dataclasses pickle as constructor calls.

A mypyc-compiled frozen dataclass cannot be unpickled the usual way (setting each field trips
the frozen check), nor can a compiled class whose own `__init__` needs arguments (the state classes), so
these get a reducer that rebuilds them from their init fields, whose `__init__`/`__post_init__`
recompute the rest. Interpreted builds need none of it.
"""

from __future__ import annotations

import copyreg
import importlib
import pkgutil
from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from types import ModuleType
from typing import Any


def is_compiled(module: ModuleType) -> bool:
    """`module` is built by mypyc (its file is an extension, not a .py file)."""
    return not str(module.__file__).endswith(".py")


def register_package(name: str, path: Sequence[str]) -> None:
    """Register the frozen dataclasses of every module of the package `name` (at `path`), subpackages too."""
    for module in pkgutil.walk_packages(path, prefix=f"{name}."):
        register_frozen(importlib.import_module(module.name))


def register_frozen(module: ModuleType) -> None:
    """Rebuild every frozen dataclass defined in `module` from its init fields when unpickled (not
    one with a `__reduce__` of its own, such as the registry's Mode, which pickles by name)."""
    for obj in vars(module).values():
        mine = isinstance(obj, type) and obj.__module__ == module.__name__ and is_dataclass(obj)
        if mine and obj.__dataclass_params__.frozen and "__reduce__" not in vars(obj):
            rebuild_by_init(obj)


def rebuild_by_init(cls: type) -> None:
    """Rebuild the dataclass `cls` from its init fields when unpickled (all its state must be in them)."""
    copyreg.pickle(cls, _reduce)


def _reduce(obj: Any) -> tuple[Any, tuple[type, dict[str, Any]]]:
    """(rebuild, (class, init fields))."""
    return _rebuild, (type(obj), {f.name: getattr(obj, f.name) for f in fields(obj) if f.init})


def _rebuild(cls: type, kwargs: dict[str, Any]) -> Any:
    """The dataclass `cls` built from its init fields."""
    return cls(**kwargs)
