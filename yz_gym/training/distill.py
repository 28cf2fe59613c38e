"""Expert iteration: distil a search teacher's choices into the policy network, then fine-tune it
with MaskablePPO in the league.

    python -m yz_gym.training.distill configs/training/distill_duel.yaml [--output DIR] [--cpu-minutes N]

The teacher is a one-step improvement of the tactical agent (agents/search.py's SearchAgent with
`rollouts` rollouts for every legal action and no halving: after each candidate the tactical agent
plays both sides to the end, common random numbers across candidates; it keeps the tactical pick
unless a candidate wins `margin` standard errors more often). The learner is the MaskablePPO
network of the league (training/league.py), so the same weights go on to PPO and to the NumPy
model file. Each iteration (DAgger):

1. plays `games` games from the seats in turn against the `opponents`; at each of the learner
   seat's decisions with a choice the teacher labels the state, and the teacher's action is played
   with probability `teacher_share ** iteration` (iteration 0: the teacher's states; later more and
   more the learner's own, so it learns to recover from its own mistakes);
2. fits the network on every label so far: masked cross-entropy on the teacher's action, and the
   value head on the game's result from the seat (1 won, -1 lost, 0 drawn);
3. plays `eval.games` deterministic games from each seat against `eval.against` (progress.csv,
   learning_curve.png; the x axis counts labelled decisions).

Then, with `fine_tune: true`, the league trains on from these weights (the config's league and
ppo blocks, `cpu_minutes` its budget). The run writes final.npz (weights only), budget.json
(labels, PPO steps and the CPU minutes of both phases) and labels.npz (the data set, for a rerun
of the fit)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import Field

from yz_gym.training.league import LeagueConfig, load_league_config, make_league_env, seats_of
from yz_gym.training.league import policy_kwargs as league_policy_kwargs
from yz_gym.training.league import train as league_train
from yz_gym.training.train_ppo import ConfigError, Strict, _cpu_minutes, _write_progress, plot_curve


class TeacherSettings(Strict):
    """The search teacher: SearchAgent with every candidate rolled out `rollouts` times."""

    rollouts: int = Field(32, ge=2, le=4096, description="rollouts per legal action")
    margin: float = Field(1.0, ge=0, le=10, description="standard errors a candidate must beat the tactical pick by")
    rollout_agent: str = "tactical"
    opponent_model: str = "tactical"


class DistillSettings(Strict):
    """The DAgger iterations and the fit."""

    warm_games: int = Field(0, ge=0, le=10_000_000, description="games labelled by the rollout agent itself first")
    iterations: int = Field(4, ge=1, le=1000)
    games: int = Field(100, ge=1, le=1_000_000, description="games per iteration")
    opponents: list[str] = Field(default_factory=lambda: ["tactical"], min_length=1)
    teacher_share: float = Field(0.5, ge=0, le=1, description="the teacher plays with this ** iteration")
    epochs: int = Field(30, ge=1, le=10_000)
    batch_size: int = Field(256, ge=8, le=1_000_000)
    learning_rate: float = Field(1e-3, gt=0, le=1)
    value_weight: float = Field(0.5, ge=0, le=100)
    search_weight: float = Field(5.0, gt=0, le=1000, description="a search label's weight against a warm one's")
    fine_tune: bool = Field(False, description="then MaskablePPO in the league from these weights")
    teacher: TeacherSettings = TeacherSettings()


class DistillConfig(LeagueConfig):
    """A distillation run: the league's config (network, league, PPO fine-tuning) and its `distill` block."""

    distill: DistillSettings = DistillSettings()


def load_distill_config(path: str | Path, overrides: dict[str, Any] | None = None) -> DistillConfig:
    """A checked distillation config (ConfigError names the file and the field)."""
    from yz_gym.training.train_ppo import check_agents

    config: DistillConfig = load_league_config(path, overrides, DistillConfig)
    block = config.distill
    check_agents(path, {"distill.opponents": block.opponents,
                        "distill.teacher.rollout_agent": [block.teacher.rollout_agent],
                        "distill.teacher.opponent_model": [block.teacher.opponent_model]})  # fmt: skip
    return config


class Labels:
    """The labelled decisions so far: observation, mask, teacher's action, result from the seat."""

    def __init__(self) -> None:
        self.obs: list[np.ndarray] = []
        self.masks: list[np.ndarray] = []
        self.actions: list[int] = []
        self.results: list[float] = []
        self.searched: list[bool] = []  # labelled by the search (not the warm start's rollout agent)
        self.deviations = 0  # labels where the teacher's pick is not the tactical agent's

    def __len__(self) -> int:
        return len(self.actions)

    def arrays(self) -> dict[str, np.ndarray]:
        """The data set as arrays (labels.npz)."""
        return {"obs": np.asarray(self.obs, np.float16), "masks": np.asarray(self.masks, bool),
                "actions": np.asarray(self.actions, np.int64), "results": np.asarray(self.results, np.float32),
                "searched": np.asarray(self.searched, bool)}  # fmt: skip


