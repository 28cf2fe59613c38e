"""The Year Zero Engine ruleset: pure functions over a GameState (zone fights) or a ChaseState, with
explicit random generators. Its chapters are the subpackages: zone, combat, resolution, vehicles,
mounts, chase."""

from yz_gym.rulesets.yze import dice

if dice.COMPILED:  # mypyc build: some dataclasses need a reducer to unpickle (core/pickling.py)
    from yz_gym.core.pickling import rebuild_by_init, register_package

    register_package(__name__, __path__)
    from yz_gym.rulesets.yze.state import Combatant, Frame, GameState, Injury, WeaponState

    for _cls in (Frame, WeaponState, Injury, Combatant, GameState):
        rebuild_by_init(_cls)  # their own __init__ takes arguments; it sets every other field
