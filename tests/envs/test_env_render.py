"""Rendering: text for people and logs, a picture of the zone map."""

from __future__ import annotations

import sys

import numpy as np

from tests.envs.env_helpers import make, random_legal
from yz_gym.envs.multiagent import aec_env
from yz_gym.envs.render import render_rgb, render_text


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
