"""The shipped models' results: each model in each of its seats against random, aggressive and the
tactical agent (the headline), beside the tactical agent in the same seat against the same opponent.

    python -m yz_gym.training.model_eval [--games 1000] [--seed 2024] [--models league_duel ...]

Games are played by the evaluation runner (`yz-gym evaluate`'s games: game i depends only on the
seed and i). Each row goes into the model's manifest entry (`results`) and every model's rows into
docs/training/models.md. A model beats the tactical agent in a seat when its 95% interval lies wholly
above the tactical agent's in the same seat against the same opponent (issue 19's bar)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from yz_gym.io import atomic_write_text
from yz_gym.training.ship import read_manifest, write_manifest

OPPONENTS = ("tactical", "random", "aggressive")  # the headline first
TABLE = Path("docs/training/models.md")
BASELINES = Path("docs/training/tactical_baselines.json")  # the tactical agent's rows, played once


def win_rate(scenario: str, seat: str, agent: str, opponent: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    """`agent` in `seat` against `opponent` on every other side: wins and the 95% Wilson interval."""
    from yz_gym.evaluation.runner import evaluate
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario

    sides = load_scenario(scenario).setup.sides
    policies = {side: agent if side == seat else opponent for side in sides}
    stats, stopped = evaluate(scenario, policies, games, seed=seed, workers=workers)
    if stopped:
        raise KeyboardInterrupt
    rate, low, high = stats.win_probability(seat)
    return {"games": stats.games, "wins": stats.wins.get(seat, 0), "win_rate": rate, "low": low, "high": high}


def baseline(
    scenario: str, seat: str, opponent: str, games: int, seed: int, workers: int, stored_in: Path = BASELINES
) -> dict[str, Any]:  # fmt: skip
    """The tactical agent in `seat` against `opponent`, from `stored_in` if it was played there
    (delete the file to play them again after a change to the agents or the rules)."""
    import json

    stored = json.loads(stored_in.read_text(encoding="utf-8")) if stored_in.is_file() else {}
    key = f"{scenario} {seat} vs {opponent}, {games} games, seed {seed}"
    if key not in stored:
        stored[key] = win_rate(scenario, seat, "tactical", opponent, games, seed, workers)
        atomic_write_text(stored_in, json.dumps(stored, indent=1, sort_keys=True) + "\n")
    found: dict[str, Any] = stored[key]
    return found


def evaluate_model(
    entry: dict[str, Any], games: int, seed: int, workers: int, opponents: tuple[str, ...] = OPPONENTS,
    log: Any = print, baselines: Path = BASELINES,
) -> list[dict[str, Any]]:  # fmt: skip
    """One model's rows: each seat against each opponent, with the tactical agent's figure beside it."""
    rows = []
    for seat in entry["seats"]:
        for opponent in opponents:
            began = time.monotonic()
            trained = win_rate(entry["scenario"], seat, entry["name"], opponent, games, seed, workers)
            tactical = baseline(entry["scenario"], seat, opponent, games, seed, workers, baselines)
            row = {"seat": seat, "opponent": opponent, "seed": seed, **trained,
                   "tactical": {k: tactical[k] for k in ("win_rate", "low", "high")},
                   "beats_tactical": trained["low"] > tactical["high"]}  # fmt: skip
            rows.append(row)
            log(f"{entry['name']} as {seat} vs {opponent}: {_rate(row)} (tactical {_rate(row['tactical'])}) "
                f"in {time.monotonic() - began:.0f}s")  # fmt: skip
    return rows


def evaluate_file(path: Path, games: int, seed: int, workers: int, opponents: tuple[str, ...]) -> None:
    """A run's model file evaluated like a shipped model, its rows printed as JSON (the manifest is left
    alone; a tactical row not played before goes into tactical_baselines.json, as for any model)."""
    import json

    from yz_gym.agents.model_files import ModelFileError, read_model_file

    try:
        meta, _ = read_model_file(path)
        entry = {"name": str(path), "scenario": meta["scenario"], "seats": meta["seats"]}
    except (OSError, KeyError, ModelFileError) as error:
        print(f"error: --file {path}: not a model file with its scenario and seats ({error})", file=sys.stderr)
        raise SystemExit(2) from None
    rows = evaluate_model(entry, games, seed, workers, opponents, log=lambda line: print(line, file=sys.stderr))
    print(json.dumps(rows, indent=1))


def _work(training: dict[str, Any]) -> str:
    """What a model's training did: PPO steps, and the labelled decisions of a distillation."""
    steps = f"{training['timesteps']:,} PPO steps"
    return f"{training['labels']:,} labelled decisions and {steps}" if "labels" in training else steps


