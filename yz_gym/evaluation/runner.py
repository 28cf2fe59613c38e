"""Play many seeded games of a scenario with chosen agents, in parallel, streaming statistics.

Scenarios are loaded by the front door (yz_gym.scenario.load), which knows each file's game
(ruleset, mode); the mode's `Evaluation` (yz_gym.core.registry; YZE's in evaluation/yze_games.py)
plays one game and lays out the statistics, so a new mode is evaluated without a change here.
Who plays: a side named in `policies` plays that agent; every other side plays its mode's default
agent: the file's `agents:`, else `tactical` in a zone fight and a chase side's natural chase agent
(`cutoff` for the pursuer, `flee` for the prey); `side_agents` says who played each side. A game
may go on as another (`Evaluation.goes_on_as`): a chase whose file declares a `handover:` and that
ends in combat goes on as a zone fight (rulesets/yze/scenario/handover.py) with the same dice stream, played by
`fight_policies` (zone agents, `tactical` for a side without one); the fight's winner is the
game's winner.

A game's summary records, per combatant, whether it was ever Broken or critically injured
during the game, whether it died, whether it was out (Broken or dead) at the end, and every
point of damage and stress by whom to whom (GameWatch)."""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, Final, Protocol

import numpy as np

from yz_gym.core.protocol import GameRules
from yz_gym.core.registry import Mode, Report, evaluation_of, get, mode_of
from yz_gym.evaluation.report import ENCOUNTERS
from yz_gym.evaluation.watch import GameSummary, Watcher
from yz_gym.scenario.loading import LoadedScenario, load

ScenarioSource = str | Path | dict[str, Any]
CHUNK = 100  # games per task sent to a worker


class Tally(Protocol):
    """A mode's statistics as the runner folds them (EncounterStats, an expedition's JourneyStats)."""

    @property
    def games(self) -> int:
        """The games counted."""

    def add(self, summary: Any) -> None:
        """Count one game, as its Evaluation's `play` returned it."""

    def merge(self, other: Any) -> None:
        """Add another batch of the same scenario's games (from a worker)."""


def game_seeds(seed: int, episode: int, sides: int) -> tuple[np.random.Generator, list[int]]:
    """The game's generator and one agent seed per side, from (seed, episode) alone."""
    sequence = np.random.SeedSequence([seed, episode])
    game_seq, agent_seq = sequence.spawn(2)
    return np.random.default_rng(game_seq), [int(s) for s in agent_seq.generate_state(sides)]


def default_agent(scenario: Any, side: int) -> str:
    """The agent of a side no policy names: the one the scenario file's `agents:` names, else its
    mode's (tactical in a zone fight, a chase side's natural chase agent)."""
    return mode_of(scenario).default_agent(scenario, side)


def side_agents(scenario: Any, policies: dict[str, str]) -> dict[str, str]:
    """Who plays each side, in side order: the named policy, else the side's default agent."""
    return {
        side: policies.get(side) or default_agent(scenario, i)
        for i, side in enumerate(scenario_sides(scenario))
    }


def chosen_by(scenario: Any, policies: dict[str, str]) -> dict[str, str]:
    """What chose each side's agent: "--policy", "scenario" (the file's `agents:`) or "default"."""
    declared = scenario.agents
    return {
        side: "--policy" if policies.get(side) else "scenario" if declared and declared[i] else "default"
        for i, side in enumerate(scenario_sides(scenario))
    }


def next_mode(scenario: Any, mode: Mode | None = None) -> Mode | None:
    """The mode of the game a scenario goes on as once its own is over (a chase's hand-over fight),
    or None when its game ends there."""
    key = evaluation_of(mode or mode_of(scenario)).goes_on_as(scenario)
    return None if key is None else get(*key)


