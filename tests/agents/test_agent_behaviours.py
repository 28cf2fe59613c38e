"""What the scripted agents do in small, literal situations."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, scenario_dict, turn_of
from yz_gym.agents import make_agent
from yz_gym.agents.tactical import push_gain
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind

STRONG = {"strength": 5, "agility": 3, "wits": 3, "empathy": 3}
WEAK = {"strength": 2, "agility": 3, "wits": 3, "empathy": 3}
SHOOTER = {"strength": 3, "agility": 4, "wits": 3, "empathy": 3}
CALM = {"ask_push": False, "offer_help": False}


def choice(state, agent: str):
    """What the named agent picks now, and the legal actions it picked from."""
    legal = engine.legal_actions(state)
    action = make_agent(agent, 0).choose(state, legal)
    assert action in legal
    return action


def named(state, action: Action) -> str:
    return engine.describe(state, action)


# --- aggressive -------------------------------------------------------------------------------


def test_aggressive_closes_in_on_the_weakest_and_strikes():
    data = scenario_dict(
        zones=["Yard"],
        combatants=[
            fighter("Red", "red", "Yard", skills={"melee": 2}, weapons=["sword"]),
            fighter("Tough", "blue", "Yard", attributes=STRONG),
            fighter("Frail", "blue", "Yard", attributes=WEAK),
        ],
        rules=CALM,
    )
    state = turn_of(game(data), "Red")
    first = choice(state, "aggressive")
    assert (first.kind, first.target) == (Kind.ENGAGE, by_name(state, "Frail").id)
    engine.apply(state, first, np.random.default_rng(0))
    second = choice(state, "aggressive")
    assert (second.kind, second.target) == (Kind.CLOSE_ATTACK, by_name(state, "Frail").id)


def test_aggressive_shoots_the_weakest_it_can_hit_and_otherwise_advances():
    data = scenario_dict(
        zones=["A", "B", "C"],
        combatants=[
            fighter("Red", "red", "A", attributes=SHOOTER, skills={"marksmanship": 2}, weapons=["pistol"]),
            fighter("Near", "blue", "B", attributes=STRONG),
            fighter("Far", "blue", "C", attributes=WEAK),  # weaker, but out of pistol range
        ],
        rules=CALM,
    )
    state = turn_of(game(data), "Red")
    action = choice(state, "aggressive")
    assert (action.kind, action.target) == (Kind.SHOOT, by_name(state, "Near").id)

    data["combatants"] = [data["combatants"][0], fighter("Far", "blue", "C", attributes=WEAK)]
    state = turn_of(game(data), "Red")
    action = choice(state, "aggressive")
    assert (action.kind, action.zone) == (Kind.RUN, 1)


def _block_decision(defender_weapon: str):
    """Blue swings a club at Red, who holds a weapon: the rules ask Red whether to block."""
    data = scenario_dict(
        zones=["Yard"],
        combatants=[
            fighter(
                "Red", "red", "Yard", skills={"melee": 3}, weapons=[defender_weapon], engaged_with=["Blue"]
            ),
            fighter("Blue", "blue", "Yard", skills={"melee": 2}, weapons=["club"]),
        ],
        rules={"ask_push": False},
    )
    state = turn_of(game(data), "Blue")
    act(state, np.random.default_rng(0), Kind.CLOSE_ATTACK, target="Red")
    assert engine.decision_kind(state) == "block"
    return state


@pytest.mark.rule("ACTN-BLOCK-01")
def test_aggressive_never_blocks_and_tactical_does():
    state = _block_decision("sword")
    assert choice(state, "aggressive").kind == Kind.DECLINE
    assert choice(state, "tactical").kind == Kind.BLOCK


# --- tactical: shooting -----------------------------------------------------------------------


def _gunfight(red_zone: dict, **red):
    data = scenario_dict(
        zones=[red_zone, "B"],
        combatants=[
            fighter(
                "Red",
                "red",
                red_zone["name"],
                attributes=SHOOTER,
                skills={"marksmanship": 3},
                weapons=["pistol"],
                **red,
            ),
            fighter("Blue", "blue", "B", attributes=SHOOTER, skills={"marksmanship": 3}, weapons=["rifle"]),
        ],
        rules=CALM,
    )
    return turn_of(game(data), "Red")


@pytest.mark.rule("ACTN-COVER-01")
def test_tactical_takes_cover_under_fire_then_shoots():
    state = _gunfight({"name": "A", "cover": ["stone_wall"]})
    first = choice(state, "tactical")
    assert first.kind == Kind.TAKE_COVER, named(state, first)
    engine.apply(state, first, np.random.default_rng(0))
    second = choice(state, "tactical")
    assert (second.kind, second.target) == (Kind.SHOOT, by_name(state, "Blue").id)


@pytest.mark.rule("ACTN-AIM-01")
def test_tactical_aims_before_shooting_when_nothing_better_to_do():
    state = _gunfight({"name": "A"})  # no cover to take
    first = choice(state, "tactical")
    assert first.kind == Kind.AIM, named(state, first)
    engine.apply(state, first, np.random.default_rng(0))
    assert choice(state, "tactical").kind == Kind.SHOOT


def test_tactical_focuses_fire_on_the_wounded():
    data = scenario_dict(
        zones=["A", "B"],
        combatants=[
            fighter("Red", "red", "A", attributes=SHOOTER, skills={"marksmanship": 3}, weapons=["pistol"]),
            fighter("Fresh", "blue", "B", weapons=["knife"]),
            fighter("Hurt", "blue", "B", weapons=["knife"]),
        ],
        rules=CALM,
    )
    state = turn_of(game(data), "Red")
    by_name(state, "Hurt").attrs[0] = 1  # one point of Strength left
    red = by_name(state, "Red")
    red.aiming = 2  # already aiming: it shoots at once
    action = choice(state, "tactical")
    assert (action.kind, action.target) == (Kind.SHOOT, by_name(state, "Hurt").id), named(state, action)


@pytest.mark.rule("ZONE-FEAT-DARK-02")
def test_tactical_prefers_the_target_it_can_hit_best():
    data = scenario_dict(
        zones=[{"name": "Dim", "features": ["dim"]}, "A", "Lit"],
        combatants=[
            fighter("Red", "red", "A", attributes=SHOOTER, skills={"marksmanship": 2}, weapons=["pistol"]),
            fighter("Shadow", "blue", "Dim", weapons=["knife"]),
            fighter("Plain", "blue", "Lit", weapons=["knife"]),
        ],
        rules=CALM,
    )
    state = turn_of(game(data), "Red")
    by_name(state, "Red").aiming = 2
    action = choice(state, "tactical")
    assert (action.kind, action.target) == (Kind.SHOOT, by_name(state, "Plain").id), named(state, action)


# --- tactical: melee, first aid, pushing --------------------------------------------------------


@pytest.mark.rule("ACTN-RETREAT-01")
def test_tactical_shooter_retreats_from_a_losing_melee():
    data = scenario_dict(
        zones=["A", "B"],
        combatants=[
            fighter("Red", "red", "A", attributes={"strength": 2, "agility": 5, "wits": 3, "empathy": 3},
                    skills={"marksmanship": 3, "mobility": 3}, weapons=["pistol"], engaged_with=["Brute"]),
            fighter("Brute", "blue", "A", attributes=STRONG, skills={"melee": 3}, weapons=["battleaxe"]),
        ],
        rules=CALM,
    )  # fmt: skip
    state = turn_of(game(data), "Red")
    action = choice(state, "tactical")
    assert action.kind == Kind.RETREAT, named(state, action)


@pytest.mark.rule("HEAL-02")
def test_tactical_gives_first_aid_to_a_broken_ally_when_safe():
    data = scenario_dict(
        zones=["A", "B", "C", "D"],
        borders=[{"between": ["A", "B"]}, {"between": ["B", "C"]}, {"between": ["C", "D"], "kind": "wall"}],
        combatants=[
            fighter("Medic", "red", "A", skills={"healing": 3}, items=["medkit"], weapons=["knife"]),
            fighter("Friend", "red", "A", weapons=["club"]),
            fighter("Foe", "blue", "D", weapons=["knife"]),
        ],
        rules=CALM,
    )
    state = turn_of(game(data), "Medic")
    by_name(state, "Friend").attrs[0] = 0  # Broken
    action = choice(state, "tactical")
    assert (action.kind, action.target) == (Kind.FIRST_AID, by_name(state, "Friend").id), named(state, action)


def _push_decision(rules: dict, strength: int, faces: list[int]):
    """Red's sword attack rolled `faces` (attribute dice first); the rules ask about a push."""
    data = scenario_dict(
        zones=["Yard"],
        combatants=[
            fighter("Red", "red", "Yard", attributes={"strength": strength, "agility": 3, "wits": 3, "empathy": 3},
                    skills={"melee": 2}, weapons=["sword"], engaged_with=["Blue"]),
            fighter("Blue", "blue", "Yard", attributes=WEAK),
        ],
        rules={"offer_help": False, **rules},
    )  # fmt: skip
    state = turn_of(game(data), "Red")
    act(state, FixedDice(faces), Kind.CLOSE_ATTACK, target="Blue")
    assert engine.decision_kind(state) == "push"
    return state


