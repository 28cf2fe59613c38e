"""Chase building blocks: rolls that can wait for a push decision, obstacle effects (OBST-*,
CHASE-13, CHASE-COLLATERAL-01, CHASE-NPC-03), moves along the strip (CHASE-FLEE-01,
CHASE-MULTI-05, VEH-AIR-03) and speed bonuses (CHASE-17, CHASE-SPEED-01).

Readings: see chase/obstacles.py (the tables) and chase/resolve.py (the round).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.chase.attacks import npc_attack
from yz_gym.rulesets.yze.chase.obstacles import GUARD, THUG, Obstacle, obstacle, scaled
from yz_gym.rulesets.yze.chase.state import CK, CLIMB, DESCEND, ChaseAction, ChaseState, Step
from yz_gym.rulesets.yze.combat.damage import take_damage
from yz_gym.rulesets.yze.combat.pushing import after_roll
from yz_gym.rulesets.yze.dice import DicePool, Roll
from yz_gym.rulesets.yze.modifiers import Modifiers
from yz_gym.rulesets.yze.rolls import roll_data, skill_pool
from yz_gym.rulesets.yze.vehicles.damage import hit_vehicle, wreck
from yz_gym.rulesets.yze.vehicles.operation import driving_pool, travel_speed

DRIVEN: Final = frozenset({"Mobility", "Force", "Stealth"})  # CHASE-14: rolled with [Driving] in a vehicle


# --- rolls ------------------------------------------------------------------------------------


def unit_pool(
    state: ChaseState, u: int, skill: str, modifier: int | Modifiers = 0
) -> tuple[DicePool, str, str]:
    """CHASE-14: the listed skill on foot; in a vehicle the driving roll (VEH-03) + Maneuverability.
    Returns the pool, the skill shown, and the skill whose push cost is paid."""
    unit = state.units[u]
    c = state.world.combatants[unit.pilot]
    if unit.vehicle >= 0 and skill in DRIVEN:
        v = state.vehicles[unit.vehicle]
        return driving_pool(state.world, c, v, modifier), v.options.vehicle_skill, "Mobility"
    return skill_pool(state.world, c, skill, 0, modifier), skill, skill


def roller(state: ChaseState, u: int, skill: str) -> int:
    """CHASE-MULTI-02: a grouped side rolls with its slowest member (lowest pool, first on ties)."""
    if state.options.chase_multi != "grouped":
        return u
    step = state.world.options.dice_mode == "step"

    def size(m: int) -> int:
        pool = unit_pool(state, m, skill)[0]
        return sum(d.sides for d in pool.dice) if step else len(pool.dice)

    return min(state.members(u), key=size)


def stage_roll(
    state: ChaseState, step: Step, rng: np.random.Generator, events: list[Event], u: int, skill: str,
    modifier: int | Modifiers, purpose: str, opposed: Callable[[], Roll | None] | None = None,
) -> Roll | None:  # fmt: skip
    """The step's roll for the current stage: rolled once, then the roller may push (PUSH-04,
    CHASE-15). None while the push decision is pending."""
    if step.roll is None:
        pool, shown, cost = unit_pool(state, u, skill, modifier)
        who = state.units[u].pilot
        make_roll(state, step, rng, events, who, pool, shown, cost, purpose)
        if opposed is not None:
            step.opp = opposed()  # OPP-04: the roller may push after seeing it
        offer_push(state, step)
    return None if step.waiting else step.roll


def make_roll(
    state: ChaseState, step: Step, rng: np.random.Generator, events: list[Event], who: int,
    pool: DicePool, shown: str, cost: str, purpose: str, tool: int = -1,
) -> None:  # fmt: skip
    roll = dice.roll(pool, rng)
    events.append(Event("roll", who, -1, {"skill": shown, "purpose": purpose, **roll_data(roll)}))
    step.roll, step.roller, step.skill, step.tool = roll, who, cost, tool


def offer_push(state: ChaseState, step: Step) -> None:
    """PUSH-04, CHASE-15: the roller may push the step's roll; if not asked, the Pride comes next."""
    world = state.world
    assert step.roll is not None
    if (
        step.roller >= 0
        and world.options.ask_push
        and dice.can_push(step.roll)
        and not world.combatants[step.roller].out
    ):
        step.waiting = True
        state.asking, state.ask = step.roller, "push"
        return
    offer_pride(state, step)


def offer_pride(state: ChaseState, step: Step) -> None:
    """DICE-13: once the roll is final (after the push decision), a roller with an unused Pride is
    asked whether to claim its automatic success (PRIDE or DECLINE)."""
    if step.roller < 0 or step.roll is None:
        return
    c = state.world.combatants[step.roller]
    if c.pride and not c.pride_used and not c.out:
        step.waiting = True
        state.asking, state.ask = step.roller, "pride"


