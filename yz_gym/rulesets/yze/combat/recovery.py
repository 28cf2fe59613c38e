"""Between fights: stress from what characters live through (STRESS-01..11), and recovery over
shifts and days (HEAL-03/04/06/07, PUSH-18, DEATH-01). These are API functions, not actions.

Readings (conv.): a crit whose table gives no heal time ("–") heals with the first shift of rest
if physical (winded, stunned), and lasts if mental; a sprained ankle and blood in the eye
(CRIT-PHYS-14/15) end only with a successful Healing roll (HEAL-18: a carer's in `recover`, or
first aid); "permanent" never heals. An injury
still under a death-roll limit does not heal until treated (DEATH-03/04); while it waits, its
death rolls come as its limit runs out. Stress levels (PUSH-16) clear with rest in a safe place.
The sleep crits (CRIT-MENT-32-35 Nightmares, 36-41 Nocturnal) act on the sleep shifts of
hazards/sleep.py; mental crits whose effects need what neither a fight nor the hazards model (drink
for 44-45, enclosed spaces for 46-51, roleplay for 52..63) keep their table text and heal time; their dice effects (11-16, 22-24, 25-31), catatonia (64-65) and the phobia of the one who
broke the character (42-43, damage.phobias) apply in play. A cracked spine (CRIT-PHYS-56) heals in
its 3D6 days only if a Healing roll (first aid, or a carer's roll) succeeded before they ran out;
otherwise it is permanent (HEAL-18, `spine_treatment_deadline`)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

import numpy as np

from yz_gym.core.clock import SHIFTS_PER_DAY, TimeUnit
from yz_gym.core.conditions import Due, falls_due
from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat.damage import (
    CONDITION_KINDS,
    PERMANENT,
    death_roll_modifier,
    heal_time,
    take_damage,
    treat_injuries,
)
from yz_gym.rulesets.yze.combat.panic import add_stress, check_panic
from yz_gym.rulesets.yze.combat.pushing import pay_push
from yz_gym.rulesets.yze.combat.specialties import HEALER
from yz_gym.rulesets.yze.combat.tracks import restore_point
from yz_gym.rulesets.yze.hazards.kinds import OWN_CLOCK_DEATHS, recovery_blocked
from yz_gym.rulesets.yze.hazards.options import DEFAULT_HAZARDS, HazardOptions
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.rolls import entry_of, push_roll, roll_data, rules_pool, skill_pool, skill_roll
from yz_gym.rulesets.yze.state import Combatant, GameState, Injury

STRESS_SOURCES: Final[dict[str, int]] = {
    "threatened": 1,  # STRESS-03: threatened with violence
    "friend_lethal_injury": 1,  # STRESS-04: a friend suffers a lethal critical injury
    "unnatural": 1,  # STRESS-05: sees something unnatural
    "friend_dies": 2,  # STRESS-06
    "interrogated": 2,  # STRESS-07
    "terrifying_being": 2,  # STRESS-08: faces a terrifying supernatural being
    "massacre": 3,  # STRESS-09: witnesses a massacre
    "tortured": 3,  # STRESS-10
    "terrifying_event": 3,  # STRESS-11: witnesses a terrifying supernatural event
}


def suffer_stress(
    state: GameState,
    c: Combatant,
    source: str | int,
    rng: np.random.Generator,
    *,
    push: bool = False,
    events: list[Event] | None = None,
) -> int:
    """STRESS-01..11: the potential stress of `source` (a STRESS_SOURCES key, or a number set by
    the GM), less 1 per Insight success (no action). With `push`, a roll that did not cancel it
    all is pushed (STRESS-02) and its banes cost as any push does. Returns the stress taken."""
    events = [] if events is None else events
    if isinstance(source, str):
        if source not in STRESS_SOURCES:
            raise ValueError(f"unknown stress source {source!r}; known: {', '.join(STRESS_SOURCES)}")
        potential = STRESS_SOURCES[source]
    else:
        potential = int(source)
    if c.dead or potential <= 0:
        return 0
    if c.out:  # BROKEN-02: a Broken character cannot roll
        take_damage(state, c, potential, rng, events, stress=True)
        return potential
    roll = skill_roll(state, c, "Insight", rng)
    events.append(Event("roll", c.id, -1, {"skill": "Insight", "purpose": "stress", **roll_data(roll)}))
    if push and roll.successes < potential and dice.can_push(roll):
        roll = push_roll(state, c, roll, rng)  # STRESS-02
        events.append(Event("push", c.id, -1, {**roll_data(roll), "skill": "Insight"}))
    left = max(0, potential - roll.successes)
    take_damage(state, c, left, rng, events, stress=True)
    pay_push(state, c, roll, "Insight", rng, events)  # STRESS-02: banes on the push may add stress
    check_panic(state, c, roll, rng, events)
    return left


def recover(
    target: GameState | Combatant,
    shifts: int,
    rng: np.random.Generator | None = None,
    *,
    options: RuleOptions | None = None,
    deprived: bool | Collection[int] = False,
    carer: Combatant | None = None,
    safe: bool = True,
    hazard_options: HazardOptions = DEFAULT_HAZARDS,
    crits: bool = True,
) -> list[Event]:
    """Let `shifts` shifts pass at rest for one combatant or everyone in a game.

    HEAL-03: a Broken character recovers 1 point per shift. HEAL-04: anyone else recovers 1 damage
    and 1 stress per shift; the hazards' conditions block a track (HEAL-08..11: starving or sick,
    damage; sleep-deprived, stress; hypothermic, both; HEAL-13 with `hazard_options`), and
    `deprived` blocks both (dehydrated, HEAL-12: True, or the ids of those who are). The hazards'
    clocks are their own: a journey runs `disease_time`, `hunger_time`, `sleep_time` and the
    daily checks on the same shifts. HEAL-06: crits heal over their days, all at once. HEAL-07: a `carer`
    who makes a Healing roll on a day makes that day count double. PUSH-18: stress levels clear
    at rest in a `safe` place (HEAL-15). DEATH-01: untreated lethal crits still call for death rolls.
    With `crits` false the crits' heal times wait for `heal_crit_days` (a journey counts them in
    whole days, HEAL-17); a Healer's crits heal in half the time (HEAL-19, `c.specialties`).
    `rng` is needed for heal times, death rolls and the carer's roll."""
    if isinstance(target, GameState):
        state: GameState | None = target
        options = target.options
        people = [c for c in target.combatants if not c.dead]
    else:
        state = None
        options = options or RuleOptions()
        people = [target]
    events: list[Event] = []
    for shift in range(shifts):
        if carer is not None and shift % SHIFTS_PER_DAY == 0:
            _care(state, options, carer, people, rng, events)  # HEAL-07
        for c in people:
            if c.dead:
                continue
            _lethal_time(options, c, rng, events)
            if c.dead:
                continue
            blocked = deprived if isinstance(deprived, bool) else c.id in deprived
            _natural(options, hazard_options, c, blocked, events)
            if safe and (c.stress or c.panic):
                add_stress(c, -c.stress, events)  # PUSH-18, HEAL-15: the stress and its panic effects end
            if crits:
                _heal_crits(options, c, 1, rng, events)
    return events


