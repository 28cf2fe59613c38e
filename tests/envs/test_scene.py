"""The scene every picture is painted from: vehicles with their occupants, riders, aircraft above their
zone, goal zones, the turn order and a legend; labels that fit; rendering only when asked."""

from __future__ import annotations

import numpy as np
import pytest

from tests.envs.env_helpers import make, random_legal
from yz_gym.envs import render as render_module
from yz_gym.envs import scene as scene_module
from yz_gym.envs.render import changes, figure, glance, render_rgb, text_map
from yz_gym.envs.scene import CELL_W, Box, Scene, build_scene, frame_size, plan_map, text_width, zone_needs
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.state import Phase
from yz_gym.rulesets.yze.zone import engine


def game(name: str, seed: int = 1):
    return engine.new_game(load_scenario(name), np.random.default_rng(seed))


def inside(x: float, y: float, box: Box) -> bool:
    return box.x <= x <= box.x + box.w and box.y <= y <= box.y + box.h


def contains(outer: Box, inner: Box) -> bool:
    return inside(inner.x, inner.y, outer) and inside(inner.x + inner.w, inner.y + inner.h, outer)


def test_vehicles_carry_their_occupants_on_the_ground():
    scene = build_scene(game("technical_raid"))
    vehicles = {v.name: v for v in scene.vehicles}
    technical, car = vehicles["Technical"], vehicles["Old car"]
    assert (technical.kind, technical.zone, technical.in_air) == ("pickup", "Desert track", False)
    assert technical.occupants == ("Raider driver", "Raider gunner", "Raider rifleman")
    assert technical.driver == "Raider driver"
    assert (car.zone, car.occupants, car.driver) == ("Well", (), "")
    assert contains(scene.zones["Desert track"], technical.box) and contains(scene.zones["Well"], car.box)
    seats = {t.name: (t.vehicle, t.seat) for t in scene.tokens}
    assert seats["Raider driver"] == ("Technical", "driver")
    assert seats["Raider gunner"] == ("Technical", "exposed")
    assert seats["Tessa"] == ("", "")
    for t in scene.tokens:
        if t.vehicle:
            assert inside(t.x, t.y, vehicles[t.vehicle].box), t.name


def test_apc_crew_rides_inside_the_apc():
    scene = build_scene(game("apc_ambush"))
    apc = next(v for v in scene.vehicles if v.kind == "apc")
    aboard = [t for t in scene.tokens if t.vehicle == apc.name]
    assert len(aboard) == len(apc.occupants) >= 2 and apc.driver in apc.occupants
    assert {t.seat for t in aboard} <= {"driver", "exposed", "inside"} and "inside" in {
        t.seat for t in aboard
    }


def test_a_helicopter_in_the_air_is_drawn_above_its_zone_and_lands_in_it():
    state = game("helicopter_extraction")
    scene = build_scene(state)
    heli = scene.vehicles[0]
    zone = scene.zones["Landing zone"]
    assert (heli.name, heli.altitude, heli.in_air) == ("Dustoff Three", 2, True)
    assert heli.box.y + heli.box.h <= zone.y, "in the air: above the landing zone, not standing in it"
    assert not any(inside(t.x, t.y, zone) for t in scene.tokens if t.vehicle), "its crew is in the air too"
    assert any("altitude 2" in s.text for s in scene.shapes if s.kind == "text")
    assert any(s.text == "in the air above Landing zone" for s in scene.shapes if s.kind == "text")
    state.vehicles[0].altitude = 0
    landed = build_scene(state).vehicles[0]
    assert not landed.in_air and contains(build_scene(state).zones["Landing zone"], landed.box)


def test_riders_sit_on_their_mounts_and_loose_horses_stand_alone():
    state = game("cavalry_skirmish")
    scene = build_scene(state)
    mounts = {t.name: t.mount for t in scene.tokens}
    assert mounts["Captain Vell"] == "Thunder" and mounts["Dragoon Ash"] == "Grey" and mounts["Old Tam"] == ""
    assert {t.tag for t in scene.tokens if t.mount} == {"on Thunder", "on Grey", "on Bay"}
    vell = next(c for c in state.combatants if c.name == "Captain Vell")
    assert vell.mount is not None
    vell.mount.zone = vell.zone  # dismounted: the horse stays riderless where he got off
    after = build_scene(state)
    assert after.riderless == [("Thunder", "Ridge")]
    assert next(t for t in after.tokens if t.name == "Captain Vell").mount == ""


def test_goal_zones_turn_order_and_legend():
    state = game("warehouse_ambush")
    scene = build_scene(state)
    assert scene.goals == {"Office": "crew"}
    assert any(s.kind == "text" and s.text == "GOAL: crew" for s in scene.shapes)
    assert [c.name for c in scene.turn_order] == [state.combatants[i].name for i in state.order]
    assert [c.card for c in scene.turn_order] == [state.cards[i] for i in state.order]
    current = [c.name for c in scene.turn_order if c.current]
    assert state.phase == Phase.COMBAT and current == [state.combatants[state.order[state.turn_pos]].name]
    assert {"side: crew", "side: vipers"} <= set(scene.legend)
    assert any("vehicle" in line for line in scene.legend) and any("GOAL" in line for line in scene.legend)
    assert build_scene(game("duel")).goals == {}


