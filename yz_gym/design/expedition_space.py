"""What `balance` and `sensitivity` vary in an expedition's file (its design Space, named by the
expedition mode's registry record), and the metrics of the JOURNEYS report
(evaluation/journeys.py): the party arrives, a PC dies, the party is lost (every traveller dead).

Targets, looked up in this order:

- `party`: `food`, `water`, `fuel` (spare litres), `winter_clothing`, `blankets`, `healers` (`all`,
  `none`, or travellers joined by `+`), `snare`, `fishing_gear` (`true`, `false`);
- `expedition`: `season`, `temperature`, `weather`, `heat`, `max_days`, `downstream`, `ice`;
- a vehicle of the party (`party.vehicles`): `type`, `fuel` (litres in its tank);
- a boat (`waters.boats`): `type`, `seats`;
- an encounter by its `name` (or its fight, for one without a name): `weight`, `attitude`
  (`hostile`, `wary`, `peaceful`, `rolled`);
- a site (`sites:`): `food`, `water`, `fuel`, `stretches`;
- a poison the party carries (`party.poisons`): `doses`, `potency`.

The party itself (who travels) is a side of another file (party.scenario), so its size is varied
there, not here.

Sensitivity's steps: food and water +/- one day of the party's rations (one per traveller), spare
fuel +/-20 litres, a gear item (winter clothing, blankets, snare, fishing gear) given to all or
taken away, max_days +/-1 (the party's, as a step up can only help it arrive), each encounter's
weight +/-1, the season to the next and the one before, and the starting weather one step milder
or harsher (the file's, or the travel rules' start)."""

from __future__ import annotations

from typing import Any, Final

from yz_gym.design.variation import Change, Space, Value, Variation, VariationError, step
from yz_gym.evaluation.journeys import JourneyStats
from yz_gym.scenario.expedition_models import ExpeditionFile, FightRef
from yz_gym.scenario.loading import LoadedScenario

PARTY_FIELDS: Final = ("food", "water", "fuel", "winter_clothing", "blankets", "healers", "snare", "fishing_gear")
TRIP_FIELDS: Final = ("season", "temperature", "weather", "heat", "max_days", "downstream", "ice")
VEHICLE_FIELDS: Final = ("type", "fuel")
BOAT_FIELDS: Final = ("type", "seats")
ENCOUNTER_FIELDS: Final = ("weight", "attitude")
SITE_FIELDS: Final = ("food", "water", "fuel", "stretches")
POISON_FIELDS: Final = ("doses", "potency")
NUMBERS: Final = ("food", "water", "fuel", "max_days", "seats", "weight", "stretches", "doses")
SWITCHES: Final = ("snare", "fishing_gear", "downstream", "ice")  # true or false
WHO: Final = ("winter_clothing", "blankets", "healers")  # all, none, or names joined by +
SEASONS: Final = ("spring", "summer", "autumn", "winter")
WEATHER: Final = ("clear", "overcast", "heavy", "storm")  # mildest first
KINDS: Final = ("stores", "gear", "time", "season", "weather", "encounter", "vehicle")
DIRECTED: Final = ("stores", "gear", "time")  # a step up can only help the party
FUEL_STEP: Final = 20  # litres
PARTY, TRIP = "party", "expedition"


