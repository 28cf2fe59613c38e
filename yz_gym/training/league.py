"""League self-play: MaskablePPO against frozen snapshots of itself and the scripted agents.

    python -m yz_gym.training.league configs/training/league_duel.yaml [--output DIR] [--cpu-minutes N]

One policy learns every seat named in `seats` (the observation is seen from the deciding
combatant, so the duel's Ilsa and Brann share a network): the vectorised envs take the seats in
turn. The other side of each game is a member of the league, drawn at each episode start by
prioritized fictitious self-play (PFSP): a member's weight is the share of its recent games the
learner did NOT win, to the power `pfsp_power`, so the opponents that still beat the learner are
played most and the beaten ones rarely (never quite 0: `floor`). The members are the scripted
agents (`scripted`, the tactical agent included) and, when the learner plays the opponents' seat
too, frozen snapshots of the learner taken every `snapshot_every` steps (the newest
`max_snapshots`).

Progress: a line per `report_every` steps (steps, steps/s, CPU minutes, and each member's games,
learner win rate and PFSP weight) and, every `eval.every` steps, deterministic games against the
scripted agents from each seat (progress.csv, learning_curve.png). The run stops at
`total_timesteps`, at its CPU budget (`cpu_minutes`: this process's CPU time, the number a
model's manifest states) or at `wall_minutes`, and writes final.zip (an SB3 file, pickles: for
--resume only) and final.npz (weights only, safe to share: yz_gym/agents/model_files.py)."""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from pydantic import Field

from yz_gym.agents.base import Agent
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone.actions import Action
from yz_gym.training.train_ppo import (
    ConfigError,
    RunConfig,
    Strict,
    TrainConfig,
    _cpu_minutes,
    _write_progress,
    check_agents,
    evaluate_policy,
    learning_rate,
    plot_curve,
    read_config,
    save_model,
    seed_everything,
)


class LeagueSettings(Strict):
    """Who is in the league and how the opponent of each episode is drawn."""

    scripted: list[str] = Field(default_factory=lambda: ["random", "aggressive", "tactical"])
    snapshot_every: int = Field(100_000, ge=0, description="steps between frozen snapshots; 0 = none")
    max_snapshots: int = Field(8, ge=1, le=1000)
    pfsp_power: float = Field(2.0, ge=0, le=10, description="weight = (share of games not won) ** power")
    floor: float = Field(0.02, ge=0, le=1, description="the least weight of a member")
    window: int = Field(300, ge=1, le=100_000, description="recent games per member the weight reads")


class LeagueConfig(RunConfig):
    """A league training run."""

    seats: list[str] | None = Field(None, min_length=1, description="the sides the learner plays; default all")
    total_timesteps: int = Field(1_000_000, ge=1, le=10**12)
    wall_minutes: float | None = Field(None, gt=0, description="stop after this much wall-clock time")
    n_envs: int = Field(8, ge=1, le=256)
    reward_shaping: bool = True
    report_every: int = Field(20_000, ge=1)
    league: LeagueSettings = LeagueSettings()


def load_league_config(path: str | Path, overrides: dict[str, Any] | None = None, cls: Any = None) -> Any:
    """A checked league config, of `cls` (a LeagueConfig subclass) if given (ConfigError names
    the file and the field)."""
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
    from yz_gym.scenario import ScenarioError

    config: LeagueConfig = read_config(path, cls or LeagueConfig, overrides)
    try:
        sides = load_scenario(config.scenario).setup.sides
    except ScenarioError as error:
        raise ConfigError(f"{path}: scenario: {error}") from None
    for i, seat in enumerate(config.seats or []):
        if seat not in sides:
            raise ConfigError(f"{path}: seats[{i}]: no side named '{seat}'; sides: {', '.join(sides)}")
    check_agents(path, {"league.scripted": config.league.scripted, "eval.against": config.eval.against})
    if not config.league.scripted and not config.league.snapshot_every:
        raise ConfigError(f"{path}: league: no members; name scripted agents or set snapshot_every")
    return config


