"""dx3_tactical with the effects that change the field: a made weapon (DX3-EFF-M05), a blockade
(DX3-EFF-M13) and N体 weapons (DX3-ATK-06), each on a small hand-built fight where the choice pays
and one where it does not."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.fights import fighter, game
from tests.dx3.test_attack_effects import foe, hero, to_major
from yz_gym.agents import make_agent
from yz_gym.agents.dx3_tactical import Dx3TacticalAgent
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.attack import struck_by
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind

MAUL = {"kind": "白兵", "hit": 0, "attack": 14, "close": True}  # far better than a made weapon
GUN = {"kind": "射撃", "attack": 6, "reach": 20}  # shoots, no melee weapon
RIFLE2 = {"kind": "射撃", "attack": 8, "reach": 20, "targets": 2}  # 2体
SCYTHE = {"kind": "白兵", "hit": -1, "attack": 6, "close": True, "targets": 2}  # 2体, 至近


def choice(state: Dx3State) -> Dx3Action:
    """What dx3_tactical takes now (the hero decides: it acts first)."""
    assert engine.current_actor(state) == 0
    return make_agent("dx3_tactical", 0).choose(state, engine.legal_actions(state))


@pytest.mark.rule("DX3-EFF-M05")
@pytest.mark.parametrize(
    "weapons, level, makes", [([], 1, True), (["sword"], 1, False), (["sword"], 5, True), (["maul"], 5, False)]
)
def test_it_makes_a_weapon_when_it_has_none_better(weapons: list[str], level: int, makes: bool) -> None:
    """Bare-handed it makes one beside its foe; a sword (命中 -1, 攻撃力 5) hits more often than the made
    weapon at level 1 (命中 -2, 攻撃力 7) and deals more on average, not at level 5 (攻撃力 11); with a
    maul (攻撃力 14) it keeps its minor action."""
    state = game(hero({"summon_weapon": level}, weapons=weapons), foe(), weapons={"maul": MAUL})
    action = choice(state)
    assert (action.kind == Kind.MAKE_WEAPON) == makes, engine.describe(state, action)


def walled(ally_hp: int | None, foe_weapons: list[str], **kw: Any) -> Dx3State:
    """The hero (sword, blockade) engaged with a foe at 10 m; its ally 15 m away with `ally_hp` HP."""
    extra = {} if ally_hp is None else {"hp": ally_hp}
    ally = fighter("Ally", "pcs", 25, pc=True, weapons=["handgun"], abilities={"sense": 1}, **extra)
    return game(
        hero({"blockade": 1}), foe(weapons=foe_weapons, **kw), ally, weapons={"gun": GUN},
    )  # fmt: skip


@pytest.mark.rule("DX3-EFF-M13")
def test_it_puts_a_blockade_up_to_shield_a_wounded_ally_the_foe_could_reach() -> None:
    """The foe's 全力移動 (行動値 4: 18 m) reaches the ally 15 m away: held here, it cannot strike her."""
    state = walled(4, ["sword"])
    action = choice(state)
    assert (action.kind, action.option) == (Kind.BLOCKADE, 1), engine.describe(state, action)
    agent = Dx3TacticalAgent(0)
    assert agent.blockade_gain(state, state.fighters[0]) > 0


@pytest.mark.rule("DX3-EFF-M13")
def test_no_blockade_when_the_ally_is_unhurt_and_the_foe_does_not_run() -> None:
    state = walled(None, ["sword"])
    assert Dx3TacticalAgent(0).blockade_gain(state, state.fighters[0]) == 0.0
    action = choice(state)
    assert action.kind != Kind.BLOCKADE, engine.describe(state, action)


@pytest.mark.rule("DX3-EFF-M13")
def test_it_puts_a_blockade_up_to_stop_a_gunman_running_out_of_its_sword_reach() -> None:
    """A gunman with no melee weapon wants out of the hero's engagement; gone, the sword cannot reach it."""
    state = walled(None, ["gun"])
    action = choice(state)
    assert (action.kind, action.option) == (Kind.BLOCKADE, 1), engine.describe(state, action)


@pytest.mark.rule("DX3-ATK-06")
def test_an_n_body_weapon_closes_in_on_the_engagement_where_it_strikes_most() -> None:
    """The hero at 20 m with a 2体 scythe: one foe at 10 m, two at 30 m; it moves to the pair."""
    hero_ = fighter("Hero", "pcs", 20, pc=True, skills={"白兵": 2}, encroachment=60, weapons=["scythe"])
    state = game(hero_, foe("Lone", 10), foe("Pair1", 30), foe("Pair2", 30), weapons={"scythe": SCYTHE})
    action = choice(state)
    assert action.kind == Kind.MOVE and engine.describe(state, action), engine.describe(state, action)
    assert state.fighters[action.target].pos == 30, engine.describe(state, action)


@pytest.mark.rule("DX3-ATK-06")
def test_an_n_body_weapon_is_aimed_at_the_pair_worth_most_not_at_the_best_single_target() -> None:
    """A 2体 rifle (`count_targets: nearest`): Near at 10 m; Hurt (4 HP) and Plated (full armor) at
    20 m. Naming Hurt, the best single target, also strikes Plated; naming Near strikes Near and Hurt,
    worth more together."""
    hero_ = fighter("Hero", "pcs", 0, pc=True, skills={"射撃": 2}, encroachment=60, weapons=["rifle2"])
    state = game(
        hero_, foe("Near", 10), foe("Hurt", 20, hp=4), foe("Plated", 20, armor=["full_armor"]),
        weapons={"rifle2": RIFLE2},
    )  # fmt: skip
    to_major(state)
    me, agent = state.fighters[0], Dx3TacticalAgent(0)
    shots = {a.target: a for a in engine.legal_actions(state) if a.kind == Kind.ATTACK and a.combo < 0}
    assert [struck_by(state, me, shots[t]) for t in (1, 2)] == [[1, 2], [2, 3]]
    single = {t: agent.attack_odds(state, me, a) for t, a in shots.items()}
    alone = {t: lost + falls * kill for t, (lost, falls, kill, _) in single.items()}
    assert max(alone, key=alone.__getitem__) == 2  # Hurt is the best target on its own
    assert agent.attack_value(state, me, shots[1]) == pytest.approx(alone[1] + alone[2])
    action = choice(state)
    assert (action.kind, action.target) == (Kind.ATTACK, 1), engine.describe(state, action)
