"""The rules core: pure functions over a GameState, with explicit random generators."""

from yz_gym.rules import dice

if dice.COMPILED:  # mypyc build: some dataclasses need a reducer to unpickle (pickling.py)
    import importlib
    import pkgutil

    from yz_gym.rules.pickling import rebuild_by_init, register_frozen

    for _module in pkgutil.iter_modules(__path__):
        register_frozen(importlib.import_module(f"{__name__}.{_module.name}"))
    from yz_gym.rules.state import Combatant, Frame, GameState, Injury, WeaponState

    for _cls in (Frame, WeaponState, Injury, Combatant, GameState):
        rebuild_by_init(_cls)  # their own __init__ takes arguments; it sets every other field
