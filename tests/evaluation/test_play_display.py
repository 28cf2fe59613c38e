"""`yz-gym play` shows the map as text once and then only what changed since the player's last decision."""

from __future__ import annotations

from typer.testing import CliRunner

from yz_gym.cli import app

runner = CliRunner()


def test_play_shows_the_map_then_only_what_changed():
    result = runner.invoke(
        app, ["play", "technical_raid", "--as", "villagers", "--opponent", "random", "--seed", "66"],
        input="1\n16\n" + "1\n" * 12 + "q\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.output
    assert "#card" not in out and "health/resolve" not in out, "the per-decision table is gone"
    assert out.count("[0] Desert track: Technical [pickup, Hull 3/3: Raider driver (STR 3/3)") == 1
    assert "*Tessa (STR 3/3)" in out, "your people are starred on the map"
    decisions = out.count("choose a number")
    glances = out.count("Since your last decision:") + out.count("Nothing changed since your last decision.")
    assert decisions >= 6 and glances == decisions - 1, (
        "after the first view, every decision says what changed"
    )
    assert out.count("turn order:") == decisions
    assert "Raider gunner STR: 3/3 -> 2/3" in out  # seed 66: Headman Oru shoots (16), pushes (1), wounds him
