"""Stage gimmicks and the damage of the surroundings (HR-GIMMICK-01..03, DX3-DMG-07, AMB-38)."""

from __future__ import annotations

import pytest

from tests.dx3.d10 import FixedD10
from tests.dx3.fights import act, fighter, of, scenario_data
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Kind
from yz_gym.scenario.loading import load


def staged(gimmick: dict, *faces: int, **kw):  # type: ignore[no-untyped-def]
    """A fight whose round 1 opens with `gimmick`, its dice scripted."""
    data = scenario_data(
        fighter("Hero", "pcs", 10, pc=True, skills={"回避": 1}, armor=["bulletproof_jacket"], resurrect=1,
                weapons=["shield"], **kw),
        fighter("Foe", "npcs", 10, abilities={"sense": 1}),
        gimmicks=[{"name": "ceiling", "round": 1, "positions": [10], **gimmick}],
    )  # fmt: skip
    rng = FixedD10(*faces)
    state = engine.new_game(load(data).scenario, rng)  # type: ignore[arg-type]
    assert not rng.faces
    return state


@pytest.mark.rule("HR-GIMMICK-01", "HR-GIMMICK-02", "DX3-DMG-07", "DX3-DICE-10", "AMB-38")
def test_a_gimmick_is_dodged_at_its_difficulty_or_hits_for_2d10_plus_n():
    state = staged({"bonus": 3, "difficulty": 9}, 8, 1, 1, 2, 1, 1, 4, 5)  # Hero 8+1 = 9: avoided
    dodges = of(state.opening, "gimmick_dodge")
    assert [(e.actor, e.get("achievement"), e.get("avoided")) for e in dodges] == [
        (0, 9, True),
        (1, 2, False),
    ]
    damage = of(state.opening, "gimmick_damage")
    assert [(e.target, e.get("total"), e.get("hp_lost")) for e in damage] == [
        (1, 4 + 5 + 3, 12)
    ]  # Foe: no armor
    state = staged({"bonus": 3, "difficulty": 10}, 8, 1, 1, 4, 5, 2, 1, 1)  # 9 < 10: Hero is hit too
    damage = of(state.opening, "gimmick_damage")
    assert [(e.target, e.get("hp_lost")) for e in damage] == [(0, 12 - 3), (1, 12)]  # one roll, armor 3


@pytest.mark.rule("HR-GIMMICK-01", "DX3-REACT-10", "DX3-DMG-07")
def test_an_unavoidable_gimmick_is_guarded_and_the_armor_switch():
    state = staged({"bonus": 0}, 6, 6)
    hero = of(state.opening, "gimmick_damage")[0]
    assert (hero.get("guard"), hero.get("armor"), hero.get("hp_lost")) == (6, 3, 12 - 3 - 6)  # the shield's 6
    data = scenario_data(
        fighter("Hero", "pcs", 10, pc=True, armor=["bulletproof_jacket"]), fighter("Foe", "npcs", 20),
        gimmicks=[{"name": "blast", "round": 1, "positions": [10]}], dx3_rules={"gimmick_armor": False},
    )  # fmt: skip
    state = engine.new_game(load(data).scenario, FixedD10(6, 6))  # type: ignore[arg-type]
    assert of(state.opening, "gimmick_damage")[0].get("hp_lost") == 12


@pytest.mark.rule("AMB-38", "HR-GIMMICK-01")
def test_with_gimmick_reacts_pcs_an_npc_takes_it_without_reacting():
    data = scenario_data(
        fighter("Hero", "pcs", 0, pc=True), fighter("Foe", "npcs", 10, skills={"回避": 5}),
        gimmicks=[{"name": "rocks", "round": 1, "positions": [10], "difficulty": 5}],
        dx3_rules={"gimmick_reacts": "pcs"},
    )  # fmt: skip
    state = engine.new_game(load(data).scenario, FixedD10(3, 4))  # type: ignore[arg-type]
    assert (
        not of(state.opening, "gimmick_dodge") and of(state.opening, "gimmick_damage")[0].get("hp_lost") == 7
    )


@pytest.mark.rule("HR-GIMMICK-03", "DX3-ENG-02")
def test_a_distracting_gimmick_lets_an_engaged_fighter_leave_with_a_minor_action():
    state = staged({"dice": 0, "distracts": True})  # no damage, only the distraction
    assert [e.actor for e in of(state.opening, "distracted")] == [0, 1]
    events = act(state, Kind.MOVE, option=0)  # 戦闘移動 left, though engaged with Foe
    assert state.fighters[0].pos == 0 and not of(events, "leave_check")
    act(state, Kind.SKIP_MAJOR)
    assert not state.fighters[0].distracted and state.fighters[1].distracted  # until its main process ends
    data = scenario_data(
        fighter("Hero", "pcs", 10, pc=True), fighter("Foe", "npcs", 10, abilities={"sense": 1}),
        gimmicks=[{"name": "quake", "round": 1, "dice": 0, "distracts": True}], blockades=[10],
    )  # fmt: skip
    blockaded = engine.new_game(load(data).scenario, 0)
    act(blockaded, Kind.SKIP_MINOR)  # a 全力移動 out of a blockade: released, so no 離脱 and no check
    events = act(blockaded, Kind.FULL_MOVE, option=0)
    assert not of(events, "leave_check") and blockaded.fighters[0].pos == 0


@pytest.mark.rule("DX3-DMG-04", "HR-GIMMICK-01")
def test_a_pc_downed_by_a_gimmick_may_resurrect_before_the_first_main_process():
    state = staged({"dice": 2, "bonus": 40}, 5, 5)
    assert engine.decision_kind(state) == "revival" and engine.current_actor(state) == 0
    assert state.fighters[0].down and state.fighters[1].down
    events = act(state, Kind.RESURRECT, dice=(6,))
    assert of(events, "resurrect")[0].get("hp") == 6
    result = engine.outcome(state)
    assert result is not None and result.winner == "pcs"  # the Foe stays down