class League:
    """The opponents and their record against the learner; draws each episode's opponent by PFSP."""

    def __init__(self, settings: LeagueSettings) -> None:
        self.settings = settings
        self.frozen: dict[str, Any] = {}  # snapshot name -> a frozen copy of the learner's policy
        self.results: dict[str, deque[int]] = {n: deque(maxlen=settings.window) for n in settings.scripted}
        self.played: dict[str, int] = dict.fromkeys(settings.scripted, 0)

    def members(self) -> list[str]:
        """Every member's name, scripted first."""
        return list(self.results)

    def weights(self) -> np.ndarray:
        """Each member's PFSP weight: (1 - the learner's recent win rate) ** power, at least `floor`.
        A member with no games yet counts as even (one win and one loss)."""
        rates = np.array([(sum(r) + 1) / (len(r) + 2) for r in self.results.values()])
        weights = np.maximum((1.0 - rates) ** self.settings.pfsp_power, self.settings.floor)
        return weights / weights.sum()

    def draw(self, rng: np.random.Generator) -> str:
        """The next episode's opponent."""
        names = self.members()
        return names[int(rng.choice(len(names), p=self.weights()))]

    def agent(self, name: str, seed: int) -> Agent:
        """A member as an agent for one episode."""
        from yz_gym.agents import make_agent
        from yz_gym.agents.policy import PolicyAgent

        if name in self.frozen:
            return PolicyAgent(self.frozen[name], seed, deterministic=False)
        return make_agent(name, seed)

    def record(self, name: str, learner_won: bool) -> None:
        """One finished game of `name` against the learner."""
        if name in self.results:  # a snapshot may have left the league during the game
            self.results[name].append(int(learner_won))
            self.played[name] += 1

    def freeze(self, name: str, policy: Any) -> None:
        """Add a frozen copy of the learner's policy; the oldest snapshot leaves beyond `max_snapshots`."""
        frozen = copy.deepcopy(policy)
        frozen.set_training_mode(False)
        self.frozen[name] = frozen
        self.results[name] = deque(maxlen=self.settings.window)
        self.played[name] = 0
        if len(self.frozen) > self.settings.max_snapshots:
            oldest = next(iter(self.frozen))
            del self.frozen[oldest], self.results[oldest], self.played[oldest]

    def curve(self, timesteps: int) -> list[dict[str, Any]]:
        """The learner's recent win rate against each scripted member (progress.csv rows)."""
        return [
            {"timesteps": timesteps, "opponent": f"{name} (training games)", "win_rate": sum(r) / len(r)}
            for name, r in self.results.items()
            if name in self.settings.scripted and r
        ]

    def table(self) -> str:
        """One line: each member's games, the learner's recent win rate against it, and its weight."""
        parts = []
        for (name, results), weight in zip(self.results.items(), self.weights(), strict=True):
            rate = f"{100 * sum(results) / len(results):.0f}%" if results else "-"
            parts.append(f"{name} {self.played[name]}g {rate} w{weight:.2f}")
        return " | ".join(parts)


class LeagueOpponent(Agent):
    """The other side of one env: plays as the member the env drew for the current episode."""

    name = "league"

    def __init__(self) -> None:
        super().__init__(None)
        self.current: Agent | None = None

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        """The drawn member's choice."""
        assert self.current is not None, "LeagueEnv draws a member at each reset"
        return self.current.choose(state, actions)


def make_league_env(config: LeagueConfig, seat: str, rank: int, league: League) -> Any:
    """A function building one monitored env in which the learner plays `seat` against the league."""

    def build() -> Any:
        from stable_baselines3.common.monitor import Monitor

        import yz_gym  # noqa: F401 - registers the env
        from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario

        opponent = LeagueOpponent()
        others = {s: opponent for s in load_scenario(config.scenario).setup.sides if s != seat}
        env = gym.make(
            "yz_gym/Skirmish-v0",
            scenario=config.scenario,
            side=seat,
            opponents=others,
            reward_shaping=config.reward_shaping,
        )
        wrapped = LeagueEnv(env, league, opponent, seat, np.random.default_rng([config.seed, rank]))
        wrapped.reset(seed=config.seed + 1000 * rank)
        return Monitor(wrapped)

    return build


