"""Skill rolls of combatants: pools from attribute, skill, gear and modifiers, and push costs."""

from __future__ import annotations

import numpy as np

from yz_gym.rules import dice
from yz_gym.rules.dice import DicePool, Roll
from yz_gym.rules.state import AGI, EMP, SKILL_ATTRIBUTE, STR, WIT, Combatant, GameState
from yz_gym.rules.tables import MENTAL_CRITS, PHYSICAL_CRITS, CriticalInjury

ATTRIBUTE_NAMES = {STR: "Strength", AGI: "Agility", WIT: "Wits", EMP: "Empathy"}


def injury_of(table: str, code: int) -> CriticalInjury:
    """The table entry of a suffered critical injury."""
    return PHYSICAL_CRITS[code] if table == "physical" else MENTAL_CRITS[code]


def injury_modifier(c: Combatant, skill: str) -> int:
    """CRIT-03: skill penalties from critical injuries stack, trained or not."""
    total = 0
    attribute = ATTRIBUTE_NAMES[SKILL_ATTRIBUTE[skill]]
    for injury in c.injuries:
        entry = injury_of(injury.table, injury.code)
        for name, mod in entry.skill_mods:
            if name == skill:
                total += mod
        for name, mod in entry.attribute_mods:
            if name == attribute:
                total += mod
    return total


def skill_pool(state: GameState, c: Combatant, skill: str, gear: int = 0, modifier: int = 0) -> DicePool:
    """DICE-05: attribute + skill + gear dice, with modifiers (MOD-01/02 or MOD-04..10)."""
    modifier += injury_modifier(c, skill)
    attribute = c.attrs[SKILL_ATTRIBUTE[skill]]
    if state.options.dice_mode == "step":
        rating = c.skill(skill)
        return dice.step_dice(
            attribute,
            rating if rating > 0 else None,
            modifier + gear,
            state.options.step_modifiers == "advantage",
        )
    return dice.pool_dice(attribute, c.skill(skill), gear, modifier)


def skill_roll(
    state: GameState,
    c: Combatant,
    skill: str,
    rng: np.random.Generator,
    gear: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll a skill for a combatant, without asking about a push."""
    return dice.roll(skill_pool(state, c, skill, gear, modifier), rng)


def is_physical(skill: str) -> bool:
    """PUSH-11: Strength and Agility rolls are physical; Wits and Empathy rolls are mental."""
    return SKILL_ATTRIBUTE[skill] in (STR, AGI)


def rating_roll(state: GameState, rating: int, rng: np.random.Generator) -> Roll:
    """Roll an armor, cover, blast or fire rating (ARMOR-01, EXPL-01, FIRE-01)."""
    return dice.roll(dice.rating_pool(rating, state.options.dice_mode), rng)
