"""The journey told day by day: the expedition's events as log lines; the rolls, damage, cold and
recovery of the travellers in the words of the zone-fight log (zone/narrate.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.zone.narrate import narrate as fight_narrate

_LONG_CLOCK: Final = {
    "starving": "is starving (HAZ-HUNGER-02)", "fed": "eats and is no longer starving",
    "dehydrated": "is dehydrated (ENV-06)", "quenched": "drinks and is no longer dehydrated",
    "sleep_deprived": "is sleep-deprived (HAZ-SLEEP-02)", "slept": "sleeps a full shift and is rested again",
}  # fmt: skip


def journal_lines(state: Any, events: Iterable[Event]) -> list[str]:
    """One line per event worth telling (`state`: an Expedition)."""
    names = [c.name for c in state.party.combatants]
    lines: list[str] = []
    for e in events:
        line = _line(e, names)
        if line is None:
            lines += [f"  {text}" for text in fight_narrate(state.party, [e])]
        elif line:
            lines.append(line)
        if e.kind == "fight":
            lines += [f"    {text}" for text in e.get("log") or []]
    return lines


def _line(e: Event, names: list[str]) -> str | None:
    """The journey's own kinds (None: a zone-fight kind, told as a fight tells it)."""
    k = e.kind
    who = names[e.actor] if 0 <= e.actor < len(names) else "the party"
    whom = names[e.target] if 0 <= e.target < len(names) else "someone"
    if k == "journey":
        return (
            f"{e.get('name')}: setting out from hex ({e.get('col')}, {e.get('row')}), {e.get('terrain')}, in "
            f"{e.get('season')} ({str(e.get('band')).replace('_', ' ')}); the weather is {e.get('weather')}."
        )
    if k == "plan":
        return f"=== Day {e.get('day')}: {who} decides: {e.get('plan')} ==="
    if k == "shift":
        return f"-- {str(e.get('shift')).capitalize()} ({e.get('weather')}) --"
    if k == "weather":
        return f"  The weather turns {e.get('weather')}." if e.get("die") else "  The heavy weather passes."
    if k == "entered":
        road = " along the road" if e.get("road") else ""
        return f"  The party enters hex ({e.get('col')}, {e.get('row')}), {e.get('terrain')}{road}."
    if k == "veered":
        return f"  The party loses its bearings and veers toward hex ({e.get('col')}, {e.get('row')})."
    if k == "no_progress":
        return f"  No progress: {e.get('reason')}."
    if k == "provisions":
        if not e.get("gained"):
            return f"  {who}: {e.get('task')}, nothing gained."
        return f"  {who}: {e.get('task')}, {e.get('kind')}: {e.get('gained')}."
    if k == "camp":
        mishap = str(e.get("mishap") or "")
        return f"  {who} makes camp" + (
            f", but something goes wrong: {mishap}{'' if mishap.endswith('!') else '.'}" if mishap else ", a sheltered spot."
        )
    if k == "stores_lost":
        return f"  {e.get('food')} food rations lost ({e.get('cause')})."
    if k == "item_lost":
        return f"  {whom} loses {e.get('item')} ({e.get('how')})."
    if k == "meal":
        return ""
    if k == "went_without":
        missed = [need for need in ("food", "water", "sleep") if e.get(need)]
        risky = e.get("risky_meals") or []
        said = f"went without {', '.join(missed)}" if missed else "ate risky food"
        return f"  {whom} {said}" + (f" (risky meals: {risky})" if risky and missed else "") + "."
    if k == "encounter":
        first = "the party sees them first" if e.get("spotted") == "party" else "they see the party first"
        return f"  Encounter: {e.get('name')}, {e.get('attitude')}, at {e.get('distance')} range; {first}."
    if k == "detour":
        return f"  The party backs off unseen and goes around ({e.get('stretches')} stretches)."
    if k == "fight":
        won = e.get("winner") or "nobody"
        return f"  Fight: {e.get('name')}, won by {won} after {e.get('rounds')} rounds."
    if k == "mishap":
        return f"  {e.get('vehicle')}: driving mishap {e.get('roll')}, {e.get('name')}."
    if k == "vehicle_damaged":
        return f"  {e.get('vehicle')} takes {e.get('amount')} damage."
    if k == "vehicle_lost":
        return f"  {e.get('vehicle')} is left behind ({e.get('cause')})."
    if k == "mount_lame":
        return f"  {whom}'s {e.get('mount')} goes lame."
    if k == "mount_sound":
        return f"  {whom}'s {e.get('mount')} is sound again."
    if k == "mount_went_without":
        lacked = " and ".join(w for w in ("food", "water") if e.get(w))
        lost = f", losing {e.get('damage')} Strength" if e.get("damage") else ""
        return f"  {whom}'s {e.get('mount')} went without {lacked}{lost}."
    if k == "mount_died":
        return f"  {whom}'s {e.get('mount')} dies of {e.get('cause')}."
    if k == "vehicle_through_ice":
        return f"  The ice gives way under a vehicle: its {e.get('occupants')} occupant(s) struggle out of the water."
    if k == "left_behind":
        return f"  Too much to carry: {e.get('food')} food and {e.get('water')} water rations are left behind."
    if k == "explore":
        return f"  The party stops to explore {e.get('site')} ({e.get('stretches')} stretches; the journey waits)."
    if k == "site_explored":
        found = ", ".join(f"{e.get(w)} {w}" for w in ("food", "water", "fuel") if e.get(w)) or "nothing of use"
        return f"  {e.get('site')} is explored: {found}."
    if k == "supply_roll":
        return f"    {who} rolls for the {e.get('supply')} supply: {e.get('faces')}; the rating is {e.get('rating')}."
    if k == "journey_over":
        return f"=== The expedition is over: {e.get('reason')}. ==="
    if k == "hazard_roll":
        held = "resists" if e.get("resisted") else "fails"
        return (
            f"    {who} rolls Stamina against the {e.get('hazard')}: {e.get('successes')} successes, {held}."
        )
    if k in _LONG_CLOCK:
        return f"  {whom} {_LONG_CLOCK[k]}."
    if k == "infected":
        return f"  {whom} falls sick with {e.get('disease')} (virulence {e.get('virulence')})."
    if k == "cured":
        return f"  {whom} is cured" + (f", cared for by {who}." if 0 <= e.actor < len(names) else ".")
    if k == "cared_for":
        return f"  {who} cares for {whom}, Broken and sick: they will not die of it today."
    if k == "collapsed":
        return f"  {whom} collapses asleep for {e.get('shifts')} shift(s) and cannot be woken."
    if k == "sleep_lost":
        return f"  {whom} gets no real sleep ({e.get('injury')})."
    if k == "hypothermic":
        return f"  {whom} is hypothermic (HAZ-COLD-04)."
    if k == "warmed":
        return f"  {whom} warms up by the fire."
    return None
