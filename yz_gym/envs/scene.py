"""The picture of a fight as data: what stands where (zones, vehicles, riders, aircraft, goals, turn
order, legend) laid out once, as shapes in pixels that every drawer paints the same way.

One home for the layout: `render.render_rgb` paints a scene with matplotlib (rgb_array frames) and
the HTML replay page paints the same shapes as SVG. A scene is built only when a picture is asked for,
never in the step path. Every text shape carries the width it must fit in (`fit`): labels are cut
here with an ellipsis to an estimate of their width, and the drawers squeeze what still overflows."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from yz_gym.core.events import Event
from yz_gym.envs.chase_env import unit_names
from yz_gym.layout import zone_positions
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.obstacles import obstacle
from yz_gym.rulesets.yze.chase.state import BEYOND, PILOT, RANGE_NAMES, SHOOTER, ChaseState
from yz_gym.rulesets.yze.chase.state import Phase as ChasePhase
from yz_gym.rulesets.yze.mounts.riding import riderless, riding
from yz_gym.rulesets.yze.state import Combatant, GameState, Phase
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.zones import BorderKind, DoorState

SIDE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b")
DOOR_COLOURS = {DoorState.CLOSED: "#8c564b", DoorState.OPEN: "#d4a017", DoorState.LOCKED: "#d62728",
                DoorState.BROKEN: "#7f7f7f"}  # fmt: skip
MOUNT_COLOUR = "#8b5a2b"
SKY_COLOUR = "#dceefb"
GOAL_COLOUR = "#1a7f37"
CHAR_WIDTH = 0.62  # average advance of DejaVu Sans, in font sizes (bold: BOLD_WIDTH)
BOLD_WIDTH = 0.7

# sizes in pixels
PAD = 8
CELL_W, CELL_H = 78, 74  # one person: badge, name on up to two lines, two bars, a tag line
PER_ROW = 4
ZONE_W = PER_ROW * CELL_W + 4 * PAD  # room for a vehicle's frame around a full row of its occupants
ZONE_HEAD = 40  # zone name and its features
VEHICLE_HEAD = 34  # vehicle name and its state
GAP_X, GAP_Y = 96, 26
TITLE_H = 34
PANEL_W = 300
BADGE_R = 13


@dataclass(frozen=True, slots=True)
class Shape:
    """One thing to paint: "rect", "circle", "line" (a polyline; a filled polygon when it has a fill)
    or "text".

    rect: (x, y, w, h) with corner radius r; circle: centre (x, y), radius r; line: points;
    text: anchor point (x, y) on the baseline, size in pixels, anchor start/middle/end, and
    `fit`, the width it must stay inside."""

    kind: str
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    r: float = 0.0
    points: tuple[tuple[float, float], ...] = ()
    fill: str = "none"
    stroke: str = "none"
    width: float = 1.0
    dash: str = ""
    opacity: float = 1.0
    text: str = ""
    size: float = 10.0
    anchor: str = "start"
    bold: bool = False
    italic: bool = False
    fit: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The fields that differ from the defaults, numbers rounded to a tenth of a pixel."""
        out: dict[str, Any] = {"k": self.kind}
        for name in SHAPE_FIELDS:
            value = getattr(self, name)
            if value == getattr(DEFAULT_SHAPE, name):
                continue
            if name == "points":
                value = [[round(x, 1), round(y, 1)] for x, y in value]
            elif isinstance(value, float):
                value = round(value, 1)
            out[name] = value
        return out


DEFAULT_SHAPE = Shape("rect")
SHAPE_FIELDS = tuple(f.name for f in fields(Shape) if f.name != "kind")


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        """Centre x."""
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        """Centre y."""
        return self.y + self.h / 2


@dataclass(frozen=True, slots=True)
class Token:
    """A combatant as drawn: where, on what (vehicle seat or mount), and its tag line."""

    id: int
    name: str
    side: str
    zone: str  # a chase: the participant's band on the strip
    x: float
    y: float
    vehicle: str = ""
    seat: str = ""  # "driver", "exposed" or "inside" when aboard
    mount: str = ""  # the animal ridden
    tag: str = ""


@dataclass(frozen=True, slots=True)
class VehicleView:
    """A vehicle as drawn: its zone, height above it, and who is aboard."""

    name: str
    kind: str
    zone: str
    altitude: int
    occupants: tuple[str, ...]
    driver: str
    box: Box
    in_air: bool


@dataclass(frozen=True, slots=True)
class TurnCard:
    """One line of the turn order: the initiative card, who holds it, and where the turn stands
    (a chase: its place in the round's list, and who chooses or what was revealed)."""

    card: int
    name: str
    side: str
    current: bool
    done: bool


@dataclass(slots=True)
class Scene:
    """A whole picture: its size, what it shows (for readers and tests) and the shapes to paint."""

    width: float
    height: float
    title: str
    zones: dict[str, Box] = field(default_factory=dict)
    goals: dict[str, str] = field(default_factory=dict)  # zone -> the side that must reach it
    vehicles: list[VehicleView] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    riderless: list[tuple[str, str]] = field(default_factory=list)  # (mount, zone)
    turn_order: list[TurnCard] = field(default_factory=list)
    legend: list[str] = field(default_factory=list)
    units: list[UnitView] = field(default_factory=list)  # a chase's participants
    ranges: list[RangeView] = field(default_factory=list)  # a chase's ranges between them
    obstacle: str = ""  # a chase's obstacle this round
    shapes: list[Shape] = field(default_factory=list)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate of a label's width in pixels (the drawers measure and squeeze what is wider)."""
    return len(text) * size * (BOLD_WIDTH if bold else CHAR_WIDTH)


def fitted(text: str, size: float, width: float, bold: bool = False) -> str:
    """The text, cut with an ellipsis so that its estimated width stays within `width`."""
    if text_width(text, size, bold) <= width:
        return text
    keep = max(0, int(width / (size * (BOLD_WIDTH if bold else CHAR_WIDTH))) - 1)
    return text[:keep].rstrip() + "\u2026"


def badge(name: str) -> str:
    """Up to three characters for a round badge: "Viper 12" -> "V12", "Pilot Varga" -> "PV", "Mara" -> "Ma"."""
    words = name.split()
    if len(words) > 1:
        last = words[-1]
        return words[0][:1] + (last[:2] if last.isdigit() else last[:1])
    return name[:2]


