"""`yz-gym roll` for DX3 checks: the dx notation and the exploration check of the house rules
(HR-EXPLORE-01/02), with the encroachment dice and the exact chance to reach a difficulty."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from yz_gym.cli import app
from yz_gym.dx3_rolls import chance_to_reach, looks_dx3, read_dx3
from yz_gym.rulesets.dx3.dice import Check, roll

runner = CliRunner()


@pytest.mark.rule("HR-EXPLORE-02")
def test_an_exploration_check_rolls_the_ability_and_adds_another_abilitys_skill():
    """【肉体】 3 gives the dice, 〈知覚〉 (a 【感覚】 skill) level 2 the 達成値 bonus."""
    parsed = read_dx3("肉体 3 + 知覚 2")
    assert parsed.check == Check(3, 10, 2) and parsed.explore
    assert "a skill of another ability" in parsed.words
    assert read_dx3("body 4 + 白兵 1").check == Check(4, 10, 1)  # its own ability's skill: no note
    assert "another ability" not in read_dx3("body 4 + 白兵 1").words
    assert read_dx3("sense 2", crit=9).check == Check(2, 9, 0)


@pytest.mark.rule("HR-EXPLORE-01")
def test_the_missing_ability_table_is_said_and_the_gm_names_the_ability():
    result = runner.invoke(app, ["roll", "精神 2 + 情報:UGN 3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "HR-EXPLORE-01" in result.output and "missing" in result.output
    assert "【精神】 2 D10" in result.output and "〈情報:UGN〉 (a 【社会】 skill) adds 3" in result.output


@pytest.mark.rule("DX3-DICE-11")
def test_encroachment_adds_its_dice_at_the_table_marks():
    assert read_dx3("3dx", encroachment=59).check.dice == 3
    assert read_dx3("3dx", encroachment=60).check.dice == 4
    assert read_dx3("3dx", encroachment=79).check.dice == 4
    assert read_dx3("肉体 3 + 知覚 2", encroachment=80).check == Check(5, 10, 2)
    assert read_dx3("3dx", encroachment=100).check.dice == 6


def test_the_dx_notation_gives_dice_bonus_and_critical_value():
    assert read_dx3("3dx+2@8").check == Check(3, 8, 2)
    assert read_dx3("10DX-1@7").check == Check(10, 7, -1)
    assert read_dx3("1dx").check == Check(1, 10, 0)
    assert looks_dx3("3dx+2") and looks_dx3("肉体 2") and not looks_dx3("3 base 2 gear")


@pytest.mark.rule("DX3-DICE-08")
def test_the_exact_chances_count_fumbles_and_criticals():
    assert chance_to_reach(Check(1, 10, 0), 10) == pytest.approx(0.1)  # only a critical reaches 10
    assert chance_to_reach(Check(1, 10, 1), 10) == pytest.approx(0.2)  # a 9 + 1, or a critical
    assert chance_to_reach(Check(1, 10, 5), 6) == pytest.approx(0.9)  # a lone 1 is a fumble: 0
    assert chance_to_reach(Check(2, 10, 0), 20) == pytest.approx(0.18 * 0.1 + 0.01 * 0.19)  # crits twice running
    rng = np.random.default_rng(3)
    rolled = [roll(Check(3, 8, 2), rng) for _ in range(20_000)]
    share = sum(r.succeeds(15) for r in rolled) / len(rolled)
    assert share == pytest.approx(chance_to_reach(Check(3, 8, 2), 15), abs=0.012)


def test_the_command_rolls_the_seeded_faces_and_judges_the_difficulty():
    result = runner.invoke(app, ["roll", "3dx+2@8", "--seed", "4", "--difficulty", "9", "--encroachment", "85"])
    assert result.exit_code == 0, result.output
    expected = roll(Check(5, 8, 2), np.random.default_rng(4))
    shown = " ".join("[" + " ".join(map(str, faces)) + "]" for faces in expected.rounds)
    assert f"roll: {shown} -> 達成値 {expected.achievement}" in result.output
    assert "difficulty 9: success; chance to reach it 92.2% (exact)" in result.output  # 1 - 0.6^5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("99dx", "error: 99 dice: roll 1 to 60 D10"),
        ("3dx@1", "error: C値 1: give 2 to 11 (DX3-DICE-06/15)"),
        ("肉体 3 + 料理 2", "error: unknown skill '料理'"),
        ("肉体 x", "error: cannot read '肉体 x'"),
    ],
)
def test_bad_dx3_rolls_get_one_line(text, message):
    result = runner.invoke(app, ["roll", text])
    assert result.exit_code == 2
    assert result.output.startswith(message) and result.output.count("\n") == 1
