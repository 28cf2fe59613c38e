"""Armor, cover, damage and stress, Broken, critical injuries, death, first aid, fire (blasts: explosions.py).

Damage models (DMGM-01, AMB-07): `attribute` (damage lowers Strength, stress lowers Wits),
`health_resolve` (two tracks), `health_only` (stress is a level, PUSH-16) and `conditions`
(DMGM-04..08: every point is a condition; a 4th of one type breaks you; the Broken mark is the
Health or Resolve track set to 0)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.clock import SHIFTS_PER_DAY, UNIT_NAMES, TimeUnit
from yz_gym.core.conditions import ConditionKind, Due, Tick, TimedCondition
from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat import panic
from yz_gym.rulesets.yze.combat.panic import (
    add_stress,
    check_panic,
    release_holds,
    stress_is_level,
)
from yz_gym.rulesets.yze.combat.specialties import HEALER, SECOND_WIND, second_wind
from yz_gym.rulesets.yze.combat.tracks import restore_point
from yz_gym.rulesets.yze.hazards.kinds import HAZARD_KINDS
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.resolution.stages import F_DEATH, S_PRIDE
from yz_gym.rulesets.yze.rolls import (
    MENTAL_CONDITIONS,
    PHYSICAL_CONDITIONS,
    entry_of,
    injury_of,
    rating_roll,
    roll_data,
    skill_roll,
)
from yz_gym.rulesets.yze.state import STR, WIT, Combatant, Frame, GameState, Injury
from yz_gym.rulesets.yze.zone.actions import Kind

STEP_FIRE_RISE: Final = 3  # FIRE-02 in step dice: one grade (D=3, C=6, B=9, A=12 as pool ratings)
PERMANENT: Final = -2  # Injury.heal_left of a crit that never heals (HEAL-06, HEAL-18)
MAX_FIRE: Final = 12  # FIRE-01: intensity A (pool 12) at most
GRADE_STEP: Final = {"pool": 1, "step": 3}  # ARMOR-05/COVER-01: a bane costs 1 point, or 1 grade (3 as pool rating)


BURNS: Final = ConditionKind(
    "burns", "FIRE-05", TimeUnit.ROUND, Tick.TURN, Due.DEATH_ROLL, healing_ends=True,
    meaning="broken by fire: a death roll every turn until dead or saved by a Healing roll",
)
CONDITION_KINDS: Final = {k.name: k for k in (BURNS, *HAZARD_KINDS)}  # YZE's timed conditions, by name


def limit_rounds(options: RuleOptions, step: int) -> int:
    """Rounds in a lethal injury's time limit, a TimeUnit (DEATH-01/03, TIME-06)."""
    return options.clock.rounds(TimeUnit(step))


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
            lost = roll.banes() * GRADE_STEP[state.options.dice_mode] if damage > 0 else 0  # ARMOR-05 via COVER-01
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
        lost = roll.banes() * GRADE_STEP[state.options.dice_mode] if damage > 0 else 0  # ARMOR-05: only if damage gets through
        if lost:
            target.armor_rating = max(0, target.armor_rating - lost)
            events.append(Event("armor_degraded", -1, target.id, {"rating": target.armor_rating}))
    return damage


# --- damage and stress ----------------------------------------------------------------------


