"""Statistics of many games, every figure with its 95% interval (Wilson for shares, Student's t
for means): win rates, rounds, each combatant's risks counted over the whole game (ever Broken,
ever critically injured, dead, out at the end), the party's risks (the PCs are the scenario's
`pc: true`: a PC dies, a PC is critically injured, every PC is out at the end) and the difficulty
rating they give (difficulty.py), and damage by
side that adds up (what a side deals its enemies is what they take from it; push costs and damage
with no attacker apart). A compact record per game lets two runs on the same seeds be compared
game by game (paired_difference).

Chases add (under the report's "chase" key, the zone-fight keys unchanged): the escape and catch
probabilities, how the chases ended (escaped / caught / wrecked / timeout / combat / none, see
yz_gym.envs.chase_env.ending; they add up to every game) with who won each, and how often each
vehicle ended as a wreck. A chase with a hand-over (yz_gym.rulesets.yze.scenario.handover) plays the fight
after a "combat" ending: the side win chances are then those of the whole encounter (the fight's
winner wins), escape and catch count the chases decided without a fight, and "chase" ->
"handover" tells how the fights went."""

from __future__ import annotations

import math
from array import array
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from yz_gym.core.ending import Termination
from yz_gym.evaluation.difficulty import Difficulty, rate
from yz_gym.evaluation.terms import YZE_TERMS, RiskTerms

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def t_quantile(df: int) -> float:
    """The two-sided 95% quantile of Student's t with `df` degrees of freedom (exact for 1 and 2,
    else the Cornish-Fisher expansion around the normal quantile, within 0.004 from df = 3)."""
    if df <= 2:
        return (math.inf, 12.706204736, 4.302652730)[max(0, df)]
    z = Z95
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / df ** (k + 1) for k, term in enumerate(terms))


def mean_interval(total: float, total_sq: float, n: int) -> tuple[float, float, float]:
    """(mean, low, high): a mean and its 95% t interval from the sum and the sum of squares."""
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = total / n
    if n == 1:
        return mean, mean, mean
    variance = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return mean, mean - half, mean + half


@dataclass(slots=True)
class Moment:
    """A per-game amount that is never negative (days, fights, rations left) as a sum and a sum of
    squares, for its mean and 95% t interval (cut at 0: the mean of such amounts cannot be below)."""

    total: float = 0.0
    total_sq: float = 0.0

    def add(self, value: float) -> None:
        """Count one game's value."""
        self.total += value
        self.total_sq += value * value

    def merge(self, other: Moment) -> None:
        """Add another batch's sums."""
        self.total += other.total
        self.total_sq += other.total_sq

    def interval(self, n: int) -> tuple[float, float, float]:
        """(mean, low, high) over n games, the interval cut at 0."""
        mean, low, high = mean_interval(self.total, self.total_sq, n)
        return mean, max(low, 0.0), high

    def json(self, n: int) -> dict[str, Any]:
        """{"mean", "ci95"} over n games."""
        mean, low, high = self.interval(n)
        return {"mean": mean, "ci95": [low, high]}


def share(count: int, n: int) -> dict[str, Any]:
    """{"count", "probability", "ci95"}: a count of games as a share with its Wilson interval."""
    return {"count": count, "probability": count / n if n else 0.0, "ci95": list(wilson_interval(count, n))}


@dataclass(slots=True)
class CombatantTally:
    """How often one combatant was ever Broken, critically injured, dead, out at the end, and
    its damage by side (watch.Fate)."""

    name: str
    side: str
    pc: bool = False
    broken: int = 0  # games it was ever Broken (the dead included)
    injured: int = 0  # games it was ever critically injured (the dead included)
    dead: int = 0
    out: int = 0  # games it ended Broken or dead
    taken_from: list[int] = field(default_factory=list)  # damage taken from each side
    push: int = 0  # its own push costs
    other: int = 0  # damage with no attacker
    dealt_to: list[int] = field(default_factory=list)  # damage dealt to each side's people
    mounts: int = 0  # damage dealt to mounts
    measures: list[Moment] = field(default_factory=list)  # the mode's per-game means (RiskTerms.measures)

    def add(self, fate: Any) -> None:
        """Count one game's Fate."""
        self._count(fate)
        for moment, value in zip(self.measures, fate.measures, strict=True):
            moment.add(value)

    def merge(self, other: CombatantTally) -> None:
        """Add another batch's tally of the same combatant."""
        self._count(other)
        for mine, theirs in zip(self.measures, other.measures, strict=True):
            mine.merge(theirs)

    def _count(self, fate: Any) -> None:
        """Add the counts of a Fate or of another tally."""
        self.broken += fate.broken
        self.injured += fate.injured
        self.dead += fate.dead
        self.out += fate.out
        self.taken_from = [a + b for a, b in zip(self.taken_from, fate.taken_from, strict=True)]
        self.push += fate.push
        self.other += fate.other
        self.dealt_to = [a + b for a, b in zip(self.dealt_to, fate.dealt_to, strict=True)]
        self.mounts += fate.mounts


