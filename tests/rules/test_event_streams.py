"""Event streams of a few hundred seeded games, kept as digests: a restructuring must play every
game event for event as before.

Each bundled scenario is played from a range of seeds by random agents (they reach the odd corners
of the rules) and by its default agents (the play a game master sees); a game's digest is the
SHA-256 of its opening and every event of every decision, in order. A deliberate rules change
changes digests: regenerate with
  YZ_GYM_UPDATE_GOLDEN=1 python -m pytest tests/rules/test_event_streams.py
and say in the commit which games changed and why; the golden logs (test_golden_log.py) show how."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from yz_gym.core import registry
from yz_gym.scenario.loading import bundled

FIXTURE = Path(__file__).resolve().parent.parent / "golden" / "event_streams.json"
RANDOM_SEEDS = range(16)
DEFAULT_SEEDS = range(3)
SCENARIOS = sorted(
    name for mode in registry.modes("yze") if mode.name in ("skirmish", "chase") for name in bundled(mode)
)  # YZE's fights and chases


def _line(event: Any) -> dict[str, Any]:
    """An event as the digests were first taken: kind, actor and target with the details beside them
    (a detail named `kind` or `target` over the event's own, as replay schema 1 wrote events), so the
    digests stay those of the same games whatever Event.to_json writes."""
    out: dict[str, Any] = {"kind": event.kind, "actor": event.actor, "target": event.target}
    out.update(event.data or {})
    return out


def _digest(chunks: Iterable[Any]) -> str:
    """SHA-256 of the events, one JSON line each."""
    h = hashlib.sha256()
    for events in chunks:
        for event in events:
            h.update(json.dumps(_line(event), sort_keys=True, default=str).encode())
            h.update(b"\n")
        h.update(b"--\n")
    return h.hexdigest()


def _chase_events(name: str, policy: str | None, seed: int) -> list[Any]:
    from yz_gym.agents import make_agent
    from yz_gym.evaluation.runner import side_agents
    from yz_gym.rulesets.yze.chase import engine as chase
    from yz_gym.rulesets.yze.scenario.chase_builder import load_chase

    scenario = load_chase(name)
    sides = scenario.base.setup.sides
    names = side_agents(scenario, {side: policy for side in sides} if policy else {})
    agent_seeds = np.random.SeedSequence([seed, 1]).generate_state(len(sides))
    agents = [make_agent(names[side], int(agent_seeds[i])) for i, side in enumerate(sides)]
    rng = np.random.default_rng(seed)
    state = chase.new_chase(scenario, rng)
    chunks = [list(state.opening)]
    while not chase.is_over(state):
        actor = state.world.combatants[chase.current_actor(state)]
        legal = chase.legal_actions(state)
        chunks.append(chase.apply(state, agents[actor.side].choose(state, legal), rng, legal))
    return chunks


def _zone_events(name: str, policy: str | None, seed: int) -> list[Any]:
    from yz_gym.evaluation.replay import record_game
    from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario

    sides = load_scenario(name).setup.sides
    replay = record_game(name, {side: policy for side in sides} if policy else {}, seed)
    return [replay.opening, *(step.events for step in replay.steps)]


def game_digest(name: str, policy: str | None, seed: int) -> str:
    """The digest of one seeded game of a bundled scenario (policy None: its default agents)."""
    play = _chase_events if name.startswith("chase_") else _zone_events
    return _digest(play(name, policy, seed))


def _games() -> list[tuple[str, str | None, int]]:
    games: list[tuple[str, str | None, int]] = []
    for name in SCENARIOS:
        games += [(name, "random", seed) for seed in RANDOM_SEEDS]
        games += [(name, None, seed) for seed in DEFAULT_SEEDS]
    return games


def _key(name: str, policy: str | None, seed: int) -> str:
    return f"{name}/{policy or 'default'}/{seed}"


def test_bundled_games_play_event_for_event_as_kept() -> None:
    games = _games()
    found = {_key(*game): game_digest(*game) for game in games}
    if os.environ.get("YZ_GYM_UPDATE_GOLDEN"):
        FIXTURE.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    kept = json.loads(FIXTURE.read_text())
    assert len(found) >= 200
    changed = sorted(key for key in found if kept.get(key) != found[key])
    assert not changed, f"{len(changed)} of {len(found)} games play differently: {changed[:10]}"
    assert set(kept) == set(found), "the kept games differ from the games played; regenerate"


@pytest.mark.parametrize("game", [("duel", "random", 0), ("chase_market_foot", "random", 1)])
def test_the_digest_tells_games_apart(game: tuple[str, str, int]) -> None:
    """A digest is not blind: a game from another seed digests differently."""
    name, policy, seed = game
    assert game_digest(name, policy, seed) == game_digest(name, policy, seed)
    assert game_digest(name, policy, seed) != game_digest(name, policy, seed + 100)
