"""The hazards' timed conditions (core/conditions.py), declared once, and their countdown in rounds.

Every kind counts in rounds: a duration of a stretch or a shift is taken from the game's clock
when the condition starts (TIME-06: 60 rounds a stretch, 60 stretches a shift; the `rules:`
switches change them), so a fight can count it round by round and a journey a stretch or a shift
at a time, with the same result."""

from __future__ import annotations

from typing import Final

from yz_gym.core.clock import TimeUnit
from yz_gym.core.conditions import ConditionKind, Due, Tick, TimedCondition
from yz_gym.rulesets.yze.rolls import entry_of
from yz_gym.rulesets.yze.state import Combatant

LETHAL_POISON: Final = ConditionKind(
    "lethal_poison", "HAZ-POISON-LETHAL-01", TimeUnit.ROUND, Tick.TURN, Due.HAZARD_ROLL,
    meaning="1 damage on each of the bearer's turns until Broken, then a second roll against the potency or death",
)
PARALYSED: Final = ConditionKind(
    "paralysed", "HAZ-POISON-PARALYZE-01", TimeUnit.ROUND, Tick.UNIT, Due.ENDS,
    meaning="cannot move or take any action for a stretch",
)
ASLEEP: Final = ConditionKind(
    "asleep", "HAZ-POISON-SLEEP-01", TimeUnit.ROUND, Tick.UNIT, Due.ENDS,
    meaning="asleep and cannot be woken for a shift",
)
AFLOAT: Final = ConditionKind(
    "afloat", "HAZ-DROWN-02", TimeUnit.ROUND, Tick.UNIT, Due.HAZARD_ROLL,
    meaning="swimming: a Stamina roll at the end of each stretch to stay afloat",
)
UNDERWATER: Final = ConditionKind(
    "underwater", "HAZ-DROWN-04", TimeUnit.ROUND, Tick.UNIT, Due.HAZARD_ROLL,
    meaning="under water: a Stamina roll every round to hold the breath",
)
DROWNING: Final = ConditionKind(
    "drowning", "HAZ-DROWN-05", TimeUnit.ROUND, Tick.UNIT, Due.HAZARD_ROLL,
    meaning="1 Strength damage every round until rescued",
)
DROWNED: Final = ConditionKind(
    "drowned", "HAZ-DROWN-06", TimeUnit.ROUND, Tick.UNIT, Due.DEATH,
    meaning="Broken while drowning: dead a stretch later unless rescued",
)
COLD_EXPOSED: Final = ConditionKind(
    "cold_exposed", "HAZ-COLD-01", TimeUnit.ROUND, Tick.UNIT, Due.HAZARD_ROLL,
    meaning="exposed to cold: a Stamina roll at the interval of the cold (a day, a shift or a stretch)",
)
HYPOTHERMIC: Final = ConditionKind(
    "hypothermic", "HAZ-COLD-04", TimeUnit.ROUND, Tick.NONE, Due.ENDS,
    meaning="no natural recovery until warmed (HEAL-10); Broken, dies at the next cold roll",
)
SICK: Final = ConditionKind(
    "sick", "HAZ-DISEASE-03", TimeUnit.ROUND, Tick.UNIT, Due.HAZARD_ROLL,
    meaning="no recovery of damage (HEAL-11); an infection roll against the virulence every day until one succeeds",
)
DISEASE_DYING: Final = ConditionKind(
    "disease_dying", "HAZ-DISEASE-05", TimeUnit.ROUND, Tick.UNIT, Due.DEATH,
    meaning="Broken while sick: dead a day later unless someone cares for them (HAZ-DISEASE-07, AMB-08)",
)
FED: Final = ConditionKind(
    "fed", "HAZ-HUNGER-01", TimeUnit.ROUND, Tick.NONE, Due.ENDS,
    meaning="ate a food ration today: the day's hunger check passes",
)
STARVING: Final = ConditionKind(
    "starving", "HAZ-HUNGER-02", TimeUnit.ROUND, Tick.UNIT, Due.HAZARD_ROLL,
    meaning="no recovery of damage (HEAL-08); 1 damage each week until fed",
)
STARVED: Final = ConditionKind(
    "starved", "HAZ-HUNGER-05", TimeUnit.ROUND, Tick.UNIT, Due.DEATH,
    meaning="Broken while starving: dead when another week passes without food",
)
WATERED: Final = ConditionKind(
    "watered", "ENV-06", TimeUnit.ROUND, Tick.NONE, Due.ENDS,
    meaning="drank a water ration today: the day's thirst check passes",
)
DEHYDRATED: Final = ConditionKind(
    "dehydrated", "ENV-06", TimeUnit.ROUND, Tick.UNIT, Due.HAZARD_ROLL,
    meaning="no recovery of damage or stress (HEAL-12); 1 damage each day until given water",
)
PARCHED: Final = ConditionKind(
    "parched", "ENV-06", TimeUnit.ROUND, Tick.UNIT, Due.DEATH,
    meaning="Broken while dehydrated: dead when another day passes without water",
)
SLEPT: Final = ConditionKind(
    "slept", "HAZ-SLEEP-01", TimeUnit.ROUND, Tick.NONE, Due.ENDS,
    meaning="slept a full shift today: the day's sleep check passes",
)
SLEEP_DEPRIVED: Final = ConditionKind(
    "sleep_deprived", "HAZ-SLEEP-02", TimeUnit.ROUND, Tick.NONE, Due.ENDS,
    meaning="no recovery of stress (HEAL-09) until a full shift of sleep; Broken by stress, collapses",
)
COLLAPSED: Final = ConditionKind(
    "collapsed", "HAZ-SLEEP-03", TimeUnit.ROUND, Tick.UNIT, Due.ENDS,
    meaning="Broken by stress while sleep-deprived: asleep for a shift and cannot be woken",
)
HEAT_EXPOSED: Final = ConditionKind(
    "heat_exposed", "ENV-07", TimeUnit.ROUND, Tick.UNIT, Due.HAZARD_ROLL,
    meaning="no shade or no water in a heat wave: a Stamina roll at the interval of the heat (a day or a shift)",
)
HEATSTROKE: Final = ConditionKind(
    "heatstroke", "ENV-07", TimeUnit.ROUND, Tick.NONE, Due.ENDS,
    meaning="no natural recovery until cooled down (a shift of rest in shade with water); Broken, dies at the next heat roll",
)
IN_GAS: Final = ConditionKind(
    "in_gas", "HAZ-POISON-02", TimeUnit.ROUND, Tick.NONE, Due.ENDS,
    meaning="breathing a zone's poison gas since the end of an earlier round (`gas_rolls: on_entry`: no new roll)",
)

