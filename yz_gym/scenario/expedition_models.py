"""The expedition file format (`mode: expedition`): pydantic models that reject unknown keys and
impossible values. Every key is documented in docs/expeditions.md (a test checks this); the
cross-checks (names, hexes, fights) live in expedition_loader.py."""

# ruff: noqa: RUF012  (pydantic copies mutable defaults; Strict is a BaseModel)
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StrictInt, StrictStr

from yz_gym.rulesets.yze.scenario.chase_models import VEHICLE_TYPES
from yz_gym.rulesets.yze.scenario.models import Name, Strict, ZoneAgent
from yz_gym.scenario.validation import scripted_agent

Hex = tuple[Annotated[StrictInt, Field(ge=0, le=99)], Annotated[StrictInt, Field(ge=0, le=99)]]
Who = Literal["all", "none"] | list[Name]
Planner = Annotated[StrictStr, AfterValidator(scripted_agent("yze", "expedition"))]  # MODE_AGENTS' names


class TravelVehicleSpec(Strict):
    """A vehicle of the party (VEH-TABLE) and the fuel in its tank (FUEL-01; null = full, FUEL-03)."""

    name: Name
    type: Literal["car", "truck", "motorcycle", "dirt_bike", "pickup", "apc", "tank", "helicopter"]
    fuel: float | None = Field(None, ge=0, le=2000)


class PartySpec(Strict):
    """The travellers: one side of a zone-fight scenario, with their stores and gear."""

    scenario: Name  # a bundled skirmish name or a .yaml path
    side: Name
    food: int = Field(0, ge=0, le=1000)  # RATION-01: safe food rations
    water: int = Field(0, ge=0, le=1000)  # RATION-04
    fuel: float = Field(0, ge=0, le=10000)  # spare litres (FUEL-01)
    winter_clothing: Who = "none"  # WEATHER-16
    blankets: Who = "none"  # HAZ-COLD-03
    healers: Who = "none"  # HEAL-19: the Healer specialty (their crits heal in half the time)
    snare: bool = False  # HUNT-08
    fishing_gear: bool = False  # FISH-01
    vehicles: list[TravelVehicleSpec] = []
    poisons: list[VialSpec] = Field([], max_length=10)


class BoatSpec(Strict):
    """A raft or boat of the party (TRAVEL-32/33) and how many it carries (default by type)."""

    name: Name
    type: Literal["raft", "rowboat", "motorboat"]
    seats: int | None = Field(None, ge=1, le=50)


class WatersSpec(Strict):
    """The expedition's waters: the party's boats, the fords, downstream or not, ice or not."""

    boats: list[BoatSpec] = []
    fords: list[Hex] = []  # TRAVEL-30: river hexes crossed on foot without swimming
    downstream: bool = False  # TRAVEL-33: the journey on the water runs with the current
    ice: bool = False  # ENV-11: lakes and rivers are frozen over (thin in the chilly band)


class StormSpec(Strict):
    """A storm or blizzard the scenario sends (WEATHER-17): its day and shift."""

    day: int = Field(ge=1, le=365)
    shift: Literal["morning", "day", "evening", "night"]


class VialSpec(Strict):
    """A poison the party carries (HAZ-POISON-01/03): its doses, and who coats which weapon with it
    before each fight; a wounding hit delivers a dose (hazard_rules.poison_needs_damage)."""

    name: Name
    potency: Annotated[int, Field(ge=1, le=12)] | Literal["weak", "strong", "virulent"]
    effect: Literal["lethal", "paralysing", "sleeping"]
    doses: int = Field(ge=1, le=50)
    carrier: Name
    weapon: Name


class MapSpec(Strict):
    """The travel map: rows of hexes, where the party starts and where it goes."""

    rows: list[Annotated[str, Field(min_length=1, max_length=400)]] = Field(min_length=1, max_length=40)
    start: Hex
    goal: Hex


class FightRef(Strict):
    """An encounter: a zone fight (a bundled skirmish name or a .yaml path) in which the party takes
    the place of `side`'s combatants."""

    fight: Name
    side: Name
    name: str | None = None  # the label in the log; default: the fight's name
    attitude: Literal["hostile", "wary", "peaceful"] | None = None  # null: rolled (ENCOUNTER-04)
    motorized: bool = False  # WATCH-05
    weight: int = Field(1, ge=1, le=100)  # chance among the table's encounters


class PlacedFight(FightRef):
    """An encounter met on entering a hex (once)."""

    at: Hex


class SiteSpec(Strict):
    """A site explored when the party enters its hex (TASK-EXPLORE, TRAVEL-34): the stretches it takes
    (the journey waits) and what the party finds there."""

    name: Name
    at: Hex
    stretches: int = Field(ge=1, le=2000)
    food: int = Field(0, ge=0, le=1000)
    water: int = Field(0, ge=0, le=1000)
    fuel: int = Field(0, ge=0, le=10000)


class EncountersSpec(Strict):
    """What the party may meet: a table drawn on each shift's check (ENCOUNTER-02), fights placed on
    hexes, and the savage animal of a camp mishap (CAMP-MISHAP-8)."""

    table: list[FightRef] = []
    placed: list[PlacedFight] = []
    savage_animal: FightRef | None = None


class ExpeditionFile(Strict):
    """A whole expedition file."""

    ruleset: Literal["yze"] = "yze"
    mode: Literal["expedition"]
    name: Name
    description: str = ""
    party: PartySpec
    map: MapSpec
    season: Literal["spring", "summer", "autumn", "winter"] = "summer"  # WEATHER-15
    temperature: Literal["from_season", "warm", "chilly", "cold", "extreme_cold"] = "from_season"
    weather: Literal["heavy", "overcast", "clear", "storm"] | None = None  # null: travel_rules.weather_start
    storms: list[StormSpec] = Field([], max_length=100)  # WEATHER-17
    heat: Literal["none", "hot", "extreme_heat"] = "none"  # ENV-07
    waters: WatersSpec = WatersSpec()
    max_days: int = Field(30, ge=1, le=365)
    encounters: EncountersSpec = EncountersSpec()
    sites: list[SiteSpec] = Field([], max_length=50)
    fight_agent: ZoneAgent = "aggressive"
    agents: dict[Name, Planner] = {}
    rules: dict[str, object] = {}
    hazard_rules: dict[str, object] = {}
    travel_rules: dict[str, object] = {}


MODELS: tuple[type[Strict], ...] = (
    ExpeditionFile, PartySpec, TravelVehicleSpec, MapSpec, EncountersSpec, FightRef, PlacedFight, WatersSpec,
    BoatSpec, StormSpec, VialSpec, SiteSpec,
)  # fmt: skip
__all__ = ["MODELS", "VEHICLE_TYPES"]
