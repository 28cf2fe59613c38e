"""`yz-gym --version` names the version and the build that runs (compiled or interpreted rules core)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

from typer.testing import CliRunner

import yz_gym
from yz_gym.cli import app
from yz_gym.rulesets.yze import dice

LINE = re.compile(r"yz_gym (\S+) \((compiled rules core, mypyc|interpreted rules core, pure Python)\)")


def test_version_names_the_installed_version_and_the_build_dice_runs_on():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == 1
    found = LINE.fullmatch(lines[0])
    assert found is not None, lines[0]
    assert found.group(1) == version("yz_gym")
    assert found.group(2).startswith("compiled") == dice.COMPILED


def test_the_command_prints_the_same_line_in_a_fresh_process():
    """The eager option answers before any command is needed, from the same package as this process."""
    env = {**os.environ, "PYTHONPATH": str(Path(yz_gym.__file__).resolve().parents[1])}
    run = subprocess.run(
        [sys.executable, "-m", "yz_gym.cli", "--version"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    found = LINE.fullmatch(run.stdout.strip())
    assert found is not None, run.stdout
    assert found.group(2).startswith("compiled") == dice.COMPILED
