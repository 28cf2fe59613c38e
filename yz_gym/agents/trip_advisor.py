"""The trip advisor: ranks the day's plans of an expedition by rollouts of the rest of the trip.

Each candidate is a day's plan and the scripted planner that plans the days after it (cautious or
hasty by default: every expedition planner of MODE_AGENTS but random). A rollout applies the plan
to a copy of the journey and plays it to its end with that planner, the fights played by the
file's fight agent as `yz-gym evaluate` plays them; it says whether the party arrived and whether
a PC alive this morning died. A plan is shown with its better continuation, both chances with 95%
Wilson intervals.

The race is the fight advisor's (agents/advisor.py): every candidate gets `first` rollouts, those
clearly behind the leader (95% intervals, or the sign test `advisor.worse` on the rollouts they
share) are dropped, the better half of the rest doubles its rollouts, up to `rollouts`. Rollout k
of every candidate uses the same dice and planner seed (common random numbers). A day offers a
few hundred plans and most rollouts neither arrive nor lose anyone early in the race, so ties on
the ranked chance are broken by how far the party got (arrival) or how many of its PCs lived
(PC loss): only the order of the race's cuts, never a reported figure.

By default only the plans whose lookout is nobody or the party's best observer (the one the
planners choose, agents/planning.lookout) race: a day offers a few hundred plans, most of them the
same plan with another lookout, and a race of all of them rarely ends within a minute on a small
machine; `every_lookout` races them all.

Bounded time: the race stops at `time_limit` seconds, between rollouts, once every candidate has
had its first rollout; every candidate still racing is then cut to the rollouts they all have, and
the answer says the race was stopped. Without that stop the answer depends only on the journey,
the candidates and `seed`, not on `workers`."""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import partial
from multiprocessing import get_all_start_methods, get_context
from typing import Any, Final

import numpy as np

from yz_gym.agents import MODE_AGENTS
from yz_gym.agents.advisor import worse
from yz_gym.core.ending import Termination
from yz_gym.evaluation.stats import wilson_interval
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.expedition import Expedition
from yz_gym.rulesets.yze.travel.hexmap import HexMap
from yz_gym.rulesets.yze.travel.tasks import DayPlan

PLANNERS: Final = tuple(name for name in MODE_AGENTS[("yze", "expedition")] if name != "random")
RANK_BY: Final = ("arrival", "pc-loss")  # what the plans are ranked by: arrive most, lose a PC least
TIME_LIMIT: Final = 60.0  # seconds the race may take by default
CHUNK: Final = 4  # rollouts a worker takes at a time


@dataclass(slots=True)
class PlanOdds:
    """A day's plan followed by one planner, and what its rollouts say."""

    number: int  # the plan's menu number: its 1-based place in the legal plans, as `play` lists them
    plan: DayPlan
    text: str
    planner: str  # plans the days after this one
    ranked_by: str = "arrival"
    arrived: list[bool] = field(default_factory=list)  # rollout k arrived
    lost: list[bool] = field(default_factory=list)  # rollout k lost a PC alive this morning
    tiebreak: list[float] = field(default_factory=list)  # the race's tie-breaker (module docstring)

    @property
    def games(self) -> int:
        """Rollouts played."""
        return len(self.arrived)

    @property
    def label(self) -> str:
        """The menu number and the plan, e.g. "#3 move two shifts, make camp, no lookout"."""
        return f"#{self.number} {self.text}"

    @property
    def outcomes(self) -> list[bool]:
        """Rollout k went the way the ranking wants (arrived, or no PC lost): the race's sign test."""
        return self.arrived if self.ranked_by == "arrival" else [not lost for lost in self.lost]

    @property
    def p(self) -> float:
        """The ranked chance as a success rate (arrival, or keeping every PC)."""
        return sum(self.outcomes) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of `p`."""
        return wilson_interval(sum(self.outcomes), self.games)

    @property
    def arrival(self) -> tuple[float, float, float]:
        """The chance to arrive and its 95% interval."""
        return _chance(self.arrived)

    @property
    def pc_loss(self) -> tuple[float, float, float]:
        """The chance to lose a PC and its 95% interval."""
        return _chance(self.lost)

    def trim(self, games: int) -> None:
        """Keep the first `games` rollouts (the race stopped in the middle of a stage)."""
        del self.arrived[games:], self.lost[games:], self.tiebreak[games:]

    def order(self) -> tuple[float, float, int, str]:
        """Sort key among candidates with as many rollouts: the ranked chance, then the tie-breaker."""
        mean = sum(self.tiebreak) / self.games if self.games else 0.0
        return -self.p, -mean, self.number, self.planner


def _chance(hits: list[bool]) -> tuple[float, float, float]:
    low, high = wilson_interval(sum(hits), len(hits))
    return (sum(hits) / len(hits) if hits else 0.0), low, high


@dataclass(slots=True)
class TripAdvice:
    """The race's answer: every plan with its better continuation, best first, and how it ran."""

    plans: list[PlanOdds]  # one per raced plan, the furthest in the race first
    candidates: list[PlanOdds]  # every (plan, planner) raced
    planners: tuple[str, ...]
    ranked_by: str
    rollouts: int  # played in all
    seconds: float
    stopped: bool  # the time limit stopped the race
    unraced: int = 0  # legal plans left out (another lookout than the best observer)
    lookout: str = ""  # the best observer's name, when the others were left out


