"""`dx3_tactical`: a DX3 fighter that weighs every choice by the exact odds of DX3 checks
(agents/dx3_odds.py).

- An attack (weapon, target, combo) is worth the HP it takes on average, capped at the target's HP,
  plus a bonus for the chance to put the target down that grows with the target's threat (the
  damage it deals per attack); the target is assumed to answer with its best reaction (dodge or
  guard). A combo costs 侵蝕率: a PC pays for each point, much more once the combo may take it past
  99% (no more 《リザレクト》, DX3-DMG-04, and the back-track risk, DX3-TITUS-07); an NPC pays little.
  An attack that strikes several (an N体 weapon or combo, an area) is worth the sum over those it
  strikes, a friend caught at a loss (`struck`).
- A minor action is chosen by looking one step ahead: each move or equip is tried (the fighter put
  there or so armed for a moment) and scored by the best attack it leaves (closing in on the most valuable target when no
  attack is left); a ranged fighter keeps out of a melee enemy's engagement when it can still shoot.
  Making a weapon (DX3-EFF-M05) is tried as an equip, less its 侵蝕率; a blockade (DX3-EFF-M13) is
  worth the attack left here plus `blockade_gain` (a wounded ally shielded, a runner held) less its
  侵蝕率.
- A reaction is the one that leaves the least expected HP lost (the hit check is already rolled, so
  a dodge's chance is exact).
- A PC sublimates a Titus on its hit check or dodge (+10 dice, C値 -1, +1D10) when the exact gain is
  worth more than the Titus (agents/dx3_titus.py).
- A setup, initiative or cleanup combo is declared when what it gives (its attacks' gain, the danger
  it takes off, striking first, HP healed) beats its 侵蝕率's cost (agents/dx3_timed.py).
- It covers an ally only when the ally would likely fall and it would not (and never from hiding); it always stands up
  (《リザレクト》 first, a Titus only when 《リザレクト》 is not possible); a finishing blow, when the rules
  allow one, goes to an enemy that could stand up again.
- The hidden state (DX3-HID-*, HR-STEALTH-*): it searches for a hidden enemy when the exact chance of
  the 〈知覚〉 contest times the attack that finding it opens beats its best attack now; hidden, it keeps
  still rather than show itself for nothing, and makes a stealth move to a spot with a better attack
  when that attack a turn later, less the exact chance of being seen slipping in, beats being seen
  here now; it hides in a dark spot whenever no attack follows, and as a major action only to
  spare much of its HP. The danger of a spot is every enemy's best attack on it, weighed as that
  enemy would weigh it.
- Vehicles (DX3-VEH-*, HR-VEH-*): an attack that strikes a vehicle is weighed on the vehicle's HP
  and 装甲値, a rider's dodge is the exact two-step vehicle dodge, and boarding, swapping the driver
  and taking or handing over a mounted weapon are tried on a copy of the fight."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from yz_gym.agents import dx3_odds, dx3_timed, dx3_titus
from yz_gym.agents.base import Agent
from yz_gym.rulesets.dx3 import engagement, engine, riding, summoning
from yz_gym.rulesets.dx3.attack import (
    attacks,
    dodge_check,
    guard_value,
    hit_extras,
    may_resurrect,
    reactions,
    struck_by,
    titus_ready,
)
from yz_gym.rulesets.dx3.character import RESURRECT_LIMIT
from yz_gym.rulesets.dx3.combos import aims, combo_of
from yz_gym.rulesets.dx3.dice import Check, damage_dice
from yz_gym.rulesets.dx3.effects import MINOR, SINGLE, combine
from yz_gym.rulesets.dx3.gear import MELEE
from yz_gym.rulesets.dx3.state import OFF, PUT_ALL_AWAY, Dx3Action, Dx3State, Fighter, Kind, Phase
from yz_gym.rulesets.dx3.stealth import PERCEPTION, SEEN, keenest
from yz_gym.rulesets.dx3.titus import boost_check
from yz_gym.rulesets.dx3.vehicle import NEGOTIATION

KILL_WEIGHT: Final = 2.0  # value of putting a target down, per point of its threat and HP (tuned on a mirror fight)
PC_RATE_COST: Final = 0.25  # HP of value a PC gives for each point of 侵蝕率 below the limit
PAST_LIMIT_COST: Final = 12.0  # ... and once a combo may take it past 99%
NPC_RATE_COST: Final = 0.02  # an NPC's 侵蝕率 matters little to the fight
COVER_FALL: Final = 0.5  # cover an ally that would fall with this chance or more ...
COVER_SAFE: Final = 0.25  # ... when the coverer would fall with at most this chance
EXPOSED: Final = 0.3  # a ranged fighter's penalty per expected HP a melee enemy beside it could deal
TYPICAL_DAMAGE_DICE: Final = 11.0  # 2D10 on average: the damage dice of a 達成値 of 10-19
NEGLIGIBLE: Final = 1e-6  # hit-check outcomes rarer than this are not weighed
VEHICLE_SHARE: Final = 0.5  # a vehicle's HP is worth this much of a fighter's: it shields its riders
DELAY: Final = 0.8  # what an attack a turn later (after a search or a stealth move) is worth now
FIND_FLOOR: Final = 0.25  # finding a hidden enemy nobody can strike yet is worth this share of its threat
HIDE_SPARED: Final = 0.5  # hide as a major action only to spare at least this share of its HP
WOUNDED: Final = 0.5  # a fighter at this share of its max HP or less is wounded (a blockade guards it, or stops it running)
RIDING: Final = (Kind.BOARD, Kind.SWAP, Kind.HAND_OVER)  # getting off is not tried: the lost speed is not weighed


def threat(f: Fighter) -> float:
    """What a fighter deals per attack, roughly: its hardest weapon's 攻撃力 plus the damage dice of a
    typical 達成値."""
    return max((w.attack for w in (f.weapon(-1), *f.weapons)), default=0) + TYPICAL_DAMAGE_DICE


Answer = tuple[tuple[int, ...] | None, int]
"""How a target may answer a hit: (its dodge check (dice, C値, modifier), or a vehicle dodge (the
passenger's 〈知覚〉 dice, C値, modifier or -1, 0, 0 with no passenger, then the driver's 〈運転〉 dice, C値,
modifier, and the clamp of the unfloored C値), or None; its ガード値)."""


def reaction_odds(state: Dx3State, t: Fighter) -> tuple[Answer, ...]:
    """The reactions the target may answer with: (its dodge check or None, its guard value)."""
    out: list[Answer] = []
    for r in reactions(state, t):
        if r.kind == Kind.DODGE:
            c = dodge_check(state, t)
            out.append(((c.dice, c.crit, c.modifier), 0))
        elif r.kind == Kind.GUARD:
            out.append((None, guard_value(state, t, r.option)))
        elif r.kind == Kind.VEHICLE_DODGE:
            out.append((vehicle_dodge_odds(state, t), 0))
        elif r.kind == Kind.VEHICLE_GUARD:
            v = state.vehicles[t.vehicle]
            out.append((None, v.mounted[r.option].guard))
    return tuple(out) or ((None, 0),)


def vehicle_dodge_odds(state: Dx3State, t: Fighter) -> tuple[int, ...]:
    """The checks of the vehicle dodge t's vehicle would make (HR-VEH-DODGE-01..07), as an Answer's."""
    options = state.options
    v = state.vehicles[t.vehicle]
    seer = riding.spotter(state, v)
    seen = (-1, 0, 0)
    if seer is not None:
        c = seer.char.check(PERCEPTION, floor=options.crit_floor, table=options.encroach_table)
        seen = (c.dice, c.crit, c.modifier)
    drive = state.fighters[v.driver].char.check(v.kind.skill, floor=options.crit_floor, table=options.encroach_table)
    return (*seen, drive.dice, drive.crit, drive.modifier, options.unfloored_crit_min)


def _hit_table(answer: tuple[int, ...], tie: str) -> tuple[float, ...]:
    """For each 達成値, the chance a hit gets through this dodge or vehicle dodge."""
    if len(answer) == 3:
        return dx3_odds.beaten_by(dx3_odds.distribution(*answer), tie)
    seen = None if answer[0] < 0 else (answer[0], answer[1], answer[2])
    return dx3_odds.vehicle_hit_table(seen, (answer[3], answer[4], answer[5]), answer[6], tie)


def hit_outcome(
    state: Dx3State, achievement: int, power: int, t: Fighter, ignore_armor: bool,
    reaction: tuple[tuple[tuple[int, float], ...] | None, int], factor: int = 1,
) -> tuple[float, float]:  # fmt: skip
    """(expected HP lost, chance to fall) of a rolled hit check with this 達成値 against one reaction
    (a dodge's distribution or None, a ガード値); `factor` 2: a coverer hit too takes it twice."""
    dodge, guard = reaction
    options = state.options
    if dodge is not None:
        p_hit = dx3_odds.beats(achievement, dodge, options.tie)
    elif guard > 0:
        p_hit = 1.0
    else:
        p_hit = 1.0 if achievement > options.no_reaction_value or options.tie == "action" else 0.0
    if p_hit == 0.0:
        return 0.0, 0.0
    armor = 0 if ignore_armor else t.armor_value
    reduction = armor + guard + t.mods.get("reduction", 0)
    hp = -(-t.char.hp // factor)
    lost, falls = dx3_odds.hp_loss(damage_dice(achievement), power, reduction, hp)
    return p_hit * lost * factor, p_hit * falls


def expected_hit(
    state: Dx3State, hits: Check, power: int, hp: int, armor: int, answers: tuple[Answer, ...]
) -> tuple[float, float]:
    """(expected HP lost, chance to fall) of an attack with this hit check on a target with `hp` HP
    behind `armor` (装甲値 and reductions), the target answering each 達成値 with the reaction that
    costs it least (it reacts after the roll)."""
    options = state.options
    return _expected_hit(
        (hits.dice, hits.crit, hits.modifier), power, armor, hp, answers, options.tie, options.no_reaction_value
    )


@lru_cache(maxsize=1 << 16)
def _expected_hit(
    hits: tuple[int, int, int], power: int, armor: int, hp: int, answers: tuple[Answer, ...], tie: str,
    no_reaction_value: int,
) -> tuple[float, float]:  # fmt: skip
    """expected_hit on plain numbers (cached: the same attack is weighed again after each trial move)."""
    tables = _answer_tables(answers, tie)
    lost = falls = 0.0
    for value, q in dx3_odds.distribution(*hits):
        if value == dx3_odds.FUMBLE or q < NEGLIGIBLE:
            continue
        loss, fall = least_harm(value, power, armor, hp, tables, tie, no_reaction_value)
        lost += q * loss
        falls += q * fall
    return lost, falls


Tables = tuple[tuple[tuple[float, ...] | None, int], ...]


@lru_cache(maxsize=1 << 12)
def _answer_tables(answers: tuple[Answer, ...], tie: str) -> Tables:
    """Each answer's hit table (None for a guard or no reaction) and its ガード値."""
    return tuple((None if dodge is None else _hit_table(dodge, tie), guard) for dodge, guard in answers)


def least_harm(
    value: int, power: int, armor: int, hp: int, tables: Tables, tie: str, no_reaction_value: int
) -> tuple[float, float]:
    """(expected HP lost, chance to fall) of a hit check with this 達成値 when the target answers with
    the reaction that costs it least (a fall counted as the HP left twice)."""
    plain = 1.0 if tie == "action" else 0.0
    dice = damage_dice(value)
    least = (2.0 * hp + 1.0, 0.0, 0.0)
    for table, guard in tables:
        if table is not None:
            p_hit = table[min(max(value, 0), len(table) - 1)]
        else:
            p_hit = 1.0 if guard > 0 or value > no_reaction_value else plain
        loss, fall = dx3_odds.hp_loss(dice, power, armor + guard, hp)
        harm = p_hit * (loss + fall * hp)
        if harm < least[0]:
            least = (harm, p_hit * loss, p_hit * fall)
    return least[1], least[2]


class Dx3TacticalAgent(Agent):
    """Weigh each legal action by exact DX3 odds (see the module docstring)."""

    name = "dx3_tactical"

    def choose(self, state: Any, actions: list[Any]) -> Any:
        """One of the legal actions."""
        s: Dx3State = state
        if len(actions) == 1:
            return actions[0]
        me = s.fighters[engine.current_actor(s)]
        phase = s.phase
        if phase == Phase.REVIVE:
            return self._revive(s, me, actions)
        if phase == Phase.REACT:
            return self._react(s, me, actions)
        if phase == Phase.COVER:
            return self._cover(s, me, actions)
        if phase == Phase.SUBLIMATE:
            return dx3_titus.choose(self, s, me, actions)
        if phase == Phase.TIMING:
            return dx3_timed.choose(self, s, me, actions)
        if phase == Phase.MINOR:
            return self._minor(s, me, actions)
        return self._major(s, me, actions)

    # --- out of turn ---------------------------------------------------------------------------
    def _revive(self, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> Dx3Action:
        """Stand up: 《リザレクト》 first, else a Titus."""
        kinds = {a.kind: a for a in actions}
        return kinds.get(Kind.RESURRECT) or kinds.get(Kind.TITUS_REVIVE) or actions[-1]

    def _react(self, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> Dx3Action:
        """The reaction with the least expected HP lost (a fall counted as the HP left twice)."""
        p = s.pending
        assert p is not None
        achievement = p.hit_check.achievement

        def harm(a: Dx3Action) -> float:
            if a.kind == Kind.DODGE:
                reaction: tuple[Any, int] = (dx3_odds.of(dodge_check(s, me)), 0)
            elif a.kind == Kind.GUARD:
                reaction = (None, guard_value(s, me, a.option))
            else:
                reaction = (None, 0)
            lost, falls = hit_outcome(s, achievement, p.attack_power, me, p.ignore_armor, reaction)
            return lost + falls * me.char.hp

        return min(actions, key=harm)

    def _cover(self, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> Dx3Action:
        """Cover an ally likely to fall when the coverer is not."""
        p = s.pending
        assert p is not None
        achievement = p.hit_check.achievement
        best, best_gain = actions[-1], 0.0
        if me.hidden.hidden and s.options.hidden_cover_ends:
            return best  # covering would end its hidden state (DX3-HID-05)
        for a in actions:
            if a.kind != Kind.COVER:
                continue
            ally = s.fighters[a.target]
            guarded = (None, p.guards.get(ally.id, 0))
            _, ally_falls = hit_outcome(s, achievement, p.attack_power, ally, p.ignore_armor, guarded)
            factor = 2 if me.id in p.hit else 1
            _, my_falls = hit_outcome(s, achievement, p.attack_power, me, p.ignore_armor, (None, 0), factor)
            gain = ally_falls - my_falls
            if ally_falls >= COVER_FALL and my_falls <= COVER_SAFE and gain > best_gain:
                best, best_gain = a, gain
        return best

    # --- the main process ----------------------------------------------------------------------
    def attack_value(self, s: Dx3State, me: Fighter, a: Dx3Action, boost: tuple[int, int] = (0, 0)) -> float:
        """An attack's worth in HP: expected HP taken (target's best reaction) plus the fall bonus,
        less the 侵蝕率 a combo costs; `boost`: Titus sublimated on its hit check for +10 dice, C値 -1.
        An attack striking several (an N体 weapon or combo, an area: DX3-ATK-06/07) is worth the sum
        over those it strikes, a friend's at a loss (struck)."""
        several = struck(s, me, a)
        if several is None:
            lost, falls, kill, cost = self.attack_odds(s, me, a, boost)
            return lost + falls * kill - cost
        worth = cost = 0.0
        for t in several:
            lost, falls, kill, cost = self.attack_odds(s, me, Dx3Action(a.kind, t, a.option, a.drop, a.combo), boost)
            worth += (lost + falls * kill) * (1.0 if s.fighters[t].side != me.side else -1.0)
        return worth - cost

    def attack_odds(
        self, s: Dx3State, me: Fighter, a: Dx3Action, boost: tuple[int, int] = (0, 0)
    ) -> tuple[float, float, float, float]:
        """An attack's (expected HP taken, chance to put the target down, what that is worth, what its
        combo's 侵蝕率 costs), in HP; a struck vehicle's at VEHICLE_SHARE."""
        weapon = me.weapon(a.option)
        t = s.fighters[a.target]
        options = s.options
        extra_dice, bonus = hit_extras(s, me, weapon)
        dice, crit, floor, modifier, power, ignore, cost = 0, 0, 0, 0, 0, False, 0.0
        if a.combo >= 0:
            c = combo_of(s, me, weapon, a.combo)
            dice, crit, floor, modifier, power = c.dice, c.crit, c.crit_floor, c.achievement, c.attack_power
            ignore, cost = c.ignore_armor, c.cost + 5.5 * c.cost_dice
        check = me.char.check(
            weapon.skill, floor=options.crit_floor, table=options.encroach_table, dice=dice + extra_dice,
            crit_change=crit, effect_floor=floor, modifier=modifier + bonus,
        )  # fmt: skip
        check = boost_check(check, *boost)
        power += weapon.attack + me.mods.get("attack", 0)
        answers = reaction_odds(s, t) if not t.down else ((None, 0),)
        struck = riding.struck_vehicle(s, t, weapon, a.drop) if s.vehicles else -1
        if struck >= 0:  # the vehicle takes it (HR-VEH-04): its HP and 装甲値, nothing from 〈交渉〉 (HR-VEH-11)
            v = s.vehicles[struck]
            if weapon.skill == NEGOTIATION:
                return 0.0, 0.0, 0.0, self.rate_cost(me, cost)
            lost, falls = expected_hit(s, check, power, v.hp, v.kind.armor, answers)
            return VEHICLE_SHARE * lost, falls, VEHICLE_SHARE * KILL_WEIGHT * v.hp, self.rate_cost(me, cost)
        armor = (0 if ignore else t.armor_value + riding.shell(s, t)) + t.mods.get("reduction", 0)
        lost, falls = expected_hit(s, check, power, t.char.hp, armor, answers)
        return lost, falls, KILL_WEIGHT * (threat(t) + t.char.hp), self.rate_cost(me, cost)

    def worth_at(self, s: Dx3State, me: Fighter, achievement: int) -> float:
        """The pending attack's worth once its hit check shows this 達成値: over the targets still to
        react, each with its best reaction (0 for a target whose vehicle takes the attack: not weighed here)."""
        p = s.pending
        assert p is not None
        options, worth = s.options, 0.0
        for t in (s.fighters[i] for i in p.waiting if i not in p.vehicles):
            armor = 0 if p.ignore_armor else max(t.armor_value + riding.shell(s, t) - p.penetration, 0)
            tables = _answer_tables(reaction_odds(s, t), options.tie)
            lost, falls = least_harm(
                achievement, p.attack_power, armor + t.mods.get("reduction", 0), t.char.hp, tables,
                options.tie, options.no_reaction_value,
            )  # fmt: skip
            worth += lost + falls * KILL_WEIGHT * (threat(t) + t.char.hp)
        return worth

    @staticmethod
    def rate_cost(me: Fighter, cost: float) -> float:
        """What paying `cost` 侵蝕率 is worth in HP to this fighter."""
        if cost <= 0:
            return 0.0
        if not me.pc:
            return NPC_RATE_COST * cost
        past = me.char.encroachment <= RESURRECT_LIMIT < me.char.encroachment + cost
        return PC_RATE_COST * cost + (PAST_LIMIT_COST if past else 0.0)

    def best_attack(self, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> tuple[float, Dx3Action | None]:
        """The most valuable attack among `actions` and its worth (0, None when none)."""
        best, choice = 0.0, None
        for a in actions:
            if a.kind == Kind.ATTACK:
                worth = self.attack_value(s, me, a)
                if choice is None or worth > best:
                    best, choice = worth, a
        return best, choice

    def _major(self, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> Dx3Action:
        """A finishing blow at an enemy that could stand up; a search worth more than the best attack;
        hidden, a stealth move to a better attack; the best attack; else hide or close in."""
        finish = [a for a in actions if a.kind == Kind.FINISH and self._could_rise(s, s.fighters[a.target])]
        if finish:
            return max(finish, key=lambda a: threat(s.fighters[a.target]))
        worth, attack = self.best_attack(s, me, actions)
        found, search = self._best_search(s, me, actions)
        if search is not None and found > max(worth, 0.0):
            return search
        if me.hidden.hidden:
            sneak = self._sneak(s, me, actions, worth if attack is not None else None)
            if sneak is not None:
                return sneak
        if attack is not None and worth > 0:
            return attack
        moves = [a for a in actions if a.kind == Kind.FULL_MOVE]
        hide = [a for a in actions if a.kind == Kind.HIDE]
        if hide and self._hiding_pays(s, me, moves):
            return hide[0]
        if moves and not s.enemies_at(me):
            return self._approach(s, me, moves) or _skip(actions)
        return attack or _skip(actions)

    # --- the hidden state and vehicles ----------------------------------------------------------
    def danger(self, s: Dx3State, me: Fighter, only: frozenset[int] | None = None) -> float:
        """What the standing enemies (those in `only`, if given) could take from `me` before its next
        turn were it seen where it stands: each one's best attack on it (after a 戦闘移動 toward it),
        weighed as that enemy would."""
        held, total = me.hidden, 0.0
        me.hidden = SEEN
        try:
            for e in s.fighters:
                if e.side == me.side or e.down or (only is not None and e.id not in only):
                    continue
                pos = e.pos
                try:
                    reach = engagement.combat_move_distance(s, e)
                    if reach > 0 and e.vehicle < 0:
                        e.pos = engagement.destination(s, e, me.pos, reach)
                    mine = [a for a in attacks(s, e) if a.target == me.id]
                    total += max(max((self.attack_value(s, e, a) for a in mine), default=0.0), 0.0)
                finally:
                    e.pos = pos
        finally:
            me.hidden = held
        return total

    def _best_search(self, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> tuple[float, Dx3Action | None]:
        """The search most worth making (DX3-HID-06): the exact chance to find the hidden enemy times
        what finding it is worth (the best attack my side could then make on it, at least a share of
        its threat), a turn later."""
        best, choice = 0.0, None
        for a in actions:
            if a.kind != Kind.SEARCH:
                continue
            t = s.fighters[a.target]
            odds = dx3_odds.opposed(_perception(s, me), _perception(s, t) if _hidden_rolls(s) else None,
                                    s.options.tie, s.options.no_reaction_value)  # fmt: skip
            worth = odds * DELAY * max(self._worth_against(s, me.side, t), FIND_FLOOR * threat(t))
            if worth > best:
                best, choice = worth, a
        return best, choice

    def _worth_against(self, s: Dx3State, side: int, t: Fighter) -> float:
        """The best attack one of `side`'s standing fighters could make on t were it seen."""
        held, best = t.hidden, 0.0
        t.hidden = SEEN
        try:
            for f in s.fighters:
                if f.side == side and not f.down:
                    mine = [a for a in attacks(s, f) if a.target == t.id]
                    best = max(best, max((self.attack_value(s, f, a) for a in mine), default=0.0))
        finally:
            t.hidden = held
        return best

    def _sneak(self, s: Dx3State, me: Fighter, actions: list[Dx3Action], worth: float | None) -> Dx3Action | None:
        """Hidden: a stealth move (HR-STEALTH-03) to a spot with a better attack than the one here, when
        attacking from there a turn later (less the exact chance of being seen slipping into the
        enemies' engagement, HR-STEALTH-04) beats being seen here now; with nothing to attack, the
        stealth move toward the enemies."""
        sneaks = [a for a in actions if a.kind == Kind.STEALTH_MOVE]
        if not sneaks:
            return None
        if worth is None:
            return self._approach(s, me, sneaks)
        best, choice = worth - self.danger(s, me), None
        reach = engagement.combat_move_distance(s, me)
        for a in sneaks:
            pos = me.pos
            try:
                me.pos = engagement.destination(s, me, engagement.goal_of(s, a), reach)
                there, _ = self.best_attack(s, me, attacks(s, me))
                if there <= worth:
                    continue
                seen = 1.0 - self._slip_chance(s, me)
                value = DELAY * there - seen * self.danger(s, me)
            finally:
                me.pos = pos
            if value > best:
                best, choice = value, a
        return choice

    def _slip_chance(self, s: Dx3State, me: Fighter) -> float:
        """The exact chance `me` stays hidden among the enemies where it stands (HR-STEALTH-04, AMB-36)."""
        watchers = s.enemies_at(me)
        if not watchers:
            return 1.0
        options = s.options
        if options.slip_past_against == "keenest":
            watchers = [next(w for w in watchers if w.char is keenest([g.char for g in watchers], options))]
        mine = _perception(s, me)
        stays = 0.0
        for value, q in mine:
            if value != dx3_odds.FUMBLE:
                chance = q
                for w in watchers:
                    chance *= dx3_odds.beats(value, _perception(s, w), options.tie)
                stays += chance
        return stays

    def _hiding_pays(self, s: Dx3State, me: Fighter, moves: list[Dx3Action]) -> bool:
        """Hiding as a major action (HR-STEALTH-01) when the harm it likely spares (its exact chance
        to succeed times the danger here) is more than closing in would give a turn later, and much
        of the fighter's HP (hiding and stealth moves close in at half the pace of a 全力移動)."""
        odds = 1.0
        if s.options.stealth_check:
            odds = dx3_odds.meets(_perception(s, me), s.scenario.stealth_difficulty)
        spared = odds * self.danger(s, me)
        if spared <= 0:
            return False
        gain = 0.0
        approach = self._approach(s, me, moves)
        if approach is not None:
            pos = me.pos
            try:
                me.pos = engagement.destination(
                    s, me, engagement.goal_of(s, approach), engagement.full_move_distance(s, me)
                )
                gain, _ = self.best_attack(s, me, attacks(s, me))
            finally:
                me.pos = pos
        return spared > DELAY * gain and spared >= HIDE_SPARED * me.char.hp

    def _riding(self, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> list[tuple[float, Dx3Action]]:
        """Each vehicle minor action (board one no enemy rides, swap, take or hand over a mounted
        weapon) tried on a copy of the fight, scored as the other minors are plus the change in the
        danger to `me`."""
        now = self.danger(s, me)
        out = []
        for a in actions:
            if a.kind == Kind.BOARD and any(s.fighters[i].side != me.side for i in s.vehicles[a.target].aboard):
                continue
            if a.kind in RIDING:
                trial = s.clone()
                f = trial.fighters[me.id]
                riding.act(trial, f, a, [])
                worth, _ = self.best_attack(trial, f, attacks(trial, f))
                out.append((worth - self._exposure(trial, f) + now - self.danger(trial, f), a))
        return out

    @staticmethod
    def _could_rise(s: Dx3State, t: Fighter) -> bool:
        return may_resurrect(s, t) or titus_ready(s, t)

    def _minor(self, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> Dx3Action:
        """Each move or equip tried (the fighter put there or so armed for a moment), scored by the
        best attack it leaves less the exposure of a ranged fighter in a melee; vehicle actions tried
        on a copy (_riding). Hidden, nothing that would show it unless an attack follows; in a dark
        spot, hiding when no attack follows (HR-STEALTH-02)."""
        moves = [a for a in actions if a.kind == Kind.MOVE]
        if s.minor_only:
            return self._approach(s, me, moves) or _skip(actions, Kind.SKIP_MINOR)
        scored: list[tuple[float, int, Dx3Action]] = []
        reach = engagement.combat_move_distance(s, me)
        for i, a in enumerate(actions):
            if a.kind not in (Kind.SKIP_MINOR, Kind.MOVE, Kind.EQUIP, Kind.MAKE_WEAPON):
                continue
            pos, held, carried, cost = me.pos, me.equipped, me.weapons, 0.0
            try:
                if a.kind == Kind.MOVE:
                    me.pos = engagement.destination(s, me, engagement.goal_of(s, a), reach)
                elif a.kind in (Kind.EQUIP, Kind.MAKE_WEAPON):
                    kept = [] if a.drop == PUT_ALL_AWAY else [e for e in held if e != a.drop]
                    if a.kind == Kind.MAKE_WEAPON:  # DX3-EFF-M05: made, carried and equipped at once
                        me.weapons = (*carried, summoning.made_weapon(s, me, a.combo))
                        cost = self.rate_cost(me, _effect_cost(s, me, a.combo))
                    me.equipped = [*kept, a.option if a.kind == Kind.EQUIP else len(carried)]
                worth, _ = self.best_attack(s, me, attacks(s, me))
                scored.append((worth - self._exposure(s, me) - cost, -i, a))
            finally:
                me.pos, me.equipped, me.weapons = pos, held, carried
        walls = [a for a in actions if a.kind == Kind.BLOCKADE and a.option == 1 and me.blockade == OFF]
        if walls:  # DX3-EFF-M13: the attack left here, plus what holding the enemies here is worth
            here = next((w for w, _, a in scored if a.kind == Kind.SKIP_MINOR), 0.0)
            gain = self.blockade_gain(s, me) - self.rate_cost(me, _effect_cost(s, me, walls[0].combo))
            scored.append((here + gain, -actions.index(walls[0]), walls[0]))
        if s.vehicles:
            scored += [(worth, -actions.index(a), a) for worth, a in self._riding(s, me, actions)]
        best = max(scored, default=None)
        if best is not None and best[0] > 0:
            return best[2]
        hide = [a for a in actions if a.kind == Kind.HIDE]
        if hide:
            return hide[0]
        if me.hidden.hidden:
            return _skip(actions, Kind.SKIP_MINOR)
        return self._approach(s, me, moves) or _skip(actions, Kind.SKIP_MINOR)

    def blockade_gain(self, s: Dx3State, me: Fighter) -> float:
        """What putting 封鎖 up on my engagement for the round is worth (DX3-EFF-M13): for each standing
        enemy here still to act, the more of what it could take from a wounded ally elsewhere by
        leaving (_lunge) and what my side would lose if it ran (_escape); under `blockade_sides: all`
        less what holding my own side here costs it (a ranged ally wanting out of the melee)."""
        if engagement.blockaded(s, me):
            return 0.0  # held already (the scenario's 封鎖, another's effect)
        gain = 0.0
        for e in s.enemies_at(me):
            if not e.acted:
                gain += max(self._lunge(s, me, e), self._escape(s, me, e))
        if gain > 0 and s.options.blockade_sides == "all":
            gain -= sum(self._exposure(s, g) for g in s.at(me.pos) if g.side == me.side and not g.down)
        return gain

    def _lunge(self, s: Dx3State, me: Fighter, e: Fighter) -> float:
        """What enemy e, held here by nothing, could take from a wounded ally of mine it cannot strike
        now by leaving (離脱, a major action) toward it: its best attack on that ally from there, a turn
        later, weighed as e would weigh it."""
        best, pos = 0.0, e.pos
        reach = engagement.full_move_distance(s, e)
        for g in s.fighters:
            if g.side != me.side or g.down or g.pos == me.pos or g.char.hp > WOUNDED * g.char.stats.max_hp:
                continue
            if any(a.target == g.id for a in attacks(s, e)) or reach <= 0:
                continue  # it strikes that ally from here anyway, or cannot leave
            try:
                e.pos = engagement.destination(s, e, g.pos, reach)
                mine = [a for a in attacks(s, e) if a.target == g.id]
                best = max(best, DELAY * max((self.attack_value(s, e, a) for a in mine), default=0.0))
            finally:
                e.pos = pos
        return best

    def _escape(self, s: Dx3State, me: Fighter, e: Fighter) -> float:
        """What my side loses if enemy e, a runner (wounded, or a ranged fighter that wants out of the
        melee), leaves (離脱) away from me: my best attack on it here less the one left once it is gone,
        a turn later."""
        if e.char.hp > WOUNDED * e.char.stats.max_hp and not self._exposure(s, e):
            return 0.0
        reach = engagement.full_move_distance(s, e)
        if reach <= 0:
            return 0.0
        here = max((self.attack_value(s, me, a) for a in attacks(s, me) if a.target == e.id), default=0.0)
        pos = e.pos
        try:
            e.pos = engagement.destination(s, e, 0 if 2 * me.pos > s.scenario.length else s.scenario.length, reach)
            gone = max((self.attack_value(s, me, a) for a in attacks(s, me) if a.target == e.id), default=0.0)
        finally:
            e.pos = pos
        return DELAY * max(here - max(gone, 0.0), 0.0)

    def _exposure(self, s: Dx3State, me: Fighter) -> float:
        """A fighter without a melee weapon standing in a melee enemy's engagement pays for it."""
        if any(me.weapon(w).kind == MELEE and me.weapon(w).attack > 0 for w in me.equipped):
            return 0.0
        return EXPOSED * sum(threat(e) for e in s.enemies_at(me))

    def _approach(self, s: Dx3State, me: Fighter, moves: list[Dx3Action]) -> Dx3Action | None:
        """The move toward the standing enemy most worth reaching (the weakest and most dangerous)."""
        enemies = [f for f in s.fighters if f.side != me.side and not f.down]
        if not enemies or not moves:
            return None
        goal = max(enemies, key=lambda e: (threat(e) / max(e.char.hp, 1), -abs(e.pos - me.pos)))
        toward = [a for a in moves if a.target >= 0 and s.fighters[a.target].pos == goal.pos]
        if toward:
            return toward[0]
        direction = 1 if goal.pos > me.pos else 0
        plain = [a for a in moves if a.target < 0 and a.option == direction]
        return plain[0] if plain else None


def _effect_cost(s: Dx3State, f: Fighter, k: int) -> float:
    """The 侵蝕値 f's minor effect k costs, its dice at their mean."""
    c = combine([f.effects[k]], MINOR, f.char.encroachment, s.options.encroach_table)
    return c.cost + 5.5 * c.cost_dice


def struck(s: Dx3State, me: Fighter, a: Dx3Action) -> list[int] | None:
    """Whom attack `a` strikes when that may be more than the one it names (an N体 weapon or combo, an
    area, DX3-ATK-06/07; the riders of one vehicle counted once, HR-VEH-04), None when it strikes only
    the one it names."""
    weapon = me.weapon(a.option)
    if weapon.targets <= 1 and (a.combo < 0 or aims(me, weapon, s.options.encroach_table)[a.combo].target == SINGLE):
        return None
    hit = struck_by(s, me, a)
    if s.vehicles:
        hit, _ = riding.struck_vehicles(s, hit, weapon, a.drop)
    return None if hit == [a.target] else hit


def _perception(s: Dx3State, f: Fighter) -> dx3_odds.Dist:
    """f's 〈知覚〉 check's exact 達成値 distribution (hiding, searching, slipping past: HR-STEALTH-*)."""
    options = s.options
    return dx3_odds.of(f.char.check(PERCEPTION, floor=options.crit_floor, table=options.encroach_table))


def _hidden_rolls(s: Dx3State) -> bool:
    """The hidden side rolls 〈知覚〉 against a search (`hidden_search_roll`, DX3-HID-06)."""
    return s.options.hidden_search_roll == "perception"


def _skip(actions: list[Dx3Action], kind: int = Kind.SKIP_MAJOR) -> Dx3Action:
    """Giving up the action (the last legal action if that is not offered)."""
    for a in actions:
        if a.kind == kind:
            return a
    return actions[-1]


__all__ = ["Dx3TacticalAgent", "threat"]

