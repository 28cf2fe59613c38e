"""Scripted chase agents (SRD_DIGEST 3): they play a `ChaseState` through the chase verbs.

- `flee` (prey): Chase/Flee; Block a pursuer within Short when that gains more (CHASE-BLOCK-01/02).
- `hider` (prey): Hide whenever it may (Medium or farther, CHASE-HIDE-01), else as `flee`.
- `cutoff` (pursuer): Cut Off a prey at Extreme (CHASE-CUTOFF-01/03), Chase otherwise;
  attacks or rams at the catch (CHASE-FLEE-03).
- `shooter`: Stand and Shoot when a shot is likely to hit (CHASE-SHOOT-01), else Chase/Flee.

All of them, whatever their role: shoot with passengers at the target where a hit does the most
harm (CHASE-VSHOOT-01), put out fires in their own vehicle first (FIRE-04), push a roll that
falls short (CHASE-15), go on with revealed actions except a risky alley (OBST-VEH-10: creep
through when the driving roll fails more than `ALLEY_RISK` of the time), attack at every catch,
and slip away after a won Hide (CHASE-HIDE-04; the ambush would turn the chase into combat).
An agent that finds itself in the other role (an overtaken pursuer, a prey in the middle of an
individual-mode strip) plays the natural action of that role (Chase/Flee).

They are chase-only: given a zone-fight state they raise a TypeError naming the zone agents.
"""

from __future__ import annotations

from typing import Any

from yz_gym.agents.base import Agent
from yz_gym.agents.odds import p_success, successes
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.attacks import shot_modifier, shot_pool, target_unit, weapon_for
from yz_gym.rulesets.yze.chase.effects import pride_saves, roller, speed_bonus, unit_pool
from yz_gym.rulesets.yze.chase.state import (
    CK,
    CLIMB,
    DESCEND,
    EXTREME,
    PILOT,
    SHOOTER,
    SHORT,
    ChaseAction,
    ChaseScenario,
    ChaseState,
)

ALLEY_ROW = 10  # OBST-VEH-10
ALLEY_RISK = 0.2  # creep through (cancel) when the alley roll fails more often than this
SHOOT_ODDS = 0.5
FAR = EXTREME  # the cutoff agent's range for Cut Off  # the shooter stands and shoots when a hit is at least this likely


class ChaseAgent(Agent):
    """The behaviour shared by the chase agents; subclasses choose the round's chase action."""

    name = "chase"

    def choose(self, state: Any, actions: list[ChaseAction]) -> ChaseAction:  # type: ignore[override]
        """One of `actions`, the legal actions of the current actor of the chase `state`."""
        if not isinstance(state, ChaseState):
            raise TypeError(
                f"the '{self.name}' agent plays chases (a ChaseState), not {type(state).__name__}; "
                "zone fights have the agents random, aggressive and tactical"
            )
        if len(actions) == 1:
            return actions[0]
        kind = chase.decision_kind(state)
        me = chase.current_actor(state)
        if kind == "push":
            return self._push(state, actions)
        if kind == "pride":  # DICE-13: claimed when it turns a failed roll into a success
            wanted = CK.PRIDE if pride_saves(state.queue[state.cursor]) else CK.DECLINE
            return _first(actions, wanted) or actions[0]
        if kind == "cancel":
            return self._cancel(state, me, actions)
        if kind == "catch":
            return self._catch(state, me, actions)
        if kind == "hidden":
            return _first(actions, CK.ESCAPE) or actions[0]
        if kind in ("shot", "auto_weapon"):
            return (
                _extinguish(actions)
                or best_shot(state, me, actions)[0]
                or _first(actions, CK.OTHER)
                or actions[0]
            )
        return self.act(state, me, state.unit_of(me), actions)

    # --- the round's chase action (the pilot's, or the grouped side's) ---------------------------

    def act(self, state: ChaseState, me: int, u: int, actions: list[ChaseAction]) -> ChaseAction:
        """The chase action; by default Chase/Flee (see the subclasses)."""
        return (
            _move(actions) or _extinguish(actions) or best_shot(state, me, actions)[0]
            or _first(actions, CK.OTHER) or actions[0]
        )  # fmt: skip

    # --- decisions while the round resolves ----------------------------------------------------

    def _push(self, state: ChaseState, actions: list[ChaseAction]) -> ChaseAction:
        """CHASE-15: push when the roll does not do what it must (one success, or beat the opposing)."""
        step = state.queue[state.cursor]
        roll = step.roll
        need = 1 if step.opp is None else step.opp.successes + 1
        short = roll is not None and roll.successes < need
        roller = state.world.combatants[step.roller] if step.roller >= 0 else None
        healthy = roller is not None and roller.health > 1 and roller.resolve > 1
        choice = CK.PUSH if short and healthy else CK.DECLINE
        return _first(actions, choice) or actions[0]

    def _cancel(self, state: ChaseState, me: int, actions: list[ChaseAction]) -> ChaseAction:
        """CHASE-12: go on, unless a vehicle faces an alley it is likely to crash in (OBST-VEH-10)."""
        keep = _first(actions, CK.KEEP) or actions[0]
        step = state.queue[state.cursor]
        if step.kind != "act" or state.scenario.obstacle_table != "vehicle" or state.obstacle != ALLEY_ROW:
            return keep
        u = step.unit
        if state.units[u].vehicle < 0:
            return keep
        fail = 1.0 - p_success(unit_pool(state, u, "Mobility")[0].sides)
        return (_first(actions, CK.CANCEL) or keep) if fail > ALLEY_RISK else keep

    def _catch(self, state: ChaseState, me: int, actions: list[ChaseAction]) -> ChaseAction:
        """CHASE-FLEE-03: the close attack or ram; a vehicle rams the vehicle, a runner strikes a person."""
        attacks = [a for a in actions if a.kind == CK.ATTACK]
        if not attacks:
            return _first(actions, CK.STAY) or actions[0]
        return max(attacks, key=lambda a: _attack_key(state, a))


