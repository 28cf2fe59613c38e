"""The trained NPC models that ship with yz_gym (yz_gym/models/), by name, and the check that a
model fits the game it is asked to play.

yz_gym/models/manifest.json lists each model: its file, the scenario and seats it was trained for,
the task id and spaces signature (yz_gym/tasks.py `space_signature`) it was trained on, its arrays'
shapes, its training budget and commit, and its results. A model is named as an agent by its
manifest name (`--policy ilsa=league_duel`) or by the path of a model file (`--policy
ilsa=runs/x/final.npz`); both load without unpickling (agents/model_files.py)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Final

from yz_gym.agents.model_files import ModelFileError, read_model_file

MODELS_DIR: Final = Path(__file__).resolve().parent.parent / "models"  # package data: a wheel carries them
MANIFEST: Final = MODELS_DIR / "manifest.json"
MODEL_SUFFIX: Final = ".npz"


@functools.cache
def manifest() -> dict[str, dict[str, Any]]:
    """The shipped models by name (empty if the manifest is missing)."""
    if not MANIFEST.is_file():
        return {}
    data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return {entry["name"]: entry for entry in data["models"]}


def is_model(name: str) -> bool:
    """Whether an agent name means a model: a shipped model's name or a model file's path."""
    return name in manifest() or name.endswith(MODEL_SUFFIX)


def model_source(name: str) -> tuple[Path, dict[str, list[int]] | None]:
    """A model's file and, for a shipped one, the array shapes its manifest entry promises."""
    entry = manifest().get(name)
    if entry is None:
        return Path(name), None
    return MODELS_DIR / entry["file"], entry["arrays"]


def model_spaces(name: str) -> dict[str, Any]:
    """What a model was trained on: ruleset, mode and spaces signature (its meta, or its manifest entry)."""
    entry = manifest().get(name)
    if entry is not None:
        return {k: entry[k] for k in ("ruleset", "mode", "spaces")}
    meta, _ = read_model_file(name)
    return {k: meta.get(k) for k in ("ruleset", "mode", "spaces")}


@functools.cache
def current_spaces(ruleset: str, mode: str) -> dict[str, Any]:
    """The spaces signature this yz_gym gives a game mode's env (the same for every scenario of it)."""
    import gymnasium as gym

    import yz_gym  # noqa: F401 - registers the envs
    from yz_gym.tasks import TASKS, space_signature

    task = next(t for t in TASKS if (t.ruleset, t.mode) == (ruleset, mode))
    env = gym.make(task.id)
    try:
        return space_signature(env)
    finally:
        env.close()


def misfit(name: str, ruleset: str, mode: str) -> str:
    """Why model `name` cannot play a `ruleset` `mode` game with this yz_gym ('' if it can)."""
    try:
        trained = model_spaces(name)
    except ModelFileError as error:
        return str(error)
    if (trained["ruleset"], trained["mode"]) != (ruleset, mode):
        return f"model {name} plays {trained['ruleset']} {trained['mode']} games, not {ruleset} {mode}"
    if trained["spaces"] != current_spaces(ruleset, mode):
        return (
            f"model {name} was trained on spaces {_short(trained['spaces'])} but this yz_gym has "
            f"{_short(current_spaces(ruleset, mode))}: retrain it (configs/training/)"
        )
    return ""


def _short(spaces: Any) -> str:
    if not isinstance(spaces, dict):
        return "(none recorded)"
    return f"{spaces.get('actions')} actions, layout {str(spaces.get('layout_sha256'))[:8]}"
