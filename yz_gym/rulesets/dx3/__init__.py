"""Double Cross The 3rd Edition (DX3): D10 checks with critical values, encroachment, the combatant stat
block, and the fight (engine.py: rounds, engagements, attacks, gear)."""

from yz_gym.core.pickling import is_compiled, rebuild_by_init, register_package
from yz_gym.rulesets.dx3 import dice

if is_compiled(dice):  # mypyc build: frozen records and the character unpickle by their init (core/pickling.py)
    register_package(__name__, __path__)
    from yz_gym.rulesets.dx3.character import Dx3Character
    from yz_gym.rulesets.dx3.state import Dx3State, Fighter, PendingAttack, Sublimation

    for _cls in (Dx3Character, Fighter, PendingAttack, Sublimation, Dx3State):
        rebuild_by_init(_cls)  # every field is an init field
