"""How files a user can be sent are read: size limits, safe YAML with bounded aliases and depth,
and previews of values that never build the repr of something huge.

Every reader of user files (scenarios, chases, replays, training configs, saved states) goes
through here, so the limits live in one place and are documented in docs/scenarios.md:

- a scenario, chase or training config file is at most MAX_YAML_BYTES (1 MiB; the bundled ones
  are under 5 kB), a replay at most MAX_REPLAY_BYTES with at most MAX_REPLAY_LINES lines;
- YAML is parsed by libyaml's C parser when installed (yaml.CSafeLoader), safely (no tags that
  build objects), with no key given twice in one mapping;
- a YAML document may hold at most MAX_NODES values counted with every alias expanded (so a
  "billion laughs" file is refused after reading, not after expanding), nested at most MAX_DEPTH
  deep; the nodes are composed here without recursion, so no nesting can overflow a stack.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import yaml

MAX_YAML_BYTES: Final = 1 << 20  # 1 MiB
MAX_REPLAY_BYTES: Final = 64 << 20  # 64 MiB: a long fight's replay is a few hundred kB
MAX_REPLAY_LINES: Final = 200_000
MAX_NODES: Final = 20_000  # values in one document, aliases expanded (the bundled files have under 500)
MAX_DEPTH: Final = 64  # nesting of lists and mappings
PREVIEW: Final = 40  # characters of a value shown in an error message
MAX_SEED: Final = 2**63 - 1  # seeds a user gives (--seed, a replay's seed) are whole numbers 0..MAX_SEED

_BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ReadError(ValueError):
    """A file that cannot be read within the limits; the message names the file and the fix."""


def read_text(path: Path, limit: int, what: str) -> str:
    """A file's UTF-8 text, refusing a folder, a missing file or one past `limit` bytes."""
    if path.is_dir():
        raise ReadError(f"{path}: is a folder, not a {what} file; give the path of a file")
    if not path.is_file():
        raise ReadError(f"{path}: no such {what} file; check the path")
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as err:
        raise ReadError(f"{path}: cannot read the file ({err.strerror or type(err).__name__})") from None
    if len(data) > limit:
        raise ReadError(
            f"{path}: larger than the {limit:,} bytes a {what} file may have (see docs/scenarios.md); "
            "is it the right file?"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ReadError(f"{path}: not UTF-8 text (byte {err.start}); save the file as UTF-8") from None


class _Loader(_BaseLoader):  # type: ignore[misc,valid-type,unused-ignore]
    """A safe YAML loader that refuses a key given twice in one mapping."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue  # `<<: *anchor` keys may be overridden on purpose
            key = self.construct_object(key_node, deep=deep)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:
                continue  # an unhashable key: the base class reports it
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {preview(key)} appears twice in one mapping", key_node.start_mark
                )
        return super().construct_mapping(node, deep=deep)  # type: ignore[no-any-return,unused-ignore]


def load_yaml(text: str, origin: str) -> Any:
    """The one document in `text`, parsed safely within MAX_NODES and MAX_DEPTH."""
    loader = _Loader(text)
    try:
        node = _compose(loader, origin)
        return None if node is None else loader.construct_document(node)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise ReadError(f"{origin}{where}: YAML syntax error: {problem}; fix the YAML there") from None
    except ReadError:
        raise
    except (
        ValueError,
        OverflowError,
        TypeError,
    ) as err:  # a scalar YAML cannot build, e.g. a 5000-digit number
        problem = str(err).split(";")[0].splitlines()[0] if str(err) else type(err).__name__
        raise ReadError(f"{origin}: a value cannot be read ({problem[:120]}); fix it") from None
    finally:
        loader.dispose()


def _compose(loader: Any, origin: str) -> yaml.Node | None:
    """The document's node graph, built from the parser's events without recursion.

    Each node carries the number of values it stands for with its aliases expanded; a node past
    MAX_NODES, a nesting past MAX_DEPTH or an alias to an unfinished anchor is refused."""
    loader.get_event()  # StreamStart
    if loader.check_event(yaml.StreamEndEvent):
        return None
    loader.get_event()  # DocumentStart
    anchors: dict[str, tuple[yaml.Node, int]] = {}
    stack: list[tuple[yaml.Node, str | None, list[int]]] = []  # node, anchor, [expanded size]
    root: tuple[yaml.Node, int] | None = None
    while root is None:
        event = loader.get_event()
        done: tuple[yaml.Node, int] | None = None
        anchor = getattr(event, "anchor", None)
        if isinstance(event, yaml.AliasEvent):
            if event.anchor not in anchors:
                raise _too_much(origin, event, f"alias *{event.anchor} names no finished anchor")
            done, anchor = anchors[event.anchor], None
        elif isinstance(event, yaml.ScalarEvent):
            tag = (
                event.tag
                if event.tag not in (None, "!")
                else loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            )
            done = (yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style), 1)
        elif isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
            if len(stack) >= MAX_DEPTH:
                raise _too_much(origin, event, f"nested more than {MAX_DEPTH} deep; flatten the file")
            is_seq = isinstance(event, yaml.SequenceStartEvent)
            kind = yaml.SequenceNode if is_seq else yaml.MappingNode
            tag = event.tag if event.tag not in (None, "!") else loader.resolve(kind, None, event.implicit)
            node = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
            stack.append((node, anchor, [1]))
            continue
        else:  # SequenceEnd or MappingEnd
            node, anchor, size = stack.pop()
            node.end_mark = event.end_mark
            if isinstance(node, yaml.MappingNode):
                items = node.value
                node.value = list(zip(items[::2], items[1::2], strict=True))
            done = (node, size[0])
        if anchor is not None:
            anchors[anchor] = done
        if stack:
            parent, _, total = stack[-1]
            parent.value.append(done[0])
            total[0] += done[1]
            if total[0] > MAX_NODES:
                raise _too_much(
                    origin, event, f"more than {MAX_NODES:,} values (aliases expanded); make it smaller"
                )
        else:
            root = done
    if not loader.check_event(yaml.DocumentEndEvent):
        raise ReadError(f"{origin}: more than one YAML document; keep one (remove the '---' lines)")
    loader.get_event()
    if not loader.check_event(yaml.StreamEndEvent):
        raise ReadError(f"{origin}: more than one YAML document; keep one (remove the '---' lines)")
    return root[0]


def _too_much(origin: str, event: Any, problem: str) -> ReadError:
    mark = event.start_mark
    return ReadError(f"{origin}:{mark.line + 1}:{mark.column + 1}: {problem}")


def check_shape(value: Any, origin: str) -> None:
    """Refuse data (e.g. parsed JSON) with more than MAX_NODES values or nested past MAX_DEPTH."""
    count = 0
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        count += 1
        if count > MAX_NODES:
            raise ReadError(f"{origin}: more than {MAX_NODES:,} values; make it smaller")
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise ReadError(f"{origin}: nested more than {MAX_DEPTH} deep; flatten it")
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)


def preview(value: Any) -> str:
    """At most PREVIEW characters showing `value`, without building the repr of a big one."""
    if isinstance(value, str):
        shown = repr(value[: PREVIEW + 2])
    elif isinstance(value, bool | float) or value is None:
        shown = repr(value)
    elif isinstance(value, int):
        shown = repr(value) if value.bit_length() <= 4 * PREVIEW else f"a {value.bit_length()}-bit number"
    elif isinstance(value, list | tuple | dict | set):
        noun = "mapping" if isinstance(value, dict) else type(value).__name__
        shown = f"a {noun} of {len(value)} entries" if len(value) > 8 else _small_repr(value)
    else:
        shown = f"a {type(value).__name__}"
    return shown if len(shown) <= PREVIEW else shown[: PREVIEW - 3] + "..."


def _small_repr(value: list[Any] | tuple[Any, ...] | dict[Any, Any] | set[Any]) -> str:
    """A container of at most 8 entries: its scalars shown, the containers in it as [...] or {...}."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_leaf(k)}: {_leaf(v)}" for k, v in value.items()) + "}"
    inner = ", ".join(_leaf(v) for v in value)
    return (
        f"[{inner}]"
        if isinstance(value, list)
        else f"({inner})"
        if isinstance(value, tuple)
        else "{" + inner + "}"
    )


def _leaf(value: Any) -> str:
    if isinstance(value, dict | set):
        return "{...}"
    if isinstance(value, list | tuple):
        return "[...]"
    return preview(value)


__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_REPLAY_BYTES",
    "MAX_REPLAY_LINES",
    "MAX_SEED",
    "MAX_YAML_BYTES",
    "ReadError",
    "check_shape",
    "load_yaml",
    "preview",
    "read_text",
]
