"""Armor, cover, damage and stress, Broken, critical injuries, death, first aid, fire, blasts."""

from __future__ import annotations

import numpy as np

from yz_gym.rules import dice
from yz_gym.rules.events import Event, roll_data
from yz_gym.rules.rolls import injury_of, rating_roll, skill_roll
from yz_gym.rules.state import STR, WIT, Combatant, GameState, Injury

TIME_STEPS = ("round", "stretch", "shift", "day")  # DEATH-03: round -> stretch -> shift -> day
FIRE_STEP = 3  # FIRE-02: one step of intensity in pool terms (D=3, C=6, B=9, A=12)
BLAST_DAMAGE = {12: 4, 9: 3, 6: 2, 3: 1}  # EXPL-07..10: blast power -> base damage


def rounds_for(state: GameState, step: int) -> int:
    """Rounds in a time limit: round, stretch, shift or day (AMB-01, TIME-01/02)."""
    options = state.options
    return (1, options.rounds_per_stretch, options.rounds_per_shift, 4 * options.rounds_per_shift)[step]


def protect(
    state: GameState,
    target: Combatant,
    damage: int,
    ranged: bool,
    rng: np.random.Generator,
    events: list[Event],
) -> int:
    """COVER-01/02 then ARMOR-01..05: roll cover (ranged only), then armor; return what is left."""
    if ranged and target.cover >= 0 and damage > 0:
        zone = target.zone
        rating = state.cover_ratings[zone][target.cover]
        if rating > 0:
            roll = rating_roll(state, rating, rng)
            damage = max(0, damage - roll.successes)
            lost = roll.banes() if damage > 0 else 0  # ARMOR-05 via COVER-01
            events.append(Event("cover", -1, target.id, {**roll_data(roll), "rating": rating}))
            if lost:
                ratings = list(state.cover_ratings[zone])
                ratings[target.cover] = max(0, rating - lost)
                all_zones = list(state.cover_ratings)
                all_zones[zone] = tuple(ratings)
                state.cover_ratings = tuple(all_zones)
                events.append(Event("cover_degraded", -1, target.id, {"rating": ratings[target.cover]}))
    if target.armor_rating > 0 and damage > 0:
        roll = rating_roll(state, target.armor_rating, rng)
        damage = max(0, damage - roll.successes)  # ARMOR-02
        events.append(Event("armor", -1, target.id, {**roll_data(roll), "rating": target.armor_rating}))
        lost = roll.banes() if damage > 0 else 0  # ARMOR-05: only if damage gets through
        if lost:
            target.armor_rating = max(0, target.armor_rating - lost)
            events.append(Event("armor_degraded", -1, target.id, {"rating": target.armor_rating}))
    return damage


def take_damage(
    state: GameState,
    target: Combatant,
    amount: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    stress: bool = False,
    source: int = -1,
    crit_allowed: bool = True,
    fire: bool = False,
) -> None:
    """DMGM-01: damage lowers Strength (or Health), stress lowers Wits (or Resolve)."""
    if amount <= 0 or target.dead:
        return
    was_broken = target.broken
    if state.options.damage_model == "attribute":
        index = WIT if stress else STR
        dealt = min(amount, target.attrs[index])
        target.attrs[index] -= dealt  # BROKEN-03: never below 0
    elif stress:
        dealt = min(amount, target.resolve)
        target.resolve -= dealt
    else:
        dealt = min(amount, target.health)
        target.health -= dealt
    target.damage_taken += amount
    if source >= 0:
        state.combatants[source].damage_dealt += amount
    target.aiming = 0  # ACTN-AIM-02: aim is lost on taking damage
    target.overwatch = -1  # ACTN-OVERWATCH-04
    events.append(
        Event("stress" if stress else "damage", source, target.id, {"amount": amount, "dealt": dealt})
    )
    if target.broken and not was_broken:
        events.append(Event("broken", source, target.id, {"by": "stress" if stress else "damage"}))
        _release_holds(state, target)
        if state.options.npc_broken_dies and not target.pc and not stress:
            kill(state, target, events, "broken NPC (HEAL-05)")
            return
    if fire and target.broken:
        target.injuries.append(Injury("fire", 0, timer=1, step=0))  # FIRE-05: death roll each turn
        return
    if crit_allowed and state.options.crit_trigger == "broken" and target.broken:
        # BROKEN-04: Broken gives a crit; BROKEN-03: further damage to a Broken one gives another
        critical_injury(state, target, "mental" if stress else "physical", rng, events)


