"""docs/architecture.md, "Adding an action kind": its worked example is the real code, and the
`offer` hook it shows offers what the rules offer."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import fighter, game, scenario_dict, turn_of
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"


def _section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Adding an action kind\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", _section(), flags=re.S)


def test_the_quoted_code_is_the_code():
    quoted = _blocks("py")  # excerpts, each headed by the file it quotes
    assert len(quoted) == 4
    for block in quoted:
        path, _, body = block.partition("\n")
        source = (ROOT / path[2:].strip()).read_text(encoding="utf-8")
        assert body in source, f"docs/architecture.md quotes {path[2:]} as it no longer is"


def test_the_offer_hook_of_the_example_offers_what_legal_offers():
    (hook,) = [b for b in _blocks("python") if "def _get_up_offer(" in b]
    namespace: dict[str, object] = {}
    exec(compile(hook, "docs/architecture.md", "exec"), namespace)
    offer = namespace["_get_up_offer"]
    assert callable(offer)
    data = scenario_dict(combatants=[fighter("A", "red", "A"), fighter("B", "blue", "B")])
    for prone in (False, True):
        state = turn_of(game(data), "A")
        state.combatants[0].prone = prone
        listed = [a for a in engine.legal_actions(state) if a.kind == Kind.GET_UP]
        assert offer(state, state.combatants[0], None) == listed == ([Action(Kind.GET_UP)] if prone else [])
