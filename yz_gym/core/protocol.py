"""The game protocol: the rules calls every (ruleset, mode) answers, so envs, agents, evaluation and
the command line can play any registered game the same way.

A mode gives its functions as a GameRules record (the functions themselves, so a call through the
record costs what a direct call costs). States, scenarios and actions are the mode's own types."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from yz_gym.core.events import Event
from yz_gym.core.game import Outcome

State = Any  # a mode's game state (GameState, ChaseState ...)
Action = Any  # a mode's action (Action, ChaseAction ...)


@dataclass(frozen=True, slots=True)
class GameRules:
    """One mode's rules: start a game, ask who acts and what is legal, apply, end, describe, narrate."""

    new_game: Callable[..., State]  # (scenario, rng or seed) -> the game at its start
    current_actor: Callable[[State], int]  # the deciding person's index in people(state)
    legal_actions: Callable[[State], list[Action]]
    apply: Callable[..., list[Event]]  # (state, action, rng, legal=None) -> what happened
    is_over: Callable[[State], bool]
    outcome: Callable[[State], Outcome | None]  # the ending once over, else None
    describe: Callable[[State, Action], str]  # an action in words, as a menu shows it
    decision_kind: Callable[[State], str]  # what kind of decision is asked now (action, reaction ...)
    narrate: Callable[[State, Iterable[Event]], list[str]]  # events as log lines
    people: Callable[[State], Sequence[Any]]  # everyone in the game; each has .name and .side


__all__ = ["Action", "GameRules", "State"]
