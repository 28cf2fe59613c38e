"""The expedition: a party crossing a hex map day by day (section 5 of the rules digest). Its
scenario, its state, and the game protocol's verbs (core/protocol.py): each day the party's plan
(tasks.DayPlan) is the one decision; `apply` plays the day's four shifts (shifts.py) and stops at
the next morning, on arrival, when the party is lost, or at the time limit.

The party's people are zone-fight combatants (state.Combatant) in a GameState of their own, so the
hazards, recovery and fights use them as they are."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.core.errors import IllegalAction
from yz_gym.core.events import Event
from yz_gym.core.game import Outcome
from yz_gym.core.rng import as_rng
from yz_gym.rulesets.yze.hazards.options import ColdBand, HazardOptions
from yz_gym.rulesets.yze.state import Combatant, GameState, Scenario
from yz_gym.rulesets.yze.travel.driving import Wheels, seats
from yz_gym.rulesets.yze.travel.exploring import Site
from yz_gym.rulesets.yze.travel.fights import FightSpec
from yz_gym.rulesets.yze.travel.hexmap import HexMap
from yz_gym.rulesets.yze.travel.options import TravelOptions
from yz_gym.rulesets.yze.travel.rivers import Waters
from yz_gym.rulesets.yze.travel.tasks import PROVISIONS, DayPlan, Needs, Stores
from yz_gym.rulesets.yze.travel.vials import Vial
from yz_gym.rulesets.yze.travel.weather import weather_word


@dataclass(frozen=True, slots=True)
class ExpeditionScenario:
    """A journey: the party (a zone-fight scenario whose `party` side travels), its stores, gear and
    vehicles, the map with start and goal, season and weather, the encounters, and the rules."""

    name: str
    description: str
    party: Scenario  # the party's own zone-fight scenario; `members` index its combatants
    members: tuple[int, ...]
    side: str
    hexmap: HexMap
    start: int
    goal: int
    season: str
    band: ColdBand  # WEATHER-15
    weather: int  # WEATHER-09
    stores: Stores
    vehicles: tuple[Wheels, ...]
    winter_clothing: frozenset[str]  # names of those dressed for the cold (WEATHER-16)
    blankets: frozenset[str]  # names of those with a blanket or sleeping bag (HAZ-COLD-03)
    snare: bool  # HUNT-08
    fishing_gear: bool  # FISH-01
    table: tuple[FightSpec, ...]  # ENCOUNTER-04: drawn on a check (ENCOUNTER-02)
    weights: tuple[int, ...]
    placed: tuple[tuple[int, FightSpec], ...]  # (hex, fight): met on entering the hex, once
    savage_animal: FightSpec | None  # CAMP-MISHAP-8 (G-22): the scenario's animal, if any
    max_days: int
    fight_agent: str
    travel: TravelOptions = field(default_factory=TravelOptions)
    hazards: HazardOptions = field(default_factory=HazardOptions)
    agents: tuple[str, ...] = ()  # the planner of the party, "" = the default
    waters: Waters = field(default_factory=Waters)  # boats, fords, ice (rivers.py)
    storms: tuple[tuple[int, int], ...] = ()  # WEATHER-17: (day, shift) of each storm the scenario sends
    heat: str = "none"  # ENV-07: "hot" (a heat wave), "extreme_heat" (desert) or "none"
    vials: tuple[Vial, ...] = ()  # poisons carried to coat weapons (vials.py)
    sites: tuple[Site, ...] = ()  # TASK-EXPLORE: places explored on entering their hex (exploring.py)

    @property
    def people(self) -> tuple[Combatant, ...]:
        """The travellers, in party order."""
        return tuple(self.party.combatants[i] for i in self.members)


@dataclass(slots=True)
class Expedition:
    """A journey in progress. `clone()` gives an independent copy."""

    scenario: ExpeditionScenario
    party: GameState  # the travellers (ids 0..n-1) and the rules' options
    needs: list[Needs]
    stores: Stores
    vehicles: list[Wheels]
    hex: int
    heading: int = -1  # the hex being entered (TRAVEL-13: movement carries over)
    progress: int = 0  # stretches already spent toward `heading`
    day: int = 1
    shift: int = 0  # 0 morning .. 3 night (TIME-02)
    weather: int = 1
    fire: bool = False  # a campfire tonight (CAMP-04)
    mishap: int = 0  # a camp mishap waiting for the first sleep shift (CAMP-07)
    forage: dict[int, int] = field(default_factory=dict)  # (hex * 8 + task) -> tries this week/day
    met: list[int] = field(default_factory=list)  # placed encounters already met (their index)
    blocked: list[int] = field(default_factory=list)  # hexes a roadblock closed (DRIVE-MISHAP-8)
    causes: dict[int, str] = field(default_factory=dict)  # traveller -> what killed them
    fights: int = 0
    fight_rounds: int = 0  # rounds of fighting not yet taken off the shift's movement (TIME-09)
    decisions: int = 0
    termination: Termination = Termination.NONE
    end_reason: str = ""
    opening: tuple[Event, ...] = ()
    detailed: bool = False  # fight events carry their narrated log (`yz-gym log`)
    explored: list[int] = field(default_factory=list)  # sites entered (TRAVEL-34), their index
    exploring: list[int] = field(default_factory=list)  # sites still being explored
    explore_left: int = 0  # stretches of exploring still to come (the journey waits)
    explored_now: int = 0  # stretches explored in this shift (TRAVEL-34: over half, no rest)

    def clone(self) -> Expedition:
        """An independent copy sharing only the scenario."""
        return Expedition(
            self.scenario, self.party.clone(), [n.copy() for n in self.needs], self.stores.copy(),
            [v.copy() for v in self.vehicles], self.hex, self.heading, self.progress, self.day, self.shift,
            self.weather, self.fire, self.mishap, dict(self.forage), list(self.met), list(self.blocked),
            dict(self.causes), self.fights, self.fight_rounds, self.decisions, self.termination, self.end_reason, self.opening, self.detailed,
            list(self.explored), list(self.exploring), self.explore_left, self.explored_now,
        )  # fmt: skip

    @property
    def people(self) -> list[Combatant]:
        """The travellers, the dead too."""
        return self.party.combatants

    def able(self) -> list[int]:
        """Travellers who can act (alive and not Broken)."""
        return [c.id for c in self.party.combatants if not c.out]

    def mounted(self) -> bool:
        """RIDE-01/02: every living traveller rides a sound mount (not in the day's fourth shift on the
        move: a mount rests a shift a day), and the party is not in its vehicles."""
        from yz_gym.rulesets.yze.travel.riding import can_ride

        living = [i for i, c in enumerate(self.party.combatants) if not c.dead]
        return (
            bool(living)
            and self.shift < 3
            and not self.riding()
            and all(can_ride(self.party.combatants[i], self.needs[i]) for i in living)
        )

    def riding(self) -> bool:
        """TRAVEL-10: the party travels in its vehicles while they seat every living traveller."""
        living = sum(1 for c in self.party.combatants if not c.dead)
        going = [v for v in self.vehicles if not v.destroyed]
        return bool(going) and seats(going) >= living


def new_expedition(scenario: ExpeditionScenario, rng: np.random.Generator | int | None = None) -> Expedition:
    """The party at the start, before its first plan (WEATHER-05: the starting weather)."""
    as_rng(rng)  # the first day's dice are rolled by `apply`
    people = []
    for new_id, index in enumerate(scenario.members):
        c = scenario.party.combatants[index].copy()
        c.id, c.side, c.zone = new_id, 0, 0
        c.engaged, c.hidden = set(), False
        people.append(c)
    party = GameState(
        scenario.party.setup, people, scenario.party.doors, scenario.party.cover_ratings, {}, []
    )
    state = Expedition(scenario, party, [Needs() for _ in people], scenario.stores.copy(),
                       [v.copy() for v in scenario.vehicles], scenario.start, weather=scenario.weather)  # fmt: skip
    hexmap = scenario.hexmap
    col, row = hexmap.coords(scenario.start)
    state.opening = (Event("journey", -1, -1, {
        "name": scenario.name, "col": col, "row": row, "terrain": hexmap.terrain[scenario.start],
        "season": scenario.season, "band": scenario.band, "weather": weather_word(scenario.weather, scenario.band),
    }),)  # fmt: skip
    return state


def current_actor(state: Expedition) -> int:
    """The one who decides the day's plan: the first traveller still alive."""
    for c in state.party.combatants:
        if not c.dead:
            return c.id
    return 0


