"""What a critical injury brings beyond its table row: the disease of a wound (CRIT-PHYS-46, ENV-10).

`critical_injury` (damage.py) calls `infect_wound` when the crit it applies names a disease; it
imports this module lazily, as the hazards it calls import damage.py."""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards.disease import Disease, expose_to_disease
from yz_gym.rulesets.yze.hazards.options import DEFAULT_HAZARDS
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.tables import CriticalInjury


def infect_wound(
    state: GameState, victim: Combatant, entry: CriticalInjury, rng: np.random.Generator, events: list[Event]
) -> bool:
    """CRIT-PHYS-46, ENV-10: the crit is a disease of the row's virulence (6): the victim makes the
    infection roll at once (HAZ-DISEASE-01), with the fight's hazard rules or the defaults; a loss
    makes them sick (HAZ-DISEASE-03..07). True: sick."""
    hazards = state.setup.hazards
    options = hazards.options if hazards is not None else DEFAULT_HAZARDS
    disease = Disease(entry.name.lower(), entry.disease_virulence)
    return expose_to_disease(state, options, victim, disease, rng, events)
