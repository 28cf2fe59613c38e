"""setup.py's choice between the compiled (mypyc) and the pure-Python build, without a mypyc build."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from setuptools import Distribution, Extension
from setuptools.errors import CCompilerError

SETUP_PY = Path(__file__).resolve().parent.parent / "setup.py"


def _load_setup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("yz_gym_setup", SETUP_PY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() runs only as __main__
    return module


build = _load_setup()


def _never_asked() -> str | None:
    raise AssertionError("the toolchain was probed although the choice did not depend on it")


def _works() -> str | None:
    return None


def _no_compiler() -> str | None:
    return "no working C compiler ([Errno 2] No such file or directory: 'gcc')"


# the argv setuptools' PEP 517 backend gives setup.py for pip's hooks
WHEEL = ["bdist_wheel", "--dist-dir", "/tmp/pip-wheel-x"]
EDITABLE = ["editable_wheel", "--dist-dir", "/tmp/pip-wheel-x", "--dist-info-dir", "/tmp/x.dist-info"]


@pytest.mark.parametrize("setting", [None, ""])
def test_a_wheel_is_compiled_by_default_when_the_toolchain_works(setting):
    choice = build.choose_build(WHEEL, setting, _works)
    assert choice == build.BuildChoice(compiled=True, forced=False, warning=None)


def test_a_wheel_without_a_compiler_is_pure_python_with_one_warning_line():
    choice = build.choose_build(WHEEL, None, _no_compiler)
    assert not choice.compiled and not choice.forced
    assert choice.warning is not None and "\n" not in choice.warning
    assert choice.warning.startswith("WARNING: yz_gym is built pure Python")
    assert "No such file or directory: 'gcc'" in choice.warning and "YZ_GYM_MYPYC=0" in choice.warning


@pytest.mark.parametrize("commands", [EDITABLE, ["develop"]])
def test_an_editable_install_stays_pure_python_without_a_warning(commands):
    assert build.choose_build(commands, None, _never_asked) == build.BuildChoice(False, False, None)


@pytest.mark.parametrize("commands", [["egg_info"], ["dist_info", "--output-dir", "/tmp/m"], ["sdist"], []])
def test_metadata_runs_neither_compile_nor_warn(commands):
    """pip runs setup.py for egg_info and dist_info before bdist_wheel: only the build may warn, once."""
    assert build.choose_build(commands, None, _never_asked) == build.BuildChoice(False, False, None)


@pytest.mark.parametrize("commands", [WHEEL, EDITABLE, ["build_ext", "--inplace"], ["install"]])
def test_setting_1_forces_the_compiled_build_everywhere(commands):
    assert build.choose_build(commands, "1", _never_asked) == build.BuildChoice(True, True, None)


def test_setting_1_does_not_compile_for_metadata():
    assert build.choose_build(["egg_info"], "1", _never_asked) == build.BuildChoice(False, True, None)


@pytest.mark.parametrize("commands", [WHEEL, ["build_ext", "--inplace"]])
def test_setting_0_forces_pure_python_silently(commands):
    assert build.choose_build(commands, "0", _never_asked) == build.BuildChoice(False, False, None)


@pytest.mark.parametrize("setting", ["yes", "true", "2", " 1"])
def test_other_settings_are_refused(setting):
    with pytest.raises(ValueError, match=r"YZ_GYM_MYPYC=.*use 1 \(compiled\), 0 \(pure Python\)"):
        build.choose_build(WHEEL, setting, _never_asked)


def test_a_bad_setting_stops_setup_py_with_one_error_line(tmp_path):
    env = {"YZ_GYM_MYPYC": "yes", "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        [sys.executable, str(SETUP_PY), "bdist_wheel"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        "error: YZ_GYM_MYPYC='yes': use 1 (compiled), 0 (pure Python) "
        "or leave it unset (compiled wheel when a C compiler works)"
    ]
    assert not list(tmp_path.iterdir())  # nothing built


def test_the_toolchain_probe_names_a_missing_compiler(monkeypatch):
    monkeypatch.setenv("CC", "/nonexistent/cc")
    problem = build.toolchain_problem()
    assert problem is not None and problem.startswith("no working C compiler (")
    assert "/nonexistent/cc" in problem


def _build_ext_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """build_ext for a one-file C extension, with a compiler that cannot run."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CC", "/nonexistent/cc")
    Path("probe.c").write_text("int probe(void) { return 0; }\n")
    dist = Distribution({"name": "probe", "ext_modules": [Extension("probe", ["probe.c"])]})
    command = build.BuildExtOrFallBack(dist)
    command.build_lib = str(tmp_path / "lib")
    command.build_temp = str(tmp_path / "temp")
    command.ensure_finalized()
    return command


def test_a_failed_c_build_falls_back_with_one_warning_line(tmp_path, monkeypatch, capfd):
    command = _build_ext_command(tmp_path, monkeypatch)
    monkeypatch.setattr(build.BuildExtOrFallBack, "fall_back", True)
    command.run()
    lines = capfd.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("WARNING: yz_gym is built pure Python")
    assert "the C build failed" in lines[0]
    assert not (tmp_path / "lib").exists() or not list((tmp_path / "lib").rglob("probe*"))


def test_a_failed_c_build_is_an_error_when_the_compiled_build_is_forced(tmp_path, monkeypatch):
    command = _build_ext_command(tmp_path, monkeypatch)
    monkeypatch.setattr(build.BuildExtOrFallBack, "fall_back", False)
    with pytest.raises(CCompilerError):
        command.run()


def _run_main(monkeypatch, argv: list[str], setting: str | None) -> dict:
    """Run setup.py's main with a recorded setup() instead of setuptools' and a mypyc that stops on errors."""
    calls: dict = {}

    def mypyc_stops() -> list[object]:
        raise SystemExit(1)  # what mypycify does after printing type errors

    monkeypatch.setattr(build, "mypyc_extensions", mypyc_stops)
    monkeypatch.setattr(build, "toolchain_problem", _works)
    monkeypatch.setattr(build, "setup", lambda **kwargs: calls.update(kwargs))
    monkeypatch.setattr(build.BuildExtOrFallBack, "fall_back", True)
    monkeypatch.setattr(sys, "argv", ["setup.py", *argv])
    if setting is None:
        monkeypatch.delenv("YZ_GYM_MYPYC", raising=False)
    else:
        monkeypatch.setenv("YZ_GYM_MYPYC", setting)
    build.main()
    return calls


def test_a_failed_mypyc_run_falls_back_to_pure_python_with_one_warning_line(monkeypatch, capsys):
    calls = _run_main(monkeypatch, WHEEL, None)
    assert calls["ext_modules"] == [] and calls["cmdclass"]["build_ext"] is build.BuildExtOrFallBack
    assert build.BuildExtOrFallBack.fall_back
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [build.fallback_warning("mypyc failed (its errors are above)")]


def test_a_failed_mypyc_run_stops_the_forced_compiled_build(monkeypatch):
    with pytest.raises(SystemExit) as stopped:
        _run_main(monkeypatch, ["build_ext", "--inplace"], "1")
    assert stopped.value.code == 1
