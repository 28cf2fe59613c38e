"""`yz-gym evaluate` on DX3 fights, through the DX3 mode's Evaluation record: the risks a DX3 game
master asks about (戦闘不能, 侵蝕率 100%+, death, the back-track), checked against fights played and
counted here through the rules verbs, the JSON and the plot."""

from __future__ import annotations

import itertools
import json

import pytest
from typer.testing import CliRunner

from yz_gym.agents import make_agent
from yz_gym.cli import app
from yz_gym.core import registry
from yz_gym.evaluation.dx3_games import DX3_EVALUATION, lost_chance
from yz_gym.evaluation.runner import evaluate, game_seeds
from yz_gym.evaluation.stats import wilson_interval
from yz_gym.rulesets.dx3 import engine
from yz_gym.scenario import load

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def test_the_dx3_mode_is_evaluated_by_its_own_evaluation_record():
    assert registry.get("dx3", "skirmish").evaluation is DX3_EVALUATION


def test_evaluate_prints_who_played_and_the_dx3_risks_and_writes_json_and_plot(tmp_path):
    out, png = tmp_path / "out.json", tmp_path / "out.png"
    args = ["evaluate", "dx3_boss_party", "-n", "12", "-p", "master=random", "--json", str(out), "--plot", str(png)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    text = result.output
    assert "master: random (--policy)" in text
    for row in ("戦闘不能 %", "侵蝕率100+ %", "at least one PC reaches 侵蝕率 100%", "侵蝕率 at end", "lost %"):
        assert row in text
    report = json.loads(out.read_text())
    assert report["schema_version"] == 2 and report["games"] == 12
    assert report["agents"]["master"] == {"agent": "random", "chosen_by": "--policy"}
    assert report["party"]["pcs"] == ["Aoi", "Ren", "Mika", "Sou"]
    assert set(report["party"]) >= {"any_pc_dies", "any_pc_encroachment_100", "total_party_knockout"}
    fighter = report["combatants"][0]
    keys = {"incapacitated_ever", "encroachment_100_ever", "dead", "out_at_end", "encroachment_end"}
    assert keys | {"resurrections", "titus_sublimated", "lost_after_backtrack_chance"} <= set(fighter)
    assert set(report["risk_terms"]) >= keys and "crit_focus" not in report["rules"]
    assert report["rounds"]["round_cap"] == 12 and len(report["scenario_sha256"]) == 64
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.rule("DX3-TITUS-07")
def test_the_backtrack_loss_chance_is_exact():
    """Lost when 侵蝕率 - (1D10 per Lois) is still 100 or more (DX3-TITUS-07)."""
    assert lost_chance(99, 0) == 0.0 and lost_chance(100, 0) == 1.0
    assert lost_chance(105, 1) == 0.5  # the die must show 5 or less
    assert lost_chance(110, 1) == 1.0 and lost_chance(111, 2) == pytest.approx(0.55)  # 2D10 <= 11: 55/100
    assert lost_chance(105, 2) == pytest.approx(10 / 100)  # 2D10 <= 5: ten of the hundred faces
    for rate, lois in ((112, 3), (118, 3), (103, 3)):
        hits = sum(rate - sum(faces) >= 100 for faces in itertools.product(range(1, 11), repeat=lois))
        assert lost_chance(rate, lois) == pytest.approx(hits / 10**lois)


def test_the_risks_agree_with_fights_counted_one_by_one():
    """The same seeded fights played here (game_seeds, the agents, the rules verbs) and counted."""
    games, seed = 40, 5
    policies = {"pcs": "dx3_aggressive", "master": "random"}
    stats, _ = evaluate("dx3_boss_party", policies, games, seed=seed)
    scenario = load("dx3_boss_party").scenario
    n = len(scenario.fighters)
    down, high, out, end_rate, wins = [0] * n, [0] * n, [0] * n, [0] * n, 0
    for episode in range(games):
        rng, seeds = game_seeds(seed, episode, 2)
        agents = [make_agent(policies[side], seeds[i]) for i, side in enumerate(scenario.sides)]
        state = engine.new_game(scenario, rng)
        ever_down, ever_high = set(), {f.id for f in state.fighters if f.char.encroachment >= 100}
        while not engine.is_over(state):
            actor = state.fighters[engine.current_actor(state)]
            legal = engine.legal_actions(state)
            engine.apply(state, agents[actor.side].choose(state, legal), rng, legal)
            ever_down |= {f.id for f in state.fighters if f.down}
            ever_high |= {f.id for f in state.fighters if f.char.encroachment >= 100}
        wins += engine.outcome(state).winner == "pcs"
        for f in state.fighters:
            down[f.id] += f.id in ever_down
            high[f.id] += f.id in ever_high
            out[f.id] += f.down or f.dead
            end_rate[f.id] += f.char.encroachment
    report = stats.to_json()
    assert report["sides"]["pcs"]["wins"] == wins
    assert report["sides"]["pcs"]["ci95"] == list(wilson_interval(wins, games))
    for i, c in enumerate(report["combatants"]):
        assert c["incapacitated_ever"]["count"] == down[i], c["name"]
        assert c["encroachment_100_ever"]["count"] == high[i], c["name"]
        assert c["out_at_end"]["count"] == out[i], c["name"]
        assert c["encroachment_end"]["mean"] == pytest.approx(end_rate[i] / games)
    assert report["party"]["any_pc_encroachment_100"]["count"] >= max(high[:4])


def test_one_or_two_workers_give_byte_identical_dx3_json(tmp_path):
    """150 fights = 2 chunks merged in whatever order the workers finish (the DX3 means included)."""
    args = ["evaluate", "dx3_corridor_blockade", "-n", "150", "-p", "pcs=random", "-p", "squad=random"]
    outs = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.json"
        result = runner.invoke(app, [*args, "-w", workers, "--json", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
