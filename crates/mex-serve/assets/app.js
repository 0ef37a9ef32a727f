// The mex playground: every game of the catalog from its move list
// (/api/moves), the computer's answers from /api/best, and special views
// for Nim (rows of counters), the shift game (the register, the rule's
// reasoning and the De Bruijn graph), the domino strip, Domineering,
// Wythoff's queen and Cherries.
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];
// The game being played.
let G = null;

async function api(path, params) {
  const q = new URLSearchParams(params || {}).toString();
  let r;
  try {
    r = await fetch("/api/" + path + (q ? "?" + q : ""));
  } catch (e) {
    throw new Error("the server cannot be reached: " + e.message);
  }
  let body;
  try {
    body = await r.json();
  } catch (e) {
    throw new Error("HTTP " + r.status + ": the answer is not JSON");
  }
  if (!r.ok) throw new Error("HTTP " + r.status + ": " + (body.error || "error"));
  return body;
}

// A picture (SVG text) from the API; errors as in api().
async function apiText(path, params) {
  const q = new URLSearchParams(params || {}).toString();
  const r = await fetch("/api/" + path + (q ? "?" + q : ""));
  const text = await r.text();
  if (!r.ok) {
    let msg = "error";
    try { msg = JSON.parse(text).error || msg; } catch (e) { /* not JSON */ }
    throw new Error("HTTP " + r.status + ": " + msg);
  }
  return text;
}

function showError(msg) {
  const e = $("error");
  e.textContent = msg;
  e.hidden = !msg;
}

function other(side) {
  return { Left: "Right", Right: "Left", Alice: "Bob", Bob: "Alice" }[side];
}

function info(name) {
  return games.find((g) => g.name === name);
}

// The sides a person can take in each family.
function sidesFor(family) {
  if (family === "partizan" || family === "synchronized") return ["Left", "Right"];
  if (family === "arena") return ["Alice", "Bob"];
  return [];
}

function fillSetup() {
  const g = info($("game").value);
  $("position").value = g.example;
  $("description").textContent = g.description;
  $("syntax").textContent = "Position: " + g.syntax + " (example: " + g.example + ")";
  const sides = sidesFor(g.family);
  $("side").innerHTML = "";
  for (const s of sides) {
    const o = document.createElement("option");
    o.value = o.textContent = s;
    $("side").appendChild(o);
  }
  $("side-label").hidden = sides.length === 0;
  $("first-label").hidden = g.family === "arena" || g.family === "synchronized";
}

async function init() {
  try {
    games = (await api("games")).games;
  } catch (e) {
    showError(e.message);
    return;
  }
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.name + " (" + g.family + ")";
    $("game").appendChild(o);
  }
  const want = new URLSearchParams(location.search).get("game");
  if (want && info(want)) $("game").value = want;
  fillSetup();
  $("game").addEventListener("change", fillSetup);
  $("start").addEventListener("click", start);
  $("hint").addEventListener("click", () => { G.hint = !G.hint; paintHints(); });
  $("undo").addEventListener("click", undo);
  $("restart").addEventListener("click", () => { G.history = [G.history[0]]; show(); });
  document.body.dataset.state = "setup";
}

// A step of the game: the position and, for alternating games, whether the
// person is to move.
async function start() {
  showError("");
  const g = info($("game").value);
  const side = $("side").value || null;
  G = {
    info: g,
    side: side,
    history: [{ position: $("position").value, person: !$("computer-first").checked, turn: 0 }],
    hint: false,
  };
  const q = new URLSearchParams({ game: g.name });
  history.replaceState(null, "", "?" + q.toString());
  await show();
}

function current() {
  return G.history[G.history.length - 1];
}

function undo() {
  // Back to the person's previous turn.
  while (G.history.length > 1) {
    G.history.pop();
    if (current().person) break;
  }
  show();
}

// Who moves at a step with evaluated moves `m`.
function moverOf(step, m) {
  const fam = G.info.family;
  if (fam === "arena") return m.to_move || "Alice";
  if (fam === "partizan") return step.person ? G.side : other(G.side);
  return null;
}

