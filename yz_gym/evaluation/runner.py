"""Play many seeded games of a scenario with chosen agents, in parallel, streaming statistics."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from yz_gym.evaluation.stats import EncounterStats
from yz_gym.rules import engine
from yz_gym.rules.state import Scenario
from yz_gym.scenario.loader import load_scenario

ScenarioSource = str | Path | dict[str, Any]
CHUNK = 100  # games per task sent to a worker


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What one finished game contributes to the statistics."""

    winner: str | None
    reason: str
    rounds: int
    decisions: int
    combatants: tuple[tuple[int, int, int, int, int], ...]  # broken, injured, dead, dealt, taken


def game_seeds(seed: int, episode: int, sides: int) -> tuple[np.random.Generator, list[int]]:
    """The game's generator and one agent seed per side, from (seed, episode) alone."""
    sequence = np.random.SeedSequence([seed, episode])
    game_seq, agent_seq = sequence.spawn(2)
    return np.random.default_rng(game_seq), [int(s) for s in agent_seq.generate_state(sides)]


def play_game(scenario: Scenario, policies: dict[str, str], seed: int, episode: int) -> GameSummary:
    """One game; each side is played by the named agent."""
    from agents import make_agent

    sides = scenario.setup.sides
    rng, agent_seeds = game_seeds(seed, episode, len(sides))
    agents = [make_agent(policies.get(side, "random"), agent_seeds[i]) for i, side in enumerate(sides)]
    state = engine.new_game(scenario, rng)
    while not engine.is_over(state):
        actor = state.combatants[engine.current_actor(state)]
        legal = engine.legal_actions(state)
        engine.apply(state, agents[actor.side].choose(state, legal), rng)
    result = engine.outcome(state)
    assert result is not None
    tallies = tuple(
        (
            int(c.broken and not c.dead),
            int(any(i.table != "fire" for i in c.injuries) or c.dead),
            int(c.dead),
            c.damage_dealt,
            c.damage_taken,
        )
        for c in state.combatants
    )
    return GameSummary(result.winner, result.reason, result.rounds, state.decisions, tallies)


@lru_cache(maxsize=8)
def _cached_scenario(key: str) -> Scenario:
    return load_scenario(key)


def _scenario(source: ScenarioSource) -> Scenario:
    return load_scenario(source) if isinstance(source, dict) else _cached_scenario(str(source))


def empty_stats(scenario: Scenario) -> EncounterStats:
    """Statistics with no games yet, laid out for this scenario."""
    sides = scenario.setup.sides
    return EncounterStats.empty(
        scenario.setup.name, list(sides), [(c.name, sides[c.side]) for c in scenario.combatants]
    )


def play_chunk(
    source: ScenarioSource, policies: dict[str, str], seed: int, start: int, stop: int
) -> EncounterStats:
    """Games start..stop-1, folded into statistics (the unit of work of a worker)."""
    scenario = _scenario(source)
    stats = empty_stats(scenario)
    for episode in range(start, stop):
        stats.add(play_game(scenario, policies, seed, episode))
    return stats


def _chunks(episodes: int) -> Iterator[tuple[int, int]]:
    for start in range(0, episodes, CHUNK):
        yield start, min(episodes, start + CHUNK)


def evaluate(
    source: ScenarioSource,
    policies: dict[str, str],
    episodes: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: str = "process",
) -> tuple[EncounterStats, bool]:
    """Play `episodes` games; returns the statistics and whether it was interrupted (Ctrl-C).

    Game i depends only on (seed, i), so results do not depend on the number of workers or
    the backend ("process": a local process pool; "ray": Ray tasks, on a cluster if
    RAY_ADDRESS is set, else on a local Ray instance).
    """
    if backend not in ("process", "ray"):
        raise ValueError(f"unknown backend '{backend}'; use process or ray")
    scenario = _scenario(source)
    for side in policies:
        if side not in scenario.setup.sides:
            raise ValueError(
                f"no side named '{side}' in {scenario.setup.name}; sides: {', '.join(scenario.setup.sides)}"
            )
    stats = empty_stats(scenario)
    try:
        if backend == "ray":
            _ray(source, policies, seed, episodes, workers, stats, progress)
        elif workers <= 1:
            for start, stop in _chunks(episodes):
                stats.merge(play_chunk(source, policies, seed, start, stop))
                if progress:
                    progress(stop - start)
        else:
            _parallel(source, policies, seed, episodes, workers, stats, progress)
    except KeyboardInterrupt:
        return stats, True
    return stats, False


def _parallel(
    source: ScenarioSource,
    policies: dict[str, str],
    seed: int,
    episodes: int,
    workers: int,
    stats: EncounterStats,
    progress: Callable[[int], None] | None,
) -> None:
    """Keep at most 2 tasks per worker in flight, so memory stays flat however many games."""
    chunks = _chunks(episodes)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[EncounterStats]] = set()
        try:
            for start, stop in chunks:
                pending.add(pool.submit(play_chunk, source, policies, seed, start, stop))
                if len(pending) >= 2 * workers:
                    pending = _collect(pending, stats, progress)
            while pending:
                pending = _collect(pending, stats, progress)
        except KeyboardInterrupt:
            for future in pending:
                future.cancel()
            raise


def _ray(
    source: ScenarioSource,
    policies: dict[str, str],
    seed: int,
    episodes: int,
    workers: int,
    stats: EncounterStats,
    progress: Callable[[int], None] | None,
) -> None:
    """The same chunks as Ray tasks, at most 2 per worker in flight (pip install yz_gym[scale])."""
    import os

    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'yz_gym[scale]'") from None
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        ray.init(
            address=address,
            num_cpus=None if address else workers,
            include_dashboard=False,
            log_to_driver=False,
            ignore_reinit_error=True,
        )
    remote = ray.remote(play_chunk)
    pending = []
    for start, stop in _chunks(episodes):
        pending.append(remote.remote(source, policies, seed, start, stop))
        if len(pending) >= 2 * workers:
            done, pending = ray.wait(pending, num_returns=1)
            for batch in ray.get(done):
                stats.merge(batch)
                if progress:
                    progress(batch.games)
    for batch in ray.get(pending):
        stats.merge(batch)
        if progress:
            progress(batch.games)


def _collect(
    pending: set[Future[EncounterStats]], stats: EncounterStats, progress: Callable[[int], None] | None
) -> set[Future[EncounterStats]]:
    done, rest = wait(pending, return_when=FIRST_COMPLETED)
    for future in done:
        batch = future.result()
        stats.merge(batch)
        if progress:
            progress(batch.games)
    return rest
