"""Attacks: who can be hit with what, and the modifiers of close and ranged combat (ATK-, RMOD-)."""

from __future__ import annotations

from yz_gym.rules.movement import cramped_adjacent
from yz_gym.rules.rolls import injury_of
from yz_gym.rules.state import Combatant, GameState
from yz_gym.rules.tables import WEAPONS, Weapon
from yz_gym.rules.zones import Range

UNARMED = WEAPONS["unarmed"]
RANGE_MODIFIER = {  # RMOD-06..10
    Range.ENGAGED: -3,
    Range.SHORT: 0,
    Range.MEDIUM: -1,
    Range.LONG: -2,
    Range.EXTREME: -3,
}
BAND = {"engaged": Range.ENGAGED, "short": Range.SHORT, "medium": Range.MEDIUM,
        "long": Range.LONG, "extreme": Range.EXTREME}  # fmt: skip


def weapon_def(state: GameState, c: Combatant, index: int) -> Weapon:
    """The profile of a carried weapon; -1 is the bare hands (ATK-WPN-01)."""
    if index < 0:
        return UNARMED
    return state.setup.weapons[c.weapons[index].name]


def held_weapon(state: GameState, c: Combatant) -> Weapon:
    """The drawn weapon, or bare hands."""
    return weapon_def(state, c, c.held)


def hands_ok(c: Combatant, weapon: Weapon) -> bool:
    """CRIT-PHYS-23/26: with a hand or arm unusable, two-handed weapons cannot be used."""
    if weapon.grip != "2H":
        return True
    for injury in c.injuries:
        if injury.table == "fire":
            continue
        entry = injury_of(injury.table, injury.code)
        if entry.hand_unusable or entry.arm_unusable:
            return False
    return True


def range_between(state: GameState, a: Combatant, b: Combatant) -> Range:
    """RANGE-*: Engaged if engaged, else by zone hops (AMB-23)."""
    if b.id in a.engaged:
        return Range.ENGAGED
    return state.zone_map.band(a.zone, b.zone, state.options.extreme_max_hops)


def close_weapon(state: GameState, c: Combatant) -> tuple[int, Weapon]:
    """ATK-01: the drawn close-combat weapon if usable, else bare hands."""
    weapon = held_weapon(state, c)
    if c.held >= 0 and not weapon.ranged and hands_ok(c, weapon) and c.weapons[c.held].bonus >= 0:
        return c.held, weapon
    return -1, UNARMED


def can_close_attack(state: GameState, a: Combatant, b: Combatant) -> bool:
    """ATK-01: the target is Engaged with nothing between you (ZONE-FEAT-CRAMPED-02)."""
    return b.id in a.engaged and not b.dead and cramped_adjacent(state, a, b)


def defenceless(b: Combatant) -> bool:
    """RMOD-03: Broken, or held in someone's grapple, counts as defenceless."""
    return b.broken or b.grappled_by >= 0


def close_modifier(state: GameState, a: Combatant, b: Combatant, sneak: bool) -> int:
    """RMOD-01..03 and DARK-03: prone attacker -2, prone target +2, defenceless +3."""
    modifier = 0
    if a.prone:
        modifier -= 2  # RMOD-01
    if defenceless(b) or sneak:
        modifier += 3  # RMOD-03 (SNEAK-04): does not stack further with prone
    elif b.prone:
        modifier += 2  # RMOD-02
    if state.zone_map.zones[a.zone].dark:
        modifier -= 2  # DARK-03
    return modifier


def can_shoot(state: GameState, a: Combatant, b: Combatant) -> bool:
    """ACTN-SHOOT-01: a loaded ranged weapon, line of fire, in range, target not hidden."""
    if a.held < 0 or b.dead or b.hidden:
        return False
    weapon = held_weapon(state, a)
    carried = a.weapons[a.held]
    if not weapon.ranged or not carried.loaded or carried.bonus < 0 or not hands_ok(a, weapon):
        return False
    zone_map = state.zone_map
    if not zone_map.line_of_fire(a.zone, b.zone, state.doors, a.peek):
        return False  # ZONE-FEAT-DARK-03, BORDER-03/04
    band = range_between(state, a, b)
    if band > BAND[weapon.range]:
        return False  # ATK-08
    if zone_map.zones[b.zone].dark and band >= Range.MEDIUM:
        return False  # DARK-05
    # ZONE-FEAT-CRAMPED-03: nobody between you and the target in a cramped zone
    return a.zone != b.zone or band == Range.ENGAGED or _cramped_line_clear(state, a, b)


def _cramped_line_clear(state: GameState, a: Combatant, b: Combatant) -> bool:
    queue = state.cramped.get(a.zone)
    if not queue:
        return True
    return cramped_adjacent(state, a, b)


def ranged_modifier(state: GameState, a: Combatant, b: Combatant, sneak: bool) -> int:
    """RMOD-05..16 and DARK-03/04: aim, range band, dim or dark target zone."""
    band = range_between(state, a, b)
    modifier = RANGE_MODIFIER[band]
    if band == Range.ENGAGED and (defenceless(b) or sneak):
        modifier = 3  # RMOD-06: +3 instead against a defenceless or unaware target
    modifier += a.aiming  # RMOD-05 (+2), ACTN-SHOOT-02 (+3 with a telescopic sight)
    zone = state.zone_map.zones[b.zone]
    if zone.dim and a.zone != b.zone:
        modifier += state.options.dim_zone_mod  # ZONE-FEAT-DARK-02 / RMOD-16
    if zone.dark:
        modifier -= 2  # DARK-03/04
    return modifier
