"""Rivers, lakes, boats and ice (TRAVEL-30..33, ENV-11): crossing a river at a ford or a bridge or
by swimming, travelling on the water by raft or boat with its capsizing risk, and thin ice.

A river is not a terrain (TRAVEL-30): a hex marked `~` has one running through it. Reading
(PROPOSED, `river_crossing`): a party on foot crosses when it enters a river hex from a hex
without one, unless the hex has a road (a bridge) or a ford, or the party has boats for all, or
the river is frozen. Everyone in the water follows the drowning rules (HAZ-DROWN-01..06): they
are counted round by round, and a swimmer still afloat pulls one in trouble out each round
(AMB-05's rescue), until all are out or dead."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np

from yz_gym.core.clock import TimeUnit
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards.cold import cold_roll
from yz_gym.rulesets.yze.hazards.drowning import (
    enter_water,
    go_under,
    in_water,
    leave_water,
    rescue,
    water_time,
)
from yz_gym.rulesets.yze.hazards.kinds import AFLOAT, UNDERWATER, find
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.travel.hexmap import HexMap
from yz_gym.rulesets.yze.travel.rations import travel_roll

BoatKind = Literal["raft", "rowboat", "motorboat"]
BOAT_KINDS: Final = ("raft", "rowboat", "motorboat")
SEATS: Final = {"raft": 4, "rowboat": 4, "motorboat": 8}  # a scenario's default seats (the SRD lists no boats)
WATER_DRIVING: Final = 2  # TRAVEL-19: the lake/river driving modifier, the boatman's roll
MAX_WATER_STRETCHES: Final = 4  # a swim or a fall through the ice ends by then: the rest reach the shore


@dataclass(frozen=True, slots=True)
class Boat:
    """A raft or boat of the party (TRAVEL-32/33) and the travellers it carries."""

    name: str
    kind: BoatKind
    seats: int


@dataclass(frozen=True, slots=True)
class Waters:
    """An expedition's waters: the party's boats, the fords of the map, whether its journey on the
    water runs downstream (TRAVEL-33), and whether its lakes and rivers are frozen over (ENV-11)."""

    boats: tuple[Boat, ...] = ()
    fords: frozenset[int] = frozenset()
    downstream: bool = False
    ice: bool = False

    def afloat(self, travellers: int) -> bool:
        """TRAVEL-32: the boats seat every living traveller."""
        return bool(self.boats) and sum(b.seats for b in self.boats) >= travellers


def is_water(hexmap: HexMap, hex_: int) -> bool:
    """A lake or a river hex: boats travel it (TRAVEL-19, TRAVEL-32)."""
    return hexmap.terrain[hex_] == "water" or hexmap.river[hex_]


def frozen(band: str, waters: Waters) -> bool:
    """ENV-11: lakes and rivers bear walkers in the cold bands; in the chilly band only where the
    scenario's waters are frozen over (thin ice)."""
    return band in ("cold", "extreme_cold") or (waters.ice and band == "chilly")


def thin_ice(band: str, waters: Waters, reading: str) -> bool:
    """ENV-11: frozen water in the chilly band is thin (`thin_ice: chilly_only`; `never`: safe)."""
    return waters.ice and band == "chilly" and reading == "chilly_only"


def must_cross(hexmap: HexMap, here: int, there: int, waters: Waters, band: str, travellers: int) -> bool:
    """TRAVEL-30: entering a river hex from one without a river, with no bridge (a road), no ford,
    no boats for all and no ice, the party swims across."""
    return (
        hexmap.river[there]
        and not hexmap.river[here]
        and not hexmap.road[there]
        and there not in waters.fords
        and not waters.afloat(travellers)
        and not frozen(band, waters)
    )


def boat_speed(waters: Waters, speeds: dict[str, int], downstream_bonus: int) -> int:
    """TRAVEL-33: hexes a shift on the water: the slowest boat's speed, + the downstream bonus."""
    slowest = min(speeds[b.kind] for b in waters.boats)
    return slowest + (downstream_bonus if waters.downstream else 0)


