"""Log lines for vehicle and mount events in zone fights (zone/narrate.py asks here first), and the
words `describe` gives the vehicle kinds (their ActionSpec.words)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.dice_text import faces_text, rating_text
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.vehicles.seats import weapon_label
from yz_gym.rulesets.yze.zone.actions import CLIMB, Action

KINDS: Final = frozenset(
    {
        "boarded", "got_out", "manned", "engine_started", "took_wheel", "drove", "flew", "mount_damage",
        "mount_dies", "vehicle_hit", "vehicle_armor", "vehicle_armor_degraded", "vehicle_damage",
        "vehicle_crit", "vehicle_crit_reroll", "ricochet", "crash", "crash_damage", "vehicle_fire",
        "vehicle_fire_out", "wrecked", "engine_failure", "vehicle_explodes", "descent", "weapon_disabled",
        "skid", "vehicle_blast", "dismounted", "remounted",
    }
)  # fmt: skip
_HIT_VERBS: Final = {"hit": "hits", "miss": "misses"}
AUTO_LINES: Final = {  # AUTO-01/05 at a mount or a vehicle (zone/auto_targets.py)
    "burst": "  {a} keeps firing, at {aim}.",
    "extra_hit": "  An extra hit on {aim}.",
    "ammo_damage": "  The hit on {aim} grows to {damage} damage.",
}


def vehicle_line(e: Event, who: Callable[[int], str], zones: list[str], state: GameState) -> str | None:
    """The line for a vehicle or mount event, or None for events zone/narrate.py tells itself."""
    k = e.kind
    if k in ("hit", "miss") and e.get("kind") in ("ram", "shoot_vehicle", "attack_vehicle"):
        aim = e.get("target") if e.get("kind") == "ram" else e.get("vehicle")
        verb = ("rams" if k == "hit" else "fails to ram") if e.get("kind") == "ram" else _HIT_VERBS[k]
        return f"  {who(e.actor)} {verb} {aim}."
    if k in AUTO_LINES and (e.get("vehicle") or e.get("mount")):
        aim = e.get("vehicle") or f"{who(e.target)}'s {e.get('mount')}"
        return AUTO_LINES[k].format(a=who(e.actor), aim=aim, damage=e.get("damage"))
    if k in ("hit", "miss") and e.get("mount"):  # at a riderless mount
        return f"  {who(e.actor)} {_HIT_VERBS[k]} {who(e.target)}'s {e.get('mount')}."
    if k not in KINDS:
        return None
    a, t, v = who(e.actor), who(e.target), e.get("vehicle")
    if k == "boarded":
        return f"{a} gets into {v}{' (exposed seat)' if e.get('exposed') else ''}."
    if k == "got_out":
        return f"{a} gets out of {v}."
    if k == "manned":
        return f"{a} mans the {e.get('weapon')}."
    if k == "engine_started":
        return f"{a} starts {v}'s engine."
    if k == "took_wheel":
        return f"{a} takes the wheel of {v}."
    if k == "drove":
        return f"{a} drives {v} {e.get('zones')} zone(s), to {zones[e.get('zone')]}."
    if k == "flew":
        return f"{a} takes {v} to altitude {e.get('altitude')}."
    if k == "mount_damage":
        return f"  {t}'s {e.get('mount')} takes {e.get('amount')} damage ({e.get('left')} left)."
    if k == "mount_dies":
        return f"  {t}'s {e.get('mount')} goes down, dead."
    if k == "dismounted":
        return f"{a} gets down from {e.get('mount')}, leaving it in {zones[e.get('zone')]}."
    if k == "remounted":
        if e.target == e.actor:
            return f"{a} gets back on {e.get('mount')}."
        return f"{a} takes {t}'s {e.get('mount')} and mounts up."
    if k == "vehicle_blast":
        return f"  The blast ({e.get('power')}) catches {v}: {e.get('successes')} successes."
    if k == "ricochet":
        return f"  The hit glances off {v}{' into ' + str(e.get('to')) if e.get('to') else ''}."
    if k == "vehicle_fire":
        return f"  Fire ({e.get('intensity')}) burns {v}: {e.get('successes')} damage."
    if k == "weapon_disabled":
        return f"  {v}'s {weapon_label(state, str(e.get('weapon', '')))} is knocked out."
    return shared_vehicle_line(e, a, t, v, state.options.dice_mode == "step")


def shared_vehicle_line(e: Event, a: str, t: str, v: Any, step: bool) -> str | None:
    """The line for vehicle harm told alike in zone fights and chases, or None; `step`: step dice."""
    k = e.kind
    if k == "vehicle_armor":  # VEH-DMG-04: the armor roll, every die shown
        return f"  {v}'s armor ({rating_text(e.get('rating'), step)}) rolls {faces_text(e, step)} - stops {e.get('successes')}."
    if k == "vehicle_hit":
        return f"  {v} is hit for {e.get('amount')}."
    if k == "vehicle_armor_degraded":
        return f"  {v}'s armor drops to {rating_text(e.get('rating'), step)}."
    if k == "vehicle_damage":
        return f"  {v} takes {e.get('amount')} damage ({e.get('total')} of its Hull)."
    if k == "vehicle_crit":
        return f"  Component damage on {v}: {e.get('name')} (D{e.get('die')} row {e.get('row')})."
    if k == "vehicle_crit_reroll":
        return f"  Row {e.get('row')} does not apply to {v}: rerolled."
    if k == "crash":
        return f"  {v} crashes (D{e.get('die')} + altitude {e.get('altitude')})!"
    if k == "crash_damage":
        return f"  {t} takes {e.get('amount')} in the crash."
    if k == "skid":
        return f"  {v} skids; {a} loses the next turn."
    if k == "vehicle_fire_out":
        return f"  The fire on {v} goes out."
    if k == "wrecked":
        return f"  {v} is wrecked!"
    if k == "engine_failure":
        return f"  {v}'s engine fails."
    if k == "vehicle_explodes":
        return f"  {v} explodes in a fireball (blast power {e.get('power')})!"
    if k == "descent":
        return f"  {v} sinks to altitude {e.get('altitude')}."
    return None


# --- words (ActionSpec.words) of the vehicle kinds, for `describe` --------------------------------------


def enter_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The vehicle and the seat."""
    v = state.vehicles[action.option // 2]
    words += [v.name, "(exposed seat)" if action.option % 2 else "(covered seat)"]


def shoot_vehicle_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The vehicle and the fire mode (AUTO-01, AUTO-03)."""
    if action.option >= 0:
        words.append(state.vehicles[action.option].name)
        if action.zone >= 1:
            auto = state.options.full_auto == "basic"
            words.append("(full auto)" if auto else f"({action.zone} ammo dice)")


def vehicle_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The vehicle `option` (rammed or attacked)."""
    if action.option >= 0:
        words.append(state.vehicles[action.option].name)


def drive_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """Up or down, for an aircraft (VEH-AIR-03)."""
    if action.zone < 0:
        words.append("(climb)" if action.option == CLIMB else "(descend)")


def man_weapon_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The mounted weapon."""
    if actor >= 0 and state.combatants[actor].vehicle >= 0:
        key = state.vehicles[state.combatants[actor].vehicle].weapons[action.option].weapon
        words.append(state.setup.weapons[key].name)