class LeagueEnv(gym.Wrapper):  # type: ignore[type-arg]
    """Draws the opponent at each reset and records the learner's result at each game end."""

    def __init__(
        self, env: Any, league: League, opponent: LeagueOpponent, seat: str, rng: np.random.Generator
    ) -> None:
        super().__init__(env)
        self.league, self.opponent, self.seat, self.rng = league, opponent, seat, rng
        self.member = ""

    def reset(self, **kwargs: Any) -> Any:
        """A new game against a member drawn by PFSP."""
        self.member = self.league.draw(self.rng)
        self.opponent.current = self.league.agent(self.member, int(self.rng.integers(2**63)))
        return self.env.reset(**kwargs)

    def step(self, action: Any) -> Any:
        """The env's step; at a game's end the league learns who won."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated or truncated:
            outcome = info.get("outcome") or {}
            self.league.record(self.member, outcome.get("winner") == self.seat)
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The wrapped env's mask (MaskablePPO asks every env for it)."""
        return np.asarray(self.env.get_wrapper_attr("action_masks")())


def seats_of(config: LeagueConfig) -> list[str]:
    """The sides the learner plays."""
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario

    return list(config.seats or load_scenario(config.scenario).setup.sides)


def policy_kwargs(config: LeagueConfig, log: Any = print) -> dict[str, Any]:
    """The MLP's layers and, with `prune_inputs`, the observation values any learner seat ever sees set."""
    kwargs: dict[str, Any] = {"net_arch": list(config.ppo.net_arch)}
    if config.ppo.prune_inputs:
        from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
        from yz_gym.training.features import SelectFeatures, active_features

        sides = load_scenario(config.scenario).setup.sides
        indices = sorted(
            {
                i
                for seat in seats_of(config)
                for i in active_features(config.scenario, sides.index(seat), seed=config.seed)
            }
        )
        log(f"prune_inputs: the network reads {len(indices)} observation values")
        kwargs.update(features_extractor_class=SelectFeatures, features_extractor_kwargs={"indices": indices})
    return kwargs


def evaluate_seats(model: Any, config: LeagueConfig, seed: int) -> list[dict[str, Any]]:
    """Deterministic win rates of the policy from each seat against each `eval.against` agent."""
    rows = []
    for seat in seats_of(config):
        view = TrainConfig(name=config.name, scenario=config.scenario, side=seat, seed=config.seed)
        for opponent in config.eval.against:
            rate = evaluate_policy(model, view, opponent, config.eval.games, seed)
            rows.append(
                {"timesteps": model.num_timesteps, "opponent": f"{opponent} ({seat})", "win_rate": rate}
            )
    return rows


