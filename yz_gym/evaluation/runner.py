"""Play many seeded games of a scenario with chosen agents, in parallel, streaming statistics.

A chase file (one that names a `pursuer`, e.g. the bundled `chase_*`) is played as a chase
(rules/chase.py) by chase agents; a side without a policy gets its natural scripted chase agent
(`cutoff` for the pursuer, `flee` for the prey), while zone-fight sides default to `random`.
A chase whose file declares a `handover:` and that ends in combat goes on as a zone fight
(scenario/handover.py) with the same dice stream, played by `fight_policies` (zone agents,
`tactical` for a side without one); the fight's winner is the game's winner."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from yz_gym.evaluation.stats import EncounterStats
from yz_gym.rules import engine
from yz_gym.rules.chase_state import ChaseScenario
from yz_gym.rules.state import Scenario
from yz_gym.scenario.chase_loader import build_chase
from yz_gym.scenario.loader import build, read_yaml, resolve_path

ScenarioSource = str | Path | dict[str, Any]
AnyScenario = Scenario | ChaseScenario
CHUNK = 100  # games per task sent to a worker


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What one finished game contributes to the statistics."""

    winner: str | None
    reason: str
    rounds: int
    decisions: int
    combatants: tuple[tuple[int, int, int, int, int], ...]  # broken, injured, dead, dealt, taken
    ending: str = ""  # chases: how it ended (chase_env.ENDINGS); "" for zone fights
    wrecked: tuple[int, ...] = ()  # chases: 1 per vehicle wrecked at the end
    fight: str = ""  # chases with a hand-over: the fight's winner, "draw" or "timeout"; "" = no fight
    fight_rounds: int = 0  # chases with a hand-over: rounds of the fight


def game_seeds(seed: int, episode: int, sides: int) -> tuple[np.random.Generator, list[int]]:
    """The game's generator and one agent seed per side, from (seed, episode) alone."""
    sequence = np.random.SeedSequence([seed, episode])
    game_seq, agent_seq = sequence.spawn(2)
    return np.random.default_rng(game_seq), [int(s) for s in agent_seq.generate_state(sides)]


FIGHT_AGENT = "tactical"  # plays a side of the fight after a chase unless fight_policies names one


def play_game(
    scenario: AnyScenario,
    policies: dict[str, str],
    seed: int,
    episode: int,
    fight_policies: dict[str, str] | None = None,
) -> GameSummary:
    """One game; each side is played by the named agent (`fight_policies`: the zone fight after a
    chase's hand-over)."""
    from agents import make_agent

    if isinstance(scenario, ChaseScenario):
        return play_chase(scenario, policies, seed, episode, fight_policies)
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
    return GameSummary(
        result.winner, result.reason, result.rounds, state.decisions, _tallies(state.combatants)
    )


def _tallies(combatants: Any) -> tuple[tuple[int, int, int, int, int], ...]:
    return tuple(
        (
            int(c.broken and not c.dead),
            int(any(i.table != "fire" for i in c.injuries) or c.dead),
            int(c.dead),
            c.damage_dealt,
            c.damage_taken,
        )
        for c in combatants
    )


def play_chase(
    scenario: ChaseScenario,
    policies: dict[str, str],
    seed: int,
    episode: int,
    fight_policies: dict[str, str] | None = None,
) -> GameSummary:
    """One chase; each side is played by the named agent, or by its natural scripted chase agent.
    A chase that hands over to a zone fight (scenario/handover.py) is played on to its end."""
    from agents import make_agent
    from agents.chase_agents import natural_agent
    from yz_gym.envs.chase_env import ending
    from yz_gym.rules import chase
    from yz_gym.scenario.handover import fight_scenario

    sides = scenario.base.setup.sides
    rng, agent_seeds = game_seeds(seed, episode, len(sides))
    agents = [
        make_agent(policies.get(side) or natural_agent(scenario, i), agent_seeds[i])
        for i, side in enumerate(sides)
    ]
    state = chase.new_chase(scenario, rng)
    people = state.world.combatants
    while not chase.is_over(state):
        legal = chase.legal_actions(state)
        chase.apply(state, agents[people[chase.current_actor(state)].side].choose(state, legal), rng, legal)
    result = chase.outcome(state)
    assert result is not None
    wrecked = tuple(int(v.wrecked) for v in state.vehicles)
    fight = fight_scenario(state)
    if fight is None:
        return GameSummary(
            result.winner,
            result.reason,
            result.rounds,
            state.decisions,
            _tallies(people),
            ending(state),
            wrecked,
        )
    fighters = {side: agent_seeds[sides.index(side)] for side in fight.setup.sides}
    fight_agents = [
        make_agent((fight_policies or {}).get(side, FIGHT_AGENT), fighters[side])
        for side in fight.setup.sides
    ]
    game = engine.new_game(fight, rng)  # the same dice stream goes on (CHASE-END-04: draw initiative)
    while not engine.is_over(game):
        actor = game.combatants[engine.current_actor(game)]
        moves = engine.legal_actions(game)
        engine.apply(game, fight_agents[actor.side].choose(game, moves), rng, moves)
    after = engine.outcome(game)
    assert after is not None
    final = {c.name: c for c in game.combatants}
    everyone = [final.get(c.name, c) for c in people]
    shown = after.winner or ("timeout" if after.reason == "round cap" else "draw")
    return GameSummary(
        after.winner, after.reason, result.rounds, state.decisions + game.decisions, _tallies(everyone),
        ending(state), wrecked, shown, after.rounds,
    )  # fmt: skip


