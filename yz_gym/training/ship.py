"""Ship a trained model: copy a run's final.npz into yz_gym/models/ and list it in the manifest.

    python -m yz_gym.training.ship runs/league_duel --name league_duel --config configs/training/league_duel.yaml

The model file gets what it was trained on in its meta (ruleset, mode, spaces signature, scenario,
seats); the manifest entry adds its arrays' shapes (checked at every load), its SHA-256, the task
id of its first seat, and the training budget (CPU-hours of the training process on the machine
that ran it, from the run's budget.json), config, command and commit. Its results are added by
`python -m yz_gym.training.model_eval`."""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from yz_gym.agents.model_files import ModelFileError, array_shapes, read_model_file, write_model_file
from yz_gym.agents.shipped import MANIFEST, MODELS_DIR, current_spaces
from yz_gym.io import atomic_write_text

MANIFEST_FORMAT = "yz_gym.models"


def read_manifest() -> dict[str, Any]:
    """The manifest as stored (an empty one if there is none yet)."""
    if not MANIFEST.is_file():
        return {"format": MANIFEST_FORMAT, "version": 1, "models": []}
    data: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return data


def write_manifest(data: dict[str, Any]) -> None:
    """Store the manifest (models sorted by name), atomically."""
    data["models"] = sorted(data["models"], key=lambda m: m["name"])
    atomic_write_text(MANIFEST, json.dumps(data, indent=1) + "\n")


def commit() -> str:
    """The commit of the working tree (with "+dirty" when it has changes), or "unknown"."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "yz_gym"], capture_output=True, text=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head.strip() + ("+dirty" if dirty.strip() else "")


def task_of(scenario: str, seat: str) -> str:
    """The versioned task id whose learner plays `seat` of `scenario`, else the generic env's id."""
    from yz_gym.tasks import GENERIC, TASKS

    for task in TASKS:
        if task.scenario == scenario and task.side == seat:
            return task.id
    return GENERIC[("yze", "skirmish")].id


def ship(run: Path, name: str, config: str) -> dict[str, Any]:
    """Copy `run`/final.npz to yz_gym/models/`name`.npz and (re)write its manifest entry."""
    budget = json.loads((run / "budget.json").read_text(encoding="utf-8"))
    settings = json.loads((run / "config.json").read_text(encoding="utf-8"))
    meta, arrays = read_model_file(run / "final.npz")
    scenario, seats = settings["scenario"], budget["seats"]
    spaces = current_spaces("yze", "skirmish")
    meta.update(ruleset="yze", mode="skirmish", spaces=spaces, scenario=scenario, seats=seats)
    target = write_model_file(MODELS_DIR / f"{name}.npz", meta, arrays)
    entry = {
        "name": name,
        "file": target.name,
        "sha256": hashlib.sha256(target.read_bytes()).hexdigest(),
        "ruleset": "yze",
        "mode": "skirmish",
        "scenario": scenario,
        "seats": seats,
        "task": task_of(scenario, seats[0]),
        "spaces": spaces,
        "arrays": array_shapes(arrays),
        "training": {
            "config": config,
            "command": f"{budget.get('command', 'python -m yz_gym.training.league')} {config}",
            "trainer": budget.get(
                "trainer", "MaskablePPO (sb3-contrib), league self-play with PFSP (yz_gym/training/league.py)"
            ),
            "timesteps": budget["timesteps"],
            **({"labels": budget["labels"]} if "labels" in budget else {}),
            "cpu_minutes": budget["cpu_minutes"],
            "cpu_hours": round(budget["cpu_minutes"] / 60, 3),
            "machine": budget.get("machine", "the project's shared 2-core machine, interpreted build, nice 10"),
            "commit": budget.get("commit") or commit(),
        },
        "results": [],
    }
    data = read_manifest()
    old = next((m for m in data["models"] if m["name"] == name), None)
    if old is not None and old.get("sha256") == entry["sha256"]:
        entry["results"] = old.get("results", [])  # the same file keeps its measured results
    data["models"] = [m for m in data["models"] if m["name"] != name] + [entry]
    write_manifest(data)
    return entry


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="a league run's folder (final.npz, budget.json, config.json)")
    parser.add_argument("--name", required=True, help="the model's name in the manifest (an agent name)")
    parser.add_argument(
        "--config", required=True, help="the config that trained it, e.g. configs/training/league_duel.yaml"
    )
    args = parser.parse_args(argv)
    try:
        entry = ship(args.run, args.name, args.config)
    except (OSError, KeyError, json.JSONDecodeError, ModelFileError) as error:
        print(f"error: {args.run}: cannot ship this run ({error})", file=sys.stderr)
        raise SystemExit(2) from None
    print(
        f"shipped {entry['name']}: {MODELS_DIR / entry['file']} ({entry['training']['cpu_minutes']} CPU-minutes)"
    )


if __name__ == "__main__":
    main()
