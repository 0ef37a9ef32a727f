// The mex playground: every game of the catalog against the perfect
// computer. Sections, in order:
//   the API .................. api(), apiText()
//   setup .................... fillSetup(), winnable defaults (DEFAULTS),
//                              the advice on who can win (adviseSetup)
//   play ..................... start(), show() (one step of the game),
//                              the computer's move, the person's move
//   who is winning ........... winnerAt(), the verdict at the end
//                              (verdictText), repetition (repetition())
//   moves list and hints ..... renderMoves(), paintHints(), the marked
//                              move (markedIndex: the fastest win, in
//                              games with cycles also the longest defence
//                              or a draw)
//   history and undo ......... renderHistory(), goTo()
//   value chart .............. renderChart() (SVG drawn here)
//   board .................... renderBoard(): the server's SVG of the
//                              position's picture; clicks on its spots
//                              choose moves (spotClicked)
//   special views ............ thermograph, nim sequence, the shift
//                              game's reasoning and De Bruijn graph, SSC
"use strict";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
let games = [];
// The game being played (see start()).
let G = null;
// Whether /api/value answers with a `board` (feature detection: null
// until the first answer).
let serverBoards = null;
// Play by a proof: see "play by a proof" below.
let P = null;

// ---------------------------------------------------------------- the API

// The page's `labels=` (a game graph's move labels, from mex.serve) goes
// with every request.
const pageLabels = new URLSearchParams(location.search).get("labels");

function query(params) {
  const all = Object.assign({}, params || {});
  if (pageLabels) all.labels = pageLabels;
  const q = new URLSearchParams(all).toString();
  return q ? "?" + q : "";
}

// The API's answer as JSON. An error carries the server's one-line
// message (the `error` field of every error answer), as the user sees it.
async function api(path, params) {
  const text = await apiText(path, params);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error("the server's answer is not JSON");
  }
}