def critical_injury(
    state: GameState, target: Combatant, table: str, rng: np.random.Generator, events: list[Event]
) -> None:
    """CRIT-01: roll D66 on the physical or mental table and apply the result."""
    code = dice.d66(rng)
    entry = injury_of(table, code)
    events.append(Event("critical", -1, target.id, {"table": table, "code": code, "name": entry.name}))
    if entry.instant_death:  # CRIT-02: some results kill at once
        kill(state, target, events, entry.name)
        return
    injury = Injury(table, code)
    if entry.lethal and entry.time_limit is not None:  # DEATH-01
        injury.step = TIME_STEPS.index(entry.time_limit)
        injury.timer = rounds_for(state, injury.step)
    target.injuries.append(injury)
    if entry.lethal and state.options.stress_from_events:
        witness_stress(state, target, 1, rng, events)  # STRESS-04


def kill(state: GameState, target: Combatant, events: list[Event], cause: str) -> None:
    """The combatant dies (CRIT-02, DEATH-01)."""
    if target.dead:
        return
    target.dead = True
    _release_holds(state, target)
    events.append(Event("death", -1, target.id, {"cause": cause}))


def _release_holds(state: GameState, c: Combatant) -> None:
    """A combatant out of the fight lets go of grapples and engagements."""
    for other in state.combatants:
        other.engaged.discard(c.id)
        if other.grappling == c.id:
            other.grappling = -1
        if other.grappled_by == c.id:
            other.grappled_by = -1
    c.engaged.clear()
    c.grappling = -1
    c.grappled_by = -1
    c.overwatch = -1
    c.aiming = 0


def witness_stress(
    state: GameState, victim: Combatant, amount: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """STRESS-01/04/06: friends who see it take stress, less one per Insight success."""
    zone_map = state.zone_map
    for friend in state.combatants:
        if friend.side != victim.side or friend.id == victim.id or friend.out:
            continue
        if not zone_map.sight(friend.zone, victim.zone, state.doors, friend.peek):
            continue
        roll = skill_roll(state, friend, "Insight", rng)
        events.append(
            Event("roll", friend.id, -1, {"skill": "Insight", "purpose": "stress", **roll_data(roll)})
        )
        take_damage(state, friend, amount - roll.successes, rng, events, stress=True)


def death_roll(
    state: GameState, c: Combatant, injury: Injury, rng: np.random.Generator, events: list[Event]
) -> bool:
    """DEATH-01/02: a Stamina roll when a lethal injury's time runs out; failure kills."""
    modifier = 0 if injury.table == "fire" else injury_of(injury.table, injury.code).death_roll_mod
    roll = skill_roll(state, c, "Stamina", rng, 0, modifier)  # Strength 0 when Broken: skill dice
    events.append(Event("death_roll", c.id, -1, {"skill": "Stamina", **roll_data(roll)}))
    injury.stabilise_blocked = False  # DEATH-05: a new Healing try is allowed after a death roll
    if roll.successes == 0:
        kill(state, c, events, "failed death roll")
        return False
    injury.timer = rounds_for(state, injury.step)
    return True


def tick_lethal_injuries(state: GameState, rng: np.random.Generator, events: list[Event]) -> None:
    """DEATH-01: at the end of each round, count down lethal injuries; roll when time runs out."""
    for c in state.combatants:
        if c.dead:
            continue
        for injury in c.injuries:
            if injury.timer < 0 or injury.table == "fire":
                continue
            injury.timer -= 1
            if injury.timer <= 0 and not death_roll(state, c, injury, rng, events):
                break


def is_dying(c: Combatant) -> bool:
    """Has a lethal injury still counting down (ACT-SLOW-FIRSTAID 'dying')."""
    return any(i.timer >= 0 for i in c.injuries)


def first_aid(
    state: GameState,
    healer: Combatant,
    patient: Combatant,
    roll_successes: int,
    stabilise: bool,
    events: list[Event],
) -> None:
    """HEAL-01/02 restore 1 damage or stress per success; DEATH-03/04 stabilise a lethal injury."""
    if stabilise:
        for injury in patient.injuries:
            if injury.timer < 0:
                continue
            if roll_successes == 0:
                injury.stabilise_blocked = True  # DEATH-05
                events.append(Event("stabilise_failed", healer.id, patient.id))
                return
            if injury.table == "fire" or injury.step >= TIME_STEPS.index("shift"):
                injury.timer = -1  # DEATH-04 (and FIRE-05: saved by a Healing roll)
                events.append(Event("stabilised", healer.id, patient.id, {"lethal": False}))
            else:
                injury.step += 1  # DEATH-03: the limit moves one step longer
                injury.timer = rounds_for(state, injury.step)
                events.append(Event("stabilised", healer.id, patient.id, {"limit": TIME_STEPS[injury.step]}))
            return
        return
    restored = 0
    for _ in range(roll_successes):
        if not _restore_one(state, patient):
            break
        restored += 1
    events.append(Event("recovered", healer.id, patient.id, {"amount": restored}))


def _restore_one(state: GameState, c: Combatant) -> bool:
    """Restore one point to the track that broke the patient first, then the other."""
    if state.options.damage_model == "attribute":
        lowest = min(range(4), key=lambda i: (c.attrs[i] > 0, c.attrs[i] - c.max_attrs[i]))
        if c.attrs[lowest] >= c.max_attrs[lowest]:
            return False
        c.attrs[lowest] += 1
        return True
    if c.health <= 0 or (c.health < c.max_health and c.resolve > 0):
        if c.health >= c.max_health:
            return False
        c.health += 1
        return True
    if c.resolve < c.max_resolve:
        c.resolve += 1
        return True
    return False


def fire_attack(state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event]) -> None:
    """FIRE-01..03: a burning combatant suffers a fire attack on its turn; intensity rises."""
    roll = rating_roll(state, c.burning, rng)
    events.append(Event("fire", -1, c.id, {"intensity": c.burning, **roll_data(roll)}))
    if roll.successes == 0:
        c.burning = 0  # FIRE-03: out as soon as an attack does no damage
        events.append(Event("fire_out", -1, c.id))
        return
    was_broken = c.broken
    take_damage(state, c, roll.successes, rng, events, crit_allowed=False, fire=True)
    if was_broken and not any(i.table == "fire" for i in c.injuries):
        c.injuries.append(Injury("fire", 0, timer=1, step=0))  # FIRE-05: hit while Broken
    c.burning = min(12, c.burning + FIRE_STEP)  # FIRE-02: one step stronger each round


