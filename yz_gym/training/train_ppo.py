"""Train NPC tactics with sb3-contrib MaskablePPO on Skirmish-v0 or Dx3Fight-v0 (the scenario's
game picks the env), with self-play and evaluation.

    python -m yz_gym.training.train_ppo --config configs/training/duel.yaml [--resume] [--timesteps N]
    python -m yz_gym.training.train_ppo --config configs/training/dx3_duel.yaml

The learner plays one side; the other side is a self-play pool of scripted agents and frozen
past checkpoints. Every `eval.every` steps the current policy plays the scripted baselines and
the win rates go to TensorBoard, a CSV and a learning-curve PNG. The output folder is checked
before training starts. A DX3 run's pool is scripted DX3 agents only (no frozen snapshots, no
pruned inputs: those read YZE fights) and its evaluation plays through the env. Checkpoints are written atomically; `--resume` continues from the
latest one after a kill, and the temporaries of writes a kill cut short are removed. Model files are pickles:
load only files from a trusted source."""

from __future__ import annotations

import argparse
import csv
import io
import json
import random
import sys
import time
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from yz_gym.io import (
    OutputError,
    atomic_write_bytes,
    atomic_write_json,
    atomic_write_text,
    check_output,
    remove_stale_temporaries,
)
from yz_gym.scenario.reading import MAX_SEED

YZE_FIGHT: Final = ("yze", "skirmish")
TRAINABLE: Final = (YZE_FIGHT, ("dx3", "skirmish"))  # the games whose envs this script trains on


class Strict(BaseModel):
    """Config blocks reject unknown keys."""

    model_config = ConfigDict(extra="forbid")


class PPOConfig(Strict):
    """MaskablePPO hyperparameters."""

    learning_rate: float = Field(3e-4, gt=0, le=1)
    n_steps: int = Field(256, ge=8, le=1_000_000)
    batch_size: int = Field(256, ge=8, le=1_000_000)
    n_epochs: int = Field(6, ge=1, le=1000)
    gamma: float = Field(0.99, gt=0, le=1)
    gae_lambda: float = Field(0.95, gt=0, le=1)
    ent_coef: float = Field(0.01, ge=0)
    clip_range: float = Field(0.2, gt=0)
    net_arch: list[Annotated[int, Field(ge=1, le=65_536)]] = Field([128, 128], min_length=1, max_length=32)
    learning_rate_final: float | None = Field(
        None, gt=0, le=1, description="anneal the learning rate linearly to this by total_timesteps"
    )
    prune_inputs: bool = Field(
        False, description="feed the network only the observation values the scenario ever sets"
    )


class SelfPlayConfig(Strict):
    """The opponent pool: scripted agents, plus frozen snapshots of the learner."""

    scripted: list[str] = ["random", "aggressive", "tactical"]
    snapshot_every: int = Field(0, ge=0, description="steps between frozen snapshots; 0 = none")


class EvalConfig(Strict):
    """Evaluation against the scripted baselines during training."""

    every: int = Field(10_000, ge=1)
    games: int = Field(100, ge=1, le=1_000_000)
    against: list[str] = ["random", "aggressive"]


class RunConfig(Strict):
    """What every training run names: the scenario, the seed, the budget, the network, the evaluation."""

    name: str
    scenario: str
    seed: int = Field(0, ge=0, le=MAX_SEED)
    total_timesteps: int = Field(100_000, ge=1, le=10**12)
    n_envs: int = Field(4, ge=1, le=256)
    reward_shaping: bool = False
    output: str = "runs/{name}"
    cpu_minutes: float | None = Field(None, gt=0, description="stop after this much CPU time (dummy vec env)")
    ppo: PPOConfig = PPOConfig()
    eval: EvalConfig = EvalConfig()

    @property
    def out(self) -> Path:
        """The run's folder."""
        return Path(self.output.format(name=self.name))


class TrainConfig(RunConfig):
    """A training run."""

    side: str | None = None
    vec_env: Literal["dummy", "subproc"] = "dummy"
    checkpoint_every: int = Field(10_000, ge=1)
    self_play: SelfPlayConfig = SelfPlayConfig()


class ConfigError(ValueError):
    """A training config that cannot be used; the one-line message names the file, the field and the fix."""


