"""Render a fight: text ("ansi") from state and events, a zone-map picture ("rgb_array").

matplotlib is imported only when a picture is drawn, with the Agg backend (no display)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from yz_gym.layout import zone_positions
from yz_gym.rules import engine
from yz_gym.rules.events import Event
from yz_gym.rules.narrate import narrate
from yz_gym.rules.state import Combatant, GameState, Phase
from yz_gym.rules.zones import BorderKind, DoorState

EVENT_LINES = 10  # last narrated lines shown
SIDE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
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


def last_attack(log: Sequence[Event]) -> Event | None:
    """The latest hit or miss against a combatant."""
    for e in reversed(log):
        if e.kind in ("hit", "miss") and e.actor >= 0 and e.target >= 0:
            return e
    return None


ZONE_W, ZONE_H, GAP_X, GAP_Y = 3.4, 2.7, 1.4, 0.9


def render_rgb(state: GameState, log: Iterable[Event], controlled: Iterable[int] = ()) -> np.ndarray:
    """A picture of the zone map: zones with features and cover, borders and doors, combatants
    with health bars (learner's marked with a ring), and the last attack as an arrow."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Rectangle

    controlled = set(controlled)
    log = list(log)
    zm = state.zone_map
    grid = zone_positions(state.zone_map)
    centres = [(x * (ZONE_W + GAP_X), -y * (ZONE_H + GAP_Y)) for x, y in grid]
    xs = [c[0] for c in centres]
    ys = [c[1] for c in centres]
    x0, x1 = min(xs) - ZONE_W / 2 - 0.4, max(xs) + ZONE_W / 2 + 0.4
    y0, y1 = min(ys) - ZONE_H / 2 - 0.4, max(ys) + ZONE_H / 2 + 1.1
    inches = 0.62  # per map unit: text keeps its size however big the map is
    fig = Figure(figsize=(max(6.0, (x1 - x0) * inches), max(3.5, (y1 - y0) * inches)), dpi=80)
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.axis("off")

    # borders first, under the zones; a border whose straight line would cross another zone bends
    def crosses(a: int, b: int) -> bool:
        (xa, ya), (xb, yb) = centres[a], centres[b]
        for k in range(1, 20):
            x, y = xa + (xb - xa) * k / 20, ya + (yb - ya) * k / 20
            for z, (cx, cy) in enumerate(centres):
                if z not in (a, b) and abs(x - cx) < ZONE_W / 2 and abs(y - cy) < ZONE_H / 2:
                    return True
        return False

    for i, b in enumerate(zm.borders):
        (ax_, ay), (bx, by) = centres[b.a], centres[b.b]
        span = max(1e-6, ((bx - ax_) ** 2 + (by - ay) ** 2) ** 0.5)
        rad = min(1.0, (ZONE_W / 2 + 0.5) / (0.5 * span)) if crosses(b.a, b.b) else 0.0
        mx, my = (ax_ + bx) / 2 + 0.5 * rad * (by - ay), (ay + by) / 2 - 0.5 * rad * (bx - ax_)
        style = f"arc3,rad={rad}"
        if b.kind == BorderKind.OPEN:
            ax.add_patch(FancyArrowPatch((ax_, ay), (bx, by), arrowstyle="-", connectionstyle=style,
                                         color="#bbbbbb", lw=6, zorder=1))  # fmt: skip
            continue
        if b.kind == BorderKind.WALL:
            ax.add_patch(FancyArrowPatch((ax_, ay), (bx, by), arrowstyle="-", connectionstyle=style,
                                         color="#dddddd", lw=1, ls=":", zorder=1))  # fmt: skip
            ax.plot([mx], [my], marker="s", ms=10, color="black", zorder=3)
            continue
        door = DoorState(state.doors[i])
        colour = {DoorState.CLOSED: "#8c564b", DoorState.OPEN: "#e7ba52", DoorState.LOCKED: "#d62728",
                  DoorState.BROKEN: "#7f7f7f"}[door]  # fmt: skip
        ax.add_patch(FancyArrowPatch((ax_, ay), (bx, by), arrowstyle="-", connectionstyle=style,
                                     color="#dddddd", lw=3, zorder=1))  # fmt: skip
        ax.plot([mx], [my], marker="D", ms=11, color=colour, mec="black", zorder=3)
        word = DOOR_WORDS[door].split()[0] + (" hatch" if b.kind == BorderKind.HATCH else "")
        ax.text(mx + 0.2, my + 0.12, word, ha="left", va="bottom", fontsize=7, zorder=3,
                bbox={"fc": "white", "ec": "none", "alpha": 0.7, "pad": 0.5})  # fmt: skip

    for z, zone in enumerate(zm.zones):
        cx, cy = centres[z]
        fill = "#3a3a3a" if zone.dark else "#d9d9d9" if zone.dim else "#f7f7f2"
        patch = FancyBboxPatch(
            (cx - ZONE_W / 2, cy - ZONE_H / 2), ZONE_W, ZONE_H, boxstyle="round,pad=0.02,rounding_size=0.15",
            fc=fill, ec="#2ca02c" if zone.exit else "#444444", lw=3 if zone.exit else 1.5, zorder=2,
        )  # fmt: skip
        ax.add_patch(patch)
        if zone.cluttered or zone.cramped:
            ax.add_patch(FancyBboxPatch(
                (cx - ZONE_W / 2, cy - ZONE_H / 2), ZONE_W, ZONE_H, boxstyle="round,pad=0.02,rounding_size=0.15",
                fill=False, ec="#c8c8c8", lw=0, hatch="..." if zone.cluttered else "///", zorder=2,
            ))  # fmt: skip
        text_colour = "white" if zone.dark else "black"
        features = [f for f in ("cluttered", "dim", "dark", "cramped") if getattr(zone, f)]
        if zone.exit:
            features.append("exit")
        ax.text(cx, cy + ZONE_H / 2 - 0.12, zone.name, ha="center", va="top", fontsize=10,
                fontweight="bold", color=text_colour, zorder=4)  # fmt: skip
        if features:
            ax.text(cx, cy + ZONE_H / 2 - 0.45, ", ".join(features), ha="center", va="top", fontsize=7,
                    style="italic", color=text_colour, zorder=4)  # fmt: skip
        for k, cover in enumerate(zone.covers):
            px = cx - ZONE_W / 2 + 0.12 + k * 1.05
            py = cy - ZONE_H / 2 + 0.12
            ax.add_patch(Rectangle((px, py), 1.0, 0.24, fc="#a0522d", ec="black", lw=0.5, zorder=4))
            ax.text(px + 0.5, py + 0.12, cover.replace("_", " ")[:14], ha="center", va="center",
                    fontsize=5.5, color="white", zorder=5)  # fmt: skip

    where: dict[int, tuple[float, float]] = {}
    by_zone: dict[int, list[Combatant]] = {}
    for c in state.combatants:
        by_zone.setdefault(c.zone, []).append(c)
    for z, members in by_zone.items():
        cx, cy = centres[z]
        per_row = 3
        for k, c in enumerate(members):
            col, row = k % per_row, k // per_row
            px = cx - ZONE_W / 2 + 0.45 + col * ((ZONE_W - 0.9) / max(1, per_row - 1))
            py = cy + 0.3 - row * 0.66
            where[c.id] = (px, py)
            colour = SIDE_COLOURS[c.side % len(SIDE_COLOURS)]
            alpha = 0.35 if c.out else 1.0
            ax.plot([px], [py], marker="v" if c.prone else "o", ms=13, color=colour, alpha=alpha,
                    mec="gold" if c.id in controlled else "black", mew=2.5 if c.id in controlled else 1,
                    zorder=6)  # fmt: skip
            if c.out:
                ax.plot([px], [py], marker="x", ms=12, color="black", mew=2, zorder=7)
            if c.cover >= 0:
                ax.plot([px + 0.22], [py + 0.17], marker="s", ms=4, color="#a0522d", zorder=7)
            _, now, top, _, _, _ = tracks(state, c)
            frac = max(0.0, min(1.0, now / top)) if top > 0 else 0.0
            ax.add_patch(Rectangle((px - 0.3, py - 0.36), 0.6, 0.08, fc="#ffcccc", ec="black", lw=0.4, zorder=6))
            ax.add_patch(Rectangle((px - 0.3, py - 0.36), 0.6 * frac, 0.08,
                                   fc="#2ca02c" if frac > 0.5 else "#ff7f0e", lw=0, zorder=7))  # fmt: skip
            ax.text(px, py - 0.42, c.name[:16], ha="center", va="top", fontsize=6.5,
                    color="white" if zm.zones[z].dark else "black", zorder=7)  # fmt: skip

    attack = last_attack(log)
    if attack is not None and attack.actor in where and attack.target in where:
        start, end = where[attack.actor], where[attack.target]
        if start != end:
            hit = attack.kind == "hit"
            ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=18, lw=2.2,
                                         color="#d62728" if hit else "#7f7f7f", ls="-" if hit else "--",
                                         shrinkA=9, shrinkB=9, zorder=8))  # fmt: skip

    title = f"{state.setup.name} - round {state.round}"
    if state.phase == Phase.OVER:
        out = engine.outcome(state)
        title += f" - {out.winner or 'no winner'} ({out.reason})" if out else ""
    elif state.phase == Phase.COMBAT:
        title += f" - {state.combatants[engine.current_actor(state)].name} ({engine.decision_kind(state)})"
    ax.text((x0 + x1) / 2, y1 - 0.3, title, ha="center", va="top", fontsize=11, zorder=9)
    for k, side in enumerate(state.setup.sides):
        ax.text(x0 + 0.3 + k * 2.2, y1 - 0.85, f"\u25cf {side}", color=SIDE_COLOURS[k % len(SIDE_COLOURS)],
                fontsize=9, va="top", zorder=9)  # fmt: skip
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[:, :, :3].copy()
