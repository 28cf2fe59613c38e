"""Mounts: riding animals in zone fights (MOUNT-01..15).

A mount is part of its rider's `Combatant` (`Combatant.mount`), not a combatant of its own: it
draws no initiative card, takes no actions, and does not keep its side in the fight. Attackers
reach it through the rider: ATTACK_MOUNT and SHOOT_MOUNT name the rider as target and hit the
animal instead (MOUNT-08/11); SHOOT_MOUNT takes SHOOT's options (a plain shot, a full-auto burst
AUTO-01 or ammo dice AUTO-03; zone/auto_targets.py). Decisions where the seed leaves room:

- MOUNT-03, AMB-11: a mounted character moves like anyone on foot (RUN, DOOR, RETREAT: one zone,
  no roll) or rides hard: RIDE, a fast action with a Mobility roll, moves one zone plus one per
  success (0 successes still one zone) toward the chosen zone, along the shortest way.
- MOUNT-06: every Mobility roll made to move while riding (RIDE, and the rolls of RUN, DOOR,
  RETREAT and closing in: cluttered or dark zones, ACTN-RUN-03, DARK-02) uses the mount's Agility
  with the rider's Mobility skill. Other Mobility rolls (throwing, putting out fire) are the
  rider's own.
- MOUNT-04: no moving into (or through) a cramped zone, unless the mount's `cramped` flag says it
  can; a mounted character never crawls or drops prone (unless its mount fits cramped zones, the
  only way into them being a crawl), seeks cover, makes a diving blow (ACTN-DIVE-01: it would
  leave the saddle) or gets into a vehicle. A rider thrown prone gets up first.
- MOUNT-05, AMB-12: in cluttered zones one zone per action: RIDE is not offered from a cluttered
  zone or along a way through one (RUN into one still rolls Mobility, with the mount's Agility,
  and a failure leaves the rider prone there: ZONE-FEAT-CLUTTERED-02). Dark zones are avoided by
  RIDE as well (DARK-02 rolls every fast move there).
- MOUNT-07: two-handed weapons cannot be drawn or used while riding (attacks.hands_ok).
- MOUNT-08..11: attacks on a rider get -1 (close always; ranged with `rider_penalty_ranged`,
  AMB-13); the rider's own ranged attacks get -2 (attacks.close_modifier / ranged_modifier). An
  attack at the mount cannot be blocked (the animal does not block) and ignores the rider's -1.
- MOUNT-12: when a roll with the mount's Agility is pushed, each bane on those Agility dice is
  1 damage to the mount; the rider pays only for its own dice (as push_cost says).
- MOUNT-14: a mount whose Strength reaches 0 is dead: no critical injury. Its rider is on foot
  (not prone: the seed says nothing of a fall). MOUNT-15: a mount has Strength and Agility only,
  so no stress and no Wits or Empathy rolls.
- Step dice: `agility` is a grade (the die rolled) and `strength` the mount's damage track
  (DMGM-03: ceil((Strength + Agility) / 4) of the two grades' sides), the track MOUNT-14 empties.
- MOUNT-01 (carrying gear) and MOUNT-13 (recovery) are API facts: `carry_capacity`, `recover_mount`.

Getting off and back on (DISMOUNT, REMOUNT). The seeds do not say what either costs (VEH-04/05
speak of vehicles; no AMB covers animals); decisions:

- VEH-05 by analogy: an animal is straddled like a motorcycle, so getting off or on is a fast
  action by default; `rules.mount_action: slow` makes both slow (as VEH-04 for cars).
- DISMOUNT: a rider on its living mount, on its own turn, not prone (a thrown rider gets up
  first), not grappling or grappled, not in a cramped zone (the cramped line, AMB-25, has no
  place for a riderless animal). Engagements are kept: nobody moves.
- The riderless mount stays where it was left (`Mount.zone`) and does nothing on its own: no
  card, no actions, no moving, no fleeing; it still does not keep its side in the fight. It can
  be attacked (MOUNT-12): ATTACK_MOUNT by anyone on foot in its zone (Engaged is a relation
  between people, as for a vehicle: the animal in your zone is within reach), SHOOT_MOUNT like a
  shot at a vehicle (a loaded ranged weapon, line of fire, in range, DARK-05; RMOD-05..16 by
  range, aim, dim or dark zone, smoke, MOUNT-10 from horseback; no size modifier, as for a
  ridden mount). It is never Engaged, prone or defenceless, and there is no rider to take -1
  (MOUNT-09) nor to lose overwatch (ACTN-OVERWATCH-04). Blasts and fire leave mounts alone,
  ridden or not (as before). Only the mounts of enemies still in the fight are targets.
- REMOUNT (target = the mount's rider): in the mount's zone, on foot, not prone, not grappling
  or grappled, and, as for boarding a vehicle, with no active enemy at Engaged. It ends cover.
  `rules.remount_by`: `rider` (default; the seeds are silent): only its own rider; `side`: also
  an ally with no living mount of its own, once the animal's rider is out of the fight (the
  mount is then the ally's).
"""

