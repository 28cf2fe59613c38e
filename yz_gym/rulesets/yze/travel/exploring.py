"""Exploring a site on the way (TASK-EXPLORE, TRAVEL-34): a site of the scenario (a ruin, a cave, a
wreck) is explored when the party enters its hex. Exploring pauses the journey: its stretches come
off the movement of the shifts on the move, this one and the next ones, until the site is done
(TIME-04: exploration is played in stretches); then the party takes what it found. A traveller who
explores for more than half a shift cannot rest or sleep in that shift (a passenger resting in a
vehicle, for one)."""

from __future__ import annotations

from dataclasses import dataclass

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.travel.tasks import Stores


@dataclass(frozen=True, slots=True)
class Site:
    """A place to explore: its hex, the stretches exploring it takes, and what it holds."""

    name: str
    hex: int
    stretches: int
    food: int = 0
    water: int = 0
    fuel: int = 0


def explore(sites: tuple[Site, ...], hex_: int, explored: list[int], events: list[Event]) -> list[int]:
    """TRAVEL-34: on entering `hex_`, its sites not yet explored (each once; `explored` records
    them): their indices, the exploring begun."""
    begun = [k for k, site in enumerate(sites) if site.hex == hex_ and k not in explored]
    for k in begun:
        explored.append(k)
        events.append(Event("explore", -1, -1, {"site": sites[k].name, "stretches": sites[k].stretches}))
    return begun


def spend(budget: int, left: int) -> int:
    """TRAVEL-34: the stretches of this shift's movement the exploring still under way takes."""
    return min(budget, left)


def found(sites: tuple[Site, ...], done: list[int], stores: Stores, events: list[Event]) -> None:
    """The exploring is done: the party takes what the sites `done` held."""
    for k in done:
        site = sites[k]
        stores.food += site.food
        stores.water += site.water
        stores.fuel += site.fuel
        events.append(Event("site_explored", -1, -1, {"site": site.name, "food": site.food, "water": site.water,
                                                      "fuel": site.fuel}))  # fmt: skip


def no_rest(explored_stretches: int, stretches_per_shift: int) -> bool:
    """TRAVEL-34: more than half a shift of exploring leaves no rest or sleep in that shift."""
    return explored_stretches * 2 > stretches_per_shift


__all__ = ["Site", "explore", "found", "no_rest", "spend"]
