"""DX3 effects (エフェクト) as data and combos (DX3-EFF-01..08, DX3-ENC-05/07/08, DX3-ATK-09): what an
effect is, what a combo of effects adds up to, and whether a character may use them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from yz_gym.rulesets.dx3.dice import d10s, effect_level_bonus
from yz_gym.rulesets.dx3.statuses import STATUS_NAMES

# DX3-EFF-02: タイミング (English keys; the loader also reads the Japanese terms)
AUTO: Final = "auto"  # オート: at its trigger, no action spent, may be used many times (DX3-EFF-05)
MINOR: Final = "minor"
MAJOR: Final = "major"
MAJOR_REACTION: Final = "major_reaction"  # メジャー／リア: used as a major action or as a reaction
REACTION: Final = "reaction"
SETUP: Final = "setup"
INITIATIVE: Final = "initiative"
CLEANUP: Final = "cleanup"
CONSTANT: Final = "constant"  # 常時: always on, never declared
SEE_TEXT: Final = "see_text"  # 効果参照
TIMINGS: Final = (
    AUTO,
    MINOR,
    MAJOR,
    MAJOR_REACTION,
    REACTION,
    SETUP,
    INITIATIVE,
    CLEANUP,
    CONSTANT,
    SEE_TEXT,
)

# DX3-EFF-03: 技能 besides a skill or an ability
NO_SKILL: Final = "-"  # ―: combines only with other ― effects
SYNDROME: Final = "syndrome"  # シンドローム: combines with effects of its syndrome, takes their skill

# DX3-EFF-03: 難易度
AUTO_SUCCESS: Final = -1  # 自動成功
OPPOSED: Final = -2  # 対決
DIFFICULTY_SEE_TEXT: Final = -3  # 効果参照

# DX3-ATK-06/07: 対象, narrowest first (DX3-ATK-09); a (選択) form chooses, so it is narrower
SELF: Final = "self"  # 自身
SINGLE: Final = "single"  # 単体
COUNT: Final = "count"  # N体
AREA_SELECT: Final = "area_select"  # 範囲(選択)
AREA: Final = "area"  # 範囲
SCENE_SELECT: Final = "scene_select"  # シーン(選択)
SCENE: Final = "scene"  # シーン
TARGET_SEE_TEXT: Final = "see_text"  # 効果参照
TARGET_NONE: Final = "-"  # ―: the effect sets no target (a weapon attack's own target counts)
TARGETS: Final = (SELF, SINGLE, COUNT, AREA_SELECT, AREA, SCENE_SELECT, SCENE, TARGET_SEE_TEXT, TARGET_NONE)

# DX3-ATK-05: 射程 in metres; 至近 is the user's own engagement at 0 m
RANGE_CLOSE: Final = 0
RANGE_SIGHT: Final = 1_000_000  # 視界
RANGE_WEAPON: Final = -1  # 武器: the weapon's range
RANGE_NONE: Final = -2  # ―: the effect sets no range

# DX3-ATK-01: the kind of attack an effect makes
NOT_ATTACK: Final = ""
MELEE: Final = "melee"
RANGED: Final = "ranged"

# DX3-EFF-08: use limits
ROUND: Final = "round"
SCENE_PERIOD: Final = "scene"
PERIODS: Final = ("", ROUND, SCENE_PERIOD, "scenario")

# what an effect does beyond numbers (the fight engine acts on these)
SPECIALS: Final = ("", "weapon", "move", "blockade", "hide", "revive", "resurrect", "warding")

# DX3-ENC-08: 制限 values besides a 侵蝕率 threshold
TRAITS: Final = ("pure", "rb", "servant")


class EffectFieldError(ValueError):
    """An effect with a field that cannot be used: the field and what to give instead."""

    def __init__(self, name: str, field: str, problem: str) -> None:
        super().__init__(f"effect {name!r}: {field}: {problem}")
        self.field = field
        self.problem = problem


@dataclass(frozen=True, slots=True)
class PerLevel:
    """A number that grows with the effect level: fixed + per_level × Lv."""

    fixed: int = 0
    per_level: int = 0

    def at(self, level: int) -> int:
        """The number at level `level`."""
        return self.fixed + self.per_level * level


ZERO: Final = PerLevel()


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a character's sheet (DX3-EFF-01): its fields and what it adds per level."""

    name: str
    timing: str
    skill: str = NO_SKILL  # a skill (白兵, 運転:二輪), an ability (肉体), a choice (白兵/射撃), -, syndrome
    syndrome: str = ""  # the syndrome it belongs to (for シンドローム skills)
    difficulty: int = AUTO_SUCCESS  # a number, AUTO_SUCCESS, OPPOSED or DIFFICULTY_SEE_TEXT
    target: str = TARGET_NONE
    target_count: int = 0  # N of N体 (target COUNT)
    range: int = RANGE_NONE  # metres, RANGE_CLOSE, RANGE_SIGHT, RANGE_WEAPON or RANGE_NONE
    cost: int = 0  # 侵蝕値: fixed part
    cost_dice: int = 0  # 侵蝕値: D10s rolled (DX3-ENC-07)
    level: int = 1
    max_level: int = 1
    level_bonus: bool = True  # False: the encroachment level bonus does not raise it (DX3-ENC-05)
    restriction: int = 0  # 制限 80, 100 or 120: usable from that 侵蝕率 on; 0: none
    requires: str = ""  # 制限 pure, rb, servant, dlois:NAME or limit:EFFECT (DX3-ENC-08)
    solo: bool = False  # cannot be combined (DX3-EFF-04)
    attack: str = NOT_ATTACK  # MELEE or RANGED if it makes an attack (DX3-ATK-01)
    uses: PerLevel = ZERO  # uses per `period`; 0 with a period: not limited
    period: str = ""
    dice: PerLevel = ZERO
    crit: PerLevel = ZERO  # C値 change (negative lowers it)
    crit_floor: int = 0  # the floor it names (DX3-DICE-14); 0: none
    achievement: PerLevel = ZERO  # 達成値 (for a created weapon: its 命中)
    attack_power: PerLevel = ZERO  # 攻撃力; stating one makes the attack deal damage (DX3-DMG-06)
    states_attack: bool = False
    guard: PerLevel = ZERO  # ガード値
    reduction: PerLevel = ZERO  # HP damage prevented
    heal: PerLevel = ZERO  # HP healed
    heal_dice: PerLevel = ZERO  # D10s of HP healed
    move: PerLevel = ZERO  # extra metres of movement
    ignore_armor: bool = False
    no_reaction: bool = False  # 「リアクション不可」: its targets can neither dodge nor guard (DX3-REACT-11)
    no_dodge: bool = False  # 「ドッジ不可」: no dodge, a guard allowed (DX3-REACT-11)
    ignore_guard: bool = False  # ガード無視: a guard subtracts no ガード値 (DX3-REACT-11)
    penetration: PerLevel = ZERO  # 装甲値 taken off the target's armor, down to 0 (DX3-ENG-05's house rule)
    inflicts: str = ""  # a bad status (statuses.py name) it gives the characters its attack hits (DX3-BS-*)
    inflict_rank: int = 0  # the rank of that status (邪毒 N)
    sets_target: str = ""  # an effect that changes the combo's 対象 (DX3-EFF-M06/M07)
    special: str = ""  # one of SPECIALS
    initiative: PerLevel = ZERO  # 行動値 (a setup, initiative or cleanup effect's bonus, timed_effects.py)
    armor: PerLevel = ZERO  # 装甲値 (the same)
    lasts: str = ROUND  # how long a timed effect's bonuses last: ROUND (to the cleanup process) or SCENE

    def __post_init__(self) -> None:
        problem = effect_problem(self)
        if problem is not None:
            raise EffectFieldError(self.name, problem[0], problem[1])

    def at_level(self, level: int) -> Effect:
        """The same effect learnt at another level."""
        return replace(self, level=level)


