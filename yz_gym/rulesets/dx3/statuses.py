"""DX3 bad statuses (バッドステータス, DX3-BS-*): the seven core statuses (and the two proposed extras)
with what each does as data, inflicting, the cleanup process, recovery by an action with seed 001's
【精神】 check (HR-STATUS-01) and the end of the scene. Every function returns new values."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from yz_gym.rulesets.dx3.character import Ability, Dx3Character
from yz_gym.rulesets.dx3.dice import Check, CheckResult, roll
from yz_gym.rulesets.dx3.options import Dx3Options

BERSERK: Final = "berserk"  # 暴走
PRESSURE: Final = "pressure"  # 重圧
DAZED: Final = "dazed"  # 放心
POISON: Final = "poison"  # 邪毒 N
RIGID: Final = "rigid"  # 硬直
HATRED: Final = "hatred"  # 憎悪 (target)
FEAR: Final = "fear"  # 恐怖 (target)
FRENZY: Final = "frenzy"  # 狂乱, not core (DX3-BS-08)
PRONE: Final = "prone"  # 転倒, not core (DX3-BS-09)
CORE: Final = (BERSERK, PRESSURE, DAZED, POISON, RIGID, HATRED, FEAR)  # DX3-BS-14
EXTRA: Final = (FRENZY, PRONE)
STATUS_NAMES: Final = CORE + EXTRA  # every status by name, in table order (a RECOVER action's option)

DAZED_DICE: Final = -2  # DX3-BS-17
POISON_PER_RANK: Final = 3  # DX3-BS-18
FEAR_DICE: Final = -2  # DX3-BS-21
FEAR_ATTACK: Final = -10
FEAR_DAMAGE_DICE: Final = -2
RECOVERY_DIFFICULTY: Final = 9  # HR-STATUS-01
WILL: Final = "意志"  # the 【精神】 skill a `mind_check: will` table adds


@dataclass(frozen=True, slots=True)
class StatusRule:
    """What a status does (DX3-BS-01..09, refined by DX3-BS-14..21), as data."""

    name: str
    japanese: str
    no_reactions: bool = False  # no dodge, guard or reaction-timed effect
    no_auto_effects: bool = False  # no オート effect unless its text allows it
    dice: int = 0  # on every check
    loss_per_rank: int = 0  # HP lost per rank in the cleanup process
    no_move: bool = False  # 戦闘移動, 全力移動 and 離脱 are 0 m
    forced_target: bool = False  # every attack must include the status's target
    fear: bool = False  # attacks including the target: fewer dice and less damage
    nearest_target: bool = False  # must attack the nearest character each main process
    ends_at_cleanup: bool = False
    ranked: bool = False
    targeted: bool = False
    action_clears: bool = True  # an action may clear it (DX3-BS-11)


STATUS_RULES: Final = (
    StatusRule(BERSERK, "暴走", no_reactions=True, action_clears=False),
    StatusRule(PRESSURE, "重圧", no_auto_effects=True),
    StatusRule(DAZED, "放心", dice=DAZED_DICE, ends_at_cleanup=True),
    StatusRule(POISON, "邪毒", loss_per_rank=POISON_PER_RANK, ranked=True, action_clears=False),
    StatusRule(RIGID, "硬直", no_move=True),
    StatusRule(HATRED, "憎悪", forced_target=True, targeted=True),
    StatusRule(FEAR, "恐怖", fear=True, targeted=True),
    StatusRule(FRENZY, "狂乱", no_reactions=True, nearest_target=True, action_clears=False),
    StatusRule(PRONE, "転倒", no_move=True),
)
RULE_OF: Final = {rule.name: rule for rule in STATUS_RULES}


@dataclass(frozen=True, slots=True)
class Statuses:
    """The bad statuses one character has: flags, the 邪毒 rank, the targets of 憎悪 and 恐怖."""

    berserk: bool = False
    pressure: bool = False
    dazed: bool = False
    poison: int = 0  # rank; 0: not poisoned
    rigid: bool = False
    hatred: str = ""  # the character it must attack; "": none
    fear: str = ""  # the character it fears; "": none
    frenzy: bool = False
    prone: bool = False

    def has(self, name: str) -> bool:
        """Whether the status `name` is on."""
        if name == BERSERK:
            return self.berserk
        if name == PRESSURE:
            return self.pressure
        if name == DAZED:
            return self.dazed
        if name == POISON:
            return self.poison > 0
        if name == RIGID:
            return self.rigid
        if name == HATRED:
            return bool(self.hatred)
        if name == FEAR:
            return bool(self.fear)
        if name == FRENZY:
            return self.frenzy
        return name == PRONE and self.prone

    def names(self) -> tuple[str, ...]:
        """The statuses that are on, in table order."""
        return tuple(rule.name for rule in STATUS_RULES if self.has(rule.name))

    def rules(self) -> tuple[StatusRule, ...]:
        """The rules of the statuses that are on."""
        return tuple(RULE_OF[name] for name in self.names())


CLEAR: Final = Statuses()


def status_problem(name: str, options: Dx3Options, rank: int = 0, target: str = "") -> str:
    """Why a status cannot be inflicted so ("" when it can): unknown, a non-core one with
    `extra_statuses` off (DX3-BS-14), a 邪毒 without a rank, a 憎悪 or 恐怖 without a target."""
    if name not in RULE_OF:
        return f"unknown status {name!r}; use one of {', '.join(CORE + EXTRA)}"
    if name in EXTRA and not options.extra_statuses:
        return f"{name} is not a core DX3 status; set dx3_rules.extra_statuses: true to use it"
    if RULE_OF[name].ranked and rank < 1:
        return f"{name} needs a rank of 1 or more"
    if RULE_OF[name].targeted and not target:
        return f"{name} needs the character it is directed at"
    return ""


def inflict(statuses: Statuses, name: str, options: Dx3Options, rank: int = 0, target: str = "") -> Statuses:
    """The statuses with `name` added; a new 邪毒 keeps the higher rank, adds or replaces as
    `poison_stack` says (DX3-BS-18); a new 憎悪 or 恐怖 names its new target. A ValueError for a
    status that cannot be inflicted (status_problem)."""
    problem = status_problem(name, options, rank, target)
    if problem:
        raise ValueError(problem)
    if name == POISON:
        if options.poison_stack == "add":
            rank += statuses.poison
        elif options.poison_stack == "max":
            rank = max(rank, statuses.poison)
        return replace(statuses, poison=rank)
    if name in (HATRED, FEAR):
        return replace(statuses, hatred=target) if name == HATRED else replace(statuses, fear=target)
    return _set(statuses, name, True)


def remove(statuses: Statuses, name: str) -> Statuses:
    """The statuses without `name`."""
    if name == POISON:
        return replace(statuses, poison=0)
    if name in (HATRED, FEAR):
        return replace(statuses, hatred="") if name == HATRED else replace(statuses, fear="")
    return _set(statuses, name, False)


def _set(statuses: Statuses, name: str, on: bool) -> Statuses:
    if name == BERSERK:
        return replace(statuses, berserk=on)
    if name == PRESSURE:
        return replace(statuses, pressure=on)
    if name == DAZED:
        return replace(statuses, dazed=on)
    if name == RIGID:
        return replace(statuses, rigid=on)
    if name == FRENZY:
        return replace(statuses, frenzy=on)
    if name == PRONE:
        return replace(statuses, prone=on)
    raise ValueError(f"unknown status {name!r}")


def check_dice(statuses: Statuses) -> int:
    """Dice every check gets from the statuses: 放心 -2 (DX3-BS-03/17)."""
    return sum(rule.dice for rule in statuses.rules())


def can_react(statuses: Statuses) -> bool:
    """No reactions (dodge, guard, reaction effects) under 暴走 or 狂乱 (DX3-BS-01/15, DX3-BS-08)."""
    return not any(rule.no_reactions for rule in statuses.rules())


def can_use_auto(statuses: Statuses, text_allows: bool = False) -> bool:
    """No オート effects under 重圧, unless the effect's text allows it, as 《リザレクト》's does
    (DX3-BS-02/16). A Titus is no effect and is never stopped (DX3-TITUS-05)."""
    return text_allows or not statuses.pressure


def can_move(statuses: Statuses) -> bool:
    """硬直 (and 転倒) make every move 0 m, 離脱 included (DX3-BS-05/19, DX3-BS-09)."""
    return not any(rule.no_move for rule in statuses.rules())


def attack_problem(statuses: Statuses, targets: tuple[str, ...]) -> str:
    """Why an attack on `targets` is not allowed ("" when it is): under 憎悪 it must include the
    hated character (DX3-BS-06/20)."""
    if statuses.hatred and statuses.hatred not in targets:
        return f"憎悪: the attack must include {statuses.hatred}"
    return ""


def after_attack(statuses: Statuses, targets: tuple[str, ...]) -> Statuses:
    """憎悪 ends once an attack includes its target, hit or miss (DX3-BS-20)."""
    if statuses.hatred and statuses.hatred in targets:
        return replace(statuses, hatred="")
    return statuses


@dataclass(frozen=True, slots=True)
class FearPenalty:
    """What 恐怖 takes off an attack that includes the feared character (DX3-BS-07/21)."""

    dice: int = 0  # hit check dice
    attack_power: int = 0
    damage_dice: int = 0


NO_FEAR: Final = FearPenalty()  # nothing taken off (a value: shared, not built per attack)


def fear_penalty(statuses: Statuses, targets: tuple[str, ...], options: Dx3Options) -> FearPenalty:
    """-2 dice on the hit check and the `fear_damage` penalty when the attack includes the feared
    character (DX3-BS-21); nothing otherwise."""
    if not statuses.fear or statuses.fear not in targets:
        return NO_FEAR
    if options.fear_damage == "minus10_attack":
        return FearPenalty(FEAR_DICE, FEAR_ATTACK, 0)
    if options.fear_damage == "minus2_dice":
        return FearPenalty(FEAR_DICE, 0, FEAR_DAMAGE_DICE)
    return FearPenalty(FEAR_DICE, 0, 0)


def cleanup(statuses: Statuses, hp: int, options: Dx3Options) -> tuple[Statuses, int]:
    """The cleanup process (DX3-ROUND-07): 邪毒 costs 3 x rank HP, armor no help, nothing at HP 0
    (DX3-BS-18, DX3-DMG-09); 放心 ends when `dazed_ends` is cleanup (DX3-BS-17). Returns the
    statuses and the HP lost (at most `hp`)."""
    loss = min(statuses.poison * POISON_PER_RANK, hp) if hp > 0 else 0
    if statuses.dazed and options.dazed_ends == "cleanup":
        statuses = replace(statuses, dazed=False)
    return statuses, loss


def scene_end(statuses: Statuses) -> Statuses:
    """Every bad status ends at the end of the scene (DX3-BS-10/22)."""
    return CLEAR


def action_can_clear(name: str, options: Dx3Options) -> bool:
    """Whether a minor action may try to clear `name`: with `minor_clears_status`, any status but
    邪毒 and 暴走 (and 狂乱) (DX3-BS-11); 転倒 is stood up from with a minor action (DX3-BS-09)."""
    if name == PRONE:
        return True
    return options.minor_clears_status and name in RULE_OF and RULE_OF[name].action_clears


def mind_check(who: Dx3Character, options: Dx3Options, dice: int = 0) -> Check:
    """Seed 001's 【精神】 check (HR-STATUS-01, HR-STEALTH-07): the ability's dice only, or 〈意志〉 with
    its level, as `mind_check` says (AMB-36); `dice` from statuses and the like."""
    skill = WILL if options.mind_check == "will" else None
    return who.check(skill, Ability.MIND, floor=options.crit_floor, table=options.encroach_table, dice=dice)


@dataclass(frozen=True, slots=True)
class Recovery:
    """A recovery action: the statuses after it, the 【精神】 check (None with no check) and its result."""

    statuses: Statuses
    check: CheckResult | None
    recovered: bool


def recover(
    statuses: Statuses, name: str, who: Dx3Character, rng: np.random.Generator, options: Dx3Options
) -> Recovery:
    """A minor action spent to clear `name` (action_can_clear must hold). With
    `status_recovery_check` (HR-STATUS-01) it needs a 【精神】 check (mind_check) at difficulty 9,
    statuses' dice included; a failure spends the action and the status stays (AMB-37)."""
    if not statuses.has(name) or not action_can_clear(name, options):
        raise ValueError(f"{name} cannot be cleared by an action now")
    if not options.status_recovery_check:
        return Recovery(remove(statuses, name), None, True)
    result = roll(mind_check(who, options, check_dice(statuses)), rng)
    if result.succeeds(RECOVERY_DIFFICULTY):
        return Recovery(remove(statuses, name), result, True)
    return Recovery(statuses, result, False)


def titus_clear(statuses: Statuses, mode: str, chosen: str = "") -> Statuses:
    """A Titus sublimated to remove adverse effects (DX3-TITUS-03E): every status (`all`) or the
    `chosen` one (`one`)."""
    if mode == "all":
        return CLEAR
    if not statuses.has(chosen):
        raise ValueError(f"choose a status the character has: {', '.join(statuses.names()) or 'none'}")
    return remove(statuses, chosen)
