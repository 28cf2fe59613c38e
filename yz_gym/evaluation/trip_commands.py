"""`yz-gym advise` and `yz-gym play` on an expedition: the day's situation, the plans as a numbered
menu, the trip advisor's table (agents/trip_advisor.py), the journey at a day of a saved replay,
and the terminal game in which the player makes each day's plan while the fights are played by
the file's fight agent (evaluation/journey_replay.py records it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from rich.console import Console
from rich.table import Table
from rich.text import Text

from yz_gym.agents.trip_advisor import (
    PLANNERS,
    RANK_BY,
    TIME_LIMIT,
    PlanOdds,
    TripAdvice,
    advise_trip,
    explain,
    finalists_tied,
    race_line,
    situation_hexes,
    who_played,
)
from yz_gym.evaluation.journey_replay import Day, JourneyReplay, is_journey_replay
from yz_gym.evaluation.replay import ReplayError
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.expedition import Expedition
from yz_gym.rulesets.yze.travel.tasks import DayPlan
from yz_gym.scenario.expedition_mode import EXPEDITION, expedition_board
from yz_gym.scenario.loading import LoadedScenario

HUMAN: Final = "human"  # the planner a played journey's replay names
PLAY_TIME_LIMIT: Final = 20.0  # seconds '?' may take in `play`
PLAY_TOP: Final = 3  # plans '?' shows in `play`


def is_trip(loaded: LoadedScenario) -> bool:
    """Whether a scenario is an expedition (its commands are this module's)."""
    return loaded.mode is EXPEDITION


def is_trip_file(path: Path | None) -> bool:
    """Whether a saved game is a journey replay."""
    return path is not None and is_journey_replay(path)


# --- the day's situation and its plans -----------------------------------------------------------


def situation(state: Expedition) -> list[str]:
    """The morning as the party sees it: the day, weather and map (@ the party, * the goal), where
    it is and how far the goal, the stores, and every traveller's health, stress and needs."""
    lines, _ = expedition_board(state, set(), None)
    s = state.scenario
    col, row = s.hexmap.coords(state.hex)
    goal_col, goal_row = s.hexmap.coords(s.goal)
    where = (
        f"Position: hex ({col}, {row}), {s.hexmap.terrain[state.hex]}; the goal at ({goal_col}, {goal_row}), "
        f"{situation_hexes(state)} hexes away; day {state.day} of at most {s.max_days}"
    )
    return [lines[0], where, *lines[1:]]


def plan_menu(state: Expedition, plans: list[DayPlan]) -> list[str]:
    """The legal plans by menu number, one line per plan without its lookout, the lookouts after it:
    "  move two shifts, forage for food, make camp: 41 no lookout | 42 Wren avoids | 43 Wren ambushes"."""
    names = [c.name for c in state.people]
    groups: dict[tuple[int, str, bool], list[str]] = {}
    for number, plan in enumerate(plans, start=1):
        head = DayPlan(plan.moves, plan.provision, plan.camp).words(names).removesuffix(", no lookout")
        watch = (
            "no lookout"
            if plan.lookout < 0
            else f"{names[plan.lookout]} {'avoids' if plan.avoid else 'ambushes'}"
        )
        groups.setdefault((plan.moves, plan.provision, plan.camp), [head]).append(f"{number} {watch}")
    return [f"  {head}: {' | '.join(choices)}" for head, *choices in groups.values()]


# --- a saved journey -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SavedTrip:
    """A journey read from a replay, at the morning of one of its days."""

    state: Expedition
    replay: JourneyReplay | None  # None: a scenario's start


def trip_at(path: Path, day: int | None) -> SavedTrip:
    """The journey of a replay (checked by re-simulating it) at the morning of `day` (1 = the start,
    None = after its last recorded day); ReplayError (one line) for a day outside it."""
    replay = JourneyReplay.load(path)
    last = len(replay.days) + 1
    chosen = last if day is None else day
    if not 1 <= chosen <= last:
        raise ReplayError(f"--at: day {day} is outside {path} (its mornings are days 1-{last})")
    state, rng = replay.start(str(path))
    for recorded in replay.days[: chosen - 1]:
        journey.apply(state, recorded.plan, rng, None)
    if journey.is_over(state):
        raise ReplayError(
            f"{path}: the journey is over by day {chosen}; give --at an earlier day (1-{last - 1})"
        )
    return SavedTrip(state, replay)


def trip_target(
    scenario: str, state_file: Path | None, replay_file: Path | None, at: int | None
) -> SavedTrip | None:
    """The journey `yz-gym advise` is asked about, or None when it is another mode's game: a journey
    saved by `play --save-state` (at its end), a journey replay at the morning of day `at`, or an
    expedition scenario at its start."""
    from yz_gym.scenario.loading import load

    if state_file is not None:
        return trip_at(state_file, None) if is_trip_file(state_file) else None
    if replay_file is not None:
        return trip_at(replay_file, at) if is_trip_file(replay_file) else None
    loaded = load(scenario)
    if not is_trip(loaded):
        return None
    return SavedTrip(journey.new_expedition(loaded.scenario), None)


# --- the advisor's answer ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TripRace:
    """What `yz-gym advise` asks of the trip advisor (agents/trip_advisor.advise_trip)."""

    planners: tuple[str, ...]
    ranked_by: str
    rollouts: int
    seed: int
    workers: int | None
    time_limit: float | None
    every_lookout: bool


def planners(state: Expedition, agent: str | None, policies: dict[str, str]) -> tuple[str, ...]:
    """The planners of the rollouts' later days: `--policy PARTY=NAME`, else `--agent`, else every
    scripted planner but random; a ValueError (one line) for a name that plans no journey."""
    side = state.scenario.side
    for name in policies:
        if name != side:
            raise ValueError(f"--policy: no side named '{name}' in {state.scenario.name}; sides: {side}")
    chosen = policies.get(side) or agent
    if chosen is None:
        return PLANNERS
    fits = EXPEDITION.agents
    if chosen not in fits:
        option = "--policy" if side in policies else "--agent"
        raise ValueError(
            f"{option}: '{chosen}' does not plan yze expedition games; give one of {', '.join(fits)}"
        )
    return (chosen,)


def ranking(rank_by: str | None) -> str:
    """`--rank-by`: arrival (the default) or pc-loss; a ValueError for another word."""
    if rank_by is None:
        return RANK_BY[0]
    if rank_by not in RANK_BY:
        raise ValueError(f"--rank-by: '{rank_by}' is no ranking; use {' or '.join(RANK_BY)}")
    return rank_by


def race_with_progress(state: Expedition, race: TripRace, err: Console) -> TripAdvice:
    """The trip advisor's race, its progress on `err` (rollouts played of those planned so far)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("[bold]racing plans"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    limit = TIME_LIMIT if race.time_limit is None else race.time_limit
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task("racing plans", total=None)

        def tell(done: int, planned: int) -> None:
            progress.update(task, completed=done, total=planned)

        return advise_trip(
            state, race.planners, race.ranked_by, race.rollouts, seed=race.seed, workers=race.workers,
            time_limit=limit, on_progress=tell, every_lookout=race.every_lookout,
        )  # fmt: skip


def show_advice(
    console: Console, state: Expedition, advice: TripAdvice, top: int, morning: bool = True
) -> None:
    """The situation (if `morning`), the table of the best `top` plans, who played the rollouts,
    the verdict."""
    for line in situation(state) if morning else []:
        console.print(Text(line))
    console.print(f"The party plans day {state.day} ({len(journey.legal_actions(state))} plans):")
    table = Table()
    for column in ("#", "plan", "then", "arrive % (95% CI)", "PC lost % (95% CI)", "rollouts", ""):
        table.add_column(column, justify="left" if column in ("plan", "then", "") else "right",
                         min_width=24 if column == "plan" else None)  # fmt: skip
    close = {c.number for c in finalists_tied(advice)}
    for c in advice.plans[:top]:
        table.add_row(
            str(c.number), Text(c.text), c.planner, *_figures(c), str(c.games), _mark(advice, c, close)
        )
    console.print(table)
    console.print(race_line(advice))
    console.print(who_played(advice, state.scenario.fight_agent))
    console.print(Text(explain(advice)))


def _figures(c: PlanOdds) -> tuple[str, str]:
    """The chances to arrive and to lose a PC, in percent with their 95% intervals."""
    return tuple(f"{100 * p:.1f} ({100 * low:.0f}-{100 * high:.0f})" for p, low, high in (c.arrival, c.pc_loss))  # type: ignore[return-value]


def _mark(advice: TripAdvice, c: PlanOdds, close: set[int]) -> str:
    best = advice.plans[0]
    if c.games < best.games:
        return "dropped earlier in the race"
    if c.number in close and len(close) > 1:
        return "tied for best"
    return "best" if c is best else ""


# --- playing a journey ---------------------------------------------------------------------------


@dataclass(slots=True)
class PlayedTrip:
    """A journey the player planned: its replay (days so far) and whether the player quit."""

    replay: JourneyReplay
    quit: bool


def play_journey(
    loaded: LoadedScenario,
    seed: int,
    say: Callable[[Any], None],
    ask: Callable[[str], str],
    advise: Callable[[Expedition], None],
) -> PlayedTrip:
    """Play a journey in the terminal: each morning the situation and the numbered plans; the
    player types a number, '?' for the advisor's best plans (`advise`), or 'q' (or end of input)
    to stop. The fights are played by the file's fight agent inside the day."""
    replay = JourneyReplay(loaded.data, seed, HUMAN, [])
    state, rng = replay.start(loaded.origin)
    replay.opening = list(state.opening)
    for line in journey.narrate(state, state.opening):
        say(Text(line))
    while not journey.is_over(state):
        plans = journey.legal_actions(state)
        for line in [*situation(state), f"The party plans day {state.day}:", *plan_menu(state, plans)]:
            say(Text(line))
        plan = _choose(plans, say, ask, lambda: advise(state))
        if plan is None:
            return PlayedTrip(replay, True)
        events = journey.apply(state, plan, rng, plans)
        replay.days.append(Day(plan, events))
        for line in journey.narrate(state, events):
            say(Text(line))
    return PlayedTrip(replay, False)


def _choose(
    plans: list[DayPlan], say: Callable[[Any], None], ask: Callable[[str], str], advise: Callable[[], None]
) -> DayPlan | None:
    """The player's plan by menu number; None when the player quits or the input ends."""
    while True:
        try:
            answer = ask(f"choose a plan 1-{len(plans)}, '?' for advice, 'q' to quit: ").strip().lower()
        except EOFError:
            return None
        if answer in ("q", "quit"):
            return None
        if answer in ("?", "advice", "help"):
            advise()
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(plans):
            return plans[int(answer) - 1]
        say(Text(f"'{answer}' is not a plan: type 1-{len(plans)}, ? or q"))


__all__ = [
    "HUMAN", "PLAY_TIME_LIMIT", "PLAY_TOP", "PlayedTrip", "SavedTrip", "TripRace", "is_trip", "is_trip_file",
    "plan_menu", "planners", "play_journey", "race_with_progress", "ranking", "show_advice", "situation", "trip_at",
    "trip_target",
]  # fmt: skip
