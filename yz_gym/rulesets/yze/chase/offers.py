"""When each chase action kind may be chosen: the offer hooks of the kinds' specs (chase/kinds.py),
asked by chase/legal.py with the `Listing` they share. A hook appends the kind's actions open now."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.chase.attacks import catch_targets, shot_targets, weapon_for
from yz_gym.rulesets.yze.chase.spec import Listing
from yz_gym.rulesets.yze.chase.state import CK, ENGAGED, MEDIUM, ChaseAction

PUSH: Final = ChaseAction(CK.PUSH)
DECLINE: Final = ChaseAction(CK.DECLINE)
PRIDE: Final = ChaseAction(CK.PRIDE)
KEEP: Final = ChaseAction(CK.KEEP)
CANCEL: Final = ChaseAction(CK.CANCEL)
STAY: Final = ChaseAction(CK.STAY)
OVERTAKE: Final = ChaseAction(CK.OVERTAKE)
ESCAPE: Final = ChaseAction(CK.ESCAPE)
AMBUSH: Final = ChaseAction(CK.AMBUSH)
FIGHT: Final = ChaseAction(CK.FIGHT)


# --- the round's choices (CHASE-08) -------------------------------------------------------------


def chase_offer(ctx: Listing, i: int) -> None:
    """CHASE-FLEE-01 (needs MOVING): on the level, or climbing or descending (VEH-AIR-03)."""
    ctx.out.extend(ChaseAction(CK.CHASE, option=a) for a in ctx.altitudes)


def hide_offer(ctx: Listing, t: int) -> None:
    """CHASE-HIDE-01 (needs MOVING; each pursuer): a prey may hide from a pursuer at Medium or farther."""
    if ctx.state.range(ctx.u, t) >= MEDIUM:
        ctx.out.append(ChaseAction(CK.HIDE, unit=t))


def block_offer(ctx: Listing, t: int) -> None:
    """CHASE-BLOCK-01 (needs MOVING; each pursuer): the prey blocks a pursuer."""
    ctx.out.append(ChaseAction(CK.BLOCK, unit=t))


def cut_off_offer(ctx: Listing, t: int) -> None:
    """CHASE-CUTOFF-01 (needs MOVING; each prey): the pursuer cuts a prey off."""
    ctx.out.append(ChaseAction(CK.CUT_OFF, unit=t))


def shoot_offer(ctx: Listing, i: int) -> None:
    """CHASE-SHOOT-01, CHASE-VSHOOT-01/04 (needs ABLE): every target in reach of each weapon it may fire."""
    state, c = ctx.state, ctx.c
    for option in ctx.weapons:
        weapon = weapon_for(state, c, option)
        if weapon is not None:
            ctx.out.extend(a._replace(option=option) for a in shot_targets(state, c, weapon))


def fight_offer(ctx: Listing, i: int) -> None:
    """CHASE-END-04 (needs ABLE): at Engaged with an enemy at the same altitude, switch to combat."""
    state, u = ctx.state, ctx.u
    if any(state.range(u, e) == ENGAGED and state.altitude(e) == state.altitude(u) for e in state.enemies(u)):
        ctx.out.append(FIGHT)


def extinguish_offer(ctx: Listing, i: int) -> None:
    """FIRE-04 (needs ABLE): put out the fire on yourself or someone in your unit."""
    people = ctx.state.world.combatants
    ctx.out.extend(
        ChaseAction(CK.EXTINGUISH, target=o) for o in ctx.state.crew(ctx.u) if people[o].burning and not people[o].dead
    )


def other_offer(ctx: Listing, i: int) -> None:
    """CHASE-OTHER-01: always open; an air pilot may climb or descend with it (VEH-AIR-03)."""
    ctx.out.extend(ChaseAction(CK.OTHER, option=a) for a in ctx.altitudes)


# --- decisions while the round resolves -----------------------------------------------------------


def push_offer(ctx: Listing, i: int) -> None:
    """PUSH-04, CHASE-15: push the roll."""
    ctx.out.append(PUSH)


def decline_offer(ctx: Listing, i: int) -> None:
    """Do not push, or keep the Pride (DICE-13)."""
    ctx.out.append(DECLINE)


def pride_offer(ctx: Listing, i: int) -> None:
    """DICE-13: claim the Pride's automatic success."""
    ctx.out.append(PRIDE)


def keep_offer(ctx: Listing, i: int) -> None:
    """CHASE-12: go on with the revealed action."""
    ctx.out.append(KEEP)


def cancel_offer(ctx: Listing, i: int) -> None:
    """CHASE-12: cancel it (never switch it)."""
    ctx.out.append(CANCEL)


def attack_offer(ctx: Listing, i: int) -> None:
    """CHASE-FLEE-03: the close attack or ram on an enemy at the catching unit's position and altitude."""
    ctx.out.extend(catch_targets(ctx.state, ctx.u))


def stay_offer(ctx: Listing, i: int) -> None:
    """CHASE-FLEE-04: stay Engaged."""
    ctx.out.append(STAY)


def overtake_offer(ctx: Listing, i: int) -> None:
    """CHASE-FLEE-04: with successes left over (and the `overtake` switch), move past the prey."""
    if ctx.extra > 0 and ctx.state.options.overtake:
        ctx.out.append(OVERTAKE)


def escape_offer(ctx: Listing, i: int) -> None:
    """CHASE-HIDE-04: the hidden prey leaves."""
    ctx.out.append(ESCAPE)


def ambush_offer(ctx: Listing, i: int) -> None:
    """CHASE-HIDE-04: the hidden prey springs a sneak attack."""
    ctx.out.append(AMBUSH)
