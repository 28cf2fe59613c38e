"""Character creation checks for new player characters (DICE-02, DICE-04, STEP-04, STEP-05)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Final

STEP_ORDER: Final = ("D", "C", "B", "A")  # STEP-01 grades from weakest to strongest
ATTRIBUTE_POINTS: Final = 14  # DICE-02
SKILL_POINTS: Final = 10  # DICE-04
ARCHETYPE_MAX: Final = 3  # DICE-04: the most a new PC puts in an archetype skill
OTHER_MAX: Final = 1  # DICE-04: the most in any other skill


def check_pool_character(
    attributes: Mapping[str, int],
    skills: Mapping[str, int],
    key_attribute: str | None = None,
    archetype_skills: Iterable[str] = (),
) -> list[str]:
    """Problems with a new dice-pool PC; an empty list means it follows the creation rules."""
    problems = []
    total = sum(attributes.values())
    if total != ATTRIBUTE_POINTS:
        problems.append(f"attributes add up to {total}; a new PC spreads {ATTRIBUTE_POINTS} points (DICE-02)")
    for name, value in attributes.items():
        top = 5 if key_attribute in (None, name) else 4  # DICE-02: often only the key attribute reaches 5
        if not 2 <= value <= top:
            problems.append(f"{name} {value}: a new PC's attributes are 2-{top} (DICE-02)")
    total = sum(skills.values())
    if total != SKILL_POINTS:  # DICE-04: a new PC spends exactly 10 points
        problems.append(f"skills add up to {total}; a new PC spreads {SKILL_POINTS} points (DICE-04)")
    archetype = set(archetype_skills)
    for name, value in skills.items():
        # DICE-04: at most 3 in an archetype skill, at most 1 in any other; with no archetype
        # named, any skill may be one of its archetype skills
        top = ARCHETYPE_MAX if name in archetype or not archetype else OTHER_MAX
        if value < 0:
            problems.append(f"{name} {value}: skills are rated 0-5 (DICE-04)")
        elif value > top:
            problems.append(f"{name} {value}: at most {top} for a new PC (DICE-04)")
    return problems


def check_step_character(attributes: Mapping[str, str], skills: Mapping[str, str]) -> list[str]:
    """Problems with a new step-dice PC (STEP-04 attributes, STEP-05 skills)."""
    problems = []
    steps = [STEP_ORDER.index(g) - STEP_ORDER.index("C") for g in attributes.values()]
    lowered = sum(1 for s in steps if s < 0)
    raises = sum(s for s in steps if s > 0)
    if any(s < -1 for s in steps) or lowered > 1:
        problems.append("at most one attribute may be lowered, and only to D (STEP-04)")
    if raises != 3 + lowered:
        problems.append(f"{raises} one-step raises above C; a new PC makes 3 (+1 for lowering one to D) (STEP-04)")
    counts = Counter(g for g in skills.values() if g in STEP_ORDER)
    wanted = {"B": 1, "C": 2, "D": 3}  # STEP-05
    if any(counts.get(g, 0) != n for g, n in wanted.items()) or counts.get("A", 0):
        problems.append(
            f"skills rated B x{counts.get('B', 0)}, C x{counts.get('C', 0)}, D x{counts.get('D', 0)}; "
            "a new PC has one at B, two at C and three at D (STEP-05)"
        )
    return problems
