"""When `dx3_tactical` sublimates a Titus on a check (DX3-TITUS-03A..C, the SUBLIMATE
decision of rulesets/dx3/sublimation.py), by the exact odds of agents/dx3_odds.py.

A Titus (or the Lois turned into one) is worth TITUS_WORTH HP of value to a PC: a Lois spent is a
back-track die lost (DX3-TITUS-07). Each choice is weighed in the units of `attack_value` (HP taken,
plus the value of putting a target down) or of a reaction's harm (HP lost, a fall counted as the HP
left twice), and a Titus is sublimated when it gains more than it is worth:

- before a hit check: +10 dice or C値 -1, whichever raises the attack's worth more;
- right after it: +1D10, weighed over its ten faces against each target's best reaction;
- before a dodge: +10 dice or C値 -1, whichever cuts the expected harm more (a fall counts only when
  《リザレクト》 cannot stand it up);
- right after a losing dodge: +1D10, by the exact chance that the raised dodge beats the hit;
- on any other check (checks.pause: the lone leaver's 【肉体】, hiding, slipping past, searching, a vehicle
  dodge's two checks, a gimmick's dodge, a recovery, the area-damage check of the hidden): the exact
  chance of success (dx3_odds; ties to the attacker in the area-damage check, HR-STEALTH-08) with and
  without the Titus, times what success is worth: the harm a gimmick or a hit on the vehicle would do,
  or CHECK_WORTH for getting away, hiding, staying hidden, finding or recovering."""

from __future__ import annotations

from dataclasses import replace
from typing import Final, Protocol

from yz_gym.agents import dx3_odds
from yz_gym.rulesets.dx3.attack import dodge_check, may_resurrect
from yz_gym.rulesets.dx3.character import Ability
from yz_gym.rulesets.dx3.checks import tie_of
from yz_gym.rulesets.dx3.dice import Check, CheckResult, action_wins, damage_dice
from yz_gym.rulesets.dx3.reaction_effects import dodge_combo
from yz_gym.rulesets.dx3.state import CheckFor, Dx3Action, Dx3State, Fighter, Kind, Sublimation
from yz_gym.rulesets.dx3.stealth import keenest, perception
from yz_gym.rulesets.dx3.sublimation import ANSWERS
from yz_gym.rulesets.dx3.titus import boost_check
from yz_gym.rulesets.dx3.vehicle_dodge import drive_check

TITUS_WORTH: Final = 4.0  # HP of value one Titus (one Lois) is worth to a PC
FACES: Final = range(1, dx3_odds.D10 + 1)
CHECK_WORTH: Final = 6.0  # HP of value of winning a check that is neither a hit nor a dodge of harm
KEEP: Final = Dx3Action(Kind.DECLINE)
BOOSTS: Final = ((Kind.TITUS_DICE, 1, 0), (Kind.TITUS_CRIT, 0, 1))  # (choice, +dice Titus, C値 Titus)


class Attacker(Protocol):
    """What the tactical agent weighs an attack with: its worth with Titus boosts and at a 達成値."""

    def attack_value(self, s: Dx3State, me: Fighter, a: Dx3Action, boost: tuple[int, int] = (0, 0)) -> float:
        """The attack's worth with `boost` (+10 dice Titus, C値 -1 Titus) on its hit check."""

    def worth_at(self, s: Dx3State, me: Fighter, achievement: int) -> float:
        """The pending attack's worth once its hit check shows this 達成値."""


def choose(agent: Attacker, s: Dx3State, me: Fighter, actions: list[Dx3Action]) -> Dx3Action:
    """The sublimation decision: a Titus for the most useful gain worth more than TITUS_WORTH, or keep."""
    sub = s.sublimation
    assert sub is not None
    offered = {a.kind: a for a in actions}
    if sub.purpose not in (CheckFor.HIT, CheckFor.DODGE):
        return _other_check(s, me, sub, offered)
    if sub.result is None:
        gains = (
            _attack_boosts(agent, s, me, sub) if sub.action.kind == Kind.ATTACK else _dodge_boosts(s, me, sub)
        )
        kind, gain = max(gains, key=lambda g: g[1])
        return offered[kind] if kind in offered and gain > TITUS_WORTH else KEEP
    if Kind.TITUS_RESULT not in offered:
        return KEEP
    if sub.action.kind == Kind.ATTACK:
        now = sub.result.achievement
        gain = sum(agent.worth_at(s, me, now + d) for d in FACES) / len(FACES) - agent.worth_at(s, me, now)
    else:
        gain = _raised_dodge_gain(s, me, sub)
    return offered[Kind.TITUS_RESULT] if gain > TITUS_WORTH else KEEP


