"""Test helpers: tiny scenarios built in code, and dice that show the faces a test asks for."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind


class FixedDice:
    """A stand-in generator whose dice show scripted faces, in order.

    Faces are given as ints (a die of `sides` sides, D6 by default) or (face, sides) pairs.
    Anything not scripted (shuffles, extra dice) falls back to a seeded real generator.
    """

    def __init__(self, faces: Iterable[int | tuple[int, int]] = (), seed: int = 0) -> None:
        self.faces: list[int | tuple[int, int]] = list(faces)
        self.real = np.random.default_rng(seed)

    def add(self, *faces: int | tuple[int, int]) -> FixedDice:
        """Script more faces."""
        self.faces.extend(faces)
        return self

    def _next(self) -> float:
        if not self.faces:
            return float(self.real.random())
        face = self.faces.pop(0)
        value, sides = (face, 6) if isinstance(face, int) else face
        return (value - 0.5) / sides

    def random(self, size: int | None = None) -> Any:
        if size is None:
            return self._next()
        return np.array([self._next() for _ in range(size)])

    def permutation(self, x: Any) -> Any:
        return np.asarray(x) if not isinstance(x, int) else np.arange(x)

    def shuffle(self, x: Any) -> None:
        """Leave the order as it is, as `permutation` does."""

    def integers(self, *args: Any, **kwargs: Any) -> Any:
        return self.real.integers(*args, **kwargs)


def fighter(name: str, side: str, zone: str, **extra: Any) -> dict[str, Any]:
    """A plain combatant: attributes 3, no skills, unless `extra` says otherwise."""
    spec: dict[str, Any] = {
        "name": name,
        "side": side,
        "zone": zone,
        "attributes": {"strength": 3, "agility": 3, "wits": 3, "empathy": 3},
    }
    spec.update(extra)
    return spec


def scenario_dict(
    zones: Sequence[str | dict[str, Any]] = ("A", "B"),
    borders: Sequence[dict[str, Any]] | None = None,
    combatants: Sequence[dict[str, Any]] = (),
    rules: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A scenario dict: zones in a line joined by open borders unless `borders` is given."""
    zone_specs = [{"name": z} if isinstance(z, str) else z for z in zones]
    names = [z["name"] for z in zone_specs]
    if borders is None:
        borders = [{"between": [a, b]} for a, b in itertools.pairwise(names)]
    data: dict[str, Any] = {
        "name": "test",
        "sides": ["red", "blue"],
        "rules": rules or {},
        "map": {"zones": zone_specs, "borders": list(borders)},
        "combatants": list(combatants)
        or [fighter("Red", "red", names[0]), fighter("Blue", "blue", names[-1])],
    }
    data.update(extra)
    return copy.deepcopy(data)


def game(data: dict[str, Any], rng: Any = 0) -> GameState:
    """A new game from a scenario dict."""
    return engine.new_game(build(data, "<test>"), rng)


def turn_of(state: GameState, name: str) -> GameState:
    """Give `name` the current turn: end other turns until it comes (no dice are rolled)."""
    for _ in range(200):
        actor = state.combatants[engine.current_actor(state)]
        if actor.name == name and engine.decision_kind(state) == "turn":
            return state
        engine.apply(state, Action(Kind.END_TURN), np.random.default_rng(0))
    raise AssertionError(f"{name} never got a turn")


def by_name(state: GameState, name: str):
    """The combatant called `name`."""
    return next(c for c in state.combatants if c.name == name)


def act(
    state: GameState,
    rng: Any,
    kind: Kind,
    target: str | None = None,
    zone: str | None = None,
    option: int = -1,
):
    """Apply an action given by names; returns the events."""
    t = by_name(state, target).id if target else -1
    z = [zz.name for zz in state.zone_map.zones].index(zone) if zone else -1
    return engine.apply(state, Action(kind, t, z, option), rng)


def kinds(events: Iterable[Any]) -> list[str]:
    """The kinds of a list of events."""
    return [e.kind for e in events]


def doc_section(doc: Path, title: str) -> list[str]:
    """The lines of `doc` under the heading that ends with `(title)`, up to the next heading."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    starts = [
        i for i, line in enumerate(lines) if line.startswith("#") and line.rstrip().endswith(f"({title})")
    ]
    assert len(starts) == 1, f"docs/{doc.name} needs one heading ending with ({title})"
    body = []
    for line in lines[starts[0] + 1 :]:
        if line.startswith("#"):
            break
        body.append(line)
    return body


def chase_error(data: dict[str, Any], origin: str = "c.yaml") -> str:
    """The one-line ScenarioError a chase file `data` raises (fails if none, or if it spans lines)."""
    import pytest

    from yz_gym.rulesets.yze.scenario.chase_builder import build_chase
    from yz_gym.scenario import ScenarioError

    with pytest.raises(ScenarioError) as err:
        build_chase(data, origin)
    message = str(err.value)
    assert "\n" not in message and message.startswith(f"{origin}: ")
    return message


def same_step(a: tuple[Any, ...], b: tuple[Any, ...]) -> None:
    """Two env step (or reset) results are equal, arrays and infos included."""
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        if isinstance(x, dict):
            assert x.keys() == y.keys()
            for key in x:
                np.testing.assert_array_equal(np.asarray(x[key], dtype=object), np.asarray(y[key], dtype=object))
        else:
            np.testing.assert_array_equal(x, y)


def play_fast_and_generic(fast: Any, generic: Any, steps: int, seed: int, illegal: int) -> int:
    """Step a learner env on its compiled step and its twin on the generic one (`_fast = None`) with the
    same actions, `illegal` now and then; the episodes they finished (every result compared)."""
    generic._fast = None
    same_step(fast.reset(seed=seed), generic.reset(seed=seed))
    rng = np.random.default_rng(seed)
    ends = 0
    for _ in range(steps):
        legal = np.flatnonzero(fast.action_masks())
        action = int(rng.choice(legal)) if rng.random() > 0.05 else illegal
        result = fast.step(action)
        same_step(result, generic.step(action))
        assert list(fast.log) == list(generic.log)
        if result[2] or result[3]:
            ends += 1
            same_step(fast.reset(), generic.reset())
    return ends
