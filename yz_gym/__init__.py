"""yz_gym: Year Zero Engine zone combat as reinforcement-learning environments.

Importing the package registers `yz_gym/Skirmish-v0`, `yz_gym/Chase-v0` and `yz_gym/Dx3Fight-v0` with Gymnasium (the env module itself
loads only when an env is made), so `gymnasium.make("yz_gym/Skirmish-v0", ...)` works after
`import yz_gym`. The rules (`yz_gym.core`, `yz_gym.rulesets`) never need Gymnasium.
"""

SKIRMISH_ID = "yz_gym/Skirmish-v0"
CHASE_ID = "yz_gym/Chase-v0"
DX3_FIGHT_ID = "yz_gym/Dx3Fight-v0"


def _register() -> None:
    try:
        from gymnasium.envs.registration import register, registry
    except ImportError:  # the rules core works without Gymnasium
        return
    if SKIRMISH_ID not in registry:
        register(id=SKIRMISH_ID, entry_point="yz_gym.envs.skirmish:SkirmishEnv")
    if CHASE_ID not in registry:
        register(id=CHASE_ID, entry_point="yz_gym.envs.chase_env:ChaseEnv")
    if DX3_FIGHT_ID not in registry:
        register(id=DX3_FIGHT_ID, entry_point="yz_gym.envs.dx3_env:Dx3FightEnv")


_register()
