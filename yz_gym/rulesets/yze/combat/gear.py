"""Gear wear and care between fights (GEAR-01..09): wear, repair, carry limit, supply rolls.

Pool dice (GEAR-01): an item's gear bonus is its rating; banes on gear dice after a push lower it,
and at 0 it is broken (stored as bonus -1, so an item that never had a bonus stays usable).
Step dice (GEAR-02): items have Reliability (5 by default); at 0 the item is broken."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.rolls import roll_data, skill_roll
from yz_gym.rulesets.yze.state import STR, Combatant, GameState, WeaponState

BROKEN: Final = -1  # the gear bonus of a broken pool item (ATK-07)
BACKPACK_MOBILITY: Final = -2  # GEAR-08


def gear_rating(state: GameState, carried: WeaponState) -> int:
    """The item's current rating: gear bonus (pool, GEAR-01) or Reliability (step, GEAR-02)."""
    if state.options.dice_mode == "step":
        return carried.reliability
    return max(0, carried.bonus)


def gear_maximum(state: GameState, carried: WeaponState) -> int:
    """The most a repair can restore: the original value, or less after a failed repair (GEAR-04)."""
    if carried.max_rating >= 0:
        return carried.max_rating
    if state.options.dice_mode == "step":
        return 5  # GEAR-02: Reliability is typically 5
    return state.setup.weapons[carried.name].bonus


def is_broken(state: GameState, carried: WeaponState) -> bool:
    """GEAR-01/02: at 0 the item is broken."""
    return carried.bonus == BROKEN


def wear(state: GameState, c: Combatant, index: int, points: int, events: list[Event]) -> None:
    """GEAR-01/02: the item loses `points` (push banes, or an outside force); at 0 it breaks."""
    carried = c.weapons[index]
    if points <= 0 or is_broken(state, carried):
        return
    if state.options.dice_mode == "step":
        carried.reliability = max(0, carried.reliability - points)
        left = carried.reliability
    else:
        carried.bonus = max(0, carried.bonus - points)
        left = carried.bonus
    if left <= 0:
        carried.bonus = BROKEN
    events.append(
        Event(
            "gear_damaged",
            c.id,
            -1,
            {"weapon": carried.name, "bonus": carried.bonus, "rating": left, "broken": left <= 0},
        )
    )


@dataclass(frozen=True, slots=True)
class RepairResult:
    """What a repair shift did (GEAR-03..05)."""

    successes: int
    rating: int  # the rating after the repair
    maximum: int  # the maximum after the repair
    destroyed: bool


def repair(
    state: GameState,
    c: Combatant,
    index: int,
    rng: np.random.Generator,
    repairer: Combatant | None = None,
    events: list[Event] | None = None,
) -> RepairResult:
    """GEAR-03..05: one shift and a Crafting roll (not a combat action); each success restores 1,
    up to the maximum. A failure lowers the maximum to the current value for good, and
    destroys an item that was broken."""
    events = [] if events is None else events
    carried = c.weapons[index]
    who = repairer or c
    roll = skill_roll(state, who, "Crafting", rng)
    events.append(Event("roll", who.id, c.id, {"skill": "Crafting", "purpose": "repair", **roll_data(roll)}))
    current = 0 if is_broken(state, carried) else gear_rating(state, carried)
    maximum = gear_maximum(state, carried)
    if roll.successes == 0:
        if is_broken(state, carried):
            c.weapons.pop(index)  # GEAR-05: a broken item is destroyed
            if c.held == index:
                c.held = -1
            elif c.held > index:
                c.held -= 1
            events.append(Event("gear_destroyed", c.id, -1, {"weapon": carried.name}))
            return RepairResult(0, 0, 0, True)
        carried.max_rating = current  # GEAR-04: the maximum drops to the current value
        events.append(Event("repair_failed", who.id, c.id, {"weapon": carried.name, "maximum": current}))
        return RepairResult(0, current, current, False)
    rating = min(maximum, current + roll.successes)  # GEAR-03
    if state.options.dice_mode == "step":
        carried.reliability = rating
        carried.bonus = state.setup.weapons[carried.name].bonus if rating > 0 else BROKEN
    else:
        carried.bonus = rating if rating > 0 else BROKEN
    events.append(Event("repaired", who.id, c.id, {"weapon": carried.name, "rating": rating}))
    return RepairResult(roll.successes, rating, maximum, False)


def carry_limit(c: Combatant, dice_mode: str = "pool", backpack: bool = False) -> int:
    """GEAR-07/08: 2 x Strength (pool) or the faces of the Strength die (step); a backpack doubles it."""
    limit = 2 * c.max_attrs[STR] if dice_mode == "pool" else c.max_attrs[STR]
    return 2 * limit if backpack else limit


def mobility_modifier(backpack: bool) -> int:
    """GEAR-08: a backpack gives -2 to Mobility."""
    return BACKPACK_MOBILITY if backpack else 0


def supply_roll(rating: int, rng: np.random.Generator) -> tuple[int, dice.Roll]:
    """GEAR-09: roll D6 equal to the supply rating (at most 6); each 1 lowers it; 0 = run out."""
    roll = dice.roll(dice.pool_dice(0, 0, min(6, max(0, rating))), rng)
    return max(0, rating - roll.banes()), roll
