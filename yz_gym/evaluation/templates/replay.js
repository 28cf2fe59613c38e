const D = JSON.parse(document.getElementById("replay-data").textContent);
const svg = document.getElementById("map"), logBox = document.getElementById("log");
const slider = document.getElementById("slider");
svg.setAttribute("viewBox", "0 0 " + D.width + " " + D.height);
svg.setAttribute("width", D.width); svg.setAttribute("height", D.height);
const CHASE = D.mode === "chase";  // a chase: the same scene shapes; `advise` reads zone fights only
document.getElementById("advice").hidden = CHASE;
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