def effect_problem(effect: Effect) -> tuple[str, str] | None:
    """(field, what is wrong and the fix) for an effect that cannot be used; None when it is sound."""
    if effect.timing not in TIMINGS:
        return "timing", f"{effect.timing!r} is not a timing; use one of {', '.join(TIMINGS)}"
    if effect.target not in TARGETS:
        return "target", f"{effect.target!r} is not a target; use one of {', '.join(TARGETS)}"
    if effect.sets_target and effect.sets_target not in TARGETS:  # "" sets none
        return "sets_target", f"{effect.sets_target!r} is not a target; use one of {', '.join(TARGETS)}"
    if effect.target == COUNT and effect.target_count < 1:
        return "target_count", "a count target (N体) needs target_count 1 or more"
    if effect.level < 1 or effect.max_level < 1:
        return "level", f"level {effect.level}, max_level {effect.max_level}; give levels 1 or more"
    if effect.level > effect.max_level:
        return (
            "level",
            f"level {effect.level} is above max_level {effect.max_level}; lower it or raise max_level",
        )
    if effect.cost < 0 or effect.cost_dice < 0:
        return "cost", "an encroachment cost is 0 or more (a number, or dice such as 1D10)"
    if effect.restriction not in (0, 80, 100, 120):
        return "restriction", f"{effect.restriction}% is not a restriction; use 80%, 100% or 120%"
    if not _requirement_known(effect.requires):
        return "requires", f"{effect.requires!r}; use pure, rb, servant, dlois:NAME or limit:EFFECT"
    if effect.attack not in (NOT_ATTACK, MELEE, RANGED):
        return "attack", f"{effect.attack!r}; use melee or ranged, or leave it out"
    if effect.lasts not in (ROUND, SCENE_PERIOD):
        return "lasts", f"{effect.lasts!r}; use round or scene"
    if effect.period not in PERIODS:
        return "period", f"{effect.period!r}; use round, scene or scenario"
    if effect.special not in SPECIALS:
        return "special", f"{effect.special!r}; use one of {', '.join(s for s in SPECIALS if s)}"
    if effect.crit_floor != 0 and not 2 <= effect.crit_floor <= 10:
        return "crit_floor", f"{effect.crit_floor} is not a C値 floor; give 2-10 (a C値 below 2 is invalid)"
    if effect.skill == SYNDROME and not effect.syndrome:
        return "syndrome", "a syndrome-skill effect (シンドローム) needs the syndrome it belongs to"
    if effect.inflicts and effect.inflicts not in STATUS_NAMES:
        return "inflicts", f"{effect.inflicts!r} is not a bad status; use one of {', '.join(STATUS_NAMES)}"
    if effect.inflicts == "poison" and effect.inflict_rank < 1:
        return "inflict_rank", "邪毒 (poison) needs a rank of 1 or more"
    if effect.range < RANGE_NONE:
        return "range", f"{effect.range} m; give close, sight, weapon, - or metres 0 or more"
    return None