from __future__ import annotations

from collections import deque
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.attacks import (
    BAND,
    DARK_MODIFIER,
    MOUNTED_SHOT,
    PRONE_ATTACKER,
    RANGE_MODIFIER,
    UNSEEN_MODIFIER,
    can_shoot,
    hands_ok,
    held_weapon,
    smoky,
)
from yz_gym.rulesets.yze.dice import DicePool, Die, Roll, Source
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers, as_modifiers
from yz_gym.rulesets.yze.mounts.mount import Mount
from yz_gym.rulesets.yze.rolls import base_pool, roll_modifiers, with_stress_dice
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.vehicles.seats import altitude, band, can_fire_out
from yz_gym.rulesets.yze.zone.actions import Action, Kind, action
from yz_gym.rulesets.yze.zone.listing import Listing
from yz_gym.rulesets.yze.zone.movement import engaged_enemies, enter_zone, passable
from yz_gym.rulesets.yze.zone.offers import may_close_attack
from yz_gym.rulesets.yze.zone.spec import Events, Rng
from yz_gym.rulesets.yze.zone.zones import Range

MAX_RIDE: Final = 6  # the most zones one RIDE can aim at (1 + successes, MOUNT-03)
MOUNT_MOVES: Final = frozenset({Kind.RUN, Kind.DOOR, Kind.RETREAT, Kind.ENGAGE, Kind.RIDE})  # MOUNT-06


def riding(c: Combatant) -> bool:
    """On a living mount."""
    return c.mount is not None and c.mount.ridden


def riderless(c: Combatant) -> bool:
    """`c`'s living mount stands riderless in a zone (DISMOUNT)."""
    return c.mount is not None and c.mount.zone >= 0 and not c.mount.dead


def mount_zone(c: Combatant) -> int:
    """The zone of `c`'s mount: its rider's while ridden."""
    m = c.mount
    return m.zone if m is not None and m.zone >= 0 else c.zone


# --- MOUNT-01 / MOUNT-13: API facts ------------------------------------------------------------


def carry_capacity(mount: Mount) -> int:
    """MOUNT-01: regular items the animal carries for its rider (0 when dead)."""
    return 0 if mount.dead else mount.carry


def recover_mount(mount: Mount, shifts: int) -> int:
    """MOUNT-13, HEAL-04: an animal recovers like a player character: 1 point per shift of rest.
    A dead one does not. Returns the points recovered."""
    if mount.dead or shifts <= 0:
        return 0
    healed = min(shifts, mount.max_strength - mount.strength)
    mount.strength += healed
    return healed


# --- rolls (MOUNT-06, MOUNT-12) ----------------------------------------------------------------


def uses_mount(c: Combatant, kind: Kind, skill: str | None) -> bool:
    """MOUNT-06: a Mobility roll to move while riding uses the mount's Agility."""
    return skill == "Mobility" and kind in MOUNT_MOVES and riding(c)


def riding_pool(state: GameState, c: Combatant, gear: int = 0, modifier: int | Modifiers = 0) -> DicePool:
    """MOUNT-06: the rider's Mobility skill with the mount's Agility as the attribute."""
    assert c.mount is not None
    mods = roll_modifiers(c, "Mobility", as_modifiers(modifier))
    pool = base_pool(state.options, c.mount.agility, c.skill("Mobility"), gear, mods)
    return with_stress_dice(state.options, c, pool)  # PUSH-16


def mount_push(
    state: GameState, c: Combatant, kind: Kind, skill: str | None, roll: Roll, rng: np.random.Generator,
    events: list[Event],
) -> Roll:  # fmt: skip
    """MOUNT-12: a pushed roll with the mount's Agility harms the mount, 1 per bane on its dice.
    Returns the roll the rider pays for: the mount's dice no longer count as the rider's."""
    if not roll.pushed or not uses_mount(c, kind, skill):
        return roll
    banes = roll.banes(Source.ATTRIBUTE)
    if banes:
        wound_mount(state, c, banes, events, source=-1)
    pool = DicePool(
        tuple(Die(Source.ARTIFACT, d.sides) if d.source == Source.ATTRIBUTE else d for d in roll.pool.dice)
    )
    return Roll(pool, roll.faces, roll.pushed)


