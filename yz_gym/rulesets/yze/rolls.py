"""Skill rolls of combatants: pools from attribute, skill, gear and modifiers (injuries, conditions,
panic), with stress dice when pushes cost stress (PUSH-16); a roll as event data."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.dice import DicePool, Die, Roll, Source
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers, as_modifiers
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.state import AGI, EMP, SKILL_ATTRIBUTE, STR, WIT, Combatant, GameState, Injury
from yz_gym.rulesets.yze.tables import CriticalInjury, crit_table

ATTRIBUTE_NAMES: Final = {STR: "Strength", AGI: "Agility", WIT: "Wits", EMP: "Empathy"}
PHYSICAL_CONDITIONS: Final = ("Exhausted", "Battered", "Wounded")  # DMGM-04
MENTAL_CONDITIONS: Final = ("Angry", "Scared", "Disheartened")  # DMGM-04
_STRESS_DIE: Final = Die(Source.STRESS, 6)
CONDITION_MODIFIER: Final = -1  # DMGM-07: per condition of the roll's type
TREMBLE_MODIFIER: Final = -2  # PUSH-PANIC-08: Agility rolls while trembling


def injury_of(table: str, code: int, text: str = "s1") -> CriticalInjury:
    """The table entry of a critical injury, in one source's reading of the table (CRIT-05)."""
    return crit_table(table, text)[code]


def entry_of(injury: Injury) -> CriticalInjury:
    """The table entry of a suffered critical injury."""
    return crit_table(injury.table, injury.text)[injury.code]


def injury_modifiers(c: Combatant, skill: str, mods: Modifiers, skill_injuries: bool = True) -> Modifiers:
    """CRIT-03: skill penalties from critical injuries stack, trained or not (one cause each);
    `skill_injuries=False` keeps only those on the skill's attribute."""
    attribute = ATTRIBUTE_NAMES[SKILL_ATTRIBUTE[skill]]
    for injury in c.injuries:
        entry = entry_of(injury)
        if skill_injuries:
            for name, mod in entry.skill_mods:
                if name == skill:
                    mods = mods.plus(mod)
        for name, mod in entry.attribute_mods:
            if name == attribute:
                mods = mods.plus(mod)
    return mods


def condition_count(c: Combatant, physical: bool) -> int:
    """DMGM-04: how many physical (or mental) conditions the combatant has."""
    names = PHYSICAL_CONDITIONS if physical else MENTAL_CONDITIONS
    return sum(1 for name in c.conditions if name in names)


def is_physical(skill: str) -> bool:
    """PUSH-11: Strength and Agility rolls are physical; Wits and Empathy rolls are mental."""
    return SKILL_ATTRIBUTE[skill] in (STR, AGI)


def roll_modifiers(
    c: Combatant, skill: str, mods: Modifiers = NO_MODIFIERS, skill_injuries: bool = True
) -> Modifiers:
    """`mods` and the modifiers the roller carries, one cause each: CRIT-03 injuries, DMGM-07
    conditions, PUSH-PANIC-08 tremble."""
    if c.injuries:
        mods = injury_modifiers(c, skill, mods, skill_injuries)
    if c.conditions:
        for _ in range(condition_count(c, is_physical(skill))):
            mods = mods.plus(CONDITION_MODIFIER)  # DMGM-07: -1 per condition of the type
    if c.panic and "tremble" in c.panic and SKILL_ATTRIBUTE[skill] == AGI:
        mods = mods.plus(TREMBLE_MODIFIER)  # PUSH-PANIC-08: -2 on Agility rolls while the stress lasts
    return mods


def base_pool(
    options: RuleOptions, attribute: int, level: int, gear: int, mods: Modifiers, artifact: int = 0
) -> DicePool:
    """DICE-05: attribute + skill (`level`) + gear dice with modifiers, pool dice (MOD-01..03) or
    step dice (MOD-04..10; the gear bonus is one more modifier); an item's artifact die (DICE-11,
    pool games only: the loader refuses it in step games); no stress dice."""
    if options.dice_mode == "pool":
        return dice.pool_dice(attribute, level, gear, mods, (artifact,) if artifact else ())
    mods = mods.plus(gear)
    advantage = options.step_modifiers == "advantage"
    if attribute <= 0:  # an attribute pushed below D6 (PUSH-14): the skill die alone, if any
        return dice.step_dice(level, None, mods, advantage) if level > 0 else DicePool(())
    return dice.step_dice(attribute, level if level > 0 else None, mods, advantage)


