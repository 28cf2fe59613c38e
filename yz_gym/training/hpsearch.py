"""Budgeted hyperparameter search (Optuna) over the MaskablePPO league trainer, with its results recorded.

    python -m yz_gym.training.hpsearch configs/training/hpsearch_duel.yaml [--backend ray] [--output DIR]

Each trial trains the `league` config (training/league.py) with sampled PPO knobs (learning rate,
n_steps, batch size, entropy coefficient, clip range, gamma, net width) for `trial_cpu_minutes`,
and scores the deterministic policy by its win rate against `score.opponent` from every seat the
league config trains (`score.games` games a seat, seeded by the league seed: the same games for
every trial). The TPE sampler is seeded (`seed`); the median pruner reads the evaluations made
every `score.every` steps. No trial starts once the trials so far have used `budget_cpu_minutes`
(each trial's own CPU time, counted in its process) or the search has run `wall_minutes`, so a
search overruns its budget by at most the trials still running. The study lives in
`<output>/study.db` (Optuna's RDB storage: rerun the command to resume it); `<output>/trials.csv`
and the markdown table in `report` (with a CSV beside it) list every trial. `--backend ray` runs
the trials as Ray tasks (training/ray_trials.py), on a cluster if RAY_ADDRESS or `ray.address`
names one."""

from __future__ import annotations

import argparse
import csv
import io
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from yz_gym.training.train_ppo import ConfigError, Strict, _cpu_minutes, check_agents, read_config

KNOBS = ("learning_rate", "n_steps", "batch_size", "ent_coef", "clip_range", "gamma", "net_width")
Report = Callable[[int, int, float], bool]  # (trial number, steps, score) -> prune this trial?


class Interval(Strict):
    """A float knob's range; `log` samples it on a log scale."""

    low: float
    high: float
    log: bool = False

    @model_validator(mode="after")
    def _ordered(self) -> Interval:
        if not self.low < self.high:
            raise ValueError(f"low ({self.low}) must be below high ({self.high})")
        if self.log and self.low <= 0:
            raise ValueError("a log-scale range needs low > 0")
        return self


class Space(Strict):
    """What the sampler may choose for each knob."""

    learning_rate: Interval = Interval(low=3e-5, high=1e-3, log=True)
    n_steps: list[int] = Field([64, 128, 256], min_length=1, description="steps per env per update")
    batch_size: list[int] = Field([128, 256, 512, 1024], min_length=1)
    ent_coef: Interval = Interval(low=1e-4, high=0.05, log=True)
    clip_range: Interval = Interval(low=0.1, high=0.3)
    gamma: Interval = Interval(low=0.95, high=0.999)
    net_width: list[int] = Field([64, 128, 256], min_length=1, description="units of each hidden layer")


class Score(Strict):
    """How a trial is scored: deterministic games against one agent from every trained seat."""

    opponent: str = "tactical"
    games: int = Field(20, ge=1, le=100_000, description="games a seat, at every evaluation")
    every: int = Field(25_000, ge=1, description="steps between the evaluations the pruner reads")


class Pruning(Strict):
    """Optuna's MedianPruner: stop a trial whose evaluation is below the median of earlier trials'."""

    n_startup_trials: int = Field(2, ge=0, description="trials finished before any is pruned")
    n_warmup_steps: int = Field(0, ge=0, description="steps of a trial before it can be pruned")


class RaySettings(Strict):
    """Where `backend: ray` runs its trials."""

    address: str | None = Field(None, description="a cluster's address; default RAY_ADDRESS, else a local Ray")
    num_cpus: int | None = Field(None, ge=1, description="CPUs of a local Ray (default: all)")
    concurrent: int = Field(2, ge=1, le=10_000, description="trials running at once")


class SearchConfig(Strict):
    """A hyperparameter search."""

    name: str
    league: str = Field(description="the league config the trials train (configs/training/league_*.yaml)")
    output: str = "runs/{name}"
    seed: int = Field(0, ge=0, description="the TPE sampler's seed")
    budget_cpu_minutes: float = Field(gt=0, description="start no trial once the trials used this much CPU")
    trial_cpu_minutes: float = Field(gt=0, description="each trial's training budget")
    wall_minutes: float | None = Field(None, gt=0, description="start no trial after this much wall-clock time")
    trial_wall_minutes: float | None = Field(None, gt=0, description="stop a trial's training after this much wall-clock time")
    max_trials: int = Field(1000, ge=1, description="trials in the study at most (a resumed study counts its old ones)")
    score: Score = Score()
    pruner: Pruning = Pruning()
    space: Space = Space()
    report: str | None = Field(None, description="the markdown file the results table goes to (default <output>/hpsearch.md)")
    backend: Literal["local", "ray"] = "local"
    ray: RaySettings = RaySettings()

    @property
    def out(self) -> Path:
        """The search's folder."""
        return Path(self.output.format(name=self.name))


