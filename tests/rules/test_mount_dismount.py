"""Getting off and back on a mount, and the riderless mount it leaves (mounts/riding.py: DISMOUNT,
REMOUNT; MOUNT-02/07..12/14, VEH-05 by analogy, `rules.mount_action`, `rules.remount_by`).

Literal situations with scripted dice (FixedDice), each tagged with the rule IDs it checks."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from tests.helpers import FixedDice, by_name, fighter, game, kinds, scenario_dict, turn_of
from tests.rules.mount_kit import NO, do, legal, make, rider, roll_of
from yz_gym.rulesets.yze.mounts.riding import riderless, riding
from yz_gym.rulesets.yze.state import STR
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.narrate import narrate

DISMOUNT = Action(Kind.DISMOUNT)


def kit_alone(rules=None, **kit: Any):
    """Kit rides Bess in A; Foe waits far off in E with a pistol."""
    return turn_of(make([rider("Kit", "red", "A", **kit), fighter("Foe", "blue", "E", weapons=["pistol"])],
                        rules=rules), "Kit")  # fmt: skip


# --- getting off and on (MOUNT-02, VEH-05 by analogy) ------------------------------------------------


@pytest.mark.rule("MOUNT-02", "VEH-05")
def test_dismounting_is_a_fast_action_and_leaves_the_mount_riderless_in_its_zone():
    state = kit_alone()
    kit = by_name(state, "Kit")
    assert DISMOUNT in legal(state) and engine.describe(state, DISMOUNT) == "dismount (Bess)"
    events = do(state, DISMOUNT)
    assert "roll" not in kinds(events)
    assert kit.actions_used == 1 and not kit.slow_used  # fast (VEH-05: like a motorcycle)
    assert not riding(kit) and riderless(kit) and kit.mount is not None and kit.mount.zone == 0
    got_off = next(e for e in events if e.kind == "dismounted")
    assert got_off.actor == kit.id and got_off.get("mount") == "Bess" and got_off.get("zone") == 0
    assert "Kit gets down from Bess, leaving it in A." in narrate(state, events)
    actions = legal(state)
    assert DISMOUNT not in actions and not any(a.kind == Kind.RIDE for a in actions)
    assert Action(Kind.DROP_PRONE) in actions  # on foot again (MOUNT-04 no longer applies)
    do(state, Action(Kind.RUN, zone=1))
    assert kit.zone == 1 and kit.mount.zone == 0  # the animal stays put: it does nothing on its own


@pytest.mark.rule("MOUNT-02", "VEH-05", "MOUNT-03")
def test_the_rider_gets_back_on_in_the_mounts_zone_only():
    state = kit_alone()
    kit = by_name(state, "Kit")
    do(state, DISMOUNT)
    back_on = Action(Kind.REMOUNT, kit.id)
    assert back_on in legal(state) and engine.describe(state, back_on) == "get on the mount of Kit (Bess)"
    do(state, Action(Kind.RUN, zone=1))
    assert back_on not in legal(state)  # the horse is in A, Kit in B
    state = turn_of(turn_of(state, "Foe"), "Kit")
    do(state, Action(Kind.RUN, zone=0))
    assert back_on in legal(state)
    events = do(state, back_on)
    assert riding(kit) and kit.mount.zone == -1 and kit.actions_used == 2 and not kit.slow_used
    assert "Kit gets back on Bess." in narrate(state, events)
    state = turn_of(turn_of(state, "Foe"), "Kit")
    assert any(a.kind == Kind.RIDE for a in legal(state))  # riding hard again (MOUNT-03)
    assert DISMOUNT in legal(state) and back_on not in legal(state)


@pytest.mark.rule("MOUNT-02", "VEH-04")
def test_the_mount_action_switch_makes_getting_off_and_on_slow():
    state = kit_alone(rules={"mount_action": "slow"}, weapons=["pistol"], drawn="pistol")
    kit = by_name(state, "Kit")
    do(state, DISMOUNT)
    assert kit.slow_used and kit.actions_used == 1
    assert Action(Kind.REMOUNT, kit.id) not in legal(state)  # no slow action left this round
    state = turn_of(turn_of(state, "Foe"), "Kit")
    assert Action(Kind.REMOUNT, kit.id) in legal(state)
    do(state, Action(Kind.AIM))
    do(state, Action(Kind.REMOUNT, kit.id))
    assert riding(kit) and kit.slow_used


@pytest.mark.rule("MOUNT-02", "MOUNT-04", "ACTN-RUN-02")
def test_when_getting_off_or_on_is_not_allowed():
    # prone: get up first; grappled: not at all
    state = kit_alone()
    kit = by_name(state, "Kit")
    kit.prone = True
    assert DISMOUNT not in legal(state)
    kit.prone = False
    # an enemy at Engaged: getting off is allowed (nobody moves), back on is not
    people = [rider("Kit", "red", "A", weapons=["sword"]), fighter("Foe", "blue", "A", engaged_with=["Kit"])]
    state = turn_of(make(people), "Kit")
    kit = by_name(state, "Kit")
    do(state, DISMOUNT)
    assert by_name(state, "Foe").id in kit.engaged  # still engaged
    assert Action(Kind.REMOUNT, kit.id) not in legal(state)
    by_name(state, "Foe").attrs[STR] = 0  # the enemy is out: no one at Engaged any more
    assert Action(Kind.REMOUNT, kit.id) in legal(state)
    # a cramped zone has no room for a riderless horse (AMB-25), even one that fits in it
    zones = ("A", {"name": "Duct", "features": ["cramped"]}, "C")
    data = scenario_dict(zones=zones, combatants=[rider("Kit", "red", "Duct"), fighter("Foe", "blue", "C")])
    data["combatants"][0]["mount"]["cramped"] = True
    state = turn_of(game(data), "Kit")
    assert DISMOUNT not in legal(state)


@pytest.mark.rule("MOUNT-07", "MOUNT-09", "MOUNT-10")
def test_a_dismounted_rider_fights_on_foot():
    people = [
        rider("Kit", "red", "A", weapons=["pistol", "rifle"], drawn="pistol"),
        fighter("Gun", "blue", "B", weapons=["pistol"]),
    ]
    state = turn_of(make(people), "Kit")
    kit, gun = by_name(state, "Kit"), by_name(state, "Gun")
    assert Action(Kind.DRAW, option=1) not in legal(state)  # MOUNT-07: no rifle from the saddle
    do(state, DISMOUNT)
    assert Action(Kind.DRAW, option=1) in legal(state)
    # Kit's shot: Agility 3 + pistol 2, Medium -1 = 4 dice (no MOUNT-10 -2 on foot)
    events = do(state, Action(Kind.SHOOT, gun.id), FixedDice([NO] * 4))
    assert len(roll_of(events).get("dice")) == 4
    state = turn_of(state, "Gun")
    # at Kit: 4 dice, no MOUNT-09 -1 against a rider; the horse is not hit
    events = do(state, Action(Kind.SHOOT, kit.id), FixedDice([6, NO, NO, NO]))
    assert len(roll_of(events).get("dice")) == 4
    assert kit.attrs[STR] == 3 - 2 and kit.mount.strength == 4


# --- the riderless mount (MOUNT-08/11/12/14) -----------------------------------------------------------


def left_horse(**foe: Any):
    """Kit has left Bess in A and gone on to C; it is Foe's turn (on foot in A unless `foe` says)."""
    foe_spec = {"weapons": ["sword"], "skills": {"melee": 2}, "drawn": "sword"} | foe
    people = [rider("Kit", "red", "A"), fighter("Foe", "blue", foe_spec.pop("zone", "A"), **foe_spec)]
    state = turn_of(make(people), "Kit")
    do(state, DISMOUNT)
    do(state, Action(Kind.RUN, zone=1))
    state = turn_of(state, "Foe")
    kit = by_name(state, "Kit")
    kit.zone = 2  # further off
    return state, kit


