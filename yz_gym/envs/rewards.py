"""Rewards of the yz_gym environments: a terminal result, plus optional shaping from events.

**Terminal** (always on): when the game ends, `win` (+1) if the learner's side won, `loss`
(-1) if another side won, `draw` (0) if no one did: everyone out, or the round cap reached
(the episode is then *truncated*, not terminated).

**Shaping** (off by default; `reward_shaping=True` for the defaults below, or a dict / a
`RewardShaping` to choose the weights). Summed over the events between two decisions of
the learner:

- `damage_dealt` x points of damage and stress that the learner's side inflicts on
  enemies (the `dealt` amount of each `damage`/`stress` event whose source is on its side);
- `damage_taken` x points of damage and stress that its own combatants suffer (any source),
  subtracted;
- `enemy_broken` x enemies that become Broken (any cause);
- `ally_broken` x its own combatants that become Broken, subtracted.

The defaults keep a whole fight's shaping well below the terminal reward.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields

from yz_gym.core.events import Event


@dataclass(frozen=True, slots=True)
class RewardShaping:
    """Weights of the shaping terms; all 0 = no shaping."""

    damage_dealt: float = 0.0
    damage_taken: float = 0.0
    enemy_broken: float = 0.0
    ally_broken: float = 0.0

    @property
    def enabled(self) -> bool:
        """True when any weight is non-zero."""
        return any((self.damage_dealt, self.damage_taken, self.enemy_broken, self.ally_broken))


DEFAULT_SHAPING = RewardShaping(damage_dealt=0.02, damage_taken=0.02, enemy_broken=0.2, ally_broken=0.2)
NO_SHAPING = RewardShaping()


def shaping_from(value: bool | Mapping[str, float] | RewardShaping | None) -> RewardShaping:
    """None/False: none; True: DEFAULT_SHAPING; a dict or RewardShaping: those weights."""
    if value is None or value is False:
        return NO_SHAPING
    if value is True:
        return DEFAULT_SHAPING
    if isinstance(value, RewardShaping):
        return value
    if isinstance(value, Mapping):
        known = {f.name for f in fields(RewardShaping)}
        unknown = sorted(set(value) - known)
        if unknown:
            raise ValueError(f"unknown reward_shaping term(s) {unknown}; terms: {sorted(known)}")
        return RewardShaping(**{k: float(v) for k, v in value.items()})
    raise TypeError(f"reward_shaping must be None, a bool, a dict or a RewardShaping, not {value!r}")


def shaping_reward(shaping: RewardShaping, events: Iterable[Event], sides: list[int], my_side: int) -> float:
    """The shaping reward of `events` for side `my_side` (`sides[i]` = side of combatant i)."""
    total = 0.0
    n = len(sides)
    for e in events:
        kind = e.kind
        if kind == "damage" or kind == "stress":
            if not 0 <= e.target < n:
                continue
            amount = e.get("dealt", e.get("amount", 0))
            if sides[e.target] == my_side:
                total -= shaping.damage_taken * amount
            elif 0 <= e.actor < n and sides[e.actor] == my_side:
                total += shaping.damage_dealt * amount
        elif kind == "broken" and 0 <= e.target < n:
            if sides[e.target] == my_side:
                total -= shaping.ally_broken
            else:
                total += shaping.enemy_broken
    return total


def terminal_reward(winner: int, my_side: int, win: float = 1.0, loss: float = -1.0, draw: float = 0.0) -> float:
    """`win` if `winner` is my side, `loss` if it is another, `draw` if -1 (no winner)."""
    if winner < 0:
        return draw
    return win if winner == my_side else loss