def boat_cost(stretches: int, speed: int) -> int:
    """TRAVEL-32, TRAVEL-13, TRAVEL-23: stretches a boat spends entering a lake or river hex (x1)."""
    return -(-stretches // max(1, speed))


def in_the_water(
    state: GameState,
    hazard_options: HazardOptions,
    swimmers: list[Combatant],
    rounds: int,
    rng: np.random.Generator,
    events: list[Event],
    trapped: Collection[int] = (),
) -> list[int]:
    """HAZ-DROWN-01..06, AMB-05: `swimmers` spend `rounds` rounds in the water (the `trapped` ids
    under it from the start, HAZ-DROWN-04), then the rounds it takes to get everyone out: each round
    a swimmer still afloat pulls one in trouble out (the rescue, a slow action); at the end those
    afloat reach the shore. The ids of those who drowned."""
    for c in swimmers:
        enter_water(state, hazard_options, c, events)
        if c.id in trapped and find(c.timed, AFLOAT) is not None:
            go_under(c, UNDERWATER, "trapped in the sinking vehicle", events)
    stretch = state.options.clock.rounds(TimeUnit.STRETCH)
    limit = rounds + MAX_WATER_STRETCHES * stretch
    for elapsed in range(limit):
        for c in swimmers:
            water_time(state, hazard_options, c, 1, rng, events)
        troubled = [c for c in swimmers if in_water(c) and find(c.timed, AFLOAT) is None and not c.dead]
        helpers = [c for c in swimmers if find(c.timed, AFLOAT) is not None and not c.dead]
        for helper, victim in zip(helpers, troubled):  # noqa: B905 (mypyc compiles only a plain zip into a loop)
            rescue(state, hazard_options, victim, events, helper.id)
        if elapsed + 1 >= rounds and not any(in_water(c) and find(c.timed, AFLOAT) is None for c in swimmers):
            break
    for c in swimmers:
        leave_water(c, events)
    return [c.id for c in swimmers if c.dead]


def swim_across(
    state: GameState,
    hazard_options: HazardOptions,
    swimmers: list[Combatant],
    swim_stretches: int,
    rng: np.random.Generator,
    events: list[Event],
) -> list[int]:
    """TRAVEL-31 (PROPOSED): swimming across takes `river_swim_stretches` stretches, each swimmer
    rolls to stay afloat at the end of each (HAZ-DROWN-02), metal armor sinks at once (-03). The
    ids of those who drowned; the rest are soaked (WEATHER-16, the caller's)."""
    events.append(Event("river_crossing", -1, -1, {"how": "swim", "swimmers": len(swimmers)}))
    rounds = swim_stretches * state.options.clock.rounds(TimeUnit.STRETCH)
    return in_the_water(state, hazard_options, swimmers, rounds, rng, events)


def boat_roll(
    state: GameState,
    boatman: Combatant,
    weather_mod: int,
    rng: np.random.Generator,
    events: list[Event],
) -> bool:
    """TRAVEL-32, DRIVE-03: at the start of a shift on the water the boatman rolls as a driver does
    (Mobility), +2 on a lake or river (TRAVEL-19), -2 in heavy rain. True: no mishap."""
    roll = travel_roll(state, boatman, "Mobility", "steer the boat", rng, events, WATER_DRIVING + weather_mod)
    return roll.successes > 0


def mishap_capsizes(die: int, capsize_on: int, events: list[Event]) -> bool:
    """`capsize_on` (PROPOSED): a boat's mishap capsizes it on a D6 of `capsize_on` or less; otherwise
    it runs aground or snags (the shift's movement is halved all the same)."""
    if die <= capsize_on:
        return True
    events.append(Event("no_progress", -1, -1, {"reason": "the boat runs aground"}))
    return False


def capsize(
    state: GameState,
    hazard_options: HazardOptions,
    aboard: list[Combatant],
    rng: np.random.Generator,
    events: list[Event],
) -> list[int]:
    """`boat_mishap: capsize` (PROPOSED; the SRD has no boat mishaps): the boat overturns, everyone
    aboard is in the water for a stretch (HAZ-DROWN-02..06) before the boat is righted or the shore
    reached. The ids of those who drowned; the rest are soaked."""
    events.append(Event("capsized", -1, -1, {"aboard": len(aboard)}))
    return in_the_water(state, hazard_options, aboard, state.options.clock.rounds(TimeUnit.STRETCH), rng, events)


def ice_holds(
    state: GameState, navigator: Combatant, rng: np.random.Generator, events: list[Event]
) -> bool:
    """ENV-11: on thin ice the navigator rolls Survival once for each frozen hex; True: it holds."""
    return travel_roll(state, navigator, "Survival", "test the ice", rng, events).successes > 0


def through_the_ice(
    state: GameState,
    hazard_options: HazardOptions,
    victim: Combatant,
    helper: Combatant | None,
    blankets: int,
    cold_mod: int,
    rng: np.random.Generator,
    events: list[Event],
) -> str:
    """ENV-11: `victim` breaks through into the water (HAZ-DROWN-02..06); each round one Force roll,
    by the victim while afloat or by `helper` at Engaged (a slow action each, one try a round), pulls
    them out. Out, soaked, they make a cold roll at `cold_mod` (-2) at once. What killed them:
    "drowning", "cold", or "" if they lived."""
    events.append(Event("through_the_ice", -1, victim.id))
    enter_water(state, hazard_options, victim, events)
    limit = MAX_WATER_STRETCHES * state.options.clock.rounds(TimeUnit.STRETCH)
    for _ in range(limit):
        if victim.dead or not in_water(victim):
            break
        afloat = find(victim.timed, AFLOAT) is not None
        puller = victim if afloat or helper is None or helper.out else helper
        if travel_roll(state, puller, "Force", "out of the ice", rng, events).successes > 0:
            rescue(state, hazard_options, victim, events, puller.id if puller is not victim else -1)
            break
        water_time(state, hazard_options, victim, 1, rng, events)
    if in_water(victim):
        leave_water(victim, events)
    if victim.dead:
        return "drowning"
    cold_roll(state, hazard_options, victim, blankets, rng, events, cold_mod)
    return "cold" if victim.dead else ""


def vehicle_through_ice(
    state: GameState,
    hazard_options: HazardOptions,
    occupants: list[Combatant],
    blanketed: Collection[int],
    cold_mod: int,
    rng: np.random.Generator,
    events: list[Event],
) -> dict[int, str]:
    """ENV-11: a vehicle breaks through and sinks (the caller loses it); each occupant rolls Mobility
    to get out, and one who fails (or cannot act) is under water (HAZ-DROWN-04); all are in the icy
    water until out (`in_the_water`), then the living make a cold roll at `cold_mod` at once.
    What killed whom: occupant id -> "drowning" or "cold"."""
    events.append(Event("vehicle_through_ice", -1, -1, {"occupants": len(occupants)}))
    trapped = [c.id for c in occupants
               if c.out or travel_roll(state, c, "Mobility", "out of the sinking vehicle", rng, events).successes == 0]  # fmt: skip
    drowned = in_the_water(state, hazard_options, occupants, 1, rng, events, trapped)
    causes = {i: "drowning" for i in drowned}
    for c in occupants:
        if not c.dead:
            cold_roll(state, hazard_options, c, 1 if c.id in blanketed else 0, rng, events, cold_mod)
            if c.dead:
                causes[c.id] = "cold"
    return causes


def pick_victim(people: list[Combatant], rng: np.random.Generator) -> Combatant:
    """ENV-11: a random traveller (by a die of as many sides as travellers)."""
    return people[int(rng.integers(len(people)))] if len(people) > 1 else people[0]


__all__ = ["BOAT_KINDS", "SEATS", "Boat", "Waters"]