def load_search_config(path: str | Path, overrides: dict[str, Any] | None = None) -> SearchConfig:
    """A checked search config; its league config and opponent are checked too (ConfigError)."""
    from yz_gym.training.league import load_league_config

    config: SearchConfig = read_config(path, SearchConfig, overrides)
    if not Path(config.league).is_file():
        raise ConfigError(f"{path}: league: no file {config.league}; give a league config such as configs/training/league_duel.yaml")
    try:
        load_league_config(config.league)
    except ConfigError as error:
        raise ConfigError(f"{path}: league: {error}") from None
    check_agents(path, {"score.opponent": [config.score.opponent]})
    for field in ("n_steps", "batch_size", "net_width"):
        for i, value in enumerate(getattr(config.space, field)):
            if not 8 <= value <= 65_536:
                raise ConfigError(f"{path}: space.{field}[{i}]: {value} is out of range; give 8 to 65536")
    return config


def sample(trial: Any, space: Space) -> dict[str, Any]:
    """One trial's knobs, drawn by the study's sampler."""
    params: dict[str, Any] = {}
    for knob in KNOBS:
        choice = getattr(space, knob)
        if isinstance(choice, list):
            params[knob] = trial.suggest_categorical(knob, choice)
        else:
            params[knob] = trial.suggest_float(knob, choice.low, choice.high, log=choice.log)
    return params


def trial_config(config: SearchConfig, number: int, params: dict[str, Any]) -> Any:
    """The league config of one trial: the base config with the trial's knobs, budget and scoring.

    The batch is cut to one rollout (n_envs * n_steps) if larger; the learning rate is constant."""
    from yz_gym.training.league import load_league_config

    base = load_league_config(config.league)
    ppo = base.ppo.model_dump()
    ppo.update({k: params[k] for k in ("learning_rate", "n_steps", "ent_coef", "clip_range", "gamma")})
    ppo.update(
        batch_size=min(params["batch_size"], params["n_steps"] * base.n_envs),
        net_arch=[params["net_width"]] * len(base.ppo.net_arch),
        learning_rate_final=None,
    )
    scoring = {"every": config.score.every, "games": config.score.games, "against": [config.score.opponent]}
    output = (config.out / f"trial_{number:03d}").resolve()
    overrides = {"name": f"{config.name}_{number:03d}", "output": str(output), "ppo": ppo, "eval": scoring}
    budget = {"cpu_minutes": config.trial_cpu_minutes, "wall_minutes": config.trial_wall_minutes}
    return load_league_config(config.league, {**overrides, **budget})


def run_trial(config: SearchConfig, number: int, params: dict[str, Any], report: Report) -> dict[str, Any]:
    """Train and score one trial; `report` gets each evaluation and says whether to prune.
    Returns the outcome: state (complete, pruned or fail), score, steps, CPU minutes, error."""
    import optuna

    from yz_gym.training.league import train

    cpu_start = _cpu_minutes()
    league = trial_config(config, number, params)
    evaluations: list[tuple[int, float]] = []
    every, n_envs = config.score.every, league.n_envs

    def on_eval(steps: int, rows: list[dict[str, Any]]) -> None:
        score = sum(row["win_rate"] for row in rows) / len(rows)
        reported = any(steps == done for done, _ in evaluations)
        evaluations.append((steps, score))
        if steps % every < n_envs and not reported and report(number, steps, score):  # not the final one
            raise optuna.TrialPruned(f"pruned at {steps} steps, score {score:.3f}")

    outcome: dict[str, Any] = {"number": number, "state": "complete", "error": ""}
    league.out.mkdir(parents=True, exist_ok=True)
    try:
        with (league.out / "train.log").open("a") as lines:
            train(league, log=lambda line: print(line, file=lines, flush=True), on_eval=on_eval)
    except optuna.TrialPruned:
        outcome["state"] = "pruned"
    except Exception as error:  # a failed trial is recorded, the search goes on
        outcome.update(state="fail", error=f"{type(error).__name__}: {error}")
    steps, score = evaluations[-1] if evaluations else (0, None)
    outcome.update(score=score, steps=steps, cpu_minutes=round(_cpu_minutes() - cpu_start, 3))
    return outcome


