"""How `yz-gym evaluate` plays the expedition mode (its `Evaluation`, registered with the mode in
yz_gym/scenario/expedition_mode.py): many seeded trips with one planner, and their report: the
chance to arrive, days taken, each traveller's chance to die, the chance to lose any PC, the share
of deaths by cause, fights, and the stores left, all with 95% intervals (Wilson for chances, t for
means).

Trip i depends only on (seed, i), as a zone fight's game does (runner.game_seeds)."""

from __future__ import annotations

import math
from array import array
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any, Final

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from yz_gym.core.ending import Termination
from yz_gym.core.registry import Evaluation, Report
from yz_gym.evaluation.runner import game_seeds
from yz_gym.evaluation.stats import Z95, Moment, share, wilson_interval
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.expedition import ExpeditionScenario

ENDINGS: Final = (Termination.ARRIVED, Termination.PARTY_LOST, Termination.DAY_LIMIT)  # a trip record's codes
CAUSES = (
    "fight", "cold", "hunger", "thirst", "disease", "fire", "accident", "camp mishap", "injuries",
)  # what killed a traveller (Expedition.causes; travel/shifts.py records each)


@dataclass(frozen=True, slots=True)
class Trip:
    """One expedition played to its end, and who planned it."""

    planner: str
    state: journey.Expedition
    episode: int = -1  # its index in an evaluation (trip i from (seed, i)); -1: not numbered


@dataclass(slots=True)
class JourneyStats:
    """The tallies of many trips of one expedition."""

    name: str
    people: list[str]
    pcs: list[bool]
    side: str = ""  # the party's side
    planner: str = ""  # the first trip's
    trips: int = 0
    arrived: int = 0
    lost: int = 0  # PARTY_LOST
    timed_out: int = 0  # DAY_LIMIT
    any_pc_dead: int = 0
    deaths: list[int] = field(default_factory=list)  # per traveller, in `people` order
    causes: Counter[str] = field(default_factory=Counter)
    days: Moment = field(default_factory=Moment)  # days taken, arrived trips only
    fights: Moment = field(default_factory=Moment)
    food: Moment = field(default_factory=Moment)  # every edible ration left at the end
    water: Moment = field(default_factory=Moment)
    fuel: Moment = field(default_factory=Moment)
    records: array[int] = field(default_factory=lambda: array("i"))  # per trip index; -1 = not played
    ammo: Moment = field(default_factory=Moment)  # the living travellers' full-auto supply ratings (AUTO-02)
    full_auto: bool = False  # someone sets out with a full-auto weapon: its ammunition is counted

    @property
    def games(self) -> int:
        """The trips counted (the runner's name for them)."""
        return self.trips

    def add(self, trip: Trip) -> None:
        """Count one finished trip."""
        state = trip.state
        self.planner = self.planner or trip.planner
        self.trips += 1
        if state.termination == Termination.ARRIVED:
            self.arrived += 1
            self.days.add(state.day)
        self.lost += state.termination == Termination.PARTY_LOST
        self.timed_out += state.termination == Termination.DAY_LIMIT
        for i, c in enumerate(state.people):
            self.deaths[i] += c.dead
        self.any_pc_dead += any(c.dead and c.pc for c in state.people)
        self.causes.update(state.causes.values())
        self.fights.add(state.fights)
        self.food.add(state.stores.edible)
        self.water.add(state.stores.water)
        self.fuel.add(state.stores.fuel)
        self.ammo.add(ammunition(state))
        if trip.episode >= 0:
            died = any(c.dead and c.pc for c in state.people)
            ending = ENDINGS.index(state.termination) if state.termination in ENDINGS else len(ENDINGS)
            self._record(trip.episode, ending | min(state.day, 0xFFFF) << 8 | died << 24)

    def _record(self, trip: int, code: int) -> None:
        """Keep trip `trip`'s record (how it ended, its days, whether a PC died)."""
        if len(self.records) <= trip:
            self.records.extend([-1] * (trip + 1 - len(self.records)))
        self.records[trip] = code

    def game_records(self) -> dict[int, tuple[str, int, int, int]]:
        """Each played trip by index, as an encounter's game records (design/paired.py): (the side
        if it arrived, else "party lost", "out of time" or "other"; days; 1 if a PC died; 1 if the
        party was lost)."""
        words = (self.side, "party lost", "out of time", "other")
        return {
            i: (words[code & 0xFF], code >> 8 & 0xFFFF, code >> 24 & 1, int(code & 0xFF == 1))
            for i, code in enumerate(self.records)
            if code >= 0
        }

    def merge(self, other: JourneyStats) -> None:
        """Add another batch's tallies of the same expedition (from a worker)."""
        self.planner = self.planner or other.planner
        self.trips += other.trips
        self.arrived += other.arrived
        self.lost += other.lost
        self.timed_out += other.timed_out
        self.any_pc_dead += other.any_pc_dead
        self.deaths = [a + b for a, b in zip(self.deaths, other.deaths, strict=True)]
        self.causes.update(other.causes)
        for mine, theirs in (
            (self.days, other.days), (self.fights, other.fights), (self.food, other.food),
            (self.water, other.water), (self.fuel, other.fuel), (self.ammo, other.ammo),
        ):  # fmt: skip
            mine.merge(theirs)
        for trip, code in enumerate(other.records):
            if code >= 0:
                self._record(trip, code)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON."""
        n, dead = self.trips, sum(self.causes.values())
        return {
            "scenario": self.name, "mode": "expedition", "planner": self.planner, "trips": n,
            "arrived": share(self.arrived, n), "party_lost": share(self.lost, n),
            "out_of_time": share(self.timed_out, n), "any_pc_dead": share(self.any_pc_dead, n),
            "days_when_arrived": self.days.json(self.arrived),
            "deaths": {name: share(self.deaths[i], n) for i, name in enumerate(self.people)},
            "deaths_by_cause": {cause: share(self.causes[cause], dead) for cause in sorted(self.causes)},
            "fights": self.fights.json(n), "food_left": self.food.json(n), "water_left": self.water.json(n),
            "fuel_left": self.fuel.json(n), "ammo_supply_left": self.ammo.json(n) if self.full_auto else None,
        }  # fmt: skip


def ammunition(state: journey.Expedition) -> int:
    """The ammunition the living travellers carry at the end: the supply ratings of their full-auto
    weapons (AUTO-02, GEAR-09: the only ammunition the rules count down; reloads are unlimited)."""
    profiles = state.scenario.party.setup.weapons
    return sum(
        w.supply for c in state.people if not c.dead for w in c.weapons if profiles[w.name].full_auto and w.bonus > 0
    )


def play_trip(
    scenario: ExpeditionScenario, names: dict[str, str], seed: int, trip: int, fight_names: dict[str, str]
) -> Trip:
    """One expedition to its end, planned by its side's named planner."""
    from yz_gym.agents import make_agent

    rng, agent_seeds = game_seeds(seed, trip, 1)
    planner = names[scenario.side]
    agent = make_agent(planner, agent_seeds[0])
    state = journey.new_expedition(scenario, rng)
    while not journey.is_over(state):
        legal = journey.legal_actions(state)
        journey.apply(state, agent.choose(state, legal), rng, legal)
    return Trip(planner, state, trip)