def _other_check(s: Dx3State, me: Fighter, sub: Sublimation, offered: dict[int, Dx3Action]) -> Dx3Action:
    """A Titus on any other check when the success chance it adds, times the success's worth, is more
    than the Titus is worth."""
    worth = _success_worth(s, me, sub)
    if sub.result is None:
        assert sub.check is not None
        now = _chance(s, sub, boost_check(sub.check, sub.dice, sub.crit))
        gains = [
            (kind, _chance(s, sub, boost_check(sub.check, sub.dice + d, sub.crit + c)) - now)
            for kind, d, c in BOOSTS
        ]
        kind, gain = max(gains, key=lambda g: g[1])
        return offered[kind] if kind in offered and gain * worth > TITUS_WORTH else KEEP
    if Kind.TITUS_RESULT not in offered:
        return KEEP
    rolled = sub.result
    raised = sum(_chance_at(s, sub, replace(rolled, achievement=rolled.achievement + d)) for d in FACES)
    gain = raised / len(FACES) - _chance_at(s, sub, rolled)
    return offered[Kind.TITUS_RESULT] if gain * worth > TITUS_WORTH else KEEP


def _chance(s: Dx3State, sub: Sublimation, check: Check) -> float:
    """The exact chance the check, rolled as `check`, succeeds."""
    tie = tie_of(s, sub.purpose)
    if sub.difficulty >= 0:
        return dx3_odds.meets(dx3_odds.of(check), sub.difficulty)
    if sub.purpose in ANSWERS:  # answering a known acting check
        acting = sub.earlier
        assert acting is not None
        return 1.0 if acting.automatic_failure else 1.0 - dx3_odds.beats(acting.achievement, dx3_odds.of(check), tie)
    p = s.pending
    if sub.purpose in (CheckFor.SPOT, CheckFor.DRIVE):
        assert p is not None
        hit = p.hit_check.achievement
        if sub.purpose == CheckFor.DRIVE:
            return 1.0 - dx3_odds.beats(hit, dx3_odds.of(check), tie)
        assert sub.later is not None
        drive = (sub.later.dice, sub.later.crit, sub.later.modifier)
        table = dx3_odds.vehicle_hit_table(
            (check.dice, check.crit, check.modifier), drive, s.options.unfloored_crit_min, tie
        )
        return 1.0 - table[min(hit, len(table) - 1)]
    return dx3_odds.opposed(dx3_odds.of(check), _rival(s, sub), tie, s.options.no_reaction_value)


def _chance_at(s: Dx3State, sub: Sublimation, result: CheckResult) -> float:
    """The exact chance the check succeeds once rolled to `result`."""
    tie = tie_of(s, sub.purpose)
    if sub.difficulty >= 0:
        return float(result.succeeds(sub.difficulty))
    if sub.purpose in ANSWERS:
        assert sub.earlier is not None
        return float(not action_wins(sub.earlier, result, tie))
    if sub.rival is not None:  # the other side has rolled (`titus_result_at: both_rolls`)
        return float(action_wins(result, sub.rival, tie))
    p = s.pending
    if sub.purpose in (CheckFor.SPOT, CheckFor.DRIVE):
        assert p is not None
        if sub.purpose == CheckFor.DRIVE:
            return float(not action_wins(p.hit_check, result, tie))
        assert sub.later is not None
        hit = p.hit_check.achievement
        drive = drive_check(sub.later, result, hit, s.options.unfloored_crit_min)
        return 1.0 - dx3_odds.beats(hit, dx3_odds.of(drive), tie)
    mine = ((result.achievement, 1.0),)
    return dx3_odds.opposed(mine, _rival(s, sub), tie, s.options.no_reaction_value)


