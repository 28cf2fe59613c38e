"""Poison carried on a journey as gear (HAZ-POISON-01..03, ENV-10): a vial of a named poison, its
doses, and the traveller whose weapon is coated with it before each encounter's fight. A hit with
the coated weapon delivers a dose (hazards/fight.py); the doses used in a fight are gone from the
vial for the rest of the trip."""

from __future__ import annotations

from dataclasses import dataclass, replace

from yz_gym.rulesets.yze.hazards.setting import Poison, PoisonedWeapon, own_setting
from yz_gym.rulesets.yze.state import Setup


@dataclass(frozen=True, slots=True)
class Vial:
    """A poison the party carries (HAZ-POISON-01/03), its doses, and who coats which weapon with it."""

    poison: Poison
    doses: int
    carrier: int  # the traveller's index in the party
    weapon: str


def coated_setup(setup: Setup, coats: dict[int, PoisonedWeapon]) -> Setup:
    """The fight's setup with the party's coated weapons (fight combatant index -> weapon): added to
    its hazards, or to a hazard setting of its own (no water, gas or cold) when it has none."""
    if not coats:
        return setup
    hazards = own_setting(setup.hazards, len(setup.zone_map.zones))
    return replace(setup, hazards=replace(hazards, weapons={**hazards.weapons, **coats}))
