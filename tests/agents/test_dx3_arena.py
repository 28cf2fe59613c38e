"""The DX3 strength ladder (agents/arena.py --ruleset dx3): DX3 fights played through their mode's
rules, the same games from the same seed, and the ladder's three matchups in one table."""

from __future__ import annotations

from yz_gym.agents.arena import DX3_LADDER, main, match


def test_a_dx3_match_alternates_seats_and_repeats_from_its_seed():
    first = match("dx3_duel", "dx3_tactical", "random", games=6, seed=3)
    again = match("dx3_duel", "dx3_tactical", "random", games=6, seed=3)
    assert first.games == 6 and (first.x_wins, first.y_wins, first.draws) == (again.x_wins, again.y_wins, again.draws)
    assert first.by_side == again.by_side
    assert {k.split("@")[1].rstrip(")") for k in first.by_side} <= {"ugn", "fh"}
    assert first.x_wins >= 4  # random cannot hold a DX3 duel against exact odds


def test_the_dx3_ladder_is_one_command_with_every_matchup(capsys):
    main(["--ruleset", "dx3", "dx3_duel", "--games", "2"])
    table = capsys.readouterr().out.split("\n\n")[-1]
    rows = [line for line in table.splitlines() if line.startswith("| dx3_duel")]
    assert [r.split("|")[2].strip() for r in rows] == [f"{x} vs {y}" for x, y in DX3_LADDER]
