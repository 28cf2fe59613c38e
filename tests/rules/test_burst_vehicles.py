"""Full-auto fire at mounts and vehicles (auto_targets.py, resolution.py): a burst's next shot
(AUTO-01) and an ammo six's extra hit (AUTO-05) may go at a horse or a vehicle, and land on the
single shot's damage paths (MOUNT-11/12, VEH-DMG-01..06).

Literal situations with scripted dice (FixedDice), each tagged with the rule IDs it checks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, by_name, fighter, game, kinds, scenario_dict, turn_of
from yz_gym.rules import engine
from yz_gym.rules.actions import Action, Kind
from yz_gym.rules.narrate import narrate
from yz_gym.rules.state import STR

NO = 3  # neither a success nor a bane
TOUGH = {"strength": 5, "agility": 3, "wits": 3, "empathy": 3}
HORSE = {"name": "Bess", "strength": 4, "agility": 5}
DECLINE = Action(Kind.DECLINE)


def fight(rules=None, kit_zone="B", car_zone=None, more=()):
    """Red with a submachine gun in A; Grey (tough) and Kit on Bess in B; a blue car parked in
    `car_zone` (if any). Red's turn."""
    people = [
        fighter("Red", "red", "A", weapons=["submachine_gun"], skills={"marksmanship": 1}),
        fighter("Grey", "blue", "B", attributes=TOUGH),
        fighter("Kit", "blue", kit_zone, mount=dict(HORSE)),
        *more,
    ]
    data = scenario_dict(
        zones=("A", "B", "C"), combatants=people,
        rules={"ask_push": False, "offer_help": False, **(rules or {})},
    )  # fmt: skip
    if car_zone is not None:
        data["vehicles"] = [{"name": "Car", "type": "car", "zone": car_zone, "side": "blue"}]
    return turn_of(game(data, 0), "Red")


def legal(state) -> set[Action]:
    return set(engine.legal_actions(state))


def do(state, action: Action, rng: Any = None):
    return engine.apply(state, action, rng if rng is not None else np.random.default_rng(0))


def rolls(events, purpose=None):
    return [e for e in events if e.kind == "roll" and (purpose is None or e.get("purpose") == purpose)]


# --- AUTO-01: the next shot of a burst ------------------------------------------------------------


@pytest.mark.rule("AUTO-01", "MOUNT-11", "MOUNT-12", "AUTO-02")
def test_a_bursts_next_shot_can_go_at_a_riders_horse():
    state = fight()
    grey, kit = by_name(state, "Grey"), by_name(state, "Kit")
    # Agility 3 + Marksmanship 1 + gun 2, Medium -1 = 5 dice at Grey
    do(state, Action(Kind.SHOOT, grey.id, option=1), FixedDice([6, NO, NO, NO, NO]))
    assert engine.decision_kind(state) == "full_auto"
    at_horse = Action(Kind.SHOOT_MOUNT, kit.id)
    assert at_horse in legal(state) and Action(Kind.SHOOT, kit.id, option=1) in legal(state)
    # at the horse: 5 dice (the -1 against a rider does not apply, MOUNT-08/11); 2 successes: 3 damage
    events = do(state, at_horse, FixedDice([6, 6, NO, NO, NO]))
    assert len(rolls(events, "shoot")[0].get("dice")) == 5
    burst = next(e for e in events if e.kind == "burst")
    assert burst.target == kit.id and burst.get("mount") == "Bess" and burst.get("shot") == 2
    assert kit.mount.strength == 4 - 3 and kit.attrs[STR] == 3 and grey.attrs[STR] == 5 - 2
    assert "  Red keeps firing, at Kit's Bess." in narrate(state, events)
    # the hit lets the burst go on: the third shot back at a person, at the rider -1 (4 dice)
    assert engine.decision_kind(state) == "full_auto"
    events = do(state, Action(Kind.SHOOT, kit.id, option=1), FixedDice([6, NO, NO, NO] + [NO] * 6))
    assert len(rolls(events, "shoot")[0].get("dice")) == 4
    assert kit.attrs[STR] == 3 - 2 and kit.mount.strength == 1  # this one hit the rider
    assert kinds(events).count("supply") == 1 and engine.decision_kind(state) == "turn"  # AUTO-02