def load_config(path: str | Path, overrides: dict[str, Any] | None = None) -> TrainConfig:
    """A checked config, read within the limits of yz_gym/scenario/reading.py; errors name the
    file and the field (ConfigError)."""
    from yz_gym.agents import MODE_AGENTS
    from yz_gym.scenario import ScenarioError, load

    config = read_config(path, TrainConfig, overrides)
    try:
        game = load(config.scenario)
    except ScenarioError as error:
        raise ConfigError(f"{path}: scenario: {error}") from None
    sides, key = game.sides, game.mode.key
    if config.side is not None and config.side not in sides:
        raise ConfigError(f"{path}: side: no side named '{config.side}'; sides: {', '.join(sides)}")
    if key not in TRAINABLE:
        raise ConfigError(
            f"{path}: scenario: {key[0]} {key[1]} scenarios cannot be trained here; "
            f"give a {' or '.join(f'{r} {m}' for r, m in TRAINABLE)} scenario"
        )
    if key != YZE_FIGHT:  # these two read YZE fights only (agents/policy.py, training/features.py)
        for field, used in (("self_play.snapshot_every", config.self_play.snapshot_every),
                            ("ppo.prune_inputs", config.ppo.prune_inputs)):  # fmt: skip
            if used:
                raise ConfigError(f"{path}: {field}: not available for {key[0]} {key[1]} scenarios; set it to 0/false")
    fits = MODE_AGENTS[key]
    for field, names in (
        ("self_play.scripted", config.self_play.scripted),
        ("eval.against", config.eval.against),
    ):
        for i, name in enumerate(names):
            if name not in fits:
                raise ConfigError(
                    f"{path}: {field}[{i}]: '{name}' does not play {key[0]} {key[1]} fights; use one of {', '.join(fits)}"
                )
    return config


def read_config(path: str | Path, cls: Any, overrides: dict[str, Any] | None = None) -> Any:
    """A config of pydantic model `cls` with an `output` pattern, read within the limits of
    yz_gym/scenario/reading.py (ConfigError names the file and the field)."""
    from yz_gym.scenario import ScenarioError
    from yz_gym.scenario.reading import MAX_YAML_BYTES, ReadError, load_yaml, read_text
    from yz_gym.scenario.validation import validated

    path = Path(path)
    try:
        data = load_yaml(read_text(path, MAX_YAML_BYTES, "training config"), str(path))
        if data is not None and not isinstance(data, dict):
            raise ScenarioError(f"{path}: got a {type(data).__name__}; a training config is a mapping")
        config = validated(cls, {**(data or {}), **(overrides or {})}, str(path), "a mapping")
    except (ReadError, ScenarioError) as error:
        raise ConfigError(str(error)) from None
    try:
        config.out  # noqa: B018 (the output pattern may only use {name})
    except (KeyError, IndexError, ValueError):
        raise ConfigError(
            f"{path}: output: {config.output!r} may use only {{name}}; e.g. runs/{{name}}"
        ) from None
    return config


def check_agents(path: str | Path, fields: dict[str, list[str]]) -> None:
    """Every agent a config names exists (ConfigError names the field and the index)."""
    from yz_gym.agents import make_agent

    for field, names in fields.items():
        for i, name in enumerate(names):
            try:
                make_agent(name, 0)
            except ValueError as error:
                raise ConfigError(f"{path}: {field}[{i}]: {error}") from None


def seed_everything(seed: int) -> None:
    """The one seeding block: Python, NumPy and torch generators."""
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(1)  # small MLPs: extra threads only contend with the env workers


def opponents_for(config: TrainConfig, pool_folder: Path) -> Any:
    """The self-play pool for every side other than the learner's."""
    from yz_gym.agents.policy import PoolAgent
    from yz_gym.scenario import load

    sides = load(config.scenario).sides
    mine = config.side or sides[0]
    folder = pool_folder if config.self_play.snapshot_every else None
    return {s: PoolAgent(config.self_play.scripted, folder) for s in sides if s != mine}


def make_env_fn(config: TrainConfig, rank: int, pool_folder: Path):  # type: ignore[no-untyped-def]
    """A function building one monitored env (for the vectorised envs)."""

    def build():  # type: ignore[no-untyped-def]
        import gymnasium as gym
        from stable_baselines3.common.monitor import Monitor

        import yz_gym  # noqa: F401 - registers the env

        env = gym.make(
            env_id(config),
            scenario=config.scenario,
            side=config.side,
            opponents=opponents_for(config, pool_folder),
            reward_shaping=config.reward_shaping,
        )
        env.reset(seed=config.seed + 1000 * rank)
        return Monitor(env)

    return build


def game_key(config: TrainConfig) -> tuple[str, str]:
    """The (ruleset, mode) of the config's scenario."""
    from yz_gym.scenario import load

    return load(config.scenario).mode.key


def env_id(config: TrainConfig) -> str:
    """The Gymnasium env the learner plays: its game's generic env (tasks.GENERIC)."""
    from yz_gym.tasks import GENERIC

    return GENERIC[game_key(config)].id


