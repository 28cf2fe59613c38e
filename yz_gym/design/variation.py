"""Variations of an encounter, made by editing its parsed scenario file: `vipers.count=1..6`,
`Viper.weapon=knife,pistol,shotgun`, `Enforcer.position=14..20`, `party.food=6..12`.

A variation is TARGET.FIELD=VALUES. What TARGET may name and which FIELDs it has are its mode's:
each registered mode names its `Space` in its registry record (`Mode.design`): a zone fight's or
a chase's in yze_space.py, a DX3 fight's in dx3_space.py, an expedition's in expedition_space.py
(docs/design_tools.md lists them). This module is the neutral part: it reads a variation against a
file, checks its values, and makes the variants, each built by the scenario's own loader before
any game, so a variant the rules refuse is one line naming the option, the value and the reason.

VALUES is a range of whole numbers `1..6` (for a number field) or a list `knife,pistol`."""

from __future__ import annotations

import copy
import difflib
import importlib
import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from yz_gym.core import registry
from yz_gym.core.registry import DEFAULT_MODE, DEFAULT_RULESET, Mode
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import LoadedScenario, build_data

MAX_VALUES: Final = 50  # values of one variation
MAX_VARIANTS: Final = 500  # variants of all variations together (their product)

Value = int | str


class VariationError(ValueError):
    """A variation that cannot be made; the message is one line naming the option and the fix."""


@dataclass(frozen=True, slots=True)
class Variation:
    """One thing to vary: what (target and field) and the values to try."""

    target: str  # a name the mode's Space knows (a combatant, side, zone, fighter, vehicle, party ...)
    field: str  # one of the fields of what the target names
    values: tuple[Value, ...]

    @property
    def path(self) -> str:
        """TARGET.FIELD, as the command line writes it."""
        return f"{self.target}.{self.field}"

    def setting(self, value: Value) -> str:
        """TARGET.FIELD=VALUE."""
        return f"{self.path}={value}"


@dataclass(frozen=True, slots=True)
class Change:
    """One step of one thing (a row of `sensitivity`'s table): what it is (`factor`, a row of the
    tornado plot), which way, and whose it is."""

    kind: str  # one of its Space's `kinds`
    factor: str  # e.g. "Viper agility"
    step: str  # e.g. "+1 (3 -> 4)", "knife -> sword", "Loading dock -> Crate rows"
    variation: Variation
    value: Value
    owner: str = ""  # the side of what is changed ("" for a place or the weather)
    up: bool = True  # the stronger way (more, better, more cover, darker): the plot's colour
    directed: bool = False  # a step up surely strengthens its owner (a rating, gear, a count)

    @property
    def label(self) -> str:
        """ "Viper agility +1 (3 -> 4)"."""
        return f"{self.factor} {self.step}"

    @property
    def helps(self) -> str:
        """The side this change strengthens: its owner's, for a directed step up ("" otherwise)."""
        return self.owner if self.up and self.directed else ""

    @property
    def hurts(self) -> str:
        """The side this change weakens: its owner's, for a directed step down ("" otherwise)."""
        return self.owner if not self.up and self.directed else ""


def step(kind: str, target: str, what: str, field: str, value: Value, text: str, owner: str, up: bool, directed: bool) -> Change:
    """A Change of `target`'s `field` to `value`, labelled "`target` `what` `text`"."""
    return Change(kind, f"{target} {what}", text, Variation(target, field, (value,)), value, owner, up, directed)