def heal_crit_days(options: RuleOptions, c: Combatant, days: int, rng: np.random.Generator, events: list[Event]) -> None:
    """HEAL-17: `days` whole days pass for every treated crit of `c` at once (a journey's daily
    checks, TIME-08); a Healer's crits heal in half the time (HEAL-19)."""
    if not c.dead:
        _heal_crits(options, c, days * SHIFTS_PER_DAY, rng, events)


def _natural(
    options: RuleOptions, hazard_options: HazardOptions, c: Combatant, deprived: bool, events: list[Event]
) -> None:
    """HEAL-03/04: one point if Broken; else one damage and one stress; none on a track a hazard
    blocks (HEAL-08..11), nor on either when `deprived`; a Broken character's point only on an
    unblocked track (HEAL-13; `blocks_when_broken: false`, the point comes anyway)."""
    damage_blocked, stress_blocked = (
        (True, True) if deprived else recovery_blocked(c.timed, hazard_options.dehydration_blocks == "damage_stress")
    )
    if c.broken:
        if deprived or (damage_blocked and stress_blocked and hazard_options.blocks_when_broken):
            return
        attribute = options.damage_model == "attribute"  # BROKEN-01: Strength or Agility at 0
        physical = min(c.attrs[:2]) <= 0 if attribute else c.health <= 0
        tracks: list[bool] = [physical, not physical]
        if hazard_options.blocks_when_broken:
            tracks = [t for t in tracks if not (damage_blocked if t else stress_blocked)]
        done = any(restore_point(options, c, track) for track in tracks)
        events.append(Event("recovered", -1, c.id, {"amount": int(done), "rule": "HEAL-03"}))
        return
    healed = int(not damage_blocked and restore_point(options, c, True))
    healed += int(not stress_blocked and restore_point(options, c, False))
    if healed:
        events.append(Event("recovered", -1, c.id, {"amount": healed, "rule": "HEAL-04"}))


