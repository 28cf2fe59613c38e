"""Full-auto fire at mounts and vehicles (zone/auto_targets.py, resolution/bursts.py): a burst (AUTO-01) or a
shot with ammo dice (AUTO-03) may open at a horse or a vehicle, its next shots (AUTO-01) and an
ammo six's extra hits (AUTO-05) may go at them, and all land on the single shot's damage paths
(MOUNT-11/12, VEH-DMG-01..06).

Literal situations with scripted dice (FixedDice), each tagged with the rule IDs it checks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, by_name, fighter, game, kinds, scenario_dict, turn_of
from yz_gym.envs.action_space import APPENDED_OFFSETS, OFFSETS, ActionCodec, describe_index
from yz_gym.envs.core import Encoding
from yz_gym.envs.limits import ENEMY_SLOT0, MAX_AMMO_DICE, MAX_VEHICLES
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import STR
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.narrate import narrate

NO = 3  # neither a success nor a bane
TOUGH = {"strength": 5, "agility": 3, "wits": 3, "empathy": 3}
HORSE = {"name": "Bess", "strength": 4, "agility": 5}
DECLINE = Action(Kind.DECLINE)


def arena(rules=None, kit_zone="B", car_zone=None, more=(), gun="submachine_gun"):
    """The scenario of `fight`."""
    people = [
        fighter("Red", "red", "A", weapons=[gun], skills={"marksmanship": 1}),
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
    return data


def fight(rules=None, kit_zone="B", car_zone=None, more=(), gun="submachine_gun"):
    """Red with a submachine gun (or `gun`) in A; Grey (tough) and Kit on Bess in B; a blue car
    parked in `car_zone` (if any). Red's turn."""
    return turn_of(game(arena(rules, kit_zone, car_zone, more, gun), 0), "Red")


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


# --- opening a burst at a vehicle or a mount (AUTO-01, AUTO-03) ----------------------------------

CAR_BURST = Action(Kind.SHOOT_VEHICLE, -1, 1, 0)


def shot_events(events):
    """The events a shot at the car makes, less the burst's own (the action, burst, supply)."""
    return [(e.kind, e.actor, e.target, e.data) for e in events if e.kind not in ("action", "burst", "supply")]


@pytest.mark.rule("AUTO-01", "AUTO-02", "VEH-DMG-01", "VEH-DMG-04", "VEH-DMG-05", "RMOD-11")
def test_a_burst_opened_at_a_car_rolls_and_lands_like_a_shot_at_it_and_goes_on():
    state = fight(car_zone="B")
    grey, car = by_name(state, "Grey"), state.vehicles[0]
    assert CAR_BURST in legal(state) and Action(Kind.SHOOT_VEHICLE, option=0) in legal(state)
    assert engine.describe(state, CAR_BURST) == "shoot at Car (full auto)"
    # 5 dice + 2 for a large target (RMOD-11) = 7; 3 successes: 4 damage; armor 3 rolls 1 six: 3;
    # 3 >= half its Hull: a component roll, D66 21 -> row 3 (VEH-DMG-05)
    faces = [6, 6, 6, NO, NO, NO, NO, 6, NO, NO, 2, 1]
    single = fight(car_zone="B")
    alone = do(single, Action(Kind.SHOOT_VEHICLE, option=0), FixedDice(faces))
    events = do(state, CAR_BURST, FixedDice(faces))
    assert shot_events(events) == shot_events(alone)  # the first shot is the single shot's, to the event
    assert len(rolls(events, "shoot_vehicle")[0].get("dice")) == 7
    assert next(e for e in events if e.kind == "vehicle_hit").get("amount") == 4
    assert car.damage == 3 == single.vehicles[0].damage
    assert "supply" not in kinds(events)
    # a single shot is over; the burst's hit lets it go on (AUTO-01), at a person, the horse or the car
    assert engine.decision_kind(single) == "turn" and engine.decision_kind(state) == "full_auto"
    choices = legal(state)
    assert {Action(Kind.SHOOT, grey.id, option=1), Action(Kind.SHOOT_VEHICLE, option=0), DECLINE} <= choices
    events = do(state, Action(Kind.SHOOT, grey.id, option=1), FixedDice([6, NO, NO, NO, NO]))
    assert next(e for e in events if e.kind == "burst").get("shot") == 2
    assert grey.attrs[STR] == 5 - 2 and engine.decision_kind(state) == "full_auto"  # a hit: a third shot
    # the third shot at the car misses: the burst is over, one supply roll (AUTO-02)
    events = do(state, Action(Kind.SHOOT_VEHICLE, option=0), FixedDice([NO] * 7 + [NO] * 6))
    assert "miss" in kinds(events) and car.damage == 3
    assert kinds(events).count("supply") == 1 and engine.decision_kind(state) == "turn"


