"""When a zone-fight kind may be taken on its actor's turn: the `ActionSpec.offer` hook of each kind
(resolution/effects.py sets them in `SPECS`). Each hook says the whole
condition, the turn's own gates included (ACT-01: an action left; ACTN-GRAPPLE-01/02: a grappler
only grapples, a held one only breaks free), so it answers alone; zone/legal.py asks them in the
order of its listing, which keeps seeded games."""

from __future__ import annotations

from typing import Final

from yz_gym.rulesets.yze.combat.attacks import (
    can_close_attack,
    can_shoot,
    fights_unarmed,
    free_hands,
    hands_ok,
    held_weapon,
    item_targets,
    rounds_left,
    shot_options,
    usable_items,
    weapon_def,
)
from yz_gym.rulesets.yze.combat.damage import may_stabilise
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.zone.actions import Action, Kind, action
from yz_gym.rulesets.yze.zone.initiative import swap_partners
from yz_gym.rulesets.yze.zone.movement import (
    can_close_in,
    can_move_at_all,
    can_peek,
    cramped_adjacent,
    cramped_exit_clear,
    door_to,
    engaged_enemies,
    moving_is_slow,
    passable,
)
from yz_gym.rulesets.yze.zone.zones import SHUT, Range

_END_TURN: Final = Action(Kind.END_TURN)
_DROP_PRONE: Final = Action(Kind.DROP_PRONE)
_GET_UP: Final = Action(Kind.GET_UP)
_AIM: Final = Action(Kind.AIM)
_AIM_SCOPE: Final = Action(Kind.AIM, option=1)
_FLEE: Final = Action(Kind.FLEE)
_READY: Final = Action(Kind.RELOAD, option=0)
_RELOAD: Final = Action(Kind.RELOAD, option=1)


def _free_to_act(c: Combatant) -> bool:
    """ACT-01: a fast action left (Combatant.can_take, inlined: hot); ACTN-GRAPPLE-01/02: not holding
    anyone (a grappler only grapples) nor held (then breaking free is all)."""
    return c.actions_used < 2 and c.grappled_by < 0 and c.grappling < 0


# --- free actions (ACT-FREE-01/02) -----------------------------------------------------------------


def end_turn_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """Ending the turn is always allowed."""
    return [_END_TURN]


def swap_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """INIT-SWAP-01..04: a swap with each who may swap cards with `c` now."""
    return [action(Kind.SWAP_INITIATIVE, p) for p in swap_partners(state, c.id)]


def let_go_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACT-FREE-02: letting go of the one held."""
    return [action(Kind.LET_GO, c.grappling)] if c.grappling >= 0 else []


def drop_prone_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACT-FREE-01, AMB-31: dropping prone, at most `free_prone_per_turn` times a turn (not while grappling)."""
    if c.grappling < 0 and not c.prone and c.prone_drops < state.options.free_prone_per_turn:
        return [_DROP_PRONE]
    return []


def grapple_attack_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-GRAPPLE-01: a grappler with an action left strikes the one held (or lets go)."""
    return [action(Kind.GRAPPLE_ATTACK, c.grappling)] if c.grappling >= 0 and c.can_take(False) else []


# --- leaving: peeking and fleeing (AMB-26, BORDER-04, ACT-FAST-RUN) ---------------------------------


def _standing_free(state: GameState, c: Combatant) -> bool:
    """Able to move, standing and not engaged: who may peek or flee."""
    return (
        _free_to_act(c) and can_move_at_all(c) and not c.prone and not engaged_enemies(state, c)
    )  # fmt: skip


def peek_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """AMB-26, BORDER-04: a peek through each door of the zone not yet peeked through."""
    if not _standing_free(state, c):
        return []
    return [action(Kind.PEEK, -1, dest) for dest in state.zone_map.door_neighbours[c.zone] if can_peek(state, c, dest)]


def flee_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """Fleeing the fight from a zone with an exit, by a move (slow when injuries make moves slow)."""
    if not _standing_free(state, c) or not state.zone_map.zones[c.zone].exit:
        return []
    return [_FLEE] if c.can_take(True) or not moving_is_slow(c) else []


# --- moves (ACT-FAST-RUN/DOOR/RETREAT, ACT-SLOW-CRAWL, ACTN-RUN-01/02, ACTN-CRAWL-01..03, ACTN-DOOR-01) ---
# Each lists its moves to the neighbouring zones, then those within the zone; zone/legal.py lists them
# zone by zone in the map's order of neighbours, then within the zone person by person.


def _can_move(c: Combatant) -> bool:
    """Free to act, and a move within the actions left (ACTN-CRAWL-03, CRIT-PHYS rows: slow moves)."""
    return _free_to_act(c) and (not c.slow_used or not moving_is_slow(c))


def _ways_out(state: GameState, c: Combatant) -> list[int]:
    """The neighbouring zones `c` may set out for: nobody in the way in a cramped zone
    (ZONE-FEAT-CRAMPED-02), and only crawling out of or into a cramped one (ZONE-FEAT-CRAMPED-01,
    ACTN-CRAWL-02)."""
    zone_map = state.zone_map
    here = zone_map.zones[c.zone]
    return [
        dest
        for dest in zone_map.neighbours[c.zone]
        if cramped_exit_clear(state, c, dest) and (c.prone or not (here.cramped or zone_map.zones[dest].cramped))
    ]


def retreat_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-RUN-02, ACTN-RETREAT-01: engaged, retreating to a neighbouring zone it can be crawled to, or
    back to Short in the zone."""
    if not _can_move(c) or not engaged_enemies(state, c):
        return []
    moves = [action(Kind.RETREAT, -1, d) for d in _ways_out(state, c) if passable(state, c.zone, d, crawling=True)]
    moves.append(action(Kind.RETREAT, -1, c.zone))
    return moves