def situation_hexes(state: Expedition) -> int:
    """Hexes from the party to its goal, each hex counted once (the race's measure of progress)."""
    return _goal_steps(state.scenario.hexmap, state.scenario.goal)[state.hex]


@functools.cache
def _goal_steps(hexmap: HexMap, goal: int) -> tuple[int, ...]:
    """Each hex's distance in hexes to `goal` (a breadth-first search from it, once per map)."""
    steps = [-1] * (hexmap.width * hexmap.height)
    steps[goal] = 0
    frontier = [goal]
    while frontier:
        nearer = []
        for here in frontier:
            for d in range(6):
                there = hexmap.neighbour(here, d)
                if there >= 0 and steps[there] < 0:
                    steps[there] = steps[here] + 1
                    nearer.append(there)
        frontier = nearer
    return tuple(steps)


def rollout(state: Expedition, plan: DayPlan, planner: str, seed: int) -> tuple[bool, bool, float, float]:
    """Play `plan` today on a copy of `state` and the rest of the trip planned by `planner`:
    (arrived, a PC alive this morning died, the share of the way covered, the share of those PCs
    alive): the last two are the race's tie-breakers."""
    from yz_gym.agents import make_agent

    game = state.clone()
    game.detailed = False  # the fights' narrated logs are for `yz-gym log`, not rollouts
    pcs = [i for i, c in enumerate(game.people) if c.pc and not c.dead]
    start = max(1, situation_hexes(game))
    dice, agent_seed = np.random.SeedSequence(seed).spawn(2)
    rng = np.random.default_rng(dice)
    agent = make_agent(planner, int(agent_seed.generate_state(1)[0]))
    journey.apply(game, plan, rng)
    while not journey.is_over(game):
        legal = journey.legal_actions(game)
        journey.apply(game, agent.choose(game, legal), rng, legal)
    arrived = game.termination == Termination.ARRIVED
    lost = any(game.people[i].dead for i in pcs)
    covered = 1.0 if arrived else min(1.0, max(0.0, 1 - situation_hexes(game) / start))
    kept = sum(not game.people[i].dead for i in pcs) / len(pcs) if pcs else 1.0
    return arrived, lost, covered, kept


# The journey the rollouts start from; set before the worker processes fork, so they inherit it.
_JOB: dict[str, Any] = {}


Rolled = tuple[int, int, bool, bool, float, float]  # (candidate index, k, *rollout's answer)


def _batch(units: list[tuple[int, int]]) -> list[Rolled]:
    """Rollouts (candidate index, k), here or in a worker."""
    state: Expedition = _JOB["state"]
    candidates: list[PlanOdds] = _JOB["candidates"]
    done = []
    for index, k in units:
        c = candidates[index]
        done.append((index, k, *rollout(state, c.plan, c.planner, _seed(_JOB["seed"], k))))
    return done


def _seed(seed: int, k: int) -> int:
    """Rollout k's seed: the same for every candidate (common random numbers)."""
    return int(np.random.SeedSequence([seed, k]).generate_state(1)[0])


