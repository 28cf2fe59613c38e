"""The picture of a DX3 fight now, as scene shapes (envs/scene.py) for the HTML replay: the line of
metres with its ticks (labels spaced so they never overlap, `ruler_marks`), each engagement (a
position with fighters or vehicles) as a column hung from its place on the line (blockaded ones
marked 封鎖), each vehicle as a frame holding its riders' cards (driver first, then passengers, the
mounted weapons each holds), each fighter's card with its side's colour, HP, 侵蝕率 and state
(戦闘不能, dead, 行動済み, 暴走 ...), a hidden fighter (隠密) on a faded dashed card with where its
enemies last saw it, the one deciding outlined, the last attack as an arrow, and a panel with the
order of 行動値 and a legend."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from yz_gym.core.events import Event
from yz_gym.envs.scene import (
    PAD,
    SIDE_COLOURS,
    Box,
    Scene,
    Shape,
    Token,
    TurnCard,
    VehicleView,
    _legend,
    arrow,
    badge,
    label,
    text_width,
    wrap,
)
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import DECISIONS, Dx3State, Fighter
from yz_gym.rulesets.dx3.vehicle import Vehicle

CARD_W, CARD_H = 150, 68  # two lines of state words under the HP bar
CARD_GAP = 8  # between the cards of a column
FRAME = 5  # a vehicle's frame around its riders' cards
VEHICLE_HEAD = 30  # a vehicle's name and state above its riders
COLUMN_GAP = 2 * FRAME + 10
AXIS_Y = 70  # the line of metres
CARDS_Y = 112  # the top of a column
PANEL_W = 250
TITLE_H = 34
DOWN_FILL = "#d9d9d9"
ACTOR_STROKE = "#f0a500"
VEHICLE_FILL, VEHICLE_EDGE = "#f3ead3", "#6b5a3a"
HIDDEN_DASH = "5,3"
RULER_SIZE: Final = 9.0  # the ruler labels' font size
RULER_GAP: Final = 6.0  # the least room between two ruler labels, in pixels
RULER_STEPS: Final = (10, 20, 25, 50)  # label steps: these tenths of a power of ten (1, 2, 5, 10, 20, 25 ...)

Seen = Mapping[int, int]  # fighter id -> the position its enemies last saw it at
UNSEEN: Final[Seen] = MappingProxyType({})  # nobody seen yet


def ruler_marks(length: int, pixels: float, size: float = RULER_SIZE, gap: float = RULER_GAP) -> list[int]:
    """The metres to label on a line of `length` metres drawn `pixels` wide: the multiples of the
    smallest step of 1, 2, 5, 10, 20, 25, 50 ... metres whose labels (centred on their marks, font
    `size`) stay `gap` pixels apart, and the line's end when it has that room too."""
    length = max(length, 1)
    room = text_width(str(length), size) + gap  # the widest label and its gap
    per_metre = pixels / length
    scale = 1
    while True:
        for k in RULER_STEPS:
            step = k * scale // 10
            if step * per_metre >= room or step >= length:
                marks = list(range(0, length + 1, step))
                if marks[-1] != length and (length - marks[-1]) * per_metre >= room:
                    marks.append(length)
                return marks
        scale *= 10


def _title(state: Dx3State) -> str:
    """The fight, the round, and who decides now (or how it ended)."""
    name, r = state.scenario.name, state.round
    if engine.is_over(state):
        return f"{name}: over after round {r} ({state.end_reason})"
    actor = state.fighters[engine.current_actor(state)]
    return f"{name}: round {r}, {actor.name} decides ({DECISIONS[state.phase]})"


def _seat_words(state: Dx3State, f: Fighter) -> str:
    """Where a rider sits and the mounted weapons it holds ("" on foot)."""
    if f.vehicle < 0:
        return ""
    v = state.vehicles[f.vehicle]
    held = [w.name for w, holder in zip(v.mounted, v.holders, strict=True) if holder == f.id]
    return ", ".join(["driver" if v.driver == f.id else "passenger", *held])


def _hidden_words(f: Fighter, seen: Seen) -> str:
    """隠密 and where its enemies last saw it ("" when it is seen)."""
    if not f.hidden.hidden:
        return ""
    last = seen.get(f.id)
    return "隠密 (" + ("never seen" if last is None else f"last seen {last} m") + ")"


