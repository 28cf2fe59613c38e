"""docs/dx3.md shows the `dx3_rules:` switches as they are declared."""

from __future__ import annotations

from pathlib import Path

from yz_gym.rulesets.dx3.options import DX3_RULES

DOC = Path(__file__).resolve().parents[2] / "docs" / "dx3.md"


def test_the_dx3_page_shows_every_switch_as_declared():
    text = DOC.read_text(encoding="utf-8")
    table = "\n".join(DX3_RULES.table())
    assert table in text, "docs/dx3.md: paste DX3_RULES.table() into 'The dx3_rules: switches'"
    assert len(DX3_RULES.switches) == 52
