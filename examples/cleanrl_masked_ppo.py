"""Masked PPO in one file, in the style of CleanRL's ppo.py, on a yz_gym task.

    python examples/cleanrl_masked_ppo.py --env-id yz_gym/YZE-Duel-v1 --total-timesteps 50000

The policy reads the mask from `infos["action_mask"]` (a vector env stacks it per env) and gives
masked-out actions no probability; the env's masks are never all zeros (after an episode ends
the mask marks index 0, which the next-step autoreset ignores), so the masked distribution is
always defined. Needs torch (`pip install -e ".[train]"`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import gymnasium as gym
import numpy as np
import torch
from torch import nn
from torch.distributions import Categorical

import yz_gym  # noqa: F401  registers the tasks


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The run's settings (CleanRL's names)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--env-id", default="yz_gym/YZE-Duel-v1")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--total-timesteps", type=int, default=50_000)
    p.add_argument("--num-envs", type=int, default=4)
    p.add_argument("--num-steps", type=int, default=128)
    p.add_argument("--learning-rate", type=float, default=2.5e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--num-minibatches", type=int, default=4)
    p.add_argument("--update-epochs", type=int, default=4)
    p.add_argument("--clip-coef", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    return p.parse_args(argv)


def layer(n_in: int, n_out: int, std: float = float(np.sqrt(2))) -> nn.Linear:
    """A linear layer with CleanRL's orthogonal initialisation."""
    linear = nn.Linear(n_in, n_out)
    nn.init.orthogonal_(linear.weight, std)
    nn.init.constant_(linear.bias, 0.0)
    return linear


class Agent(nn.Module):
    """Separate actor and critic MLPs; the actor's logits of masked-out actions are pushed to -1e8."""

    def __init__(self, n_obs: int, n_actions: int) -> None:
        super().__init__()
        self.critic = nn.Sequential(layer(n_obs, 64), nn.Tanh(), layer(64, 64), nn.Tanh(), layer(64, 1, 1.0))
        self.actor = nn.Sequential(
            layer(n_obs, 64), nn.Tanh(), layer(64, 64), nn.Tanh(), layer(64, n_actions, 0.01)
        )

    def value(self, x: torch.Tensor) -> torch.Tensor:
        """The critic's estimate."""
        return self.critic(x)

    def act(
        self, x: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """(action, its log-probability, the entropy, the value) under the mask."""
        logits = torch.where(mask, self.actor(x), torch.tensor(-1e8))
        dist = Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.critic(x)


def train(args: argparse.Namespace) -> dict[str, float]:
    """Run PPO; returns the steps taken, the episodes finished, their mean return and the seconds."""
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    envs = gym.vector.SyncVectorEnv([lambda: gym.make(args.env_id) for _ in range(args.num_envs)])
    n_obs = int(np.prod(envs.single_observation_space.shape))
    n_actions = int(envs.single_action_space.n)
    agent = Agent(n_obs, n_actions)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    shape = (args.num_steps, args.num_envs)
    obs = torch.zeros((*shape, n_obs))
    masks = torch.zeros((*shape, n_actions), dtype=torch.bool)
    actions = torch.zeros(shape, dtype=torch.long)
    logprobs, rewards, dones, values = (torch.zeros(shape) for _ in range(4))
    batch = args.num_envs * args.num_steps
    minibatch = batch // args.num_minibatches
    start, returns, steps = time.time(), [], 0
    episode_return = np.zeros(args.num_envs)
    next_obs_np, infos = envs.reset(seed=args.seed)
    next_obs, next_mask = torch.as_tensor(next_obs_np), torch.as_tensor(infos["action_mask"].astype(bool))
    next_done = torch.zeros(args.num_envs)
    for _ in range(max(1, args.total_timesteps // batch)):
        for t in range(args.num_steps):
            steps += args.num_envs
            obs[t], masks[t], dones[t] = next_obs, next_mask, next_done
            with torch.no_grad():
                action, logprob, _, value = agent.act(next_obs, next_mask)
            actions[t], logprobs[t], values[t] = action, logprob, value.flatten()
            next_obs_np, reward, terminated, truncated, infos = envs.step(action.numpy())
            done = np.logical_or(terminated, truncated)
            rewards[t] = torch.as_tensor(reward, dtype=torch.float32)
            episode_return += reward
            returns += episode_return[done].tolist()
            episode_return[done] = 0.0
            next_obs = torch.as_tensor(next_obs_np)
            next_mask = torch.as_tensor(infos["action_mask"].astype(bool))
            next_done = torch.as_tensor(done, dtype=torch.float32)
        with torch.no_grad():  # generalised advantage estimation
            next_value = agent.value(next_obs).flatten()
            advantages = torch.zeros(shape)
            last = torch.zeros(args.num_envs)
            for t in reversed(range(args.num_steps)):
                alive = 1.0 - (next_done if t == args.num_steps - 1 else dones[t + 1])
                following = next_value if t == args.num_steps - 1 else values[t + 1]
                delta = rewards[t] + args.gamma * following * alive - values[t]
                advantages[t] = last = delta + args.gamma * args.gae_lambda * alive * last
            targets = advantages + values
        b_obs, b_masks = obs.reshape(batch, n_obs), masks.reshape(batch, n_actions)
        b_actions, b_logprobs = actions.reshape(-1), logprobs.reshape(-1)
        b_advantages, b_targets = advantages.reshape(-1), targets.reshape(-1)
        order = np.arange(batch)
        for _ in range(args.update_epochs):
            np.random.default_rng(args.seed).shuffle(order)
            for lo in range(0, batch, minibatch):
                idx = order[lo : lo + minibatch]
                _, newlogprob, entropy, newvalue = agent.act(b_obs[idx], b_masks[idx], b_actions[idx])
                ratio = (newlogprob - b_logprobs[idx]).exp()
                adv = b_advantages[idx]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                clipped = torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)
                pg_loss = torch.max(-adv * ratio, -adv * clipped).mean()
                v_loss = 0.5 * ((newvalue.flatten() - b_targets[idx]) ** 2).mean()
                loss = pg_loss - args.ent_coef * entropy.mean() + args.vf_coef * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()
    envs.close()
    mean = float(np.mean(returns)) if returns else float("nan")
    return {"steps": steps, "episodes": len(returns), "mean_return": mean, "seconds": time.time() - start}


if __name__ == "__main__":
    result = train(parse())
    print(
        f"{result['steps']} steps, {result['episodes']} episodes, mean return {result['mean_return']:.3f}, "
        f"{result['seconds']:.0f} s"
    )
