"""Character creation checks (DICE-02, DICE-04, STEP-04, STEP-05)."""

import pytest

from yz_gym.rulesets.yze.combat.creation import check_pool_character, check_step_character

GOOD = {"strength": 4, "agility": 4, "wits": 3, "empathy": 3}
TEN = {"melee": 3, "stamina": 3, "force": 1, "mobility": 1, "observation": 1, "insight": 1}  # DICE-04


@pytest.mark.rule("DICE-02")
def test_a_new_pool_pc_spreads_14_attribute_points_between_2_and_5():
    assert check_pool_character(GOOD, TEN) == []
    assert "add up to 15" in check_pool_character({**GOOD, "empathy": 4}, TEN)[0]
    assert any("2-5" in p for p in check_pool_character({"strength": 6, "agility": 2, "wits": 3, "empathy": 3}, {}))
    assert any("2-5" in p for p in check_pool_character({"strength": 5, "agility": 5, "wits": 3, "empathy": 1}, {}))
    key = check_pool_character({"strength": 5, "agility": 5, "wits": 2, "empathy": 2}, {}, key_attribute="strength")
    assert any("agility 5" in p for p in key) and not any("strength 5" in p for p in key)


@pytest.mark.rule("DICE-04")
def test_a_new_pool_pc_spreads_10_skill_points_3_in_archetype_skills_1_elsewhere():
    skills = {"melee": 3, "stamina": 3, "force": 1, "mobility": 1, "observation": 1, "insight": 1}
    assert check_pool_character(GOOD, skills, archetype_skills=["melee", "stamina", "force"]) == []
    assert any("at most 1" in p for p in check_pool_character(GOOD, skills, archetype_skills=["melee"]))
    assert any("10 points" in p for p in check_pool_character(GOOD, {**skills, "survival": 2}))


@pytest.mark.rule("DICE-04")
def test_a_new_pool_pc_spends_exactly_10_skill_points_not_fewer():
    archetype = ["melee", "stamina", "force"]
    nine = {"melee": 3, "stamina": 3, "force": 1, "mobility": 1, "observation": 1}
    assert any("add up to 9" in p for p in check_pool_character(GOOD, nine, archetype_skills=archetype))
    eleven = {**nine, "insight": 1, "survival": 1}
    assert any("add up to 11" in p for p in check_pool_character(GOOD, eleven, archetype_skills=archetype))
    ten = {**nine, "insight": 1}
    assert check_pool_character(GOOD, ten, archetype_skills=archetype) == []
    # 4 in an archetype skill and 2 in another are one over each limit
    over = {"melee": 4, "stamina": 2, "force": 1, "mobility": 1, "observation": 1, "insight": 1}
    problems = check_pool_character(GOOD, over, archetype_skills=["melee"])
    assert any("melee 4: at most 3" in p for p in problems) and any("stamina 2: at most 1" in p for p in problems)


@pytest.mark.rule("STEP-04")
def test_a_new_step_pc_makes_three_raises_from_c_or_four_after_lowering_one_to_d():
    skills = {"melee": "B", "mobility": "C", "stamina": "C", "insight": "D", "survival": "D", "force": "D"}
    assert check_step_character({"strength": "A", "agility": "B", "wits": "C", "empathy": "C"}, skills) == []
    assert check_step_character({"strength": "A", "agility": "A", "wits": "D", "empathy": "C"}, skills) == []
    assert check_step_character({"strength": "B", "agility": "C", "wits": "C", "empathy": "C"}, skills)
    assert check_step_character({"strength": "A", "agility": "A", "wits": "D", "empathy": "D"}, skills)


@pytest.mark.rule("STEP-05")
def test_a_new_step_pc_has_one_skill_at_b_two_at_c_three_at_d():
    attributes = {"strength": "A", "agility": "B", "wits": "C", "empathy": "C"}
    good = {"melee": "B", "mobility": "C", "stamina": "C", "insight": "D", "survival": "D", "force": "D"}
    assert check_step_character(attributes, good) == []
    assert "STEP-05" in check_step_character(attributes, {**good, "force": "C"})[0]
    assert "STEP-05" in check_step_character(attributes, {**good, "melee": "A"})[0]