def crawl_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-CRAWL-01: prone and not engaged, crawling to a neighbouring zone (an unlocked door opens)
    or, ACTN-RUN-01, to Engaged with an enemy that can be closed in on."""
    if not c.prone or not _can_move(c) or engaged_enemies(state, c):
        return []
    moves = [action(Kind.CRAWL, -1, d) for d in _ways_out(state, c) if passable(state, c.zone, d, crawling=True)]
    return moves + [action(Kind.CRAWL, o.id) for o in state.enemies(c) if can_close_in(state, c, o)]


def _on_foot_free(state: GameState, c: Combatant) -> bool:
    """Standing, not engaged, able to move: who runs, goes through doors and closes in on foot."""
    return not c.prone and _can_move(c) and not engaged_enemies(state, c)


def run_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-RUN-01: running to a neighbouring zone through an open (or broken) border."""
    if not _on_foot_free(state, c):
        return []
    return [action(Kind.RUN, -1, d) for d in _ways_out(state, c) if passable(state, c.zone, d)]


def door_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-DOOR-01: going through a closed (unlocked) door or hatch to a neighbouring zone."""
    if not _on_foot_free(state, c):
        return []
    return [
        action(Kind.DOOR, -1, d)
        for d in _ways_out(state, c)
        if not passable(state, c.zone, d) and door_to(state, c.zone, d)
    ]


def engage_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-RUN-01, AMB-23: closing in from Short to Engaged with an enemy that can be closed in on."""
    if not _on_foot_free(state, c):
        return []
    return [action(Kind.ENGAGE, o.id) for o in state.enemies(c) if can_close_in(state, c, o)]


# --- fast actions (ACT-FAST-GETUP/DRAW/AIM/COVER/USE, ACTN-OVERWATCH-01) ---------------------------


def get_up_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACT-FAST-GETUP: a prone combatant with a fast action left."""
    return [_GET_UP] if c.prone and _free_to_act(c) else []


def draw_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACT-FAST-DRAW: each other carried weapon, unbroken, that the hands can hold (CRIT-PHYS arm rows)."""
    if not _free_to_act(c):
        return []
    held = c.held
    return [
        action(Kind.DRAW, -1, -1, i)
        for i, carried in enumerate(c.weapons)
        if i != held and carried.bonus >= 0 and hands_ok(c, weapon_def(state, c, i))
    ]


def ready_gun(state: GameState, c: Combatant) -> bool:
    """A drawn ranged weapon, unbroken (ATK-07), in hands that can hold it (CRIT-PHYS arm rows)."""
    if c.held < 0:
        return False
    weapon = held_weapon(state, c)
    return weapon.ranged and c.weapons[c.held].bonus >= 0 and hands_ok(c, weapon)


def aim_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-AIM-01: aiming a loaded gun, once; ACTN-SHOOT-02: through its scope, a slow action."""
    if not (_free_to_act(c) and ready_gun(state, c)) or not c.weapons[c.held].loaded or c.aiming != 0:
        return []
    return [_AIM, _AIM_SCOPE] if held_weapon(state, c).scope and c.can_take(True) else [_AIM]


def overwatch_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-OVERWATCH-01: a fast action, facing a zone in your line of fire, a loaded gun in hand, not
    engaged; the shot needs a slow action left when it comes. ACTN-OVERWATCH-02: the slow action of
    your turn is kept for it, so the overwatch is your turn's fast action (`overwatch_slow:
    next_round` lets the shot wait for next round's slow action, before your turn, instead)."""
    if not (_free_to_act(c) and ready_gun(state, c)) or not c.weapons[c.held].loaded:
        return []
    if engaged_enemies(state, c) or (state.options.overwatch_slow != "next_round" and c.actions_used != 0):
        return []
    fire = state.zone_map.fire_from(c.zone, state.doors, c.peek)
    return [action(Kind.OVERWATCH, -1, z) for z, clear in enumerate(fire) if clear and c.overwatch != z]