def play_and_label(
    model: Any, config: DistillConfig, iteration: int, labels: Labels, warm: bool = False
) -> tuple[int, int]:
    """One iteration's games (step 1 of the module docstring); returns (games, learner seat wins).
    `warm`: the `warm_games` games in which the rollout agent labels and plays (no search)."""
    from yz_gym.agents import make_agent
    from yz_gym.agents.search import SearchAgent
    from yz_gym.envs.core import Encoding
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
    from yz_gym.rulesets.yze.zone import engine

    block, teach = config.distill, config.distill.teacher
    scenario = load_scenario(config.scenario)
    sides, seats = list(scenario.setup.sides), seats_of(config)
    encoding = Encoding(scenario)
    n_actions = int(model.action_space.n)
    share = 1.0 if warm else block.teacher_share**iteration
    wins, games = 0, block.warm_games if warm else block.games
    for game in range(games):
        seed = np.random.SeedSequence([config.seed, int(not warm), iteration, game])
        dice, mine, theirs, mix = (np.random.default_rng(s) for s in seed.spawn(4))
        seat = sides.index(seats[game % len(seats)])
        teacher = SearchAgent(int(mine.integers(2**63)), rollouts=teach.rollouts, max_rollouts=teach.rollouts,
                              rollout_agent=teach.rollout_agent, opponent_model=teach.opponent_model,
                              margin=teach.margin)  # fmt: skip
        usual = make_agent(teach.rollout_agent, int(mine.integers(2**63)))
        opponent = make_agent(block.opponents[game % len(block.opponents)], int(theirs.integers(2**63)))
        state = engine.new_game(scenario, dice)
        first = len(labels)
        while not engine.is_over(state):
            me = engine.current_actor(state)
            actions = engine.legal_actions(state)
            if state.combatants[me].side != seat:
                action = opponent.choose(state, actions)
            elif len(actions) == 1:
                action = actions[0]
            else:
                mask, by_index = encoding.mask(me, actions)
                obs = encoding.observer.encode(state, me, engine.decision_kind(state), me)
                label = usual.choose(state, actions) if warm else teacher.choose(state, actions)
                index = next(i for i, a in by_index.items() if a == label)
                labels.obs.append(obs.astype(np.float16))  # 3-4 significant digits: half the memory
                labels.masks.append(mask[:n_actions].astype(bool))
                labels.actions.append(index)
                labels.searched.append(not warm)
                labels.deviations += int(not warm and label != usual.choose(state, actions))
                action = label
                if mix.random() >= share:
                    own, _ = model.predict(obs, action_masks=labels.masks[-1], deterministic=True)
                    action = by_index.get(int(own), label)
            engine.apply(state, action, dice)
        result = 0.0 if state.winner < 0 else (1.0 if state.winner == seat else -1.0)
        labels.results.extend([result] * (len(labels) - first))
        wins += int(state.winner == seat)
    return games, wins


def fit(model: Any, labels: Labels, config: DistillConfig) -> dict[str, float]:
    """Step 2: the masked cross-entropy (and value) fit on every label; returns the last epoch's
    loss and the share of labels the network's deterministic pick agrees with."""
    import torch

    block = config.distill
    data = labels.arrays()
    obs, masks = torch.as_tensor(data["obs"]), torch.as_tensor(data["masks"])
    actions, results = torch.as_tensor(data["actions"]), torch.as_tensor(data["results"])
    weights = torch.where(torch.as_tensor(data["searched"]), block.search_weight, 1.0)
    policy = model.policy
    policy.set_training_mode(True)
    optimizer = torch.optim.Adam(policy.parameters(), lr=block.learning_rate)
    generator = torch.Generator().manual_seed(config.seed + len(labels))
    loss_sum = 0.0
    for _ in range(block.epochs):
        loss_sum = 0.0
        for batch in torch.randperm(len(actions), generator=generator).split(block.batch_size):
            values, log_prob, _ = policy.evaluate_actions(obs[batch].float(), actions[batch], masks[batch])
            errors = -log_prob + block.value_weight * (values.flatten() - results[batch]) ** 2
            loss = (weights[batch] * errors).sum() / weights[batch].sum()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            loss_sum += float(loss.detach()) * len(batch)
    policy.set_training_mode(False)
    with torch.no_grad():
        picks = torch.cat([
            policy.get_distribution(obs[part].float(), action_masks=masks[part].numpy()).get_actions(deterministic=True)
            for part in torch.arange(len(actions)).split(4096)
        ])  # fmt: skip
    agree = picks == actions
    searched = torch.as_tensor(data["searched"])
    return {"loss": loss_sum / len(actions), "agreement": float(agree.float().mean()),
            "search_agreement": float(agree[searched].float().mean()) if searched.any() else float("nan")}  # fmt: skip


