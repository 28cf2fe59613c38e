"""The zone fight that follows a chase: a chase file's `handover:` block (docs/chase_scenarios.md).

A chase ends in combat when a participant at Engaged switches to normal combat (CHASE-END-04,
the FIGHT action), when `chase_rules.chase_after_catch: fight` turns a catch into a fight, or
when a hidden prey springs an ambush (CHASE-HIDE-04); `ChaseState.handover` records which. If
the chase file declares a `handover:` map, `fight_scenario(state)` turns the ended chase into a
zone-fight `Scenario` that `engine.new_game` and `yz_gym/Skirmish-v0` accept.

Readings (documented in docs/chase_scenarios.md):

- Who fights: the participants still in the chase when it turned into combat (status "combat"),
  everyone of their crews included, with their current attributes, Health and Resolve, stress,
  conditions, critical injuries and their timers, fire, weapons (gear bonus, load) and armor.
  Those who escaped, gave up, or were left behind out of the chase (a wreck, a Broken runner)
  are not in the fight; a side with no one left in it is not one of the fight's sides.
- Vehicles keep their damage, armor, component damage (tires, windshield, engine, weapons),
  fire and altitude (capped at the zone fight's MAX_ALTITUDE); the occupants keep their seats,
  the driver the wheel, exposed occupants their exposed seats (`exposed_seats` = how many were
  exposed), gunners their mounted weapons. Targeting systems and auto-targeting (CHASE-VSHOOT-03/04)
  have no zone-fight counterpart: such a weapon is a plain mounted weapon.
- Where: the *anchor* is the participant who turned to fight (the catcher after a catch), or
  the ambushed pursuer after an ambush; it stands in `handover.zone`. Every other participant is
  placed by its range band from the anchor on the chase's strip (CHASE-18), as AMB-23 reads
  hops: Engaged and Short in the anchor's zone, Medium 1 zone away, Long 2, Extreme 5 (or the
  farthest the map allows). Among the zones that far, the first in the map's order where the
  participant can be (a ground vehicle, or an aircraft at altitude 0, only where vehicles go);
  if there is none, the nearest closer one. Runners of two sides at Engaged with each other
  start engaged (RANGE-ENGAGED); vehicle crews are never engaged. Ranges between two
  participants other than the anchor are therefore only approximate.
- An ambush (CHASE-HIDE-04) is a sneak attack (SNEAK-01..03) by the hidden prey's pilot on the
  ambushed pilot, from the anchor's zone: to Engaged (-2) when both are on foot.
- The fight: the chase file's `rules`, `weapons` and `vehicle_rules` (initiative as with an
  extended deck, as in the chase), initiative drawn anew (CHASE-END-04), the handover's
  `round_cap`; a side wins when the others are out of the fight.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from yz_gym.rulesets.yze.chase.state import ENGAGED, EXTREME, LONG, MEDIUM, SHORT, ChaseState, Phase
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import Combatant, Scenario
from yz_gym.rulesets.yze.vehicles.movement import MAX_ALTITUDE
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
from yz_gym.rulesets.yze.zone.zones import ZoneMap
from yz_gym.scenario import ScenarioError

if TYPE_CHECKING:
    from yz_gym.rulesets.yze.scenario.chase_models import HandoverSpec

HOPS = {ENGAGED: 0, SHORT: 0, MEDIUM: 1, LONG: 2, EXTREME: 5}  # CHASE-18 band -> zones (AMB-23)
_VEHICLE_CONDITION = (
    "damage", "armor", "maneuver_mod", "driving_mod", "engine_disabled", "engine_running",
    "destroyed", "crashed", "burning", "repair_shift", "wreck_seen",
)  # fmt: skip  # what a vehicle brings from the chase into the fight (VEH-DMG-*, VEH-CRIT-*)


@dataclass(frozen=True, slots=True)
class FightPlan:
    """What a chase keeps for the fight after it (ChaseScenario.handover): the zone-scenario keys
    of the fight, the anchor zone, the map, and each chase combatant's attributes as written."""

    name: str
    zone: int  # the anchor's zone (index in `zone_map`)
    zone_map: ZoneMap
    base: dict[str, Any]  # sides, rules, weapons, vehicle_rules, map, victory of the fight
    attributes: tuple[dict[str, Any], ...]  # by chase combatant id (the loader's check of them)
    origin: str


