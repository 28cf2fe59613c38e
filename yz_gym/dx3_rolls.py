"""The DX3 checks `yz-gym roll` reads: the dice notation DX3 tables use ("3dx+2@10": 3 D10, 達成値
+2, C値 10; DX3-DICE-04..09) and the exploration check of the house rules (HR-EXPLORE-01/02,
"肉体 3 + 知覚 2": the dice of a standard ability, the level of a skill of another ability added to
the 達成値). The seed's list of which ability each exploration check uses (HR-EXPLORE-01) is missing
(gap G-30), so the game master names the ability. Each check is rolled, and its exact chance to
reach a difficulty is given (agents/dx3_odds.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from yz_gym.rulesets.dx3.character import ABILITY_NAMES, Ability, skill_ability
from yz_gym.rulesets.dx3.dice import DEFAULT_CRIT, RULE_CRIT_FLOOR, Check, encroachment_dice

MAX_DX3_DICE: Final = 60  # D10s in one check
MAX_MODIFIER: Final = 999
DX_NOTATION: Final = re.compile(r"^\s*(\d{1,3})\s*dx\s*(?:([+-])\s*(\d{1,3}))?\s*(?:@\s*(\d{1,2}))?\s*$", re.I)
ABILITY_WORDS: Final = {
    "肉体": Ability.BODY, "body": Ability.BODY, "感覚": Ability.SENSE, "sense": Ability.SENSE,
    "精神": Ability.MIND, "mind": Ability.MIND, "社会": Ability.SOCIAL, "social": Ability.SOCIAL,
}  # fmt: skip
EXPLORE: Final = re.compile(r"^\s*(\S+?)\s*(\d{1,3})\s*(?:\+\s*(\S+?)\s*(\d{1,3}))?\s*$")
MISSING_TABLE: Final = (
    "HR-EXPLORE-01: the house rules fix the ability each exploration check uses, but the seed's list "
    "is missing (gap G-30): name the ability the scenario asks for."
)


@dataclass(frozen=True, slots=True)
class Dx3Roll:
    """A DX3 check read from text: what it rolls and how it was built, in words."""

    check: Check
    words: str  # how the dice and the 達成値 bonus were made
    explore: bool = False  # an exploration check (HR-EXPLORE-02)


def looks_dx3(text: str) -> bool:
    """Whether the text is a DX3 check (the dx notation or an ability name) rather than a YZE pool."""
    lowered = text.lower()
    return bool(re.search(r"\d\s*dx", lowered)) or any(word in lowered for word in ABILITY_WORDS)


def read_dx3(text: str, encroachment: int = 0, crit: int = DEFAULT_CRIT, table: str = "r1") -> Dx3Roll:
    """A DX3 check from "3dx+2@10" or an exploration check "肉体 3 + 知覚 2" (HR-EXPLORE-02), with
    the dice of a 侵蝕率 (DX3-DICE-11); a ValueError says what is wrong and how to write it."""
    bonus = encroachment_dice(encroachment, table) if encroachment > 0 else 0
    extra = f" + {bonus} for 侵蝕率 {encroachment}%" if bonus else ""
    match = DX_NOTATION.match(text)
    if match:
        dice, sign, value, at = match.groups()
        modifier = (-1 if sign == "-" else 1) * int(value or 0)
        c = int(at) if at else crit
        return Dx3Roll(_check(int(dice) + bonus, c, modifier), f"{dice} D10{extra}, 達成値 {modifier:+d}, C値 {c}")
    match = EXPLORE.match(text)
    if not match or match.group(1).lower() not in ABILITY_WORDS:
        raise ValueError(
            f"cannot read '{text}': a DX3 check is e.g. \"3dx+2@10\" (dice, 達成値 bonus, C値) or an "
            "exploration check \"肉体 3 + 知覚 2\" (an ability and its value, then any skill and its level)"
        )
    ability = ABILITY_WORDS[match.group(1).lower()]
    dice = int(match.group(2))
    words = f"【{ABILITY_NAMES[ability]}】 {dice} D10{extra}"
    level = 0
    if match.group(3):
        skill, level = match.group(3), int(match.group(4))
        home = skill_ability(skill)  # a ValueError names an unknown skill
        words += f", 〈{skill}〉 (a 【{ABILITY_NAMES[home]}】 skill) adds {level} to the 達成値"
        if home != ability:
            words += " (HR-EXPLORE-02: a skill of another ability)"
    return Dx3Roll(_check(dice + bonus, crit, level), words + f", C値 {crit}", explore=True)


def _check(dice: int, crit: int, modifier: int) -> Check:
    """A check within the command's limits; a ValueError for one outside them."""
    if not 0 < dice <= MAX_DX3_DICE:
        raise ValueError(f"{dice} dice: roll 1 to {MAX_DX3_DICE} D10")
    if not RULE_CRIT_FLOOR <= crit <= DEFAULT_CRIT + 1:
        raise ValueError(f"C値 {crit}: give 2 to 11 (DX3-DICE-06/15)")
    if abs(modifier) > MAX_MODIFIER:
        raise ValueError(f"達成値 bonus {modifier}: give at most {MAX_MODIFIER}")
    return Check(dice, crit, modifier)


def chance_to_reach(check: Check, difficulty: int) -> float:
    """The exact chance that the check reaches `difficulty` (DX3-DICE-10; an automatic failure never does)."""
    from yz_gym.agents.dx3_odds import FUMBLE, of

    return sum(q for value, q in of(check) if value != FUMBLE and value >= difficulty)


__all__ = ["MISSING_TABLE", "Dx3Roll", "chance_to_reach", "looks_dx3", "read_dx3"]
