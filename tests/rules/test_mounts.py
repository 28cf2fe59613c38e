"""Mounts in zone fights (MOUNT-01..15, AMB-11/12/13): riding, the mount's Agility, what a rider
cannot do, attacks at the rider or the horse, mount damage and death (mounts/riding.py).

Literal situations with scripted dice (FixedDice), each tagged with the rule IDs it checks."""

from __future__ import annotations

import pytest

from tests.helpers import FixedDice, by_name, fighter, game, kinds, scenario_dict, turn_of
from tests.rules.mount_kit import NO, do, legal, make, rider, roll_of
from yz_gym.rulesets.yze.mounts.riding import carry_capacity, recover_mount
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import STR
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.scenario import ScenarioError


@pytest.mark.rule("MOUNT-03", "MOUNT-06", "AMB-11", "MOUNT-02")
def test_riding_hard_rolls_mobility_with_the_mounts_agility_and_goes_one_zone_per_success_more():
    state = turn_of(
        make([rider("Kit", "red", "A", skills={"mobility": 1}), fighter("Foe", "blue", "E")]), "Kit"
    )
    assert Action(Kind.RIDE, zone=2) in legal(state) and Action(Kind.RIDE, zone=1) not in legal(state)
    # mount Agility 5 (not Kit's 3) + Mobility 1 = 6 dice; two sixes: 1 + 2 zones
    events = do(state, Action(Kind.RIDE, zone=4), FixedDice([6, 6, NO, NO, NO, NO]))
    roll = roll_of(events)
    assert len(roll.get("dice")) == 6 and sum(1 for d in roll.get("dice") if d[0] == 0) == 5
    kit = by_name(state, "Kit")
    assert kit.zone == 3 and not kit.slow_used  # a fast action


@pytest.mark.rule("MOUNT-03", "AMB-11")
def test_riding_hard_with_no_success_still_moves_one_zone_and_plain_runs_need_no_roll():
    state = turn_of(make([rider("Kit", "red", "A"), fighter("Foe", "blue", "E")]), "Kit")
    do(state, Action(Kind.RIDE, zone=3), FixedDice([NO] * 5))
    assert by_name(state, "Kit").zone == 1
    events = do(state, Action(Kind.RUN, zone=2))
    assert "roll" not in kinds(events) and by_name(state, "Kit").zone == 2


@pytest.mark.rule("MOUNT-04")
def test_a_mount_cannot_enter_a_cramped_zone_nor_crawl():
    zones = ("A", {"name": "Duct", "features": ["cramped"]}, "C")
    state = turn_of(make([rider("Kit", "red", "A"), fighter("Foe", "blue", "C")], zones=zones), "Kit")
    kit = by_name(state, "Kit")
    assert Kind.DROP_PRONE not in {a.kind for a in legal(state)}
    kit.prone = True
    actions = legal(state)
    assert not any(a.kind == Kind.CRAWL for a in actions) and Action(Kind.GET_UP) in actions
    data = scenario_dict(zones=zones, combatants=[rider("Kit", "red", "A"), fighter("Foe", "blue", "C")])
    data["combatants"][0]["mount"]["cramped"] = True  # "usually": this one can
    state = turn_of(game(data), "Kit")
    by_name(state, "Kit").prone = True
    assert Action(Kind.CRAWL, zone=1) in legal(state)
    data["combatants"][0]["zone"] = "Duct"
    data["combatants"][0]["mount"]["cramped"] = False
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.zone: a mount cannot be in a cramped zone"):
        build(data, "<t>")


@pytest.mark.rule("MOUNT-05", "AMB-12", "ZONE-FEAT-CLUTTERED-01")
def test_in_cluttered_zones_a_mount_moves_one_zone_per_action():
    zones = ("A", {"name": "Hedge", "features": ["cluttered"]}, "C", "D", "E")
    state = turn_of(make([rider("Kit", "red", "A"), fighter("Foe", "blue", "E")], zones=zones), "Kit")
    assert not any(a.kind == Kind.RIDE for a in legal(state))  # the way leads through the hedge
    # a plain run into the hedge rolls Mobility with the mount's Agility (5 dice)
    events = do(state, Action(Kind.RUN, zone=1), FixedDice([NO] * 5))
    assert len(roll_of(events).get("dice")) == 5
    kit = by_name(state, "Kit")
    assert kit.zone == 1 and kit.prone  # ZONE-FEAT-CLUTTERED-02: in, but thrown
    do(state, Action(Kind.GET_UP))
    state = turn_of(state, "Foe")
    state = turn_of(state, "Kit")
    assert not any(a.kind == Kind.RIDE for a in legal(state))  # from a cluttered zone: one zone


