"""RLlib PPO with action masking on a yz_gym PettingZoo env (every combatant an agent, one shared policy).

Runs only in the separate virtualenv that `examples/rllib/venv.sh` makes (run.sh calls it): `ray[rllib]` pins an older
Gymnasium than the project's main environment uses (docs/envs.md, "RLlib").

    bash examples/rllib/run.sh --scenario duel --iterations 1
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium as gym
from pettingzoo.utils import BaseWrapper

from yz_gym.envs import multiagent


class RLlibKeys(BaseWrapper):
    """The AEC env with RLlib's key names: `{"observations", "action_mask"}` (its masking module reads those)."""

    def observation_space(self, agent: str) -> gym.spaces.Dict:
        space = self.env.observation_space(agent)
        return gym.spaces.Dict({"observations": space["observation"], "action_mask": space["action_mask"]})

    def observe(self, agent: str) -> dict[str, Any]:
        seen = self.env.observe(agent)
        return {"observations": seen["observation"], "action_mask": seen["action_mask"]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="duel")
    parser.add_argument("--iterations", type=int, default=1)
    parser.add_argument("--batch", type=int, default=256, help="env steps per training iteration")
    args = parser.parse_args(argv)

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    register_env("yz_gym_aec", lambda _: PettingZooEnv(RLlibKeys(multiagent.env(scenario=args.scenario))))
    config = (
        PPOConfig()
        .environment("yz_gym_aec")
        .env_runners(num_env_runners=0)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kw: "shared")
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [64], "fcnet_hiddens": [64]},
                    )
                }
            )
        )
        .training(train_batch_size_per_learner=args.batch, minibatch_size=64, num_epochs=1)
    )
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    algo = config.build_algo()
    for i in range(args.iterations):
        result = algo.train()
        steps = result["env_runners"]["num_env_steps_sampled_lifetime"]
        print(f"iteration {i + 1}: {int(steps)} env steps sampled")
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
