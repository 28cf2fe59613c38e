"""The build: a wheel (`pip install .`) compiles the rules core with mypyc when it can.

Everything else about the package lives in pyproject.toml, except that a wheel also carries the
bundled scenarios of configs/scenarios (as yz_gym/scenarios). The compiled build plays the same
games, event for event, 2.5 to 3.5 times as fast (`yz-gym --version` says which build runs).
YZ_GYM_MYPYC picks the build:
- unset: a wheel is compiled when mypyc and a C compiler with the Python headers work, else it is
  pure Python and the build prints one warning line; an editable install (`pip install -e .`)
  stays pure Python, since a compiled module would shadow later edits of its .py file;
- 1: compiled, also for an editable install or `python setup.py build_ext --inplace`; a failed
  compiled build stops the install;
- 0: pure Python.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar, NamedTuple

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import BaseError, CCompilerError

# The rules packages mypyc compiles, every module of them except those interpreted on purpose:
# options.py (pydantic reads its annotations at run time), errors.py (a compiled class cannot
# subclass KeyError), pickling.py (reducers for compiled frozen dataclasses), the core's registry.py
# and protocol.py (a Mode pickles by name through its __reduce__, which a compiled class ignores; they
# are looked up, not played), the package __init__ files, and YZE's scenario files (INTERPRETED_PACKAGES:
# pydantic models and the builders that read them, run once per file).
COMPILED_PACKAGES = ("yz_gym/core", "yz_gym/rulesets")
INTERPRETED = {"__init__.py", "options.py", "errors.py", "pickling.py", "registry.py", "protocol.py"}
INTERPRETED_PACKAGES = ("yz_gym/rulesets/yze/scenario",)
EXTRA_COMPILED = [
    "yz_gym/envs/observation.py",
    "yz_gym/envs/vehicle_obs.py", "yz_gym/envs/hazard_obs.py",  # the observation's vehicle and hazard blocks
    "yz_gym/envs/opponents.py",
    "yz_gym/envs/masks.py",
    "yz_gym/agents/odds.py",  # the agents' dice odds and shared helpers: the scripted agents' hot path
    "yz_gym/agents/common.py",
    "yz_gym/agents/tactical_plan.py",  # the tactical agent's turn planner and its reactions: most of
    "yz_gym/agents/tactical_reactions.py",  # `evaluate`'s time when both sides play tactical
    # DX3
    "yz_gym/envs/dx3_encoding.py",  # the DX3 env step's mask and observation
    "yz_gym/envs/dx3_step.py",  # the DX3 env step in one call: apply, the others' turns, mask, observation
]
SETTING = "YZ_GYM_MYPYC"
# setup.py commands (as PEP 517 backends and `python setup.py` pass them) that install in place,
# and those that build the package; the others (egg_info, dist_info, sdist) only read metadata.
EDITABLE_COMMANDS = frozenset({"editable_wheel", "develop"})
BUILD_COMMANDS = frozenset({"build", "build_ext", "bdist_wheel", "install"})


class BuildChoice(NamedTuple):
    """Whether this setup.py run compiles, whether a failure may fall back, and the warning to print."""

    compiled: bool
    forced: bool  # YZ_GYM_MYPYC=1: a failed compiled build is an error, not a fallback
    warning: str | None


def fallback_warning(reason: str) -> str:
    """The one line a build prints when it falls back to pure Python."""
    return (
        f"WARNING: yz_gym is built pure Python, 2.5-3.5x slower than its compiled build: {reason}; "
        f"install a C compiler and the Python headers and reinstall, or set {SETTING}=0 to silence this"
    )


def choose_build(
    commands: Collection[str], setting: str | None, toolchain_problem: Callable[[], str | None]
) -> BuildChoice:
    """Compile or not, from the setup.py commands, YZ_GYM_MYPYC and (asked last) what stops a compiled build."""
    if setting not in (None, "", "0", "1"):
        raise ValueError(
            f"{SETTING}={setting!r}: use 1 (compiled), 0 (pure Python) "
            "or leave it unset (compiled wheel when a C compiler works)"
        )
    editable = not EDITABLE_COMMANDS.isdisjoint(commands)
    builds = editable or not BUILD_COMMANDS.isdisjoint(commands)
    if setting == "1":
        return BuildChoice(compiled=builds, forced=True, warning=None)
    if setting == "0" or editable or not builds:
        return BuildChoice(compiled=False, forced=False, warning=None)
    problem = toolchain_problem()
    if problem is not None:
        return BuildChoice(compiled=False, forced=False, warning=fallback_warning(problem))
    return BuildChoice(compiled=True, forced=False, warning=None)


@contextmanager
def captured_output() -> Iterator[list[str]]:
    """Send what subprocesses write to stdout and stderr into a list of lines instead of the terminal."""
    lines: list[str] = []
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield lines
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            sink.seek(0)
            lines.extend(sink.read().decode(errors="replace").splitlines())


def toolchain_problem() -> str | None:
    """Why no compiled build can be made here (no mypyc, no C compiler, no Python headers), or None."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError as exc:
        return f"mypyc cannot be imported ({exc})"
    from distutils.ccompiler import new_compiler
    from distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)  # the compiler build_ext would use: CC, CFLAGS, sysconfig
    with tempfile.TemporaryDirectory() as tmp, captured_output() as output:
        probe = Path(tmp, "probe.c")
        probe.write_text("#include <Python.h>\nint yz_gym_probe(void) { return 0; }\n")
        try:
            compiler.compile([str(probe)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]])
        except (CCompilerError, BaseError) as exc:
            failure = exc
        else:
            return None
    detail = next((line.strip() for line in output if "error" in line.lower()), str(failure))
    return f"no working C compiler ({detail})"