def plan_fight(
    spec: HandoverSpec, data: dict[str, Any], base: Scenario, vehicles: list[VehicleState], origin: str
) -> FightPlan:
    """Check a chase file's `handover:` block and keep what the fight needs; one-line errors."""
    zones = [z.name for z in spec.map.zones]
    if spec.zone not in zones:
        raise ScenarioError(
            f"{origin}: handover.zone: no zone named '{spec.zone}' in handover.map; zones: {', '.join(zones)}"
        )
    anchor = spec.map.zones[zones.index(spec.zone)]
    if vehicles and (not anchor.vehicles or "cramped" in anchor.features):
        why = "cramped" if "cramped" in anchor.features else "marked vehicles: false"
        raise ScenarioError(
            f"{origin}: handover.zone: '{spec.zone}' is {why}, but the chase has vehicles, which may "
            "stand where the fight begins; pick a zone vehicles can enter"
        )
    rules = {**data.get("rules", {}), "initiative_overflow": "extend_deck"}  # as in the chase
    fight = {  # a copy: the caller's dict may change later, the plan must not
        "name": f"{data['name']}: the fight",
        "description": f"The fight after the chase: {data['name']}.",
        "sides": list(data["sides"]),
        "rules": rules,
        "weapons": data.get("weapons", {}),
        "vehicle_rules": data.get("vehicle_rules", {}),
        "map": data["handover"]["map"],
        "victory": {"round_cap": spec.round_cap},
    }
    fight = copy.deepcopy(fight)
    origins = [i for i, person in enumerate(data["combatants"]) for _ in range(person.get("count", 1))]
    attributes = tuple(
        copy.deepcopy(data["combatants"][origins[c.id]]["attributes"]) for c in base.combatants
    )
    everyone = [_person(base, c, spec.zone, attributes) for c in base.combatants]
    probe = {**fight, "combatants": everyone}
    if vehicles:
        probe["vehicles"] = [_vehicle(base, v, spec.zone, v.altitude) for v in vehicles]
    try:
        built = build(probe, origin)  # the map, its covers and borders, checked as in zone scenarios
    except ScenarioError as err:
        raise ScenarioError(_under_handover(str(err), origin)) from None
    zone = zones.index(spec.zone)
    return FightPlan(fight["name"], zone, built.setup.zone_map, fight, attributes, origin)


def _under_handover(message: str, origin: str) -> str:
    """A loader message about the probe fight, with its field path under `handover.`."""
    rest = message.removeprefix(f"{origin}: ")
    if rest.startswith("map"):
        return f"{origin}: handover.{rest}"
    return f"{origin}: handover: {rest}"


def _person(
    scenario: Scenario, c: Combatant, zone: str, attributes: tuple[dict[str, Any], ...]
) -> dict[str, Any]:
    """A zone-scenario entry for a chase combatant (its state is copied in after the build)."""
    entry: dict[str, Any] = {
        "name": c.name,
        "side": scenario.setup.sides[c.side],
        "pc": c.pc,
        "creature": c.creature,
        "attributes": attributes[c.id],
        "zone": zone,
    }
    if c.group and not c.pc:
        entry["group"] = c.group
    return entry


def _vehicle(scenario: Scenario, v: VehicleState, zone: str, altitude: int) -> dict[str, Any]:
    """A zone-scenario vehicle entry: seats, driver, exposed seats and gunners as in the chase."""
    names = [c.name for c in scenario.combatants]
    crew = sorted(v.occupants, key=lambda o: o != v.driver)
    return {
        "name": v.name,
        "type": v.kind,
        "zone": zone,
        "side": scenario.setup.sides[v.side],
        "altitude": min(altitude, MAX_ALTITUDE) if v.air else 0,
        "exposed_seats": sum(1 for o in v.occupants if o in v.exposed),
        "crew": [
            {"name": names[o], "seat": "driver" if o == v.driver else "passenger", "exposed": o in v.exposed}
            for o in crew
        ],
        "weapons": [
            {"weapon": w.weapon, "gunner": names[w.gunner] if w.gunner in v.occupants else None}
            for w in v.weapons
        ],
    }


# --- the fight after a chase ----------------------------------------------------------------------


def fight_scenario(state: ChaseState) -> Scenario | None:
    """The zone fight that follows `state`, a chase that ended in combat (`state.handover`) and
    whose file declares a `handover:` map; None otherwise. See the module docstring."""
    plan = state.scenario.handover
    if not isinstance(plan, FightPlan) or state.handover is None or state.phase != Phase.OVER:
        return None
    units = [u for u, unit in enumerate(state.units) if unit.status == "combat" and _present(state, u)]
    if not units:
        return None
    anchor = _anchor(state, units)
    zones = _placements(state, plan, units, anchor)
    world = state.world
    sides = world.setup.sides
    present = {state.units[u].side for u in units}
    if len(present) < 2:
        return None
    people: list[int] = [c for u in units for c in state.crew(u)]
    people.sort()
    entries = {c: _person(state.scenario.base, world.combatants[c], "", plan.attributes) for c in people}
    for u in units:
        for c in state.crew(u):
            entries[c]["zone"] = plan.zone_map.zones[zones[u]].name
    for c, entry in entries.items():
        partners = _engaged(state, units, zones, c)
        if partners:
            entry["engaged_with"] = [world.combatants[o].name for o in partners]
    if state.handover.get("kind") == "ambush":
        attacker, target = state.handover["attacker"], state.handover["target"]
        if attacker in entries and target in entries:  # SNEAK-01: to Engaged only on foot
            on_foot = all(state.units[state.unit_of(c)].vehicle < 0 for c in (attacker, target))
            entries[attacker]["sneak"] = {"target": world.combatants[target].name, "to_engaged": on_foot}
    data = {
        **plan.base,
        "sides": [side for i, side in enumerate(sides) if i in present],
        "combatants": [entries[c] for c in people],
    }
    vehicles = [(u, state.vehicles[state.units[u].vehicle]) for u in units if state.units[u].vehicle >= 0]
    if vehicles:
        data["vehicles"] = [
            _vehicle(state.scenario.base, v, plan.zone_map.zones[zones[u]].name, v.altitude)
            for u, v in vehicles
        ]
    built = build(data, f"{plan.origin} (handover)")
    combatants = tuple(
        _carried(world.combatants[c], fresh) for c, fresh in zip(people, built.combatants, strict=True)
    )
    carried = tuple(_vehicle_state(v, fresh) for (_, v), fresh in zip(vehicles, built.vehicles, strict=True))
    return replace(built, combatants=combatants, vehicles=carried)


