"""Moving on the zone map: run, crawl, doors, get up, retreat, cover, cluttered, dark and cramped
zones (ACT-FAST-RUN/DOOR/GETUP/RETREAT/COVER, ACT-SLOW-CRAWL, ACTN-*, ZONE-FEAT-*, DARK-*)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict, turn_of
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.zones import DoorState

QUIET = {"ask_push": False, "offer_help": False}
RNG = np.random.default_rng(0)


def options(state: GameState) -> set[tuple[str, str | None, str | None]]:
    """The legal actions of the current actor as (kind, target name, zone name)."""
    result = set()
    for a in engine.legal_actions(state):
        target = state.combatants[a.target].name if a.target >= 0 else None
        zone = state.zone_map.zones[a.zone].name if a.zone >= 0 else None
        result.add((a.kind.name, target, zone))
    return result


def moves(state: GameState) -> set[tuple[str, str | None, str | None]]:
    """Only the movement actions."""
    wanted = {"RUN", "CRAWL", "DOOR", "RETREAT", "ENGAGE", "PEEK", "FLEE"}
    return {o for o in options(state) if o[0] in wanted}


def play(data: dict[str, Any], who: str) -> GameState:
    return turn_of(game(data), who)


def next_turn(state: GameState, who: str) -> GameState:
    """End the current turn, then play on to `who`'s next turn."""
    engine.apply(state, Action(Kind.END_TURN), RNG)
    return turn_of(state, who)


def zone_of(state: GameState, name: str) -> str:
    return state.zone_map.zones[by_name(state, name).zone].name


def rolls(events: list[Any], skill: str) -> list[Any]:
    return [e for e in events if e.kind == "roll" and e.get("skill") == skill]


# --- Run ------------------------------------------------------------------------------------


@pytest.mark.rule("ACT-FAST-RUN", "ACTN-RUN-01", "ZONE-01")
def test_run_moves_one_zone_as_a_fast_action_twice_a_round():
    data = scenario_dict(zones=["A", "B", "C"], rules=QUIET)
    state = play(data, "Red")
    assert ("RUN", None, "B") in moves(state)
    assert ("RUN", None, "C") not in moves(state)  # one zone per run
    events = act(state, RNG, Kind.RUN, zone="B")
    assert zone_of(state, "Red") == "B" and "moved" in kinds(events)
    red = by_name(state, "Red")
    assert red.actions_used == 1 and not red.slow_used  # a fast action
    act(state, RNG, Kind.RUN, zone="C")  # two fast actions in one turn
    assert zone_of(state, "Red") == "C"


@pytest.mark.rule("ACTN-RUN-01", "RANGE-ENGAGED", "RANGE-SHORT")
def test_run_within_the_zone_from_short_to_engaged():
    data = scenario_dict(zones=["Yard"], rules=QUIET)
    state = play(data, "Red")
    assert ("ENGAGE", "Blue", None) in moves(state)
    act(state, RNG, Kind.ENGAGE, target="Blue")
    red, blue = by_name(state, "Red"), by_name(state, "Blue")
    assert blue.id in red.engaged and red.id in blue.engaged
    assert red.actions_used == 1 and not red.slow_used  # a run: fast


@pytest.mark.rule("ACTN-RUN-02", "ACT-FAST-RUN", "ACT-FAST-RETREAT", "ACTN-RETREAT-01")
def test_no_run_with_an_active_enemy_at_engaged_only_retreat():
    data = scenario_dict(
        zones=["A", "B"],
        combatants=[fighter("Red", "red", "A", engaged_with=["Blue"]), fighter("Blue", "blue", "A")],
        rules=QUIET,
    )
    state = play(data, "Red")
    assert moves(state) == {("RETREAT", None, "B"), ("RETREAT", None, "A")}
    by_name(state, "Blue").attrs[0] = 0  # Broken: no longer an active enemy
    assert ("RUN", None, "B") in moves(state)
    assert not any(m[0] == "RETREAT" for m in moves(state))


# --- Cluttered zones ------------------------------------------------------------------------


