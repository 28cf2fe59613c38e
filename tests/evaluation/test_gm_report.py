"""The game master's report: the README's evaluate commands, and risk figures that agree with
games played and counted here, one by one, through the rules verbs."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from yz_gym.agents import make_agent
from yz_gym.cli import app
from yz_gym.evaluation.runner import evaluate, game_seeds
from yz_gym.evaluation.stats import wilson_interval
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.zone import engine
from yz_gym.scenario import load

runner = CliRunner()


def test_readme_gm_commands_print_the_agents_risks_and_write_the_json(tmp_path):
    out, png = tmp_path / "out.json", tmp_path / "out.png"
    args = ["evaluate", "warehouse_ambush", "-n", "12", "-w", "2", "--policy", "vipers=tactical"]
    result = runner.invoke(app, [*args, "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "played by: crew: tactical (default), vipers: tactical (--policy)" in text
    for row in ("at least one PC dies", "total party knockout", "Mara (PC)", "Doc (PC)", "push costs"):
        assert row in text
    report = json.loads(out.read_text())
    assert report["schema_version"] == 2 and report["games"] == 12
    assert report["project"]["name"] == "yz_gym" and report["project"]["version"]
    assert len(report["scenario_sha256"]) == 64 and report["rules"]["damage_model"] == "attribute"
    assert report["agents"] == {
        "crew": {"agent": "tactical", "chosen_by": "default"},
        "vipers": {"agent": "tactical", "chosen_by": "--policy"},
    }
    assert report["party"]["pcs"] == ["Mara", "Brick", "Doc"]
    assert {"broken_ever", "critically_injured_ever", "dead", "out_at_end"} <= set(report["combatants"][0])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_same_seed_gives_byte_identical_json_with_one_or_two_workers(tmp_path):
    args = ["evaluate", "warehouse_ambush", "-n", "250", "-p", "crew=random", "-p", "vipers=random"]
    outs = []
    for workers in ("1", "2"):  # 250 games = 3 chunks, merged in whatever order the workers finish
        out = tmp_path / f"w{workers}.json"
        result = runner.invoke(app, [*args, "-w", workers, "--json", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_readme_what_if_gives_paired_changes_with_intervals(tmp_path):
    out = tmp_path / "w.json"
    args = ["evaluate", "duel", "-n", "40", "-p", "ilsa=random", "-p", "brann=random"]
    result = runner.invoke(
        app, [*args, "--compare", "duel", "--compare-policy", "ilsa=aggressive", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "What if (40 games paired by seed)" in result.output and "change (95% interval)" in result.output
    paired = json.loads(out.read_text())["compare"]["paired"]
    assert paired["games"] == 40
    rows = {r["quantity"]: r for r in paired["rows"]}
    ilsa = rows["ilsa wins"]
    assert ilsa["change"] == pytest.approx(ilsa["mean_b"] - ilsa["mean_a"])
    low, high = ilsa["ci95"]
    assert low <= ilsa["change"] <= high and high - low > 0
    same = runner.invoke(app, [*args, "--compare", "duel"])  # the same run twice: no change at all
    assert same.exit_code == 0 and "+0.0 pts (+0.0 to +0.0)" in same.output


def test_log_refuses_a_side_that_is_not_there_and_says_who_played():
    bad = runner.invoke(app, ["log", "duel", "-p", "nobody=tactical"])
    assert bad.exit_code == 2 and "no side named 'nobody'" in bad.output
    good = runner.invoke(app, ["log", "duel", "--seed", "1", "-p", "ilsa=random"])
    assert (
        good.exit_code == 0 and "played by: ilsa: random (--policy), brann: tactical (default)" in good.output
    )


def test_evaluate_without_a_scenario_plays_the_warehouse_ambush_both_sides_tactical():
    result = runner.invoke(app, ["evaluate", "-n", "4"])
    assert result.exit_code == 0, result.output
    assert "Warehouse ambush" in result.output
    assert "crew: tactical (default), vipers: tactical (default)" in result.output


def test_risk_figures_agree_with_direct_counting():
    """300 games counted here from the states the rules verbs leave, with the runner's seeds."""
    policies = {"crew": "aggressive", "vipers": "random"}
    games, seed = 300, 11
    stats, _ = evaluate("warehouse_ambush", policies, games, seed=seed, workers=1)
    scenario = load("warehouse_ambush").scenario
    sides = scenario.setup.sides
    names = [c.name for c in scenario.combatants]
    broken, injured, dead = dict.fromkeys(names, 0), dict.fromkeys(names, 0), dict.fromkeys(names, 0)
    pc_died = knockouts = 0
    taken = attribute_push_costs = 0
    wins = dict.fromkeys(sides, 0)
    for episode in range(games):
        rng, agent_seeds = game_seeds(seed, episode, len(sides))
        agents = [make_agent(policies[side], agent_seeds[i]) for i, side in enumerate(sides)]
        state = engine.new_game(scenario, rng)
        ever_broken, ever_injured = set(), set()

        def look(state=state, ever_broken=ever_broken, ever_injured=ever_injured):
            for c in state.combatants:
                if c.broken or c.dead:
                    ever_broken.add(c.name)
                if c.dead or any(i.table != "fire" for i in c.injuries):
                    ever_injured.add(c.name)

        look()
        while not engine.is_over(state):
            actor = state.combatants[engine.current_actor(state)]
            events = engine.apply(state, agents[actor.side].choose(state, engine.legal_actions(state)), rng)
            attribute_push_costs += sum(e.get("amount", 0) for e in events if e.kind == "push_cost")
            look()
        winner = engine.outcome(state).winner
        if winner:
            wins[winner] += 1
        for c in state.combatants:
            broken[c.name] += c.name in ever_broken
            injured[c.name] += c.name in ever_injured
            dead[c.name] += c.dead
            taken += c.damage_taken
        pcs = [c for c in state.combatants if c.pc]
        pc_died += any(c.dead for c in pcs)
        knockouts += all(c.broken or c.dead for c in pcs)
    report = stats.to_json()
    for row in report["combatants"]:
        name = row["name"]
        assert row["broken_ever"]["count"] == broken[name]
        assert row["critically_injured_ever"]["count"] == injured[name]
        assert row["dead"]["count"] == dead[name]
        assert row["dead"]["ci95"] == list(wilson_interval(dead[name], games))
    assert report["party"]["any_pc_dies"]["count"] == pc_died
    assert report["party"]["total_party_knockout"]["count"] == knockouts
    assert {side: data["wins"] for side, data in report["sides"].items()} == wins
    damage = report["damage"]["sides"]
    total = sum(
        d[key]["mean"]
        for d in damage.values()
        for key in ("taken_from_enemies", "friendly_fire", "push_costs", "no_attacker")
    )
    assert total * games == pytest.approx(taken + attribute_push_costs)
    crew, vipers = damage["crew"], damage["vipers"]
    assert crew["dealt_to_enemies"]["mean"] == pytest.approx(vipers["taken_from_enemies"]["mean"])
    assert vipers["dealt_to_enemies"]["mean"] == pytest.approx(crew["taken_from_enemies"]["mean"])
    assert 0 < pc_died < games and 0 < knockouts < games  # the counts are not trivially 0 or all


