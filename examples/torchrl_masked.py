"""yz_gym in TorchRL: a Gymnasium task with its action mask, and a PettingZoo game, each rolled out.

    python examples/torchrl_masked.py --env-id yz_gym/YZE-Duel-v1 --steps 1000

- **GymWrapper with the mask**: the mask travels in `info["action_mask"]`; an info reader puts it
  in the tensordict as a bool `action_mask`, and the `ActionMask` transform restricts the action
  spec to it, so `rand_action` (and any policy built on the spec) picks legal actions only.
- **PettingZooWrapper**: the AEC env as it is (`yz_gym.envs.multiagent.raw_env`); its infos are
  numeric, which the wrapper needs, and `use_mask=True` reads the mask from the observation.

Needs torchrl (`pip install -e ".[torchrl]"`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import gymnasium as gym
import torch
from torchrl.data import Binary
from torchrl.envs import GymWrapper, TransformedEnv
from torchrl.envs.gym_like import default_info_dict_reader
from torchrl.envs.libs.pettingzoo import PettingZooWrapper
from torchrl.envs.transforms import ActionMask

import yz_gym  # noqa: F401  registers the tasks


def masked_gym_env(env_id: str) -> TransformedEnv:
    """A yz_gym task as a TorchRL env whose action spec follows the action mask."""
    env = gym.make(env_id)
    n = int(env.action_space.n)
    base = GymWrapper(env, categorical_action_encoding=True)
    reader = default_info_dict_reader(["action_mask"], spec={"action_mask": Binary(n=n, dtype=torch.bool)})
    base.set_info_dict_reader(reader)
    return TransformedEnv(base, ActionMask())


def gym_rollout(env_id: str, steps: int, seed: int = 0) -> dict[str, float]:
    """Random masked play for `steps` steps: the steps, the episodes ended, the share of legal actions."""
    env = masked_gym_env(env_id)
    env.set_seed(seed)
    td = env.rollout(steps, break_when_any_done=False)
    legal = td["action_mask"].gather(-1, td["action"].unsqueeze(-1)).float().mean()
    return {"steps": td.batch_size[0], "episodes": int(td["next", "done"].sum()), "legal": float(legal)}


def pettingzoo_rollout(module: str, scenario: str, steps: int, seed: int = 0) -> dict[str, float]:
    """Random masked play of a yz_gym PettingZoo game (module "multiagent" or "chase_multiagent")."""
    import importlib

    game = importlib.import_module(f"yz_gym.envs.{module}")
    env = PettingZooWrapper(game.raw_env(scenario), use_mask=True, categorical_actions=True, seed=seed)
    td = env.rollout(steps, break_when_any_done=False)
    return {"steps": td.batch_size[0], "groups": len(env.group_map)}


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--env-id", default="yz_gym/YZE-Duel-v1")
    p.add_argument("--scenario", default="duel")
    p.add_argument("--steps", type=int, default=1000)
    args = p.parse_args(argv)
    print("GymWrapper:", gym_rollout(args.env_id, args.steps))
    print("PettingZooWrapper:", pettingzoo_rollout("multiagent", args.scenario, args.steps))


if __name__ == "__main__":
    main()
