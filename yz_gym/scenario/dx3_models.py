"""The DX3 fight's scenario file (`ruleset: dx3`, `mode: skirmish`): pydantic models that reject
unknown keys and impossible values. Every key is documented in docs/dx3_scenarios.md (a test
checks this); checks across fields live in dx3_loader.py."""

# ruff: noqa: RUF012  (pydantic copies mutable defaults)
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt

from yz_gym.rulesets.dx3.state import MAX_FIGHTER_EFFECTS
from yz_gym.rulesets.yze.scenario.models import Name, Strict

Level = StrictInt
SkillLevel = Annotated[StrictInt, Field(ge=0, le=30)]


class AbilitiesSpec(Strict):
    """The four abilities (DX3-DICE-01)."""

    body: Level = Field(ge=0, le=20)  # 【肉体】
    sense: Level = Field(ge=0, le=20)  # 【感覚】
    mind: Level = Field(ge=0, le=20)  # 【精神】
    social: Level = Field(ge=0, le=20)  # 【社会】


class FighterFileSpec(Strict):
    """One fighter: side, place on the line, abilities, skills, gear and encroachment."""

    name: Name
    side: Name
    pc: StrictBool = False
    position: StrictInt = Field(ge=0, le=1000)  # metres along the line
    abilities: AbilitiesSpec
    skills: dict[
        str, SkillLevel
    ] = {}  # 白兵, 回避, 射撃, 知覚, RC, 意志, 交渉, 調達, 運転:X ... (DX3-DICE-02)
    encroachment: StrictInt = Field(0, ge=0, le=400)  # 侵蝕率 %
    hp: StrictInt | None = Field(None, ge=0, le=500)  # current HP; default max HP
    weapons: list[Name] = []  # carried, by bundled name (DX3-WPN-06)
    equipped: list[Name] | None = None  # held of the carried; default the first ones that fit two hands
    armor: list[Name] = []  # worn, by bundled name (DX3-ARM-05)
    resurrect: StrictInt | None = Field(None, ge=0, le=5)  # 《リザレクト》 level; default 1 for a PC, 0 else
    lois: StrictInt = Field(0, ge=0, le=7)
    titus: StrictInt = Field(0, ge=0, le=7)
    effects: dict[str, Annotated[StrictInt, Field(ge=1, le=10)]] = Field(
        {}, max_length=MAX_FIGHTER_EFFECTS
    )  # effect name -> its level (DX3-EFF-01)
    vehicle: Name | None = None  # the vehicle it starts aboard, by its name under vehicles:
    seat: Literal["driver", "passenger"] | None = None  # its seat in that vehicle; default driver
    mounted: list[Name] = []  # the vehicle's mounted weapons it starts holding (HR-VEH-WPN-03)
    hidden: StrictBool = False  # starts in the hidden state (隠密状態, DX3-HID-*)
    procure: list[Name] = []  # weapons it tries to buy with 〈調達〉 before the fight (DX3-WPN-02)


class VehicleFileSpec(Strict):
    """A vehicle on the line (DX3-VEH-*, HR-VEH-*): its kind, place, HP, seats, exposure, mounted weapons."""

    name: Name
    kind: Name  # a bundled vehicle (DX3-VEH-S1..S9): car, sports_car, truck, motorcycle, ...
    position: StrictInt = Field(ge=0, le=1000)  # metres along the line; its riders stand here
    hp: StrictInt = Field(20, ge=1, le=500)  # HR-VEH-07: 20 unless stated
    seats: StrictInt | None = Field(None, ge=1, le=12)  # riders, driver included; default the kind's
    exposed: StrictBool | None = None  # riders outside any shell (HR-VEH-05); default the kind's
    mounted: list[Name] = Field([], max_length=2)  # mounted weapons by bundled weapon name (HR-VEH-WPN-*)
    destruction_dice: StrictInt = Field(0, ge=0, le=10)  # HR-VEH-09: D10s each rider takes when it is destroyed


class GimmickSpec(Strict):
    """A stage gimmick going off in a round's setup process (HR-GIMMICK-01..03, DX3-DMG-07)."""

    name: Name
    round: StrictInt = Field(ge=1, le=100)
    positions: list[StrictInt] = []  # where it strikes, in metres; empty: everywhere
    dice: StrictInt = Field(2, ge=0, le=10)  # its damage roll: (dice)D10 + bonus
    bonus: StrictInt = Field(0, ge=-20, le=100)
    difficulty: StrictInt | None = Field(None, ge=1, le=100)  # a dodge avoids it at this; null: unavoidable
    distracts: StrictBool = False  # releases the engagements of those it catches (HR-GIMMICK-03)


class WeaponFileSpec(Strict):
    """A weapon of the scenario's own (DX3-WPN-01), named in `weapons:` and carried by that name."""

    kind: Literal["白兵", "射撃"]  # 種別
    skill: Name | None = None  # the hit check's skill; default the kind's (白兵 or 射撃)
    hit: StrictInt = Field(0, ge=-10, le=10)  # 命中
    attack: StrictInt = Field(ge=-10, le=50)  # 攻撃力
    guard: StrictInt = Field(0, ge=0, le=30)  # ガード値
    close: StrictBool = False  # 射程 至近
    reach: StrictInt = Field(0, ge=0, le=1000)  # 射程 in metres (0: none)
    two_handed: StrictBool = False
    targets: StrictInt = Field(1, ge=1, le=12)  # N体: up to N targets (DX3-ATK-06)


class Dx3File(Strict):
    """A whole DX3 fight file."""

    ruleset: Literal["dx3"]
    mode: Literal["skirmish"] = "skirmish"
    name: Name
    description: str = ""
    sides: list[Name] = Field(min_length=2, max_length=4)
    length: StrictInt = Field(ge=1, le=1000)  # the line runs from 0 to length metres
    max_rounds: StrictInt = Field(12, ge=1, le=100)
    blockades: list[StrictInt] = []  # positions whose engagement is blockaded (封鎖, DX3-ENG-04)
    minor_only_rounds: list[StrictInt] = []  # HR-EVENT-01: rounds of minor actions only
    gimmicks: list[GimmickSpec] = []  # stage gimmicks (HR-GIMMICK-*)
    agents: dict[Name, Name] = {}  # side -> scripted agent
    dx3_rules: dict[str, object] = {}  # the switches (rulesets/dx3/options.py)
    effects: dict[str, object] = {}  # the scenario's own effects (rulesets/dx3/effect_library.load_effects)
    weapons: dict[Name, WeaponFileSpec] = {}  # the scenario's own weapons, beside the bundled ones
    vehicles: list[VehicleFileSpec] = Field([], max_length=4)  # DX3-VEH-*, HR-VEH-*
    dark: list[StrictInt] = []  # positions where hiding is very easy: a minor action (HR-STEALTH-02)
    stealth_difficulty: StrictInt = Field(9, ge=0, le=100)  # 〈知覚〉 difficulty of hiding (HR-STEALTH-01)
    fighters: list[FighterFileSpec] = Field(min_length=2, max_length=12)


MODELS: tuple[type[Strict], ...] = (
    Dx3File, FighterFileSpec, AbilitiesSpec, GimmickSpec, VehicleFileSpec, WeaponFileSpec,
)  # fmt: skip