def skill_pool(
    state: GameState, c: Combatant, skill: str, gear: int = 0, modifier: int | Modifiers = 0, artifact: int = 0
) -> DicePool:
    """DICE-05: attribute + skill + gear dice, with modifiers (MOD-01/02 or MOD-04..10): a number
    is one cause, a Modifiers record lists them (MOD-10); `artifact`: the item's artifact die."""
    mods = as_modifiers(modifier)
    if skill == "Observation":
        mods = mods.plus(state.zone_map.zones[c.zone].observation_modifier)  # ZONE-FEAT-DARK-01
    return rules_pool(state.options, c, skill, gear, mods, artifact)


def rules_pool(
    options: RuleOptions, c: Combatant, skill: str, gear: int = 0, modifier: int | Modifiers = 0, artifact: int = 0
) -> DicePool:
    """`skill_pool` where only the rules matter, not the zone (a lone combatant at rest)."""
    mods = roll_modifiers(c, skill, as_modifiers(modifier))
    pool = base_pool(options, c.attrs[SKILL_ATTRIBUTE[skill]], c.skill(skill), gear, mods, artifact)
    return with_stress_dice(options, c, pool)


def with_stress_dice(options: RuleOptions, c: Combatant, pool: DicePool) -> DicePool:
    """PUSH-16: with stress-dice pushes, every roll adds as many stress dice as current stress."""
    extra = c.stress if options.push_cost == "stress_dice" else 0
    if extra > 0:
        return DicePool(pool.dice + (_STRESS_DIE,) * extra)
    return pool


def skill_roll(
    state: GameState,
    c: Combatant,
    skill: str,
    rng: np.random.Generator,
    gear: int = 0,
    modifier: int | Modifiers = 0,
) -> Roll:
    """Roll a skill for a combatant, without asking about a push."""
    return dice.roll(skill_pool(state, c, skill, gear, modifier), rng)


def stress_ones(roll: Roll | None) -> int:
    """PUSH-17: 1s on stress dice (each one calls for a panic roll)."""
    if roll is None or 1 not in roll.faces:
        return 0
    return sum(
        1 for d, f in zip(roll.pool.dice, roll.faces) if f == 1 and d.source == Source.STRESS  # noqa: B905 (mypyc compiles only a plain zip into a loop)
    )


def push_roll(state: GameState, c: Combatant, roll: Roll, rng: np.random.Generator) -> Roll:
    """PUSH-04..07; PUSH-16: with stress dice, a push gives +1 stress at once and one more stress die.

    PUSH-06 `agent_choice`: the roller may re-roll any non-bane die; the engine chooses for it
    (dice.chosen_rerolls), as the one push decision of the action space names no dice."""
    if state.options.push_cost == "stress_dice":
        c.stress += 1  # PUSH-16: at once, so the pushed roll has one stress die more
        pool = DicePool((*roll.pool.dice, _STRESS_DIE))
        roll = Roll(pool, (*roll.faces, 2))  # placeholder face, re-rolled by the push below
    if state.options.push_reroll == "agent_choice":
        return dice.push(roll, rng, "agent_choice", dice.chosen_rerolls(roll))
    return dice.push(roll, rng)


def rating_roll(state: GameState, rating: int, rng: np.random.Generator) -> Roll:
    """Roll an armor, cover, blast or fire rating (ARMOR-01, EXPL-01, FIRE-01)."""
    return dice.roll(dice.rating_pool(rating, state.options.dice_mode), rng)


def roll_data(roll: Roll) -> dict[str, Any]:
    """Every die of a roll as [source, sides, face] triples, with its successes and banes."""
    data: dict[str, Any] = {
        "dice": [[s, n, f] for s, n, f in zip(roll.pool.sources, roll.pool.sides, roll.faces)],  # noqa: B905 (mypyc compiles only a plain zip into a loop)
        "successes": roll.successes,
        "banes": roll.banes(),
        "pushed": roll.pushed,
    }
    if roll.auto:
        data["auto"] = roll.auto  # DICE-13: automatic successes (a Pride), counted in "successes"
    return data
