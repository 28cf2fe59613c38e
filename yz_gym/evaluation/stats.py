"""Streaming statistics of many games: win rates with Wilson intervals, rounds, per-combatant risk.

Chases add (under the report's "chase" key, the zone-fight keys unchanged): the escape and catch
probabilities, how the chases ended (escaped / caught / wrecked / timeout / combat / none, see
yz_gym.envs.chase_env.ending) and how often each vehicle ended as a wreck. A chase with a
hand-over (yz_gym.scenario.handover) plays the fight after a "combat" ending: the side win
chances are then those of the whole encounter (the fight's winner wins), escape and catch count
the chases decided without a fight, and "chase" -> "handover" tells how the fights went."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

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


@dataclass(slots=True)
class CombatantTally:
    """How often one combatant ended Broken, critically injured or dead, and its damage."""

    name: str
    side: str
    broken: int = 0
    injured: int = 0
    dead: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0


@dataclass(slots=True)
class EncounterStats:
    """Statistics that grow with games played but not with their number: constant memory."""

    scenario: str
    sides: list[str]
    combatants: list[CombatantTally]
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0  # everyone out of the fight
    timeouts: int = 0  # round cap reached
    rounds: Counter[int] = field(default_factory=Counter)
    decisions: int = 0
    pursuer: str = ""  # chases: the pursuing side ("" = a zone fight)
    endings: Counter[str] = field(default_factory=Counter)  # chases: how each chase ended
    vehicles: list[str] = field(default_factory=list)  # chases: vehicle names
    wrecks: list[int] = field(default_factory=list)  # chases: games each vehicle ended wrecked
    handover: bool = False  # chases: the file hands over to a zone fight
    fights: int = 0  # chases with a hand-over: fights played
    fight_wins: Counter[str] = field(default_factory=Counter)  # ... won by each side
    fight_draws: int = 0  # ... everyone out
    fight_timeouts: int = 0  # ... round cap reached
    fight_rounds: int = 0  # ... rounds of all the fights

    @classmethod
    def empty(
        cls, scenario: str, sides: list[str], combatants: list[tuple[str, str]], pursuer: str = "",
        endings: tuple[str, ...] = (), vehicles: list[str] | None = None, handover: bool = False,
    ) -> EncounterStats:  # fmt: skip
        """No games yet (for a chase: its pursuer, the possible endings, the vehicles, and
        whether it hands over to a zone fight)."""
        vehicles = list(vehicles or [])
        return cls(
            scenario, list(sides), [CombatantTally(n, s) for n, s in combatants], pursuer=pursuer,
            endings=Counter(dict.fromkeys(endings, 0)), vehicles=vehicles, wrecks=[0] * len(vehicles),
            handover=handover,
        )  # fmt: skip

    @property
    def is_chase(self) -> bool:
        """Statistics of a chase."""
        return bool(self.pursuer)

    def add(self, summary: Any) -> None:
        """Count one finished game (a GameSummary)."""
        self.games += 1
        self.decisions += summary.decisions
        if summary.winner is not None:
            self.wins[summary.winner] += 1
        elif summary.reason == "round cap":
            self.timeouts += 1
        else:
            self.draws += 1
        self.rounds[summary.rounds] += 1
        if getattr(summary, "ending", ""):
            self.endings[summary.ending] += 1
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
        for tally, c in zip(self.combatants, summary.combatants, strict=True):
            tally.broken += c[0]
            tally.injured += c[1]
            tally.dead += c[2]
            tally.damage_dealt += c[3]
            tally.damage_taken += c[4]

    def merge(self, other: EncounterStats) -> None:
        """Add another batch's statistics (from a worker)."""
        self.games += other.games
        self.decisions += other.decisions
        self.wins.update(other.wins)
        self.draws += other.draws
        self.timeouts += other.timeouts
        self.rounds.update(other.rounds)
        for ending, count in other.endings.items():
            self.endings[ending] += count
        self.wrecks = [a + b for a, b in zip(self.wrecks, other.wrecks, strict=True)]
        self.fights += other.fights
        self.fight_wins.update(other.fight_wins)
        self.fight_draws += other.fight_draws
        self.fight_timeouts += other.fight_timeouts
        self.fight_rounds += other.fight_rounds
        for mine, theirs in zip(self.combatants, other.combatants, strict=True):
            mine.broken += theirs.broken
            mine.injured += theirs.injured
            mine.dead += theirs.dead
            mine.damage_dealt += theirs.damage_dealt
            mine.damage_taken += theirs.damage_taken

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
        """The chase part of the report: escape and catch chances, endings, wrecks."""
        n = self.games

        def share(count: int) -> dict[str, Any]:
            return {
                "count": count,
                "probability": count / n if n else 0.0,
                "ci95": list(wilson_interval(count, n)),
            }

        escape, e_low, e_high = self.escape_probability()
        catch, c_low, c_high = self.catch_probability()
        return {
            "pursuer": self.pursuer,
            "prey": [s for s in self.sides if s != self.pursuer],
            "escape_probability": escape,
            "escape_ci95": [e_low, e_high],
            "catch_probability": catch,
            "catch_ci95": [c_low, c_high],
            "endings": {ending: share(count) for ending, count in self.endings.items()},
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

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready report (schema version 1)."""
        sides = {}
        for side in self.sides:
            p, low, high = self.win_probability(side)
            members = [t for t in self.combatants if t.side == side]
            sides[side] = {
                "win_probability": p,
                "ci95": [low, high],
                "damage_dealt_per_game": sum(t.damage_dealt for t in members) / max(1, self.games),
                "damage_taken_per_game": sum(t.damage_taken for t in members) / max(1, self.games),
            }
        n = max(1, self.games)
        report = {
            "schema_version": 1,
            "scenario": self.scenario,
            "games": self.games,
            "sides": sides,
            "draws": self.draws,
            "timeouts": self.timeouts,
            "rounds": {
                "mean": self.rounds_mean(),
                "median": self.rounds_median(),
                "distribution": {str(r): self.rounds[r] for r in sorted(self.rounds)},
            },
            "combatants": [
                {
                    "name": t.name,
                    "side": t.side,
                    "p_broken": t.broken / n,
                    "p_critically_injured": t.injured / n,
                    "p_dead": t.dead / n,
                    "damage_dealt_per_game": t.damage_dealt / n,
                    "damage_taken_per_game": t.damage_taken / n,
                }
                for t in self.combatants
            ],
        }
        if self.is_chase:
            report["chase"] = self.chase_json()
        return report
