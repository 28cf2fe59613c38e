"""Chases: the round, the six actions, shooting from vehicles, many participants, obstacles, how a
chase ends, the PROPOSED switches (SRD_DIGEST section 3), and an exact Markov-chain check."""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, kinds
from yz_gym.agents.chase_agents import ChaseAgent, CutoffAgent, FleeAgent, HiderAgent, ShooterAgent
from yz_gym.core.ending import Termination
from yz_gym.core.errors import IllegalAction
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.effects import obstacle_mod, roller, speed_bonus
from yz_gym.rulesets.yze.chase.obstacles import FOOT_OBSTACLES, GUARD, THUG, VEHICLE_OBSTACLES
from yz_gym.rulesets.yze.chase.state import CK, PILOT, RANGE_NAMES, SHOOTER, ChaseAction, ChaseState, Phase
from yz_gym.rulesets.yze.scenario.chase_builder import build_chase

QUIET = {"obstacles": False, "ask_cancel": False, "hide_ambush": False}
C, H, B, X, S, N = CK.CHASE, CK.HIDE, CK.BLOCK, CK.CUT_OFF, CK.SHOOT, CK.OTHER  # N: nothing (Other)


def person(name: str, side: str, agility: int = 3, strength: int = 3, wits: int = 3, empathy: int = 3,
           **extra: Any) -> dict[str, Any]:  # fmt: skip
    spec: dict[str, Any] = {
        "name": name,
        "side": side,
        "attributes": {"strength": strength, "agility": agility, "wits": wits, "empathy": empathy},
    }
    spec.update(extra)
    return spec