@pytest.mark.rule("ZONE-FEAT-CLUTTERED-01", "ZONE-FEAT-CLUTTERED-02", "ACTN-RUN-03")
def test_failed_mobility_roll_into_a_cluttered_zone_still_enters_but_prone():
    data = scenario_dict(zones=["A", {"name": "Junk", "features": ["cluttered"]}], rules=QUIET)
    state = play(data, "Red")
    events = act(state, FixedDice([1, 2, 3]), Kind.RUN, zone="Junk")  # AGI 3: no six
    assert len(rolls(events, "Mobility")) == 1
    red = by_name(state, "Red")
    assert zone_of(state, "Red") == "Junk" and red.prone
    assert "fell" in kinds(events)


@pytest.mark.rule("ZONE-FEAT-CLUTTERED-01", "ACTN-RUN-03")
def test_successful_mobility_roll_into_a_cluttered_zone_stays_on_its_feet():
    data = scenario_dict(zones=["A", {"name": "Junk", "features": ["cluttered"]}], rules=QUIET)
    state = play(data, "Red")
    events = act(state, FixedDice([6, 2, 3]), Kind.RUN, zone="Junk")
    assert rolls(events, "Mobility")[0].get("successes") == 1
    assert zone_of(state, "Red") == "Junk" and not by_name(state, "Red").prone


@pytest.mark.rule("ZONE-FEAT-CLUTTERED-01", "ZONE-FEAT-CLUTTERED-02", "ACTN-DOOR-01")
def test_going_through_a_door_into_a_cluttered_zone_also_rolls_mobility():
    data = scenario_dict(
        zones=["A", {"name": "Junk", "features": ["cluttered"]}],
        borders=[{"between": ["A", "Junk"], "kind": "door", "state": "closed"}],
        rules=QUIET,
    )
    state = play(data, "Red")
    events = act(state, FixedDice([1, 1, 1]), Kind.DOOR, zone="Junk")
    assert len(rolls(events, "Mobility")) == 1
    assert zone_of(state, "Red") == "Junk" and by_name(state, "Red").prone


@pytest.mark.rule("ZONE-FEAT-CLUTTERED-01")
def test_leaving_a_cluttered_zone_or_crawling_into_one_needs_no_roll():
    data = scenario_dict(
        zones=[
            {"name": "Junk", "features": ["cluttered"]},
            "B",
            {"name": "Scrap", "features": ["cluttered"]},
        ],
        combatants=[fighter("Red", "red", "Junk"), fighter("Blue", "blue", "B", prone=True)],
        rules=QUIET,
    )
    state = play(data, "Red")
    events = act(state, RNG, Kind.RUN, zone="B")
    assert not rolls(events, "Mobility") and zone_of(state, "Red") == "B"
    state = turn_of(state, "Blue")
    events = act(state, RNG, Kind.CRAWL, zone="Scrap")
    assert not rolls(events, "Mobility") and zone_of(state, "Blue") == "Scrap"


# --- Crawl and get up ---------------------------------------------------------------------------


@pytest.mark.rule("ACT-SLOW-CRAWL", "ACTN-CRAWL-01", "ACTN-CRAWL-03")
def test_crawl_needs_prone_is_slow_and_only_once_a_round():
    data = scenario_dict(
        zones=["A", "B", "C"],
        combatants=[fighter("Red", "red", "A", prone=True), fighter("Blue", "blue", "C", prone=False)],
        rules=QUIET,
    )
    state = play(data, "Red")
    assert ("CRAWL", None, "B") in moves(state)
    assert not any(m[0] == "RUN" for m in moves(state))  # prone: no running
    act(state, RNG, Kind.CRAWL, zone="B")
    red = by_name(state, "Red")
    assert zone_of(state, "Red") == "B" and red.slow_used and red.prone
    assert red.actions_used == 1  # a fast action is left ...
    assert not any(m[0] == "CRAWL" for m in moves(state))  # ... but no second crawl
    state = turn_of(state, "Blue")
    assert not any(m[0] == "CRAWL" for m in moves(state))  # standing: no crawl