def wrap(text: str, size: float, width: float, lines: int = 2) -> list[str]:
    """The text on at most `lines` lines of `width`, broken between words; the last line cut to fit."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines - 1:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", size) <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out.append(fitted(" ".join(words), size, width))
    return [fitted(line, size, width) for line in out]


def label(x: float, y: float, text: str, size: float, fit: float, **style: Any) -> Shape:
    """A text shape already cut to its width."""
    bold = bool(style.get("bold", False))
    return Shape("text", x, y, text=fitted(text, size, fit, bold), size=size, fit=fit, **style)


# --- how much room each zone needs -----------------------------------------------------------------


def airborne(v: VehicleState) -> bool:
    """An aircraft up in the air: drawn above its zone, not in it."""
    return v.air and v.altitude > 0


def _rows(count: int) -> int:
    return max(1, -(-count // PER_ROW))


def _vehicle_height(v: VehicleState) -> float:
    return VEHICLE_HEAD + _rows(len(v.occupants)) * CELL_H + PAD


def zone_needs(state: GameState) -> list[tuple[float, float]]:
    """(ground, sky) heights each zone needs for what is in it now."""
    people = [0] * len(state.zone_map.zones)
    ground = [0.0] * len(people)
    sky = [0.0] * len(people)
    for c in state.combatants:
        if c.vehicle < 0:
            people[c.zone] += 1
        if riderless(c) and c.mount is not None:
            people[c.mount.zone] += 1
    for v in state.vehicles:
        if v.zone < 0:
            continue
        if not airborne(v):
            ground[v.zone] += _vehicle_height(v) + PAD
        else:
            sky[v.zone] += _vehicle_height(v) + PAD
    return [
        (ZONE_HEAD + g + (_rows(n) * CELL_H if n else 0) + PAD, s + 22 if s else 0.0)
        for n, g, s in zip(people, ground, sky, strict=True)
    ]  # fmt: skip


def room_needs(state: GameState) -> list[tuple[float, float]]:
    """(ground, sky) heights that depend on the scenario alone: a row of people in every zone, a
    vehicle with a row of aboard where vehicles may go, a sky over every zone when the game has an
    aircraft. Every frame of an episode gets the size of this plan (frame_size)."""
    vehicle = VEHICLE_HEAD + CELL_H + 2 * PAD
    on_ground = any(not v.air for v in state.vehicles)
    sky = 22 + vehicle if any(v.air for v in state.vehicles) else 0.0
    return [
        (
            ZONE_HEAD + CELL_H + PAD + (vehicle if on_ground and zone.vehicles and not zone.cramped else 0.0),
            sky,
        )
        for zone in state.zone_map.zones
    ]


@dataclass(frozen=True, slots=True)
class MapPlan:
    """Where each zone's box (and the sky above it) goes; fixed for every frame of one game."""

    zones: tuple[Box, ...]
    skies: tuple[Box | None, ...]
    width: float
    height: float


def plan_map(state: GameState, needs: Iterable[Sequence[tuple[float, float]]] = ()) -> MapPlan:
    """Zone boxes in columns (layout.zone_positions), each tall enough for the largest of `needs`
    (one entry per frame to show; the current state's needs when none are given)."""
    n = len(state.zone_map.zones)
    ground, sky = [0.0] * n, [0.0] * n
    seen = list(needs) or [zone_needs(state)]
    for frame in seen:
        for z, (g, s) in enumerate(frame):
            ground[z], sky[z] = max(ground[z], g), max(sky[z], s)
    grid = zone_positions(state.zone_map)
    columns: dict[float, list[int]] = {}
    for z, (x, _) in enumerate(grid):
        columns.setdefault(x, []).append(z)
    heights = {
        x: sum(ground[z] + sky[z] + (GAP_Y / 2 if sky[z] else 0.0) for z in zs) + GAP_Y * (len(zs) - 1)
        for x, zs in columns.items()
    }  # fmt: skip
    tallest = max(heights.values())
    zones: list[Box] = [Box(0, 0, 0, 0)] * n
    skies: list[Box | None] = [None] * n
    for x, zs in columns.items():
        left = PAD + x * (ZONE_W + GAP_X)
        top = TITLE_H + (tallest - heights[x]) / 2
        for z in sorted(zs, key=lambda k: grid[k][1]):
            if sky[z]:
                skies[z] = Box(left, top, ZONE_W, sky[z])
                top += sky[z] + GAP_Y / 2
            zones[z] = Box(left, top, ZONE_W, ground[z])
            top += ground[z] + GAP_Y
    width = PAD + len(columns) * (ZONE_W + GAP_X) - GAP_X + PAD
    return MapPlan(tuple(zones), tuple(skies), width, TITLE_H + tallest + PAD)


# --- the scene ------------------------------------------------------------------------------------


def _colour(side: int) -> str:
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]


def _tracks(state: GameState, c: Combatant) -> tuple[float, float]:
    if state.options.damage_model == "attribute":
        return c.attrs[0] / max(1, c.max_attrs[0]), c.attrs[2] / max(1, c.max_attrs[2])
    return c.health / max(1, c.max_health), c.resolve / max(1, c.max_resolve)


def _tag(state: GameState, c: Combatant) -> str:
    """The most important word about a combatant, for the line under its name."""
    if c.dead:
        return "dead"
    if c.fled:
        return "fled"
    if c.surrendered:
        return "surrendered"
    if c.broken:
        return "Broken"
    if riding(c) and c.mount is not None:
        return f"on {c.mount.name}"
    if c.prone:
        return "prone"
    if c.cover >= 0:
        return "in cover"
    if c.engaged:
        return "engaged"
    if c.hidden:
        return "hidden"
    return ""


