"""The event catalogue: every event of many seeded games is a catalogued kind with declared data
keys; every catalogued kind is produced by those games or marked rare (and only then); every
catalogued kind is one the rules emit."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from tests.seeded_games import games, play
from yz_gym.core.event_catalogue import EventCatalogue, catalogue_of, register
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.event_kinds import EVENTS

RULES = Path(__file__).resolve().parents[2] / "yz_gym" / "rulesets" / "yze"
SEEDS = range(10)
RARE_IN_PLAY = (  # kinds that random play makes only now and then: one seeded game that makes each
    ("street_firefight", 11),  # interrupted: overwatch fire takes a combatant out (ACTN-OVERWATCH-02)
    ("chase_highway_pileup", 16),  # turn_lost: a skid (VEH-CRIT-02)
    ("technical_raid", 27),  # engine_started: a vehicle's engine is started (ACT-FAST-ENGINE)
)


@pytest.fixture(scope="module")
def produced() -> Counter[str]:
    """How often each kind occurs in the seeded random games of every bundled scenario; fails on
    the first event that does not fit the catalogue."""
    seen: Counter[str] = Counter()
    for played in [*games(SEEDS), *(play(name, seed) for name, seed in RARE_IN_PLAY)]:
        for event in played.events:
            problem = EVENTS.problem(event.kind, event.data)
            assert problem is None, f"{played.name} seed {played.seed}: {problem}"
            seen[event.kind] += 1
    return seen


def test_every_event_of_the_seeded_games_is_catalogued(produced: Counter[str]) -> None:
    assert sum(produced.values()) > 10_000 and len(produced) > 100


def test_every_catalogued_kind_is_produced_or_marked_rare(produced: Counter[str]) -> None:
    missing = sorted(k.name for k in EVENTS if not k.rare and k.name not in produced)
    assert not missing, f"no seeded game produces {missing}: mark them rare, saying when they happen"
    common = sorted(k.name for k in EVENTS if k.rare and k.name in produced)
    assert not common, f"{common} are marked rare but the seeded games produce them: drop the mark"


def _emitted_kinds() -> set[str]:
    """Every kind the rules name in an Event(...) call (both kinds of a conditional one), and the two
    event kinds each DailyNeed(...) names (hazards/needs.py emits them: went without, relieved)."""
    kinds: set[str] = set()
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            called = getattr(node.func, "id", None)
            if called == "Event":
                kinds |= {c.value for c in ast.walk(node.args[0]) if isinstance(c, ast.Constant)}
            elif called == "DailyNeed":
                kinds |= {c.value for c in node.args[-2:] if isinstance(c, ast.Constant)}
    return kinds


def test_the_catalogue_holds_exactly_the_kinds_the_rules_emit() -> None:
    emitted = _emitted_kinds()
    catalogued = {k.name for k in EVENTS}
    assert emitted - catalogued == set(), "uncatalogued kinds: add them to yz_gym/rulesets/yze/event_kinds.py"
    assert catalogued - emitted == set(), "catalogued kinds the rules never emit: remove them"
    assert len(catalogued) >= 140


def test_a_kind_declares_what_it_carries() -> None:
    assert EVENTS.problem("round", {"round": 2}) is None
    assert EVENTS.problem("hit", {"kind": "shoot"}) is None  # declared keys may be absent
    assert "undeclared data keys ['rnd']" in (EVENTS.problem("round", {"rnd": 2}) or "")
    assert "not in the yze catalogue" in (EVENTS.problem("rounds", None) or "")
    assert EVENTS.problem(Event("engaged", 0, 1).kind, None) is None
    assert catalogue_of("yze") is EVENTS and "round" in EVENTS and EVENTS["round"].keys == {"round"}


def test_a_catalogue_refuses_duplicates_and_vague_meanings() -> None:
    cat = EventCatalogue("test-ruleset")
    cat.add("a", "something happened", ("x",))
    with pytest.raises(ValueError, match="twice"):
        cat.add("a", "again")
    with pytest.raises(ValueError, match="one-line meaning"):
        cat.add("b", "")
    with pytest.raises(ValueError, match="registered twice"):
        register(EventCatalogue("yze"))
    with pytest.raises(KeyError, match="no event catalogue"):
        catalogue_of("dx3-unknown")
    assert len(cat) == 1 and [k.name for k in cat] == ["a"]
