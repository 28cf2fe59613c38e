"""Render a fight: text ("ansi", and `play`'s map and changes) from state and events, and the
picture of the scene (scene.py) of a zone fight or a chase painted with matplotlib ("rgb_array").

matplotlib is imported only when a picture is drawn, with the Agg backend (no display)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from yz_gym.core.events import Event
from yz_gym.envs.scene import (
    Scene,
    build_chase_scene,
    build_scene,
    chase_size,
    frame_size,
    plan_map,
    room_needs,
    text_width,
    zone_needs,
)
from yz_gym.rulesets.yze.chase.state import ChaseState
from yz_gym.rulesets.yze.state import Combatant, GameState, Phase
from yz_gym.rulesets.yze.vehicles.seats import MOUNTED_PREFIX, is_mounted_weapon
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.narrate import narrate
from yz_gym.rulesets.yze.zone.zones import BorderKind, DoorState

if TYPE_CHECKING:
    from matplotlib.figure import Figure

EVENT_LINES = 10  # last narrated lines shown
DOOR_WORDS = {DoorState.CLOSED: "closed door", DoorState.OPEN: "open door", DoorState.LOCKED: "locked door",
              DoorState.BROKEN: "broken door"}  # fmt: skip


def tracks(state: GameState, c: Combatant) -> tuple[str, int, int, str, int, int]:
    """(label, now, max) for the damage track and for the stress track of the damage model."""
    if state.options.damage_model == "attribute":
        return "STR", c.attrs[0], c.max_attrs[0], "WIT", c.attrs[2], c.max_attrs[2]
    return "HP", c.health, c.max_health, "RES", c.resolve, c.max_resolve


def status(state: GameState, c: Combatant) -> str:
    """A combatant's condition in a few words."""
    words = []
    if c.dead:
        words.append("DEAD")
    elif c.fled:
        words.append("fled")
    elif c.surrendered:
        words.append("surrendered")
    elif c.broken:
        words.append("BROKEN")
    if c.prone:
        words.append("prone")
    if c.cover >= 0:
        zone = state.zone_map.zones[c.zone]
        cover = zone.covers[c.cover] if c.cover < len(zone.covers) else "cover"
        words.append(f"in cover ({cover.replace('_', ' ')})")
    if c.engaged:
        words.append("engaged with " + ", ".join(state.combatants[i].name for i in sorted(c.engaged)))
    if c.overwatch >= 0:
        words.append(f"overwatch on {state.zone_map.zones[c.overwatch].name}")
    if c.aiming:
        words.append(f"aiming +{c.aiming}")
    if c.hidden:
        words.append("hidden")
    if c.burning:
        words.append(f"burning ({c.burning})")
    if c.held >= 0 and c.held < len(c.weapons):
        w = c.weapons[c.held]
        words.append(f"holds {weapon_words(state, c, w.name)}{'' if w.loaded else ' (empty)'}")
    if c.injuries:
        words.append(f"{len(c.injuries)} injur{'y' if len(c.injuries) == 1 else 'ies'}")
    for condition in c.timed:
        words.append(condition.kind)  # a timed condition, e.g. burns (FIRE-05)
    return ", ".join(words)


def weapon_words(state: GameState, c: Combatant, name: str) -> str:
    """A weapon's name for people: "the Technical's machine gun" for a mounted one (its key is
    MOUNTED_PREFIX + vehicle + "/" + weapon + "#" + number)."""
    if is_mounted_weapon(name) and c.vehicle >= 0:
        vehicle = state.vehicles[c.vehicle].name
        head = f"{MOUNTED_PREFIX}{vehicle}/"
        if name.startswith(head):
            return f"the {vehicle}'s {name[len(head) :].rpartition('#')[0].replace('_', ' ')}"
    return name.replace("_", " ")