@pytest.mark.rule("ACT-FAST-GETUP", "ACTN-GETUP-01")
def test_get_up_is_a_fast_action_that_ends_prone():
    data = scenario_dict(
        zones=["A", "B"],
        combatants=[fighter("Red", "red", "A", prone=True), fighter("Blue", "blue", "B")],
        rules=QUIET,
    )
    state = play(data, "Red")
    assert ("GET_UP", None, None) in options(state)
    act(state, RNG, Kind.GET_UP)
    red = by_name(state, "Red")
    assert not red.prone and red.actions_used == 1 and not red.slow_used
    assert ("GET_UP", None, None) not in options(state)
    assert ("RUN", None, "B") in moves(state)  # standing again, the other fast action runs


@pytest.mark.rule("ACTN-CRAWL-01", "RANGE-ENGAGED")
def test_a_prone_character_closes_to_engaged_by_crawling():
    data = scenario_dict(
        zones=["Yard"],
        combatants=[fighter("Red", "red", "Yard", prone=True), fighter("Blue", "blue", "Yard")],
        rules=QUIET,
    )
    state = play(data, "Red")
    assert ("CRAWL", "Blue", None) in moves(state)
    assert ("ENGAGE", "Blue", None) not in moves(state)
    act(state, RNG, Kind.CRAWL, target="Blue")
    red = by_name(state, "Red")
    assert by_name(state, "Blue").id in red.engaged and red.slow_used


# --- Doors ----------------------------------------------------------------------------------


@pytest.mark.rule("ACT-FAST-DOOR", "ACTN-DOOR-01", "BORDER-02")
def test_go_through_a_closed_door_opens_it_and_moves_as_a_fast_action():
    data = scenario_dict(
        zones=["A", "B"], borders=[{"between": ["A", "B"], "kind": "door", "state": "closed"}], rules=QUIET
    )
    state = play(data, "Red")
    assert ("DOOR", None, "B") in moves(state) and ("RUN", None, "B") not in moves(state)
    act(state, RNG, Kind.DOOR, zone="B")
    assert zone_of(state, "Red") == "B"
    assert state.doors[0] == DoorState.OPEN
    red = by_name(state, "Red")
    assert red.actions_used == 1 and not red.slow_used


@pytest.mark.rule("ACTN-DOOR-01", "BORDER-01", "BORDER-02")
def test_locked_doors_and_walls_cannot_be_walked_through():
    data = scenario_dict(
        zones=["A", "B", "C"],
        borders=[
            {"between": ["A", "B"], "kind": "door", "state": "locked"},
            {"between": ["A", "C"], "kind": "wall"},
        ],
        combatants=[fighter("Red", "red", "A"), fighter("Blue", "blue", "B")],
        rules=QUIET,
    )
    state = play(data, "Red")
    assert not {m for m in moves(state) if m[2] in ("B", "C")}
    assert ("FORCE_DOOR", None, "B") in options(state)  # ACTN-DOOR-02: it can be forced
    assert ("FORCE_DOOR", None, "C") not in options(state)  # a wall has no door


@pytest.mark.rule("ACTN-DOOR-02", "BORDER-04")
def test_a_locked_wooden_door_gives_way_after_five_damage():
    data = scenario_dict(
        zones=["A", "B"],
        borders=[{"between": ["A", "B"], "kind": "door", "state": "locked"}],
        combatants=[
            fighter("Red", "red", "A", skills={"melee": 1}, weapons=["club"]),  # damage 1, +2
            fighter("Blue", "blue", "B"),
        ],
        rules=QUIET,
    )
    state = play(data, "Red")
    # STR 3 + Melee 1 + club 2 = 6 dice; four sixes: damage 1 + 3 = 4, short of 5
    events = act(state, FixedDice([6, 6, 6, 6, 1, 2]), Kind.FORCE_DOOR, zone="B")
    assert state.door_damage[0] == 4 and state.doors[0] == DoorState.LOCKED
    assert "door_broken" not in kinds(events)
    state = next_turn(state, "Red")
    events = act(state, FixedDice([6, 2, 2, 2, 2, 2]), Kind.FORCE_DOOR, zone="B")  # 1 more
    assert state.door_damage[0] == 5 and state.doors[0] == DoorState.BROKEN
    assert "door_broken" in kinds(events)
    assert ("RUN", None, "B") in moves(state)  # a broken door is an open way
    assert state.zone_map.sight(0, 1, state.doors)  # and blocks no sight (BORDER-04)