class Coordinator:
    """The study: asks for trials, hears their evaluations (pruning), records their outcomes.

    It owns the SQLite storage, so under Ray it is one actor on the node that holds the file."""

    def __init__(self, config: SearchConfig) -> None:
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        config.out.mkdir(parents=True, exist_ok=True)
        self.config = config
        self.study = optuna.create_study(
            study_name=config.name,
            storage=f"sqlite:///{(config.out / 'study.db').resolve()}",
            load_if_exists=True,
            direction="maximize",
            pruner=optuna.pruners.MedianPruner(
                n_startup_trials=config.pruner.n_startup_trials, n_warmup_steps=config.pruner.n_warmup_steps
            ),
        )
        # A resumed study's sampler is seeded past the trials it holds: the same seed would ask for them again.
        self.study.sampler = optuna.samplers.TPESampler(seed=config.seed + len(self.study.get_trials(deepcopy=False)))
        self.running: dict[int, Any] = {}
        for trial in self.study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
            self.study.tell(trial.number, state=optuna.trial.TrialState.FAIL)  # a killed run's trial

    def spent(self) -> float:
        """CPU minutes the study's trials used (an earlier run's included)."""
        return sum(float(t.user_attrs.get("cpu_minutes", 0.0)) for t in self.study.get_trials(deepcopy=False))

    def trials(self) -> int:
        """Trials in the study."""
        return len(self.study.get_trials(deepcopy=False))

    def ask(self) -> tuple[int, dict[str, Any]]:
        """A new trial's number and knobs."""
        trial = self.study.ask()
        self.running[trial.number] = trial
        return trial.number, sample(trial, self.config.space)

    def report(self, number: int, steps: int, score: float) -> bool:
        """One evaluation of a running trial; whether the pruner stops it."""
        trial = self.running[number]
        trial.report(score, steps)
        return bool(trial.should_prune())

    def finish(self, outcome: dict[str, Any]) -> None:
        """Record a trial's outcome in the storage."""
        from optuna.trial import TrialState

        trial = self.running.pop(outcome["number"])
        for key in ("steps", "cpu_minutes", "error"):
            trial.set_user_attr(key, outcome[key])
        if outcome["state"] == "complete" and outcome["score"] is not None:
            self.study.tell(trial, outcome["score"])
        else:
            self.study.tell(trial, state=TrialState.PRUNED if outcome["state"] == "pruned" else TrialState.FAIL)

    def table_rows(self) -> list[dict[str, Any]]:
        """Every trial: number, state, score (a pruned trial's last evaluation), knobs, steps, CPU."""
        rows = []
        for t in self.study.get_trials(deepcopy=False):
            score = t.value if t.value is not None else (t.intermediate_values[t.last_step] if t.last_step is not None else None)
            rows.append({"trial": t.number, "state": t.state.name.lower(), "score": score, **t.params,
                         "steps": t.user_attrs.get("steps", ""), "cpu_minutes": t.user_attrs.get("cpu_minutes", "")})  # fmt: skip
        return rows


class Gate:
    """Whether the search may start another trial: budget, wall clock and trial count."""

    def __init__(self, config: SearchConfig) -> None:
        self.config, self.start = config, time.monotonic()

    def why_stop(self, spent: float, trials: int) -> str | None:
        """The reason to start no more trials, if any."""
        config = self.config
        if spent >= config.budget_cpu_minutes:
            return f"CPU budget spent ({spent:.2f} of {config.budget_cpu_minutes:g} CPU-minutes)"
        if config.wall_minutes is not None and time.monotonic() - self.start >= 60 * config.wall_minutes:
            return f"wall-clock limit reached ({config.wall_minutes:g} minutes)"
        if trials >= config.max_trials:
            return f"max_trials reached ({config.max_trials})"
        return None


def search_local(config: SearchConfig, log: Any = print) -> Coordinator:
    """Run trials one after another in this process until the gate closes."""
    coordinator, gate = Coordinator(config), Gate(config)
    while (reason := gate.why_stop(coordinator.spent(), coordinator.trials())) is None:
        number, params = coordinator.ask()
        log(f"trial {number}: {params}")
        outcome = run_trial(config, number, params, coordinator.report)
        coordinator.finish(outcome)
        log(f"trial {number}: {outcome['state']}, score {outcome['score']}, {outcome['cpu_minutes']} CPU-minutes")
    log(f"stopped: {reason}")
    return coordinator


COLUMNS = ("trial", "state", "score", *KNOBS, "steps", "cpu_minutes")


