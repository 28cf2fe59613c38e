"""Bad statuses (DX3-BS-01..22) with seed 001's recovery check (HR-STATUS-01, AMB-37): what each
status does, inflicting and stacking, the cleanup process, recovery and the end of the scene."""

from __future__ import annotations

import pytest

from tests.dx3.d10 import FixedD10
from yz_gym.rulesets.dx3.character import Dx3Character, StatBlock
from yz_gym.rulesets.dx3.options import Dx3Options
from yz_gym.rulesets.dx3.statuses import (
    CLEAR,
    CORE,
    RULE_OF,
    FearPenalty,
    Statuses,
    action_can_clear,
    after_attack,
    attack_problem,
    can_move,
    can_react,
    can_use_auto,
    check_dice,
    cleanup,
    fear_penalty,
    inflict,
    recover,
    remove,
    scene_end,
    status_problem,
)

RULES = Dx3Options()
PC = Dx3Character("Aki", StatBlock(body=2, sense=2, mind=3, social=1, skills=(("意志", 4),)))


@pytest.mark.rule("DX3-BS-14", "DX3-BS-08", "DX3-BS-09")
def test_the_core_has_seven_statuses_and_the_extras_need_the_switch():
    assert CORE == ("berserk", "pressure", "dazed", "poison", "rigid", "hatred", "fear")
    assert [RULE_OF[name].japanese for name in CORE] == ["暴走", "重圧", "放心", "邪毒", "硬直", "憎悪", "恐怖"]
    assert "extra_statuses: true" in status_problem("frenzy", RULES)
    assert "unknown status" in status_problem("sleep", RULES)
    extra = Dx3Options(extra_statuses=True)
    frenzied = inflict(Statuses(), "frenzy", extra)
    assert not can_react(frenzied) and RULE_OF["frenzy"].nearest_target  # 暴走 + must attack the nearest
    prone = inflict(Statuses(), "prone", extra)
    assert not can_move(prone) and action_can_clear("prone", RULES)  # a minor action stands up


@pytest.mark.rule("DX3-BS-01", "DX3-BS-15")
def test_berserk_takes_away_every_reaction():
    assert can_react(Statuses()) and not can_react(inflict(Statuses(), "berserk", RULES))


@pytest.mark.rule("DX3-BS-02", "DX3-BS-16")
def test_pressure_stops_auto_effects_unless_their_text_allows_them():
    pressed = inflict(Statuses(), "pressure", RULES)
    assert not can_use_auto(pressed) and can_use_auto(pressed, text_allows=True) and can_use_auto(Statuses())


@pytest.mark.rule("DX3-BS-03", "DX3-BS-17")
def test_dazed_costs_two_dice_on_every_check_and_ends_at_cleanup_or_with_the_scene():
    dazed = inflict(Statuses(), "dazed", RULES)
    assert check_dice(dazed) == -2 and check_dice(Statuses()) == 0
    assert cleanup(dazed, 20, RULES) == (Statuses(), 0)
    assert cleanup(dazed, 20, Dx3Options(dazed_ends="scene")) == (dazed, 0)


@pytest.mark.rule("DX3-BS-04", "DX3-BS-18", "DX3-DMG-09", "DX3-ROUND-07")
def test_poison_costs_three_hp_per_rank_at_cleanup_and_nothing_at_zero_hp():
    poisoned = inflict(Statuses(), "poison", RULES, rank=3)
    assert cleanup(poisoned, 20, RULES) == (poisoned, 9)
    assert cleanup(poisoned, 5, RULES)[1] == 5  # HP stops at 0
    assert cleanup(poisoned, 0, RULES)[1] == 0
    assert cleanup(inflict(Statuses(), "poison", RULES, rank=1), 20, RULES)[1] == 3
    with pytest.raises(ValueError, match="needs a rank"):
        inflict(Statuses(), "poison", RULES)


@pytest.mark.rule("DX3-BS-18")
@pytest.mark.parametrize(("stack", "rank"), [("max", 3), ("add", 5), ("replace", 2)])
def test_a_new_poison_keeps_the_higher_rank_adds_or_replaces_as_the_switch_says(stack: str, rank: int):
    options = Dx3Options(poison_stack=stack)  # type: ignore[arg-type]
    assert inflict(Statuses(poison=3), "poison", options, rank=2).poison == rank


@pytest.mark.rule("DX3-BS-05", "DX3-BS-19")
def test_rigid_stops_every_move():
    assert can_move(Statuses()) and not can_move(inflict(Statuses(), "rigid", RULES))


