"""The conformance suite's cases and checks, for every registered (ruleset, mode).

Everything here reaches a game only through its `Mode` (yz_gym.core.registry) and the mode's
`GameRules` (yz_gym/core/protocol.py), so a ruleset that registers a mode is checked like YZE's.
Besides the protocol, a state promises what the tools already use on every mode: `opening` (the
events of `new_game`), `clone()` (the advisor's rollouts, the replay page) and pickling.

This module imports no ruleset: the determinism test runs `digests()` in a fresh process, where only
registering the modes may bring in a ruleset's code (and its event catalogue).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import pickle
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import pytest

from yz_gym.core import registry
from yz_gym.core.ending import Termination
from yz_gym.core.errors import IllegalAction
from yz_gym.core.event_catalogue import CATALOGUES, catalogue_of
from yz_gym.core.events import Event
from yz_gym.core.game import Outcome
from yz_gym.core.registry import Mode
from yz_gym.scenario.loading import LoadedScenario, bundled, load

SEEDS: Final = (0, 1)  # random games per bundled scenario in the default suite
SLOW_SEEDS: Final = range(2, 22)  # and in the slow one
MAX_DECISIONS: Final = 20_000  # a random game longer than this does not end: a failure
PROBED: Final = 64  # actions seen earlier in a game that are tried again where they are not legal


def mode_id(mode: Mode) -> str:
    """A test id: "yze-chase"."""
    return f"{mode.ruleset}-{mode.name}"


def mode_params() -> list[Any]:
    """One pytest param per registered mode, read from the registry when the tests are collected."""
    return [pytest.param(mode, id=mode_id(mode)) for mode in registry.modes()]


def scenario_params(first_only: bool = False) -> list[Any]:
    """One pytest param per bundled scenario of every registered mode (its first one only)."""
    params = []
    for mode in registry.modes():
        names = bundled(mode)[:1] if first_only else bundled(mode)
        params += [pytest.param(mode, name, id=f"{mode_id(mode)}-{name}") for name in names]
    return params


@dataclass
class Game:
    """A game of one mode played by a random chooser: the state, the dice, the chooser's generator
    and every event so far (the opening first). Pickles whole, so a game goes on after a round trip."""

    mode: Mode
    loaded: LoadedScenario
    state: Any
    dice: np.random.Generator
    chooser: np.random.Generator
    events: list[Event] = field(default_factory=list)
    seen: list[Any] = field(default_factory=list)  # distinct actions legal earlier, to probe with
    decisions: int = 0

    @classmethod
    def start(cls, loaded: LoadedScenario, seed: int) -> Game:
        """A new game of `loaded` whose dice come from `seed` and choices from (seed, 1)."""
        dice = np.random.default_rng(seed)
        state = loaded.mode.rules.new_game(loaded.scenario, dice)
        game = cls(loaded.mode, loaded, state, dice, np.random.default_rng([seed, 1]))
        game.events = list(state.opening)
        return game

    @property
    def over(self) -> bool:
        """The game has ended."""
        return bool(self.mode.rules.is_over(self.state))

    def step(self, checked: bool = False) -> list[Event]:
        """One random legal decision applied; with `checked`, every invariant of a running game is
        asserted first and an action legal earlier but not now is refused with the state unchanged."""
        rules = self.mode.rules
        legal = rules.legal_actions(self.state)
        if checked:
            self._check_running(legal)
        action = legal[int(self.chooser.integers(len(legal)))]
        if action not in self.seen and len(self.seen) < PROBED:
            self.seen.append(action)
        events = rules.apply(self.state, action, self.dice, legal)
        self.events += events
        self.decisions += 1
        if checked:
            assert isinstance(events, list) and all(isinstance(e, Event) for e in events)
            assert all(isinstance(line, str) for line in rules.narrate(self.state, events))
        return events

    def finish(self, checked: bool = False) -> Game:
        """Play on to the end (a failure past MAX_DECISIONS)."""
        for _ in range(MAX_DECISIONS):
            if self.over:
                if checked:
                    self._check_over()
                return self
            self.step(checked)
        raise AssertionError(f"{self.loaded.name}: no end after {MAX_DECISIONS} random decisions")

    def digest(self) -> str:
        """The sha256 of every event so far, as JSON."""
        stream = json.dumps([e.to_json() for e in self.events], sort_keys=True)
        return hashlib.sha256(stream.encode()).hexdigest()

    def _check_running(self, legal: list[Any]) -> None:
        rules, state = self.mode.rules, self.state
        where = f"{self.loaded.name} decision {self.decisions}"
        assert rules.outcome(state) is None, f"{where}: an outcome before the end"
        actor = rules.current_actor(state)
        people = rules.people(state)
        assert isinstance(actor, int) and 0 <= actor < len(people), f"{where}: actor {actor} is nobody"
        assert legal, f"{where}: no legal action while the game runs"
        assert isinstance(rules.decision_kind(state), str) and rules.decision_kind(state)
        assert all(isinstance(rules.describe(state, a), str) and rules.describe(state, a) for a in legal)
        illegal = next((a for a in self.seen if a not in legal), None)
        if illegal is not None:
            before, dice = pickle.dumps(state), self.dice.bit_generator.state
            with pytest.raises(IllegalAction):
                rules.apply(state, illegal, self.dice)
            assert pickle.dumps(state) == before, f"{where}: a refused action changed the state"
            assert self.dice.bit_generator.state == dice, f"{where}: a refused action rolled dice"

    def _check_over(self) -> None:
        rules, state = self.mode.rules, self.state
        result = rules.outcome(state)
        assert isinstance(result, Outcome), f"{self.loaded.name}: over without an outcome"
        assert isinstance(result.termination, Termination) and result.termination != Termination.NONE
        assert result.winner is None or result.winner in self.loaded.sides
        assert isinstance(result.reason, str) and result.reason and result.rounds >= 0
        assert rules.legal_actions(state) == []
        if self.seen:
            with pytest.raises(IllegalAction):
                rules.apply(state, self.seen[0], self.dice)

    def copy(self, how: str) -> Game:
        """The game after a pickle round trip ("pickle"), or with its state cloned and its generators
        copied ("clone")."""
        if how == "pickle":
            copied: Game = pickle.loads(pickle.dumps(self))
            return copied
        dice, chooser = pickle.loads(pickle.dumps((self.dice, self.chooser)))
        state = self.state.clone()
        return Game(
            self.mode, self.loaded, state, dice, chooser, list(self.events), list(self.seen), self.decisions
        )


def play_checked(loaded: LoadedScenario, seeds: tuple[int, ...] | range) -> None:
    """Random games of `loaded` from each seed, every invariant and every event checked."""
    for seed in seeds:
        game = Game.start(loaded, seed).finish(checked=True)
        problems = uncatalogued(loaded.mode, game.events)
        assert not problems, f"{loaded.name} seed {seed}: {problems}"


def check_copies(loaded: LoadedScenario, seed: int) -> None:
    """A game pickled, or cloned, halfway through plays on exactly as the original does."""
    length = Game.start(loaded, seed).finish().decisions
    for how in ("pickle", "clone"):
        game = Game.start(loaded, seed)
        while game.decisions < length // 2:
            game.step()
        copy = game.copy(how)
        assert copy.state is not game.state
        copy.finish()
        game.finish()
        assert copy.events == game.events and copy.decisions == length, f"{how} at decision {length // 2}"
        assert loaded.mode.rules.outcome(copy.state) == loaded.mode.rules.outcome(game.state)


def uncatalogued(mode: Mode, events: list[Event]) -> list[str]:
    """What is wrong with each event that does not fit its ruleset's catalogue (kind, data keys)."""
    catalogue = catalogue_of(mode.ruleset)
    problems = (catalogue.problem(e.kind, e.data) for e in events)
    return sorted({p for p in problems if p is not None})


