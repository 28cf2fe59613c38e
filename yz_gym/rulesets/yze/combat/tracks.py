"""Healing a point back on the damage or the stress track, in each damage model (DMGM-01..08):
first aid, natural recovery and Second Wind all heal through it."""

from __future__ import annotations

from yz_gym.rulesets.yze.combat.panic import stress_is_level
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.rolls import MENTAL_CONDITIONS, PHYSICAL_CONDITIONS
from yz_gym.rulesets.yze.state import AGI, EMP, STR, WIT, Combatant


def restore_point(options: RuleOptions, c: Combatant, physical: bool) -> bool:
    """Heal one point of damage (physical) or stress (mental) in the game's damage model."""
    model = options.damage_model
    if not physical and stress_is_level(options):
        return False  # PUSH-18: a stress level clears only with rest in a safe place
    if model == "attribute":
        pair = (STR, AGI) if physical else (WIT, EMP)
        index = min(pair, key=lambda i: (c.attrs[i] > 0, c.attrs[i] - c.max_attrs[i]))
        if c.attrs[index] >= c.max_attrs[index]:
            return False
        c.attrs[index] += 1
        return True
    if model == "conditions":
        if physical and c.health <= 0:
            c.health = c.max_health  # DMGM-08 undone: the 4th condition heals first
            return True
        if not physical and c.resolve <= 0:
            c.resolve = c.max_resolve
            return True
        names = PHYSICAL_CONDITIONS if physical else MENTAL_CONDITIONS
        held = [n for n in c.conditions if n in names]
        if not held:
            return False
        drop = held[-1]
        c.conditions = tuple(n for n in c.conditions if n != drop)
        return True
    if physical:
        if c.health >= c.max_health:
            return False
        c.health += 1
        return True
    if c.resolve >= c.max_resolve:
        return False
    c.resolve += 1
    return True
