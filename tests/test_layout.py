"""The package layout (issue 13): no import cycle and no module over MAX_LINES in the rules
packages; yz_gym.rules is only a deprecated alias, and nothing of the repo uses it; the agents and
the training code are yz_gym.agents and yz_gym.training, never the top-level names an install would
put into site-packages."""

from __future__ import annotations

import ast
import importlib
import re
import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ALIAS = "yz_gym.rules"
# every text file of the repo that may name a module: code, docs, configs
SOURCES = ("yz_gym", "tests", "scripts", "benchmarks", "docs", "configs")
TOP_FILES = ("README.md", "setup.py", "pyproject.toml")
RULES_PACKAGES = ("yz_gym/core", "yz_gym/rulesets")  # the ruleset-neutral core and the rulesets
MAX_LINES = 600  # a module longer than this is split along its content


def _rules_modules() -> dict[str, Path]:
    """Every module of the rules packages by its dotted name (a package by its own name)."""
    modules = {}
    for top in RULES_PACKAGES:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def _module_level_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported: its top level, `if` (TYPE_CHECKING too) and `try`
    blocks included, function and class bodies left out."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            found += _module_level_imports(node.body) + _module_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                found += _module_level_imports(block)
    return found


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the modules of `modules` it imports at module level (`from p import m` counts as p.m)."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _module_level_imports(ast.parse(path.read_text(encoding="utf-8")).body):
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
                continue
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.add(sub if sub in modules else base)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph` as [a, b, ..., a], or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_the_rules_packages_have_no_import_cycle():
    graph = import_graph(_rules_modules())
    assert len(graph) > 40 and "yz_gym.rulesets.yze.state" in graph["yz_gym.rulesets.yze.zone.engine"]
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_rules_module_is_over_the_line_limit():
    lengths = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in _rules_modules().items()}
    too_long = {name: n for name, n in lengths.items() if n > MAX_LINES}
    assert not too_long, f"modules over {MAX_LINES} lines (split them along their content): {too_long}"
    assert max(lengths.values()) > MAX_LINES // 2  # the count reads real files


def test_the_cycle_finder_names_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def _forget(*names: str) -> None:
    """Drop the alias modules from the import cache, so that importing them again warns again."""
    for name in names:
        sys.modules.pop(f"{ALIAS}.{name}", None)
        package = sys.modules.get(ALIAS)
        if package is not None and name in vars(package):
            delattr(package, name)


def test_an_old_module_is_its_new_module_with_one_deprecation_warning():
    from yz_gym.rulesets.yze.zone import zones

    _forget("zones")
    with pytest.warns(DeprecationWarning, match=r"yz_gym\.rules\.zones .*yz_gym\.rulesets\.yze\.zone\.zones") as caught:
        old = importlib.import_module(f"{ALIAS}.zones")
        from yz_gym.rules.zones import Range  # type: ignore[import-not-found]  # the alias, on purpose
    assert old is zones and Range is zones.Range
    assert len([w for w in caught if issubclass(w.category, DeprecationWarning)]) == 1  # once per module
    assert zones.__spec__ is not None and zones.__spec__.name == "yz_gym.rulesets.yze.zone.zones"  # keeps its spec


def test_an_old_module_whose_names_moved_apart_finds_each_of_them():
    from yz_gym.core.errors import IllegalAction
    from yz_gym.core.game import Outcome
    from yz_gym.core.rng import as_rng
    from yz_gym.rulesets.yze import dice, modifiers
    from yz_gym.rulesets.yze.zone import engine

    _forget("engine", "dice")
    with pytest.warns(DeprecationWarning, match=r"yz_gym\.rules\.engine"):
        import yz_gym.rules.engine as old  # type: ignore[import-not-found]  # the alias, on purpose
    assert old.apply is engine.apply and old.IllegalAction is IllegalAction
    assert old.Outcome is Outcome and old.as_rng is as_rng
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = old.nothing_here
    with pytest.warns(DeprecationWarning, match=r"yz_gym\.rules\.dice"):
        from yz_gym.rules.dice import Modifiers, roll  # type: ignore[import-not-found]  # the alias, on purpose
    assert roll is dice.roll and Modifiers is modifiers.Modifiers  # split apart: each name from its new home


def test_the_alias_package_gives_old_modules_as_attributes_and_knows_no_new_names():
    import yz_gym.rules as package  # type: ignore[import-not-found]  # the alias, on purpose
    from yz_gym.rulesets.yze.zone import narrate

    _forget("narrate")
    with pytest.warns(DeprecationWarning, match=r"yz_gym\.rules\.narrate"):
        assert package.narrate is narrate
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"{ALIAS}.no_such_module")


def test_every_old_module_name_still_imports():
    from yz_gym.rules import MOVED  # type: ignore[import-not-found]  # the alias, on purpose

    assert len(MOVED) == 40  # the 40 modules of the old flat yz_gym/rules
    _forget(*MOVED)
    for old, targets in MOVED.items():
        with pytest.warns(DeprecationWarning, match=rf"yz_gym\.rules\.{old} is deprecated"):
            module = importlib.import_module(f"{ALIAS}.{old}")
        home = importlib.import_module(targets[0])
        assert all(getattr(module, name) is getattr(home, name) for name in vars(home) if not name.startswith("_"))


def _repo_files() -> list[Path]:
    files = [ROOT / name for name in TOP_FILES if (ROOT / name).is_file()]
    for top in SOURCES:
        if (ROOT / top).is_dir():
            files += [p for p in sorted((ROOT / top).rglob("*")) if p.suffix in (".py", ".md", ".yaml", ".toml")]
    return files


def test_nothing_in_the_repo_uses_the_deprecated_alias():
    pattern = re.compile(r"yz_gym[./]rules\b")
    allowed = {ROOT / "yz_gym" / "rules" / "__init__.py", Path(__file__).resolve()}
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _repo_files()
        if path not in allowed
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, "the deprecated alias yz_gym.rules is used:\n" + "\n".join(found)


GENERIC_NAMES = ("agents", "training")  # top-level folders of the repo: symlinks to yz_gym.agents, yz_gym.training


def test_the_agents_and_training_folders_are_links_to_the_packages():
    for name in GENERIC_NAMES:
        folder = ROOT / name
        if folder.exists() or folder.is_symlink():  # a wheel's test copy has no such folder
            assert folder.is_symlink() and folder.resolve() == (ROOT / "yz_gym" / name).resolve()
            assert not Path(folder.readlink()).is_absolute()  # a relative link survives a copy of the repo


def test_no_module_imports_the_generic_top_level_names():
    found = []
    for path in _repo_files():
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: {n}" for n in names if n.split(".")[0] in GENERIC_NAMES]
    assert not found, "import yz_gym.agents / yz_gym.training instead of:\n" + "\n".join(found)


def test_no_doc_or_script_runs_the_generic_top_level_names():
    pattern = re.compile(r"python -m (agents|training)\b|^\s*(from|import) (agents|training)\b", re.MULTILINE)
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0).strip()}"
        for path in _repo_files()
        for match in pattern.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not found, "name yz_gym.agents / yz_gym.training instead:\n" + "\n".join(found)


def test_an_install_ships_only_the_yz_gym_packages():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    include = re.search(r"^\[tool\.setuptools\.packages\.find\]\ninclude = (\[[^\]]*\])", pyproject, re.MULTILINE)
    assert include is not None and ast.literal_eval(include.group(1)) == ["yz_gym*"]


def test_yze_scenario_files_live_in_the_ruleset_and_are_never_compiled():
    """YZE's pydantic models and builders are in yz_gym/rulesets/yze/scenario/ (yz_gym/scenario/ keeps
    the ruleset-neutral reading and the modes' registrations), and setup.py compiles none of them:
    pydantic reads the models' annotations at run time."""
    import importlib.util

    package = ROOT / "yz_gym" / "rulesets" / "yze" / "scenario"
    moved = {"models.py", "chase_models.py", "zone_builder.py", "vehicles.py", "hazards.py", "chase_builder.py", "handover.py"}
    assert moved <= {p.name for p in package.glob("*.py")}
    assert not {"loader.py", "models.py", "chase_models.py", "chase_loader.py", "handover.py"} & {
        p.name for p in (ROOT / "yz_gym" / "scenario").glob("*.py")
    }
    spec = importlib.util.spec_from_file_location("yz_gym_setup_layout", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # setup() runs only as __main__
    compiled = set(setup.compiled_modules())
    assert "yz_gym/rulesets/yze/zone/engine.py" in compiled  # the rest of the ruleset still compiles
    assert not {m for m in compiled if m.startswith("yz_gym/rulesets/yze/scenario/")}
