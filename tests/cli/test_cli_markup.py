"""Names, paths, errors and hints print as written: the command line never reads Rich markup in
them (`Brann [leader]`, `Duel [/x] at dawn`, `pip install 'yz_gym[scale]'`), issue 10."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from yz_gym import cli
from yz_gym.cli import app
from yz_gym.scenario.files import SCENARIO_DIR

runner = CliRunner()
WIDE = {"COLUMNS": "250"}  # table cells on one line, so names can be looked for whole
TITLE = "Duel [/x] at dawn"
BRANN = "Brann [leader]"
SIDE = "ilsa [red]"


@pytest.fixture(scope="module")
def bracketed(tmp_path_factory) -> Path:
    """The duel with markup-like brackets in its title, a combatant's name and a side's name."""
    data = yaml.safe_load((SCENARIO_DIR / "duel.yaml").read_text(encoding="utf-8"))
    text = yaml.safe_dump({**data, "name": TITLE}, sort_keys=False)
    text = text.replace("Brann", BRANN).replace("ilsa", SIDE).replace(f"{BRANN}'s", "Brann's")
    path = tmp_path_factory.mktemp("markup") / "duel [bold].yaml"
    path.write_text(text, encoding="utf-8")
    return path


def invoke(args: list[str], stdin: str | None = None):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, args, input=stdin, env=WIDE)
    assert "MarkupError" not in repr(result.exception) and "Traceback" not in result.output, result.output
    return result


def test_validate_shows_bracketed_names_whole(bracketed):
    result = invoke(["validate", str(bracketed), "--new-characters"])
    assert result.exit_code == 0, result.output
    assert f"ok {TITLE}:" in result.output and f"sides {SIDE}, brann" in result.output


def test_evaluate_reports_bracketed_names_whole(bracketed):
    result = invoke(["evaluate", str(bracketed), "-n", "3"])
    assert result.exit_code == 0, result.output
    assert f"{TITLE}: 3 games" in result.output
    assert BRANN in result.output and SIDE in result.output


def test_log_replay_and_advise_show_bracketed_names_whole(bracketed, tmp_path):
    saved = tmp_path / "game [1].jsonl"
    result = invoke(["log", str(bracketed), "--seed", "2", "--save", str(saved)])
    assert result.exit_code == 0, result.output
    played_by, log = result.output.split("\n", 1)
    assert played_by == f"played by: {SIDE}: tactical (default), brann: tactical (default)"
    assert log.startswith(f"{TITLE} (seed 2)\nInitiative: ") and f"{BRANN}'s turn" in log
    assert f"replay written to {saved}" in result.output
    replayed = invoke(["replay", str(saved)])
    assert replayed.exit_code == 0 and replayed.output.startswith(f"{TITLE} (seed 2)")
    advice = invoke(["advise", "--replay", str(saved), "--at", "0", "--rollouts", "4", "--top", "3"])
    assert advice.exit_code == 0, advice.output
    assert f"{BRANN} (brann) to decide" in advice.output


def test_play_shows_bracketed_names_and_saves_a_state_advise_can_read(bracketed, tmp_path):
    state = tmp_path / "state [x].jsonl"
    result = invoke(["play", str(bracketed), "--save-state", str(state)], stdin="1\nq\n")
    assert result.exit_code == 0, result.output
    assert BRANN in result.output and f"state saved to {state}" in result.output
    advice = invoke(["advise", "--state", str(state), "--rollouts", "4", "--top", "2"])
    assert advice.exit_code == 0, advice.output
    assert "to decide" in advice.output


ERRORS = {
    "evaluate side": (
        ["evaluate", "{s}", "-n", "2", "--policy", "[bold]x[/bold]=random"],
        "'[bold]x[/bold]'",
    ),
    "evaluate agent": (["evaluate", "{s}", "-n", "2", "--policy", "brann=[i]nope"], "'[i]nope'"),
    "evaluate backend": (["evaluate", "{s}", "-n", "2", "--backend", "[red]x"], "'[red]x'"),
    "log agent": (["log", "{s}", "--policy", "brann=[i]nope"], "'[i]nope'"),
    "play side": (["play", "{s}", "--as", "[red]me"], f"'[red]me'; sides: {SIDE}, brann"),
    "play opponent": (["play", "{s}", "--opponent", "[b]x"], "'[b]x'"),
    "advise agent": (["advise", "{s}", "--agent", "[x]"], "'[x]'"),
    "validate missing": (["validate", "[bold]missing.yaml"], "[bold]missing.yaml: no such scenario file"),
    "replay missing": (["replay", "[b]missing.jsonl"], "[b]missing.jsonl: no such replay file"),
    "advise state missing": (["advise", "--state", "[b]gone.jsonl"], "[b]gone.jsonl: no such replay file"),
    "repair vehicle": (["repair", "[car]"], "unknown vehicle '[car]'"),
    "roll pool": (["roll", "[3] base"], "cannot read '[3] base'"),
    "usage error": (["roll", "2 base", "--[x]"], "No such option: --[x]"),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_error_lines_keep_bracketed_text_whole(case, bracketed):
    args, expected = ERRORS[case]
    result = invoke([a.replace("{s}", str(bracketed)) for a in args])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert expected in result.stderr, result.stderr


def test_a_scenario_error_naming_a_bracketed_file_and_field_is_whole(tmp_path):
    path = tmp_path / "[red]bad.yaml"
    data = yaml.safe_load((SCENARIO_DIR / "duel.yaml").read_text(encoding="utf-8"))
    path.write_text(yaml.safe_dump({**data, "name": "[/x]", "[bold]": 1}), encoding="utf-8")
    result = invoke(["validate", str(path)])
    assert result.exit_code == 2
    assert f"error: {path}: [bold]: unknown key '[bold]'" in result.stderr


def test_install_hints_and_dice_print_whole(capsys):
    help_text = invoke(["evaluate", "--help"]).output
    assert "pip install 'yz_gym[scale]'" in " ".join(help_text.split())
    cli._error_line("the ray backend needs Ray: pip install 'yz_gym[scale]'")
    assert capsys.readouterr().err == "error: the ray backend needs Ray: pip install 'yz_gym[scale]'\n"
    rolled = invoke(["roll", "2 skill 1 gear", "--seed", "3"])
    assert rolled.exit_code == 0 and rolled.output.startswith("roll: [s1 s2 g5] -> 0 success(es), 1 bane(s)")


def test_list_prints_every_bundled_scenario():
    result = invoke(["list"])
    assert result.exit_code == 0 and "duel: Duel at the crossroads" in result.output