# --- damage (MOUNT-08, MOUNT-12, MOUNT-14) -------------------------------------------------------


def wound_mount(
    state: GameState, rider: Combatant, amount: int, events: list[Event], source: int = -1
) -> None:
    """MOUNT-12: the mount takes damage like a character; MOUNT-14: at 0 it dies, with no crit."""
    m = rider.mount
    if m is None or m.dead or amount <= 0:
        return
    m.strength = max(0, m.strength - amount)
    if source >= 0:
        state.combatants[source].damage_dealt += amount
    events.append(
        Event("mount_damage", source, rider.id, {"mount": m.name, "amount": amount, "left": m.strength})
    )
    if m.strength == 0:
        m.dead = True  # MOUNT-14: dead, no critical injury; the rider is on foot
        events.append(Event("mount_dies", source, rider.id, {"mount": m.name}))


# --- riding hard (MOUNT-03/05, AMB-11/12) --------------------------------------------------------


def _open_zone(state: GameState, c: Combatant, zone: int) -> bool:
    """A zone a RIDE may pass: not cluttered (MOUNT-05), not dark, not cramped (MOUNT-04)."""
    z = state.zone_map.zones[zone]
    return not (z.cluttered or z.dark or (z.cramped and not (c.mount and c.mount.cramped_ok)))


def ride_paths(state: GameState, c: Combatant, limit: int) -> dict[int, list[int]]:
    """The shortest open way to each zone up to `limit` zones away (the start excluded)."""
    paths: dict[int, list[int]] = {c.zone: []}
    queue = deque([c.zone])
    while queue:
        zone = queue.popleft()
        if len(paths[zone]) >= limit:
            continue
        for dest in state.zone_map.neighbours[zone]:
            if dest in paths or not _open_zone(state, c, dest) or not passable(state, zone, dest):
                continue
            paths[dest] = [*paths[zone], dest]
            queue.append(dest)
    del paths[c.zone]
    return paths