def _rival(s: Dx3State, sub: Sublimation) -> dx3_odds.Dist | None:
    """The distribution of the opposing roll of an acting-first check (None: no roll)."""
    me = s.fighters[sub.roller]
    options = s.options
    if sub.purpose == CheckFor.LEAVE:
        rival = s.fighters[sub.subject]
        return dx3_odds.of(
            rival.char.check(None, Ability.BODY, floor=options.crit_floor, table=options.encroach_table)
        )
    if sub.purpose == CheckFor.MIND:  # the area attacker's 〈知覚〉 (HR-STEALTH-07)
        return dx3_odds.of(perception(s.fighters[sub.subject].char, options))
    if sub.purpose == CheckFor.SEARCH:
        if options.hidden_search_roll != "perception":
            return None
        return dx3_odds.of(perception(s.fighters[sub.subject].char, options))
    return dx3_odds.of(perception(keenest([g.char for g in s.enemies_at(me)], options), options))


def _success_worth(s: Dx3State, me: Fighter, sub: Sublimation) -> float:
    """What success on the check is worth in HP: the harm a gimmick or a hit on the vehicle would do,
    else CHECK_WORTH."""
    if sub.purpose == CheckFor.GIMMICK and s.strike is not None:
        gimmick = s.scenario.gimmicks[s.strike.gimmick]
        armor = me.armor_value if s.options.gimmick_armor else 0
        lost, falls = dx3_odds.hp_loss(gimmick.dice, gimmick.bonus, armor, me.char.hp)
        return lost + (0.0 if may_resurrect(s, me) else falls * me.char.hp)
    p = s.pending
    if sub.purpose in (CheckFor.SPOT, CheckFor.DRIVE) and p is not None:
        v = s.vehicles[s.fighters[sub.subject].vehicle]
        dice = max(damage_dice(p.hit_check.achievement) + p.damage_dice, 0)
        lost, falls = dx3_odds.hp_loss(dice, p.attack_power, v.kind.armor, v.hp)
        return lost + falls * v.hp
    return CHECK_WORTH


def _attack_boosts(agent: Attacker, s: Dx3State, me: Fighter, sub: Sublimation) -> list[tuple[int, float]]:
    """(choice, gain in worth) of one more Titus before the hit check."""
    base = agent.attack_value(s, me, sub.action, (sub.dice, sub.crit))
    return [
        (kind, agent.attack_value(s, me, sub.action, (sub.dice + d, sub.crit + c)) - base)
        for kind, d, c in BOOSTS
    ]


def _dodge_boosts(s: Dx3State, me: Fighter, sub: Sublimation) -> list[tuple[int, float]]:
    """(choice, harm avoided) of one more Titus before the dodge roll."""
    combo = dodge_combo(s, me, sub.action.combo) if sub.action.combo >= 0 else None
    check = dodge_check(s, me, combo)
    base = _dodge_harm(s, me, boost_check(check, sub.dice, sub.crit))
    return [
        (kind, base - _dodge_harm(s, me, boost_check(check, sub.dice + d, sub.crit + c)))
        for kind, d, c in BOOSTS
    ]


def _dodge_harm(s: Dx3State, me: Fighter, check: Check) -> float:
    """The expected harm of the pending hit against this dodge."""
    p = s.pending
    assert p is not None
    return dx3_odds.beats(p.hit_check.achievement, dx3_odds.of(check), s.options.tie) * harm(s, me)


def harm(s: Dx3State, me: Fighter) -> float:
    """The harm if the pending attack hits me: the HP lost on average, plus the HP left again times the
    chance to fall unless 《リザレクト》 can stand me up."""
    p = s.pending
    assert p is not None
    armor = 0 if p.ignore_armor else max(me.armor_value - p.penetration, 0)
    reduction = armor + me.mods.get("reduction", 0)
    dice = max(damage_dice(p.hit_check.achievement) + p.damage_dice, 0)
    lost, falls = dx3_odds.hp_loss(dice, p.attack_power, reduction, me.char.hp)
    return lost + (0.0 if may_resurrect(s, me) else falls * me.char.hp)


def _raised_dodge_gain(s: Dx3State, me: Fighter, sub: Sublimation) -> float:
    """The harm +1D10 on a losing dodge avoids: the chance it then beats the hit, times the harm."""
    p = s.pending
    assert p is not None and sub.result is not None
    rolled = sub.result
    escapes = sum(
        not action_wins(p.hit_check, replace(rolled, achievement=rolled.achievement + d), s.options.tie)
        for d in FACES
    )
    return escapes / len(FACES) * harm(s, me)
