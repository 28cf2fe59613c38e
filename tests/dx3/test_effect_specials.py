"""The generic effects the fight acts on by their `special`: weapon creation (DX3-EFF-M05,
rulesets/dx3/summoning.py) and the blockade (DX3-EFF-M13, engagement.blockade_actions), with scripted
dice."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.fights import fighter, game, of, scenario_data
from tests.dx3.test_attack_effects import FOE, foe, hero, play
from tests.dx3.test_dx3_invariants import events_of_random_play
from yz_gym.rulesets.dx3 import engagement, engine
from yz_gym.rulesets.dx3.gear import MELEE
from yz_gym.rulesets.dx3.state import LIFTED, OFF, PUT_ALL_AWAY, UP, Dx3Action, Kind
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import load

MAKE = Dx3Action(Kind.MAKE_WEAPON, combo=0)


def armed(level: int, **kw: Any) -> Any:
    """The hero (〈白兵〉 2, 侵蝕率 60) with summon_weapon at `level` and no weapon of its own, and a foe."""
    return game(hero({"summon_weapon": level}, weapons=[], **kw), foe())


@pytest.mark.rule("DX3-EFF-M05", "DX3-WPN-04", "DX3-ENC-07")
@pytest.mark.parametrize("level", [1, 3])
def test_a_made_weapon_is_melee_hit_minus_two_attack_level_plus_six_guard_six_and_equipped_at_once(
    level: int,
) -> None:
    state = armed(level)
    assert MAKE in engine.legal_actions(state)
    events = play(state, MAKE)  # cost 3, no dice
    [made] = of(events, "made_weapon")
    assert made.data == {"weapon": "summon_weapon", "hit": -2, "attack": level + 6, "guard": 6, "put_away": ""}
    me = state.fighters[0]
    assert me.char.encroachment == 63 and me.used["summon_weapon"] == 1 and me.equipped == [0]
    weapon = me.weapons[0]
    assert (weapon.kind, weapon.skill, weapon.close, weapon.reach, weapon.two_handed) == (MELEE, "白兵", True, 0, False)
    assert engine.decision_kind(state) == "major"
    attack = Dx3Action(Kind.ATTACK, FOE, 0)
    events = play(state, attack, 9, 3, 2, 1)  # 4 dice: 9 + 〈白兵〉 2 + 命中 -2 = 9
    assert of(events, "hit_check")[0].get("achievement") == 9
    events = play(state, Dx3Action(Kind.NO_REACTION), 5)  # 1 die: 5 + 攻撃力 (Lv + 6)
    assert of(events, "damage")[0].get("hp_lost") == 5 + level + 6
    assert not any(a.kind == Kind.MAKE_WEAPON for a in engine.legal_actions(state))  # made once


@pytest.mark.rule("DX3-EFF-M05", "DX3-WPN-03")
def test_making_a_weapon_frees_a_hand_as_an_equip_does() -> None:
    state = game(hero({"summon_weapon": 1}, weapons=["sword", "knife"], equipped=["sword", "knife"]), foe())
    makes = [a for a in engine.legal_actions(state) if a.kind == Kind.MAKE_WEAPON]
    assert [a.drop for a in makes] == [0, 1, PUT_ALL_AWAY]  # both hands full: something goes away
    events = play(state, Dx3Action(Kind.MAKE_WEAPON, combo=0, drop=0))
    me = state.fighters[0]
    assert of(events, "made_weapon")[0].get("put_away") == "sword" and me.equipped == [1, 2]
    assert me.weapons[2].name == "summon_weapon"


@pytest.mark.rule("DX3-EFF-M05")
def test_summon_weapon_goes_up_to_level_five() -> None:
    load(scenario_data(hero({"summon_weapon": 5}), foe()))
    with pytest.raises(ScenarioError, match="summon_weapon"):
        load(scenario_data(hero({"summon_weapon": 6}), foe()))


def walled(**rules: Any) -> Any:
    """The hero (first to act, 侵蝕率 60) with the blockade effect, engaged with a foe and an ally."""
    ally = fighter("Ally", "pcs", 10, pc=True)
    return game(hero({"blockade": 1}, abilities={"sense": 3}), foe(), ally, dx3_rules=rules)


def full_moves(state: Any) -> list[Dx3Action]:
    return [a for a in engine.legal_actions(state) if a.kind == Kind.FULL_MOVE]


@pytest.mark.rule("DX3-EFF-M13", "DX3-ENG-03", "DX3-ENG-04", "DX3-ENG-10")
def test_the_blockade_effect_stops_every_leave_from_the_users_engagement_for_the_round() -> None:
    state = walled()
    me = state.fighters[0]
    up = Dx3Action(Kind.BLOCKADE, option=1, combo=0)
    assert up in engine.legal_actions(state) and full_moves(state) == []  # a minor decision
    events = play(state, up)  # cost 1: the minor action is spent
    assert of(events, "blockade")[0].data == {"position": 10, "up": True}
    assert me.blockade == UP and me.char.encroachment == 61 and engine.decision_kind(state) == "major"
    assert full_moves(state) == [] and engagement.blockaded(state, state.fighters[FOE])
    down = Dx3Action(Kind.BLOCKADE, option=0, combo=0)
    assert play(state, down) and me.blockade == LIFTED and engine.decision_kind(state) == "major"  # free
    assert full_moves(state) and not engagement.blockaded(state, state.fighters[FOE])
    play(state, Dx3Action(Kind.BLOCKADE, option=1, combo=0))  # up again, for free
    assert me.blockade == UP and me.char.encroachment == 61 and full_moves(state) == []
    play(state, Dx3Action(Kind.SKIP_MAJOR))
    play(state, Dx3Action(Kind.SKIP_MINOR))  # the ally: no 離脱 under `blockade_sides: all`
    assert engine.current_actor(state) == 2 and full_moves(state) == []
    play(state, Dx3Action(Kind.SKIP_MAJOR))
    play(state, Dx3Action(Kind.SKIP_MINOR))  # the foe
    assert full_moves(state) == []
    events = play(state, Dx3Action(Kind.SKIP_MAJOR))
    assert of(events, "cleanup") and me.blockade == OFF  # for the round (DX3-EFF-M13)
    assert not engagement.blockaded(state, state.fighters[FOE])


@pytest.mark.rule("DX3-ENG-10", "DX3-EFF-M13")
def test_with_blockade_sides_enemies_the_users_side_may_still_leave() -> None:
    state = walled(blockade_sides="enemies")
    play(state, Dx3Action(Kind.BLOCKADE, option=1, combo=0))
    assert full_moves(state)  # the hero itself
    assert not engagement.blockaded(state, state.fighters[2]) and engagement.blockaded(state, state.fighters[FOE])


EVERY_SPECIAL = {"summon_weapon": 2, "blockade": 1, "vanish": 1, "second_wind": 1, "crit_focus": 2}


def test_random_play_with_every_special_and_titus_everywhere_keeps_the_invariants() -> None:
    """Random legal play where PCs with Lois meet gimmicks, hidden enemies, blockades and made weapons:
    the invariants hold, each legal action has an index of its own, a pickled fight plays on alike."""
    data = scenario_data(
        fighter("A", "pcs", 10, pc=True, lois=3, skills={"白兵": 2, "回避": 1, "知覚": 1}, effects=EVERY_SPECIAL),
        fighter("B", "pcs", 0, pc=True, lois=2, skills={"射撃": 2}, weapons=["handgun"], effects={"blockade": 1}),
        fighter("C", "npcs", 10, skills={"白兵": 2}, weapons=["sword"], effects=EVERY_SPECIAL),
        fighter("D", "npcs", 30, skills={"射撃": 2}, weapons=["handgun"], hidden=True),
        gimmicks=[{"name": "ceiling", "round": 2, "positions": [10], "difficulty": 9}],
    )  # fmt: skip
    seen = events_of_random_play(load(data).scenario, 3_000, seed=5)
    assert {"made_weapon", "blockade", "titus", "leave_check", "gimmick_dodge"} <= seen, seen


def test_a_session_report_tells_of_made_weapons_and_blockades() -> None:
    from yz_gym.rulesets.dx3.narrate import narrate

    state = game(hero({"summon_weapon": 1, "blockade": 1}, weapons=[], abilities={"sense": 3}), foe())
    made = narrate(state, play(state, MAKE))
    assert made[-1] == "Hero makes a weapon with 《summon_weapon》 (命中 -2, 攻撃力 7, ガード値 6) and equips it."
    state = walled()
    assert narrate(state, play(state, Dx3Action(Kind.BLOCKADE, option=1, combo=0)))[-1] == (
        "Hero blockades the engagement at 10 m (封鎖)."
    )