def train(config: DistillConfig, log: Any = print) -> Path:
    """Distil, then (with `fine_tune`) fine-tune in the league; returns final.npz's path."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from yz_gym.agents.model_files import save_model_file
    from yz_gym.io import atomic_write_bytes, atomic_write_json, check_output, remove_stale_temporaries
    from yz_gym.tasks import space_signature
    from yz_gym.training.league import League, evaluate_seats
    from yz_gym.training.ship import commit
    from yz_gym.training.train_ppo import seed_everything

    out = config.out
    check_output(out / "config.json", "output (--output)", make_folder=True)
    out.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(out)
    atomic_write_json(out / "config.json", config.model_dump())
    seed_everything(config.seed)
    seats = seats_of(config)
    venv = DummyVecEnv([make_league_env(config, seats[0], 0, League(config.league))])  # the spaces only
    model = MaskablePPO("MlpPolicy", venv, policy_kwargs=league_policy_kwargs(config, log), seed=config.seed,
                        device="cpu", verbose=0)  # fmt: skip
    spaces = space_signature(venv.envs[0])
    venv.close()
    labels, rows = Labels(), []
    cpu_start = _cpu_minutes()
    if config.distill.warm_games:
        games, wins = play_and_label(model, config, 0, labels, warm=True)
        scores = fit(model, labels, config)
        log(f"warm start: {len(labels)} labels of {config.distill.teacher.rollout_agent}, seat wins {wins}/{games}, "
            f"fit loss {scores['loss']:.3f}, agreement {100 * scores['agreement']:.1f}%, CPU {_cpu_minutes() - cpu_start:.1f}m")  # fmt: skip
    for iteration in range(config.distill.iterations):
        began = _cpu_minutes()
        games, wins = play_and_label(model, config, iteration, labels)
        labelled = _cpu_minutes()
        scores = fit(model, labels, config)
        log(f"iteration {iteration}: {len(labels)} labels ({100 * labels.deviations / max(len(labels), 1):.1f}% "
            f"differ from {config.distill.teacher.rollout_agent}), seat wins while labelling {wins}/{games}, "
            f"fit loss {scores['loss']:.3f}, agreement {100 * scores['agreement']:.1f}% "
            f"(search labels {100 * scores['search_agreement']:.1f}%), CPU {labelled - began:.1f}m labelling + {_cpu_minutes() - labelled:.1f}m fitting")  # fmt: skip
        model.num_timesteps = len(labels)  # the curve's x axis
        for row in evaluate_seats(model, config, config.seed + 7):
            rows.append(row)
            log(f"    win rate vs {row['opponent']} {100 * row['win_rate']:.1f}%")
        _write_progress(rows, out / "progress.csv")
        plot_curve(rows, out / "learning_curve.png", f"{config.name}: distilled search teacher (x: labels)")
        buffer = _npz_bytes(labels.arrays())
        atomic_write_bytes(out / "labels.npz", buffer)
    distill_minutes = _cpu_minutes() - cpu_start
    trained_on = {"ruleset": "yze", "mode": "skirmish", "spaces": spaces, "scenario": config.scenario, "seats": seats}
    final = save_model_file(model, out / "final.npz", trained_on)
    ppo_steps, ppo_minutes = 0, 0.0
    if config.distill.fine_tune:
        final = league_train(config, log, initial=model.policy.state_dict())
        spent = json.loads((out / "budget.json").read_text(encoding="utf-8"))
        ppo_steps, ppo_minutes = int(spent["timesteps"]), float(spent["cpu_minutes"])
    atomic_write_json(
        out / "budget.json",
        {"labels": len(labels), "timesteps": ppo_steps, "cpu_minutes": round(distill_minutes + ppo_minutes, 2),
         "distill_cpu_minutes": round(distill_minutes, 2), "ppo_cpu_minutes": round(ppo_minutes, 2),
         "seats": seats, "commit": commit(),
         "trainer": "search-teacher distillation (DAgger)" + (" + MaskablePPO league fine-tuning" if ppo_steps else ""),
         "command": "python -m yz_gym.training.distill", "machine": machine()},
    )  # fmt: skip
    log(f"final model: {final} ({len(labels)} labels, {ppo_steps} PPO steps, "
        f"{distill_minutes + ppo_minutes:.1f} CPU-minutes)")  # fmt: skip
    return final


def machine() -> str:
    """Where the budget was spent: this project's shared machine, and which build of the rules."""
    from yz_gym.rulesets.yze import dice

    build = "compiled build (mypyc)" if dice.COMPILED else "interpreted build"
    return f"the project's shared 2-core machine (8 users), {build}"


def _npz_bytes(arrays: dict[str, np.ndarray]) -> bytes:
    import io

    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point: one config, one run."""
    from yz_gym.io import OutputError

    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("config", help="configs/training/distill_<name>.yaml")
    parser.add_argument("--output", help="override the output folder")
    parser.add_argument("--cpu-minutes", type=float, help="override cpu_minutes (the PPO fine-tuning's budget)")
    args = parser.parse_args(argv)
    given = {"output": args.output, "cpu_minutes": args.cpu_minutes}
    overrides = {key: value for key, value in given.items() if value is not None}
    try:
        config = load_distill_config(args.config, overrides)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    print(json.dumps(config.model_dump(), indent=1), file=sys.stderr)
    started = time.monotonic()
    try:
        train(config)
    except OutputError as error:
        parser.exit(2, f"error: {error}\n")
    print(f"wall-clock {(time.monotonic() - started) / 60:.1f} minutes", file=sys.stderr)


if __name__ == "__main__":
    main()
