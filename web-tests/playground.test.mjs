// End-to-end tests of the playground in headless Chromium (Debian's
// chromium at /usr/bin/chromium, or $CHROMIUM), driven by playwright-core:
// no browser is downloaded. The server is the mex binary ($MEX_BIN, default
// ../target/debug/mex) on a free port. Screenshots of whole pages go to
// screenshots/ (not kept); with MEX_SCREENSHOTS=DIR (a path from the
// repository's root, such as docs/screenshots), the board of every game
// at its default position is saved as DIR/GAME.png, with the value chart
// (chart.png) and a thermograph (thermograph.png).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const mex = process.env.MEX_BIN || path.join(here, "..", "target", "debug", "mex");
const shots = path.join(here, "screenshots");
mkdirSync(shots, { recursive: true });
const boardShots = process.env.MEX_SCREENSHOTS ? path.resolve(here, "..", process.env.MEX_SCREENSHOTS) : null;
if (boardShots) mkdirSync(boardShots, { recursive: true });

let server, base, browser;

// Every wait (a selector, a function, an action, a page load) gives up
// after this long. It only guards against a hang: each step takes
// milliseconds, and Playwright's default of 30 s could be reached by a
// machine busy with other work.
const HANG_GUARD_MS = 5 * 60 * 1000;

// The verdicts a finished game may show.
const VERDICT = /you win|the computer wins|draw/;

before(async () => {
  server = spawn(mex, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = /open (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1].replace(/\/$/, ""));
    });
    server.on("exit", (code) => reject(new Error("mex serve exited with " + code)));
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox"],
    timeout: HANG_GUARD_MS,
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
});

async function open(game) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  page.setDefaultTimeout(HANG_GUARD_MS);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.scriptErrors = errors;
  await page.goto(base + "/?game=" + encodeURIComponent(game));
  await page.waitForFunction(() => document.body.dataset.state === "setup");
  return page;
}

async function begin(page, { position, side, computerFirst } = {}) {
  if (position !== undefined) await page.fill("#position", position);
  if (side) await page.selectOption("#side", side);
  if (computerFirst) await page.check("#computer-first");
  await page.evaluate(() => { document.body.dataset.state = "starting"; });
  await page.click("#start");
}

// Waits until the person is to move (or the game is over) at a turn after
// `after`; returns the state and the turn.
async function waitTurn(page, after) {
  await page.waitForFunction(
    (after) => ["person", "over", "error"].includes(document.body.dataset.state) && +document.body.dataset.turn > after,
    after,
  );
  return page.evaluate(() => ({ state: document.body.dataset.state, turn: +document.body.dataset.turn }));
}

async function state(page) {
  return page.evaluate(() => ({ state: document.body.dataset.state, turn: +document.body.dataset.turn }));
}

// The move to play, as an index into the person's moves: the one marked
// fastest, else the first coloured winning, else the first (the hint
// must be on).
async function chooseMove(page) {
  // The fastest winning move is marked once the computer's advice for
  // this turn is in (data-best is the turn it was given for).
  await page.waitForFunction(() => document.body.dataset.best === document.body.dataset.turn);
  for (const sel of ["#moves button.fastest", "#moves button.winning", "#moves button"]) {
    const b = page.locator(sel);
    if (await b.count()) return b.first().getAttribute("data-index");
  }
  return null;
}

// Plays the listed move `index`: on the board by clicking the spots it
// changes (when the board has them), then, if several moves change those
// spots, by the shortened list. Returns how it was played.
async function playMove(page, index) {
  const before = await state(page);
  const changes = ((await page.getAttribute(`#moves button[data-index="${index}"]`, "data-changes")) || "").split(" ").filter(Boolean);
  let how = "list";
  for (const spot of changes) {
    const e = page.locator(`#board-view [data-spot="${spot}"]`);
    if (!(await e.count())) continue;
    how = "board";
    await e.first().click({ force: true });
    const now = await state(page);
    if (now.state !== "person" || now.turn !== before.turn) return how;
  }
  const now = await state(page);
  if (now.state === "person" && now.turn === before.turn) {
    await page.click(`#moves button[data-index="${index}"]`);
    if (how === "board") how = "board+list";
  }
  return how;
}