def write_results(config: SearchConfig, rows: list[dict[str, Any]], best: dict[str, Any] | None, command: str) -> Path:
    """trials.csv in the run folder, and the study's section of the markdown report with a CSV beside it."""
    from yz_gym.io import atomic_write_text

    text = io.StringIO()
    writer = csv.DictWriter(text, COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    atomic_write_text(config.out / "trials.csv", text.getvalue())
    report = Path(config.report) if config.report else config.out / "hpsearch.md"
    report.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(report.parent / f"{config.name}_trials.csv", text.getvalue())
    section = markdown(config, rows, best, command)
    begin, end = f"<!-- {config.name}: begin -->", f"<!-- {config.name}: end -->"
    old = report.read_text() if report.exists() else f"# Hyperparameter searches\n\n{begin}\n{end}\n"
    if begin not in old or end not in old:
        old = f"{old.rstrip()}\n\n{begin}\n{end}\n"
    head, rest = old.split(begin, 1)
    atomic_write_text(report, f"{head}{begin}\n{section}{end}{rest.split(end, 1)[1]}")
    return report


def markdown(config: SearchConfig, rows: list[dict[str, Any]], best: dict[str, Any] | None, command: str) -> str:
    """The study's section: command, budget, best knobs and one row per trial."""
    spent = sum(float(r["cpu_minutes"] or 0) for r in rows)
    cell = lambda v: f"{v:.3g}" if isinstance(v, float) else ("" if v is None else str(v))  # noqa: E731
    lines = [
        f"## {config.name}", "",
        f"Command: `{command}`", "",
        f"Budget: {config.budget_cpu_minutes:g} CPU-minutes (each trial {config.trial_cpu_minutes:g}); "
        f"used {spent:.1f} in {len(rows)} trials. Base config `{config.league}`; score: the deterministic "
        f"policy's win rate against {config.score.opponent}, {config.score.games} games from each seat "
        f"(the same seeds every trial), evaluated every {config.score.every} steps for the median pruner; "
        f"TPE seed {config.seed}; backend {config.backend}.", "",
    ]  # fmt: skip
    if best is not None:
        knobs = ", ".join(f"{k}={cell(best[k])}" for k in KNOBS)
        lines += [f"Best: trial {best['trial']}, score {cell(best['score'])}: {knobs}", ""]
    lines += ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(cell(row.get(c)) for c in COLUMNS) + " |" for row in rows]
    return "\n".join(lines) + "\n\n"


def best_row(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The completed trial with the highest score."""
    done = [r for r in rows if r["state"] == "complete" and r["score"] is not None]
    return max(done, key=lambda r: r["score"]) if done else None


def search(config: SearchConfig, command: str, log: Any = print) -> Path:
    """Run the search on its backend and write its results; returns the markdown report's path."""
    if config.backend == "ray":
        from yz_gym.training.ray_trials import search_ray

        rows = search_ray(config, log)
    else:
        rows = search_local(config, log).table_rows()
    best = best_row(rows)
    report = write_results(config, rows, best, command)
    log(f"best: {best}" if best else "no trial completed")
    log(f"results: {config.out / 'trials.csv'}, {report}")
    return report


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point: one config, one search (resumed if its study exists)."""
    from yz_gym.io import OutputError

    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("config", help="configs/training/hpsearch_<name>.yaml")
    parser.add_argument("--output", help="override the output folder")
    parser.add_argument("--report", help="override the markdown report's path")
    parser.add_argument("--backend", choices=["local", "ray"], help="override the backend")
    parser.add_argument("--budget-cpu-minutes", type=float, help="override budget_cpu_minutes")
    parser.add_argument("--wall-minutes", type=float, help="override wall_minutes (of this run, when resuming)")
    args = parser.parse_args(argv)
    given = {"output": args.output, "report": args.report, "backend": args.backend,
             "budget_cpu_minutes": args.budget_cpu_minutes, "wall_minutes": args.wall_minutes}  # fmt: skip
    try:
        config = load_search_config(args.config, {k: v for k, v in given.items() if v is not None})
        for module, extra in (("optuna", "train"), *((("ray", "scale"),) if config.backend == "ray" else ())):
            try:
                __import__(module)
            except ImportError:
                raise ConfigError(f"{args.config}: backend: {module} is not installed; pip install 'yz_gym[{extra}]'") from None
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    command = " ".join(["python -m yz_gym.training.hpsearch", *(argv if argv is not None else sys.argv[1:])])
    try:
        search(config, command)
    except OutputError as error:
        parser.exit(2, f"error: {error}\n")


if __name__ == "__main__":  # run the imported module's main, so Ray pickles its classes by reference
    from yz_gym.training import hpsearch

    hpsearch.main()
