"""`balance` and `sensitivity` on every registered mode (issue 18), parametrised over the registry so
that a new mode cannot miss them: each mode's record names its design Space, both commands accept
its smallest bundled file with tiny budgets, and a bad --vary, --metric or --kinds is one line
naming the option and the names that exist. The command line's help names every mode's metrics
and kinds."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.cli.test_every_command import smallest
from yz_gym.agents import MODE_AGENTS
from yz_gym.cli import app
from yz_gym.core import registry
from yz_gym.design.commands import KINDS_HELP, METRIC_HELP
from yz_gym.design.variation import space_of
from yz_gym.scenario.loading import load

runner = CliRunner()
WIDE = {"COLUMNS": "250"}
MODES = registry.modes()
IDS = [m.label.replace(" ", "-") for m in MODES]


def random_play(mode: registry.Mode, sides: tuple[str, ...]) -> list[str]:
    """-p SIDE=random for every side (the quickest agent of every mode)."""
    assert "random" in MODE_AGENTS[mode.key]
    return [arg for side in sides for arg in ("-p", f"{side}=random")]


def two_values(name: str) -> str:
    """A --vary of the file's first factor with two steps (its +1 and -1, say): TARGET.FIELD=A,B."""
    loaded = load(name)
    by_path: dict[str, list[object]] = {}
    for change in space_of(loaded.mode).changes(loaded):
        by_path.setdefault(change.variation.path, []).append(change.value)
    path, values = next((p, v) for p, v in by_path.items() if len(v) >= 2)
    return f"{path}={values[0]},{values[1]}"


def refused(args: list[str]) -> str:
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert not result.stdout and "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize("mode", MODES, ids=IDS)
def test_every_mode_names_a_design_space_the_help_describes(mode):
    space = space_of(mode)
    assert len(space.metrics) == 3 and len(space.words) == 3 and space.kinds
    for word in (*space.metrics,):
        assert word in METRIC_HELP, (mode.label, word)
    for kind in space.kinds:
        assert kind in KINDS_HELP, (mode.label, kind)
    loaded = load(smallest(mode))
    assert {c.kind for c in space.changes(loaded)} <= set(space.kinds)


@pytest.mark.parametrize("mode", MODES, ids=IDS)
def test_balance_and_sensitivity_accept_every_modes_smallest_bundled_file(mode, tmp_path):
    name = smallest(mode)
    loaded = load(name)
    space = space_of(mode)
    play = random_play(mode, loaded.sides)
    out, report = tmp_path / "balanced.yaml", tmp_path / "balance.json"
    vary = two_values(name)
    balanced = runner.invoke(
        app, ["balance", name, "--vary", vary, "--target", "0.5", "-n", "10", "--budget", "20", *play,
              "--out", str(out), "--json", str(report)], env=WIDE,
    )  # fmt: skip
    assert balanced.exit_code == 0 and "Traceback" not in balanced.output, balanced.output
    success = space.metric_words(space.metrics[0], loaded.sides[0])
    assert f"Balance: {success} closest to 50.0%" in balanced.stdout
    found = json.loads(report.read_text())
    assert found["metric"] == space.metrics[0] and found["games"] == 20
    assert load(str(out)).mode is mode  # the chosen variant is an ordinary file of the same mode

    kind = space.changes(loaded)[0].kind
    measured = runner.invoke(
        app, ["sensitivity", name, "-n", "10", "--kinds", kind, "--top", "3", *play, "--json", str(tmp_path / "s.json")],
        env=WIDE,
    )  # fmt: skip
    assert measured.exit_code == 0 and "Traceback" not in measured.output, measured.output
    assert f"by their effect on the chance that {success}" in measured.stdout
    rows = json.loads((tmp_path / "s.json").read_text())["changes"]
    assert rows and {row["kind"] for row in rows} == {kind} and all(row["win"]["ci95"] for row in rows)


@pytest.mark.parametrize("mode", MODES, ids=IDS)
def test_bad_design_options_on_every_mode_are_one_line_naming_what_exists(mode):
    name = smallest(mode)
    loaded = load(name)
    space = space_of(mode)
    args = ["balance", name, "--target", "0.5"]
    unknown = refused([*args, "--vary", "Nobody.count=1,2"])
    assert f"--vary Nobody.count=1,2: no {space.targets} named 'Nobody'" in unknown
    assert f"names: {', '.join(space.names(loaded.data))}" in unknown
    target = space.names(loaded.data)[0]
    field = refused([*args, "--vary", f"{target}.colour=1,2"])
    assert "no field 'colour'" in field and "fields: " in field
    metric = refused([*args, "--vary", two_values(name), "--metric", "draws"])
    assert f"--metric draws: give one of {', '.join(space.metrics)}" in metric
    kinds = refused(["sensitivity", name, "--kinds", "colour"])
    assert f"--kinds colour: unknown kind 'colour'; kinds: {','.join(space.kinds)}" in kinds