@pytest.mark.rule("AUTO-01", "VEH-DMG-01", "VEH-DMG-04", "VEH-DMG-05", "RMOD-11")
def test_a_bursts_next_shot_can_go_at_a_vehicle_and_then_on_at_a_person():
    state = fight(car_zone="B")
    grey = by_name(state, "Grey")
    car = state.vehicles[0]
    do(state, Action(Kind.SHOOT, grey.id, option=1), FixedDice([6, NO, NO, NO, NO]))
    at_car = Action(Kind.SHOOT_VEHICLE, option=0)
    assert at_car in legal(state)
    # 5 dice + 2 for a large target (RMOD-11) = 7; 3 successes: 4 damage; the car's armor 3 rolls 1 six;
    # 3 >= half its Hull: a component roll, D66 21 -> row 3 (VEH-DMG-05)
    events = do(state, at_car, FixedDice([6, 6, 6, NO, NO, NO, NO, 6, NO, NO, 2, 1]))
    assert len(rolls(events, "shoot_vehicle")[0].get("dice")) == 7
    assert next(e for e in events if e.kind == "vehicle_hit").get("amount") == 4
    assert car.damage == 3 and next(e for e in events if e.kind == "vehicle_crit").get("row") == 3
    assert next(e for e in events if e.kind == "burst").get("vehicle") == "Car"
    lines = narrate(state, events)
    assert "  Red keeps firing, at Car." in lines and "  Red hits Car." in lines
    # a hit at the car lets the burst go on (three shots at most), back at Grey
    assert engine.decision_kind(state) == "full_auto"
    events = do(state, Action(Kind.SHOOT, grey.id, option=1), FixedDice([6, NO, NO, NO, NO] + [NO] * 6))
    assert grey.attrs[STR] == 5 - 4
    assert engine.decision_kind(state) == "turn" and kinds(events).count("supply") == 1


@pytest.mark.rule("AUTO-01", "VEH-DMG-01")
def test_a_miss_at_the_vehicle_ends_the_burst_and_a_far_or_own_vehicle_is_not_offered():
    state = fight(car_zone="B")
    grey = by_name(state, "Grey")
    do(state, Action(Kind.SHOOT, grey.id, option=1), FixedDice([6, NO, NO, NO, NO]))
    events = do(state, Action(Kind.SHOOT_VEHICLE, option=0), FixedDice([NO] * 7 + [NO] * 6))
    assert "miss" in kinds(events) and state.vehicles[0].damage == 0
    assert engine.decision_kind(state) == "turn" and kinds(events).count("supply") == 1
    state = fight(car_zone="C")
    state.vehicles[0].zone = 2
    do(state, Action(Kind.SHOOT, by_name(state, "Grey").id, option=1), FixedDice([6, NO, NO, NO, NO]))
    assert not any(a.kind == Kind.SHOOT_VEHICLE for a in legal(state))  # C is Long: out of the gun's range
    state = fight(car_zone="B")
    state.vehicles[0].side = 0  # Red's own side's car
    do(state, Action(Kind.SHOOT, by_name(state, "Grey").id, option=1), FixedDice([6, NO, NO, NO, NO]))
    assert not any(a.kind == Kind.SHOOT_VEHICLE for a in legal(state))


@pytest.mark.rule("AUTO-01", "MOUNT-11")
def test_a_burst_can_go_on_at_a_riderless_horse_where_it_stands():
    state = fight(kit_zone="B")
    grey, kit = by_name(state, "Grey"), by_name(state, "Kit")
    kit.mount.zone, kit.zone = 1, 2  # Kit left Bess in B and went on to C (out of the gun's range)
    do(state, Action(Kind.SHOOT, grey.id, option=1), FixedDice([6, NO, NO, NO, NO]))
    assert Action(Kind.SHOOT, kit.id, option=1) not in legal(state)
    at_horse = Action(Kind.SHOOT_MOUNT, kit.id)
    assert at_horse in legal(state)
    events = do(state, at_horse, FixedDice([6, NO, NO, NO, NO]))  # 5 dice: Medium, no rider
    assert len(rolls(events, "shoot")[0].get("dice")) == 5
    assert kit.mount.strength == 4 - 2 and kit.attrs[STR] == 3
    assert "  Red hits Kit's Bess." in narrate(state, events)


# --- AUTO-05: ammo sixes' extra hits --------------------------------------------------------------


