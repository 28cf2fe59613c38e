"""yz_gym: Year Zero Engine zone combat as reinforcement-learning environments.

Importing the package registers every Gymnasium id of `yz_gym.tasks` (the env modules themselves
load only when an env is made): the generic `yz_gym/Skirmish-v0`, `yz_gym/Chase-v0` and `yz_gym/Dx3Fight-v0`, and one
versioned task per bundled scenario (`yz_gym/YZE-WarehouseAmbush-v1` ...), so
`gymnasium.make("yz_gym/YZE-Duel-v1")` works after `import yz_gym`. The rules (`yz_gym.core`,
`yz_gym.rulesets`) never need Gymnasium.
"""

from yz_gym.tasks import GENERIC, register_all

SKIRMISH_ID = GENERIC[("yze", "skirmish")].id
CHASE_ID = GENERIC[("yze", "chase")].id
DX3_FIGHT_ID = GENERIC[("dx3", "skirmish")].id

register_all()
