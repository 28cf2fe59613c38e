"""`yz-gym advise` on DX3 fights: rollouts played by the agents that play each side (the file's
`agents:`, else dx3_tactical; --policy for a side), said in the answer; from a replay step too;
an agent of another game refused in one line."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from yz_gym.agents.advisor import advise, side_agents
from yz_gym.cli import app
from yz_gym.evaluation.replay import record_game
from yz_gym.rulesets.dx3 import engine
from yz_gym.scenario import load

runner = CliRunner()
WIDE = {"COLUMNS": "250"}


def test_rollouts_use_each_sides_dx3_agent():
    scenario = load("dx3_duel").scenario
    state = engine.new_game(scenario, 1)
    assert side_agents(state) == ["dx3_aggressive", "dx3_aggressive"]  # the file's agents:
    assert side_agents(state, {"fh": "dx3_tactical"}) == ["dx3_aggressive", "dx3_tactical"]
    ranked = advise(state, {"fh": "dx3_tactical"}, rollouts=8, seed=3, workers=1)
    legal = engine.legal_actions(state)
    assert sorted(a.number for a in ranked) == list(range(1, len(legal) + 1))
    assert all(a.action == legal[a.number - 1] for a in ranked) and ranked[0].games == 8
    again = advise(state, {"fh": "dx3_tactical"}, rollouts=8, seed=3, workers=1)
    assert [(a.number, a.wins) for a in again] == [(a.number, a.wins) for a in ranked]


def test_advise_on_a_dx3_replay_step_says_who_played(tmp_path: Path):
    saved = record_game("dx3_boss_party", {}, seed=4).save(tmp_path / "boss.jsonl")
    args = ["advise", "--replay", str(saved), "--at", "2", "--rollouts", "4", "-p", "master=dx3_tactical"]
    result = runner.invoke(app, [*args, "--workers", "1"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Rollouts: pcs dx3_aggressive, master dx3_tactical" in result.output
    assert "a DX3 fight hides nothing from the sides yet" in result.output
    assert "round 1" in result.output.splitlines()[0]