@pytest.mark.skipif(
    dice.COMPILED,
    reason="a spy on a compiled module's function does not see compiled callers",
)
def test_push_costs_are_told_apart_from_other_damage_with_no_attacker(monkeypatch):
    """The runner's reading of push costs against the rules' own flag (pushing.take_damage(own_push))."""
    from yz_gym.evaluation import runner as runner_module
    from yz_gym.rulesets.yze.combat import pushing

    paid: list[int] = []
    real = pushing.take_damage

    def spy(state, target, amount, rng, events, *args, **kwargs):
        if kwargs.get("own_push") and amount > 0 and not target.dead:
            paid.append(amount)
        return real(state, target, amount, rng, events, *args, **kwargs)

    monkeypatch.setattr(pushing, "take_damage", spy)
    scenario = load("street_firefight").scenario  # damage_stress push costs
    if scenario.setup.options.push_cost != "damage_stress":
        pytest.skip("street_firefight no longer pays pushes in damage and stress")
    push = 0
    for episode in range(40):
        summary = runner_module.play_game(
            scenario, {"patrol": "aggressive", "militia": "aggressive"}, 5, episode
        )
        push += sum(f.push for f in summary.combatants)
    assert push == sum(paid) and push > 0


def test_a_scenario_file_can_name_the_agent_of_a_side(tmp_path):
    import yaml

    from yz_gym.evaluation.runner import chosen_by, side_agents

    data = load("warehouse_ambush").data
    data["agents"] = {"vipers": "aggressive"}
    path = tmp_path / "charge.yaml"
    path.write_text(yaml.safe_dump(data))
    out = tmp_path / "charge.json"
    result = runner.invoke(app, ["evaluate", str(path), "-n", "3", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "crew: tactical (default), vipers: aggressive (scenario)" in result.output
    assert json.loads(out.read_text())["agents"]["vipers"] == {"agent": "aggressive", "chosen_by": "scenario"}
    overridden = runner.invoke(app, ["evaluate", str(path), "-n", "2", "-p", "vipers=random"])
    assert "vipers: random (--policy)" in overridden.output
    for agents, message in (
        ({"nobody": "tactical"}, "agents.nobody: no side named 'nobody'"),
        ({"vipers": "model.zip"}, "agents.vipers"),  # a scenario file never loads a model
    ):
        path.write_text(yaml.safe_dump({**data, "agents": agents}))
        bad = runner.invoke(app, ["evaluate", str(path), "-n", "2"])
        assert bad.exit_code == 2 and message in bad.output, bad.output
    chase = load("chase_market_foot").data
    chase["agents"] = {"thief": "hider"}
    scenario = load(chase).scenario
    assert side_agents(scenario, {}) == {"watch": "cutoff", "thief": "hider"}
    assert chosen_by(scenario, {"watch": "random"}) == {"watch": "--policy", "thief": "scenario"}