def advise_trip(
    state: Expedition,
    planners: Sequence[str] = PLANNERS,
    ranked_by: str = "arrival",
    rollouts: int = 48,
    first: int = 2,
    seed: int = 0,
    workers: int | None = None,
    time_limit: float = TIME_LIMIT,
    on_progress: Callable[[int, int], None] | None = None,
    every_lookout: bool = False,
) -> TripAdvice:
    """Every legal plan of the day (with `every_lookout`, else those watched by nobody or the best
    observer) with its better continuation, best first (see the module docstring);
    `on_progress(done, planned)` after each batch of rollouts."""
    from yz_gym.agents.planning import lookout

    if journey.is_over(state):
        raise ValueError("the journey is over: there is nothing to advise")
    if ranked_by not in RANK_BY:
        raise ValueError(f"--rank-by: '{ranked_by}'; use {' or '.join(RANK_BY)}")
    plans = journey.legal_actions(state)
    watcher = lookout(state)
    raced = [(n, p) for n, p in enumerate(plans, start=1) if every_lookout or p.lookout in (-1, watcher)]
    candidates = [
        PlanOdds(number, plan, journey.describe(state, plan), planner, ranked_by)
        for number, plan in raced
        for planner in planners
    ]
    start = time.perf_counter()
    deadline = start + time_limit
    workers = min(2, os.cpu_count() or 1) if workers is None else workers
    alive = list(candidates)
    target, played, stopped = min(first, rollouts), 0, False
    _JOB.update(state=state, candidates=candidates, seed=seed)
    try:
        with _pool(workers) as pool:
            while alive:
                planned = played + len(alive) * (target - alive[0].games)
                played += _run_stage(
                    pool,
                    workers,
                    alive,
                    candidates,
                    target,
                    deadline,
                    partial(_tell, on_progress, played, planned),
                )
                if any(c.games < target for c in alive):  # out of time in the middle of the stage
                    stopped = True
                    fewest = min(c.games for c in alive)
                    for c in alive:
                        c.trim(fewest)
                    break
                if target >= rollouts or len(alive) == 1:
                    break
                alive = _survivors(alive)
                if time.perf_counter() >= deadline:
                    stopped = True
                    break
                target = min(2 * target, rollouts)
    finally:
        _JOB.clear()
    best = {}
    for c in sorted(candidates, key=lambda c: (-c.games, *c.order())):
        best.setdefault(c.number, c)
    ranked = sorted(best.values(), key=lambda c: (-c.games, *c.order()))
    seconds = time.perf_counter() - start
    unraced = len(plans) - len(raced)
    name = state.people[watcher].name if unraced else ""
    return TripAdvice(ranked, candidates, tuple(planners), ranked_by, played, seconds, stopped, unraced, name)


def _tell(on_progress: Callable[[int, int], None] | None, played: int, planned: int, done: int) -> None:
    if on_progress is not None:
        on_progress(played + done, planned)


def _run_stage(
    pool: ProcessPoolExecutor | None,
    workers: int,
    alive: list[PlanOdds],
    candidates: list[PlanOdds],
    target: int,
    deadline: float,
    report: Callable[[int], None],
) -> int:
    """Bring every candidate in `alive` up to `target` rollouts, rollout k of all before k + 1,
    until the deadline (every candidate's first rollout is played in any case); the rollouts played."""
    index = {id(c): i for i, c in enumerate(candidates)}
    units = [(index[id(c)], k) for k in range(alive[0].games, target) for c in alive]
    chunks = [units[i : i + CHUNK] for i in range(0, len(units), CHUNK)]

    def due(chunk: list[tuple[int, int]]) -> bool:
        return chunk[0][1] == 0 or time.perf_counter() < deadline

    results: list[Rolled] = []
    if pool is None:
        for chunk in chunks:
            if not due(chunk):
                break
            results.extend(_batch(chunk))
            report(len(results))
    else:
        pending: set[Future[list[Rolled]]] = set()
        queue = list(reversed(chunks))
        while queue or pending:
            while queue and len(pending) < 2 * workers and due(queue[-1]):
                pending.add(pool.submit(_batch, queue.pop()))
            if not pending:
                break
            left = max(0.05, deadline - time.perf_counter())
            finished, pending = wait(pending, timeout=left, return_when=FIRST_COMPLETED)
            for future in finished:
                results.extend(future.result())
            report(len(results))
    for i, k, arrived, lost, covered, kept in sorted(results, key=lambda r: (r[1], r[0])):
        c = candidates[i]
        if k == c.games:  # rollouts past a gap (a chunk the deadline cut) are not kept
            c.arrived.append(arrived)
            c.lost.append(lost)
            c.tiebreak.append(covered if c.ranked_by == "arrival" else kept)
    return len(results)


