"""Plain-text combat logs built from events, the way a game master would tell the fight."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.dice_text import faces_text, rating_text
from yz_gym.rulesets.yze.hazards.narrate import hazard_line
from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.state import ATTRIBUTES, GameState
from yz_gym.rulesets.yze.vehicles.narrate import vehicle_line
from yz_gym.rulesets.yze.vehicles.seats import weapon_label
from yz_gym.rulesets.yze.zone.actions import KIND_NAMES

# a failed roll, as each kind's spec says it (ActionSpec.failed; "" when the kind's own events tell it)
FAILED_WORDS: Final = {KIND_NAMES[spec.kind]: spec.failed for spec in SPECS if spec.failed is not None}


def _successes(event: Event) -> str:
    n = event.get("successes", 0)
    return "no success" if n == 0 else f"{n} success{'es' if n > 1 else ''}"


def narrate(state: GameState, events: Iterable[Event]) -> list[str]:
    """One line per event worth telling; dice shown with every face."""
    names = [c.name for c in state.combatants]
    zones = [z.name for z in state.zone_map.zones]

    def who(i: int) -> str:
        return names[i] if 0 <= i < len(names) else "someone"

    lines: list[str] = []
    for e in events:
        line = _line(e, who, zones, state)
        if line:
            lines.append(line)
    return lines


def _line(e: Event, who, zones: list[str], state: GameState) -> str:  # type: ignore[no-untyped-def]
    k = e.kind
    if state.vehicles or state.setup.mounted:
        told = vehicle_line(e, who, zones, state)  # vehicles and mounts
        if told is not None:
            return told
    a, t = who(e.actor), who(e.target)
    step = state.options.dice_mode == "step"
    told = hazard_line(e, who, step)  # HAZ-*: poison, water, gas, cold, and a wound's disease (CRIT-PHYS-46)
    if told is not None:
        return told
    if k == "round":
        return f"--- Round {e.get('round')} ---"
    if k == "initiative":
        order = sorted((card, who(i)) for i, card in enumerate(e.get("cards")) if card > 0)
        return "Initiative: " + ", ".join(f"#{card} {name}" for card, name in order)
    if k == "turn":
        return f"{a}'s turn (card #{e.get('card')})."
    if k == "turn_lost":
        return f"{a} loses this turn."
    if k == "action":
        return ""
    if k == "roll":
        purpose = e.get("purpose", "")
        return (
            f"  {a} rolls {e.get('skill')} ({purpose.replace('_', ' ')}): {faces_text(e, step)} - {_successes(e)}."
        )
    if k == "push":
        return f"  {a} pushes the roll: {faces_text(e, step)} - {_successes(e)}."
    if k == "pride":  # DICE-13
        after = f" - {_successes(e)}" if e.get("successes") is not None else " on the coming roll"
        return f"  {a} draws on their Pride (\"{e.get('pride')}\"): one automatic success{after}."
    if k in ("armor", "cover"):
        return f"  {t}'s {k} ({rating_text(e.get('rating'), step)}) rolls {faces_text(e, step)} - stops {e.get('successes')}."
    if k == "hit":
        return f"  {a} hits {t}."
    if k == "miss":
        return f"  {a} misses {t if e.target >= 0 else 'the door'}."
    if k == "damage":
        return f"  {t} takes {e.get('amount')} damage."
    if k == "stress":  # DMGM-01: with attribute damage, stress is damage to Wits
        if state.options.damage_model == "attribute":
            return f"  {t} takes {e.get('amount')} damage to Wits."
        return f"  {t} takes {e.get('amount')} stress."
    if k == "broken":
        return f"  {t} is Broken{' by their own push' if e.get('by') == 'push' else ''}!"
    if k == "critical":
        return f"  {t} suffers a critical injury: {e.get('name')} ({e.get('table')} D66 {e.get('code')})."
    if k == "death":
        return f"  {t} dies ({e.get('cause')})."
    if k == "moved":
        return f"{a} moves to {zones[e.get('zone')]}."
    if k == "retreated":
        return f"{a} retreats to {zones[e.get('zone')]}."
    if k == "engaged":
        return f"{a} closes in on {t}."
    if k == "fell":
        return f"  {a} stumbles and falls prone."
    if k == "prone":
        return f"{a} drops prone."
    if k == "got_up":
        return f"{a} gets up."
    if k == "drew":
        return f"{a} draws the {weapon_label(state, e.get('weapon'))}."
    if k == "aimed":
        return f"{a} takes aim."
    if k == "in_cover":
        return f"{a} takes cover behind the {e.get('cover').replace('_', ' ')}."
    if k == "overwatch":
        return f"{a} goes on overwatch over {zones[e.get('zone')]}."
    if k == "overwatch_fire":
        return f"{a} fires from overwatch at {t}!"
    if k == "block":
        return f"  {a} tries to block."
    if k == "help":
        return f"  {a} helps {t}."
    if k == "free_attack":
        return f"  {a} gets a free attack at {t}."
    if k == "reloaded":
        return f"{a} reloads."
    if k == "recovered":
        if not e.get("amount"):
            return f"  {a}'s first aid does not help {t}."
        still_out = 0 <= e.target < len(state.combatants) and state.combatants[e.target].incapacitated
        after = "but still cannot act (paralysed or catatonic)" if still_out else "and is back on their feet"
        return f"  {t} recovers {e.get('amount')} {after}."
    if k == "stabilised":
        return f"  {a} stabilises {t}."
    if k == "stabilise_failed":
        return f"  {a} fails to stabilise {t}."
    if k == "death_roll":
        return f"  {a} makes a death roll: {faces_text(e, step)} - {_successes(e)}."
    if k == "door_damage":
        return f"  The door to {zones[e.get('zone')]} takes {e.get('amount')} ({e.get('total')} so far)."
    if k == "door_broken":
        return f"  The door to {zones[e.get('zone')]} gives way!"
    if k == "swap":
        return f"{a} swaps initiative with {t}."
    if k == "card_chosen":
        return f"{a} strikes from surprise and takes initiative card #{e.get('card')}."
    if k == "sneak":
        return f"{a} sneaks up on {t} unseen."
    if k == "spotted":
        return f"{t} spots {a} sneaking up."
    if k == "ambushed":
        return f"{t} is caught off guard by the ambush."
    if k == "game_over":
        return over_line(e)
    if k == "failed":
        kind = e.get("kind")
        words = FAILED_WORDS.get(kind, kind.replace("_", " "))
        return f"  {a}'s {words} roll fails." if words else ""
    if k in ("armor_degraded", "cover_degraded"):
        return f"  {t}'s {k.split('_')[0]} is worn down to {rating_text(e.get('rating'), step)}."
    if k == "unpersuaded":
        return f"  {t} is not swayed."
    if k == "surrendered":
        return f"  {a} surrenders to {t}."
    if k == "fled":
        return f"{a} flees the fight."
    if k in ("disarmed", "tripped", "shoved", "grappled", "broke_free", "let_go"):
        verb = {
            "disarmed": "disarms",
            "tripped": "trips",
            "shoved": "shoves back",
            "grappled": "grapples",
            "broke_free": "breaks free from",
            "let_go": "lets go of",
        }[k]
        return f"  {a} {verb} {t}."
    if k == "fire":
        return f"  Fire ({e.get('intensity')}) burns {t}: {faces_text(e, step)}."
    if k == "fire_out":
        return f"  The fire on {t} goes out."
    if k == "explosion":
        return f"An explosion (blast power {e.get('power')}) rocks {zones[e.get('zone')]}!"
    if k == "peek":
        return f"{a} peeks through the door to {zones[e.get('zone')]}."
    if k == "interrupted":
        return f"  {a}'s action is cut short."
    if k == "lost_in_dark":
        return f"  {a} cannot find {t} in the dark."
    if k == "gear_damaged":
        return gear_line(state, e, a)
    if k == "dropped":
        return f"  {a} drops the {weapon_label(state, e.get('weapon'))}."
    if k == "push_cost":
        return f"  {a} strains {ATTRIBUTES[e.get('attribute')]} by {e.get('amount')}."
    if k in ATTACK_LINES:  # combat/attacks.py / resolution/ events
        zone = zones[e.get("zone")] if isinstance(e.get("zone"), int) else ""
        item = str(e.get("item", "")).replace("_", " ")
        return ATTACK_LINES[k].format(a=a, t=t, zone=zone, item=item, e=e)
    if k in SIMPLE:
        return SIMPLE[k].format(a=a, t=t, zone=zones[e.get("zone")] if e.get("zone") is not None and e.get("zone", -1) >= 0 else "", **(e.data or {}))
    if k in ("ammo_dice", "supply", "blast"):
        label = {"ammo_dice": f"{a}'s ammo dice", "supply": f"{a}'s ammo supply roll", "blast": f"The blast on {t}"}[k]
        return f"  {label}: {faces_text(e, step)} - {_successes(e)}."
    return f"  ({k} {a} {t})"


SIMPLE: Final = {
    "action_lost": "  {a} loses an action.",
    "ammo_damage": "  An extra round adds 1 damage against {t}.",
    "ammo_used": "  {a} uses {rounds} rounds ({left} left).",
    "armor_destroyed": "  {a}'s armor falls apart.",
    "armor_worn": "  {a}'s armor can now be mended only to {max}.",
    "armor_repaired": "  {a} mends their armor.",
    "burst": "{a} keeps firing at {t} (shot {shot}).",
    "caught_fire": "  {t} catches fire (intensity {intensity})!",
    "condition": "  {t} is {condition}.",
    "doom": "  The GM gains a doom point ({doom}).",
    "extra_hit": "  A round from the burst also hits {t}.",
    "fires_first": "  {a} fires first.",
    "out_of_ammo": "  {a} is out of ammunition.",
    "panic": "  {a} panics: {result}.",
    "smoke": "{a} fills {zone} with smoke.",
    "stress_level": "  {t}'s stress rises to {level}.",
    "used_item": "{a} uses a {item} on {t}.",
    "willpower": "  {a} gains {gained} Willpower.",
    "injury_healed": "  {t}'s injury heals.",
    "injury_permanent": "  {t}'s {injury} was not treated in time: it will never heal.",
    "phobia": "  {a} is gripped by fear of {t} (phobia).",
    "treated": "  {a} treats {t}'s {injury}: it can heal.",
    "repaired": "  {a} repairs it.",
    "repair_failed": "  {a}'s repair fails.",
    "gear_destroyed": "  {a}'s gear is destroyed.",
}


ATTACK_LINES: Final = {
    "used_item": "{a} throws a {item} at {t}.",
    "smoke": "  Smoke fills {zone}.",
    "ammo_dice": "  {a}'s ammo dice: {e.data[successes]} six(es).",
    "ammo_used": "  {a} uses {e.data[rounds]} rounds ({e.data[left]} left).",
    "out_of_ammo": "  {a} is out of ammunition.",
    "burst": "  {a} keeps firing, at {t}.",
    "extra_hit": "  An extra hit on {t}.",
    "ammo_damage": "  The hit on {t} grows to {e.data[damage]} damage.",
    "fires_first": "  {a} fires first.",
    "supply": "  {a} checks the ammunition: supply {e.data[supply]}.",
    "armor_repaired": "{a} mends their armor (rating {e.data[rating]}).",
    "armor_worn": "{a}'s armor can no longer be fully mended (at most {e.data[max]}).",
    "armor_destroyed": "{a}'s armor is beyond repair.",
}


def gear_line(state: GameState, e: Event, owner: str) -> str:
    """GEAR-01/02: an item worn down to its new bonus (pool) or Reliability (step), or broken."""
    name = f"  {owner}'s {weapon_label(state, e.get('weapon'))}"
    if e.get("broken"):
        return f"{name} breaks."
    label = "Reliability" if state.options.dice_mode == "step" else "bonus"
    return f"{name} wears down ({label} {e.get('rating')})."


def over_line(e: Event) -> str:
    """The closing line of a fight or chase: who won, and why."""
    winner = e.get("winner")
    return f"=== {'The ' + winner + ' win' if winner else 'No winner'}: {e.get('reason')}. ==="
