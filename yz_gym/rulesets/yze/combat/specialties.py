"""HEAL-19: the specialties that change recovery (names as in S2): Healer, crits heal in half the
time (combat/damage.heal_time); Field Surgeon, +1 to Healing stabilising someone about to die of a
crit; Second Wind, a Stamina roll at once on being Broken that wins back a point per success.
A combatant's `specialties` (scenario files: `specialties:` of a combatant) holds their names."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.panic import check_panic
from yz_gym.rulesets.yze.combat.tracks import restore_point
from yz_gym.rulesets.yze.rolls import roll_data, skill_roll
from yz_gym.rulesets.yze.state import Combatant, GameState

HEALER: Final = "healer"
FIELD_SURGEON: Final = "field_surgeon"
SECOND_WIND: Final = "second_wind"
SPECIALTIES: Final[dict[str, str]] = {  # name -> what it does, for the docs and the loaders' errors
    HEALER: "your critical injuries heal in half the days, rounded up, at least one",
    FIELD_SURGEON: "+1 to Healing when stabilising someone about to die of a critical injury",
    SECOND_WIND: "on being Broken, a Stamina roll at once (no push): 1 point back per success",
}
SURGEON_BONUS: Final = 1  # HEAL-19: Field Surgeon's +1


def surgeon_bonus(healer: Combatant, patient: Combatant) -> int:
    """HEAL-19 Field Surgeon: +1 to the Healing roll that stabilises a patient with a lethal crit
    counting down (DEATH-03..06); 0 for anyone else or any other patient."""
    if FIELD_SURGEON in healer.specialties and any(i.timer >= 0 for i in patient.injuries):
        return SURGEON_BONUS
    return 0


def second_wind(
    state: GameState, c: Combatant, physical: bool, rng: np.random.Generator, events: list[Event]
) -> None:
    """HEAL-19 Second Wind: just Broken on the `physical` (damage) or mental (stress) track, roll
    Stamina at once, never pushed, and win back one point of that track per success (Health or
    Resolve, or an attribute point); once per time Broken, and the crits stay (the caller rolls them
    first)."""
    roll = skill_roll(state, c, "Stamina", rng)
    events.append(Event("roll", c.id, -1, {"skill": "Stamina", "purpose": "second wind", **roll_data(roll)}))
    regained = 0
    while regained < roll.successes and restore_point(state.options, c, physical):
        regained += 1
    if regained:
        events.append(Event("recovered", -1, c.id, {"amount": regained, "rule": "HEAL-19"}))
    check_panic(state, c, roll, rng, events)  # PUSH-17: stress dice in the roll