def _requirement_known(requires: str) -> bool:
    kind, colon, name = requires.partition(":")
    if not requires or requires in TRAITS:
        return True
    return bool(colon and name) and kind in ("dlois", "limit")


def use_level(effect: Effect, rate: int, table: str) -> int:
    """The level an effect works at: its Lv + the encroachment level bonus (which may pass its
    最大レベル), read from the 侵蝕率 before its own cost is paid (DX3-ENC-05)."""
    if not effect.level_bonus:
        return effect.level
    return effect.level + effect_level_bonus(rate, table)


def use_limit(effect: Effect, level: int) -> int:
    """How many times per its period an effect may be used at `level`; -1: no limit (DX3-EFF-08)."""
    if not effect.period:
        return -1
    limit = effect.uses.at(level)
    return limit if limit > 0 else -1


def unusable(effect: Effect, rate: int, traits: frozenset[str], used: int = 0, level: int = 1) -> str:
    """Why a character cannot use an effect now ("" when it can): its 制限 (DX3-ENC-08: a 侵蝕率 of
    80/100/120% or more, pure breed, Renegade Being, servant, a D-Lois, a prerequisite effect named
    `limit:EFFECT`, all given in `traits`) or its uses this period (DX3-EFF-08)."""
    if effect.restriction and rate < effect.restriction:
        return f"{effect.name} needs 侵蝕率 {effect.restriction}% or more (now {rate}%)"
    if effect.requires and effect.requires not in traits:
        return f"{effect.name} needs {effect.requires}"
    limit = use_limit(effect, level)
    if limit >= 0 and used >= limit:
        return f"{effect.name} is used up ({limit} per {effect.period})"
    return ""


def roll_cost(cost: int, cost_dice: int, rng: np.random.Generator) -> int:
    """An encroachment cost: the fixed part plus its D10s (DX3-ENC-07)."""
    return cost + sum(d10s(cost_dice, rng))