class FleeAgent(ChaseAgent):
    """Prey: Chase/Flee; Block the nearest pursuer when it is within Short and the block is worth
    more bands than fleeing (`block_gain` against `flee_gain`)."""

    name = "flee"

    def act(self, state: ChaseState, me: int, u: int, actions: list[ChaseAction]) -> ChaseAction:
        """Block when close, else flee."""
        near = nearest(state, u, state.behind(u))
        if near is not None and state.range(u, near) <= SHORT:
            block = _targeted(state, actions, CK.BLOCK, near)
            if block is not None and block_gain(state, u, near) > flee_gain(state, u):
                return block
        return super().act(state, me, u, actions)


class HiderAgent(FleeAgent):
    """Prey: Hide from the nearest pursuer when it may (Medium or farther), else as `flee`."""

    name = "hider"

    def act(self, state: ChaseState, me: int, u: int, actions: list[ChaseAction]) -> ChaseAction:
        """Hide if possible, else flee."""
        hides = [a for a in actions if a.kind == CK.HIDE]
        if hides:
            return min(hides, key=lambda a: (state.range(u, a.unit), a.unit))  # the closest watcher
        return super().act(state, me, u, actions)


class CutoffAgent(ChaseAgent):
    """Pursuer: Cut Off a prey at Extreme (`FAR`), Chase otherwise; attack or ram at the catch.

    Cutting off nearer is a poor gamble: a lost or tied Cut Off drops to Extreme (CHASE-CUTOFF-03)
    and costs -2 at Long (CHASE-CUTOFF-01); at Extreme the prey is about to get away anyway."""

    name = "cutoff"

    def act(self, state: ChaseState, me: int, u: int, actions: list[ChaseAction]) -> ChaseAction:
        """Cut off the nearest prey when far, else chase."""
        prey = nearest(state, u, state.in_front(u))
        if prey is not None and state.range(u, prey) >= FAR:
            cut = _targeted(state, actions, CK.CUT_OFF, prey)
            if cut is not None:
                return cut
        if prey is not None and state.range(u, prey) <= SHORT:
            level = _toward_altitude(state, u, prey, actions)  # a catch needs the same altitude
            if level is not None:
                return level
        return super().act(state, me, u, actions)


class ShooterAgent(ChaseAgent):
    """Stand and Shoot when a hit is likely (at least SHOOT_ODDS), else Chase/Flee."""

    name = "shooter"

    def act(self, state: ChaseState, me: int, u: int, actions: list[ChaseAction]) -> ChaseAction:
        """Shoot if the odds are good, else move."""
        shot, odds = best_shot(state, me, actions)
        if shot is not None and odds >= SHOOT_ODDS:
            return shot
        return super().act(state, me, u, actions)


CHASE_AGENTS: dict[str, type[ChaseAgent]] = {
    cls.name: cls for cls in (FleeAgent, HiderAgent, CutoffAgent, ShooterAgent)
}


def natural_agent(scenario: ChaseScenario, side: int) -> str:
    """The scripted agent of a side's role: `cutoff` for the pursuer, `flee` for the prey."""
    return "cutoff" if side == scenario.pursuer else "flee"


# --- helpers ------------------------------------------------------------------------------------


