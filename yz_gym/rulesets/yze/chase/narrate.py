"""Plain-text chase logs built from events: the chase's own event kinds and the vehicle events;
everything else (rolls, damage, injuries, fire) is told by zone/narrate.py."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.chase.kinds import SPECS
from yz_gym.rulesets.yze.chase.state import CK, RANGE_NAMES, ChaseState
from yz_gym.rulesets.yze.dice_text import faces_text
from yz_gym.rulesets.yze.vehicles.narrate import shared_vehicle_line
from yz_gym.rulesets.yze.vehicles.seats import weapon_label
from yz_gym.rulesets.yze.zone.narrate import _line, over_line


def narrate_chase(state: ChaseState, events: Iterable[Event]) -> list[str]:
    """One line per event worth telling; dice shown with every face."""
    names = [c.name for c in state.world.combatants]

    def who(i: int) -> str:
        return names[i] if 0 <= i < len(names) else "someone"

    lines: list[str] = []
    for e in events:
        line = chase_line(e, who, state)
        if line is None:
            line = _line(e, who, [z.name for z in state.world.zone_map.zones], state.world)
        if line:
            lines.append(line)
    return lines


def _unit_name(state: ChaseState, u: int) -> str:
    if not 0 <= u < len(state.units):
        return "no one"
    unit = state.units[u]
    return state.vehicles[unit.vehicle].name if unit.vehicle >= 0 else state.world.combatants[unit.pilot].name


def chase_line(e: Event, who: Callable[[int], str], state: ChaseState) -> str | None:
    """The line for a chase or vehicle event; None for kinds zone/narrate.py tells."""
    k = e.kind
    a, t = who(e.actor), who(e.target)
    v = e.get("vehicle")
    step = state.world.options.dice_mode == "step"
    simple = {
        "chase_start": f"=== {e.get('name')}: the chase begins at {e.get('range')} range ({e.get('mode')}). ===",
        "round": f"--- Chase round {e.get('round')} ---",
        "obstacle": f"Obstacle: {e.get('name')} ({e.get('table')} table, D10 = {e.get('row')}).",
        "altitude": f"  {v} is now at altitude {e.get('altitude')}.",
        "hidden": f"  {a} gives {t} the slip!",
        "not_hidden": f"  {t} keeps {a} in sight.",
        "blocked": f"  {a} blocks {t}, who falls back.",
        "stopped_by_block": f"  {a} cannot get past the block.",
        "cut_off": f"  {a} cuts {t} off: Engaged!",
        "cancelled": f"  {a} holds back.",
        "caught": f"  {a} catches {t}!",
        "overtake": f"  {a} overtakes {t} by {e.get('bands')}.",
        "stay_engaged": f"  {a} stays right on their tail.",
        "out_of_sight": f"  {a} and {t} lose each other beyond Extreme range.",
        "escaped": f"{a} gets away!",
        "gave_up": f"{a} has no one left to chase.",
        "took_wheel": f"  {a} grabs the wheel of {v}.",
        "other": "",
        "turn_lost": f"{a} loses this round.",
        "unwrecked": f"  {v} runs again.",
        "weapon_disabled": f"  {v}'s {weapon_label(state.world, str(e.get('weapon', '')))} is knocked out.",
        "fall": f"  {t} falls {e.get('height')} m and takes {e.get('amount')}.",
        "vehicle_repaired": f"{a} repairs {e.get('amount')} damage on {v} ({e.get('total')} left).",
        "component_repaired": f"{a} gets {v}'s {e.get('part')} working again.",
        "repair_failed": f"{a} cannot fix {v}'s {e.get('part')} this shift.",
    }
    if k in simple:
        return simple[k]
    if k == "revealed":
        action = SPECS[CK[str(e.get("action")).upper()]].label
        aim = _unit_name(state, e.get("unit")) if e.get("unit", -1) >= 0 else ""
        if e.get("vehicle", -1) >= 0:
            aim = state.vehicles[e.get("vehicle")].name
        elif e.target >= 0:
            aim = t
        return f"  {a} reveals: {action}{' ' + aim if aim else ''}."
    if k == "moved":
        return (
            f"  {a} {'moves ' + str(e.get('bands')) + ' band(s)' if e.get('bands') else 'gains no ground'}."
        )
    if k == "action_failed":
        why = e.get("why")
        return f"  {a}'s {str(e.get('action')).replace('_', ' ')} fails{' (' + why + ')' if why else ''}."
    if k == "cut_off_failed":
        return f"  {a} fails to cut {t} off and falls back to {e.get('range')}."
    if k == "out_of_chase":
        return f"  {a} is out of the chase ({e.get('status')})."
    if k == "chase_over":
        return over_line(e)
    if k == "obstacle_check":
        return f"  {a} {'gets past' if e.get('passed') else 'is stopped by'} the obstacle ({e.get('check')})."
    if k == "collateral":
        return f"  Collateral damage: a bystander takes {e.get('bystander_damage')} (heat {e.get('heat')})."
    if k == "npc_attack":
        return f"  The {e.get('npc')} attack {t}: {faces_text(e, step)}."
    if k in ("hit", "miss") and e.get("target"):
        verb = {"ram": "rams", "close": "strikes", "shoot": "hits"}.get(e.get("kind"), "hits")
        return f"  {a} {verb if k == 'hit' else 'misses'} {e.get('target')}."
    if k == "ricochet":
        return f"  The shot glances off {v}{' into ' + e.get('to') if e.get('to') else ''}."
    if k == "vehicle_fire":
        return f"  Fire ({e.get('intensity')}) burns {v}: {faces_text(e, step)}."
    if k == "blast":
        return f"  The blast ({e.get('power')}) catches {t}: {faces_text(e, step)}."
    return shared_vehicle_line(e, a, t, v, step)


__all__ = ["RANGE_NAMES", "chase_line", "narrate_chase"]