@dataclass(frozen=True, slots=True)
class Combo:
    """What a declaration of effects adds up to (DX3-EFF-06): the check's skill, its numbers, the
    combined target and range, and the cost to pay."""

    names: tuple[str, ...]
    timing: str
    skill: str  # the skill or ability the check rolls; NO_SKILL for none
    difficulty: int
    target: str
    target_count: int
    range: int
    cost: int
    cost_dice: int
    attack: str
    dice: int
    crit: int  # the sum of the C値 changes
    crit_floor: int  # the lowest floor an effect names; 0: none (the crit_floor switch applies)
    achievement: int
    attack_power: int
    states_attack: bool
    guard: int
    reduction: int
    heal: int
    heal_dice: int
    move: int
    ignore_armor: bool
    specials: tuple[str, ...]
    no_reaction: bool = False
    no_dodge: bool = False
    ignore_guard: bool = False
    penetration: int = 0
    inflicts: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Aim:
    """What an attack combo aims at, whatever its level: its 対象, its range in metres (RANGE_*),
    whether the effects make the attack without the weapon (DX3-DMG-06, played in 素手's slot) and
    the N of an N体 target (0 for the others)."""

    target: str
    range: int
    effect_attack: bool
    count: int = 0


class ComboError(ValueError):
    """Effects that cannot be declared together; the message says which and why."""


_TARGET_ORDER: Final = (SELF, SINGLE, COUNT, AREA_SELECT, AREA, SCENE_SELECT, SCENE)


def combine(
    effects: Sequence[Effect],
    timing: str,
    rate: int,
    table: str,
    weapon_range: int = RANGE_CLOSE,
    prefer: str = "",
) -> Combo:
    """The combo of effects declared at one `timing` by a character at 侵蝕率 `rate` (DX3-EFF-04/06):
    same timing, same skill (― with ―, シンドローム with an effect of its syndrome), melee and ranged
    never together, a solo effect alone; the narrowest target and range (DX3-ATK-09) unless an
    effect sets the target; the hardest difficulty; the costs and bonuses summed at each effect's
    use level (use_level). `weapon_range` stands for 射程 武器; `prefer` picks the skill where the
effects allow a choice (the weapon's). A ComboError says what is wrong."""
    if not effects:
        raise ComboError("declare at least one effect")
    names = tuple(e.name for e in effects)
    if len(set(names)) != len(names):
        raise ComboError(f"{', '.join(names)}: an effect is declared once per combo")
    if len(effects) > 1:
        for effect in effects:
            if effect.solo:
                raise ComboError(f"{effect.name} cannot be combined; use it alone")
    for effect in effects:
        if not timing_fits(effect.timing, timing):
            raise ComboError(f"{effect.name} is timed {effect.timing}, not {timing}")
    attacks = {e.attack for e in effects} - {NOT_ATTACK}
    if len(attacks) > 1:
        raise ComboError(f"{', '.join(names)}: melee and ranged attack effects do not combine")
    skill = _combo_skill(effects, prefer)
    target, count = _narrowest_target(effects)
    ranges = [weapon_range if e.range == RANGE_WEAPON else e.range for e in effects if e.range != RANGE_NONE]
    if target in (SCENE, SCENE_SELECT):  # a scene target reaches the whole scene (DX3-ATK-07)
        ranges = [RANGE_SIGHT]
    crit_floors = [e.crit_floor for e in effects if e.crit_floor > 0]
    dice = crit = achievement = attack_power = guard = reduction = heal = heal_dice = move = penetration = 0
    for effect in effects:
        lv = use_level(effect, rate, table)
        dice += effect.dice.at(lv)
        crit += effect.crit.at(lv)
        achievement += effect.achievement.at(lv)
        attack_power += effect.attack_power.at(lv)
        guard += effect.guard.at(lv)
        reduction += effect.reduction.at(lv)
        heal += effect.heal.at(lv)
        heal_dice += effect.heal_dice.at(lv)
        move += effect.move.at(lv)
        penetration += effect.penetration.at(lv)
    return Combo(
        names=names,
        timing=timing,
        skill=skill,
        difficulty=_hardest(effects),
        target=target,
        target_count=count,
        range=min(ranges) if ranges else weapon_range,
        cost=sum(e.cost for e in effects),
        cost_dice=sum(e.cost_dice for e in effects),
        attack=attacks.pop() if attacks else NOT_ATTACK,
        dice=dice,
        crit=crit,
        crit_floor=min(crit_floors) if crit_floors else 0,
        achievement=achievement,
        attack_power=attack_power,
        states_attack=any(e.states_attack for e in effects),
        guard=guard,
        reduction=reduction,
        heal=heal,
        heal_dice=heal_dice,
        move=move,
        ignore_armor=any(e.ignore_armor for e in effects),
        specials=tuple(e.special for e in effects if e.special),
        no_reaction=any(e.no_reaction for e in effects),
        no_dodge=any(e.no_dodge for e in effects),
        ignore_guard=any(e.ignore_guard for e in effects),
        penetration=penetration,
        inflicts=tuple((e.inflicts, e.inflict_rank) for e in effects if e.inflicts),
    )