def _present(state: ChaseState, u: int) -> bool:
    """Still able to fight as a participant: a runner in the fight, a vehicle not wrecked with
    someone aboard in the fight (CHASE-END-03)."""
    unit = state.units[u]
    people = state.world.combatants
    if unit.vehicle < 0:
        return not people[unit.pilot].out
    v = state.vehicles[unit.vehicle]
    return not v.wrecked and any(not people[o].out for o in v.occupants)


def _anchor(state: ChaseState, units: list[int]) -> int:
    """The participant who turned to fight (or caught), or the ambushed one."""
    handover = state.handover or {}
    who = handover.get("target") if handover.get("kind") == "ambush" else handover.get("by")
    u = state.unit_of(who) if isinstance(who, int) else -1
    return u if u in units else units[0]


def _placements(state: ChaseState, plan: FightPlan, units: list[int], anchor: int) -> dict[int, int]:
    """Each participant's zone from its band to the anchor (HOPS), where it can stand."""
    handover = state.handover or {}
    ambusher = state.unit_of(handover["attacker"]) if handover.get("kind") == "ambush" else -1
    out: dict[int, int] = {}
    for u in units:
        band = 0 if u in (anchor, ambusher) else min(EXTREME, state.range(anchor, u))
        out[u] = _zone_for(state, plan, u, HOPS[band])
    return out


def _zone_for(state: ChaseState, plan: FightPlan, u: int, hops: int) -> int:
    """The first zone `hops` zones from the anchor's (or the nearest closer) the unit can be in."""
    unit = state.units[u]
    grounded = unit.vehicle >= 0 and state.vehicles[unit.vehicle].altitude == 0
    zone_map = plan.zone_map
    distance = zone_map.hops[plan.zone]
    for want in range(hops, -1, -1):
        for z, zone in enumerate(zone_map.zones):
            if distance[z] == want and (not grounded or (zone.vehicles and not zone.cramped)):
                return z
    return plan.zone


def _engaged(state: ChaseState, units: list[int], zones: dict[int, int], c: int) -> list[int]:
    """RANGE-ENGAGED: runners of other sides at Engaged with runner `c` on the strip, same zone."""
    u = state.unit_of(c)
    if state.units[u].vehicle >= 0:
        return []
    return [
        state.units[w].pilot
        for w in units
        if state.units[w].vehicle < 0
        and state.units[w].side != state.units[u].side
        and state.range(u, w) == ENGAGED
        and zones[w] == zones[u]
        and state.units[w].pilot > c  # each pair once
    ]


def _carried(src: Combatant, fresh: Combatant) -> Combatant:
    """The chase combatant as it is now, in its fight seat and zone, with a fresh round."""
    c = src.copy()
    c.id, c.zone, c.engaged, c.group = fresh.id, fresh.zone, set(fresh.engaged), fresh.group
    c.vehicle = fresh.vehicle
    c.prone, c.hidden, c.cover, c.peek, c.aiming, c.overwatch = False, False, -1, -1, 0, -1
    c.actions_used, c.slow_used, c.acted, c.swapped, c.prone_drops = 0, False, False, False, 0
    c.grappling = c.grappled_by = -1
    c.last_turn = (0, 0)
    return c


def _vehicle_state(src: VehicleState, fresh: VehicleState) -> VehicleState:
    """The built vehicle (crew, seats, zone) with the chase vehicle's damage and components."""
    v = fresh.copy()
    for name in _VEHICLE_CONDITION:
        setattr(v, name, getattr(src, name))
    for mounted, old in zip(v.weapons, src.weapons, strict=True):
        mounted.disabled = old.disabled
    return v


__all__ = ["HOPS", "FightPlan", "fight_scenario", "plan_fight"]
