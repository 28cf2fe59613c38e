"""Where scenario files are and how one is read: the bundled folder, a name or path resolved to a
file, and its parsed mapping within the reading limits (scenario/reading.py); every mode's loader
uses them."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from yz_gym.scenario import ScenarioError
from yz_gym.scenario.reading import MAX_YAML_BYTES, ReadError, load_yaml, preview, read_text

_INSTALLED = Path(__file__).resolve().parent.parent / "scenarios"  # a wheel ships them here (setup.py)
_CHECKOUT = Path(__file__).resolve().parent.parent.parent / "configs" / "scenarios"
SCENARIO_DIR = _INSTALLED if _INSTALLED.is_dir() else _CHECKOUT  # the bundled scenarios


def resolve_path(name: str | Path) -> Path:
    """A bundled scenario's name, or a path to a YAML file."""
    if not isinstance(name, str | Path):
        raise ScenarioError(f"{preview(name)}: not a scenario; give a bundled name, a .yaml path or a dict")
    path = Path(name)
    if path.is_dir():
        raise ScenarioError(f"{path}: is a folder, not a scenario file; give the path of a .yaml file")
    if path.suffix in (".yaml", ".yml") or path.is_file():
        if not path.is_file():
            raise ScenarioError(f"{path}: no such scenario file; check the path")
        return path
    bundled = SCENARIO_DIR / f"{name}.yaml"
    if bundled.is_file():
        return bundled
    everything = sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml"))
    close = difflib.get_close_matches(str(name), everything, n=1)
    guess = f"did you mean '{close[0]}'? " if close else ""
    raise ScenarioError(f"{name}: no such scenario; {guess}give a .yaml path or one of: {', '.join(everything)}")


def read_yaml(path: Path) -> dict[str, Any]:
    """The parsed mapping of a scenario file, read within the limits of scenario/reading.py;
    syntax errors name the line and column."""
    try:
        data = load_yaml(read_text(path, MAX_YAML_BYTES, "scenario"), str(path))
    except ReadError as err:
        raise ScenarioError(str(err)) from None
    if not isinstance(data, dict):
        kind = "empty" if data is None else f"a {type(data).__name__}"
        raise ScenarioError(
            f"{path}: the file is {kind}, but a scenario file must be a mapping with the keys "
            "name, sides, map and combatants (see docs/scenarios.md)"
        )
    return data


__all__ = ["SCENARIO_DIR", "read_yaml", "resolve_path"]