// Plays with the hint on until the game is over (or `limit` moves).
async function playToTheEnd(page, limit) {
  let s = await waitTurn(page, -1);
  const ways = new Set();
  let hinted = false;
  for (let i = 0; i < limit && s.state === "person"; i++) {
    if (!hinted) {
      await page.click("#hint");
      hinted = true;
    }
    const index = await chooseMove(page);
    ways.add(await playMove(page, index));
    s = await waitTurn(page, s.turn);
  }
  return { ...s, ways };
}

// The board's SVG as a PNG, whole: a wide strip is shown unscrolled in a
// wide window for the picture, then the page is put back.
async function boardScreenshot(page, file) {
  const width = await page.evaluate(() => {
    const svg = document.querySelector("#board-view svg");
    return svg.getBoundingClientRect().width;
  });
  const wide = width > 360;
  if (wide) {
    await page.setViewportSize({ width: Math.ceil(width) + 60, height: 844 });
    await page.evaluate(() => {
      document.body.style.maxWidth = "none";
      document.getElementById("board-view").style.overflow = "visible";
    });
  }
  await page.locator("#board-view svg").screenshot({ path: file });
  if (wide) {
    await page.evaluate(() => {
      document.body.style.maxWidth = "";
      document.getElementById("board-view").style.overflow = "";
    });
    await page.setViewportSize({ width: 390, height: 844 });
  }
  assert.ok(statSync(file).size < 60 * 1024, file + ": the screenshot is too big");
}

async function hasBoard(page) {
  return page.evaluate(() => !document.getElementById("board-view").hidden && !!document.querySelector("#board-view svg"));
}

test("every game of the catalog is played to the end from its default position", async (t) => {
  const page = await open("nim");
  const names = await page.evaluate(async () => (await (await fetch("/api/games")).json()).games.map((g) => g.name));
  await page.close();
  assert.ok(names.length >= 26, names.join(" "));
  for (const name of names) {
    await t.test(name, async () => {
      const page = await open(name);
      await begin(page);
      await waitTurn(page, -1);
      assert.equal(await page.locator("#error").isHidden(), true, name + ": " + (await page.textContent("#error")));
      if (await hasBoard(page)) {
        await page.waitForSelector("#board-view svg");
        if (boardShots) await boardScreenshot(page, path.join(boardShots, name + ".png"));
      }
      const spots = await page.locator("#board-view [data-spot]").count();
      const s = await playToTheEnd(page, 200);
      assert.equal(s.state, "over", name + " did not end");
      // Where the board has spots, moves were made on it.
      if (spots) assert.ok([...s.ways].some((w) => w.startsWith("board")), name + ": " + [...s.ways].join(" "));
      const verdict = await page.textContent("#message");
      assert.match(verdict, VERDICT, name);
      // Playing the winning (fastest) moves from a winnable default wins.
      assert.match(verdict, /you win/, name + ": " + verdict);
      // One column of the value chart and one history entry per position.
      assert.equal(await page.locator("#chart svg g.turn").count(), s.turn + 1, name);
      assert.equal(await page.locator("#history li").count(), s.turn + 1, name);
      assert.deepEqual(page.scriptErrors, [], name);
      await page.screenshot({ path: path.join(shots, name + "-end.png"), fullPage: true });
      await page.close();
    });
  }
});

test("the default position of every game is winnable, and the page says so", async () => {
  const page = await open("nim");
  const names = await page.evaluate(async () => (await (await fetch("/api/games")).json()).games.map((g) => g.name));
  for (const name of names) {
    await page.selectOption("#game", name);
    await page.waitForFunction(() => !document.getElementById("advice").hidden);
    const advice = await page.textContent("#advice");
    assert.match(advice, /you can win/, name + ": " + advice);
  }
  // A P-position: the page offers to let the computer move first.
  await page.selectOption("#game", "subtraction");
  await page.fill("#position", "1,3,4:9");
  await page.waitForFunction(() => /let the computer move first/.test(document.getElementById("advice").textContent));
  await page.click("#advice-action");
  assert.equal(await page.isChecked("#computer-first"), true);
  await page.waitForFunction(() => /you can win/.test(document.getElementById("advice").textContent));
  // A position Right wins whoever starts: the page offers to play Right.
  await page.selectOption("#game", "hackenbush");
  await page.fill("#position", "RR B");
  await page.waitForFunction(() => /play Right/.test(document.getElementById("advice").textContent));
  await page.click("#advice-action");
  assert.equal(await page.inputValue("#side"), "Right");
  await page.close();
});