def _lists(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The named entries of a file, by kind, in lookup order."""
    encounters = data.get("encounters", {}) or {}
    animal = encounters.get("savage_animal")
    return {
        "vehicle": list(data.get("party", {}).get("vehicles", [])),
        "boat": list((data.get("waters", {}) or {}).get("boats", [])),
        "encounter": [*encounters.get("table", []), *encounters.get("placed", []), *([animal] if animal else [])],
        "site": list(data.get("sites", [])),
        "poison": list(data.get("party", {}).get("poisons", [])),
    }


def _label(kind: str, entry: dict[str, Any]) -> str:
    """An entry's name (an encounter without one: its fight)."""
    return str(entry.get("name") or (entry.get("fight") if kind == "encounter" else ""))


def _entries(data: dict[str, Any], target: str) -> tuple[str, list[dict[str, Any]]] | None:
    for kind, entries in _lists(data).items():
        found = [e for e in entries if _label(kind, e) == target]
        if found:
            return kind, found
    return None


def kind_of(data: dict[str, Any], target: str) -> str | None:
    """"party", "expedition", or the kind of a named entry: "vehicle", "boat", "encounter", "site", "poison"."""
    if target in (PARTY, TRIP):
        return target
    found = _entries(data, target)
    return found[0] if found else None


def target_names(data: dict[str, Any]) -> list[str]:
    """party, expedition, then every named entry."""
    names = [PARTY, TRIP] + [_label(kind, e) for kind, entries in _lists(data).items() for e in entries]
    return list(dict.fromkeys(names))


FIELDS: Final = {
    PARTY: PARTY_FIELDS, TRIP: TRIP_FIELDS, "vehicle": VEHICLE_FIELDS, "boat": BOAT_FIELDS,
    "encounter": ENCOUNTER_FIELDS, "site": SITE_FIELDS, "poison": POISON_FIELDS,
}  # fmt: skip


def _check(field: str, values: tuple[Value, ...], where: str) -> None:
    """Numbers are whole numbers; switches true or false."""
    for value in values:
        if field in NUMBERS and not isinstance(value, int):
            raise VariationError(f"{where}: {field} '{value}'; give whole numbers, e.g. {field}=4..12")
        if field in SWITCHES and value not in ("true", "false"):
            raise VariationError(f"{where}: {field} '{value}'; give true,false")


def edit(out: dict[str, Any], variation: Variation, value: Value, where: str) -> None:
    """Set one variation's field to `value` in a copy of a parsed expedition file."""
    field, target = variation.field, variation.target
    setting: Any = value == "true" if field in SWITCHES else value
    if field in WHO and isinstance(value, str) and value not in ("all", "none"):
        setting = value.split("+")
    if target == PARTY:
        out.setdefault("party", {})[field] = setting
    elif target == TRIP:
        if field in ("downstream", "ice"):
            out["waters"] = {**(out.get("waters") or {}), field: setting}
        else:
            out[field] = setting
    else:
        for entry in (_entries(out, target) or ("", []))[1]:
            if field == "attitude" and value == "rolled":
                entry.pop("attitude", None)
            else:
                entry[field] = setting


def changes(loaded: LoadedScenario) -> list[Change]:
    """Every one-step change of an expedition file (module docstring)."""
    data, side = loaded.data, str(loaded.sides[0])
    party = data.get("party", {})
    travellers = len(loaded.scenario.members)
    out: list[Change] = []

    def number(kind: str, target: str, field: str, value: int, by: int, owner: str, directed: bool) -> None:
        for new, up in ((value + by, True), (value - by, False)):
            if new >= (1 if field in ("max_days", "weight") else 0):
                sign = "+" if up else "-"
                out.append(step(kind, target, field, field, new, f"{sign}{by} ({value:g} -> {new:g})", owner, up, directed))

    number("stores", PARTY, "food", int(party.get("food", 0)), travellers, side, True)
    number("stores", PARTY, "water", int(party.get("water", 0)), travellers, side, True)
    if party.get("vehicles"):
        number("stores", PARTY, "fuel", int(party.get("fuel", 0)), FUEL_STEP, side, True)
    for gear in ("winter_clothing", "blankets"):
        had = party.get(gear, "none")
        new = "none" if had == "all" else "all"
        out.append(step("gear", PARTY, gear, gear, new, f"{had if isinstance(had, str) else '+'.join(had)} -> {new}", side, new == "all", True))
    for gear in ("snare", "fishing_gear"):
        had = bool(party.get(gear, False))
        out.append(step("gear", PARTY, gear, gear, str(not had).lower(), f"{str(had).lower()} -> {str(not had).lower()}", side, not had, True))
    number("time", TRIP, "max_days", int(data.get("max_days", ExpeditionFile.model_fields["max_days"].default)), 1, side, True)
    for ref in _lists(data)["encounter"]:
        weight = int(ref.get("weight", FightRef.model_fields["weight"].default))
        name = _label("encounter", ref)
        if ref in data.get("encounters", {}).get("table", []):
            number("encounter", name, "weight", weight, 1, "", False)
    season = data.get("season", ExpeditionFile.model_fields["season"].default)
    i = SEASONS.index(season)
    for j in (i + 1, i - 1):
        other = SEASONS[j % len(SEASONS)]
        out.append(step("season", TRIP, "season", "season", other, f"{season} -> {other}", "", j > i, False))
    weather = data.get("weather") or loaded.scenario.travel.weather_start
    k = WEATHER.index(weather)
    for m in (k + 1, k - 1):
        if 0 <= m < len(WEATHER):
            out.append(step("weather", TRIP, "weather", "weather", WEATHER[m], f"{weather} -> {WEATHER[m]}", "", m > k, False))
    for vehicle in party.get("vehicles", []):
        fuel = vehicle.get("fuel")
        if fuel is not None:
            number("vehicle", str(vehicle["name"]), "fuel", int(fuel), FUEL_STEP, side, True)
    return out


def journey_count(stats: JourneyStats, metric: str, side: str) -> int:
    """Trips in which the metric happened: the party arrived, a PC died, the party was lost."""
    return {"arrival": stats.arrived, "pc_death": stats.any_pc_dead, "party_lost": stats.lost}[metric]


EXPEDITION_SPACE: Final = Space(
    targets="target (party, expedition, a vehicle, boat, encounter, site or poison)",
    example="party.food=6..12 or expedition.season=summer,autumn",
    kind_of=kind_of,
    names=target_names,
    fields=lambda data, target, kind: FIELDS[kind],
    kind_words={
        PARTY: "is the party", TRIP: "is the whole expedition", "vehicle": "is a vehicle", "boat": "is a boat",
        "encounter": "is an encounter", "site": "is a site", "poison": "is a poison",
    },
    numbers=lambda field: field in NUMBERS,
    check=_check,
    edit=edit,
    changes=changes,
    kinds=KINDS,
    metrics=("arrival", "pc_death", "party_lost"),
    words=("the party arrives", "a PC dies", "the party is lost (every traveller dead)"),
    count=journey_count,
)