def render_text(state: GameState, log: Iterable[Event], controlled: Iterable[int] = ()) -> str:
    """The zone map, who stands where, health and stress, initiative, and the last events."""
    controlled = set(controlled)
    zm = state.zone_map
    lines = [f"== {state.setup.name} == round {state.round}/{state.setup.victory.round_cap}"]
    if state.phase == Phase.OVER:
        out = engine.outcome(state)
        if out is not None:
            lines[0] += f" -- over: {out.winner or 'no winner'} ({out.reason})"
    else:
        actor = engine.current_actor(state)
        lines[0] += f" -- {state.combatants[actor].name} decides ({engine.decision_kind(state)})"
    if state.order:
        cards = []
        for k, cid in enumerate(state.order):
            c = state.combatants[cid]
            mark = ">" if k == state.turn_pos and state.phase == Phase.COMBAT else " "
            cards.append(f"{mark}#{state.cards[cid]} {c.name}{'' if not c.acted else '(done)'}")
        lines.append("Initiative: " + " ".join(cards))
    for z, zone in enumerate(zm.zones):
        features = [f for f in ("cluttered", "dim", "dark", "cramped") if getattr(zone, f)]
        if zone.exit:
            features.append("exit")
        covers = ", ".join(c.replace("_", " ") for c in zone.covers)
        lines.append(
            f"[{z}] {zone.name}" + (f" ({', '.join(features)})" if features else "")
            + (f"; cover: {covers}" if covers else "")
        )  # fmt: skip
        for c in state.combatants:
            if c.zone != z:
                continue
            label_a, now_a, max_a, label_b, now_b, max_b = tracks(state, c)
            who = "*" if c.id in controlled else " "
            side = state.setup.sides[c.side]
            lines.append(
                f"   {who}{c.name:<14} {side:<10} {label_a} {now_a}/{max_a} {label_b} {now_b}/{max_b}"
                f"  {status(state, c)}"
            )
    ways = []
    for i, b in enumerate(zm.borders):
        one, other = zm.zones[b.a].name, zm.zones[b.b].name
        if b.kind == BorderKind.OPEN:
            kind = "open"
        elif b.kind == BorderKind.WALL:
            kind = "wall"
        else:
            kind = DOOR_WORDS.get(DoorState(state.doors[i]), "door")
            if b.kind == BorderKind.HATCH:
                kind = kind.replace("door", "hatch")
        ways.append(f"{one} - {other}: {kind}")
    if ways:
        lines.append("Borders: " + "; ".join(ways))
    told = narrate(state, list(log))[-EVENT_LINES:]
    if told:
        lines.append("Last events:")
        lines += [f"  {line.strip()}" for line in told]
    return "\n".join(lines) + "\n"


def place(state: GameState, c: Combatant) -> str:
    """Where a combatant is: its zone, and the vehicle seat or the mount it is on."""
    where = state.zone_map.zones[c.zone].name
    if c.vehicle >= 0:
        v = state.vehicles[c.vehicle]
        seat = "at the wheel of" if v.driver == c.id else "aboard"
        where += f", {seat} {v.name}" + (f" at altitude {v.altitude}" if v.air and v.altitude else "")
    elif c.mount is not None and c.mount.ridden:
        where += f", on {c.mount.name}"
    return where


def text_map(state: GameState, controlled: Iterable[int] = ()) -> list[str]:
    """The zone map in a few lines: each zone with who is in it (starred: yours), vehicles and their
    crews, loose mounts, goals."""
    mine = set(controlled)
    zm = state.zone_map
    goals = {z: state.setup.sides[s] for s, z in state.setup.victory.reach_zone.items()}
    lines = []
    for z, zone in enumerate(zm.zones):
        words = []
        for v in state.vehicles:
            if v.zone == z:
                crew = ", ".join(_who(state, state.combatants[i], mine) for i in v.occupants) or "empty"
                up = f", altitude {v.altitude}" if v.air and v.altitude else ""
                words.append(f"{v.name} [{v.kind}, Hull {v.hull - v.damage}/{v.hull}{up}: {crew}]")
        words += [_who(state, c, mine) for c in state.combatants if c.zone == z and c.vehicle < 0]
        words += [f"{c.mount.name} (riderless)" for c in state.combatants
                  if c.mount is not None and c.mount.zone == z and not c.mount.dead]  # fmt: skip
        tags = [f"goal of {goals[z]}"] if z in goals else []
        tags += ["exit"] if zone.exit else []
        head = f"[{z}] {zone.name}" + (f" ({', '.join(tags)})" if tags else "")
        lines.append(f"{head}: {'; '.join(words) if words else '-'}")
    return lines