# --- Retreat --------------------------------------------------------------------------------


def _engaged_pair(zones: list[Any] | None = None) -> dict[str, Any]:
    return scenario_dict(
        zones=zones or ["A", "B"],
        combatants=[
            fighter("Red", "red", "A", skills={"mobility": 1}, engaged_with=["Blue"]),
            fighter("Blue", "blue", "A", skills={"melee": 2}, weapons=["knife"]),
        ],
        rules=QUIET,
    )


@pytest.mark.rule("ACT-FAST-RETREAT", "ACTN-RETREAT-01")
def test_successful_retreat_leaves_the_engagement_without_a_free_attack():
    state = play(_engaged_pair(), "Red")
    events = act(state, FixedDice([6, 1, 1, 1]), Kind.RETREAT, zone="B")  # AGI 3 + Mobility 1
    assert len(rolls(events, "Mobility")) == 1
    red = by_name(state, "Red")
    assert zone_of(state, "Red") == "B" and not red.engaged and not by_name(state, "Blue").engaged
    assert "free_attack" not in kinds(events)
    assert red.actions_used == 1 and not red.slow_used  # a fast action


@pytest.mark.rule("ACTN-RETREAT-01", "RANGE-SHORT")
def test_retreat_within_the_zone_steps_back_to_short():
    state = play(_engaged_pair(), "Red")
    act(state, FixedDice([6, 1, 1, 1]), Kind.RETREAT, zone="A")
    red = by_name(state, "Red")
    assert zone_of(state, "Red") == "A" and not red.engaged


@pytest.mark.rule("ACTN-RETREAT-02", "ACT-FAST-RETREAT")
def test_failed_retreat_still_moves_but_the_enemy_gets_a_free_unblockable_attack():
    data = _engaged_pair()
    data["combatants"][0]["attributes"]["strength"] = 5
    state = play(data, "Red")
    blue = by_name(state, "Blue")
    used_before = blue.actions_used
    # retreat roll: 4 dice, no six; then Blue's free knife attack: STR 3 + Melee 2 + knife 1 = 6
    dice = FixedDice([1, 2, 3, 4, 6, 6, 1, 1, 1, 1])
    events = act(state, dice, Kind.RETREAT, zone="B")
    assert "free_attack" in kinds(events)
    hit = next(e for e in events if e.kind == "hit")
    assert hit.actor == blue.id
    assert by_name(state, "Red").attrs[0] == 5 - (2 + 2 - 1)  # knife 2 + one extra success
    assert blue.actions_used == used_before  # costs the enemy no action
    assert engine.decision_kind(state) == "turn"  # no block was offered
    assert zone_of(state, "Red") == "B" and not by_name(state, "Red").engaged


@pytest.mark.rule("ACTN-RETREAT-01", "ZONE-FEAT-CLUTTERED-02")
def test_failed_retreat_into_a_cluttered_zone_also_leaves_you_prone():
    state = play(_engaged_pair(["A", {"name": "Junk", "features": ["cluttered"]}]), "Red")
    act(state, FixedDice([1, 2, 3, 4, 1, 1, 1, 1, 1, 1]), Kind.RETREAT, zone="Junk")
    assert zone_of(state, "Red") == "Junk" and by_name(state, "Red").prone


@pytest.mark.rule("ACTN-RETREAT-01", "ACTN-CRAWL-03")
def test_a_prone_retreat_is_a_crawl_and_so_a_slow_action():
    data = _engaged_pair()
    data["combatants"][0]["prone"] = True
    state = play(data, "Red")
    assert ("RETREAT", None, "B") in moves(state)
    act(state, FixedDice([6, 1, 1, 1]), Kind.RETREAT, zone="B")
    red = by_name(state, "Red")
    assert zone_of(state, "Red") == "B" and red.slow_used