def track_broken(state: GameState, c: Combatant, physical: bool) -> bool:
    """BROKEN-01: the physical (Strength/Health) or mental (Wits/Resolve) side is at 0."""
    if state.options.damage_model == "attribute":
        return c.attrs[STR if physical else WIT] <= 0
    return (c.health if physical else c.resolve) <= 0


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
    own_push: bool = False,
) -> None:
    """DMGM-01/06: damage lowers Strength or Health (or gives physical conditions); stress lowers
    Wits or Resolve (or gives mental conditions), or raises the stress level (PUSH-16)."""
    if amount <= 0 or target.dead:
        return
    options = state.options
    if stress and stress_is_level(options):
        add_stress(target, amount, events, source)  # PUSH-16: no track to break
        return
    was_broken = target.broken
    model = options.damage_model
    if model == "attribute":
        index = WIT if stress else STR
        dealt = min(amount, target.attrs[index])
        target.attrs[index] -= dealt  # BROKEN-03: never below 0
    elif model == "conditions":
        dealt = _add_conditions(target, amount, not stress, events, source)
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
    data = {"amount": amount, "dealt": dealt, "push": 1} if own_push else {"amount": amount, "dealt": dealt}
    events.append(Event("stress" if stress else "damage", source, target.id, data))  # push: a push's own cost
    broke = target.broken and not was_broken
    if broke:
        events.append(Event("broken", source, target.id, {"by": "stress" if stress else "damage"}))
        release_holds(state, target)
        if options.npc_broken_dies and not target.pc and not stress and not own_push:
            kill(state, target, events, "broken NPC (HEAL-05)", rng)
            return
    if fire:
        if target.broken:
            _fire_dying(target)  # FIRE-05: no crit, but death rolls every turn
    elif options.crit_trigger == "broken" and target.broken and crit_allowed and not own_push:
        # BROKEN-04: Broken gives a crit (DMGM-08 by conditions); BROKEN-03: further damage, another;
        # BROKEN-05: breaking yourself with a push never causes a critical injury
        critical_injury(state, target, "mental" if stress else "physical", rng, events, source)
    if broke and target.specialties and SECOND_WIND in target.specialties and not target.dead:
        second_wind(state, target, not stress, rng, events)  # Second Wind (HEAL-19), after the crit, which stays


def _add_conditions(c: Combatant, amount: int, physical: bool, events: list[Event], source: int) -> int:
    """DMGM-06/08: one condition per point; a 4th condition of one type breaks you."""
    names = PHYSICAL_CONDITIONS if physical else MENTAL_CONDITIONS
    dealt = 0
    for _ in range(amount):
        free = [n for n in names if n not in c.conditions]
        if free:
            c.conditions = (*c.conditions, free[0])  # "of your choice": all three are alike
            events.append(Event("condition", source, c.id, {"condition": free[0]}))
            dealt += 1
        elif (c.health if physical else c.resolve) > 0:
            if physical:
                c.health = 0  # DMGM-08: the 4th condition makes you Broken
            else:
                c.resolve = 0
            dealt += 1
        else:
            break
    return dealt


