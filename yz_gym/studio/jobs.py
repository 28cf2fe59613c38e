"""Long runs the page starts and polls, one at a time in a background thread: an evaluation,
played in chunks through the evaluation runner (yz_gym.evaluation.runner.evaluate) so a cancel
takes effect between chunks and the games played so far are reported; a sensitivity run
(yz_gym.design.sensitivity) and a balance search (yz_gym.design.balance), which a cancel stops
at their next chunk of games, with no result. Each counts its games for the page's progress bar
(a balance search's total grows round by round as it plans them); plots come back as PNG data."""

from __future__ import annotations

import base64
import re
import secrets
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Final

from yz_gym.core.registry import evaluation_of
from yz_gym.evaluation.runner import evaluate
from yz_gym.scenario.loading import LoadedScenario

PLAY: Final = partial(evaluate, report=None)  # plays an evaluation's games; its statistics are its mode's
MAX_GAMES: Final = 20_000  # games one studio evaluation may play
MAX_SENSITIVITY_GAMES: Final = 2_000  # games per change of a sensitivity run
MAX_BALANCE_GAMES: Final = 20_000  # the largest budget of a balance search
MAX_VARY: Final = 4  # --vary lines of one balance search
MAX_VARY_TEXT: Final = 300  # characters of one --vary line
CHUNK_GAMES: Final = 50  # games between two cancel checks
PROGRESS_GAMES: Final = 10  # games between two progress reports
KEPT: Final = 20  # finished jobs remembered for the page


class JobError(ValueError):
    """A job that cannot start (another is running, bad settings) or an unknown job id; the
    message starts with the field it is about."""


class Cancelled(Exception):
    """Raised inside a run when its job was cancelled."""


@dataclass
class Job:
    """One run: what it is, how far it is, and its result or its error when done."""

    id: str
    kind: str  # evaluate, sensitivity or balance
    games: int  # games to play in all (a sensitivity run: known once its changes are listed)
    done: int = 0
    state: str = "running"  # running, done, failed, cancelled
    step: str = ""  # what it plays now (a sensitivity run: the change)
    result: dict[str, Any] | None = None
    error: str = ""
    cancel: threading.Event = field(default_factory=threading.Event)

    def add(self, games: int) -> None:
        """Progress: `games` more games played."""
        self.done += games

    def count(self, games: int) -> None:
        """Progress, and a cancelled job stops here (raises Cancelled)."""
        self.add(games)
        if self.cancel.is_set():
            raise Cancelled

    def to_json(self) -> dict[str, Any]:
        """The job as the page polls it."""
        return {"id": self.id, "kind": self.kind, "games": self.games, "done": self.done, "state": self.state,
                "step": self.step, "result": self.result, "error": self.error}  # fmt: skip