function personMoves(m, mover) {
  if (G.info.family === "synchronized") {
    // The person's own part of each pair, once each.
    const mine = new Map();
    for (const mv of m.moves) {
      const parts = splitSync(mv.label);
      if (!parts) continue;
      const own = G.side === "Left" ? parts[0] : parts[1];
      const prev = mine.get(own);
      mine.set(own, { label: own, winning: (prev && prev.winning) || mv.winning, choice: true });
    }
    return [...mine.values()];
  }
  return m.moves.filter((mv) => !mover || !mv.player || mv.player === mover);
}

function splitSync(label) {
  const m = /^Left (.*), Right (.*)$/.exec(label);
  return m ? [m[1], m[2]] : null;
}

let busy = false;

async function show() {
  showError("");
  $("board").hidden = false;
  const step = current();
  let m;
  try {
    m = await api("moves", { game: G.info.name, position: step.position });
  } catch (e) {
    showError(e.message);
    document.body.dataset.state = "error";
    if (G.history.length === 1) $("board").hidden = true;
    return;
  }
  step.position = m.position;
  G.moves = m;
  const fam = G.info.family;
  const mover = moverOf(step, m);
  if (fam === "arena") step.person = mover === G.side;
  $("pos").textContent = m.position;
  $("value").textContent = m.value;
  $("outcome").textContent = m.outcome + (mover ? " · " + mover + " to move" : "");
  $("rules").textContent = G.info.rules;
  $("turns").textContent = turnsText(step, m);
  const mine = personMoves(m, mover);
  G.listed = mine;
  renderView(m, step);
  renderMoves(mine, step.person || fam === "synchronized");
  $("undo").disabled = G.history.length === 1;
  const over = mine.length === 0 || (fam === "arena" && m.turns === 0);
  document.body.dataset.turn = step.turn;
  if (over) {
    $("message").textContent = verdict(step, m);
    document.body.dataset.state = "over";
    return;
  }
  if (step.person || fam === "synchronized") {
    $("message").textContent = fam === "synchronized" ? "Your choice (the computer chooses at the same time)." : "Your move.";
    document.body.dataset.state = "person";
  } else {
    $("message").textContent = "The computer is thinking…";
    document.body.dataset.state = "computer";
    await computerMove(step, mover);
  }
}

function verdict(step, m) {
  const fam = G.info.family;
  if (fam === "arena") {
    const winner = m.turns === 0 ? "Alice" : "Bob";
    return "Game over after " + step.turn + " turns: " + winner + " wins — " + (winner === G.side ? "you win!" : "the computer wins.");
  }
  if (fam === "synchronized") return "Game over: outcome " + m.outcome + ".";
  // Normal play: who cannot move loses.
  return step.person ? "You cannot move: the computer wins." : "The computer cannot move: you win!";
}

function turnsText(step, m) {
  if (G.info.name === "shift-game") {
    const n = m.position.split(" ")[0].length;
    return "turn " + step.turn + " (perfect play ends within 2^" + n + " = " + (1 << n) + " turns)";
  }
  return "move " + step.turn;
}

async function computerMove(step, mover) {
  let b;
  try {
    const params = { game: G.info.name, position: step.position };
    if (mover) params.side = mover;
    b = await api("best", params);
  } catch (e) {
    showError(e.message);
    return;
  }
  if (current() !== step) return;
  await new Promise((r) => setTimeout(r, 250));
  if (!b.move) return;
  $("message").textContent = "The computer played " + b.move.label + " (" + b.reason + ").";
  push(b.move.position, !step.person, "computer: " + b.move.label);
}

function push(position, person, note) {
  const step = current();
  G.history.push({ position: position, person: person, turn: step.turn + 1, note: note });
  show();
}

