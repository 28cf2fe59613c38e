"""Stress level and panic (PUSH-16..18, PUSH-PANIC-06..15): the stress-dice push cost.

Used when `push_cost: stress_dice` (or `damage_model: health_only`, where stress has no track):
stress is then a level that only grows, adds stress dice to every roll (rolls.skill_pool), and a
1 on any stress die calls for a panic roll, D6 + stress, on the sample panic table.

Engine readings of the table's effects in a zone fight:
- "within Short" and "PCs" = the panicking combatant's side in the same zone;
- "everyone who hears it" = everyone else in the same or an adjacent zone (they roll once; their
  own screams do not chain further);
- drop (09): the held weapon leaves the hand; picking it up again is a Draw (fast action);
- lose your next action (10, 12): one action of this round if any is left, else of the next;
- seek cover (11) and berserk (14): recorded in `panic` for agents and logs, not enforced;
- flee (13): the combatant leaves the fight (`fled`); catatonic (15): out of the fight until
  its stress is gone. Lasting effects end when the stress level is back to 0 (PUSH-18).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.rolls import stress_ones
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.tables import panic_result

LASTING: Final = ("tremble", "seek_cover", "flee", "berserk", "catatonic")  # PUSH-PANIC-08..15


def stress_is_level(options: RuleOptions) -> bool:
    """PUSH-16: stress is a level (not a track to break) with stress dice or in health-only games."""
    return options.push_cost == "stress_dice" or options.damage_model == "health_only"


def add_stress(c: Combatant, amount: int, events: list[Event], source: int = -1) -> None:
    """Raise (or lower) the stress level; lasting panic effects end when it reaches 0 (PUSH-18)."""
    before = c.stress
    c.stress = max(0, c.stress + amount)
    if c.stress == 0:
        c.panic = ()
    if c.stress != before:
        events.append(Event("stress_level", source, c.id, {"amount": amount, "level": c.stress}))


def lose_action(c: Combatant, events: list[Event]) -> None:
    """PUSH-PANIC-10/12: the next action is lost: one left this round, else one of the next."""
    if c.actions_used < 2:
        c.actions_used += 1
    else:
        c.lost_actions += 1
    events.append(Event("action_lost", c.id))


def start_of_turn(c: Combatant) -> None:
    """Actions lost from a previous round are taken out of this turn's two (PUSH-PANIC-10)."""
    if c.lost_actions:
        c.actions_used = min(2, c.actions_used + c.lost_actions)
        c.lost_actions = 0


def panic_roll(
    state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event], *, chain: bool = True
) -> str:
    """PUSH-17: roll D6 + stress on the panic table and apply the result; returns its keyword."""
    if c.dead or c.fled:
        return "none"
    die = dice.d6(rng)
    row = panic_result(die + c.stress)
    events.append(
        Event("panic", c.id, -1, {"die": die, "stress": c.stress, "result": row.keyword, "rule": row.rule_id})
    )
    if row.keyword in LASTING and row.keyword not in c.panic:
        c.panic = (*c.panic, row.keyword)
    if row.keyword == "drop_item" and c.held >= 0:
        events.append(Event("dropped", c.id, -1, {"weapon": c.weapons[c.held].name}))
        c.held = -1  # PUSH-PANIC-09
    if row.lose_next_action:
        lose_action(c, events)  # PUSH-PANIC-10/12
    if row.keyword == "flee":
        c.fled = True  # PUSH-PANIC-13: flee to safety and refuse to leave
        release_holds(state, c, leaving=True)
        events.append(Event("fled", c.id, -1, {"panic": True}))
    if row.keyword == "catatonic":
        release_holds(state, c)  # PUSH-PANIC-15: out of the fight (Combatant.out)
    if row.stress_nearby:  # PUSH-PANIC-07/11: friends within Short gain stress
        for friend in state.combatants:
            if friend.side == c.side and friend.id != c.id and friend.zone == c.zone and not friend.out:
                add_stress(friend, row.stress_nearby, events, c.id)
    if row.stress_self:
        add_stress(c, row.stress_self, events, c.id)
    if row.others_roll_panic and chain:  # PUSH-PANIC-12..14: those who hear it roll for panic
        near = {c.zone, *state.zone_map.neighbours[c.zone]}
        for other in state.combatants:
            if other.id != c.id and other.zone in near and not other.out:
                panic_roll(state, other, rng, events, chain=False)
    return row.keyword


def release_holds(state: GameState, c: Combatant, *, leaving: bool = False) -> None:
    """A combatant out of the fight lets go of grapples, overwatch and aim (BROKEN-02); only one
    `leaving` it (dead or fled) also ends its engagements: a Broken one keeps its place at Engaged
    range (RANGE-ENGAGED), where rules that need an active enemy pass it by (ACTN-RUN-02)."""
    for other in state.combatants:
        if leaving:
            other.engaged.discard(c.id)
        if other.grappling == c.id:
            other.grappling = -1
        if other.grappled_by == c.id:
            other.grappled_by = -1
    if leaving:
        c.engaged.clear()
    c.grappling = -1
    c.grappled_by = -1
    c.overwatch = -1
    c.aiming = 0


def check_panic(
    state: GameState, c: Combatant, roll: dice.Roll | None, rng: np.random.Generator, events: list[Event]
) -> None:
    """PUSH-17: a 1 on any stress die, pushed or not, calls for one panic roll."""
    if stress_ones(roll) and not c.dead:
        panic_roll(state, c, rng, events)