@pytest.mark.rule("PUSH-04", "PUSH-14")
def test_tactical_pushes_when_the_odds_favour_it():
    # a missed attack, and pushing costs nothing: push
    state = _push_decision({"push_cost": "none"}, 4, [2, 3, 4, 5, 2, 3, 4, 5])
    assert push_gain(state, by_name(state, "Red")) > 0
    assert choice(state, "tactical").kind == Kind.PUSH
    # a solid hit already (Blue is as good as Broken): nothing to gain
    state = _push_decision({"push_cost": "none"}, 4, [2, 6, 6, 6, 2, 3, 4, 5])
    assert push_gain(state, by_name(state, "Red")) <= 0
    assert choice(state, "tactical").kind == Kind.DECLINE
    # a miss, but Red has one Strength left and a bane on it: the push would Break Red for sure
    state = _push_decision({"push_cost": "attribute"}, 1, [1, 2, 3, 4, 5])
    assert push_gain(state, by_name(state, "Red")) < 0
    assert choice(state, "tactical").kind == Kind.DECLINE


def _witness_decision(rules: dict, cyan: dict, insight: list[int], skills: dict | None = None):
    """Red shoots Blue down (crit 61, lethal); Blue's friend Cyan rolls Insight `insight`
    against 1 stress (STRESS-04) and is asked whether to push it (STRESS-02)."""
    data = scenario_dict(
        zones=["Yard"],
        combatants=[
            fighter("Red", "red", "Yard", weapons=["pistol"], drawn="pistol"),
            fighter("Blue", "blue", "Yard"),
            fighter("Cyan", "blue", "Yard", attributes=cyan, skills=skills or {}),
        ],
        rules={"offer_help": False, **rules},
    )
    state = turn_of(game(data), "Red")
    dice = FixedDice([6, 6, 6, 2, 2, 6, 1, *insight])  # AGI 3 + pistol 2: 4 damage; D66 61
    act(state, dice, Kind.SHOOT, target="Blue")
    engine.apply(state, Action(Kind.DECLINE), dice)  # Red keeps the hit
    assert engine.decision_kind(state) == "push"
    assert engine.current_actor(state) == by_name(state, "Cyan").id
    return state