def is_over(state: Expedition) -> bool:
    """Arrived, lost, or out of time."""
    return state.termination != Termination.NONE


def legal_actions(state: Expedition) -> list[DayPlan]:
    """Every plan the party can make today: 0-4 shifts on the move (none if nobody can act), a
    provisioning task it can do here, camp or not, and a lookout (or none) who, when the party
    spots a hostile encounter first, backs off (WATCH-06) or lays an ambush (ENCOUNTER-05)."""
    if is_over(state):
        return []
    able = tuple(state.able())
    if not able:
        return [DayPlan(0, "none", True, -1)]
    provisions = tuple(p for p in PROVISIONS if provision_possible(state, p))
    return list(_plans(able, provisions))


_PLANS: Final[dict[tuple[tuple[int, ...], tuple[str, ...]], tuple[DayPlan, ...]]] = {}


def _plans(able: tuple[int, ...], provisions: tuple[str, ...]) -> tuple[DayPlan, ...]:
    """Every plan of `legal_actions` for these able travellers and provisioning tasks (built once)."""
    found = _PLANS.get((able, provisions))
    if found is not None:
        return found
    plans = []
    for moves in range(5):
        for provision in provisions if moves <= 2 else ("none",):
            for camp in (True, False) if moves <= 2 else (False,):
                plans.append(DayPlan(moves, provision, camp, -1))
                for lookout in able:
                    plans.append(DayPlan(moves, provision, camp, lookout, True))
                    plans.append(DayPlan(moves, provision, camp, lookout, False))
    made = _PLANS[(able, provisions)] = tuple(plans)
    return made