SIDE_DAMAGE = ("dealt_to_enemies", "taken_from_enemies", "friendly_fire", "push_costs", "no_attacker")
DRAW, TIMEOUT = 250, 251  # outcome codes of a game record besides side indices


@dataclass(slots=True)
class EncounterStats:
    """Statistics of many games: counts and sums (constant memory), plus a 4-byte record per game
    (its outcome, rounds and party flags) for comparisons game by game."""

    scenario: str
    sides: list[str]
    combatants: list[CombatantTally]
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0  # everyone out of the fight
    timeouts: int = 0  # round cap reached
    rounds: Counter[int] = field(default_factory=Counter)
    decisions: int = 0
    round_cap: int = 0  # zone fights: the scenario's round cap (0 = not known)
    pc_deaths: int = 0  # games in which at least one PC died
    pc_injuries: int = 0  # games in which at least one PC was critically injured
    party_knockouts: int = 0  # games that ended with every PC Broken or dead
    side_damage: dict[str, list[Moment]] = field(default_factory=dict)  # side -> SIDE_DAMAGE moments
    records: array[int] = field(default_factory=lambda: array("i"))  # per game index; -1 = not played
    pursuer: str = ""  # chases: the pursuing side ("" = a zone fight)
    endings: Counter[str] = field(default_factory=Counter)  # chases: how each chase ended
    ending_winners: Counter[tuple[str, str]] = field(default_factory=Counter)  # (ending, winner side)
    vehicles: list[str] = field(default_factory=list)  # chases: vehicle names
    wrecks: list[int] = field(default_factory=list)  # chases: games each vehicle ended wrecked
    handover: bool = False  # chases: the file hands over to a zone fight
    fights: int = 0  # chases with a hand-over: fights played
    fight_wins: Counter[str] = field(default_factory=Counter)  # ... won by each side
    fight_draws: int = 0  # ... everyone out
    fight_timeouts: int = 0  # ... round cap reached
    fight_rounds: int = 0  # ... rounds of all the fights
    terms: RiskTerms = YZE_TERMS  # what the mode calls its risks (terms.py)

    @classmethod
    def empty(
        cls, scenario: str, sides: list[str], combatants: list[tuple[str, str]] | list[tuple[str, str, bool]],
        pursuer: str = "", endings: tuple[str, ...] = (), vehicles: list[str] | None = None,
        handover: bool = False, round_cap: int = 0, terms: RiskTerms = YZE_TERMS,
    ) -> EncounterStats:  # fmt: skip
        """No games yet: the combatants as (name, side[, is a PC]); for a chase its pursuer, the
        possible endings, the vehicles, and whether it hands over to a zone fight; the words of
        the mode's risks and its per-combatant measures (`terms`)."""
        vehicles = list(vehicles or [])
        k = len(sides)
        tallies = [
            CombatantTally(
                c[0],
                c[1],
                bool(c[2]) if len(c) > 2 else False,
                taken_from=[0] * k,
                dealt_to=[0] * k,
                measures=[Moment() for _ in terms.measures],
            )
            for c in combatants
        ]
        return cls(
            scenario, list(sides), tallies, pursuer=pursuer, round_cap=round_cap,
            side_damage={side: [Moment() for _ in SIDE_DAMAGE] for side in sides},
            endings=Counter(dict.fromkeys(endings, 0)), vehicles=vehicles, wrecks=[0] * len(vehicles),
            handover=handover, terms=terms,
        )  # fmt: skip

    @property
    def pcs(self) -> list[CombatantTally]:
        """The player characters (the scenario's `pc: true`)."""
        return [t for t in self.combatants if t.pc]

    @property
    def is_chase(self) -> bool:
        """Statistics of a chase."""
        return bool(self.pursuer)

    def add(self, summary: Any) -> None:
        """Count one finished game (a watch.GameSummary)."""
        self.games += 1
        self.decisions += summary.decisions
        if summary.winner is not None:
            self.wins[summary.winner] += 1
            outcome = self.sides.index(summary.winner)
        elif summary.termination == Termination.ROUND_CAP:
            self.timeouts += 1
            outcome = TIMEOUT
        else:
            self.draws += 1
            outcome = DRAW
        self.rounds[summary.rounds] += 1
        if getattr(summary, "ending", ""):
            self.endings[summary.ending] += 1
            if summary.winner is not None:
                self.ending_winners[summary.ending, summary.winner] += 1
        for i, wrecked in enumerate(getattr(summary, "wrecked", ())):
            self.wrecks[i] += wrecked
        fight = getattr(summary, "fight", "")
        if fight:
            self.fights += 1
            self.fight_rounds += summary.fight_rounds
            if fight == "draw":
                self.fight_draws += 1
            elif fight == "timeout":
                self.fight_timeouts += 1
            else:
                self.fight_wins[fight] += 1
        for tally, fate in zip(self.combatants, summary.combatants, strict=True):
            tally.add(fate)
        pc_fates = [fate for tally, fate in zip(self.combatants, summary.combatants, strict=True) if tally.pc]
        pc_died = any(f.dead for f in pc_fates)
        knockout = bool(pc_fates) and all(f.out for f in pc_fates)
        self.pc_deaths += pc_died
        self.pc_injuries += any(f.injured for f in pc_fates)
        self.party_knockouts += knockout
        self._add_side_damage(summary.combatants)
        episode = getattr(summary, "episode", -1)
        if episode >= 0:
            self._record(episode, outcome | min(summary.rounds, 0xFFFF) << 8 | pc_died << 24 | knockout << 25)

    def _add_side_damage(self, fates: Any) -> None:
        """One game's damage by side, into the SIDE_DAMAGE moments."""
        index = {side: i for i, side in enumerate(self.sides)}
        for i, side in enumerate(self.sides):
            members = [f for t, f in zip(self.combatants, fates, strict=True) if index[t.side] == i]
            dealt = sum(sum(f.dealt_to) - f.dealt_to[i] for f in members)
            taken = sum(sum(f.taken_from) - f.taken_from[i] for f in members)
            values = (
                dealt, taken, sum(f.taken_from[i] for f in members), sum(f.push for f in members),
                sum(f.other for f in members),
            )  # fmt: skip
            for moment, value in zip(self.side_damage[side], values, strict=True):
                moment.add(value)

    def _record(self, episode: int, code: int) -> None:
        """Keep game `episode`'s record (outcome, rounds, party flags)."""
        if len(self.records) <= episode:
            self.records.extend([-1] * (episode + 1 - len(self.records)))
        self.records[episode] = code

    def merge(self, other: EncounterStats) -> None:
        """Add another batch's statistics (from a worker)."""
        self.games += other.games
        self.decisions += other.decisions
        self.wins.update(other.wins)
        self.draws += other.draws
        self.timeouts += other.timeouts
        self.rounds.update(other.rounds)
        self.pc_deaths += other.pc_deaths
        self.pc_injuries += other.pc_injuries
        self.party_knockouts += other.party_knockouts
        for side, moments in other.side_damage.items():
            for mine, theirs in zip(self.side_damage[side], moments, strict=True):
                mine.merge(theirs)
        for episode, code in enumerate(other.records):
            if code >= 0:
                self._record(episode, code)
        for ending, count in other.endings.items():
            self.endings[ending] += count
        self.ending_winners.update(other.ending_winners)
        self.wrecks = [a + b for a, b in zip(self.wrecks, other.wrecks, strict=True)]
        self.fights += other.fights
        self.fight_wins.update(other.fight_wins)
        self.fight_draws += other.fight_draws
        self.fight_timeouts += other.fight_timeouts
        self.fight_rounds += other.fight_rounds
        for mine, theirs in zip(self.combatants, other.combatants, strict=True):
            mine.merge(theirs)

    def game_records(self) -> dict[int, tuple[str, int, int, int]]:
        """Each played game by index: (winner side, "draw" or "timeout"; rounds; 1 if a PC died;
        1 if the whole party was knocked out)."""
        names = {DRAW: "draw", TIMEOUT: "timeout", **dict(enumerate(self.sides))}
        return {
            i: (names[code & 0xFF], code >> 8 & 0xFFFF, code >> 24 & 1, code >> 25 & 1)
            for i, code in enumerate(self.records)
            if code >= 0
        }

    def win_probability(self, side: str) -> tuple[float, float, float]:
        """(estimate, low, high) of the side's win probability with a 95% Wilson interval."""
        wins = self.wins.get(side, 0)
        low, high = wilson_interval(wins, self.games)
        return (wins / self.games if self.games else 0.0), low, high

    def escape_probability(self) -> tuple[float, float, float]:
        """Chases: (estimate, low, high) that a prey side wins the chase (gets away, outlasts the
        chase limit, or puts the pursuers out), with a 95% Wilson interval; a fight after a
        hand-over does not count."""
        wins = sum(n - self.fight_wins[side] for side, n in self.wins.items() if side != self.pursuer)
        low, high = wilson_interval(wins, self.games)
        return (wins / self.games if self.games else 0.0), low, high

    def catch_probability(self) -> tuple[float, float, float]:
        """Chases: (estimate, low, high) that the pursuer wins the chase (a prey caught, wrecked or
        Broken); a fight after a hand-over does not count."""
        wins = self.wins.get(self.pursuer, 0) - self.fight_wins[self.pursuer]
        low, high = wilson_interval(wins, self.games)
        return (wins / self.games if self.games else 0.0), low, high

    def handover_json(self) -> dict[str, Any]:
        """Chases with a hand-over: how often the chase went on as a zone fight, and who won those
        fights (shares of the fights played, 95% Wilson intervals)."""
        k = self.fights
        return {
            "fights": k,
            "probability": k / self.games if self.games else 0.0,
            "ci95": list(wilson_interval(k, self.games)),
            "sides": {
                side: {
                    "wins": self.fight_wins[side],
                    "win_probability": self.fight_wins[side] / k if k else 0.0,
                    "ci95": list(wilson_interval(self.fight_wins[side], k)),
                }
                for side in self.sides
            },
            "draws": self.fight_draws,
            "timeouts": self.fight_timeouts,
            "rounds_mean": self.fight_rounds / k if k else 0.0,
        }

    def chase_json(self) -> dict[str, Any]:
        """The chase part of the report: escape and catch chances, how the chases ended (shares
        that add up to 1, each with who won), and how often each vehicle ended as a wreck."""
        n = self.games
        escape, e_low, e_high = self.escape_probability()
        catch, c_low, c_high = self.catch_probability()
        endings = {}
        for ending, count in self.endings.items():
            won_by = {side: self.ending_winners[ending, side] for side in self.sides}
            endings[ending] = {**share(count, n), "won_by": {s: c for s, c in won_by.items() if c}}
        return {
            "pursuer": self.pursuer,
            "prey": [s for s in self.sides if s != self.pursuer],
            "escape_probability": escape,
            "escape_ci95": [e_low, e_high],
            "catch_probability": catch,
            "catch_ci95": [c_low, c_high],
            "endings": endings,
            "wrecks_per_game": sum(self.wrecks) / max(1, n),
            "vehicles": [
                {"name": name, "p_wrecked": w / max(1, n), "ci95": list(wilson_interval(w, n))}
                for name, w in zip(self.vehicles, self.wrecks, strict=True)
            ],
            **({"handover": self.handover_json()} if self.handover else {}),
        }

    def rounds_mean(self) -> float:
        """Mean rounds per game."""
        total = sum(r * n for r, n in self.rounds.items())
        return total / self.games if self.games else 0.0

    def rounds_interval(self) -> tuple[float, float, float]:
        """(mean, low, high): mean rounds per game with its 95% t interval."""
        total = sum(r * n for r, n in self.rounds.items())
        total_sq = sum(r * r * n for r, n in self.rounds.items())
        return mean_interval(total, total_sq, self.games)

    def rounds_median(self) -> float:
        """Median rounds per game."""
        if not self.games:
            return 0.0
        half, seen = self.games / 2, 0
        for r in sorted(self.rounds):
            seen += self.rounds[r]
            if seen >= half:
                return float(r)
        return float(max(self.rounds))

    def party_json(self) -> dict[str, Any] | None:
        """The PCs' party risks (None if the scenario marks no PC): at least one PC dead at the
        end, at least one critically injured during the game, every PC Broken or dead at the end."""
        pcs = self.pcs
        if not pcs:
            return None
        n = self.games
        dies, second, knockout = (risk.key for risk in self.terms.party)
        return {
            "pcs": [t.name for t in pcs],
            "sides": sorted({t.side for t in pcs}, key=self.sides.index),
            dies: share(self.pc_deaths, n),
            second: share(self.pc_injuries, n),
            knockout: share(self.party_knockouts, n),
        }

    def difficulty(self) -> Difficulty | None:
        """The encounter's difficulty rating for the party (difficulty.py); None if no PC is marked."""
        if not self.pcs:
            return None
        n = self.games
        death, knockout = self.pc_deaths, self.party_knockouts
        return rate(
            (death / n if n else 0.0, *wilson_interval(death, n)),
            (knockout / n if n else 0.0, *wilson_interval(knockout, n)),
        )

    def damage_json(self) -> dict[str, Any]:
        """Damage by side per game (means with 95% t intervals) and who took it from whom."""
        n = self.games
        sides = {}
        for i, side in enumerate(self.sides):
            members = [t for t in self.combatants if t.side == side]
            sides[side] = {
                **{name: m.json(n) for name, m in zip(SIDE_DAMAGE, self.side_damage[side], strict=True)},
                "dealt_to_mounts": sum(t.mounts for t in members) / max(1, n),
                "taken_from": {
                    source: sum(t.taken_from[j] for t in members) / max(1, n)
                    for j, source in enumerate(self.sides)
                },
                "dealt_to": {
                    target: sum(t.dealt_to[j] for t in members) / max(1, n)
                    for j, target in enumerate(self.sides)
                    if j != i
                },
            }
        return {"note": self.terms.damage_note, "sides": sides}

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready report (schema version 2; runner and CLI add who played and provenance); its
        `risk_terms` say what each risk key of `combatants` and `party` counts, in the mode's words."""
        n = self.games
        sides = {}
        for side in self.sides:
            p, low, high = self.win_probability(side)
            sides[side] = {"win_probability": p, "ci95": [low, high], "wins": self.wins.get(side, 0)}
        mean, low, high = self.rounds_interval()
        at_cap = self.rounds[self.round_cap] if self.round_cap else 0
        report = {
            "schema_version": 2,
            "scenario": self.scenario,
            "games": n,
            "sides": sides,
            "draws": self.draws,
            "draw": share(self.draws, n),
            "timeouts": self.timeouts,
            "timeout": share(self.timeouts, n),
            "risk_terms": self.terms.glossary(),
            "rounds": {
                "mean": mean,
                "ci95": [low, high],
                "median": self.rounds_median(),
                "min": min(self.rounds, default=0),
                "max": max(self.rounds, default=0),
                "round_cap": self.round_cap,
                "at_round_cap": share(at_cap, n),
                "distribution": {str(r): self.rounds[r] for r in sorted(self.rounds)},
            },
            "party": self.party_json(),
            "difficulty": None if (rated := self.difficulty()) is None else rated.to_json(),
            "combatants": [
                {
                    "name": t.name,
                    "side": t.side,
                    "pc": t.pc,
                    **{
                        risk.key: share(count, n)
                        for risk, count in zip(
                            (*self.terms.ever, self.terms.out),
                            (t.broken, t.injured, t.dead, t.out),
                            strict=True,
                        )
                    },
                    **{risk.key: m.json(n) for risk, m in zip(self.terms.measures, t.measures, strict=True)},
                    "damage_dealt_per_game": (sum(t.dealt_to) - t.dealt_to[self.sides.index(t.side)])
                    / max(1, n),
                    "damage_taken_per_game": (sum(t.taken_from) + t.push + t.other) / max(1, n),
                }
                for t in self.combatants
            ],
            "damage": self.damage_json(),
        }
        if self.is_chase:
            report["chase"] = self.chase_json()
        return report


