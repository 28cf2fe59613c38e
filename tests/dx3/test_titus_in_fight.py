"""The impulse check at the fight's start and Titus sublimated as decisions of the PC side, with
scripted dice (DX3-ENC-06, DX3-BS-15, DX3-TITUS-01/02/03A/03D)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.d10 import FixedD10
from tests.dx3.fights import act, fighter, game, of, scenario_data
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3Action, Kind, Phase
from yz_gym.scenario.loading import load

SWORD = 0


def pc(**kw: Any) -> dict[str, Any]:
    """A PC at 10 m: 肉体 3, 精神 2 (〈意志〉 1), 〈回避〉 1, 侵蝕率 60, HP 3 of 28, 2 Lois, no 《リザレクト》."""
    base = {"pc": True, "skills": {"意志": 1, "回避": 1}, "encroachment": 60, "hp": 3, "lois": 2, "resurrect": 0}
    return fighter("Hero", "pcs", 10, **{**base, **kw})


def brute() -> dict[str, Any]:
    """An enemy beside the PC: 肉体 3, 〈白兵〉 2, a sword, 行動値 8 so it acts first."""
    return fighter("Brute", "npcs", 10, skills={"白兵": 2}, weapons=["sword"], abilities={"sense": 4})


@pytest.mark.rule("DX3-ENC-06")
@pytest.mark.rule("DX3-BS-15")
@pytest.mark.parametrize(("faces", "berserk"), [((8, 3, 2), False), ((7, 3, 2), True)])
def test_every_pc_makes_the_impulse_check_when_the_fight_starts(faces: tuple[int, ...], berserk: bool) -> None:
    scenario = load(scenario_data(pc(), brute(), dx3_rules={"impulse_at_combat_start": True})).scenario
    rng = FixedD10(*faces, 4, 9)  # 〈意志〉: 【精神】 2 dice + 1 at 60%, +1; then 2D10 = 13
    state = engine.new_game(scenario, rng)  # type: ignore[arg-type]
    [impulse] = of(state.opening, "impulse")
    assert impulse.data["achievement"] == faces[0] + 1  # 9 passes difficulty 9, 8 fails
    assert impulse.data["berserk"] is berserk and impulse.data["rise"] == 13
    hero = state.fighters[0]
    assert hero.char.encroachment == 73 and ("berserk" in hero.statuses) is berserk
    assert not of(state.opening, "impulse")[1:] and impulse.actor == 0  # the enemy makes none


@pytest.mark.rule("DX3-BS-01")
def test_a_berserk_pc_cannot_react() -> None:
    state = game(pc(), brute())
    state.fighters[0].statuses.add("berserk")
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=0, option=SWORD, dice=(5, 5, 5))
    assert engine.legal_actions(state) == [Dx3Action(Kind.NO_REACTION)]


@pytest.mark.rule("DX3-TITUS-03A")
@pytest.mark.rule("DX3-TITUS-01")
def test_a_dodge_with_a_titus_rolls_ten_more_dice_and_turns_a_lois_into_it() -> None:
    state = game(pc(), brute())
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=0, option=SWORD, dice=(9, 5, 5))  # 達成値 9 + 〈白兵〉 2 - 1 = 10
    assert Dx3Action(Kind.TITUS_DODGE) in engine.legal_actions(state)
    faces = (9,) + (2,) * 13  # 肉体 3 + 1 at 60% + 10: 14 dice
    events = engine.apply(state, Dx3Action(Kind.TITUS_DODGE), FixedD10(*faces))  # type: ignore[arg-type]
    [titus] = of(events, "titus")
    assert titus.data == {"use": "dice", "titus": 0, "lois": 1}
    assert len(of(events, "dodge")[0].data["faces"][0]) == 14
    assert of(events, "dodge")[0].data["achievement"] == 10  # 9 + 〈回避〉 1: ties go to the dodger
    assert of(events, "missed") and state.fighters[0].char.lois == 1


@pytest.mark.rule("DX3-TITUS-03D")
@pytest.mark.rule("DX3-TITUS-02")
def test_a_fallen_pc_stands_up_with_a_titus_at_body_plus_ten_hp() -> None:
    state = game(pc(lois=0, titus=1), brute())
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=0, option=SWORD, dice=(5, 5, 5))
    engine.apply(state, Dx3Action(Kind.NO_REACTION), FixedD10(6))  # type: ignore[arg-type]
    assert state.phase == Phase.REVIVE and state.fighters[0].down
    assert engine.legal_actions(state) == [Dx3Action(Kind.TITUS_REVIVE), Dx3Action(Kind.DECLINE)]
    events = engine.apply(state, Dx3Action(Kind.TITUS_REVIVE), FixedD10())  # type: ignore[arg-type]
    hero = state.fighters[0]
    assert of(events, "titus_revive")[0].data["hp"] == 3 + 10 and hero.char.hp == 13
    assert not hero.down and hero.char.titus == 0 and hero.char.encroachment == 60  # no 侵蝕率 for a Titus


@pytest.mark.rule("DX3-TITUS-06")
def test_with_the_supplement_switch_a_titus_revival_restores_full_hp() -> None:
    state = game(pc(lois=0, titus=1), brute(), dx3_rules={"titus_supplement": True})
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=0, option=SWORD, dice=(5, 5, 5))
    engine.apply(state, Dx3Action(Kind.NO_REACTION), FixedD10(6))  # type: ignore[arg-type]
    events = engine.apply(state, Dx3Action(Kind.TITUS_REVIVE), FixedD10())  # type: ignore[arg-type]
    hero = state.fighters[0]
    assert hero.char.stats.max_hp == 3 * 2 + 2 + 20 != 3 + 10  # not 【肉体】 + 10
    assert of(events, "titus_revive")[0].data["hp"] == hero.char.hp == 28


def test_without_lois_titus_or_resurrect_a_fallen_pc_is_not_asked() -> None:
    state = game(pc(lois=0), brute())
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=0, option=SWORD, dice=(5, 5, 5))
    assert Dx3Action(Kind.TITUS_DODGE) not in engine.legal_actions(state)
    engine.apply(state, Dx3Action(Kind.NO_REACTION), FixedD10(6))  # type: ignore[arg-type]
    assert state.phase != Phase.REVIVE and state.fighters[0].down
