"""Bad statuses in the fight with scripted dice: inflicted by an attack's effects on those it hits,
acting on the affected, ending in the cleanup process and cleared by a minor action with seed
001's 【精神】 check (DX3-BS-*, HR-STATUS-01, AMB-37, DX3-REACT-09)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.fights import fighter, game, of, scenario_data
from tests.dx3.test_attack_effects import FOE, SWORD, foe, hero, play, to_major
from tests.dx3.test_dx3_invariants import events_of_random_play
from yz_gym.envs.dx3_encoding import RECOVER_BASE, describe_index, encode
from yz_gym.rulesets.dx3 import attack, engine
from yz_gym.rulesets.dx3.afflictions import afflict
from yz_gym.rulesets.dx3.gear import UNARMED
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind
from yz_gym.rulesets.dx3.statuses import STATUS_NAMES
from yz_gym.scenario.loading import load


def struck_with(
    status: str, reaction: Dx3Action, faces: tuple[int, ...], rank: int = 0, **rules: Any
) -> Dx3State:
    """The hero hits (達成値 10) the foe (a shield in hand) with an effect inflicting `status`."""
    effect = {"timing": "major", "skill": "白兵", "inflicts": status, "inflict_rank": rank}
    state = game(hero({"hex": 1}), foe(weapons=["shield"]), effects={"hex": effect}, dx3_rules=rules)
    to_major(state)
    play(state, Dx3Action(Kind.ATTACK, FOE, SWORD, combo=0), 9, 3, 2, 1)
    play(state, reaction, *faces)
    return state


@pytest.mark.rule("DX3-BS-03", "DX3-BS-17", "DX3-ATK-11")
def test_an_attack_effect_dazes_the_target_it_hits_for_minus_two_dice_on_every_check() -> None:
    state = struck_with("dazed", Dx3Action(Kind.NO_REACTION), (1, 1))
    me = state.fighters[FOE]
    assert me.statuses == {"dazed"} and me.char.hp == 28 - 7
    assert attack.dodge_check(state, me).dice == 3 - 2  # 【肉体】 3, less 2
    assert attack.hit_check(state, me, UNARMED).dice == 3 - 2


@pytest.mark.rule("DX3-REACT-09")
def test_a_dodge_avoids_an_effect_that_needs_a_hit_and_a_guard_does_not() -> None:
    dodged = struck_with("dazed", Dx3Action(Kind.DODGE), (9, 1, 1))  # 9 + 〈回避〉 1 = 10: a tie, dodged
    assert not dodged.fighters[FOE].statuses
    guarded = struck_with("dazed", Dx3Action(Kind.GUARD, option=0), (6, 6))
    assert guarded.fighters[FOE].statuses == {"dazed"} and guarded.fighters[FOE].char.hp == 28 - (17 - 6)


def to_next_round(state: Dx3State) -> list[Any]:
    """The foe gives up its turn: the round's cleanup process runs."""
    assert engine.current_actor(state) == FOE
    return play(state, Dx3Action(Kind.SKIP_MINOR)) + play(state, Dx3Action(Kind.SKIP_MAJOR))


@pytest.mark.rule("DX3-BS-17", "DX3-ROUND-07")
def test_dazed_ends_in_the_cleanup_process_or_at_the_scenes_end_as_the_switch_says() -> None:
    state = struck_with("dazed", Dx3Action(Kind.NO_REACTION), (1, 1))
    events = to_next_round(state)
    assert of(events, "cleanup") and not state.fighters[FOE].statuses
    kept = struck_with("dazed", Dx3Action(Kind.NO_REACTION), (1, 1), dazed_ends="scene")
    to_next_round(kept)
    assert kept.fighters[FOE].statuses == {"dazed"}


@pytest.mark.rule("DX3-BS-04", "DX3-BS-18", "DX3-DMG-09")
def test_poison_costs_three_hp_per_rank_in_each_cleanup_process() -> None:
    state = struck_with("poison", Dx3Action(Kind.NO_REACTION), (1, 1), rank=2)
    me = state.fighters[FOE]
    assert me.poison == 2 and me.char.hp == 21
    [poison] = of(to_next_round(state), "poison")
    assert poison.data == {"rank": 2, "hp_lost": 6, "hp": 15}  # armor no help
    added = struck_with("poison", Dx3Action(Kind.NO_REACTION), (1, 1), rank=2, poison_stack="add")
    source = added.fighters[0]
    afflict(added, added.fighters[FOE], "poison", 3, source, [])
    assert added.fighters[FOE].poison == 5


