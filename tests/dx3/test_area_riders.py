"""Area attacks against riders (HR-VEH-04/05/10 with DX3-ATK-07): a rider not exposed gives way to
its vehicle, once per vehicle however many of its riders the area catches; exposed riders and those on
foot take the attack themselves."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dx3.fights import fighter, game, of
from tests.dx3.test_attack_effects import BLAST, play, unanswered
from tests.dx3.test_dx3_vehicles import driver, passenger, raider, to_raider_attack, van
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3State, Kind

PAL = 3  # a PC on foot in the van's engagement


def blast_game(**vehicle: Any) -> Dx3State:
    """D drives the van (a car: 装甲値 6), P rides along, E (〈白兵〉 2, a sword) has 《blast》 (範囲)."""
    state = game(
        driver(), passenger(), raider(effects={"blast": 1}), fighter("Pal", "pcs", 10, pc=True),
        vehicles=[van(**vehicle)], effects={"blast": BLAST},
    )  # fmt: skip
    to_raider_attack(state)
    return state


def blast(state: Dx3State) -> list:  # type: ignore[type-arg]
    """E's 範囲 attack at the van's engagement: 3 dice 8, 1, 1 + 〈白兵〉 2 + sword 命中 -1 = 達成値 9."""
    [area] = [a for a in engine.legal_actions(state) if a.kind == Kind.ATTACK and a.combo == 0 and a.option == 0]
    return play(state, area, 8, 1, 1)


@pytest.mark.rule("HR-VEH-04", "HR-VEH-10", "DX3-ATK-07")
def test_an_area_attack_strikes_a_closed_vehicle_once_for_all_its_riders() -> None:
    state = blast_game()
    events = blast(state)
    assert of(events, "attack")[0].get("targets") == [0, 1, PAL]  # the area catches everyone there
    assert [(e.target, e.get("vehicle")) for e in of(events, "at_vehicle")] == [(0, "van")]
    p = state.pending
    assert p is not None and p.targets == [0, PAL] and p.waiting == [0, PAL] and p.vehicles == {0: 0}
    assert {a.kind for a in engine.legal_actions(state)} >= {Kind.VEHICLE_DODGE, Kind.NO_REACTION}
    events = unanswered(state, 7)  # 1D10 (9 // 10 + 1) 7 + sword 5 = 12
    assert of(events, "damage_roll")[0].get("total") == 12
    [hull] = of(events, "vehicle_damage")
    assert (hull.get("hp_lost"), hull.get("hp")) == (12 - 6, 20 - 6)  # the van's own 装甲値 6
    assert [(e.target, e.get("hp_lost")) for e in of(events, "damage")] == [(PAL, 12)]
    d, pas = state.fighters[0], state.fighters[1]
    assert d.char.hp == d.char.stats.max_hp and pas.char.hp == pas.char.stats.max_hp  # riders untouched


@pytest.mark.rule("HR-VEH-05", "DX3-VEH-06", "DX3-ATK-07")
def test_exposed_riders_are_caught_by_the_area_themselves() -> None:
    state = blast_game(exposed=True)
    blast(state)
    assert state.pending is not None and state.pending.vehicles == {} and state.pending.targets == [0, 1, PAL]
    events = unanswered(state, 7)
    lost = {e.target: (e.get("armor"), e.get("hp_lost")) for e in of(events, "damage")}
    assert lost == {0: (8 + 6, 0), 1: (6, 12 - 6), PAL: (0, 12)}  # chain mail 8 + the car's shell 6
    assert not of(events, "vehicle_damage") and state.vehicles[0].hp == 20


@pytest.mark.rule("HR-VEH-04", "HR-VEH-DEF-01")
def test_a_fallen_driver_leaves_the_vehicles_reaction_to_a_standing_rider() -> None:
    state = blast_game()
    state.fighters[0].char.hp = 0
    state.fighters[0].char.incapacitated = True
    blast(state)
    p = state.pending
    assert p is not None and p.vehicles == {1: 0} and p.targets == [0, 1, PAL][1:]
    assert engine.current_actor(state) == 1
    assert {a.kind for a in engine.legal_actions(state)} == {Kind.NO_REACTION}  # nobody drives: no swerve
    events = unanswered(state, 7)
    assert of(events, "vehicle_damage")[0].get("hp_lost") == 6

