"""The picture of a DX3 fight now, as scene shapes (envs/scene.py) for the HTML replay: the line of
metres with its ticks, each engagement (a position with fighters) as a column of cards hung from
its place on the line (blockaded ones marked 封鎖), each fighter's card with its side's colour, HP,
侵蝕率 and state (戦闘不能, dead, 行動済み, 暴走 ...), the one deciding outlined, the last attack as an
arrow, and a panel with the order of 行動値 and a legend."""

from __future__ import annotations

from collections.abc import Sequence

from yz_gym.core.events import Event
from yz_gym.envs.scene import (
    PAD,
    SIDE_COLOURS,
    Scene,
    Shape,
    Token,
    TurnCard,
    _legend,
    arrow,
    badge,
    label,
)
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import DECISIONS, Dx3State, Fighter

CARD_W, CARD_H = 150, 58
COLUMN_GAP = 14
AXIS_Y = 70  # the line of metres
CARDS_Y = 112  # the top of the first card
PANEL_W = 250
TITLE_H = 34
DOWN_FILL = "#d9d9d9"
ACTOR_STROKE = "#f0a500"


def _title(state: Dx3State) -> str:
    """The fight, the round, and who decides now (or how it ended)."""
    name, r = state.scenario.name, state.round
    if engine.is_over(state):
        return f"{name}: over after round {r} ({state.end_reason})"
    actor = state.fighters[engine.current_actor(state)]
    return f"{name}: round {r}, {actor.name} decides ({DECISIONS[state.phase]})"


def _state_words(state: Dx3State, f: Fighter) -> str:
    """A fighter's state in a few words."""
    words = ["dead" if f.dead else "戦闘不能" if f.down else ""]
    words += ["行動済み" if f.acted else "", "待機" if f.waiting else "", *sorted(f.statuses)]
    return ", ".join(w for w in words if w)


def build_dx3_scene(state: Dx3State, log: Sequence[Event] = ()) -> Scene:
    """The scene of a DX3 fight now (see the module docstring)."""
    positions = sorted({f.pos for f in state.fighters})
    columns = {pos: [f for f in state.fighters if f.pos == pos] for pos in positions}
    map_w = max(len(positions) * (CARD_W + COLUMN_GAP) + 2 * PAD, 420)
    tallest = max((len(c) for c in columns.values()), default=1)
    width = map_w + PANEL_W
    height = max(CARDS_Y + tallest * (CARD_H + 8) + PAD, 360)
    scene = Scene(width, height, _title(state))
    shapes = scene.shapes
    shapes.append(Shape("rect", 0, 0, width, height, fill="#ffffff"))
    shapes.append(label(PAD, 22, scene.title, 14, width - 2 * PAD, bold=True, fill="#111111"))
    length = max(state.scenario.length, 1)
    left, right = PAD + 10, map_w - PAD - 10

    def at(pos: int) -> float:
        return left + (right - left) * pos / length

    shapes.append(Shape("line", points=((left, AXIS_Y), (right, AXIS_Y)), stroke="#444444", width=2))
    step = 5 if length <= 40 else 10
    for m in range(0, length + 1, step):
        shapes.append(Shape("line", points=((at(m), AXIS_Y - 4), (at(m), AXIS_Y + 4)), stroke="#444444"))
        shapes.append(label(at(m), AXIS_Y - 8, f"{m}", 9, 30, anchor="middle", fill="#555555"))
    shapes.append(label(right, AXIS_Y + 18, "metres", 9, 60, anchor="end", fill="#555555"))
    deciding = -1 if engine.is_over(state) else engine.current_actor(state)
    spots: dict[int, tuple[float, float]] = {}
    for k, pos in enumerate(positions):
        x = PAD + k * (CARD_W + COLUMN_GAP)
        blockade = pos in state.scenario.blockades
        shapes.append(Shape("line", points=((at(pos), AXIS_Y), (x + CARD_W / 2, CARDS_Y - 14)),
                            stroke="#888888", dash="3,3"))  # fmt: skip
        shapes.append(Shape("circle", at(pos), AXIS_Y, r=5, fill="#444444"))
        head = f"{pos} m" + (" 封鎖" if blockade else "")
        shapes.append(label(x + CARD_W / 2, CARDS_Y - 2, head, 10, CARD_W, anchor="middle", bold=True,
                            fill="#b00020" if blockade else "#222222"))  # fmt: skip
        for row, f in enumerate(columns[pos]):
            y = CARDS_Y + 6 + row * (CARD_H + 8)
            _card(scene, state, f, x, y, f.id == deciding)
            spots[f.id] = (x + 16, y + 18)
    _last_attack(scene, log, spots)
    _panel(scene, state, map_w + PAD, deciding)
    return scene


def _card(scene: Scene, state: Dx3State, f: Fighter, x: float, y: float, deciding: bool) -> None:
    """One fighter's card: badge in its side's colour, name, HP bar, 侵蝕率 and state."""
    shapes = scene.shapes
    side = state.scenario.sides[f.side]
    colour = SIDE_COLOURS[f.side % len(SIDE_COLOURS)]
    shapes.append(Shape("rect", x, y, CARD_W, CARD_H, r=6, fill=DOWN_FILL if f.down else "#f7f7f2",
                        stroke=ACTOR_STROKE if deciding else "#999999", width=3 if deciding else 1))  # fmt: skip
    shapes.append(Shape("circle", x + 16, y + 18, r=12, fill="#9e9e9e" if f.down else colour))
    shapes.append(label(x + 16, y + 22, badge(f.name), 9, 22, anchor="middle", bold=True, fill="#ffffff"))
    shapes.append(label(x + 32, y + 16, f.name + (" (PC)" if f.pc else ""), 10, CARD_W - 36, bold=True,
                        fill="#111111"))  # fmt: skip
    hp, top = f.char.hp, max(f.char.stats.max_hp, 1)
    shapes.append(Shape("rect", x + 32, y + 22, CARD_W - 40, 6, fill="#e0e0e0"))
    shapes.append(Shape("rect", x + 32, y + 22, (CARD_W - 40) * hp / top, 6, fill="#2e7d32"))
    shapes.append(label(x + 32, y + 40, f"HP {hp}/{top}  侵蝕率 {f.char.encroachment}%", 9, CARD_W - 36,
                        fill="#222222"))  # fmt: skip
    shapes.append(label(x + 6, y + 53, _state_words(state, f), 8.5, CARD_W - 10, italic=True, fill="#555555"))
    scene.tokens.append(Token(f.id, f.name, side, f"{f.pos} m", x + 16, y + 18, tag=_state_words(state, f)))


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
    _legend(scene, entries, left, y + 14, width)


__all__ = ["build_dx3_scene"]