def cases(seeds: tuple[int, ...] | range = SEEDS) -> Iterator[tuple[Mode, str, int]]:
    """(mode, bundled scenario, seed) for every registered mode."""
    for mode in registry.modes():
        for name in bundled(mode):
            for seed in seeds:
                yield mode, name, seed


def digests(seeds: tuple[int, ...] | range = SEEDS) -> dict[str, str]:
    """The event digest of every random game of `cases(seeds)`, by "ruleset/mode/scenario/seed"."""
    return {
        f"{mode.ruleset}/{mode.name}/{name}/{seed}": Game.start(load(name), seed).finish().digest()
        for mode, name, seed in cases(seeds)
    }


def aec_factory(mode: Mode) -> Callable[..., Any]:
    """The function that makes the mode's PettingZoo AEC env (its `aec_env`, "module:function")."""
    module, _, name = mode.aec_env.partition(":")
    factory = getattr(importlib.import_module(module), name)
    assert callable(factory), f"{mode.label}: aec_env {mode.aec_env} is not callable"
    return factory  # type: ignore[no-any-return]


def golden_logs(mode: Mode) -> list[str]:
    """The golden logs of tests/rules/test_golden_log.py GAMES that play `mode` and exist on file."""
    from tests.rules.test_golden_log import GAMES, GOLDEN_DIR

    return [
        g.file for g in GAMES if load(g.scenario).mode.key == mode.key and (GOLDEN_DIR / g.file).is_file()
    ]


def gaps(mode: Mode) -> list[str]:
    """What a registered mode lacks that the suite needs: bundled scenarios, a golden log, the envs
    it names (a mode may have none yet: `gym_env` and `aec_env` both empty, and the env tests skip
    it) and its ruleset's event catalogue (one line each; [] when it has everything)."""
    import gymnasium

    import yz_gym  # noqa: F401  registers the Gymnasium ids

    found = []
    if not bundled(mode):
        found.append(f"{mode.label}: no bundled scenario (configs/scenarios/*.yaml with mode: {mode.name})")
    if not golden_logs(mode):
        found.append(f"{mode.label}: no golden log in tests/rules/test_golden_log.py GAMES")
    if (mode.gym_env or mode.aec_env) and mode.gym_env not in gymnasium.registry:
        found.append(f"{mode.label}: gym_env {mode.gym_env!r} is no registered Gymnasium id")
    if mode.gym_env and not mode.aec_env:
        found.append(f"{mode.label}: no aec_env (the 'module:function' making its PettingZoo env)")
    if mode.ruleset not in CATALOGUES:
        found.append(f"{mode.label}: ruleset {mode.ruleset} registered no event catalogue")
    return found
