"""Hazards in a zone fight, on the round clock: what the engine calls when a scenario declares them
(`Setup.hazards`), and the RESCUE and ANTIDOTE actions.

- The start of the fight: whoever starts in deep water is in it (HAZ-DROWN-01..03).
- The start of each turn: lethal poison deals its damage (HAZ-POISON-LETHAL-01/02); one under
  water or drowning struggles for air and loses the turn (AMB-05).
- The end of each round: a round in the water (HAZ-DROWN-02/04..06), then whoever came into deep
  water goes in and whoever swam out leaves it; the gas of a zone (HAZ-POISON-02, `gas_rolls`);
  paralysis and sleep count down (HAZ-POISON-PARALYZE-01, -SLEEP-01); a round in the cold
  (HAZ-COLD-01..06).
- A hit that wounds with a poisoned weapon delivers a dose (HAZ-POISON-02, `poison_needs_damage`).
Nothing here runs in a scenario without a `hazards:` block: its games stay as they were."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.conditions import TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze.hazards.cold import cold_time
from yz_gym.rulesets.yze.hazards.drowning import enter_water, in_water, leave_water, rescue, water_time
from yz_gym.rulesets.yze.hazards.kinds import (
    COLD_EXPOSED,
    DROWNED,
    DROWNING,
    IN_GAS,
    POISON_KINDS,
    UNDERWATER,
    find,
)
from yz_gym.rulesets.yze.hazards.poison import expose_to_poison, give_antidote, poison_time, poison_turn
from yz_gym.rulesets.yze.hazards.setting import UNLIMITED, HazardSetting
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.zone.actions import Action, Kind, action
from yz_gym.rulesets.yze.zone.movement import enter_zone

ANTIDOTE_ITEM: Final = "antidote"  # HAZ-POISON-04: used up when given
STRUGGLING: Final = (UNDERWATER.name, DROWNING.name, DROWNED.name)  # no action while any lasts (AMB-05)
_NO_ACTION: Final = Action(Kind.END_TURN)  # the cost hooks' action argument, unused by them


def struggling(c: Combatant) -> bool:
    """Under water or drowning: fighting for air, no actions (AMB-05)."""
    return any(t.kind in STRUGGLING for t in c.timed)


def _in_deep_water(setting: HazardSetting, c: Combatant) -> bool:
    """In a deep-water zone on foot (aboard a vehicle, a boat, one stays dry)."""
    return setting.water(c.zone) and c.vehicle < 0 and not c.fled


def fight_starts(state: GameState, events: list[Event]) -> None:
    """Those who start in deep water are in it (HAZ-DROWN-01..03); the exposed who have been out in
    the cold for `cold_elapsed` rounds roll that much sooner (HAZ-COLD-02)."""
    setting = state.setup.hazards
    assert setting is not None
    for c in state.combatants:
        if _in_deep_water(setting, c):
            enter_water(state, setting.options, c, events)
        unit = setting.options.cold_roll_unit(setting.cold[c.zone])
        if setting.cold_elapsed and unit is not None and c.id not in setting.protected and c.vehicle < 0:
            period = state.options.clock.rounds(unit)
            c.timed.append(TimedCondition(COLD_EXPOSED.name, period - setting.cold_elapsed % period))


def moved(state: GameState, c: Combatant, events: list[Event]) -> None:
    """`c` has moved: into deep water it swims or goes under (and, under, acts no more this turn);
    out of it, a swimmer climbs out (HAZ-DROWN-01..03)."""
    setting = state.setup.hazards
    assert setting is not None
    if _in_deep_water(setting, c):
        enter_water(state, setting.options, c, events)
        if struggling(c):
            c.actions_used = 2  # AMB-05: fighting for air from now on
    elif in_water(c):
        leave_water(c, events)


def turn_starts(state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event]) -> bool:
    """The start of `c`'s turn: lethal poison ticks (HAZ-POISON-LETHAL-01); True if `c` loses the
    turn struggling for air (AMB-05)."""
    setting = state.setup.hazards
    assert setting is not None
    if c.timed:
        poison_turn(state, setting.options, c, rng, events)
    if c.dead or not struggling(c):
        return False
    c.acted = True
    events.append(Event("struggling", c.id))
    return True


def round_ends(state: GameState, rng: np.random.Generator, events: list[Event]) -> None:
    """The hazards of one round, for everyone still in the fight's world (not dead, not fled)."""
    setting = state.setup.hazards
    assert setting is not None
    hazard_options = setting.options
    for c in state.combatants:
        if c.dead or c.fled:
            continue
        if c.timed:
            water_time(state, hazard_options, c, 1, rng, events)  # HAZ-DROWN-02/04..06
        if _in_deep_water(setting, c):
            enter_water(state, hazard_options, c, events)
        elif in_water(c):
            leave_water(c, events)
        if c.timed:  # before the gas: a fresh dose lasts its whole time
            poison_time(state, hazard_options, c, 1, rng, events)  # HAZ-POISON-PARALYZE-01, -SLEEP-01
        if not c.dead:
            _gas(state, setting, c, rng, events)
        band = setting.cold[c.zone]
        if not c.dead and (band != "warm" or c.timed):
            blankets = c.items.count("blanket")  # HAZ-COLD-03
            exposed = c.id not in setting.protected and c.vehicle < 0
            cold_time(state, hazard_options, c, band, 1, rng, events, exposed=exposed, blankets=blankets)


