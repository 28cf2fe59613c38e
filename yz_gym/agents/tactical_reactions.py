"""The tactical agent's answers to questions asked outside its turn plan: blocks, pushes, bursts.

A block pays when the harm it saves beats the fast action it costs (ACTN-BLOCK-01); a push when
the expected gain of the re-rolled dice beats what the push costs (PUSH-04..20); a burst goes on
at the target where it does most (AUTO-01/05). Compiled with the rules core in the fast build.
"""

from __future__ import annotations

from typing import Final

from yz_gym.agents import odds
from yz_gym.agents.common import block_sides, health, pool_sides, resolve, shot_pool, soak_sides, weight
from yz_gym.rulesets.yze.combat.attacks import DIVING_BLOW, UNARMED, close_modifier, close_weapon, held_weapon
from yz_gym.rulesets.yze.dice import Roll, Source, help_bonus, reroll_indices
from yz_gym.rulesets.yze.resolution.effects import action_skill
from yz_gym.rulesets.yze.state import AGI, SKILL_ATTRIBUTE, STR, Combatant, Frame, GameState
from yz_gym.rulesets.yze.tables import Weapon
from yz_gym.rulesets.yze.zone.actions import UNARMED_SPECIALS, Action, Kind

BLOCK_COST: Final = 0.06  # a fast action spent blocking before its own turn
GEAR_COST: Final = 0.08  # one point of weapon bonus lost to a push
PUSH_FLAT_COST: Final = 0.1  # push costs that are not points off a track (stress dice, conditions, doom)


def burst_choice(state: GameState, me: Combatant, kind: str, actions: list[Action]) -> Action:
    """AUTO-01: fire on at the best target; AUTO-05: spend an ammo six where it does most."""
    best, best_v = no(actions), -1.0
    if kind == "ammo":
        frame = state.stack[-1]
        main = state.combatants[frame.hits[-1][0]] if frame.hits else None
        base = held_weapon(state, me).damage
        if main is not None and not main.out:
            best_v = weight(state, main) * odds.hit_harm(
                1, 1, soak_sides(state, main, True), health(state, main)
            )
    for a in actions:
        if a.kind != Kind.SHOOT or a.target < 0:
            continue
        target = state.combatants[a.target]
        if kind == "ammo":
            v = weight(state, target) * odds.hit_harm(
                1, base, soak_sides(state, target, True), health(state, target)
            )
        else:
            pool = shot_pool(state, me, me.held, me.zone, target, me.aiming)
            if pool is None:
                v = 0.0
            else:
                damage = held_weapon(state, me).damage
                v = weight(state, target) * odds.harm(
                    pool, (), damage, soak_sides(state, target, True), health(state, target)
                )
        if target.out:
            v *= 0.1
        if v > best_v:
            best, best_v = a, v
    return best


def yes(actions: list[Action]) -> Action:
    return next((a for a in actions if a.kind != Kind.DECLINE), actions[0])


def no(actions: list[Action]) -> Action:
    return next((a for a in actions if a.kind in (Kind.DECLINE, Kind.END_TURN)), actions[0])


# --- blocks and pushes --------------------------------------------------------------------------------


def _attack_profile(
    state: GameState, frame: Frame, attacker: Combatant, target: Combatant
) -> tuple[tuple[int, ...], Weapon, bool]:
    """The pool, weapon and damage-dealing of a close attack being resolved."""
    kind = Kind(frame.kind)
    if kind in UNARMED_SPECIALS or kind in (Kind.DIVING_BLOW, Kind.GRAPPLE_ATTACK):
        index, weapon = -1, UNARMED
    else:
        index, weapon = close_weapon(state, attacker)
    gear = max(0, attacker.weapons[index].bonus) if index >= 0 else 0
    modifier = close_modifier(state, attacker, target, False).plus(help_bonus(len(frame.helpers)))
    if kind == Kind.DIVING_BLOW:
        modifier = modifier.plus(DIVING_BLOW)  # RMOD-04
    pool = pool_sides(state, attacker, "Melee", gear, modifier)
    damaging = kind not in UNARMED_SPECIALS
    return pool, weapon, damaging


def block_pays(state: GameState, me: Combatant) -> bool:
    """ACTN-BLOCK-01: block when the harm it saves beats the fast action it costs."""
    frame = state.stack[-1]
    attacker = state.combatants[frame.actor]
    pool, weapon, damaging = _attack_profile(state, frame, attacker, me)
    mine = block_sides(state, me, attacker, weapon)
    if not mine:
        return False
    w = weight(state, me)
    if damaging:
        soak = soak_sides(state, me, False)
        left = health(state, me)
        gain = odds.harm(pool, (), weapon.damage, soak, left) - odds.harm(
            pool, mine, weapon.damage, soak, left
        )
    else:
        gain = 0.3 * (odds.p_success(pool) - odds.p_success(pool, mine))
    return w * gain > (0.0 if me.acted else BLOCK_COST)


