"""What the turn offer hooks of one legal listing share (`Listing`), worked out once per listing:
the actor and its actions left, who it is engaged with, its weapon in hand, its vehicle and mount,
and, with a slow action left, where it can see and how far the zones are (zone/legal.py builds it
and asks every kind's `ActionSpec.offer` hook with it)."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.combat.attacks import (
    can_shoot_at,
    fights_unarmed,
    free_hands,
    hands_ok,
    held_weapon,
    rounds_left,
    shot_options,
)
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.tables import Weapon
from yz_gym.rulesets.yze.vehicles.movement import MAX_MANEUVER, climb_ok, drive_paths
from yz_gym.rulesets.yze.vehicles.operation import can_move, driving_pool
from yz_gym.rulesets.yze.vehicles.seats import can_fire_out, exposed
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
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
    grappling (ACTN-GRAPPLE-01: a grappler only strikes or lets go). `afoot`: acting and in no
    vehicle (VEH-DMG-07..09: occupants keep few of the actions on foot). `aboard`: its vehicle;
    `wreck`: that vehicle is wrecked (VEH-DMG-03: leaving is all there is to do). `grappled`: held
    in a grapple (ACTN-GRAPPLE-02). `slow_ready`: acting, a slow action left, not held, not in a
    wreck: then `unarmed`, `grips`, `aids` and `shooter` are worked out (and `hears`, when asked).
    `riding`, `cramped_ok`: on a living mount, and whether that mount fits cramped zones (MOUNT-04).
    `weapon`: the weapon in hand. `occupant`: free to use the kinds an occupant keeps. Only while
    `acting` (else empty or False): `engaged`, the enemies it is engaged with; `enemies`, those to
    close in on (on foot and engaged with none); `moves_slowly` (ACTN-CRAWL-03, CRIT-PHYS rows);
    `ranged`, a ranged weapon in hand, unbroken, that the hands can hold (ATK-07); `mover`, on foot
    and free to move with the action a move takes."""

    # one listing per decision: slots make building it cheaper (interpreted)
    __slots__ = (
        "_fire", "_fires", "_shoots", "_shots", "_sight", "_ways", "aboard", "acting", "afoot", "aids",
        "c", "cramped_ok", "enemies", "engaged", "fast", "grappled", "grips", "has", "mover",
        "moves_slowly", "occupant", "out", "people", "ranged", "riding", "shooter", "slow", "slow_ready",
        "state", "unarmed", "weapon", "wreck",
    )  # fmt: skip

    def __init__(self, state: GameState, c: Combatant) -> None:
        self.state = state
        self.c = c
        self.people = state.combatants
        self.out: list[Action] = []
        self.fast = c.can_take(False)
        self.slow = self.fast and c.can_take(True)
        self.acting = self.fast and c.grappling < 0
        self.aboard: VehicleState | None = state.vehicles[c.vehicle] if c.vehicle >= 0 else None
        self.wreck = self.aboard is not None and self.aboard.wrecked
        self.afoot = self.acting and self.aboard is None
        self.grappled = c.grappled_by >= 0
        mount = c.mount
        self.riding = mount is not None and mount.ridden
        self.cramped_ok = mount is not None and mount.cramped_ok
        self.weapon: Weapon = held_weapon(state, c)
        self._fires = -1  # can_fire_out, worked out when first asked (-1: not yet)
        self._shots: list[int] | None = None
        self._shoots: dict[int, bool] = {}  # can_shoot_at by target, worked out when first asked
        self._fire: tuple[bool, ...] | None = None  # the line of fire to each zone, worked out when asked
        self._ways: list[tuple[int, int, int]] | None = None
        self._sight: tuple[bool, ...] | None = None  # the zones in sight, worked out when first asked
        # what the slow attacks and aid ask, asked once (ACTN-CLOSE-02, CRIT-PHYS arm rows, ATK-03/07)
        self.slow_ready = self.acting and self.slow and not self.grappled and not self.wreck
        self.occupant = self.acting and not self.grappled and not self.wreck  # free to use an occupant's kinds
        self.engaged: list[Combatant] = []
        self.enemies: list[Combatant] = []
        self.moves_slowly = self.mover = self.ranged = False
        self.unarmed = self.grips = self.aids = self.shooter = False
        has = (FAST_LEFT if self.fast else 0) | (SLOW_LEFT if self.slow else 0) | (PRONE if c.prone else STANDING)
        has |= (GRAPPLING if c.grappling >= 0 else 0) | (GRAPPLED if self.grappled else 0)
        if not (c.swapped or state.turn_acts or c.prone_drops):
            has |= SWAPS
        if self.acting:
            has |= self._acting()
        if state.vehicles:
            has |= VEHICLES | (ABOARD if self.aboard is not None else 0)
        if state.setup.mounted:
            has |= MOUNTED | (RIDING if self.riding else 0)
            for o in self.people:
                m = o.mount
                if m is not None and not m.dead:
                    has |= LOOSE if m.zone >= 0 else RIDERS if o is not c else 0
        self.has = has | (HAZARDS if state.setup.hazards is not None else 0)

    def _acting(self) -> int:
        """With an action left and not grappling: who the actor is engaged with, what it can close in
        on, move with, shoot, strike unarmed and aid with, and the bits of `has` they give."""
        c = self.c
        state = self.state
        self.engaged = engaged_enemies(state, c)
        if self.afoot and not self.engaged:
            self.enemies = state.enemies(c)
        self.moves_slowly = moving_is_slow(c)
        # on foot and free to move (ACTN-GRAPPLE-02), with the action a move takes (ACTN-CRAWL-03)
        self.mover = self.afoot and not self.grappled and (self.slow or not self.moves_slowly)
        held = c.held
        weapon = self.weapon
        # a ranged or thrown weapon in hand, unbroken, the hands can hold (ATK-07, CRIT-PHYS arm rows)
        usable = held >= 0 and (weapon.ranged or weapon.thrown) and c.weapons[held].bonus >= 0
        usable = usable and hands_ok(c, weapon)
        self.ranged = usable and weapon.ranged
        zone_map = state.zone_map
        zone = zone_map.zones[c.zone]
        has = ACTING | (ENGAGED if self.engaged else UNENGAGED) | (AFOOT if self.afoot else 0)
        has |= (SPARE if len(c.weapons) > (held >= 0) else 0) | (ITEMS if c.items else 0)
        has |= (BURNING if c.burning else 0) | (COVER if zone.covers else 0) | (EXIT if zone.exit else 0)
        has |= (DOORS if zone_map.door_neighbours[c.zone] else 0)
        has |= FRESH if c.actions_used == 0 and not self.moves_slowly else 0
        if self.ranged:
            has |= RANGED | self._reloads()
        if self.slow_ready:
            hands = free_hands(c)
            self.unarmed = bool(c.engaged) and fights_unarmed(state, c)
            self.grips = self.unarmed and hands > 0
            self.aids = not c.injuries or hands >= state.options.first_aid_hands  # (PROPOSED)
            self.shooter = usable and c.weapons[held].loaded
            has |= SLOW_READY | (AIDS if self.aids else 0) | (SHOOTER if self.shooter else 0)
            if self.aboard is None and c.engaged:
                has |= CLOSE | (UNARMED if self.unarmed else 0)
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
        found = self._shoots.get(other.id)
        if found is None:
            if self._fire is None:
                self._fire = self.state.zone_map.fire_from(self.c.zone, self.state.doors, self.c.peek)
            found = can_shoot_at(self.state, self.c, other, self.weapon, fire=self._fire)
            self._shoots[other.id] = found
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
