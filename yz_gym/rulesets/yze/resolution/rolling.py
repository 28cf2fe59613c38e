"""The rolls of a resolving action: its skill, its dice pool and modifiers, the opposing roll and
ties (OPP-01..05), darkness (DARK-04), stress rolls (STRESS-01/02), and what a push costs after it."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.combat.attacks import (
    BLANKET_MODIFIER,
    DIVING_BLOW,
    MEDKIT_GEAR,
    UNARMED,
    artifact_die,
    block_gear,
    close_modifier,
    close_weapon,
    held_weapon,
    range_between,
    ranged_modifier,
)
from yz_gym.rulesets.yze.combat.damage import take_damage
from yz_gym.rulesets.yze.combat.pushing import after_roll
from yz_gym.rulesets.yze.combat.specialties import surgeon_bonus
from yz_gym.rulesets.yze.dice import DicePool
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers
from yz_gym.rulesets.yze.mounts.riding import (
    mount_push,
    riderless,
    riderless_band,
    riderless_close_modifier,
    riderless_shot_modifier,
)
from yz_gym.rulesets.yze.resolution.stages import (
    F_MISSED,
    F_MOUNT,
    F_SNEAK,
    OPPOSED,
    S_AFTER,
    S_PUSH,
    S_RESOLVE,
    S_ROLL,
)
from yz_gym.rulesets.yze.rolls import entry_of, roll_data, skill_pool
from yz_gym.rulesets.yze.state import Combatant, Frame, GameState
from yz_gym.rulesets.yze.tables import Weapon
from yz_gym.rulesets.yze.vehicles.actions import mounted_pool
from yz_gym.rulesets.yze.zone.actions import CLOSE_KINDS, KIND_NAMES, UNARMED_SPECIALS, Kind
from yz_gym.rulesets.yze.zone.spec import Dice
from yz_gym.rulesets.yze.zone.zones import Range

_BARE_HANDED: Final = UNARMED_SPECIALS | {Kind.DIVING_BLOW, Kind.GRAPPLE_ATTACK, Kind.BREAK_FREE}
_SHOTS: Final = frozenset({Kind.SHOOT, Kind.OVERWATCH_FIRE})
_MELEE_ROLLS: Final = CLOSE_KINDS | {Kind.GRAPPLE_ATTACK, Kind.FORCE_DOOR}  # ATK-01: rolled with Melee and a close weapon


def attack_weapon(state: GameState, c: Combatant, kind: Kind) -> Weapon:
    """The weapon an attack uses: unarmed specials and diving blows use bare hands."""
    if kind in _BARE_HANDED:
        return UNARMED
    if kind in _SHOTS:
        return held_weapon(state, c)
    return close_weapon(state, c)[1]


def roll_action(
    state: GameState, frame: Frame, actor: Combatant, skill: str | None, dice_of: Dice,
    rng: np.random.Generator, events: list[Event],
) -> None:  # fmt: skip
    """The action's roll of `skill` (help, then `dice_of`: gear, artifact die, modifiers), the opposing
    roll, then the push question; no roll without a skill."""
    frame.stage = S_PUSH
    if skill is None:
        frame.stage = S_RESOLVE
        return
    kind = frame.kind
    if kind == Kind.STRESS_ROLL:  # a frame the rules open: no action, its own push rule
        _stress_roll(state, frame, actor, rng, events)
        return
    help_modifier = NO_MODIFIERS.plus(dice.help_bonus(len(frame.helpers)))  # HELP-01: one cause
    pool = dice_of(state, frame, actor, skill, help_modifier, rng, events)
    if pool is None:
        return  # DARK-04: lost in the dark
    frame.roll = dice.roll(pool, rng)
    events.append(
        Event(
            "roll",
            actor.id,
            frame.target,
            {"skill": skill, "purpose": KIND_NAMES[kind], **roll_data(frame.roll)},
        )
    )
    if state.options.full_auto == "ammo_dice" and _ammo_dice(frame) >= 1:
        frame.ammo = dice.roll(dice.pool_dice(0, 0, _ammo_dice(frame)), rng)  # AUTO-03/04: rolled apart
        events.append(Event("ammo_dice", actor.id, frame.target, roll_data(frame.ammo)))
    _opposing_roll(state, frame, rng, events)
    _injury_strain(state, actor, skill, rng, events)
    if state.options.ask_push and dice.can_push(frame.roll) and not actor.out:
        frame.asking = [actor.id]  # PUSH-04: the roller decides


# --- dice (ActionSpec.dice): each sets frame.modifier to the modifiers a tie-break reroll keeps ----------


def plain_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool | None:  # fmt: skip
    """The skill's dice, no gear (or the mount's, MOUNT-06)."""
    return _pool(state, frame, actor, skill, 0, modifier, 0)


def melee_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool | None:  # fmt: skip
    """ATK-01: Melee with the close weapon's gear and artifact die, the close-combat modifiers."""
    return _melee(state, frame, actor, skill, modifier, 0)