// The API's answer as text (a picture's SVG); errors as in api().
async function apiText(path, params) {
  let r, text;
  try {
    r = await fetch("/api/" + path + query(params));
    text = await r.text();
  } catch (e) {
    throw new Error("the server cannot be reached: " + e.message);
  }
  if (r.ok) return text;
  let message = null;
  try { message = JSON.parse(text).error; } catch (e) { /* not JSON */ }
  throw new Error(message || "the server refused the request without saying why (status " + r.status + ")");
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

function element(tag, props, text) {
  const e = document.createElement(tag);
  Object.assign(e, props || {});
  if (text !== undefined) e.textContent = text;
  return e;
}

function svgElement(tag, attrs, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function shorten(text, n) {
  return text.length > n ? text.slice(0, n - 1) + "…" : text;
}

// ------------------------------------------------------------------ setup

// Default positions where the catalog's example is lost for the player
// who moves first (a P-position), or too small to teach: each one here is
// won by the person moving first with the side offered first (checked by
// web-tests/playground.test.mjs through the API). The catalog's examples
// stay as they are (tests and the README use them).
const DEFAULTS = {
  subtraction: "1,3,4:10,6",
  wythoff: "5,7",
  cram: "3x4",
  expression: "{1|0} + {0|-1} + *",
  cherries: "BWB WB",
  "stack-cherries": "BWB WB",
  clobber: "xox/ox.",
  col: "n=6; 0-1 1-2 2-3 3-4",
};

function defaultPosition(g) {
  return DEFAULTS[g.name] || g.example;
}

// The sides a person can take in each family.
function sidesFor(family) {
  if (family === "partizan" || family === "synchronized") return ["Left", "Right"];
  if (family === "arena") return ["Alice", "Bob"];
  return [];
}

// The setup of the game chosen; a game being played is ended, its board
// cleared.
function fillSetup() {
  endProof();
  endGame();
  const g = info($("game").value);
  $("position").value = defaultPosition(g);
  $("description").textContent = g.description;
  $("syntax").textContent = "Position: " + g.syntax + " (the catalog's example: " + g.example + ")";
  const sides = sidesFor(g.family);
  $("side").innerHTML = "";
  for (const s of sides) $("side").appendChild(element("option", { value: s }, s));
  $("side-label").hidden = sides.length === 0;
  $("first-label").hidden = g.family === "arena" || g.family === "synchronized";
  $("computer-first").checked = false;
  adviseSetup();
}

// Ends the game being played (the person chose another): its board,
// moves and messages are cleared at once, and answers still on their way
// for it are dropped (current() is null).
function endGame() {
  if (!G) return;
  G = null;
  $("board").hidden = true;
  $("board-view").innerHTML = "";
  $("moves").innerHTML = "";
  $("message").textContent = "";
  showNotice("");
  showError("");
  document.body.dataset.state = "setup";
}

let adviceTimer = null;
let adviceAsked = 0;

// Tells, before the game starts, whether the person can win with the
// chosen side and order, and offers the change that makes it winnable:
// "let the computer move first", or the other side.
function adviseSetup() {
  clearTimeout(adviceTimer);
  adviceTimer = setTimeout(async () => {
    const asked = ++adviceAsked;
    const g = info($("game").value);
    const position = $("position").value;
    let v;
    try {
      v = await api("value", { game: g.name, position: position });
    } catch (e) {
      if (asked === adviceAsked) showAdvice("", null);
      return;
    }
    if (asked !== adviceAsked) return;
    const side = $("side").value || null;
    const first = !$("computer-first").checked;
    showAdvice(...adviceFor(g.family, v, side, first));
  }, 250);
}

// [text, action] for the setup's advice; action is null or
// {label, run}.
function adviceFor(family, v, side, first) {
  const o = v.outcome;
  const computerFirst = { label: "Let the computer move first", run: () => { $("computer-first").checked = true; } };
  const youFirst = { label: "Move first", run: () => { $("computer-first").checked = false; } };
  const play = (s) => ({ label: "Play " + s, run: () => { $("side").value = s; } });
  if (family === "synchronized" && ["LD", "RD", "U"].includes(o)) {
    const safe = { LD: "Left", RD: "Right" }[o];
    if (!safe) return ["Neither side can be sure of even a draw here: the result depends on both choices.", null];
    if (safe === side) return ["With perfect play " + side + " is sure of at least a draw, and can win if the computer errs.", null];
    return ["Only " + safe + " can be sure of at least a draw here: play " + safe + ".", play(safe)];
  }
  if (family === "arena" || family === "synchronized") {
    const winner = family === "arena" ? o : { L: "Left", R: "Right" }[o];
    if (!winner) return ["With perfect play this is a draw.", null];
    if (winner === side) return ["With perfect play " + side + " wins: you can win.", null];
    return ["With perfect play " + winner + " wins: play " + winner + " to be able to win.", play(winner)];
  }
  // Who wins when the person moves first, and when second.
  let whenFirst, whenSecond;
  if (family === "partizan") {
    const fixed = { L: "Left", R: "Right" }[o];
    if (fixed) {
      if (fixed === side) return ["With perfect play " + side + " wins whoever starts: you can win.", null];
      return ["With perfect play " + fixed + " wins whoever starts: play " + fixed + " to be able to win.", play(fixed)];
    }
    whenFirst = o === "N";
    whenSecond = o === "P";
  } else {
    if (o === "draw") return ["With perfect play this is a draw.", null];
    whenFirst = o === "N" || o === "win";
    whenSecond = !whenFirst;
  }
  if (first && whenFirst) return ["With perfect play the player who moves first wins: you can win.", null];
  if (!first && whenSecond) return ["With perfect play the player who moves second wins: you can win.", null];
  if (first) return ["With perfect play the player who moves first loses here: let the computer move first.", computerFirst];
  return ["With perfect play the player who moves first wins here: move first yourself.", youFirst];
}

function showAdvice(text, action) {
  $("advice").textContent = text;
  $("advice").hidden = !text;
  const b = $("advice-action");
  b.hidden = !action;
  if (action) {
    b.textContent = action.label;
    b.onclick = () => { action.run(); adviseSetup(); };
  }
}

async function init() {
  try {
    games = (await api("games")).games;
  } catch (e) {
    showError(e.message);
    return;
  }
  for (const g of games) $("game").appendChild(element("option", { value: g.name }, g.name + " (" + g.family + ")"));
  const want = new URLSearchParams(location.search).get("game");
  if (want && info(want)) $("game").value = want;
  fillSetup();
  const wantPosition = new URLSearchParams(location.search).get("position");
  if (want && info(want) && wantPosition) { $("position").value = wantPosition; adviseSetup(); }
  $("game").addEventListener("change", fillSetup);
  for (const id of ["position", "side", "computer-first"]) {
    $(id).addEventListener(id === "position" ? "input" : "change", adviseSetup);
  }
  $("start").addEventListener("click", start);
  $("hint").addEventListener("click", () => { G.hint = !G.hint; paintHints(); });
  $("undo").addEventListener("click", undo);
  $("restart").addEventListener("click", () => goTo(0));
  $("all-moves").addEventListener("click", () => { clearSelection(); renderMoves(); });
  setupBoardClicks();
  $("proof-file").addEventListener("change", loadProof);
  document.body.dataset.state = "setup";
}

// ------------------------------------------------------------------- play

// A step of the game: the position, whether the person is to move, the
// turn, who made the move that led here (by: "you", "computer", "both"),
// its label and the spots it changed; filled in when shown: the moves
// (moves), the evaluation (eval) and the computer's advice (best).
async function start() {
  endProof();
  showError("");
  const g = info($("game").value);
  G = {
    info: g,
    side: $("side").value || null,
    history: [{ position: $("position").value, person: !$("computer-first").checked, turn: 0, by: null }],
    hint: false,
    why: false,
    selected: [],
  };
  history.replaceState(null, "", query({ game: g.name }));
  await show();
}

// The step shown, or null when no game is played.
function current() {
  return G ? G.history[G.history.length - 1] : null;
}

// Back to the person's previous turn.
function undo() {
  let k = G.history.length - 1;
  while (k > 0) {
    k--;
    if (G.history[k].person) break;
  }
  goTo(k);
}

// Back to step k of the history (0: the start). When it is the
// computer's turn there, the computer moves again.
function goTo(k) {
  if (!G || k < 0 || k >= G.history.length) return;
  G.history.length = k + 1;
  show();
}

// Who moves at a step with moves `m` (partizan and arena games).
function moverOf(step, m) {
  const fam = G.info.family;
  if (fam === "arena") return m.to_move || "Alice";
  if (fam === "partizan") return step.person ? G.side : other(G.side);
  return null;
}

// The moves the person may choose from: in synchronized games the
// person's own part of each pair, once each, changing the spots that all
// its pairs change.
function personMoves(m, mover) {
  if (G.info.family === "synchronized") {
    const mine = new Map();
    for (const mv of m.moves) {
      if (!mv.choices) continue;
      const own = G.side === "Left" ? mv.choices.left : mv.choices.right;
      const prev = mine.get(own);
      const changes = prev ? intersectChanges(prev.changes, mv.changes) : mv.changes;
      mine.set(own, { label: own, winning: (prev && prev.winning) || mv.winning, choice: true, changes: changes });
    }
    return [...mine.values()];
  }
  return m.moves.filter((mv) => !mover || !mv.player || mv.player === mover);
}

function intersectChanges(a, b) {
  if (!a || !b) return null;
  const keys = new Set(b.map(spotKey));
  return a.filter((c) => keys.has(spotKey(c)));
}

let busy = false;

// Shows the current step: fetches its moves (once), its board, judges who
// is winning, ends the game or lets the person or the computer move.
async function show() {
  showError("");
  $("board").hidden = false;
  const step = current();
  clearSelection();
  let m = step.moves;
  if (!m) {
    try {
      m = await api("moves", { game: G.info.name, position: step.position });
    } catch (e) {
      if (current() !== step) return;
      showError(e.message);
      document.body.dataset.state = "error";
      if (G.history.length === 1) $("board").hidden = true;
      return;
    }
    if (current() !== step) return;
    step.moves = m;
    step.position = m.position;
  }
  G.moves = m;
  const fam = G.info.family;
  const mover = moverOf(step, m);
  if (fam === "arena") step.person = mover === G.side;
  G.mover = mover;
  step.eval = evaluationAt(step, m, mover);
  $("pos").textContent = m.position;
  $("value").textContent = shorten(m.value, 160);
  $("value").title = m.value;
  $("outcome").textContent = m.outcome + (mover ? " · " + mover + " to move" : "");
  $("rules").textContent = G.info.rules;
  $("turns").textContent = turnsText(step, m);
  G.listed = personMoves(m, mover);
  G.fastest = -1;
  renderView(m, step);
  renderBoard(step, m);
  renderHistory();
  renderChart();
  $("undo").disabled = G.history.length === 1;
  document.body.dataset.turn = step.turn;
  const repeated = repetition(step);
  const end = verdictText(step, m, repeated);
  showNotice(end ? "" : repeatedText(step, repeated));
  renderMoves();
  if (end) {
    $("message").textContent = end;
    document.body.dataset.state = "over";
    setMovesActive(false);
    return;
  }
  if (step.person || fam === "synchronized") {
    $("message").textContent = fam === "synchronized" ? "Your choice (the computer chooses at the same time)." : "Your move.";
    document.body.dataset.state = "person";
    setMovesActive(true);
    askBest(step, mover);
  } else {
    $("message").textContent = "The computer is thinking…";
    document.body.dataset.state = "computer";
    setMovesActive(false);
    await computerMove(step, mover);
  }
}

function turnsText(step, m) {
  if (G.info.name === "shift-game") {
    const n = m.position.split(" ")[0].length;
    return "turn " + step.turn + " (perfect play ends within 2^" + n + " = " + (1 << n) + " turns)";
  }
  return "move " + step.turn;
}

// The perfect computer's move for the person's side, asked while the
// person thinks: it marks the fastest winning move and gives the
// position's remoteness to the chart (impartial games). When it is in,
// the body's data-best is the turn (for tests).
async function askBest(step, mover) {
  const done = () => { if (current() === step) document.body.dataset.best = step.turn; };
  document.body.dataset.best = "";
  if (G.info.family === "synchronized") return done();
  let b;
  try {
    const params = { game: G.info.name, position: step.position };
    if (mover) params.side = mover;
    b = step.best || (await api("best", params));
  } catch (e) {
    return done(); // only advice: the game goes on without it
  }
  if (current() !== step) return;
  step.best = b;
  if (step.eval.remoteness === null && typeof b.remoteness === "number") {
    step.eval.remoteness = b.remoteness;
    renderChart();
  }
  paintHints();
  done();
}

async function computerMove(step, mover) {
  let b;
  try {
    const params = { game: G.info.name, position: step.position };
    if (mover) params.side = mover;
    b = await api("best", params);
  } catch (e) {
    if (current() === step) showError(e.message);
    return;
  }
  if (current() !== step) return;
  step.best = b;
  if (step.eval.remoteness === null && typeof b.remoteness === "number") step.eval.remoteness = b.remoteness;
  await new Promise((r) => setTimeout(r, 250));
  if (current() !== step || !b.move) return;
  $("message").textContent = "The computer played " + b.move.label + " (" + b.reason + ").";
  const listed = b.index !== null && b.index !== undefined ? step.moves.moves[b.index] : null;
  const changes = b.move.changes || (listed && listed.changes) || null;
  push({ position: b.move.position, person: !step.person, by: "computer", label: b.move.label, changes: changes });
}

// Adds the step a move leads to, and shows it; until it is shown the
// body's state is "moving".
function push(next) {
  const step = current();
  document.body.dataset.state = "moving";
  next.turn = step.turn + 1;
  G.history.push(next);
  show();
}

async function personMove(i) {
  if (busy) return;
  const step = current();
  const mv = G.listed[i];
  if (!mv) return;
  if (G.info.family === "synchronized") {
    busy = true;
    document.body.dataset.state = "moving";
    try {
      const b = await api("best", { game: G.info.name, position: step.position, side: other(G.side), choice: mv.label });
      if (current() !== step) return;
      $("message").textContent = "You chose " + mv.label + "; the computer chose " + b.choice + ".";
      const listed = b.index !== null && b.index !== undefined ? step.moves.moves[b.index] : null;
      push({ position: b.move.position, person: true, by: "both", label: b.move.label, changes: b.move.changes || (listed && listed.changes) || null });
    } catch (e) {
      showError(e.message);
      if (current() === step) document.body.dataset.state = "person";
    } finally {
      busy = false;
    }
    return;
  }
  push({ position: mv.position, person: !step.person, by: "you", label: mv.label, changes: mv.changes || null });
}

// ---------------------------------------------------------- who is winning

// What a step says about the game: the value's text, who is winning with
// perfect play ("you", "computer", "draw", or null when unknown) and the
// remoteness (moves to the end with perfect play) when known: a partizan
// game with cycles has one for each first player, the mover's is taken.
function evaluationAt(step, m, mover) {
  let remoteness = null;
  const own = withFirst(m, mover);
  if (typeof m.remoteness === "number") remoteness = m.remoteness;
  else if (typeof m.turns === "number") remoteness = m.turns;
  else if (own && typeof own.remoteness === "number") remoteness = own.remoteness;
  else if (step.best && typeof step.best.remoteness === "number") remoteness = step.best.remoteness;
  else if (m.moves.length === 0 && G.info.family !== "synchronized") remoteness = 0;
  return { value: m.value, outcome: m.outcome, winner: winnerAt(step, m, mover), remoteness: remoteness };
}

// A partizan game with cycles (the API's left_first, right_first and
// their remoteness): the winner ("Left", "Right" or "draw") and the
// remoteness (undefined for a draw) when `first` moves first; null for
// the other games.
function withFirst(v, first) {
  if (v.left_first === undefined || (first !== "Left" && first !== "Right")) return null;
  return first === "Left"
    ? { winner: v.left_first, remoteness: v.left_first_remoteness }
    : { winner: v.right_first, remoteness: v.right_first_remoteness };
}

// Who wins from a step with perfect play, for the person (`mover`: the
// side to move there, in partizan games).
function winnerAt(step, m, mover) {
  const outcome = m.outcome;
  const fam = G.info.family;
  const who = (side) => (side === G.side ? "you" : "computer");
  if (fam === "arena") return outcome === "Alice" || outcome === "Bob" ? who(outcome) : null;
  if (fam === "synchronized") {
    if (outcome === "D") return "draw";
    return outcome === "L" ? who("Left") : outcome === "R" ? who("Right") : null;
  }
  const moverWins = step.person ? "you" : "computer";
  const moverLoses = step.person ? "computer" : "you";
  if (fam === "partizan") {
    const loopy = withFirst(m, mover);
    if (loopy) return loopy.winner === "draw" ? "draw" : who(loopy.winner);
    if (outcome === "L") return who("Left");
    if (outcome === "R") return who("Right");
    return outcome === "N" ? moverWins : outcome === "P" ? moverLoses : null;
  }
  if (outcome === "N" || outcome === "win") return moverWins;
  if (outcome === "P" || outcome === "loss") return moverLoses;
  return outcome === "draw" ? "draw" : null;
}

// An earlier step with the same position and the same player to move.
function repetition(step) {
  const k = G.history.findIndex((h) => h !== step && h.position === step.position && h.person === step.person && h.moves);
  return k >= 0 ? k : null;
}

function isGraph() {
  return G.info.family === "impartial" && ["win", "loss", "draw"].includes(G.moves.outcome);
}

// A game whose positions may repeat: a game graph, or a partizan game
// with cycles (its value says who wins with each first player).
function isLoopy() {
  return isGraph() || G.moves.left_first !== undefined;
}

// The notice on a repeated position that does not end the game.
function repeatedText(step, k) {
  if (k === null) return "";
  const head = "Position repeated (as at move " + G.history[k].turn + "): ";
  const w = step.eval.winner;
  if (w === "you" && step.person) return head + "you are winning but not getting closer; the marked move (★) is the fastest win.";
  if (w === "you") return head + "you are winning but not getting closer.";
  if (w === "computer") return head + "the computer is winning and will not let it go on.";
  return head + "drawn with best play.";
}

// The verdict when the game is over at `step`, else "".
function verdictText(step, m, repeated) {
  const fam = G.info.family;
  const you = (side) => (side === G.side ? "you win!" : "the computer wins.");
  if (fam === "arena") {
    if (m.turns === 0) return "0^n has come back after " + step.turn + " turns: Alice has reached the target — " + you("Alice");
    if (repeated !== null && m.outcome === "Bob") {
      return "Position repeated: Bob keeps 0^n from coming back forever, so Bob wins — " + you("Bob");
    }
    return "";
  }
  if (fam === "synchronized") {
    if (m.moves.length > 0) return "";
    if (m.outcome === "D") return "Game over: neither can move — a draw.";
    const winner = m.outcome === "L" ? "Left" : "Right";
    return "Game over: " + winner + " wins — " + you(winner);
  }
  if (isLoopy() && repeated !== null && step.eval.winner === "draw") {
    return "Position repeated: drawn with best play. Game over — a draw.";
  }
  if (G.listed.length > 0) return "";
  if (isGraph() && m.outcome !== "loss") {
    if (m.outcome === "draw") return "No moves left, and this position is a draw by the rules: a draw.";
    return step.person ? "No moves left, and this position is won for you by the rules: you win!" : "No moves left, and this position is won for the computer by the rules: the computer wins.";
  }
  // Normal play: who cannot move loses.
  return step.person ? "You cannot move: the computer wins." : "The computer cannot move: you win!";
}

function showNotice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

// ------------------------------------------------------ moves list, hints

// The listed move to mark (★) and why: in a game with cycles, as the
// perfect computer plays (mex_core::games::best), by the remoteness of the
// position each move leads to for the player who moves there (a move's
// `remoteness` in the API): the winning move of least remoteness (the
// fastest win), else a move to a draw, else the move of most remoteness
// (the longest defence), so that following the marked moves of both sides
// ends the game; in an arena game the fewest turns for Alice (the most for
// Bob); else the perfect computer's choice when winning. -1: none.
function markedIndex() {
  if (isLoopy()) return loopyMark(G.listed);
  const step = current();
  const winning = G.listed.map((mv, i) => [mv, i]).filter(([mv]) => mv.winning);
  if (winning.length === 0) return -1;
  const by = (key, best) => winning.reduce((a, b) => (best(b[0][key], a[0][key]) ? b : a))[1];
  if (winning.every(([mv]) => typeof mv.turns === "number")) {
    return G.mover === "Bob" ? by("turns", (x, y) => x > y) : by("turns", (x, y) => x < y);
  }
  const b = step.best;
  if (b && b.move) {
    const k = G.listed.findIndex((mv) => mv.label === b.move.label && mv.position === b.move.position);
    if (k >= 0 && G.listed[k].winning) return k;
  }
  return -1;
}

// The first move kept by `keep` of the greatest `key`, or -1.
function firstBest(moves, keep, key) {
  let best = -1;
  moves.forEach((mv, i) => {
    if (keep(mv) && (best < 0 || key(mv) > key(moves[best]))) best = i;
  });
  return best;
}

function loopyMark(moves) {
  const remoteness = (mv) => (typeof mv.remoteness === "number" ? mv.remoteness : 0);
  const win = firstBest(moves, (mv) => mv.winning, (mv) => -remoteness(mv));
  if (win >= 0) return win;
  const draw = firstBest(moves, (mv) => nextWinner(mv) === "draw", () => 0);
  return draw >= 0 ? draw : firstBest(moves, () => true, remoteness);
}

// In a game with cycles, who wins the position a move leads to, for the
// player who moves there: "win", "loss" or "draw" (game graphs), the
// winner "Left", "Right" or "draw" (partizan games with cycles); null for
// the other games.
function nextWinner(mv) {
  const loopy = withFirst(mv, other(mv.player));
  if (loopy) return loopy.winner;
  return ["win", "loss", "draw"].includes(mv.outcome) ? mv.outcome : null;
}

// What the hint says of a move: the value it leads to; in a partizan game
// with cycles the winner with the other side to move and the remoteness
// (the value's text names both first players, too long to show whole).
function hintText(mv) {
  const next = other(mv.player);
  const loopy = withFirst(mv, next);
  if (!loopy) return shorten(mv.value, 24);
  const result = loopy.winner === "draw" ? "a draw" : loopy.winner + " wins in " + loopy.remoteness;
  return next + " to move: " + result;
}

function renderMoves() {
  const ol = $("moves");
  ol.innerHTML = "";
  const only = G.selected.length ? candidates() : null;
  G.listed.forEach((mv, i) => {
    if (only && !only.includes(i)) return;
    const li = element("li");
    const b = element("button", { type: "button" });
    b.dataset.index = i;
    b.dataset.winning = mv.winning;
    b.dataset.changes = (mv.changes || []).map(spotKey).join(" ");
    b.addEventListener("click", () => personMove(i));
    li.appendChild(b);
    ol.appendChild(li);
  });
  $("all-moves").hidden = !only;
  setMovesActive(document.body.dataset.state === "person");
  paintHints();
}

function setMovesActive(active) {
  for (const b of document.querySelectorAll("#moves button")) b.disabled = !active;
  $("hint").disabled = !active || G.listed.length === 0;
}

function paintHints() {
  const marked = G.hint || (current().eval && repetition(current()) !== null);
  G.fastest = marked ? markedIndex() : -1;
  for (const b of document.querySelectorAll("#moves button")) {
    const i = +b.dataset.index;
    const mv = G.listed[i];
    b.classList.remove("winning", "losing", "drawing", "fastest");
    // The resulting value only with the hint: it tells who is winning.
    const to = mv.position ? " → " + mv.position : "";
    const star = i === G.fastest ? "★ " : "";
    // Long canonical forms (Amazons) are cut short; the whole is the title.
    const hint = G.hint && mv.value ? hintText(mv) : "";
    b.textContent = star + mv.label + to + (hint ? " (" + hint + ")" : "");
    b.title = hint && hint !== mv.value ? mv.value : "";
    if (i === G.fastest) {
      b.classList.add("fastest");
      b.title = mv.winning ? "the fastest win" : nextWinner(mv) === "draw" ? "a move that keeps the draw" : "the longest defence";
    }
    if (!G.hint) continue;
    b.classList.add(mv.winning ? "winning" : nextWinner(mv) === "draw" ? "drawing" : "losing");
  }
  $("hint").textContent = G.hint ? "Hide hint" : "Hint";
}

// --------------------------------------------------------- history, undo

function byText(by) {
  if (by === "you") return "you";
  if (by === "computer") return "computer";
  if (by === "both") return "both";
  return "start";
}

// Every step so far, for both sides; a click goes back to it.
function renderHistory() {
  const ol = $("history");
  ol.innerHTML = "";
  G.history.forEach((h, k) => {
    const li = element("li");
    const b = element("button", { type: "button", className: "step " + byText(h.by) });
    b.dataset.step = k;
    const who = element("span", { className: "who" }, byText(h.by));
    const what = element("span", { className: "what" }, h.label ? h.label : "");
    const pos = element("code", { title: h.position }, shorten(h.position, 60));
    b.append(who, " ", what, h.label ? " → " : "", pos);
    if (k === G.history.length - 1) b.setAttribute("aria-current", "step");
    b.title = k === G.history.length - 1 ? "the position now" : "go back to this position";
    b.addEventListener("click", () => goTo(k));
    li.appendChild(b);
    ol.appendChild(li);
  });
  const box = $("history-box");
  box.scrollTop = box.scrollHeight;
}

// ------------------------------------------------------------ value chart

const CHART_COLOURS = { you: "#2a8a3a", computer: "#c0392b", draw: "#d4a017" };
// The most turns drawn (the latest ones).
const CHART_MAX_TURNS = 240;

// Who is winning after each turn, as GamesmanUni's value history: one
// column per position, up and green when the person wins with perfect
// play, down and red when the computer does, a yellow mark on the middle
// line for a draw; the length is the remoteness (moves to the end with
// perfect play) when known, with its number. A click on a column goes
// back to that position.
function renderChart() {
  const box = $("chart");
  box.innerHTML = "";
  const from = Math.max(0, G.history.length - CHART_MAX_TURNS);
  const steps = G.history.slice(from);
  const W = 16, H = 126, mid = 58, left = 84, room = 40;
  const known = steps.map((h) => (h.eval ? h.eval.remoteness : null)).filter((r) => typeof r === "number");
  const most = Math.max(1, ...known);
  const width = left + steps.length * W + 8;
  const svg = svgElement("svg", { width: width, height: H, viewBox: "0 0 " + width + " " + H, role: "img", "aria-label": "who is winning after each move" });
  svg.appendChild(svgElement("text", { x: 4, y: 14, class: "axis" }, "you win"));
  svg.appendChild(svgElement("text", { x: 4, y: mid + 4, class: "axis" }, "draw"));
  svg.appendChild(svgElement("text", { x: 4, y: mid + room + 4, class: "axis" }, "computer wins"));
  svg.appendChild(svgElement("text", { x: 4, y: H - 2, class: "axis" }, "move"));
  svg.appendChild(svgElement("line", { x1: left - 4, x2: width - 4, y1: mid, y2: mid, class: "middle" }));
  steps.forEach((h, i) => {
    const k = from + i;
    const x = left + i * W;
    const e = h.eval;
    const g = svgElement("g", { class: "turn" + (k === G.history.length - 1 ? " now" : ""), "data-step": k });
    const r = e ? e.remoteness : null;
    const len = typeof r === "number" ? 8 + (room - 8) * (r / most) : room / 2;
    const winner = e ? e.winner : null;
    let y = mid - 2, height = 4;
    if (winner === "you") { y = mid - len; height = len; }
    if (winner === "computer") { y = mid; height = len; }
    const fill = CHART_COLOURS[winner] || "#bbb";
    g.appendChild(svgElement("rect", { x: x + 2, y: y, width: W - 4, height: height, fill: fill, class: winner || "unknown" }));
    if (typeof r === "number" && winner !== "draw") {
      const ty = winner === "computer" ? y + height + 10 : y - 3;
      g.appendChild(svgElement("text", { x: x + W / 2, y: ty, class: "remoteness" }, String(r)));
    }
    g.appendChild(svgElement("text", { x: x + W / 2, y: H - 2, class: "tick" }, k % 5 === 0 ? String(h.turn) : ""));
    const who = winner === "you" ? "you are winning" : winner === "computer" ? "the computer is winning" : winner === "draw" ? "a draw" : "not known";
    const rest = typeof r === "number" && winner !== "draw" ? ", " + r + " moves to the end with perfect play" : "";
    g.appendChild(svgElement("title", {}, "move " + h.turn + ": " + (e ? e.value + " — " : "") + who + rest));
    g.addEventListener("click", () => goTo(k));
    svg.appendChild(g);
  });
  box.appendChild(svg);
  box.scrollLeft = box.scrollWidth;
}

// ------------------------------------------------------------------ board

function spotKey(c) {
  return c.kind + ":" + c.index;
}

// The position's board: the SVG the server draws from the position's
// picture (the `board` of /api/value; /api/moves may carry it too). Its
// spots (class "spot", data-spot "cell:3") choose moves: see spotClicked.
async function renderBoard(step, m) {
  const box = $("board-view");
  let board = m.board || step.board;
  if (!board && serverBoards !== false) {
    try {
      const v = await api("value", { game: G.info.name, position: step.position });
      serverBoards = typeof v.board === "string";
      board = v.board;
      step.picture = v.picture;
    } catch (e) {
      board = null;
    }
    if (current() !== step) return;
  }
  step.board = board || null;
  box.innerHTML = board || "";
  box.hidden = !board;
  const pic = m.picture || step.picture;
  box.dataset.shape = (pic && pic.shape) || "";
  // The spots the last move changed.
  for (const c of step.changes || []) {
    const e = box.querySelector('[data-spot="' + spotKey(c) + '"]');
    if (e) e.classList.add("changed");
  }
  paintSpots();
  const explain = $("board-help");
  const spots = box.querySelectorAll(".spot").length;
  explain.hidden = !board;
  explain.textContent = spots
    ? "Click (or drag across) the squares, heaps, edges or bits your move changes; every move is also in the list below."
    : "Choose your move from the list below.";
  fitBoard(box);
}

// Small boards drawn larger (up to 1.8 times, and to at most 300 px
// high, within the page), so that cells are easy to hit; strips and
// registers keep their size and scroll.
function fitBoard(box) {
  const svg = box.querySelector("svg");
  if (!svg) return;
  const width = parseFloat(svg.getAttribute("width"));
  const height = parseFloat(svg.getAttribute("height"));
  if (!(width > 0 && height > 0) || ["strips", "register"].includes(box.dataset.shape)) return;
  const scale = Math.min(1.8, Math.max(1, 300 / height));
  svg.style.width = Math.min(box.clientWidth || width, width * scale) + "px";
}

// Candidates: the listed moves whose changes contain every selected spot.
function candidates() {
  const want = G.selected;
  const out = [];
  G.listed.forEach((mv, i) => {
    if (!mv.changes) return;
    const keys = new Set(mv.changes.map(spotKey));
    if (want.every((s) => keys.has(s))) out.push(i);
  });
  return out;
}

function clearSelection() {
  if (G) G.selected = [];
  paintSpots();
}

// Marks the chosen spots, and the spots the candidate moves change.
function paintSpots() {
  const box = $("board-view");
  for (const e of box.querySelectorAll(".spot")) e.classList.remove("chosen", "candidate");
  if (!G || !G.selected.length) return;
  for (const i of candidates()) {
    for (const c of G.listed[i].changes) {
      const e = box.querySelector('[data-spot="' + spotKey(c) + '"]');
      if (e) e.classList.add("candidate");
    }
  }
  for (const s of G.selected) {
    const e = box.querySelector('[data-spot="' + s + '"]');
    if (e) e.classList.add("chosen");
  }
}

// A click on a spot: one candidate move is played; several are marked
// and listed alone (a click on another of their spots narrows them); a
// spot no move changes with the chosen ones starts a new choice.
function spotClicked(spot) {
  if (!G || document.body.dataset.state !== "person" || busy) return;
  if (G.selected.includes(spot)) {
    G.selected = G.selected.filter((s) => s !== spot);
  } else {
    G.selected.push(spot);
    if (candidates().length === 0) G.selected = [spot];
  }
  const found = candidates();
  if (G.selected.length && found.length === 0) {
    G.selected = [];
    $("message").textContent = "No move of yours changes that spot.";
  } else if (found.length === 1 && G.selected.length) {
    G.selected = [];
    personMove(found[0]);
    return;
  } else if (found.length > 1) {
    $("message").textContent = found.length + " moves change the marked spots: click another of their spots, or choose in the list.";
  }
  paintSpots();
  renderMoves();
}

// Clicks and drags on the board: a press on one spot and a release on
// another chooses both (pointer events, so a finger works too).
function setupBoardClicks() {
  const box = $("board-view");
  let pressed = null;
  let dragged = false;
  const spotAt = (target) => {
    const e = target && target.closest ? target.closest("[data-spot]") : null;
    return e && box.contains(e) ? e.getAttribute("data-spot") : null;
  };
  box.addEventListener("pointerdown", (e) => { pressed = spotAt(e.target); dragged = false; });
  box.addEventListener("pointerup", (e) => {
    const from = pressed;
    pressed = null;
    if (!from) return;
    const to = spotAt(document.elementFromPoint(e.clientX, e.clientY));
    if (!to || to === from) return;
    dragged = true;
    G.selected = [];
    spotClicked(from);
    if (G.selected.length) spotClicked(to);
  });
  box.addEventListener("click", (e) => {
    if (dragged) { dragged = false; return; }
    const s = spotAt(e.target);
    if (s) spotClicked(s);
  });
}

// ---------------------------------------------------------- special views

// The views the game has (the `views` of /api/games): only those are
// asked for.
function renderView(m, step) {
  const v = $("view");
  v.innerHTML = "";
  const has = (view) => (G.info.views || []).includes(view);
  if (has("shift-rule")) shiftView(v, m, step);
  if (has("ssc-pieces")) sscBlocks(v, m);
  if (has("thermograph") && m.thermograph) thermographView(v, m, step);
  if (has("sequence")) sequenceView(v, m, step);
}

function picture(v, id) {
  const pic = element("div", { id: id, className: "picture" });
  v.appendChild(pic);
  return pic;
}

// The nim sequence of the position's rule (the code or the set before the
// colon) as a chart, preperiod shaded and periods marked (/api/sequence).
function sequenceView(v, m, step) {
  const rule = m.position.split(":")[0].trim();
  if (!rule || rule.length > 60) return;
  const pic = picture(v, "sequence-chart");
  apiText("sequence", { game: G.info.name, rule: rule }).then((svg) => {
    if (current() === step) pic.innerHTML = svg;
  }).catch(() => { pic.remove(); });
}

// The thermograph of the position's value (partizan games), drawn by the
// server with its axes, labels and mast (/api/thermograph).
function thermographView(v, m, step) {
  if (!m.value || m.value.length > 400) return;
  const pic = picture(v, "thermograph");
  apiText("thermograph", { expr: m.value }).then((svg) => {
    if (current() === step) pic.innerHTML = svg;
  }).catch(() => { pic.remove(); });
}

// Synchronized Stack Cherries: each stack's decomposition into irreducible
// pieces (computed by the server, /api/ssc) as coloured blocks.
function sscBlocks(v, m) {
  const rows = m.position.trim() === "" || m.position.trim() === "-" ? [] : m.position.trim().split(/\s+/);
  if (!rows.length || rows.length > 20 || rows.some((r) => r.length > 40 || !/^[BW]+$/.test(r))) return;
  const box = element("div", { id: "ssc-blocks" });
  box.appendChild(element("p", { className: "explain" }, "Each stack cut into its irreducible pieces (the SSC decomposition):"));
  v.appendChild(box);
  const colours = ["#fde2a7", "#c9e7f5", "#d6f0c8", "#f5d0e6", "#e0d7f7", "#f7dcc6"];
  rows.forEach((row, i) => {
    const line = element("div", { className: "row" });
    line.appendChild(element("span", { className: "label" }, "stack " + (i + 1)));
    box.appendChild(line);
    api("ssc", { segment: row }).then((x) => {
      if (!G || G.moves !== m) return;
      x.pieces.forEach((piece, k) => {
        const block = element("span", { className: "block", title: "piece " + (k + 1) + ": " + piece.text });
        block.style.background = colours[k % colours.length];
        for (const c of piece.text) block.appendChild(element("span", { className: "cherry " + (c === "B" ? "black" : "white") }));
        line.appendChild(block);
      });
    }).catch((e) => showError(e.message));
  });
}

function shiftView(v, m, step) {
  const [bits, end] = m.position.split(" ");
  const p = element("p", { className: "explain" });
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
    const why = element("button", { type: "button", id: "why" }, G.why ? "hide why" : "why?");
    why.addEventListener("click", () => { G.why = !G.why; renderView(G.moves, current()); });
    v.appendChild(why);
    if (G.why) {
      const box = element("ol", { id: "why-steps", className: "explain" });
      v.appendChild(box);
      api("shift/explain", { state: bits }).then((x) => {
        if (current() !== step) return;
        for (const line of x.steps) box.appendChild(element("li", {}, line));
        box.dataset.next = x.next;
      }).catch((e) => showError(e.message));
    }
  }
  // The De Bruijn graph with the play so far (orders up to 6).
  if (bits.length <= 6) {
    const pic = picture(v, "debruijn");
    const path = G.history.map((h) => h.position.split(" ")[0]).filter((s) => s.length === bits.length);
    apiText("debruijn", { n: bits.length, path: path.join(",") }).then((svg) => {
      if (current() === step) pic.innerHTML = svg;
    }).catch((e) => showError(e.message));
  }
}

init();

// ------------------------------------------------------ play by a proof

// Play through a proof of who wins (POST /api/proof, GET /api/proof/move):
// the server checks the proof once and keeps it by its SHA-256; the
// computer plays the proof's winner, the person the loser, with no value
// computed. P: the proof (its text, the server's report), the position
// shown and the first leaf of the proof's strategy the play went through
// (P is declared with the page's other state, above).

// Ends play by a proof and clears its board.
function endProof() {
  if (!P) return;
  P = null;
  $("proof-play").hidden = true;
  $("proof-board").innerHTML = "";
  $("proof-moves").textContent = "";
}

// POST the proof's text; the server's one-line error when it refuses.
async function postProof(text, game, position) {
  let r, body;
  try {
    r = await fetch("/api/proof" + query({ game, position }), { method: "POST", body: text });
    body = await r.text();
  } catch (e) {
    throw new Error("the server cannot be reached: " + e.message);
  }
  let v = null;
  try { v = JSON.parse(body); } catch (e) { /* not JSON */ }
  if (r.ok && v) return v;
  throw new Error((v && v.error) || "the server refused the proof (status " + r.status + ")");
}

// The proof file chosen, checked for the game and position of the setup.
async function loadProof() {
  showError("");
  const file = $("proof-file").files[0];
  if (!file) return;
  const text = await file.text();
  $("proof-file").value = "";
  document.body.dataset.state = "starting";
  try {
    const v = await postProof(text, $("game").value, $("position").value);
    endGame();
    P = { text, proof: v.proof, leaf: null };
    $("proof-status").textContent = "Playing by the proof (SHA-256 " + v.proof.sha256.slice(0, 12) + "…, "
      + v.proof.nodes + " nodes): the computer plays " + v.proof.winner + ", you play " + other(v.proof.winner) + ".";
    $("proof-play").hidden = false;
    await proofAt(v.start);
  } catch (e) {
    showError(e.message);
    document.body.dataset.state = "error";
  }
}

// Shows `here` (a position with its mover and moves); the computer moves
// when the winner is to move.
async function proofAt(here) {
  if (!P.leaf && here.leaf) P.leaf = { position: here.position, to_move: here.to_move };
  $("proof-pos").textContent = here.position;
  $("proof-board").innerHTML = here.board;
  const list = $("proof-moves");
  list.textContent = "";
  if (here.to_move === P.proof.winner) {
    $("proof-message").textContent = "The computer (" + here.to_move + ") is thinking…";
    return proofComputer(here.position);
  }
  if (here.moves.length === 0) {
    $("proof-message").textContent = here.to_move + " cannot move: the computer wins.";
    document.body.dataset.state = "over";
    return;
  }
  $("proof-message").textContent = "Your move (" + here.to_move + ").";
  here.moves.forEach((m) => {
    const b = element("button", { type: "button" }, m.label + " → " + shorten(m.position, 60));
    b.addEventListener("click", () => proofComputer(m.position));
    list.appendChild(element("li", {})).appendChild(b);
  });
  document.body.dataset.state = "person";
}

// The winner's move at `position` by the proof (uploaded again when the
// server no longer keeps it).
async function proofComputer(position) {
  document.body.dataset.state = "computer";
  const params = { sha256: P.proof.sha256, position };
  if (P.leaf) Object.assign(params, { leaf: P.leaf.position, leaf_to_move: P.leaf.to_move });
  try {
    let v;
    try {
      v = await api("proof/move", params);
    } catch (e) {
      if (!/no checked proof/.test(e.message)) throw e;
      await postProof(P.text, P.proof.game, P.proof.position);
      v = await api("proof/move", params);
    }
    if (!P.leaf && v.from_leaf) P.leaf = { position, to_move: P.proof.winner };
    await proofAt(v.next);
    $("proof-message").textContent = "The computer played " + v.move.label + ". " + $("proof-message").textContent;
  } catch (e) {
    showError(e.message);
    document.body.dataset.state = "error";
  }
}