def learning_rate(config: TrainConfig) -> Any:
    """A constant rate, or a linear anneal from `learning_rate` to `learning_rate_final`.

    SB3's progress goes from 1 to 0 over `total_timesteps`; a run stopped early by its CPU
    budget ends part way down the ramp."""
    start, end = config.ppo.learning_rate, config.ppo.learning_rate_final
    if end is None:
        return start
    return LinearSchedule(start, end)


class LinearSchedule:
    """`start` at progress 1, `end` at progress 0 (a picklable callable for SB3)."""

    def __init__(self, start: float, end: float) -> None:
        self.start, self.end = start, end

    def __call__(self, progress_remaining: float) -> float:
        return self.end + (self.start - self.end) * progress_remaining


def policy_kwargs(config: TrainConfig, log: Any = print) -> dict[str, Any]:
    """The MLP's layers, and with `prune_inputs` the features extractor that keeps only the
    observation values the scenario ever sets (training/features.py)."""
    kwargs: dict[str, Any] = {"net_arch": list(config.ppo.net_arch)}
    if config.ppo.prune_inputs:
        from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
        from yz_gym.training.features import SelectFeatures, active_features

        sides = load_scenario(config.scenario).setup.sides
        side = sides.index(config.side) if config.side else 0
        indices = active_features(config.scenario, side, seed=config.seed)
        log(f"prune_inputs: the network reads {len(indices)} observation values")
        kwargs.update(features_extractor_class=SelectFeatures, features_extractor_kwargs={"indices": indices})
    return kwargs


def evaluate_policy(model: Any, config: TrainConfig, opponent: str, games: int, seed: int) -> float:
    """The current policy's win rate against one scripted agent (deterministic play)."""
    if game_key(config) != YZE_FIGHT:
        return evaluate_in_env(model, config, opponent, games, seed)
    from yz_gym.agents.policy import PolicyAgent
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
    from yz_gym.rulesets.yze.zone import engine

    scenario = load_scenario(config.scenario)
    sides = scenario.setup.sides
    mine = sides.index(config.side) if config.side else 0
    learner = PolicyAgent(model, seed)
    from yz_gym.agents import make_agent

    wins = 0
    for game in range(games):
        rng = np.random.default_rng([seed, game])
        other = make_agent(opponent, seed + game)
        state = engine.new_game(scenario, rng)
        while not engine.is_over(state):
            actor = state.combatants[engine.current_actor(state)]
            agent = learner if actor.side == mine else other
            engine.apply(state, agent.choose(state, engine.legal_actions(state)), rng)
        wins += int(state.winner == mine)
    return wins / games


def evaluate_in_env(model: Any, config: TrainConfig, opponent: str, games: int, seed: int) -> float:
    """The policy's win rate against one scripted agent, played through its game's env (the agent
    plays every other side; game i is seeded by (seed, i))."""
    import gymnasium as gym

    import yz_gym  # noqa: F401 - registers the env
    from yz_gym.agents import make_agent

    wins = 0
    for game in range(games):
        env = gym.make(env_id(config), scenario=config.scenario, side=config.side, opponents=make_agent(opponent, seed + game))
        obs, info = env.reset(seed=int(np.random.SeedSequence([seed, game]).generate_state(1)[0]))
        reward, done = 0.0, False
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool), deterministic=True)
            obs, reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        wins += int(reward > 0)
        env.close()
    return wins / games


def save_model(model: Any, path: Path) -> Path:
    """Save a model atomically (a complete zip or nothing)."""
    buffer = io.BytesIO()
    model.save(buffer)
    return atomic_write_bytes(path, buffer.getvalue())


