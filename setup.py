"""Optional compiled build: `YZ_GYM_MYPYC=1 pip install .` compiles the rules core with mypyc.

Everything else about the package lives in pyproject.toml, except that a wheel also carries the
bundled scenarios of configs/scenarios (as yz_gym/scenarios). Without YZ_GYM_MYPYC the package is
pure Python (the default, and what an editable install for development should be: a compiled
module would shadow later edits of its .py file). The compiled build plays the same games,
event for event, about twice as fast (benchmarks/env_throughput.py prints which build it ran).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

# Interpreted on purpose: options.py (pydantic reads its annotations at run time), errors.py (a
# compiled class cannot subclass KeyError), pickling.py (reducers for compiled frozen dataclasses)
# and the package __init__.
INTERPRETED = {"__init__.py", "options.py", "errors.py", "pickling.py"}
EXTRA_COMPILED = ["yz_gym/envs/observation.py", "yz_gym/envs/opponents.py", "yz_gym/envs/masks.py"]


def compiled_modules() -> list[str]:
    """The source files mypyc compiles: the rules core, the observation encoder, the masks, the opponents' loop."""
    rules = sorted(p.as_posix() for p in Path("yz_gym/rules").glob("*.py") if p.name not in INTERPRETED)
    return rules + EXTRA_COMPILED


def ext_modules() -> list[object]:
    """mypyc extensions when YZ_GYM_MYPYC=1, else none."""
    if os.environ.get("YZ_GYM_MYPYC", "0") in ("", "0"):
        return []
    from mypyc.build import mypycify

    # follow-imports=silent: the interpreted modules they import are read for types, not linted
    args = ["--follow-imports=silent", *compiled_modules()]
    return mypycify(args, opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"))


class BuildWithScenarios(build_py):
    """Ship configs/scenarios in the wheel as yz_gym/scenarios, where the loader finds them."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "yz_gym" / "scenarios"
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted(Path("configs/scenarios").glob("*.yaml")):
            shutil.copy2(path, target / path.name)


setup(ext_modules=ext_modules(), cmdclass={"build_py": BuildWithScenarios})