def fast_foe(**kw: Any) -> dict[str, Any]:
    """An enemy with a sword who acts first (行動値 12)."""
    return fighter("Foe", "npcs", 10, abilities={"sense": 5}, skills={"白兵": 1}, weapons=["sword"], **kw)


@pytest.mark.rule("DX3-BS-06", "DX3-BS-20")
def test_hatred_forces_the_attack_on_its_target_and_ends_with_it() -> None:
    state = game(hero({}), fast_foe(), fighter("Pal", "pcs", 10, pc=True))
    me = state.fighters[1]
    me.statuses.add("hatred")
    me.hatred = 2
    assert engine.current_actor(state) == 1
    play(state, Dx3Action(Kind.SKIP_MINOR))
    assert {a.target for a in engine.legal_actions(state) if a.kind == Kind.ATTACK} == {2}
    events = play(state, Dx3Action(Kind.ATTACK, 2, SWORD), 1, 1, 1)  # 【肉体】 3 dice, all 1s: a fumble
    assert of(events, "missed")  # hatred ends all the same, hit or miss
    assert "hatred" not in me.statuses and me.hatred == -1


@pytest.mark.rule("DX3-BS-07", "DX3-BS-21")
def test_fear_takes_two_dice_and_ten_attack_power_off_an_attack_on_the_feared() -> None:
    state = game(hero({}), fast_foe())
    me = state.fighters[1]
    me.statuses.add("fear")
    me.fear = 0
    play(state, Dx3Action(Kind.SKIP_MINOR))
    events = play(state, Dx3Action(Kind.ATTACK, 0, SWORD), 9)  # 肉体 3 - 2 = 1 die
    assert of(events, "hit_check")[0].get("dice") == 1
    events = play(state, Dx3Action(Kind.NO_REACTION), 8)
    assert of(events, "damage_roll")[0].data == {"faces": [8], "attack": 5 - 10, "total": 8 - 5}


@pytest.mark.rule("HR-STATUS-01", "AMB-37", "DX3-BS-11")
def test_a_minor_action_recovers_a_status_only_with_a_mind_check_of_nine() -> None:
    for face, recovered in ((9, True), (8, False)):
        state = game(hero({}), foe())
        me = state.fighters[0]
        me.statuses |= {"pressure", "dazed", "poison"}
        me.poison = 1
        offered = [a for a in engine.legal_actions(state) if a.kind == Kind.RECOVER]
        assert [STATUS_NAMES[a.option] for a in offered] == ["pressure", "dazed"]  # not 邪毒 (DX3-BS-11)
        events = play(state, Dx3Action(Kind.RECOVER, option=STATUS_NAMES.index("pressure")), face)
        [event] = of(events, "recover")  # 【精神】 2 + 1 at 60% - 2 (放心): 1 die, difficulty 9
        assert (event.get("achievement"), event.get("recovered")) == (face, recovered)
        assert ("pressure" in me.statuses) is not recovered and engine.decision_kind(state) == "major"
    index = encode(0, Dx3Action(Kind.RECOVER, option=2))
    assert index == RECOVER_BASE + 2 and describe_index(index) == "recover from dazed"


@pytest.mark.rule("HR-STATUS-01")
def test_without_the_check_the_recovery_always_works() -> None:
    state = game(hero({}), foe(), dx3_rules={"status_recovery_check": False})
    state.fighters[0].statuses.add("pressure")
    events = play(state, Dx3Action(Kind.RECOVER, option=1))
    assert of(events, "recover")[0].get("recovered") and not state.fighters[0].statuses


@pytest.mark.rule("DX3-BS-05", "DX3-BS-19")
def test_a_rigid_character_cannot_move() -> None:
    state = game(hero({}), foe(position=30))
    assert any(a.kind == Kind.MOVE for a in engine.legal_actions(state))
    state.fighters[0].statuses.add("rigid")
    assert not any(a.kind == Kind.MOVE for a in engine.legal_actions(state))


OWN_EFFECTS = {
    "blast": {"timing": "major", "skill": "白兵", "target": "範囲", "range": "weapon", "attack": "melee", "cost": 2},
    "venom": {"timing": "major", "skill": "射撃", "inflicts": "poison", "inflict_rank": 1, "no_dodge": True},
    "daze": {"timing": "major", "skill": "白兵", "inflicts": "dazed", "ignore_guard": True},
    "terror": {"timing": "major", "skill": "RC", "attack": "ranged", "range": "sight", "inflicts": "fear"},
    "goad": {"timing": "major", "skill": "RC", "attack": "ranged", "range": "20m", "inflicts": "hatred",
             "target": "シーン(選択)"},
    "bind": {"timing": "major", "skill": "白兵", "inflicts": "rigid", "penetration": 2},
    "crush": {"timing": "major", "skill": "白兵", "inflicts": "pressure", "no_reaction": True},
}  # fmt: skip


