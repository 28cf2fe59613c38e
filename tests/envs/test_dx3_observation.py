"""The DX3 observation's bad statuses, Lois and Titus, and the sublimation decision (envs/dx3_encoding.py)."""

from __future__ import annotations

import pytest

from tests.dx3.d10 import FixedD10
from tests.dx3.fights import act, fighter, game
from yz_gym.envs.dx3_encoding import (
    BLOCKADE_BASE,
    DX3_OBS_SIZE,
    FIGHTER_FEATURES,
    FIGHTER_FIELDS,
    FIXED,
    GLOBAL_FIELDS,
    MAKE_BASE,
    N_DX3_ACTIONS,
    RECOVER_BASE,
    REVIVE_BASE,
    RIDE_BASE,
    TIMED_BASE,
    TITUS_BASE,
    VANISH_BASE,
    N,
    describe_dx3_spaces,
    describe_index,
    encode,
    observe,
)
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import MAX_FIGHTER_EFFECTS, Dx3Action, Kind
from yz_gym.rulesets.dx3.statuses import STATUS_NAMES


def field(obs: object, slot: int, name: str) -> float:
    return float(obs[slot * FIGHTER_FEATURES + FIGHTER_FIELDS.index(name)])  # type: ignore[index]


def glob(obs: object, name: str) -> float:
    return float(obs[N * FIGHTER_FEATURES + GLOBAL_FIELDS.index(name)])  # type: ignore[index]


def fight() -> object:
    hero = fighter("Hero", "pcs", 10, pc=True, skills={"回避": 1}, encroachment=60, hp=20, lois=3, titus=1)
    brute = fighter("Brute", "npcs", 10, skills={"白兵": 2}, weapons=["sword"], abilities={"sense": 4})
    return game(hero, brute)


@pytest.mark.rule("DX3-BS-14")
def test_every_bad_status_the_poison_rank_and_the_deciders_hatred_are_observed() -> None:
    state = fight()
    brute, hero = state.fighters[1], state.fighters[0]  # type: ignore[attr-defined]
    brute.statuses.update({"dazed", "poison"})
    brute.poison = 2
    hero.statuses.add("hatred")
    hero.hatred = 1
    obs = observe(state, 0, 1)  # type: ignore[arg-type]
    assert obs.shape == (DX3_OBS_SIZE,) == (N * FIGHTER_FEATURES + len(GLOBAL_FIELDS),)
    assert FIGHTER_FEATURES == 20 + len(STATUS_NAMES) + 5 == 34
    on = {name for name in STATUS_NAMES if field(obs, 1, f"status_{name}") == 1.0}
    assert on == {"dazed", "poison"} and field(obs, 1, "poison_rank") == pytest.approx(2 / 5)
    assert field(obs, 0, "status_hatred") == 1.0 and field(obs, 1, "hated_by_decider") == 1.0
    assert field(obs, 0, "hated_by_decider") == 0.0 and field(obs, 1, "feared_by_decider") == 0.0
    assert field(obs, 0, "lois") == pytest.approx(3 / 7) and field(obs, 0, "titus") == pytest.approx(1 / 7)
    seen_by_brute = observe(state, 1, 1)  # type: ignore[arg-type]
    assert field(seen_by_brute, 0, "status_dazed") == 1.0  # its own slot is 0
    hero_slot = (0 - 1) % N  # slots are relative to the observer
    assert field(seen_by_brute, hero_slot, "status_hatred") == 1.0
    assert field(seen_by_brute, hero_slot, "hated_by_decider") == 0.0


@pytest.mark.rule("DX3-TITUS-03A")
def test_the_sublimation_decision_its_titus_and_its_roll_are_observed_and_encoded() -> None:
    state = fight()
    act(state, Kind.SKIP_MINOR)  # type: ignore[arg-type]
    act(state, Kind.ATTACK, target=0, option=0, dice=(9, 5, 5))  # type: ignore[arg-type]  # 達成値 10
    engine.apply(state, Dx3Action(Kind.DODGE), FixedD10())  # type: ignore[arg-type]
    obs = observe(state, 0, 0)  # type: ignore[arg-type]
    assert glob(obs, "decision_sublimation") == 1.0 and glob(obs, "decision_reaction") == 0.0
    assert glob(obs, "check_titus") == 0.0 and glob(obs, "check_rolled") == 0.0
    engine.apply(state, Dx3Action(Kind.TITUS_DICE), FixedD10())  # type: ignore[arg-type]
    engine.apply(state, Dx3Action(Kind.DECLINE), FixedD10(5, *(2,) * 13))  # type: ignore[arg-type]  # 6: loses
    obs = observe(state, 0, 0)  # type: ignore[arg-type]
    assert glob(obs, "check_titus") == pytest.approx(1 / 4) and glob(obs, "check_rolled") == pytest.approx(6 / 60)
    indices = [encode(0, a) for a in engine.legal_actions(state)]  # type: ignore[arg-type]
    assert indices == [TITUS_BASE + 3, 5]  # +1D10; decline (a fixed index)
    assert N_DX3_ACTIONS == 652 and "titus: titus_revive, titus_dice, titus_crit, titus_result" in describe_dx3_spaces()