@dataclass(frozen=True, slots=True)
class Space:
    """What one mode's files can vary and what `balance` and `sensitivity` measure in its games.

    A target names something in a parsed file; its kind (e.g. "combatants", "zone") decides its
    fields. `edit` sets a field on a copy of the file (in place) or raises VariationError; the
    loader then checks the result. The three metrics are, in order: the side's success (a win, an
    arrival), a PC dies, the party is out (a knockout, the party lost): the positions of a game
    record (winner, rounds, PC died, party out) that `sensitivity` pairs."""

    targets: str  # what TARGET may name, for messages: "combatant, group, side, zone or vehicle"
    example: str  # a variation of a bundled file, for messages: "vipers.count=1..6"
    kind_of: Callable[[dict[str, Any], str], str | None]  # (file, target) -> its kind, None if unknown
    names: Callable[[dict[str, Any]], list[str]]  # every name a target may be, in lookup order
    fields: Callable[[dict[str, Any], str, str], tuple[str, ...]]  # (file, target, kind) -> its fields
    kind_words: Mapping[str, str]  # a kind as a sentence says it: "zone" -> "is a zone"
    numbers: Callable[[str], bool]  # whether a field's values are whole numbers (ranges allowed)
    check: Callable[[str, tuple[Value, ...], str], None]  # (field, values, where): refuse impossible values
    edit: Callable[[dict[str, Any], Variation, Value, str], None]  # (copy of the file, variation, value, where)
    changes: Callable[[LoadedScenario], list[Change]]  # every one-step change (sensitivity)
    kinds: tuple[str, ...]  # the kinds of change, as `--kinds` names them
    metrics: tuple[str, str, str]  # `--metric` names: success, a PC dies, the party out
    words: tuple[str, str, str]  # the metrics in a sentence; "{side}" is the side
    count: Callable[[Any, str, str], int]  # (statistics, metric, side) -> games in which it happened
    prefixes: tuple[str, ...] = ()  # TARGET.PREFIX.FIELD is TARGET.FIELD, e.g. Viper.skills.melee
    plain: tuple[tuple[str, str], ...] = ()  # (word, plain letters) the plot writes for it (its font has no kanji)

    def plotted(self, text: str) -> str:
        """`text` as the plot writes it: every `plain` word replaced."""
        for word, letters in self.plain:
            text = text.replace(word, letters)
        return text

    def metric_words(self, metric: str, side: str) -> str:
        """ "crew wins", "a PC dies" ..."""
        return self.words[self.metrics.index(metric)].format(side=side)


def encounter_count(stats: Any, metric: str, side: str) -> int:
    """Games of an encounter (the ENCOUNTERS report's EncounterStats: a zone fight, a chase, a DX3
    fight) in which the metric happened: `side` won, a PC died, or the party was knocked out."""
    if metric == "win":
        return int(stats.wins.get(side, 0))
    return int(stats.pc_deaths if metric == "pc_death" else stats.party_knockouts)


def space_of(mode: Mode) -> Space:
    """The Space its registry record names; a one-line ValueError for a mode that has none."""
    if not mode.design:
        raise ValueError(f"{mode.label} games cannot be varied yet: its registry record names no design space")
    module, _, name = mode.design.partition(":")
    space: Space = getattr(importlib.import_module(module), name)
    return space


