"""A self-contained HTML page that steps through a replay of a zone fight or a chase on the scene
picture (no external files): one page and one script for both, told apart by `mode` in the data.

Built with escaping by construction: a Jinja2 template with autoescape, the frames as JSON inside a
`<script type="application/json">` block with `<`, `>`, `&` and `'` escaped (`tojson`), and one fixed
script (shapes.js and replay.js, allowed by its hash in the page's Content-Security-Policy) that paints the shapes
with `textContent` and `setAttribute` only. Everything the page says comes from re-simulating the
replay (narration and the scene), not from the file's `text` or `actor` fields."""

from __future__ import annotations

import base64
import hashlib
import json
import shlex
from collections.abc import Callable
from functools import cache, partial
from importlib import resources
from pathlib import Path
from typing import Any, Final

from jinja2 import Environment, select_autoescape
from markupsafe import Markup

from yz_gym.core.events import Event
from yz_gym.envs.dx3_scene import scene_series
from yz_gym.envs.scene import Scene, build_chase_scene, build_scene, plan_map, zone_needs
from yz_gym.evaluation.replay import Replay, ReplayError, format_of, same_events
from yz_gym.io import atomic_write_text


@cache
def _template_text(name: str) -> str:
    return resources.files("yz_gym.evaluation").joinpath("templates", name).read_text(encoding="utf-8")


def script() -> str:
    """The page's one piece of code (static: no data is ever pasted into it): the shape painter
    shared with the studio (shapes.js), then the stepping (replay.js)."""
    return _template_text("shapes.js") + _template_text("replay.js")


def _environment() -> Environment:
    env = Environment(autoescape=select_autoescape(default=True, default_for_string=True))
    env.policies["json.dumps_kwargs"] = {"sort_keys": False, "separators": (",", ":")}
    return env


def replay_positions(replay: Replay) -> list[tuple[Any, list[Event], str]]:
    """(the game before decision k, the events of decision k - 1, decision k in words) for every
    step k from 0 to the end; checks each re-simulated decision against the recorded events. The
    game is a GameState, or a ChaseState for a chase."""
    mode = replay.mode
    state, rng = replay.start()
    positions: list[tuple[Any, list[Event], str]] = []
    last: list[Event] = list(state.opening)
    for k, step in enumerate(replay.steps):
        positions.append((state.clone(), last, format_of(mode).line(state, k, step.action)))
        last = mode.rules.apply(state, step.action, rng, None)
        if not same_events(last, step.events):
            raise ReplayError(
                f"step {k}: the re-simulated events differ from the recorded ones (rules changed?)"
            )
    positions.append((state, last, ""))
    return positions


SCENES: Final[dict[tuple[str, str], Callable[[], Callable[[Any, list[Event]], Scene]]]] = {
    ("yze", "chase"): lambda: build_chase_scene,
    ("dx3", "skirmish"): scene_series,  # remembers where hidden fighters were last seen, frame to frame
}  # a mode -> the scene builder for one game's frames in order (else a zone fight's)


def page_data(replay: Replay, replay_file: str = "game.jsonl") -> tuple[str, str, dict[str, Any]]:
    """(title, description, the JSON the page steps through): shapes stored once, frames as indices.
    `mode` in the JSON tells the page's script what it shows: "skirmish" or "chase" (a DX3 fight is
    "skirmish" of ruleset dx3: its scene is envs/dx3_scene.py's)."""
    mode = replay.mode
    positions = replay_positions(replay)
    first = positions[0][0]
    scene_of: Callable[[Any, list[Event]], Scene]
    if mode.key in SCENES:
        scene_of = SCENES[mode.key]()
    else:
        plan = plan_map(first, [zone_needs(state) for state, _, _ in positions])
        scene_of = partial(build_scene, plan=plan)
    shapes: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    frames = []
    width = height = 0.0
    for k, (state, events, upcoming) in enumerate(positions):
        scene = scene_of(state, events)
        width, height = max(width, scene.width), max(height, scene.height)
        ids = []
        for s in scene.shapes:
            data = s.to_json()
            key = json.dumps(data, sort_keys=True)
            if key not in index:
                index[key] = len(shapes)
                shapes.append(data)
            ids.append(index[key])
        told = mode.rules.narrate(state, events)
        if k > 0:
            told = [positions[k - 1][2], *told]
        frames.append({"step": k, "round": state.round, "log": told, "next": upcoming, "shapes": ids})
    description = (
        str(replay.scenario.get("description", "") or "") if isinstance(replay.scenario, dict) else ""
    )
    data = {"mode": mode.name, "width": width, "height": height, "lastStep": len(positions) - 1,
            "replayFile": shlex.quote(replay_file), "shapes": shapes, "frames": frames}  # fmt: skip
    return format_of(mode).title(first), description, data


def render_page(replay: Replay, replay_file: str = "game.jsonl") -> str:
    """The page as text."""
    name, description, data = page_data(replay, replay_file)
    code = script()
    digest = base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii")
    template = _environment().from_string(_template_text("replay.html"))
    return template.render(
        title=name, description=description, data=data, last_step=data["lastStep"],
        script=Markup(code), script_hash=digest,  # the script is a package file, never user data
    )  # fmt: skip


def write_html(replay: Replay, path: str | Path, replay_file: str = "game.jsonl") -> Path:
    """Write the page atomically."""
    return atomic_write_text(path, render_page(replay, replay_file))