def paired_difference(
    a: EncounterStats, b: EncounterStats
) -> tuple[int, list[tuple[str, float, float, float, float, float]]]:
    """What changes from run a to run b, game by game: both runs play game i from (seed, i), so
    the difference of each quantity is taken per game index and its mean gets a 95% t interval.
    Returns the number of paired games and rows (label, mean a, mean b, change, low, high) for
    each side's win chance, a draw or timeout, rounds, a PC's death and a total party knockout."""
    first, second = a.game_records(), b.game_records()
    common = sorted(first.keys() & second.keys())
    n = len(common)
    quantities: list[tuple[str, Any]] = [
        (f"{side} wins", lambda r, side=side: float(r[0] == side)) for side in a.sides
    ]
    quantities.append(("draw or timeout", lambda r: float(r[0] in ("draw", "timeout"))))
    quantities.append(("rounds", lambda r: float(r[1])))
    if a.pcs and b.pcs:
        quantities.append(("a PC dies", lambda r: float(r[2])))
        quantities.append(("total party knockout", lambda r: float(r[3])))
    rows = []
    for label, value in quantities:
        xs = [value(first[i]) for i in common]
        ys = [value(second[i]) for i in common]
        ds = [y - x for x, y in zip(xs, ys, strict=True)]
        change, low, high = mean_interval(sum(ds), sum(d * d for d in ds), n)
        rows.append((label, sum(xs) / max(1, n), sum(ys) / max(1, n), change, low, high))
    return n, rows