@pytest.mark.rule("DX3-ROUND-01", "DX3-EFF-07")
def test_the_timing_decision_is_observed_and_each_timed_combo_has_its_own_index() -> None:
    war_cry = {"timing": "setup", "cost": 2, "max_level": 3, "dice": {"per_level": 1}}
    iron_skin = {"timing": "setup", "cost": 1, "armor": 5}
    hero = fighter("Hero", "pcs", 10, pc=True, effects={"war_cry": 1, "iron_skin": 1})
    brute = fighter("Brute", "npcs", 20, skills={"白兵": 2}, weapons=["sword"])
    state = game(hero, brute, effects={"war_cry": war_cry, "iron_skin": iron_skin})
    assert engine.decision_kind(state) == "timing" and engine.current_actor(state) == 0  # type: ignore[arg-type]
    obs = observe(state, 0, 0)  # type: ignore[arg-type]
    assert glob(obs, "decision_timing") == 1.0 and glob(obs, "decision_minor") == 0.0
    legal = engine.legal_actions(state)  # type: ignore[arg-type]
    indices = [encode(0, a) for a in legal]
    assert [a.kind for a in legal] == [Kind.USE_EFFECT] * 3 + [Kind.DECLINE]  # both, and each alone
    assert indices == [TIMED_BASE, TIMED_BASE + 1, TIMED_BASE + 2, 5] and TIMED_BASE + 3 == REVIVE_BASE


def test_revive_and_hiding_effects_making_a_weapon_and_the_blockade_have_indices_of_their_own() -> None:
    """v5: 《リザレクト》 and revive effect k, a plain hide and hiding effect k no longer share an index;
    weapon making (DX3-EFF-M05) and the blockade (DX3-EFF-M13) have blocks of their own; the recovery
    "with a Titus" block is gone (the sublimation decision takes that Titus)."""

    resurrect = Dx3Action(Kind.RESURRECT)
    assert encode(0, resurrect) == FIXED.index(Kind.RESURRECT)
    assert [encode(0, Dx3Action(Kind.RESURRECT, option=k)) for k in (0, 15)] == [REVIVE_BASE, REVIVE_BASE + 15]
    assert encode(0, Dx3Action(Kind.HIDE)) == RIDE_BASE + 2
    assert encode(0, Dx3Action(Kind.HIDE, combo=3)) == VANISH_BASE + 3
    assert [encode(0, Dx3Action(Kind.MAKE_WEAPON, combo=4, drop=d)) for d in (-2, -1, 0, 2)] == [
        MAKE_BASE, MAKE_BASE + 1, MAKE_BASE + 2, MAKE_BASE + 4,
    ]  # fmt: skip
    assert [encode(0, Dx3Action(Kind.BLOCKADE, option=o, combo=1)) for o in (0, 1)] == [BLOCKADE_BASE, BLOCKADE_BASE + 1]
    assert VANISH_BASE - REVIVE_BASE == MAX_FIGHTER_EFFECTS and BLOCKADE_BASE + 2 == N_DX3_ACTIONS
    assert 2 * len(STATUS_NAMES) == TIMED_BASE - RECOVER_BASE
    seen = {describe_index(i) for i in range(N_DX3_ACTIONS)}
    assert len(seen) == N_DX3_ACTIONS and not any(d.startswith("no action") for d in seen)


def test_the_check_a_sublimation_decision_is_on_and_its_difficulty_are_observed() -> None:
    state = game(fighter("Hero", "pcs", 10, pc=True, lois=1), fighter("Foe", "npcs", 30))
    state.fighters[0].statuses.add("pressure")
    assert glob(observe(state, 0, 0), "check_recover") == 0.0  # type: ignore[arg-type]
    act(state, Kind.RECOVER, option=1)
    obs = observe(state, 0, 0)  # type: ignore[arg-type]
    numbers = ("check_titus", "check_rolled", "check_difficulty")
    checks = [name for name in GLOBAL_FIELDS if name.startswith("check_") and name not in numbers]
    assert checks == ["check_hit", "check_dodge", "check_leave", "check_hide", "check_slip", "check_search",
                      "check_spot", "check_drive", "check_gimmick", "check_recover", "check_hold", "check_lurk",
                      "check_watch", "check_mind", "check_notice"]  # fmt: skip
    assert [glob(obs, name) for name in checks] == [0.0] * 9 + [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    assert glob(obs, "check_difficulty") == pytest.approx(9 / 60) and DX3_OBS_SIZE == 439
