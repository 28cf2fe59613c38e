"""The rolls a hazard calls for: Stamina against a rating (poison, disease), and a plain
Stamina roll (staying afloat, holding the breath, the cold)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat.pushing import pay_push
from yz_gym.rulesets.yze.dice import DicePool
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.rolls import push_roll, roll_data, skill_roll
from yz_gym.rulesets.yze.state import Combatant, GameState

MAX_TIE_REROLLS: Final = 100  # OPP-03 with `opposed_tie: reroll`: after so many ties the active side fails


def grade_of(potency: int, reading: str) -> str:
    """The step grade a potency rolls (HAZ-POISON-01, ENV-04): 3 D, 6 C, 9 B, 12 A; between grades
    the nearest (ENV-08) or, with `floor`, the one at or below (dice.grade_for)."""
    if reading == "floor":
        return dice.grade_for(potency)
    if potency >= 11:
        return "A"
    if potency >= 8:
        return "B"
    return "C" if potency >= 5 else "D"


def rating_dice(options: RuleOptions, hazard_options: HazardOptions, rating: int) -> DicePool:
    """A hazard's dice (AMB-04, ENV-04): as many D6 as its rating, or two dice of its grade."""
    if options.dice_mode == "pool":
        return dice.rating_pool(rating, "pool")
    return dice.rating_pool(grade_of(rating, hazard_options.rating_to_step), "step")


def resist(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    hazard: str,
    rating: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    skill: str = "Stamina",
    modifier: int = 0,
    patient: int = -1,
) -> bool:
    """HAZ-POISON-02, ENV-05: an opposed roll, the character's Stamina (the active side) against the
    hazard's rating; each hazard success cancels one of the character's, and a tie, 0 against 0
    too, fails (OPP-02) or is rolled again (`opposed_tie: reroll`, OPP-03). With
    `hazard_resist_pushable` (ENV-09) a lost roll is pushed and its cost paid. True: resisted.
    A caregiver rolls `skill` (Healing) with `modifier` in the place of `patient` (HAZ-DISEASE-07)."""
    pool = rating_dice(state.options, hazard_options, rating)
    for _ in range(MAX_TIE_REROLLS):
        mine = skill_roll(state, c, skill, rng, 0, modifier)
        theirs = dice.roll(pool, rng)
        won, _net = dice.opposed(mine, theirs)
        if not won and hazard_options.hazard_resist_pushable and dice.can_push(mine, state.options.push_reroll):
            mine = push_roll(state, c, mine, rng)  # ENV-09: the character's roll, never the hazard's
            pay_push(state, c, mine, skill, rng, events)
            won, _net = dice.opposed(mine, theirs)
        tied = dice.is_tie(mine, theirs)
        data = {**roll_data(mine), "hazard": hazard, "rating": rating, "against": theirs.successes, "resisted": won}
        if skill != "Stamina":
            data["skill"] = skill
        events.append(Event("hazard_roll", c.id, patient, data))
        if not tied or state.options.opposed_tie != "reroll":
            return won
    return False


def stamina_check(
    state: GameState, c: Combatant, hazard: str, rng: np.random.Generator, events: list[Event], modifier: int = 0
) -> bool:
    """A Stamina roll against a hazard with no rating (HAZ-DROWN-02/04, HAZ-COLD-01): one success
    is enough."""
    roll = skill_roll(state, c, "Stamina", rng, 0, modifier)
    held = roll.successes > 0
    events.append(Event("hazard_roll", c.id, -1, {**roll_data(roll), "hazard": hazard, "resisted": held}))
    return held
