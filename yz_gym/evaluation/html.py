"""A self-contained HTML page that steps through a replay on the zone map (no external files)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from yz_gym.evaluation.replay import Replay
from yz_gym.io import atomic_write_text
from yz_gym.layout import zone_positions
from yz_gym.rules import engine
from yz_gym.rules.actions import Kind
from yz_gym.rules.narrate import narrate
from yz_gym.rules.state import GameState
from yz_gym.rules.zones import BorderKind, DoorState

SIDE_COLOURS = ["#2b6cb0", "#c53030", "#2f855a", "#b7791f", "#6b46c1"]


def _snapshot(state: GameState, lines: list[str], attack: tuple[int, int] | None) -> dict[str, Any]:
    """What one frame shows: where everyone stands, how hurt they are, the doors, the log lines."""
    fighters = []
    for c in state.combatants:
        if state.options.damage_model == "attribute":
            health = c.attrs[0] / max(1, c.max_attrs[0])
            resolve = c.attrs[2] / max(1, c.max_attrs[2])
        else:
            health = c.health / max(1, c.max_health)
            resolve = c.resolve / max(1, c.max_resolve)
        status = (
            "dead" if c.dead else "fled" if c.fled else "broken" if c.broken else ("prone" if c.prone else "")
        )
        fighters.append(
            {
                "zone": c.zone,
                "health": round(health, 3),
                "resolve": round(resolve, 3),
                "status": status,
                "cover": c.cover >= 0,
            }
        )
    return {
        "round": state.round,
        "fighters": fighters,
        "doors": list(state.doors),
        "log": lines,
        "attack": list(attack) if attack else None,
    }


def replay_frames(replay: Replay) -> tuple[GameState, list[dict[str, Any]]]:
    """Re-simulate the replay and snapshot the game after every decision that did something."""
    state, rng = replay.new_game()
    frames = [_snapshot(state, narrate(state, state.opening), None)]
    for step in replay.steps:
        events = engine.apply(state, step.action, rng)
        if step.action.kind in (Kind.END_TURN, Kind.DECLINE) and len(events) <= 1:
            continue
        attack = next(
            ((e.actor, e.target) for e in events if e.kind in ("hit", "miss") and e.target >= 0), None
        )
        lines = [f"{state.combatants[step.actor].name}: {step.text}.", *narrate(state, events)]
        frames.append(_snapshot(state, lines, attack))
    return state, frames


def _short(name: str) -> str:
    """A two-character badge: initials and any number ("Viper 2" -> "V2", "Mara" -> "Ma")."""
    words = name.split()
    if len(words) > 1:
        return (words[0][0] + words[-1][:2]).strip()[:3]
    return name[:2]


def write_html(replay: Replay, path: str | Path) -> Path:
    """Write the page atomically."""
    state, frames = replay_frames(replay)
    zone_map = state.zone_map
    positions = zone_positions(zone_map)
    data = {
        "title": state.setup.name,
        "sides": list(state.setup.sides),
        "colours": SIDE_COLOURS,
        "zones": [
            {
                "name": z.name,
                "x": x,
                "y": y,
                "features": [f for f in ("cluttered", "dim", "dark", "cramped") if getattr(z, f)],
                "cover": list(z.covers),
                "exit": z.exit,
            }
            for z, (x, y) in zip(zone_map.zones, positions, strict=True)
        ],
        "borders": [{"a": b.a, "b": b.b, "kind": BorderKind(b.kind).name.lower()} for b in zone_map.borders],
        "doorStates": [s.name.lower() for s in DoorState],
        "combatants": [{"name": c.name, "side": c.side, "short": _short(c.name)} for c in state.combatants],
        "frames": frames,
    }
    page = PAGE.replace("__TITLE__", html.escape(state.setup.name)).replace("__DATA__", json.dumps(data))
    return atomic_write_text(path, page)


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>__TITLE__ - yz_gym replay</title>
<style>
body{font-family:system-ui,sans-serif;margin:1em;background:#fafafa;color:#222}
#wrap{display:flex;gap:1em;flex-wrap:wrap}#map{background:#fff;border:1px solid #ccc}
#log{width:30em;height:36em;overflow:auto;background:#fff;border:1px solid #ccc;padding:.5em;font:13px monospace;white-space:pre-wrap}
button{font-size:1em;margin-right:.3em}#info{margin:.5em 0}
</style></head><body>
<h2>__TITLE__</h2>
<div id="info"><button id="first">|&lt;</button><button id="prev">&lt;</button><button id="next">&gt;</button><button id="last">&gt;|</button>
<input id="slider" type="range" min="0" value="0" style="width:20em"> <span id="where"></span></div>
<div id="wrap"><svg id="map" width="760" height="560"></svg><div id="log"></div></div>
<p>Keys: left/right arrows step, Home/End jump. Bars: green = health (Strength), blue = resolve (Wits).</p>
<script>
const D = __DATA__;
const svg = document.getElementById('map'), logBox = document.getElementById('log');
const slider = document.getElementById('slider'); slider.max = D.frames.length - 1;
const xs = D.zones.map(z => z.x), ys = D.zones.map(z => z.y);
const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
const W = 760, H = 560, ZW = 170, ZH = 110;
function px(z){ const sx = maxX > minX ? (z.x - minX) / (maxX - minX) : 0.5; return 20 + ZW/2 + sx * (W - 40 - ZW); }
function py(z){ const sy = maxY > minY ? (z.y - minY) / (maxY - minY) : 0.5; return 30 + ZH/2 + sy * (H - 60 - ZH); }
function el(tag, attrs, text){ const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]); if (text !== undefined) e.textContent = text; svg.appendChild(e); return e; }
let frame = 0;
function draw(){
  const f = D.frames[frame]; svg.innerHTML = '';
  el('defs', {}).innerHTML = '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0L10,5L0,10z" fill="#d00"/></marker>';
  D.borders.forEach((b, i) => { const a = D.zones[b.a], c = D.zones[b.b];
    const st = D.doorStates[f.doors[i]]; let colour = '#888', dash = '';
    if (b.kind === 'wall') { colour = '#333'; dash = '2,6'; }
    if (b.kind === 'door' || b.kind === 'hatch') { colour = st === 'locked' ? '#a00' : st === 'open' || st === 'broken' ? '#2a2' : '#a60'; dash = '8,4'; }
    el('line', {x1: px(a), y1: py(a), x2: px(c), y2: py(c), stroke: colour, 'stroke-width': 5, 'stroke-dasharray': dash});
    if (b.kind !== 'open') el('text', {x: (px(a)+px(c))/2, y: (py(a)+py(c))/2 - 6, 'font-size': 11, 'text-anchor': 'middle', fill: colour}, b.kind + (b.kind === 'wall' ? '' : ' (' + st + ')'));
  });
  D.zones.forEach(z => { const fill = z.features.includes('dark') ? '#555' : z.features.includes('dim') ? '#ccc' : '#f4f1e8';
    el('rect', {x: px(z)-ZW/2, y: py(z)-ZH/2, width: ZW, height: ZH, rx: 10, fill: fill, stroke: z.exit ? '#2a2' : '#999', 'stroke-width': z.exit ? 3 : 1});
    el('text', {x: px(z), y: py(z)-ZH/2+15, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 'bold', fill: z.features.includes('dark') ? '#fff' : '#222'}, z.name);
    const tags = z.features.concat(z.cover.map(c => 'cover: ' + c.replace('_', ' ')));
    el('text', {x: px(z), y: py(z)+ZH/2-6, 'text-anchor': 'middle', 'font-size': 10, fill: z.features.includes('dark') ? '#ddd' : '#666'}, tags.join(', '));
  });
  const slots = {};
  const spot = [];
  f.fighters.forEach((c, i) => { const z = D.zones[c.zone]; const k = slots[c.zone] = (slots[c.zone] || 0) + 1;
    const col = (k-1) % 4, row = Math.floor((k-1) / 4);
    spot[i] = [px(z) - ZW/2 + 22 + col * 40, py(z) - 18 + row * 34]; });
  if (f.attack) { const [a, t] = f.attack; el('line', {x1: spot[a][0], y1: spot[a][1], x2: spot[t][0], y2: spot[t][1], stroke: '#d00', 'stroke-width': 2.5, 'marker-end': 'url(#arrow)'}); }
  f.fighters.forEach((c, i) => { const [x, y] = spot[i]; const info = D.combatants[i];
    const gone = c.status === 'dead' || c.status === 'fled';
    el('circle', {cx: x, cy: y, r: 11, fill: gone ? '#bbb' : D.colours[info.side % D.colours.length], stroke: c.cover ? '#000' : '#fff', 'stroke-width': c.cover ? 3 : 1, opacity: c.status === 'broken' ? 0.5 : 1});
    el('text', {x: x, y: y + 4, 'text-anchor': 'middle', 'font-size': 10, fill: '#fff'}, info.short);
    el('rect', {x: x-14, y: y+13, width: 28, height: 4, fill: '#ddd'}); el('rect', {x: x-14, y: y+13, width: 28*c.health, height: 4, fill: '#2a2'});
    el('rect', {x: x-14, y: y+18, width: 28, height: 3, fill: '#ddd'}); el('rect', {x: x-14, y: y+18, width: 28*c.resolve, height: 3, fill: '#36c'});
    el('title', {}, info.name + ' (' + D.sides[info.side] + ')' + (c.status ? ' - ' + c.status : ''));
  });
  let text = ''; for (let k = Math.max(0, frame - 6); k <= frame; k++) text += (k === frame ? '' : '') + D.frames[k].log.join('\\n') + '\\n';
  logBox.textContent = text; logBox.scrollTop = logBox.scrollHeight;
  slider.value = frame; document.getElementById('where').textContent = 'step ' + frame + ' / ' + (D.frames.length - 1) + ', round ' + f.round;
}
function go(k){ frame = Math.max(0, Math.min(D.frames.length - 1, k)); draw(); }
document.getElementById('first').onclick = () => go(0); document.getElementById('last').onclick = () => go(D.frames.length - 1);
document.getElementById('prev').onclick = () => go(frame - 1); document.getElementById('next').onclick = () => go(frame + 1);
slider.oninput = () => go(+slider.value);
document.addEventListener('keydown', e => { if (e.key === 'ArrowRight') go(frame + 1); if (e.key === 'ArrowLeft') go(frame - 1);
  if (e.key === 'Home') go(0); if (e.key === 'End') go(D.frames.length - 1); });
draw();
</script></body></html>
"""
