"""Attacks: who can be hit with what, the modifiers of close and ranged combat, full-auto fire,
the items a combatant can use, and mending armor between fights.

Rules here: ATK-01..08, RMOD-01..12 and RMOD-15 (RMOD-13/14/16 and DARK- belong to the map),
ACTN-CLOSE-02, ACTN-BLOCK-02, AUTO-01..06, ACTN-USEITEM-01/ACT-FAST-USE, ARMOR-06.

Where the SRD leaves room, this module decides (each decision is tested in tests/rules/):

- ACTN-CLOSE-02: the special attacks (disarm, trip, shove, grapple) need an unarmed close attack:
  no usable close-combat weapon in hand (a drawn firearm does not count; a close attack with one
  is unarmed too).
- ATK-03/08: a weapon marked `thrown` can be thrown up to its range band and rolls Mobility; the
  spear reaches Short this way. A thrown weapon leaves your hand.
- RMOD-11/12: target size is the combatant's `size` (small -2, normal 0, large +2).
- RMOD-15: "unseen, location roughly known". The SRD's causes are darkness and concealment;
  darkness has its own rules (DARK-03..05, the map's). Concealment here is smoke: shooting at a
  target in a smoke-filled zone, or out of one, is -2.
- ACTN-USEITEM-01 ("the item says what happens"), a fast action (ACT-FAST-USE). Two usable
  items, each used up: `frag_grenade` (thrown at a combatant in a zone up to Medium you have a
  line of fire to, no throw roll: the blast is an explosion of blast power 6 in that zone,
  EXPL-01..05/09/11, with the target at the blast point) and `smoke_grenade` (fills that zone with
  smoke for this round and the next: RMOD-15). The medkit (DEATH-03) and the blanket (FIRE-04)
  are gear for first aid and for putting out fire, not Use-item actions.
- AUTO-03..06 (option `full_auto: ammo_dice`): Rate of Fire and magazine come from the weapon
  table (the pistol's RoF 2 is AUTO-03's; the other values are project data). Ammo dice are
  rolled with the attack but are not base dice: a push does not re-roll them. The magazine is
  counted only in this variant; basic full auto (AUTO-01/02) uses the supply roll instead.
- ARMOR-06: `repair_armor` is one shift's Crafting roll between fights (GEAR-03..05).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze.combat.explosions import explosion
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers
from yz_gym.rulesets.yze.rolls import entry_of, roll_data, skill_roll
from yz_gym.rulesets.yze.state import Combatant, GameState, WeaponState
from yz_gym.rulesets.yze.tables import WEAPONS, Weapon
from yz_gym.rulesets.yze.vehicles.seats import altitude, can_fire_out, targetable
from yz_gym.rulesets.yze.vehicles.seats import band as altitude_band
from yz_gym.rulesets.yze.zone.movement import cramped_adjacent, cramped_fire_clear
from yz_gym.rulesets.yze.zone.zones import Range

UNARMED: Final = WEAPONS["unarmed"]
RANGE_MODIFIER: Final = {  # RMOD-06..10
    Range.ENGAGED: -3,
    Range.SHORT: 0,
    Range.MEDIUM: -1,
    Range.LONG: -2,
    Range.EXTREME: -3,
}
BAND: Final = {"engaged": Range.ENGAGED, "short": Range.SHORT, "medium": Range.MEDIUM,
        "long": Range.LONG, "extreme": Range.EXTREME}  # fmt: skip
SIZE_MODIFIER: Final = {"small": -2, "normal": 0, "large": 2}  # RMOD-12, RMOD-11
RIDER_PENALTY: Final = -1  # MOUNT-09: attacks against a rider (not its mount)
MOUNTED_SHOT: Final = -2  # MOUNT-10: ranged attacks made while riding
UNSEEN_MODIFIER: Final = -2  # RMOD-15
PRONE_ATTACKER: Final = -2  # RMOD-01
PRONE_TARGET: Final = 2  # RMOD-02
DEFENCELESS: Final = 3  # RMOD-03, RMOD-06 (and SNEAK-04)
DIVING_BLOW: Final = 2  # RMOD-04
DARK_MODIFIER: Final = -2  # DARK-03/04
SMOKE_ROUNDS: Final = 2  # smoke lasts for the round it is thrown in and the next one
GRADE_POINTS: Final = {"D": 3, "C": 6, "B": 9, "A": 12}  # AMB-04: step grades as pool ratings


def weapon_def(state: GameState, c: Combatant, index: int) -> Weapon:
    """The profile of a carried weapon; -1 is the bare hands (ATK-WPN-01)."""
    if index < 0:
        return UNARMED
    return state.setup.weapons[c.weapons[index].name]


def held_weapon(state: GameState, c: Combatant) -> Weapon:
    """The drawn weapon, or bare hands."""
    return weapon_def(state, c, c.held)


def artifact_die(state: GameState, c: Combatant) -> int:
    """DICE-11/12: the sides of the held item's artifact die while its gear bonus lasts, else 0.
    The die itself never degrades; banes on the gear dice wear the bonus (GEAR-01) and at 0 the
    item, artifact die and all, cannot be used."""
    if c.held < 0 or c.weapons[c.held].bonus <= 0:
        return 0
    return held_weapon(state, c).artifact


def free_hands(c: Combatant) -> int:
    """Hands a combatant can use: two, less one for each injury that makes a hand or an arm
    unusable (CRIT-PHYS-23/26/36/43/52/54). The tables do not say which side is hit, so two
    such injuries leave no hand free, as S2 counts them (one disabled hand each)."""
    hands = 2
    for injury in c.injuries:
        entry = entry_of(injury)
        if entry.hand_unusable or entry.arm_unusable:
            hands -= 1
    return max(0, hands)


def hands_ok(c: Combatant, weapon: Weapon) -> bool:
    """ATK-WPN grip and the CRIT-PHYS arm and hand rows: a two-handed weapon needs both hands
    free, a one-handed one a hand; bare hands (grip "-") strike with fists, feet or head."""
    if weapon.grip == "-":
        return True
    if weapon.grip == "2H" and c.mount is not None and c.mount.ridden:
        return False  # MOUNT-07: from horseback, one-handed weapons only
    if not c.injuries:
        return True
    return free_hands(c) >= (2 if weapon.grip == "2H" else 1)


def range_between(
    state: GameState, a: Combatant, b: Combatant, a_zone: int = -1, b_zone: int = -1, engaged: bool | None = None
) -> Range:
    """RANGE-*: Engaged if engaged, else by zone hops (AMB-23). Agents weighing a move place the
    two hypothetically: `a_zone`, `b_zone` and `engaged` (default: where and as they are)."""
    if b.id in a.engaged if engaged is None else engaged:
        return Range.ENGAGED
    from_zone = a.zone if a_zone < 0 else a_zone
    to_zone = b.zone if b_zone < 0 else b_zone
    if a.vehicle >= 0 or b.vehicle >= 0:  # VEH-AIR-02: altitude counts as zones
        return altitude_band(state, from_zone, altitude(state, a), to_zone, altitude(state, b))
    return state.zone_map.band(from_zone, to_zone, state.options.extreme_max_hops)


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


def close_modifier(
    state: GameState, a: Combatant, b: Combatant, sneak: bool, a_prone: bool | None = None, b_prone: bool | None = None
) -> Modifiers:
    """RMOD-01..03 and DARK-03: prone attacker -2, prone target +2, defenceless +3 (one cause each).
    `a_prone` and `b_prone` lay the two down or stand them up hypothetically (default: as they are)."""
    mods = NO_MODIFIERS
    if a.prone if a_prone is None else a_prone:
        mods = mods.plus(PRONE_ATTACKER)  # RMOD-01
    if defenceless(b) or sneak:
        mods = mods.plus(DEFENCELESS)  # RMOD-03 (SNEAK-04): does not stack further with prone
    elif b.prone if b_prone is None else b_prone:
        mods = mods.plus(PRONE_TARGET)  # RMOD-02
    if state.zone_map.zones[a.zone].dark:
        mods = mods.plus(DARK_MODIFIER)  # DARK-03
    if b.mount is not None and b.mount.ridden:
        mods = mods.plus(RIDER_PENALTY)  # MOUNT-09: -1 against the rider (an attack at the mount takes it back)
    return mods


def can_shoot(
    state: GameState,
    a: Combatant,
    b: Combatant,
    weapon_index: int | None = None,
    a_zone: int = -1,
    b_zone: int = -1,
    engaged: bool | None = None,
    loaded: bool | None = None,
) -> bool:
    """ACTN-SHOOT-01: a loaded ranged weapon, line of fire, in range, target not hidden.

    Agents weighing a move ask it hypothetically: with the carried weapon `weapon_index` in
    hand, `loaded` or not, from `a_zone` at `b` in `b_zone`, `engaged` or not (default: as
    things are). A combatant placed in another zone does not peek, and has no place yet in a
    cramped line (ZONE-FEAT-CRAMPED-03 is checked where both stand)."""
    index = a.held if weapon_index is None else weapon_index
    if index < 0:
        return False
    weapon = weapon_def(state, a, index)
    carried = a.weapons[index]
    ready = carried.loaded if loaded is None else loaded
    if not (weapon.ranged or weapon.thrown) or not ready or carried.bonus < 0:
        return False  # ATK-03: a ranged weapon, or a close-combat weapon that can be thrown
    if not hands_ok(a, weapon):
        return False
    return can_shoot_at(state, a, b, weapon, a_zone, b_zone, engaged)


def can_shoot_at(
    state: GameState,
    a: Combatant,
    b: Combatant,
    weapon: Weapon,
    a_zone: int = -1,
    b_zone: int = -1,
    engaged: bool | None = None,
    fire: tuple[bool, ...] | None = None,
) -> bool:
    """ACTN-SHOOT-01 for a shooter ready to fire `weapon` (loaded, usable, in hands that hold it:
    what `can_shoot` checks first): line of fire, in range, target not hidden; `a_zone`, `b_zone`
    and `engaged` as in `can_shoot`. `fire`: the shooter's line of fire from where it stands to
    every zone (`ZoneMap.fire_from` with its peek), when already worked out (a legal listing's)."""
    if b.dead or b.hidden:
        return False
    if (a.vehicle >= 0 or b.vehicle >= 0) and not (targetable(state, b) and can_fire_out(state, a)):
        return False  # VEH-DMG-08, AMB-19: only exposed seats shoot out and can be shot
    from_zone = a.zone if a_zone < 0 else a_zone
    to_zone = b.zone if b_zone < 0 else b_zone
    here = from_zone == a.zone and to_zone == b.zone
    zone_map = state.zone_map
    if fire is not None and here and b.peek < 0:
        clear = fire[to_zone]  # the target peeks through no door: the shooter's own row
    else:
        peeks = (a.peek if from_zone == a.zone else -1, b.peek if to_zone == b.zone else -1)
        clear = zone_map.line_of_fire(from_zone, to_zone, state.doors, peeks)
    if not clear:
        return False  # ZONE-FEAT-DARK-03, BORDER-03/04
    reach = range_between(state, a, b, from_zone, to_zone, engaged)
    if reach > BAND[weapon.range]:
        return False  # ATK-08
    weather = state.setup.hazards
    if weather is not None and 0 <= weather.visibility < reach:
        return False  # WEATHER-13: nothing beyond the visibility can be targeted (a journey's fights)
    if zone_map.zones[to_zone].dark and reach >= Range.MEDIUM:
        return False  # DARK-05
    # ZONE-FEAT-CRAMPED-03: nobody in a cramped line between you and the target (AMB-25)
    return reach == Range.ENGAGED or not here or cramped_fire_clear(state, a, b)


def ranged_modifier(
    state: GameState,
    a: Combatant,
    b: Combatant,
    sneak: bool,
    aim: bool = True,
    a_zone: int = -1,
    b_zone: int = -1,
    engaged: bool | None = None,
) -> Modifiers:
    """RMOD-05..16 and DARK-03/04: aim, range band, dim or dark target zone (one cause each);
    `aim=False` leaves out the aim the shooter has taken; `a_zone`, `b_zone` and `engaged`
    place the two hypothetically, as in `can_shoot` (default: where and as they are)."""
    from_zone = a.zone if a_zone < 0 else a_zone
    to_zone = b.zone if b_zone < 0 else b_zone
    span = range_between(state, a, b, from_zone, to_zone, engaged)
    reach = RANGE_MODIFIER[span]
    if span == Range.ENGAGED and (defenceless(b) or sneak):
        reach = DEFENCELESS  # RMOD-06: +3 instead against a defenceless or unaware target
    mods = NO_MODIFIERS.plus(reach)
    if aim:
        mods = mods.plus(a.aiming)  # RMOD-05 (+2), ACTN-SHOOT-02 (+3 with a telescopic sight)
    zone = state.zone_map.zones[to_zone]
    if zone.dim:  # ZONE-FEAT-DARK-02/RMOD-16: -2 into a dim zone; RMOD-13: -1 inside it (AMB-24)
        mods = mods.plus(state.options.dim_zone_mod if from_zone != to_zone else state.options.dim_light_mod)
    if zone.dark:
        mods = mods.plus(DARK_MODIFIER)  # DARK-03/04
    mods = mods.plus(SIZE_MODIFIER[b.size])  # RMOD-11/12
    weather = state.setup.hazards
    if weather is not None and weather.ranged_mod:
        mods = mods.plus(weather.ranged_mod)  # WEATHER-07: heavy rain or snow on a journey's fight
    if smoky(state, to_zone) or smoky(state, from_zone):
        mods = mods.plus(UNSEEN_MODIFIER)  # RMOD-15: smoke hides the target, or the shooter sees nothing
    if b.mount is not None and b.mount.ridden and state.options.rider_penalty_ranged:
        mods = mods.plus(RIDER_PENALTY)  # MOUNT-09/11, AMB-13: -1 against the rider, shots too
    if a.mount is not None and a.mount.ridden:
        mods = mods.plus(MOUNTED_SHOT)  # MOUNT-10: every ranged attack made while riding
    return mods


def shot_skill(weapon: Weapon) -> str:
    """ATK-03: Marksmanship for ranged weapons; a thrown weapon rolls Mobility."""
    return "Mobility" if weapon.thrown else weapon.skill


def smoky(state: GameState, zone: int) -> bool:
    """A smoke grenade's smoke still fills the zone this round."""
    return state.smoke.get(zone, 0) >= state.round


# --- close combat: special attacks and blocks -------------------------------------------------


def fights_unarmed(state: GameState, c: Combatant) -> bool:
    """ACTN-CLOSE-02: special attacks only in unarmed close combat (no close weapon in hand)."""
    return close_weapon(state, c)[0] < 0


def can_block(state: GameState, blocker: Combatant, attacker: Combatant, weapon: Weapon) -> bool:
    """ACTN-BLOCK-02: bare hands block only the unarmed attacks of humanoids; an armed attack
    or a beast's needs a sturdy close-combat weapon or tool in hand."""
    if weapon is UNARMED and not attacker.creature:
        return True
    return close_weapon(state, blocker)[1].sturdy


def block_gear(state: GameState, blocker: Combatant) -> int:
    """ACTN-BLOCK-01/ATK-07: the block roll adds the bonus of the close weapon blocked with."""
    index, _ = close_weapon(state, blocker)
    return max(0, blocker.weapons[index].bonus) if index >= 0 else 0


# --- full auto: basic (AUTO-01/02) and ammo dice (AUTO-03..06) --------------------------------


def rounds_left(state: GameState, carried: WeaponState) -> int:
    """AUTO-03/06: rounds in the magazine (a fresh magazine until counted)."""
    return state.setup.weapons[carried.name].magazine if carried.rounds < 0 else carried.rounds


def max_ammo_dice(state: GameState, c: Combatant) -> int:
    """AUTO-03: at most min(Rate of Fire, rounds in the magazine - 1) ammo dice."""
    if c.held < 0:
        return 0
    weapon = held_weapon(state, c)
    if weapon.rate_of_fire <= 0 or weapon.magazine <= 0:
        return 0
    return max(0, min(weapon.rate_of_fire, rounds_left(state, c.weapons[c.held]) - 1))


def shot_options(state: GameState, c: Combatant) -> list[int]:
    """SHOOT options: -1 a plain shot; basic full auto 1 (AUTO-01); ammo dice 1..max (AUTO-03)."""
    if state.options.full_auto == "ammo_dice":
        return [-1, *range(1, max_ammo_dice(state, c) + 1)]
    return [-1, 1] if held_weapon(state, c).full_auto else [-1]


def spend_ammo(state: GameState, c: Combatant, carried: WeaponState, ammo: int, events: list[Event]) -> None:
    """AUTO-06: a shot uses the ammo dice faces + 1 rounds; at 0 the magazine is empty."""
    if state.setup.weapons[carried.name].magazine <= 0:
        return
    used = ammo + 1
    carried.rounds = max(0, rounds_left(state, carried) - used)
    events.append(Event("ammo_used", c.id, -1, {"rounds": used, "left": carried.rounds}))
    if carried.rounds == 0:
        carried.loaded = False  # ACTN-RELOAD-01: reload to fire again
        events.append(Event("out_of_ammo", c.id))


def burst_targets(state: GameState, c: Combatant) -> list[int]:
    """AUTO-01: the next shot of a burst may go at the same target or another one."""
    return [o.id for o in state.enemies(c) if can_shoot(state, c, o)]


def extra_hit_targets(state: GameState, c: Combatant, main: Combatant) -> list[int]:
    """AUTO-05: an extra hit lands on the same target or another one in the same zone."""
    result = [main.id]
    for other in state.enemies(c):
        if other.id != main.id and other.zone == main.zone and can_shoot(state, c, other):
            result.append(other.id)
    return result


# --- items (ACTN-USEITEM-01, ACT-FAST-USE) ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Item:
    """A usable item: what it does and how far it can be thrown."""

    name: str
    effect: str  # "blast" (EXPL-01..05) or "smoke" (RMOD-15)
    reach: Range = Range.MEDIUM  # thrown like a rock (ATK-WPN-08: Medium)
    power: int = 0  # blast power (EXPL-07..10)
    rule_id: str = "EXTRA"


MEDKIT_GEAR: Final = 2  # DEATH-03: "medical gear gives a bonus": +2 gear dice to first aid (project data)
BLANKET_MODIFIER: Final = 2  # FIRE-04: +2 to smother a fire with a blanket

ITEMS: Final[dict[str, Item]] = {  # project data built on SRD rules; both are used up when used
    "frag_grenade": Item("Frag grenade", "blast", power=6),  # EXPL-09: power 6 (C), damage 2
    "smoke_grenade": Item("Smoke grenade", "smoke"),  # RMOD-15
}


def usable_items(c: Combatant) -> list[int]:
    """The index of the first carried item of each usable kind."""
    seen: set[str] = set()
    result = []
    for i, name in enumerate(c.items):
        if name in ITEMS and name not in seen:
            seen.add(name)
            result.append(i)
    return result


def can_throw_at(state: GameState, c: Combatant, target: Combatant, item: Item) -> bool:
    """A grenade reaches a combatant's zone within its reach and in your line of fire."""
    if target.dead or target.fled or (target.hidden and target.side != c.side):
        return False
    if state.zone_map.band(c.zone, target.zone, state.options.extreme_max_hops) > item.reach:
        return False
    return state.zone_map.line_of_fire(c.zone, target.zone, state.doors, (c.peek, target.peek))


def item_targets(state: GameState, c: Combatant, index: int) -> list[int]:
    """Whom an item can be thrown at: a grenade at an enemy; smoke at anyone (yourself too)."""
    item = ITEMS[c.items[index]]
    return [
        o.id
        for o in state.combatants
        if (item.effect == "smoke" or (o.side != c.side and not o.out)) and can_throw_at(state, c, o, item)
    ]


def use_item(
    state: GameState,
    c: Combatant,
    index: int,
    target: Combatant,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """ACTN-USEITEM-01: the item is used up and does what it says."""
    name = c.items.pop(index)
    item = ITEMS[name]
    zone = target.zone
    events.append(Event("used_item", c.id, target.id, {"item": name, "zone": zone}))
    if item.effect == "blast":
        c.hidden = False
        engaged = {target.id} | {o for o in target.engaged}  # EXPL-04: at the blast point
        explosion(state, zone, item.power, rng, events, source=c.id, engaged_with=engaged)
    else:
        state.smoke[zone] = state.round + SMOKE_ROUNDS - 1
        events.append(Event("smoke", c.id, -1, {"zone": zone, "until_round": state.smoke[zone]}))


# --- armor upkeep between fights (ARMOR-06) --------------------------------------------------


def armor_max(state: GameState, c: Combatant) -> int:
    """The armor's full rating: the table's (ARMOR-01), or lower after a failed repair (GEAR-04)."""
    if c.armor is None:
        return 0
    if c.armor_max >= 0:
        return c.armor_max
    armor = state.setup.armors[c.armor]
    return GRADE_POINTS[armor.grade] if state.options.dice_mode == "step" else armor.rating


def repair_armor(state: GameState, c: Combatant, rng: np.random.Generator, modifier: int = 0) -> list[Event]:
    """ARMOR-06, GEAR-03..05: one shift of work and a Crafting roll, between fights.

    Each success restores one point (one grade with step dice) up to the full rating. A failed
    roll lowers the armor's maximum to its current rating for good, or destroys armor already
    at 0. Returns the events."""
    events: list[Event] = []
    top = armor_max(state, c)
    if c.armor is None or c.armor_rating >= top:
        return events  # nothing to mend
    roll = skill_roll(state, c, "Crafting", rng, 0, modifier)
    events.append(
        Event("roll", c.id, -1, {"skill": "Crafting", "purpose": "repair_armor", **roll_data(roll)})
    )
    if roll.successes == 0:
        if c.armor_rating <= 0:
            events.append(Event("armor_destroyed", c.id, -1, {"armor": c.armor}))  # GEAR-05
            c.armor, c.armor_rating, c.armor_max = None, 0, 0
        else:
            c.armor_max = c.armor_rating  # GEAR-04
            events.append(Event("armor_worn", c.id, -1, {"max": c.armor_max}))
        return events
    step = GRADE_POINTS["D"] if state.options.dice_mode == "step" else 1
    c.armor_rating = min(top, c.armor_rating + step * roll.successes)  # GEAR-03
    events.append(Event("armor_repaired", c.id, -1, {"rating": c.armor_rating}))
    return events
