"""The scenario file format: pydantic models that reject unknown keys and impossible values.

Every key of every model is documented in docs/scenarios.md (a test checks this). Checks that need
more than one field (zone names, sides, weapons, initiative) live in zone_builder.py.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr

from yz_gym.scenario.validation import scripted_agent

FEATURES = ("cluttered", "dim", "dark", "cramped")
RANGES = ("engaged", "short", "medium", "long", "extreme")

Name = Annotated[str, Field(min_length=1)]
# An attribute or skill value: a number (dice pool) or a step grade A-D (step dice, STEP-01).
Rating = StrictInt | StrictStr
ZoneAgent = Annotated[StrictStr, AfterValidator(scripted_agent("yze", "skirmish"))]  # MODE_AGENTS' names


class Strict(BaseModel):
    """A model that refuses keys it does not know."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ZoneSpec(Strict):
    """ZONE-01, ZONE-FEAT-*: a zone, its features, cover pieces, and whether it is an exit."""

    name: Name
    features: list[Literal["cluttered", "dim", "dark", "cramped"]] = []
    cover: list[str] = []
    exit: bool = False
    size_m: float | None = Field(None, gt=0, le=1000)
    vehicles: bool = True  # vehicles/movement.py: false = no vehicle may enter (cramped zones never)


class BorderSpec(Strict):
    """BORDER-01..04: the border between two adjacent zones."""

    between: tuple[Name, Name]
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
    rate_of_fire: int = Field(0, ge=0, le=6)  # AUTO-03: ammo dice (full_auto: ammo_dice)
    magazine: int = Field(0, ge=0, le=200)  # AUTO-03/06: rounds per magazine; 0 = not counted
    artifact: Literal[0, 8, 10, 12] = 0  # DICE-11/12: an artifact die (pool games only); 0 = none


class SneakSpec(Strict):
    """SNEAK-01..05: this combatant sneaks up on one target before the fight."""

    target: Name
    to_engaged: bool = True


class MountSpec(Strict):
    """MOUNT-*: the animal a combatant rides (MOUNT-15: Strength and Agility only)."""

    name: Name = "Horse"
    strength: Rating
    agility: Rating
    cramped: bool = False  # MOUNT-04 "usually": this animal can enter cramped zones
    carry: int | None = Field(None, ge=0, le=100)  # MOUNT-01: regular items; null = 2 x Strength


class CombatantSpec(Strict):
    """One combatant, or `count` identical ones forming an NPC group (INIT-NPC-01)."""

    name: Name
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
    size: Literal["small", "normal", "large"] = "normal"  # RMOD-11/12: target size for ranged attacks
    mount: MountSpec | None = None  # MOUNT-*: rides this animal
    pride: Annotated[str, Field(min_length=1, max_length=200)] | None = None  # DICE-13: once per session
    specialties: list[str] = Field([], max_length=10)  # HEAL-19: healer, field_surgeon, second_wind


class CrewSpec(Strict):
    """Someone aboard a vehicle when the fight starts."""

    name: Name
    seat: Literal["driver", "passenger"] = "passenger"
    exposed: bool = False  # VEH-DMG-08: in an exposed seat (counts against exposed_seats)


class VehicleWeaponSpec(Strict):
    """A weapon mounted on a vehicle and who mans it at the start."""

    weapon: Name
    gunner: Name | None = None


class ZoneVehicleSpec(Strict):
    """A vehicle in a zone fight (VEH-TABLE): where it is, whose it is, who sits where."""

    name: Name
    type: Literal["car", "truck", "motorcycle", "dirt_bike", "pickup", "apc", "tank", "helicopter"]
    zone: Name
    side: Name | None = None
    altitude: int = Field(0, ge=0, le=10)  # VEH-AIR-02: air vehicles only
    engine_running: bool = True  # VEH-06: false = it must be started first
    exposed_seats: int = Field(0, ge=0, le=9)  # VEH-DMG-08: seats open to fire (bikes: all)
    damage: int = Field(0, ge=0, le=12)  # VEH-ATTR-HULL: damage already taken
    crew: list[CrewSpec] = []
    weapons: list[VehicleWeaponSpec] = []


