"""The action vocabulary: every slow, fast, free and out-of-turn action (ACT-, ACTN-)."""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple


class Kind(IntEnum):
    """Action kinds. Turn actions first, then decisions asked out of turn."""

    END_TURN = 0
    SWAP_INITIATIVE = 1  # INIT-SWAP-01..04
    RUN = 2  # ACT-FAST-RUN / ACTN-RUN-01: to an adjacent zone
    ENGAGE = 3  # ACTN-RUN-01: from Short to Engaged with someone in your zone
    CRAWL = 4  # ACT-SLOW-CRAWL / ACTN-CRAWL-01..03
    DOOR = 5  # ACT-FAST-DOOR / ACTN-DOOR-01: open a door or hatch and go through
    RETREAT = 6  # ACT-FAST-RETREAT / ACTN-RETREAT-01/02
    GET_UP = 7  # ACT-FAST-GETUP
    DROP_PRONE = 8  # ACT-FREE-01
    DRAW = 9  # ACT-FAST-DRAW: option = weapon index
    AIM = 10  # ACT-FAST-AIM
    TAKE_COVER = 11  # ACT-FAST-COVER: option = cover index in the zone
    CLOSE_ATTACK = 12  # ACT-SLOW-MELEE / ACTN-CLOSE-01
    DISARM = 13  # ACTN-CLOSE-03
    TRIP = 14  # ACTN-CLOSE-04
    SHOVE = 15  # ACTN-CLOSE-05
    GRAPPLE = 16  # ACTN-CLOSE-06
    GRAPPLE_ATTACK = 17  # ACT-FAST-GRAPPLE / ACTN-GRAPPLE-01
    LET_GO = 18  # ACTN-GRAPPLE-01: letting go
    BREAK_FREE = 19  # ACTN-BREAKFREE-01
    DIVING_BLOW = 20  # ACTN-DIVE-01
    SHOOT = 21  # ACT-SLOW-SHOOT / ACTN-SHOOT-01: option 1 = full auto (AUTO-01)
    RELOAD = 22  # ACT-SLOW-RELOAD / ACTN-RELOAD-01..03
    OVERWATCH = 23  # ACTN-OVERWATCH-01: zone = watched zone
    FIRST_AID = 24  # ACT-SLOW-FIRSTAID: option 0 = treat Broken, 1 = stabilise
    PERSUADE = 25  # ACT-SLOW-PERSUADE
    EXTINGUISH = 26  # ACTN-EXTINGUISH-01
    FORCE_DOOR = 27  # ACTN-DOOR-02: zone = the zone behind the door
    PEEK = 28  # AMB-26: look through an open door
    USE_ITEM = 29  # ACT-FAST-USE: option = item index
    FLEE = 30  # leave the fight from an exit zone
    # decisions taken out of turn
    CHOOSE_CARD = 31  # INIT-SURPRISE-01: option = card
    BLOCK = 32  # ACT-FAST-BLOCK / ACTN-BLOCK-01
    HELP = 33  # ACT-HELP-01..03
    PUSH = 34  # PUSH-04
    OVERWATCH_FIRE = 35  # ACTN-OVERWATCH-01/02
    DECLINE = 36  # pass on a block, help, push, overwatch shot or pride
    # vehicles and mounts in zone fights (vehicles/actions.py, mounts/riding.py)
    ENTER_VEHICLE = 37  # ACT-FAST-VEHENTER, VEH-04/05, AMB-10: option = 2 * vehicle + exposed seat
    EXIT_VEHICLE = 38  # ACT-FAST-VEHENTER, VEH-04/05, VEH-DMG-03
    START_ENGINE = 39  # ACT-FAST-ENGINE, VEH-06
    GRAB_WHEEL = 40  # ACT-FAST-WHEEL: take the free (or an out driver's) wheel
    DRIVE = 41  # ACT-FAST-DRIVE, VEH-MOVE-01: zone = one zone on; or option CLIMB/DESCEND (VEH-AIR-03)
    MANEUVER = 42  # VEH-MOVE-02, AMB-11: rolled drive, 1 + successes zones toward zone (or up/down)
    RAM = 43  # VEH-RAM-01/02: target = a combatant on foot, or option = vehicle index
    SHOOT_VEHICLE = 44  # ACTN-SHOOT-01 at a vehicle (VEH-DMG-01..06): option = vehicle index; zone = SHOOT's option
    MAN_WEAPON = 45  # take a mounted weapon of your vehicle: option = its index
    RIDE = 46  # MOUNT-03/05/06: a mounted move with a Mobility roll, zone = destination
    ATTACK_MOUNT = 47  # MOUNT-08: close attack at the rider's mount (target = the rider)
    SHOOT_MOUNT = 48  # MOUNT-11: shoot at the rider's mount (target = the rider); option as SHOOT
    ATTACK_VEHICLE = 49  # ATK-01 at a vehicle in your zone (VEH-DMG-01..06): option = vehicle index
    DISMOUNT = 50  # MOUNT-02, VEH-05 by analogy: get off your mount; it stays in the zone, riderless
    REMOUNT = 51  # MOUNT-02, VEH-05 by analogy: get on the riderless mount of target (yourself: your own)
    # frames the rules open by themselves, never chosen (appended: the kinds above keep their values)
    STRESS_ROLL = 52  # STRESS-01/02: an Insight roll against stress (option = the potential stress)
    # decisions appended after the frames above (the kinds above keep their values)
    PRIDE = 53  # DICE-13: claim the Pride's automatic success on this roll (once per session)
    # hazards in zone fights (hazards/fight.py), appended (the kinds above keep their values)
    RESCUE = 54  # AMB-05, HAZ-DROWN-05: pull one under water or drowning in your zone out to the shore
    ANTIDOTE = 55  # HAZ-POISON-04: give a carried antidote to one poisoned in your zone (yourself too)