@pytest.mark.rule("AUTO-01", "AUTO-02", "VEH-DMG-01")
def test_a_miss_at_the_car_ends_the_burst_it_opened():
    state = fight(car_zone="B")
    events = do(state, CAR_BURST, FixedDice([NO] * 7 + [NO] * 6))
    assert "miss" in kinds(events) and state.vehicles[0].damage == 0
    assert kinds(events).count("supply") == 1 and engine.decision_kind(state) == "turn"


@pytest.mark.rule("AUTO-01", "AUTO-02", "MOUNT-11", "MOUNT-12")
def test_a_burst_opened_at_a_riders_horse():
    state = fight()
    grey, kit = by_name(state, "Grey"), by_name(state, "Kit")
    at_horse = Action(Kind.SHOOT_MOUNT, kit.id, option=1)
    assert at_horse in legal(state) and Action(Kind.SHOOT_MOUNT, kit.id) in legal(state)
    assert engine.describe(state, at_horse) == "shoot at the mount of Kit (full auto)"
    # 5 dice (the -1 against a rider does not apply, MOUNT-08/11); 2 successes: 3 damage to Bess
    events = do(state, at_horse, FixedDice([6, 6, NO, NO, NO]))
    assert len(rolls(events, "shoot")[0].get("dice")) == 5
    assert kit.mount.strength == 4 - 3 and kit.attrs[STR] == 3 and "supply" not in kinds(events)
    assert engine.decision_kind(state) == "full_auto"
    assert {Action(Kind.SHOOT_MOUNT, kit.id), Action(Kind.SHOOT, grey.id, option=1)} <= legal(state)
    # the second shot at Bess again: 1 success, 2 damage: she dies (MOUNT-14); then Red stops
    events = do(state, Action(Kind.SHOOT_MOUNT, kit.id), FixedDice([6, NO, NO, NO, NO]))
    assert kit.mount.dead and "mount_dies" in kinds(events) and kit.attrs[STR] == 3
    events = do(state, DECLINE, FixedDice([NO] * 6))
    assert kinds(events).count("supply") == 1 and engine.decision_kind(state) == "turn"
    assert grey.attrs[STR] == 5


@pytest.mark.rule("AUTO-01", "MOUNT-11")
def test_a_burst_opened_at_a_riderless_horse():
    state = fight()
    kit = by_name(state, "Kit")
    kit.mount.zone, kit.zone = 1, 2  # Kit left Bess in B and went on to C
    at_horse = Action(Kind.SHOOT_MOUNT, kit.id, option=1)
    assert at_horse in legal(state) and Action(Kind.SHOOT, kit.id, option=1) not in legal(state)
    events = do(state, at_horse, FixedDice([6, NO, NO, NO, NO]))  # 5 dice: Medium, no rider
    assert len(rolls(events, "shoot")[0].get("dice")) == 5
    assert kit.mount.strength == 4 - 2 and kit.attrs[STR] == 3
    assert engine.decision_kind(state) == "full_auto"


