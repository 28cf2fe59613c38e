"""dx3_tactical's Titus on a dodge (agents/dx3_titus.py), checked against an exact computation made
here, independently of agents/dx3_odds.py: the chance the dodge loses and the damage 2D10 + 5."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.d10 import FixedD10, achievement_distribution
from tests.dx3.fights import act, fighter, game
from yz_gym.agents import dx3_titus
from yz_gym.agents.dx3_tactical import Dx3TacticalAgent
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind, Phase

SWORD_POWER = 5  # the brute's sword: 攻撃力 5, 命中 -1


def dodging(hp: int, hit_faces: tuple[int, ...], resurrect: int = 0) -> Dx3State:
    """The brute's sword hit the Hero (HP `hp`, 肉体 3 + 1 die at 60%, 〈回避〉 1, 2 Lois), and the Hero
    declared a plain dodge: its sublimation decision before the roll."""
    hero: dict[str, Any] = {
        "pc": True, "skills": {"回避": 1}, "encroachment": 60, "hp": hp, "lois": 2, "resurrect": resurrect,
    }  # fmt: skip
    brute = fighter("Brute", "npcs", 10, skills={"白兵": 2}, weapons=["sword"], abilities={"sense": 4})
    state = game(fighter("Hero", "pcs", 10, **hero), brute)
    act(state, Kind.SKIP_MINOR)
    act(state, Kind.ATTACK, target=0, option=0, dice=hit_faces)
    engine.apply(state, Dx3Action(Kind.DODGE), FixedD10())  # type: ignore[arg-type]
    assert state.phase == Phase.SUBLIMATE
    return state


def dodge_loses(dice: int, crit: int, modifier: int, hit: int) -> float:
    """The exact chance a dodge of `dice` at C値 `crit` + `modifier` loses to `hit` (ties to the dodger,
    a fumble loses)."""
    return sum(q for value, q in achievement_distribution(dice, crit).items() if value == 0 or value + modifier < hit)


def harm(hp: int, achievement: int, fall_counts: bool) -> float:
    """The HP a hit takes on average (2D10 + 5 for 達成値 10-19, 1D10 + 5 below), plus the HP left again
    times the chance to fall, by counting every face."""
    dice = achievement // 10 + 1
    totals = [[0]]
    for _ in range(dice):
        totals = [[*t, f] for t in totals for f in range(1, 11)]
    lost = sum(min(sum(t) + SWORD_POWER, hp) for t in totals) / len(totals)
    falls = sum(sum(t) + SWORD_POWER >= hp for t in totals) / len(totals)
    return lost + (falls * hp if fall_counts else 0.0)


@pytest.mark.rule("DX3-TITUS-03A")
@pytest.mark.rule("DX3-TITUS-03B")
@pytest.mark.parametrize(
    ("hp", "hit_faces", "resurrect", "chosen"),
    [
        (8, (9, 5, 5), 0, Kind.TITUS_DICE),  # 達成値 10: the 4-dice dodge loses 41%, and the hit fells it
        (28, (9, 5, 5), 1, Kind.TITUS_DICE),  # full HP, 《リザレクト》 ready: 2D10 + 5 HP at stake
        (8, (2, 2, 3), 0, Kind.DECLINE),  # 達成値 4: the plain dodge almost never loses
    ],
)
def test_a_titus_goes_on_the_dodge_when_the_harm_it_avoids_is_worth_more_than_the_titus(
    hp: int, hit_faces: tuple[int, ...], resurrect: int, chosen: Kind
) -> None:
    state = dodging(hp, hit_faces, resurrect)
    hit = max(hit_faces) + 2 - 1
    assert state.pending is not None and state.pending.hit_check.achievement == hit
    at_stake = harm(hp, hit, fall_counts=not resurrect)
    plain = dodge_loses(4, 10, 1, hit) * at_stake
    more_dice = plain - dodge_loses(14, 10, 1, hit) * at_stake
    lower_crit = plain - dodge_loses(4, 9, 1, hit) * at_stake
    me, sub = state.fighters[0], state.sublimation
    assert sub is not None
    gains = dict(dx3_titus._dodge_boosts(state, me, sub))
    assert gains[Kind.TITUS_DICE] == pytest.approx(more_dice, abs=1e-6)
    assert gains[Kind.TITUS_CRIT] == pytest.approx(lower_crit, abs=1e-6)
    best = Kind.TITUS_DICE if more_dice >= lower_crit else Kind.TITUS_CRIT
    expected = best if max(more_dice, lower_crit) > dx3_titus.TITUS_WORTH else Kind.DECLINE
    assert Dx3TacticalAgent(seed=0).choose(state, engine.legal_actions(state)).kind == expected == chosen
    assert lower_crit == pytest.approx(0.0)  # at C値 9 a die of 9 or 10 rolls on: the same 9+ is needed


@pytest.mark.rule("DX3-TITUS-03C")
@pytest.mark.parametrize(("faces", "escapes"), [((5, 3, 2, 2), 7), ((2, 2, 2, 2), 4)])
def test_a_losing_dodge_is_raised_by_the_exact_chance_one_d10_turns_it_into_a_miss(
    faces: tuple[int, ...], escapes: int
) -> None:
    state = dodging(8, (9, 5, 5))
    engine.apply(state, Dx3Action(Kind.DECLINE), FixedD10(*faces))  # type: ignore[arg-type]
    sub = state.sublimation
    assert sub is not None and sub.result is not None and sub.result.achievement == max(faces) + 1
    assert escapes == 11 - (10 - sub.result.achievement)  # faces 10 - 達成値 .. 10 reach the hit's 10
    gain = dx3_titus._raised_dodge_gain(state, state.fighters[0], sub)
    assert gain == pytest.approx(escapes / 10 * harm(8, 10, fall_counts=True), abs=1e-6)
    chosen = Dx3TacticalAgent(seed=0).choose(state, engine.legal_actions(state)).kind
    assert chosen == (Kind.TITUS_RESULT if gain > dx3_titus.TITUS_WORTH else Kind.DECLINE)


def recovering(*faces: int) -> Dx3State:
    """The Hero (【精神】 2 + 1 die at 60%, 2 Lois) rolled its recovery from 重圧 to `faces`: 達成値 = the
    highest face, against difficulty 9 (HR-STATUS-01)."""
    hero = {"pc": True, "encroachment": 60, "lois": 2, "abilities": {"sense": 5}}
    state = game(fighter("Hero", "pcs", 10, **hero), fighter("Foe", "npcs", 30))
    state.fighters[0].statuses.add("pressure")
    act(state, Kind.RECOVER, option=1)
    act(state, Kind.DECLINE, dice=faces)
    return state


@pytest.mark.parametrize(("faces", "raises"), [((8, 1, 1), True), ((5, 1, 1), True), ((4, 1, 1), False)])
def test_a_failed_recovery_is_raised_when_the_exact_chance_times_its_worth_beats_the_titus(
    faces: tuple[int, ...], raises: bool
) -> None:
    state = recovering(*faces)
    # +1D10 reaches 9 from 8 always, from 5 with 4..10 (7 in 10), from 4 with 5..10 (6 in 10)
    chance = (10 - (9 - max(faces)) + 1) / 10
    assert (chance * dx3_titus.CHECK_WORTH > dx3_titus.TITUS_WORTH) is raises
    chosen = Dx3TacticalAgent(seed=0).choose(state, engine.legal_actions(state)).kind
    assert chosen == (Kind.TITUS_RESULT if raises else Kind.DECLINE)


def test_before_a_recovery_check_ten_more_dice_are_weighed_by_the_exact_chance_they_add() -> None:
    state = game(
        fighter("Hero", "pcs", 10, pc=True, encroachment=60, lois=2, abilities={"sense": 5}),
        fighter("Foe", "npcs", 30),
    )
    state.fighters[0].statuses.add("pressure")
    act(state, Kind.RECOVER, option=1)
    sub = state.sublimation
    assert sub is not None and sub.check is not None and sub.check.dice == 3
    p3 = sum(q for v, q in achievement_distribution(3, 10).items() if v >= 9)
    p13 = sum(q for v, q in achievement_distribution(13, 10).items() if v >= 9)
    assert (p3, p13) == (pytest.approx(1 - 0.8**3), pytest.approx(0.945, abs=1e-3))
    agent = Dx3TacticalAgent(seed=0)
    # 0.49 -> 0.95 is worth 2.7 HP, less than a Titus; C値 9 adds nothing to reaching 9
    assert (p13 - p3) * dx3_titus.CHECK_WORTH < dx3_titus.TITUS_WORTH
    assert agent.choose(state, engine.legal_actions(state)).kind == Kind.DECLINE
