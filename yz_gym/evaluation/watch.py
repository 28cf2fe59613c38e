"""What one evaluated game did to each combatant (Fate), followed decision by decision (GameWatch),
and the summary it adds to the statistics (GameSummary)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.state import Combatant


class Fate(NamedTuple):
    """What one game did to one combatant. Damage counts damage and stress points as dealt (the
    `amount` of each damage or stress event, as Combatant.damage_taken does)."""

    broken: int  # 1 if ever Broken during the game (the dead count as Broken)
    injured: int  # 1 if ever critically injured (fire aside), or dead
    dead: int  # 1 if dead at the end
    out: int  # 1 if Broken or dead at the end
    taken_from: tuple[int, ...]  # damage taken from each side's attacks (own side: friendly fire)
    push: int  # the combatant's own push costs (PUSH-10..20) it paid in damage, stress or attributes
    other: int  # damage with no attacker: fire, darkness, crashes, stress when a friend falls ...
    dealt_to: tuple[int, ...]  # damage dealt to each side's people (own side: friendly fire)
    mounts: int  # damage dealt to mounts (MOUNT-12), which no person takes
    measures: tuple[float, ...] = ()  # the mode's per-game values (terms.RiskTerms.measures)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What one finished game contributes to the statistics."""

    winner: str | None
    reason: str
    rounds: int
    decisions: int
    combatants: tuple[Fate, ...]
    termination: Termination  # why the game (a chase's fight, if there is one) ended
    ending: str = ""  # chases: how it ended (chase_env.ENDINGS); "" for zone fights
    wrecked: tuple[int, ...] = ()  # chases: 1 per vehicle wrecked at the end
    fight: str = ""  # chases with a hand-over: the fight's winner, "draw" or "timeout"; "" = no fight
    fight_rounds: int = 0  # chases with a hand-over: rounds of the fight
    episode: int = -1  # the game's index (for comparisons game by game)


class Watcher(Protocol):
    """What follows a game for the statistics (runner.play_out): GameWatch for YZE, a mode's own
    otherwise (evaluation/dx3_games.py's Dx3Watch)."""

    def follow(self, people: Sequence[Any]) -> None:
        """From now on the events are about these people."""

    def see(self, people: Sequence[Any], events: Iterable[Event]) -> None:
        """Count one decision's events."""


class GameWatch:
    """Follows one game decision by decision: who was ever Broken or critically injured, and every
    point of damage by whom to whom. A push's own cost (the roller takes damage or stress with no
    attacker after its push event, or a push_cost event) is kept apart from other damage with no
    attacker. People are matched by name, so a chase's hand-over fight keeps the same rows."""

    def __init__(self, people: Sequence[Combatant], sides: Sequence[str]) -> None:
        self.sides = list(sides)
        self.slot = {c.name: i for i, c in enumerate(people)}
        self.side = [c.side for c in people]
        n, k = len(people), len(sides)
        self.broken = [False] * n
        self.injured = [False] * n
        self.taken = [[0] * (k + 2) for _ in range(n)]  # from side 0..k-1, own push, no attacker
        self.dealt = [[0] * (k + 1) for _ in range(n)]  # to side 0..k-1, mounts
        self.slots: list[int] = []  # this game's combatant id -> row

    def follow(self, people: Sequence[Combatant]) -> None:
        """From now on the events are about these combatants (a game's, or its hand-over fight's)."""
        self.slots = [self.slot[c.name] for c in people]
        self.look(people)

    def look(self, people: Sequence[Combatant]) -> None:
        """Note who is Broken or critically injured now."""
        broken, injured = self.broken, self.injured
        for c, row in zip(people, self.slots, strict=True):
            if not broken[row] and (c.broken or c.dead):
                broken[row] = True
            if not injured[row] and (c.dead or c.injuries):
                injured[row] = True

    def see(self, people: Sequence[Combatant], events: Iterable[Event]) -> None:
        """Count one decision's events, then look at everyone."""
        k = len(self.sides)
        slots, side = self.slots, self.side
        for e in events:
            kind = e.kind
            if kind == "damage" or kind == "stress":
                amount, victim = int(e.get("amount", 0)), slots[e.target]
                if e.get("push", 0):  # what the victim's own push cost (the rules mark it, PUSH-10..20)
                    self.taken[victim][k] += amount
                elif e.actor >= 0:
                    source = slots[e.actor]
                    self.taken[victim][side[source]] += amount
                    self.dealt[source][side[victim]] += amount
                else:
                    self.taken[victim][k + 1] += amount
            elif kind == "push_cost":
                self.taken[slots[e.actor]][k] += int(e.get("amount", 0))
            elif kind == "mount_damage" and e.actor >= 0:
                self.dealt[slots[e.actor]][k] += int(e.get("amount", 0))
        self.look(people)

    def fates(self, final: Sequence[Combatant]) -> tuple[Fate, ...]:
        """Everyone's fate, from the watch and the combatants as the game left them (in row order)."""
        k = len(self.sides)
        fates = []
        for i, c in enumerate(final):
            taken, dealt = self.taken[i], self.dealt[i]
            fate = Fate(
                int(self.broken[i]), int(self.injured[i]), int(c.dead), int(c.broken or c.dead),
                tuple(taken[:k]), taken[k], taken[k + 1], tuple(dealt[:k]), dealt[k],
            )  # fmt: skip
            fates.append(fate)
        return tuple(fates)