def effect_fight() -> dict[str, Any]:
    """Four PCs against four enemies, every one with effects the fight plays: areas, effect attacks,
    tags, statuses, dodge combos, auto effects and a movement effect."""
    kit = {
        "weapons": ["sword", "handgun"],
        "skills": {"白兵": 2, "射撃": 1, "RC": 1, "回避": 1},
        "encroachment": 70,
    }
    pcs = [
        fighter(
            "A", "pcs", 10, pc=True, lois=3, effects={"blast": 1, "attack_boost": 2, "dodge_dice": 1}, **kit
        ),
        fighter(
            "B", "pcs", 10, pc=True, lois=3, effects={"power_shot": 2, "terror": 1, "guard_boost": 1}, **kit
        ),
        fighter(
            "C",
            "pcs",
            20,
            pc=True,
            lois=2,
            effects={"venom": 1, "swift_move": 2, "damage_reduction": 1},
            **kit,
        ),
        fighter(
            "D", "pcs", 20, pc=True, lois=2, effects={"daze": 1, "scene_attack": 1, "attack_boost": 1}, **kit
        ),
    ]
    npcs = [
        fighter("W", "npcs", 20, effects={"bind": 1, "crit_focus": 2, "dodge_dice": 2}, **kit),
        fighter("X", "npcs", 30, effects={"goad": 1, "guard_boost": 1}, **kit),
        fighter("Y", "npcs", 30, effects={"crush": 1, "swift_move": 1, "damage_reduction": 1}, **kit),
        fighter("Z", "npcs", 40, effects={"area_conversion": 1, "blast": 1, "attack_boost": 1}, **kit),
    ]
    return scenario_data(*pcs, *npcs, effects=OWN_EFFECTS, max_rounds=8)


def test_random_play_with_every_effect_and_status_keeps_the_invariants_and_one_index_per_action() -> None:
    seen = events_of_random_play(load(effect_fight()).scenario, 2_000, seed=3)
    assert {"status", "combo", "auto_effect", "poison", "recover"} <= seen, seen


@pytest.mark.rule("DX3-TITUS-03A", "DX3-TITUS-05", "HR-STATUS-01")
def test_a_pc_may_sublimate_a_titus_for_ten_more_dice_on_its_recovery_check() -> None:
    state = game(hero({}, lois=1), foe())
    me = state.fighters[0]
    me.statuses.add("pressure")
    recover = Dx3Action(Kind.RECOVER, option=1)
    assert recover in engine.legal_actions(state)
    assert play(state, recover) == [] and engine.decision_kind(state) == "sublimation"
    events = play(state, Dx3Action(Kind.TITUS_DICE), *(1,) * 12, 9)  # 【精神】 2 + 1 at 60% + 10: 13 dice
    assert of(events, "titus")[0].data == {"use": "dice", "titus": 0, "lois": 0}
    assert len(of(events, "recover")[0].get("faces")[0]) == 13 and not me.statuses
    assert engine.decision_kind(state) == "major"  # the minor action is spent
    assert encode(0, recover) == RECOVER_BASE + 1


@pytest.mark.rule("DX3-TITUS-03E", "DX3-TITUS-05")
def test_a_titus_clears_every_status_at_once_or_the_chosen_one_without_spending_the_minor_action() -> None:
    for rules, left in (({}, set()), ({"titus_clear": "one"}, {"pressure"})):
        state = game(hero({}, lois=1), foe(), dx3_rules=rules)
        me = state.fighters[0]
        me.statuses |= {"pressure", "poison"}
        me.poison = 2
        clears = [a for a in engine.legal_actions(state) if a.kind == Kind.TITUS_CLEAR]
        assert [STATUS_NAMES[a.option] for a in clears] == (
            ["pressure"] if not rules else ["pressure", "poison"]
        )
        events = play(state, Dx3Action(Kind.TITUS_CLEAR, option=STATUS_NAMES.index("poison") if rules else 1))
        assert me.statuses == left and me.char.lois == 0 and of(events, "titus_clear")
        assert engine.decision_kind(state) == "minor" and not any(
            a.kind == Kind.TITUS_CLEAR for a in engine.legal_actions(state)
        )