async function personMove(i) {
  if (busy) return;
  const step = current();
  const mv = G.listed[i];
  if (G.info.family === "synchronized") {
    busy = true;
    try {
      const b = await api("best", { game: G.info.name, position: step.position, side: other(G.side), choice: mv.label });
      $("message").textContent = "You chose " + mv.label + "; the computer chose " + b.choice + ".";
      push(b.move.position, true, b.move.label);
    } catch (e) {
      showError(e.message);
    } finally {
      busy = false;
    }
    return;
  }
  push(mv.position, !step.person, "you: " + mv.label);
}

function renderMoves(list, active) {
  const ol = $("moves");
  ol.innerHTML = "";
  list.forEach((mv, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.index = i;
    b.dataset.winning = mv.winning;
    b.disabled = !active;
    b.addEventListener("click", () => personMove(i));
    li.appendChild(b);
    ol.appendChild(li);
  });
  $("hint").disabled = !active || list.length === 0;
  paintHints();
}

function paintHints() {
  for (const b of document.querySelectorAll("#moves button")) {
    const mv = G.listed[+b.dataset.index];
    b.classList.remove("winning", "losing", "drawing");
    // The resulting value only with the hint: it tells who is winning.
    const to = mv.position ? " → " + mv.position : "";
    b.textContent = mv.label + to + (G.hint && mv.value ? " (" + mv.value + ")" : "");
    if (!G.hint) continue;
    const draw = mv.outcome === "draw" && G.info.family === "impartial";
    b.classList.add(mv.winning ? "winning" : draw ? "drawing" : "losing");
  }
  $("hint").textContent = G.hint ? "Hide hint" : "Hint";
}

// Special views.
function renderView(m, step) {
  const v = $("view");
  v.innerHTML = "";
  if (G.info.name === "nim") nimView(v, m, step);
  else if (G.info.name === "shift-game") shiftView(v, m, step);
  else if (G.info.name === "domineering") boardView(v, m, step);
  else if (G.info.name === "domino") dominoView(v, m, step);
  else if (G.info.name === "wythoff") queenView(v, m, step);
  else if (/cherries|^ssc$/.test(G.info.name)) cherriesView(v, m);
  if (G.info.family === "partizan") thermographView(v, m, step);
  if (G.info.name === "octal" || G.info.name === "subtraction") sequenceView(v, m, step);
}

// The nim sequence of the position's rule (the code or the set before the
// colon) as a chart, preperiod shaded and periods marked (/api/sequence).
function sequenceView(v, m, step) {
  const rule = m.position.split(":")[0].trim();
  if (!rule || rule.length > 60) return;
  const pic = document.createElement("div");
  pic.id = "sequence-chart";
  pic.className = "picture";
  v.appendChild(pic);
  apiText("sequence", { game: G.info.name, rule: rule }).then((svg) => {
    if (current() !== step) return;
    pic.innerHTML = svg;
  }).catch(() => { pic.remove(); });
}

// The thermograph of the position's value (partizan games), drawn by the
// server from the exact walls (/api/thermograph).
function thermographView(v, m, step) {
  if (!m.value || m.value.length > 400) return;
  const pic = document.createElement("div");
  pic.id = "thermograph";
  pic.className = "picture";
  v.appendChild(pic);
  apiText("thermograph", { expr: m.value }).then((svg) => {
    if (current() !== step) return;
    pic.innerHTML = svg;
  }).catch(() => { pic.remove(); });
}

// Cherries: each row as cherries, B dark (Left's) and W light (Right's),
// the front of a row on the left.
function cherriesView(v, m) {
  const rows = m.position.trim() === "" ? [] : m.position.trim().split(/\s+/);
  if (rows.length > 20 || rows.some((r) => r.length > 40 || !/^[BW]+$/.test(r))) return;
  rows.forEach((row, i) => {
    const d = document.createElement("div");
    d.className = "row";
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = "row " + (i + 1);
    d.appendChild(label);
    for (const c of row) {
      const ch = document.createElement("span");
      ch.className = "cherry " + (c === "B" ? "black" : "white");
      ch.title = c === "B" ? "B (Left)" : "W (Right)";
      d.appendChild(ch);
    }
    v.appendChild(d);
  });
  if (G.info.name === "ssc" && rows.length) sscBlocks(v, rows, m);
  const p = document.createElement("p");
  p.className = "explain";
  p.textContent = rows.length ? "Dark cherries are Left's (B), light ones Right's (W); the front of each row is on the left." : "No cherries left.";
  v.appendChild(p);
}