@pytest.mark.rule("STRESS-02", "PUSH-04")
def test_agents_decide_the_push_of_an_insight_roll_against_stress():
    # one Wits left: the stress would Break Cyan, and the push is free: push
    state = _witness_decision({"push_cost": "none"}, {**WEAK, "wits": 1}, [2, 3, 4])
    assert push_gain(state, by_name(state, "Cyan")) > 0
    assert choice(state, "tactical").kind == Kind.PUSH
    assert choice(state, "aggressive").kind == Kind.PUSH  # it pushes every failed roll
    # one Empathy left and a bane on it: pushing would Break Cyan for sure, the stress would not
    state = _witness_decision({"push_cost": "attribute"}, {**WEAK, "empathy": 1}, [1, 3], {"insight": 1})
    assert push_gain(state, by_name(state, "Cyan")) < 0
    assert choice(state, "tactical").kind == Kind.DECLINE


# --- tactical: moving -----------------------------------------------------------------------------


@pytest.mark.rule("ACTN-DOOR-01", "ACTN-DOOR-02")
@pytest.mark.parametrize("agent", ["aggressive", "tactical"])
def test_agents_go_through_doors_and_force_locked_ones(agent):
    for door, expected in (("closed", Kind.DOOR), ("locked", Kind.FORCE_DOOR)):
        data = scenario_dict(
            zones=["A", "B", "C"],
            borders=[{"between": ["A", "B"], "kind": "door", "state": door}, {"between": ["B", "C"]}],
            combatants=[
                fighter("Red", "red", "A", skills={"melee": 3, "force": 2}, weapons=["club"]),
                fighter("Blue", "blue", "C", weapons=["knife"]),
            ],
            rules=CALM,
            victory={"reach_zone": {"red": "C"}} if agent == "tactical" else {},
        )
        state = turn_of(game(data), "Red")
        action = choice(state, agent)
        assert action.kind == expected, f"{door}: {named(state, action)}"


