"""Output files: the mode a plain open would give, atomic replacement, checks before the work, and
the temporaries of killed writes cleaned up."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from yz_gym import io
from yz_gym.io import (
    OutputError,
    atomic_write_bytes,
    atomic_write_json,
    check_output,
    remove_stale_temporaries,
    write_outputs,
)


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask():
    """Set a umask for one test, then put the old one back."""
    old = os.umask(0o022)
    os.umask(old)
    yield lambda value: os.umask(value)
    os.umask(old)


@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_output_gets_the_umask_mode(tmp_path, umask, mask, expected):
    umask(mask)
    assert io.current_umask() == mask
    path = atomic_write_json(tmp_path / "r.json", {"games": 1})
    assert mode(path) == expected


def test_overwriting_keeps_the_existing_file_mode(tmp_path, umask):
    umask(0o077)
    path = tmp_path / "r.json"
    path.write_text("old")
    path.chmod(0o644)
    atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"new" and mode(path) == 0o644
    path.chmod(0o640)
    atomic_write_bytes(path, b"newer")
    assert mode(path) == 0o640
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    path.write_text("complete")

    def full_disk(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(io.os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        atomic_write_bytes(path, b"half")
    assert path.read_text() == "complete"
    assert not list(tmp_path.glob(".*.tmp"))


def test_unwritable_outputs_are_refused_with_the_option_and_a_fix(tmp_path):
    with pytest.raises(OutputError, match=r"--json: folder .*missing does not exist; create it"):
        check_output(tmp_path / "missing" / "r.json", "--json")
    with pytest.raises(OutputError, match=r"--plot: .* is a folder; give a file path"):
        check_output(tmp_path, "--plot")
    with pytest.raises(OutputError, match=r"--json: .*null is not a regular file"):
        check_output("/dev/null", "--json")
    with pytest.raises(OutputError, match=r"--save: cannot write in folder /proc .*choose a writable folder"):
        check_output("/proc/r.jsonl", "--save")  # a read-only file system, even for root
    assert check_output(tmp_path / "new" / "deeper" / "m.zip", "--output", make_folder=True)
    assert not (tmp_path / "new").exists()  # checking creates nothing
    assert check_output(tmp_path / "r.json", "--json") == tmp_path / "r.json"
    assert not list(tmp_path.iterdir())  # the probe file is gone


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes in read-only folders")
def test_a_read_only_folder_is_refused(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(OutputError, match="--json: cannot write in folder"):
            check_output(folder / "r.json", "--json")
    finally:
        folder.chmod(0o700)


def test_a_nearly_full_disk_is_refused(tmp_path, monkeypatch):
    usage = io.shutil.disk_usage(tmp_path)
    monkeypatch.setattr(io.shutil, "disk_usage", lambda _: usage._replace(free=io.MIN_FREE_BYTES - 1))
    with pytest.raises(OutputError, match=r"--plot: only \d+ bytes free"):
        check_output(tmp_path / "r.png", "--plot")


def test_each_output_is_written_even_when_another_fails(tmp_path):
    done = []
    bad = tmp_path / "gone" / "r.json"

    def refuse(path):
        raise PermissionError(13, "Permission denied", str(path))

    errors = write_outputs(
        [
            ("--json", bad, refuse),
            ("--html", None, refuse),
            ("--plot", tmp_path / "r.png", lambda p: atomic_write_bytes(p, b"png")),
        ],
        lambda option, path: done.append(option),
    )
    assert done == ["--plot"] and (tmp_path / "r.png").read_bytes() == b"png"
    assert errors == [
        f"--json: could not write {bad} (Permission denied); choose a writable path with free space"
    ]


def test_only_the_temporaries_of_dead_writers_are_removed(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True)
    dead_pid = int(dead.stdout)
    stale = tmp_path / f".latest.zip.{dead_pid}.abcd1234.tmp"
    live = tmp_path / f".latest.zip.{os.getppid()}.efgh5678.tmp"
    mine = tmp_path / f".latest.zip.{os.getpid()}.ijkl9012.tmp"
    old_form = tmp_path / ".progress.csv.k2j4h5g6.tmp"
    fresh_old_form = tmp_path / ".config.json.a1b2c3d4.tmp"
    user_file = tmp_path / "notes.tmp"
    for path in (stale, live, mine, old_form, fresh_old_form, user_file):
        path.write_bytes(b"x")
    os.utime(old_form, (0, 0))
    assert sorted(remove_stale_temporaries(tmp_path)) == sorted([stale, old_form])
    assert live.exists() and mine.exists() and fresh_old_form.exists() and user_file.exists()
    stale.write_bytes(b"x")
    assert remove_stale_temporaries(tmp_path, "other.json") == []
    check_output(tmp_path / "latest.zip", "--save")  # checking an output cleans its stale temporaries
    assert not stale.exists()