// Synchronized Stack Cherries: each stack's decomposition into irreducible
// pieces (computed by the server, /api/ssc) as coloured blocks.
function sscBlocks(v, rows, m) {
  const box = document.createElement("div");
  box.id = "ssc-blocks";
  const title = document.createElement("p");
  title.className = "explain";
  title.textContent = "Each stack cut into its irreducible pieces (the SSC decomposition):";
  box.appendChild(title);
  v.appendChild(box);
  const colours = ["#fde2a7", "#c9e7f5", "#d6f0c8", "#f5d0e6", "#e0d7f7", "#f7dcc6"];
  rows.forEach((row, i) => {
    const line = document.createElement("div");
    line.className = "row";
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = "stack " + (i + 1);
    line.appendChild(label);
    box.appendChild(line);
    api("ssc", { segment: row }).then((x) => {
      if (G.moves !== m) return;
      x.pieces.forEach((piece, k) => {
        const block = document.createElement("span");
        block.className = "block";
        block.style.background = colours[k % colours.length];
        block.title = "piece " + (k + 1) + ": " + piece.text;
        for (const c of piece.text) {
          const ch = document.createElement("span");
          ch.className = "cherry " + (c === "B" ? "black" : "white");
          block.appendChild(ch);
        }
        line.appendChild(block);
      });
    }).catch((e) => showError(e.message));
  });
}

// Plays the listed move that leads to `position`, if there is one.
function playTo(position) {
  const k = G.listed.findIndex((mv) => mv.position === position);
  if (k >= 0) personMove(k);
  else $("message").textContent = "That is not one of your moves.";
}

// Two adjacent cells chosen by a drag (press on one cell, release on the
// next: pointer events, so a finger works too) or by two clicks. `cells`
// are buttons with data-r and data-c; `done(a, b)` gets the two [r, c].
function pairPicker(grid, done) {
  let first = null;
  let pressed = null;
  let dragged = false;
  const clear = () => { for (const b of grid.querySelectorAll(".chosen")) b.classList.remove("chosen"); };
  const at = (cell) => [+cell.dataset.r, +cell.dataset.c];
  const adjacent = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
  grid.addEventListener("pointerdown", (e) => {
    const cell = e.target.closest(".cell");
    if (!cell || cell.disabled) return;
    pressed = cell;
    dragged = false;
  });
  grid.addEventListener("pointerup", (e) => {
    const from = pressed;
    pressed = null;
    if (!from) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const to = under && under.closest ? under.closest(".cell") : null;
    if (!to || to === from || to.disabled || !grid.contains(to)) return;
    // A drag from one cell to another.
    dragged = true;
    first = null;
    clear();
    if (adjacent(at(from), at(to))) done(at(from), at(to));
  });
  grid.addEventListener("click", (e) => {
    const cell = e.target.closest(".cell");
    if (dragged) { dragged = false; return; }
    if (!cell || cell.disabled) return;
    if (!first) {
      first = at(cell);
      cell.classList.add("chosen");
      return;
    }
    const a = first;
    first = null;
    clear();
    if (adjacent(a, at(cell))) done(a, at(cell));
  });
}

