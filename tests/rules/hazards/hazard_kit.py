"""A lone victim for the hazard tests, and a check that every event they see is catalogued."""

from __future__ import annotations

from typing import Any

from tests.helpers import by_name, fighter, game, scenario_dict
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.event_kinds import EVENTS
from yz_gym.rulesets.yze.state import Combatant, GameState

QUIET = {"ask_push": False, "offer_help": False, "stress_from_events": False}


def victim(rules: dict[str, Any] | None = None, **spec: Any) -> tuple[GameState, Combatant]:
    """Vic (Strength 3, Wits 3, no skills unless `spec` says) and a foe, in one zone."""
    vic = fighter("Vic", "red", "Lake", **spec)
    data = scenario_dict(zones=["Lake"], combatants=[vic, fighter("Foe", "blue", "Lake")],
                         rules={**QUIET, **(rules or {})})
    state = game(data)
    return state, by_name(state, "Vic")


def kinds(events: list[Event]) -> list[str]:
    """The kinds of `events`, each checked against the catalogue."""
    for event in events:
        problem = EVENTS.problem(event.kind, event.data)
        assert problem is None, problem
    return [e.kind for e in events]


def timed(c: Combatant) -> list[tuple[str, int]]:
    """The victim's timed conditions as (kind, left)."""
    return [(t.kind, t.left) for t in c.timed]
