"""The impulse check at the fight's start and Titus sublimated as decisions of the PC side, with
scripted dice (DX3-ENC-06, DX3-BS-15, DX3-TITUS-01/02/03A/03D)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.d10 import FixedD10
from tests.dx3.fights import act, fighter, game, of, scenario_data
from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind, Phase
from yz_gym.scenario.loading import load

SWORD = 0


def pc(**kw: Any) -> dict[str, Any]:
    """A PC at 10 m: 肉体 3, 精神 2 (〈意志〉 1), 〈回避〉 1, 侵蝕率 60, HP 3 of 28, 2 Lois, no 《リザレクト》."""
    base = {
        "pc": True,
        "skills": {"意志": 1, "回避": 1},
        "encroachment": 60,
        "hp": 3,
        "lois": 2,
        "resurrect": 0,
    }
    return fighter("Hero", "pcs", 10, **{**base, **kw})


def brute() -> dict[str, Any]:
    """An enemy beside the PC: 肉体 3, 〈白兵〉 2, a sword, 行動値 8 so it acts first."""
    return fighter("Brute", "npcs", 10, skills={"白兵": 2}, weapons=["sword"], abilities={"sense": 4})


@pytest.mark.rule("DX3-ENC-06")
@pytest.mark.rule("DX3-BS-15")
@pytest.mark.parametrize(("faces", "berserk"), [((8, 3, 2), False), ((7, 3, 2), True)])
def test_every_pc_makes_the_impulse_check_when_the_fight_starts(
    faces: tuple[int, ...], berserk: bool
) -> None:
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


def attacked(**kw: Any) -> Dx3State:
    """The brute's sword has hit the Hero with 達成値 10 (9 + 〈白兵〉 2 - 1): the Hero decides its reaction."""
    state = game(pc(**kw.pop("hero", {})), brute(), **kw)
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=0, option=SWORD, dice=(9, 5, 5))
    return state


def apply(state: Dx3State, kind: Kind, *faces: int) -> list[Event]:
    """Apply the legal action of `kind` with scripted D10 faces, every one of them rolled."""
    rng = FixedD10(*faces)
    [action] = [a for a in engine.legal_actions(state) if a.kind == kind]
    events = engine.apply(state, action, rng)  # type: ignore[arg-type]
    assert not rng.faces
    return events


SUBLIMATE_BEFORE = [Dx3Action(Kind.TITUS_DICE), Dx3Action(Kind.TITUS_CRIT), Dx3Action(Kind.DECLINE)]


@pytest.mark.rule("DX3-TITUS-03A")
@pytest.mark.rule("DX3-TITUS-01")
def test_a_dodge_with_a_titus_rolls_ten_more_dice_and_turns_a_lois_into_it() -> None:
    state = attacked()
    assert engine.legal_actions(state) == [Dx3Action(Kind.DODGE), Dx3Action(Kind.NO_REACTION)]
    assert not apply(state, Kind.DODGE)  # nothing rolled yet: the Hero may sublimate first
    assert state.phase == Phase.SUBLIMATE and engine.decision_kind(state) == "sublimation"
    assert engine.current_actor(state) == 0 and engine.legal_actions(state) == SUBLIMATE_BEFORE
    [titus] = of(apply(state, Kind.TITUS_DICE), "titus")
    assert titus.data == {"use": "dice", "titus": 0, "lois": 1}
    assert engine.legal_actions(state) == SUBLIMATE_BEFORE  # one Lois left: several per check (DX3-TITUS-04)
    events = apply(state, Kind.DECLINE, 9, *(2,) * 13)  # 肉体 3 + 1 at 60% + 10: 14 dice
    [dodge] = of(events, "dodge")
    assert len(dodge.data["faces"][0]) == 14 and dodge.data["achievement"] == 10  # 9 + 〈回避〉 1: a tie
    assert of(events, "missed") and state.fighters[0].char.lois == 1  # ties go to the dodger
    assert state.sublimation is None and state.phase != Phase.SUBLIMATE


@pytest.mark.rule("DX3-TITUS-03B")
@pytest.mark.rule("DX3-TITUS-04")
def test_two_titus_lower_the_dodge_crit_by_two_and_the_last_one_rolls_at_once() -> None:
    state = attacked()
    apply(state, Kind.DODGE)
    apply(state, Kind.TITUS_CRIT)
    # the second Lois is the last: no choice is left, the dodge is rolled with C値 10 - 2 = 8
    events = apply(state, Kind.TITUS_CRIT, 8, 2, 2, 2, 5)
    assert [e.data["use"] for e in of(events, "titus")] == ["crit"]
    [dodge] = of(events, "dodge")
    assert dodge.data["faces"] == [[8, 2, 2, 2], [5]] and dodge.data["achievement"] == 10 + 5 + 1
    assert of(events, "missed") and state.fighters[0].char.lois == 0


