"""N体 weapons (DX3-ATK-06 with DX3-WPN-01): a scenario's own weapon (`weapons:`) may attack up to N
targets (`targets`), the first named by the action, the other N-1 as `count_targets` says; bad weapon
entries get one line each."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.fights import fighter, game, of, scenario_data
from tests.dx3.test_attack_effects import foe, play, to_major, unanswered
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.gear import WEAPONS, Weapon
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import load

SCYTHE = {"kind": "白兵", "hit": -1, "attack": 6, "guard": 2, "close": True, "targets": 2}  # 2体, 至近
BLADE = 0  # the hero's first weapon


def reaper(**rules: Any) -> Dx3State:
    """The hero (〈白兵〉 2, 60%: 4 dice) with a scythe (2体) at 10 m; Foe, Foe2 and a hurt Foe3 (10 HP)
    beside it, Far at 20 m."""
    hero = fighter("Hero", "pcs", 10, pc=True, skills={"白兵": 2}, encroachment=60, weapons=["scythe"])
    state = game(
        hero, foe(), foe("Foe2"), foe("Foe3", hp=10), foe("Far", 20),
        weapons={"scythe": SCYTHE}, dx3_rules=rules,
    )  # fmt: skip
    to_major(state)
    return state


@pytest.mark.rule("DX3-ATK-06", "DX3-WPN-01")
def test_a_scenario_weapon_is_loaded_with_its_stat_line() -> None:
    loaded = load(scenario_data(fighter("A", "pcs", 0, weapons=["scythe"]), fighter("B", "npcs", 5),
                                weapons={"scythe": SCYTHE})).scenario  # fmt: skip
    assert loaded.weapon("scythe") == Weapon("scythe", "白兵", "白兵", -1, 6, 2, True, 0, targets=2)
    assert loaded.weapon("sword") is WEAPONS["sword"] and WEAPONS["sword"].targets == 1


@pytest.mark.rule("DX3-ATK-06")
@pytest.mark.parametrize(
    "rule, named, struck",
    [("nearest", 1, [1, 2]), ("nearest", 3, [1, 3]), ("weakest", 1, [1, 3]), ("named_only", 2, [2])],
)
def test_an_n_body_weapon_strikes_the_named_one_and_n_minus_1_more(rule: str, named: int, struck: list[int]) -> None:
    state = reaper(count_targets=rule)
    offered = [a.target for a in state_attacks(state)]
    assert offered == [1, 2, 3]  # one action per target it may name; Far is out of reach
    # 4 dice 9, 3, 2, 1 + 〈白兵〉 2 + 命中 -1 = 10
    events = play(state, Dx3Action(Kind.ATTACK, named, BLADE), 9, 3, 2, 1)
    assert of(events, "attack")[0].get("targets") == struck
    assert of(events, "hit_check")[0].get("achievement") == 10
    events = unanswered(state, 6, 2)  # 2D10 + 攻撃力 6 = 14, one roll for all
    lost = {e.target: e.get("hp_lost") for e in of(events, "damage")}
    assert lost == {t: 10 if t == 3 else 14 for t in struck}


def state_attacks(state: Dx3State) -> list[Dx3Action]:
    """The hero's plain attacks with its scythe."""
    return [a for a in engine.legal_actions(state) if a.kind == Kind.ATTACK and a.option == BLADE and a.combo < 0]


def error(weapons: dict[str, Any], carried: str = "scythe") -> str:
    data = scenario_data(fighter("A", "pcs", 0, weapons=[carried]), fighter("B", "npcs", 5), weapons=weapons)
    with pytest.raises(ScenarioError) as caught:
        load(data)
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.rule("DX3-WPN-01")
def test_bad_scenario_weapons_get_one_line_each() -> None:
    assert "weapons.sword: 'sword' is a bundled weapon; give yours another name" in error(
        {"sword": SCYTHE}, "sword"
    )
    assert "weapons.scythe: it reaches nothing; give close: true" in error({"scythe": {**SCYTHE, "close": False}})
    assert "weapons.scythe.targets" in error({"scythe": {**SCYTHE, "targets": 0}})
    assert "weapons.scythe.kind" in error({"scythe": {**SCYTHE, "kind": "magic"}})
    assert "weapons.scythe.attack" in error({"scythe": {"kind": "白兵", "close": True}})
    assert "fighters[0].weapons[0]: unknown weapon 'scythe'" in error({})