def train(
    config: LeagueConfig,
    log: Any = print,
    initial: dict[str, Any] | None = None,
    on_eval: Callable[[int, list[dict[str, Any]]], None] | None = None,
) -> Path:
    """Run league training, from the policy weights `initial` if given (a state dict of the same
    network: training/distill.py's), calling `on_eval(steps, rows)` after each evaluation (it may
    raise to stop the run: training/hpsearch.py's pruner); returns the path of final.npz."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    from yz_gym.agents.model_files import save_model_file
    from yz_gym.io import atomic_write_json, check_output, remove_stale_temporaries
    from yz_gym.tasks import space_signature
    from yz_gym.training.ship import commit

    out = config.out
    check_output(out / "config.json", "output (--output)", make_folder=True)
    out.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(out)
    atomic_write_json(out / "config.json", config.model_dump())
    seed_everything(config.seed)
    league = League(config.league)
    seats = seats_of(config)
    snapshots = config.league.snapshot_every if set(seats) >= set(_sides(config)) else 0
    venv = DummyVecEnv(
        [make_league_env(config, seats[r % len(seats)], r, league) for r in range(config.n_envs)]
    )
    ppo = config.ppo
    model = MaskablePPO(
        "MlpPolicy", venv, learning_rate=learning_rate(config), n_steps=ppo.n_steps,  # type: ignore[arg-type]
        batch_size=ppo.batch_size, n_epochs=ppo.n_epochs, gamma=ppo.gamma, gae_lambda=ppo.gae_lambda,
        ent_coef=ppo.ent_coef, clip_range=ppo.clip_range, policy_kwargs=policy_kwargs(config, log),
        seed=config.seed, device="cpu", verbose=0,
    )  # fmt: skip
    if initial is not None:
        model.policy.load_state_dict(initial)
    rows: list[dict[str, Any]] = []
    start, cpu_start = time.monotonic(), _cpu_minutes()

    def evaluate(n: int) -> None:
        new = evaluate_seats(model, config, config.seed + 7)
        for row in new:
            rows.append(row)
            log(f"{n:>9} steps: win rate vs {row['opponent']} {100 * row['win_rate']:.1f}%")
        _write_progress(rows, out / "progress.csv")
        plot_curve(rows, out / "learning_curve.png", f"{config.name}: MaskablePPO league")
        if on_eval is not None:
            on_eval(n, new)

    class Steps(BaseCallback):
        """Progress lines, snapshots, evaluations and the budget."""

        def _on_step(self) -> bool:
            n, step = self.num_timesteps, venv.num_envs
            if snapshots and n % snapshots < step:
                league.freeze(f"snap{n}", self.model.policy)
                save_model(self.model, out / "latest.zip")
            if n % config.report_every < step:
                cpu, wall = _cpu_minutes() - cpu_start, (time.monotonic() - start) / 60
                log(f"{n:>9} steps {n / max(wall * 60, 1e-9):6.0f}/s cpu {cpu:5.1f}m | {league.table()}")
                rows.extend(league.curve(n))
                _write_progress(rows, out / "progress.csv")
            if n % config.eval.every < step:
                evaluate(n)
            over_cpu = config.cpu_minutes is not None and _cpu_minutes() - cpu_start >= config.cpu_minutes
            over_wall = (
                config.wall_minutes is not None and time.monotonic() - start >= 60 * config.wall_minutes
            )
            if over_cpu or over_wall:
                log(f"{'CPU' if over_cpu else 'wall-clock'} budget reached at {n} steps")
                return False
            return True

    model.learn(total_timesteps=config.total_timesteps, callback=Steps(), progress_bar=False)
    cpu_used = _cpu_minutes() - cpu_start
    evaluate(model.num_timesteps)
    save_model(model, out / "final.zip")
    trained_on = {"ruleset": "yze", "mode": "skirmish", "spaces": space_signature(venv.envs[0]),
                  "scenario": config.scenario, "seats": seats}  # fmt: skip
    final = save_model_file(model, out / "final.npz", trained_on)
    atomic_write_json(
        out / "budget.json",
        {"timesteps": int(model.num_timesteps), "cpu_minutes": round(cpu_used, 2), "seats": seats,
         "commit": commit(), "league": league.table()},
    )  # fmt: skip
    venv.close()
    log(f"final model: {final} ({model.num_timesteps} steps, {cpu_used:.1f} CPU-minutes of training)")
    return final


def _sides(config: LeagueConfig) -> list[str]:
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario

    return list(load_scenario(config.scenario).setup.sides)


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point: one config, one run."""
    from yz_gym.io import OutputError

    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("config", help="configs/training/league_<name>.yaml")
    parser.add_argument("--output", help="override the output folder")
    parser.add_argument("--timesteps", type=int, help="override total_timesteps")
    parser.add_argument("--cpu-minutes", type=float, help="override cpu_minutes")
    parser.add_argument("--wall-minutes", type=float, help="override wall_minutes")
    args = parser.parse_args(argv)
    given = {"output": args.output, "total_timesteps": args.timesteps}
    given.update(cpu_minutes=args.cpu_minutes, wall_minutes=args.wall_minutes)
    overrides = {key: value for key, value in given.items() if value is not None}
    try:
        config = load_league_config(args.config, overrides)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    print(json.dumps(config.model_dump(), indent=1), file=sys.stderr)
    try:
        train(config)
    except OutputError as error:
        parser.exit(2, f"error: {error}\n")


if __name__ == "__main__":
    main()
