"""The zone map: zones, features, borders, sight and line of fire, range bands, darkness
(ZONE-, ZONE-FEAT-, BORDER-, RANGE-, DARK-, RMOD-13/14/16; AMB-23..26)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.helpers import FixedDice, act, by_name, fighter, game, kinds, scenario_dict, turn_of
from yz_gym.rulesets.yze.combat.attacks import (
    can_close_attack,
    can_shoot,
    close_modifier,
    range_between,
    ranged_modifier,
)
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.zones import Border, BorderKind, DoorState, Range, Zone, ZoneMap, band_for_hops

QUIET = {"ask_push": False, "offer_help": False}
RNG = np.random.default_rng(0)
OPEN, CLOSED, LOCKED, BROKEN = (
    int(s) for s in (DoorState.OPEN, DoorState.CLOSED, DoorState.LOCKED, DoorState.BROKEN)
)


def line_map(*zones: Zone, kinds_: tuple[BorderKind, ...] = ()) -> ZoneMap:
    """Zones in a line; border i joins zone i and i+1 (open unless `kinds_` says otherwise)."""
    borders = tuple(
        Border(i, i + 1, kinds_[i] if i < len(kinds_) else BorderKind.OPEN) for i in range(len(zones) - 1)
    )
    return ZoneMap(tuple(zones), borders)


def shooter(name: str, side: str, zone: str, **extra: Any) -> dict[str, Any]:
    return fighter(name, side, zone, skills={"marksmanship": 2}, weapons=["rifle"], **extra)


def names(state: GameState, *who: str) -> list[Any]:
    return [by_name(state, n) for n in who]


def shootable(state: GameState, a: str, b: str) -> bool:
    return can_shoot(state, by_name(state, a), by_name(state, b))


# --- Zones and the map ------------------------------------------------------------------------


@pytest.mark.rule("ZONE-01", "MAP-01", "BORDER-01")
def test_the_map_is_a_graph_of_zones_joined_by_borders():
    data = scenario_dict(
        zones=["Dock", "Rows", "Office", "Yard"],
        borders=[
            {"between": ["Dock", "Rows"]},
            {"between": ["Rows", "Office"], "kind": "door"},
            {"between": ["Office", "Yard"], "kind": "wall"},
        ],
    )
    zone_map = game(data).zone_map
    assert [z.name for z in zone_map.zones] == ["Dock", "Rows", "Office", "Yard"]
    assert zone_map.neighbours[1] == (0, 2)
    assert zone_map.hops[0][3] == 3  # hop distance counts borders crossed
    assert zone_map.borders[zone_map.border_between(2, 3)].kind == BorderKind.WALL
    assert zone_map.border_between(0, 2) == -1  # not adjacent


@pytest.mark.rule("ZONE-03", "ZONE-FEAT-00")
def test_a_prepared_scenario_file_shows_its_zones_features_and_borders(warehouse):
    zone_map = warehouse.setup.zone_map
    by_zone = {z.name: z for z in zone_map.zones}
    assert {"Loading dock", "Crate rows", "Storeroom", "Office"} <= set(by_zone)
    assert by_zone["Loading dock"].dim and by_zone["Crate rows"].cluttered and by_zone["Storeroom"].dark
    names_ = [z.name for z in zone_map.zones]
    office = zone_map.border_between(names_.index("Crate rows"), names_.index("Office"))
    assert zone_map.borders[office].kind == BorderKind.DOOR and warehouse.doors[office] == LOCKED


@pytest.mark.rule("ZONE-02", "RANGE-MEDIUM")
def test_zone_size_is_informative_and_does_not_change_ranges():
    small = ZoneMap((Zone("Closet", size_m=2.0), Zone("Hall", size_m=3.0)), (Border(0, 1),))
    large = ZoneMap((Zone("Field", size_m=25.0), Zone("Hill", size_m=25.0)), (Border(0, 1),))
    assert small.zones[0].size_m == 2.0 and large.zones[0].size_m == 25.0
    assert small.band(0, 1, 40) == large.band(0, 1, 40) == Range.MEDIUM
    loaded = game(scenario_dict(zones=[{"name": "A", "size_m": 4}, "B"])).zone_map
    assert loaded.zones[0].size_m == 4 and loaded.band(0, 1, 40) == Range.MEDIUM


@pytest.mark.rule("ZONE-04", "RANGE-SHORT", "RANGE-ENGAGED")
def test_theater_of_the_mind_is_one_zone_where_everyone_is_short_or_engaged():
    scene = ZoneMap.theater_of_the_mind("Alley", dim=True)
    assert len(scene.zones) == 1 and scene.zones[0].dim and scene.band(0, 0, 40) == Range.SHORT
    data = scenario_dict(
        zones=["Alley"],
        combatants=[shooter("Red", "red", "Alley"), fighter("Blue", "blue", "Alley")],
        rules=QUIET,
    )
    state = turn_of(game(data), "Red")
    red, blue = names(state, "Red", "Blue")
    assert range_between(state, red, blue) == Range.SHORT
    assert not any(
        a.kind in (Kind.RUN, Kind.DOOR, Kind.CRAWL) and a.zone >= 0 for a in engine.legal_actions(state)
    )
    act(state, RNG, Kind.ENGAGE, target="Blue")
    assert range_between(state, red, blue) == Range.ENGAGED


@pytest.mark.rule("ZONE-FEAT-00", "ZONE-FEAT-CLUTTERED-01", "ZONE-FEAT-DARK-02")
def test_features_of_a_zone_combine():
    data = scenario_dict(
        zones=["A", {"name": "Thicket", "features": ["cluttered", "dim"]}],
        combatants=[shooter("Red", "red", "A"), fighter("Blue", "blue", "Thicket")],
        rules=QUIET,
    )
    state = turn_of(game(data), "Red")
    red, blue = names(state, "Red", "Blue")
    assert ranged_modifier(state, red, blue, False).total == -1 - 2  # Medium -1, dim -2
    events = act(state, FixedDice([6, 1, 1]), Kind.RUN, zone="Thicket")
    assert any(e.kind == "roll" and e.get("skill") == "Mobility" for e in events)  # cluttered


# --- Borders, sight and line of fire ------------------------------------------------------------


@pytest.mark.rule("BORDER-01", "BORDER-03")
def test_open_borders_never_block_sight_and_walls_always_do():
    zone_map = line_map(
        Zone("A"), Zone("B"), Zone("C"), Zone("D"), kinds_=(BorderKind.OPEN, BorderKind.OPEN, BorderKind.WALL)
    )
    for doors in ((OPEN, OPEN, OPEN), (CLOSED, LOCKED, OPEN)):  # door state means nothing on open borders
        assert zone_map.sight(0, 2, doors) and zone_map.line_of_fire(0, 2, doors)
        assert not zone_map.sight(0, 3, doors) and not zone_map.sight(2, 3, doors)
    assert not zone_map.sight(2, 3, (OPEN, OPEN, OPEN), peek=2)  # no peeking through a wall


@pytest.mark.rule("BORDER-04", "BORDER-02")
def test_doors_block_sight_unless_broken_or_peeked_through_while_open():
    zone_map = line_map(Zone("A"), Zone("B"), kinds_=(BorderKind.DOOR,))
    assert not zone_map.sight(0, 1, (CLOSED,))
    assert not zone_map.sight(0, 1, (OPEN,))  # an open door still blocks sight ...
    assert zone_map.sight(0, 1, (OPEN,), peek=0)  # ... unless you peek through it
    assert not zone_map.sight(0, 1, (CLOSED,), peek=0)
    assert not zone_map.sight(0, 1, (LOCKED,), peek=0)
    assert zone_map.sight(0, 1, (BROKEN,)) and zone_map.line_of_fire(0, 1, (BROKEN,))
    hatch = line_map(Zone("A"), Zone("B"), kinds_=(BorderKind.HATCH,))
    assert not hatch.sight(0, 1, (OPEN,)) and hatch.sight(0, 1, (OPEN,), peek=0)


def _door_room(state: str = "closed", **rules: Any) -> dict[str, Any]:
    return scenario_dict(
        zones=["Hall", "Room"],
        borders=[{"between": ["Hall", "Room"], "kind": "door", "state": state}],
        combatants=[
            shooter("Red", "red", "Hall"),
            shooter("Mate", "red", "Hall"),
            shooter("Blue", "blue", "Room"),
        ],
        rules={**QUIET, **rules},
    )


@pytest.mark.rule("BORDER-04", "ACTN-DOOR-01")
def test_peeking_opens_the_door_and_gives_sight_to_the_peeker_only():
    state = turn_of(game(_door_room("closed")), "Red")
    assert not shootable(state, "Red", "Blue")
    assert Action(Kind.PEEK, zone=1) in engine.legal_actions(state)
    events = act(state, RNG, Kind.PEEK, zone="Room")
    assert "peek" in kinds(events) and state.doors[0] == OPEN
    assert by_name(state, "Red").zone == 0  # peeking is not moving
    assert shootable(state, "Red", "Blue")
    assert not shootable(state, "Mate", "Blue")  # the zone-mate does not see through
    assert shootable(state, "Blue", "Red")  # sight is mutual: the peeker can be shot
    assert not shootable(state, "Blue", "Mate")


@pytest.mark.rule("BORDER-04")
def test_no_peeking_through_a_locked_door():
    state = turn_of(game(_door_room("locked")), "Red")
    assert not any(a.kind == Kind.PEEK for a in engine.legal_actions(state))


@pytest.mark.rule("BORDER-04")
def test_peeking_lasts_until_the_peeker_moves_or_the_next_turn_if_switched():
    state = turn_of(game(_door_room("open")), "Red")
    act(state, RNG, Kind.PEEK, zone="Room")
    engine.apply(state, Action(Kind.END_TURN), RNG)
    state = turn_of(state, "Red")  # the next round, by default (until_move) still peeking
    assert shootable(state, "Red", "Blue")
    state = turn_of(game(_door_room("open", peek_lasts="round")), "Red")
    act(state, RNG, Kind.PEEK, zone="Room")
    engine.apply(state, Action(Kind.END_TURN), RNG)
    state = turn_of(state, "Red")
    assert not shootable(state, "Red", "Blue")


@pytest.mark.rule("BORDER-03", "BORDER-04")
def test_sight_takes_a_shortest_path_and_a_door_on_it_blocks():
    # A - B open, B - C door (open, nobody peeking): C is not visible from A
    zone_map = line_map(Zone("A"), Zone("B"), Zone("C"), kinds_=(BorderKind.OPEN, BorderKind.DOOR))
    assert zone_map.sight(0, 1, (OPEN, OPEN)) and not zone_map.sight(0, 2, (OPEN, OPEN))
    assert zone_map.sight(0, 2, (OPEN, BROKEN))


# --- Range bands (AMB-23) -----------------------------------------------------------------------


@pytest.mark.rule("RANGE-01", "RANGE-SHORT", "RANGE-MEDIUM", "RANGE-LONG", "RANGE-EXTREME")
def test_range_bands_by_zone_hops():
    assert len([r for r in Range if r != Range.OUT]) == 5  # RANGE-01: five range categories
    assert band_for_hops(0, 40) == Range.SHORT
    assert band_for_hops(1, 40) == Range.MEDIUM
    assert [band_for_hops(h, 40) for h in (2, 3, 4)] == [Range.LONG] * 3  # about 100 m: four zones
    assert band_for_hops(5, 40) == band_for_hops(40, 40) == Range.EXTREME
    assert band_for_hops(41, 40) == Range.OUT  # beyond about 1 km
    zone_map = line_map(*(Zone(str(i)) for i in range(7)))
    assert [zone_map.band(0, z, 5) for z in range(7)] == [
        Range.SHORT, Range.MEDIUM, Range.LONG, Range.LONG, Range.LONG, Range.EXTREME, Range.OUT,
    ]  # fmt: skip


@pytest.mark.rule("RANGE-ENGAGED", "RANGE-SHORT", "RANGE-MEDIUM", "RANGE-LONG")
def test_range_between_combatants_and_weapon_reach():
    data = scenario_dict(
        zones=["A", "B", "C"],
        combatants=[
            fighter("Red", "red", "A", skills={"marksmanship": 1}, weapons=["pistol"], engaged_with=["Near"]),
            fighter("Near", "blue", "A"),
            fighter("Mid", "blue", "B"),
            fighter("Far", "blue", "C"),
            fighter("Also", "blue", "A"),
        ],
        rules=QUIET,
    )
    state = game(data)
    red, near, mid, far, also = names(state, "Red", "Near", "Mid", "Far", "Also")
    assert range_between(state, red, near) == Range.ENGAGED
    assert range_between(state, red, also) == Range.SHORT
    assert range_between(state, red, mid) == Range.MEDIUM
    assert range_between(state, red, far) == Range.LONG
    assert can_shoot(state, red, mid) and not can_shoot(state, red, far)  # a pistol reaches Medium


@pytest.mark.rule("RANGE-EXTREME")
def test_extreme_range_is_capped_by_the_option():
    zones = [f"Z{i}" for i in range(8)]
    data = scenario_dict(
        zones=zones,
        combatants=[shooter("Red", "red", "Z0"), fighter("Blue", "blue", "Z7")],
        rules={**QUIET, "extreme_max_hops": 6},
    )
    state = game(data)
    assert range_between(state, *names(state, "Red", "Blue")) == Range.OUT
    data["rules"]["extreme_max_hops"] = 7
    state = game(data)
    assert range_between(state, *names(state, "Red", "Blue")) == Range.EXTREME


# --- Dimly lit zones ----------------------------------------------------------------------------


@pytest.mark.rule("ZONE-FEAT-DARK-01")
def test_observation_rolls_in_a_dim_zone_get_minus_two():
    data = scenario_dict(
        zones=[{"name": "Gloom", "features": ["dim"]}, "Lit"],
        combatants=[
            fighter("Red", "red", "Gloom", skills={"observation": 2}),
            fighter("Blue", "blue", "Lit", skills={"observation": 2}),
        ],
    )
    state = game(data)
    red, blue = names(state, "Red", "Blue")
    assert len(skill_pool(state, blue, "Observation").dice) == 5  # WITS 3 + 2
    assert len(skill_pool(state, red, "Observation").dice) == 3  # -2 in the dim zone
    assert len(skill_pool(state, red, "Mobility").dice) == 3  # other skills: no change


@pytest.mark.rule("ZONE-FEAT-DARK-01", "AMBUSH-01")
def test_ambush_observation_rolls_made_in_a_dim_zone_get_minus_two():
    data = scenario_dict(
        zones=[{"name": "Gloom", "features": ["dim"]}, "Lit"],
        combatants=[
            fighter("Lurker", "red", "Lit"),
            fighter("Dimmed", "blue", "Gloom", skills={"observation": 1}),
            fighter("Lighted", "blue", "Lit", skills={"observation": 1}),
        ],
        ambush={"by": "red"},
    )
    state = game(data)
    sizes = {
        state.combatants[e.actor].name: len(e.get("dice"))
        for e in state.opening
        if e.kind == "roll" and e.get("purpose") == "ambush"
    }
    assert sizes == {"Dimmed": 2, "Lighted": 4}


@pytest.mark.rule("ZONE-FEAT-DARK-01", "SNEAK-01")
def test_spotting_a_sneak_from_a_dim_zone_gets_minus_two():
    def spot_dice(features: list[str]) -> int:
        data = scenario_dict(
            zones=[{"name": "Camp", "features": features}],
            combatants=[
                fighter("Sneak", "red", "Camp", skills={"stealth": 2}, sneak={"target": "Guard"}),
                fighter("Guard", "blue", "Camp", skills={"observation": 2}),
            ],
        )
        state = game(data)
        rolls = [e for e in state.opening if e.kind == "roll" and e.get("skill") == "Observation"]
        assert len(rolls) == 1
        return len(rolls[0].get("dice"))

    assert spot_dice([]) == 5 and spot_dice(["dim"]) == 3


@pytest.mark.rule("ZONE-FEAT-DARK-02", "RMOD-16", "RMOD-13")
def test_ranged_attacks_into_a_dim_zone_get_minus_two_and_within_it_minus_one():
    data = scenario_dict(
        zones=["Lit", {"name": "Gloom", "features": ["dim"]}],
        combatants=[
            shooter("Out", "red", "Lit"),
            shooter("In", "red", "Gloom"),
            fighter("Blue", "blue", "Gloom"),
        ],
        rules=QUIET,
    )
    state = game(data)
    out, inside, blue = names(state, "Out", "In", "Blue")
    assert ranged_modifier(state, out, blue, False).total == -1 - 2  # Medium -1, into dim -2
    assert ranged_modifier(state, inside, blue, False).total == 0 - 1  # Short 0, dim light -1 (AMB-24)
    assert ranged_modifier(state, blue, out, False).total == -1  # firing out of a dim zone: no penalty
    data["rules"].update(dim_zone_mod=-1, dim_light_mod=0)
    state = game(data)
    out, inside, blue = names(state, "Out", "In", "Blue")
    assert ranged_modifier(state, out, blue, False).total == -2
    assert ranged_modifier(state, inside, blue, False).total == 0


@pytest.mark.rule("ZONE-FEAT-DARK-03")
def test_ranged_attacks_cannot_pass_through_a_dim_zone_but_sight_can():
    data = scenario_dict(
        zones=["A", {"name": "Gloom", "features": ["dim"]}, "C"],
        combatants=[shooter("Red", "red", "A"), fighter("Mid", "blue", "Gloom"), shooter("Far", "blue", "C")],
        rules=QUIET,
    )
    state = game(data)
    assert shootable(state, "Red", "Mid")  # into the dim zone: yes (at -2)
    assert not shootable(state, "Red", "Far") and not shootable(state, "Far", "Red")  # through it: no
    assert state.zone_map.sight(0, 2, state.doors)  # AMB-24: it does not block sight
    assert Action(Kind.SHOOT, target=by_name(state, "Far").id) not in engine.legal_actions(
        turn_of(state, "Red")
    )


@pytest.mark.rule("ZONE-FEAT-DARK-03", "DARK-05")
def test_fire_from_inside_a_dim_zone_may_leave_it_and_dark_zones_block_fire_through():
    zone_map = line_map(Zone("A"), Zone("Dim", dim=True), Zone("C"), Zone("Dark", dark=True), Zone("E"))
    doors = (OPEN,) * 4
    assert zone_map.line_of_fire(1, 0, doors) and zone_map.line_of_fire(1, 2, doors)
    assert not zone_map.line_of_fire(2, 4, doors)  # through total darkness
    assert zone_map.line_of_fire(2, 3, doors)  # into it (DARK-05 then decides)


# --- Total darkness -----------------------------------------------------------------------------


def _dark(**rules: Any) -> dict[str, Any]:
    return scenario_dict(
        zones=[{"name": "Pit", "features": ["dark"]}, "Lit"],
        combatants=[
            shooter("Red", "red", "Pit", engaged_with=["Close"]),
            fighter("Close", "blue", "Pit"),
            fighter("Short", "blue", "Pit"),
            shooter("Outside", "red", "Lit"),
        ],
        rules={**QUIET, **rules},
    )


@pytest.mark.rule("DARK-03", "RMOD-14")
def test_attacks_at_engaged_in_darkness_get_minus_two():
    state = game(_dark())
    red, close = names(state, "Red", "Close")
    assert close_modifier(state, red, close, False).total == -2
    assert ranged_modifier(state, red, close, False).total == -3 - 2  # RMOD-06 at Engaged, then dark


@pytest.mark.rule("DARK-04", "RMOD-14")
def test_shots_at_short_in_darkness_need_an_observation_roll_then_minus_two():
    state = game(_dark())
    red, short = names(state, "Red", "Short")
    red.engaged.clear()
    by_name(state, "Close").engaged.clear()
    assert can_shoot(state, red, short) and ranged_modifier(state, red, short, False).total == -2
    state = turn_of(state, "Red")
    events = act(state, FixedDice([1, 1, 1]), Kind.SHOOT, target="Short")  # WITS 3: no six
    looks = [e for e in events if e.kind == "roll" and e.get("purpose") == "darkness"]
    assert len(looks) == 1 and "lost_in_dark" in kinds(events)
    assert not any(e.kind == "roll" and e.get("skill") == "Marksmanship" for e in events)


@pytest.mark.rule("DARK-05")
def test_targets_in_darkness_at_medium_or_farther_cannot_be_hit():
    state = game(_dark())
    outside, short = names(state, "Outside", "Short")
    assert state.zone_map.line_of_fire(outside.zone, short.zone, state.doors)
    assert not can_shoot(state, outside, short)
    assert can_shoot(state, by_name(state, "Red"), outside)  # from darkness out into light: allowed


# --- Cramped zones: fire along the line (AMB-25) -------------------------------------------------


def _tunnel_fight() -> GameState:
    data = scenario_dict(
        zones=["Front", {"name": "Tunnel", "features": ["cramped"]}, "Back"],
        combatants=[
            shooter("F", "red", "Front"),
            shooter("T1", "red", "Tunnel", prone=True),
            fighter("T2", "blue", "Tunnel", prone=True),
            fighter("T3", "blue", "Tunnel", prone=True),
            shooter("B", "red", "Back"),
        ],
        rules=QUIET,
    )
    return game(data)  # line: Front | T1 T2 T3 | Back


@pytest.mark.rule("ZONE-FEAT-CRAMPED-03")
def test_in_a_cramped_zone_you_cannot_shoot_past_the_one_next_to_you():
    state = _tunnel_fight()
    assert shootable(state, "T1", "T2")
    assert not shootable(state, "T1", "T3")  # T2 is in the way
    by_name(state, "T2").attrs[0] = 0  # Broken: no longer blocks the line
    assert shootable(state, "T1", "T3")


@pytest.mark.rule("ZONE-FEAT-CRAMPED-03", "ZONE-FEAT-CRAMPED-02")
def test_shots_into_and_out_of_a_cramped_line_reach_only_its_end():
    state = _tunnel_fight()
    assert not shootable(state, "F", "T2")  # T1 is between Front and T2
    assert shootable(state, "B", "T3") and not shootable(state, "B", "T2")  # from the back end
    assert not shootable(state, "T1", "B")  # T2 and T3 are between T1 and the back exit


@pytest.mark.rule("ZONE-FEAT-CRAMPED-02", "RANGE-ENGAGED")
def test_close_combat_in_a_cramped_line_only_with_the_neighbour():
    state = _tunnel_fight()
    t1, t2, t3 = names(state, "T1", "T2", "T3")
    for a, b in ((t1, t2), (t1, t3)):  # even if a scenario engages them
        a.engaged.add(b.id)
        b.engaged.add(a.id)
    assert can_close_attack(state, t1, t2) and not can_close_attack(state, t1, t3)
