"""The package layout (issue 13): yz_gym.rules is only a deprecated alias, and nothing of the repo uses it."""

from __future__ import annotations

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


def _forget(*names: str) -> None:
    """Drop the alias modules from the import cache, so that importing them again warns again."""
    for name in names:
        sys.modules.pop(f"{ALIAS}.{name}", None)
        package = sys.modules.get(ALIAS)
        if package is not None and name in vars(package):
            delattr(package, name)


def test_an_old_module_is_its_new_module_with_one_deprecation_warning():
    from yz_gym.rulesets.yze import dice

    _forget("dice")
    with pytest.warns(DeprecationWarning, match=r"yz_gym\.rules\.dice .*yz_gym\.rulesets\.yze\.dice") as caught:
        old = importlib.import_module(f"{ALIAS}.dice")
        from yz_gym.rules.dice import roll  # type: ignore[import-not-found]  # the alias, on purpose
    assert old is dice and roll is dice.roll
    assert len([w for w in caught if issubclass(w.category, DeprecationWarning)]) == 1  # once per module
    assert dice.__spec__ is not None and dice.__spec__.name == "yz_gym.rulesets.yze.dice"  # keeps its spec


def test_an_old_module_whose_names_moved_apart_finds_each_of_them():
    from yz_gym.core.errors import IllegalAction
    from yz_gym.core.game import Outcome
    from yz_gym.core.rng import as_rng
    from yz_gym.rulesets.yze.zone import engine

    _forget("engine")
    with pytest.warns(DeprecationWarning, match=r"yz_gym\.rules\.engine"):
        import yz_gym.rules.engine as old  # type: ignore[import-not-found]  # the alias, on purpose
    assert old.apply is engine.apply and old.IllegalAction is IllegalAction
    assert old.Outcome is Outcome and old.as_rng is as_rng
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = old.nothing_here


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
