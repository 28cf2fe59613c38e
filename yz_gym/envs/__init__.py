"""Gymnasium and PettingZoo adapters of the rules: spaces, encodings, masks, rewards, render.

- `yz_gym/Skirmish-v0` (`SkirmishEnv`), `yz_gym/Chase-v0` (`ChaseEnv`): one side or combatant
  against agents, Gymnasium API; the versioned tasks `yz_gym/YZE-<Scenario>-v1` fix their kwargs
  (`yz_gym.tasks`, docs/envs.md).
- `yz_gym/Dx3Fight-v0` (`dx3_env`), `yz_gym/Expedition-v0` (`expedition_env`: the party's daily plan
  on a journey, `expedition_encoding` its spaces).
- `multiagent`, `chase_multiagent`: every combatant an agent, PettingZoo (`raw_env`, `env`,
  `parallel_env`).
- `learner_base` (Gymnasium) and `aec_base` (PettingZoo): the one adapter of each API that every
  mode's env is, over the mode's `binding.ModeBinding` (its rules, encoding, rewards and render).
- `action_space`, `observation`, `limits`, `rewards`: the documented encodings and maxima;
  `structured`: the same observation as a dict (`obs_mode="dict"`); `masks`: the action masks.

Training with sb3-contrib's MaskablePPO (it calls the env's `action_masks()`):

    import gymnasium as gym
    from sb3_contrib import MaskablePPO
    import yz_gym  # registers yz_gym/Skirmish-v0

    env = gym.make("yz_gym/Skirmish-v0", scenario="warehouse_ambush", side="vipers",
                   opponents={"crew": "aggressive"}, reward_shaping=True)
    model = MaskablePPO("MlpPolicy", env, seed=0).learn(100_000)
    obs, info = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
"""

from yz_gym.envs.action_space import N_ACTIONS, describe_action_space
from yz_gym.envs.core import IllegalActionError
from yz_gym.envs.limits import ScenarioTooLarge
from yz_gym.envs.observation import OBS_SIZE, describe_observation
from yz_gym.envs.rewards import DEFAULT_SHAPING, RewardShaping
from yz_gym.envs.skirmish import ENV_ID, SkirmishEnv

__all__ = [
    "DEFAULT_SHAPING",
    "ENV_ID",
    "N_ACTIONS",
    "OBS_SIZE",
    "IllegalActionError",
    "RewardShaping",
    "ScenarioTooLarge",
    "SkirmishEnv",
    "describe_action_space",
    "describe_observation",
]
