"""The ruleset-neutral core: the contracts every ruleset and game mode speaks (ending, events, clock, conditions, switches), errors, random generators, pickling."""

from yz_gym.core import events
from yz_gym.core.pickling import is_compiled, register_package

if is_compiled(events):  # mypyc build: some dataclasses need a reducer to unpickle (pickling.py)
    register_package(__name__, __path__)
