"""`yz-gym advise` on a chase: menu numbers, the chase agents it assumed, the same answer for a
seed, and one error line for an agent that cannot play the game."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from yz_gym.cli import app
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.scenario.chase_builder import load_chase

runner = CliRunner()
WIDE = {"COLUMNS": "250"}
CHASE = "chase_car_vs_motorcycle"


def advise(*args: str):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, ["advise", *args], env=WIDE)
    assert "Traceback" not in result.output, result.output
    return result


def test_advise_on_a_chase_ranks_the_menu_and_says_what_it_assumed():
    result = advise(CHASE, "--rollouts", "4", "--workers", "1")
    assert result.exit_code == 0, result.output
    state = chase.new_chase(load_chase(CHASE), 0)
    menu = {str(k): chase.describe(state, a) for k, a in enumerate(chase.legal_actions(state), start=1)}
    rows = re.findall(r"^│\s+(\d+) │ (.+?)\s+│", result.output, re.M)
    assert rows and sorted(number for number, _ in rows) == sorted(menu)
    assert all(menu[number] == text for number, text in rows)  # the numbers `play` would show
    assert "Officer Reyes (police) to decide (action), round 1:" in result.output
    assert "Rollouts: police cutoff, courier flee; reading only what the police can see" in result.output
    assert "secret choices" in result.output
    assert re.search(r"(No clear difference: #\d|Officer Reyes should .+ \(#\d)", result.output)


def test_advise_on_a_chase_gives_the_same_answer_for_a_seed():
    one = advise(CHASE, "--rollouts", "4", "--seed", "3", "--workers", "1")
    two = advise(CHASE, "--rollouts", "4", "--seed", "3", "--workers", "2")
    assert one.exit_code == two.exit_code == 0 and one.output == two.output


def test_advise_on_a_chase_takes_named_chase_agents():
    result = advise(CHASE, "--rollouts", "4", "--workers", "1", "-p", "courier=hider", "--full-state")
    assert result.exit_code == 0, result.output
    assert "Rollouts: police cutoff, courier hider; reading the whole state" in result.output


def test_a_zone_agent_on_a_chase_is_one_error_line():
    result = advise(CHASE, "--agent", "tactical")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: police: 'tactical' plays zone fights, not chases")


def test_a_chase_agent_on_a_zone_fight_is_one_error_line():
    result = advise("duel", "-p", "ilsa=flee")
    assert result.exit_code == 2
    assert result.output.strip() == (
        "error: ilsa: 'flee' plays chases only; a zone-fight side plays random, aggressive, tactical "
        "or a trained policy"
    )


def test_an_action_the_race_dropped_says_so_beside_its_few_rollouts():
    """A dropped action's win % comes from a few rollouts: its row says why it stopped, so a higher
    percentage there does not read as a better choice."""
    result = advise(CHASE, "--workers", "1")
    assert result.exit_code == 0, result.output
    rows = re.findall(r"^│\s+(\d+) │ .+?│\s+[\d.]+ │\s+[\d-]+ │\s+(\d+) │ (.*?)\s*│$", result.output, re.M)
    most = max(int(games) for _, games, _ in rows)
    dropped = [mark for _, games, mark in rows if int(games) < most]
    assert dropped and all(mark == "dropped: the leader won more of their shared rollouts" for mark in dropped)
    assert all("dropped" not in mark for _, games, mark in rows if int(games) == most)