test("the history shows both sides' moves and goes back to any point", async () => {
  const page = await open("nim");
  await begin(page, { position: "3,4,5" });
  let s = await waitTurn(page, -1);
  await page.click("#hint");
  for (let i = 0; i < 2; i++) {
    await playMove(page, await chooseMove(page));
    s = await waitTurn(page, s.turn);
  }
  assert.equal(s.turn, 4);
  const entries = await page.locator("#history li").allTextContents();
  assert.equal(entries.length, 5);
  assert.match(entries[0], /^start.*3,4,5/);
  assert.match(entries[1], /^you take 2 from heap 1 → 1,4,5/);
  assert.match(entries[2], /^computer take \d+ from heap \d → /);
  assert.match(entries[3], /^you /);
  // Back to the position after the computer's first move.
  const wanted = entries[2].split(" → ")[1];
  await page.click('#history button[data-step="2"]');
  s = await waitTurn(page, 1);
  assert.equal(s.turn, 2);
  assert.equal(await page.locator("#history li").count(), 3);
  assert.equal(await page.textContent("#pos"), wanted);
  // Undo goes back to the person's previous turn: the start.
  await page.click("#undo");
  s = await waitTurn(page, -1);
  assert.equal(s.turn, 0);
  assert.equal(await page.textContent("#pos"), "3,4,5");
  await page.close();
});

test("the value chart shows who is winning after each move, with the remoteness", async () => {
  const page = await open("nim");
  await begin(page, { position: "3,4,5" });
  let s = await waitTurn(page, -1);
  await page.click("#hint");
  // A losing move on purpose: the chart turns to the computer.
  await page.waitForSelector("#moves button.losing");
  await page.locator("#moves button.losing").first().click();
  s = await waitTurn(page, s.turn);
  const columns = page.locator("#chart svg g.turn");
  assert.equal(await columns.count(), 3);
  const kinds = await page.evaluate(() => [...document.querySelectorAll("#chart svg g.turn rect")].map((r) => r.getAttribute("class")));
  assert.deepEqual(kinds, ["you", "computer", "computer"]);
  // Nim 3,4,5 with perfect play lasts 11 moves (the perfect computer's
  // remoteness): the first column says so.
  assert.equal(await page.textContent("#chart svg g.turn:first-of-type text.remoteness"), "11");
  assert.match(await page.getAttribute("#chart svg g.turn:first-of-type", "data-step"), /^0$/);
  await page.locator("#chart").screenshot({ path: path.join(boardShots || shots, "chart.png") });
  await page.close();
});

test("a game graph notices a repeated position and marks the fastest win", async () => {
  const page = await open("graph");
  await begin(page, { position: "a: b c; b: a; c: @ a" });
  let s = await waitTurn(page, -1);
  // "to b" wins too, but only back to where we were.
  await page.locator("#moves button", { hasText: "to b" }).click();
  s = await waitTurn(page, s.turn);
  assert.equal(s.turn, 2);
  assert.match(await page.textContent("#notice"), /Position repeated .*the marked move \(★\) is the fastest win/);
  const fastest = page.locator("#moves button.fastest");
  assert.equal(await fastest.count(), 1);
  assert.match(await fastest.textContent(), /^★ to c/);
  await fastest.click();
  s = await waitTurn(page, s.turn);
  assert.equal(s.state, "over");
  assert.match(await page.textContent("#message"), /you win/);
  await page.close();
});

// The marked move (★) of the person's turn: its index, text and title;
// fails unless exactly one move is marked.
async function marked(page) {
  const star = page.locator("#moves button.fastest");
  assert.equal(await star.count(), 1, (await page.textContent("#notice")) + " | " + (await page.locator("#moves button").allTextContents()).join(" | "));
  return { index: await star.getAttribute("data-index"), text: await star.textContent(), title: await star.getAttribute("title") };
}

