"""The words `describe` adds after a kind's label and names (ActionSpec.words): the weapon drawn, the
cover, the fire mode, the item, the card; vehicles/narrate.py and mounts/riding.py hold their kinds'."""

from __future__ import annotations

from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.vehicles.seats import weapon_label
from yz_gym.rulesets.yze.zone.actions import Action


def card_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The card number."""
    words.insert(1, f"#{action.option}")


def draw_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The weapon drawn."""
    if actor >= 0:
        words.append(weapon_label(state, state.combatants[actor].weapons[action.option].name))


def cover_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The cover piece."""
    if actor >= 0:
        zone = state.zone_map.zones[state.combatants[actor].zone]
        words.append(zone.covers[action.option].replace("_", " "))


def shot_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """AUTO-01, AUTO-03: full auto or ammo dice."""
    if action.option >= 1:
        auto = state.options.full_auto == "basic"
        words.append("(full auto)" if auto else f"({action.option} ammo dice)")


def item_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The item used, before its target."""
    if actor >= 0:
        words.insert(1, state.combatants[actor].items[action.option].replace("_", " ") + " on")


def disarm_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """ACTN-CLOSE-03: throwing the weapon away."""
    if action.option == 1:
        words.append("(throw it away)")


def aid_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """DEATH-03: stabilising."""
    if action.option == 1:
        words.append("(stabilise)")


def aim_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """ACTN-SHOOT-02: through the scope."""
    if action.option == 1:
        words.append("(through the scope)")