@pytest.mark.rule("MOUNT-08", "MOUNT-12", "ATK-01")
def test_a_riderless_mount_can_be_attacked_in_its_zone_by_anyone_on_foot():
    state, kit = left_horse()
    foe = by_name(state, "Foe")
    kit.overwatch = 3
    kit.prone = True  # the rider's state does not count: the animal is not prone (RMOD-02)
    attack = Action(Kind.ATTACK_MOUNT, kit.id)
    assert attack in legal(state) and Action(Kind.CLOSE_ATTACK, kit.id) not in legal(state)
    # Strength 3 + Melee 2 + sword 2 = 7 dice: no rider, so no -1 (MOUNT-09), no +2 for prone
    events = do(state, attack, FixedDice([6, 6, NO, NO, NO, NO, NO]))
    assert len(roll_of(events).get("dice")) == 7 and "block" not in kinds(events)
    assert kit.mount.strength == 4 - 3 and kit.attrs[STR] == 3 and foe.slow_used
    assert kit.overwatch == 3  # the rider was not attacked (ACTN-OVERWATCH-04)
    lines = narrate(state, events)
    assert "  Foe hits Kit's Bess." in lines and "  Kit's Bess takes 3 damage (1 left)." in lines
    # from another zone no close attack reaches it
    state, kit = left_horse(zone="B")
    assert Action(Kind.ATTACK_MOUNT, kit.id) not in legal(state)


