"""Rendering: text for people and logs, a picture of the zone map and of a chase."""

from __future__ import annotations

import sys

import gymnasium as gym
import numpy as np
import pytest

from tests.envs.env_helpers import make, random_legal
from yz_gym.envs.multiagent import aec_env
from yz_gym.envs.render import render_chase_rgb, render_rgb, render_text
from yz_gym.envs.scene import BAND_WORDS, build_chase_scene, chase_size, chase_title
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.obstacles import obstacle
from yz_gym.rulesets.yze.chase.state import Phase as ChasePhase


def played(scenario: str, steps: int, render_mode: str):
    env = make(scenario, render_mode=render_mode, opponents="aggressive")
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(steps):
        _obs, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        if terminated or truncated:
            break
    return env


def test_ansi_shows_map_positions_tracks_initiative_and_events():
    env = played("warehouse_ambush", 6, "ansi")
    text = env.render()
    state = env.unwrapped.state
    assert text.startswith("== Warehouse ambush ==")
    for zone in state.zone_map.zones:
        assert zone.name in text
    for c in state.combatants:
        assert c.name in text
    assert "Initiative:" in text and "STR " in text and "WIT " in text
    assert "Borders:" in text and "locked door" in text
    assert "Last events:" in text
    assert "*Mara" in text  # the learner's combatants are starred


def test_rgb_array_is_a_picture(tmp_path):
    env = played("warehouse_ambush", 12, "rgb_array")
    image = env.render()
    assert image.ndim == 3 and image.shape[2] == 3 and image.dtype == np.uint8
    assert image.shape[0] > 200 and image.shape[1] > 400
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 20  # not a blank canvas
    import matplotlib.image

    matplotlib.image.imsave(tmp_path / "warehouse.png", image)
    assert not _pyplot_pulled_in(), "render imported matplotlib.pyplot (a GUI backend)"


def test_render_every_bundled_scenario(scenario_name):
    env = make(scenario_name)
    env.reset(seed=0)
    state, log = env.unwrapped.state, env.unwrapped.log
    assert state.setup.name in render_text(state, log)
    assert render_rgb(state, log).shape[2] == 3


def test_no_render_mode_renders_nothing():
    env = make("duel")
    env.reset(seed=0)
    assert env.render() is None


def test_aec_render():
    env = aec_env("duel", render_mode="ansi")
    env.reset(seed=0)
    assert "Ilsa" in env.render()


def _pyplot_pulled_in() -> bool:
    """Whether rendering a picture imports matplotlib.pyplot, checked in a fresh process."""
    import subprocess

    code = (
        "import sys, gymnasium as gym, yz_gym\n"
        "env = gym.make('yz_gym/Skirmish-v0', scenario='warehouse_ambush', render_mode='rgb_array')\n"
        "env.reset(seed=0)\n"
        "assert env.render().ndim == 3\n"
        "print('matplotlib.pyplot' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip() == "True"


# --- chases: the same scene model, painted by the same renderer -----------------------------------


def chase_frames(scenario: str, seed: int, steps: int = 400) -> tuple[list, list[np.ndarray], gym.Env]:
    """(the chase state after each step, its rgb_array frame, the env) of a Chase-v0 episode played
    at random."""
    env = gym.make("yz_gym/Chase-v0", scenario=scenario, render_mode="rgb_array")
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    states, frames = [env.unwrapped.state.clone()], [env.render()]
    for _ in range(steps):
        _, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        states.append(env.unwrapped.state.clone())
        frames.append(env.render())
        if terminated or truncated:
            break
    return states, frames, env.unwrapped


def _seen(state) -> tuple:  # type: ignore[no-untyped-def]
    """What a chase picture shows that changes: round, phase, positions, damage, tracks, who asks."""
    return (
        state.round, int(state.phase), tuple((u.pos, u.status) for u in state.units),
        tuple(v.damage for v in state.vehicles), tuple((c.health, c.resolve) for c in state.world.combatants),
        tuple(state.choosers), state.asking, state.obstacle,
    )  # fmt: skip


@pytest.mark.parametrize(("scenario", "seed"), [("chase_car_vs_motorcycle", 7), ("chase_market_foot", 3)])
def test_chase_frames_change_as_the_chase_changes_and_keep_one_size(scenario: str, seed: int):
    states, frames, env = chase_frames(scenario, seed)
    assert len(frames) > 5 and states[-1].phase == ChasePhase.OVER
    width, height = chase_size(states[0], env.controlled)
    assert {f.shape for f in frames} == {(height, width, 3)} and frames[0].dtype == np.uint8
    assert height > 300 and width > 1000
    for k in range(1, len(frames)):
        if _seen(states[k]) != _seen(states[k - 1]):
            assert not np.array_equal(frames[k], frames[k - 1]), (
                f"step {k}: the chase changed, the picture not"
            )
    again = render_chase_rgb(states[-1], env.log, env.controlled)
    assert np.array_equal(again, frames[-1]), "the same chase paints the same picture"


def test_a_chase_scene_shows_who_is_where_and_how_far():
    states, _, _ = chase_frames("chase_highway_pileup", 2, steps=60)
    for state in states:
        scene = build_chase_scene(state)
        low = min((u.pos for u in state.units if u.status == "in"), default=min(u.pos for u in state.units))
        assert [(v.name, v.band, v.status) for v in scene.units] == [
            (state.vehicles[u.vehicle].name, min(5, u.pos - low), u.status) for u in state.units
        ]
        chasing = [
            (a, b)
            for a in range(len(state.units))
            for b in range(a + 1, len(state.units))
            if state.chasing(a, b)
        ]
        assert [r.band for r in scene.ranges] == [BAND_WORDS[state.range(a, b)] for a, b in chasing]
        texts = {s.text for s in scene.shapes if s.kind == "text"}
        for v in state.vehicles:
            assert any(t.startswith(f"Hull {v.hull - v.damage}/{v.hull}, armor {v.armor}") for t in texts), (
                v.name
            )
        seats = {(t.name, t.vehicle, t.seat) for t in scene.tokens}
        for v in state.vehicles:
            for c in v.occupants:
                seat = "driver" if c == v.driver else "exposed" if c in v.exposed else "inside"
                assert (state.world.combatants[c].name, v.name, seat) in seats
        assert scene.title == chase_title(state) and f"round {state.round}/12" in scene.title
        told = obstacle(state.scenario.obstacle_table, state.obstacle)
        assert scene.obstacle == (f"{told.name}: {told.effect}" if told else "")
    assert {r.band for s in states for r in build_chase_scene(s).ranges} >= {"Short", "Medium", "Long"}


def test_a_chase_scene_keeps_the_choices_secret_until_the_reveal():
    states, _, _ = chase_frames("chase_car_vs_motorcycle", 7, steps=40)
    for state in states:
        cards = build_chase_scene(state).turn_order
        if state.phase == ChasePhase.CHOOSE:
            people = state.world.combatants
            assert [c.name for c in cards] == [
                f"{people[c].name}: {'action' if slot == -1 else 'shot'} ({'chosen' if done else 'to choose'})"
                for (c, slot), done in [
                    *((k, True) for k in state.choices),
                    *((k, False) for k in state.choosers),
                ]
            ]
            assert [c.current for c in cards].count(True) == 1
        elif state.phase == ChasePhase.RESOLVE:  # revealed (CHASE-10): what each participant does
            assert [c.name for c in cards[: len(state.acts)]] == [
                f"{build_chase_scene(state).units[u].name}: {chase.describe(state, act)}"
                for u, act in state.acts.items()
            ]