@pytest.mark.rule("ACTN-RETREAT-01", "ACTN-DOOR-01")
def test_retreat_through_an_unlocked_door_opens_it():
    data = _engaged_pair()
    data["map"]["borders"] = [{"between": ["A", "B"], "kind": "door", "state": "closed"}]
    state = play(data, "Red")
    act(state, FixedDice([6, 1, 1, 1]), Kind.RETREAT, zone="B")
    assert zone_of(state, "Red") == "B" and state.doors[0] == DoorState.OPEN


# --- Cover ----------------------------------------------------------------------------------


@pytest.mark.rule("ACT-FAST-COVER", "ACTN-COVER-01", "ACTN-COVER-02")
def test_take_cover_needs_cover_in_the_zone_and_no_roll_by_default():
    data = scenario_dict(
        zones=[{"name": "A", "cover": ["furniture"]}, "B"],
        combatants=[fighter("Red", "red", "A"), fighter("Blue", "blue", "B")],
        rules=QUIET,
    )
    state = play(data, "Red")
    assert ("TAKE_COVER", None, None) in options(state)
    events = act(state, RNG, Kind.TAKE_COVER, option=0)
    red = by_name(state, "Red")
    assert red.cover == 0 and not rolls(events, "Mobility")
    assert red.actions_used == 1 and not red.slow_used
    state = turn_of(state, "Blue")
    assert ("TAKE_COVER", None, None) not in options(state)  # no cover in B


@pytest.mark.rule("ACTN-COVER-02", "ACT-FAST-COVER")
def test_take_cover_rolls_mobility_when_switched_on():
    data = scenario_dict(
        zones=[{"name": "A", "cover": ["furniture"]}, "B"],
        combatants=[fighter("Red", "red", "A"), fighter("Blue", "blue", "B")],
        rules={**QUIET, "take_cover_roll": True},
    )
    state = play(data, "Red")
    events = act(state, FixedDice([1, 1, 1]), Kind.TAKE_COVER, option=0)
    assert len(rolls(events, "Mobility")) == 1 and by_name(state, "Red").cover == -1
    act(state, FixedDice([6, 1, 1]), Kind.TAKE_COVER, option=0)
    assert by_name(state, "Red").cover == 0


@pytest.mark.rule("ACTN-COVER-01", "ACTN-RUN-01")
def test_cover_protects_against_shots_and_is_lost_on_moving_out_of_the_zone():
    data = scenario_dict(
        zones=[{"name": "A", "cover": ["furniture"]}, "B"],
        combatants=[
            fighter("Red", "red", "A", attributes={"strength": 5, "agility": 3, "wits": 3, "empathy": 3}),
            fighter("Blue", "blue", "B", skills={"marksmanship": 2}, weapons=["pistol"]),
        ],
        rules=QUIET,
    )
    state = play(data, "Red")
    act(state, RNG, Kind.TAKE_COVER, option=0)
    state = turn_of(state, "Blue")
    events = act(state, FixedDice([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1]), Kind.SHOOT, target="Red")
    assert "cover" in kinds(events)  # COVER-01: the cover rolls against the hit
    state = next_turn(state, "Red")
    act(state, RNG, Kind.RUN, zone="B")
    assert by_name(state, "Red").cover == -1


# --- Leaving a zone ends engagement, cover and peeking ----------------------------------------