@pytest.mark.rule("MOUNT-07")
def test_from_horseback_only_one_handed_weapons():
    kit = rider("Kit", "red", "A", weapons=["sword", "rifle", "battleaxe", "pistol"], drawn="sword")
    state = turn_of(make([kit, fighter("Foe", "blue", "B")]), "Kit")
    draws = {a.option for a in legal(state) if a.kind == Kind.DRAW}
    assert draws == {3}  # the pistol; not the rifle nor the battleaxe (two-handed)
    k = by_name(state, "Kit")
    k.held = 1  # a rifle in hand somehow: it cannot be fired
    assert not any(a.kind == Kind.SHOOT for a in legal(state))
    k.mount.dead = True  # on foot again
    assert any(a.kind == Kind.SHOOT for a in legal(state))


def melee():
    people = [
        fighter("Foot", "red", "A", weapons=["sword"], skills={"melee": 2}),
        rider("Kit", "blue", "A", weapons=["sword"], engaged_with=["Foot"]),
    ]
    return turn_of(make(people), "Foot")


@pytest.mark.rule("MOUNT-08", "MOUNT-09", "ACTN-BLOCK-01")
def test_attackers_choose_rider_or_mount_and_the_rider_is_at_minus_one():
    state = melee()
    kit = by_name(state, "Kit")
    actions = legal(state)
    assert Action(Kind.CLOSE_ATTACK, kit.id) in actions and Action(Kind.ATTACK_MOUNT, kit.id) in actions
    # at the rider: Strength 3 + Melee 2 + sword 2 - 1 = 6 dice
    probe = state.clone()
    events = do(probe, Action(Kind.CLOSE_ATTACK, kit.id), FixedDice([NO] * 6))
    assert engine.decision_kind(probe) == "block" or len(roll_of(events).get("dice")) == 6
    # at the horse: 7 dice, no block offered, the damage goes to the mount
    events = do(state, Action(Kind.ATTACK_MOUNT, kit.id), FixedDice([6, NO, NO, NO, NO, NO, NO]))
    assert len(roll_of(events).get("dice")) == 7
    assert "block" not in kinds(events)
    assert kit.mount.strength == 4 - 2 and kit.attrs[STR] == 3
    assert "mount_damage" in kinds(events)


@pytest.mark.rule("MOUNT-09")
def test_a_close_attack_on_the_rider_rolls_one_die_less():
    state = melee()
    kit = by_name(state, "Kit")
    kit.actions_used = 2  # Kit cannot block
    events = do(state, Action(Kind.CLOSE_ATTACK, kit.id), FixedDice([6, NO, NO, NO, NO, NO]))
    assert len(roll_of(events).get("dice")) == 6
    assert kit.attrs[STR] == 1 and kit.mount.strength == 4


def shooting(rules=None, shooter_mounted=False):
    shooter = (rider if shooter_mounted else fighter)("Gun", "red", "A", weapons=["pistol"])
    target = rider("Kit", "blue", "B") if not shooter_mounted else fighter("Kit", "blue", "B")
    return turn_of(make([shooter, target], rules=rules), "Gun")


@pytest.mark.rule("MOUNT-11", "MOUNT-09", "AMB-13")
def test_shooters_choose_rider_or_mount_and_the_rider_is_at_minus_one_by_default():
    state = shooting()
    kit = by_name(state, "Kit")
    assert Action(Kind.SHOOT_MOUNT, kit.id) in legal(state)
    # pistol: Agility 3 + 2 gear, Medium -1: 4 dice; at the rider -1 more: 3
    events = do(state.clone(), Action(Kind.SHOOT, kit.id), FixedDice([NO] * 3))
    assert len(roll_of(events).get("dice")) == 3
    events = do(state, Action(Kind.SHOOT_MOUNT, kit.id), FixedDice([6, NO, NO, NO]))
    assert len(roll_of(events).get("dice")) == 4
    assert kit.mount.strength == 2 and kit.attrs[STR] == 3


@pytest.mark.rule("AMB-13")
def test_the_rider_penalty_on_shots_can_be_switched_off():
    state = shooting(rules={"rider_penalty_ranged": False})
    events = do(state, Action(Kind.SHOOT, by_name(state, "Kit").id), FixedDice([NO] * 4))
    assert len(roll_of(events).get("dice")) == 4


