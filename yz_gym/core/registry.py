"""The registry of games, keyed by (ruleset, mode): what a scenario file's `ruleset:` and `mode:`
name, and everything the loader, the envs, the evaluation and the command line need to treat every
mode alike.

A ruleset registers each of its modes as a Mode record (the YZE ones: yz_gym.scenario.yze_modes,
imported on the first lookup). Adding a mode is a new Mode plus one `register` call:

    from yz_gym.core import registry
    mode = registry.get("yze", "chase")              # or registry.mode_of(scenario)
    scenario = mode.build(data, "my_file.yaml")      # a parsed file -> the mode's scenario
    state = mode.rules.new_game(scenario, 7)         # the game protocol (core/protocol.py)

An unknown name raises UnknownGame, whose message lists what exists and guesses what was meant.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from yz_gym.core.protocol import GameRules

DEFAULT_RULESET: Final = "yze"  # a scenario file without `ruleset:`
DEFAULT_MODE: Final = "skirmish"  # a scenario file without `mode:`
BUILTIN: Final = (  # modules that register the bundled rulesets' modes
    "yz_gym.scenario.yze_modes",
    "yz_gym.scenario.expedition_mode",
    "yz_gym.scenario.dx3_modes",
)
OPTIONAL_COMMANDS: Final = ("play", "advise", "replay")  # commands a mode may not support yet


class UnknownGame(ValueError):
    """A ruleset or mode nobody registered; the message lists the registered ones."""


@dataclass(frozen=True, slots=True)
class NarratedGame:
    """One seeded game as `yz-gym log` prints it."""

    agents: dict[str, str]  # who played each side, in side order
    lines: list[str]  # the narrated log, its title first
    replay: Any = None  # a saveable record (has .save(path)), or None if the mode has no replay format


def _ends_there(scenario: Any) -> tuple[str, str] | None:
    """A game that ends with its own end (no hand-over to another game)."""
    return None


@dataclass(frozen=True, slots=True)
class Report:
    """How `yz-gym evaluate` shows one kind of statistics (an encounter's, an expedition's). Two
    scenarios compare only when their modes' Evaluations share the Report."""

    noun: str  # one game of the kind, for messages: "encounter", "expedition"
    show: Callable[[Any, Any, str, dict[str, str], dict[str, str]], None]  # (stats, console, title or "",
    # agent by side, what chose each) prints the report
    compare: Callable[[Any, Any, str, str, str, Any], dict[str, Any]]  # (stats, the what-if's, their
    # sources, who played the what-if, console) prints the what-if -> its keys in the JSON report
    plot: Callable[..., Any] | None = None  # (stats, path, agents=, chosen=) writes a PNG; None: no plot
    unit: str = "games"  # what many of its games are called in counts: "games", "trips"

    @property
    def a_noun(self) -> str:
        """The noun with its article: "an expedition"."""
        return f"{'an' if self.noun[0] in 'aeiou' else 'a'} {self.noun}"


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What `yz-gym evaluate` asks of a mode (yz_gym/evaluation/runner.py plays it in its workers):
    its play loop, the layout of its statistics, its rule switches, and the game it may go on as.

    Every callable taking `scenario` takes the object the mode's `build` returns."""

    play: Callable[[Any, dict[str, str], int, int, dict[str, str]], Any]  # (scenario, agent by side,
    # seed, episode, agent by side of the game it goes on as) -> one game's watch.GameSummary
    empty_stats: Callable[[Any], Any]  # scenario -> statistics of no games laid out for it (EncounterStats)
    rule_options: Callable[[Any], dict[str, Any]]  # scenario -> every rule switch in force (provenance)
    goes_on_as: Callable[[Any], tuple[str, str] | None] = _ends_there  # scenario -> (ruleset, mode) of
    # the game it goes on as once over (a chase's hand-over fight), None when it ends there
    next_agent: str = ""  # plays a side of that game that no --fight-policy names
    report: Report = field(kw_only=True)  # how `yz-gym evaluate` shows its statistics


