"""Build an expedition file (`mode: expedition`) into an ExpeditionScenario, checking every
cross-reference: the party's scenario and side, the map and its hexes, each encounter's fight with
the party put in place of one of its sides, and the three rule blocks. Each mistake is one line:
`origin: field: what is wrong; the fix`."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from yz_gym.core.switches import SwitchError
from yz_gym.rulesets.yze.combat.specialties import HEALER
from yz_gym.rulesets.yze.hazards.options import HAZARD_BLOCK
from yz_gym.rulesets.yze.hazards.setting import POTENCIES, Poison
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import Scenario
from yz_gym.rulesets.yze.travel.driving import FUEL, Wheels
from yz_gym.rulesets.yze.travel.expedition import ExpeditionScenario
from yz_gym.rulesets.yze.travel.exploring import Site
from yz_gym.rulesets.yze.travel.fights import FightSpec
from yz_gym.rulesets.yze.travel.hexmap import HexMap, parse_rows
from yz_gym.rulesets.yze.travel.options import TRAVEL_BLOCK, TravelOptions
from yz_gym.rulesets.yze.travel.rivers import SEATS, Boat, Waters
from yz_gym.rulesets.yze.travel.shifts import SHIFT_NAMES
from yz_gym.rulesets.yze.travel.tasks import Stores
from yz_gym.rulesets.yze.travel.vials import Vial
from yz_gym.rulesets.yze.travel.weather import HEAVY, STORM, WEATHER_NAMES, band_of
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.expedition_models import ExpeditionFile, FightRef, PartySpec
from yz_gym.scenario.files import SCENARIO_DIR, read_yaml, resolve_path
from yz_gym.scenario.validation import validated

DOC = "docs/expeditions.md"


def build_expedition(data: dict[str, Any], origin: str) -> ExpeditionScenario:
    """Validate a parsed expedition file and build it."""
    spec = validated(
        ExpeditionFile, data, origin, "an expedition must be a mapping with mode, name, party and map", DOC
    )
    travel = _block(TRAVEL_BLOCK, spec.travel_rules, origin)
    hazards = _block(HAZARD_BLOCK, spec.hazard_rules, origin)
    party_data = _skirmish(spec.party.scenario, origin, "party.scenario")
    party_sides = list(party_data.get("sides", []))
    if spec.party.side not in party_sides:
        raise ScenarioError(f"{origin}: party.side: no side '{spec.party.side}' in {spec.party.scenario}; "
                            f"sides: {', '.join(map(str, party_sides))}")  # fmt: skip
    members_data = [dict(c) for c in party_data["combatants"] if c.get("side") == spec.party.side]
    for k, member in enumerate(members_data):
        if member.get("count", 1) != 1:
            raise ScenarioError(f"{origin}: party.side: {member.get('name')} is a group of {member.get('count')}; "
                                "a party is single characters (give each its own entry)")  # fmt: skip
        members_data[k] = member
    party = _built(_with_rules(party_data, spec.rules), origin, "party.scenario")
    members = tuple(i for i, c in enumerate(party.combatants) if party.setup.sides[c.side] == spec.party.side)
    names = [party.combatants[i].name for i in members]
    healers = _who(spec.party.healers, names, origin, "party.healers")
    for i in members:  # HEAL-19: party.healers gives the named travellers the Healer specialty
        c = party.combatants[i]
        if c.name in healers and HEALER not in c.specialties:
            c.specialties = (*c.specialties, HEALER)
    hexmap = _map(spec, origin)
    start, goal = (
        _hex(hexmap, spec.map.start, origin, "map.start"),
        _hex(hexmap, spec.map.goal, origin, "map.goal"),
    )
    if start == goal:
        raise ScenarioError(f"{origin}: map.goal: the goal is the start hex; give another hex")
    band = band_of(spec.season, spec.temperature)
    if spec.heat != "none" and band != "warm":
        raise ScenarioError(f"{origin}: heat: a heat wave needs the warm band, not {band}; set season: summer or "
                            "temperature: warm, or heat: none")  # fmt: skip
    weather = WEATHER_NAMES.index(spec.weather or travel.weather_start)
    if weather == STORM and travel.storms == "never":
        weather = HEAVY  # WEATHER-17 `never`: the scenario's storm is heavy rain or snow
    table = tuple(_fight(ref, members_data, names, spec.rules, origin, f"encounters.table[{k}]")
                  for k, ref in enumerate(spec.encounters.table))  # fmt: skip
    placed = tuple(
        (_hex(hexmap, ref.at, origin, f"encounters.placed[{k}].at"),
         _fight(ref, members_data, names, spec.rules, origin, f"encounters.placed[{k}]"))
        for k, ref in enumerate(spec.encounters.placed)
    )  # fmt: skip
    animal = spec.encounters.savage_animal
    savage = None if animal is None else _fight(animal, members_data, names, spec.rules, origin,
                                                "encounters.savage_animal")  # fmt: skip
    for key in spec.agents:
        if key != spec.party.side:
            raise ScenarioError(
                f"{origin}: agents.{key}: the party's side is '{spec.party.side}'; name that side"
            )
    return ExpeditionScenario(
        name=spec.name, description=spec.description, party=party, members=members, side=spec.party.side,
        hexmap=hexmap, start=start, goal=goal, season=spec.season, band=band, weather=weather,
        stores=Stores(food=spec.party.food, water=spec.party.water, fuel=float(spec.party.fuel),
                      doses=[v.doses for v in spec.party.poisons]),
        vehicles=_vehicles(spec.party, origin), winter_clothing=_who(spec.party.winter_clothing, names, origin,
                                                                     "party.winter_clothing"),
        blankets=_who(spec.party.blankets, names, origin, "party.blankets"), snare=spec.party.snare,
        sites=tuple(Site(site.name, _hex(hexmap, site.at, origin, f"sites[{k}].at"), site.stretches, site.food,
                         site.water, site.fuel) for k, site in enumerate(spec.sites)),
        fishing_gear=spec.party.fishing_gear, table=table, weights=tuple(r.weight for r in spec.encounters.table),
        placed=placed, savage_animal=savage, max_days=spec.max_days, fight_agent=spec.fight_agent,
        travel=travel, hazards=hazards, agents=(spec.agents.get(spec.party.side, ""),),
        waters=_waters(spec, hexmap, origin), heat=spec.heat, vials=_vials(spec.party, party, members, origin), storms=tuple((s.day, SHIFT_NAMES.index(s.shift)) for s in spec.storms),
    )  # fmt: skip


def _block(block: Any, values: dict[str, object], origin: str) -> Any:
    """A rule block of the file, or one line naming the switch and the fix."""
    try:
        return block.parse(values, DOC)
    except SwitchError as err:
        raise ScenarioError(f"{origin}: {err.where}: {err.message}") from None


def _skirmish(name: str, origin: str, where: str) -> dict[str, Any]:
    """The parsed zone-fight file `name`, which must be a skirmish: a bundled name, or a .yaml path
    as given, beside the expedition file, or under the bundled folder (configs/scenarios/encounters)."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and not path.is_absolute() and not path.is_file():
        for folder in (Path(origin).parent, SCENARIO_DIR):
            if (folder / path).is_file():
                name = str(folder / path)
                break
    try:
        data = read_yaml(resolve_path(name))
    except ScenarioError as err:
        raise ScenarioError(f"{origin}: {where}: {err}") from None
    if data.get("mode", "skirmish") != "skirmish" or not isinstance(data.get("combatants"), list):
        raise ScenarioError(f"{origin}: {where}: {name} is not a zone fight (mode: skirmish); name one")
    return data