def use_item_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACT-FAST-USE, ACTN-USEITEM-01: each usable item at each of its targets."""
    if not c.items or not _free_to_act(c):
        return []
    return [action(Kind.USE_ITEM, t, -1, i) for i in usable_items(c) for t in item_targets(state, c, i)]


def take_cover_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACT-FAST-COVER: each other piece of cover in the zone that still gives cover."""
    if not _free_to_act(c):
        return []
    ratings = state.cover_ratings[c.zone]
    return [
        action(Kind.TAKE_COVER, -1, -1, i)
        for i in range(len(state.zone_map.zones[c.zone].covers))
        if c.cover != i and ratings[i] > 0
    ]


def reload_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-RELOAD-02: readying a gun that reloads fast, a fast action, when it is not loaded;
    ACTN-RELOAD-01/03: a full reload, a slow action, with a spare load left, when it is not loaded
    or (AUTO-06, ammo dice) its magazine is part-used."""
    if not (_free_to_act(c) and ready_gun(state, c)):
        return []
    weapon, carried = held_weapon(state, c), c.weapons[c.held]
    if weapon.reload_fast:
        return [_READY] if not carried.loaded else []
    if not c.can_take(True) or carried.reloads == 0:
        return []
    spent = not carried.loaded or (
        state.options.full_auto == "ammo_dice" and rounds_left(state, carried) < weapon.magazine
    )
    return [_RELOAD] if spent else []


# --- slow actions aimed at a person (ACT-SLOW-MELEE/SHOOT/FIRSTAID/PERSUADE, ACTN-CLOSE-*, FIRE-04) ---
# Each lists its actions person by person; zone/legal.py lists them person by person, these kinds in
# the order of its `_AT_PEOPLE`, and the actions aimed at oneself after everyone else's.


def _slow_free(c: Combatant) -> bool:
    """A slow action left (Combatant.can_take, inlined), not grappling nor held (ACT-01, ACTN-GRAPPLE-01/02)."""
    return c.actions_used < 2 and not c.slow_used and c.grappled_by < 0 and c.grappling < 0


def _enemies_left(state: GameState, c: Combatant) -> list[Combatant]:
    """The enemies still in the game (the dead and the fled are not; the Broken are)."""
    side = c.side
    return [o for o in state.combatants if o.side != side and not o.dead and not o.fled]


def close_attack_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACT-SLOW-MELEE: a close attack at each enemy within reach (combat/attacks.can_close_attack)."""
    if not _slow_free(c):
        return []
    return [action(Kind.CLOSE_ATTACK, o.id) for o in _enemies_left(state, c) if can_close_attack(state, c, o)]


def _unarmed_at(state: GameState, c: Combatant) -> list[Combatant]:
    """ACTN-CLOSE-02: the enemies still in the fight that an unarmed fighter may use a special attack on."""
    if not (c.engaged and _slow_free(c) and fights_unarmed(state, c)):
        return []
    return [o for o in _enemies_left(state, c) if not o.out and can_close_attack(state, c, o)]


def disarm_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-CLOSE-02: disarming an armed enemy, a hand free (CRIT-PHYS arm rows); ACTN-CLOSE-03:
    throwing the weapon away too, with a zone to throw it to."""
    targets = _unarmed_at(state, c)
    if not targets or free_hands(c) <= 0:
        return []
    away = bool(state.zone_map.neighbours[c.zone])
    found = []
    for o in targets:
        if o.held >= 0:
            found.append(action(Kind.DISARM, o.id))
            if away:
                found.append(action(Kind.DISARM, o.id, -1, 1))
    return found


def trip_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-CLOSE-02: tripping an enemy, unarmed."""
    return [action(Kind.TRIP, o.id) for o in _unarmed_at(state, c)]


def shove_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-CLOSE-02: shoving an enemy, unarmed."""
    return [action(Kind.SHOVE, o.id) for o in _unarmed_at(state, c)]


def grapple_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-CLOSE-02, ACTN-GRAPPLE-01: grappling an enemy, unarmed, a hand free (CRIT-PHYS arm rows)."""
    targets = _unarmed_at(state, c)
    return [action(Kind.GRAPPLE, o.id) for o in targets] if targets and free_hands(c) > 0 else []