@dataclass(frozen=True, slots=True)
class Mode:
    """One game of a ruleset: how its files are built, its rules, and what the tools ask of it.

    Every callable taking `scenario` takes the object `build` returns (an instance of
    `scenario_type`)."""

    ruleset: str
    name: str
    description: str  # one line saying what the game is
    doc: str  # where its file format is documented, e.g. "docs/chase_scenarios.md"
    scenario_type: type  # what `build` returns
    file_keys: frozenset[str]  # the top-level keys its scenario files may have
    build: Callable[[dict[str, Any], str], Any]  # (parsed file, origin for errors) -> scenario
    rules: GameRules  # the game protocol
    sides: Callable[[Any], tuple[str, ...]]  # a scenario's side names, in order
    title: Callable[[Any], str]  # a scenario's name
    people: Callable[[Any], Sequence[Any]]  # a scenario's people (each has .name, .side, .pc)
    agents: tuple[str, ...]  # the scripted agents that can play it
    default_agent: Callable[[Any, int], str]  # (scenario, side index) -> agent when no policy names one
    summary: Callable[[Any], str]  # one line saying what a scenario holds (`yz-gym validate`)
    characters: Callable[[Any], list[tuple[str, str]]]  # (PC name, problem) against the creation rules
    narrated_game: Callable[[Any, dict[str, str], int], NarratedGame]  # (LoadedScenario, policies, seed)
    board: Callable[[Any, set[int], Any], tuple[list[str], Any]]  # `yz-gym play`: (state, the player's
    # people, what the player saw last time or None) -> (lines to show before a decision, what is seen now)
    shown: Callable[[Any, Any], bool]  # (state, action about to be taken): print an opponent's decision?
    supports: frozenset[str] = field(default_factory=frozenset)  # of OPTIONAL_COMMANDS
    gym_env: str = ""  # the Gymnasium id of its single-agent env ("" = none), made with `scenario=`
    aec_env: str = ""  # "module:function" making its PettingZoo AEC env from a scenario ("" = none)
    evaluation: Evaluation | None = None  # what `yz-gym evaluate` plays (None: it cannot evaluate it yet)
    design: str = ""  # "module:attribute" of its design.variation.Space: what `balance` and
    # `sensitivity` may vary in its files and what they measure ("" = none)

    @property
    def key(self) -> tuple[str, str]:
        """(ruleset, mode)."""
        return self.ruleset, self.name

    def __reduce__(self) -> tuple[Callable[[str, str], Mode], tuple[str, str]]:
        """Pickled by name: unpickling looks the mode up in the registry (its functions stay home)."""
        return get, self.key

    @property
    def label(self) -> str:
        """ "ruleset mode", e.g. "yze chase"."""
        return f"{self.ruleset} {self.name}"


_MODES: dict[tuple[str, str], Mode] = {}
_loaded: list[bool] = [False]


def register(mode: Mode) -> Mode:
    """Add a mode; registering the same (ruleset, mode) twice is a programming error."""
    if mode.key in _MODES and _MODES[mode.key] is not mode:
        raise ValueError(f"{mode.label} is registered twice")
    unknown = set(mode.supports) - set(OPTIONAL_COMMANDS)
    if unknown:
        raise ValueError(f"{mode.label}: supports {sorted(unknown)}; known: {', '.join(OPTIONAL_COMMANDS)}")
    _MODES[mode.key] = mode
    return mode


def _builtin() -> dict[tuple[str, str], Mode]:
    """Every registered mode, the bundled rulesets' imported on first use."""
    if not _loaded[0]:
        _loaded[0] = True
        for module in BUILTIN:
            importlib.import_module(module)
    return _MODES


def rulesets() -> list[str]:
    """The registered rulesets, sorted."""
    return sorted({ruleset for ruleset, _ in _builtin()})


def modes(ruleset: str | None = None) -> list[Mode]:
    """The registered modes (of one ruleset), in registration order."""
    return [m for m in _builtin().values() if ruleset is None or m.ruleset == ruleset]


def _guess(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    return f"did you mean '{close[0]}'? " if close else ""


def get(ruleset: str, mode: str) -> Mode:
    """The mode registered as (ruleset, mode), or UnknownGame naming what exists."""
    registered = _builtin()
    if (ruleset, mode) in registered:
        return registered[(ruleset, mode)]
    known = rulesets()
    if ruleset not in known:
        raise UnknownGame(
            f"unknown ruleset '{ruleset}'; {_guess(ruleset, known)}rulesets: {', '.join(known)}"
        )
    names = [m.name for m in modes(ruleset)]
    raise UnknownGame(
        f"unknown mode '{mode}' of ruleset {ruleset}; {_guess(mode, names)}modes: {', '.join(names)}"
    )


def mode_of(scenario: Any) -> Mode:
    """The mode whose `build` made this scenario object."""
    for mode in _builtin().values():
        if isinstance(scenario, mode.scenario_type):
            return mode
    labels = ", ".join(m.label for m in _MODES.values())
    raise UnknownGame(f"a {type(scenario).__name__} is no registered mode's scenario; modes: {labels}")


def evaluation_of(mode: Mode, report: Report | None = None) -> Evaluation:
    """The mode's Evaluation, or UnknownGame (one line) naming the modes `yz-gym evaluate` plays
    (with `report`: the modes whose statistics that Report shows, for tools that read only those)."""

    def able(m: Mode) -> bool:
        return m.evaluation is not None and (report is None or m.evaluation.report is report)

    if not able(mode):
        names = ", ".join(m.label for m in _builtin().values() if able(m)) or "none yet"
        raise UnknownGame(f"evaluate does not support {mode.label} games yet; it plays: {names}")
    assert mode.evaluation is not None
    return mode.evaluation


def supporting(command: str) -> list[Mode]:
    """The modes that support an optional command (`play`, `advise`, `replay`)."""
    return [m for m in _builtin().values() if command in m.supports]


def require(mode: Mode, command: str) -> None:
    """UnknownGame (one line) if `mode` does not support the optional `command`."""
    if command not in mode.supports:
        able = ", ".join(m.label for m in supporting(command)) or "none yet"
        raise UnknownGame(f"{command} does not support {mode.label} games yet; it plays: {able}")


__all__ = [
    "DEFAULT_MODE",
    "DEFAULT_RULESET",
    "Evaluation",
    "Mode",
    "NarratedGame",
    "Report",
    "UnknownGame",
    "evaluation_of",
    "get",
    "mode_of",
    "modes",
    "register",
    "require",
    "rulesets",
    "supporting",
]
