"""The DX3 combatant: four abilities with their skills, HP, 行動値, encroachment, Lois and Titus
counts, the checks it rolls, damage taken and 戦闘不能 (DX3-DICE-01..03, DX3-ACT-01, DX3-DMG-*)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

import numpy as np

from yz_gym.rulesets.dx3.dice import Check, critical_value, d10s, encroachment_dice


class Ability(IntEnum):
    """The four abilities (DX3-DICE-01)."""

    BODY = 0  # 【肉体】
    SENSE = 1  # 【感覚】
    MIND = 2  # 【精神】
    SOCIAL = 3  # 【社会】


ABILITY_NAMES: Final = ("肉体", "感覚", "精神", "社会")
# DX3-DICE-02: each skill and its ability; the names ending in ":" take a specialty (運転:二輪)
SKILL_ABILITY: Final = {
    "白兵": Ability.BODY, "回避": Ability.BODY, "運転:": Ability.BODY,
    "射撃": Ability.SENSE, "知覚": Ability.SENSE, "芸術:": Ability.SENSE,
    "RC": Ability.MIND, "意志": Ability.MIND, "知識:": Ability.MIND,
    "交渉": Ability.SOCIAL, "調達": Ability.SOCIAL, "情報:": Ability.SOCIAL,
}  # fmt: skip
MAX_LOIS: Final = 7  # DX3-TITUS-01
HP_BASE: Final = 20  # DX3-DMG-01: max HP = 肉体 x 2 + 精神 + 20
RESURRECT_LIMIT: Final = 99  # DX3-DMG-04: 《リザレクト》 at 侵蝕率 99% or less
FULL_HP: Final = -1  # the hp given to a character that starts unhurt


def skill_ability(skill: str) -> Ability:
    """The ability a skill rolls with (DX3-DICE-02); a ValueError names the unknown skill."""
    base, colon, specialty = skill.partition(":")
    key = f"{base}:" if colon else base
    if key not in SKILL_ABILITY or (colon and not specialty):
        known = ", ".join(name + ("X" if name.endswith(":") else "") for name in SKILL_ABILITY)
        raise ValueError(f"unknown skill {skill!r}; use one of {known}")
    return SKILL_ABILITY[key]


@dataclass(frozen=True, slots=True)
class StatBlock:
    """A DX3 character's fixed numbers: its four abilities and its skill levels by name."""

    body: int
    sense: int
    mind: int
    social: int
    skills: tuple[tuple[str, int], ...] = ()  # (skill, level), e.g. ("白兵", 2), ("運転:四輪", 1)

    def __post_init__(self) -> None:
        for name, value in zip(ABILITY_NAMES, self.abilities, strict=True):
            if value < 0:
                raise ValueError(f"ability 【{name}】 is {value}; give 0 or more")
        seen: set[str] = set()
        for skill, level in self.skills:
            skill_ability(skill)
            if level < 0:
                raise ValueError(f"skill 〈{skill}〉 has level {level}; give 0 or more")
            if skill in seen:
                raise ValueError(f"skill 〈{skill}〉 is given twice; give each skill once")
            seen.add(skill)

    @property
    def abilities(self) -> tuple[int, int, int, int]:
        """肉体, 感覚, 精神, 社会 in Ability order."""
        return (self.body, self.sense, self.mind, self.social)

    def ability(self, which: Ability) -> int:
        """One ability's value."""
        return self.abilities[which]

    def skill(self, name: str) -> int:
        """A skill's level; 0 for a known skill the character does not have."""
        skill_ability(name)
        for skill, level in self.skills:
            if skill == name:
                return level
        return 0

    @property
    def max_hp(self) -> int:
        """Max HP = 肉体 x 2 + 精神 + 20 (DX3-DMG-01)."""
        return self.body * 2 + self.mind + HP_BASE

    @property
    def initiative(self) -> int:
        """行動値 = 感覚 x 2 + 精神 (DX3-ACT-01)."""
        return self.sense * 2 + self.mind

    @property
    def stock_points(self) -> int:
        """常備化ポイント = 社会 x 2 + 〈調達〉 x 2 (DX3-DICE-03)."""
        return self.social * 2 + self.skill("調達") * 2