// What the hint says of a move of a partizan game with cycles: the side
// to move next and its remoteness, uncut.
const LOOPY_HINT = /^★ .* \((Left|Right) to move: ((Left|Right) wins in \d+|a draw)\)$/;

// Plays the marked moves (★, the hint on) until the game is over or
// `limit` moves; every marked move's text matches `hint`. Returns the
// last state.
async function followMarked(page, s, limit, hint = LOOPY_HINT) {
  for (let i = 0; i < limit && s.state === "person"; i++) {
    const star = await marked(page);
    assert.match(star.text, hint, star.text);
    await page.click(`#moves button[data-index="${star.index}"]`);
    s = await waitTurn(page, s.turn);
  }
  return s;
}

// Every column of the value chart has its remoteness; the first's.
async function chartRemoteness(page) {
  const columns = await page.locator("#chart svg g.turn").count();
  const numbers = await page.locator("#chart svg g.turn text.remoteness").allTextContents();
  assert.equal(numbers.length, columns, numbers.join(" "));
  return numbers[0];
}

test("a loopy game marks the fastest win (or the longest defence), and following the marks ends it", async (t) => {
  // Backsliding Toads and Frogs TT..FF: each first player wins in 17.
  for (const { side, computerFirst, verdict } of [
    { side: "Left", computerFirst: false, verdict: /you win/ },
    { side: "Right", computerFirst: false, verdict: /you win/ },
    { side: "Left", computerFirst: true, verdict: /the computer wins/ },
  ]) {
    await t.test(side + (computerFirst ? " second" : " first"), async () => {
      const page = await open("backsliding-toads-and-frogs");
      await begin(page, { position: "TT..FF", side, computerFirst });
      let s = await waitTurn(page, -1);
      await page.click("#hint");
      s = await followMarked(page, s, 40);
      assert.equal(s.state, "over");
      // Both sides' marked moves lower the remoteness by one each.
      assert.equal(s.turn, 17);
      assert.match(await page.textContent("#message"), verdict);
      assert.equal(await chartRemoteness(page), "17");
      assert.deepEqual(page.scriptErrors, []);
      await page.close();
    });
  }
  await t.test("a repetition", async () => {
    // Moves that merely win can go round: toad 2 to 3, then back (toad 3
    // to 2), and the computer's frog goes back too. The notice on the
    // repetition points to the marked move, which is there without the
    // hint; following the marks from there ends the game.
    const page = await open("backsliding-toads-and-frogs");
    await begin(page, { position: "TT..FF", side: "Left" });
    let s = await waitTurn(page, -1);
    for (let i = 0; i < 12 && !(await page.isVisible("#notice")); i++) {
      await page.locator('#moves button[data-winning="true"]').last().click();
      s = await waitTurn(page, s.turn);
      assert.equal(s.state, "person");
    }
    assert.match(await page.textContent("#notice"), /Position repeated .*the marked move \(★\) is the fastest win/);
    const star = await marked(page);
    assert.equal(star.title, "the fastest win");
    await page.click("#hint");
    const before = s.turn;
    s = await followMarked(page, s, 40);
    assert.equal(s.state, "over");
    assert.ok(s.turn <= before + 17, String(s.turn));
    assert.match(await page.textContent("#message"), /you win/);
    await page.close();
  });
});

test("a loopy game asks for nothing the server refuses (no thermograph)", async () => {
  for (const [game, position, side, hint] of [
    ["backsliding-toads-and-frogs", "TT..FF", "Left", LOOPY_HINT],
    ["graph", "a: b c; b: a; c: @ a", undefined, /^★ to c → .* \(loss in 0\)$/],
  ]) {
    const page = await open(game);
    const refused = [];
    page.on("response", (r) => { if (r.status() >= 400 && r.status() < 500) refused.push(r.status() + " " + r.url()); });
    await begin(page, { position, side });
    let s = await waitTurn(page, -1);
    await page.click("#hint");
    s = await followMarked(page, s, 40, hint);
    assert.equal(s.state, "over", game);
    // The views' requests go on after the turn: wait until all are in.
    await page.waitForLoadState("networkidle");
    assert.deepEqual(refused, [], game);
    assert.equal(await page.locator("#thermograph").count(), 0, game);
    await page.close();
  }
});

