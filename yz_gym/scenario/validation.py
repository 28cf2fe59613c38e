"""A parsed scenario file checked against its pydantic model, pydantic's first error turned into one
line naming the field and what is allowed (every mode's loader uses it)."""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from yz_gym.scenario import ScenarioError
from yz_gym.scenario.reading import preview

ModelT = TypeVar("ModelT", bound=BaseModel)


def validated(model: type[ModelT], data: Any, origin: str, expected: str, doc: str = "docs/scenarios.md") -> ModelT:
    """`data` checked against `model`, or a ScenarioError naming its first problem (and `doc`, the
    page that documents the format)."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{origin}: {expected}")
    try:
        return model.model_validate(data)
    except ValidationError as err:
        path, message = _describe(err.errors()[0], data, model, doc)
        raise ScenarioError(f"{origin}: {path}: {message}") from None


def scripted_agent(ruleset: str, mode: str) -> Callable[[str], str]:
    """A scenario model's check of an agent its file names for a side of (ruleset, mode): one of
    the mode's scripted agents (its registry record's, from MODE_AGENTS in yz_gym/agents; a file
    never loads a model), else a ValueError guessing the name and listing them."""

    def check(name: str) -> str:
        from yz_gym.core import registry

        names = list(registry.get(ruleset, mode).agents)
        if name in names:
            return name
        close = difflib.get_close_matches(name, names, n=1)
        guess = f"did you mean '{close[0]}'? " if close else ""
        raise ValueError(f"not an agent of {ruleset} {mode} games; {guess}give one of {', '.join(names)}")

    return check


# --- turning pydantic's errors into one line -----------------------------------------------------


def _describe(error: Any, data: Any, model: type[BaseModel] | None, doc: str) -> tuple[str, str]:
    """The field path of a pydantic error (only the keys the user wrote) and a one-line fix."""
    loc = tuple(error["loc"])
    walked: list[Any] = []
    node = data
    for part in loc:
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list | tuple) and isinstance(part, int) and 0 <= part < len(node)
        if not (in_dict or in_list):
            break
        node = node[part]
        walked.append(part)
    kind = error["type"]
    rest = loc[len(walked) :]
    if kind == "missing" and rest:
        if isinstance(rest[0], int):
            return _where(walked), f"needs exactly {rest[0] + 1} entries, e.g. [Zone A, Zone B]"
        return _where((*walked, rest[0])), f"required key '{rest[0]}' is missing; add it"
    if kind == "extra_forbidden":
        return _where(walked), _unknown_key(str(walked[-1]), _allowed_keys(model, tuple(walked[:-1])), doc)
    if rest and rest[0] == "[key]":
        return _where(walked), _unknown_key(str(walked[-1]), _literal_choices(error), doc)
    return _where(walked), _explain(error, doc, rest)


def _where(loc: tuple[Any, ...] | list[Any]) -> str:
    """A field path such as combatants[2].weapons[0]."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "<top>"


def _unknown_key(key: str, allowed: list[str], doc: str) -> str:
    """An unknown key, a guess at what was meant, and the keys allowed there."""
    close = difflib.get_close_matches(key, allowed, n=1)
    guess = f"did you mean '{close[0]}'? " if close else ""
    listed = f"allowed here: {', '.join(allowed)}" if allowed else "no keys are allowed here"
    return f"unknown key '{key}'; {guess}{listed} (see {doc})"


def _literal_choices(error: Any) -> list[str]:
    expected = str(error.get("ctx", {}).get("expected", ""))
    return [part.strip(" '") for part in expected.replace(" or ", ", ").split(",") if part.strip()]


def _allowed_keys(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> list[str]:
    """The field names of the model found by following `loc` from `model`."""
    annotation: Any = model
    for part in loc:
        annotation = _unwrap(annotation)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            field = annotation.model_fields.get(str(part))
            annotation = field.annotation if field else None
        elif typing.get_origin(annotation) in (list, dict, tuple):
            annotation = typing.get_args(annotation)[-1]
        else:
            return []
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return list(annotation.model_fields)
    return []


def _unwrap(annotation: Any) -> Any:
    """X from `X | None`."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return args[0] if len(args) == 1 else annotation
    return annotation


def _explain(error: Any, doc: str, rest: tuple[Any, ...] = ()) -> str:
    """One line for a pydantic error: what was given and what is allowed."""
    kind = str(error["type"])
    ctx = error.get("ctx", {})
    given = preview(error.get("input"))
    if rest and rest[-1] in ("int", "str"):  # an attribute or skill: a number or a grade
        return f"got {given}; give a whole number (dice pool) or a step grade A, B, C or D"
    if kind == "literal_error":
        return f"{given} is not allowed; use one of {ctx.get('expected', '')}"
    if kind.startswith("int_"):
        return f"got {given}; give a whole number"
    if kind.startswith("bool_"):
        return f"got {given}; give true or false"
    if kind.startswith("string_"):
        return f"got {given}; give a text value"
    if kind.startswith("float_"):
        return f"got {given}; give a number"
    if kind in ("list_type", "tuple_type"):
        return f"got {given}; give a list, e.g. [a, b]"
    if kind in ("dict_type", "model_type", "model_attributes_type", "dataclass_type"):
        return f"got {given}; give a mapping of keys to values (see {doc})"
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "greater_than": ("more than", "gt"),
        "less_than_equal": ("at most", "le"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"{given} is out of range; give a value {words} {ctx.get(key)}"
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} entries (has {ctx.get('actual_length')})"
    if kind == "too_long":
        return f"has too many entries; at most {ctx.get('max_length')}"
    if kind == "finite_number":
        return f"got {given}; give a finite number"
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{message} (got {given})"


# --- building ------------------------------------------------------------------------------------


__all__ = ["scripted_agent", "validated"]