def journey_stats(scenario: ExpeditionScenario) -> JourneyStats:
    """No trips yet, laid out for the expedition's travellers."""
    names, pcs = [c.name for c in scenario.people], [c.pc for c in scenario.people]
    return JourneyStats(scenario.name, names, pcs, scenario.side, deaths=[0] * len(names))
    profiles = scenario.party.setup.weapons
    full_auto = any(profiles[w.name].full_auto for c in scenario.people for w in c.weapons)
    return JourneyStats(scenario.name, names, pcs, deaths=[0] * len(names), full_auto=full_auto)


def journey_options(scenario: ExpeditionScenario) -> dict[str, Any]:
    """Every rule switch of an expedition: the party's rules, its hazard rules and travel rules."""
    out: dict[str, Any] = asdict(scenario.party.setup.options)
    out["hazard_rules"] = asdict(scenario.hazards)
    out["travel_rules"] = asdict(scenario.travel)
    return out


def _pct(count: int, n: int) -> str:
    low, high = wilson_interval(count, n)
    return f"{count / n:.1%} [{low:.1%}, {high:.1%}]" if n else "-"


def _mean(moment: Moment, n: int) -> str:
    mean, low, high = moment.interval(n)
    return f"{mean:.1f} [{low:.1f}, {high:.1f}]" if n else "-"


def print_journeys(
    stats: JourneyStats,
    console: Console,
    title: str = "",
    agents: dict[str, str] | None = None,
    chosen: dict[str, str] | None = None,
) -> None:
    """The report as tables (every user string escaped); the planner is the trips' (`agents` and
    `chosen` are in the JSON report)."""
    n = stats.trips
    table = Table(title=escape(f"{title or stats.name}: {n} trips planned by {stats.planner}"))
    table.add_column("quantity")
    table.add_column("value [95% interval]")
    table.add_row("arrived", _pct(stats.arrived, n))
    table.add_row("party lost", _pct(stats.lost, n))
    table.add_row("out of time", _pct(stats.timed_out, n))
    table.add_row("any PC dead", _pct(stats.any_pc_dead, n))
    table.add_row("days taken (arrived trips)", _mean(stats.days, stats.arrived))
    table.add_row("fights per trip", _mean(stats.fights, n))
    table.add_row("food rations left", _mean(stats.food, n))
    table.add_row("water rations left", _mean(stats.water, n))
    table.add_row("spare fuel left (L)", _mean(stats.fuel, n))
    if stats.full_auto:
        table.add_row("full-auto ammunition supply left", _mean(stats.ammo, n))
    console.print(table)
    people = Table(title="deaths")
    people.add_column("traveller")
    people.add_column("dies [95% interval]")
    for i, name in enumerate(stats.people):
        people.add_row(escape(name), _pct(stats.deaths[i], n))
    console.print(people)
    dead = sum(stats.causes.values())
    causes = Table(title="deaths by cause")
    causes.add_column("cause")
    causes.add_column("share [95% interval]")
    for cause in sorted(stats.causes):
        causes.add_row(escape(cause), _pct(stats.causes[cause], dead))
    console.print(causes)


