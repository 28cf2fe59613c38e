"""The front door of every scenario file: `load(source)` reads it once, finds its game by its
`ruleset:` (default yze) and `mode:` (default skirmish) in the registry (yz_gym.core.registry),
and builds it with that mode's builder. The envs, the evaluation and the command line all load here.

A file's mode decides what it is, never its name: a file with the keys of another mode but not
its `mode:` is refused with one line naming the field and the fix."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from yz_gym.core import registry
from yz_gym.core.registry import DEFAULT_MODE, DEFAULT_RULESET, Mode, UnknownGame
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.files import SCENARIO_DIR, read_yaml, resolve_path
from yz_gym.scenario.reading import preview

Source = str | Path | dict[str, Any]


@dataclass(frozen=True, slots=True)
class LoadedScenario:
    """A built scenario and the game it belongs to."""

    mode: Mode  # its (ruleset, mode) and everything the tools ask of it
    scenario: Any  # what mode.build made (a rules Scenario, a ChaseScenario ...)
    data: dict[str, Any]  # the parsed file, as a replay carries it
    origin: str  # the file's path, or "<dict>": what its errors name

    @property
    def name(self) -> str:
        """The scenario's title."""
        return self.mode.title(self.scenario)

    @property
    def sides(self) -> tuple[str, ...]:
        """Its side names, in order."""
        return self.mode.sides(self.scenario)


def load(source: Source, expect: tuple[str, str] | None = None, user: str = "") -> LoadedScenario:
    """A bundled scenario's name, a .yaml path or a parsed mapping, built by its mode.

    With `expect` (ruleset, mode), a scenario of another mode is refused, naming `user` (what
    needs that mode, e.g. "yz_gym/Chase-v0")."""
    if isinstance(source, dict):
        return build_data(source, "<dict>", expect, user)
    path = resolve_path(source)
    return build_data(read_yaml(path), str(path), expect, user)


def build_data(
    data: dict[str, Any], origin: str, expect: tuple[str, str] | None = None, user: str = ""
) -> LoadedScenario:
    """A parsed scenario file built by the mode it names (see `load`)."""
    mode = game_of(data, origin)
    if expect is not None and mode.key != expect:
        wanted = registry.get(*expect)
        needs = f"{user} plays" if user else "needed here:"
        choices = ", ".join(bundled(wanted)) or "none bundled"
        raise ScenarioError(
            f"{origin}: mode: a {mode.label} scenario, but {needs} {wanted.label}; give a {wanted.label} "
            f"scenario (bundled: {choices})"
        )
    return LoadedScenario(mode, mode.build(data, origin), data, origin)


def game_of(data: dict[str, Any], origin: str) -> Mode:
    """The registered mode a parsed file names (`ruleset:`, `mode:`), or one line saying what is wrong."""
    names: dict[str, str] = {}
    for key, default in (("ruleset", DEFAULT_RULESET), ("mode", DEFAULT_MODE)):
        value = data.get(key, default)
        if not isinstance(value, str) or not value:
            of = names.get("ruleset") if names.get("ruleset") in registry.rulesets() else None
            known = registry.rulesets() if key == "ruleset" else [m.name for m in registry.modes(of)]
            raise ScenarioError(f"{origin}: {key}: got {preview(value)}; give one of: {', '.join(known)}")
        names[key] = value
    try:
        mode = registry.get(names["ruleset"], names["mode"])
    except UnknownGame as err:
        field = "ruleset" if names["ruleset"] not in registry.rulesets() else "mode"
        raise ScenarioError(f"{origin}: {field}: {err} (see docs/scenarios.md)") from None
    stray = sorted(str(key) for key in data if key not in mode.file_keys)
    for other in registry.modes(mode.ruleset):
        theirs = [key for key in stray if key in other.file_keys]
        if other is mode or not theirs:
            continue
        said = (
            f"mode is {mode.name}"
            if "mode" in data
            else f"the file gives no mode:, so it is {mode.name} (the default)"
        )
        keys = f"{', '.join(theirs)} {'is a key' if len(theirs) == 1 else 'are keys'} of {other.label} files"
        fix = f"set mode: {other.name} or remove them" if "mode" in data else f"add mode: {other.name}"
        raise ScenarioError(f"{origin}: mode: {said}, but {keys}; {fix} (see {other.doc})")
    return mode


def bundled(mode: Mode | None = None) -> list[str]:
    """Names of the scenarios that ship with yz_gym (of one mode), sorted."""
    return [name for name, key in _bundled_modes() if mode is None or key == mode.key]


@cache
def _bundled_modes() -> tuple[tuple[str, tuple[str, str]], ...]:
    """Each bundled scenario's name and (ruleset, mode), read once."""
    names = sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml"))
    return tuple((name, game_of(read_yaml(SCENARIO_DIR / f"{name}.yaml"), name).key) for name in names)


__all__ = ["LoadedScenario", "build_data", "bundled", "game_of", "load"]