def turn_order(state: GameState) -> str:
    """The initiative order on one line, ">" before whose turn it is, "(done)" after who has acted."""
    cards = []
    for k, cid in enumerate(state.order):
        c = state.combatants[cid]
        mark = ">" if k == state.turn_pos and state.phase == Phase.COMBAT else ""
        cards.append(f"{mark}#{state.cards[cid]} {c.name}{' (done)' if c.acted else ''}")
    return f"Round {state.round}, turn order: " + (", ".join(cards) if cards else "cards not drawn yet")


def _who(state: GameState, c: Combatant, mine: set[int]) -> str:
    """A name with its damage track and the conditions that matter on the map."""
    label_a, now_a, max_a, _, _, _ = tracks(state, c)
    mount = f" on {c.mount.name}" if c.mount is not None and c.mount.ridden else ""
    flags = [
        word for word, on in (
            ("dead", c.dead), ("fled", c.fled), ("Broken", c.broken and not c.dead), ("prone", c.prone),
            ("in cover", c.cover >= 0), ("overwatch", c.overwatch >= 0), ("aiming", c.aiming > 0),
            ("engaged", bool(c.engaged)), ("hidden", c.hidden),
        ) if on
    ]  # fmt: skip
    words = ", ".join([f"{label_a} {now_a}/{max_a}", *flags]) if not (c.dead or c.fled) else ", ".join(flags)
    return f"{'*' if c.id in mine else ''}{c.name}{mount} ({words})"


def glance(state: GameState) -> dict[tuple[str, str], str]:
    """What a player watches change, keyed by (who or what, which aspect): places, tracks,
    conditions, doors, vehicles."""
    seen: dict[tuple[str, str], str] = {}
    for c in state.combatants:
        label_a, now_a, max_a, label_b, now_b, max_b = tracks(state, c)
        seen[(c.name, "place")] = place(state, c)
        seen[(c.name, label_a)] = f"{now_a}/{max_a}"
        seen[(c.name, label_b)] = f"{now_b}/{max_b}"
        seen[(c.name, "condition")] = status(state, c) or "ready"
    zm = state.zone_map
    for i, b in enumerate(zm.borders):
        if b.kind in (BorderKind.DOOR, BorderKind.HATCH):
            kind = "hatch" if b.kind == BorderKind.HATCH else "door"
            seen[(f"{kind} {zm.zones[b.a].name} - {zm.zones[b.b].name}", "state")] = DoorState(
                state.doors[i]
            ).name.lower()
    for v in state.vehicles:
        seen[(v.name, "Hull")] = f"{v.hull - v.damage}/{v.hull}"
        if v.air:
            seen[(v.name, "altitude")] = str(v.altitude)
        seen[(v.name, "zone")] = zm.zones[v.zone].name if v.zone >= 0 else "-"
    return seen


def changes(before: dict[tuple[str, str], str], after: dict[tuple[str, str], str]) -> list[str]:
    """One line per thing that changed between two glances, e.g. "Mara STR: 3/3 -> 1/3"."""
    return [
        f"{who} {aspect}: {before[(who, aspect)]} -> {now}" if aspect not in ("place", "state")
        else f"{who}: {before[(who, aspect)]} -> {now}"
        for (who, aspect), now in after.items()
        if before.get((who, aspect), now) != now
    ]  # fmt: skip


def render_rgb(state: GameState, log: Iterable[Event], controlled: Iterable[int] = ()) -> np.ndarray:
    """A picture of the whole scene (scene.build_scene): zones, vehicles and who is aboard, riders,
    aircraft above their zone, goals, the turn order and a legend; the last attack as an arrow.

    Every frame of a game has the same size (scene.frame_size); a crowd bigger than that room is
    drawn smaller."""
    mine = set(controlled)
    plan = plan_map(state, [room_needs(state), zone_needs(state)])
    return paint(build_scene(state, list(log), mine, plan), frame_size(state, mine))


