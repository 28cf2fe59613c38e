"""Saved games: a self-contained JSONL replay (scenario, seed, every decision and its events) of a
zone fight or a chase.

A replay is re-simulated from the scenario and seed; the stored events are checked against the
re-simulation, so a replay that does not match the current rules is reported, not trusted. A
loaded replay's `actor` and `text` fields come from the re-simulation, never from the file, and
the file is read within the limits of scenario/reading.py: a replay is safe to open. What differs
between a zone fight and a chase (building the scenario, the rules' verbs, the action's numbers,
the narration) is its `Mode`; `mode_of` tells which one a scenario plays, and its `ReplayFormat` how
its actions are written (the header's `action_fields` name them, so a file written for another
layout is refused). A DX3 fight's action is [kind, target, option, drop, combo] (Dx3Action)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Any, Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.core.registry import Mode
from yz_gym.io import atomic_write_text
from yz_gym.rulesets.dx3 import engine as dx3
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State
from yz_gym.rulesets.dx3.state import Kind as Dx3Kind
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.state import CK, ChaseAction
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.files import read_yaml, resolve_path
from yz_gym.scenario.loading import LoadedScenario, game_of, load
from yz_gym.scenario.reading import (
    MAX_REPLAY_BYTES,
    MAX_REPLAY_LINES,
    MAX_SEED,
    ReadError,
    check_shape,
    preview,
    read_text,
)

SCHEMA_VERSION = 2  # 2: an event's details nested under "data" (Event.to_json)
KIND = "yz_gym.replay"


class ReplayError(ValueError):
    """A replay file that cannot be read or does not re-simulate; the message says which line."""


def scenario_data(source: str | Path | dict[str, Any]) -> dict[str, Any]:
    """The raw scenario mapping (so a replay carries its own scenario)."""
    if isinstance(source, dict):
        return source
    return read_yaml(resolve_path(source))


@dataclass(frozen=True, slots=True)
class ReplayFormat:
    """How one mode's decisions are written in a replay and told in its log: the action kinds, an
    action from its numbers, the numbers' names, the line of a decision, and what the log leaves out."""

    kinds: type[IntEnum]
    action: Callable[..., Any]  # an action from its numbers, kind first
    fields: Sequence[str]  # the action's numbers, as the file writes them
    line: Callable[[Any, int, Any], str]  # "[k] who: what." for decision k, before it is taken
    title: Callable[[Any], str]  # the scenario's name, from a game state
    quiet: frozenset[int] = frozenset()  # action kinds the log does not print (ending a turn)
    numbers: Callable[[Any], list[int]] = lambda action: [int(action[0]), *action[1:]]  # as written, kind first


def _zone_line(state: GameState, k: int, action: Action) -> str:
    return f"[{k}] {state.combatants[engine.current_actor(state)].name}: {engine.describe(state, action)}."


def _chase_line(state: chase.ChaseState, k: int, action: ChaseAction) -> str:
    actor = state.world.combatants[chase.current_actor(state)]
    return f"[{k}] {actor.name} ({chase.decision_kind(state)}): {chase.describe(state, action)}."


def _dx3_line(state: Dx3State, k: int, action: Dx3Action) -> str:
    actor = state.fighters[dx3.current_actor(state)]
    return f"[{k}] {actor.name} ({dx3.decision_kind(state)}): {dx3.describe(state, action)}."


def _dx3_numbers(action: Dx3Action) -> list[int]:
    return [int(action.kind), action.target, action.option, action.drop, action.combo]


FORMATS: Final = {  # (ruleset, mode) -> its replay format; a mode without one has no replays
    ("yze", "skirmish"): ReplayFormat(
        Kind, Action, ("kind", "target", "zone", "option"), _zone_line, lambda state: state.setup.name,
        frozenset({Kind.END_TURN, Kind.DECLINE})
    ),
    ("yze", "chase"): ReplayFormat(CK, ChaseAction, ("kind", "unit", "target", "vehicle", "option"), _chase_line,
        lambda state: state.scenario.name,
    ),
    ("dx3", "skirmish"): ReplayFormat(
        Dx3Kind, Dx3Action, ("kind", "target", "option", "drop", "combo"), _dx3_line,
        lambda state: state.scenario.name, frozenset({Dx3Kind.DECLINE}), _dx3_numbers,
    ),
}


def mode_of(scenario: dict[str, Any], origin: str = "<replay scenario>") -> Mode:
    """The registered mode a scenario mapping plays (its `ruleset:` and `mode:`), if it has replays."""
    mode = game_of(scenario, origin)
    if mode.key not in FORMATS:
        raise ReplayError(f"{origin}: a {mode.label} game has no replay format yet")
    return mode


