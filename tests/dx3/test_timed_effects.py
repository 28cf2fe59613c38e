"""Effects timed セットアップ, イニシアチブ and クリンナップ in the fight (DX3-ROUND-01/02/07, DX3-EFF-07,
DX3-ROUND-08): asked for in their process, highest 行動値 first, paid in 侵蝕率, their bonuses on the
user's numbers until the cleanup process or for the scene, healing at once."""

from __future__ import annotations

import pytest

from tests.dx3.fights import fighter, game, of, scenario_data
from tests.dx3.test_attack_effects import foe, hero, play
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3Action, Kind, Phase
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import load

WAR_CRY = {"timing": "setup", "cost": 2, "max_level": 3, "dice": {"per_level": 1},
           "attack_power": {"per_level": 3}}  # fmt: skip  (lasts the round by default)
IRON_SKIN = {"timing": "セットアップ", "armor": 5, "lasts": "scene"}
HASTE = {"timing": "initiative", "cost": 1, "initiative": 10, "uses": 1, "period": "round"}
REGEN = {"timing": "cleanup", "cost": 1, "heal_dice": 1}
USE = Dx3Action(Kind.USE_EFFECT, option=0)
NONE = Dx3Action(Kind.DECLINE)


@pytest.mark.rule("DX3-ROUND-01", "DX3-EFF-07", "DX3-ROUND-07", "DX3-ROUND-08")
def test_setup_effects_give_their_bonuses_for_the_round_or_the_scene() -> None:
    state = game(hero({"war_cry": 2}), foe(effects={"iron_skin": 1}), effects={"war_cry": WAR_CRY, "iron_skin": IRON_SKIN})
    assert state.phase == Phase.TIMING and engine.decision_kind(state) == "timing"
    assert engine.current_actor(state) == 0  # 行動値 6 declares before the foe's 4 (DX3-EFF-07)
    assert engine.legal_actions(state) == [USE, NONE]
    events = play(state, USE)  # Lv 2 (no level bonus at 60%): +2 dice, 攻撃力 +6, 侵蝕値 2
    assert of(events, "combo")[0].get("after") == 62
    assert of(events, "timed_effect")[0].get("bonuses") == {"dice": 2, "attack": 6}
    assert engine.current_actor(state) == 1
    play(state, USE)
    assert state.fighters[1].armor_value == 5 and engine.decision_kind(state) == "minor"
    play(state, Dx3Action(Kind.SKIP_MINOR))
    # 3 dice (肉体) + 1 (60%) + 2: faces 9,3,2,1,1,1 -> 9 + 〈白兵〉 2 + sword 命中 -1 = 10
    events = play(state, Dx3Action(Kind.ATTACK, 1, 0), 9, 3, 2, 1, 1, 1)
    assert of(events, "hit_check")[0].get("dice") == 6
    events = play(state, Dx3Action(Kind.NO_REACTION), 6, 2)  # 2D10 + sword 5 + 6 = 19, armor 5
    assert of(events, "damage_roll")[0].get("total") == 19
    assert of(events, "damage")[0].get("hp_lost") == 19 - 5
    events = play(state, Dx3Action(Kind.SKIP_MINOR)) + play(state, Dx3Action(Kind.SKIP_MAJOR))
    ends = of(events, "effect_ends")
    assert [(e.actor, e.get("bonuses")) for e in ends] == [(0, {"dice": 2, "attack": 6})]
    assert state.fighters[0].mods == {} and state.fighters[1].mods == {"armor": 5}  # the scene's stays
    assert state.round == 2 and engine.current_actor(state) == 0 and engine.legal_actions(state) == [USE, NONE]


@pytest.mark.rule("DX3-ROUND-02", "DX3-ROUND-08", "DX3-EFF-08")
def test_an_initiative_effect_resolves_before_the_main_process_and_the_actor_is_chosen_again() -> None:
    slow = fighter("Slow", "pcs", 10, pc=True, abilities={"sense": 1, "mind": 1}, effects={"haste": 1})  # 行動値 3
    state = game(fighter("Hero", "pcs", 10, pc=True), slow, foe("Foe", 40), effects={"haste": HASTE})
    assert engine.decision_kind(state) == "timing" and engine.current_actor(state) == 1
    events = play(state, USE)
    assert state.fighters[1].initiative == 13 and state.fighters[1].char.encroachment == 1
    assert of(events, "initiative")[0].actor == 1 and engine.current_actor(state) == 1  # it acts first now
    play(state, Dx3Action(Kind.SKIP_MINOR))
    play(state, Dx3Action(Kind.SKIP_MAJOR))  # haste is used up this round: no more asking
    assert engine.decision_kind(state) == "minor" and engine.current_actor(state) == 0
    for _ in range(2):
        play(state, Dx3Action(Kind.SKIP_MINOR))
        play(state, Dx3Action(Kind.SKIP_MAJOR))
    assert state.round == 2 and state.fighters[1].initiative == 3  # the bonus ended at cleanup
    assert engine.current_actor(state) == 1 and engine.legal_actions(state) == [USE, NONE]  # usable again