@pytest.mark.rule("DX3-TITUS-03C")
def test_a_titus_right_after_a_losing_dodge_adds_one_d10_and_turns_it_into_a_miss() -> None:
    state = attacked()
    apply(state, Kind.DODGE)
    events = apply(state, Kind.DECLINE, 5, 3, 2, 2)  # 5 + 1 = 6 against 10: the dodge loses so far
    assert of(events, "dodge")[0].data["achievement"] == 6 and not of(events, "hit") + of(events, "missed")
    assert engine.legal_actions(state) == [Dx3Action(Kind.TITUS_RESULT), Dx3Action(Kind.DECLINE)]
    events = apply(state, Kind.TITUS_RESULT, 3)  # 9: still short, one Lois left to try again
    assert of(events, "titus_raise")[0].data == {"faces": [3], "achievement": 9}
    events = apply(state, Kind.TITUS_RESULT, 1)  # 10, a tie: the dodger wins; no Lois left anyway
    assert of(events, "titus_raise")[0].data == {"faces": [1], "achievement": 10}
    assert of(events, "missed") and state.phase != Phase.SUBLIMATE


@pytest.mark.rule("DX3-TITUS-03C")
def test_no_titus_is_offered_after_a_winning_or_fumbled_dodge() -> None:
    state = attacked()
    apply(state, Kind.DODGE)
    events = apply(state, Kind.DECLINE, 10, 1, 1, 1, 3)  # a critical: 10 + 3 + 1 = 14 beats 10
    assert of(events, "missed") and state.phase != Phase.SUBLIMATE and state.fighters[0].char.lois == 2
    state = attacked()
    apply(state, Kind.DODGE)
    events = apply(state, Kind.DECLINE, 1, 1, 1, 1, 4, 4)  # a fumble: +1D10 cannot help; 2D10 damage
    assert of(events, "hit") and of(events, "damage") and state.fighters[0].char.lois == 2


@pytest.mark.rule("DX3-TITUS-04")
def test_titus_per_check_one_rolls_the_check_after_the_first_titus() -> None:
    state = attacked(dx3_rules={"titus_per_check": 1})
    apply(state, Kind.DODGE)
    events = apply(state, Kind.TITUS_DICE, 9, *(2,) * 13)  # the limit reached: rolled at once
    assert len(of(events, "dodge")[0].data["faces"][0]) == 14 and state.fighters[0].char.lois == 1


@pytest.mark.rule("DX3-TITUS-03A")
@pytest.mark.rule("DX3-TITUS-03C")
def test_a_pc_attacker_sublimates_before_and_after_its_hit_check_and_the_raise_counts_for_damage() -> None:
    hero = pc(abilities={"sense": 5}, skills={"白兵": 2}, weapons=["sword"], hp=28)  # 行動値 12: first
    state = game(hero, fighter("Brute", "npcs", 10, skills={"白兵": 2}, weapons=["sword"]))
    act(state, Kind.SKIP_MINOR)
    assert not engine.apply(state, Dx3Action(Kind.ATTACK, 1, SWORD), FixedD10())  # type: ignore[arg-type]  # declared: the sublimation decision comes before the roll
    assert engine.legal_actions(state) == SUBLIMATE_BEFORE
    apply(state, Kind.TITUS_DICE)
    events = apply(state, Kind.DECLINE, 7, *(2,) * 13)  # 14 dice: 7 + 〈白兵〉 2 - 1 = 8
    [check] = of(events, "hit_check")
    assert check.data["dice"] == 14 and check.data["achievement"] == 8
    assert engine.legal_actions(state) == [Dx3Action(Kind.TITUS_RESULT), Dx3Action(Kind.DECLINE)]
    events = apply(state, Kind.TITUS_RESULT, 6)  # the last Lois: 14, and the reactions come next
    assert of(events, "titus_raise")[0].data == {"faces": [6], "achievement": 14}
    assert (
        state.phase == Phase.REACT and state.pending is not None and state.pending.hit_check.achievement == 14
    )
    events = apply(state, Kind.NO_REACTION, 4, 4)  # 14 // 10 + 1 = 2 damage dice
    assert of(events, "damage_roll")[0].data["faces"] == [4, 4]


def test_an_npc_rolls_its_hit_check_without_a_sublimation_decision() -> None:
    state = game(pc(), brute())
    act(state, Kind.SKIP_MINOR)
    events = act(state, Kind.ATTACK, target=0, option=SWORD, dice=(9, 5, 5))
    assert of(events, "hit_check") and state.phase == Phase.REACT


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
    act(state, Kind.ATTACK, target=0, option=SWORD, dice=(5, 5, 5))  # 達成値 6
    events = act(state, Kind.DODGE, dice=(2, 2, 2, 2, 6))  # no Lois: rolled at once, 3; then 1D10 damage
    assert of(events, "dodge") and of(events, "hit")
    assert state.phase != Phase.REVIVE and state.fighters[0].down