test("switching the game clears the board at once", async () => {
  const page = await open("domineering");
  await begin(page, { position: "3x3", side: "Left" });
  await waitTurn(page, -1);
  assert.equal(await page.textContent("#message"), "Your move.");
  assert.equal(await hasBoard(page), true);
  await page.selectOption("#game", "nim");
  assert.equal(await page.isHidden("#board"), true);
  assert.equal(await page.locator("#board-view svg").count(), 0);
  assert.equal((await state(page)).state, "setup");
  // Start draws the new game's board.
  await begin(page);
  await waitTurn(page, -1);
  assert.equal(await page.getAttribute("#board-view", "data-shape"), "heaps");
  // A switch while the computer thinks: its answer, still on its way, does
  // not bring the old game back.
  await page.selectOption("#game", "domineering");
  await begin(page, { position: "3x3", side: "Left", computerFirst: true });
  await page.selectOption("#game", "kayles");
  await page.waitForLoadState("networkidle");
  assert.equal(await page.isHidden("#board"), true);
  assert.equal((await state(page)).state, "setup");
  assert.deepEqual(page.scriptErrors, []);
  await page.close();
});

test("a drawn game graph ends in a draw when a position repeats", async () => {
  const page = await open("graph");
  await begin(page, { position: "a: b; b: a; c = draw; d: a c @ d" });
  let s = await waitTurn(page, -1);
  for (let i = 0; i < 10 && s.state === "person"; i++) {
    await page.locator("#moves button", { hasText: /to [ab]/ }).first().click();
    s = await waitTurn(page, s.turn);
  }
  assert.equal(s.state, "over");
  assert.match(await page.textContent("#message"), /Position repeated: drawn with best play.*a draw/);
  const kinds = await page.evaluate(() => [...document.querySelectorAll("#chart svg g.turn rect")].map((r) => r.getAttribute("class")));
  assert.ok(kinds.every((k) => k === "draw"), kinds.join(" "));
  await page.close();
});

test("the expression game is played as typed", async () => {
  const page = await open("expression");
  await begin(page, { position: "{1|0} + {0|-1}", side: "Left" });
  let s = await waitTurn(page, -1);
  assert.equal(s.state, "person");
  assert.equal(await page.textContent("#value"), "0");
  const moves = await page.locator("#moves button").allTextContents();
  assert.deepEqual(moves, ["{1|0} to 1 → 1 + {0|-1}", "{0|-1} to 0 → {1|0} + 0"]);
  await page.locator("#moves button").first().click();
  s = await waitTurn(page, s.turn);
  // Right answers in the other term; the sum is still a sum.
  assert.match(await page.textContent("#pos"), /^1 [-+] /);
  const s2 = await playToTheEnd(page, 10);
  assert.equal(s2.state, "over");
  // 0 is lost for the player who moves first: here the person.
  assert.match(await page.textContent("#message"), /the computer wins/);
  await page.close();
});

test("a whole shift game of order 4 as Alice with optimal moves lasts 16 turns", async () => {
  const page = await open("shift-game");
  await begin(page, { position: "0000", side: "Alice" });
  const s = await playToTheEnd(page, 40);
  assert.equal(s.state, "over");
  assert.equal(s.turn, 16);
  assert.match(await page.textContent("#message"), /after 16 turns: Alice has reached the target — you win!/);
  assert.match(await page.textContent("#turns"), /2\^4 = 16/);
  await page.screenshot({ path: path.join(shots, "shift-game-end.png"), fullPage: true });
  await page.close();
});

