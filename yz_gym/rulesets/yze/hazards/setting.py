"""What a zone fight's scenario declares of hazards (its `hazard_rules:` and `hazards:` blocks): the
named poisons, the deep water, gas and cold of its zones, who is protected from the cold, and the
poisoned weapons. Plain frozen data, shared by every game of the scenario (`Setup.hazards`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from yz_gym.rulesets.yze.hazards.options import DEFAULT_HAZARDS, ColdBand, HazardOptions

PoisonEffect = Literal["lethal", "paralysing", "sleeping"]
EFFECTS: Final = ("lethal", "paralysing", "sleeping")  # ENV-02: the SRD's headings
POTENCIES: Final = {"weak": 3, "strong": 6, "virulent": 9}  # HAZ-POISON-01 (step: D, C, B)
NO_WATER: Final = -2  # `HazardSetting.shore` of a dry zone
UNLIMITED: Final = -1  # a poisoned weapon's doses: it never runs dry
WARM: Final[ColdBand] = "warm"  # a zone without cold (WEATHER-15)


@dataclass(frozen=True, slots=True)
class Poison:
    """A poison: its name, Potency (HAZ-POISON-01) and effect (HAZ-POISON-03)."""

    name: str
    potency: int
    effect: PoisonEffect

    def __post_init__(self) -> None:
        if self.potency < 1:
            raise ValueError(f"poison {self.name!r}: potency must be at least 1, not {self.potency}")
        if self.effect not in EFFECTS:
            raise ValueError(f"poison {self.name!r}: effect must be one of {', '.join(EFFECTS)}, not {self.effect!r}")


@dataclass(frozen=True, slots=True)
class PoisonedWeapon:
    """A combatant's weapon coated with a poison (HAZ-POISON-02: delivered by a wounding hit)."""

    weapon: str  # the weapon's name as the combatant carries it
    poison: Poison
    doses: int  # hits that deliver it; UNLIMITED: every one


@dataclass(frozen=True, slots=True)
class HazardSetting:
    """The hazards of one fight; zone and combatant indices are the scenario's."""

    options: HazardOptions
    shore: tuple[int, ...]  # per zone: NO_WATER (dry), else deep water and the zone a rescue pulls to
    gas: tuple[Poison | None, ...]  # per zone: the poison gas filling it, if any
    cold: tuple[ColdBand, ...]  # per zone: its cold band (WEATHER-15); "warm" rolls nothing
    protected: frozenset[int] = frozenset()  # HAZ-COLD-01: clothing or shelter enough (the GM's call)
    weapons: dict[int, PoisonedWeapon] = field(default_factory=dict)  # combatant id -> its poisoned weapon
    cold_elapsed: int = 0  # rounds the exposed have spent in the cold before the fight (HAZ-COLD-02)
    visibility: int = -1  # WEATHER-10..13: the farthest range band (zones.Range) anyone sees; -1: no limit
    ranged_mod: int = 0  # WEATHER-07: heavy rain or snow, -1 on every ranged attack

    def water(self, zone: int) -> bool:
        """Deep water: whoever is in it swims (HAZ-DROWN-01)."""
        return self.shore[zone] != NO_WATER


def own_setting(hazards: HazardSetting | None, zones: int) -> HazardSetting:
    """A fight's hazard setting, or, when it has none, one of its own with no water, gas or cold
    (for what a journey brings into the fight: coated weapons, the weather)."""
    if hazards is not None:
        return hazards
    warm: tuple[ColdBand, ...] = tuple(WARM for _ in range(zones))
    return HazardSetting(DEFAULT_HAZARDS, (NO_WATER,) * zones, (None,) * zones, warm)