def _person(scene: Scene, state: GameState, c: Combatant, x: float, y: float, where: str,
            controlled: set[int], dark: bool, vehicle: str = "", seat: str = "") -> tuple[float, float]:  # fmt: skip
    """Draw one combatant in the cell at (x, y); returns the badge centre."""
    cx, cy = x + CELL_W / 2, y + BADGE_R + 3
    shapes = scene.shapes
    mount = c.mount.name if riding(c) and c.mount is not None else ""
    if mount:  # the horse under its rider: a brown body with legs behind the badge
        _horse(shapes, cx, cy)
    gone = c.dead or c.fled or c.surrendered
    fill = "#9e9e9e" if gone else _colour(c.side)
    ring = "#f5b800" if c.id in controlled else ("#000000" if c.cover >= 0 else "#ffffff")
    shapes.append(Shape("circle", cx, cy, r=BADGE_R, fill=fill, stroke=ring,
                        width=3 if c.id in controlled or c.cover >= 0 else 1.2,
                        opacity=0.45 if c.out and not gone else 1.0))  # fmt: skip
    shapes.append(label(cx, cy + 4, badge(c.name), 10, 2 * BADGE_R - 4, anchor="middle", bold=True,
                        fill="#ffffff"))  # fmt: skip
    if c.dead:
        shapes.append(Shape("line", points=((cx - 9, cy - 9), (cx + 9, cy + 9)), stroke="#000000", width=2.2))
        shapes.append(Shape("line", points=((cx - 9, cy + 9), (cx + 9, cy - 9)), stroke="#000000", width=2.2))
    if c.prone:
        shapes.append(Shape("line", points=((cx + 13, cy - 10), (cx + 21, cy - 10), (cx + 17, cy - 3),
                                            (cx + 13, cy - 10)), fill="#333333", stroke="#333333"))  # fmt: skip
    text = "#ffffff" if dark else "#111111"
    lines = wrap(c.name, 9.5, CELL_W - 6)
    for k, line in enumerate(lines):
        shapes.append(label(cx, y + 39 + 11 * k + (5.5 if len(lines) == 1 else 0), line, 9.5, CELL_W - 6,
                            anchor="middle", fill=text))  # fmt: skip
    health, resolve = _tracks(state, c)
    for k, (frac, colour) in enumerate(((health, "#2ca02c"), (resolve, "#3366cc"))):
        top = y + 55 + 5 * k
        shapes.append(Shape("rect", cx - 22, top, 44, 3.5, fill="#dddddd"))
        if frac > 0:
            shapes.append(Shape("rect", cx - 22, top, 44 * min(1.0, frac), 3.5, fill=colour))
    tag = seat if seat and seat != "inside" and not c.out else _tag(state, c)
    if tag:
        shapes.append(label(cx, y + 72, tag, 8.5, CELL_W - 4, anchor="middle", italic=True,
                            fill="#dddddd" if dark else "#555555"))  # fmt: skip
    scene.tokens.append(Token(c.id, c.name, state.setup.sides[c.side], where, cx, cy, vehicle, seat, mount,
                              tag))  # fmt: skip
    return cx, cy


def _horse(shapes: list[Shape], cx: float, cy: float) -> None:
    """A horse seen from the side, centred under (cx, cy): legs, body, head."""
    for dx in (-17, -11, 11, 17):
        shapes.append(
            Shape("line", points=((cx + dx, cy + 6), (cx + dx, cy + 15)), stroke="#3b2410", width=2.5)
        )
    shapes.append(Shape("rect", cx - 21, cy - 3, 42, 12, r=6, fill=MOUNT_COLOUR, stroke="#3b2410"))
    shapes.append(Shape("rect", cx + 17, cy - 10, 9, 13, r=4, fill=MOUNT_COLOUR, stroke="#3b2410"))