def compiled_modules() -> list[str]:
    """The source files mypyc compiles: the rules, the observation encoder, the masks, the opponents' loop."""
    rules = sorted(
        p.as_posix()
        for top in COMPILED_PACKAGES
        for p in Path(top).rglob("*.py")
        if p.name not in INTERPRETED and not any(p.is_relative_to(package) for package in INTERPRETED_PACKAGES)
    )
    return rules + EXTRA_COMPILED


def mypyc_extensions() -> list[object]:
    """The mypyc extensions (this type-checks the modules and writes their C code)."""
    from mypyc.build import mypycify

    # follow-imports=silent: the interpreted modules they import are read for types, not linted
    args = ["--follow-imports=silent", *compiled_modules()]
    return mypycify(args, opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"))


def warn(line: str) -> None:
    """Print a build warning on stderr."""
    print(line, file=sys.stderr, flush=True)


class BuildExtOrFallBack(build_ext):
    """Build the mypyc extensions; unless YZ_GYM_MYPYC=1, a failed C build leaves the pure-Python package."""

    fall_back: ClassVar[bool] = True

    def run(self) -> None:
        try:
            super().run()
        except (CCompilerError, BaseError) as exc:
            if not self.fall_back:
                raise
            for ext in self.extensions:  # no half-built extension may shadow its .py file
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            warn(fallback_warning(f"the C build failed ({str(exc).splitlines()[0]})"))


class BuildWithScenarios(build_py):
    """Ship configs/scenarios in the wheel as yz_gym/scenarios, where the loader finds them."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "yz_gym" / "scenarios"
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted(Path("configs/scenarios").glob("*.yaml")):
            shutil.copy2(path, target / path.name)


def main() -> None:
    """Choose the build and run setuptools."""
    try:
        choice = choose_build(sys.argv[1:], os.environ.get(SETTING), toolchain_problem)
    except ValueError as exc:
        warn(f"error: {exc}")
        raise SystemExit(2) from None
    extensions: list[object] = []
    if choice.compiled:
        try:
            extensions = mypyc_extensions()
        except (SystemExit, Exception) as exc:  # mypyc prints type errors, then exits
            if choice.forced:
                raise
            failure = "its errors are above" if isinstance(exc, SystemExit) else repr(exc)
            warn(fallback_warning(f"mypyc failed ({failure})"))
    elif choice.warning:
        warn(choice.warning)
    BuildExtOrFallBack.fall_back = not choice.forced
    setup(ext_modules=extensions, cmdclass={"build_py": BuildWithScenarios, "build_ext": BuildExtOrFallBack})


if __name__ == "__main__":
    main()
