"""`sensitivity` (issue 18): one-step changes of a scenario, played on the same games as the
encounter as written, ranked by their paired effect on a side's win chance; strengthening a side
never ranks as weakening it beyond noise; the table, the JSON and the tornado plot."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from yz_gym.cli import app
from yz_gym.design.paired import PairedChange, paired_change, z_for
from yz_gym.design.sensitivity import changes, sensitivity
from yz_gym.scenario.loading import load

runner = CliRunner()


def test_the_paired_interval_holds_the_change_and_mirrors_when_the_runs_swap():
    p = PairedChange(both=30, lost=5, gained=15, neither=50)
    low, high = p.interval()
    assert (p.base, p.changed, p.change) == (0.35, 0.45, pytest.approx(0.10))
    assert low < 0.10 < high and low > 0  # 15 gained against 5 lost in 100 games: a clear rise
    swapped = PairedChange(both=30, lost=15, gained=5, neither=50).interval()
    assert swapped == pytest.approx((-high, -low))
    assert PairedChange(both=40, lost=0, gained=0, neither=60).interval()[0] < 0 < PairedChange(40, 0, 0, 60).interval()[1]
    low_all, high_all = PairedChange(0, 0, 100, 0).interval()
    assert 0.9 < low_all < high_all <= 1.0
    wider = p.interval(z_for(0.999))
    assert wider[0] < low and wider[1] > high


def test_pairs_are_counted_game_by_game_over_the_games_both_runs_played():
    base = {0: ("crew", 3, 0, 0), 1: ("vipers", 2, 1, 1), 2: ("crew", 4, 0, 0), 3: ("draw", 5, 0, 0)}
    changed = {0: ("crew", 3, 0, 0), 1: ("crew", 2, 0, 0), 2: ("vipers", 2, 1, 1), 4: ("crew", 1, 0, 0)}
    counts = paired_change(base, changed, lambda r: r[0] == "crew")
    assert (counts.both, counts.lost, counts.gained, counts.neither) == (1, 1, 1, 0)


def test_the_steps_of_the_warehouse_ambush():
    labels = {c.label: c for c in changes(load("warehouse_ambush"))}
    for label in (
        "Viper agility +1 (3 -> 4)", "Viper agility -1 (3 -> 2)", "Viper melee +1 (2 -> 3)",
        "Viper weapon knife -> sword", "Viper weapon knife -> blunt_instrument", "Viper count 3 -> 4",
        "Viper count 3 -> 2", "Sniper weapon rifle -> sniper_rifle", "Sniper weapon rifle -> crossbow",
        "Mara armor leather_jacket -> chainmail", "Mara armor leather_jacket -> none",
        "Sniper armor none -> leather_jacket", "Mara start Loading dock -> Crate rows",
        "Crate rows cover wooden_wall -> stone_wall", "Crate rows cover wooden_wall -> tree_trunk",
        "Storeroom cover none -> furniture", "Loading dock light dim -> normal", "Loading dock light dim -> dark",
    ):  # fmt: skip
        assert label in labels, label
    assert "Mara count 1 -> 2" not in labels  # PCs are not copied
    assert "Brick strength +1 (5 -> 6)" not in labels  # attributes stay within 1-5
    assert labels["Viper agility +1 (3 -> 4)"].helps == "vipers" and labels["Viper agility -1 (3 -> 2)"].hurts == "vipers"
    assert labels["Mara start Loading dock -> Crate rows"].helps == "" == labels["Loading dock light dim -> dark"].helps
    only = changes(load("warehouse_ambush"), ("armor",))
    assert only and {c.kind for c in only} == {"armor"}


@pytest.fixture(scope="module")
def duel():
    loaded = load("duel")
    return sensitivity(loaded, {"ilsa": "random", "brann": "random"}, games=150, seed=5,
                       kinds=("attribute", "skill", "weapon", "armor", "count"))  # fmt: skip


def test_strengthening_a_side_never_ranks_as_weakening_it_beyond_noise(duel):
    directed = [e for e in duel.effects if e.change.helps or e.change.hurts]
    assert len(directed) >= 20
    z = z_for(1 - 0.05 / len(directed))  # Bonferroni: every change's interval at once
    for effect in directed:
        if effect.change.helps:
            low, high = effect.wins[effect.change.helps].interval(z)
            assert high >= 0, f"{effect.change.label} weakens {effect.change.helps}: {low:+.3f} to {high:+.3f}"
        else:
            low, high = effect.wins[effect.change.hurts].interval(z)
            assert low <= 0, f"{effect.change.label} strengthens {effect.change.hurts}: {low:+.3f} to {high:+.3f}"
    clear = [e for e in directed if e.wins["ilsa"].interval()[0] > 0 or e.wins["ilsa"].interval()[1] < 0]
    assert clear  # the games do see some changes


def test_every_change_is_paired_with_the_encounter_as_written(duel):
    base = duel.base.wins["ilsa"] / duel.base.games
    assert all(e.wins["ilsa"].games == 150 and e.wins["ilsa"].base == base for e in duel.effects)
    ranked = duel.ranked()
    assert [abs(e.wins["ilsa"].change) for e in ranked] == sorted((abs(e.wins["ilsa"].change) for e in ranked), reverse=True)
    assert [c.label for c, _ in duel.skipped] == ["Brann count 1 -> 2"]  # Ilsa is engaged with 'Brann', who would be renamed
    report = duel.to_json()
    assert report["changes"][0]["change"] == ranked[0].change.label and report["games"] == 150
    assert report["changes"][0]["pc_death"]["ci95"][0] <= report["changes"][0]["pc_death"]["change"]


def test_the_command_prints_the_ranked_table_and_writes_json_and_a_tornado_plot(tmp_path):
    png, svg, out = tmp_path / "t.png", tmp_path / "t.svg", tmp_path / "s.json"
    args = ["sensitivity", "warehouse_ambush", "-p", "crew=random", "-p", "vipers=random", "-n", "10", "--kinds", "armor,light"]
    result = runner.invoke(app, [*args, "--plot", str(png), "--json", str(out)], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    assert "What matters most" in result.stdout and "Mara armor leather_jacket -> chainmail" in result.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    report = json.loads(out.read_text())
    assert {row["kind"] for row in report["changes"]} == {"armor", "light"} and report["side"] == "crew"
    result = runner.invoke(app, [*args, "--plot", str(svg), "--side", "vipers"], env={"COLUMNS": "250"})
    assert result.exit_code == 0 and svg.read_text().lstrip().startswith("<?xml")


def test_sensitivity_works_on_a_chase():
    found = sensitivity(load("chase_car_vs_motorcycle"), games=10, kinds=("armor",))
    assert found.effects and found.base.is_chase


def refused(args: list[str]) -> str:
    result = runner.invoke(app, args, env={"COLUMNS": "250"})
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert not result.stdout and "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--kinds", "attribute,colour"], "--kinds attribute,colour: unknown kind 'colour'; kinds: attribute,skill"),
        (["--side", "pirates"], "--side pirates: no side named 'pirates' in Warehouse ambush"),
        (["--plot", "t.gif"], "--plot t.gif: give a .png or .svg path"),
        (["-n", "3"], "-n"),
        (["-p", "crew=wizard"], "wizard"),
    ],
)
def test_bad_options_are_one_error_line_and_exit_2(extra, message):
    assert message in refused(["sensitivity", "warehouse_ambush", *extra])


@pytest.mark.slow
def test_on_the_warehouse_ambush_played_tactically_strengthening_never_ranks_as_weakening():
    found = sensitivity(load("warehouse_ambush"), games=400, workers=2, kinds=("attribute", "skill", "armor", "count"))
    directed = [e for e in found.effects if e.change.helps or e.change.hurts]
    z = z_for(1 - 0.05 / len(directed))
    for effect in directed:
        side = effect.change.helps or effect.change.hurts
        low, high = effect.wins[side].interval(z)
        assert (high >= 0) if effect.change.helps else (low <= 0), f"{effect.change.label}: {low:+.3f} to {high:+.3f}"
    ranked = found.ranked()
    assert all(e.wins["crew"].interval()[0] <= e.wins["crew"].change <= e.wins["crew"].interval()[1] for e in ranked)