// Domineering: drag a domino over two adjacent free cells (or click both;
// Left vertical, Right horizontal).
function boardView(v, m, step) {
  const rows = m.position.split("/");
  if (rows.length > 12 || rows.some((r) => r.length > 12 || !/^[.#]+$/.test(r))) return;
  const grid = document.createElement("div");
  grid.className = "board";
  grid.style.gridTemplateColumns = "repeat(" + rows[0].length + ", 2.6rem)";
  rows.forEach((row, r) => {
    [...row].forEach((c, col) => {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "cell" + (c === "#" ? " taken" : "");
      cell.dataset.r = r;
      cell.dataset.c = col;
      cell.disabled = c === "#" || !step.person;
      cell.setAttribute("aria-label", "row " + (r + 1) + " column " + (col + 1));
      grid.appendChild(cell);
    });
  });
  pairPicker(grid, ([r0, c0], [r1, c1]) => {
    const next = rows.map((x) => [...x]);
    next[r0][c0] = "#";
    next[r1][c1] = "#";
    playTo(next.map((x) => x.join("")).join("/"));
  });
  v.appendChild(grid);
  const p = document.createElement("p");
  p.className = "explain";
  p.textContent = "Drag a domino over two adjacent free cells (or click both): " + (G.side === "Left" ? "you (Left) place vertical ones." : "you (Right) place horizontal ones.");
  v.appendChild(p);
}

// The 1×N domino game: the free strips in order, separated by covered
// squares; drag over (or click) two adjacent free squares of a strip.
function dominoView(v, m, step) {
  const strips = m.position.trim() === "0" ? [] : m.position.split(",").map((s) => s.trim());
  if (strips.some((h) => !/^\d+$/.test(h)) || strips.reduce((a, h) => a + +h, 0) > 60) return;
  const line = document.createElement("div");
  line.className = "strip";
  strips.forEach((h, i) => {
    if (i > 0) {
      for (let k = 0; k < 2; k++) {
        const d = document.createElement("span");
        d.className = "cell taken";
        line.appendChild(d);
      }
    }
    for (let j = 0; j < +h; j++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "cell";
      // data-r: the strip, data-c: the square (from 0) within it.
      cell.dataset.r = i;
      cell.dataset.c = j;
      cell.disabled = !step.person;
      cell.setAttribute("aria-label", "strip " + (i + 1) + " square " + (j + 1));
      line.appendChild(cell);
    }
  });
  pairPicker(line, ([r0, c0], [r1, c1]) => {
    if (r0 !== r1) return;
    const first = Math.min(c0, c1) + 1;
    const label = "cover squares " + first + " and " + (first + 1) + (strips.length > 1 ? " (heap " + (r0 + 1) + ")" : "");
    const k = G.listed.findIndex((mv) => mv.label === label);
    if (k >= 0) personMove(k);
    else $("message").textContent = "That is not one of your moves.";
  });
  v.appendChild(line);
  const p = document.createElement("p");
  p.className = "explain";
  p.textContent = strips.length
    ? "Cover two adjacent free squares with a domino: drag over them or click both. Who cannot move loses."
    : "No two adjacent free squares are left.";
  v.appendChild(p);
}

// Wythoff's game: a queen at (x, y) moves left, down or diagonally toward
// the corner (0, 0); click the square to move it to.
function queenView(v, m, step) {
  const pile = m.position.split(",").map(Number);
  if (pile.length !== 2 || pile.some((n) => !(n >= 0) || n > 20)) return;
  const [x, y] = pile;
  const grid = document.createElement("div");
  grid.className = "board";
  grid.style.gridTemplateColumns = "repeat(" + (x + 1) + ", 1.9rem)";
  for (let j = y; j >= 0; j--) {
    for (let i = 0; i <= x; i++) {
      const cell = document.createElement("button");
      cell.type = "button";
      const reach = (i === x && j < y) || (j === y && i < x) || (x - i === y - j && i < x);
      cell.className = "cell small" + (i === x && j === y ? " queen" : reach ? " reach" : "");
      cell.textContent = i === x && j === y ? "♛" : "";
      cell.disabled = !reach || !step.person;
      cell.title = i + "," + j;
      cell.addEventListener("click", () => playTo(i + "," + j));
      grid.appendChild(cell);
    }
  }
  v.appendChild(grid);
  const p = document.createElement("p");
  p.className = "explain";
  p.textContent = "The queen stands at (" + x + ", " + y + "): move it left, down or diagonally; who reaches (0, 0) wins.";
  v.appendChild(p);
}

function nimView(v, m, step) {
  const heaps = m.position.split(",").map((s) => s.trim());
  if (heaps.some((h) => !/^\d+$/.test(h) || +h > 40)) return;
  heaps.forEach((h, i) => {
    const row = document.createElement("div");
    row.className = "row";
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = "heap " + (i + 1) + ": " + h;
    row.appendChild(label);
    for (let j = 0; j < +h; j++) {
      const c = document.createElement("button");
      c.type = "button";
      c.className = "counter";
      c.title = "take " + (+h - j) + " from heap " + (i + 1);
      c.setAttribute("aria-label", c.title);
      c.disabled = !step.person;
      c.addEventListener("click", () => {
        const next = heaps.slice();
        next[i] = String(j);
        const k = G.listed.findIndex((mv) => mv.position === next.join(","));
        if (k >= 0) personMove(k);
      });
      c.addEventListener("mouseenter", () => { for (const s of row.querySelectorAll(".counter")) s.classList.toggle("take", [...row.children].indexOf(s) > j); });
      c.addEventListener("mouseleave", () => { for (const s of row.querySelectorAll(".counter")) s.classList.remove("take"); });
      row.appendChild(c);
    }
    v.appendChild(row);
  });
  const p = document.createElement("p");
  p.className = "explain";
  p.textContent = "Click a counter to take it and every counter to its right.";
  v.appendChild(p);
}

function shiftView(v, m, step) {
  const [bits, end] = m.position.split(" ");
  const reg = document.createElement("div");
  reg.className = "register";
  [...bits].forEach((b, i) => {
    const d = document.createElement("div");
    d.className = "bit" + (b === "1" ? " one" : "") + (i === bits.length - 1 && !end ? " dropped" : "");
    d.textContent = b;
    d.title = "b" + i;
    reg.appendChild(d);
  });
  v.appendChild(reg);
  const p = document.createElement("p");
  p.className = "explain";
  if (end) {
    p.textContent = "0^" + bits.length + " has come back: Alice has won.";
  } else {
    const last = bits[bits.length - 1];
    p.textContent = "The last bit b" + (bits.length - 1) + " = " + last + " drops out next, so " +
      (last === "1" ? "Alice" : "Bob") + " chooses the new first bit. Alice wants 0^" + bits.length +
      " back as soon as possible; Bob delays.";
  }
  v.appendChild(p);
  // The O(n) rule's reasoning, from the server, on request.
  if (!end && bits.length >= 2) {
    const why = document.createElement("button");
    why.type = "button";
    why.id = "why";
    why.textContent = G.why ? "hide why" : "why?";
    why.addEventListener("click", () => { G.why = !G.why; renderView(G.moves, current()); });
    v.appendChild(why);
    if (G.why) {
      const box = document.createElement("ol");
      box.id = "why-steps";
      box.className = "explain";
      v.appendChild(box);
      api("shift/explain", { state: bits }).then((x) => {
        if (current() !== step) return;
        for (const line of x.steps) {
          const li = document.createElement("li");
          li.textContent = line;
          box.appendChild(li);
        }
        box.dataset.next = x.next;
      }).catch((e) => showError(e.message));
    }
  }
  // The De Bruijn graph with the play so far (orders up to 6).
  if (bits.length <= 6) {
    const pic = document.createElement("div");
    pic.id = "debruijn";
    pic.className = "picture";
    v.appendChild(pic);
    const path = G.history.map((h) => h.position.split(" ")[0]).filter((s) => s.length === bits.length);
    apiText("debruijn", { n: bits.length, path: path.join(",") }).then((svg) => {
      if (current() !== step) return;
      pic.innerHTML = svg;
    }).catch((e) => showError(e.message));
  }
}

init();
