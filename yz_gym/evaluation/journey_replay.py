"""Saved expeditions: a self-contained JSONL replay of one journey (its scenario, seed and planner,
then one line per day: the plan and its events), its day-by-day log, and a static HTML page of it.

The format is versioned (`KIND`, `SCHEMA_VERSION`). A replay is re-simulated from its scenario and
seed: each day's plan must be one the rules offer that morning, and the events must be those
recorded, so a replay that does not match the current rules is reported, not trusted. The log and
the page are told from the re-simulation, never from the file's words; the file is read within
the limits of scenario/reading.py, and the page is built by a Jinja2 template with autoescaping
and holds no script: a replay is safe to open."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
from jinja2 import Environment, select_autoescape

from yz_gym.core.events import Event
from yz_gym.evaluation.replay import ReplayError, _events, _row, read_replay, same_events
from yz_gym.io import atomic_write_text
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.expedition import Expedition
from yz_gym.rulesets.yze.travel.tasks import PROVISIONS, DayPlan
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import LoadedScenario, game_of
from yz_gym.scenario.reading import (
    MAX_REPLAY_BYTES,
    MAX_SEED,
    ReadError,
    preview,
    read_text,
)

SCHEMA_VERSION: Final = 1
KIND: Final = "yz_gym.journey_replay"
PLAN_FIELDS: Final = ("moves", "provision", "camp", "lookout", "avoid")


@dataclass(slots=True)
class Day:
    """One day: the plan made that morning and what happened."""

    plan: DayPlan
    events: list[Event]


@dataclass(slots=True)
class JourneyReplay:
    """A whole recorded expedition."""

    scenario: dict[str, Any]
    seed: int
    planner: str
    opening: list[Event]
    days: list[Day] = field(default_factory=list)

    def start(self, origin: str = "<replay scenario>") -> tuple[Expedition, np.random.Generator]:
        """The journey at its start (its fights keep their logs, as `yz-gym log` tells them)."""
        mode = game_of(self.scenario, origin)
        if mode.key != ("yze", "expedition"):
            raise ReplayError(f"{origin}: a {mode.label} game in a journey replay; its scenario must be an expedition")
        rng = np.random.default_rng(self.seed)
        state = journey.new_expedition(mode.build(self.scenario, origin), rng)
        state.detailed = True
        return state, rng

    def save(self, path: str | Path) -> Path:
        """Write the replay atomically as JSONL: a header line, then one line per day."""
        header = {"schema_version": SCHEMA_VERSION, "kind": KIND, "scenario": self.scenario, "seed": self.seed,
                  "planner": self.planner, "opening": [e.to_json() for e in self.opening]}  # fmt: skip
        lines = [json.dumps(header)]
        for k, day in enumerate(self.days):
            p = day.plan
            plan = [p.moves, p.provision, p.camp, p.lookout, p.avoid]
            lines.append(json.dumps({"day": k + 1, "plan": plan, "events": [e.to_json() for e in day.events]}))
        return atomic_write_text(path, "\n".join(lines) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> JourneyReplay:
        """Read a replay written by `save`, checked line by line and re-simulated (`checked`)."""
        path = Path(path)
        lines, header = read_replay(path, KIND, SCHEMA_VERSION, "journey replay")
        scenario, seed, planner = header.get("scenario"), header.get("seed"), header.get("planner")
        if not isinstance(scenario, dict):
            raise ReplayError(f"{path}:1: scenario: got {preview(scenario)}; a replay carries its scenario mapping")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise ReplayError(f"{path}:1: seed: got {preview(seed)}; give a whole number from 0 to {MAX_SEED}")
        if not isinstance(planner, str):
            raise ReplayError(f"{path}:1: planner: got {preview(planner)}; give the planner's name")
        opening = _events(path, 1, header.get("opening", []), "opening")
        days = [_day(path, number, line, k) for k, (number, line) in enumerate(enumerate(lines[1:], start=2))]
        return cls(scenario, seed, planner, opening, days).checked(str(path))

    def checked(self, origin: str) -> JourneyReplay:
        """This replay re-simulated: each plan one the rules offer that morning, the events as
        recorded, no day after the end."""
        try:
            state, rng = self.start(f"{origin}:1: scenario")
        except ScenarioError as err:
            raise ReplayError(str(err)) from None
        if not same_events(list(state.opening), self.opening):
            raise ReplayError(f"{origin}:1: the opening differs from the re-simulated one (another scenario or seed?)")
        for k, day in enumerate(self.days):
            where = f"{origin}:{k + 2}: day {k + 1}"
            if journey.is_over(state):
                raise ReplayError(f"{where}: the journey was already over; remove this and the later lines")
            legal = journey.legal_actions(state)
            if day.plan not in legal:
                raise ReplayError(f"{where}: the plan is not one the party can make that morning "
                                  "(a replay of another scenario or rules?)")  # fmt: skip
            if not same_events(journey.apply(state, day.plan, rng, legal), day.events):
                raise ReplayError(f"{where}: the re-simulated events differ from the recorded ones (rules changed?)")
        return self


def _day(path: Path, number: int, line: str, k: int) -> Day:
    """Day `k + 1` from its line (its plan is checked against the rules by `checked`)."""
    row = _row(path, number, line, "each day is a JSON object")
    where = f"{path}:{number}"
    if row.get("day") != k + 1:
        raise ReplayError(f"{where}: day {preview(row.get('day'))} where day {k + 1} belongs; a line is missing or extra")
    plan = row.get("plan")
    if not (
        isinstance(plan, list) and len(plan) == len(PLAN_FIELDS) and type(plan[0]) is int and plan[1] in PROVISIONS
        and type(plan[2]) is bool and type(plan[3]) is int and type(plan[4]) is bool
    ):  # fmt: skip
        raise ReplayError(f"{where}: plan: got {preview(plan)}; give [{', '.join(PLAN_FIELDS)}] (whole number, "
                          f"one of {', '.join(PROVISIONS)}, true/false, whole number, true/false)")  # fmt: skip
    return Day(DayPlan(plan[0], plan[1], plan[2], plan[3], plan[4]), _events(path, number, row.get("events"), "events"))


def record_journey(loaded: LoadedScenario, planner: str, seed: int) -> JourneyReplay:
    """Play one seeded journey planned by `planner` (as `yz-gym log` does) and record every day."""
    from yz_gym.agents import make_agent

    agent = make_agent(planner, int(np.random.SeedSequence([seed, 1]).generate_state(1)[0]))
    replay = JourneyReplay(loaded.data, seed, planner, [])
    state, rng = replay.start(loaded.origin)
    replay.opening = list(state.opening)
    while not journey.is_over(state):
        legal = journey.legal_actions(state)
        plan = agent.choose(state, legal)
        replay.days.append(Day(plan, journey.apply(state, plan, rng, legal)))
    return replay


def told_days(replay: JourneyReplay) -> tuple[str, list[str], list[list[str]]]:
    """(the title, the opening's lines, each day's lines), re-simulated and checked."""
    state, rng = replay.start()
    opening = journey.narrate(state, state.opening)
    days = []
    for k, day in enumerate(replay.days):
        events = journey.apply(state, day.plan, rng, None)
        if not same_events(events, day.events):
            raise ReplayError(f"day {k + 1}: the re-simulated events differ from the recorded ones (rules changed?)")
        days.append(journey.narrate(state, events))
    return f"{state.scenario.name} (seed {replay.seed})", opening, days


def journey_log(replay: JourneyReplay) -> list[str]:
    """The journey told day by day, its fights folded in (`yz-gym log`'s lines)."""
    title, opening, days = told_days(replay)
    return [title, *opening, *(line for day in days for line in day)]


@cache
def _template() -> Any:
    env = Environment(autoescape=select_autoescape(default=True, default_for_string=True))
    text = resources.files("yz_gym.evaluation").joinpath("templates", "journey.html").read_text(encoding="utf-8")
    return env.from_string(text)


def render_journey_page(replay: JourneyReplay) -> str:
    """A static page of the journey (no script): its description, then each day's lines."""
    title, opening, days = told_days(replay)
    description = str(replay.scenario.get("description", "") or "")
    return str(_template().render(title=title, description=description, opening=opening, days=days))


def write_journey_html(replay: JourneyReplay, path: str | Path) -> Path:
    """Write the page atomically."""
    return atomic_write_text(path, render_journey_page(replay))


def is_journey_replay(path: str | Path) -> bool:
    """Whether a file's header line says it is a journey replay (read within the replay limit)."""
    try:
        first = read_text(Path(path), MAX_REPLAY_BYTES, "replay").split("\n", 1)[0]
        return bool(json.loads(first).get("kind") == KIND)
    except (ReadError, ValueError, AttributeError, RecursionError):
        return False


__all__ = [
    "KIND", "SCHEMA_VERSION", "Day", "JourneyReplay", "is_journey_replay", "journey_log", "record_journey",
    "render_journey_page", "told_days", "write_journey_html",
]  # fmt: skip
