"""Rule switches: each declared once, on its ruleset's options dataclass, with its type, default,
bounds, the rules it resolves and its doc; one parser for every switch block of a file.

A ruleset declares a switch as a dataclass field `name: Type = switch(default, rules, doc, low=,
high=)` and groups its options class into a `SwitchBlock` (the YAML key, e.g. `rules:`, and the
cross-checks between switches). `SwitchBlock.parse` turns a block of a file into the options:
unknown keys get a "did you mean", values are checked strictly (YAML's true is not 1, and 1 is
not true), whole numbers against their bounds, then the cross-checks run; every problem is one
`SwitchError` naming the field and the fix. `SwitchBlock.table` writes the block's table for the
docs (`python -m scripts.generate_docs`).
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, Field, dataclass, field, fields
from functools import cached_property
from typing import Any, Literal

from pydantic import TypeAdapter, ValidationError

from yz_gym.scenario.reading import preview

SWITCH_KEY = "yz_gym.switch"  # the dataclass field metadata key holding a SwitchInfo
Check = Callable[[Any], "tuple[str, str] | None"]  # options -> (switch, message) when they clash


@dataclass(frozen=True, slots=True)
class SwitchInfo:
    """What a field declaration says beyond its type and default."""

    rules: str  # the rule IDs it resolves, e.g. "AMB-31, ACT-FREE-01"
    doc: str  # what each value does (Markdown, one paragraph)
    low: int | None = None  # inclusive bounds of a whole-number switch
    high: int | None = None


def switch(default: Any, rules: str, doc: str, *, low: int | None = None, high: int | None = None) -> Any:
    """Declare a rule switch as a dataclass field: its default, the rules it resolves, its doc and,
    for a whole number, its bounds."""
    return field(default=default, metadata={SWITCH_KEY: SwitchInfo(rules, doc, low, high)})


@dataclass(frozen=True, slots=True)
class Switch:
    """One declared switch: name, type hint, default, rules resolved, doc and bounds."""

    name: str
    hint: Any
    default: Any
    rules: str
    doc: str
    low: int | None
    high: int | None

    @property
    def choices(self) -> tuple[Any, ...]:
        """The allowed values of a Literal switch (None too if optional); () for the others."""
        out: list[Any] = []
        for part in typing.get_args(self.hint) if _is_union(self.hint) else (self.hint,):
            if typing.get_origin(part) is Literal:
                out += typing.get_args(part)
            elif part is type(None):
                out.append(None)
        return tuple(out)

    def values_text(self) -> str:
        """The values column of the docs: `a`, `b`; bool; int low-high."""
        if self.choices:
            return ", ".join(f"`{_yaml(choice)}`" for choice in self.choices)
        if self.hint is bool:
            return "bool"
        return f"int {self.low}-{self.high}"


class SwitchError(ValueError):
    """A switch block that cannot be used: the field (`rules.dice_mode`) and the fix."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class SwitchBlock:
    """The switches of one block of a file (its YAML key) and the options class they make."""

    def __init__(self, key: str, options: type, what: str, checks: Sequence[Check] = ()) -> None:
        self.key = key  # e.g. "rules"
        self.options = options  # a frozen dataclass whose fields are all declared with switch()
        self.what = what  # e.g. "rule option", for messages
        self.checks = tuple(checks)  # cross-checks between switches, run on the built options

    @cached_property
    def switches(self) -> tuple[Switch, ...]:
        """Every switch of the block, in declaration order."""
        hints = typing.get_type_hints(self.options)
        return tuple(_switch_of(f, hints[f.name], self.key) for f in fields(self.options))

    @cached_property
    def _adapters(self) -> dict[str, TypeAdapter[Any]]:
        return {s.name: TypeAdapter(s.hint) for s in self.switches}

    def parse(self, values: Mapping[str, object], doc: str) -> Any:
        """The options from a block of a file; a SwitchError names the first problem (`doc`: the
        page documenting the block)."""
        known = [s.name for s in self.switches]
        for name in values:
            if name not in known:
                raise SwitchError(f"{self.key}.{name}", _unknown(str(name), known, self.what, doc))
        checked: dict[str, Any] = {}
        by_name = {s.name: s for s in self.switches}
        for name, value in values.items():
            try:
                checked[name] = self._adapters[name].validate_python(value, strict=True)
            except ValidationError as err:
                raise SwitchError(f"{self.key}.{name}", _type_message(err.errors()[0])) from None
            low, high = by_name[name].low, by_name[name].high
            if low is not None and high is not None and not low <= checked[name] <= high:
                raise SwitchError(
                    f"{self.key}.{name}", f"{checked[name]} is out of range; give a value from {low} to {high}"
                )
        try:
            options = self.options(**checked)
        except (TypeError, ValueError) as err:  # the class's own checks of switches that go together
            raise SwitchError(self.key, str(err).splitlines()[0] if str(err) else type(err).__name__) from None
        for check in self.checks:
            clash = check(options)
            if clash is not None:
                raise SwitchError(f"{self.key}.{clash[0]}", clash[1])
        return options

    def table(self) -> list[str]:
        """The block's Markdown table: key, values, default, rules resolved, meaning."""
        lines = ["| key | values | default | resolves | meaning |", "|---|---|---|---|---|"]
        for s in self.switches:
            lines.append(f"| `{s.name}` | {s.values_text()} | `{_yaml(s.default)}` | {s.rules} | {s.doc} |")
        return lines


def _switch_of(f: Field[Any], hint: Any, key: str) -> Switch:
    info = f.metadata.get(SWITCH_KEY)
    if not isinstance(info, SwitchInfo) or f.default is MISSING:
        raise TypeError(f"{key}.{f.name}: declare it with switch(default, rules, doc)")
    if hint is int and (info.low is None or info.high is None):
        raise TypeError(f"{key}.{f.name}: a whole-number switch needs its bounds (low=, high=)")
    return Switch(f.name, hint, f.default, info.rules, info.doc, info.low, info.high)


def _unknown(name: str, known: list[str], what: str, doc: str) -> str:
    """An unknown switch, the closest known name, and every name."""
    close = difflib.get_close_matches(name, known, n=1)
    guess = f"did you mean '{close[0]}'? " if close else ""
    return f"unknown {what}; {guess}options: {', '.join(known)} (see {doc})"


def _type_message(error: Any) -> str:
    """One line for a value of the wrong type: what was given and what is allowed."""
    kind = str(error["type"])
    given = preview(error.get("input"))
    if kind == "literal_error":
        return f"{given} is not allowed; use one of {error.get('ctx', {}).get('expected', '')}"
    if kind.startswith("bool_"):
        return f"got {given}; give true or false"
    if kind.startswith("int_"):
        return f"got {given}; give a whole number"
    return f"{str(error['msg']).removeprefix('Value error, ')} (got {given})"


def _is_union(hint: Any) -> bool:
    return typing.get_origin(hint) in (typing.Union, types.UnionType)


def _yaml(value: Any) -> str:
    """A default or choice as YAML writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