def render_chase_rgb(
    state: ChaseState, log: Iterable[Event] = (), controlled: Iterable[int] = ()
) -> np.ndarray:
    """A picture of a chase (scene.build_chase_scene): the strip of range bands with every
    participant and the range between them, vehicles with Hull and crew, runners, the obstacle,
    who acts this round and a legend; every frame of a chase has the same size."""
    mine = set(controlled)
    return paint(build_chase_scene(state, list(log), mine), chase_size(state, mine))


def paint(scene: Scene, size: tuple[int, int] | None = None) -> np.ndarray:
    """Paint a scene's shapes with matplotlib (Agg, no display): an (H, W, 3) uint8 image of `size`
    (width, height; default the scene's own)."""
    canvas = figure(scene, size).canvas
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[:, :, :3].copy()  # type: ignore[attr-defined]


def figure(scene: Scene, size: tuple[int, int] | None = None) -> Figure:
    """The scene's shapes as a matplotlib figure of `size` pixels: one scene pixel per image pixel,
    or fewer when the scene is bigger than that; a label still wider than its `fit` is shrunk
    until it fits."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, FancyBboxPatch, Patch, Rectangle

    width, height = size or (scene.width, scene.height)
    scale = min(1.0, width / scene.width, height / scene.height)
    fig = Figure(figsize=(width / DPI, height / DPI), dpi=DPI, facecolor="#ffffff")
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width / scale)
    ax.set_ylim(height / scale, 0)
    ax.axis("off")
    points = 72 / DPI * scale  # matplotlib sizes text and lines in points
    renderer = canvas.get_renderer()
    for z, s in enumerate(scene.shapes):
        dash = _dash(s.dash, points)
        colour = None if s.stroke == "none" else s.stroke
        if s.kind == "rect":
            patch: Patch
            if s.r > 0:
                patch = FancyBboxPatch((s.x, s.y), s.w, s.h, boxstyle=f"round,pad=0,rounding_size={s.r}")
            else:
                patch = Rectangle((s.x, s.y), s.w, s.h)
            patch.set(fc=s.fill if s.fill != "none" else "none", ec=colour or "none", lw=s.width * points,
                      alpha=s.opacity, zorder=z, linestyle=dash)  # fmt: skip
            ax.add_artist(patch)
        elif s.kind == "circle":
            ax.add_artist(Circle((s.x, s.y), s.r, fc=s.fill, ec=colour or "none", lw=s.width * points,
                                alpha=s.opacity, zorder=z))  # fmt: skip
        elif s.kind == "line":
            xs, ys = [p[0] for p in s.points], [p[1] for p in s.points]
            if s.fill != "none":
                ax.fill(xs, ys, color=s.fill, zorder=z)
            else:
                ax.plot(xs, ys, color=s.stroke, lw=s.width * points, linestyle=dash, zorder=z,
                        solid_capstyle="butt", dash_capstyle="butt")  # fmt: skip
        elif s.kind == "text":
            text = ax.text(s.x, s.y, s.text, fontsize=s.size * points, color=s.fill,
                           ha={"start": "left", "middle": "center", "end": "right"}[s.anchor],
                           va="baseline", fontweight="bold" if s.bold else "normal",
                           style="italic" if s.italic else "normal", zorder=z, alpha=s.opacity)  # fmt: skip
            if s.fit and text_width(s.text, s.size, s.bold) > 0.7 * s.fit:  # measure only near the limit
                wide = text.get_window_extent(renderer).width / scale
                if wide > s.fit:
                    text.set_fontsize(s.size * points * s.fit / wide)
    return fig


DPI = 100


def _dash(dash: str, points: float) -> str | tuple[int, tuple[float, ...]]:
    """An SVG dash array ("6,3") as a matplotlib line style."""
    if not dash:
        return "solid"
    return (0, tuple(float(v) * points for v in dash.split(",")))