@pytest.mark.rule("DX3-ROUND-07", "DX3-ROUND-08")
def test_a_cleanup_effect_heals_before_the_round_ends() -> None:
    state = game(hero({"regen": 1}, hp=10), foe("Foe", 40), effects={"regen": REGEN})
    for _ in range(2):
        play(state, Dx3Action(Kind.SKIP_MINOR))
        play(state, Dx3Action(Kind.SKIP_MAJOR))
    assert engine.decision_kind(state) == "timing" and state.timing == "cleanup" and state.round == 1
    events = play(state, USE, 7)  # 1D10 = 7 HP
    assert of(events, "timed_effect")[0].get("healed") == 7 and state.fighters[0].char.hp == 17
    assert [e.kind for e in events].index("timed_effect") < [e.kind for e in events].index("cleanup")
    assert state.fighters[0].char.encroachment == 61 and state.round == 2


@pytest.mark.rule("DX3-ROUND-07")
def test_declining_asks_nothing_more_in_that_process() -> None:
    state = game(hero({"regen": 1}), foe("Foe", 40), effects={"regen": REGEN})
    for _ in range(2):
        play(state, Dx3Action(Kind.SKIP_MINOR))
        play(state, Dx3Action(Kind.SKIP_MAJOR))
    events = play(state, NONE)
    assert not of(events, "timed_effect") and of(events, "cleanup") and state.fighters[0].char.encroachment == 60


def test_a_timed_effect_lasting_neither_round_nor_scene_is_a_one_line_error() -> None:
    data = scenario_data(hero({"x": 1}), foe(), effects={"x": {"timing": "setup", "lasts": "forever"}})
    with pytest.raises(ScenarioError, match=r"effects\.x\.lasts.*round or scene"):
        load(data)


def fallen(rate: int) -> tuple:  # type: ignore[type-arg]
    """E (行動値 10, a sword) fells the Hero (HP 3, 侵蝕率 `rate`, 《second_wind》 Lv 1): 3 dice 8, 1, 1 +
    〈白兵〉 2 - 1 = 9, no reaction, 1D10 5 + 5 = 10 damage."""
    from tests.dx3.test_dx3_vehicles import raider

    hero_ = fighter("Hero", "pcs", 10, pc=True, encroachment=rate, hp=3, effects={"second_wind": 1})
    state = game(hero_, raider())
    play(state, Dx3Action(Kind.SKIP_MINOR))
    play(state, Dx3Action(Kind.ATTACK, 0, 0), 8, 1, 1)
    events = play(state, Dx3Action(Kind.NO_REACTION), 5)
    return state, events


@pytest.mark.rule("DX3-EFF-M15", "DX3-ENC-05", "DX3-EFF-08")
def test_second_wind_stands_its_user_up_with_ten_hp_per_level_once() -> None:
    state, events = fallen(120)
    assert of(events, "down") and engine.decision_kind(state) == "revival"
    stand = Dx3Action(Kind.RESURRECT, option=0)
    assert stand in engine.legal_actions(state) and "second_wind" in engine.describe(state, stand)
    events = play(state, stand)  # Lv 1 + 1 at 120%: 20 HP; 侵蝕率 +7
    [up] = of(events, "effect_revive")
    assert (up.get("hp"), up.get("before"), up.get("after")) == (20, 120, 127)
    hero_ = state.fighters[0]
    assert not hero_.down and hero_.char.hp == 20 and hero_.used == {"second_wind": 1}
    assert engine.legal_actions(state)[0].kind != Kind.RESURRECT  # the fight goes on


@pytest.mark.rule("DX3-EFF-M15", "DX3-ENC-08")
def test_second_wind_needs_its_restriction() -> None:
    state, events = fallen(119)
    assert of(events, "down") and engine.is_over(state)  # not asked: nothing lets the Hero stand up


@pytest.mark.rule("DX3-EFF-M14", "DX3-HID-02")
def test_vanish_hides_its_user_while_engaged_until_the_end_of_its_main_process() -> None:
    state = game(hero({"vanish": 1}), foe())  # engaged with the foe at 10 m, no dark spot
    vanish = Dx3Action(Kind.HIDE, combo=0)
    assert vanish in engine.legal_actions(state) and Dx3Action(Kind.HIDE) not in engine.legal_actions(state)
    events = play(state, vanish)  # 侵蝕値 3
    assert of(events, "combo")[0].get("after") == 63 and state.fighters[0].hidden.hidden
    assert engine.decision_kind(state) == "major"  # the minor action is spent
    events = play(state, Dx3Action(Kind.SKIP_MAJOR))
    assert of(events, "revealed")[0].actor == 0 and not state.fighters[0].hidden.hidden
    play(state, Dx3Action(Kind.SKIP_MINOR))
    play(state, Dx3Action(Kind.SKIP_MAJOR))
    assert engine.current_actor(state) == 0 and vanish not in engine.legal_actions(state)  # once per scene