test("Domineering is played on the board by clicks and by a drag", async (t) => {
  const page = await open("domineering");
  await begin(page, { position: "3x3", side: "Left" });
  await waitTurn(page, -1);
  if (!(await page.locator("#board-view [data-spot]").count())) {
    t.skip("the server draws no board yet");
    await page.close();
    return;
  }
  // The value, hints and chart arrive after the turn starts and redraw the
  // board; a click during a redraw can land on a spot being replaced.
  await page.waitForLoadState("networkidle");
  // Left's vertical domino on b1-b2 by two clicks: b2 (cell 4), which two
  // dominoes cover (marked, and listed alone), then b1 (cell 1).
  await page.click('#board-view [data-spot="cell:4"]', { force: true });
  assert.equal(await page.locator("#board-view .spot.candidate").count(), 3);
  assert.deepEqual(await page.locator("#moves button").allTextContents(), ["b1-b2 → .#./.#./...", "b2-b3 → .../.#./.#."]);
  await page.click('#board-view [data-spot="cell:1"]', { force: true });
  await waitTurn(page, 0);
  assert.match((await page.locator("#history li").allTextContents())[1], /^you b1-b2/);
  // Then a drag, at the start again: a1-a2 (cells 0 and 3).
  await page.click("#restart");
  await waitTurn(page, -1);
  await page.waitForLoadState("networkidle");
  const from = await page.locator('#board-view [data-spot="cell:0"]').boundingBox();
  const to = await page.locator('#board-view [data-spot="cell:3"]').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
  await page.mouse.up();
  await waitTurn(page, 0);
  assert.match((await page.locator("#history li").allTextContents())[1], /^you a1-a2/);
  await page.close();
});

test("the 40-square domino strip is one line that scrolls", async (t) => {
  const page = await open("domino");
  await begin(page, { position: "40" });
  await waitTurn(page, -1);
  if (!(await hasBoard(page))) {
    t.skip("the server draws no board yet");
    await page.close();
    return;
  }
  const box = await page.evaluate(() => {
    const v = document.getElementById("board-view");
    const svg = v.querySelector("svg").getBoundingClientRect();
    return { scroll: v.scrollWidth, client: v.clientWidth, width: svg.width, height: svg.height };
  });
  assert.ok(box.scroll > box.client, JSON.stringify(box));
  assert.ok(box.width > 8 * box.height, JSON.stringify(box));
  await page.close();
});

test("the shift game explains the rule and draws the De Bruijn graph", async () => {
  const page = await open("shift-game");
  await begin(page, { position: "0000", side: "Alice" });
  await waitTurn(page, -1);
  await page.waitForSelector("#debruijn svg");
  assert.equal(await page.locator("#debruijn svg g.node").count(), 16);
  assert.equal(await page.locator("#debruijn svg path.edge").count(), 32);
  await page.click("#why");
  await page.waitForSelector("#why-steps li");
  const steps = await page.locator("#why-steps li").allTextContents();
  assert.equal(steps.length, 5);
  assert.match(steps[0], /t = b0 … b2 1 = /);
  assert.match(steps.join(" "), /head/);
  assert.match(steps.join(" "), /tail/);
  // The path grows with the play.
  const s = await playToTheEnd(page, 3);
  await page.waitForFunction(() => document.querySelectorAll("#debruijn svg path.edge.path").length >= 2);
  await page.screenshot({ path: path.join(shots, "shift-game-why.png"), fullPage: true });
  assert.ok(s.turn >= 2);
  await page.close();
});

test("a partizan value shows its thermograph", async () => {
  const page = await open("expression");
  await begin(page, { position: "{3|-1}", side: "Left" });
  await waitTurn(page, -1);
  await page.waitForSelector("#thermograph svg");
  assert.equal(await page.locator("#thermograph svg g.wall").count(), 2);
  assert.equal(await page.textContent("#thermograph svg text.mean"), "mean 1");
  assert.equal(await page.textContent("#thermograph svg text.temperature"), "temperature 2");
  // Drawn at a readable size (its 11 px text at least 9 px on a phone),
  // scrolled sideways when the page is narrower.
  const size = await page.evaluate(() => document.querySelector("#thermograph svg").getBoundingClientRect().width);
  assert.ok(size >= 0.8 * 580 && size <= 580, String(size));
  await page.locator("#thermograph svg").screenshot({ path: path.join(boardShots || shots, "thermograph.png") });
  await page.close();
});

