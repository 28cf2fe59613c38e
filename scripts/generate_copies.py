"""Writes the constructor and the copy of every mutable state class from its dataclass fields, so a
new field is declared once (with its default, and `metadata={"copy": "shared"}` when the copy may
share a mutable value on purpose) and this script writes it into `__init__` (written out so that
mypyc compiles the constructor too) and into `copy()`/`clone()` (written out, field by field, as a
hand-written copy is: positional fields to the constructor, keyword-only ones set after it, no
loop over the fields at run time).

    python -m scripts.generate_copies          # rewrite the methods
    python -m scripts.generate_copies --check  # exit 1 if any is stale

How a field is copied follows from its type: a list of immutable values is `.copy()`d, a list of
state objects or of lists copies each element, a set is `set(...)`, a dict `dict(...)` (its list
values copied), a state object `.copy()` (a GameState `.clone()`), None kept; anything immutable
(numbers, strings, tuples, enums, frozen dataclasses) is shared. A field with `init=False` is set
from the constructor's arguments by its `metadata={"init": expression}` and is not copied.
tests/rules/test_state_copies.py fails while a class differs from what this writes."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import importlib
import sys
import types
import typing
from pathlib import Path
from typing import Any, Final

ROOT = Path(__file__).resolve().parent.parent
# (module, class, its copy method, whether its constructor is written out)
CLASSES: Final = (
    ("yz_gym.rulesets.yze.state", "WeaponState", "copy", True),
    ("yz_gym.rulesets.yze.state", "Injury", "copy", True),
    ("yz_gym.rulesets.yze.state", "Combatant", "copy", True),
    ("yz_gym.rulesets.yze.state", "Frame", "copy", True),
    ("yz_gym.rulesets.yze.state", "GameState", "clone", True),
    ("yz_gym.rulesets.yze.mounts.mount", "Mount", "copy", False),
    ("yz_gym.rulesets.yze.vehicles.vehicle", "MountedWeapon", "copy", False),
    ("yz_gym.rulesets.yze.vehicles.vehicle", "VehicleState", "copy", False),
    ("yz_gym.rulesets.yze.chase.state", "Unit", "copy", False),
    ("yz_gym.rulesets.yze.chase.state", "Step", "copy", False),
    ("yz_gym.rulesets.yze.chase.state", "ChaseState", "clone", False),
)
WIDTH: Final = 110  # the project's line length
FACTORIES: Final = {list: "[]", set: "set()", dict: "{}"}


def _state_class(kind: Any) -> str:
    """"copy" or "clone" if `kind` is a mutable state class with that method, else ""."""
    if not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
        return ""
    if kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return ""
    return "clone" if hasattr(kind, "clone") else "copy" if hasattr(kind, "copy") else ""


def copied(value: str, kind: Any) -> str:
    """The expression copying `value` of type `kind` (see the module's docstring)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (types.UnionType, typing.Union):
        rest = [a for a in args if a is not type(None)]
        inner = copied(value, rest[0]) if len(rest) == 1 else value
        return value if inner == value else f"None if {value} is None else {inner}"
    if origin is list:
        element = args[0]
        if _state_class(element) or typing.get_origin(element) in (list, dict, set):
            return f"[v.{_state_class(element) or 'copy'}() for v in {value}]"
        return f"{value}.copy()"
    if origin is set:
        return f"set({value})"
    if origin is dict:
        if typing.get_origin(args[1]) is list:
            return f"{{k: v.copy() for k, v in {value}.items()}}"
        return f"dict({value})"
    method = _state_class(kind)
    return f"{value}.{method}()" if method else value


def _wrap(items: list[str], indent: str) -> list[str]:
    """Items joined by ", " (a trailing one too), wrapped at WIDTH on item boundaries."""
    lines, line = [], indent
    for item in items:
        if len(line) + len(item) + 1 > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += item + ", "
    lines.append(line.rstrip())
    return lines


def _defaults(source: ast.ClassDef, text: str) -> dict[str, str]:
    """Each field's default as written in the class (a `field(...)`'s default or factory)."""
    found = {}
    for node in source.body:
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value):
            continue
        value = node.value
        if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "field":
            for keyword in value.keywords:
                if keyword.arg == "default":
                    found[node.target.id] = ast.get_source_segment(text, keyword.value) or ""
        else:
            found[node.target.id] = ast.get_source_segment(text, value) or ""
    return found