def _gas(state: GameState, setting: HazardSetting, c: Combatant, rng: np.random.Generator, events: list[Event]) -> None:
    """HAZ-POISON-02: a round breathing a zone's gas calls for a roll against it, unless its
    effect is already on; with `gas_rolls: on_entry` only the first round in the zone does."""
    gas = setting.gas[c.zone]
    breathing = find(c.timed, IN_GAS)
    if gas is None:
        if breathing is not None:
            c.timed.remove(breathing)
        return
    if breathing is None:
        c.timed.append(IN_GAS.start())
    elif setting.options.gas_rolls == "on_entry":
        return
    if not any(t.kind in POISON_KINDS for t in c.timed):
        expose_to_poison(state, setting.options, c, gas, rng, events)


def wounded_by(
    state: GameState, actor: Combatant, target: Combatant, damage: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """HAZ-POISON-02: a hit with a poisoned weapon delivers a dose, one that wounds with
    `poison_needs_damage` (the default); each dose is used up."""
    setting = state.setup.hazards
    assert setting is not None
    coated = setting.weapons.get(actor.id)
    if coated is None or actor.held < 0 or actor.weapons[actor.held].name != coated.weapon or target.dead:
        return
    if damage <= 0 and setting.options.poison_needs_damage:
        return
    left = state.doses.get(actor.id, coated.doses)
    if left == 0:
        return
    if left != UNLIMITED:
        state.doses[actor.id] = left - 1
    events.append(Event("dose", actor.id, target.id, {"poison": coated.poison.name, "left": left - 1 if left > 0 else -1}))
    expose_to_poison(state, setting.options, target, coated.poison, rng, events)


# --- RESCUE and ANTIDOTE (their specs are in resolution/effects.py) ---------------------------------


def _rescuer(state: GameState, c: Combatant, slow: bool) -> bool:
    """Free to act for someone else: in the fight, an action of the cost left, not held, not
    fighting for air itself."""
    return not c.out and c.can_take(slow) and c.grappled_by < 0 and c.grappling < 0 and not struggling(c)


def rescue_slow(state: GameState, c: Combatant, act: Action) -> bool:
    """AMB-05: a rescue is the slow action (`rescue_action`)."""
    setting = state.setup.hazards
    return setting is None or setting.options.rescue_action == "slow"


def antidote_slow(state: GameState, c: Combatant, act: Action) -> bool:
    """HAZ-POISON-04: giving an antidote is a fast action (`antidote_action`)."""
    setting = state.setup.hazards
    return setting is not None and setting.options.antidote_action == "slow"


def rescue_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """AMB-05: one under water or drowning in the rescuer's deep-water zone (not held in a grapple)."""
    setting = state.setup.hazards
    if setting is None or not setting.water(c.zone) or not _rescuer(state, c, rescue_slow(state, c, _NO_ACTION)):
        return []
    return [
        action(Kind.RESCUE, o.id)
        for o in state.combatants
        if o.zone == c.zone and o.id != c.id and not o.dead and not o.fled and o.grappled_by < 0 and o.grappling < 0
        and struggling(o)
    ]


def antidote_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """HAZ-POISON-04: a carried antidote, to anyone poisoned in the zone (oneself too)."""
    if state.setup.hazards is None or ANTIDOTE_ITEM not in c.items:
        return []
    if not _rescuer(state, c, antidote_slow(state, c, _NO_ACTION)):
        return []
    return [
        action(Kind.ANTIDOTE, o.id)
        for o in state.combatants
        if o.zone == c.zone and not o.dead and not o.fled and any(t.kind in POISON_KINDS for t in o.timed)
    ]


def rescue_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: np.random.Generator,
    events: list[Event],
) -> None:  # fmt: skip
    """AMB-05: the victim is pulled out of the water and both reach the zone's shore (with
    `rescue_stops_death: false` one Broken while drowning still dies when the stretch is up)."""
    setting = state.setup.hazards
    assert setting is not None
    victim = state.combatants[frame.target]
    shore = setting.shore[victim.zone]
    if not rescue(state, setting.options, victim, events, actor.id):
        return
    for c in (victim, actor):
        if c.zone != shore and not c.dead:
            leave_water(c, events)
            enter_zone(state, c, shore)
            events.append(Event("moved", c.id, -1, {"zone": shore}))


def antidote_effect(
    state: GameState, frame: Frame, actor: Combatant, net: int, success: bool, rng: np.random.Generator,
    events: list[Event],
) -> None:  # fmt: skip
    """HAZ-POISON-04: the antidote is used up and ends every poison effect on the target."""
    actor.items.remove(ANTIDOTE_ITEM)
    give_antidote(state.combatants[frame.target], events, actor.id)
