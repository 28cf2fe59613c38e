"""Saved games: a self-contained JSONL replay (scenario, seed, every decision and its events).

A replay is re-simulated from the scenario and seed; the stored events are checked against the
re-simulation, so a replay that does not match the current rules is reported, not trusted. A
loaded replay's `actor` and `text` fields come from the re-simulation, never from the file, and
the file is read within the limits of scenario/reading.py: a replay is safe to open."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from yz_gym.core.events import Event
from yz_gym.io import atomic_write_text
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import LoadedScenario, build_data, load
from yz_gym.scenario.reading import (
    MAX_REPLAY_BYTES,
    MAX_REPLAY_LINES,
    MAX_SEED,
    ReadError,
    check_shape,
    preview,
    read_text,
)

SCHEMA_VERSION = 1
KIND = "yz_gym.replay"
GAME = ("yze", "skirmish")  # the (ruleset, mode) a replay records (yz_gym.core.registry)


class ReplayError(ValueError):
    """A replay file that cannot be read or does not re-simulate; the message says which line."""


@dataclass(slots=True)
class Step:
    """One decision: who took it, what it was, and what happened."""

    actor: int
    action: Action
    text: str
    events: list[Event]


@dataclass(slots=True)
class Replay:
    """A whole recorded game."""

    scenario: dict[str, Any]
    seed: int
    policies: dict[str, str]
    opening: list[Event]
    steps: list[Step]

    def new_game(self, origin: str = "<replay scenario>") -> tuple[GameState, np.random.Generator]:
        """The game at its start, with the generator that drives it."""
        rng = np.random.default_rng(self.seed)
        return engine.new_game(build_data(self.scenario, origin, GAME, "a replay").scenario, rng), rng

    def state_at(self, step: int) -> tuple[GameState, np.random.Generator]:
        """The game just before decision number `step` (0 = the first decision)."""
        if not 0 <= step <= len(self.steps):
            raise ReplayError(f"step {step} is outside the replay (0-{len(self.steps)})")
        state, rng = self.new_game()
        for k, recorded in enumerate(self.steps[:step]):
            events = engine.apply(state, recorded.action, rng)
            if not same_events(events, recorded.events):
                raise ReplayError(
                    f"step {k}: the re-simulated events differ from the recorded ones (rules changed?)"
                )
        return state, rng

    def save(self, path: str | Path) -> Path:
        """Write the replay atomically as JSONL: a header line, then one line per decision."""
        header = {
            "schema_version": SCHEMA_VERSION,
            "kind": KIND,
            "scenario": self.scenario,
            "seed": self.seed,
            "policies": self.policies,
            "opening": [e.to_json() for e in self.opening],
        }
        lines = [json.dumps(header)]
        for k, s in enumerate(self.steps):
            lines.append(
                json.dumps(
                    {
                        "step": k,
                        "actor": s.actor,
                        "action": [int(s.action.kind), *s.action[1:]],
                        "text": s.text,
                        "events": [e.to_json() for e in s.events],
                    }
                )
            )
        return atomic_write_text(path, "\n".join(lines) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read a replay written by `save`, checked line by line and re-simulated (see `checked`)."""
        path = Path(path)
        try:
            lines = read_text(path, MAX_REPLAY_BYTES, "replay").splitlines()
        except ReadError as err:
            raise ReplayError(str(err)) from None
        if len(lines) > MAX_REPLAY_LINES:
            raise ReplayError(f"{path}: more than {MAX_REPLAY_LINES:,} lines; is it the right file?")
        header = _row(path, 1, lines[0] if lines else "", "the first line must be a JSON header object")
        if header.get("kind") != KIND:
            raise ReplayError(f"{path}:1: not a yz_gym replay (kind is {preview(header.get('kind'))})")
        if header.get("schema_version") != SCHEMA_VERSION:
            raise ReplayError(
                f"{path}:1: replay schema version {preview(header.get('schema_version'))}; "
                f"this yz_gym reads {SCHEMA_VERSION}"
            )
        scenario = header.get("scenario")
        if not isinstance(scenario, dict):
            raise ReplayError(
                f"{path}:1: scenario: got {preview(scenario)}; a replay carries its scenario mapping"
            )
        seed = header.get("seed")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise ReplayError(
                f"{path}:1: seed: got {preview(seed)}; give a whole number from 0 to {MAX_SEED}"
            )
        policies = header.get("policies", {})
        if not isinstance(policies, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in policies.items()
        ):
            raise ReplayError(
                f"{path}:1: policies: got {preview(policies)}; give a mapping of side names to agent names"
            )
        opening = _events(path, 1, header.get("opening", []), "opening")
        steps = [
            _step(path, number, line, k) for k, (number, line) in enumerate(enumerate(lines[1:], start=2))
        ]
        return cls(scenario, seed, dict(policies), opening, steps).checked(str(path))

    def checked(self, origin: str) -> Replay:
        """This replay re-simulated: each action legal and taken by the combatant the rules ask,
        the events as recorded, no step after the end; `actor` and `text` re-derived."""
        try:
            state, rng = self.new_game(f"{origin}:1: scenario")
        except ScenarioError as err:
            raise ReplayError(str(err)) from None
        if not same_events(state.opening, self.opening):
            raise ReplayError(
                f"{origin}:1: the opening differs from the re-simulated one (another scenario or seed?)"
            )
        steps = []
        for k, step in enumerate(self.steps):
            where = f"{origin}:{k + 2}: step {k}"
            if engine.is_over(state):
                raise ReplayError(f"{where}: the game was already over; remove this and the later lines")
            actor = engine.current_actor(state)
            if step.actor != actor:
                raise ReplayError(
                    f"{where}: actor {step.actor}, but the rules ask {state.combatants[actor].name} "
                    f"(combatant {actor}) to decide (a replay of another game?)"
                )
            legal = engine.legal_actions(state)
            if step.action not in legal:
                raise ReplayError(
                    f"{where}: action {list(step.action)} is not legal for {state.combatants[actor].name} "
                    "here (a replay of another scenario or rules?)"
                )
            text = engine.describe(state, step.action)
            events = engine.apply(state, step.action, rng, legal)
            if not same_events(events, step.events):
                raise ReplayError(
                    f"{where}: the re-simulated events differ from the recorded ones (rules changed?)"
                )
            steps.append(Step(actor, step.action, text, events))
        return Replay(self.scenario, self.seed, self.policies, list(state.opening), steps)