def fire_deaths(state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event]) -> None:
    """FIRE-05: one broken by fire makes a death roll every turn until dead or saved."""
    for injury in c.injuries:
        if injury.table == "fire" and injury.timer >= 0 and not c.dead:
            death_roll(state, c, injury, rng, events)


def explosion(
    state: GameState,
    zone: int,
    power: int,
    rng: np.random.Generator,
    events: list[Event],
    *,
    source: int = -1,
    engaged_with: int = -1,
) -> None:
    """EXPL-01..06: roll the blast for everyone in the zone; a big blast reaches next door."""
    base = BLAST_DAMAGE[max(p for p in BLAST_DAMAGE if p <= max(power, 3))]
    events.append(Event("explosion", source, -1, {"zone": zone, "power": power}))
    _blast_zone(state, zone, power, base, rng, events, source, engaged_with)
    if power - 6 >= 3:  # EXPL-06: the adjacent zones at blast power - 6, if nothing shields them
        for near in state.zone_map.neighbours[zone]:
            if state.zone_map.line_of_fire(zone, near, state.doors):
                _blast_zone(state, near, power - 6, base, rng, events, source, -1)


def _blast_zone(
    state: GameState,
    zone: int,
    power: int,
    base: int,
    rng: np.random.Generator,
    events: list[Event],
    source: int,
    engaged_with: int,
) -> None:
    for c in state.combatants:
        if c.zone != zone or c.dead or c.fled:
            continue
        roll = rating_roll(state, power, rng)  # EXPL-02: cannot be pushed
        events.append(Event("blast", source, c.id, {"power": power, **roll_data(roll)}))
        damage = base + roll.successes - 1 if roll.successes else 0  # EXPL-03
        at_point = c.id == engaged_with
        if at_point and (damage > 0 or state.options.blast_engaged_min1_on_zero):
            damage += 1  # EXPL-04/05
        if damage > 0:
            damage = protect(state, c, damage, True, rng, events)  # EXPL-11
            take_damage(state, c, damage, rng, events, source=source)