def claim_pride(state: ChaseState, step: Step, events: list[Event]) -> None:
    """DICE-13: the roller's Pride adds one automatic success to the step's roll, once a session."""
    assert step.roll is not None
    c = state.world.combatants[step.roller]
    c.pride_used = True
    step.roll = dice.with_auto_success(step.roll)
    events.append(Event("pride", c.id, -1, {"pride": c.pride, "skill": step.skill, "successes": step.roll.successes}))


def pride_saves(step: Step) -> bool:
    """The Pride turns the step's roll from failing to succeeding: no success (or, opposed, exactly
    as many as the other side: ties lose, CUTOFF-03) becomes enough (for agents)."""
    if step.roll is None:
        return False
    return step.roll.successes == (0 if step.opp is None else step.opp.successes)


def opposing_roll(
    state: ChaseState, rng: np.random.Generator, events: list[Event], u: int, skill: str,
    modifier: int | Modifiers = 0,
) -> Roll:  # fmt: skip
    """OPP-01/04: the other side's roll, never pushed."""
    pool, shown, _ = unit_pool(state, u, skill, modifier)
    roll = dice.roll(pool, rng)
    who = state.units[u].pilot
    events.append(Event("roll", who, -1, {"skill": shown, "purpose": "oppose", **roll_data(roll)}))
    return roll


def roll_done(state: ChaseState, step: Step, rng: np.random.Generator, events: list[Event]) -> None:
    """PUSH-13: the push is paid after the roll's effect; then the step may roll again."""
    if step.roll is not None and step.roller >= 0:
        after_roll(
            state.world, state.world.combatants[step.roller], step.roll, step.skill, rng, events, step.tool
        )
    step.roll = step.opp = None
    step.roller, step.tool = -1, -1


# --- obstacles --------------------------------------------------------------------------------


def current_obstacle(state: ChaseState) -> Obstacle | None:
    """The obstacle of this round (CHASE-09)."""
    return obstacle(state.scenario.obstacle_table, state.obstacle)


def obstacle_mod(state: ChaseState, kind: CK) -> int:
    """CHASE-13, OBST-*: the obstacle's modifier for an action."""
    o = current_obstacle(state)
    return 0 if o is None else scaled(o, kind, state.options.vehicle_obstacle_adv)


def obstacle_check(state: ChaseState, u: int, act: ChaseAction, active: bool) -> tuple[str, str] | None:
    """The obstacle's no-action roll this unit must make first: (check, skill), or None; `active`:
    the action is an active one (its spec's)."""
    o = current_obstacle(state)
    if o is None or not o.check:
        return None
    prey, pursuer = state.is_prey(u), state.is_pursuer(u)
    unit = state.units[u]
    if o.check == "alley":
        return ("alley", "Mobility") if unit.vehicle >= 0 and act.kind != CK.OTHER else None  # OBST-VEH-10
    if not active:
        return None
    if o.check == "stall" and prey and act.kind in (CK.CHASE, CK.HIDE, CK.BLOCK):
        return "stall", "Force"  # OBST-FOOT-2
    if o.check == "crowd" and pursuer:
        return "crowd", "Observation"  # OBST-FOOT-4
    if o.check in ("monks", "thugs") and prey:
        return o.check, "Persuasion"  # OBST-FOOT-5, OBST-FOOT-10
    if o.check == "old_man" and pursuer:
        return "old_man", "Force"  # OBST-FOOT-7
    return None


def check_result(
    state: ChaseState,
    u: int,
    check: str,
    ok: bool,
    rng: np.random.Generator,
    events: list[Event],
    hurt: int = -1,
) -> None:
    """The effect of an obstacle check (OBST-FOOT-2/4/5/7/10, OBST-VEH-10) on the acting unit
    `u`; `hurt` is the unit that rolled (a grouped side's slowest member), who takes the harm."""
    hurt = u if hurt < 0 else hurt
    events.append(Event("obstacle_check", state.units[hurt].pilot, -1, {"check": check, "passed": ok}))
    if check == "monks" and ok:
        state.hide_bonus.add(u)  # OBST-FOOT-5: any Hide +2
    if check == "thugs":  # OBST-FOOT-10
        victim = hurt
        if ok:
            behind = state.behind(u)
            if not behind:
                return
            victim = min(behind, key=lambda b: state.range(u, b))  # they go for the pursuer
        for m in state.members(victim):
            state.failed.add(m)
        if state.options.obstacle_npcs:
            npc_attack(state, "thugs", THUG, victim, state.units[victim].pilot, rng, events)
        return
    if ok:
        return
    state.failed.add(u)
    if check == "alley":  # OBST-VEH-10: wrecked, its chase ends
        wreck(state.world, state.vehicles[state.units[hurt].vehicle], rng, events)
    elif check == "stall":  # OBST-FOOT-2: stopped, D3 damage
        damage_unit(state, hurt, dice.d3(rng), rng, events)