def diving_blow_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool | None:  # fmt: skip
    """ACTN-DIVE-01: a bare-handed close attack at RMOD-04's modifier."""
    return _melee(state, frame, actor, skill, modifier, DIVING_BLOW)


def _melee(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers, extra: int
) -> DicePool:
    weapon = attack_weapon(state, actor, frame.kind)
    artifact = 0 if weapon is UNARMED else artifact_die(state, actor)
    target = state.combatants[frame.target] if frame.target >= 0 else None
    if target is not None and frame.flags & F_MOUNT and riderless(target):
        modifier = modifier.join(riderless_close_modifier(state, actor))  # MOUNT-08: RMOD-01, DARK-03 only
    elif target is not None:
        modifier = modifier.join(close_modifier(state, actor, target, bool(frame.flags & F_SNEAK)))
    if extra:
        modifier = modifier.plus(extra)
    return _pool(state, frame, actor, skill, _gear(actor, weapon), modifier, artifact)


def shot_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool | None:  # fmt: skip
    """ACTN-SHOOT-01: the weapon's gear and artifact die, the ranged modifiers (MOUNT-11 at a
    riderless mount); None when the target is lost in the dark (DARK-04)."""
    target = state.combatants[frame.target]
    weapon = held_weapon(state, actor)
    gear = _gear(actor, weapon)
    artifact = artifact_die(state, actor)
    if frame.flags & F_MOUNT and riderless(target):
        modifier = modifier.join(riderless_shot_modifier(state, actor, target))
        zone = target.mount.zone if target.mount is not None else target.zone
        near = state.zone_map.zones[zone].dark and riderless_band(state, actor, target) == Range.SHORT
    else:
        modifier = modifier.join(ranged_modifier(state, actor, target, bool(frame.flags & F_SNEAK)))
        near = state.zone_map.zones[target.zone].dark and range_between(state, actor, target) == Range.SHORT
    if near and _lost_in_dark(state, frame, actor, target, rng, events):
        return None
    return _pool(state, frame, actor, skill, gear, modifier, artifact)


def first_aid_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool | None:  # fmt: skip
    """DEATH-03: medical gear gives a bonus; HEAL-19: a Field Surgeon stabilising a lethal crit +1."""
    if frame.option == 1 and actor.specialties:
        modifier = modifier.plus(surgeon_bonus(actor, state.combatants[frame.target]))
    return _pool(state, frame, actor, skill, MEDKIT_GEAR if "medkit" in actor.items else 0, modifier, 0)


def extinguish_dice(
    state: GameState, frame: Frame, actor: Combatant, skill: str, modifier: Modifiers,
    rng: np.random.Generator, events: list[Event],
) -> DicePool | None:  # fmt: skip
    """FIRE-04: a blanket helps."""
    if "blanket" in actor.items:
        modifier = modifier.plus(BLANKET_MODIFIER)
    return _pool(state, frame, actor, skill, 0, modifier, 0)