def plot_curve(rows: list[dict[str, Any]], path: Path, title: str) -> None:
    """The learning curve: win rate against each baseline over training steps."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for opponent in sorted({r["opponent"] for r in rows}):
        points = [(r["timesteps"], r["win_rate"]) for r in rows if r["opponent"] == opponent]
        ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=f"vs {opponent}")
    ax.set_xlabel("timesteps")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title(title)
    buffer = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buffer, format="png", dpi=110)
    plt.close(fig)
    atomic_write_bytes(path, buffer.getvalue())


def train(config: TrainConfig, resume: bool = False, log: Any = print) -> Path:
    """Run (or resume) training; returns the path of the final model. The output folder is
    checked first (OutputError), and the temporaries of writes killed in an earlier run removed."""
    out = config.out
    check_output(out / "config.json", "output (--output)", make_folder=True)
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    checkpoints, pool = out / "checkpoints", out / "pool"
    for folder in (out, checkpoints, pool):
        folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(folder)
    atomic_write_json(out / "config.json", config.model_dump())
    seed_everything(config.seed)
    fns = [make_env_fn(config, rank, pool) for rank in range(config.n_envs)]
    venv = SubprocVecEnv(fns) if config.vec_env == "subproc" else DummyVecEnv(fns)
    latest = checkpoints / "latest.zip"
    progress_file = out / "progress.csv"
    rows: list[dict[str, Any]] = []
    if resume and latest.exists():
        model = MaskablePPO.load(str(latest), env=venv, device="cpu")
        if progress_file.exists():
            with progress_file.open() as handle:
                rows = [
                    {**r, "timesteps": int(r["timesteps"]), "win_rate": float(r["win_rate"])}
                    for r in csv.DictReader(handle)
                ]
        log(f"resuming from {latest} at {model.num_timesteps} steps")
    else:
        ppo = config.ppo
        model = MaskablePPO(
            "MlpPolicy", venv, learning_rate=learning_rate(config), n_steps=ppo.n_steps,
            batch_size=ppo.batch_size, n_epochs=ppo.n_epochs, gamma=ppo.gamma,
            gae_lambda=ppo.gae_lambda, ent_coef=ppo.ent_coef, clip_range=ppo.clip_range,
            policy_kwargs=policy_kwargs(config, log), seed=config.seed, device="cpu",
            tensorboard_log=str(out / "tensorboard"), verbose=0,
        )  # fmt: skip

    class Steps(BaseCallback):
        """Checkpoints, snapshots for self-play, and evaluation against the baselines."""

        def _on_step(self) -> bool:
            n = self.num_timesteps
            if n % config.checkpoint_every < venv.num_envs:
                save_model(self.model, latest)
                atomic_write_json(out / "checkpoint.json", {"timesteps": n, "time": time.time()})
            every = config.self_play.snapshot_every
            if every and n % every < venv.num_envs:
                save_model(self.model, pool / f"snapshot_{n:09d}.zip")
            if n % config.eval.every < venv.num_envs:
                self._evaluate(n)
            if config.cpu_minutes is not None and _cpu_minutes() >= config.cpu_minutes:
                log(f"CPU budget of {config.cpu_minutes} minutes reached at {n} steps")
                self._evaluate(n)
                return False
            return True

        def _evaluate(self, n: int) -> None:
            for opponent in config.eval.against:
                rate = evaluate_policy(self.model, config, opponent, config.eval.games, config.seed + 7)
                self.logger.record(f"eval/win_rate_vs_{opponent}", rate)
                rows.append({"timesteps": n, "opponent": opponent, "win_rate": rate})
                log(f"{n:>9} steps: win rate vs {opponent} {100 * rate:.1f}%")
            _write_progress(rows, progress_file)
            plot_curve(rows, out / "learning_curve.png", f"{config.name}: MaskablePPO")

    remaining = config.total_timesteps - model.num_timesteps
    if remaining > 0:
        model.learn(
            total_timesteps=remaining, callback=Steps(), reset_num_timesteps=not resume, progress_bar=False
        )
    final = save_model(model, out / "final.zip")
    from yz_gym.agents.weights import save_weights

    save_weights(model, out / "final.pth")  # the same policy without pickles, safe to share
    save_model(model, latest)
    venv.close()
    log(f"final model: {final} (weights only, safe to share: {out / 'final.pth'})")
    return final


def _cpu_minutes() -> float:
    """CPU minutes used by this process and its finished children (the training budget)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime) / 60


def _write_progress(rows: list[dict[str, Any]], path: Path) -> None:
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=["timesteps", "opponent", "win_rate"])
    writer.writeheader()
    writer.writerows(rows)
    atomic_write_text(path, text.getvalue())


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--config", required=True, help="configs/training/<name>.yaml")
    parser.add_argument("--resume", action="store_true", help="continue from the latest checkpoint")
    parser.add_argument("--timesteps", type=int, help="override total_timesteps")
    parser.add_argument("--output", help="override the output folder")
    args = parser.parse_args(argv)
    overrides: dict[str, Any] = {}
    if args.timesteps:
        overrides["total_timesteps"] = args.timesteps
    if args.output:
        overrides["output"] = args.output
    try:
        config = load_config(args.config, overrides)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    print(json.dumps(config.model_dump(), indent=1), file=sys.stderr)
    try:
        train(config, resume=args.resume)
    except OutputError as error:
        parser.exit(2, f"error: {error}\n")


if __name__ == "__main__":
    main()
