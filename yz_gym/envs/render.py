"""Render a fight: text ("ansi") from state and events, a zone-map picture ("rgb_array").

matplotlib is imported only when a picture is drawn, with the Agg backend (no display)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from yz_gym.envs.scene import Scene, build_scene, text_width
from yz_gym.rules import engine
from yz_gym.rules.events import Event
from yz_gym.rules.narrate import narrate
from yz_gym.rules.state import Combatant, GameState, Phase
from yz_gym.rules.zones import BorderKind, DoorState

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
        words.append(f"holds {w.name.replace('_', ' ')}{'' if w.loaded else ' (empty)'}")
    if c.injuries:
        words.append(f"{len(c.injuries)} injur{'y' if len(c.injuries) == 1 else 'ies'}")
    return ", ".join(words)


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
        a, c = zm.zones[b.a].name, zm.zones[b.b].name
        if b.kind == BorderKind.OPEN:
            kind = "open"
        elif b.kind == BorderKind.WALL:
            kind = "wall"
        else:
            kind = DOOR_WORDS.get(DoorState(state.doors[i]), "door")
            if b.kind == BorderKind.HATCH:
                kind = kind.replace("door", "hatch")
        ways.append(f"{a} - {c}: {kind}")
    if ways:
        lines.append("Borders: " + "; ".join(ways))
    told = narrate(state, list(log))[-EVENT_LINES:]
    if told:
        lines.append("Last events:")
        lines += [f"  {line.strip()}" for line in told]
    return "\n".join(lines) + "\n"


def render_rgb(state: GameState, log: Iterable[Event], controlled: Iterable[int] = ()) -> np.ndarray:
    """A picture of the whole scene (scene.build_scene): zones, vehicles and who is aboard, riders,
    aircraft above their zone, goals, the turn order and a legend; the last attack as an arrow."""
    return paint(build_scene(state, list(log), controlled))


def paint(scene: Scene) -> np.ndarray:
    """Paint a scene's shapes with matplotlib (Agg, no display): an (H, W, 3) uint8 image.

    One scene pixel is one image pixel; a label still wider than its `fit` is shrunk until it fits."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

    fig = Figure(figsize=(scene.width / DPI, scene.height / DPI), dpi=DPI)
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, scene.width)
    ax.set_ylim(scene.height, 0)
    ax.axis("off")
    points = 72 / DPI  # matplotlib sizes text and lines in points
    renderer = canvas.get_renderer()
    for z, s in enumerate(scene.shapes):
        dash = _dash(s.dash, points)
        colour = None if s.stroke == "none" else s.stroke
        if s.kind == "rect":
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
                wide = text.get_window_extent(renderer).width
                if wide > s.fit:
                    text.set_fontsize(s.size * points * s.fit / wide)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[:, :, :3].copy()


DPI = 100


def _dash(dash: str, points: float) -> str | tuple[int, tuple[float, ...]]:
    """An SVG dash array ("6,3") as a matplotlib line style."""
    if not dash:
        return "solid"
    return (0, tuple(float(v) * points for v in dash.split(",")))
