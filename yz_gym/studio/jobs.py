"""Evaluations the page starts and polls: one at a time in a background thread, played in chunks
through the evaluation runner (yz_gym.evaluation.runner.evaluate) so its progress is counted game
by game and a cancel takes effect between chunks."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from yz_gym.evaluation.runner import evaluate

MAX_GAMES: Final = 20_000  # games one studio evaluation may play
CHUNK_GAMES: Final = 50  # games between two cancel checks
PROGRESS_GAMES: Final = 10  # games between two progress reports
KEPT: Final = 20  # finished jobs remembered for the page
AGENTS: Final = ("random", "aggressive", "tactical")


class JobError(ValueError):
    """A job that cannot start (another is running, bad settings) or an unknown job id."""


@dataclass
class Job:
    """One evaluation: how far it is, and its report (stats.to_json) or its error when done."""

    id: str
    games: int
    done: int = 0
    state: str = "running"  # running, done, failed, cancelled
    result: dict[str, Any] | None = None
    error: str = ""
    cancel: threading.Event = field(default_factory=threading.Event)

    def count(self, games: int) -> None:
        """Progress: `games` more games played."""
        self.done += games

    def to_json(self) -> dict[str, Any]:
        """The job as the page polls it."""
        return {"id": self.id, "games": self.games, "done": self.done, "state": self.state,
                "result": self.result, "error": self.error}  # fmt: skip


class Jobs:
    """The studio's jobs: at most one running; the last KEPT kept for polling."""

    def __init__(self, play: Callable[..., Any] = evaluate) -> None:
        self._play = play
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}
        self._thread: threading.Thread | None = None

    def start(self, data: dict[str, Any], agents: dict[str, str], games: int, seed: int) -> Job:
        """Start evaluating a checked scenario's data; refused while another job runs."""
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise JobError(f"games: give a whole number from 1 to {MAX_GAMES:,}")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise JobError("seed: give a whole number from 0")
        for side, agent in agents.items():
            if agent not in AGENTS:
                raise JobError(f"agents.{side}: {str(agent)[:20]!r}; give one of {', '.join(AGENTS)}")
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                raise JobError("an evaluation is running; wait for it or cancel it")
            job = Job(secrets.token_hex(8), games)
            self._jobs[job.id] = job
            for old in list(self._jobs)[:-KEPT]:
                del self._jobs[old]
            self._thread = threading.Thread(target=self._run, args=(job, data, agents, seed), daemon=True)
            self._thread.start()
        return job

    def get(self, job_id: str) -> Job:
        """A job by its id."""
        with self._lock:
            if job_id not in self._jobs:
                raise JobError(f"no job {job_id[:20]!r}; start an evaluation")
            return self._jobs[job_id]

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the running job to end (tests, shutdown)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _run(self, job: Job, data: dict[str, Any], agents: dict[str, str], seed: int) -> None:
        stats: Any = None
        try:
            for first in range(0, job.games, CHUNK_GAMES):
                if job.cancel.is_set():
                    job.state = "cancelled"
                    break
                size = min(CHUNK_GAMES, job.games - first)
                part, _ = self._play(data, agents, size, seed=seed, first=first, chunk=PROGRESS_GAMES,
                                     progress=job.count)  # fmt: skip
                if stats is None:
                    stats = part
                else:
                    stats.merge(part)
                job.done = first + size
            if stats is not None:
                report = stats.to_json()
                difficulty = stats.difficulty()
                report["difficulty_label"] = difficulty.label() if difficulty is not None else ""
                job.result = report
            if job.state == "running":
                job.state = "done"
        except Exception as err:  # shown to the user on the page; the server keeps serving
            job.state, job.error = "failed", f"{type(err).__name__}: {err}"[:500]