def attack_crit(
    state: GameState,
    target: Combatant,
    damage: int,
    successes: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """BROKEN-04 alternatives: a crit for damage >= the threshold, or for a hit of 2+ successes."""
    trigger = state.options.crit_trigger
    if damage <= 0 or target.dead:
        return
    if (trigger == "threshold" and damage >= state.options.crit_threshold) or (
        trigger == "two_successes" and successes >= 2
    ):
        critical_injury(state, target, "physical", rng, events)


def critical_injury(
    state: GameState, target: Combatant, table: str, rng: np.random.Generator, events: list[Event],
    source: int = -1,
) -> None:  # fmt: skip
    """CRIT-01: roll D66 on the physical or mental table and apply the result; `source` broke the
    target (-1: nobody, or not known), the thing a phobia fears (CRIT-MENT-42-43)."""
    code = dice.d66(rng)
    text = state.options.crit_table_text  # CRIT-05: the first source's table, or the second's
    entry = injury_of(table, code, text)
    events.append(Event("critical", -1, target.id, {"table": table, "code": code, "name": entry.name}))
    if entry.instant_death:  # CRIT-02: some results kill at once, with no death roll
        kill(state, target, events, entry.name, rng)
        return
    injury = Injury(table, code, text=text, source=source)
    if entry.lethal and entry.time_limit is not None:  # DEATH-01
        injury.step = int(entry.time_limit)
        injury.timer = limit_rounds(state.options, injury.step) + int(state.options.death_roll_grace)
    if state.options.crit_heal_roll_at == "injury" and not entry.ends_by_treatment:
        injury.heal_left = heal_time(injury, rng, HEALER in target.specialties)  # HEAL-17: rolled now
    target.injuries.append(injury)
    if entry.disease_virulence:  # CRIT-PHYS-46: the wound's disease (criticals.py, late: hazards import us)
        from yz_gym.rulesets.yze.combat.criticals import infect_wound

        infect_wound(state, target, entry, rng, events)
    if entry.incapacitates and not target.incapacitated:
        target.incapacitated = True  # CRIT-PHYS-56 paralysed, CRIT-MENT-64-65 catatonic: out of the fight
        release_holds(state, target)
    if entry.lethal and state.options.stress_from_events:
        witness_stress(state, target, 1, rng, events)  # STRESS-04


def heal_time(injury: Injury, rng: np.random.Generator | None, healer: bool = False) -> int:
    """HEAL-06: the crit's heal time in shifts (D6, 2D6, 3D6 days; permanent; none); HEAL-19: a
    Healer's in half the days, rounded up, at least one."""
    text = entry_of(injury).heal_days
    if text == "permanent":
        return PERMANENT
    if text is None:
        return 1 if injury.table == "physical" else PERMANENT
    if rng is None:
        raise ValueError("recover() needs an rng to roll heal times (HEAL-06)")
    count = int(text[0]) if text[0].isdigit() else 1
    days = sum(dice.d6(rng) for _ in range(count))
    return SHIFTS_PER_DAY * (max(1, -(-days // 2)) if healer else days)


def kill(
    state: GameState,
    target: Combatant,
    events: list[Event],
    cause: str,
    rng: np.random.Generator | None = None,
) -> None:
    """The combatant dies (CRIT-02, DEATH-01); friends who see it take 2 stress (STRESS-06)."""
    if target.dead:
        return
    target.dead = True
    if state.stack:  # a failed death roll waiting for this one's Pride is moot (DICE-13)
        state.stack[:] = [f for f in state.stack if not (f.flags & F_DEATH and f.actor == target.id)]
    release_holds(state, target, leaving=True)
    events.append(Event("death", -1, target.id, {"cause": cause}))
    if rng is not None and state.options.stress_from_events:
        witness_stress(state, target, 2, rng, events)  # STRESS-06


def insight_check(
    state: GameState,
    c: Combatant,
    potential: int,
    rng: np.random.Generator,
    events: list[Event],
    purpose: str = "stress",
) -> int:
    """STRESS-01: an Insight roll (no action); each success cancels 1 of the potential stress."""
    roll = skill_roll(state, c, "Insight", rng)
    events.append(Event("roll", c.id, -1, {"skill": "Insight", "purpose": purpose, **roll_data(roll)}))
    check_panic(state, c, roll, rng, events)
    return max(0, potential - roll.successes)


def witness_stress(
    state: GameState, victim: Combatant, amount: int, rng: np.random.Generator, events: list[Event]
) -> None:
    """STRESS-01/04/06: friends who see it take stress, less one per Insight success.

    In a zone fight with pushes asked (it has an initiative order), each roll goes on the stack
    so that the witness may push it (STRESS-02); elsewhere (chases, rest) it is rolled at once."""
    zone_map = state.zone_map
    witnesses = [
        friend
        for friend in state.combatants
        if friend.side == victim.side and friend.id != victim.id and not friend.out
        and zone_map.sight(friend.zone, victim.zone, state.doors, friend.peek)
    ]  # fmt: skip
    if witnesses and state.options.ask_push and state.order:
        from yz_gym.rulesets.yze.resolution.rolling import open_stress_roll  # resolution imports this module

        for friend in reversed(witnesses):  # the stack's top rolls first: in the combatants' order
            open_stress_roll(state, friend, amount)
        return
    for friend in witnesses:
        left = insight_check(state, friend, amount, rng, events, "witness")
        take_damage(state, friend, left, rng, events, stress=True)


# --- death and first aid --------------------------------------------------------------------


def death_roll_modifier(options: RuleOptions, injury: Injury) -> int:
    """DEATH-02: the crit's death-roll modifier on top of the Stamina roll's own modifiers.

    CRIT-PHYS-61/62 give -1/-2 to the death roll and Stamina -1/-2: one penalty, which the
    Stamina roll already carries (CRIT-03), so only what the Stamina effect does not cover is
    added; `death_roll_penalty: double` adds the table's column as well."""
    entry = entry_of(injury)
    if options.death_roll_penalty == "double":
        return entry.death_roll_mod
    return min(0, entry.death_roll_mod - entry.skill_mod("Stamina"))


def death_roll(
    state: GameState, c: Combatant, injury: Injury, rng: np.random.Generator, events: list[Event],
    ask_pride: bool = False,
) -> bool:  # fmt: skip
    """DEATH-01/02: a Stamina roll when a lethal injury's time runs out; failure kills (or, with
    `ask_pride`, waits for the roller's Pride decision, `_awaits_pride`)."""
    injury.stabilise_blocked = False  # DEATH-05: a new Healing try is allowed after a death roll
    roll = _death_roll(state, c, death_roll_modifier(state.options, injury), rng, events, ask_pride)
    if roll is None:
        return False
    injury.timer = limit_rounds(state.options, injury.step)  # DEATH-01: roll again when another limit passes
    check_panic(state, c, roll, rng, events)
    return True


def condition_death_roll(
    state: GameState, c: Combatant, condition: TimedCondition, rng: np.random.Generator, events: list[Event],
    ask_pride: bool = False,
) -> bool:  # fmt: skip
    """A death roll for a timed condition (FIRE-05): no crit modifier; due again after its kind's interval."""
    condition.heal_blocked = False  # DEATH-05: a new Healing try is allowed after a death roll
    roll = _death_roll(state, c, 0, rng, events, ask_pride)
    if roll is None:
        return False
    condition.left = CONDITION_KINDS[condition.kind].every
    check_panic(state, c, roll, rng, events)
    return True


def _death_roll(
    state: GameState, c: Combatant, modifier: int, rng: np.random.Generator, events: list[Event],
    ask_pride: bool = False,
) -> dice.Roll | None:  # fmt: skip
    """DEATH-01/02: the Stamina roll (Strength 0 when Broken: skill dice); a failure kills (None),
    unless it waits for the roller's Pride (`ask_pride`, DICE-13): then it counts as survived
    until the roller declines."""
    roll = skill_roll(state, c, "Stamina", rng, 0, modifier)
    events.append(Event("death_roll", c.id, -1, {"skill": "Stamina", **roll_data(roll)}))
    if roll.successes == 0:
        if ask_pride and _awaits_pride(state, c, roll):
            return roll
        kill(state, c, events, "failed death roll", rng)
        return None
    return roll


def _awaits_pride(state: GameState, c: Combatant, roll: dice.Roll) -> bool:
    """DICE-13 in a zone fight: a failed death roll of one with an unused Pride waits on the stack
    for their decision (resolution/pride.py); a second failed roll before it kills (one Pride)."""
    if not c.pride or c.pride_used or any(f.flags & F_DEATH and f.actor == c.id for f in state.stack):
        return False
    state.stack.append(Frame(Kind.PRIDE, c.id, stage=S_PRIDE, asking=[c.id], roll=roll, flags=F_DEATH))
    return True


def tick_lethal_injuries(
    state: GameState, rng: np.random.Generator, events: list[Event], *, on_turns: bool = False,
    ask_pride: bool = False,
) -> None:  # fmt: skip
    """DEATH-01: at the end of each round, count down lethal injuries; roll when time runs out.

    `on_turns`: round limits wait for their victim's next turn instead (`round_limit_deaths`);
    `ask_pride`: a failed roll waits for its roller's Pride decision (DICE-13, zone fights)."""
    for c in state.combatants:
        if c.dead:
            continue
        for injury in c.injuries:
            if injury.timer < 0 or (on_turns and injury.step == 0):
                continue
            injury.timer -= 1
            if injury.timer <= 0 and not death_roll(state, c, injury, rng, events, ask_pride):
                break


def phobias(state: GameState, rng: np.random.Generator, events: list[Event]) -> None:
    """CRIT-MENT-42-43: at the end of each round, 1 stress to each one with a phobia who is within
    Short (in the same zone) of the one who broke them (`phobia_of: breaker`, PROPOSED); only
    while in the fight: a Broken character is not taking it in (BROKEN-02)."""
    if state.options.phobia_of == "none":
        return
    for c in state.combatants:
        if not c.injuries or c.out:
            continue
        for injury in c.injuries:
            if injury.source < 0 or injury.table != "mental" or not entry_of(injury).phobia:
                continue
            feared = state.combatants[injury.source]
            if feared.dead or feared.fled or feared.zone != c.zone:
                continue
            events.append(Event("phobia", c.id, feared.id))
            take_damage(state, c, 1, rng, events, stress=True)
            break  # one phobia of one thing: 1 stress a round


def lethal_conditions(c: Combatant) -> list[TimedCondition]:
    """The timed conditions that call for death rolls (FIRE-05 burns): dying, as a lethal injury."""
    return [t for t in c.timed if CONDITION_KINDS[t.kind].due == Due.DEATH_ROLL]


def may_stabilise(c: Combatant) -> bool:
    """Dying (ACT-SLOW-FIRSTAID: a lethal injury counting down, or a condition a Healing roll ends,
    FIRE-05) and not waiting for another death roll after a failed Healing try (DEATH-05)."""
    return any(i.timer >= 0 and not i.stabilise_blocked for i in c.injuries) or any(
        CONDITION_KINDS[t.kind].healing_ends and not t.heal_blocked for t in c.timed
    )


def first_aid(
    state: GameState,
    healer: Combatant,
    patient: Combatant,
    roll_successes: int,
    stabilise: bool,
    events: list[Event],
) -> None:
    """HEAL-01/02 restore 1 damage or stress per success; DEATH-03..06 stabilise a lethal injury."""
    if stabilise:
        _stabilise(state, healer, patient, roll_successes, events)
        return
    if roll_successes:
        treat_injuries(patient, events, healer.id)  # HEAL-18: the Healing roll a cracked spine needs
    restored = 0
    for _ in range(roll_successes):
        physical = track_broken(state, patient, True) or not track_broken(state, patient, False)
        options = state.options
        if not (restore_point(options, patient, physical) or restore_point(options, patient, not physical)):
            break
        restored += 1
    events.append(Event("recovered", healer.id, patient.id, {"amount": restored}))


def treat_injuries(patient: Combatant, events: list[Event], healer: int = -1) -> None:
    """HEAL-18: a successful Healing roll ends the crits that end by treatment (CRIT-PHYS-14/15) and
    treats those that heal only if treated in time (CRIT-PHYS-56); one already made permanent stays so."""
    for injury in list(patient.injuries):
        entry = entry_of(injury)
        if entry.ends_by_treatment:
            patient.injuries.remove(injury)
            events.append(Event("injury_healed", healer, patient.id, {"injury": entry.name}))
        elif entry.needs_treatment and not injury.treated and injury.heal_left != PERMANENT:
            injury.treated = True
            events.append(Event("treated", healer, patient.id, {"injury": entry.name}))


def _stabilise(
    state: GameState, healer: Combatant, patient: Combatant, roll_successes: int, events: list[Event]
) -> None:
    """DEATH-03..06 on the most urgent lethal injury or condition (FIRE-05: saved by a Healing
    roll); the shortest time unit first, then the fewest units left, injuries before conditions."""
    waiting: list[tuple[int, int, int]] = [  # (unit, units left, index: injuries, then conditions)
        (i.step, i.timer, n) for n, i in enumerate(patient.injuries) if i.timer >= 0 and not i.stabilise_blocked
    ]
    lasting = len(patient.injuries)
    for n, t in enumerate(patient.timed):
        kind = CONDITION_KINDS[t.kind]
        if kind.healing_ends and not t.heal_blocked:
            waiting.append((int(kind.unit), t.left, lasting + n))
    if not waiting:
        return
    index = min(waiting, key=lambda w: (w[0], w[1]))[2]  # the most urgent one (the first of equals)
    if index >= lasting:
        condition = patient.timed[index - lasting]
        if roll_successes == 0:
            condition.heal_blocked = True  # DEATH-05: again only after another death roll
            events.append(Event("stabilise_failed", healer.id, patient.id))
            return
        patient.timed.remove(condition)  # FIRE-05: saved by a Healing roll
        events.append(Event("stabilised", healer.id, patient.id, {"lethal": False}))
        return
    injury = patient.injuries[index]
    if roll_successes == 0:
        injury.stabilise_blocked = True  # DEATH-05: again only after another death roll
        events.append(Event("stabilise_failed", healer.id, patient.id))
        return
    if injury.step >= TimeUnit.SHIFT:
        injury.timer = -1  # DEATH-04: a limit of a shift or longer, treated, is no more risk of death
        events.append(Event("stabilised", healer.id, patient.id, {"lethal": False}))
    else:
        injury.step += 1  # DEATH-03: the limit moves one step longer
        injury.timer = limit_rounds(state.options, injury.step)
        events.append(Event("stabilised", healer.id, patient.id, {"limit": UNIT_NAMES[injury.step]}))


# --- fire -----------------------------------------------------------------------------------


def _fire_dying(c: Combatant) -> None:
    """FIRE-05: one death roll every turn, until dead or saved by a Healing roll (one at a time)."""
    if not any(t.kind == BURNS.name for t in c.timed):
        c.timed.append(BURNS.start())


def _fire_rise(state: GameState, intensity: int) -> int:
    """FIRE-02: one step stronger (pool: +fire_rise dice; step: one grade)."""
    rise = STEP_FIRE_RISE if state.options.dice_mode == "step" else state.options.fire_rise
    return min(MAX_FIRE, intensity + rise)


def expose_to_fire(
    state: GameState, c: Combatant, intensity: int, rng: np.random.Generator, events: list[Event]
) -> int:
    """FIRE-01/02: roll the intensity, 1 damage per success; anyone damaged catches fire."""
    roll = rating_roll(state, intensity, rng)
    events.append(Event("fire", -1, c.id, {"intensity": intensity, **roll_data(roll)}))
    if roll.successes == 0:
        return 0
    take_damage(state, c, roll.successes, rng, events, fire=True)
    if not c.dead and not c.burning:
        c.burning = _fire_rise(state, intensity)  # the next attack, on its turn, is one step up
        events.append(Event("caught_fire", -1, c.id, {"intensity": c.burning}))
    return roll.successes


def fire_attack(state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event]) -> None:
    """FIRE-01..03: a burning combatant suffers a fire attack on its turn; intensity rises."""
    roll = rating_roll(state, c.burning, rng)
    events.append(Event("fire", -1, c.id, {"intensity": c.burning, **roll_data(roll)}))
    if roll.successes == 0:
        c.burning = 0  # FIRE-03: out as soon as an attack does no damage
        events.append(Event("fire_out", -1, c.id))
        return
    take_damage(state, c, roll.successes, rng, events, fire=True)  # FIRE-05 inside
    c.burning = _fire_rise(state, c.burning)  # FIRE-02: one step stronger each round


def fire_deaths(
    state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event], ask_pride: bool = False
) -> None:
    """FIRE-05: one broken by fire makes a death roll every turn until dead or saved."""
    for condition in c.timed:
        if condition.kind == BURNS.name and not c.dead:
            condition_death_roll(state, c, condition, rng, events, ask_pride)


def round_limit_deaths(
    state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event], ask_pride: bool = False
) -> None:
    """DEATH-01: "if the time limit is one round, the death roll comes on your next turn" (S1);
    after a success, on each turn after that until the limit is stabilised to a stretch."""
    for injury in c.injuries:
        live = injury.step == 0 and injury.timer >= 0 and not c.dead
        if live and not death_roll(state, c, injury, rng, events, ask_pride):
            return


def start_of_turn(
    state: GameState, c: Combatant, rng: np.random.Generator, events: list[Event], ask_pride: bool = False
) -> None:
    """At the start of a turn: FIRE-05 and round-limit (DEATH-01) death rolls (`ask_pride`: a
    failed one waits for the Pride decision, DICE-13); actions lost to panic (PUSH-PANIC-10/12)."""
    fire_deaths(state, c, rng, events, ask_pride)
    if c.injuries and state.options.death_roll_timing == "next_turn":
        round_limit_deaths(state, c, rng, events, ask_pride)
    panic.start_of_turn(c)

