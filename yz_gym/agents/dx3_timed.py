"""When the DX3 agents declare a setup, initiative or cleanup combo (the timing decision of
rulesets/dx3/timed_effects.py, Phase.TIMING, Kind.USE_EFFECT).

`dx3_tactical` (`choose`) weighs each combo it may declare in the HP units of its attack_value and
declares the one whose worth most exceeds the HP worth of its 侵蝕率 (`rate_cost`: a PC pays much
more for a combo that may take it past 99%), or none:

- dice and 攻撃力: the gain in its best attack (where it stands or after a 戦闘移動 toward an enemy),
  by the exact odds of the hit check against each target's best reaction and of the damage roll;
- dice on its dodge, ガード値, 装甲値 and HP damage taken off: the fall in the danger (each enemy's
  best attack on it, weighed as that enemy would);
- 行動値: for each enemy it then acts before, the exact chance that its attack puts that enemy down
  times the attack it spares itself;
- healing: the HP it heals on average, exactly (the fixed part and the D10s, capped at the HP lost).

A bonus that lasts the round counts for the rest of it (its attack if it has not acted, the enemies
still to act; nothing in the cleanup process, where it ends); one that lasts the scene counts a
whole round for each of up to SCENE_ROUNDS rounds the round cap leaves.

`dx3_aggressive` (`raises_attacks`) declares the largest combo that adds dice or 攻撃力 to its
attacks."""

from __future__ import annotations

from typing import Final, Protocol

from yz_gym.agents import dx3_odds
from yz_gym.rulesets.dx3 import engagement
from yz_gym.rulesets.dx3.attack import attacks
from yz_gym.rulesets.dx3.effects import CLEANUP
from yz_gym.rulesets.dx3.rounds import order_key
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Fighter, Kind
from yz_gym.rulesets.dx3.timed_effects import declared

SCENE_ROUNDS: Final = 3  # rounds a bonus for the scene is counted for (the bundled fights last 4-8 rounds)
EXPECTED_D10: Final = (dx3_odds.D10 + 1) / 2
ATTACK_MODS: Final = ("dice", "attack")  # the Fighter.mods that raise an attack
KEEP: Final = Dx3Action(Kind.DECLINE)