def _state_words(state: Dx3State, f: Fighter, seen: Seen = UNSEEN) -> str:
    """A fighter's state in a few words: seat, 隠密, 戦闘不能 or dead, 行動済み, 待機, statuses."""
    words = [
        _seat_words(state, f),
        _hidden_words(f, seen),
        "dead" if f.dead else "戦闘不能" if f.down else "",
    ]
    words += ["行動済み" if f.acted else "", "待機" if f.waiting else "", *sorted(f.statuses)]
    return ", ".join(w for w in words if w)


def _column_height(state: Dx3State, pos: int) -> float:
    """The height of the column at `pos`: its vehicles' frames, then the cards of those on foot."""
    frames = sum(
        VEHICLE_HEAD + max(len(v.aboard), 1) * (CARD_H + CARD_GAP) + FRAME for v in _vehicles_at(state, pos)
    )
    walkers = sum(1 for f in state.fighters if f.pos == pos and f.vehicle < 0)
    return frames + walkers * (CARD_H + CARD_GAP)


def _vehicles_at(state: Dx3State, pos: int) -> list[Vehicle]:
    """The vehicles at a position: those with riders, and empty or wrecked ones standing there."""
    return [v for v in state.vehicles if v.pos == pos]


def build_dx3_scene(state: Dx3State, log: Sequence[Event] = (), seen: Seen = UNSEEN) -> Scene:
    """The scene of a DX3 fight now (see the module docstring); `seen` gives where each fighter was
    last seen by its enemies (`scene_series` keeps it across a game's frames)."""
    positions = sorted({f.pos for f in state.fighters} | {v.pos for v in state.vehicles})
    map_w = max(len(positions) * (CARD_W + COLUMN_GAP) + 2 * PAD, 420)
    tallest = max((_column_height(state, pos) for pos in positions), default=CARD_H)
    width = map_w + PANEL_W
    height = max(CARDS_Y + tallest + PAD, 360)
    scene = Scene(width, height, _title(state))
    shapes = scene.shapes
    shapes.append(Shape("rect", 0, 0, width, height, fill="#ffffff"))
    shapes.append(label(PAD, 22, scene.title, 14, width - 2 * PAD, bold=True, fill="#111111"))
    length = max(state.scenario.length, 1)
    left, right = PAD + 10, map_w - PAD - 10

    def at(pos: int) -> float:
        return left + (right - left) * pos / length

    _ruler(scene, length, left, right, at)
    deciding = -1 if engine.is_over(state) else engine.current_actor(state)
    spots: dict[int, tuple[float, float]] = {}
    for k, pos in enumerate(positions):
        x = PAD + FRAME + k * (CARD_W + COLUMN_GAP)
        blockade = pos in state.scenario.blockades
        shapes.append(Shape("line", points=((at(pos), AXIS_Y), (x + CARD_W / 2, CARDS_Y - 14)),
                            stroke="#888888", dash="3,3"))  # fmt: skip
        shapes.append(Shape("circle", at(pos), AXIS_Y, r=5, fill="#444444"))
        head = f"{pos} m" + (" 封鎖" if blockade else "")
        shapes.append(label(x + CARD_W / 2, CARDS_Y - 2, head, 10, CARD_W, anchor="middle", bold=True,
                            fill="#b00020" if blockade else "#222222"))  # fmt: skip
        y: float = CARDS_Y + 6
        for v in _vehicles_at(state, pos):
            y = _vehicle(scene, state, v, x, y, deciding, spots, seen)
        for f in (f for f in state.fighters if f.pos == pos and f.vehicle < 0):
            _card(scene, state, f, x, y, f.id == deciding, seen)
            spots[f.id] = (x + 16, y + 18)
            y += CARD_H + CARD_GAP
    _last_seen(scene, state, seen, at)
    _last_attack(scene, log, spots)
    _panel(scene, state, map_w + PAD, deciding)
    return scene


def scene_series() -> Callable[[Dx3State, Sequence[Event]], Scene]:
    """`build_dx3_scene` for the frames of one game in order, remembering where each fighter's
    enemies last saw it (its place at the last frame it was not hidden)."""
    seen: dict[int, int] = {}

    def scene(state: Dx3State, log: Sequence[Event] = ()) -> Scene:
        seen.update((f.id, f.pos) for f in state.fighters if not f.hidden.hidden)
        return build_dx3_scene(state, log, dict(seen))

    return scene