@pytest.mark.rule("MOUNT-11", "MOUNT-12", "MOUNT-14", "RMOD-07")
def test_a_riderless_mount_is_shot_where_it_stands_and_dies_at_zero():
    state, kit = left_horse(zone="B", weapons=["pistol"], drawn="pistol", skills={})
    kit.zone = 4  # out of the pistol's reach; the horse in A is one zone from Foe (Medium)
    assert Action(Kind.SHOOT, kit.id) not in legal(state)
    shot = Action(Kind.SHOOT_MOUNT, kit.id)
    assert shot in legal(state)
    # Agility 3 + pistol 2, Medium -1 = 4 dice; three successes: 2 + 2 = 4 damage
    events = do(state, shot, FixedDice([6, 6, 6, NO]))
    assert len(roll_of(events).get("dice")) == 4
    assert kit.mount.dead and kit.mount.strength == 0 and "critical" not in kinds(events)
    assert kinds(events).count("mount_dies") == 1 and not kit.out
    state = turn_of(turn_of(state, "Kit"), "Foe")
    assert not any(a.kind in (Kind.SHOOT_MOUNT, Kind.ATTACK_MOUNT) for a in legal(state))
    kit.zone = 0
    state = turn_of(state, "Kit")
    assert Action(Kind.REMOUNT, kit.id) not in legal(state)  # a dead horse is not ridden


@pytest.mark.rule("MOUNT-11", "RMOD-05", "ZONE-FEAT-DARK-02")
def test_shots_at_a_riderless_mount_use_its_zone_for_range_and_light():
    zones = ("A", {"name": "B", "features": ["dim"]}, "C")
    people = [rider("Kit", "red", "B"), fighter("Gun", "blue", "A", weapons=["pistol"], drawn="pistol")]
    state = turn_of(make(people, zones=zones), "Kit")
    do(state, DISMOUNT)
    do(state, Action(Kind.RUN, zone=2))
    state = turn_of(state, "Gun")
    gun, kit = by_name(state, "Gun"), by_name(state, "Kit")
    gun.aiming = 2
    # Agility 3 + pistol 2, Medium -1, aimed +2, into a dim zone -2 = 4 dice
    events = do(state, Action(Kind.SHOOT_MOUNT, kit.id), FixedDice([NO] * 4))
    assert len(roll_of(events).get("dice")) == 4
    assert "  Gun misses Kit's Bess." in narrate(state, events)


@pytest.mark.rule("MOUNT-02")
def test_with_remount_by_side_an_ally_takes_a_fallen_riders_horse():
    def setup(rules=None):
        people = [rider("Kit", "red", "A"), fighter("Ash", "red", "A"), fighter("Foe", "blue", "E")]
        state = turn_of(make(people, rules=rules), "Kit")
        do(state, DISMOUNT)
        by_name(state, "Kit").attrs[STR] = 0  # Kit is out of the fight
        return turn_of(state, "Ash")

    state = setup()
    kit, ash = by_name(state, "Kit"), by_name(state, "Ash")
    assert Action(Kind.REMOUNT, kit.id) not in legal(state)  # by default only its own rider
    state = setup({"remount_by": "side"})
    kit, ash = by_name(state, "Kit"), by_name(state, "Ash")
    take = Action(Kind.REMOUNT, kit.id)
    assert take in legal(state)
    events = do(state, take)
    assert riding(ash) and ash.mount.name == "Bess" and kit.mount is None
    assert "Ash takes Kit's Bess and mounts up." in narrate(state, events)
    assert any(a.kind == Kind.RIDE for a in legal(state))


@pytest.mark.rule("MOUNT-02", "ACTN-OVERWATCH-01")
def test_getting_off_in_a_watched_zone_gives_the_watcher_a_shot_first():
    people = [rider("Kit", "red", "B"), fighter("Watch", "blue", "A", weapons=["rifle"])]
    state = turn_of(make(people, zones=("A", "B")), "Kit")
    by_name(state, "Watch").overwatch = 1
    do(state, DISMOUNT)
    assert engine.decision_kind(state) == "overwatch"


def test_a_riderless_mount_is_part_of_the_state_clones_and_pickles():
    state = kit_alone()
    probe = state.clone()
    do(probe, DISMOUNT)
    assert riding(by_name(state, "Kit")) and riderless(by_name(probe, "Kit"))
    again = pickle.loads(pickle.dumps(probe))
    assert by_name(again, "Kit").mount.zone == 0