def test_tactical_runs_for_a_goal_zone_it_can_reach():
    data = scenario_dict(
        zones=["A", "B", "Exit"],
        combatants=[
            fighter("Red", "red", "B", weapons=["knife"]),
            fighter("Blue", "blue", "B", attributes=STRONG, skills={"melee": 3}, weapons=["sword"]),
        ],
        rules=CALM,
        victory={"reach_zone": {"red": "Exit"}},
    )
    state = turn_of(game(data), "Red")
    action = choice(state, "tactical")
    assert (action.kind, action.zone) == (Kind.RUN, 2), named(state, action)


@pytest.mark.rule("INIT-SWAP-01")
def test_tactical_swaps_initiative_with_an_ally_who_can_strike():
    data = scenario_dict(
        zones=["A", "B", "C"],
        combatants=[
            fighter("Runner", "red", "A", weapons=["knife"]),
            fighter("Gunner", "red", "B", attributes=SHOOTER, skills={"marksmanship": 3}, weapons=["pistol"]),
            fighter("Blue", "blue", "C", weapons=["knife"]),
        ],
        rules=CALM,
    )
    for seed in range(50):  # find a deal where the Runner acts before the Gunner
        state = game(data, seed)
        runner, gunner = by_name(state, "Runner"), by_name(state, "Gunner")
        if (
            state.cards[runner.id] < state.cards[gunner.id]
            and state.cards[by_name(state, "Blue").id] > state.cards[gunner.id]
        ):
            break
    else:
        pytest.skip("no suitable initiative deal")
    state = turn_of(state, "Runner")
    action = choice(state, "tactical")
    assert (action.kind, action.target) == (Kind.SWAP_INITIATIVE, gunner.id), named(state, action)


@pytest.mark.rule("ACTN-USEITEM-01", "EXPL-01")
@pytest.mark.parametrize("agent", ["aggressive", "tactical"])
def test_agents_throw_a_grenade_at_a_crowd_of_enemies_but_not_at_friends(agent):
    crowd = [fighter(f"Blue {i}", "blue", "B", weapons=["knife"]) for i in range(3)]
    data = scenario_dict(
        zones=["A", "B"],
        combatants=[fighter("Red", "red", "A", items=["frag_grenade"], weapons=["knife"]), *crowd],
        rules=CALM,
    )
    state = turn_of(game(data), "Red")
    action = choice(state, agent)
    assert action.kind == Kind.USE_ITEM and state.combatants[action.target].zone == 1, named(state, action)
    data["combatants"][2:] = [fighter("Friend", "red", "B", weapons=["knife"], engaged_with=["Blue 0"])]
    state = turn_of(game(data), "Red")
    assert choice(state, agent).kind != Kind.USE_ITEM