def _pool(
    state: GameState, frame: Frame, actor: Combatant, skill: str, gear: int, modifier: Modifiers, artifact: int
) -> DicePool:
    """The pool, on foot or as riding changes it (MOUNT-06/08..11); the frame keeps the modifiers."""
    frame.modifier = modifier
    if actor.mount is not None or frame.flags & F_MOUNT:
        return mounted_pool(
            state, frame.kind, actor, frame.target, skill, gear, modifier, bool(frame.flags & F_MOUNT), artifact
        )
    return skill_pool(state, actor, skill, gear, modifier, artifact)


def open_stress_roll(state: GameState, c: Combatant, potential: int) -> None:
    """STRESS-01/02: an Insight roll against `potential` stress goes on the stack, so that its
    roller is asked whether to push it, as for any roll (resolved by `_stress_roll`)."""
    state.stack.append(Frame(Kind.STRESS_ROLL, c.id, option=potential, stage=S_ROLL))


def _stress_roll(
    state: GameState, frame: Frame, actor: Combatant, rng: np.random.Generator, events: list[Event]
) -> None:
    """STRESS-01: Insight, no action, each success cancels 1 stress; STRESS-02: it may be pushed
    (offered while stress is left to cancel), and the push costs what pushes cost (PUSH-10..20)."""
    if actor.out:
        frame.stage = S_AFTER  # broken or dead since the witnessing: no roll (BROKEN-02)
        return
    frame.roll = dice.roll(skill_pool(state, actor, "Insight"), rng)
    events.append(Event("roll", actor.id, -1, {"skill": "Insight", "purpose": "witness", **roll_data(frame.roll)}))
    if state.options.ask_push and frame.roll.successes < frame.option and dice.can_push(frame.roll):
        frame.asking = [actor.id]  # PUSH-04: the roller decides


def _ammo_dice(frame: Frame) -> int:
    """AUTO-03: the ammo dice a shot's option asks for (at a person, a mount or a vehicle)."""
    if frame.kind == Kind.SHOOT:
        return frame.option
    if frame.kind == Kind.SHOOT_VEHICLE:
        return frame.zone  # the fire mode (-1 a plain shot)
    return 0


def _lost_in_dark(
    state: GameState, frame: Frame, actor: Combatant, target: Combatant, rng: np.random.Generator,
    events: list[Event],
) -> bool:  # fmt: skip
    """DARK-04: at Short range into darkness, an Observation roll first; none = a miss."""
    look = dice.roll(skill_pool(state, actor, "Observation"), rng)
    events.append(
        Event(
            "roll",
            actor.id,
            target.id,
            {"skill": "Observation", "purpose": "darkness", **roll_data(look)},
        )
    )
    if look.successes == 0:
        frame.stage = S_RESOLVE
        frame.flags |= F_MISSED
        events.append(Event("lost_in_dark", actor.id, target.id))
        return True
    return False


def _gear(c: Combatant, weapon: Weapon) -> int:
    """ATK-07: a weapon's bonus is gear dice (its current value, after push damage)."""
    if weapon is UNARMED or c.held < 0:
        return 0
    return max(0, c.weapons[c.held].bonus)


def _opposing_roll(state: GameState, frame: Frame, rng: np.random.Generator, events: list[Event]) -> None:
    """ACTN-BLOCK-01, ACTN-BREAKFREE-01, OPP-05: the other side's roll, never pushed (OPP-04)."""
    kind = frame.kind
    opponent, skill, gear = -1, "", 0
    if frame.blocker >= 0:
        opponent, skill = frame.blocker, "Melee"
        gear = block_gear(state, state.combatants[opponent])  # the close weapon blocked with
    elif kind == Kind.BREAK_FREE:
        opponent, skill = state.combatants[frame.actor].grappled_by, "Melee"
    elif kind == Kind.PERSUADE:
        opponent, skill = frame.target, "Insight"
    if opponent < 0:
        return
    c = state.combatants[opponent]
    frame.block_roll = dice.roll(skill_pool(state, c, skill, gear), rng)
    events.append(
        Event("roll", c.id, frame.actor, {"skill": skill, "purpose": "oppose", **roll_data(frame.block_roll)})
    )


