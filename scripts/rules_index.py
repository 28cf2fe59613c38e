"""The rules index (docs/rules.md): every rule ID the code cites, with a one-line summary taken
from the docstring or comment that cites it, the switch that changes it, its modules and its tests.

Everything comes from the repository: the rule IDs and summaries from the source of `yz_gym/`,
the switches from the comments of the option classes in `yz_gym/rulesets/yze/options.py`, the tests from
the `@pytest.mark.rule(...)` marks under `tests/`. An ID is listed when a test marks it, or when
the code cites it with a number in a family (DICE, VEH, ...) that tests mark; ranges such as
`VEH-DMG-01..07` and `AUTO-03/06` are spelt out."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from yz_gym.rulesets.yze.options import SWITCH_BLOCKS

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("yz_gym",)
NOT_RULES = ("yz_gym/agents/", "yz_gym/training/")  # they play by the rules, they do not implement them

# An ID, then optional ranges: ACTN-BLOCK-01, VEH-DMG-01..07, AUTO-03/06, MOUNT-08/11/14, G-19.
CITATION = re.compile(r"\b((?:[A-Z][A-Z0-9]*-)+)([0-9]{1,2}[A-Z]?|[A-Z][A-Z0-9]*)((?:(?:\.\.|/)[0-9]{1,2})*)\b")
# A numbered ID: two digits (DICE-05), or one after two names (OBST-FOOT-5); not UTF-8.
NUMBERED = re.compile(r"^(?:[A-Z][A-Z0-9]*-)+[0-9]{2}$|^[A-Z][A-Z0-9]*-[A-Z][A-Z0-9]*-[0-9]$")
MORE_IDS_THEN_COLON = re.compile(
    r"(?:\s*[/,]?\s*(?:and |or )?\(?[A-Z][A-Z0-9]*-[\w./-]*\)?)*\s*(?:\([^)]*\))?\s*:"
)
SUMMARY_MAX = 150


@dataclass
class Rule:
    """What the repository says about one rule ID."""

    summary: tuple[tuple[int, int], str] = ((99, 0), "")  # (score, text): the best citation so far
    modules: set[str] = field(default_factory=set)
    switches: set[str] = field(default_factory=set)
    tests: set[str] = field(default_factory=set)


def expand(text: str) -> list[str]:
    """The rule IDs a text cites, ranges spelt out: "VEH-DMG-01..03" -> VEH-DMG-01, -02, -03."""
    ids = []
    for prefix, first, tail in CITATION.findall(text):
        ids.append(prefix + first)
        previous = first
        for sep, number in re.findall(r"(\.\.|/)([0-9]{1,2})", tail):
            if sep == ".." and previous.isdigit():
                width = len(previous)
                ids += [f"{prefix}{n:0{width}d}" for n in range(int(previous) + 1, int(number) + 1)]
            else:
                ids.append(prefix + number)
            previous = number
    return ids


def _sentence(text: str) -> str:
    """The first sentence of `text` on one line, at most SUMMARY_MAX characters."""
    text = re.sub(
        r"^[0-9]+[a-z]?\.\s+", "", " ".join(text.split()).strip(" -:;,")
    )  # "3. Weapons" -> "Weapons"
    for match in re.finditer(r"(?<![.e][.g])\.(\s|$)", text):
        if len(text[: match.start()].split()) >= 3:  # not "3." nor "e.g."
            text = text[: match.start() + 1]
            break
    if len(text) > SUMMARY_MAX:
        text = text[: SUMMARY_MAX - 3].rsplit(" ", 1)[0] + "..."
    return text[:1].upper() + text[1:]


def _citations(source: str) -> list[tuple[int, str, str]]:
    """(kind, text, code) of every docstring item (2) and comment (1, with the code it stands
    beside) that cites a rule ID."""
    found: list[tuple[int, str, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node)
            if doc:
                found += [(2, item, "") for item in _doc_items(doc)]
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            code = token.line[: token.start[1]].strip()
            found.append((1, token.string.lstrip("#").strip(), code))
    return [(kind, text, code) for kind, text, code in found if CITATION.search(text)]


def _rank(rule_id: str, kind: int, text: str, code: str) -> tuple[int, str]:
    """How well `text` sums `rule_id` up, and the summary it gives: 0 when it defines the rule
    ("ID/ID: what it does", the summary is what follows the colon), 1 a comment, 2 other
    docstring text, 5 hardly any words besides the IDs (the summary is then the code it marks)."""
    if sum(any(ch.isalpha() for ch in word) for word in CITATION.sub("", text).split()) < 3:
        return 5, f"`{re.sub(r' = [0-9]+$', '', code)[:80]}`" if code else _sentence(text)
    for match in CITATION.finditer(text):
        if rule_id in expand(match.group(0)):
            colon = MORE_IDS_THEN_COLON.match(text, match.end())
            if colon and len(text[colon.end() :].split()) >= 3:
                return 0, _sentence(text[colon.end() :])
    return kind, _sentence(text)


def _doc_items(doc: str) -> list[str]:
    """A docstring cut into bullets and paragraphs, each on one line."""
    items: list[str] = []
    for paragraph in re.split(r"\n\s*\n", doc):
        for bullet in re.split(r"\n\s*(?=- )", paragraph):
            items.append(" ".join(bullet.split()).removeprefix("- "))
    return items


def _option_switches() -> dict[str, set[str]]:
    """Rule ID -> the switches (`rules.x`, `vehicle_rules.x`, `chase_rules.x`) declared to resolve it."""
    switches: dict[str, set[str]] = defaultdict(set)
    for block in SWITCH_BLOCKS:
        for declared in block.switches:
            for rule_id in expand(declared.rules):
                switches[rule_id].add(f"{block.key}.{declared.name}")
    return switches


def _test_marks(path: Path) -> dict[str, set[str]]:
    """Rule ID -> the tests of one file marked with it (`@pytest.mark.rule("ID", ...)`)."""
    marks: dict[str, set[str]] = defaultdict(set)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for decorator in node.decorator_list:
            if (
                isinstance(decorator, ast.Call)
                and isinstance(decorator.func, ast.Attribute)
                and decorator.func.attr == "rule"
            ):
                for arg in decorator.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        for rule_id in expand(arg.value):
                            marks[rule_id].add(f"{path.relative_to(ROOT).as_posix()}::{node.name}")
    return marks


@cache
def collect(root: Path = ROOT) -> dict[str, Rule]:
    """Every rule ID with what the code and the tests say about it."""
    rules: dict[str, Rule] = defaultdict(Rule)
    tested: set[str] = set()
    for path in sorted((root / "tests").rglob("test_*.py")):
        for rule_id, tests in _test_marks(path).items():
            rules[rule_id].tests |= tests
            tested.add(rule_id)
    families = {_family(rule_id) for rule_id in tested}
    declared = [  # each switch's declaration cites the rules it resolves, with its doc
        (1, f"{s.rules}: {s.doc}", "") for block in SWITCH_BLOCKS for s in block.switches
    ]
    for top in SOURCES:
        for path in sorted((root / top).rglob("*.py")):
            module = path.relative_to(root).as_posix()
            if module.startswith(NOT_RULES):
                continue
            source = path.read_text(encoding="utf-8")
            cited = _citations(source) + (declared if module == "yz_gym/rulesets/yze/options.py" else [])
            for kind, text, code in cited:
                for rule_id in dict.fromkeys(expand(text)):
                    if rule_id not in tested and not (
                        NUMBERED.match(rule_id) and _family(rule_id) in families
                    ):
                        continue  # a word such as "A-D", or shorthand such as "END-04" for CHASE-END-04
                    rule = rules[rule_id]
                    rule.modules.add(module)
                    rank, summary = _rank(rule_id, kind, text, code)
                    penalty = 0 if module.startswith(("yz_gym/core/", "yz_gym/rulesets/")) else 3
                    score = (
                        rank + penalty,
                        len(expand(text)),
                    )  # a text about fewer rules is more to the point
                    if score < rule.summary[0]:
                        rule.summary = (score, summary)
    for rule_id, switches in _option_switches().items():
        if rule_id in rules:
            rules[rule_id].switches |= switches
    return dict(rules)


def _family(rule_id: str) -> str:
    return rule_id.split("-", 1)[0]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def rules_markdown(root: Path = ROOT) -> str:
    """The text of docs/rules.md."""
    rules = collect(root)
    families: dict[str, list[str]] = defaultdict(list)
    for rule_id in sorted(rules, key=_sort_key):
        families[_family(rule_id)].append(rule_id)
    tested = sum(1 for r in rules.values() if r.tests)
    lines = [
        "# Rules index",
        "",
        "Every rule ID the project implements: a one-line summary in the project's words (from the",
        "docstring or comment that cites it), the scenario switch that changes it, the modules that",
        "cite it and the tests marked with it (`@pytest.mark.rule`). The IDs are the rulebook's",
        "(seed rules, SRD rules, and the AMB-xx resolutions of ambiguities). Switches are documented in",
        "[scenarios.md](scenarios.md#rules-the-rules-block-ruleoptions) and",
        "[chase_scenarios.md](chase_scenarios.md).",
        "",
        "Generated by `python -m scripts.generate_docs` from the code and the tests; a test fails",
        "when this file is stale. Do not edit it by hand.",
        "",
        f"{len(rules)} rule IDs, {tested} with a test.",
        "",
        "Families: " + ", ".join(f"[{f}](#{f.lower()})" for f in families),
        "",
    ]
    for family, ids in families.items():
        lines += [f"## {family}", "", "| ID | summary | switch | modules | tests |", "|---|---|---|---|---|"]
        for rule_id in ids:
            rule = rules[rule_id]
            switch = ", ".join(f"`{s}`" for s in sorted(rule.switches)) or "-"
            modules = ", ".join(
                f"`{m.removeprefix('yz_gym/').removesuffix('.py')}`" for m in sorted(rule.modules)
            )
            tests = _tests_cell(sorted(rule.tests))
            summary = rule.summary[1] or "(cited only by tests)"
            lines.append(f"| {rule_id} | {_cell(summary)} | {switch} | {modules or '-'} | {tests} |")
        lines.append("")
    return "\n".join(lines)


def _tests_cell(tests: list[str], shown: int = 3) -> str:
    """Up to `shown` tests by name, then how many more."""
    if not tests:
        return "no test"
    cell = "<br>".join(f"`{t.removeprefix('tests/')}`" for t in tests[:shown])
    return cell + (f"<br>and {len(tests) - shown} more" if len(tests) > shown else "")


def _sort_key(rule_id: str) -> tuple[str, ...]:
    return tuple(part.zfill(4) if part.isdigit() else part for part in rule_id.split("-"))