def provision_possible(state: Expedition, provision: str) -> bool:
    """Which provisioning tasks the party can do in its hex: hunting needs a ranged weapon or a
    snare (HUNT-07/08), fishing water and fishing gear (FISH-01), gathering fuel a vehicle (FUEL-05)."""
    from yz_gym.rulesets.yze.travel.rations import best_weapon

    if provision == "hunt":
        return state.scenario.snare or any(
            best_weapon(state.party, c) >= 0 for c in state.party.combatants if not c.out
        )
    if provision == "fish":
        return state.scenario.fishing_gear and state.scenario.hexmap.water_near(state.hex)
    if provision == "gather":
        return any(not v.destroyed for v in state.vehicles)
    return True


def apply(
    state: Expedition,
    action: DayPlan,
    rng: np.random.Generator | int | None = None,
    legal: list[DayPlan] | None = None,
) -> list[Event]:
    """Play one day by the plan (TRAVEL-36: shift by shift); IllegalAction for a plan not offered."""
    rng = as_rng(rng)
    if action not in (legal if legal is not None else legal_actions(state)):
        raise IllegalAction(f"{describe(state, action)} is not a plan the party can make now")
    from yz_gym.rulesets.yze.travel.shifts import play_day

    state.decisions += 1
    events = [Event("plan", current_actor(state), -1, {"day": state.day, "plan": describe(state, action)})]
    play_day(state, action, rng, events)
    if is_over(state):
        result = outcome(state)
        events.append(Event("journey_over", -1, -1, {"winner": result.winner if result else None,
                                                      "reason": state.end_reason}))  # fmt: skip
    return events


def outcome(state: Expedition) -> Outcome | None:
    """Arrived: the party wins; lost or out of time: no winner. Rounds: the days taken."""
    if not is_over(state):
        return None
    winner = state.scenario.side if state.termination == Termination.ARRIVED else None
    return Outcome(winner, state.end_reason, state.day, state.termination)


def describe(state: Expedition, action: DayPlan) -> str:
    """A plan in words."""
    return action.words([c.name for c in state.party.combatants])


def decision_kind(state: Expedition) -> str:
    """The only decision: the day's plan."""
    return "plan"


def people(state: Expedition) -> list[Combatant]:
    """The travellers."""
    return state.party.combatants


def narrate(state: Expedition, events: Iterable[Event]) -> list[str]:
    """The journey's events as log lines (journal.py)."""
    from yz_gym.rulesets.yze.travel.journal import journal_lines

    return journal_lines(state, events)
