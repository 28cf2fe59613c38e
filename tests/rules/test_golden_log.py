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

import numpy as np
import pytest

from yz_gym.evaluation.replay import record_game, replay_log

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
]


def chase_log(name: str, policies: dict[str, str], seed: int) -> list[str]:
    """A seeded chase played by the named agents (a side not named plays its natural chase
    agent), narrated with every decision: the chase counterpart of `replay_log`."""
    from yz_gym.agents import make_agent
    from yz_gym.evaluation.runner import side_agents
    from yz_gym.rulesets.yze.chase import engine as chase
    from yz_gym.rulesets.yze.chase.narrate import narrate_chase
    from yz_gym.scenario.chase_loader import load_chase

    scenario = load_chase(name)
    sides = scenario.base.setup.sides
    names = side_agents(scenario, policies)
    agent_seeds = np.random.SeedSequence([seed, 1]).generate_state(len(sides))
    agents = [make_agent(names[side], int(agent_seeds[i])) for i, side in enumerate(sides)]
    rng = np.random.default_rng(seed)
    state = chase.new_chase(scenario, rng)
    people = state.world.combatants
    lines = [f"{scenario.name} (seed {seed})", *narrate_chase(state, state.opening)]
    while not chase.is_over(state):
        actor = people[chase.current_actor(state)]
        legal = chase.legal_actions(state)
        action = agents[actor.side].choose(state, legal)
        lines.append(
            f"[{state.decisions}] {actor.name} ({chase.decision_kind(state)}): {chase.describe(state, action)}."
        )
        lines += narrate_chase(state, chase.apply(state, action, rng, legal))
    return lines


def game_log(game: Golden) -> str:
    """The narrated log of one golden game, as one text."""
    if game.chase:
        lines = chase_log(game.scenario, game.policies, game.seed)
    else:
        lines = replay_log(record_game(game.scenario, game.policies, game.seed))
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
