"""Golden combat log: a seeded warehouse ambush, narrated, must read exactly as kept on file.

Regenerate after a deliberate rules change with: YZ_GYM_UPDATE_GOLDEN=1 python -m pytest tests/rules/test_golden_log.py
and read the diff like a session report before committing it."""

from __future__ import annotations

import os
from pathlib import Path

from yz_gym.evaluation.replay import record_game, replay_log

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "warehouse_ambush_seed7.txt"


def test_seeded_warehouse_ambush_reads_like_the_golden_session_report():
    replay = record_game("warehouse_ambush", {"crew": "tactical", "vipers": "tactical"}, seed=7)
    text = "\n".join(replay_log(replay)) + "\n"
    if os.environ.get("YZ_GYM_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text == expected, "the combat log changed; if the rules change was deliberate, regenerate the golden file"