def ride(
    state: GameState, frame: Frame, c: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """MOUNT-03, AMB-11: 1 zone plus 1 per success along the way to the frame's zone, stopping there."""
    successes = frame.roll.successes if frame.roll is not None else 0
    path = ride_paths(state, c, MAX_RIDE).get(frame.zone, [])
    steps = path[: 1 + max(0, successes)]
    for zone in steps:
        enter_zone(state, c, zone)
    if steps:
        events.append(Event("moved", c.id, -1, {"zone": c.zone, "rode": len(steps)}))


# --- getting off and on; the riderless mount (DISMOUNT, REMOUNT) -------------------------------


def mount_slow(state: GameState, c: Combatant, action: Action) -> bool:
    """Getting off or on an animal is slow or fast as `mount_action` says (VEH-05 by analogy: fast)."""
    return state.options.mount_action == "slow"


def dismount(
    state: GameState, frame: Frame, c: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """MOUNT-02: `c` gets off; the mount stays in the zone, riderless (VEH-05 by analogy)."""
    m = c.mount
    if m is None or not m.ridden:
        return
    m.zone = c.zone
    events.append(Event("dismounted", c.id, -1, {"mount": m.name, "zone": c.zone}))


def remount(
    state: GameState, frame: Frame, c: Combatant, net: int, success: bool, rng: Rng, events: Events
) -> None:
    """MOUNT-02: `c` gets on the riderless mount of the frame's target (its own, or a fallen ally's
    with `remount_by: side`); riders seek no cover (MOUNT-04 list)."""
    owner = state.combatants[frame.target]
    m = owner.mount
    if m is None or m.dead or m.zone != c.zone:
        return
    if owner is not c:
        c.mount, owner.mount = m, None  # the animal is the new rider's now
    m.zone = -1
    c.cover = -1
    events.append(Event("remounted", c.id, owner.id, {"mount": m.name}))


def can_dismount(state: GameState, c: Combatant) -> bool:
    """DISMOUNT: riding, on foot otherwise free to act, not in a cramped zone (AMB-25)."""
    return (
        riding(c) and c.vehicle < 0 and not c.prone and c.grappled_by < 0 and c.grappling < 0
        and not state.zone_map.zones[c.zone].cramped
    )  # fmt: skip


def remount_owners(state: GameState, c: Combatant) -> list[int]:
    """REMOUNT targets: whose riderless mount `c` may get on (see the module docstring)."""
    if c.vehicle >= 0 or c.prone or c.grappled_by >= 0 or c.grappling >= 0 or engaged_enemies(state, c):
        return []
    own = c.mount
    if own is not None and not own.dead:
        return [c.id] if own.zone == c.zone else []
    if state.options.remount_by != "side":
        return []
    return [
        o.id for o in state.combatants
        if o.side == c.side and o.id != c.id and o.out and riderless(o) and mount_zone(o) == c.zone
    ]  # fmt: skip


def can_reach_riderless(state: GameState, a: Combatant, rider: Combatant) -> bool:
    """MOUNT-08/12, ATK-01: a riderless mount in `a`'s zone is within reach of anyone on foot
    (Engaged is a relation between people, as for a vehicle)."""
    if not riderless(rider) or a.vehicle >= 0 or a.grappling >= 0 or a.grappled_by >= 0:
        return False
    return mount_zone(rider) == a.zone


def riderless_band(state: GameState, a: Combatant, rider: Combatant) -> Range:
    """RANGE-*, AMB-23: zone hops to the riderless mount (never Engaged), altitude counted."""
    return band(state, a.zone, altitude(state, a), mount_zone(rider), 0)


def can_shoot_riderless(state: GameState, a: Combatant, rider: Combatant) -> bool:
    """MOUNT-11, ACTN-SHOOT-01 at a riderless mount: a loaded ranged weapon usable now, a seat
    to fire from, line of fire, in range (ATK-08), not at Medium or farther into darkness (DARK-05)."""
    if a.held < 0 or not riderless(rider):
        return False
    weapon = held_weapon(state, a)
    carried = a.weapons[a.held]
    if not (weapon.ranged or weapon.thrown) or not carried.loaded or carried.bonus < 0:
        return False
    if not hands_ok(a, weapon) or not can_fire_out(state, a):
        return False
    zone = mount_zone(rider)
    if not state.zone_map.line_of_fire(a.zone, zone, state.doors, a.peek):
        return False
    reach = riderless_band(state, a, rider)
    if reach > BAND[weapon.range]:
        return False
    return not (state.zone_map.zones[zone].dark and reach >= Range.MEDIUM)


def riderless_close_modifier(state: GameState, a: Combatant) -> Modifiers:
    """RMOD-01 (prone attacker -2) and DARK-03 (dark zone -2); the animal is neither prone nor
    defenceless, and there is no rider for MOUNT-09's -1."""
    mods = NO_MODIFIERS.plus(PRONE_ATTACKER) if a.prone else NO_MODIFIERS
    if state.zone_map.zones[a.zone].dark:
        mods = mods.plus(DARK_MODIFIER)
    return mods


def riderless_shot_modifier(state: GameState, a: Combatant, rider: Combatant) -> Modifiers:
    """RMOD-05..16 at a riderless mount: range band, aim, dim or dark zone, smoke (RMOD-15);
    MOUNT-10 from horseback. No size modifier (as for a ridden mount) and no MOUNT-09."""
    zone = mount_zone(rider)
    mods = NO_MODIFIERS.plus(RANGE_MODIFIER[riderless_band(state, a, rider)]).plus(a.aiming)
    z = state.zone_map.zones[zone]
    if z.dim:
        mods = mods.plus(state.options.dim_zone_mod if a.zone != zone else state.options.dim_light_mod)
    if z.dark:
        mods = mods.plus(DARK_MODIFIER)
    if smoky(state, zone) or smoky(state, a.zone):
        mods = mods.plus(UNSEEN_MODIFIER)
    if riding(a):
        mods = mods.plus(MOUNTED_SHOT)
    return mods


def shootable_mount(state: GameState, a: Combatant, rider: Combatant) -> bool:
    """MOUNT-11: `a` can shoot at `rider`'s mount, ridden or riderless (AUTO-01/05 targets)."""
    if riding(rider):
        return can_shoot(state, a, rider)
    return can_shoot_riderless(state, a, rider)


# --- when the riding kinds are offered (their ActionSpec.offer hooks, asked by zone/legal.py) ---------


def ride_offer(ctx: Listing, i: int) -> None:
    """MOUNT-03/05, AMB-11/12: riding hard from an open zone, not engaged (ACTN-RUN-02), standing
    and free of grapples, toward any zone 2 or more zones along an open way (one zone is a RUN)."""
    c = ctx.c
    if not ctx.riding or not ctx.acting or c.prone or ctx.grappled or ctx.engaged or not _open_zone(ctx.state, c, c.zone):
        return
    limit = min(MAX_RIDE, 1 + len(riding_pool(ctx.state, c).dice))
    for dest, path in ride_paths(ctx.state, c, limit).items():
        if len(path) >= 2:
            ctx.out.append(action(Kind.RIDE, -1, dest))


def attack_ridden_offer(ctx: Listing, i: int) -> None:
    """MOUNT-08: a close attack at the mount of an enemy rider one may attack."""
    other = ctx.people[i]
    if riding(other) and may_close_attack(ctx, other):
        ctx.out.append(action(Kind.ATTACK_MOUNT, i))


def shoot_ridden_offer(ctx: Listing, i: int) -> None:
    """MOUNT-11 (needs SHOOTER): a shot at the mount of an enemy rider one may shoot, with SHOOT's
    options (AUTO-01/03)."""
    other = ctx.people[i]
    if riding(other) and ctx.shoots_at(other):
        for option in ctx.shots():
            ctx.out.append(action(Kind.SHOOT_MOUNT, i, -1, option))


def _off_and_on(ctx: Listing) -> bool:
    """DISMOUNT, REMOUNT: an action of the cost `mount_action` says (VEH-05 by analogy), not aboard
    a wreck (VEH-DMG-03: leaving is all there is to do)."""
    return ctx.fast and not ctx.wreck and ctx.c.can_take(ctx.state.options.mount_action == "slow")


def dismount_offer(ctx: Listing, i: int) -> None:
    """MOUNT-02: getting off (`can_dismount`)."""
    if ctx.state.setup.mounted and _off_and_on(ctx) and can_dismount(ctx.state, ctx.c):
        ctx.out.append(action(Kind.DISMOUNT))


def remount_offer(ctx: Listing, i: int) -> None:
    """MOUNT-02: getting on a riderless mount (`remount_owners`)."""
    if ctx.state.setup.mounted and _off_and_on(ctx):
        for owner in remount_owners(ctx.state, ctx.c):
            ctx.out.append(action(Kind.REMOUNT, owner))


def _riderless_enemy(ctx: Listing, other: Combatant) -> bool:
    """The riderless mount of an unhidden enemy (ENEMY: still in the fight), not from a wreck."""
    return not ctx.wreck and not other.hidden and riderless(other)


def attack_riderless_offer(ctx: Listing, i: int) -> None:
    """MOUNT-08/12 (needs LOOSE, SLOW_LEFT): ATK-01 at the animal in your zone."""
    other = ctx.people[i]
    if _riderless_enemy(ctx, other) and can_reach_riderless(ctx.state, ctx.c, other):
        ctx.out.append(action(Kind.ATTACK_MOUNT, i))


def shoot_riderless_offer(ctx: Listing, i: int) -> None:
    """MOUNT-11/12 (needs LOOSE, SLOW_LEFT): a shot at the animal, a burst (AUTO-01) or ammo dice (AUTO-03)."""
    other = ctx.people[i]
    if _riderless_enemy(ctx, other) and can_shoot_riderless(ctx.state, ctx.c, other):
        for option in ctx.shots():
            ctx.out.append(action(Kind.SHOOT_MOUNT, i, -1, option))


def dismount_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The actor's mount, for `describe`."""
    if actor >= 0:
        m = state.combatants[actor].mount
        if m is not None:
            words.append(f"({m.name})")


def remount_words(state: GameState, action: Action, actor: int, words: list[str]) -> None:
    """The mount got on, for `describe`."""
    if action.target >= 0:
        m = state.combatants[action.target].mount
        if m is not None:
            words.append(f"({m.name})")


__all__ = [
    "MAX_RIDE",
    "can_dismount",
    "can_reach_riderless",
    "can_shoot_riderless",
    "carry_capacity",
    "dismount",
    "dismount_words",
    "mount_push",
    "mount_slow",
    "mount_zone",
    "recover_mount",
    "remount",
    "remount_owners",
    "remount_words",
    "ride",
    "ride_paths",
    "riderless",
    "riderless_close_modifier",
    "riderless_shot_modifier",
    "riding",
    "riding_pool",
    "shootable_mount",
    "uses_mount",
    "wound_mount",
]