def fight_agents(
    scenario: Any, fight_policies: dict[str, str] | None, mode: Mode | None = None
) -> dict[str, str]:
    """Who plays each side of the game a scenario goes on as (a chase's hand-over fight): the named
    policy, else its mode's `next_agent`; {} when its game ends there."""
    evaluation = evaluation_of(mode or mode_of(scenario))
    if evaluation.goes_on_as(scenario) is None:
        return {}
    named = fight_policies or {}
    return {side: named.get(side) or evaluation.next_agent for side in scenario_sides(scenario)}


def play_game(
    scenario: Any,
    policies: dict[str, str],
    seed: int,
    episode: int,
    fight_policies: dict[str, str] | None = None,
    mode: Mode | None = None,
) -> GameSummary:
    """One game, played by its mode's play loop (`mode`: the scenario's, by default); each side is
    played by the named agent or its default (`side_agents`; `fight_policies`: the game it goes on
    as, such as the zone fight after a chase's hand-over)."""
    mode = mode or mode_of(scenario)
    names = side_agents(scenario, policies)
    summary: GameSummary = evaluation_of(mode).play(
        scenario, names, seed, episode, fight_agents(scenario, fight_policies, mode)
    )
    return summary


def play_out(
    rules: GameRules, state: Any, agents: Sequence[Any], rng: np.random.Generator, watch: Watcher
) -> None:
    """Play a game to its end, each decision taken by the agent of the deciding person's side and
    seen by the watch (the opening's events too)."""
    people = rules.people(state)
    watch.follow(people)
    watch.see(people, state.opening)
    while not rules.is_over(state):
        actor = people[rules.current_actor(state)]
        legal = rules.legal_actions(state)
        watch.see(people, rules.apply(state, agents[actor.side].choose(state, legal), rng, legal))


def scenario_sides(scenario: Any) -> tuple[str, ...]:
    """The side names of a scenario of any mode."""
    return mode_of(scenario).sides(scenario)


@lru_cache(maxsize=8)
def _cached_scenario(key: str) -> LoadedScenario:
    return load(key)


def _loaded(source: ScenarioSource) -> LoadedScenario:
    return load(source) if isinstance(source, dict) else _cached_scenario(str(source))


def empty_stats(scenario: Any, mode: Mode | None = None, report: Report | None = ENCOUNTERS) -> Any:
    """Statistics with no games yet, laid out for this scenario by its mode (a chase's tallies too);
    UnknownGame unless its mode's statistics are `report`'s (None: any), EncounterStats by default."""
    return evaluation_of(mode or mode_of(scenario), report).empty_stats(scenario)


def play_chunk(
    source: ScenarioSource,
    policies: dict[str, str],
    seed: int,
    start: int,
    stop: int,
    fight_policies: dict[str, str] | None = None,
    stopping: Callable[[], bool] | None = None,
) -> Tally:
    """Games start..stop-1, folded into statistics (the unit of work of a worker); with
    `stopping`, only the games begun before it returned true."""
    loaded = _loaded(source)
    scenario, mode = loaded.scenario, loaded.mode
    stats: Tally = empty_stats(scenario, mode, None)
    for episode in range(start, stop):
        if stopping is not None and stopping():
            break
        stats.add(play_game(scenario, policies, seed, episode, fight_policies, mode))
    return stats


def scenario_name(scenario: Any) -> str:
    """The name of a scenario of any mode."""
    return mode_of(scenario).title(scenario)


def _chunks(episodes: int, first: int = 0, size: int = CHUNK) -> Iterator[tuple[int, int]]:
    """Games first..first+episodes-1 in chunks of `size`."""
    for start in range(first, first + episodes, size):
        yield start, min(first + episodes, start + size)


