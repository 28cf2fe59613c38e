"""Shared helpers of the mount tests: a horse, riders, and small games of A-E zones."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.helpers import fighter, game, scenario_dict
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action

NO = 3  # neither a success nor a bane
HORSE = {"name": "Bess", "strength": 4, "agility": 5}


def rider(name: str, side: str, zone: str, **extra: Any) -> dict[str, Any]:
    """A fighter on a copy of Bess."""
    return fighter(name, side, zone, mount=dict(HORSE), **extra)


def make(people, zones=("A", "B", "C", "D", "E"), rules=None, borders=None):
    """A game of `people` over `zones`, with no push or help questions."""
    data = scenario_dict(
        zones=zones,
        borders=borders,
        combatants=people,
        rules={"ask_push": False, "offer_help": False, **(rules or {})},
    )
    return game(data, 0)


def legal(state) -> set[Action]:
    """The legal actions now, as a set."""
    return set(engine.legal_actions(state))


def do(state, action: Action, rng: Any = None):
    """Apply `action` (with a fixed generator unless one is given)."""
    return engine.apply(state, action, rng if rng is not None else np.random.default_rng(0))


def roll_of(events) -> Any:
    """The first roll event."""
    return next(e for e in events if e.kind == "roll")
