"""Output files: checked before the work that fills them, written atomically (complete on disk or
not there at all) with the mode a plain `open` would give, and the temporaries of killed writes
cleaned up.

A write goes to `.NAME.PID.XXXXXXXX.tmp` beside NAME, is flushed and fsynced, takes the mode of
the file it replaces (a new file: 0666 less the umask), is renamed over NAME, and the folder is
fsynced so the rename survives a crash. A temporary whose writer process is gone is stale."""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

MIN_FREE_BYTES = 1 << 20  # an output folder with less free space is refused before the work starts
STALE_SECONDS = 3600  # where process ids cannot be checked, a temporary this old is stale


class OutputError(ValueError):
    """An output path that cannot be written; the message names the option and the fix."""


def atomic_write_bytes(path: str | Path, data: bytes) -> Path:
    """Write to a temporary file beside `path`, fsync it, give it the mode of the file it replaces
    (or 0666 less the umask), rename it over `path` and fsync the folder."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            os.chmod(tmp, mode)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)
    return path


def atomic_write_text(path: str | Path, text: str) -> Path:
    """Atomically write UTF-8 text."""
    return atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: str | Path, data: Any) -> Path:
    """Atomically write pretty JSON."""
    return atomic_write_text(path, json.dumps(data, indent=2, sort_keys=False) + "\n")


def _mode_for(path: Path) -> int:
    """The permission bits of the file being replaced, else those `open` would give a new file."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return 0o666 & ~current_umask()


def current_umask() -> int:
    """The process umask (read from /proc on Linux, so no other thread sees it changed)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX; folders cannot be opened on Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def check_output(path: str | Path, option: str, make_folder: bool = False) -> Path:
    """Refuse, before any work, an output path that cannot be written: a folder, a device, a missing
    (unless `make_folder`) or read-only folder, or one with less than MIN_FREE_BYTES free. A real
    temporary file is created and removed, so read-only mounts and root's rights count too."""
    path = Path(path)
    if path.is_dir():
        raise OutputError(f"{option}: {path} is a folder; give a file path such as {path / 'out'}")
    if path.exists() and not path.is_file():
        raise OutputError(f"{option}: {path} is not a regular file; give a file path")
    folder = path.parent
    if make_folder:
        folder = next((p for p in (folder, *folder.parents) if p.exists()), Path("."))
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{option}: {folder} is a file, not a folder; choose another path")
    if not folder.is_dir():
        raise OutputError(f"{option}: folder {folder} does not exist; create it or choose another path")
    try:
        with tempfile.NamedTemporaryFile(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=folder):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise OutputError(
            f"{option}: cannot write in folder {folder} ({reason}); choose a writable folder"
        ) from None
    free = shutil.disk_usage(folder).free
    if free < MIN_FREE_BYTES:
        raise OutputError(
            f"{option}: only {free} bytes free in {folder}; free some space or choose another disk"
        )
    remove_stale_temporaries(folder, path.name)
    return path


def check_outputs(outputs: dict[str, str | Path | None]) -> None:
    """check_output for each {option: path} given (None = not asked for)."""
    for option, path in outputs.items():
        if path is not None:
            check_output(path, option)


def write_outputs(
    outputs: Iterable[tuple[str, Path | None, Callable[[Path], object]]],
    written: Callable[[str, Path], None],
) -> list[str]:
    """Write each (option, path, writer) on its own, so one failure does not stop the others;
    `written(option, path)` is told of each success. Returns one error message per failure."""
    errors = []
    for option, path, write in outputs:
        if path is None:
            continue
        try:
            write(path)
        except OSError as error:
            reason = error.strerror or type(error).__name__
            errors.append(
                f"{option}: could not write {path} ({reason}); choose a writable path with free space"
            )
        else:
            written(option, path)
    return errors


def remove_stale_temporaries(folder: str | Path, name: str = "*") -> list[Path]:
    """Delete the temporaries of writes to `folder`/`name` (a glob) whose writer was killed.

    Those of a live process (another writer in the same folder) are kept; a temporary without a
    process id, or where process ids cannot be checked, is stale after STALE_SECONDS."""
    removed = []
    for tmp in Path(folder).glob(f".{name}.*.tmp"):
        if tmp.is_file() and not _writer_alive(tmp):
            tmp.unlink(missing_ok=True)
            removed.append(tmp)
    return removed


def _writer_alive(tmp: Path) -> bool:
    """Whether the process that named this temporary (`.NAME.PID.XXXXXXXX.tmp`) may still write it."""
    parts = tmp.name.removesuffix(".tmp").rsplit(".", 2)
    pid = int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else 0
    if pid == os.getpid():
        return True
    if not pid or os.name != "posix":  # os.kill(pid, 0) would stop the process on Windows
        return time.time() - tmp.stat().st_mtime < STALE_SECONDS
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's live process
        return True
    return True