def _guess(name: str, known: list[str] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    return f"did you mean '{close[0]}'? " if close else ""


def parse_variation(text: str, loaded: LoadedScenario, option: str = "--vary") -> Variation:
    """TARGET.FIELD=VALUES read against a scenario, or VariationError naming `option` and the fix."""
    space = space_of(loaded.mode)
    where = f"{option} {text}"
    path, equals, values_text = text.partition("=")
    if not equals or not values_text.strip():
        raise VariationError(f"{where}: give TARGET.FIELD=VALUES, e.g. {space.example}")
    target, dot, field = path.strip().rpartition(".")
    for prefix in space.prefixes:  # Viper.skills.melee is Viper.melee
        if target.endswith(f".{prefix}"):
            target = target.removesuffix(f".{prefix}")
    if not dot or not target:
        raise VariationError(f"{where}: give TARGET.FIELD=VALUES, e.g. {space.example} (TARGET: a {space.targets})")
    kind = space.kind_of(loaded.data, target)
    if kind is None:
        names = space.names(loaded.data)
        raise VariationError(
            f"{where}: no {space.targets} named '{target}' in {loaded.name}; {_guess(target, names)}names: {', '.join(names)}"
        )
    fields = space.fields(loaded.data, target, kind)
    by_case = {f.lower(): f for f in fields}
    field = field.strip()
    field = field if field in fields else by_case.get(field.lower(), field)
    if field not in fields:
        raise VariationError(
            f"{where}: '{target}' {space.kind_words[kind]}: no field '{field}'; {_guess(field, fields)}fields: {', '.join(fields)}"
        )
    values = _values(values_text.strip(), space.numbers(field), where)
    space.check(field, values, where)
    variation = Variation(target, field, values)
    for value in variation.values:
        edited(loaded.data, variation, value, where)  # a value the edit itself refuses fails here
    return variation


def _values(text: str, numbers: bool, where: str) -> tuple[Value, ...]:
    """`a..b` (whole numbers) or a comma list; whole numbers for a number field."""
    if ".." in text:
        low, _, high = text.partition("..")
        if not numbers or not (low.strip().isdigit() and high.strip().isdigit()):
            raise VariationError(f"{where}: a range is two whole numbers, e.g. 1..6, for a number field; else list the values: a,b,c")
        first, last = int(low), int(high)
        if first > last:
            raise VariationError(f"{where}: the range {text} is empty; give the smaller number first, e.g. {last}..{first}")
        if last - first + 1 > MAX_VALUES:
            raise VariationError(f"{where}: {last - first + 1:,} values; give at most {MAX_VALUES}")
        values: list[Value] = list(range(first, last + 1))
    else:
        words = [w.strip() for w in text.split(",", MAX_VALUES)]
        if not all(words):
            raise VariationError(f"{where}: an empty value in '{text}'; list the values as a,b,c")
        values = [int(w) if numbers and w.isdigit() else w for w in words]
    if len(values) > MAX_VALUES:
        raise VariationError(f"{where}: {len(values)} values; give at most {MAX_VALUES}")
    if len(set(values)) != len(values):
        raise VariationError(f"{where}: a value is listed twice; list each once")
    return tuple(values)


def edited(data: dict[str, Any], variation: Variation, value: Value, where: str = "") -> dict[str, Any]:
    """A deep copy of a parsed file with one variation set to `value`, by the Space of the file's
    mode (its `ruleset:` and `mode:`)."""
    out = copy.deepcopy(data)
    mode = registry.get(str(data.get("ruleset", DEFAULT_RULESET)), str(data.get("mode", DEFAULT_MODE)))
    space_of(mode).edit(out, variation, value, where or f"--vary {variation.path}")
    return out


@dataclass(frozen=True, slots=True)
class Variant:
    """One combination of values: its settings and the scenario file they make."""

    settings: tuple[tuple[Variation, Value], ...]
    data: dict[str, Any]  # the edited file
    scenario: Any  # what the scenario's mode built from it

    @property
    def label(self) -> str:
        """The settings as `vipers.count=4 Viper.weapon=pistol` (`as given` when nothing varies)."""
        return " ".join(v.setting(value) for v, value in self.settings) or "as given"


def variants(loaded: LoadedScenario, variations: list[Variation], option: str = "--vary") -> list[Variant]:
    """Every combination of the variations' values, each built by the scenario's loader (a
    variant it refuses is a VariationError naming the settings and the reason)."""
    count = 1
    for variation in variations:
        count *= len(variation.values)
    if count > MAX_VARIANTS:
        raise VariationError(f"{option}: {count:,} combinations; give at most {MAX_VARIANTS} (fewer values or fewer {option})")
    paths = [v.path for v in variations]
    for path in paths:
        if paths.count(path) > 1:
            raise VariationError(f"{option} {path}: varied twice; give its values in one {option}")
    made = []
    for values in itertools.product(*(v.values for v in variations)):
        data = loaded.data
        for variation, value in zip(variations, values, strict=True):
            data = edited(data, variation, value)
        settings = tuple(zip(variations, values, strict=True))
        try:
            built = build_data(data, f"{option} {Variant(settings, data, None).label}", expect=loaded.mode.key)
        except ScenarioError as error:
            raise VariationError(str(error)) from None
        made.append(Variant(settings, data, built.scenario))
    return made
