"""Log lines of the hazards' events (poison, water, gas, cold, infection), the way a game master tells them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.dice_text import faces_text

_ROLLED: Final = {
    "afloat": "to stay afloat", "breath": "to hold their breath", "cold": "against the cold",
    "lethal_poison": "against the poison again",
}  # fmt: skip
_CONDITION: Final = {"lethal_poison": "the poison", "paralysed": "the paralysis", "asleep": "the poisoned sleep"}
_EFFECT: Final = {
    "lethal": "the poison burns in their veins", "paralysing": "they are paralysed",
    "sleeping": "they fall into a deep sleep",
}  # fmt: skip
_UNDER: Final = {"metal armor": "their metal armor drags them under", "cannot swim": "they cannot swim",
                 "afloat": "they tire and go under", "breath": "they fight their way back to the air"}


def hazard_line(e: Event, who: Callable[[int], str], step: bool) -> str | None:
    """The line for a hazard event; None for any other kind."""
    k = e.kind
    a, t = who(e.actor), who(e.target)
    if k == "hazard_roll":
        hazard = e.get("hazard")
        against = _ROLLED.get(hazard, f"against {str(hazard).replace('_', ' ')}")
        outcome = "holds" if e.get("resisted") else "fails"
        n = e.get("against")
        rating = f" (potency {e.get('rating')}: {n} success{'' if n == 1 else 'es'})" if e.get("rating") is not None else ""
        return f"  {a} rolls Stamina {against}{rating}: {faces_text(e, step)} - {outcome}."
    if k == "poisoned":
        return f"  {t} is poisoned by {str(e.get('poison')).replace('_', ' ')}: {_EFFECT.get(e.get('effect'), e.get('effect'))}."
    if k == "poison_ended":
        ended = _CONDITION.get(e.get("condition"), e.get("condition"))
        if e.get("by") == "antidote":
            return f"{a} gives {t} an antidote: {ended} is over."
        return f"  {t} shakes off {ended}." if e.get("by") == "resisted" else f"  {ended.capitalize()} wears off for {t}."
    if k == "dose":
        return f"  {a}'s weapon was poisoned with {str(e.get('poison')).replace('_', ' ')}."
    if k == "river_crossing":
        return f"  The party swims across the river ({e.get('swimmers')} swimmers)."
    if k == "capsized":
        return f"  The boat capsizes: all {e.get('aboard')} aboard are in the water!"
    if k == "through_the_ice":
        return f"  The ice gives way under {t}!"
    if k == "in_water":
        return f"  {t} is in the deep water, swimming."
    if k == "went_under":
        return f"  {t} goes under: {_UNDER.get(e.get('cause'), e.get('cause'))}." if e.get("cause") != "breath" else (
            f"  {t} gets a breath of air but is still under water.")
    if k == "drowning":
        return f"  {t} is drowning!"
    if k == "struggling":
        return f"{a} struggles for air under the water."
    if k == "rescued":
        return f"{a} pulls {t} out of the water."
    if k == "left_water":
        return f"  {t} climbs out of the water."
    if k == "infected":
        disease = str(e.get("disease")).replace("_", " ")
        return f"  {t} is infected ({disease}, virulence {e.get('virulence')}): sick, no damage heals until cured."
    if k == "heatstroke":
        return f"  {t} has heatstroke: no recovery until cooled down (ENV-07)."
    if k == "cooled":
        return f"  {t} cools down in the shade."
    if k == "hypothermic":
        return f"  {t} is hypothermic."
    if k == "warmed":
        return f"  {t} warms up."
    return None
