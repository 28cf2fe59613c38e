"""`dx3_aggressive`: a simple DX3 fighter. It attacks the weakest enemy in reach with the weapon
that hits hardest, closes in on the nearest enemy when nothing is in reach, guards when its
guard value is worth it and dodges otherwise, declares its first (largest) attack combo while its
侵蝕率 is below 100% (so 《リザレクト》 stays possible) and, as long, the largest setup, initiative or
cleanup combo that adds dice or 攻撃力 to its attacks (agents/dx3_timed.py), covers a hit ally about to fall when it can take the
blow itself, always takes 《リザレクト》 (else a Titus) to stand up, and dodges with a Titus when its HP is low."""

from __future__ import annotations

from typing import Any

from yz_gym.agents.base import Agent
from yz_gym.agents.dx3_timed import raises_attacks
from yz_gym.rulesets.dx3.character import RESURRECT_LIMIT
from yz_gym.rulesets.dx3.combos import MAX_COMBOS
from yz_gym.rulesets.dx3.engine import current_actor
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind

GUARD_WORTH = 3  # the ガード値 from which a guard is preferred to a dodge
LOW_HP = 10  # an ally at this HP or less is covered by one that has more than twice as much


class Dx3AggressiveAgent(Agent):
    """Attack the weakest enemy in reach with the hardest-hitting weapon; close in otherwise."""

    name = "dx3_aggressive"

    def choose(self, state: Any, actions: list[Any]) -> Any:
        """One of the legal actions (see the module docstring)."""
        s: Dx3State = state
        by_kind: dict[int, list[Dx3Action]] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        me = s.fighters[current_actor(s)]
        for kind in (Kind.RESURRECT, Kind.TITUS_REVIVE):
            if kind in by_kind:
                return by_kind[kind][0]
        sub = s.sublimation
        dodging = sub is not None and sub.action.kind == Kind.DODGE and sub.dice == 0
        if Kind.TITUS_DICE in by_kind and dodging and me.char.hp <= LOW_HP:  # one Titus for +10 dice
            return by_kind[Kind.TITUS_DICE][0]
        if Kind.DODGE in by_kind:
            guards = by_kind.get(Kind.GUARD, [])
            best = max(guards, key=lambda a: me.weapons[a.option].guard, default=None)
            if best is not None and me.weapons[best.option].guard >= GUARD_WORTH:
                return best
            return by_kind[Kind.DODGE][0]
        covers = [a for a in by_kind.get(Kind.COVER, []) if s.fighters[a.target].char.hp <= LOW_HP]
        if covers and me.char.hp > 2 * LOW_HP:
            return min(covers, key=lambda a: s.fighters[a.target].char.hp)
        combo_ok = me.char.encroachment <= RESURRECT_LIMIT
        raising = [a for a in by_kind.get(Kind.USE_EFFECT, []) if combo_ok and raises_attacks(s, me, a.option)]
        if raising:  # the largest timed combo that raises its attacks
            return raising[0]
        if Kind.ATTACK in by_kind:
            return min(
                by_kind[Kind.ATTACK],
                key=lambda a: (
                    s.fighters[a.target].char.hp, -me.weapon(a.option).attack,
                    a.combo if combo_ok and a.combo >= 0 else MAX_COMBOS,
                ),
            )  # fmt: skip
        moves = by_kind.get(Kind.MOVE, []) + by_kind.get(Kind.FULL_MOVE, [])
        enemy_at = {f.pos for f in s.fighters if f.side != me.side and not f.down}
        toward = [a for a in moves if a.target >= 0 and s.fighters[a.target].pos in enemy_at]
        if toward and not s.enemies_at(me):
            return min(toward, key=lambda a: abs(s.fighters[a.target].pos - me.pos))
        for kind in (Kind.DECLINE, Kind.SKIP_MINOR, Kind.SKIP_MAJOR):
            if kind in by_kind:
                return by_kind[kind][0]
        return actions[int(self.rng.random() * len(actions))]
