// The studio page: every text from the server or the file goes in with textContent or as a form
// value, never as markup. The server checks everything; this script only gathers and shows.
const $ = id => document.getElementById(id);
const ATTRS = ["strength", "agility", "wits", "empathy"];
let current = null;  // the last checked scenario (the server's summary)
let jobTimer = null;
const RUNS = ["run", "sensitivity", "balance"];  // the buttons that start a job
let replayed = null, frame = 0;  // the sample game the page steps through, and where

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

async function post(action, body) {
  const response = await fetch("/api/" + action, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  let data;
  try { data = await response.json(); } catch (error) { data = {ok: false, errors: [{field: "<top>", message: "the server answered " + response.status}]}; }
  return data;
}

function clearErrors() {
  for (const e of document.querySelectorAll(".err")) e.remove();
  for (const e of document.querySelectorAll(".bad")) e.classList.remove("bad");
  for (const e of document.querySelectorAll(".errors")) e.replaceChildren();
}

function showErrors(errors) {  // each error beside the field with the longest matching path
  const fields = [...document.querySelectorAll("[data-field]")];
  for (const err of errors) {
    let best = null;
    for (const f of fields) {
      const name = f.dataset.field;
      if ((err.field === name || err.field.startsWith(name + "[") || err.field.startsWith(name + ".")) && f.offsetParent !== null
          && (!best || name.length > best.dataset.field.length)) best = f;
    }
    const where = best || $("errors-top");
    const text = (best && best.dataset.field === err.field) || !best ? err.message : err.field + ": " + err.message;
    if (where.classList.contains("errors")) where.appendChild(el("div", text));
    else { where.classList.add("bad"); where.after(el("div", text, "err")); }
  }
}

function drawMap(scene) {
  const svg = $("map");
  svg.replaceChildren();
  $("map-box").hidden = !scene;
  if (!scene) return;
  svg.setAttribute("viewBox", "0 0 " + scene.width + " " + scene.height);
  svg.setAttribute("width", scene.width); svg.setAttribute("height", scene.height);
  for (const s of scene.shapes) { const e = shape(s); svg.appendChild(e); fit(e, s); }
}

function input(field, value, size) {
  const i = el("input");
  i.dataset.field = field; i.size = size; i.value = value === undefined || value === null ? "" : String(value);
  return i;
}

function listText(value) { return Array.isArray(value) ? value.join(", ") : (value || ""); }
function skillText(value) { return value ? Object.entries(value).map(([k, v]) => k + " " + v).join(", ") : ""; }

function drawCombatants(summary) {
  const body = $("combatants").tBodies[0];
  body.replaceChildren();
  $("combatants-box").hidden = summary.combatants.length === 0;
  const list = $("weapon-list"); list.replaceChildren();
  for (const w of summary.choices.weapons) { const o = el("option"); o.value = w; list.appendChild(o); }
  for (const row of summary.combatants) {
    const at = "combatants[" + row.index + "]";
    const tr = el("tr"); tr.dataset.index = row.index;
    tr.appendChild(el("td", row.name)); tr.appendChild(el("td", row.side));
    const cells = {
      count: input(at + ".count", row.count === undefined ? 1 : row.count, 3),
      weapons: input(at + ".weapons", listText(row.weapons), 18),
      drawn: input(at + ".drawn", row.drawn, 8),
    };
    cells.count.type = "number"; cells.count.min = 1; cells.count.max = 20;
    cells.weapons.setAttribute("list", "weapon-list");
    const armor = el("select"); armor.dataset.field = at + ".armor";
    for (const a of ["", ...summary.choices.armors]) { const o = el("option", a || "(none)"); o.value = a; armor.appendChild(o); }
    armor.value = row.armor || "";
    if (armor.value !== (row.armor || "")) { const o = el("option", row.armor); o.value = row.armor; armor.appendChild(o); armor.value = row.armor; }
    cells.armor = armor;
    const attrs = el("td"); attrs.dataset.field = at + ".attributes";
    for (const a of ATTRS) { const i = input(at + ".attributes." + a, (row.attributes || {})[a], 2); i.title = a; attrs.appendChild(i); }
    for (const key of ["count", "weapons", "drawn", "armor"]) { const td = el("td"); td.appendChild(cells[key]); tr.appendChild(td); }
    tr.appendChild(attrs);
    const skills = el("td"); skills.appendChild(input(at + ".skills", skillText(row.skills), 26)); tr.appendChild(skills);
    body.appendChild(tr);
  }
}

function checkbox(field, checked) {
  const c = el("input"); c.type = "checkbox"; c.dataset.field = field; c.checked = checked;
  return c;
}

function select(field, options, chosen) {  // options: [value, label] pairs; a value not offered is added
  const s = el("select"); s.dataset.field = field;
  for (const [v, label] of options) { const o = el("option", label); o.value = v; s.appendChild(o); }
  s.value = chosen;
  if (s.value !== chosen) { const o = el("option", chosen); o.value = chosen; s.appendChild(o); s.value = chosen; }
  return s;
}

function row(cells) { const tr = el("tr"); for (const c of cells) { const td = el("td"); if (typeof c === "string") td.textContent = c; else td.appendChild(c); tr.appendChild(td); } return tr; }

function drawZones(summary) {
  const body = $("zones").tBodies[0]; body.replaceChildren();
  $("zones-box").hidden = summary.zones.length === 0;
  const list = $("cover-list"); list.replaceChildren();
  for (const c of summary.choices.covers) { const o = el("option"); o.value = c; list.appendChild(o); }
  for (const z of summary.zones) {
    const at = "map.zones[" + z.index + "]";
    const features = input(at + ".features", listText(z.features), 18); features.title = summary.choices.features.join(", ");
    const cover = input(at + ".cover", listText(z.cover), 22); cover.setAttribute("list", "cover-list");
    const tr = row([z.name, features, cover, checkbox(at + ".exit", z.exit === true), checkbox(at + ".vehicles", z.vehicles !== false)]);
    tr.dataset.index = z.index; body.appendChild(tr);
  }
}

function drawVehicles(summary) {
  const body = $("vehicles").tBodies[0]; body.replaceChildren();
  $("vehicles-box").hidden = summary.vehicles.length === 0;
  const zones = summary.zones.map(z => [z.name, z.name]);
  for (const v of summary.vehicles) {
    const at = "vehicles[" + v.index + "]";
    const number = (name, fallback, most) => { const i = input(at + "." + name, v[name] === undefined ? fallback : v[name], 3); i.type = "number"; i.min = 0; i.max = most; return i; };
    const tr = row([v.name, select(at + ".type", summary.choices.vehicle_types.map(t => [t, t]), v.type || ""),
      select(at + ".zone", zones, v.zone || ""), select(at + ".side", [["", "(its crew's)"], ...summary.sides.map(s => [s, s])], v.side || ""),
      checkbox(at + ".engine_running", v.engine_running !== false), number("exposed_seats", 0, 9), number("damage", 0, 12), number("altitude", 0, 10)]);
    tr.dataset.index = v.index; body.appendChild(tr);
  }
}

function drawAgents(summary) {
  const box = $("agents"); box.replaceChildren();
  for (const id of ["side", "balance-side"]) {
    const side = $(id); side.replaceChildren();
    for (const name of summary.sides) { const o = el("option", name); o.value = name; side.appendChild(o); }
  }
  for (const side of summary.sides) {
    const label = el("label", side + " played by ");
    const s = el("select"); s.dataset.side = side;
    for (const a of summary.agents) { const o = el("option", a); o.value = a; s.appendChild(o); }  // its mode's agents
    label.appendChild(s); box.appendChild(label);
  }
}

function drawMetrics(summary) {  // what balance may aim at: its mode's metrics, "{side}" read as "a side's"
  const metric = $("metric"); metric.replaceChildren();
  for (const m of summary.metrics) { const o = el("option", m.words.replace("{side}", "the side")); o.value = m.name; metric.appendChild(o); }
}

function show(summary) {
  current = summary;
  $("title").textContent = summary.title;
  $("mode").textContent = summary.mode + "; sides: " + summary.sides.join(", ");
  drawMap(summary.scene);
  drawCombatants(summary);
  drawZones(summary);
  drawVehicles(summary);
  drawAgents(summary);
  drawMetrics(summary);
  $("yaml").value = summary.yaml;
  for (const id of ["evaluate-box", "replay-box", "save-box", "yaml-box"]) $(id).hidden = false;
  $("result").replaceChildren();
  $("replay-view").hidden = true; $("replay-status").textContent = "";
}

function value(text) { return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim(); }

function formData() {  // the scenario with the form's values; null (and errors shown) if a field cannot be read
  const data = structuredClone(current.data);
  const errors = [];
  for (const tr of $("combatants").tBodies[0].rows) {
    const i = Number(tr.dataset.index), at = "combatants[" + i + "]", spec = data.combatants[i];
    const get = name => tr.querySelector('[data-field="' + at + "." + name + '"]').value;
    const count = get("count").trim();
    if (count === "") delete spec.count; else spec.count = value(count);
    spec.weapons = get("weapons").split(",").map(w => w.trim()).filter(w => w);
    const drawn = get("drawn").trim(); if (drawn) spec.drawn = drawn; else delete spec.drawn;
    const armor = get("armor"); if (armor) spec.armor = armor; else delete spec.armor;
    spec.attributes = {};
    for (const a of ATTRS) { const v = get("attributes." + a).trim(); if (v !== "") spec.attributes[a] = value(v); }
    const skills = {};
    for (const part of get("skills").split(",").map(p => p.trim()).filter(p => p)) {
      const m = /^([A-Za-z_ ]+?)\s*[:= ]\s*(\S+)$/.exec(part);
      if (!m) { errors.push({field: at + ".skills", message: "write each skill as name and rating, e.g. melee 2 (got '" + part + "')"}); continue; }
      skills[m[1].trim()] = value(m[2]);
    }
    spec.skills = skills;
  }
  for (const tr of $("zones").tBodies[0].rows) {
    const at = "map.zones[" + tr.dataset.index + "]", spec = data.map.zones[Number(tr.dataset.index)];
    const get = name => tr.querySelector('[data-field="' + at + "." + name + '"]');
    for (const key of ["features", "cover"]) { const items = get(key).value.split(",").map(w => w.trim()).filter(w => w); if (items.length) spec[key] = items; else delete spec[key]; }
    if (get("exit").checked) spec.exit = true; else delete spec.exit;
    if (get("vehicles").checked) delete spec.vehicles; else spec.vehicles = false;
  }
  for (const tr of $("vehicles").tBodies[0].rows) {
    const at = "vehicles[" + tr.dataset.index + "]", spec = data.vehicles[Number(tr.dataset.index)];
    const get = name => tr.querySelector('[data-field="' + at + "." + name + '"]');
    spec.type = get("type").value; spec.zone = get("zone").value;
    if (get("side").value) spec.side = get("side").value; else delete spec.side;
    if (get("engine_running").checked) delete spec.engine_running; else spec.engine_running = false;
    for (const key of ["exposed_seats", "damage", "altitude"]) { const v = get(key).value.trim(); if (v === "") delete spec[key]; else spec[key] = value(v); }
  }
  if (errors.length) { showErrors(errors); return null; }
  return data;
}

async function check(body, status) {
  clearErrors();
  const answer = await post("check", body);
  if (answer.ok) { show(answer); if (status) status.textContent = "checked: the scenario is valid"; }
  else { showErrors(answer.errors); if (status) status.textContent = "not applied: fix the fields marked in red"; }
  return answer.ok;
}

async function open(entry, button) {
  clearErrors();
  const answer = await post("open", {source: entry.source, path: entry.path});
  if (!answer.ok) {  // the file's text goes in the editor, to be fixed there
    if (answer.yaml !== undefined) { $("yaml").value = answer.yaml; $("yaml-box").hidden = false; $("yaml-box").open = true; $("save-box").hidden = false; }
    showErrors(answer.errors); return;
  }
  for (const b of document.querySelectorAll("nav li button")) b.classList.remove("open");
  button.classList.add("open");
  $("save-path").value = entry.source === "folder" ? entry.path : entry.path + ".yaml";
  $("apply-status").textContent = ""; $("save-status").textContent = "";
  show(answer);
}

async function listScenarios() {
  const response = await fetch("/api/scenarios");
  const answer = await response.json();
  const list = $("scenarios"); list.replaceChildren();
  for (const entry of answer.scenarios) {
    const li = el("li"), b = el("button", entry.title);
    b.dataset.path = entry.path; b.dataset.source = entry.source;
    b.appendChild(el("div", entry.source + ": " + entry.path + " (" + entry.mode + ")", "src"));
    b.onclick = () => open(entry, b);
    li.appendChild(b); list.appendChild(li);
  }
}

function pct(p, ci) { return (100 * p).toFixed(1) + "% (" + (100 * ci[0]).toFixed(1) + "-" + (100 * ci[1]).toFixed(1) + "%)"; }

function table(head, rows, textColumns) {  // the columns after the first textColumns are figures
  const t = el("table"), h = el("tr");
  for (const c of head) h.appendChild(el("th", c));
  t.appendChild(h);
  for (const r of rows) { const tr = el("tr"); r.forEach((c, k) => tr.appendChild(el("td", c, k >= textColumns ? "num" : ""))); t.appendChild(tr); }
  return t;
}

function thresholds(difficulty) {  // the rating's limits, shown beside it as in every evaluate report
  const p = x => (100 * x).toFixed(0) + "%";
  return difficulty.thresholds.map(t => t.rating + ": PC death < " + p(t.any_pc_dies_below) + " and knockout < " + p(t.total_party_knockout_below)).join("; ") + "; deadly: otherwise";
}

function showTrips(report) {  // an expedition's report (the JOURNEYS report's keys)
  const box = $("result"); box.replaceChildren();
  box.appendChild(el("h4", report.scenario + ": " + report.trips + " trips"));
  const rows = [["the party arrives", report.arrived], ["a PC dies", report.any_pc_dead], ["the party is lost", report.party_lost],
    ["out of time", report.out_of_time]].map(([what, s]) => [what, pct(s.probability, s.ci95)]);
  const outcome = table(["outcome", "share of trips (95% interval)"], rows, 1); outcome.id = "outcome";
  box.appendChild(outcome);
  box.appendChild(el("h4", "Each traveller's chance to die"));
  box.appendChild(table(["traveller", "dies"], Object.entries(report.deaths).map(([name, s]) => [name, pct(s.probability, s.ci95)]), 1));
}

function showResult(report) {
  if (report.mode === "expedition") { showTrips(report); return; }
  const box = $("result"); box.replaceChildren();
  box.appendChild(el("h4", report.scenario + ": " + report.games + " games"));
  if (report.difficulty_label) {
    const rating = el("div", "difficulty: " + report.difficulty_label); rating.id = "rating"; box.appendChild(rating);
    box.appendChild(el("p", "thresholds: " + thresholds(report.difficulty), "hint"));
  }
  const rows = Object.entries(report.sides).map(([side, d]) => [side + " wins", pct(d.win_probability, d.ci95)]);
  if (report.draw) rows.push(["draw (everyone out)", pct(report.draw.probability, report.draw.ci95)]);
  if (report.timeout) rows.push(["timeout (round cap)", pct(report.timeout.probability, report.timeout.ci95)]);
  if (report.party) {
    rows.push(["any PC dies", pct(report.party.any_pc_dies.probability, report.party.any_pc_dies.ci95)]);
    rows.push(["total party knockout", pct(report.party.total_party_knockout.probability, report.party.total_party_knockout.ci95)]);
  }
  rows.push(["rounds (mean)", report.rounds.mean.toFixed(2) + " (" + report.rounds.ci95[0].toFixed(2) + "-" + report.rounds.ci95[1].toFixed(2) + ")"]);
  const outcome = table(["outcome", "share of games (95% interval)"], rows, 1); outcome.id = "outcome";
  box.appendChild(outcome);
  if (report.combatants) {  // the first three risk_terms are the mode's risks (YZE: Broken, crit. injured, dead)
    const terms = report.risk_terms || {broken_ever: "Broken", critically_injured_ever: "crit. injured", dead: "dead"};
    const keys = Object.keys(terms).slice(0, 3);
    box.appendChild(el("h4", "Per-combatant risk (ever during the game)"));
    box.appendChild(table(["combatant", "side", ...keys.map(k => terms[k])], report.combatants.map(c => [
      c.name + (c.pc ? " (PC)" : ""), c.side, ...keys.map(k => pct(c[k].probability, c[k].ci95))]), 2));
  }
}

function signed(p) { return (p.change >= 0 ? "+" : "") + (100 * p.change).toFixed(1) + " pts (" + (100 * p.ci95[0]).toFixed(1) + " to " + (100 * p.ci95[1]).toFixed(1) + ")"; }

function showSensitivity(report) {
  const box = $("result"); box.replaceChildren();
  box.appendChild(el("h4", report.scenario + ": what matters most for " + report.side + " (" + report.games + " games per change, paired 95% intervals)"));
  const rows = report.changes.map(c => [c.change, signed(c.win), c.pc_death ? signed(c.pc_death) : "", c.knockout ? signed(c.knockout) : ""]);
  const t = table(["change", ...report.words], rows, 1); t.id = "outcome";
  box.appendChild(t);
  if (report.skipped.length) box.appendChild(el("p", "not tried: " + report.skipped.map(s => s.change + " (" + s.reason + ")").join("; "), "hint"));
}

function showBalance(report) {
  const box = $("result"); box.replaceChildren();
  const what = report.metric_words;
  box.appendChild(el("h4", "Balance: " + what + ", target " + (100 * report.target).toFixed(1) + "%: " + report.games + " games in " + report.rounds + " round(s), stopped by " + report.stopped));
  const rows = report.candidates.map((c, k) => [report.labels[k], String(c.games), pct(c.probability, c.ci95), (100 * c.distance).toFixed(1) + " pts", c.status]);
  const t = table(["variant", "games", "chance (95% interval)", "from the target", ""], rows, 1); t.id = "outcome";
  report.candidates.forEach((c, k) => { if (c.status === "chosen") t.rows[k + 1].className = "chosen"; });
  box.appendChild(t);
  const use = el("button", "Open the chosen variant (" + report.chosen_label + ") in the editor"); use.id = "use-chosen";
  use.onclick = async () => {
    if (await check({yaml: report.yaml})) $("save-status").textContent = "the chosen variant is open (its YAML says how it was chosen): save it to keep it";
  };
  box.appendChild(use);
}

function showPlot(data) {
  if (!data || !data.startsWith("data:image/png;base64,")) return;
  const img = el("img"); img.src = data; img.alt = "plot of the result"; img.className = "plot";
  $("result").appendChild(img);
}

async function poll(id) {
  const response = await fetch("/api/jobs/" + encodeURIComponent(id));
  const job = await response.json();
  $("progress").max = job.games; $("progress").value = job.done;
  $("progress-text").textContent = job.done + " / " + job.games + " games (" + job.state + ")" + (job.step && job.state === "running" ? ": " + job.step : "");
  if (job.state === "running") { jobTimer = setTimeout(() => poll(id), 300); return; }
  for (const b of RUNS) $(b).disabled = false;
  $("cancel").disabled = true;
  if (job.state === "failed") showErrors([{field: "job", message: job.error}]);
  if (job.result) {
    if (job.kind === "sensitivity") showSensitivity(job.result); else if (job.kind === "balance") showBalance(job.result); else showResult(job.result);
    showPlot(job.result.plot);
  }
}

async function run(action) {
  const data = formData();
  if (!data) return;
  clearErrors();
  const agents = {};
  for (const s of $("agents").querySelectorAll("select")) agents[s.dataset.side] = s.value;
  const body = {data, agents, seed: Number($("seed").value)};
  if (action === "sensitivity") { body.games = Number($("change-games").value); body.side = $("side").value; }
  else if (action === "balance") {
    Object.assign(body, {vary: $("vary").value.split("\n").map(l => l.trim()).filter(l => l), target: Number($("target").value),
      metric: $("metric").value, side: $("balance-side").value, games: Number($("balance-games").value), budget: Number($("budget").value)});
  }
  else body.games = Number($("games").value);
  const answer = await post(action, body);
  if (!answer.ok) { showErrors(answer.errors); return; }
  for (const b of RUNS) $(b).disabled = true;
  $("cancel").disabled = false; $("result").replaceChildren();
  $("cancel").onclick = () => post("cancel", {job: answer.job.id});
  poll(answer.job.id);
}

async function save() {
  clearErrors();
  $("save-status").textContent = "";
  const answer = await post("save", {yaml: $("yaml").value, path: $("save-path").value, replace: $("replace").checked});
  if (answer.ok) { $("save-status").textContent = "saved as " + answer.saved; listScenarios(); }
  else showErrors(answer.errors);
}

function drawFrame(k) {
  frame = Math.max(0, Math.min(replayed.frames.length - 1, k));
  const f = replayed.frames[frame], svg = $("replay-map");
  svg.replaceChildren();
  for (const i of f.shapes) { const s = replayed.shapes[i]; const e = shape(s); svg.appendChild(e); fit(e, s); }
  const lines = [];
  for (let j = 0; j <= frame; j++) lines.push(...replayed.frames[j].log);
  $("replay-log").textContent = lines.slice(-200).join("\n") + (f.next ? "\nnext: " + f.next : "");
  $("replay-log").scrollTop = $("replay-log").scrollHeight;
  $("replay-slider").value = String(frame);
  $("replay-where").textContent = "step " + f.step + " / " + replayed.lastStep + (replayed.mode === "chase" ? ", chase round " : ", round ") + f.round;
}

async function replay() {
  const data = formData();
  if (!data) return;
  clearErrors();
  const agents = {};
  for (const s of $("agents").querySelectorAll("select")) agents[s.dataset.side] = s.value;
  $("replay-status").textContent = "playing...";
  const answer = await post("replay", {data, agents, seed: Number($("seed").value)});
  if (!answer.ok) { $("replay-status").textContent = ""; showErrors(answer.errors); return; }
  replayed = answer;
  const svg = $("replay-map");
  svg.setAttribute("viewBox", "0 0 " + answer.width + " " + answer.height);
  svg.setAttribute("width", answer.width); svg.setAttribute("height", answer.height);
  $("replay-slider").max = String(answer.frames.length - 1);
  $("replay-view").hidden = false;
  $("replay-status").textContent = answer.title + ": " + answer.lastStep + " decisions, seed " + $("seed").value;
  drawFrame(0);
}

for (const id of ["apply", "apply-zones", "apply-vehicles"]) $(id).onclick = () => { const data = formData(); if (data) check({data}, $("apply-status")); };
$("balance").onclick = () => run("balance");
$("replay").onclick = replay;
$("replay-first").onclick = () => drawFrame(0);
$("replay-prev").onclick = () => drawFrame(frame - 1);
$("replay-next").onclick = () => drawFrame(frame + 1);
$("replay-last").onclick = () => drawFrame(replayed.frames.length - 1);
$("replay-slider").oninput = () => drawFrame(Number($("replay-slider").value));
$("check-yaml").onclick = () => check({yaml: $("yaml").value});
$("run").onclick = () => run("evaluate");
$("sensitivity").onclick = () => run("sensitivity");
$("save").onclick = save;
$("upload").onchange = async () => {
  const file = $("upload").files[0];
  if (!file) return;
  if (file.size > 1048576) { clearErrors(); showErrors([{field: "<top>", message: file.name + ": larger than the 1 MiB a scenario file may have"}]); return; }
  const text = await file.text();
  $("yaml-box").hidden = false; $("yaml-box").open = true; $("yaml").value = text;
  $("save-path").value = file.name;
  check({yaml: text});
};
listScenarios();