@pytest.mark.rule("ACTN-RUN-01", "RANGE-ENGAGED", "BORDER-04")
def test_moving_out_of_a_zone_ends_engagements_cover_and_peeking():
    data = scenario_dict(
        zones=[{"name": "A", "cover": ["furniture"]}, "B", "C"],
        borders=[{"between": ["A", "B"]}, {"between": ["A", "C"], "kind": "door", "state": "open"}],
        combatants=[
            fighter("Red", "red", "A", engaged_with=["Down"]),
            fighter("Down", "blue", "A"),
            fighter("Blue", "blue", "C"),
        ],
        rules=QUIET,
    )
    state = play(data, "Red")
    down = by_name(state, "Down")
    down.attrs[0] = 0  # Broken: no longer holds Red at Engaged (ACTN-RUN-02)
    act(state, RNG, Kind.TAKE_COVER, option=0)
    act(state, RNG, Kind.PEEK, zone="C")
    red = by_name(state, "Red")
    assert red.cover == 0 and red.peek >= 0 and red.engaged == {down.id}
    state = next_turn(state, "Red")
    act(state, RNG, Kind.RUN, zone="B")
    assert red.cover == -1 and red.peek == -1 and not red.engaged
    assert red.id not in down.engaged


# --- Darkness -------------------------------------------------------------------------------


@pytest.mark.rule("DARK-01", "DARK-02")
def test_running_in_total_darkness_rolls_mobility_and_a_failure_costs_one_damage():
    data = scenario_dict(zones=["A", {"name": "Pit", "features": ["dark"]}], rules=QUIET)
    state = play(data, "Red")
    events = act(state, FixedDice([1, 2, 3]), Kind.RUN, zone="Pit")
    assert len(rolls(events, "Mobility")) == 1
    red = by_name(state, "Red")
    assert zone_of(state, "Red") == "Pit" and red.attrs[0] == 2  # still moves, 1 damage
    events = act(state, FixedDice([6, 2, 3]), Kind.RUN, zone="A")  # out of the dark: rolls too
    assert len(rolls(events, "Mobility")) == 1 and red.attrs[0] == 2


@pytest.mark.rule("DARK-01", "DARK-02", "ACTN-RUN-01")
def test_closing_in_within_darkness_is_a_run_and_rolls_mobility():
    data = scenario_dict(zones=[{"name": "Pit", "features": ["dark"]}], rules=QUIET)
    state = play(data, "Red")
    events = act(state, FixedDice([1, 1, 1]), Kind.ENGAGE, target="Blue")
    assert len(rolls(events, "Mobility")) == 1
    red = by_name(state, "Red")
    assert by_name(state, "Blue").id in red.engaged and red.attrs[0] == 2


@pytest.mark.rule("DARK-01", "ACTN-CRAWL-01")
def test_feeling_your_way_crawling_in_darkness_needs_no_roll():
    data = scenario_dict(
        zones=["A", {"name": "Pit", "features": ["dark"]}],
        combatants=[fighter("Red", "red", "A", prone=True), fighter("Blue", "blue", "A")],
        rules=QUIET,
    )
    state = play(data, "Red")
    events = act(state, RNG, Kind.CRAWL, zone="Pit")
    assert not rolls(events, "Mobility")
    assert zone_of(state, "Red") == "Pit" and by_name(state, "Red").attrs[0] == 3


# --- Cramped zones (AMB-25) ---------------------------------------------------------------------


def _tunnel(*people: dict[str, Any], **rules: Any) -> dict[str, Any]:
    """Front -- Tunnel (cramped) -- Back; the tunnel's line is the order people are listed."""
    return scenario_dict(
        zones=["Front", {"name": "Tunnel", "features": ["cramped"]}, "Back"],
        combatants=list(people),
        rules={**QUIET, **rules},
    )


@pytest.mark.rule("ZONE-FEAT-CRAMPED-01", "ACTN-CRAWL-02")
def test_cramped_zone_can_only_be_entered_and_left_crawling():
    data = _tunnel(
        fighter("Red", "red", "Front"),
        fighter("Mole", "red", "Tunnel"),
        fighter("Blue", "blue", "Back"),
    )
    state = play(data, "Red")
    assert ("RUN", None, "Tunnel") not in moves(state)
    engine.apply(state, Action(Kind.DROP_PRONE), RNG)  # free action
    assert ("CRAWL", None, "Tunnel") in moves(state)
    state = turn_of(state, "Mole")
    assert not any(m[2] in ("Front", "Back") for m in moves(state))  # standing: stuck
    engine.apply(state, Action(Kind.DROP_PRONE), RNG)
    assert {("CRAWL", None, "Front"), ("CRAWL", None, "Back")} <= moves(state)


