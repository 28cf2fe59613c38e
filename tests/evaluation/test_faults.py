"""Evaluations that survive faults: a stopped run reports what it played, a dead worker costs only
its chunk (played once more), workers never outlive their parent, and output paths are checked
before the first game."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from yz_gym.cli import app
from yz_gym.evaluation import runner as runner_module
from yz_gym.evaluation.runner import CHUNK, Interruption, evaluate, play_chunk, worker_count

RANDOM = {"ilsa": "random", "brann": "random"}  # fast agents for every side of the duel
RANDOM_ARGS = ["--policy", "ilsa=random", "--policy", "brann=random"]
linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
forked = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork",
    reason="workers see this test's monkeypatch only when forked",
)


def children_of(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is `pid`, from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def running(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie waiting to be reaped is not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_until(condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_workers_are_capped_at_the_number_of_chunks():
    assert worker_count(40, 8) == 1 and worker_count(CHUNK + 1, 8) == 2 and worker_count(10 * CHUNK, 4) == 4


def die_on_first_try(marker: Path, episode: int):
    """A play_game whose worker is SIGKILLed the first time it is to play `episode`."""
    real = runner_module.play_game

    def play(scenario, policies, seed, game, fight_policies=None, mode=None):
        if game == episode and not marker.exists():
            marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return real(scenario, policies, seed, game, fight_policies, mode)

    return play


@forked
def test_a_killed_worker_costs_nothing_its_chunk_is_played_again(tmp_path, monkeypatch):
    clean, _ = evaluate("duel", RANDOM, 3 * CHUNK, seed=5, workers=1)
    monkeypatch.setattr(runner_module, "play_game", die_on_first_try(tmp_path / "died", CHUNK + 50))
    stats, interruption = evaluate("duel", RANDOM, 3 * CHUNK, seed=5, workers=2)
    assert (tmp_path / "died").exists(), "the worker was never killed"
    assert not interruption and interruption.exit_code == 0
    assert stats.to_json() == clean.to_json()  # byte-identical report, as if nothing happened
    assert multiprocessing.active_children() == []


@forked
def test_a_chunk_whose_worker_dies_twice_is_reported_and_the_other_games_kept(monkeypatch):
    kept = play_chunk("duel", RANDOM, 5, 0, CHUNK)
    kept.merge(play_chunk("duel", RANDOM, 5, 2 * CHUNK, 3 * CHUNK))
    real = runner_module.play_game

    def always_dies(scenario, policies, seed, game, fight_policies=None, mode=None):
        if game == CHUNK + 50:
            os._exit(1)
        return real(scenario, policies, seed, game, fight_policies, mode)

    monkeypatch.setattr(runner_module, "play_game", always_dies)
    stats, interruption = evaluate("duel", RANDOM, 3 * CHUNK, seed=5, workers=2)
    assert interruption.lost == ((CHUNK, 2 * CHUNK),) and not interruption.stopped_by
    assert interruption.exit_code == 1
    assert interruption.to_json() == {"interrupted": True, "lost_games": [[CHUNK, 2 * CHUNK]]}
    assert stats.to_json() == kept.to_json()
    assert "games 100-199 lost" in interruption.describe(stats.games, 3 * CHUNK)


@forked
def test_an_error_in_a_worker_reaches_the_caller_and_stops_the_others(monkeypatch):
    def broken(*_):
        raise ValueError("policy file trained for other spaces")

    monkeypatch.setattr(runner_module, "play_game", broken)
    with pytest.raises(ValueError, match="other spaces"):
        evaluate("duel", RANDOM, 3 * CHUNK, seed=5, workers=2)
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize(("workers", "stop"), [(1, signal.SIGTERM), (2, signal.SIGINT)])
def test_a_stop_signal_ends_the_run_with_the_games_played(workers, stop):
    sent = []

    def progress(games):
        if not sent:
            sent.append(games)
            os.kill(os.getpid(), stop)

    stats, interruption = evaluate("duel", RANDOM, 20 * CHUNK, seed=2, workers=workers, progress=progress)
    assert interruption.stopped_by == stop.name and interruption.exit_code == 128 + stop
    assert interruption.to_json() == {"interrupted": True, "stopped_by": stop.name}
    assert CHUNK <= stats.games < 20 * CHUNK
    if workers == 1:
        assert stats.games == CHUNK  # stopped before the next game
    assert multiprocessing.active_children() == []
    # The evaluation's own stop recorder is gone again. (In full-suite runs the SIGINT case has been
    # seen to leave SIG_IGN behind, never reproduced alone: tracked in the session notes.)
    handler = signal.getsignal(stop)
    assert getattr(handler, "__qualname__", "") != "_StopSignals._record", handler


@forked
def test_stopped_workers_send_the_games_of_their_unfinished_chunks(monkeypatch):
    real = runner_module.play_game

    def slow_then_stop(scenario, policies, seed, game, fight_policies=None, mode=None):
        if game == CHUNK + 30:  # a worker, mid-chunk, has its parent stopped
            os.kill(os.getppid(), signal.SIGTERM)
        time.sleep(0.02)  # games long enough that no chunk ends before the stop reaches it
        return real(scenario, policies, seed, game, fight_policies, mode)

    monkeypatch.setattr(runner_module, "play_game", slow_then_stop)
    batches: list[int] = []
    stats, interruption = evaluate("duel", RANDOM, 20 * CHUNK, seed=2, workers=2, progress=batches.append)
    assert interruption.stopped_by == "SIGTERM"
    assert len(batches) == 2 and all(0 < n < CHUNK for n in batches), batches  # both partial chunks kept
    assert stats.games == sum(batches) > 30 and sum(stats.rounds.values()) == stats.games
    assert multiprocessing.active_children() == []


def start_evaluation(*extra: str, watch: bool = False) -> subprocess.Popen:
    """`evaluate duel -w 2` on far more games than the test will wait for, in its own session
    (`watch`: the workers use the parent-watching thread, as where there is no PR_SET_PDEATHSIG)."""
    arguments = ["evaluate", "duel", "-n", "200000", "-w", "2", *RANDOM_ARGS, *extra]
    no_pdeathsig = (
        "import threading, yz_gym.evaluation.runner as r; "
        "r._die_with_parent = lambda parent: threading.Thread(target=r._watch_parent, args=(parent,), daemon=True).start(); "
    )
    code = (
        f"import sys; {no_pdeathsig if watch else ''}from yz_gym.cli import main; "
        f"sys.argv = ['yz-gym', *{arguments!r}]; main()"
    )
    return subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=Path(__file__).parents[2],
    )


def end_group(parent: subprocess.Popen) -> None:
    """Whatever the test found, leave nothing of the evaluation's process group running."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(parent.pid, signal.SIGKILL)
    parent.wait(timeout=10)


