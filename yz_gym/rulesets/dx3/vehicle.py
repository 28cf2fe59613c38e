"""DX3 vehicles (ヴィークル, DX3-VEH-*) with the house rules of seed 001 (HR-VEH-*): the stat lines,
boarding and leaving, driver and passengers, moving together, attacks redirected to the vehicle,
its HP and destruction, the two-step vehicle dodge (vehicle_dodge.py), the guard with a mounted
weapon, mounted weapons (taken on boarding, outside the two-weapon limit, one holder each, handed
over by a minor action) and ramming with 〈運転〉 at 至近."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numpy as np

from yz_gym.rulesets.dx3.dice import d10s
from yz_gym.rulesets.dx3.gear import MELEE, RANGED, Weapon

VEHICLE_HP: Final = 20  # HR-VEH-07: a vehicle's HP unless the scenario says otherwise
MAX_VEHICLES: Final = 4  # the env's vehicle slots
MAX_MOUNTED: Final = 2  # mounted weapons per vehicle
MOUNTED_BASE: Final = (
    3  # a fighter's weapon index of mounted weapon k is MOUNTED_BASE + k (after the carried)
)
RAM: Final = MOUNTED_BASE + MAX_MOUNTED  # the weapon index of the vehicle itself (DX3-VEH-04)
DRIVER: Final = 0  # a boarding's seat
PASSENGER: Final = 1
NEGOTIATION: Final = "交渉"  # HR-VEH-11: attacks with this skill cannot damage a vehicle


@dataclass(frozen=True, slots=True)
class VehicleType:
    """A vehicle's stat line (DX3-VEH-01): 〈運転:X〉, 行動値, 攻撃力, 装甲値, 全力移動 (metres; with
    `body_move`, 【肉体】 + that many metres, as the bicycle's 【肉体】+40 m), its seats and whether its
    riders sit outside any shell (exposed, HR-VEH-05)."""

    name: str
    skill: str
    initiative: int
    attack: int
    armor: int
    full_move: int
    seats: int
    exposed: bool
    body_move: bool = False


# DX3-VEH-S1..S9 (DX3-VEH-13, ref.): the typical vehicles by the names a scenario file uses; the seats
# and the exposure are this project's readings of each kind (a scenario may override them)
VEHICLES: Final = {
    "car": VehicleType("car", "運転:四輪", -4, 10, 6, 100, 5, False),  # S1
    "sports_car": VehicleType("sports_car", "運転:四輪", -5, 10, 4, 300, 2, False),  # S2
    "truck": VehicleType("truck", "運転:四輪", -6, 12, 6, 100, 3, False),  # S3
    "motorcycle": VehicleType("motorcycle", "運転:二輪", -3, 5, 0, 200, 2, True),  # S4
    "large_motorcycle": VehicleType("large_motorcycle", "運転:二輪", -5, 12, 0, 250, 2, True),  # S5
    "bicycle": VehicleType("bicycle", "運転:二輪", -1, 2, 0, 40, 1, True, body_move=True),  # S6
    "horse": VehicleType("horse", "運転:馬", -2, 3, 0, 100, 2, True),  # S7
    "motorboat": VehicleType("motorboat", "運転:船舶", -1, 7, 0, 100, 6, True),  # S8
    "helicopter": VehicleType("helicopter", "運転:航空機", -3, 5, 0, 100, 6, False),  # S9
}


@dataclass(frozen=True, slots=True)
class VehicleSpec:
    """A vehicle as the scenario places it: its kind, position, HP (HR-VEH-07), seats, exposure
    (HR-VEH-05), mounted weapons (HR-VEH-WPN-*, DX3-VEH-12) and the damage its destruction deals to
    those aboard (HR-VEH-09: (dice)D10, 0 none; the briefing names it)."""

    name: str
    kind: VehicleType
    position: int
    hp: int = VEHICLE_HP
    seats: int = 0  # 0: the kind's
    exposed: bool = False
    mounted: tuple[str, ...] = ()  # by WEAPONS name
    destruction_dice: int = 0


@dataclass(slots=True)
class Vehicle:
    """A vehicle in play: HP, place, who drives, who rides, who holds each mounted weapon."""

    id: int
    spec: VehicleSpec
    mounted: tuple[Weapon, ...]
    pos: int
    hp: int
    driver: int = -1
    passengers: list[int] = field(default_factory=list)
    holders: list[int] = field(default_factory=list)  # per mounted weapon, its holder (-1: nobody)
    destroyed: bool = False

    @property
    def name(self) -> str:
        """The vehicle's name in the scenario."""
        return self.spec.name

    @property
    def kind(self) -> VehicleType:
        """Its stat line."""
        return self.spec.kind

    @property
    def seats(self) -> int:
        """How many ride it, driver included."""
        return self.spec.seats or self.spec.kind.seats

    @property
    def aboard(self) -> list[int]:
        """The driver (if any) then the passengers."""
        return ([self.driver] if self.driver >= 0 else []) + self.passengers


def make_vehicle(index: int, spec: VehicleSpec, mounted: tuple[Weapon, ...]) -> Vehicle:
    """A vehicle at the start of a fight, empty."""
    return Vehicle(index, spec, mounted, spec.position, spec.hp, holders=[-1] * len(mounted))


