"""Disease (HAZ-DISEASE-*): an infection roll on exposure, Stamina against the Virulence; a failure
makes the character sick (1 damage, no recovery of damage, HEAL-11) with a new infection roll every
day, 1 damage each failure; Broken while sick, death a day later unless someone cares for them; one
successful roll cures. A caregiver makes the roll in the patient's place, Healing +2 (AMB-08).

`expose_to_disease` is the exposure; `disease_time` runs rounds of sickness (a shift at a time on a
journey), with `carer` the one caring for the patient meanwhile; `daily_disease_roll` is one day's
roll, which `disease_time` makes when a day has passed since the last."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from yz_gym.core.clock import TimeUnit
from yz_gym.core.conditions import TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import kill, take_damage, track_broken
from yz_gym.rulesets.yze.hazards.kinds import DISEASE_DYING, SICK, find
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.hazards.resisting import resist
from yz_gym.rulesets.yze.state import Combatant, GameState

TYPICAL_VIRULENCE: Final = 6  # HAZ-DISEASE-02 (step dice: C)
DISEASE_DAMAGE: Final = 1  # HAZ-DISEASE-03/04: on infection and each failed daily roll
CARE_BONUS: Final = 2  # HAZ-DISEASE-07: the caregiver's Healing roll


@dataclass(frozen=True, slots=True)
class Disease:
    """A disease: its name and Virulence (HAZ-DISEASE-02)."""

    name: str
    virulence: int = TYPICAL_VIRULENCE

    def __post_init__(self) -> None:
        if self.virulence < 1:
            raise ValueError(f"disease {self.name!r}: virulence must be at least 1, not {self.virulence}")


def sick(c: Combatant) -> bool:
    """HAZ-DISEASE-03: sick (HEAL-11: no recovery of damage)."""
    return find(c.timed, SICK) is not None


def expose_to_disease(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    disease: Disease,
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """HAZ-DISEASE-01..03: the infection roll; a loss makes the character sick, with 1 damage (no
    critical injury, CRIT-04) and the next roll a day later. One already sick rolls nothing and
    keeps the stronger virulence. True: sick."""
    if c.dead:
        return False
    held = find(c.timed, SICK)
    if held is not None:
        held.potency = max(held.potency, disease.virulence)
        return True
    if resist(state, hazard_options, c, disease.name, disease.virulence, rng, events):
        return False
    c.timed.append(TimedCondition(SICK.name, state.options.clock.rounds(TimeUnit.DAY), disease.virulence))
    events.append(Event("infected", -1, c.id, {"disease": disease.name, "virulence": disease.virulence}))
    _sicken(state, c, rng, events)
    return True


def _sicken(state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event]) -> None:
    """1 damage (none once Broken); Broken by damage while sick starts the day to death (HAZ-DISEASE-05)."""
    if not track_broken(state, c, True):
        take_damage(state, c, DISEASE_DAMAGE, rng, events, crit_allowed=False)
    if not c.dead and track_broken(state, c, True) and find(c.timed, DISEASE_DYING) is None:
        c.timed.append(TimedCondition(DISEASE_DYING.name, state.options.clock.rounds(TimeUnit.DAY)))


def daily_disease_roll(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    rng: np.random.Generator,
    events: list[Event],
    carer: Combatant | None = None,
) -> bool:
    """HAZ-DISEASE-04/06/07: one day's infection roll against the virulence, by the patient
    (Stamina) or, with `care_cures`, by `carer` in their place (Healing +2). A win cures; a loss
    deals 1 damage. True: cured (or not sick)."""
    condition = find(c.timed, SICK)
    if c.dead or condition is None:
        return not c.dead
    if carer is not None and hazard_options.care_cures and not carer.dead:
        won = resist(state, hazard_options, carer, "disease", condition.potency, rng, events,
                     skill="Healing", modifier=CARE_BONUS, patient=c.id)
    else:
        won = resist(state, hazard_options, c, "disease", condition.potency, rng, events)
    if won:
        c.timed = [t for t in c.timed if t.kind not in (SICK.name, DISEASE_DYING.name)]
        events.append(Event("cured", carer.id if carer is not None else -1, c.id))
        return True
    _sicken(state, c, rng, events)
    return False


def disease_time(
    state: GameState,
    hazard_options: HazardOptions,
    c: Combatant,
    rounds: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    carer: Combatant | None = None,
) -> None:
    """`rounds` rounds of sickness pass, `carer` caring for the patient (or nobody): the daily
    rolls that fall due (HAZ-DISEASE-04), and death a day after Broken while sick without help
    (HAZ-DISEASE-05). Reading: Broken and sick (by the disease or any other damage), a patient needs
    care at least once in every day until cured or back on their feet; with `care_saves`, care
    ends the day's danger (AMB-08). When the roll and the death fall in the same round, the roll
    comes first: it may cure."""
    condition = find(c.timed, SICK)
    if c.dead or condition is None:
        return
    cared = carer is not None and not carer.dead and carer is not c
    dying = find(c.timed, DISEASE_DYING)
    day = state.options.clock.rounds(TimeUnit.DAY)
    if dying is not None and cared and hazard_options.care_saves:
        c.timed.remove(dying)
        events.append(Event("cared_for", carer.id if carer is not None else -1, c.id))
    elif dying is None and track_broken(state, c, True) and not (cared and hazard_options.care_saves):
        c.timed.append(TimedCondition(DISEASE_DYING.name, day))  # Broken by other damage while sick
    while rounds > 0 and not c.dead and condition in c.timed:
        dying = find(c.timed, DISEASE_DYING)
        step = min(rounds, condition.left, dying.left if dying is not None else rounds)
        rounds -= step
        condition.left -= step
        if dying is not None:
            dying.left -= step
        if condition.left <= 0:
            condition.left = day
            if daily_disease_roll(state, hazard_options, c, rng, events, carer if cared else None):
                return
        dying = find(c.timed, DISEASE_DYING)
        if dying is not None and dying.left <= 0:
            if track_broken(state, c, True):
                kill(state, c, events, "disease (HAZ-DISEASE-05)", rng)
            else:
                c.timed.remove(dying)  # back on their feet (first aid) before the day ran out