@pytest.mark.rule("AUTO-05", "VEH-DMG-01", "VEH-DMG-04", "VEH-DMG-05")
def test_an_extra_hit_can_land_on_a_vehicle_in_the_targets_zone():
    state = fight(rules={"full_auto": "ammo_dice"}, car_zone="B")
    grey = by_name(state, "Grey")
    car = state.vehicles[0]
    # base dice: one success (a hit for 2); two ammo dice, both sixes
    do(state, Action(Kind.SHOOT, grey.id, option=2), FixedDice([6, NO, NO, NO, NO, 6, 6]))
    assert engine.decision_kind(state) == "ammo"
    on_car = Action(Kind.SHOOT_VEHICLE, option=0)
    assert on_car in legal(state) and Action(Kind.SHOOT_MOUNT, by_name(state, "Kit").id) in legal(state)
    events = do(state, on_car)
    extra = next(e for e in events if e.kind == "extra_hit")
    assert extra.target == -1 and extra.get("vehicle") == "Car"
    assert "  An extra hit on Car." in narrate(state, events)
    # the last six: +1 on the latest hit (the car's); Grey's armor-less hit lands, then the car's 3
    events = do(state, DECLINE, FixedDice([NO, NO, NO, 2, 1]))  # the car's armor: no six; D66 21
    bump = next(e for e in events if e.kind == "ammo_damage")
    assert bump.get("vehicle") == "Car" and bump.get("damage") == 3
    assert "  The hit on Car grows to 3 damage." in narrate(state, events)
    assert grey.attrs[STR] == 5 - 2
    assert next(e for e in events if e.kind == "vehicle_hit").get("amount") == 3 and car.damage == 3
    assert [k for k in kinds(events) if k in ("damage", "vehicle_hit")] == ["damage", "vehicle_hit"]


@pytest.mark.rule("AUTO-05")
def test_no_extra_hit_on_a_vehicle_in_another_zone():
    state = fight(rules={"full_auto": "ammo_dice"}, car_zone="A")
    do(state, Action(Kind.SHOOT, by_name(state, "Grey").id, option=2), FixedDice([6, NO, NO, NO, NO, 6, 6]))
    assert engine.decision_kind(state) == "ammo"
    assert not any(a.kind == Kind.SHOOT_VEHICLE for a in legal(state))  # the car is in A, Grey in B
    assert Action(Kind.SHOOT_VEHICLE, option=0) in engine.legal_actions(fight(car_zone="A"))  # a turn's shot


@pytest.mark.rule("AUTO-05", "MOUNT-11", "MOUNT-12", "MOUNT-14")
def test_an_extra_hit_can_land_on_a_horse_ridden_or_riderless_in_the_targets_zone():
    state = fight(rules={"full_auto": "ammo_dice"})
    grey, kit = by_name(state, "Grey"), by_name(state, "Kit")
    do(state, Action(Kind.SHOOT, grey.id, option=3), FixedDice([6, NO, NO, NO, NO, 6, 6, 6]))
    do(state, Action(Kind.SHOOT_MOUNT, kit.id))
    do(state, DECLINE)  # +1 on the horse's hit: 3
    events = do(state, Action(Kind.SHOOT_MOUNT, kit.id))  # a second extra hit on Bess: 2 more
    assert kinds(events).count("mount_damage") == 2 and kit.mount.dead
    assert [e.get("amount") for e in events if e.kind == "mount_damage"] == [3, 2]
    assert kit.attrs[STR] == 3 and grey.attrs[STR] == 5 - 2 and "mount_dies" in kinds(events)
    # riderless: Kit has left Bess in B and gone on to C; she is still in Grey's zone
    state = fight(rules={"full_auto": "ammo_dice"})
    grey, kit = by_name(state, "Grey"), by_name(state, "Kit")
    kit.mount.zone, kit.zone = 1, 2
    do(state, Action(Kind.SHOOT, grey.id, option=1), FixedDice([6, NO, NO, NO, NO, 6]))
    choices = legal(state)
    assert Action(Kind.SHOOT_MOUNT, kit.id) in choices and Action(Kind.SHOOT, kit.id) not in choices
    events = do(state, Action(Kind.SHOOT_MOUNT, kit.id))
    assert kit.mount.strength == 4 - 2 and kit.attrs[STR] == 3
    assert "  An extra hit on Kit's Bess." in narrate(state, events)


@pytest.mark.rule("AUTO-01", "AUTO-05")
def test_bursts_still_open_at_people_only():
    state = fight(car_zone="B")
    kit = by_name(state, "Kit")
    shots = [a for a in engine.legal_actions(state) if a.kind in (Kind.SHOOT_MOUNT, Kind.SHOOT_VEHICLE)]
    assert Action(Kind.SHOOT_MOUNT, kit.id) in shots and Action(Kind.SHOOT_VEHICLE, option=0) in shots
    assert all(a.option == -1 for a in shots if a.kind == Kind.SHOOT_MOUNT)  # single shots
