"""The declared maxima of the RL encodings, in one place.

Every fixed-size space of the environments (observation, action, PettingZoo spaces) is
padded to these numbers, so one policy network fits every scenario that stays within them.
Changing any of them changes the spaces: bump the env id version (`Skirmish-v0` -> `-v1`).

A scenario over a maximum is refused by `check_scenario` with a message that names the
limit, the scenario's count and what to do.
"""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.state import Scenario
from yz_gym.scenario import ScenarioError

MAX_COMBATANTS: Final = 16  # everyone in the fight, all sides together
MAX_ALLIES: Final = 7  # others on the acting combatant's side (a side has at most 8 members)
MAX_ENEMIES: Final = 12  # combatants of every other side together, seen from any combatant
MAX_SIDES: Final = 4
MAX_ZONES: Final = 12
MAX_COVERS: Final = 4  # cover pieces in one zone
MAX_WEAPONS: Final = 4  # weapons carried by one combatant (more, e.g. picked up by disarming, are not shown)
MAX_ITEMS: Final = 4  # USE_ITEM option slots
MAX_CARDS: Final = 16  # initiative cards a surprise attacker may choose among (1..MAX_CARDS)
MAX_AMMO_DICE: Final = 6  # SHOOT options 1..MAX_AMMO_DICE (full auto, AUTO-03 ammo dice)
MAX_SKILL: Final = 5  # skill levels are scaled by this (DICE-04)
MAX_ATTRIBUTE: Final = 6  # attributes are scaled by this and clipped (creatures may go higher)
MAX_RATING: Final = 12  # armor and cover ratings are scaled by this
MAX_VEHICLES: Final = 4  # vehicles in one zone fight (ENTER_VEHICLE, RAM, SHOOT_VEHICLE options; observation slots)

# Target slots seen from the acting combatant: itself, then its allies, then its enemies.
SELF_SLOT: Final = 0
ALLY_SLOT0: Final = 1
ENEMY_SLOT0: Final = 1 + MAX_ALLIES
N_SLOTS: Final = 1 + MAX_ALLIES + MAX_ENEMIES


class ScenarioTooLarge(ScenarioError):
    """A scenario with more combatants, zones, covers or weapons than the env encodings hold."""


def check_scenario(scenario: Scenario) -> None:
    """Refuse a scenario that does not fit the declared maxima, naming the limit it breaks."""
    name = scenario.setup.name
    combatants = scenario.combatants
    zones = scenario.setup.zone_map.zones
    sides = scenario.setup.sides

    def fail(what: str, count: int, limit: int, limit_name: str, fix: str) -> ScenarioTooLarge:
        return ScenarioTooLarge(
            f"{name}: {count} {what}, but the RL environments hold at most {limit} "
            f"(yz_gym.envs.limits.{limit_name}); {fix}"
        )

    if len(combatants) > MAX_COMBATANTS:
        raise fail("combatants", len(combatants), MAX_COMBATANTS, "MAX_COMBATANTS", "use fewer combatants")
    if len(sides) > MAX_SIDES:
        raise fail("sides", len(sides), MAX_SIDES, "MAX_SIDES", "merge sides")
    if len(zones) > MAX_ZONES:
        raise fail("zones", len(zones), MAX_ZONES, "MAX_ZONES", "merge zones")
    for i, side in enumerate(sides):
        members = sum(1 for c in combatants if c.side == i)
        if members - 1 > MAX_ALLIES:
            raise fail(
                f"combatants on side '{side}'", members, MAX_ALLIES + 1, "MAX_ALLIES + 1", "split the side"
            )
        others = len(combatants) - members
        if members and others > MAX_ENEMIES:
            raise fail(
                f"enemies of side '{side}'", others, MAX_ENEMIES, "MAX_ENEMIES", "use fewer opponents"
            )
    for zone in zones:
        if len(zone.covers) > MAX_COVERS:
            raise fail(
                f"cover pieces in zone '{zone.name}'", len(zone.covers), MAX_COVERS, "MAX_COVERS",
                "drop some cover",
            )  # fmt: skip
    if len(scenario.vehicles) > MAX_VEHICLES:
        raise fail("vehicles", len(scenario.vehicles), MAX_VEHICLES, "MAX_VEHICLES", "use fewer vehicles")
    for v in scenario.vehicles:
        if len(v.weapons) > MAX_WEAPONS:
            raise fail(f"weapons on '{v.name}'", len(v.weapons), MAX_WEAPONS, "MAX_WEAPONS", "mount fewer weapons")
    for c in combatants:
        if len(c.weapons) > MAX_WEAPONS:
            raise fail(
                f"weapons carried by '{c.name}'", len(c.weapons), MAX_WEAPONS, "MAX_WEAPONS",
                "carry fewer weapons",
            )  # fmt: skip
        if len(c.items) > MAX_ITEMS:
            raise fail(f"items carried by '{c.name}'", len(c.items), MAX_ITEMS, "MAX_ITEMS", "carry fewer items")