@pytest.mark.rule("ZONE-FEAT-CRAMPED-02", "ACTN-CRAWL-02")
def test_in_a_cramped_line_you_cannot_crawl_past_the_one_next_to_you():
    data = _tunnel(
        fighter("Red", "red", "Front", prone=True),
        fighter("A1", "red", "Tunnel", prone=True),
        fighter("A2", "red", "Tunnel", prone=True),
        fighter("Blue", "blue", "Back"),
    )
    state = play(data, "A1")  # line: Front | A1 A2 | Back
    assert ("CRAWL", None, "Front") in moves(state)
    assert ("CRAWL", None, "Back") not in moves(state)  # A2 is in the way
    state = turn_of(state, "A2")
    assert ("CRAWL", None, "Back") in moves(state)
    assert ("CRAWL", None, "Front") not in moves(state)
    state = turn_of(state, "Red")
    act(state, RNG, Kind.CRAWL, zone="Tunnel")  # joins at the front end
    assert state.cramped[1] == [by_name(state, n).id for n in ("Red", "A1", "A2")]


@pytest.mark.rule("ZONE-FEAT-CRAMPED-02")
def test_out_of_the_fight_bodies_do_not_block_the_line():
    data = _tunnel(
        fighter("A1", "red", "Tunnel", prone=True),
        fighter("A2", "red", "Tunnel", prone=True),
        fighter("Blue", "blue", "Back"),
    )
    state = play(data, "A1")
    assert ("CRAWL", None, "Back") not in moves(state)
    by_name(state, "A2").attrs[0] = 0  # Broken
    assert ("CRAWL", None, "Back") in moves(state)


@pytest.mark.rule("ZONE-FEAT-CRAMPED-02", "RANGE-ENGAGED", "ACTN-CRAWL-01")
def test_in_a_cramped_zone_you_crawl_to_engaged_only_with_the_one_next_to_you():
    data = _tunnel(
        fighter("Red", "red", "Tunnel", prone=True, weapons=["knife"]),
        fighter("B1", "blue", "Tunnel", prone=True),
        fighter("B2", "blue", "Tunnel", prone=True),
    )
    state = play(data, "Red")  # line: Red B1 B2
    assert ("CRAWL", "B1", None) in moves(state)
    assert ("CRAWL", "B2", None) not in moves(state)
    assert not any(m[0] == "ENGAGE" for m in moves(state))
    act(state, RNG, Kind.CRAWL, target="B1")
    red = by_name(state, "Red")
    assert by_name(state, "B1").id in red.engaged and red.slow_used
    state = next_turn(state, "Red")
    assert ("CLOSE_ATTACK", "B1", None) in options(state)
    assert ("CLOSE_ATTACK", "B2", None) not in options(state)


@pytest.mark.rule("ZONE-FEAT-CRAMPED-01", "RANGE-ENGAGED")
def test_standing_in_a_cramped_zone_you_cannot_close_in():
    data = _tunnel(fighter("Red", "red", "Tunnel"), fighter("Blue", "blue", "Tunnel"))
    state = play(data, "Red")
    assert not any(m[0] in ("ENGAGE", "CRAWL") for m in moves(state))
    assert not any(o[0] == "DIVING_BLOW" for o in options(state))


@pytest.mark.rule("ACTN-CRAWL-01", "BORDER-02")
def test_crawling_through_an_unlocked_hatch_opens_it():
    data = scenario_dict(
        zones=["A", {"name": "Duct", "features": ["cramped"]}],
        borders=[{"between": ["A", "Duct"], "kind": "hatch", "state": "closed"}],
        combatants=[fighter("Red", "red", "A", prone=True), fighter("Blue", "blue", "A")],
        rules=QUIET,
    )
    state = play(data, "Red")
    assert ("CRAWL", None, "Duct") in moves(state)
    act(state, RNG, Kind.CRAWL, zone="Duct")
    assert zone_of(state, "Red") == "Duct" and state.doors[0] == DoorState.OPEN