def worker_count(episodes: int, workers: int, chunk: int = CHUNK) -> int:
    """The workers an evaluation uses: no more than its chunks of games."""
    return max(1, min(workers, -(-episodes // chunk)))


@dataclass(frozen=True, slots=True)
class Interruption:
    """Why an evaluation's report is partial: the signal that stopped it (SIGINT, SIGTERM), and the
    games lost because their worker died twice. False when every game was played."""

    stopped_by: str = ""
    lost: tuple[tuple[int, int], ...] = ()  # (start, stop) game ranges

    def __bool__(self) -> bool:
        return bool(self.stopped_by or self.lost)

    @property
    def exit_code(self) -> int:
        """The command's exit status: 128 + the signal's number (130 SIGINT, 143 SIGTERM), 1 for
        lost games, 0 for a complete run."""
        if self.stopped_by:
            return 128 + int(signal.Signals[self.stopped_by])
        return 1 if self.lost else 0

    def to_json(self) -> dict[str, Any]:
        """The report's keys: `interrupted`, with `stopped_by` and `lost_games` when they apply."""
        data: dict[str, Any] = {"interrupted": bool(self)}
        if self.stopped_by:
            data["stopped_by"] = self.stopped_by
        if self.lost:
            data["lost_games"] = [list(chunk) for chunk in self.lost]
        return data

    def describe(self, games: int, episodes: int, unit: str = "games") -> str:
        """One line for the terminal, e.g. "interrupted by SIGTERM: 300 of 1000 games"; `unit` is what
        the mode's report calls its games (Report.unit: "trips" for expeditions)."""
        why = [f"by {self.stopped_by}"] if self.stopped_by else []
        why += [f"{unit} {a}-{b - 1} lost (their worker died twice)" for a, b in self.lost]
        return f"interrupted {'; '.join(why)}: {games} of {episodes} {unit}"


class _StopSignals:
    """While open (in the main thread), SIGINT and SIGTERM ask the evaluation to stop between games
    and report what it has, instead of killing it."""

    def __init__(self) -> None:
        self.received = ""  # the first signal's name
        self.count = 0  # signals received
        self._saved: dict[int, Any] = {}

    def __enter__(self) -> _StopSignals:
        if threading.current_thread() is threading.main_thread():
            for number in (signal.SIGINT, signal.SIGTERM):
                self._saved[number] = signal.signal(number, self._record)
        return self

    def __exit__(self, *_: object) -> None:
        for number, handler in self._saved.items():
            signal.signal(number, handler)

    def _record(self, number: int, _frame: object) -> None:
        self.received = self.received or signal.Signals(number).name
        self.count += 1

    def stopping(self) -> bool:
        """Whether a stop signal came."""
        return bool(self.received)


def evaluate(
    source: ScenarioSource,
    policies: dict[str, str],
    episodes: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: str = "process",
    fight_policies: dict[str, str] | None = None,
    first: int = 0,
    chunk: int = CHUNK,
    report: Report | None = ENCOUNTERS,
) -> tuple[Any, Interruption]:
    """Play `episodes` games (numbered from `first`: more games of an earlier evaluation) in
    chunks of `chunk` games per task; returns the statistics and what interrupted them (false if
    nothing). The statistics are those `report` shows (EncounterStats by default; None: whatever
    the scenario's mode keeps); a mode whose statistics are another kind is refused (UnknownGame).

    Game i depends only on (seed, i), so results do not depend on the number of workers or
    the backend ("process": local worker processes; "ray": Ray tasks, on a cluster if
    RAY_ADDRESS is set, else on a local Ray instance). `fight_policies` ({side: zone agent})
    play the zone fight after a chase's hand-over (default `tactical`).

    SIGINT or SIGTERM stops the games, and the games finished so far are returned. A worker
    process that dies takes only its chunk of games: the chunk is played again once by a new
    worker, and if that worker dies too the chunk is reported lost. Workers die with their parent.
    """
    if backend not in ("process", "ray"):
        raise ValueError(f"unknown backend '{backend}'; use process or ray")
    loaded = _loaded(source)
    scenario, sides = loaded.scenario, loaded.sides
    for side in [*policies, *(fight_policies or {})]:
        if side not in sides:
            raise ValueError(
                f"no side named '{side}' in {scenario_name(scenario)}; sides: {', '.join(sides)}"
            )
    stats: Tally = empty_stats(scenario, loaded.mode, report)
    job = _Job(source, dict(policies), seed, dict(fight_policies) if fight_policies else None, first, chunk)
    workers = worker_count(episodes, workers, chunk)
    ray = _start_ray(workers) if backend == "ray" else None
    lost: list[tuple[int, int]] = []
    with _StopSignals() as stop:
        if ray is not None:
            lost = _ray(ray, job, episodes, workers, stats, progress, stop)
        elif workers == 1:
            _in_process(job, episodes, stats, progress, stop)
        else:
            lost = _parallel(job, episodes, workers, stats, progress, stop)
    return stats, Interruption(stop.received, tuple(sorted(lost)))


@dataclass(frozen=True, slots=True)
class _Job:
    """What every chunk of an evaluation shares."""

    source: ScenarioSource
    policies: dict[str, str]
    seed: int
    fight_policies: dict[str, str] | None
    first: int = 0  # the first game's index
    chunk: int = CHUNK  # games per task

    def play(self, start: int, stop: int, stopping: Callable[[], bool]) -> Tally:
        """Games start..stop-1 of this evaluation, or those begun before `stopping()` was true."""
        return play_chunk(self.source, self.policies, self.seed, start, stop, self.fight_policies, stopping)


POLL_SECONDS: Final = 0.25  # how often a waiting parent looks for a stop signal
STOP_GRACE_SECONDS: Final = 10.0  # how long stopped workers may take to send their last games


def _in_process(
    job: _Job,
    episodes: int,
    stats: Tally,
    progress: Callable[[int], None] | None,
    stop: _StopSignals,
) -> None:
    """Play the games here, one by one, until done or stopped."""
    for start, end in _chunks(episodes, job.first, job.chunk):
        _merge([job.play(start, end, stop.stopping)], stats, progress)
        if stop.stopping():
            return


class _Worker:
    """A worker process playing one chunk at a time, sent over a pipe."""

    def __init__(self, job: _Job, stopping: Any) -> None:
        context = multiprocessing.get_context()
        self.pipe, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, os.getpid(), job, stopping), daemon=True)
        self.process.start()
        child.close()
        self.chunk = (0, 0)

    def give(self, chunk: tuple[int, int]) -> None:
        """Send the worker its next chunk (if it has died, its sentinel tells)."""
        self.chunk = chunk
        with contextlib.suppress(OSError):
            self.pipe.send(chunk)

    def result(self) -> tuple[str, Any] | None:
        """The worker's answer, or None if it died without one."""
        try:
            if self.pipe.poll():
                answer: tuple[str, Any] = self.pipe.recv()
                return answer
        except (EOFError, OSError, pickle.UnpicklingError):
            pass
        return None

    def close(self, finished: bool = False) -> None:
        """Let a finished worker exit, or end one still playing; wait for it in both cases."""
        if finished:
            with contextlib.suppress(OSError):
                self.pipe.send(None)
            self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.pipe.close()


def _parallel(
    job: _Job,
    episodes: int,
    workers: int,
    stats: Tally,
    progress: Callable[[int], None] | None,
    stop: _StopSignals,
) -> list[tuple[int, int]]:
    """Play the chunks in worker processes, one chunk per worker at a time (memory stays flat
    however many games); returns the chunks lost because their worker died twice.

    On a stop signal the workers end their chunks after the game they are playing and send what
    they have, within STOP_GRACE_SECONDS (a second signal cuts that short)."""
    chunks, again = _chunks(episodes, job.first, job.chunk), deque[tuple[int, int]]()
    deaths: dict[tuple[int, int], int] = {}
    lost: list[tuple[int, int]] = []
    stopping = multiprocessing.get_context().Event()
    busy: list[_Worker] = []

    def next_chunk() -> tuple[int, int] | None:
        if stopping.is_set():
            return None
        return again.popleft() if again else next(chunks, None)

    def start(chunk: tuple[int, int] | None) -> None:
        if chunk is not None:
            worker = _Worker(job, stopping)
            busy.append(worker)
            worker.give(chunk)

    def settle(worker: _Worker) -> None:
        """Take a worker's answer and give it its next chunk; replace it if it died."""
        answer = worker.result()
        if answer is None:  # the worker died: its chunk is played once more, by a new worker
            busy.remove(worker)
            worker.close()
            if not stopping.is_set():
                deaths[worker.chunk] = deaths.get(worker.chunk, 0) + 1
                (again if deaths[worker.chunk] < 2 else lost).append(worker.chunk)
                start(next_chunk())
            return
        kind, value = answer
        if kind == "error":
            raise value
        _merge([value], stats, progress)
        chunk = next_chunk()
        if chunk is None:
            busy.remove(worker)
            worker.close(finished=True)
        else:
            worker.give(chunk)

    try:
        for _ in range(workers):
            start(next_chunk())
        deadline = math.inf
        while busy and time.monotonic() < deadline and stop.count < 2:
            if stop.stopping() and not stopping.is_set():
                stopping.set()
                deadline = time.monotonic() + STOP_GRACE_SECONDS
            ready = wait([w.pipe for w in busy] + [w.process.sentinel for w in busy], POLL_SECONDS)
            for worker in [w for w in busy if w.pipe in ready or w.process.sentinel in ready]:
                settle(worker)
    finally:
        for worker in busy:
            worker.close()
    return lost


def _serve(pipe: Connection, parent: int, job: _Job, stopping: Any) -> None:
    """A worker's life: play the chunks it is sent until told to stop, and end a chunk early once
    `stopping` (an Event) is set; die with its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent decides
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited by fork
    _die_with_parent(parent)
    try:
        while (chunk := pipe.recv()) is not None:
            try:
                answer: tuple[str, Any] = ("done", job.play(*chunk, stopping.is_set))
            except Exception as error:  # e.g. a policy file trained for other spaces
                answer = ("error", error)
            try:
                pipe.send(answer)
            except (pickle.PicklingError, TypeError, AttributeError):
                pipe.send(("error", RuntimeError(str(answer[1]))))
    except EOFError:  # the parent closed the pipe
        pass


PR_SET_PDEATHSIG: Final = 1  # linux/prctl.h


def _die_with_parent(parent: int) -> None:
    """End this worker when its parent ends, even by SIGKILL: the kernel's parent-death signal on
    Linux, else a thread watching the parent's pid."""
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0:
            if os.getppid() != parent:  # the parent died before the signal was armed
                os._exit(1)
            return
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()


def _watch_parent(parent: int) -> None:
    """Exit once this process's parent is no longer `parent` (it died and we were adopted)."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _start_ray(workers: int) -> Any:
    """Ray, started on the local machine or joined to RAY_ADDRESS (pip install yz_gym[scale])."""
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
    return ray


def _ray(
    ray: Any,
    job: _Job,
    episodes: int,
    workers: int,
    stats: Tally,
    progress: Callable[[int], None] | None,
    stop: _StopSignals,
) -> list[tuple[int, int]]:
    """The same chunks as Ray tasks, at most 2 per worker in flight; Ray plays a chunk whose
    worker died once more; returns the chunks lost all the same."""
    remote = ray.remote(max_retries=1)(play_chunk)
    chunks = _chunks(episodes, job.first, job.chunk)
    pending: dict[Any, tuple[int, int]] = {}
    lost: list[tuple[int, int]] = []
    try:
        while not stop.received:
            while len(pending) < 2 * workers and (chunk := next(chunks, None)) is not None:
                ref = remote.remote(job.source, job.policies, job.seed, *chunk, job.fight_policies)
                pending[ref] = chunk
            if not pending:
                break
            done, _ = ray.wait(list(pending), num_returns=1, timeout=POLL_SECONDS)
            for ref in done:
                chunk = pending.pop(ref)
                try:
                    _merge([ray.get(ref)], stats, progress)
                except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError):
                    lost.append(chunk)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
    return lost


def _merge(batches: Iterable[Tally], stats: Tally, progress: Callable[[int], None] | None) -> None:
    """Add finished batches to `stats`, reporting their games to `progress`."""
    for batch in batches:
        stats.merge(batch)
        if progress:
            progress(batch.games)