test("an octal game shows its nim sequence with the period marked", async () => {
  const page = await open("octal");
  await begin(page, { position: "0.07:20" });
  await page.waitForSelector("#sequence-chart svg");
  // Dawson's Kayles: preperiod 53, period 34, so 53 + 2·34 bars and a
  // dashed line at 53, 87 and 121.
  assert.equal(await page.locator("#sequence-chart svg rect.value").count(), 121);
  assert.equal(await page.locator("#sequence-chart svg line.period").count(), 3);
  await page.close();
});

test("a synchronized game reveals both choices together", async () => {
  const page = await open("ssc");
  await begin(page, { position: "BBW WB", side: "Left" });
  const s = await waitTurn(page, -1);
  assert.equal(s.state, "person");
  // The decomposition of each stack as coloured blocks, from /api/ssc.
  // Each stack's row is filled by its own request: wait until both are.
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll("#ssc-blocks .row")];
    return rows.length >= 2 && rows.every((r) => r.querySelector(".block"));
  });
  const pieces = await page.evaluate(() => [...document.querySelectorAll("#ssc-blocks .row")].map((r) => [...r.querySelectorAll(".block")].map((b) => b.title.split(": ")[1]).join("")));
  assert.deepEqual(pieces, ["BBW", "WB"]);
  await page.locator("#moves button").first().click();
  const after = await waitTurn(page, 0);
  assert.equal(after.turn, 1);
  // Both choices are in the history, as one entry for both players.
  const entries = await page.locator("#history li").allTextContents();
  assert.match(entries[1], /^both Left .+, Right .+ → /);
  assert.match(await page.textContent("#message"), VERDICT);
  await page.close();
});

test("malformed and oversize requests show an error", async () => {
  const page = await open("nim");
  await begin(page, { position: "3,x" });
  await page.waitForSelector("#error:not([hidden])");
  // The server's one-line message, without the status.
  const error = await page.textContent("#error");
  assert.match(error, /'x'/);
  assert.doesNotMatch(error, /HTTP|422/);
  await begin(page, { position: "1,".repeat(6000) + "1" });
  await page.waitForFunction(() => /^the request URI has \d+ bytes/.test(document.getElementById("error").textContent));
  await page.screenshot({ path: path.join(shots, "error.png"), fullPage: true });
  // The API itself: a malformed body, and an unknown game.
  const answers = await page.evaluate(async () => {
    const bad = await fetch("/api/play", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    const unknown = await fetch("/api/value?game=chess&position=e4");
    return [bad.status, await bad.json(), unknown.status, await unknown.json()];
  });
  assert.equal(answers[0], 400);
  assert.ok(answers[1].error);
  assert.equal(answers[2], 422);
  assert.match(answers[3].error, /not a game of the catalog/);
  await page.close();
});

test("a proof loaded for the position is played through to the end, the computer its winner", async () => {
  const { spawnSync } = await import("node:child_process");
  const { mkdtempSync } = await import("node:fs");
  const os = await import("node:os");
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "mex-proof-")), "5x5.proof");
  const wrote = spawnSync(mex, ["value", "domineering", "5x5", "--first", "left", "--proof", file]);
  assert.equal(wrote.status, 0, String(wrote.stderr));
  const page = await open("domineering");
  await page.fill("#position", "5x5");
  await page.setInputFiles("#proof-file", file);
  await page.waitForFunction(() => ["person", "over", "error"].includes(document.body.dataset.state));
  const status = await page.textContent("#proof-status");
  assert.match(status, /Playing by the proof \(SHA-256 [0-9a-f]{12}…, \d+ nodes\): the computer plays Right, you play Left/);
  let moves = 0;
  for (;;) {
    const s = await page.evaluate(() => document.body.dataset.state);
    assert.notEqual(s, "error", await page.textContent("#error"));
    if (s === "over") break;
    assert.ok(++moves <= 13, "a 5×5 board holds at most 12 dominoes");
    await page.click("#proof-moves li:first-child button");
    await page.waitForFunction(() => ["person", "over", "error"].includes(document.body.dataset.state));
  }
  assert.match(await page.textContent("#proof-message"), /Left cannot move: the computer wins/);
  assert.ok(await page.$("#proof-board svg"));
  assert.deepEqual(page.scriptErrors, []);
  await page.close();
});