def _injury_strain(
    state: GameState, c: Combatant, skill: str, rng: np.random.Generator, events: list[Event]
) -> None:
    """CRIT-PHYS-32/45: some injuries cost 1 damage on each Mobility or Melee roll."""
    for injury in c.injuries:
        if skill in entry_of(injury).damage_on_rolls:
            take_damage(state, c, 1, rng, events)


def net_successes(state: GameState, frame: Frame) -> int:
    """OPP-01/ACTN-BLOCK-01: each opposing success cancels one of the roller's."""
    if frame.roll is None:
        return 0
    return net_of(frame, frame.roll)


def net_of(frame: Frame, roll: dice.Roll) -> int:
    """The frame's net successes if its roller had rolled `roll` (OPP-01/02, ACTN-BLOCK-01)."""
    if frame.block_roll is None:
        return roll.successes
    won, net = dice.opposed(roll, frame.block_roll, "active_fails")
    if not won and frame.kind in OPPOSED:
        return 0  # OPP-02: a tie fails the active side
    return net if won else 0


def break_tie(
    state: GameState, frame: Frame, actor: Combatant, skill: str | None, rng: np.random.Generator,
    events: list[Event],
) -> None:  # fmt: skip
    """OPP-03 (opposed_tie="reroll"): a tied contest of `skill` is rolled again by both sides, unpushed;
    a Pride claimed on the roll (DICE-13) keeps its automatic success on each re-roll."""
    for _ in range(20):
        if skill is None or frame.roll is None or frame.block_roll is None:
            return
        if not dice.is_tie(frame.roll, frame.block_roll):
            return
        claimed = frame.roll.auto
        fresh = dice.roll(skill_pool(state, actor, skill, 0, frame.modifier), rng)
        frame.roll = dice.Roll(fresh.pool, fresh.faces, checked=False, auto=claimed) if claimed else fresh
        events.append(
            Event("roll", actor.id, frame.target, {"skill": skill, "purpose": "tie_break", **roll_data(frame.roll)})
        )
        _opposing_roll(state, frame, rng, events)


def pay_for_push(
    state: GameState, frame: Frame, actor: Combatant, skill: str | None, rng: np.random.Generator,
    events: list[Event],
) -> None:  # fmt: skip
    """PUSH-10..20, PUSH-13: the push's cost falls after the action (combat/pushing.py); it never causes
    a crit (BROKEN-05). PUSH-17: 1s on stress dice of either roll call for panic. `skill`: the roll's."""
    kind = frame.kind
    tool = -1  # PUSH-02/PUSH-12: the weapon the roll used
    if kind in (Kind.SHOOT, Kind.OVERWATCH_FIRE, Kind.SHOOT_VEHICLE):
        tool = actor.held
    elif kind in _MELEE_ROLLS and attack_weapon(state, actor, kind) is not UNARMED:
        tool = close_weapon(state, actor)[0]
    opponent = -1
    if frame.block_roll is not None:
        opponent = frame.blocker if frame.blocker >= 0 else frame.target
    skill = skill or "Mobility"
    roll = frame.roll
    if actor.mount is not None and roll is not None:
        roll = mount_push(state, actor, kind, skill, roll, rng, events)  # MOUNT-12: the mount's dice harm it
    after_roll(
        state, actor, roll, skill, rng, events, tool,
        state.combatants[opponent] if opponent >= 0 else None, frame.block_roll,
    )  # fmt: skip
