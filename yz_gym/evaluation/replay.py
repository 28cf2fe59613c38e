"""Saved games: a self-contained JSONL replay (scenario, seed, every decision and its events) of a
zone fight or a chase.

A replay is re-simulated from the scenario and seed; the stored events are checked against the
re-simulation, so a replay that does not match the current rules is reported, not trusted. A
loaded replay's `actor` and `text` fields come from the re-simulation, never from the file, and
the file is read within the limits of scenario/reading.py: a replay is safe to open. What differs
between a zone fight and a chase (building the scenario, the rules' verbs, the action's numbers,
the narration) is its `Mode`; `mode_of` tells which one a scenario plays."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Any

import numpy as np

from yz_gym.io import atomic_write_text
from yz_gym.rules import chase, engine
from yz_gym.rules.actions import Action, Kind
from yz_gym.rules.chase_narrate import narrate_chase
from yz_gym.rules.chase_state import CK, ChaseAction
from yz_gym.rules.events import Event
from yz_gym.rules.narrate import narrate
from yz_gym.rules.state import Combatant, GameState
from yz_gym.scenario.chase_loader import build_chase
from yz_gym.scenario.loader import ScenarioError, build, read_yaml, resolve_path
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


class ReplayError(ValueError):
    """A replay file that cannot be read or does not re-simulate; the message says which line."""


def scenario_data(source: str | Path | dict[str, Any]) -> dict[str, Any]:
    """The raw scenario mapping (so a replay carries its own scenario)."""
    if isinstance(source, dict):
        return source
    return read_yaml(resolve_path(source))


@dataclass(frozen=True, slots=True)
class Mode:
    """How the replay of one game mode is played, read and told: its scenario builder, the rules'
    verbs (the same set for every mode), its action as numbers, and its log lines."""

    name: str
    build: Callable[[dict[str, Any], str], Any]
    start: Callable[[Any, np.random.Generator], Any]
    current_actor: Callable[[Any], int]
    legal_actions: Callable[[Any], list[Any]]
    apply: Callable[[Any, Any, np.random.Generator, Any], list[Event]]
    is_over: Callable[[Any], bool]
    describe: Callable[[Any, Any], str]
    people: Callable[[Any], list[Combatant]]
    title: Callable[[Any], str]  # the scenario's name
    kinds: type[IntEnum]  # the action kinds
    action: Callable[..., Any]  # an action from its numbers, kind first
    fields: Sequence[str]  # the action's numbers, as the file writes them
    narrate: Callable[[Any, list[Event]], list[str]]
    line: Callable[[Any, int, Any], str]  # "[k] who: what." for decision k, before it is taken
    quiet: frozenset[int] = frozenset()  # action kinds the log does not print (ending a turn)


def _zone_line(state: GameState, k: int, action: Action) -> str:
    return f"[{k}] {state.combatants[engine.current_actor(state)].name}: {engine.describe(state, action)}."


def _chase_line(state: chase.ChaseState, k: int, action: ChaseAction) -> str:
    actor = state.world.combatants[chase.current_actor(state)]
    return f"[{k}] {actor.name} ({chase.decision_kind(state)}): {chase.describe(state, action)}."


SKIRMISH = Mode(
    name="skirmish",
    build=build,
    start=engine.new_game,
    current_actor=engine.current_actor,
    legal_actions=engine.legal_actions,
    apply=engine.apply,
    is_over=engine.is_over,
    describe=engine.describe,
    people=lambda state: state.combatants,
    title=lambda state: state.setup.name,
    kinds=Kind,
    action=Action,
    fields=("kind", "target", "zone", "option"),
    narrate=narrate,
    line=_zone_line,
    quiet=frozenset({Kind.END_TURN, Kind.DECLINE}),
)
CHASE = Mode(
    name="chase",
    build=build_chase,
    start=chase.new_chase,
    current_actor=chase.current_actor,
    legal_actions=chase.legal_actions,
    apply=chase.apply,
    is_over=chase.is_over,
    describe=chase.describe,
    people=lambda state: state.world.combatants,
    title=lambda state: state.scenario.name,
    kinds=CK,
    action=ChaseAction,
    fields=("kind", "unit", "target", "vehicle", "option"),
    narrate=narrate_chase,
    line=_chase_line,
)


def mode_of(scenario: dict[str, Any]) -> Mode:
    """The mode a scenario mapping plays: a chase names its `pursuer` (as runner.load_any reads it).
    The one place that picks the chase loader, for the (ruleset, mode) registry to replace."""
    return CHASE if "pursuer" in scenario else SKIRMISH


@dataclass(slots=True)
class Step:
    """One decision: who took it, what it was, and what happened."""

    actor: int
    action: Action | ChaseAction
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

    @property
    def mode(self) -> Mode:
        """The mode its scenario plays."""
        return mode_of(self.scenario)

    def start(self, origin: str = "<replay scenario>") -> tuple[Any, np.random.Generator]:
        """The game (a GameState, or a ChaseState for a chase) at its start, with its generator."""
        rng = np.random.default_rng(self.seed)
        mode = self.mode
        return mode.start(mode.build(self.scenario, origin), rng), rng

    def new_game(self, origin: str = "<replay scenario>") -> tuple[GameState, np.random.Generator]:
        """The zone fight at its start, with the generator that drives it."""
        if self.mode is not SKIRMISH:
            raise ReplayError(f"a replay of a {self.mode.name}, not a zone fight; `yz-gym replay` reads it")
        return self.start(origin)

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
                        "action": [int(s.action[0]), *s.action[1:]],
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
        mode = mode_of(scenario)
        steps = [
            _step(path, number, line, k, mode)
            for k, (number, line) in enumerate(enumerate(lines[1:], start=2))
        ]
        return cls(scenario, seed, dict(policies), opening, steps).checked(str(path))

    def checked(self, origin: str) -> Replay:
        """This replay re-simulated: each action legal and taken by the combatant the rules ask,
        the events as recorded, no step after the end; `actor` and `text` re-derived."""
        mode = self.mode
        try:
            state, rng = self.start(f"{origin}:1: scenario")
        except ScenarioError as err:
            raise ReplayError(str(err)) from None
        if not same_events(list(state.opening), self.opening):
            raise ReplayError(
                f"{origin}:1: the opening differs from the re-simulated one (another scenario or seed?)"
            )
        steps = []
        for k, step in enumerate(self.steps):
            where = f"{origin}:{k + 2}: step {k}"
            if mode.is_over(state):
                raise ReplayError(f"{where}: the game was already over; remove this and the later lines")
            actor = mode.current_actor(state)
            name = mode.people(state)[actor].name
            if step.actor != actor:
                raise ReplayError(
                    f"{where}: actor {step.actor}, but the rules ask {name} "
                    f"(combatant {actor}) to decide (a replay of another game?)"
                )
            legal = mode.legal_actions(state)
            if step.action not in legal:
                raise ReplayError(
                    f"{where}: action {list(step.action)} is not legal for {name} "
                    "here (a replay of another scenario or rules?)"
                )
            text = mode.describe(state, step.action)
            events = mode.apply(state, step.action, rng, legal)
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


def _step(path: Path, number: int, line: str, k: int, mode: Mode) -> Step:
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
    size = len(mode.fields)
    if not (
        isinstance(action, list) and len(action) == size and all(type(x) is int for x in action)
        and action[0] in mode.kinds._value2member_map_
    ):  # fmt: skip
        raise ReplayError(
            f"{where}: action: got {preview(action)}; give [{', '.join(mode.fields)}] as {size} whole numbers "
            f"(a {mode.name} action)"
        )
    return Step(
        actor, mode.action(mode.kinds(action[0]), *action[1:]), "",
        _events(path, number, row.get("events"), "events"),
    )  # fmt: skip


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
        if type(e.get("actor", -1)) is not int or type(e.get("target", -1)) not in (int, str):
            raise ReplayError(
                f"{path}:{number}: {field}[{i}]: the actor is a combatant number, the target one or a name"
            )
        events.append(_event(e))
    return events


def same_events(a: list[Event], b: list[Event]) -> bool:
    """Whether two event lists say the same thing once written as JSON."""
    return json.dumps([e.to_json() for e in a], sort_keys=True) == json.dumps(
        [e.to_json() for e in b], sort_keys=True
    )


def _event(data: dict[str, Any]) -> Event:
    """An event from its JSON. Some events' data name their target (a chase's shot, a ram), which
    Event.to_json writes over the target number: such a name stays in the data, so that the event
    writes the same JSON again (loaded events are only compared with the re-simulated ones)."""
    named = isinstance(data.get("target"), str)
    rest = {k: v for k, v in data.items() if k not in ("kind", "actor") and (named or k != "target")}
    return Event(data["kind"], data.get("actor", -1), -1 if named else data.get("target", -1), rest or None)


def record_game(source: str | Path | dict[str, Any], policies: dict[str, str], seed: int) -> Replay:
    """Play one seeded game (a zone fight or a chase) with the named agents (a side not named plays
    its default agent, runner.side_agents) and record every decision and who played each side."""
    from agents import make_agent
    from yz_gym.evaluation.runner import side_agents

    data = scenario_data(source)
    mode = mode_of(data)
    scenario = mode.build(data, str(source) if not isinstance(source, dict) else "<dict>")
    names = side_agents(scenario, policies)
    agent_seeds = np.random.SeedSequence([seed, 1]).generate_state(len(names))
    agents = [make_agent(name, int(agent_seeds[i])) for i, name in enumerate(names.values())]
    rng = np.random.default_rng(seed)
    state = mode.start(scenario, rng)
    replay = Replay(data, seed, names, list(state.opening), [])
    while not mode.is_over(state):
        actor = mode.current_actor(state)
        legal = mode.legal_actions(state)
        action = agents[mode.people(state)[actor].side].choose(state, legal)
        text = mode.describe(state, action)
        replay.steps.append(Step(actor, action, text, mode.apply(state, action, rng, legal)))
    return replay


def replay_log(replay: Replay) -> list[str]:
    """The log of a replay, re-simulated and narrated: a zone fight's combat log, or a chase's with
    the decision kind of every decision (as the golden chase logs read)."""
    mode = replay.mode
    state, rng = replay.start()
    lines = [f"{mode.title(state)} (seed {replay.seed})", *mode.narrate(state, list(state.opening))]
    for k, step in enumerate(replay.steps):
        told = mode.line(state, k, step.action)
        events = mode.apply(state, step.action, rng, None)
        if not same_events(events, step.events):
            raise ReplayError(
                f"step {k}: the re-simulated events differ from the recorded ones (rules changed?)"
            )
        if step.action[0] not in mode.quiet:
            lines.append(told)
        lines += mode.narrate(state, events)
    return lines
