"""Every `yz-gym` command of a game works for every registered mode (issue 13), parametrised over
the registry so that a new mode cannot miss one: list, validate, evaluate, log, replay, advise and
play, each on the mode's smallest bundled scenario with tiny budgets."""

from __future__ import annotations

import numpy as np
import pytest
import typer
from typer.testing import CliRunner

from yz_gym.cli import app
from yz_gym.core import registry
from yz_gym.scenario.loading import bundled, load

runner = CliRunner()
WIDE = {"COLUMNS": "250"}
MODES = registry.modes()
GAME_COMMANDS = ("list", "validate", "evaluate", "log", "replay", "advise", "play")  # commands of a game
OTHER_COMMANDS = ("roll", "repair", "export", "balance", "sensitivity", "studio", "tasks")  # dice, vehicles, tools


def smallest(mode: registry.Mode) -> str:
    """The mode's bundled scenario with the fewest people (then by name): the quickest to play."""
    return min(bundled(mode), key=lambda name: (len(mode.people(load(name).scenario)), name))


def invoke(args: list[str], text: str | None = None):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, args, input=text, env=WIDE)
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 0, (args, result.output)
    return result


def test_the_game_commands_are_the_apps_commands_but_the_tools():
    """A new command of the app is either a game's (and then tested below for every mode) or a tool."""
    names = set(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert names == set(GAME_COMMANDS) | set(OTHER_COMMANDS)


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.label.replace(" ", "-"))
def test_every_mode_supports_every_optional_command_and_evaluate(mode):
    assert mode.supports == frozenset(registry.OPTIONAL_COMMANDS), mode.label
    assert mode.evaluation is not None, mode.label
    assert bundled(mode), f"{mode.label} has no bundled scenario"


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.label.replace(" ", "-"))
def test_every_game_command_on_the_modes_bundled_scenario(mode, tmp_path):
    name = smallest(mode)
    loaded = load(name)
    listed = invoke(["list"])
    assert f"{name}: {loaded.name} ({mode.label})" in listed.stdout.splitlines()

    checked = invoke(["validate", name])
    assert checked.stdout.startswith("ok ") and checked.stdout.splitlines()[0].endswith(f"({mode.label})")

    evaluated = invoke(["evaluate", name, "-n", "2"])
    assert evaluated.stderr.splitlines()[-1].startswith(f"2 {mode.evaluation.report.unit} in ")

    saved = tmp_path / "game.jsonl"
    logged = invoke(["log", name, "--seed", "1", "--save", str(saved)])
    assert logged.stdout.startswith("played by: ") and saved.exists()

    replayed = invoke(["replay", str(saved)])
    assert replayed.stdout.splitlines()[0].endswith("(seed 1)")

    agent = mode.default_agent(loaded.scenario, 0)
    advised = invoke(["advise", name, "--rollouts", "4", "--workers", "1", "--top", "2", "--agent", agent])
    assert "95% CI" in advised.stdout and "Rollouts: " in advised.stdout

    state = tmp_path / "state.jsonl"
    game = mode.rules.new_game(loaded.scenario, np.random.default_rng(1))  # as `play --seed 1` makes it
    first = loaded.sides[mode.rules.people(game)[mode.rules.current_actor(game)].side]  # decides first
    played = invoke(["play", name, "--seed", "1", "--as", first, "--save-state", str(state)], "1\nq\n")
    assert f"state saved to {state}" in played.stdout
    again = invoke(["advise", "--state", str(state), "--rollouts", "4", "--workers", "1", "--agent", agent])
    assert "95% CI" in again.stdout