class AmbushSpec(Strict):
    """AMBUSH-01/02: the side that lays the ambush, and whether it is well prepared."""

    by: str
    prepared: bool = False


class VictorySpec(Strict):
    """How the game ends: a side out, a zone reached, rounds survived, or the round cap."""

    round_cap: int = Field(default=20, ge=1, le=500)
    reach_zone: dict[str, str] = {}
    survive_rounds: dict[str, Annotated[int, Field(ge=1, le=500)]] = {}


ColdBandName = Literal["warm", "chilly", "cold", "extreme_cold"]  # WEATHER-15 (hazards/options.py ColdBand)


class PoisonSpec(Strict):
    """HAZ-POISON-01/03: a named poison, its Potency and its effect."""

    potency: Annotated[int, Field(ge=1, le=12)] | Literal["weak", "strong", "virulent"]
    effect: Literal["lethal", "paralysing", "sleeping"]


class WaterSpec(Strict):
    """HAZ-DROWN-*: a zone of deep water, and the dry zone next to it a rescue pulls to."""

    zone: Name
    shore: Name


class GasSpec(Strict):
    """HAZ-POISON-02: a zone filled with a poison gas."""

    zone: Name
    poison: Name


class ColdSpec(Strict):
    """HAZ-COLD-01..06: the cold of the map, zones that differ, and who is protected from it."""

    band: ColdBandName = "cold"
    zones: dict[Name, ColdBandName] = {}
    protected: list[Name] = []
    elapsed: int = Field(0, ge=0, le=100_000)


class PoisonedWeaponSpec(Strict):
    """HAZ-POISON-02: a combatant's (or a group's) weapon coated with a poison."""

    combatant: Name
    weapon: Name
    poison: Name
    doses: int = Field(1, ge=-1, le=100)


class HazardsSpec(Strict):
    """HAZ-*: the poisons, deep water, gas, cold and poisoned weapons of the fight."""

    poisons: dict[Name, PoisonSpec] = {}
    water: list[WaterSpec] = []
    gas: list[GasSpec] = []
    cold: ColdSpec | None = None
    weapons: list[PoisonedWeaponSpec] = []


class ScenarioFile(Strict):
    """A whole scenario file."""

    ruleset: Literal["yze"] = "yze"  # the game (yz_gym.core.registry); loading.load checks it first
    mode: Literal["skirmish"] = "skirmish"
    name: Name
    description: str = ""
    sides: list[Name] = Field(min_length=2)
    rules: dict[str, object] = {}
    map: MapSpec
    weapons: dict[Name, WeaponSpec] = {}
    combatants: list[CombatantSpec] = Field(min_length=2)
    ambush: AmbushSpec | None = None
    victory: VictorySpec = VictorySpec()
    vehicles: list[ZoneVehicleSpec] = []
    vehicle_rules: dict[str, object] = {}
    hazards: HazardsSpec | None = None  # HAZ-*: hazards.py
    hazard_rules: dict[str, object] = {}
    agents: dict[Name, ZoneAgent] = {}  # who plays a side by default


MODELS: tuple[type[Strict], ...] = (
    ScenarioFile,
    MapSpec,
    ZoneSpec,
    BorderSpec,
    WeaponSpec,
    CombatantSpec,
    SneakSpec,
    AmbushSpec,
    VictorySpec,
    MountSpec,
    ZoneVehicleSpec,
    CrewSpec,
    VehicleWeaponSpec,
    HazardsSpec,
    PoisonSpec,
    WaterSpec,
    GasSpec,
    ColdSpec,
    PoisonedWeaponSpec,
)