def _ruler(scene: Scene, length: int, left: float, right: float, at: Callable[[int], float]) -> None:
    """The line of metres: a tick and a label at each of `ruler_marks`."""
    shapes = scene.shapes
    shapes.append(Shape("line", points=((left, AXIS_Y), (right, AXIS_Y)), stroke="#444444", width=2))
    for m in ruler_marks(length, right - left):
        shapes.append(Shape("line", points=((at(m), AXIS_Y - 4), (at(m), AXIS_Y + 4)), stroke="#444444"))
        shapes.append(label(at(m), AXIS_Y - 8, f"{m}", RULER_SIZE, 30, anchor="middle", fill="#555555"))
    shapes.append(label(right, AXIS_Y + 18, "metres", 9, 60, anchor="end", fill="#555555"))


def _vehicle(scene: Scene, state: Dx3State, v: Vehicle, x: float, y: float, deciding: int,
             spots: dict[int, tuple[float, float]], seen: Seen) -> float:  # fmt: skip
    """A vehicle's frame (name, kind, HP, 装甲値, exposed or wrecked) around its riders' cards, driver
    first; returns the y below it."""
    riders = [state.fighters[i] for i in v.aboard]
    height = VEHICLE_HEAD + max(len(riders), 1) * (CARD_H + CARD_GAP) + FRAME - CARD_GAP
    box = Box(x - FRAME, y, CARD_W + 2 * FRAME, height)
    scene.shapes.append(Shape("rect", box.x, box.y, box.w, box.h, r=7, fill="#d9c9c0" if v.destroyed else VEHICLE_FILL,
                              stroke=VEHICLE_EDGE, width=2, dash="6,3" if v.destroyed else ""))  # fmt: skip
    name = f"{v.name} ({v.kind.name.replace('_', ' ')})"
    scene.shapes.append(label(x, y + 13, name, 10, CARD_W, bold=True, fill="#222222"))
    facts = [f"HP {v.hp}/{v.spec.hp}", f"装甲値 {v.kind.armor}", "exposed" if v.spec.exposed else ""]
    facts.append("destroyed" if v.destroyed else "" if riders else "empty")
    scene.shapes.append(label(x, y + 25, ", ".join(w for w in facts if w), 8.5, CARD_W, fill="#444444"))
    top = y + VEHICLE_HEAD
    for k, f in enumerate(riders):
        _card(scene, state, f, x, top + k * (CARD_H + CARD_GAP), f.id == deciding, seen)
        spots[f.id] = (x + 16, top + k * (CARD_H + CARD_GAP) + 18)
    driver = state.fighters[v.driver].name if v.driver >= 0 else ""
    scene.vehicles.append(VehicleView(v.name, v.kind.name, f"{v.pos} m", 0, tuple(f.name for f in riders), driver,
                                      box, False))  # fmt: skip
    return y + height + CARD_GAP


def _card(scene: Scene, state: Dx3State, f: Fighter, x: float, y: float, deciding: bool, seen: Seen) -> None:
    """One fighter's card: badge in its side's colour, name, HP bar, 侵蝕率 and state; dashed and
    faded while hidden."""
    shapes = scene.shapes
    side = state.scenario.sides[f.side]
    colour = SIDE_COLOURS[f.side % len(SIDE_COLOURS)]
    hidden = f.hidden.hidden
    shapes.append(Shape("rect", x, y, CARD_W, CARD_H, r=6, fill=DOWN_FILL if f.down else "#f7f7f2",
                        stroke=ACTOR_STROKE if deciding else colour if hidden else "#999999",
                        width=3 if deciding else 1.5 if hidden else 1, dash=HIDDEN_DASH if hidden else "",
                        opacity=0.6 if hidden else 1.0))  # fmt: skip
    shapes.append(Shape("circle", x + 16, y + 18, r=12, fill="#9e9e9e" if f.down else colour,
                        opacity=0.5 if hidden else 1.0))  # fmt: skip
    shapes.append(label(x + 16, y + 22, badge(f.name), 9, 22, anchor="middle", bold=True, fill="#ffffff"))
    shapes.append(label(x + 32, y + 16, f.name + (" (PC)" if f.pc else ""), 10, CARD_W - 36, bold=True,
                        fill="#111111"))  # fmt: skip
    hp, top = f.char.hp, max(f.char.stats.max_hp, 1)
    shapes.append(Shape("rect", x + 32, y + 22, CARD_W - 40, 6, fill="#e0e0e0"))
    shapes.append(Shape("rect", x + 32, y + 22, (CARD_W - 40) * hp / top, 6, fill="#2e7d32"))
    shapes.append(label(x + 32, y + 40, f"HP {hp}/{top}  侵蝕率 {f.char.encroachment}%", 9, CARD_W - 36,
                        fill="#222222"))  # fmt: skip
    words = _state_words(state, f, seen)
    for k, line in enumerate(wrap(words, 8.5, CARD_W - 10)):
        shapes.append(label(x + 6, y + 53 + 10 * k, line, 8.5, CARD_W - 10, italic=True, fill="#555555"))
    vehicle = state.vehicles[f.vehicle] if f.vehicle >= 0 else None
    seat = "" if vehicle is None else "driver" if vehicle.driver == f.id else "passenger"
    scene.tokens.append(Token(f.id, f.name, side, f"{f.pos} m", x + 16, y + 18, vehicle.name if vehicle else "", seat,
                              tag=words))  # fmt: skip


