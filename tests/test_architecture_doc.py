"""docs/architecture.md, "Adding an action kind": its worked example is the real code, and the
`offer` hook it shows offers what the rules offer."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from tests.helpers import fighter, game, scenario_dict, turn_of
from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.listing import Listing
from yz_gym.rulesets.yze.zone.spec import Over

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"


def _section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Adding an action kind\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", _section(), flags=re.S)


def test_the_quoted_code_is_the_code():
    quoted = _blocks("py")  # excerpts, each headed by the file it quotes
    assert len(quoted) == 5
    for block in quoted:
        path, _, body = block.partition("\n")
        source = (ROOT / path[2:].strip()).read_text(encoding="utf-8")
        assert body in source, f"docs/architecture.md quotes {path[2:]} as it no longer is"


def test_the_offer_hook_of_the_example_offers_what_legal_offers():
    """GET_UP's offer, asked as `legal.turn_actions` asks it (once, when the listing has its needs),
    offers what the rules list, prone or standing, held in a grapple or not."""
    (offer,) = SPECS[Kind.GET_UP].offer
    assert offer.hook.__name__ == "_get_up_offer" and offer.over == Over.ACTOR
    data = scenario_dict(combatants=[fighter("A", "red", "A"), fighter("B", "blue", "B")])
    for prone, held in ((False, False), (True, False), (True, True)):
        state = turn_of(game(data), "A")
        a, b = state.combatants
        a.prone = prone
        if held:
            a.grappled_by, b.grappling = b.id, a.id
        listed = [x for x in engine.legal_actions(state) if x.kind == Kind.GET_UP]
        ctx = Listing(state, a)
        if offer.needs & ctx.has == offer.needs:
            offer.hook(ctx, -1)
        assert ctx.out == listed == ([Action(Kind.GET_UP)] if prone and not held else [])


def _definitions() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The top-level names of every yz_gym module, by module name (engine, stack ...), and the
    members of every yz_gym class, by class name."""
    modules: dict[str, set[str]] = {}
    classes: dict[str, set[str]] = {}
    for path in (ROOT / "yz_gym").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules.setdefault(path.stem, set()).update(_names(tree.body))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, set()).update(_names(node.body))
    return modules, classes


def _names(body: list[ast.stmt]) -> set[str]:
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _resolves(dotted: str) -> bool:
    """A module, or a name in a module."""
    module, _, name = dotted.rpartition(".")
    for candidate, attribute in ((dotted, ""), (module, name)):
        try:
            found = importlib.import_module(candidate)
        except ImportError:
            continue
        return not attribute or hasattr(found, attribute)
    return False


def test_every_path_and_name_the_doc_cites_exists():
    text = DOC.read_text(encoding="utf-8")
    files = [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if ".git" not in p.parts]
    modules, classes = _definitions()
    missing = []
    for token in sorted(set(re.findall(r"`([^`\s]+)`", text))):
        if "<" in token:
            continue  # a placeholder: yz_gym/rulesets/<name>/
        if "/" in token or token.endswith((".py", ".md")):
            path = token.rstrip("/")
            if not any(f == path or f.endswith("/" + path) for f in files) and not list(ROOT.glob(path)):
                missing.append(token)
        elif token.startswith("yz_gym.") and not _resolves(token):
            missing.append(token)
        elif re.fullmatch(r"[A-Za-z_]\w*\.[A-Za-z_]\w*", token):
            owner, name = token.split(".")
            known = classes.get(owner) if owner in classes else modules.get(owner)
            if known is not None and name not in known:
                missing.append(token)
    links = re.findall(r"\]\(([^)#\s]+)\)", text)
    missing += [link for link in links if not (DOC.parent / link).exists()]
    assert missing == [], f"docs/architecture.md cites what does not exist: {missing}"