@pytest.mark.rule("MOUNT-10")
def test_ranged_attacks_from_horseback_are_at_minus_two():
    state = shooting(shooter_mounted=True)
    events = do(state, Action(Kind.SHOOT, by_name(state, "Kit").id), FixedDice([NO] * 2))
    assert len(roll_of(events).get("dice")) == 2  # 5 dice, Medium -1, mounted -2


@pytest.mark.rule("MOUNT-12", "PUSH-04")
def test_pushing_a_roll_with_the_mounts_agility_harms_the_mount_not_the_rider():
    people = [rider("Kit", "red", "A"), fighter("Foe", "blue", "E")]
    data = scenario_dict(zones=("A", "B", "C", "D", "E"), combatants=people, rules={"offer_help": False})
    state = turn_of(game(data), "Kit")
    kit = by_name(state, "Kit")
    rng = FixedDice([NO] * 5 + [1, 1, NO, NO, NO])  # the ride fails; the push shows two banes
    do(state, Action(Kind.RIDE, zone=3), rng)
    assert engine.decision_kind(state) == "push"
    events = do(state, Action(Kind.PUSH), rng)
    assert [e.get("amount") for e in events if e.kind == "mount_damage"] == [2]
    assert kit.mount.strength == 2 and kit.attrs == [3, 3, 3, 3]  # the rider's Agility is untouched


@pytest.mark.rule("MOUNT-14", "MOUNT-12")
def test_a_mount_at_strength_zero_dies_without_a_critical_injury_and_the_rider_fights_on_foot():
    state = melee()
    kit = by_name(state, "Kit")
    kit.mount.strength = 1
    events = do(state, Action(Kind.ATTACK_MOUNT, kit.id), FixedDice([6, NO, NO, NO, NO, NO, NO]))
    assert "mount_dies" in kinds(events) and "critical" not in kinds(events)
    assert kit.mount.dead and kit.mount.strength == 0 and not kit.out
    assert Action(Kind.ATTACK_MOUNT, kit.id) not in legal(state)


@pytest.mark.rule("MOUNT-15")
def test_animals_have_no_wits_or_empathy():
    people = [rider("Kit", "red", "A"), fighter("Foe", "blue", "B")]
    data = scenario_dict(combatants=people)
    data["combatants"][0]["mount"]["wits"] = 2
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.mount\.wits: unknown key 'wits'"):
        build(data, "<t>")


@pytest.mark.rule("MOUNT-01", "MOUNT-13", "HEAL-04")
def test_a_mount_carries_gear_and_recovers_like_a_player_character():
    state = make([rider("Kit", "red", "A"), fighter("Foe", "blue", "B")])
    mount = by_name(state, "Kit").mount
    assert carry_capacity(mount) == 8  # twice its Strength unless the file says
    mount.strength = 1
    assert recover_mount(mount, 2) == 2 and mount.strength == 3
    assert recover_mount(mount, 5) == 1 and mount.strength == 4
    mount.dead = True
    assert recover_mount(mount, 3) == 0 and carry_capacity(mount) == 0


def test_mounts_do_not_board_vehicles_and_step_dice_mounts_load():
    data = scenario_dict(
        combatants=[rider("Kit", "red", "A"), fighter("Foe", "blue", "B")],
        rules={"dice_mode": "step", "damage_model": "health_resolve"},
    )
    for c in data["combatants"]:
        c["attributes"] = {"strength": "C", "agility": "C", "wits": "C", "empathy": "C"}
    data["combatants"][0]["mount"] = {"strength": "B", "agility": "A"}
    state = game(data)
    mount = by_name(state, "Kit").mount
    assert mount.agility == 12 and mount.strength == 6  # ceil((10 + 12) / 4)


@pytest.mark.rule("ACTN-OVERWATCH-01", "MOUNT-03")
def test_riding_hard_into_a_watched_zone_gives_the_watcher_a_shot_first():
    state = make(
        [rider("Kit", "red", "A"), fighter("Watch", "blue", "D", weapons=["rifle"], skills={"marksmanship": 2})],
        zones=("A", "B", "C", "D"),
    )
    state = turn_of(state, "Kit")
    by_name(state, "Watch").overwatch = 2  # watching zone C, where Kit rides to
    ride = next(a for a in legal(state) if a.kind == Kind.RIDE and a.zone == 2)
    do(state, ride)
    assert engine.decision_kind(state) == "overwatch"
    assert state.combatants[engine.current_actor(state)].name == "Watch"