def settings(
    games: Any, seed: Any, agents: Any, loaded: LoadedScenario, most: int = MAX_GAMES, games_field: str = "games"
) -> None:
    """Refuse a number of games (the field `games_field`), a seed, or agents that are not the
    scenario mode's scripted agents (MODE_AGENTS) for its sides."""
    sides, known = loaded.sides, loaded.mode.agents
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= most:
        raise JobError(f"{games_field}: give a whole number from 1 to {most:,}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise JobError("seed: give a whole number from 0")
    if not isinstance(agents, dict) or any(side not in sides for side in agents):
        raise JobError(f"agents: name sides of the scenario ({', '.join(sides)})")
    for side, agent in agents.items():
        if agent not in known:
            raise JobError(f"agents.{side}: {str(agent)[:20]!r}; give one of {', '.join(known)}")


def png_data(write: Callable[[Path], Any]) -> str:
    """A plot written by `write(path)`, as a data: URL the page shows in an <img>."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plot.png"
        write(path)
        return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


class Jobs:
    """The studio's jobs: at most one running; the last KEPT kept for polling."""

    def __init__(self, play: Callable[..., Any] = PLAY) -> None:
        self._play = play
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}
        self._thread: threading.Thread | None = None

    def evaluate(self, loaded: LoadedScenario, agents: dict[str, str], games: Any, seed: Any) -> Job:
        """Start evaluating a checked scenario."""
        settings(games, seed, agents, loaded)
        return self._start("evaluate", games, lambda job: self._evaluate(job, loaded, agents, seed))

    def sensitivity(self, loaded: LoadedScenario, agents: dict[str, str], games: Any, seed: Any, side: Any) -> Job:
        """Start a sensitivity run (every one-step change, `games` games each) of a checked scenario."""
        settings(games, seed, agents, loaded, MAX_SENSITIVITY_GAMES, "change_games")
        if side not in loaded.sides:
            raise JobError(f"side: give one of {', '.join(loaded.sides)}")
        return self._start("sensitivity", games, lambda job: _sensitivity(job, loaded, agents, games, seed, side))

    def balance(
        self, loaded: LoadedScenario, agents: dict[str, str], vary: Any, target: Any, metric: Any, side: Any,
        first: Any, budget: Any, seed: Any,
    ) -> Job:
        """Start a balance search of a checked scenario (`yz-gym balance`: the variants `vary`
        makes, raced towards `target`); every setting is checked before any game."""
        from yz_gym.design.balance import race_entries
        from yz_gym.design.variation import parse_variation

        settings(budget, seed, agents, loaded, MAX_BALANCE_GAMES, "balance.budget")
        if not isinstance(first, int) or isinstance(first, bool) or not 10 <= first <= budget:
            raise JobError("balance.games: give a whole number of games per variant from 10 to the budget")
        if not isinstance(vary, list) or not 1 <= len(vary) <= MAX_VARY or not all(isinstance(v, str) for v in vary):
            raise JobError(f"balance.vary: give 1 to {MAX_VARY} lines such as vipers.count=1..6")
        if any(len(v) > MAX_VARY_TEXT for v in vary):
            raise JobError(f"balance.vary: a line is longer than {MAX_VARY_TEXT} characters")
        if not isinstance(target, int | float) or isinstance(target, bool):
            raise JobError("balance.target: give a chance from 0 to 1, e.g. 0.6")
        if side not in loaded.sides:
            raise JobError(f"balance.side: give one of {', '.join(loaded.sides)}")
        try:
            variations = [parse_variation(line.strip(), loaded) for line in vary]
            made = race_entries(loaded, variations, float(target), str(metric), side, first, budget)
        except ValueError as err:  # the design tools name the command line's option: --vary, --target ...
            raise JobError(_option_field(str(err))) from None
        return self._start(
            "balance", first * len(made),
            lambda job: _balance(job, loaded, variations, float(target), str(metric), side, agents, seed, first, budget),
        )  # fmt: skip

    def get(self, job_id: str) -> Job:
        """A job by its id."""
        with self._lock:
            if job_id not in self._jobs:
                raise JobError(f"job: no job {job_id[:20]!r}; start a new one")
            return self._jobs[job_id]

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the running job to end (tests, shutdown)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _start(self, kind: str, games: int, work: Callable[[Job], dict[str, Any] | None]) -> Job:
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                raise JobError("job: another run is going on; wait for it or cancel it")
            job = Job(secrets.token_hex(8), kind, games)
            self._jobs[job.id] = job
            for old in list(self._jobs)[:-KEPT]:
                del self._jobs[old]
            self._thread = threading.Thread(target=_run, args=(job, work), daemon=True)
            self._thread.start()
        return job

    def _evaluate(self, job: Job, loaded: LoadedScenario, agents: dict[str, str], seed: int) -> dict[str, Any] | None:
        stats: Any = None
        for first in range(0, job.games, CHUNK_GAMES):
            if job.cancel.is_set():
                break
            size = min(CHUNK_GAMES, job.games - first)
            part, _ = self._play(loaded.data, agents, size, seed=seed, first=first, chunk=PROGRESS_GAMES, progress=job.add)
            stats = part if stats is None else _merged(stats, part)
            job.done = first + size
        if stats is None:
            return None
        report: dict[str, Any] = stats.to_json()
        difficulty = stats.difficulty() if hasattr(stats, "difficulty") else None  # an expedition has no rating
        report["difficulty_label"] = difficulty.label() if difficulty is not None else ""
        plot = evaluation_of(loaded.mode).report.plot
        report["plot"] = png_data(lambda path: plot(stats, path, agents)) if plot is not None else ""
        return report


def _merged(stats: Any, part: Any) -> Any:
    stats.merge(part)
    return stats


def _sensitivity(job: Job, loaded: LoadedScenario, agents: dict[str, str], games: int, seed: int, side: str) -> dict[str, Any]:
    from yz_gym.design.report import tornado
    from yz_gym.design.sensitivity import sensitivity

    def told(label: str, run: int, runs: int) -> None:
        job.games, job.step = games * runs, f"{label} ({run + 1} of {runs})"

    result = sensitivity(loaded, agents, games, side, seed, progress=job.count, on_change=told)
    job.step = "drawing the tornado plot"
    report = result.to_json()
    report["plot"] = png_data(lambda path: tornado(result, path)) if result.effects else ""
    return report


def _option_field(message: str) -> str:
    """`--vary x=1..9: what is wrong` as the studio's field error `balance.vary: x=1..9: what is wrong`."""
    found = re.match(r"--(\w+) ?", message)
    if found is None:
        return f"balance.vary: {message}"
    field = {"budget": "budget", "target": "target", "metric": "metric", "side": "side"}.get(found.group(1), "vary")
    return f"balance.{field}: {message[found.end():]}"


def _balance(
    job: Job, loaded: LoadedScenario, variations: list[Any], target: float, metric: str, side: str,
    agents: dict[str, str], seed: int, first: int, budget: int,
) -> dict[str, Any]:
    from yz_gym.design.balance import balance
    from yz_gym.design.report import scenario_yaml

    planned = 0

    def told(round_: int, alive: int, games: int, more: int) -> None:
        nonlocal planned
        planned += more
        job.games, job.step = planned, f"round {round_ + 1}: {alive} variant(s) x {games} games"

    found = balance(
        loaded, variations, target, metric, side, agents, seed, 1, first, budget, progress=job.count, on_round=told
    )
    report = found.to_json()
    report["labels"] = [c.variant.label for c in found.candidates]
    report["chosen_label"] = found.chosen.variant.label
    report["yaml"] = scenario_yaml(found, loaded.name)
    return report


def _run(job: Job, work: Callable[[Job], dict[str, Any] | None]) -> None:
    """Do a job's work, recording its result, its cancel or its failure."""
    try:
        job.result = work(job)
        job.state = "cancelled" if job.cancel.is_set() else "done"
    except Cancelled:
        job.state = "cancelled"
    except Exception as err:  # shown to the user on the page; the server keeps serving
        job.state, job.error = "failed", f"{type(err).__name__}: {err}"[:500]
