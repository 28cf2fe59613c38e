"""The chase action kinds' specs, one per `CK`, in `CK` order (`SPECS[kind]` is a tuple index): the
one home of each kind's label, the decisions it is offered at and its legality hook (chase/offers.py),
the skill, opposing skill and modifiers of its roll, its effect or answer (chase/actions.py), its
block in the env's action space and its words. chase/legal.py lists, chase/resolve.py and
chase/engine.py resolve, `describe`, chase/narrate.py and envs/chase_encoding.py encode through it."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.chase import actions as a
from yz_gym.rulesets.yze.chase import offers as o
from yz_gym.rulesets.yze.chase.spec import (
    ABLE,
    MOVING,
    Answer,
    ChaseSpec,
    Dice,
    Effect,
    Form,
    Offer,
    OfferHook,
    Over,
    Words,
    no_modifiers,
    no_words,
)
from yz_gym.rulesets.yze.chase.state import CK, CLIMB, DESCEND, ChaseAction, ChaseState

CHOSEN: Final = ("action",)  # the pilot's (or grouped side's leader's) chase action
ANY_SLOT: Final = ("action", "shot", "auto_weapon")  # also a passenger's shot and an auto weapon's order


def _climbing(state: ChaseState, action: ChaseAction, actor: int, words: list[str]) -> None:
    """VEH-AIR-03: climbing or descending with the move."""
    if action.option in (CLIMB, DESCEND):
        words.append("and climb" if action.option == CLIMB else "and descend")


def _mounted(state: ChaseState, action: ChaseAction, actor: int, words: list[str]) -> None:
    """The mounted weapon fired (option k >= 0)."""
    if action.option < 0:
        return
    u = state.unit_of(actor) if actor >= 0 else -1
    if u >= 0 and state.units[u].vehicle >= 0:
        weapons = state.vehicles[state.units[u].vehicle].weapons
        if action.option < len(weapons):
            words.append(f"(mounted {weapons[action.option].weapon.replace('_', ' ')})")


def _spec(
    kind: CK, label: str, form: Form, block: int, *offer: Offer, active: bool = False, own_step: bool = False,
    skill: str = "", against: str = "", dice: Dice = no_modifiers, effect: Effect | None = None,
    answer: Answer | None = None, words: Words = no_words,
) -> ChaseSpec:  # fmt: skip
    return ChaseSpec(kind, label, offer, active, own_step, skill, against, dice, effect, answer, form, block, words)


def _at(at: tuple[str, ...], rank: int, hook: OfferHook, over: Over = Over.ONCE, needs: int = 0) -> Offer:
    return Offer(at, over, hook, rank, needs)


SPECS: Final[tuple[ChaseSpec, ...]] = (
    _spec(
        CK.CHASE, "chase / flee", Form.LEVEL, 0, _at(CHOSEN, 0, o.chase_offer, needs=MOVING),
        active=True, skill="Mobility", dice=a.chase_dice, effect=a.chase_effect, words=_climbing,
    ),
    _spec(
        CK.HIDE, "hide from", Form.UNIT, 12, _at(CHOSEN, 1, o.hide_offer, Over.PURSUERS, MOVING),
        active=True, skill="Stealth", against="Observation", dice=a.hide_dice, effect=a.hide_effect,
    ),
    _spec(
        CK.BLOCK, "block", Form.UNIT, 13, _at(CHOSEN, 2, o.block_offer, Over.PURSUERS, MOVING),
        active=True, skill="Force", dice=a.block_dice, effect=a.block_effect,
    ),
    _spec(
        CK.CUT_OFF, "cut off", Form.UNIT, 14, _at(CHOSEN, 3, o.cut_off_offer, Over.QUARRY, MOVING),
        active=True, skill="Mobility", against="Mobility", dice=a.cut_off_dice, effect=a.cut_off_effect,
    ),
    _spec(
        CK.SHOOT, "shoot at", Form.WEAPON, 16, _at(ANY_SLOT, 4, o.shoot_offer, needs=ABLE),
        active=True, own_step=True, skill="Marksmanship", dice=a.shoot_dice, effect=a.shoot_effect, words=_mounted,
    ),
    _spec(
        CK.OTHER, "do something else", Form.LEVEL, 1, _at(ANY_SLOT, 7, o.other_offer),
        effect=a.other_effect, words=_climbing,
    ),
    _spec(
        CK.EXTINGUISH, "put out the fire on", Form.PERSON, 17, _at(("action", "shot"), 6, o.extinguish_offer, needs=ABLE),
        own_step=True, skill="Mobility", dice=a.extinguish_dice, effect=a.extinguish_effect,
    ),
    _spec(
        CK.FIGHT, "switch to close combat", Form.ONE, 2, _at(CHOSEN, 5, o.fight_offer, needs=ABLE),
        active=True, effect=a.fight_effect,
    ),
    _spec(CK.PUSH, "push the roll", Form.ONE, 3, _at(("push",), 0, o.push_offer), answer=a.push_answer),
    _spec(
        CK.DECLINE, "do not push", Form.ONE, 4, _at(("push", "pride"), 1, o.decline_offer), answer=a.decline_answer,
    ),
    _spec(CK.KEEP, "go on", Form.ONE, 5, _at(("cancel",), 0, o.keep_offer), answer=a.go_on),
    _spec(CK.CANCEL, "cancel the action", Form.ONE, 6, _at(("cancel",), 1, o.cancel_offer), answer=a.cancel_answer),
    _spec(
        CK.ATTACK, "attack", Form.TARGET, 15, _at(("catch",), 0, o.attack_offer),
        skill="Melee", effect=a.attack_effect, answer=a.catch_answer,
    ),
    _spec(CK.STAY, "stay engaged", Form.ONE, 7, _at(("catch",), 1, o.stay_offer), answer=a.stay_answer),
    _spec(CK.OVERTAKE, "overtake", Form.ONE, 8, _at(("catch",), 2, o.overtake_offer), answer=a.overtake_answer),
    _spec(CK.ESCAPE, "slip away", Form.ONE, 9, _at(("hidden",), 0, o.escape_offer), answer=a.go_on),
    _spec(CK.AMBUSH, "spring an ambush on", Form.ONE, 10, _at(("hidden",), 1, o.ambush_offer), answer=a.ambush_answer),
    _spec(CK.PRIDE, "use your pride", Form.ONE, 11, _at(("pride",), 0, o.pride_offer), answer=a.pride_answer),
)
