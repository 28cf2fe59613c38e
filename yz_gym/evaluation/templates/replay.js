"use strict";
const D = JSON.parse(document.getElementById("replay-data").textContent);
const NS = "http://www.w3.org/2000/svg";
const svg = document.getElementById("map"), logBox = document.getElementById("log");
const slider = document.getElementById("slider");
svg.setAttribute("viewBox", "0 0 " + D.width + " " + D.height);
svg.setAttribute("width", D.width); svg.setAttribute("height", D.height);
const ANCHOR = {start: "start", middle: "middle", end: "end"};
const CHASE = D.mode === "chase";  // a chase: the same scene shapes; `advise` reads zone fights only
document.getElementById("advice").hidden = CHASE;
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
let frame = 0;
function draw() {
  const f = D.frames[frame];
  svg.replaceChildren();
  for (const i of f.shapes) { const s = D.shapes[i]; const e = shape(s); svg.appendChild(e); fit(e, s); }
  const lines = [];
  for (let k = 0; k <= frame; k++) lines.push(...D.frames[k].log);
  logBox.textContent = lines.slice(-200).join("\n") + (f.next ? "\n" : "");
  if (f.next) { const n = document.createElement("span"); n.className = "next"; n.textContent = "next: " + f.next; logBox.appendChild(n); }
  logBox.scrollTop = logBox.scrollHeight;
  slider.value = String(frame);
  document.getElementById("where").textContent = "step " + f.step + " / " + D.lastStep + (CHASE ? ", chase round " : ", round ") + f.round;
  document.getElementById("advise").textContent = "yz-gym advise --replay " + D.replayFile + " --at " + f.step;
  try { history.replaceState(null, "", "#step=" + f.step); } catch (error) { /* some browsers refuse it on file: pages */ }
}
function go(k) { frame = Math.max(0, Math.min(D.frames.length - 1, k)); draw(); }
document.getElementById("first").onclick = () => go(0);
document.getElementById("last").onclick = () => go(D.frames.length - 1);
document.getElementById("prev").onclick = () => go(frame - 1);
document.getElementById("next").onclick = () => go(frame + 1);
slider.oninput = () => go(Number(slider.value));
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight") go(frame + 1); if (e.key === "ArrowLeft") go(frame - 1);
  if (e.key === "Home") go(0); if (e.key === "End") go(D.frames.length - 1);
});
const asked = /^#step=(\d+)$/.exec(location.hash);
go(asked ? Number(asked[1]) : 0);