def _with_rules(data: dict[str, Any], rules: dict[str, object]) -> dict[str, Any]:
    """A copy of a zone-fight file with the expedition's `rules:` over its own."""
    merged = copy.deepcopy(data)
    merged["rules"] = {**dict(merged.get("rules") or {}), **rules}
    return merged


def _built(data: dict[str, Any], origin: str, where: str) -> Scenario:
    try:
        return build(data, f"{where} ({data.get('name')})")
    except ScenarioError as err:
        raise ScenarioError(f"{origin}: {err}") from None


def _map(spec: ExpeditionFile, origin: str) -> HexMap:
    try:
        return parse_rows(spec.map.rows)
    except ValueError as err:
        raise ScenarioError(f"{origin}: map.rows: {err}") from None


def _hex(hexmap: HexMap, at: tuple[int, int], origin: str, where: str) -> int:
    index = hexmap.index(at[0], at[1])
    if index < 0:
        raise ScenarioError(f"{origin}: {where}: ({at[0]}, {at[1]}) is off the map of {hexmap.width} x "
                            f"{hexmap.height} hexes; give a [column, row] inside it")  # fmt: skip
    return index


def _who(value: str | list[str], names: list[str], origin: str, where: str) -> frozenset[str]:
    if value == "all":
        return frozenset(names)
    if value == "none":
        return frozenset()
    for name in value:
        if name not in names:
            raise ScenarioError(
                f"{origin}: {where}: no traveller named '{name}'; travellers: {', '.join(names)}"
            )
    return frozenset(value)