def healed(combo: Combo, rng: np.random.Generator) -> int:
    """The HP a combo heals: its fixed healing plus its D10s (a healing effect, DX3-DMG-12; standing up
    again, DX3-EFF-M15); the caller caps it at max HP."""
    return combo.heal + sum(d10s(combo.heal_dice, rng))


def timing_fits(effect_timing: str, declared: str) -> bool:
    """Whether an effect of `effect_timing` may be declared at `declared` (メジャー／リア fits both)."""
    if effect_timing == MAJOR_REACTION:
        return declared in (MAJOR, REACTION, MAJOR_REACTION)
    return effect_timing == declared


def skill_choices(skill: str) -> tuple[str, ...]:
    """The skills an effect's 技能 allows: a choice 白兵/射撃 gives both."""
    return tuple(part for part in skill.split("/") if part)


def _combo_skill(effects: Sequence[Effect], prefer: str) -> str:
    fixed = [e for e in effects if e.skill != SYNDROME]
    for effect in effects:
        if effect.skill == SYNDROME and not any(f.syndrome == effect.syndrome for f in fixed):
            raise ComboError(
                f"{effect.name} (skill シンドローム) combines only with an effect of its syndrome "
                f"{effect.syndrome}; add one"
            )
    if not fixed:
        return NO_SKILL
    allowed = list(skill_choices(fixed[0].skill))
    for effect in fixed[1:]:
        allowed = [s for s in allowed if s in skill_choices(effect.skill)]
    if not allowed:
        listed = ", ".join(f"{e.name} ({e.skill})" for e in fixed)
        raise ComboError(f"{listed}: combined effects need the same skill")
    return prefer if prefer in allowed else allowed[0]


def _narrowest_target(effects: Sequence[Effect]) -> tuple[str, int]:
    for effect in effects:  # an effect that changes the target overrides the narrowest rule
        if effect.sets_target:
            return effect.sets_target, effect.target_count
    target, count = TARGET_NONE, 0
    for effect in effects:
        if effect.target in (TARGET_SEE_TEXT, TARGET_NONE):
            continue
        if target == TARGET_NONE or _TARGET_ORDER.index(effect.target) < _TARGET_ORDER.index(target):
            target, count = effect.target, effect.target_count
        elif effect.target == target == COUNT:
            count = min(count, effect.target_count)
    return target, count


def _hardest(effects: Sequence[Effect]) -> int:
    numbers = [e.difficulty for e in effects if e.difficulty >= 0]
    if any(e.difficulty == OPPOSED for e in effects):
        return OPPOSED
    if numbers:
        return max(numbers)
    if any(e.difficulty == DIFFICULTY_SEE_TEXT for e in effects):
        return DIFFICULTY_SEE_TEXT
    return AUTO_SUCCESS


def auto_uses_allowed(effect: Effect, declared_this_timing: int) -> bool:
    """Effect use is declared once per timing, except オート effects, which may be used again at the
    same timing (DX3-EFF-04/05)."""
    return effect.timing == AUTO or declared_this_timing == 0


def declaration_order(initiatives: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """The order in which declarations at one timing resolve: 行動値 highest first (DX3-EFF-07);
    equal 行動値 keep the order given (the engine's tie order)."""
    order = sorted(range(len(initiatives)), key=lambda i: -initiatives[i][1])
    return tuple(initiatives[i][0] for i in order)
