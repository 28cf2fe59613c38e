"""What the turn offer hooks of one legal listing share (`Listing`), worked out once per listing:
the actor and its actions left, who it is engaged with, its weapon in hand, its vehicle and mount,
and, with a slow action left, where it can see and how far the zones are (zone/legal.py builds it
and asks every kind's `ActionSpec.offer` hook with it)."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.combat.attacks import (
    can_shoot_at,
    free_hands,
    hands_ok,
    rounds_left,
    shot_options,
    weapon_def,
)
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.tables import Weapon
from yz_gym.rulesets.yze.vehicles.movement import MAX_MANEUVER, climb_ok, drive_paths
from yz_gym.rulesets.yze.vehicles.operation import can_move, driving_pool
from yz_gym.rulesets.yze.vehicles.seats import can_fire_out, exposed
from yz_gym.rulesets.yze.zone.actions import CLIMB, DESCEND, Action
from yz_gym.rulesets.yze.zone.movement import engaged_enemies, moving_is_slow

# What a listing has (`Listing.has`): an offer's hook is asked only when the listing has all its
# `Offer.needs`, so a hook checks the rest only.
FAST_LEFT: Final = 1  # an action left (ACT-01)
SLOW_LEFT: Final = 2  # a slow action left
ACTING: Final = 4  # an action left and not grappling (ACTN-GRAPPLE-01: a grappler only strikes or lets go)
AFOOT: Final = 8  # acting, in no vehicle
SLOW_READY: Final = 16  # acting with a slow action left, not held in a grapple, not in a wreck
ENGAGED: Final = 32  # acting and engaged with an enemy
UNENGAGED: Final = 64  # acting and engaged with no enemy
PRONE: Final = 128
STANDING: Final = 256
GRAPPLING: Final = 512  # holding someone in a grapple
GRAPPLED: Final = 1024  # held in a grapple (ACTN-GRAPPLE-02)
CLOSE: Final = 2048  # slow-ready, on foot, engaged with someone (ATK-01 reaches only the engaged)
UNARMED: Final = 4096  # slow-ready, engaged, no close-combat weapon in hand (ACTN-CLOSE-02)
SHOOTER: Final = 8192  # slow-ready with a loaded ranged weapon in hand the hands can hold (ATK-03/07)
AIDS: Final = 16384  # slow-ready with the hands first aid needs (CRIT-PHYS arm rows)
VEHICLES: Final = 32768  # the fight has vehicles
ABOARD: Final = 65536  # in a vehicle
MOUNTED: Final = 131072  # someone in the fight has a mount (MOUNT-*)
RIDING: Final = 262144  # on a living mount
HAZARDS: Final = 524288  # the fight has hazards (hazards/fight.py)
# while acting, what the actor carries and where it stands
SPARE: Final = 1 << 20  # a carried weapon not in hand
RANGED: Final = 1 << 21  # `Listing.ranged`: a ranged weapon in hand it can use
ITEMS: Final = 1 << 22  # carries items
COVER: Final = 1 << 23  # its zone has cover
BURNING: Final = 1 << 24  # on fire (FIRE-04)
DOORS: Final = 1 << 25  # its zone has doors
EXIT: Final = 1 << 26  # its zone is an exit
FRESH: Final = 1 << 27  # no action used yet this round, moving not slowed (ACTN-DIVE-01)
RIDERS: Final = 1 << 28  # someone else in the fight rides a living mount (MOUNT-08/11)
LOOSE: Final = 1 << 29  # a living mount stands riderless (DISMOUNT; MOUNT-08/11/12)
UNREADY: Final = 1 << 30  # `ranged`, fast to ready and not loaded (ACTN-RELOAD-02)
SPENT: Final = 1 << 31  # `ranged`, slow to reload, spent (or part-used: AUTO-06) with a reload left (ACTN-RELOAD-01/03)
SWAPS: Final = 1 << 32  # nothing done yet this turn, no swap this round (INIT-SWAP-02/04): a swap may be open
NEEDS: Final = (
    FAST_LEFT, SLOW_LEFT, ACTING, AFOOT, SLOW_READY, ENGAGED, UNENGAGED, PRONE, STANDING, GRAPPLING,
    GRAPPLED, CLOSE, UNARMED, SHOOTER, AIDS, VEHICLES, ABOARD, MOUNTED, RIDING, HAZARDS, SPARE, RANGED,
    ITEMS, COVER, BURNING, DOORS, EXIT, FRESH, RIDERS, LOOSE, UNREADY, SPENT, SWAPS,
)  # fmt: skip


class Listing:
    """One turn's legal listing in the making: `out` collects the offers, in the listing's order.

    `fast`, `slow`: an action, a slow action left (ACT-01). `acting`: a fast action left and not
    grappling (ACTN-GRAPPLE-01: a grappler only strikes or lets go). `aboard`: its vehicle (on
    foot: None; VEH-DMG-07..09: occupants keep few of the actions on foot); `wreck`: that vehicle
    is wrecked (VEH-DMG-03: leaving is all there is to do). `grappled`: held in a grapple
    (ACTN-GRAPPLE-02). `riding`, `cramped_ok`: on a living mount, and whether that mount fits
    cramped zones (MOUNT-04). `weapon`: the weapon in hand. `occupant`: acting, not held, not in a
    wreck: free to use the kinds an occupant keeps. Only while `acting` (else empty or False):
    `engaged`, the enemies it is engaged with; `enemies`, those to close in on (on foot and engaged
    with none); `moves_slowly` (ACTN-CRAWL-03, CRIT-PHYS rows); `ranged`, a ranged weapon in hand,
    unbroken, that the hands can hold (ATK-07); `mover`, on foot and free to move with the action a
    move takes; `grips`, with a slow action left (`occupant`), engaged, fighting unarmed with a
    hand free (ACTN-CLOSE-02/03/06). `has` holds the rest as bits (SLOW_READY, UNARMED, AIDS,
    SHOOTER, ...)."""

    # one listing per decision: slots make building it cheaper (interpreted)
    __slots__ = (
        "_fire", "_fires", "_shoots", "_shots", "_sight", "_ways", "aboard", "acting", "c", "cramped_ok",
        "enemies", "engaged", "fast", "grappled", "grips", "has", "mover", "moves_slowly", "occupant",
        "out", "people", "ranged", "riding", "slow", "state", "weapon", "wreck",
    )  # fmt: skip

    def __init__(self, state: GameState, c: Combatant) -> None:
        self.state = state
        self.c = c
        self.people = state.combatants
        self.out: list[Action] = []
        # the fields read once into locals, c.can_take inlined (ACT-01): one listing per decision
        self.fast = fast = c.actions_used < 2
        self.slow = slow = fast and not c.slow_used
        grappling = c.grappling >= 0
        self.acting = acting = fast and not grappling
        self.aboard = aboard = state.vehicles[c.vehicle] if c.vehicle >= 0 else None
        self.wreck = wreck = aboard is not None and aboard.wrecked
        self.grappled = grappled = c.grappled_by >= 0
        mount = c.mount
        if mount is None:
            self.riding = self.cramped_ok = riding = False
        else:
            self.riding = riding = mount.ridden
            self.cramped_ok = mount.cramped_ok
        self.weapon: Weapon = weapon_def(state, c, c.held)  # the weapon in hand (held_weapon)
        self._fires = -1  # can_fire_out, worked out when first asked (-1: not yet)
        self._shots: list[int] | None = None
        self._shoots: dict[int, bool] | None = None  # can_shoot_at by target, worked out when first asked
        self._fire: tuple[bool, ...] | None = None  # the line of fire to each zone, worked out when asked
        self._ways: list[tuple[int, int, int]] | None = None
        self._sight: tuple[bool, ...] | None = None  # the zones in sight, worked out when first asked
        self.occupant = occupant = acting and not grappled and not wreck  # free to use an occupant's kinds
        has = (FAST_LEFT | SLOW_LEFT if slow else FAST_LEFT if fast else 0) | (PRONE if c.prone else STANDING)
        if grappling:
            has |= GRAPPLING
        if grappled:
            has |= GRAPPLED
        if not (c.swapped or state.turn_acts or c.prone_drops):
            has |= SWAPS
        if acting:
            # what the slow attacks and aid ask, asked once (ACTN-CLOSE-02, CRIT-PHYS arm rows, ATK-03/07)
            has |= self._acting(aboard is None, occupant and slow)
        else:
            self.engaged: list[Combatant] = []
            self.enemies: list[Combatant] = []
            self.moves_slowly = self.mover = self.ranged = self.grips = False
        if state.vehicles:
            has |= VEHICLES | (ABOARD if aboard is not None else 0)
        setup = state.setup
        if setup.mounted:
            has |= MOUNTED | (RIDING if riding else 0)
            for o in self.people:
                m = o.mount
                if m is not None and not m.dead:
                    has |= LOOSE if m.zone >= 0 else RIDERS if o is not c else 0
        self.has = has | (HAZARDS if setup.hazards is not None else 0)

    def _acting(self, afoot: bool, slow_ready: bool) -> int:
        """With an action left and not grappling: who the actor is engaged with, what it can close in
        on, move with, shoot, strike unarmed and aid with, and the bits of `has` they give (`afoot`:
        in no vehicle; `slow_ready`: a slow action left, not held in a grapple nor in a wreck)."""
        c = self.c
        state = self.state
        self.engaged = engaged = engaged_enemies(state, c)
        self.enemies = state.enemies(c) if afoot and not engaged else []
        injuries = c.injuries
        self.moves_slowly = slowly = c.prone or (bool(injuries) and moving_is_slow(c))
        # on foot and free to move (ACTN-GRAPPLE-02), with the action a move takes (ACTN-CRAWL-03)
        self.mover = afoot and not self.grappled and (self.slow or not slowly)
        held = c.held
        has = ACTING | (ENGAGED if engaged else UNENGAGED)
        if held >= 0:
            weapon = self.weapon
            # the weapon in hand is unbroken and the hands can hold it (ATK-07, CRIT-PHYS arm rows)
            fit = c.weapons[held].bonus >= 0 and hands_ok(c, weapon)
            armed = fit and not weapon.ranged  # a close-combat weapon to fight with (`fights_unarmed`)
            usable = fit and (weapon.ranged or weapon.thrown)  # one to shoot or throw
            self.ranged = ranged = usable and weapon.ranged
            if len(c.weapons) > 1:
                has |= SPARE
            if ranged:
                has |= RANGED | self._reloads()
        else:
            usable = armed = self.ranged = False
            if c.weapons:
                has |= SPARE
        if afoot:
            has |= AFOOT
        if c.items:
            has |= ITEMS
        if c.burning:
            has |= BURNING
        zone_map = state.zone_map
        zone = zone_map.zones[c.zone]
        if zone.covers:
            has |= COVER
        if zone.exit:
            has |= EXIT
        if zone_map.door_neighbours[c.zone]:
            has |= DOORS
        if c.actions_used == 0 and not slowly:
            has |= FRESH
        self.grips = False
        if slow_ready:
            hands = free_hands(c) if injuries else 2
            has |= SLOW_READY
            if not injuries or hands >= state.options.first_aid_hands:  # (PROPOSED)
                has |= AIDS
            if usable and c.weapons[held].loaded:
                has |= SHOOTER
            if c.engaged:
                self.grips = not armed and hands > 0
                if afoot:
                    has |= CLOSE | (0 if armed else UNARMED)
        return has

    def _reloads(self) -> int:
        """UNREADY or SPENT, or neither: what readying or reloading the ranged weapon in hand would do."""
        carried = self.c.weapons[self.c.held]
        weapon = self.weapon
        if weapon.reload_fast:
            return 0 if carried.loaded else UNREADY
        spent = not carried.loaded or (
            self.state.options.full_auto == "ammo_dice" and rounds_left(self.state, carried) < weapon.magazine
        )  # AUTO-06: a part-used magazine may be changed too
        return SPENT if spent and carried.reloads != 0 else 0

    def fires(self) -> bool:
        """VEH-DMG-08, AMB-19: the actor can fire out of its seat (always on foot)."""
        if self._fires < 0:
            self._fires = int(can_fire_out(self.state, self.c))
        return self._fires == 1

    def open_seat(self) -> bool:
        """VEH-DMG-07: aboard, in an exposed seat (what an occupant can throw from)."""
        return exposed(self.state, self.c)

    def hears(self, there: int) -> bool:
        """ACT-SLOW-PERSUADE: one in zone `there` can hear the actor: its zone, or an adjacent one in
        sight (the sight worked out once, when first needed)."""
        c = self.c
        if there == c.zone:
            return True
        zone_map = self.state.zone_map
        if zone_map.hops[c.zone][there] > 1:
            return False
        if self._sight is None:
            self._sight = zone_map.sight_from(c.zone, self.state.doors, c.peek)
        return self._sight[there]

    def shoots_at(self, other: Combatant) -> bool:
        """`can_shoot_at` the weapon in hand (the listing has SHOOTER: it is ready) at `other`, worked
        out once per target (SHOOT and SHOOT_MOUNT at a rider both ask)."""
        shoots = self._shoots
        if shoots is None:
            shoots = self._shoots = {}
        found = shoots.get(other.id)
        if found is None:
            if self._fire is None:
                self._fire = self.state.zone_map.fire_from(self.c.zone, self.state.doors, self.c.peek)
            found = can_shoot_at(self.state, self.c, other, self.weapon, fire=self._fire)
            shoots[other.id] = found
        return found

    def shots(self) -> list[int]:
        """SHOOT's options with the weapon in hand (AUTO-01/03), worked out once."""
        if self._shots is None:
            self._shots = shot_options(self.state, self.c)
        return self._shots

    def ways(self) -> list[tuple[int, int, int]]:
        """Where the actor, its vehicle's driver, can drive it now (ACT-FAST-DRIVE, VEH-MOVE-01/02,
        VEH-AIR-03): (zone, -1, zones on the way) for each zone within reach, then (-1, CLIMB or
        DESCEND, 1) for each vertical move an air vehicle can make; none unless its engine runs."""
        if self._ways is None:
            self._ways = []
            v = self.aboard
            if self.fast and v is not None and not v.wrecked and v.driver == self.c.id and v.engine_running and can_move(v):
                limit = min(MAX_MANEUVER, 1 + len(driving_pool(self.state, self.c, v).dice))
                self._ways = [(dest, -1, len(path)) for dest, path in drive_paths(self.state, v, limit).items()]
                if v.air:
                    self._ways += [(-1, option, 1) for option, step in ((CLIMB, 1), (DESCEND, -1)) if climb_ok(self.state, v, step)]
        return self._ways
