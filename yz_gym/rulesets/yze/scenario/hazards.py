"""The `hazards:` and `hazard_rules:` parts of a zone scenario file (zone_builder.py calls `build_hazards`).

Every mistake is one line naming the field and the fix, as in zone_builder.py. A file without a `hazards:`
block has no hazards at all (`Setup.hazards` is None): its games are what they always were."""

from __future__ import annotations

from typing import TYPE_CHECKING

from yz_gym.core.switches import SwitchError
from yz_gym.rulesets.yze.hazards.options import HAZARD_BLOCK, ColdBand, HazardOptions
from yz_gym.rulesets.yze.hazards.setting import NO_WATER, POTENCIES, HazardSetting, Poison, PoisonedWeapon
from yz_gym.rulesets.yze.state import Combatant
from yz_gym.rulesets.yze.zone.zones import BorderKind, ZoneMap

if TYPE_CHECKING:
    from yz_gym.rulesets.yze.scenario.zone_builder import _Builder


def build_hazards(b: _Builder, combatants: list[Combatant], zone_map: ZoneMap) -> HazardSetting | None:
    """The fight's hazards from the file's `hazards:` block and its `hazard_rules:` switches."""
    spec = b.spec.hazards
    if spec is None:
        if b.spec.hazard_rules:
            raise b.fail("hazard_rules", "there is no hazards: block for these switches to act on; add one or remove it")
        return None
    try:
        options: HazardOptions = HAZARD_BLOCK.parse(b.spec.hazard_rules, "docs/hazards.md")
    except SwitchError as err:
        raise b.fail(err.where, err.message) from None
    poisons = {
        name: Poison(name, POTENCIES[p.potency] if isinstance(p.potency, str) else p.potency, p.effect)
        for name, p in spec.poisons.items()
    }
    n = len(zone_map.zones)
    shore = [NO_WATER] * n
    for i, water in enumerate(spec.water):
        where = f"hazards.water[{i}]"
        zone = b.zone(water.zone, f"{where}.zone")
        if shore[zone] != NO_WATER:
            raise b.fail(f"{where}.zone", f"zone '{water.zone}' is listed twice; keep one entry")
        land = b.zone(water.shore, f"{where}.shore")
        border = zone_map.border_between(zone, land)
        if border < 0 or not (zone_map.borders[border].kind == BorderKind.OPEN or zone_map.borders[border].has_door):
            raise b.fail(f"{where}.shore", f"'{water.shore}' is not a zone next to '{water.zone}' with a way through; "
                         "name an adjacent zone joined by an open border or a door")
        if zone_map.zones[land].cramped:
            raise b.fail(f"{where}.shore", f"'{water.shore}' is cramped; the shore of a rescue needs room, pick another")
        shore[zone] = land
    for i, water in enumerate(spec.water):
        if shore[b.zone(water.shore, "")] != NO_WATER:
            raise b.fail(f"hazards.water[{i}].shore", f"'{water.shore}' is deep water itself; name a dry zone")
    gas: list[Poison | None] = [None] * n
    for i, filled in enumerate(spec.gas):
        where = f"hazards.gas[{i}]"
        zone = b.zone(filled.zone, f"{where}.zone")
        if gas[zone] is not None:
            raise b.fail(f"{where}.zone", f"zone '{filled.zone}' is listed twice; keep one gas per zone")
        gas[zone] = _poison(b, poisons, filled.poison, f"{where}.poison")
    cold: list[ColdBand] = ["warm"] * n
    protected: set[int] = set()
    if spec.cold is not None:
        cold = [spec.cold.band] * n
        for name, band in spec.cold.zones.items():
            cold[b.zone(name, f"hazards.cold.zones.{name}")] = band
        for i, name in enumerate(spec.cold.protected):
            protected |= {c.id for c in _people(b, combatants, name, f"hazards.cold.protected[{i}]")}
    weapons: dict[int, PoisonedWeapon] = {}
    for i, coated in enumerate(spec.weapons):
        where = f"hazards.weapons[{i}]"
        poison = _poison(b, poisons, coated.poison, f"{where}.poison")
        for c in _people(b, combatants, coated.combatant, f"{where}.combatant"):
            if c.id in weapons:
                raise b.fail(f"{where}.combatant", f"'{c.name}' already has a poisoned weapon; one per combatant")
            if all(w.name != coated.weapon for w in c.weapons):
                carried = ", ".join(w.name for w in c.weapons) or "none"
                raise b.fail(f"{where}.weapon", f"'{c.name}' carries no '{coated.weapon}' (carries: {carried}); "
                             "name one of its weapons")
            weapons[c.id] = PoisonedWeapon(coated.weapon, poison, coated.doses)
    if not any(w != NO_WATER for w in shore) and not any(gas) and spec.cold is None and not weapons:
        raise b.fail("hazards", "no water, gas, cold or poisoned weapon is declared; add one or remove the block")
    elapsed = spec.cold.elapsed if spec.cold is not None else 0
    return HazardSetting(options, tuple(shore), tuple(gas), tuple(cold), frozenset(protected), weapons, elapsed)


def _poison(b: _Builder, poisons: dict[str, Poison], name: str, where: str) -> Poison:
    """A poison named under `hazards.poisons`."""
    if name not in poisons:
        known = ", ".join(poisons) or "none yet"
        raise b.fail(where, f"no poison named '{name}' under hazards.poisons (poisons: {known}); add it there")
    return poisons[name]


def _people(b: _Builder, combatants: list[Combatant], name: str, where: str) -> list[Combatant]:
    """The combatant of that name, or every combatant of the entry (one with `count`) or group of
    that name."""
    found = [c for c in combatants if c.name == name]
    if not found:
        first = 0
        for entry in b.spec.combatants:
            if entry.name == name:
                found += combatants[first : first + entry.count]
            first += entry.count
    found = found or [c for c in combatants if c.group == name]
    if not found:
        known = ", ".join(c.name for c in combatants)
        raise b.fail(where, f"no combatant, entry or group named '{name}'; combatants: {known}")
    return found