def shoot_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACT-SLOW-SHOOT, ATK-03: a shot with the drawn ranged or thrown weapon at each enemy still in the
    fight it can reach (combat/attacks.can_shoot), in each fire mode (AUTO-01, AUTO-03)."""
    if not _slow_free(c) or c.held < 0:
        return []
    weapon = held_weapon(state, c)
    if not (weapon.ranged or weapon.thrown):
        return []
    targets = [o for o in _enemies_left(state, c) if not o.out and can_shoot(state, c, o)]
    if not targets:
        return []
    modes = shot_options(state, c)
    return [action(Kind.SHOOT, o.id, -1, mode) for o in targets for mode in modes]


def _aids(state: GameState, c: Combatant) -> bool:
    """First aid needs its hands (CRIT-PHYS arm rows, PROPOSED: `first_aid_hands`)."""
    return _slow_free(c) and (not c.injuries or free_hands(c) >= state.options.first_aid_hands)


def first_aid_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """HEAL-02: treating one who is Broken (not dead); DEATH-03: stabilising one who is dying; a
    friend in the zone, or an enemy engaged with you."""
    if not _aids(state, c):
        return []
    found = []
    for o in state.combatants:
        if o.zone != c.zone or o.id == c.id or o.dead or o.fled or (o.side != c.side and o.id not in c.engaged):
            continue
        if o.broken:
            found.append(action(Kind.FIRST_AID, o.id, -1, 0))
        if (o.injuries or o.timed) and may_stabilise(o):
            found.append(action(Kind.FIRST_AID, o.id, -1, 1))
    return found


def extinguish_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """FIRE-04: putting out the fire on a friend in the zone (hands as for first aid), or on oneself."""
    if not _slow_free(c):
        return []
    found = []
    if _aids(state, c):
        found = [
            action(Kind.EXTINGUISH, o.id)
            for o in state.combatants
            if o.burning and o.side == c.side and o.zone == c.zone and o.id != c.id and not o.dead and not o.fled
        ]
    if c.burning:
        found.append(action(Kind.EXTINGUISH, c.id))
    return found


def persuade_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACT-SLOW-PERSUADE: persuading an enemy still in the fight who can hear you."""
    if not _slow_free(c):
        return []
    return [action(Kind.PERSUADE, o.id) for o in _enemies_left(state, c) if not o.out and _can_hear(state, c, o)]


def _can_hear(state: GameState, a: Combatant, b: Combatant) -> bool:
    """ACT-SLOW-PERSUADE: the opponent must be able to hear you (same or adjacent zone)."""
    if a.zone == b.zone:
        return True
    band = state.zone_map.band(a.zone, b.zone, state.options.extreme_max_hops)
    return band <= Range.MEDIUM and state.zone_map.sight(a.zone, b.zone, state.doors, a.peek)


# --- slow actions that are not aimed at a person (ACTN-BREAKFREE-01, ACTN-DOOR-02) -------------------


def break_free_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-GRAPPLE-02/ACTN-BREAKFREE-01: the one thing a held combatant can do, a slow action."""
    ok = c.grappled_by >= 0 and c.grappling < 0 and c.can_take(True)
    return [action(Kind.BREAK_FREE, c.grappled_by)] if ok else []


def force_door_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-DOOR-02: forcing each shut door of the zone, a slow action."""
    if not (_free_to_act(c) and c.can_take(True)):
        return []
    zone_map = state.zone_map
    return [
        action(Kind.FORCE_DOOR, -1, dest)
        for dest in zone_map.door_neighbours[c.zone]
        if state.doors[zone_map.border_between(c.zone, dest)] in SHUT
    ]


# --- both actions (ACTN-DIVE-01) --------------------------------------------------------------------


def diving_blow_offer(state: GameState, c: Combatant, frame: Frame | None) -> list[Action]:
    """ACTN-DIVE-01: with both actions left, move to Engaged with an unhidden enemy at Short in your
    zone (not a cramped one) and strike (a fast move: CRIT-PHYS slow rows)."""
    if c.actions_used != 0 or moving_is_slow(c) or not _free_to_act(c) or engaged_enemies(state, c):
        return []
    if state.zone_map.zones[c.zone].cramped:
        return []
    return [
        action(Kind.DIVING_BLOW, other.id)
        for other in state.enemies(c)
        if other.zone == c.zone and other.id not in c.engaged and not other.hidden
        and cramped_adjacent(state, c, other)
    ]  # fmt: skip