def _vehicle(scene: Scene, state: GameState, v: VehicleState, box: Box, controlled: set[int],
             spots: dict[int, tuple[float, float]], zone: str) -> None:  # fmt: skip
    """Draw a vehicle as a box holding its occupants; `zone` is where it is (a chase: its band)."""
    shapes = scene.shapes
    fill = "#f3ead3" if not v.wrecked else "#d9c9c0"
    edge = _colour(v.side) if v.side >= 0 else "#6b6b6b"
    shapes.append(Shape("rect", box.x, box.y, box.w, box.h, r=6, fill=fill, stroke=edge, width=2,
                        dash="6,3" if v.wrecked else ""))  # fmt: skip
    name = f"{v.name} ({v.kind.replace('_', ' ')})"
    shapes.append(label(box.x + PAD, box.y + 14, name, 11, box.w - 2 * PAD, bold=True, fill="#222222"))
    facts = [f"Hull {v.hull - v.damage}/{v.hull}", f"armor {v.armor}"]
    if v.air:
        facts.append(f"altitude {v.altitude}" if v.altitude else "landed")
    if v.wrecked:
        facts.append("wrecked")
    if v.crashed:
        facts.append("crashed")
    if v.burning:
        facts.append(f"burning {v.burning}")
    if not v.engine_running or v.engine_disabled:
        facts.append("engine off" if not v.engine_disabled else "engine out")
    shapes.append(label(box.x + PAD, box.y + 28, ", ".join(facts), 9, box.w - 2 * PAD, fill="#444444"))
    people = [state.combatants[i] for i in v.occupants]
    for k, c in enumerate(people):
        x = box.x + PAD + (k % PER_ROW) * CELL_W
        y = box.y + VEHICLE_HEAD + (k // PER_ROW) * CELL_H
        seat = "driver" if c.id == v.driver else "exposed" if c.id in v.exposed else "inside"
        spots[c.id] = _person(scene, state, c, x, y, zone, controlled, False, v.name, seat)
    if not people:
        shapes.append(label(box.cx, box.y + VEHICLE_HEAD + 24, "empty", 9, box.w - 2 * PAD, anchor="middle",
                            italic=True, fill="#777777"))  # fmt: skip
    scene.vehicles.append(VehicleView(
        v.name, v.kind, zone, v.altitude if v.air else 0, tuple(c.name for c in people),
        state.combatants[v.driver].name if v.driver >= 0 else "", box, airborne(v),
    ))  # fmt: skip


def _border_shapes(scene: Scene, state: GameState, plan: MapPlan) -> None:
    zm = state.zone_map
    for i, b in enumerate(zm.borders):
        a, c = plan.zones[b.a], plan.zones[b.b]
        start, end = (a.cx, a.cy), (c.cx, c.cy)
        middle = ((a.cx + c.cx) / 2, (a.cy + c.cy) / 2)
        blocked = [
            z for z, box in enumerate(plan.zones)
            if z not in (b.a, b.b) and _crosses(start, end, box)
        ]  # fmt: skip
        if blocked:  # go round: through a point below the zones in the way
            lowest = max(plan.zones[z].y + plan.zones[z].h for z in blocked)
            middle = (middle[0], lowest + GAP_Y / 2)
        points = (start, middle, end) if blocked else (start, end)
        if b.kind == BorderKind.OPEN:
            scene.shapes.append(Shape("line", points=points, stroke="#c4c4c4", width=8))
            continue
        if b.kind == BorderKind.WALL:
            scene.shapes.append(Shape("line", points=points, stroke="#555555", width=2, dash="2,5"))
            word, colour = "wall", "#555555"
        else:
            door = DoorState(state.doors[i])
            colour = DOOR_COLOURS[door]
            scene.shapes.append(Shape("line", points=points, stroke=colour, width=4, dash="9,4"))
            word = f"{door.name.lower()} {'hatch' if b.kind == BorderKind.HATCH else 'door'}"
        mx, my = middle if blocked else ((a.cx + c.cx) / 2, (a.cy + c.cy) / 2)
        if not blocked and abs(a.cx - c.cx) > 1:  # the label sits in the gap between the columns
            mx = (a.x + a.w + c.x) / 2 if a.x < c.x else (c.x + c.w + a.x) / 2
            my = a.cy + (c.cy - a.cy) * (mx - a.cx) / (c.cx - a.cx)
        elif not blocked:
            my = (a.y + a.h + c.y) / 2 if a.y < c.y else (c.y + c.h + a.y) / 2
        wide = GAP_X - 6 if abs(a.cx - c.cx) > 1 else ZONE_W / 2
        scene.shapes.append(
            Shape("rect", mx - wide / 2, my - 9, wide, 17, r=4, fill="#ffffff", stroke=colour)
        )
        scene.shapes.append(label(mx, my + 3.5, word, 9, wide - 4, anchor="middle", fill=colour))


def _crosses(a: tuple[float, float], b: tuple[float, float], box: Box) -> bool:
    """Whether the segment a-b passes through the box."""
    for k in range(1, 40):
        x, y = a[0] + (b[0] - a[0]) * k / 40, a[1] + (b[1] - a[1]) * k / 40
        if box.x < x < box.x + box.w and box.y < y < box.y + box.h:
            return True
    return False


def _zone_shapes(scene: Scene, state: GameState, plan: MapPlan, goals: dict[int, list[str]]) -> None:
    flying = {v.zone for v in state.vehicles if v.zone >= 0 and airborne(v)}
    for z, zone in enumerate(state.zone_map.zones):
        box = plan.zones[z]
        scene.zones[zone.name] = box
        sky = plan.skies[z]
        if sky is not None and z in flying:  # the room stays reserved while no aircraft is up there
            scene.shapes.append(Shape("rect", sky.x, sky.y, sky.w, sky.h, r=10, fill=SKY_COLOUR,
                                      stroke="#7fb2dd", dash="5,4"))  # fmt: skip
            scene.shapes.append(label(sky.x + PAD, sky.y + 15, f"in the air above {zone.name}", 9.5,
                                      sky.w - 2 * PAD, italic=True, fill="#2b5d8a"))  # fmt: skip
            scene.shapes.append(Shape("line", points=((box.cx, sky.y + sky.h), (box.cx, box.y)),
                                      stroke="#7fb2dd", width=2, dash="3,3"))  # fmt: skip
        fill = "#3a3a3a" if zone.dark else "#dadada" if zone.dim else "#f7f7f2"
        goal = goals.get(z, [])
        edge, thick = (GOAL_COLOUR, 3.5) if goal else ("#2ca02c", 3.0) if zone.exit else ("#555555", 1.5)
        scene.shapes.append(
            Shape("rect", box.x, box.y, box.w, box.h, r=10, fill=fill, stroke=edge, width=thick)
        )
        text = "#ffffff" if zone.dark else "#111111"
        flag = 0.0
        if goal:
            word = "GOAL: " + ", ".join(goal)
            flag = min(box.w / 2, text_width(word, 9, True) + 12)
            scene.shapes.append(
                Shape("rect", box.x + box.w - flag - 6, box.y + 5, flag, 16, r=3, fill=GOAL_COLOUR)
            )
            scene.shapes.append(label(box.x + box.w - 6 - flag / 2, box.y + 17, word, 9, flag - 6,
                                      anchor="middle", bold=True, fill="#ffffff"))  # fmt: skip
            scene.goals[zone.name] = ", ".join(goal)
        scene.shapes.append(label(box.x + PAD, box.y + 17, zone.name, 12.5, box.w - 2 * PAD - flag - 6,
                                  bold=True, fill=text))  # fmt: skip
        features = [f for f in ("cluttered", "dim", "dark", "cramped") if getattr(zone, f)]
        if zone.exit:
            features.append("exit")
        if not zone.vehicles:
            features.append("no vehicles")
        if zone.covers:
            features.append("cover: " + ", ".join(c.replace("_", " ") for c in zone.covers))
        if features:
            scene.shapes.append(label(box.x + PAD, box.y + 32, "; ".join(features), 9, box.w - 2 * PAD,
                                      italic=True, fill="#dddddd" if zone.dark else "#555555"))  # fmt: skip


def _people_shapes(
    scene: Scene, state: GameState, plan: MapPlan, controlled: set[int]
) -> dict[int, tuple[float, float]]:
    """Vehicles (on the ground or in the sky above their zone), then people and loose mounts."""
    spots: dict[int, tuple[float, float]] = {}
    ground_top = [box.y + ZONE_HEAD for box in plan.zones]
    sky_top = [box.y + 22 if box is not None else 0.0 for box in plan.skies]
    for v in state.vehicles:
        if v.zone < 0:
            continue
        height = _vehicle_height(v)
        base = plan.zones[v.zone]
        if not airborne(v):
            box = Box(base.x + PAD, ground_top[v.zone], base.w - 2 * PAD, height - PAD)
            ground_top[v.zone] += height + PAD
            _vehicle(scene, state, v, box, controlled, spots, state.zone_map.zones[v.zone].name)
        else:
            sky = plan.skies[v.zone]
            left = sky.x if sky is not None else base.x
            box = Box(left + PAD, sky_top[v.zone], base.w - 2 * PAD, height - PAD)
            sky_top[v.zone] += height + PAD
            _vehicle(scene, state, v, box, controlled, spots, state.zone_map.zones[v.zone].name)
    count = [0] * len(plan.zones)
    zm = state.zone_map
    for c in state.combatants:
        if c.vehicle >= 0:
            continue
        k, box = count[c.zone], plan.zones[c.zone]
        count[c.zone] += 1
        x = box.x + PAD + (k % PER_ROW) * CELL_W
        y = ground_top[c.zone] + (k // PER_ROW) * CELL_H
        spots[c.id] = _person(scene, state, c, x, y, zm.zones[c.zone].name, controlled, zm.zones[c.zone].dark)
    for c in state.combatants:
        if not riderless(c) or c.mount is None:
            continue
        z = c.mount.zone
        k, box = count[z], plan.zones[z]
        count[z] += 1
        cx = box.x + PAD + (k % PER_ROW) * CELL_W + CELL_W / 2
        y = ground_top[z] + (k // PER_ROW) * CELL_H
        _horse(scene.shapes, cx, y + BADGE_R + 3)
        scene.shapes.append(label(cx, y + 44.5, c.mount.name, 9.5, CELL_W - 6, anchor="middle",
                                  fill="#ffffff" if zm.zones[z].dark else "#111111"))  # fmt: skip
        scene.shapes.append(label(cx, y + 72, "riderless", 8.5, CELL_W - 4, anchor="middle",
                                  italic=True, fill="#555555"))  # fmt: skip
        scene.riderless.append((c.mount.name, zm.zones[z].name))
    return spots


def _attack_shapes(scene: Scene, log: Sequence[Event], spots: dict[int, tuple[float, float]]) -> None:
    for e in reversed(log):
        if e.kind in ("hit", "miss") and e.actor >= 0 and e.target >= 0:
            if e.actor in spots and e.target in spots and spots[e.actor] != spots[e.target]:
                hit = e.kind == "hit"
                colour = "#d62728" if hit else "#7f7f7f"
                scene.shapes += arrow(
                    spots[e.actor], spots[e.target], colour, "" if hit else "6,4", BADGE_R + 2
                )
            return


def arrow(start: tuple[float, float], end: tuple[float, float], colour: str, dash: str = "",
          gap: float = 0.0) -> list[Shape]:  # fmt: skip
    """A shaft from start to end, both shortened by `gap`, and a filled head at the end."""
    (x0, y0), (x1, y1) = start, end
    length = max(1e-6, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    x0, y0, x1, y1 = x0 + ux * gap, y0 + uy * gap, x1 - ux * gap, y1 - uy * gap
    bx, by = x1 - ux * 10, y1 - uy * 10
    head = ((x1, y1), (bx - uy * 5, by + ux * 5), (bx + uy * 5, by - ux * 5), (x1, y1))
    return [Shape("line", points=((x0, y0), (bx, by)), stroke=colour, width=2.5, dash=dash),
            Shape("line", points=head, fill=colour, stroke=colour)]  # fmt: skip


def _turn_order(state: GameState) -> list[TurnCard]:
    cards = []
    for k, cid in enumerate(state.order):
        c = state.combatants[cid]
        current = state.phase == Phase.COMBAT and k == state.turn_pos
        cards.append(TurnCard(state.cards[cid], c.name, state.setup.sides[c.side], current, c.acted))
    return cards


def _panel_shapes(scene: Scene, state: GameState, left: float, controlled: set[int]) -> float:
    """The turn order and the legend in a column right of the map; returns its height."""
    shapes = scene.shapes
    width = PANEL_W - 2 * PAD
    y = TITLE_H + 4
    shapes.append(
        label(left, y + 12, f"Turn order, round {state.round}", 12, width, bold=True, fill="#111111")
    )
    y += 20
    scene.turn_order = _turn_order(state)
    end = y + 18 * max(1, len(state.combatants))  # room for everyone's card: the same every frame
    if not scene.turn_order:
        shapes.append(
            label(left, y + 12, "initiative cards not drawn yet", 9.5, width, italic=True, fill="#555555")
        )
        y += 18
    for card in scene.turn_order:
        holder = state.setup.sides.index(card.side)
        if card.current:
            shapes.append(Shape("rect", left - 4, y + 1, width + 8, 17, r=3, fill="#fff2b3"))
        shapes.append(Shape("circle", left + 6, y + 10, r=5, fill=_colour(holder)))
        words = f"#{card.card}  {card.name}" + ("  (done)" if card.done else "")
        shapes.append(label(left + 16, y + 14, ("\u25b6 " if card.current else "") + words, 10, width - 16,
                            bold=card.current, fill="#888888" if card.done and not card.current else "#111111"))  # fmt: skip
        y += 18
    y = end + 12
    shapes.append(label(left, y + 12, "Legend", 12, width, bold=True, fill="#111111"))
    y += 22
    entries = _side_entries(state.setup.sides, left, controlled)
    entries += [
        (
            "black ring: in cover",
            Shape("circle", left + 8, 0, r=7, fill="#bbbbbb", stroke="#000000", width=3),
        ),
        ("grey with a cross: dead", Shape("circle", left + 8, 0, r=7, fill="#9e9e9e")),
        ("faded: Broken, out of the fight", Shape("circle", left + 8, 0, r=7, fill="#888888", opacity=0.45)),
        ("green bar: health (or Strength)", Shape("rect", left, -2, 16, 4, fill="#2ca02c")),
        ("blue bar: resolve (or Wits)", Shape("rect", left, -2, 16, 4, fill="#3366cc")),
        ("brown horse under a badge: a rider", Shape("rect", left, -5, 16, 9, r=4, fill=MOUNT_COLOUR)),
        (
            "framed box: a vehicle and who is aboard",
            Shape("rect", left, -6, 16, 11, r=2, fill="#f3ead3", stroke="#6b6b6b", width=1.5),
        ),
        (
            "blue dashed box: in the air above a zone",
            Shape("rect", left, -6, 16, 11, r=2, fill=SKY_COLOUR, stroke="#7fb2dd", dash="3,2"),
        ),
        ("GOAL: the zone a side must reach", Shape("rect", left, -6, 16, 11, r=2, fill=GOAL_COLOUR)),
        (
            "green frame: an exit",
            Shape("rect", left, -6, 16, 11, r=2, fill="#ffffff", stroke="#2ca02c", width=2),
        ),
        (
            "red arrow: the last hit (grey dashed: a miss)",
            Shape("line", points=((left, 0), (left + 17, 0)), stroke="#d62728"),
        ),
        (
            "thick grey line: open way between zones",
            Shape("line", points=((left, 0), (left + 16, 0)), stroke="#c4c4c4", width=6),
        ),
    ]
    for door, colour in DOOR_COLOURS.items():
        entries.append((f"dashed: {door.name.lower()} door or hatch",
                        Shape("line", points=((left, 0), (left + 16, 0)), stroke=colour, width=3, dash="5,2")))  # fmt: skip
    return _legend(scene, entries, left, y, width) - TITLE_H + PAD


def _side_entries(sides: Sequence[str], left: float, controlled: set[int]) -> list[tuple[str, Shape]]:
    """Legend entries for the sides' colours and the learner's ring."""
    entries = [
        (f"side: {side}", Shape("circle", left + 8, 0, r=7, fill=_colour(k))) for k, side in enumerate(sides)
    ]
    if controlled:
        entries.append(("gold ring: the learner's", Shape("circle", left + 8, 0, r=7, fill="#ffffff",
                                                           stroke="#f5b800", width=3)))  # fmt: skip
    return entries


def _legend(scene: Scene, entries: list[tuple[str, Shape]], left: float, y: float, width: float) -> float:
    """The legend's entries (text and a sample drawn around y = 0), one a line from `y`; returns the
    y below them."""
    shapes = scene.shapes
    for text, sample in entries:
        mid = y + 8
        if sample.kind == "line" and text.startswith("red arrow"):
            shapes += arrow((left, mid), (left + 17, mid), sample.stroke)
        elif sample.kind == "line":
            shapes.append(Shape("line", points=tuple((px, py + mid) for px, py in sample.points),
                                stroke=sample.stroke, width=sample.width, dash=sample.dash))  # fmt: skip
        elif sample.kind == "circle":
            shapes.append(Shape("circle", sample.x, mid, r=sample.r, fill=sample.fill, stroke=sample.stroke,
                                width=sample.width, opacity=sample.opacity))  # fmt: skip
        else:
            shapes.append(Shape("rect", sample.x, mid + sample.y, sample.w, sample.h, r=sample.r, fill=sample.fill,
                                stroke=sample.stroke, width=sample.width, dash=sample.dash))  # fmt: skip
        if text.startswith("grey with a cross"):
            shapes.append(
                Shape("line", points=((left + 3, mid - 5), (left + 13, mid + 5)), stroke="#000000", width=1.8)
            )
        shapes.append(label(left + 24, mid + 3.5, text, 9, width - 24, fill="#222222"))
        scene.legend.append(text)
        y += 17
    return y


def title(state: GameState) -> str:
    """The scenario, the round, and who decides now (or how it ended)."""
    words = f"{state.setup.name} \u2014 round {state.round}/{state.setup.victory.round_cap}"
    if state.phase == Phase.OVER:
        out = engine.outcome(state)
        if out is not None:
            words += f" \u2014 over: {out.winner or 'no winner'} ({out.reason})"
    else:
        actor = state.combatants[engine.current_actor(state)]
        kind = engine.decision_kind(state).replace("_", " ")
        words += f" \u2014 {actor.name} ({state.setup.sides[actor.side]}) decides: {kind}"
    return words


def frame_size(state: GameState, controlled: Iterable[int] = ()) -> tuple[int, int]:
    """(width, height) in pixels of every picture of this game (room_needs), whatever happens in it."""
    plan = plan_map(state, [room_needs(state)])
    panel = _panel_shapes(Scene(0, 0, ""), state, 0, set(controlled))
    return math.ceil(plan.width + PANEL_W), math.ceil(max(plan.height, TITLE_H + panel))


def build_scene(state: GameState, log: Sequence[Event] = (), controlled: Iterable[int] = (),
                plan: MapPlan | None = None) -> Scene:  # fmt: skip
    """The scene of the game now; `plan` keeps zone boxes fixed across the frames of one game."""
    plan = plan or plan_map(state)
    mine = set(controlled)
    goals: dict[int, list[str]] = {}
    for side, zone in state.setup.victory.reach_zone.items():
        goals.setdefault(zone, []).append(state.setup.sides[side])
    scene = Scene(math.ceil(plan.width + PANEL_W), math.ceil(plan.height), title(state))
    scene.shapes.append(Shape("rect", 0, 0, scene.width, scene.height, fill="#ffffff"))
    scene.shapes.append(
        label(PAD, 22, scene.title, 14, plan.width + PANEL_W - 2 * PAD, bold=True, fill="#111111")
    )
    _border_shapes(scene, state, plan)
    _zone_shapes(scene, state, plan, goals)
    spots = _people_shapes(scene, state, plan, mine)
    _attack_shapes(scene, log, spots)
    panel = _panel_shapes(scene, state, plan.width + PAD, mine)
    scene.height = max(scene.height, math.ceil(TITLE_H + panel))
    scene.shapes[0] = Shape("rect", 0, 0, scene.width, scene.height, fill="#ffffff")
    return scene


# --- the chase ------------------------------------------------------------------------------------

BAND_W = 100  # one column of the strip of range bands
STRIP_HEAD = 64  # the band names and the obstacle banner above the lanes
LANE_GAP = 12
OBSTACLE_COLOUR = "#e8740c"
BAND_WORDS = (*RANGE_NAMES, "beyond")


@dataclass(frozen=True, slots=True)
class UnitView:
    """A chase participant as drawn: its column on the strip (bands from the rearmost participant),
    role, status and crew."""

    name: str
    side: str
    role: str  # "pursuer" or "prey"
    status: str  # in, escaped, lost, caught, out, combat
    band: int  # 0..5: its column, capped at "beyond"
    altitude: int
    crew: tuple[str, ...]
    vehicle: bool
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class RangeView:
    """The range band between two participants still chasing each other."""

    a: str
    b: str
    band: str  # Engaged .. Extreme, or "beyond"


def _lane_height(state: ChaseState, u: int) -> float:
    """A lane's height: its vehicle's box with room for the crew it started with, or one runner."""
    unit = state.units[u]
    if unit.vehicle < 0:
        return VEHICLE_HEAD + CELL_H + PAD
    crew = max(
        len(state.vehicles[unit.vehicle].occupants), len(state.scenario.vehicles[unit.vehicle].occupants)
    )
    return VEHICLE_HEAD + _rows(max(1, crew)) * CELL_H + PAD


def chase_title(state: ChaseState) -> str:
    """The chase, its round, and who decides now (or how it ended)."""
    words = f"{state.scenario.name} \u2014 round {state.round}/{state.options.chase_max_rounds}"
    if state.phase == ChasePhase.OVER:
        out = chase.outcome(state)
        if out is not None:
            words += f" \u2014 over: {out.winner or 'no winner'} ({out.reason})"
    else:
        actor = state.world.combatants[chase.current_actor(state)]
        kind = chase.decision_kind(state).replace("_", " ")
        words += f" \u2014 {actor.name} ({state.world.setup.sides[actor.side]}) decides: {kind}"
    return words


def _chase_order(state: ChaseState) -> list[TurnCard]:
    """Who acts this round: while choosing, who has chosen (never what: the choices are secret until
    the reveal, CHASE-08) and who is still to choose; while resolving, the revealed actions
    (CHASE-10) in the order they resolve, and who is asked now."""
    people, sides = state.world.combatants, state.world.setup.sides
    cards: list[TurnCard] = []
    if state.phase == ChasePhase.CHOOSE:
        slots = [(key, True) for key in state.choices] + [(key, False) for key in state.choosers]
        for k, ((c, slot), done) in enumerate(slots):
            what = "action" if slot == PILOT else "shot" if slot == SHOOTER else "auto weapon"
            current = not done and (c, slot) == state.choosers[0]
            word = "chosen" if done else "to choose"
            cards.append(
                TurnCard(k + 1, f"{people[c].name}: {what} ({word})", sides[people[c].side], current, done)
            )
    elif state.phase == ChasePhase.RESOLVE:
        for k, (u, act) in enumerate(state.acts.items()):
            name = unit_names(state.scenario)[u]
            cards.append(TurnCard(k + 1, f"{name}: {chase.describe(state, act)}", sides[state.units[u].side],
                                  False, False))  # fmt: skip
        if state.asking >= 0:
            c = people[state.asking]
            cards.append(
                TurnCard(len(cards) + 1, f"{c.name} decides: {state.ask}", sides[c.side], True, False)
            )
    return cards


def _chase_panel(scene: Scene, state: ChaseState, left: float, controlled: set[int]) -> float:
    """Who acts this round and the legend in a column right of the strip; returns its bottom."""
    shapes = scene.shapes
    width = PANEL_W - 2 * PAD
    y = TITLE_H + 4
    phase = ("choosing in secret", "resolving", "over")[int(state.phase)]
    shapes.append(label(left, y + 12, f"Round {state.round}: {phase}", 12, width, bold=True, fill="#111111"))
    y += 20
    scene.turn_order = _chase_order(state)
    slots = sum(1 + len(v.weapons) for v in state.vehicles) + len(state.world.combatants) + 1
    end = y + 18 * max(slots, len(state.units) + 1)  # room for the longest list: the same every frame
    if not scene.turn_order:
        shapes.append(label(left, y + 12, "nobody acts", 9.5, width, italic=True, fill="#555555"))
    for card in scene.turn_order:
        holder = state.world.setup.sides.index(card.side)
        if card.current:
            shapes.append(Shape("rect", left - 4, y + 1, width + 8, 17, r=3, fill="#fff2b3"))
        shapes.append(Shape("circle", left + 6, y + 10, r=5, fill=_colour(holder)))
        shapes.append(label(left + 16, y + 14, ("\u25b6 " if card.current else "") + card.name, 10, width - 16,
                            bold=card.current, fill="#888888" if card.done else "#111111"))  # fmt: skip
        y += 18
    y = end + 12
    shapes.append(label(left, y + 12, "Legend", 12, width, bold=True, fill="#111111"))
    entries = _side_entries(state.world.setup.sides, left, controlled)
    entries += [
        ("square on the strip: a vehicle", Shape("rect", left + 1, -6, 14, 12, r=3, fill="#888888")),
        ("round on the strip: a runner", Shape("circle", left + 8, 0, r=7, fill="#888888")),
        ("faded: out of the chase", Shape("circle", left + 8, 0, r=7, fill="#888888", opacity=0.35)),
        (
            "line with a band: the range between them",
            Shape("line", points=((left, 0), (left + 16, 0)), stroke="#444444", width=2),
        ),
        ("orange: this round's obstacle", Shape("rect", left, -6, 16, 11, r=2, fill=OBSTACLE_COLOUR)),
        (
            "framed box: a vehicle and who is aboard",
            Shape("rect", left, -6, 16, 11, r=2, fill="#f3ead3", stroke="#6b6b6b", width=1.5),
        ),
        (
            "dashed frame: wrecked",
            Shape("rect", left, -6, 16, 11, r=2, fill="#d9c9c0", stroke="#6b6b6b", width=1.5, dash="3,2"),
        ),
        ("grey with a cross: dead", Shape("circle", left + 8, 0, r=7, fill="#9e9e9e")),
        ("green bar: health (or Strength)", Shape("rect", left, -2, 16, 4, fill="#2ca02c")),
        ("blue bar: resolve, stress (or Wits)", Shape("rect", left, -2, 16, 4, fill="#3366cc")),
        (
            "red arrow: the last hit (grey dashed: a miss)",
            Shape("line", points=((left, 0), (left + 17, 0)), stroke="#d62728"),
        ),
    ]
    return _legend(scene, entries, left, y + 22, width) + PAD


def _strip_shapes(scene: Scene, state: ChaseState, top: float, bottom: float) -> None:
    """The band columns counted from the rearmost participant, and the obstacle banner."""
    for k, word in enumerate(BAND_WORDS):
        x = PAD + k * BAND_W
        scene.shapes.append(
            Shape("rect", x, top, BAND_W, bottom - top, fill="#f2f2ec" if k % 2 else "#e6e6dc")
        )
        scene.shapes.append(label(x + BAND_W / 2, top + 15, word, 10.5, BAND_W - 6, anchor="middle", bold=True,
                                  fill="#444444"))  # fmt: skip
    o = obstacle(state.scenario.obstacle_table, state.obstacle)
    if o is None:
        return
    words = f"Obstacle: {o.name} ({o.table} D10 = {o.row}): {o.effect}"
    scene.obstacle = f"{o.name}: {o.effect}"
    wide = len(BAND_WORDS) * BAND_W
    scene.shapes.append(Shape("rect", PAD, top + 23, wide, 34, r=5, fill=OBSTACLE_COLOUR))
    for k, line in enumerate(wrap(words, 9.5, wide - 12)):
        scene.shapes.append(label(PAD + 6, top + 37 + 12 * k, line, 9.5, wide - 12, fill="#ffffff"))


def _runner(scene: Scene, state: ChaseState, u: int, box: Box, controlled: set[int], where: str,
            spots: dict[int, tuple[float, float]]) -> None:  # fmt: skip
    """A runner's card: a light box with the name and the person."""
    c = state.world.combatants[state.units[u].pilot]
    scene.shapes.append(
        Shape("rect", box.x, box.y, box.w, box.h, r=6, fill="#fbfbf7", stroke=_colour(c.side))
    )
    scene.shapes.append(label(box.x + PAD, box.y + 14, f"{c.name} (on foot)", 11, box.w - 2 * PAD, bold=True,
                              fill="#222222"))  # fmt: skip
    spots[c.id] = _person(scene, state.world, c, box.x + PAD, box.y + VEHICLE_HEAD, where, controlled, False)


def _marker(
    scene: Scene, state: ChaseState, u: int, x: float, y: float, controlled: set[int], role: str
) -> None:
    """A participant's mark on the strip: a square for a vehicle, a circle for a runner."""
    unit = state.units[u]
    mine = any(c in controlled for c in state.crew(u))
    faded = 1.0 if unit.status == "in" else 0.35
    ring, thick = ("#f5b800", 3.0) if mine else ("#ffffff", 1.2)
    if unit.vehicle >= 0:
        scene.shapes.append(Shape("rect", x - 15, y - 12, 30, 24, r=4, fill=_colour(unit.side), stroke=ring,
                                  width=thick, opacity=faded))  # fmt: skip
    else:
        scene.shapes.append(Shape("circle", x, y, r=BADGE_R, fill=_colour(unit.side), stroke=ring, width=thick,
                                  opacity=faded))  # fmt: skip
    scene.shapes.append(label(x, y + 4, badge(unit_names(state.scenario)[u]), 10, 26, anchor="middle", bold=True,
                              fill="#ffffff"))  # fmt: skip
    words = role if unit.status == "in" else f"{role}, {unit.status}"
    if state.altitude(u):
        words += f", alt {state.altitude(u)}"
    scene.shapes.append(
        label(x, y + 27, words, 8.5, BAND_W - 4, anchor="middle", italic=True, fill="#333333")
    )


def chase_size(state: ChaseState, controlled: Iterable[int] = ()) -> tuple[int, int]:
    """(width, height) in pixels of every picture of this chase, whatever happens in it."""
    lanes = TITLE_H + STRIP_HEAD + sum(_lane_height(state, u) + LANE_GAP for u in range(len(state.units)))
    panel = _chase_panel(Scene(0, 0, ""), state, 0, set(controlled))
    width = PAD + len(BAND_WORDS) * BAND_W + GAP_Y + ZONE_W + 2 * PAD + PANEL_W
    return math.ceil(width), math.ceil(max(lanes + PAD, panel))


def build_chase_scene(state: ChaseState, log: Sequence[Event] = (), controlled: Iterable[int] = ()) -> Scene:
    """The scene of a chase now: one lane per participant with its mark on the strip of range bands
    (CHASE-MULTI-04, counted from the rearmost participant), the range between every pair still
    chasing each other, its card (the vehicle with Hull, armor, altitude and who sits where, or the
    runner), this round's obstacle, who acts, and a legend; the last shot as an arrow."""
    mine = set(controlled)
    width, height = chase_size(state, mine)
    scene = Scene(width, height, chase_title(state))
    scene.shapes.append(Shape("rect", 0, 0, width, height, fill="#ffffff"))
    scene.shapes.append(label(PAD, 22, scene.title, 14, width - 2 * PAD, bold=True, fill="#111111"))
    strip_bottom = (
        TITLE_H + STRIP_HEAD + sum(_lane_height(state, u) + LANE_GAP for u in range(len(state.units)))
    )
    _strip_shapes(scene, state, TITLE_H, strip_bottom)
    low = min((unit.pos for unit in state.units if unit.status == "in"),
              default=min((unit.pos for unit in state.units), default=0))  # fmt: skip
    pursuer = state.scenario.pursuer
    card_x = PAD + len(BAND_WORDS) * BAND_W + GAP_Y
    spots: dict[int, tuple[float, float]] = {}
    marks: list[tuple[float, float]] = []
    y = TITLE_H + STRIP_HEAD
    for u, unit in enumerate(state.units):
        lane = _lane_height(state, u)
        band = max(0, min(BEYOND, unit.pos - low))
        role = "pursuer" if unit.side == pursuer else "prey"
        x, mid = PAD + band * BAND_W + BAND_W / 2, y + lane / 2 - 8
        marks.append((x, mid))
        scene.shapes.append(Shape("line", points=((PAD, y + lane + LANE_GAP / 2),
                                                  (card_x - GAP_Y / 2, y + lane + LANE_GAP / 2)),
                                  stroke="#cfcfc4", width=1, dash="4,4"))  # fmt: skip
        box = Box(card_x, y, ZONE_W, lane - PAD)
        if unit.vehicle >= 0:
            _vehicle(scene, state.world, state.vehicles[unit.vehicle], box, mine, spots, BAND_WORDS[band])
        else:
            _runner(scene, state, u, box, mine, BAND_WORDS[band], spots)
        scene.units.append(UnitView(unit_names(state.scenario)[u], state.world.setup.sides[unit.side], role, unit.status,
                                    band, state.altitude(u), tuple(state.world.combatants[c].name for c in state.crew(u)),
                                    unit.vehicle >= 0, x, mid))  # fmt: skip
        y += lane + LANE_GAP
    for a in range(len(state.units)):
        for b in range(a + 1, len(state.units)):
            if state.chasing(a, b):
                _range_shapes(scene, state, a, b, marks)
    for u in range(len(state.units)):
        _marker(scene, state, u, *marks[u], mine, scene.units[u].role)
    _attack_shapes(scene, log, spots)
    _chase_panel(scene, state, width - PANEL_W + PAD, mine)
    return scene


def _range_shapes(scene: Scene, state: ChaseState, a: int, b: int, marks: list[tuple[float, float]]) -> None:
    """A line between two participants' marks with the range band between them (CHASE-04/18)."""
    word = BAND_WORDS[state.range(a, b)]
    (xa, ya), (xb, yb) = marks[a], marks[b]
    scene.shapes.append(Shape("line", points=((xa, ya), (xb, yb)), stroke="#444444", width=2))
    mx, my = (xa + xb) / 2, (ya + yb) / 2
    wide = text_width(word, 9.5, True) + 12
    scene.shapes.append(Shape("rect", mx - wide / 2, my - 9, wide, 17, r=4, fill="#ffffff", stroke="#444444"))
    scene.shapes.append(label(mx, my + 3.5, word, 9.5, wide, anchor="middle", bold=True, fill="#222222"))
    scene.ranges.append(RangeView(*(unit_names(state.scenario)[k] for k in (a, b)), word))