def _rate(row: dict[str, Any]) -> str:
    return f"{100 * row['win_rate']:.1f}% [{100 * row['low']:.1f}-{100 * row['high']:.1f}]"


def table(models: list[dict[str, Any]]) -> str:
    """docs/training/models.md: every shipped model's budget and results."""
    lines = [
        "# Shipped NPC models: results",
        "",
        "Generated by `python -m yz_gym.training.model_eval` from yz_gym/models/manifest.json; do not edit.",
        "Win rate of the model in its seat, 95% Wilson interval, beside the tactical agent in the same seat",
        "against the same opponent. *Beats tactical*: the model's interval lies wholly above the tactical",
        "agent's (issue 19's bar). Play one with `yz-gym evaluate SCENARIO --policy SEAT=NAME`.",
        "",
    ]
    for entry in models:
        training = entry["training"]
        lines += [
            f"## {entry['name']} ({entry['scenario']}, seats: {', '.join(entry['seats'])})",
            "",
            f"Trained by `{training['command']}`: {_work(training)} in "
            f"{training['cpu_minutes']} CPU-minutes ({training['cpu_hours']} CPU-hours; {training['machine']}), "
            f"commit {training['commit'][:12]}. Task id {entry['task']}.",
            "",
            "| seat | opponent | games (seed) | model wins | tactical in the seat wins | beats tactical |",
            "|---|---|---|---|---|---|",
        ]
        for row in entry["results"]:
            lines.append(
                f"| {row['seat']} | {row['opponent']} | {row['games']:,} ({row['seed']}) | {_rate(row)} | "
                f"{_rate(row['tactical'])} | {'yes' if row['beats_tactical'] else 'no'} |"
            )
        if not entry["results"]:
            lines.append("| (not evaluated yet) | | | | | |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per row (default 1000)")
    parser.add_argument("--seed", type=int, default=2024, help="evaluation seed (default 2024)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--models", nargs="*", help="models to evaluate (default: every shipped model)")
    parser.add_argument("--opponents", nargs="*", choices=OPPONENTS, default=list(OPPONENTS), help="default: all")
    parser.add_argument("--table-only", action="store_true", help="rewrite docs/training/models.md only")
    parser.add_argument("--file", type=Path, help="a model file not shipped (a run's final.npz): its rows as JSON")
    args = parser.parse_args(argv)
    if args.file is not None:
        evaluate_file(args.file, args.games, args.seed, args.workers, tuple(args.opponents))
        return
    data = read_manifest()
    names = [m["name"] for m in data["models"]]
    unknown = sorted(set(args.models or []) - set(names))
    if unknown or not 0 < args.games <= 1_000_000:
        what = f"--models: no shipped model {unknown[0]}; models: {', '.join(names)}" if unknown else "--games: 1-1000000"
        print(f"error: {what}", file=sys.stderr)
        raise SystemExit(2)
    for entry in data["models"]:
        if not args.table_only and (not args.models or entry["name"] in args.models):
            entry["results"] = evaluate_model(entry, args.games, args.seed, args.workers, tuple(args.opponents))
            write_manifest(data)  # each model's rows are kept as soon as they are measured
    atomic_write_text(TABLE, table(data["models"]))
    print(f"results in {TABLE} and the manifest")


if __name__ == "__main__":
    main()