@pytest.mark.rule("AUTO-03", "AUTO-04", "AUTO-05", "AUTO-06", "VEH-DMG-01", "VEH-DMG-04", "VEH-DMG-05")
def test_ammo_dice_at_a_vehicle():
    state = fight(rules={"full_auto": "ammo_dice"}, car_zone="B")
    grey, kit, car = by_name(state, "Grey"), by_name(state, "Kit"), state.vehicles[0]
    # RoF 6 and a full magazine of 30: 1..6 ammo dice, as SHOOT offers
    modes = sorted(a.zone for a in legal(state) if a.kind == Kind.SHOOT_VEHICLE)
    assert modes == [-1, 1, 2, 3, 4, 5, 6]
    assert engine.describe(state, Action(Kind.SHOOT_VEHICLE, -1, 2, 0)) == "shoot at Car (2 ammo dice)"
    # 7 base dice, one success (a hit for 2; the ammo dice do not decide the hit, AUTO-04); two sixes
    events = do(state, Action(Kind.SHOOT_VEHICLE, -1, 2, 0), FixedDice([6] + [NO] * 6 + [6, 6]))
    assert len(rolls(events, "shoot_vehicle")[0].get("dice")) == 7
    assert next(e for e in events if e.kind == "ammo_dice").get("successes") == 2
    assert next(e for e in events if e.kind == "ammo_used").get("rounds") == 13  # AUTO-06: 6 + 6 + 1
    assert engine.decision_kind(state) == "ammo" and car.damage == 0  # the hits land after the sixes
    choices = engine.legal_actions(state)
    assert choices[0] == Action(Kind.SHOOT_VEHICLE, option=0)  # the main target first
    assert {Action(Kind.SHOOT, grey.id), Action(Kind.SHOOT_MOUNT, kit.id), DECLINE} <= set(choices)
    do(state, Action(Kind.SHOOT, grey.id))  # an extra hit on Grey at base damage, 2
    events = do(state, DECLINE, FixedDice([NO, NO, NO, 2, 1]))  # +1 on the latest (Grey's); armor, D66 21
    assert next(e for e in events if e.kind == "ammo_damage").target == grey.id
    assert next(e for e in events if e.kind == "vehicle_hit").get("amount") == 2 and car.damage == 2
    assert grey.attrs[STR] == 5 - 3 and engine.decision_kind(state) == "turn"
    assert [k for k in kinds(events) if k in ("damage", "vehicle_hit")] == ["vehicle_hit", "damage"]


@pytest.mark.rule("AUTO-03", "AUTO-05", "VEH-DMG-01")
def test_ammo_dice_at_a_vehicle_without_sixes_hit_at_once_and_a_six_can_go_back_on_it():
    state = fight(rules={"full_auto": "ammo_dice"}, car_zone="B")
    car = state.vehicles[0]
    # 1 success of 7 and no ammo six: a hit for 2, landed at once; the armor rolls no six; D66 21
    events = do(state, Action(Kind.SHOOT_VEHICLE, -1, 1, 0), FixedDice([6] + [NO] * 7 + [NO] * 3 + [2, 1]))
    assert engine.decision_kind(state) == "turn" and car.damage == 2
    assert next(e for e in events if e.kind == "vehicle_hit").get("amount") == 2
    state = fight(rules={"full_auto": "ammo_dice"}, car_zone="B")
    car = state.vehicles[0]
    do(state, Action(Kind.SHOOT_VEHICLE, -1, 1, 0), FixedDice([6] + [NO] * 6 + [6]))
    events = do(state, Action(Kind.SHOOT_VEHICLE, option=0), FixedDice([NO] * 3 + [2, 1] + [NO] * 3 + [2, 1]))
    assert next(e for e in events if e.kind == "extra_hit").get("vehicle") == "Car"
    assert [e.get("amount") for e in events if e.kind == "vehicle_hit"] == [2, 2]


@pytest.mark.rule("AUTO-03", "AUTO-05", "MOUNT-11", "MOUNT-12")
def test_ammo_dice_at_a_horse():
    state = fight(rules={"full_auto": "ammo_dice"})
    grey, kit = by_name(state, "Grey"), by_name(state, "Kit")
    do(state, Action(Kind.SHOOT_MOUNT, kit.id, option=1), FixedDice([6, NO, NO, NO, NO, 6]))
    assert engine.decision_kind(state) == "ammo"
    choices = engine.legal_actions(state)
    assert choices[0] == Action(Kind.SHOOT_MOUNT, kit.id)
    assert Action(Kind.SHOOT, grey.id) in choices and Action(Kind.SHOOT, kit.id) in choices
    do(state, DECLINE)  # +1 on the horse's hit: 3
    assert kit.mount.strength == 4 - 3 and kit.attrs[STR] == 3 and grey.attrs[STR] == 5


