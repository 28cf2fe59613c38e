"""The `yz-gym` commands on chases and on what sets modes apart (issue 13): `list` shows the chases
with their ruleset and mode, `validate`, `evaluate`, `log`, `replay` and `play` take a chase, a
file of one mode without its `mode:` and an agent of another mode are refused in one line, and a
scenario file's agents are its mode's (MODE_AGENTS) with a guess at a misspelt one. Every command
on every mode: test_every_command.py."""

from __future__ import annotations

import json

import pytest
import yaml
from typer.testing import CliRunner

from tests.rules.test_golden_log import GOLDEN_DIR, header
from yz_gym.cli import app
from yz_gym.scenario import load
from yz_gym.scenario.files import SCENARIO_DIR
from yz_gym.scenario.loading import bundled

runner = CliRunner()
WIDE = {"COLUMNS": "250"}


def invoke(args: list[str]):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, args, env=WIDE)
    assert "Traceback" not in result.output, result.output
    return result


def refused(args: list[str]) -> str:
    """The one error line of a command that must exit 2."""
    result = invoke(args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert not result.stdout, result.stdout  # nothing half-written
    return lines[0].removeprefix("error: ")


def test_list_shows_every_bundled_scenario_with_its_ruleset_and_mode():
    result = invoke(["list"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == len(bundled())
    fights_and_chases = [n for n in bundled() if load(n).mode.key in {("yze", "skirmish"), ("yze", "chase")}]
    assert len(fights_and_chases) == 19
    for name in bundled():
        loaded = load(name)
        assert f"{name}: {loaded.name} ({loaded.mode.label})" in lines
    chases = [line for line in lines if line.endswith("(yze chase)")]
    assert len(chases) == 5 and all(line.startswith("chase_") for line in chases)
    assert "chase_car_vs_motorcycle: Car chases motorcycle (yze chase)" in lines


def test_log_on_a_chase_prints_the_golden_chase():
    result = invoke(["log", "chase_car_vs_motorcycle", "--seed", "7"])
    assert result.exit_code == 0, result.output
    kept = (GOLDEN_DIR / "chase_car_vs_motorcycle_seed7.txt").read_text(encoding="utf-8")
    played = "played by: police: cutoff (default), courier: flee (default)\n"
    assert result.stdout == played + kept[len(header(kept)) :]


def test_log_on_a_chase_names_who_played_and_goes_on_with_the_fight_after_a_handover():
    chosen = invoke(["log", "chase_market_foot", "--seed", "3", "-p", "thief=hider"])
    assert chosen.exit_code == 0, chosen.output
    assert chosen.stdout.startswith("played by: watch: cutoff (default), thief: hider (--policy)\n")
    fight = invoke(["log", "chase_bounty_hunt", "--seed", "0"])
    assert fight.exit_code == 0, fight.output
    lines = fight.stdout.splitlines()
    turn = next(i for i, line in enumerate(lines) if line.startswith("=== The chase goes on as a zone fight"))
    assert lines[turn].endswith("(hunters tactical, fugitives tactical) ===")
    assert lines[turn + 1].startswith("Initiative: ") and "--- Round 1 ---" in lines[turn + 2 :]
    assert "=== The hunters win" not in "\n".join(lines[:turn])  # the chase itself ended in combat
    assert lines[-1] == "=== The hunters win: the other side is out of the fight. ==="  # seed 0


def test_validate_and_evaluate_take_a_chase(tmp_path):
    ok = invoke(["validate", "chase_car_vs_motorcycle", "--new-characters"])
    assert ok.exit_code == 0, ok.output
    assert ok.stdout.splitlines()[0] == (
        "ok chase Car chases motorcycle: 2 units, 3 people, 2 vehicles, pursuer police, prey courier (yze chase)"
    )
    duel = invoke(["validate", "duel"])
    assert duel.stdout == "ok Duel at the crossroads: 3 zones, 2 combatants, sides ilsa, brann (yze skirmish)\n"
    out = tmp_path / "r.json"
    result = invoke(["evaluate", "chase_market_foot", "-n", "30", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "escape (prey wins the chase)" in result.stdout
    report = json.loads(out.read_text())
    assert report["games"] == 30 and report["agents"]["watch"] == {"agent": "cutoff", "chosen_by": "default"}


def test_a_chase_file_without_its_mode_is_refused_in_one_line(tmp_path):
    data = yaml.safe_load((SCENARIO_DIR / "chase_car_vs_motorcycle.yaml").read_text(encoding="utf-8"))
    del data["mode"]
    path = tmp_path / "chase_no_mode.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    message = (
        f"{path}: mode: the file gives no mode:, so it is skirmish (the default), but chase_rules, pursuer, "
        "terrain are keys of yze chase files; add mode: chase (see docs/chase_scenarios.md)"
    )
    for command in (["validate"], ["log"], ["evaluate", "-n", "2"], ["play"]):
        assert refused([*command, str(path)]) == message


def test_play_a_chase_in_the_terminal():
    """The prey of the foot chase, always the first choice: the strip before each decision, the
    opponents' secret choices only at the reveal, '?' ranking the choices with the chase agents."""
    result = runner.invoke(
        app, ["play", "chase_market_foot", "--as", "thief", "--seed", "3"], input="1\n?\n" + "1\n" * 200, env=WIDE
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("=== Foot chase through the market: the chase begins at Short range (grouped). ===")
    assert "* .#           Nadia (thief, prey, in) [Nadia STR 2/2]" in out  # the player's runner starred
    first = out.split("Nadia decides (action):", 1)[1].split("--- Chase round 2 ---", 1)[0]
    assert "   1. chase / flee" in first and "Rollouts: watch cutoff, thief flee" in out
    before_reveal = out.split("Obstacle:", 1)[0]
    assert "Guard 1: chase" not in before_reveal and "Guard 1 reveals: chase / flee." in out  # CHASE-08/10
    assert out.count("Nadia decides") >= 4 and "Guard 1: go on." in out  # a public decision is shown


def test_a_chase_saved_by_log_replays_as_logged(tmp_path):
    """`log --save` on a chase writes a replay; `replay` re-simulates it and tells the same chase."""
    out = tmp_path / "chase.jsonl"
    logged = runner.invoke(app, ["log", "chase_market_foot", "--seed", "3", "--save", str(out)], env=WIDE)
    assert logged.exit_code == 0, logged.output
    replayed = runner.invoke(app, ["replay", str(out)], env=WIDE)
    assert replayed.exit_code == 0, replayed.output
    told = replayed.stdout.splitlines()
    assert told[0] == "Foot chase through the market (seed 3)" and len(told) > 20
    assert logged.stdout.splitlines()[1 : 1 + len(told)] == told


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["evaluate", "chase_car_vs_motorcycle", "-n", "2", "-p", "police=tactical"],
         "--policy: police=tactical: 'tactical' does not play yze chase games; give one of random, flee, hider, cutoff, shooter or a trained policy"),
        (["evaluate", "duel", "-n", "2", "-p", "ilsa=flee"],
         "--policy: ilsa=flee: 'flee' does not play yze skirmish games; give one of random, aggressive, tactical or a trained policy"),
        (["log", "chase_market_foot", "-p", "watch=aggressive"],
         "--policy: watch=aggressive: 'aggressive' does not play yze chase games; give one of random, flee, hider, cutoff, shooter or a trained policy"),
        (["play", "duel", "--opponent", "cutoff"],
         "--opponent: ilsa=cutoff: 'cutoff' does not play yze skirmish games; give one of random, aggressive, tactical or a trained policy"),
    ],
)  # fmt: skip
def test_an_agent_that_does_not_play_the_mode_is_one_error_line(args, message):
    """An agent of another mode is refused before any game, naming the side, the mode and the fix."""
    assert refused(args) == message


@pytest.mark.parametrize(
    ("file", "change", "message"),
    [
        ("duel", {"agents": {"ilsa": "tactcal"}},
         "agents.ilsa: not an agent of yze skirmish games; did you mean 'tactical'? give one of random, aggressive, tactical (got 'tactcal')"),
        ("chase_market_foot", {"agents": {"watch": "cutof"}},
         "agents.watch: not an agent of yze chase games; did you mean 'cutoff'? give one of random, flee, hider, cutoff, shooter (got 'cutof')"),
        ("expedition_river_journey", {"agents": {"escort": "cautios"}},
         "agents.escort: not an agent of yze expedition games; did you mean 'cautious'? give one of random, cautious, hasty (got 'cautios')"),
        ("expedition_river_journey", {"fight_agent": "flee"},
         "fight_agent: not an agent of yze skirmish games; give one of random, aggressive, tactical (got 'flee')"),
        ("duel", {"agents": {"ilsa": 3}}, "agents.ilsa: got 3; give a text value"),
    ],
)  # fmt: skip
def test_a_files_agent_is_one_of_its_modes_agents(tmp_path, file, change, message):
    """The scenario models read each mode's agents from MODE_AGENTS (through the registry)."""
    data = yaml.safe_load((SCENARIO_DIR / f"{file}.yaml").read_text(encoding="utf-8"))
    data.update(change)
    path = tmp_path / f"{file}.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert refused(["validate", str(path)]) == f"{path}: {message}"
