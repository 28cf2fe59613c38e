"""The scenario file format: pydantic models that reject unknown keys and impossible values."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from yz_gym.rules.state import SKILLS

FEATURES = ("cluttered", "dim", "dark", "cramped")
RANGES = ("engaged", "short", "medium", "long", "extreme")


class Strict(BaseModel):
    """A model that refuses keys it does not know."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ZoneSpec(Strict):
    """ZONE-01, ZONE-FEAT-*: a zone, its features, cover pieces, and whether it is an exit."""

    name: str = Field(min_length=1)
    features: list[Literal["cluttered", "dim", "dark", "cramped"]] = []
    cover: list[str] = []
    exit: bool = False
    size_m: float | None = None


class BorderSpec(Strict):
    """BORDER-01..04: the border between two adjacent zones."""

    between: tuple[str, str]
    kind: Literal["open", "wall", "door", "hatch"] = "open"
    state: Literal["closed", "open", "locked"] = "closed"
    armor: int = Field(0, ge=0, le=12)
    toughness: int | None = Field(None, ge=1, le=50)


class MapSpec(Strict):
    """ZONE-01/MAP-01: the zones and the borders between them."""

    zones: list[ZoneSpec] = Field(min_length=1)
    borders: list[BorderSpec] = []


class WeaponSpec(Strict):
    """A custom weapon profile (ATK-06..08) for weapons the tables do not have."""

    grip: Literal["1H", "2H", "-"] = "1H"
    bonus: int = Field(0, ge=0, le=5)
    damage: int = Field(1, ge=0, le=10)
    range: Literal["engaged", "short", "medium", "long", "extreme"] = "engaged"
    ranged: bool = False
    skill: Literal["Melee", "Marksmanship", "Mobility"] = "Melee"
    thrown: bool = False
    firearm: bool = False
    single_shot: bool = False
    reload_fast: bool = False
    full_auto: bool = False
    sturdy: bool = False
    scope: bool = False


class SneakSpec(Strict):
    """SNEAK-01..05: this combatant sneaks up on one target before the fight."""

    target: str
    to_engaged: bool = True


Rating = int | str


class CombatantSpec(Strict):
    """One combatant, or `count` identical ones forming an NPC group (INIT-NPC-01)."""

    name: str = Field(min_length=1)
    side: str
    pc: bool = False
    group: str | None = None
    count: int = Field(1, ge=1, le=20)
    creature: bool = False
    attributes: dict[Literal["strength", "agility", "wits", "empathy"], Rating]
    skills: dict[str, Rating] = {}
    weapons: list[str] = []
    drawn: str | None = None
    armor: str | None = None
    items: list[str] = []
    zone: str
    prone: bool = False
    hidden: bool = False
    surprise: bool = False
    sneak: SneakSpec | None = None
    burning: int = Field(0, ge=0, le=12)
    engaged_with: list[str] = []

    @field_validator("skills")
    @classmethod
    def _known_skills(cls, skills: dict[str, Rating]) -> dict[str, Rating]:
        for name in skills:
            if name.capitalize() not in SKILLS:
                raise ValueError(f"unknown skill '{name}'; skills: {', '.join(s.lower() for s in SKILLS)}")
        return skills


class AmbushSpec(Strict):
    """AMBUSH-01/02: the side that lays the ambush, and whether it is well prepared."""

    by: str
    prepared: bool = False


class VictorySpec(Strict):
    """How the game ends: a side out, a zone reached, rounds survived, or the round cap."""

    round_cap: int = Field(20, ge=1, le=500)
    reach_zone: dict[str, str] = {}
    survive_rounds: dict[str, int] = {}


class ScenarioFile(Strict):
    """A whole scenario file."""

    name: str
    description: str = ""
    sides: list[str] = Field(min_length=2)
    rules: dict[str, object] = {}
    map: MapSpec
    weapons: dict[str, WeaponSpec] = {}
    combatants: list[CombatantSpec] = Field(min_length=2)
    ambush: AmbushSpec | None = None
    victory: VictorySpec = VictorySpec()