def damage_unit(
    state: ChaseState, u: int, amount: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """Collision damage: to the vehicle (OBST-VEH-3/7/9, close-combat crit column), or the runner."""
    unit = state.units[u]
    if unit.vehicle >= 0:
        hit_vehicle(
            state.world, state.vehicles[unit.vehicle], amount, rng, events, close=True,
            use_armor=state.options.obstacle_damage_armor,
        )  # fmt: skip
    else:
        take_damage(state.world, state.world.combatants[unit.pilot], amount, rng, events)


def failed_effects(
    state: ChaseState, u: int, kind: CK, rng: np.random.Generator, events: list[Event]
) -> None:
    """OBST-VEH-3/7/9 vehicle damage after a failed Chase/Flee; OBST-VEH-4/8 collateral
    (CHASE-COLLATERAL-01): heat for the side, D3 to a bystander; OBST-FOOT-4: a failed shot
    hits a bystander."""
    o = current_obstacle(state)
    if o is None:
        return
    unit = state.units[u]
    if o.fail_damage and kind == CK.CHASE and unit.vehicle >= 0:
        damage_unit(state, u, int(rng.random() * o.fail_damage) + 1, rng, events)
    crowd_shot = o.check == "crowd" and kind == CK.SHOOT
    if (kind in o.collateral and unit.vehicle >= 0) or crowd_shot:
        state.heat[unit.side] += state.options.collateral_heat
        hurt = int(rng.random() * state.options.collateral_bystander_die) + 1
        events.append(
            Event("collateral", unit.pilot, -1, {"bystander_damage": hurt, "heat": state.heat[unit.side]})
        )


def npc_fire(state: ChaseState, shooter: int, rng: np.random.Generator, events: list[Event]) -> None:
    """OBST-FOOT-6 / OBST-VEH-5, CHASE-NPC-02/03: guards or police fire at whoever shoots."""
    o = current_obstacle(state)
    if o is None or not o.npc or not state.options.obstacle_npcs:
        return
    u = state.unit_of(shooter)
    if u >= 0 and state.active(u):
        npc_attack(state, o.npc, GUARD, u, shooter, rng, events)


# --- moves -------------------------------------------------------------------------------------


def place(state: ChaseState, movers: list[int], pos: int) -> None:
    stamp = state.new_stamp()
    for m in movers:
        state.units[m].pos = pos
        state.units[m].stamp = stamp


def forward(state: ChaseState, u: int, steps: int, events: list[Event]) -> None:
    """CHASE-FLEE-01, CHASE-MULTI-05: move up the strip; stop Engaged at the nearest enemy ahead."""
    unit = state.units[u]
    start = unit.pos
    front = state.in_front(u)
    target = start + steps
    if front:
        nearest = min(front, key=lambda e: (state.units[e].pos, -state.units[e].stamp))
        goal = state.units[nearest].pos
        if target >= goal:
            state.catches.append((u, target - goal))  # CHASE-FLEE-03/04, checked after everyone
            target = goal
    if target != start:
        place(state, state.members(u), target)
    events.append(Event("moved", unit.pilot, -1, {"bands": target - start, "pos": target}))


def change_altitude(state: ChaseState, u: int, option: int, events: list[Event]) -> bool:
    """VEH-AIR-03: one zone up or down (each zone of movement is vertical or horizontal)."""
    unit = state.units[u]
    if unit.vehicle < 0 or option not in (CLIMB, DESCEND):
        return False
    v = state.vehicles[unit.vehicle]
    new = v.altitude + (1 if option == CLIMB else -1)
    if not 0 <= new <= state.scenario.max_altitude:
        return False
    v.altitude = new
    events.append(Event("altitude", unit.pilot, -1, {"vehicle": v.name, "altitude": new}))
    return True


def speed_bonus(state: ChaseState, u: int) -> int:
    """CHASE-17: +2 for a vehicle against opponents on foot where speed counts; CHASE-SPEED-01
    (option): +1 per full 50% road-speed advantage over the nearest enemy vehicle, at most +2."""
    unit = state.units[u]
    enemies = state.enemies(u)
    if unit.vehicle < 0 or not enemies or not state.scenario.speed_counts:
        return 0
    if all(state.units[e].vehicle < 0 for e in enemies):
        return state.options.vehicle_vs_foot_bonus
    if not state.options.chase_speed_gap:
        return 0
    nearest = min((e for e in enemies if state.units[e].vehicle >= 0), key=lambda e: state.range(u, e))
    terrain = state.scenario.terrain
    mine = travel_speed(state.vehicles[unit.vehicle], terrain)
    theirs = travel_speed(state.vehicles[state.units[nearest].vehicle], terrain)
    if theirs <= 0 or mine <= theirs:
        return 0
    return min(2, int((mine / theirs - 1) / 0.5 + 1e-9))
