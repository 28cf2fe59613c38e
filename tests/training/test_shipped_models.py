"""The shipped NPC models (issue 19): the fights they cover, and each one playing every seat it was
trained for through `yz-gym evaluate --policy SEAT=NAME` without unpickling."""

from __future__ import annotations

import pickle

import pytest
from typer.testing import CliRunner

from yz_gym.agents.shipped import manifest
from yz_gym.cli import app

COVERED = {
    ("duel", "ilsa"),
    ("duel", "brann"),
    ("street_firefight", "patrol"),
    ("warehouse_ambush", "vipers"),
}


def test_the_shipped_models_cover_the_duel_street_firefight_and_warehouse_ambush():
    seats = {(entry["scenario"], seat) for entry in manifest().values() for seat in entry["seats"]}
    assert seats >= COVERED


@pytest.mark.parametrize(
    "name, scenario, seat",
    [
        (name, entry["scenario"], seat)
        for name, entry in sorted(manifest().items())
        for seat in entry["seats"]
    ],
)
def test_a_shipped_model_plays_its_seat_by_name_without_unpickling(monkeypatch, name, scenario, seat):
    def refuse(*_args, **_kwargs):
        raise AssertionError("a model file was unpickled")

    for attribute in ("load", "loads", "Unpickler"):
        monkeypatch.setattr(pickle, attribute, refuse)
    args = ["evaluate", scenario, "--policy", f"{seat}={name}", "-n", "2", "--seed", "5"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert f"{seat}: {name} (--policy)" in result.output and "2 games in" in result.output