def _last_seen(scene: Scene, state: Dx3State, seen: Seen, at: Callable[[int], float]) -> None:
    """Where each hidden fighter was last seen: a dashed ring in its side's colour under the line."""
    for f in state.fighters:
        last = seen.get(f.id)
        if f.hidden.hidden and last is not None:
            scene.shapes.append(Shape("circle", at(last), AXIS_Y + 10, r=5, fill="#ffffff", width=1.5,
                                      stroke=SIDE_COLOURS[f.side % len(SIDE_COLOURS)], dash="2,2"))  # fmt: skip


def _last_attack(scene: Scene, log: Sequence[Event], spots: dict[int, tuple[float, float]]) -> None:
    """The last attack of the step as a red arrow from the attacker to its target."""
    for e in reversed(log):
        if e.kind == "attack" and e.actor in spots and e.target in spots and e.actor != e.target:
            scene.shapes.extend(arrow(spots[e.actor], spots[e.target], "#d62728"))
            return


def _panel(scene: Scene, state: Dx3State, left: float, deciding: int) -> None:
    """The order of 行動値 this round (行動済み struck through) and the legend."""
    width = PANEL_W - 2 * PAD
    shapes = scene.shapes
    shapes.append(label(left, TITLE_H + 18, "行動値 order", 11, width, bold=True, fill="#111111"))
    y = TITLE_H + 36
    standing = [f for f in state.fighters if not f.down]
    for f in sorted(standing, key=lambda g: (-g.initiative, not g.pc, g.id)):
        side = state.scenario.sides[f.side]
        text = f"{f.initiative:>2}  {f.name} ({side})" + (" - 行動済み" if f.acted else "")
        fill = "#999999" if f.acted else "#222222"
        shapes.append(label(left, y, text, 9.5, width, bold=f.id == deciding, fill=fill))
        scene.turn_order.append(TurnCard(f.initiative, f.name, side, f.id == deciding, f.acted))
        y += 15
    entries = [
        (f"side {side}", Shape("circle", left + 8, r=6, fill=SIDE_COLOURS[i % len(SIDE_COLOURS)]))
        for i, side in enumerate(state.scenario.sides)
    ]
    entries += [
        ("戦闘不能 (grey card)", Shape("rect", left, -6, 16, 12, fill=DOWN_FILL, stroke="#999999")),
        ("the one deciding (orange frame)", Shape("rect", left, -6, 16, 12, fill="#ffffff", stroke=ACTOR_STROKE,
                                                   width=3)),
        ("red arrow: the last attack", Shape("line", stroke="#d62728")),
        ("dashed line: an engagement's place", Shape("line", points=((left, 0), (left + 17, 0)), stroke="#888888",
                                                      dash="3,3")),
    ]  # fmt: skip
    if state.vehicles:
        entries.append(("brown frame: a vehicle and its riders", Shape("rect", left, -6, 16, 12, fill=VEHICLE_FILL,
                                                                        stroke=VEHICLE_EDGE, width=2)))  # fmt: skip
    if any(f.hidden.hidden for f in state.fighters):
        entries += [
            ("dashed faded card: 隠密 (hidden)", Shape("rect", left, -6, 16, 12, fill="#f7f7f2", stroke="#555555",
                                                     dash=HIDDEN_DASH)),
            ("dashed ring: where it was last seen", Shape("circle", left + 8, r=5, fill="#ffffff",
                                                                  stroke="#555555", dash="2,2", width=1.5)),
        ]  # fmt: skip
    _legend(scene, entries, left, y + 14, width)


__all__ = ["build_dx3_scene", "ruler_marks", "scene_series"]
