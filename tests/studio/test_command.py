"""`yz-gym studio`: local by default, a non-local address only when asked, bad input one line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parents[2]


def _studio(*args: str, cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "yz_gym.cli", "studio", *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip


@pytest.mark.parametrize(
    ("args", "words"),
    [(["--host", "0.0.0.0"], "--host 0.0.0.0: not a local address"), (["--host", "192.168.1.5"], "--allow-remote"),
     (["no_such_folder"], "no_such_folder: not a folder"), (["--port", "70000"], "--port")],
)  # fmt: skip
def test_bad_settings_are_one_error_line(tmp_path: Path, args: list[str], words: str):
    process = _studio(*args, cwd=tmp_path)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2 and words in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith("error:")


def test_the_studio_serves_its_folder_on_127_0_0_1(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text((ROOT / "configs/scenarios/duel.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = _studio(".", "--port", str(port), cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/scenarios", timeout=5) as answer:
                    listed = answer.read().decode("utf-8")
                break
            except OSError:
                assert process.poll() is None, process.communicate()[1]
                assert time.monotonic() < deadline, "the studio did not answer"
                time.sleep(0.2)
        assert '"path":"mine.yaml"' in listed
        connections = subprocess.run(["ss", "-ltn"], capture_output=True, text=True).stdout if os.path.exists("/usr/bin/ss") else ""
        if connections:
            assert f"127.0.0.1:{port}" in connections and f"0.0.0.0:{port}" not in connections
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