def _lethal_time(
    options: RuleOptions, c: Combatant, rng: np.random.Generator | None, events: list[Event]
) -> None:
    """DEATH-01/02: a shift passes for untreated lethal crits and conditions that call for death
    rolls (FIRE-05); each limit that runs out is a roll. A condition that kills when due (Broken
    while drowning, HAZ-DROWN-06) kills when its time runs out within the shift; the long clock's
    (disease, hunger, thirst) count on their hazards' own time (OWN_CLOCK_DEATHS)."""
    clock = options.clock
    shift = clock.rounds(TimeUnit.SHIFT)
    for condition in [t for t in c.timed if CONDITION_KINDS[t.kind].due == Due.DEATH and t.kind not in OWN_CLOCK_DEATHS]:
        kind = CONDITION_KINDS[condition.kind]
        if falls_due(condition, kind, clock, shift):
            c.dead = True
            events.append(Event("death", -1, c.id, {"cause": f"{kind.name} ({kind.rule})"}))
            return
    lethal = [t for t in c.timed if CONDITION_KINDS[t.kind].due == Due.DEATH_ROLL]
    if rng is None:
        if lethal or any(i.timer >= 0 for i in c.injuries):
            raise ValueError(f"{c.name} has an untreated lethal injury: recover() needs an rng")
        return
    for injury in c.injuries:
        if injury.timer < 0:
            continue
        elapsed = shift
        while elapsed >= injury.timer and not c.dead:
            elapsed -= injury.timer
            injury.stabilise_blocked = False
            if not _survives(options, c, death_roll_modifier(options, injury), rng, events):
                return
            injury.timer = clock.rounds(TimeUnit(injury.step))
        injury.timer -= elapsed
    for condition in lethal:
        for _ in range(falls_due(condition, CONDITION_KINDS[condition.kind], clock, shift)):
            condition.heal_blocked = False
            if not _survives(options, c, 0, rng, events):
                return


def _survives(
    options: RuleOptions, c: Combatant, modifier: int, rng: np.random.Generator, events: list[Event]
) -> bool:
    """A death roll away from the fight (DEATH-01/02); a failure kills, unless the dying one's unused
    Pride saves it: away from a fight nobody is asked, and it is claimed as an agent would (DICE-13)."""
    roll = dice.roll(rules_pool(options, c, "Stamina", 0, modifier), rng)
    events.append(Event("death_roll", c.id, -1, {"skill": "Stamina", **roll_data(roll)}))
    if roll.successes == 0 and c.pride and not c.pride_used:
        c.pride_used = True
        events.append(Event("pride", c.id, -1, {"pride": c.pride, "skill": "Stamina", "successes": 1}))
        return True
    if roll.successes == 0:
        c.dead = True
        events.append(Event("death", -1, c.id, {"cause": "failed death roll"}))
        return False
    return True


def _heal_crits(
    options: RuleOptions,
    c: Combatant,
    shifts: int,
    rng: np.random.Generator | None,
    events: list[Event],
) -> None:
    """HEAL-06: every treated crit counts down its heal time at the same time; HEAL-18: one that
    needs a Healing roll in time (CRIT-PHYS-56) and has not had it is permanent when its time is up
    (`spine_treatment_deadline: heal_time`)."""
    for injury in list(c.injuries):
        if injury.timer >= 0 or entry_of(injury).ends_by_treatment:
            continue  # still lethal: it must be treated first; HEAL-18: only a Healing roll ends it
        if injury.heal_left == -1:
            injury.heal_left = heal_time(injury, rng, HEALER in c.specialties)
        if injury.heal_left == PERMANENT:
            continue
        injury.heal_left = max(0, injury.heal_left - shifts)
        if injury.heal_left == 0 and _untreated(options, injury):
            injury.heal_left = PERMANENT  # HEAL-18: not treated in time
            events.append(Event("injury_permanent", -1, c.id, {"injury": entry_of(injury).name}))
        elif injury.heal_left == 0:
            c.injuries.remove(injury)
            if entry_of(injury).incapacitates:
                c.incapacitated = any(entry_of(i).incapacitates for i in c.injuries)
            events.append(Event("injury_healed", -1, c.id, {"injury": entry_of(injury).name}))


def _untreated(options: RuleOptions, injury: Injury) -> bool:
    """HEAL-18: a crit that heals only if treated in time, not treated (CRIT-PHYS-56)."""
    if injury.treated or options.spine_treatment_deadline == "none":
        return False
    return entry_of(injury).needs_treatment


def _care(
    state: GameState | None,
    options: RuleOptions,
    carer: Combatant,
    people: list[Combatant],
    rng: np.random.Generator | None,
    events: list[Event],
) -> None:
    """HEAL-07: a shift of care and a Healing roll make the day count double for the crits."""
    if rng is None:
        raise ValueError("recover() needs an rng for the carer's Healing roll (HEAL-07)")
    pool = skill_pool(state, carer, "Healing") if state is not None else rules_pool(options, carer, "Healing")
    roll = dice.roll(pool, rng)
    events.append(Event("roll", carer.id, -1, {"skill": "Healing", "purpose": "care", **roll_data(roll)}))
    if roll.successes == 0:
        return
    for c in people:
        if c is not carer and not c.dead:
            treat_injuries(c, events, carer.id)  # HEAL-18: the Healing roll treats a cracked spine
            _heal_crits(options, c, SHIFTS_PER_DAY, rng, events)  # one more day of healing