def _signature(field: dataclasses.Field[Any], hint: str, default: str | None) -> str:
    if field.default_factory is not dataclasses.MISSING:
        return f"{field.name}: {hint} | None = None"
    return f"{field.name}: {hint}" if default is None else f"{field.name}: {hint} = {default}"


def constructor(cls: type, source: ast.ClassDef, text: str, doc: str) -> list[str]:
    """The written-out `__init__` of a dataclass."""
    hints = {n.target.id: ast.get_source_segment(text, n.annotation) or "" for n in source.body
             if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}  # fmt: skip
    defaults = _defaults(source, text)
    init = [f for f in dataclasses.fields(cls) if f.init]
    params = ["self"]
    for f in init:
        if f.kw_only and "*" not in params:
            params.append("*")
        params.append(_signature(f, hints[f.name], defaults.get(f.name)))
    lines = ["    def __init__(", *_wrap(params, "        "), "    ) -> None:  # fmt: skip"]
    body = [f'        """{doc}"""']
    for f in init:
        factory = FACTORIES.get(f.default_factory) if f.default_factory is not dataclasses.MISSING else None  # type: ignore[call-overload]
        value = f"{factory} if {f.name} is None else {f.name}" if factory else f.name
        body.append(f"        self.{f.name} = {value}")
    body += [f"        self.{f.name} = {f.metadata['init']}" for f in dataclasses.fields(cls) if not f.init]
    return lines + body


def copier(cls: type, method: str, doc: str) -> list[str]:
    """The written-out `copy()` or `clone()`: every field the constructor takes, copied by its type;
    the keyword-only fields are set after the call, as a hand-written copy does (a keyword argument
    costs a search of the parameters), and a None or an empty list is left to the constructor."""
    hints = typing.get_type_hints(cls)
    args, after = [], []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        value = f"self.{f.name}"
        expression = value if f.metadata.get("copy") == "shared" else copied(value, hints[f.name])
        if not f.kw_only:
            args.append(expression)
        elif expression.startswith(f"None if {value} is None else ") and f.default is None:
            after += [f"        if {value} is not None:", f"            new.{f.name} = {expression.split(' else ', 1)[1]}"]
        elif expression.startswith("[") and f.default_factory is list:  # type: ignore[comparison-overlap]
            after += [f"        if {value}:", f"            new.{f.name} = {expression}"]
        else:
            after.append(f"        new.{f.name} = {expression}")
    lines = [f"    def {method}(self) -> {cls.__name__}:", f'        """{doc}"""']
    head = "return" if not after else "new ="
    one = f"        {head} {cls.__name__}({', '.join(args)})"
    if len(one) <= WIDTH:
        lines.append(one)
    else:
        lines += [f"        {head} {cls.__name__}(", *_wrap(args, "            "), "        )  # fmt: skip"]
    if after:
        lines += [*after, "        return new"]
    return lines


def generated(path: Path, module: str, names: list[tuple[str, str, bool]]) -> str:
    """The module's text with the listed classes' constructors and copies written from their fields."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    loaded = importlib.import_module(module)
    spans: list[tuple[int, int, list[str]]] = []
    for name, method, written in names:
        source = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
        cls = getattr(loaded, name)
        for node in source.body:
            if not isinstance(node, ast.FunctionDef):
                continue
            doc = ast.get_docstring(node) or ""
            if node.name == "__init__" and written:
                spans.append((node.lineno, node.end_lineno or node.lineno, constructor(cls, source, text, doc)))
            elif node.name == method:
                spans.append((node.lineno, node.end_lineno or node.lineno, copier(cls, method, doc)))
    lines = text.splitlines()
    for start, end, new in sorted(spans, reverse=True):
        lines[start - 1 : end] = new
    return "\n".join(lines) + "\n"


def stale() -> list[tuple[Path, str]]:
    """(path, text it should have) for every module whose classes differ from what this writes."""
    modules: dict[str, list[tuple[str, str, bool]]] = {}
    for module, name, method, written in CLASSES:
        modules.setdefault(module, []).append((name, method, written))
    out = []
    for module, names in modules.items():
        path = ROOT / (module.replace(".", "/") + ".py")
        text = generated(path, module, names)
        if text != path.read_text(encoding="utf-8"):
            out.append((path, text))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 if a class is stale, write nothing")
    args = parser.parse_args(argv)
    changed = stale()
    for path, text in changed:
        if args.check:
            print(f"stale: {path.relative_to(ROOT)} (run python -m scripts.generate_copies)")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 1 if changed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