def ram_weapon(kind: VehicleType) -> Weapon:
    """The vehicle as the weapon of its driver's attack (DX3-VEH-04): melee, 〈運転〉, 至近, its 攻撃力."""
    return Weapon(kind.name, MELEE, kind.skill, 0, kind.attack, 0, True, 0)


def ride_weapons(v: Vehicle) -> tuple[Weapon, ...]:
    """The weapons a rider may reach by index MOUNTED_BASE + k: the mounted ones, then the ram."""
    blanks = tuple(ram_weapon(v.kind) for _ in range(MAX_MOUNTED - len(v.mounted)))
    return (*v.mounted, *blanks, ram_weapon(v.kind))


def usable_ride_weapons(v: Vehicle, who: int) -> list[int]:
    """The weapon indices `who` may attack with from its vehicle: the mounted weapons it holds, and
    the ram when it drives."""
    out = [MOUNTED_BASE + k for k, h in enumerate(v.holders) if h == who]
    return out + ([RAM] if v.driver == who else [])


def initiative_modifier(v: Vehicle, who: int) -> int:
    """The vehicle's 行動値, added to its driver's (DX3-VEH-08); nothing for a passenger."""
    return v.kind.initiative if v.driver == who else 0


def full_move(v: Vehicle, body: int) -> int:
    """全力移動 while driving: the vehicle's (DX3-VEH-10), 【肉体】 + n m for a bicycle."""
    return v.kind.full_move + (body if v.kind.body_move else 0)


def combat_move(v: Vehicle, initiative: int, rule: str) -> int:
    """戦闘移動 while driving (DX3-VEH-09): 行動値 (with the vehicle's) + 5 m, or under
    `max_fullmove_div5` the larger of that and the vehicle's 全力移動 / 5."""
    base = max(initiative + 5, 0)
    if rule == "max_fullmove_div5":
        return max(base, v.kind.full_move // 5)
    return base


def board(v: Vehicle, who: int, seat: int, take: int) -> None:
    """`who` boards as driver or passenger (DX3-VEH-02), taking mounted weapon `take` (-1: none) at the
    same time (HR-VEH-WPN-01)."""
    if seat == DRIVER:
        v.driver = who
    else:
        v.passengers.append(who)
    if take >= 0:
        v.holders[take] = who


def leave(v: Vehicle, who: int) -> None:
    """`who` gets off (DX3-VEH-02) and lets go of the mounted weapons it held."""
    if v.driver == who:
        v.driver = -1
    elif who in v.passengers:
        v.passengers.remove(who)
    v.holders = [-1 if h == who else h for h in v.holders]


def swap(v: Vehicle, passenger: int) -> None:
    """The driver and `passenger` change places (HR-VEH-03): with no driver, the passenger takes the wheel."""
    i = v.passengers.index(passenger)
    if v.driver >= 0:
        v.passengers[i] = v.driver
    else:
        v.passengers.pop(i)
    v.driver = passenger


def free_seat(v: Vehicle, seat: int) -> bool:
    """Whether a seat is open: the driver's if nobody drives, a passenger's while seats remain."""
    if v.destroyed or len(v.aboard) >= v.seats:
        return False
    return v.driver < 0 if seat == DRIVER else v.seats - 1 > len(v.passengers)


def redirected(v: Vehicle, weapon: Weapon, ranged_exposed: bool, declared: bool) -> bool:
    """Whether an attack on a rider of `v` targets the vehicle (HR-VEH-04): it was declared at the
    vehicle, or the rider is not exposed (HR-VEH-05), a car's riders counting as exposed to ranged
    attacks when the scene says so (HR-VEH-06)."""
    if declared:
        return True
    exposed = v.spec.exposed or (ranged_exposed and weapon.kind == RANGED)
    return not exposed


def vehicle_damage(total: int, v: Vehicle, guard: int, skill: str) -> int:
    """The HP a vehicle loses from a damage roll: minus its own 装甲値 (AMB-40; riders' armor never
    counts, HR-VEH-10) and the guard; nothing from a 〈交渉〉 attack (HR-VEH-11)."""
    if skill == NEGOTIATION:
        return 0
    return max(total - v.kind.armor - guard, 0)


def lose_hp(v: Vehicle, lost: int) -> bool:
    """Take `lost` HP; True when it falls to 0 and is destroyed (HR-VEH-08)."""
    v.hp = max(v.hp - lost, 0)
    if v.hp == 0 and not v.destroyed:
        v.destroyed = True
        return True
    return False


def wreck(v: Vehicle, rng: np.random.Generator) -> tuple[list[int], list[int]]:
    """A destroyed vehicle throws everyone off (HR-VEH-08): (those aboard, the destruction damage each
    takes, (dice)D10 per rider when the scenario sets it, HR-VEH-09)."""
    riders = v.aboard
    damage = [sum(d10s(v.spec.destruction_dice, rng)) if v.spec.destruction_dice else 0 for _ in riders]
    v.driver = -1
    v.passengers = []
    v.holders = [-1] * len(v.holders)
    return riders, damage