@pytest.mark.rule("AUTO-01", "AUTO-03")
def test_burst_options_only_with_a_full_auto_weapon():
    def bursts(state):
        return [
            a for a in legal(state)
            if (a.kind == Kind.SHOOT_MOUNT and a.option != -1)
            or (a.kind == Kind.SHOOT_VEHICLE and a.zone != -1)
        ]  # fmt: skip

    state = fight(car_zone="B")
    kit = by_name(state, "Kit")
    assert set(bursts(state)) == {CAR_BURST, Action(Kind.SHOOT_MOUNT, kit.id, option=1)}
    assert bursts(fight(car_zone="B", gun="pistol")) == []  # basic full auto: a full-auto weapon only
    assert bursts(fight(car_zone="B", gun="rifle")) == []
    # ammo dice: as many as SHOOT offers (a pistol's RoF 2; none for a sniper rifle)
    state = fight(rules={"full_auto": "ammo_dice"}, car_zone="B", gun="pistol")
    shoot = sorted(a.option for a in legal(state) if a.kind == Kind.SHOOT and a.target == kit.id)
    mount = sorted(a.option for a in legal(state) if a.kind == Kind.SHOOT_MOUNT)
    vehicle = sorted(a.zone for a in legal(state) if a.kind == Kind.SHOOT_VEHICLE)
    assert shoot == mount == vehicle == [-1, 1, 2]
    assert bursts(fight(rules={"full_auto": "ammo_dice"}, car_zone="B", gun="sniper_rifle")) == []


@pytest.mark.rule("AUTO-01", "AUTO-03")
def test_the_env_mask_offers_the_appended_burst_indices():
    data = arena(car_zone="B")
    state = turn_of(game(data, 0), "Red")
    red, kit = by_name(state, "Red"), by_name(state, "Kit")
    encoding = Encoding(build(data, "<test>"))
    mask, by_index = encoding.mask(red.id, engine.legal_actions(state))
    at_car = APPENDED_OFFSETS[0] + (1 - 1) * MAX_VEHICLES + 0  # fire mode 1, vehicle 0
    at_horse = APPENDED_OFFSETS[1] + (ENEMY_SLOT0 + 1) * MAX_AMMO_DICE + (1 - 1)  # Kit: the 2nd enemy
    assert mask[at_car] == 1 and by_index[at_car] == CAR_BURST
    assert mask[at_horse] == 1 and by_index[at_horse] == Action(Kind.SHOOT_MOUNT, kit.id, option=1)
    assert mask[APPENDED_OFFSETS[0] :].sum() == 2
    codec = ActionCodec(encoding.sides)
    assert codec.decode(red.id, at_car) == CAR_BURST
    assert codec.decode(red.id, at_horse) == Action(Kind.SHOOT_MOUNT, kit.id, -1, 1)
    assert describe_index(at_car) == "SHOOT_VEHICLE fire=1 option=0"
    # the plain shots keep their indices
    assert by_index[OFFSETS[Kind.SHOOT_VEHICLE]] == Action(Kind.SHOOT_VEHICLE, option=0)
    assert by_index[OFFSETS[Kind.SHOOT_MOUNT] + ENEMY_SLOT0 + 1] == Action(Kind.SHOOT_MOUNT, kit.id)
    # ammo dice: 1..6 at the car, 1..6 at the horse
    data = arena(rules={"full_auto": "ammo_dice"}, car_zone="B")
    state = turn_of(game(data, 0), "Red")
    mask, by_index = Encoding(build(data, "<test>")).mask(red.id, engine.legal_actions(state))
    assert mask[APPENDED_OFFSETS[0] : APPENDED_OFFSETS[1]].sum() == MAX_AMMO_DICE  # one car
    assert by_index[APPENDED_OFFSETS[0] + 2 * MAX_VEHICLES] == Action(Kind.SHOOT_VEHICLE, -1, 3, 0)
    assert mask[at_horse : at_horse + MAX_AMMO_DICE].sum() == MAX_AMMO_DICE
    # and they play: the index of the car burst opens a burst at the car
    events = engine.apply(state, by_index[APPENDED_OFFSETS[0]], FixedDice([6] + [NO] * 6 + [NO]))
    assert next(e for e in events if e.kind == "ammo_used").get("rounds") == 3 + 1  # AUTO-06: the face + 1
