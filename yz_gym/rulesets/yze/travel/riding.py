"""Mounts on the journey (RIDE-01..06, TASK-RIDE): who rides, a mount's speed, the Mobility roll of
a third riding shift (with the mount's Agility, MOUNT-06), lameness and its day of rest, and what
the animals carry (RIDE-03): the party's counted stores must fit its pack, or are left behind."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.mounts.mount import Mount
from yz_gym.rulesets.yze.mounts.riding import riding_pool
from yz_gym.rulesets.yze.rolls import roll_data
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.travel.hexmap import HexMap
from yz_gym.rulesets.yze.travel.tasks import Needs, Stores

FREE_RIDES: Final = 2  # RIDE-01: two riding shifts a day need no roll
QUARTERS: Final = 4  # loads in quarter items: a food ration weighs 1/4 of an item (RATION-02)
WATER_QUARTERS: Final = 2  # RATION-04 (PROPOSED): a water ration weighs 1/2
PERSON_CARRY: Final = 2  # GEAR-07: a traveller carries 2 x Strength items


def can_ride(c: Combatant, needs: Needs) -> bool:
    """A living traveller on a living mount that is not lame (RIDE-01, RIDE-05)."""
    return not c.dead and c.mount is not None and not c.mount.dead and needs.lame < 0


def ride_cost(hexmap: HexMap, hex_: int, stretches: int, open_speed: int, other_speed: int) -> int:
    """RIDE-04 (PROPOSED): stretches a mounted group spends entering a hex: a shift over 3 hexes on
    roads and open ground, over 1 in other off-road terrain (as marching, no water)."""
    if hexmap.terrain[hex_] == "water" and not hexmap.road[hex_]:
        return -1
    speed = open_speed if hexmap.road[hex_] or hexmap.terrain[hex_] == "open" else other_speed
    return -(-stretches // max(1, speed))


def third_ride(
    state: GameState, c: Combatant, needs: Needs, nth: int, rng: np.random.Generator, events: list[Event]
) -> bool:
    """RIDE-01: a mount is ridden two shifts a day; a third needs the rider's Mobility roll with the
    mount's Agility (MOUNT-06), and a failure lames it (out of action). True: it can go on."""
    if nth <= FREE_RIDES:
        return True
    roll = dice.roll(riding_pool(state, c), rng)
    events.append(
        Event("roll", c.id, -1, {"skill": "Mobility", "purpose": "third riding shift", **roll_data(roll)})
    )
    if roll.successes > 0:
        return True
    needs.lame = 0
    assert c.mount is not None
    events.append(Event("mount_lame", -1, c.id, {"mount": c.mount.name}))
    return False


def rest_mount(needs: Needs, rode: bool, days: int) -> bool:
    """RIDE-05 (PROPOSED): a lame mount is well again after `days` full days neither ridden nor
    loaded; called each morning for the day just ended. True when it recovers now."""
    if needs.lame < 0:
        return False
    needs.lame = needs.lame + 1 if not rode else 0
    if needs.lame >= days:
        needs.lame = -1
        return True
    return False


def pack_limit(mount: Mount, led: bool, lame: bool) -> int:
    """RIDE-03: the items an animal carries: its own carry limit (MOUNT-01), twice that when led on
    foot; a lame one carries nothing (RIDE-05: neither ridden nor loaded), a dead one nothing."""
    if mount.dead or lame:
        return 0
    return mount.carry * (2 if led else 1)


def stores_load(stores: Stores) -> int:
    """RATION-02/04: the counted stores' weight in quarter items: a food ration of any kind 1/4, a water
    ration 1/2."""
    return stores.edible + WATER_QUARTERS * stores.water


def shed_load(stores: Stores, capacity: int, events: list[Event]) -> None:
    """RIDE-03: stores beyond `capacity` quarter items are left behind: the riskiest food first
    (risky, then raw, then safe), then water."""
    over = stores_load(stores) - capacity
    if over <= 0:
        return
    start = stores.edible
    take = min(over, stores.risky_meat)
    stores.risky_meat -= take
    over -= take
    take = min(over, stores.risky_plants)
    stores.risky_plants -= take
    over -= take
    take = min(over, stores.raw_meat)
    stores.raw_meat -= take
    over -= take
    take = min(over, stores.raw_plants)
    stores.raw_plants -= take
    over -= take
    take = min(over, stores.food)
    stores.food -= take
    over -= take
    water = min(stores.water, -(-max(0, over) // WATER_QUARTERS))
    stores.water -= water
    events.append(Event("left_behind", -1, -1, {"food": start - stores.edible, "water": water}))