def _waters(spec: ExpeditionFile, hexmap: HexMap, origin: str) -> Waters:
    """TRAVEL-30..33, ENV-11: the boats (seats by type unless given), the fords (river hexes), and
    the water's flow and ice."""
    w = spec.waters
    fords = []
    for k, at in enumerate(w.fords):
        hex_ = _hex(hexmap, at, origin, f"waters.fords[{k}]")
        if not hexmap.river[hex_]:
            raise ScenarioError(f"{origin}: waters.fords[{k}]: ({at[0]}, {at[1]}) has no river; mark the hex with ~ "
                                "or give a river hex")  # fmt: skip
        fords.append(hex_)
    boats = tuple(Boat(b.name, b.type, b.seats if b.seats is not None else SEATS[b.type]) for b in w.boats)
    return Waters(boats, frozenset(fords), w.downstream, w.ice)


def _vials(spec: PartySpec, party: Scenario, members: tuple[int, ...], origin: str) -> tuple[Vial, ...]:
    """The poisons the party carries (vials.py): each carrier a traveller carrying that weapon."""
    names = [party.combatants[i].name for i in members]
    found = []
    for k, v in enumerate(spec.poisons):
        where = f"party.poisons[{k}]"
        if v.carrier not in names:
            raise ScenarioError(f"{origin}: {where}.carrier: no traveller named '{v.carrier}'; travellers: "
                                f"{', '.join(names)}")  # fmt: skip
        carrier = names.index(v.carrier)
        carried = [w.name for w in party.combatants[members[carrier]].weapons]
        if v.weapon not in carried:
            raise ScenarioError(f"{origin}: {where}.weapon: {v.carrier} carries no '{v.weapon}'; name one of: "
                                f"{', '.join(carried) or 'none'}")  # fmt: skip
        if any(f.carrier == carrier for f in found):
            raise ScenarioError(f"{origin}: {where}.carrier: {v.carrier} already coats a weapon; one poison each")
        potency = POTENCIES[v.potency] if isinstance(v.potency, str) else v.potency
        found.append(Vial(Poison(v.name, potency, v.effect), v.doses, carrier, v.weapon))
    return tuple(found)


def _vehicles(party: PartySpec, origin: str) -> tuple[Wheels, ...]:
    found = []
    for k, v in enumerate(party.vehicles):
        capacity = FUEL[v.type][0]
        fuel = capacity if v.fuel is None else v.fuel
        if fuel > capacity:
            raise ScenarioError(f"{origin}: party.vehicles[{k}].fuel: {fuel:g} litres, but a {v.type} holds "
                                f"{capacity:g} (FUEL-03); give at most that")  # fmt: skip
        found.append(Wheels(v.name, v.type, float(fuel)))
    return tuple(found)


def _fight(
    ref: FightRef,
    members: list[dict[str, Any]],
    names: list[str],
    rules: dict[str, object],
    origin: str,
    where: str,
) -> FightSpec:
    """The encounter's zone fight with the party in place of `ref.side` (at the zone of that side's
    first combatant); its own `rules:` under the expedition's."""
    data = _with_rules(_skirmish(ref.fight, origin, f"{where}.fight"), rules)
    sides = list(data.get("sides") or [])
    if ref.side not in sides:
        raise ScenarioError(f"{origin}: {where}.side: no side '{ref.side}' in {ref.fight}; sides: "
                            f"{', '.join(map(str, sides))}")  # fmt: skip
    theirs = [c for c in data["combatants"] if c.get("side") == ref.side]
    replaced = {str(c.get("name")) for c in theirs}
    for v in data.get("vehicles") or []:
        if any(crew.get("name") in replaced for crew in v.get("crew") or []):
            raise ScenarioError(f"{origin}: {where}.side: in {ref.fight} side '{ref.side}' crews vehicle "
                                f"'{v.get('name')}'; choose a fight where that side is on foot")  # fmt: skip
    zone = theirs[0].get("zone") if theirs else None
    others = []
    for c in data["combatants"]:
        if c.get("side") == ref.side:
            continue
        c = dict(c)
        sneak = c.get("sneak")
        if isinstance(sneak, dict) and sneak.get("target") in replaced and sneak.get("target") not in names:
            c.pop("sneak")
        if c.get("engaged_with"):
            c["engaged_with"] = [n for n in c["engaged_with"] if n not in replaced or n in names]
        others.append(c)
    party = [{**m, "side": ref.side, "zone": zone} for m in members]
    for m in party:
        for key in ("sneak", "engaged_with"):
            m.pop(key, None)
    data["combatants"] = party + others
    scenario = _built(data, origin, f"{where}.fight")
    side = scenario.setup.sides.index(ref.side)
    indices = tuple(
        next(i for i, c in enumerate(scenario.combatants) if c.name == n and c.side == side) for n in names
    )
    return FightSpec(
        ref.name or scenario.setup.name, scenario, indices, side, ref.attitude or "", ref.motorized
    )


__all__ = ["DOC", "TravelOptions", "build_expedition"]