def _survivors(alive: list[PlanOdds]) -> list[PlanOdds]:
    """The candidates that race on: not clearly behind the leader (95% intervals; while more than
    two race, advisor.worse's sign test on their shared rollouts), and of those the better half
    (at least 2)."""
    floor = max(c.interval[0] for c in alive)
    alive = sorted((c for c in alive if c.interval[1] >= floor), key=PlanOdds.order)
    if len(alive) > 2:
        leader, rest = alive[0], alive[1:]
        alive = [leader, *([c for c in rest if not worse(c, leader)] or rest[:1])]  # type: ignore[arg-type]
    return alive[: max(2, (len(alive) + 1) // 2)]


def _pool(workers: int) -> Any:
    """Worker processes forked from this one (they inherit `_JOB`), or a context giving None."""
    from contextlib import nullcontext

    if workers <= 1 or "fork" not in get_all_start_methods():
        return nullcontext(None)
    return ProcessPoolExecutor(workers, mp_context=get_context("fork"))


# --- the answer in words -------------------------------------------------------------------------


def finalists_tied(advice: TripAdvice) -> list[PlanOdds]:
    """The plans with as many rollouts as the top one whose 95% interval overlaps it (top first)."""
    best = advice.plans[0]
    low = best.interval[0]
    return [best] + [c for c in advice.plans[1:] if c.games == best.games and c.interval[1] >= low]


def who_played(advice: TripAdvice, fight_agent: str) -> str:
    """What the rollouts did after today's plan, and what they could read."""
    return (
        f"Rollouts: today's plan, then the rest of the trip planned by {' or '.join(advice.planners)} "
        f"(the better continuation shown for each plan), the fights played by {fight_agent}; reading the "
        "whole journey as the game master knows it (placed encounters and the encounter table included)."
    )


def race_line(advice: TripAdvice) -> str:
    """How the race ran: rollouts, seconds, and whether the time limit stopped it."""
    stop = (
        " (stopped at the time limit: a rough ranking; give --time-limit more seconds)"
        if advice.stopped
        else ""
    )
    left = (
        f" {advice.unraced} plans with another lookout than {advice.lookout} (the best observer) were not raced "
        "(--every-lookout races them)."
        if advice.unraced
        else ""
    )
    pairs = len(advice.candidates)
    return (
        f"{advice.rollouts} rollouts of {pairs} plan-and-planner pairs in {advice.seconds:.1f} s{stop}.{left}"
    )


def explain(advice: TripAdvice) -> str:
    """One or two sentences on the top plan: a clear best or no clear difference, with numbers."""
    best = advice.plans[0]
    if len(advice.plans) == 1:
        return f"The party has one choice: {best.label}."
    what = "arrives" if advice.ranked_by == "arrival" else "keeps every PC"
    low, high = best.interval
    level = f"{100 * best.p:.0f}% ({100 * low:.0f}-{100 * high:.0f}%) of {best.games} rollouts, then {best.planner}"
    close = finalists_tied(advice)
    if len(close) > 1:
        others = "; ".join(f"{c.label} {100 * c.p:.0f}%" for c in close[1:4])
        more = f" and {len(close) - 4} more" if len(close) > 4 else ""
        return f"No clear difference: {best.label} {what} {level}; the 95% intervals overlap with {others}{more}."
    runner = advice.plans[1]
    return (
        f"Best: {best.label}: the party {what} {level}, clearly above {100 * runner.p:.0f}% for the next "
        f"best, {runner.label}."
    )


__all__ = [
    "PLANNERS", "RANK_BY", "TIME_LIMIT", "PlanOdds", "TripAdvice", "advise_trip", "explain", "finalists_tied",
    "race_line", "rollout", "situation_hexes", "who_played",
]  # fmt: skip
