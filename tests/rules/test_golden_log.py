"""Golden combat logs: seeded games, narrated, must read exactly as kept on file in tests/golden/.

One game per kind of fight (an ambush, a vehicle fight, a mount fight, a step-dice fight, a
vehicle chase and a foot chase), each read line by line against the rulebook before it was
frozen; the `#` lines at the top of a golden file say what the game shows and which rules it
exercises, and are kept when the log is regenerated. Regenerate after a deliberate rules change with
  YZ_GYM_UPDATE_GOLDEN=1 python -m pytest tests/rules/test_golden_log.py
and read the diff like a session report before committing it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from yz_gym.scenario import load

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"


@dataclass(frozen=True)
class Golden:
    """One frozen game: the scenario, who plays each side, the seed and the file it reads as."""

    scenario: str
    policies: dict[str, str]
    seed: int
    file: str
    chase: bool = False


GAMES = [
    Golden("warehouse_ambush", {"crew": "tactical", "vipers": "tactical"}, 7, "warehouse_ambush_seed7.txt"),
    Golden("technical_raid", {"raiders": "tactical", "villagers": "tactical"}, 4, "technical_raid_seed4.txt"),
    Golden(
        "cavalry_skirmish",
        {"dragoons": "tactical", "militia": "tactical"},
        113,
        "cavalry_skirmish_seed113.txt",
    ),
    Golden(
        "street_firefight", {"patrol": "tactical", "militia": "tactical"}, 25, "street_firefight_seed25.txt"
    ),
    Golden("chase_car_vs_motorcycle", {}, 7, "chase_car_vs_motorcycle_seed7.txt", chase=True),
    Golden("chase_market_foot", {}, 3, "chase_market_foot_seed3.txt", chase=True),
    Golden("dx3_boss_party", {"pcs": "dx3_aggressive", "master": "dx3_aggressive"}, 5, "dx3_boss_party_seed5.txt"),
    Golden("expedition_winter_crossing", {"caravan": "cautious"}, 11, "expedition_winter_crossing_seed11.txt"),
]


def game_log(game: Golden) -> str:
    """The narrated log of one golden game, as one text: the game's mode narrates it, as
    `yz-gym log` prints it after its `played by` line (yz_gym.core.registry, Mode.narrated_game)."""
    loaded = load(game.scenario)
    assert loaded.mode.name == ("chase" if game.chase else "expedition" if "expedition" in game.file else "skirmish")
    lines = loaded.mode.narrated_game(loaded, game.policies, game.seed).lines
    return "\n".join(lines) + "\n"


def header(text: str) -> str:
    """The reader's notes at the top of a golden file: its leading `#` lines."""
    notes = []
    for line in text.splitlines(keepends=True):
        if not line.startswith("#"):
            break
        notes.append(line)
    return "".join(notes)


@pytest.mark.parametrize("game", GAMES, ids=[g.file.removesuffix(".txt") for g in GAMES])
def test_a_seeded_game_reads_like_its_golden_log(game: Golden):
    path = GOLDEN_DIR / game.file
    text = game_log(game)
    kept = path.read_text(encoding="utf-8") if path.exists() else ""
    notes = header(kept)
    if os.environ.get("YZ_GYM_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(notes + text, encoding="utf-8")
        kept = notes + text
    assert kept, f"{game.file}: no golden log yet; write it with YZ_GYM_UPDATE_GOLDEN=1 and read it"
    assert notes, f"{game.file}: the golden log has no reader's notes (# lines at the top)"
    assert kept[len(notes) :] == text, (
        f"{game.file}: the log changed; if the rules change was deliberate, regenerate it and read the diff"
    )


def test_every_golden_file_belongs_to_one_game():
    files = {g.file for g in GAMES}
    assert len(files) == len(GAMES)
    assert {p.name for p in GOLDEN_DIR.glob("*.txt")} == files  # no orphan golden file