class Weigher(Protocol):
    """What the tactical agent weighs a timed combo with (agents/dx3_tactical.py)."""

    def best_attack(self, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> tuple[float, Dx3Action | None]:
        """The most valuable attack among `actions` and its worth."""

    def attack_odds(self, s: Dx3State, me: Fighter, a: Dx3Action) -> tuple[float, float, float, float]:
        """(expected HP taken, chance to put the target down, its worth, the 侵蝕率's cost) of an attack."""

    def danger(self, s: Dx3State, me: Fighter, only: frozenset[int] | None = None) -> float:
        """What the enemies in `only` could take from `me` before its next turn."""

    def rate_cost(self, me: Fighter, cost: float) -> float:
        """What paying `cost` 侵蝕率 is worth in HP to this fighter."""


def choose(agent: Weigher, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> Dx3Action:
    """The timed combo whose worth most exceeds its cost, or none (the module docstring)."""
    best, choice = 0.0, KEEP
    for a in actions:
        if a.kind == Kind.USE_EFFECT:
            worth = net_worth(agent, s, me, a.option)
            if worth > best:
                best, choice = worth, a
    return choice


def net_worth(agent: Weigher, s: Dx3State, me: Fighter, k: int) -> float:
    """What declaring timed combo k is worth to `me` now, less the HP worth of its 侵蝕率."""
    combo, added, ending = declared(s, me, k)
    lasting = {name: value - ending.get(name, 0) for name, value in added.items() if value != ending.get(name, 0)}
    worth = 0.0
    missing = me.char.stats.max_hp - me.char.hp
    if missing > 0 and (combo.heal or combo.heal_dice):
        worth += dx3_odds.hp_loss(combo.heal_dice, combo.heal, 0, missing)[0]  # E[min(heal, HP lost)]
    if ending and s.timing != CLEANUP:
        worth += round_worth(agent, s, me, ending, fresh=False)
    rounds = min(SCENE_ROUNDS, s.scenario.max_rounds - s.round + (0 if s.timing == CLEANUP else 1))
    if lasting and rounds > 0:
        worth += rounds * round_worth(agent, s, me, lasting, fresh=True)
    return worth - agent.rate_cost(me, combo.cost + EXPECTED_D10 * combo.cost_dice)


def round_worth(agent: Weigher, s: Dx3State, me: Fighter, mods: dict[str, int], fresh: bool) -> float:
    """What `mods` on `me` give over a round: the gain in its attack (unless it has acted this round),
    the fall in the danger from the enemies still to act and striking first; `fresh`: a whole new
    round, where nobody has acted."""
    acts = fresh or not me.acted
    enemies = [e for e in s.fighters if e.side != me.side and not e.down and (fresh or not e.acted)]
    only = frozenset(e.id for e in enemies)
    attack_before = reach_best(agent, s, me) if acts else 0.0
    danger_before = agent.danger(s, me, only)
    key_before = order_key(me)
    held = me.mods
    me.mods = {name: held.get(name, 0) + mods.get(name, 0) for name in {*held, *mods}}
    try:
        gain = danger_before - agent.danger(s, me, only)
        if acts:
            gain += reach_best(agent, s, me) - attack_before
            key = order_key(me)
            for e in enemies:
                if key < order_key(e) < key_before:  # it now acts before e
                    gain += first_strike(agent, s, me, e)
    finally:
        me.mods = held
    return gain


def reach_best(agent: Weigher, s: Dx3State, me: Fighter) -> float:
    """The worth of the best attack `me` could make this turn: where it stands or after a 戦闘移動
    toward one of the standing enemies (0 for none worth making)."""
    best = max(agent.best_attack(s, me, attacks(s, me))[0], 0.0)
    for pos in _reachable(s, me):
        held = me.pos
        me.pos = pos
        try:
            best = max(best, agent.best_attack(s, me, attacks(s, me))[0])
        finally:
            me.pos = held
    return best


def first_strike(agent: Weigher, s: Dx3State, me: Fighter, e: Fighter) -> float:
    """Acting before enemy e: the exact chance that my attack on it most likely to put it down (where I
    stand or after a 戦闘移動) does so, times the attack on me it would then not make."""
    falls = 0.0
    held = me.pos
    try:
        for pos in (held, *_reachable(s, me)):
            me.pos = pos
            falls = max(falls, max((agent.attack_odds(s, me, a)[1] for a in attacks(s, me) if a.target == e.id),
                                   default=0.0))  # fmt: skip
    finally:
        me.pos = held
    return falls * agent.danger(s, me, frozenset((e.id,))) if falls > 0 else 0.0


def _reachable(s: Dx3State, me: Fighter) -> list[int]:
    """Where a 戦闘移動 toward each standing enemy would take `me` (none aboard a vehicle or engaged)."""
    distance = engagement.combat_move_distance(s, me)
    if distance <= 0 or me.vehicle >= 0:
        return []
    ends = {engagement.destination(s, me, e.pos, distance) for e in s.fighters if e.side != me.side and not e.down}
    return sorted(ends - {me.pos})


def raises_attacks(s: Dx3State, f: Fighter, k: int) -> bool:
    """Whether timed combo k adds dice or 攻撃力 to f's attacks for a while yet (in the cleanup
    process only what lasts the scene)."""
    _, added, ending = declared(s, f, k)
    return any(added.get(name, 0) - (ending.get(name, 0) if s.timing == CLEANUP else 0) > 0 for name in ATTACK_MODS)


__all__ = ["SCENE_ROUNDS", "choose", "net_worth", "raises_attacks"]
