"use strict";
// Paints the scene shapes of yz_gym/envs/scene.py as SVG (the replay page and the studio):
// attributes and textContent only, never markup.
const NS = "http://www.w3.org/2000/svg";
const ANCHOR = {start: "start", middle: "middle", end: "end"};
function shape(s) {
  const tag = s.k === "line" ? (s.fill ? "polygon" : "polyline") : s.k;
  const e = document.createElementNS(NS, tag);
  const set = (name, value) => { if (value !== undefined) e.setAttribute(name, String(value)); };
  if (s.k === "rect") { set("x", s.x || 0); set("y", s.y || 0); set("width", s.w || 0); set("height", s.h || 0); set("rx", s.r); }
  else if (s.k === "circle") { set("cx", s.x || 0); set("cy", s.y || 0); set("r", s.r || 0); }
  else if (s.k === "line") { set("points", (s.points || []).map(p => Number(p[0]) + "," + Number(p[1])).join(" ")); }
  else if (s.k === "text") {
    set("x", s.x || 0); set("y", s.y || 0); set("font-size", s.size === undefined ? 10 : s.size);
    set("text-anchor", ANCHOR[s.anchor] || "start"); set("font-family", "DejaVu Sans, Verdana, Arial, sans-serif");
    if (s.bold) set("font-weight", "bold"); if (s.italic) set("font-style", "italic");
    e.textContent = s.text || "";
  }
  set("fill", s.k === "text" ? (s.fill || "#000") : (s.fill || "none"));
  if (s.k !== "text") { set("stroke", s.stroke || "none"); set("stroke-width", s.width === undefined ? 1 : s.width); }
  if (s.dash) set("stroke-dasharray", s.dash);
  if (s.opacity !== undefined) set("opacity", s.opacity);
  return e;
}
function fit(e, s) {  // a label wider than its room is squeezed into it
  if (s.k === "text" && s.fit && e.getComputedTextLength() > s.fit) {
    e.setAttribute("textLength", String(s.fit)); e.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}