@dataclass(slots=True)
class Dx3Character:
    """A DX3 combatant in play: its stat block, HP, 侵蝕率, Lois and Titus, and 戦闘不能."""

    name: str
    stats: StatBlock
    encroachment: int = 0  # 侵蝕率 in %
    hp: int = FULL_HP  # current HP; FULL_HP at construction means max HP
    lois: int = 0  # Lois held (at most 7, DX3-TITUS-01)
    titus: int = 0  # Titus held, each spent once when sublimated
    incapacitated: bool = field(default=False)  # 戦闘不能 (DX3-DMG-03)

    def __post_init__(self) -> None:
        if self.hp == FULL_HP:
            self.hp = self.stats.max_hp
        if not 0 <= self.hp <= self.stats.max_hp:
            raise ValueError(f"{self.name}: HP {self.hp} is outside 0-{self.stats.max_hp}")
        if self.encroachment < 0:
            raise ValueError(f"{self.name}: 侵蝕率 {self.encroachment} is negative; give 0 or more")
        if not 0 <= self.lois <= MAX_LOIS or self.titus < 0:
            raise ValueError(f"{self.name}: give 0-{MAX_LOIS} Lois and 0 or more Titus")
        self.incapacitated = self.incapacitated or self.hp == 0

    def check(
        self,
        skill: str | None,
        ability: Ability | None = None,
        *,
        floor: int,
        table: str = "r1",
        dice: int = 0,
        crit_change: int = 0,
        effect_floor: int = 0,
        modifier: int = 0,
    ) -> Check:
        """The check of a skill (its ability's dice, its level added) or of a bare ability (dice only,
        AMB-36): ability dice + the encroachment bonus (DX3-DICE-11/12) + `dice`, the C値 from the
        effects' `crit_change` (critical_value), and the skill level + `modifier`."""
        if skill is not None:
            ability = skill_ability(skill)
            modifier += self.stats.skill(skill)
        if ability is None:
            raise ValueError("a check needs a skill or an ability")
        pool = self.stats.ability(ability) + encroachment_dice(self.encroachment, table) + dice
        crit = critical_value(crit_change, floor=floor, effect_floor=effect_floor)
        return Check(pool, crit, modifier)


def hp_damage(damage: int, armor: int = 0, guard: int = 0, reduction: int = 0) -> int:
    """The HP lost from a damage roll: minus 装甲値, then ガード値, then other reductions, at least 0
    (DX3-DMG-05 step 2-3)."""
    return max(damage - armor - guard - reduction, 0)


def take_damage(target: Dx3Character, damage: int) -> int:
    """Take HP damage (already reduced by hp_damage): HP stops at 0, which is 戦闘不能 (DX3-DMG-03);
    a 戦闘不能 character loses no more HP (DX3-DMG-09). Returns the HP lost."""
    if target.incapacitated or damage <= 0:
        return 0
    lost = min(damage, target.hp)
    target.hp -= lost
    if target.hp == 0:
        target.incapacitated = True
    return lost


def can_resurrect(target: Dx3Character, allowed: bool) -> bool:
    """Whether 《リザレクト》 may raise a 戦闘不能 character: 侵蝕率 99% or less (DX3-DMG-04, DX3-ENC-09)."""
    return allowed and target.incapacitated and target.encroachment <= RESURRECT_LIMIT


def resurrect(target: Dx3Character, level: int, rng: np.random.Generator) -> int:
    """《リザレクト》 (DX3-DMG-04): leave 戦闘不能 with (Lv)D10 HP (at most max HP); 侵蝕率 rises by the
    HP recovered. Returns the HP recovered; call only when can_resurrect."""
    healed = min(sum(d10s(max(level, 1), rng)), target.stats.max_hp - target.hp)
    target.hp += healed
    target.encroachment += healed
    target.incapacitated = target.hp == 0
    return healed