def format_of(mode: Mode) -> ReplayFormat:
    """The replay format of a mode."""
    return FORMATS[mode.key]


@dataclass(slots=True)
class Step:
    """One decision: who took it, what it was, and what happened."""

    actor: int
    action: Action | ChaseAction | Dx3Action
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
        return mode.rules.new_game(mode.build(self.scenario, origin), rng), rng

    def state_at(self, step: int) -> tuple[Any, np.random.Generator]:
        """The game just before decision number `step` (0 = the first decision)."""
        if not 0 <= step <= len(self.steps):
            raise ReplayError(f"step {step} is outside the replay (0-{len(self.steps)})")
        mode = self.mode
        state, rng = self.start()
        for k, recorded in enumerate(self.steps[:step]):
            events = mode.rules.apply(state, recorded.action, rng, None)
            if not same_events(events, recorded.events):
                raise ReplayError(
                    f"step {k}: the re-simulated events differ from the recorded ones (rules changed?)"
                )
        return state, rng

    def save(self, path: str | Path) -> Path:
        """Write the replay atomically as JSONL: a header line, then one line per decision."""
        form = format_of(self.mode)
        header = {
            "schema_version": SCHEMA_VERSION,
            "kind": KIND,
            "scenario": self.scenario,
            "seed": self.seed,
            "policies": self.policies,
            "action_fields": list(form.fields),
            "opening": [e.to_json() for e in self.opening],
        }
        lines = [json.dumps(header)]
        for k, s in enumerate(self.steps):
            lines.append(
                json.dumps(
                    {
                        "step": k,
                        "actor": s.actor,
                        "action": form.numbers(s.action),
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
        lines, header = read_replay(path, KIND, SCHEMA_VERSION, "replay")
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
        fields = list(format_of(mode).fields)
        if header.get("action_fields", fields) != fields:
            raise ReplayError(
                f"{path}:1: action_fields: got {preview(header.get('action_fields'))}; this yz_gym writes a "
                f"{mode.label} action as {fields} (a replay of another version?)"
            )
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
            if mode.rules.is_over(state):
                raise ReplayError(f"{where}: the game was already over; remove this and the later lines")
            actor = mode.rules.current_actor(state)
            name = mode.rules.people(state)[actor].name
            if step.actor != actor:
                raise ReplayError(
                    f"{where}: actor {step.actor}, but the rules ask {name} "
                    f"(combatant {actor}) to decide (a replay of another game?)"
                )
            legal = mode.rules.legal_actions(state)
            if step.action not in legal:
                raise ReplayError(
                    f"{where}: action {list(step.action)} is not legal for {name} "
                    "here (a replay of another scenario or rules?)"
                )
            text = mode.rules.describe(state, step.action)
            events = mode.rules.apply(state, step.action, rng, legal)
            if not same_events(events, step.events):
                raise ReplayError(
                    f"{where}: the re-simulated events differ from the recorded ones (rules changed?)"
                )
            steps.append(Step(actor, step.action, text, events))
        return Replay(self.scenario, self.seed, self.policies, list(state.opening), steps)


def read_replay(path: Path, kind: str, version: int, name: str) -> tuple[list[str], dict[str, Any]]:
    """A replay file's lines and its header, read within the limits and checked to be a `name` of
    `kind` at schema `version` (a ReplayError naming the line otherwise)."""
    try:
        lines = read_text(path, MAX_REPLAY_BYTES, "replay").splitlines()
    except ReadError as err:
        raise ReplayError(str(err)) from None
    if len(lines) > MAX_REPLAY_LINES:
        raise ReplayError(f"{path}: more than {MAX_REPLAY_LINES:,} lines; is it the right file?")
    header = _row(path, 1, lines[0] if lines else "", "the first line must be a JSON header object")
    if header.get("kind") != kind:
        raise ReplayError(f"{path}:1: not a yz_gym {name} (kind is {preview(header.get('kind'))})")
    if header.get("schema_version") != version:
        raise ReplayError(
            f"{path}:1: {name} schema version {preview(header.get('schema_version'))}; this yz_gym reads {version}"
        )
    return lines, header


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
    form = format_of(mode)
    size = len(form.fields)
    if not (
        isinstance(action, list) and len(action) == size and all(type(x) is int for x in action)
        and action[0] in form.kinds._value2member_map_
    ):  # fmt: skip
        raise ReplayError(
            f"{where}: action: got {preview(action)}; give [{', '.join(form.fields)}] as {size} whole numbers "
            f"(a {mode.name} action)"
        )
    return Step(
        actor, form.action(form.kinds(action[0]), *action[1:]), "",
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
        if type(e.get("actor", -1)) is not int or type(e.get("target", -1)) is not int:
            raise ReplayError(f"{path}:{number}: {field}[{i}]: the actor and the target are combatant numbers")
        if not isinstance(e.get("data", {}), dict):
            raise ReplayError(f"{path}:{number}: {field}[{i}]: data: got {preview(e['data'])}; give an object")
        events.append(Event(e["kind"], e.get("actor", -1), e.get("target", -1), e.get("data")))
    return events


def same_events(a: list[Event], b: list[Event]) -> bool:
    """Whether two event lists say the same thing once written as JSON."""
    return json.dumps([e.to_json() for e in a], sort_keys=True) == json.dumps(
        [e.to_json() for e in b], sort_keys=True
    )


def record_game(
    source: str | Path | dict[str, Any] | LoadedScenario, policies: dict[str, str], seed: int
) -> Replay:
    """Play one seeded game (a zone fight or a chase) with the named agents (a side not named plays
    its default agent, runner.side_agents) and record every decision and who played each side."""
    from yz_gym.agents import make_agent
    from yz_gym.evaluation.runner import side_agents

    loaded = source if isinstance(source, LoadedScenario) else load(source, user="a replay")
    mode, scenario, data = mode_of(loaded.data, loaded.origin), loaded.scenario, loaded.data
    names = side_agents(scenario, policies)
    agent_seeds = np.random.SeedSequence([seed, 1]).generate_state(len(names))
    agents = [make_agent(name, int(agent_seeds[i])) for i, name in enumerate(names.values())]
    rng = np.random.default_rng(seed)
    state = mode.rules.new_game(scenario, rng)
    replay = Replay(data, seed, names, list(state.opening), [])
    while not mode.rules.is_over(state):
        actor = mode.rules.current_actor(state)
        legal = mode.rules.legal_actions(state)
        action = agents[mode.rules.people(state)[actor].side].choose(state, legal)
        text = mode.rules.describe(state, action)
        replay.steps.append(Step(actor, action, text, mode.rules.apply(state, action, rng, legal)))
    return replay


def replay_log(replay: Replay) -> list[str]:
    """The log of a replay, re-simulated and narrated: a zone fight's combat log, or a chase's with
    the decision kind of every decision (as the golden chase logs read)."""
    return told_replay(replay)[0]


def told_replay(replay: Replay) -> tuple[list[str], Any, np.random.Generator]:
    """The log of a replay (see `replay_log`), with the game as it ended and its generator, from
    which a game that goes on as another (a chase's hand-over fight) is played on."""
    mode = replay.mode
    form = format_of(mode)
    state, rng = replay.start()
    lines = [f"{form.title(state)} (seed {replay.seed})", *mode.rules.narrate(state, list(state.opening))]
    for k, step in enumerate(replay.steps):
        told = form.line(state, k, step.action)
        events = mode.rules.apply(state, step.action, rng, None)
        if not same_events(events, step.events):
            raise ReplayError(
                f"step {k}: the re-simulated events differ from the recorded ones (rules changed?)"
            )
        lines += _told(mode, form, state, told, step.action, events)
    return lines, state, rng


def told_play(mode: Mode, state: Any, rng: np.random.Generator, agents: Sequence[Any], first: int) -> list[str]:
    """A game played on to its end by one agent per side (in side order), told as a replay's log
    tells it, its decisions numbered from `first` (a chase's hand-over fight goes on from the
    chase's count)."""
    form = format_of(mode)
    lines: list[str] = []
    k = first
    while not mode.rules.is_over(state):
        legal = mode.rules.legal_actions(state)
        action = agents[mode.rules.people(state)[mode.rules.current_actor(state)].side].choose(state, legal)
        told = form.line(state, k, action)
        lines += _told(mode, form, state, told, action, mode.rules.apply(state, action, rng, legal))
        k += 1
    return lines


def _told(mode: Mode, form: ReplayFormat, state: Any, line: str, action: Any, events: list[Event]) -> list[str]:
    """A decision's log lines: its "[k] who: what." `line` (unless the format leaves its kind out),
    then what happened."""
    return ([] if form.numbers(action)[0] in form.quiet else [line]) + mode.rules.narrate(state, events)
