"""What a pushed roll costs (PUSH-10..20), paid after the action resolves (PUSH-13).

- `damage_stress` (PUSH-11): each bane on base dice (attribute and skill dice, DICE-05) is 1 damage
  on a Strength/Agility roll or 1 stress on a Wits/Empathy roll. With `push_tool_absorbs`
  (PUSH-12/GEAR-06) the weapon used loses 1 per bane instead.
- `attribute` (PUSH-14): each bane on attribute dice takes 1 point off that attribute (step dice:
  one die step, and below D6 the attribute is 0); with
  `willpower` (PUSH-15) each point lost gives 1 Willpower.
- `stress_dice` (PUSH-16..18): +1 stress at once (rolls.push_roll); any 1 on a stress die, pushed
  or not, calls for a panic roll (combat/panic.py).
- `conditions` (PUSH-19, DMGM-05): one physical (STR/AGI roll) or mental (WIT/EMP roll) condition.
- `doom` (PUSH-20): the GM gains 1 doom point (`GameState.doom`).
In pool games banes on gear dice also wear the gear used (PUSH-02, GEAR-01), whatever the cost.
Breaking yourself by pushing never causes a critical injury or death (BROKEN-05)."""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.damage import release_holds, take_damage
from yz_gym.rulesets.yze.combat.gear import wear
from yz_gym.rulesets.yze.combat.panic import check_panic
from yz_gym.rulesets.yze.dice import Roll, Source
from yz_gym.rulesets.yze.rolls import is_physical
from yz_gym.rulesets.yze.state import SKILL_ATTRIBUTE, Combatant, GameState


def pay_push(
    state: GameState,
    c: Combatant,
    roll: Roll,
    skill: str,
    rng: np.random.Generator,
    events: list[Event],
    tool: int = -1,
) -> None:
    """PUSH-10..20: the cost of a pushed roll of `skill`; `tool` is the weapon used (index) or -1."""
    options = state.options
    mode = options.push_cost
    if not roll.pushed or mode == "none":
        return
    physical = is_physical(skill)
    if options.dice_mode == "pool" and tool >= 0:
        wear(state, c, tool, roll.banes(Source.GEAR), events)  # PUSH-02, GEAR-01
    if mode == "damage_stress":
        banes = roll.banes(Source.ATTRIBUTE) + roll.banes(Source.SKILL)  # PUSH-11: base dice
        if banes and options.push_tool_absorbs and tool >= 0:
            wear(state, c, tool, banes, events)  # PUSH-12/GEAR-06: the tool takes the hit
            banes = 0
        take_damage(state, c, banes, rng, events, stress=not physical, own_push=True)
    elif mode == "attribute":
        index = SKILL_ATTRIBUTE[skill]
        was_broken = c.broken
        lost = min(roll.banes(Source.ATTRIBUTE), c.attrs[index])
        if lost and options.dice_mode == "step":
            sides = c.attrs[index] - 2 * lost  # step dice: one step down per bane (MOD-07: D6 -> gone)
            lost = c.attrs[index] - (sides if sides >= 6 else 0)
        if lost:
            c.attrs[index] -= lost  # PUSH-14
            events.append(Event("push_cost", c.id, -1, {"attribute": index, "amount": lost}))
            if options.willpower:
                c.willpower += lost  # PUSH-15
                events.append(Event("willpower", c.id, -1, {"gained": lost, "total": c.willpower}))
            if c.broken and not was_broken:
                events.append(Event("broken", c.id, c.id, {"by": "push"}))  # BROKEN-05: no crit
                release_holds(state, c)
    elif mode == "conditions":
        take_damage(state, c, 1, rng, events, stress=not physical, own_push=True)  # PUSH-19, DMGM-05
    elif mode == "doom":
        state.doom += 1  # PUSH-20
        events.append(Event("doom", c.id, -1, {"doom": state.doom}))


def after_roll(
    state: GameState,
    c: Combatant,
    roll: Roll | None,
    skill: str | None,
    rng: np.random.Generator,
    events: list[Event],
    tool: int = -1,
    opponent: Combatant | None = None,
    opposing: Roll | None = None,
) -> None:
    """After an action: its push is paid (PUSH-13), then stress-die 1s call for panic (PUSH-17)."""
    if roll is None:
        return
    if roll.pushed and skill is not None:
        pay_push(state, c, roll, skill, rng, events, tool)
    check_panic(state, c, roll, rng, events)
    if opponent is not None:
        check_panic(state, opponent, opposing, rng, events)