def _bundled_fight_scenes(name: str) -> Scene:
    env = make(name, opponents="aggressive")
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(15):
        _, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if terminated or truncated:
            break
    return build_scene(env.unwrapped.state, list(env.unwrapped.log), env.unwrapped.controlled)


def test_every_bundled_scene_stays_on_its_canvas_with_labels_in_their_room(scenario_name):
    scene = _bundled_fight_scenes(scenario_name)
    for s in scene.shapes:
        if s.kind == "rect":
            assert (
                s.x >= 0 and s.x + s.w <= scene.width + 0.5 and s.y >= 0 and s.y + s.h <= scene.height + 0.5
            )
        elif s.kind == "text":
            assert s.fit > 0 and text_width(s.text, s.size, s.bold) <= s.fit + 1e-6, s.text
            assert 0 <= s.x <= scene.width and 0 <= s.y <= scene.height
    for t in scene.tokens:
        box = next(v.box for v in scene.vehicles if v.name == t.vehicle) if t.vehicle else scene.zones[t.zone]
        assert inside(t.x, t.y, box), (t.name, t.zone, t.vehicle)
        room = CELL_W / 2 - 3  # the name and tag under a badge are centred and fitted to CELL_W - 6
        assert box.x <= t.x - room and t.x + room <= box.x + box.w, (t.name, "its labels overflow the box")


@pytest.mark.parametrize("name", ["helicopter_extraction", "cavalry_skirmish", "technical_raid"])
def test_painted_labels_fit_their_room(name):
    scene = build_scene(game(name))
    fig = figure(scene)
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    texts = [s for s in scene.shapes if s.kind == "text"]
    drawn = fig.axes[0].texts
    assert len(drawn) == len(texts)
    for shape, text in zip(texts, drawn, strict=True):
        assert text.get_text() == shape.text
        assert text.get_window_extent(renderer).width <= shape.fit + 0.5, shape.text


def test_rgb_array_frames_keep_their_shape_contract():
    state = game("helicopter_extraction")
    image = render_rgb(state, [])
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    width, height = frame_size(state)
    assert image.shape == (height, width, 3)
    assert np.array_equal(image, render_rgb(state, [])), "the same state paints the same picture"
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 50


def test_every_frame_of_an_episode_has_the_same_size_even_when_a_crowd_needs_more_room():
    env = make("technical_raid", render_mode="rgb_array", opponents="aggressive")
    _, info = env.reset(seed=4)
    rng = np.random.default_rng(2)
    shapes = {env.render().shape}
    for k in range(60):
        _, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if terminated or truncated:
            break
        if k % 12 == 0:
            shapes.add(env.render().shape)
    state = env.unwrapped.state
    for c in state.combatants:  # everyone on foot in the square: far more than a frame's room
        c.vehicle, c.zone = -1, 2
    for v in state.vehicles:
        v.occupants, v.driver, v.zone = [], -1, 2
    crowded = build_scene(state, plan=plan_map(state, [zone_needs(state)]))
    width, height = frame_size(state, env.unwrapped.controlled)
    assert crowded.height > height, "the crowd needs a taller picture than the frame"
    shapes.add(env.render().shape)
    assert shapes == {(height, width, 3)}


def test_rendering_stays_out_of_the_step_path(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a scene was built while stepping")

    monkeypatch.setattr(scene_module, "build_scene", refuse)
    monkeypatch.setattr(render_module, "build_scene", refuse)
    env = make("technical_raid", render_mode="rgb_array", opponents="aggressive")
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(1)
    for _ in range(40):
        _, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if terminated or truncated:
            break
    with pytest.raises(AssertionError, match="while stepping"):
        env.render()  # the patch is live: only render() builds a scene


def test_text_map_and_changes_since_the_last_decision():
    state = game("technical_raid")
    lines = text_map(state, {c.id for c in state.combatants if c.side == 1})
    assert len(lines) == len(state.zone_map.zones)
    assert lines[0].startswith("[0] Desert track: Technical [pickup, Hull 3/3: Raider driver (STR 3/3)")
    assert "*Tessa (STR 3/3)" in lines[3] and "Old car [car, Hull 4/4: empty]" in lines[3]
    before = glance(state)
    assert changes(before, glance(state)) == []
    tessa = next(c for c in state.combatants if c.name == "Tessa")
    tessa.zone, tessa.attrs[0], tessa.prone = 2, 1, True
    state.vehicles[0].damage = 2
    assert changes(before, glance(state)) == [
        "Tessa: Well -> Square",
        "Tessa STR: 3/3 -> 1/3",
        "Tessa condition: holds pistol -> prone, holds pistol",
        "Technical Hull: 3/3 -> 1/3",
    ]