def runners(hunter: dict[str, Any] | None = None, prey: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Hunter and Prey on foot: Mobility 4 dice each, Observation/Stealth 4, Force 3, Persuasion 3."""
    h = person("Hunter", "hunters", skills={"mobility": 1, "observation": 1, "melee": 1})
    p = person("Prey", "prey", skills={"mobility": 1, "stealth": 1})
    h.update(hunter or {})
    p.update(prey or {})
    return [h, p]


def data(
    combatants: list[dict[str, Any]] | None = None,
    vehicles: list[dict[str, Any]] = (),  # type: ignore[assignment]
    chase_rules: dict[str, Any] | None = None,
    rules: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": "test chase",
        "sides": ["hunters", "prey"],
        "pursuer": "hunters",
        "rules": {"ask_push": False, **(rules or {})},
        "chase_rules": {**QUIET, "chase_start_range": "medium", **(chase_rules or {})},
        "combatants": combatants or runners(),
        "vehicles": list(vehicles),
    }
    out.update(extra)
    return out


def start(spec: dict[str, Any], rng: Any = 0, **kw: Any) -> ChaseState:
    return chase.new_chase(build_chase(spec, "<test>"), rng, **kw)


def U(state: ChaseState, name: str) -> int:
    """The unit of a runner or vehicle by name."""
    for i, unit in enumerate(state.units):
        label = (
            state.vehicles[unit.vehicle].name
            if unit.vehicle >= 0
            else state.world.combatants[unit.pilot].name
        )
        if label == name:
            return i
    raise KeyError(name)


def cid(state: ChaseState, name: str) -> int:
    return next(c.id for c in state.world.combatants if c.name == name)


Plan = dict[Any, ChaseAction | Callable[[ChaseState], ChaseAction]]


def choose(state: ChaseState, rng: Any, plan: Plan) -> list:
    """Everyone picks from the plan (by name, or (name, slot)); Other if not listed. One round."""
    events: list = []
    now = state.round
    while state.phase == Phase.CHOOSE and state.round == now:
        c, slot = state.choosers[0]
        name = state.world.combatants[c].name
        action = plan.get((name, slot), plan.get(name if slot == PILOT else (name, slot), ChaseAction(N)))
        if callable(action):
            action = action(state)
        events += chase.apply(state, action, rng)
    return events


def answer(state: ChaseState, rng: Any, kind: CK, **kw: Any) -> list:
    return chase.apply(state, ChaseAction(kind, **kw), rng)


def rolls(events: list, purpose: str | None = None) -> list:
    return [e for e in events if e.kind == "roll" and (purpose is None or e.get("purpose") == purpose)]


def dice_count(event: Any) -> int:
    return len(event.get("dice"))


def no(n: int) -> list[int]:
    return [2] * n


# --- the round ---------------------------------------------------------------------------------


@pytest.mark.rule("CHASE-02", "CHASE-03", "CHASE-06")
def test_the_start_band_is_the_fights_range_capped_at_long_else_medium():
    assert chase.start_band("auto") == 2
    assert chase.start_band("auto", combat_range=1) == 1
    assert chase.start_band("auto", combat_range=4) == 3  # CHASE-03: no farther than Long
    assert chase.start_band("long", combat_range=0) == 3
    state = start(data(chase_rules={"chase_start_range": "auto"}), combat_range=0)  # fleeing an Engaged foe
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == 0


@pytest.mark.rule("CHASE-04", "CHASE-05", "CHASE-18")
def test_distance_is_a_range_band_and_the_prey_starts_ahead():
    state = start(data())
    h, p = U(state, "Hunter"), U(state, "Prey")
    assert state.range(h, p) == 2 and RANGE_NAMES[2] == "Medium"
    assert RANGE_NAMES == ("Engaged", "Short", "Medium", "Long", "Extreme")
    assert state.ahead(p, h) and state.is_prey(p) and state.is_pursuer(h)
    assert not state.is_prey(h) and not state.is_pursuer(p)


@pytest.mark.rule("CHASE-07", "CHASE-08", "CHASE-10")
def test_everyone_chooses_in_secret_then_all_actions_are_revealed_at_once():
    state = start(data())
    assert [state.world.combatants[c].name for c, _ in state.choosers] == ["Hunter", "Prey"]
    other = start(data())
    first = chase.apply(state, ChaseAction(N), FixedDice())
    chase.apply(other, ChaseAction(C), FixedDice())
    assert first == []  # nothing is told before the last choice (CHASE-08)
    assert chase.legal_actions(state) == chase.legal_actions(other)  # the choice does not show
    events = chase.apply(state, ChaseAction(N), FixedDice())
    revealed = [e for e in events if e.kind == "revealed"]
    assert len(revealed) == 2 and "initiative" not in kinds(events)  # CHASE-07: no initiative
    assert kinds(events).count("round") == 1 and state.phase == Phase.CHOOSE  # round 2: choose again
    assert state.round == 2


@pytest.mark.rule("CHASE-09", "CHASE-13")
def test_one_obstacle_a_round_from_the_foot_table():
    state = start(data(chase_rules={"obstacles": True}))
    events = choose(state, FixedDice([(8, 10)]), {})
    obstacles = [e for e in events if e.kind == "obstacle"]
    assert (
        len(obstacles) == 1 and obstacles[0].get("name") == "Garbage" and obstacles[0].get("table") == "foot"
    )
    assert obstacle_mod(state, C) == 0  # the round is over; next round has no obstacle yet
    state.obstacle = 8
    assert obstacle_mod(state, C) == -2 and obstacle_mod(state, B) == 2  # CHASE-13: it modifies actions
    off = start(data())
    assert "obstacle" not in kinds(choose(off, FixedDice(), {}))


@pytest.mark.rule("CHASE-11", "CHASE-FLEE-01")
def test_prey_first_and_each_success_moves_the_range_one_band():
    state = start(data())
    plan = {"Hunter": ChaseAction(C), "Prey": ChaseAction(C)}
    events = choose(state, FixedDice([6, 6, 2, 2, 6, 2, 2, 2]), plan)
    first, second = rolls(events, "chase")
    assert state.world.combatants[first.actor].name == "Prey"  # CHASE-11
    assert state.world.combatants[second.actor].name == "Hunter"
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == 3  # 2 + 2 - 1


@pytest.mark.rule("CHASE-12")
def test_a_revealed_action_can_be_cancelled_but_not_switched():
    state = start(data(chase_rules={"ask_cancel": True}))
    choose(state, FixedDice(), {"Hunter": ChaseAction(C), "Prey": ChaseAction(C)})
    assert chase.decision_kind(state) == "cancel"
    assert chase.legal_actions(state) == [ChaseAction(CK.KEEP), ChaseAction(CK.CANCEL)]
    with pytest.raises(IllegalAction):
        chase.apply(state, ChaseAction(H, unit=U(state, "Hunter")), FixedDice())  # no switching
    events = answer(state, FixedDice(), CK.CANCEL)  # the prey does nothing
    assert "cancelled" in kinds(events) and not rolls(events)
    events = answer(state, FixedDice([6, 2, 2, 2]), CK.KEEP)
    assert len(rolls(events)) == 1 and state.range(U(state, "Hunter"), U(state, "Prey")) == 1


@pytest.mark.rule("CHASE-14", "CHASE-16", "CHASE-01")
def test_runners_roll_their_skill_and_drivers_add_maneuverability():
    people = runners()
    people[0]["skills"] = {"mobility": 2}
    car = {"name": "Cruiser", "type": "car", "driver": "Hunter"}
    state = start(data(people, [car], chase_rules={"chase_start_range": "long"}))
    events = choose(state, FixedDice([*no(4), *no(6)]), {"Hunter": ChaseAction(C), "Prey": ChaseAction(C)})
    prey_roll, car_roll = rolls(events, "chase")
    assert dice_count(prey_roll) == 4  # Agility 3 + Mobility 1 on foot
    assert dice_count(car_roll) == 3 + 2 + 1 + 2 - 2 + 2  # + Maneuverability 1, +2 vs a runner (CHASE-17)


@pytest.mark.rule("CHASE-17")
def test_a_vehicle_gets_plus_two_against_runners_only_where_speed_counts():
    car = {"name": "Cruiser", "type": "car", "driver": "Hunter"}
    state = start(data(runners(), [car]))
    assert speed_bonus(state, U(state, "Cruiser")) == 2 and speed_bonus(state, U(state, "Prey")) == 0
    slow = start(data(runners(), [car], speed_counts=False))
    assert speed_bonus(slow, U(slow, "Cruiser")) == 0


@pytest.mark.rule("CHASE-15", "PUSH-04")
def test_the_roller_may_push_a_chase_roll():
    state = start(data(rules={"ask_push": True}))
    choose(state, FixedDice([2, 2, 2, 2]), {"Prey": ChaseAction(C)})
    assert (
        chase.decision_kind(state) == "push"
        and state.world.combatants[chase.current_actor(state)].name == "Prey"
    )
    events = answer(state, FixedDice([6, 6, 2, 2]), CK.PUSH)
    assert "push" in kinds(events) and state.range(U(state, "Hunter"), U(state, "Prey")) == 4


@pytest.mark.rule("DICE-13", "CHASE-15", "CHASE-FLEE-01")
@pytest.mark.parametrize(("claim", "band"), [(True, 3), (False, 2)])
def test_a_chase_roll_may_claim_the_rollers_pride_once_it_is_final(claim, band):
    state = start(data(runners(prey={"pride": "Never caught"})))
    prey = state.world.combatants[cid(state, "Prey")]
    choose(state, FixedDice(no(4)), {"Prey": ChaseAction(C)})  # Mobility 4 dice: no success
    assert chase.decision_kind(state) == "pride" and chase.current_actor(state) == prey.id
    assert chase.legal_actions(state) == [ChaseAction(CK.PRIDE), ChaseAction(CK.DECLINE)]
    events = answer(state, FixedDice(), CK.PRIDE if claim else CK.DECLINE)
    assert prey.pride_used is claim and ("pride" in kinds(events)) is claim
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == band  # medium (2), one success farther


@pytest.mark.rule("DICE-13", "CHASE-15", "PUSH-04")
def test_in_a_chase_the_pride_is_asked_after_the_push_and_only_once_a_session():
    state = start(data(runners(prey={"pride": "Never caught"}), rules={"ask_push": True}))
    choose(state, FixedDice(no(4)), {"Prey": ChaseAction(C)})
    assert chase.decision_kind(state) == "push"
    answer(state, FixedDice(no(4)), CK.PUSH)
    assert chase.decision_kind(state) == "pride"
    events = answer(state, FixedDice(), CK.PRIDE)
    assert next(e for e in events if e.kind == "pride").get("successes") == 1
    while state.phase != Phase.CHOOSE and not chase.is_over(state):
        answer(state, FixedDice(), CK.DECLINE)
    choose(state, FixedDice(no(4)), {"Prey": ChaseAction(C)})
    assert chase.decision_kind(state) != "pride"  # used: never asked again


@pytest.mark.rule("DICE-13")
@pytest.mark.parametrize("agent", [ChaseAgent, FleeAgent, HiderAgent, CutoffAgent, ShooterAgent])
def test_chase_agents_claim_the_pride_only_when_it_turns_a_failure_into_a_success(agent):
    for faces, wanted in ((no(4), CK.PRIDE), ([6, 2, 2, 2], CK.DECLINE)):
        state = start(data(runners(prey={"pride": "Never caught"})))
        choose(state, FixedDice(faces), {"Prey": ChaseAction(C)})
        assert agent(0).choose(state, chase.legal_actions(state)).kind == wanted


# --- Chase / Flee ------------------------------------------------------------------------------


@pytest.mark.rule("CHASE-FLEE-02", "CHASE-END-01")
def test_beyond_extreme_after_both_sides_the_prey_escapes():
    state = start(data(chase_rules={"chase_start_range": "long"}))
    plan = {"Hunter": ChaseAction(C), "Prey": ChaseAction(C)}
    choose(state, FixedDice([6, 6, 2, 2, 6, 2, 2, 2]), plan)  # 3 + 2 = 5, then the hunter closes to 4
    assert not chase.is_over(state) and state.range(U(state, "Hunter"), U(state, "Prey")) == 4
    choose(state, FixedDice([6, 2, 2, 2, *no(4)]), plan)
    assert chase.is_over(state) and chase.outcome(state).winner == "prey"
    assert chase.results(state) == {"Hunter": "lost", "Prey": "escaped"}


@pytest.mark.rule("CHASE-FLEE-03", "CHASE-END-02", "CHASE-END-04")
def test_reaching_engaged_allows_the_immediate_close_attack_and_the_chase_goes_on():
    people = runners(hunter={"weapons": ["club"]})
    state = start(data(people, chase_rules={"chase_start_range": "short"}))
    choose(state, FixedDice([*no(4), 6, 6, 2, 2]), {"Hunter": ChaseAction(C), "Prey": ChaseAction(C)})
    prey = cid(state, "Prey")
    assert chase.decision_kind(state) == "catch"
    assert set(chase.legal_actions(state)) == {ChaseAction(CK.ATTACK, target=prey), ChaseAction(CK.STAY),
                                               ChaseAction(CK.OVERTAKE)}  # fmt: skip
    events = answer(state, FixedDice([6, 2, 2, 2, 2, 2]), CK.ATTACK, target=prey)  # Melee 4 + club 2
    assert "caught" in kinds(events) and state.world.combatants[prey].attrs[0] == 2  # club: 1 damage
    assert not chase.is_over(state) and state.range(U(state, "Hunter"), U(state, "Prey")) == 0  # END-04
    assert ChaseAction(CK.FIGHT) in chase.legal_actions(state)  # either side may switch to combat
    assert ChaseAction(H, unit=U(state, "Hunter")) not in chase.legal_actions(state)  # no Hide at Engaged


@pytest.mark.rule("CHASE-END-04")
def test_switching_to_combat_or_ending_at_the_catch():
    state = start(data(chase_rules={"chase_start_range": "engaged"}))
    choose(state, FixedDice(), {"Hunter": ChaseAction(CK.FIGHT)})
    assert chase.is_over(state) and chase.outcome(state).winner is None
    assert state.handover == {"kind": "combat", "by": cid(state, "Hunter"), "range": "engaged"}
    ending = start(data(chase_rules={"chase_start_range": "short", "chase_after_catch": "end"}))
    choose(ending, FixedDice([6, 2, 2, 2]), {"Hunter": ChaseAction(C)})
    answer(ending, FixedDice(no(4)), CK.ATTACK, target=cid(ending, "Prey"))  # a miss still catches
    assert chase.outcome(ending).winner == "hunters" and chase.results(ending)["Prey"] == "caught"


@pytest.mark.rule("CHASE-FLEE-04", "CHASE-MULTI-07")
def test_successes_to_spare_let_the_pursuer_overtake_and_the_roles_swap():
    state = start(data(chase_rules={"chase_start_range": "short"}))
    choose(state, FixedDice([6, 6, 6, 2]), {"Hunter": ChaseAction(C)})
    answer(state, FixedDice(), CK.OVERTAKE)
    h, p = U(state, "Hunter"), U(state, "Prey")
    assert state.range(h, p) == 2 and state.ahead(h, p) and state.is_prey(h) and state.is_pursuer(p)
    stay = start(data(chase_rules={"chase_start_range": "short"}))
    choose(stay, FixedDice([6, 6, 6, 2]), {"Hunter": ChaseAction(C)})
    answer(stay, FixedDice(), CK.STAY)
    assert stay.range(U(stay, "Hunter"), U(stay, "Prey")) == 0 and stay.ahead(
        U(stay, "Prey"), U(stay, "Hunter")
    )


# --- Hide ---------------------------------------------------------------------------------------


@pytest.mark.rule("CHASE-HIDE-01")
def test_no_hiding_at_short_or_closer():
    state = start(data(chase_rules={"chase_start_range": "short"}))
    state.choosers.pop(0)  # the prey's turn to choose
    assert not any(a.kind == H for a in chase.legal_actions(state))
    far = start(data())
    far.choosers.pop(0)
    assert ChaseAction(H, unit=U(far, "Hunter")) in chase.legal_actions(far)


@pytest.mark.rule("CHASE-HIDE-02", "CHASE-HIDE-03")
@pytest.mark.parametrize("band,size", [("medium", 2), ("long", 4)])
def test_hiding_is_stealth_against_observation_with_a_range_modifier(band: str, size: int):
    state = start(data(chase_rules={"chase_start_range": band}))
    events = choose(state, FixedDice(no(size + 4)), {"Prey": lambda s: ChaseAction(H, unit=U(s, "Hunter"))})
    hide, watch = rolls(events)[:2]
    assert (hide.get("skill"), dice_count(hide)) == ("Stealth", size)
    assert (watch.get("skill"), dice_count(watch), watch.get("purpose")) == ("Observation", 4, "oppose")


@pytest.mark.rule("CHASE-HIDE-02")
def test_hiding_at_extreme_is_easier():
    state = start(data(chase_rules={"chase_start_range": "long"}))
    state.units[U(state, "Prey")].pos = 4
    events = choose(state, FixedDice(no(10)), {"Prey": lambda s: ChaseAction(H, unit=U(s, "Hunter"))})
    assert dice_count(rolls(events)[0]) == 6


@pytest.mark.rule("CHASE-HIDE-04", "CHASE-END-01")
def test_winning_hide_ends_the_chase_or_springs_an_ambush():
    state = start(data(chase_rules={"hide_ambush": True}))
    choose(state, FixedDice([6, 2, *no(4)]), {"Prey": lambda s: ChaseAction(H, unit=U(s, "Hunter"))})
    assert chase.decision_kind(state) == "hidden"
    answer(state, FixedDice(), CK.ESCAPE)
    assert chase.outcome(state).winner == "prey" and chase.results(state)["Prey"] == "escaped"
    ambush = start(data(chase_rules={"hide_ambush": True}))
    choose(ambush, FixedDice([6, 2, *no(4)]), {"Prey": lambda s: ChaseAction(H, unit=U(s, "Hunter"))})
    answer(ambush, FixedDice(), CK.AMBUSH)
    assert chase.is_over(ambush) and chase.outcome(ambush).winner is None
    assert ambush.handover == {
        "kind": "ambush",
        "attacker": cid(ambush, "Prey"),
        "target": cid(ambush, "Hunter"),
    }


@pytest.mark.rule("CHASE-HIDE-05")
def test_a_tied_hide_does_nothing():
    state = start(data())
    events = choose(
        state, FixedDice([6, 2, 6, 2, 2, 2]), {"Prey": lambda s: ChaseAction(H, unit=U(s, "Hunter"))}
    )
    assert "not_hidden" in kinds(events) and not chase.is_over(state)
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == 2


# --- Block and Cut Off -------------------------------------------------------------------------


@pytest.mark.rule("CHASE-BLOCK-01", "CHASE-BLOCK-02")
def test_block_opens_one_band_and_the_pursuer_must_get_past_it():
    state = start(data(chase_rules={"chase_start_range": "short"}))
    plan = {"Prey": lambda s: ChaseAction(B, unit=U(s, "Hunter")), "Hunter": ChaseAction(C)}
    events = choose(state, FixedDice([6, 6, 6, 2, 2, 2]), plan)  # 3 successes: still one band
    assert "blocked" in kinds(events) and "stopped_by_block" in kinds(events)
    assert not rolls(events, "chase")  # the pursuer's action is cancelled
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == 2
    events = choose(state, FixedDice([6, 2, 2, 6, 2, 2, 6, 6, 2, 2]), plan)
    assert rolls(events, "get_past_block") and rolls(events, "chase")
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == 1  # 2 + 1 - 2


@pytest.mark.rule("CHASE-CUTOFF-01", "CHASE-CUTOFF-02", "CHASE-MULTI-06")
def test_cut_off_is_opposed_mobility_and_a_win_means_engaged_and_an_attack():
    state = start(data())
    plan = {"Hunter": lambda s: ChaseAction(X, unit=U(s, "Prey"))}
    events = choose(state, FixedDice([6, 6, 2, 2, 6, 2, 2, 2]), plan)
    mine, theirs = rolls(events)[:2]
    assert (mine.get("skill"), theirs.get("skill"), theirs.get("purpose")) == (
        "Mobility",
        "Mobility",
        "oppose",
    )
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == 0 and "cut_off" in kinds(events)
    assert ChaseAction(CK.ATTACK, target=cid(state, "Prey")) in chase.legal_actions(state)
    assert ChaseAction(CK.OVERTAKE) not in chase.legal_actions(state)
    far = start(data(chase_rules={"chase_start_range": "long"}))
    events = choose(far, FixedDice(no(6)), plan)
    assert dice_count(rolls(events)[0]) == 2  # -2 at Long


@pytest.mark.rule("CHASE-CUTOFF-03", "CHASE-END-01")
def test_losing_a_cut_off_drops_to_extreme_and_at_extreme_ends_the_chase():
    state = start(data())
    plan = {"Hunter": lambda s: ChaseAction(X, unit=U(s, "Prey"))}
    choose(state, FixedDice([6, 2, 2, 2, 6, 2, 2, 2]), plan)  # a tie loses
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == 4 and not chase.is_over(state)
    choose(state, FixedDice(no(6)), plan)
    assert chase.is_over(state) and chase.outcome(state).winner == "prey"


# --- Stand and Shoot, Other, shooting from vehicles ---------------------------------------------


@pytest.mark.rule("CHASE-SHOOT-01", "CHASE-OTHER-01", "RMOD-08")
def test_stand_and_shoot_is_a_ranged_attack_at_the_current_band_without_moving():
    people = runners(hunter={"weapons": ["pistol"]})
    state = start(data(people))
    prey = cid(state, "Prey")
    events = choose(state, FixedDice([6, 2, 2, 2]), {"Hunter": ChaseAction(S, target=prey)})
    shot = rolls(events, "shoot")[0]
    assert dice_count(shot) == 3 + 2 - 1  # Agility, pistol +2, Medium -1
    assert state.world.combatants[prey].attrs[0] == 1 and "moved" not in kinds(events)
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == 2  # Other: no movement either


def _gunship(**gun: Any) -> dict[str, Any]:
    people = [
        person("Driver", "hunters", skills={"mobility": 1}, weapons=["pistol"]),
        person("Gunner", "hunters", skills={"marksmanship": 1}, weapons=["pistol"]),
        person("Prey", "prey", skills={"mobility": 1}),
    ]
    car = {"name": "Cruiser", "type": "car", "driver": "Driver", "passengers": ["Gunner"]}
    if gun:
        car["weapons"] = [{"weapon": "rifle", **gun}]
    return data(people, [car], chase_rules={"chase_start_range": "short"})


@pytest.mark.rule("CHASE-VSHOOT-01", "CHASE-VSHOOT-02")
def test_passengers_shoot_right_after_their_driver_at_minus_two_unless_the_driver_shoots():
    state = start(_gunship())
    prey = cid(state, "Prey")
    plan = {
        "Prey": ChaseAction(C),
        "Driver": ChaseAction(C),
        ("Gunner", SHOOTER): ChaseAction(S, target=prey),
    }
    events = choose(state, FixedDice(no(4 + 7 + 4)), plan)
    order = [e.get("purpose") for e in rolls(events)]
    assert order == ["chase", "chase", "shoot"]  # prey first, then the driver, then its passenger
    assert dice_count(rolls(events, "shoot")[0]) == 3 + 1 + 2 - 2
    plan[("Driver")] = ChaseAction(S, target=prey)
    events = choose(state, FixedDice(no(4 + 5 + 6)), plan)
    assert [dice_count(e) for e in rolls(events, "shoot")] == [3 + 2, 3 + 1 + 2]  # no -2


@pytest.mark.rule("OBST-VEH-5", "CHASE-VSHOOT-01", "CHASE-VSHOOT-02", "CHASE-NPC-02")
@pytest.mark.parametrize("as_stand_and_shoot", [False, True])
def test_a_passengers_shot_is_not_stand_and_shoot_for_the_patrol_car(as_stand_and_shoot):
    spec = _gunship()
    spec["chase_rules"].update(obstacles=True, passenger_shots_as_stand_and_shoot=as_stand_and_shoot)
    state = start(spec)
    prey = cid(state, "Prey")
    plan = {"Prey": ChaseAction(C), "Driver": ChaseAction(C), ("Gunner", SHOOTER): ChaseAction(S, target=prey)}
    # D10 = 5: a patrol car joins (Chase/Flee and Stand and Shoot -2; police fire at whoever stands
    # and shoots); then the prey's and the driver's Chase/Flee, each -2, then the passenger's shot
    events = choose(state, FixedDice([(5, 10), *no(2 + 5 + 4)]), plan)
    assert next(e for e in events if e.kind == "obstacle").get("row") == 5
    shot = rolls(events, "shoot")[0]
    # AGI 3 + Marksmanship 1 + rifle 2, passenger on the move -2 (CHASE-VSHOOT-02); -2 more only
    # if the passenger's shot counted as Stand and Shoot
    assert dice_count(shot) == 3 + 1 + 2 - 2 - (2 if as_stand_and_shoot else 0)
    police = [e for e in events if e.kind == "npc_attack"]
    assert len(police) == (1 if as_stand_and_shoot else 0)
    if as_stand_and_shoot:
        assert police[0].target == cid(state, "Gunner")


@pytest.mark.rule("CHASE-VSHOOT-03")
def test_a_targeting_system_fires_without_the_penalty():
    state = start(_gunship(gunner="Gunner", targeting=True))
    prey = cid(state, "Prey")
    until(state, "Gunner", ChaseAction(C))
    legal = chase.legal_actions(state)
    assert ChaseAction(S, target=prey, option=0) in legal and ChaseAction(S, target=prey, option=-1) in legal
    events = choose(state, FixedDice(no(4 + 7 + 6)), {("Gunner", SHOOTER): ChaseAction(S, target=prey, option=0),
                                                      "Prey": ChaseAction(C)})  # fmt: skip
    assert dice_count(rolls(events, "shoot")[0]) == 3 + 1 + 2  # rifle +2, no -2


def until(state: ChaseState, name: str, action: ChaseAction | None = None) -> None:
    """Everyone before `name` in the choosing order takes `action` (Other for shooters)."""
    while state.world.combatants[state.choosers[0][0]].name != name:
        pilot = state.choosers[0][1] == PILOT
        chase.apply(state, action if pilot and action is not None else ChaseAction(N), FixedDice())


@pytest.mark.rule("CHASE-VSHOOT-04")
def test_auto_targeting_weapons_fire_on_the_drivers_order_with_their_own_rating():
    state = start(_gunship(auto_skill=4))
    driver, prey = cid(state, "Driver"), cid(state, "Prey")
    assert (driver, 0) in state.choosers  # the driver's order, no gunner needed
    plan = {"Driver": ChaseAction(C), ("Driver", 0): ChaseAction(S, target=prey, option=0)}
    events = choose(state, FixedDice(no(4 + 8 + 6)), plan)
    auto = rolls(events, "shoot")[0]
    assert auto.actor == -1 and dice_count(auto) == 4 + 2  # rating 4 + rifle bonus 2, no penalty


@pytest.mark.rule("VEH-DMG-08", "VEH-DMG-09", "RMOD-11")
def test_vehicles_are_large_targets_and_only_exposed_riders_can_be_shot():
    people = runners(hunter={"weapons": ["pistol"]})
    people.append(person("Pillion", "prey"))
    bike = {
        "name": "Bike",
        "type": "motorcycle",
        "driver": "Prey",
        "passengers": ["Pillion"],
        "exposed": ["Prey"],
    }
    state = start(data(people, [bike]))
    until(state, "Hunter")
    legal = chase.legal_actions(state)
    assert ChaseAction(S, vehicle=0) in legal and ChaseAction(S, target=cid(state, "Prey")) in legal
    assert ChaseAction(S, target=cid(state, "Pillion")) not in legal
    events = chase.apply(state, ChaseAction(S, vehicle=0), FixedDice(no(6)))
    assert dice_count(rolls(events, "shoot")[0]) == 3 + 2 - 1 + 2


# --- many participants --------------------------------------------------------------------------


def _three(mode: str, **chase_rules: Any) -> ChaseState:
    people = [
        person("Fast", "hunters", skills={"mobility": 2, "marksmanship": 1}, weapons=["pistol"]),
        person("Slow", "hunters", skills={"marksmanship": 1}, weapons=["pistol"]),
        person("Prey", "prey", skills={"mobility": 1}),
    ]
    return start(data(people, chase_rules={"chase_multi": mode, **chase_rules}))


@pytest.mark.rule("CHASE-MULTI-01", "CHASE-MULTI-02", "CHASE-MULTI-03")
def test_grouped_sides_act_as_one_rolling_with_the_slowest_member():
    state = _three("grouped")
    fast, slow, prey = cid(state, "Fast"), cid(state, "Slow"), cid(state, "Prey")
    assert state.choosers == [(fast, PILOT), (slow, SHOOTER), (prey, PILOT)]
    assert roller(state, U(state, "Fast"), "Mobility") == U(state, "Slow")
    plan = {"Fast": ChaseAction(S, target=prey), ("Slow", SHOOTER): ChaseAction(S, target=prey)}
    events = choose(state, FixedDice(no(20)), plan)
    assert [dice_count(e) for e in rolls(events, "shoot")] == [3 + 1 + 2 - 1] * 2  # all shoot, no -2
    events = choose(
        state, FixedDice(no(20)), {"Fast": ChaseAction(C), ("Slow", SHOOTER): ChaseAction(S, target=prey)}
    )
    chase_roll = rolls(events, "chase")[-1]
    assert chase_roll.actor == slow and dice_count(chase_roll) == 3  # the slowest member rolls
    assert dice_count(rolls(events, "shoot")[0]) == 3 + 1 + 2 - 1 - 2  # shooting on the move
    assert state.units[U(state, "Fast")].pos == state.units[U(state, "Slow")].pos


@pytest.mark.rule("CHASE-MULTI-01", "CHASE-MULTI-04", "CHASE-MULTI-05", "CHASE-MULTI-08")
def test_individual_positions_on_a_strip_and_chase_moves_against_everyone():
    state = _three("individual")
    fast, slow, prey = U(state, "Fast"), U(state, "Slow"), U(state, "Prey")
    assert [state.units[u].pos for u in (fast, slow, prey)] == [0, 0, 2]
    plan = {"Fast": ChaseAction(C), "Slow": ChaseAction(N), "Prey": ChaseAction(N)}
    choose(state, FixedDice([6, 2, 2, 2, 2]), plan)
    assert (state.range(fast, prey), state.range(fast, slow)) == (
        1,
        1,
    )  # closer to one, farther from the other
    plan = {"Fast": ChaseAction(C), "Slow": ChaseAction(C), "Prey": ChaseAction(C)}
    events = choose(state, FixedDice(no(12)), plan)
    assert [e.actor for e in rolls(events, "chase")] == [cid(state, n) for n in ("Prey", "Fast", "Slow")]


@pytest.mark.rule("CHASE-MULTI-06", "CHASE-MULTI-07")
def test_in_the_middle_you_are_prey_of_those_behind_and_pursuer_of_those_ahead():
    people = [person("Back", "hunters"), person("Middle", "prey"), person("Front", "hunters")]
    spec = data(people, chase_rules={"chase_multi": "individual"})
    (
        spec["combatants"][0]["position"],
        spec["combatants"][1]["position"],
        spec["combatants"][2]["position"],
    ) = 0, 2, 4
    state = start(spec)
    back, middle, front = U(state, "Back"), U(state, "Middle"), U(state, "Front")
    assert state.is_prey(middle) and state.is_pursuer(middle)
    until(state, "Middle")
    legal = chase.legal_actions(state)
    assert {ChaseAction(H, unit=back), ChaseAction(B, unit=back), ChaseAction(X, unit=front)} <= set(legal)
    assert ChaseAction(X, unit=back) not in legal and ChaseAction(H, unit=front) not in legal


# --- how a chase ends ---------------------------------------------------------------------------


@pytest.mark.rule("CHASE-END-03", "CHASE-END-02")
def test_a_broken_runner_or_a_wrecked_vehicle_is_out_of_the_chase():
    people = runners(hunter={"weapons": ["rifle"]})
    people[1]["attributes"]["strength"] = 1
    state = start(data(people))
    choose(state, FixedDice([6, 2, 2, 2, 2, 2]), {"Hunter": ChaseAction(S, target=cid(state, "Prey"))})
    assert chase.is_over(state) and chase.results(state)["Prey"] == "out"
    assert chase.outcome(state).winner == "hunters"
    car = {"name": "Wagon", "type": "car", "driver": "Prey", "damage": 3}
    shot = start(data(runners(hunter={"weapons": ["rifle"]}), [car]))
    choose(shot, FixedDice([6, 6, 6, 2, 2, *no(3), *no(2)]), {"Hunter": ChaseAction(S, vehicle=0)})
    assert shot.vehicles[0].wrecked and chase.results(shot)["Wagon"] == "out"


@pytest.mark.rule("CHASE-END-05")
def test_the_chase_limit_lets_the_prey_escape():
    state = start(data(chase_rules={"chase_max_rounds": 2}))
    choose(state, FixedDice(), {})
    assert not chase.is_over(state)
    events = choose(state, FixedDice(), {})
    assert chase.is_over(state) and chase.outcome(state) == chase.Outcome(
        "prey", chase.outcome(state).reason, 2, Termination.CHASE_LIMIT
    )
    assert "limit" in chase.outcome(state).reason and events[-1].kind == "chase_over"


# --- obstacles ---------------------------------------------------------------------------------

FOOT_MODS = {  # OBST-FOOT: row -> {action: modifier}
    3: {C: 2, S: 2, X: -2}, 4: {H: 2}, 6: {C: -2, H: -2, S: -2}, 8: {C: -2, B: 2}, 9: {S: 2, H: -2},
}  # fmt: skip
VEH_MODS = {  # OBST-VEH (adv/dis as +-2)
    2: {C: -2, H: 2}, 3: {B: 2, C: -2}, 4: {X: 2, C: -2, S: -2}, 5: {C: -2, H: -2, S: -2},
    6: {C: 2, S: 2, H: -2, B: -2}, 7: {H: 2, B: 2, X: 2, C: -2, S: -2}, 8: {B: 2, C: -2, S: -2},
    9: {X: 2, C: -2},
}  # fmt: skip


@pytest.mark.rule("OBST-FOOT-3", "OBST-FOOT-4", "OBST-FOOT-6", "OBST-FOOT-8", "OBST-FOOT-9", "CHASE-13")
def test_foot_obstacle_modifiers():
    state = start(data(chase_rules={"obstacles": True}))
    for row in range(1, 11):
        state.obstacle = row
        for kind in (C, H, B, X, S, N):
            assert obstacle_mod(state, kind) == FOOT_MODS.get(row, {}).get(kind, 0), (row, kind)
    assert [FOOT_OBSTACLES[r].rule_id for r in range(1, 11)] == [f"OBST-FOOT-{r}" for r in range(1, 11)]


@pytest.mark.rule(*(f"OBST-VEH-{r}" for r in range(2, 10)), "CHASE-OBST-01")
def test_vehicle_obstacle_advantage_is_plus_or_minus_two_or_one_step():
    cars = _cars()
    state = start(cars)
    pm1 = start({**cars, "chase_rules": {**cars["chase_rules"], "vehicle_obstacle_adv": "adv_disadv"}})
    for row in range(1, 11):
        state.obstacle = pm1.obstacle = row
        for kind in (C, H, B, X, S, N):
            expected = VEH_MODS.get(row, {}).get(kind, 0)
            assert obstacle_mod(state, kind) == expected, (row, kind)
            assert obstacle_mod(pm1, kind) == expected // 2, (row, kind)
    assert [VEHICLE_OBSTACLES[r].rule_id for r in range(1, 11)] == [f"OBST-VEH-{r}" for r in range(1, 11)]


def _cars(**chase_rules: Any) -> dict[str, Any]:
    people = [
        person("Cop", "hunters", skills={"mobility": 1}, weapons=["pistol"]),
        person("Crook", "prey", skills={"mobility": 1, "stealth": 1}, weapons=["pistol"]),
    ]
    vehicles = [
        {"name": "Cruiser", "type": "car", "driver": "Cop"},
        {"name": "Sedan", "type": "car", "driver": "Crook"},
    ]
    return data(people, vehicles, chase_rules={"obstacles": True, **chase_rules})


@pytest.mark.rule("OBST-FOOT-1", "OBST-VEH-1")
def test_a_dead_end_fails_the_preys_flight_at_once():
    state = start(data(chase_rules={"obstacles": True}))
    events = choose(
        state, FixedDice([(1, 10), 6, 6, 2, 2]), {"Prey": ChaseAction(C), "Hunter": ChaseAction(C)}
    )
    assert [e.actor for e in rolls(events)] == [cid(state, "Hunter")] and "action_failed" in kinds(events)
    assert state.range(U(state, "Hunter"), U(state, "Prey")) == 0
    cars = start(_cars())
    events = choose(cars, FixedDice([(1, 10), *no(5)]), {"Crook": ChaseAction(C)})
    assert not rolls(events) and "action_failed" in kinds(events)


@pytest.mark.rule("OBST-FOOT-2")
def test_a_food_stall_must_be_crashed_through_with_force():
    state = start(data(chase_rules={"obstacles": True}))
    events = choose(state, FixedDice([(2, 10), 2, 2, 2, (3, 3)]), {"Prey": ChaseAction(C)})
    assert rolls(events)[0].get("skill") == "Force" and not rolls(events, "chase")
    assert state.world.combatants[cid(state, "Prey")].attrs[0] == 0  # D3 = 3 damage: Broken
    assert chase.is_over(state)


@pytest.mark.rule("OBST-FOOT-4", "CHASE-COLLATERAL-01")
def test_a_crowd_stops_a_pursuer_who_loses_sight_and_a_missed_shot_hits_a_bystander():
    people = runners(hunter={"weapons": ["pistol"]})
    state = start(data(people, chase_rules={"obstacles": True}))
    plan = {"Hunter": lambda s: ChaseAction(S, target=cid(s, "Prey"))}
    events = choose(state, FixedDice([(4, 10), *no(4)]), plan)
    assert rolls(events)[0].get("skill") == "Observation" and "action_failed" in kinds(events)
    events = choose(state, FixedDice([(4, 10), 6, 2, 2, 2, *no(4), (2, 3)]), plan)
    assert "collateral" in kinds(events) and state.heat[0] == 1


@pytest.mark.rule("OBST-FOOT-5")
def test_monks_make_the_prey_talk_its_way_through():
    state = start(data(chase_rules={"obstacles": True}))
    hide = {"Prey": lambda s: ChaseAction(H, unit=U(s, "Hunter"))}
    events = choose(state, FixedDice([(5, 10), 6, 2, 2, *no(4), *no(4)]), hide)
    assert (
        rolls(events)[0].get("skill") == "Persuasion" and dice_count(rolls(events, "hide")[0]) == 4
    )  # -2 +2
    events = choose(state, FixedDice([(5, 10), *no(3)]), hide)
    assert not rolls(events, "hide") and "action_failed" in kinds(events)


@pytest.mark.rule("OBST-FOOT-6", "CHASE-NPC-02", "CHASE-NPC-03")
def test_guards_fire_at_whoever_stands_and_shoots():
    assert GUARD == (3, 2, 2, 2)
    people = runners(hunter={"weapons": ["pistol"]})
    state = start(data(people, chase_rules={"obstacles": True}))
    plan = {"Hunter": lambda s: ChaseAction(S, target=cid(s, "Prey"))}
    events = choose(state, FixedDice([(6, 10), *no(2), 6, 6, 2, 2, 2, 2, 2]), plan)
    attack = next(e for e in events if e.kind == "npc_attack")
    assert attack.target == cid(state, "Hunter") and len(attack.get("dice")) == 7
    assert state.world.combatants[cid(state, "Hunter")].attrs[0] == 0  # 2 + 1
    quiet = start(data(people, chase_rules={"obstacles": True, "obstacle_npcs": False}))
    assert "npc_attack" not in kinds(choose(quiet, FixedDice([(6, 10), *no(2)]), plan))


@pytest.mark.rule("OBST-FOOT-7")
def test_the_old_man_holds_the_pursuer_unless_pushed_away():
    state = start(data(chase_rules={"obstacles": True}))
    events = choose(
        state, FixedDice([(7, 10), *no(4), *no(3)]), {"Prey": ChaseAction(C), "Hunter": ChaseAction(C)}
    )
    assert [e.get("purpose") for e in rolls(events)] == ["chase", "old_man"] and "action_failed" in kinds(
        events
    )


@pytest.mark.rule("OBST-FOOT-10", "CHASE-NPC-01", "CHASE-NPC-03")
def test_thugs_attack_the_prey_or_go_for_the_pursuer():
    assert THUG == (3, 2, 2, 1)
    state = start(data(chase_rules={"obstacles": True}))
    plan = {"Prey": ChaseAction(C), "Hunter": ChaseAction(C)}
    events = choose(state, FixedDice([(10, 10), *no(3), 6, 2, 2, 2, 2, 2, 2, *no(4)]), plan)
    assert next(e for e in events if e.kind == "npc_attack").target == cid(state, "Prey")
    assert state.world.combatants[cid(state, "Prey")].attrs[0] == 2  # the prey's action fails
    assert [e.actor for e in rolls(events, "chase")] == [cid(state, "Hunter")]
    events = choose(state, FixedDice([(10, 10), 6, 2, 2, *no(4), *no(7)]), plan)
    assert next(e for e in events if e.kind == "npc_attack").target == cid(state, "Hunter")
    assert [e.actor for e in rolls(events, "chase")] == [cid(state, "Prey")]  # the pursuer is held up


@pytest.mark.rule("OBST-VEH-3", "OBST-VEH-9")
def test_a_failed_chase_past_a_cart_or_truck_damages_the_vehicle():
    for row, die in ((3, 3), (9, 6)):
        state = start(_cars())
        choose(state, FixedDice([(row, 10), *no(3), (2, die)]), {"Crook": ChaseAction(C)})
        assert state.vehicles[U(state, "Sedan")].damage == 2, row  # armor does not roll by default


@pytest.mark.rule("OBST-VEH-4", "OBST-VEH-8", "CHASE-COLLATERAL-01")
def test_failing_at_red_lights_or_cyclists_causes_collateral_damage():
    for row in (4, 8):
        state = start(_cars(collateral_heat=2))
        events = choose(state, FixedDice([(row, 10), *no(3), (3, 3)]), {"Crook": ChaseAction(C)})
        hit = next(e for e in events if e.kind == "collateral")
        assert hit.get("bystander_damage") == 3 and state.heat[1] == 2, row


@pytest.mark.rule("OBST-VEH-5", "CHASE-NPC-02")
def test_a_patrol_car_fires_at_shooters():
    state = start(_cars())
    plan = {"Crook": lambda s: ChaseAction(S, vehicle=U(s, "Cruiser"))}
    events = choose(state, FixedDice([(5, 10), *no(4), *no(7)]), plan)
    assert next(e for e in events if e.kind == "npc_attack").get("npc") == "police"


@pytest.mark.rule("OBST-VEH-7")
def test_road_works_damage_a_vehicle_that_fails_to_get_through():
    state = start(_cars())
    choose(state, FixedDice([(7, 10), *no(3), (1, 3)]), {"Crook": ChaseAction(C)})
    assert state.vehicles[U(state, "Sedan")].damage == 1


@pytest.mark.rule("OBST-VEH-10", "CHASE-12")
def test_an_alley_wrecks_a_vehicle_that_fails_the_roll_unless_it_creeps_through():
    state = start(_cars())
    events = choose(
        state, FixedDice([(10, 10), *no(5), 6, 2, 2, 2, 2]), {"Crook": ChaseAction(C), "Cop": ChaseAction(C)}
    )
    assert state.vehicles[U(state, "Sedan")].wrecked and chase.outcome(state).winner == "hunters"
    creep = start(_cars(ask_cancel=True))
    choose(creep, FixedDice([(10, 10)]), {"Crook": ChaseAction(C), "Cop": ChaseAction(C)})
    events = answer(creep, FixedDice(), CK.CANCEL)  # the sedan creeps through: no roll
    assert not rolls(events) and not creep.vehicles[U(creep, "Sedan")].wrecked


@pytest.mark.rule("CHASE-SPEED-01")
def test_the_faster_vehicle_may_get_a_bonus_in_open_terrain():
    people = [person("Cop", "hunters"), person("Crook", "prey")]
    vehicles = [{"name": "Chopper", "type": "helicopter", "driver": "Cop"},
                {"name": "Truck", "type": "truck", "driver": "Crook"}]  # fmt: skip
    plain = start(data(people, vehicles))
    assert speed_bonus(plain, U(plain, "Chopper")) == 0  # off by default
    fast = start(data(people, vehicles, chase_rules={"chase_speed_gap": True}))
    assert speed_bonus(fast, U(fast, "Chopper")) == 2 and speed_bonus(fast, U(fast, "Truck")) == 0
    vehicles[1]["type"] = "motorcycle"  # 40 vs 9 road: capped at +2; car 10 vs bike 9: nothing
    vehicles[0]["type"] = "car"
    close = start(data(people, vehicles, chase_rules={"chase_speed_gap": True}))
    assert speed_bonus(close, U(close, "Chopper")) == 0


# --- air vehicles in a chase ---------------------------------------------------------------------


@pytest.mark.rule("VEH-AIR-02", "VEH-AIR-03")
def test_a_helicopter_spends_a_success_to_climb_and_shoots_down_from_altitude():
    people = [person("Pilot", "hunters", skills={"mobility": 1}), person("Prey", "prey", weapons=["pistol"])]
    heli = {"name": "Chopper", "type": "helicopter", "driver": "Pilot", "altitude": 1}
    state = start(data(people, [heli]))
    events = choose(state, FixedDice([6, 6, 2, 2, 2, 2, 2]), {"Pilot": ChaseAction(C, option=1)})
    assert state.vehicles[0].altitude == 2 and state.range(U(state, "Chopper"), U(state, "Prey")) == 1
    assert "altitude" in kinds(events)
    state.choosers.pop(0)
    legal = chase.legal_actions(state)  # the prey's pistol (Medium) cannot reach 2 zones up (Long)
    assert not any(a.kind == S for a in legal)
    assert ChaseAction(CK.ATTACK) not in legal


# --- an exact check: escape within N rounds as a Markov chain -------------------------------------


def _binomial(n: int, p: float) -> list[float]:
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def escape_probability(start_band: int, prey_dice: int, hunter_dice: int, rounds: int) -> float:
    """Both sides always Chase/Flee, no obstacles: the range goes r -> max(0, r + prey - hunter)
    (the prey moves first, the pursuer stops at Engaged) and the prey escapes beyond Extreme."""
    prey, hunter = _binomial(prey_dice, 1 / 6), _binomial(hunter_dice, 1 / 6)
    dist = {start_band: 1.0}
    escaped = 0.0
    for _ in range(rounds):
        nxt: dict[int, float] = {}
        for r, pr in dist.items():
            for a, pa in enumerate(prey):
                for b, pb in enumerate(hunter):
                    new = max(0, r + a - b)
                    if new >= 5:
                        escaped += pr * pa * pb
                    else:
                        nxt[new] = nxt.get(new, 0.0) + pr * pa * pb
        dist = nxt
    return escaped


@pytest.mark.rule("CHASE-FLEE-01", "CHASE-FLEE-02", "CHASE-09", "DICE-06")
def test_escape_within_n_rounds_matches_the_markov_chain():
    people = runners(hunter={"skills": {"mobility": 2}}, prey={"skills": {"mobility": 1}})
    scenario = build_chase(data(people, chase_rules={"chase_max_rounds": 50}), "<test>")
    rounds, games = 5, 3000
    rng = np.random.default_rng(2024)
    escaped = 0
    for _ in range(games):
        state = chase.new_chase(scenario, rng)
        while not chase.is_over(state) and state.round <= rounds:
            kind = chase.decision_kind(state)
            chase.apply(state, ChaseAction(C) if kind == "action" else ChaseAction(CK.STAY), rng)
        escaped += chase.is_over(state) and chase.outcome(state).winner == "prey"
    p = escape_probability(2, 4, 5, rounds)
    sigma = math.sqrt(p * (1 - p) / games)
    assert 0.05 < p < 0.95
    assert abs(escaped / games - p) < 4.5 * sigma, (escaped / games, p)


# --- the verbs -----------------------------------------------------------------------------------


def test_illegal_actions_fail_loudly_and_describe_reads_well():
    state = start(data(runners(hunter={"weapons": ["pistol"]})))
    with pytest.raises(IllegalAction, match="Hunter cannot"):
        chase.apply(state, ChaseAction(H, unit=1), FixedDice())
    assert chase.describe(state, ChaseAction(X, unit=U(state, "Prey"))) == "cut off Prey"
    assert chase.describe(state, ChaseAction(S, target=cid(state, "Prey"))) == "shoot at Prey"
    assert chase.current_actor(state) == cid(state, "Hunter") and chase.decision_kind(state) == "action"
    assert chase.outcome(state) is None


def test_same_seed_same_chase_and_clones_are_independent():
    scenario = build_chase(
        data(runners(hunter={"weapons": ["pistol"]}), chase_rules={"obstacles": True}), "<t>"
    )

    def play(seed: int, state: ChaseState | None = None) -> list:
        rng = np.random.default_rng(seed)
        state = state or chase.new_chase(scenario, rng)
        log = []
        while not chase.is_over(state):
            legal = chase.legal_actions(state)
            log += chase.apply(state, legal[int(rng.integers(len(legal)))], rng)
        return log

    assert play(3) == play(3)
    state = chase.new_chase(scenario, 1)
    copy = state.clone()
    assert chase.legal_actions(pickle.loads(pickle.dumps(state))) == chase.legal_actions(state)
    play(5, state)
    assert not chase.is_over(copy) and copy.round == 1


def test_options_reject_unknown_switches():
    with pytest.raises(ValueError, match="unknown chase option"):
        replace(build_chase(data(), "<t>").options).with_overrides(nope=1)