HAZARD_KINDS: Final = (
    LETHAL_POISON, PARALYSED, ASLEEP, AFLOAT, UNDERWATER, DROWNING, DROWNED, COLD_EXPOSED, HYPOTHERMIC, IN_GAS,
    SICK, DISEASE_DYING, FED, STARVING, STARVED, WATERED, DEHYDRATED, PARCHED, SLEPT, SLEEP_DEPRIVED, COLLAPSED,
    HEAT_EXPOSED, HEATSTROKE,
)
POISON_KINDS: Final = (LETHAL_POISON.name, PARALYSED.name, ASLEEP.name)  # what an antidote ends
OUT_OF_ACTION: Final = (PARALYSED.name, ASLEEP.name, COLLAPSED.name)  # the bearer takes no action while they last
DAMAGE_BLOCKS: Final = (HYPOTHERMIC.name, SICK.name, STARVING.name, DEHYDRATED.name, HEATSTROKE.name)  # HEAL-*
STRESS_BLOCKS: Final = (HYPOTHERMIC.name, SLEEP_DEPRIVED.name, HEATSTROKE.name)  # HEAL-10, HEAL-09, ENV-07
OWN_CLOCK_DEATHS: Final = (DISEASE_DYING.name, STARVED.name, PARCHED.name)  # counted by disease_time, hunger_time
# and thirst_time (which may still save the bearer: care, first aid), never by recovery's death clock
WATER_KINDS: Final = (AFLOAT.name, UNDERWATER.name, DROWNING.name, DROWNED.name)


def find(conditions: list[TimedCondition], kind: ConditionKind) -> TimedCondition | None:
    """The bearer's condition of `kind`, if any."""
    for condition in conditions:
        if condition.kind == kind.name:
            return condition
    return None


def count_down(condition: TimedCondition, rounds: int, period: int) -> int:
    """Count `condition` down by `rounds` rounds; return how often it fell due, re-armed to
    `period` rounds each time (a roll every stretch counted round by round or in one go)."""
    times = 0
    while rounds >= condition.left:
        rounds -= condition.left
        condition.left = period
        times += 1
    condition.left -= rounds
    return times


def exposure_due(c: Combatant, exposure: ConditionKind, period: int | None, rounds: int) -> int:
    """How many rolls `rounds` rounds of exposure bring, one per `period` rounds, the first a
    period after exposure starts (its schedule is the bearer's `exposure` condition); the dead,
    the sheltered and a harmless band (`period` None) roll none, and their schedule ends."""
    schedule = find(c.timed, exposure)
    if c.dead or period is None:
        if schedule is not None:
            c.timed.remove(schedule)
        return 0
    if schedule is None:
        schedule = TimedCondition(exposure.name, period)
        c.timed.append(schedule)
    return count_down(schedule, rounds, period)


def recovery_blocked(conditions: list[TimedCondition], dehydration_stress: bool = True) -> tuple[bool, bool]:
    """Whether the bearer's conditions block natural recovery of (damage, stress): hypothermia both
    (HEAL-10), sickness (HEAL-11) and starvation (HEAL-08) damage, sleep deprivation stress (HEAL-09),
    dehydration damage and, with `dehydration_stress`, stress too (HEAL-12), heatstroke both (ENV-07)."""
    damage = stress = False
    for condition in conditions:
        damage = damage or condition.kind in DAMAGE_BLOCKS
        stress = stress or condition.kind in STRESS_BLOCKS or (dehydration_stress and condition.kind == DEHYDRATED.name)
    return damage, stress


def end_out_of_action(c: Combatant, condition: TimedCondition) -> None:
    """`condition` is over: its bearer may act again unless an injury (CRIT-PHYS-56, CRIT-MENT-64-65)
    or another condition still keeps them out of action."""
    c.timed.remove(condition)
    if condition.kind in OUT_OF_ACTION:
        c.incapacitated = any(entry_of(i).incapacitates for i in c.injuries) or any(
            t.kind in OUT_OF_ACTION for t in c.timed
        )
