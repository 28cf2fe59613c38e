"""Saved games: a self-contained JSONL replay (scenario, seed, every decision and its events).

A replay is re-simulated from the scenario and seed; the stored events are checked against the
re-simulation, so a replay that does not match the current rules is reported, not trusted."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from yz_gym.io import atomic_write_text
from yz_gym.rules import engine
from yz_gym.rules.actions import Action, Kind
from yz_gym.rules.events import Event
from yz_gym.rules.state import GameState
from yz_gym.scenario.loader import ScenarioError, build, resolve_path

SCHEMA_VERSION = 1
KIND = "yz_gym.replay"


class ReplayError(ValueError):
    """A replay file that cannot be read or does not re-simulate; the message says which line."""


def scenario_data(source: str | Path | dict[str, Any]) -> dict[str, Any]:
    """The raw scenario mapping (so a replay carries its own scenario)."""
    if isinstance(source, dict):
        return source
    path = resolve_path(source)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario file must be a mapping")
    return data


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

    def new_game(self) -> tuple[GameState, np.random.Generator]:
        """The game at its start, with the generator that drives it."""
        rng = np.random.default_rng(self.seed)
        return engine.new_game(build(self.scenario, "<replay scenario>"), rng), rng

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
        """Read a replay written by `save`."""
        path = Path(path)
        if not path.exists():
            raise ReplayError(f"{path}: no such replay file")
        lines = path.read_text(encoding="utf-8").splitlines()
        try:
            header = json.loads(lines[0])
        except (IndexError, json.JSONDecodeError):
            raise ReplayError(
                f"{path}:1: not a yz_gym replay (the first line must be a JSON header)"
            ) from None
        if header.get("kind") != KIND:
            raise ReplayError(f"{path}:1: not a yz_gym replay (kind is {header.get('kind')!r})")
        if header.get("schema_version") != SCHEMA_VERSION:
            raise ReplayError(
                f"{path}:1: replay schema version {header.get('schema_version')}; this yz_gym reads {SCHEMA_VERSION}"
            )
        steps = []
        for number, line in enumerate(lines[1:], start=2):
            try:
                row = json.loads(line)
                kind, target, zone, option = row["action"]
                steps.append(
                    Step(
                        row["actor"],
                        Action(Kind(kind), target, zone, option),
                        row["text"],
                        [_event(e) for e in row["events"]],
                    )
                )
            except (json.JSONDecodeError, KeyError, ValueError, TypeError) as error:
                raise ReplayError(f"{path}:{number}: unreadable step ({error})") from None
        return cls(
            header["scenario"],
            int(header["seed"]),
            dict(header.get("policies", {})),
            [_event(e) for e in header.get("opening", [])],
            steps,
        )


def same_events(a: list[Event], b: list[Event]) -> bool:
    """Whether two event lists say the same thing once written as JSON."""
    return json.dumps([e.to_json() for e in a], sort_keys=True) == json.dumps(
        [e.to_json() for e in b], sort_keys=True
    )


def _event(data: dict[str, Any]) -> Event:
    rest = {k: v for k, v in data.items() if k not in ("kind", "actor", "target")}
    return Event(data["kind"], data.get("actor", -1), data.get("target", -1), rest or None)


def record_game(source: str | Path | dict[str, Any], policies: dict[str, str], seed: int) -> Replay:
    """Play one seeded game with the named agents (a side not named plays its default agent,
    runner.side_agents) and record every decision and who played each side."""
    from agents import make_agent
    from yz_gym.evaluation.runner import side_agents

    data = scenario_data(source)
    scenario = build(data, str(source) if not isinstance(source, dict) else "<dict>")
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
    from yz_gym.rules.narrate import narrate

    state, rng = replay.new_game()
    lines = [f"{state.setup.name} (seed {replay.seed})", *narrate(state, state.opening)]
    for k, step in enumerate(replay.steps):
        events = engine.apply(state, step.action, rng)
        if not same_events(events, step.events):
            raise ReplayError(
                f"step {k}: the re-simulated events differ from the recorded ones (rules changed?)"
            )
        if step.action.kind not in (Kind.END_TURN, Kind.DECLINE):
            lines.append(f"[{k}] {state.combatants[step.actor].name}: {step.text}.")
        lines += narrate(state, events)
    return lines