class Action(NamedTuple):
    """One choice: a kind, and the target combatant, zone and option it needs (-1 = none)."""

    kind: Kind
    target: int = -1
    zone: int = -1
    option: int = -1


_SHARED: Final[dict[tuple[int, int, int, int], Action]] = {}


def action(kind: Kind, target: int = -1, zone: int = -1, option: int = -1) -> Action:
    """`Action(kind, target, zone, option)`, one shared object per value (cheaper than a new one)."""
    key = (kind, target, zone, option)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = Action(kind, target, zone, option)
    return found


MOVE_KINDS: Final = frozenset({Kind.RUN, Kind.CRAWL, Kind.DOOR, Kind.RETREAT, Kind.ENGAGE})
CLOSE_KINDS: Final = frozenset(
    {Kind.CLOSE_ATTACK, Kind.DISARM, Kind.TRIP, Kind.SHOVE, Kind.GRAPPLE, Kind.DIVING_BLOW}
)
UNARMED_SPECIALS: Final = frozenset({Kind.DISARM, Kind.TRIP, Kind.SHOVE, Kind.GRAPPLE})  # ACTN-CLOSE-02

AT_MOUNT: Final = {Kind.ATTACK_MOUNT: Kind.CLOSE_ATTACK, Kind.SHOOT_MOUNT: Kind.SHOOT}  # MOUNT-08/11
CLIMB: Final = 1  # DRIVE / MANEUVER options for an air vehicle's vertical move (VEH-AIR-03)
DESCEND: Final = 2
# SHOOT_VEHICLE keeps the vehicle index in `option` (as it always has) and names its fire mode in
# the otherwise unused `zone` field, with the values SHOOT's option has: -1 a plain shot, 1 basic
# full auto (AUTO-01), n >= 1 that many ammo dice (AUTO-03); its encoding form says so (`fire`).


KIND_NAMES: Final = {kind: kind.name.lower() for kind in Kind}  # as events spell them, e.g. "close_attack"

