"""Pickling for the compiled build (setup.py): its frozen dataclasses pickle as constructor calls.

A mypyc-compiled frozen dataclass cannot be unpickled the usual way (setting each field trips
the frozen check), so `register_frozen` gives each one a reducer that rebuilds it from its init
fields, whose `__init__`/`__post_init__` recompute the rest. Interpreted builds need none of it.
"""

from __future__ import annotations

import copyreg
from dataclasses import fields, is_dataclass
from types import ModuleType
from typing import Any


def register_frozen(module: ModuleType) -> None:
    """Give every frozen dataclass defined in `module` the rebuilding reducer."""
    for obj in vars(module).values():
        mine = isinstance(obj, type) and obj.__module__ == module.__name__ and is_dataclass(obj)
        if mine and obj.__dataclass_params__.frozen:
            copyreg.pickle(obj, _reduce)


def _reduce(obj: Any) -> tuple[Any, tuple[type, dict[str, Any]]]:
    """(rebuild, (class, init fields))."""
    return _rebuild, (type(obj), {f.name: getattr(obj, f.name) for f in fields(obj) if f.init})


def _rebuild(cls: type, kwargs: dict[str, Any]) -> Any:
    """The frozen dataclass `cls` built from its init fields."""
    return cls(**kwargs)
