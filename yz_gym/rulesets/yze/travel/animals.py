"""Mounts' food and water (RATION-05, PROPOSED; HEAL-20, MOUNT-14): a mount grazes in its daily rest
shift where the hex's forage modifier is -1 or better and it is not winter, else it eats
`animal_food_per_day` rations of fodder from the party's food; it drinks `animal_water_per_day`
water rations (none needed by a river or lake). An animal that goes without follows the hunger
rule (1 damage each full week without food, HAZ-HUNGER-04) and the thirst rule (`dehydration_damage`
each dry day after the first, ENV-06, none with `thirst` off) on its Strength, and dies at Strength 0, with no crit (MOUNT-14)."""

from __future__ import annotations

from typing import Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards.hunger import STARVING_DAMAGE
from yz_gym.rulesets.yze.hazards.options import DEFAULT_HAZARDS, HazardOptions
from yz_gym.rulesets.yze.mounts.mount import Mount
from yz_gym.rulesets.yze.travel.tasks import Needs, Stores

GRAZING_FORAGE: Final = -1  # RATION-05: the worst forage modifier where a mount still grazes
WEEK: Final = 7


def feed_mount(
    stores: Stores,
    needs: Needs,
    grazes: bool,
    food_per_day: int,
    water_per_day: int,
    free_water: bool,
) -> None:
    """RATION-05: the mount's meal of the day: grazing, or fodder from the party's safe food (all of
    it or none); water from the river, or from the party's water."""
    if not needs.mount_ate:
        if grazes:
            needs.mount_ate = True
        elif stores.food >= food_per_day:
            stores.food -= food_per_day
            needs.mount_ate = True
    if not needs.mount_drank:
        if free_water:
            needs.mount_drank = True
        elif stores.water >= water_per_day:
            stores.water -= water_per_day
            needs.mount_drank = True


def can_graze(forage: int, season: str, allowed: bool) -> bool:
    """RATION-05: the hex's forage modifier is -1 or better and it is not winter."""
    return allowed and forage >= GRAZING_FORAGE and season != "winter"


def mount_day(
    rider: int, mount: Mount, needs: Needs, events: list[Event], hazards: HazardOptions = DEFAULT_HAZARDS
) -> None:
    """RATION-05 for the day just ended (TIME-08): the days in a row the mount went without food and
    water, and their damage to its Strength; dead at 0 (MOUNT-14, no crit). Thirst follows the
    people's switches: none with `hazard_rules.thirst` off, `dehydration_damage` a dry day after the
    first (ENV-06)."""
    needs.mount_hungry = 0 if needs.mount_ate else needs.mount_hungry + 1
    needs.mount_dry = 0 if needs.mount_drank or not hazards.thirst else needs.mount_dry + 1
    needs.mount_ate = needs.mount_drank = False
    if mount.dead:
        return
    damage = (STARVING_DAMAGE if needs.mount_hungry > 0 and needs.mount_hungry % WEEK == 0 else 0) + (
        hazards.dehydration_damage if needs.mount_dry >= 2 else 0
    )
    if needs.mount_hungry or needs.mount_dry:
        events.append(Event("mount_went_without", -1, rider, {"mount": mount.name, "food": needs.mount_hungry > 0,
                                                             "water": needs.mount_dry > 0, "damage": damage}))  # fmt: skip
    if damage:
        mount.strength = max(0, mount.strength - damage)
        if mount.strength == 0:
            mount.dead = True
            events.append(Event("mount_died", -1, rider, {"mount": mount.name, "cause": "hunger or thirst"}))