def _change(a: Moment, na: int, b: Moment, nb: int) -> tuple[float, float, float, float, float]:
    """(mean a, mean b, change, low, high): the change of a per-trip mean from run a to run b with
    its 95% interval, the two runs taken as independent (the report keeps no trip-by-trip records
    to pair; trip i of both runs starts from the same seed, so the interval errs on the wide side)."""
    if na < 2 or nb < 2:
        mean_a, mean_b = a.total / max(1, na), b.total / max(1, nb)
        return mean_a, mean_b, mean_b - mean_a, mean_b - mean_a, mean_b - mean_a
    mean_a, mean_b = a.total / na, b.total / nb
    var_a = max(0.0, (a.total_sq - na * mean_a * mean_a) / (na - 1))
    var_b = max(0.0, (b.total_sq - nb * mean_b * mean_b) / (nb - 1))
    half = Z95 * math.sqrt(var_a / na + var_b / nb)
    change = mean_b - mean_a
    return mean_a, mean_b, change, change - half, change + half


def what_if(a: JourneyStats, b: JourneyStats) -> list[tuple[str, float, float, float, float, float]]:
    """The rows of a what-if: (quantity, mean a, mean b, change, low, high) for the chances (as
    shares) and the means that `print_journeys` shows."""
    def chance(count: int) -> Moment:
        return Moment(float(count), float(count))  # a 0-or-1 quantity: its sum of squares is its sum

    rows = [
        ("arrived", chance(a.arrived), a.trips, chance(b.arrived), b.trips),
        ("party lost", chance(a.lost), a.trips, chance(b.lost), b.trips),
        ("any PC dead", chance(a.any_pc_dead), a.trips, chance(b.any_pc_dead), b.trips),
        ("days taken (arrived trips)", a.days, a.arrived, b.days, b.arrived),
        ("fights per trip", a.fights, a.trips, b.fights, b.trips),
        ("food rations left", a.food, a.trips, b.food, b.trips),
        ("water rations left", a.water, a.trips, b.water, b.trips),
        ("spare fuel left (L)", a.fuel, a.trips, b.fuel, b.trips),
    ]
    return [(label, *_change(ma, na, mb, nb)) for label, ma, na, mb, nb in rows]


def compare_journeys(
    a: JourneyStats, b: JourneyStats, a_label: str, b_label: str, who: str, console: Console
) -> dict[str, Any]:
    """The what-if of two expeditions: the second one's report, then each quantity in both runs and
    its change with a 95% interval (`what_if`); its `what_if` report key."""
    console.print(escape(f"what-if {b_label}:"))
    print_journeys(b, console)
    rows = what_if(a, b)
    table = Table(title=f"What if ({a.trips} and {b.trips} trips)")
    for column in ("", a_label, b_label, "change (95% interval)"):
        table.add_column(Text(column), justify="left" if not column else "right")
    for label, mean_a, mean_b, change, low, high in rows:
        if label in ("arrived", "party lost", "any PC dead"):
            cells = (f"{mean_a:.1%}", f"{mean_b:.1%}", f"{100 * change:+.1f} pts ({100 * low:+.1f} to {100 * high:+.1f})")
        else:
            cells = (f"{mean_a:.1f}", f"{mean_b:.1f}", f"{change:+.1f} ({low:+.1f} to {high:+.1f})")
        table.add_row(Text(label), *cells)
    console.print(table)
    console.print("a change whose interval contains 0 is no clear difference", style="dim")
    return {"what_if": [{"quantity": label, "mean_a": mean_a, "mean_b": mean_b, "change": change, "ci95": [low, high]}
                        for label, mean_a, mean_b, change, low, high in rows]}  # fmt: skip


JOURNEYS: Final = Report("expedition", print_journeys, compare_journeys, unit="trips")
EXPEDITION_EVALUATION: Final = Evaluation(play_trip, journey_stats, journey_options, report=JOURNEYS)

__all__ = [
    "CAUSES",
    "EXPEDITION_EVALUATION",
    "JOURNEYS",
    "JourneyStats",
    "Trip",
    "compare_journeys",
    "journey_options",
    "journey_stats",
    "play_trip",
    "print_journeys",
    "what_if",
]