def push_gain(state: GameState, me: Combatant) -> float:
    """Expected worth of pushing the roll on top of the stack, less its expected cost.

    The re-rolled dice are those neither successes nor banes (PUSH-05/06); their chances of new
    successes and of new banes are exact. The cost counts every bane of the pushed roll, old
    and new, as the rules do (PUSH-10/11/14).
    """
    frame = state.stack[-1]
    roll = frame.roll
    if roll is None:
        return -1.0
    kind = Kind(frame.kind)
    dice_ = roll.pool.dice
    redo = reroll_indices(roll)
    if not redo:
        return -1.0
    skill = action_skill(state, frame)
    if skill is None:
        return -1.0
    more = odds.successes(tuple(dice_[i].sides for i in redo))
    have = roll.successes
    against = frame.block_roll.successes if frame.block_roll is not None else 0
    target = state.combatants[frame.target] if frame.target >= 0 else None

    worths = _success_worths(state, me, frame, kind, target, against, [have + x for x in range(len(more))])
    now = worths[0]  # (x = 0: no more successes)
    gain = sum(more[x] * worths[x] for x in range(len(more))) - now
    if gain <= 1e-9:
        return 0.0
    return gain - _push_cost(state, me, roll, redo, skill)


def _success_worths(
    state: GameState, me: Combatant, frame: Frame, kind: Kind, target: Combatant | None, against: int, counts: list[int]
) -> list[float]:
    """What the roll is worth with each number of successes in `counts` (before any block's)."""
    if target is not None and kind in (Kind.SHOOT, Kind.CLOSE_ATTACK, Kind.DIVING_BLOW, Kind.GRAPPLE_ATTACK):
        ranged = kind == Kind.SHOOT
        if ranged:
            weapon = held_weapon(state, me)
        elif kind == Kind.CLOSE_ATTACK:
            weapon = close_weapon(state, me)[1]
        else:
            weapon = UNARMED
        soak = soak_sides(state, target, ranged)
        left = health(state, target)
        w = weight(state, target) if target.side != me.side else 0.0
        return [w * odds.hit_harm(n - against, weapon.damage, soak, left) for n in counts]
    if kind == Kind.STRESS_ROLL:  # STRESS-01/02: each success is one point of stress not taken
        mind, mine = resolve(state, me), weight(state, me)
        return [-mine * odds.loss_value(odds.shift((1.0,), max(0, frame.option - n)), mind) for n in counts]
    value = _success_value(state, me, kind, target)
    return [value if n - against >= 1 else 0.0 for n in counts]


def _success_value(state: GameState, me: Combatant, kind: Kind, target: Combatant | None) -> float:
    """Worth of a non-attack roll succeeding."""
    if kind == Kind.FIRST_AID and target is not None and target.side == me.side:
        return 0.8 * weight(state, target)
    if kind == Kind.RETREAT:
        total = 0.0
        for other_id in me.engaged:
            e = state.combatants[other_id]
            if e.side != me.side and not e.out:
                index, weapon = close_weapon(state, e)
                gear = max(0, e.weapons[index].bonus) if index >= 0 else 0
                pool = pool_sides(state, e, "Melee", gear, close_modifier(state, e, me, False))
                total += odds.harm(pool, (), weapon.damage, soak_sides(state, me, False), health(state, me))
        return weight(state, me) * total
    if kind == Kind.PERSUADE:
        return 0.2
    if kind in (Kind.BREAK_FREE, Kind.EXTINGUISH):
        return 0.3
    return 0.05


def _push_cost(state: GameState, me: Combatant, roll: Roll, redo: tuple[int, ...], skill: str) -> float:
    """Expected worth of what the push costs the roller (PUSH-10..20, combat/pushing.py)."""
    options = state.options
    mode = options.push_cost
    if mode == "none":
        return 0.0
    dice_ = roll.pool.dice
    faces = roll.faces
    w = weight(state, me)

    def banes_of(sources: tuple[Source, ...]) -> odds.Dist:
        old = sum(1 for d, f in zip(dice_, faces, strict=True) if f == 1 and d.source in sources)
        return odds.shift(odds.banes([dice_[i].sides for i in redo if dice_[i].source in sources]), old)

    gear = 0.0
    if options.dice_mode == "pool":  # PUSH-02/GEAR-01: gear banes wear the gear used
        gear_banes = banes_of((Source.GEAR,))
        gear = GEAR_COST * sum(k * p for k, p in enumerate(gear_banes))
    if mode == "attribute":  # PUSH-14: attribute banes cost points of that attribute
        index = SKILL_ATTRIBUTE[skill]
        return w * (odds.loss_value(banes_of((Source.ATTRIBUTE,)), me.attrs[index]) + gear)
    if mode == "damage_stress":  # PUSH-11: base-dice banes are damage or stress
        if options.push_tool_absorbs:
            return w * gear * 2
        physical = SKILL_ATTRIBUTE[skill] in (STR, AGI)
        left = health(state, me) if physical else resolve(state, me)
        return w * (odds.loss_value(banes_of((Source.ATTRIBUTE, Source.SKILL)), left) + gear)
    return w * (PUSH_FLAT_COST + gear)  # stress dice, conditions, doom: a fixed price