def load_any(source: ScenarioSource) -> AnyScenario:
    """A zone-fight Scenario or, for a chase file (it names a `pursuer`), a ChaseScenario; a file
    is read and parsed once."""
    if isinstance(source, dict):
        data, origin = source, "<dict>"
    else:
        path = resolve_path(source)
        data, origin = read_yaml(path), str(path)
    return build_chase(data, origin) if "pursuer" in data else build(data, origin)


def scenario_sides(scenario: AnyScenario) -> tuple[str, ...]:
    """The side names of a zone fight or a chase."""
    return tuple((scenario.base if isinstance(scenario, ChaseScenario) else scenario).setup.sides)


@lru_cache(maxsize=8)
def _cached_scenario(key: str) -> AnyScenario:
    return load_any(key)


def _scenario(source: ScenarioSource) -> AnyScenario:
    return load_any(source) if isinstance(source, dict) else _cached_scenario(str(source))


def empty_stats(scenario: AnyScenario) -> EncounterStats:
    """Statistics with no games yet, laid out for this scenario (with the chase tallies for a chase)."""
    if isinstance(scenario, ChaseScenario):
        from yz_gym.envs.chase_env import ENDINGS

        base = scenario.base
        sides = base.setup.sides
        return EncounterStats.empty(
            scenario.name, list(sides), [(c.name, sides[c.side]) for c in base.combatants],
            pursuer=sides[scenario.pursuer], endings=ENDINGS, vehicles=[v.name for v in scenario.vehicles],
            handover=scenario.handover is not None,
        )  # fmt: skip
    sides = scenario.setup.sides
    return EncounterStats.empty(
        scenario.setup.name, list(sides), [(c.name, sides[c.side]) for c in scenario.combatants]
    )


def play_chunk(
    source: ScenarioSource,
    policies: dict[str, str],
    seed: int,
    start: int,
    stop: int,
    fight_policies: dict[str, str] | None = None,
) -> EncounterStats:
    """Games start..stop-1, folded into statistics (the unit of work of a worker)."""
    scenario = _scenario(source)
    stats = empty_stats(scenario)
    for episode in range(start, stop):
        stats.add(play_game(scenario, policies, seed, episode, fight_policies))
    return stats


def scenario_name(scenario: AnyScenario) -> str:
    """The name of a zone fight or a chase."""
    return scenario.name if isinstance(scenario, ChaseScenario) else scenario.setup.name


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
    fight_policies: dict[str, str] | None = None,
) -> tuple[EncounterStats, bool]:
    """Play `episodes` games; returns the statistics and whether it was interrupted (Ctrl-C).

    Game i depends only on (seed, i), so results do not depend on the number of workers or
    the backend ("process": a local process pool; "ray": Ray tasks, on a cluster if
    RAY_ADDRESS is set, else on a local Ray instance). `fight_policies` ({side: zone agent})
    play the zone fight after a chase's hand-over (default `tactical`).
    """
    if backend not in ("process", "ray"):
        raise ValueError(f"unknown backend '{backend}'; use process or ray")
    scenario = _scenario(source)
    sides = scenario_sides(scenario)
    for side in [*policies, *(fight_policies or {})]:
        if side not in sides:
            raise ValueError(
                f"no side named '{side}' in {scenario_name(scenario)}; sides: {', '.join(sides)}"
            )
    stats = empty_stats(scenario)
    fights = dict(fight_policies) if fight_policies else None
    try:
        if backend == "ray":
            _ray(source, policies, seed, episodes, workers, stats, progress, fights)
        elif workers <= 1:
            for start, stop in _chunks(episodes):
                stats.merge(play_chunk(source, policies, seed, start, stop, fights))
                if progress:
                    progress(stop - start)
        else:
            _parallel(source, policies, seed, episodes, workers, stats, progress, fights)
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
    fight_policies: dict[str, str] | None = None,
) -> None:
    """Keep at most 2 tasks per worker in flight, so memory stays flat however many games."""
    chunks = _chunks(episodes)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[EncounterStats]] = set()
        try:
            for start, stop in chunks:
                pending.add(pool.submit(play_chunk, source, policies, seed, start, stop, fight_policies))
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
    fight_policies: dict[str, str] | None = None,
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
        pending.append(remote.remote(source, policies, seed, start, stop, fight_policies))
        if len(pending) >= 2 * workers:
            done, pending = ray.wait(pending, num_returns=1)
            _merge(ray.get(done), stats, progress)
    _merge(ray.get(pending), stats, progress)


def _collect(
    pending: set[Future[EncounterStats]], stats: EncounterStats, progress: Callable[[int], None] | None
) -> set[Future[EncounterStats]]:
    done, rest = wait(pending, return_when=FIRST_COMPLETED)
    _merge((future.result() for future in done), stats, progress)
    return rest


def _merge(
    batches: Iterable[EncounterStats], stats: EncounterStats, progress: Callable[[int], None] | None
) -> None:
    """Add finished batches to `stats`, reporting their games to `progress`."""
    for batch in batches:
        stats.merge(batch)
        if progress:
            progress(batch.games)
