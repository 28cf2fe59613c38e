"""N体 attacks (DX3-ATK-06): up to N targets, the first named by the action and the other N-1 chosen
by the `count_targets` switch among the enemies the attack may choose and reaches."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.fights import game, of
from tests.dx3.test_attack_effects import foe, hero, play, to_major, unanswered
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind

TWIN = {"timing": "major", "skill": "白兵", "target": "N体", "target_count": 2, "range": "weapon",
        "attack": "melee", "cost": 3}  # fmt: skip
SWORD = 0


def twin_game(**rules: Any) -> Dx3State:
    """The hero (sword) at 10 m with 《twin》 (2体); Foe, Foe2 and a hurt Foe3 at 10 m, a weaker Far at 20 m."""
    state = game(
        hero({"twin": 1}), foe(), foe("Foe2"), foe("Foe3", hp=10), foe("Far", 20, hp=5),
        effects={"twin": TWIN}, dx3_rules=rules,
    )  # fmt: skip
    to_major(state)
    return state


def twin_at(state: Dx3State, named: int) -> list:  # type: ignore[type-arg]
    """《twin》 at `named`: 4 dice 9, 3, 2, 1 + 〈白兵〉 2 + sword 命中 -1 = 達成値 10."""
    return play(state, Dx3Action(Kind.ATTACK, named, SWORD, combo=0), 9, 3, 2, 1)


@pytest.mark.rule("DX3-ATK-06")
@pytest.mark.parametrize(
    "rule, named, struck",
    [("nearest", 1, [1, 2]), ("nearest", 3, [1, 3]), ("weakest", 1, [1, 3]), ("named_only", 2, [2])],
)
def test_a_count_attack_strikes_the_named_one_and_n_minus_1_more_by_the_switch(
    rule: str, named: int, struck: list[int]
) -> None:
    state = twin_game(count_targets=rule)
    offered = [a.target for a in engine.legal_actions(state) if a.kind == Kind.ATTACK and a.combo == 0 and a.option == SWORD]
    assert offered == [1, 2, 3]  # one per target it may name; Far is out of the sword's reach
    events = twin_at(state, named)
    assert of(events, "attack")[0].get("targets") == struck
    assert of(events, "combo")[0].get("after") == 60 + 3
    assert state.pending is not None and state.pending.waiting == struck
    events = unanswered(state, 6, 2)  # 2D10 (10 // 10 + 1) + sword 5 = 13, one roll for all
    assert of(events, "damage_roll")[0].get("total") == 13
    lost = {e.target: e.get("hp_lost") for e in of(events, "damage")}
    assert lost == {t: 10 if t == 3 else 13 for t in struck}  # Foe3 has 10 HP left, no armor anywhere


@pytest.mark.rule("DX3-ATK-06", "DX3-HID-04")
def test_a_count_attack_never_picks_a_hidden_enemy() -> None:
    state = twin_game()
    state.fighters[2].hidden = type(state.fighters[2].hidden)(True)
    events = twin_at(state, 1)
    assert of(events, "attack")[0].get("targets") == [1, 3]
