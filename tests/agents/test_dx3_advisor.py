"""`yz-gym advise` on DX3 fights: rollouts played by the agents that play each side (the file's
`agents:`, else dx3_tactical; --policy for a side), said in the answer; from a replay step too;
an agent of another game refused in one line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from yz_gym.agents.advisor import advise, sample_world, side_agents
from yz_gym.cli import app
from yz_gym.evaluation.replay import record_game
from yz_gym.rulesets.dx3 import engine
from yz_gym.scenario import load

runner = CliRunner()
WIDE = {"COLUMNS": "250"}


def test_rollouts_use_each_sides_dx3_agent():
    scenario = load({**load("dx3_duel").data, "agents": {"ugn": "dx3_aggressive", "fh": "dx3_aggressive"}}).scenario
    state = engine.new_game(scenario, 1)
    assert side_agents(state) == ["dx3_aggressive", "dx3_aggressive"]  # the file's agents:
    assert side_agents(state, {"fh": "dx3_tactical"}) == ["dx3_aggressive", "dx3_tactical"]
    assert side_agents(engine.new_game(load("dx3_duel").scenario, 1)) == ["dx3_tactical", "dx3_tactical"]
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
    assert "Rollouts: pcs dx3_tactical, master dx3_tactical" in result.output
    assert "only what the pcs can see (where hidden enemies on foot stand re-drawn)" in result.output
    assert "round 1" in result.output.splitlines()[0]


def hidden_guard_at(position: int):
    """The stealth infiltration, the guards' turn, with Shino hidden (on foot) at `position`."""
    state = engine.new_game(load("dx3_stealth_infiltration").scenario, 2)
    shino = next(f for f in state.fighters if f.name == "Shino")
    assert shino.hidden.hidden and shino.vehicle < 0
    shino.pos = position
    return state, shino.id


@pytest.mark.rule("DX3-HID-03")
def test_the_advice_does_not_read_where_a_hidden_enemy_stands():
    near, shino = hidden_guard_at(25)
    far, _ = hidden_guard_at(0)
    side = next(f.side for f in near.fighters if f.id != shino and f.side != near.fighters[shino].side)
    drawn = [sample_world(s, side, np.random.default_rng(7)).fighters[shino].pos for s in (near, far)]
    assert drawn[0] == drawn[1]  # the draw does not depend on where Shino really is
    spots = {sample_world(near, side, np.random.default_rng(k)).fighters[shino].pos for k in range(40)}
    assert len(spots) > 10 and spots <= set(range(near.scenario.length + 1))
    own = sample_world(near, near.fighters[shino].side, np.random.default_rng(7))
    assert own.fighters[shino].pos == 25  # her own side knows where she is

    def advice(state):
        while state.fighters[engine.current_actor(state)].side == state.fighters[shino].side:
            legal = engine.legal_actions(state)
            engine.apply(state, legal[0], 5, legal)  # let the PCs pass until a guard decides
        return [(a.number, a.wins, a.games) for a in advise(state, rollouts=6, seed=1, workers=1)]

    assert advice(near) == advice(far)