def expected(sides: tuple[int, ...]) -> float:
    """Mean successes of a pool."""
    dist = successes(sides)
    return sum(i * p for i, p in enumerate(dist))


def flee_gain(state: ChaseState, u: int) -> float:
    """Bands Chase/Flee gains on average (CHASE-FLEE-01, CHASE-17 speed bonus, the slowest member)."""
    r = roller(state, u, "Mobility")
    return expected(unit_pool(state, r, "Mobility", speed_bonus(state, r))[0].sides)


def block_gain(state: ChaseState, u: int, t: int) -> float:
    """Bands a Block gains on average: one on a success (CHASE-BLOCK-01), plus the pursuer's own
    Chase/Flee when it fails the Force roll to get past (CHASE-BLOCK-02)."""
    mine = p_success(unit_pool(state, roller(state, u, "Force"), "Force")[0].sides)
    stuck = 1.0 - p_success(unit_pool(state, roller(state, t, "Force"), "Force")[0].sides)
    return mine * (1.0 + stuck * flee_gain(state, t))


def nearest(state: ChaseState, u: int, others: list[int]) -> int | None:
    """The closest of `others` to unit u (first on ties)."""
    return min(others, key=lambda o: (state.range(u, o), o), default=None)


def _first(actions: list[ChaseAction], kind: CK) -> ChaseAction | None:
    return next((a for a in actions if a.kind == kind), None)


def _move(actions: list[ChaseAction]) -> ChaseAction | None:
    """Chase/Flee on the level (air pilots keep their altitude)."""
    moves = [a for a in actions if a.kind == CK.CHASE]
    return next((a for a in moves if a.option < 0), moves[0] if moves else None)


def _toward_altitude(state: ChaseState, u: int, t: int, actions: list[ChaseAction]) -> ChaseAction | None:
    """Chase/Flee while climbing or descending one zone toward unit t's altitude (VEH-AIR-03)."""
    gap = state.altitude(t) - state.altitude(u)
    if gap == 0:
        return None
    option = CLIMB if gap > 0 else DESCEND
    return next((a for a in actions if a.kind == CK.CHASE and a.option == option), None)


def _extinguish(actions: list[ChaseAction]) -> ChaseAction | None:
    return _first(actions, CK.EXTINGUISH)


def _targeted(state: ChaseState, actions: list[ChaseAction], kind: CK, unit: int) -> ChaseAction | None:
    """The `kind` action aimed at `unit` (in grouped mode: at its side's leader)."""
    side = state.units[unit].side
    options = [a for a in actions if a.kind == kind]
    exact = next((a for a in options if a.unit == unit), None)
    return exact or next((a for a in options if state.units[a.unit].side == side), None)


def _toughness(state: ChaseState, a: ChaseAction) -> float:
    """What is left to take before the target is out, with its armor's expected saves."""
    if a.vehicle >= 0:
        v = state.vehicles[a.vehicle]
        return max(0.5, v.type.hull - v.damage + v.armor / 6)
    person = state.world.combatants[a.target]
    return max(0.5, min(person.health, person.resolve) + person.armor_rating / 6)


def _attack_key(state: ChaseState, a: ChaseAction) -> tuple[float, int, int]:
    return (1.0 / _toughness(state, a), a.vehicle, a.target)


def best_shot(state: ChaseState, me: int, actions: list[ChaseAction]) -> tuple[ChaseAction | None, float]:
    """The SHOOT action with the most expected harm (hit chance x damage / toughness), and its
    hit chance; (None, 0) when there is none. The chooser slot (Stand and Shoot, a passenger's
    shot, an auto-targeting weapon) comes from the decision being asked."""
    best: tuple[float, ChaseAction | None, float] = (-1.0, None, 0.0)
    kind = chase.decision_kind(state)
    slot = PILOT if kind == "action" else (SHOOTER if kind == "shot" else state.choosers[0][1])
    for a in actions:
        if a.kind != CK.SHOOT:
            continue
        weapon = weapon_for(state, me, a.option)
        if weapon is None or target_unit(state, a) < 0:
            continue
        pool = shot_pool(state, me, slot, weapon, shot_modifier(state, me, slot, a, 0), a.option)
        odds = p_success(pool.sides)
        value = odds * weapon.damage / _toughness(state, a)
        if value > best[0]:
            best = (value, a, odds)
    return best[1], best[2]


__all__ = [
    "CHASE_AGENTS",
    "ChaseAgent",
    "CutoffAgent",
    "FleeAgent",
    "HiderAgent",
    "ShooterAgent",
    "best_shot",
    "natural_agent",
]