def two_workers(parent: subprocess.Popen) -> list[int]:
    """Wait until the evaluation runs its two workers; their pids."""
    assert wait_until(lambda: len(children_of(parent.pid)) == 2, 60), "the workers never started"
    return children_of(parent.pid)


@linux_only
def test_sigterm_to_the_parent_writes_a_partial_report_and_leaves_no_process(tmp_path):
    out = tmp_path / "r.json"
    parent = start_evaluation("--json", str(out))
    try:
        workers = two_workers(parent)
        time.sleep(2)  # let a few chunks finish
        parent.send_signal(signal.SIGTERM)
        stdout, stderr = parent.communicate(timeout=30)
        left_behind = [pid for pid in workers if running(pid)]
    finally:
        end_group(parent)
    assert not left_behind
    assert parent.returncode == 143, stderr
    report = json.loads(out.read_text())
    assert report["interrupted"] is True and report["stopped_by"] == "SIGTERM"
    assert 0 < report["games"] < 200000  # the workers' unfinished chunks count up to the stop
    assert sum(report["rounds"]["distribution"].values()) == report["games"]
    assert "(interrupted)" in stdout and "interrupted by SIGTERM" in stderr


@linux_only
@pytest.mark.parametrize("watch", [False, True])  # True: no PR_SET_PDEATHSIG (macOS...), a watching thread
def test_workers_end_on_their_own_when_the_parent_is_sigkilled(watch):
    parent = start_evaluation(watch=watch)
    try:
        workers = two_workers(parent)
        parent.kill()
        parent.wait(timeout=10)
        assert wait_until(lambda: not [pid for pid in workers if running(pid)], 5), "orphaned workers"
    finally:
        end_group(parent)


cli = CliRunner()


@pytest.fixture
def games_played(monkeypatch):
    """Count the games the evaluation plays (in this process: one worker)."""
    played = []
    real = runner_module.play_game

    def counting(*args, **kwargs):
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(runner_module, "play_game", counting)
    return played


@pytest.mark.parametrize("option", ["--json", "--plot"])
def test_an_unwritable_output_fails_before_the_first_game(tmp_path, games_played, option):
    missing = tmp_path / "no_folder" / "out"
    result = cli.invoke(app, ["evaluate", "duel", "-n", "500", *RANDOM_ARGS, option, str(missing)])
    assert result.exit_code == 2 and games_played == []
    errors = [line for line in result.output.splitlines() if "error:" in line]
    assert len(errors) == 1 and option in errors[0] and "create it" in errors[0], result.output
    result = cli.invoke(app, ["evaluate", "duel", "-n", "500", *RANDOM_ARGS, option, str(tmp_path)])
    assert result.exit_code == 2 and games_played == [] and "is a folder" in result.output


def test_the_plot_is_written_when_the_json_fails(tmp_path, monkeypatch):
    from yz_gym import io

    def full_disk(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(io, "atomic_write_json", full_disk)
    png = tmp_path / "r.png"
    result = cli.invoke(
        app,
        [
            "evaluate",
            "duel",
            "-n",
            "20",
            *RANDOM_ARGS,
            "--json",
            str(tmp_path / "r.json"),
            "--plot",
            str(png),
        ],
    )
    assert result.exit_code == 2
    assert png.read_bytes()[:4] == b"\x89PNG" and "plot written to" in result.output
    assert "error: --json: could not write" in result.output and "No space left" in result.output


def test_log_replay_and_play_check_their_outputs_first(tmp_path):
    missing = str(tmp_path / "no_folder" / "x")
    for args in (
        ["log", "duel", "--save", missing],
        ["replay", "whatever.jsonl", "--html", missing],
        ["play", "duel", "--save", missing],
        ["play", "duel", "--save-state", str(tmp_path)],
    ):
        result = cli.invoke(app, args, input="")
        assert result.exit_code == 2 and "error: --" in result.output, (args, result.output)
        assert "Initiative" not in result.output  # no game was played or shown


def test_an_interruption_is_false_only_for_a_complete_run():
    assert not Interruption() and Interruption().to_json() == {"interrupted": False}
    assert Interruption("SIGTERM").exit_code == 143 and Interruption("SIGINT").exit_code == 130
    assert "by SIGINT: 5 of 9 games" in Interruption("SIGINT").describe(5, 9)