@pytest.mark.rule("DX3-BS-06", "DX3-BS-20")
def test_hatred_forces_its_target_into_every_attack_and_ends_after_one():
    hating = inflict(Statuses(), "hatred", RULES, target="Boss")
    assert attack_problem(hating, ("Minion",)) == "憎悪: the attack must include Boss"
    assert attack_problem(hating, ("Minion", "Boss")) == "" and attack_problem(Statuses(), ("Minion",)) == ""
    assert after_attack(hating, ("Minion",)) == hating
    assert after_attack(hating, ("Boss",)) == Statuses()
    with pytest.raises(ValueError, match="needs the character"):
        inflict(Statuses(), "hatred", RULES)


@pytest.mark.rule("DX3-BS-07", "DX3-BS-21")
@pytest.mark.parametrize(
    ("mode", "penalty"),
    [("minus10_attack", FearPenalty(-2, -10, 0)), ("minus2_dice", FearPenalty(-2, 0, -2)),
     ("none", FearPenalty(-2, 0, 0))],
)  # fmt: skip
def test_fear_costs_two_dice_and_the_switchs_damage_against_its_target_only(mode: str, penalty: FearPenalty):
    afraid = inflict(Statuses(), "fear", RULES, target="Boss")
    options = Dx3Options(fear_damage=mode)  # type: ignore[arg-type]
    assert fear_penalty(afraid, ("Boss", "Minion"), options) == penalty
    assert fear_penalty(afraid, ("Minion",), options) == FearPenalty()
    assert attack_problem(afraid, ("Boss",)) == ""  # fear does not forbid the attack


@pytest.mark.rule("DX3-BS-10", "DX3-BS-22")
def test_every_status_ends_with_the_scene():
    everything = Statuses(True, True, True, 4, True, "A", "B", True, True)
    assert len(everything.names()) == 9
    assert scene_end(everything) == CLEAR == Statuses()


@pytest.mark.rule("DX3-BS-11", "DX3-BS-22")
def test_a_minor_action_may_clear_a_status_but_poison_and_berserk():
    for name in ("pressure", "dazed", "rigid", "hatred", "fear"):
        assert action_can_clear(name, RULES)
        assert not action_can_clear(name, Dx3Options(minor_clears_status=False))
    assert not action_can_clear("poison", RULES) and not action_can_clear("berserk", RULES)
    with pytest.raises(ValueError, match="cannot be cleared"):
        recover(Statuses(berserk=True), "berserk", PC, FixedD10(), RULES)
    with pytest.raises(ValueError, match="cannot be cleared"):
        recover(Statuses(), "rigid", PC, FixedD10(), RULES)


@pytest.mark.rule("HR-STATUS-01", "AMB-37", "AMB-36")
def test_recovery_needs_a_mind_check_at_9_and_a_failure_keeps_the_status():
    rigid = Statuses(rigid=True, pressure=True)
    done = recover(rigid, "rigid", PC, FixedD10(9, 2, 3), RULES)  # 【精神】 3 dice, no skill level
    assert done.recovered and done.statuses == Statuses(pressure=True) and done.check is not None
    assert (done.check.check.dice, done.check.achievement) == (3, 9)
    failed = recover(rigid, "rigid", PC, FixedD10(8, 2, 3), RULES)
    assert not failed.recovered and failed.statuses == rigid and failed.check is not None
    assert failed.check.achievement == 8
    free = recover(rigid, "rigid", PC, FixedD10(), Dx3Options(status_recovery_check=False))
    assert free.recovered and free.check is None and free.statuses == Statuses(pressure=True)


@pytest.mark.rule("HR-STATUS-01", "AMB-36")
def test_the_mind_check_may_be_read_as_will_with_its_level():
    will = recover(Statuses(rigid=True), "rigid", PC, FixedD10(5, 2, 3), Dx3Options(mind_check="will"))
    assert will.check is not None and (will.check.check.dice, will.check.check.modifier) == (3, 4)
    assert will.check.achievement == 9 and will.recovered


@pytest.mark.rule("HR-STATUS-01", "DX3-BS-17")
def test_the_recovery_check_suffers_the_statuses_dice_penalty():
    dazed = Statuses(dazed=True, fear="Boss")
    result = recover(dazed, "fear", PC, FixedD10(10, 4), RULES)  # 3 dice - 2: one die, critical, then 4
    assert result.check is not None and result.check.check.dice == 1 and result.check.achievement == 14
    assert result.statuses == Statuses(dazed=True)


def test_removing_and_inflicting_each_status_round_trips():
    options = Dx3Options(extra_statuses=True)
    for name in RULE_OF:
        on = inflict(Statuses(), name, options, rank=1, target="X")
        assert on.names() == (name,) and remove(on, name) == Statuses()
