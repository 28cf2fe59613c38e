"""What the Gymnasium and PettingZoo adapters share: loading, encoders, masks, agents, rules calls."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from pathlib import Path
from typing import Any

import numpy as np

from yz_gym.envs.action_space import N_ACTIONS, ActionCodec, describe_index
from yz_gym.envs.limits import check_scenario
from yz_gym.envs.masks import MaskCache
from yz_gym.envs.observation import ObservationEncoder
from yz_gym.rulesets.yze.state import GameState, Scenario
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action
from yz_gym.scenario import DEFAULT_SCENARIO
from yz_gym.scenario.loading import load

ScenarioSource = str | Path | dict[str, Any] | Scenario

LOG_LENGTH = 200  # events kept for render()
MAX_RESET_TRIES = 100  # deals of a game that ends before the learner decides anything


def render_log_length(render_mode: str | None) -> int:
    """How many recent events an env keeps: LOG_LENGTH for render(), none without a render mode."""
    return LOG_LENGTH if render_mode is not None else 0


class IllegalActionError(ValueError):
    """An action index that is not legal now (masked out); the message lists what is legal."""


def action_index(action: Any) -> int:
    """An action given as an integer (int, NumPy integer or 0-d integer array) as an int; anything
    else (a float, a bool, a string, None) is refused with IllegalActionError."""
    if type(action) is int:  # the common case first
        return action
    kind = getattr(action, "dtype", None)
    if kind is not None and getattr(action, "ndim", 1) == 0 and kind.kind in "iu":
        return int(action)
    if isinstance(action, int) and not isinstance(action, bool):
        return action
    shown = repr(action) if len(repr(action)) <= 40 else f"a {type(action).__name__}"
    raise IllegalActionError(
        f"action {shown} is a {type(action).__name__}, not an action index; give an integer "
        "(int or a NumPy integer), e.g. one of info['legal_actions']"
    )


def check_modes(illegal_action: str, render_mode: str | None, render_modes: list[str]) -> None:
    """Refuse an unknown illegal-action handling or render mode."""
    if illegal_action not in ("raise", "penalty"):
        raise ValueError(f"illegal_action must be 'raise' or 'penalty', not {illegal_action!r}")
    if render_mode is not None and render_mode not in render_modes:
        raise ValueError(f"render_mode must be one of {render_modes} or None")


def scenario_of(source: ScenarioSource | None) -> Scenario:
    """A checked Scenario from a bundled name, a YAML path, a dict, or a Scenario."""
    if source is None:
        source = DEFAULT_SCENARIO
    if not isinstance(source, Scenario):
        source = load(source, ("yze", "skirmish"), "yz_gym/Skirmish-v0").scenario
    scenario: Scenario = source
    check_scenario(scenario)
    return scenario


class Encoding:
    """A scenario's action codec and observation encoder, plus mask building."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.sides = [c.side for c in scenario.combatants]
        self.codec = ActionCodec(self.sides)
        self.observer = ObservationEncoder(scenario, self.codec.slot_of)
        self.masks = MaskCache(self.codec, N_ACTIONS)

    def mask(self, me: int, legal: list[Action]) -> tuple[np.ndarray, dict[int, Action]]:
        """The int8 mask of `legal` for actor `me`, and index -> Action for the legal ones.

        Both are cached and shared between calls: the mask is read-only, the dict not to be changed."""
        return self.masks.mask(me, legal)

    def illegal_message(self, state: GameState, me: int, index: int, by_index: dict[int, Action]) -> str:
        """Why `index` cannot be taken now, and what can."""
        name = state.combatants[me].name if 0 <= me < len(state.combatants) else "nobody"
        decoded = self.codec.decode(me, index) if isinstance(index, int) else None
        meaning = describe_index(index) if isinstance(index, int) else repr(index)
        if decoded is not None:
            with suppress(IndexError, KeyError):  # an index the codec reads but that fits no one here
                meaning += f" = '{engine.describe(state, decoded)}'"
        legal = "; ".join(f"{i}: {engine.describe(state, a)}" for i, a in sorted(by_index.items())[:15])
        more = " ..." if len(by_index) > 15 else ""
        return (
            f"action {index} ({meaning}) is not legal for {name} now "
            f"({engine.decision_kind(state)} decision); legal: {legal}{more}. "
            "Sample with info['action_mask'] / action_masks(), or make the env with "
            "illegal_action='penalty' (the default)"
        )


def resolve_side(scenario: Scenario, side: str | int | None) -> int:
    """A side's index from its name or index; None = the first side."""
    return side_index(scenario.setup.sides, side, scenario.setup.name)


def side_index(sides: list[str], side: str | int | None, where: str) -> int:
    """The index in `sides` of a side given by name or index; None = the first side."""
    if side is None:
        return 0
    if isinstance(side, int | np.integer) and 0 <= int(side) < len(sides):
        return int(side)
    if isinstance(side, str) and side in sides:
        return sides.index(side)
    raise ValueError(f"no side {side!r} in {where}; sides: {', '.join(sides)}")


def resolve_combatant(scenario: Scenario, who: str | int) -> int:
    """A combatant's id from its name or id."""
    names = [c.name for c in scenario.combatants]
    if isinstance(who, int | np.integer) and 0 <= int(who) < len(names):
        return int(who)
    if isinstance(who, str) and who in names:
        return names.index(who)
    raise ValueError(f"no combatant {who!r} in {scenario.setup.name}; combatants: {', '.join(names)}")


def specs_by_side(sides: list[str], opponents: Any, default_of: Callable[[int], Any]) -> dict[int, Any]:
    """Side index -> `opponents` (one spec for all) or its entry {side name: spec}, else default_of(index)."""
    if isinstance(opponents, Mapping):
        unknown = [s for s in opponents if s not in sides]
        if unknown:
            raise ValueError(f"opponents names unknown side(s) {unknown}; sides: {', '.join(sides)}")
        return {i: opponents.get(s, default_of(i)) for i, s in enumerate(sides)}
    return dict.fromkeys(range(len(sides)), opponents)