def _row(path: Path, number: int, line: str, expected: str) -> dict[str, Any]:
    """One line of a replay as a JSON object within the reading limits."""
    try:
        row = json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        raise ReplayError(f"{path}:{number}: not a yz_gym replay line ({expected})") from None
    if not isinstance(row, dict):
        raise ReplayError(f"{path}:{number}: got {preview(row)}; {expected}")
    try:
        check_shape(row, f"{path}:{number}")
    except ReadError as err:
        raise ReplayError(str(err)) from None
    return row


def _step(path: Path, number: int, line: str, k: int) -> Step:
    """Step number `k` from its line (the actor is checked and the text re-derived by `checked`)."""
    row = _row(path, number, line, "each step is a JSON object")
    where = f"{path}:{number}"
    if row.get("step") != k:
        raise ReplayError(
            f"{where}: step {preview(row.get('step'))} where step {k} belongs; a line is missing or extra"
        )
    actor, action = row.get("actor"), row.get("action")
    if type(actor) is not int:
        raise ReplayError(f"{where}: actor: got {preview(actor)}; give a combatant number")
    if not (
        isinstance(action, list) and len(action) == 4 and all(type(x) is int for x in action)
        and action[0] in Kind._value2member_map_
    ):  # fmt: skip
        raise ReplayError(
            f"{where}: action: got {preview(action)}; give [kind, target, zone, option] as 4 whole numbers"
        )
    return Step(
        actor, Action(Kind(action[0]), *action[1:]), "", _events(path, number, row.get("events"), "events")
    )


def _events(path: Path, number: int, data: Any, field: str) -> list[Event]:
    """A list of events as written by Event.to_json."""
    if not isinstance(data, list):
        raise ReplayError(f"{path}:{number}: {field}: got {preview(data)}; give a list of events")
    events = []
    for i, e in enumerate(data):
        if not (isinstance(e, dict) and isinstance(e.get("kind"), str)):
            raise ReplayError(
                f"{path}:{number}: {field}[{i}]: got {preview(e)}; an event is an object with a kind"
            )
        if not all(type(e.get(key, -1)) is int for key in ("actor", "target")):
            raise ReplayError(f"{path}:{number}: {field}[{i}]: actor and target are combatant numbers")
        events.append(_event(e))
    return events


def same_events(a: list[Event], b: list[Event]) -> bool:
    """Whether two event lists say the same thing once written as JSON."""
    return json.dumps([e.to_json() for e in a], sort_keys=True) == json.dumps(
        [e.to_json() for e in b], sort_keys=True
    )


def _event(data: dict[str, Any]) -> Event:
    rest = {k: v for k, v in data.items() if k not in ("kind", "actor", "target")}
    return Event(data["kind"], data.get("actor", -1), data.get("target", -1), rest or None)


def record_game(
    source: str | Path | dict[str, Any] | LoadedScenario, policies: dict[str, str], seed: int
) -> Replay:
    """Play one seeded zone fight with the named agents (a side not named plays its default agent,
    runner.side_agents) and record every decision and who played each side."""
    from yz_gym.agents import make_agent
    from yz_gym.evaluation.runner import side_agents

    loaded = source if isinstance(source, LoadedScenario) else load(source, GAME, "a replay")
    data, scenario = loaded.data, loaded.scenario
    sides = scenario.setup.sides
    names = side_agents(scenario, policies)
    agent_seeds = np.random.SeedSequence([seed, 1]).generate_state(len(sides))
    agents = [make_agent(names[side], int(agent_seeds[i])) for i, side in enumerate(sides)]
    rng = np.random.default_rng(seed)
    state = engine.new_game(scenario, rng)
    replay = Replay(data, seed, names, list(state.opening), [])
    while not engine.is_over(state):
        actor = engine.current_actor(state)
        action = agents[state.combatants[actor].side].choose(state, engine.legal_actions(state))
        text = engine.describe(state, action)
        replay.steps.append(Step(actor, action, text, engine.apply(state, action, rng)))
    return replay


def replay_log(replay: Replay) -> list[str]:
    """The combat log of a replay, re-simulated and narrated."""
    from yz_gym.rulesets.yze.zone.narrate import narrate
    from yz_gym.scenario.yze_modes import zone_events

    state, rng = replay.new_game()
    lines = [f"{state.setup.name} (seed {replay.seed})", *narrate(state, state.opening)]
    for k, step in enumerate(replay.steps):
        events = engine.apply(state, step.action, rng)
        if not same_events(events, step.events):
            raise ReplayError(
                f"step {k}: the re-simulated events differ from the recorded ones (rules changed?)"
            )
        lines += zone_events(state, events, k, step.actor, step.text, step.action.kind)
    return lines
