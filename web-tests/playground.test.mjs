// End-to-end tests of the playground in headless Chromium (Debian's
// chromium at /usr/bin/chromium, or $CHROMIUM), driven by playwright-core:
// no browser is downloaded. The server is the mex binary ($MEX_BIN, default
// ../target/debug/mex) on a free port. Screenshots go to screenshots/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const mex = process.env.MEX_BIN || path.join(here, "..", "target", "debug", "mex");
const shots = path.join(here, "screenshots");
mkdirSync(shots, { recursive: true });

let server, base, browser;

// Every wait (a selector, a function, an action, a page load) gives up
// after this long. It only guards against a hang: each step takes
// milliseconds, and Playwright's default of 30 s could be reached by a
// machine busy with other work.
const HANG_GUARD_MS = 5 * 60 * 1000;

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
  await page.goto(base + "/?game=" + encodeURIComponent(game));
  await page.waitForFunction(() => document.body.dataset.state === "setup");
  return page;
}

async function begin(page, { position, side, computerFirst } = {}) {
  if (position !== undefined) await page.fill("#position", position);
  if (side) await page.selectOption("#side", side);
  if (computerFirst) await page.check("#computer-first");
  await page.click("#start");
}

// Waits until the person is to move (or the game is over) at a turn after
// `after`; returns the state and the turn.
async function waitTurn(page, after) {
  await page.waitForFunction(
    (after) => ["person", "over"].includes(document.body.dataset.state) && +document.body.dataset.turn > after,
    after,
  );
  return page.evaluate(() => ({ state: document.body.dataset.state, turn: +document.body.dataset.turn }));
}

// Plays with the hint on: each time the person is to move, the first move
// coloured winning (or the first move when none is).
async function playWithHints(page, limit) {
  let s = await waitTurn(page, -1);
  let hinted = false;
  for (let i = 0; i < limit && s.state === "person"; i++) {
    if (!hinted) {
      await page.click("#hint");
      hinted = true;
    }
    const winning = page.locator("#moves button.winning");
    if (await winning.count()) await winning.first().click();
    else await page.locator("#moves button").first().click();
    s = await waitTurn(page, s.turn);
  }
  return s;
}

test("a whole shift game of order 4 as Alice with optimal moves lasts 16 turns", async () => {
  const page = await open("shift-game");
  await begin(page, { position: "0000", side: "Alice" });
  const s = await playWithHints(page, 40);
  assert.equal(s.state, "over");
  assert.equal(s.turn, 16);
  const msg = await page.textContent("#message");
  assert.match(msg, /after 16 turns: Alice wins — you win!/);
  assert.match(await page.textContent("#turns"), /2\^4 = 16/);
  await page.screenshot({ path: path.join(shots, "shift-game-end.png"), fullPage: true });
  await page.close();
});

test("Nim is won using only the hint button", async () => {
  const page = await open("nim");
  await begin(page, { position: "3,4,5" });
  await waitTurn(page, -1);
  assert.equal(await page.locator("#view .counter").count(), 12);
  const s = await playWithHints(page, 30);
  assert.equal(s.state, "over");
  assert.match(await page.textContent("#message"), /you win/);
  await page.screenshot({ path: path.join(shots, "nim-end.png"), fullPage: true });
  await page.close();
});

test("Domineering 3x3 is played to the end", async () => {
  const page = await open("domineering");
  await begin(page, { position: "3x3", side: "Left" });
  await waitTurn(page, -1);
  assert.equal(await page.locator("#view .cell").count(), 9);
  // The first domino by the board: a vertical one in the middle column.
  await page.click('#view .cell[data-r="0"][data-c="1"]');
  await page.click('#view .cell[data-r="1"][data-c="1"]');
  await waitTurn(page, 0);
  assert.equal(await page.locator("#view .cell.taken").count() >= 2, true);
  const s = await playWithHints(page, 10);
  assert.equal(s.state, "over");
  assert.match(await page.textContent("#message"), /(you win|the computer wins)/);
  await page.screenshot({ path: path.join(shots, "domineering-end.png"), fullPage: true });
  await page.close();
});

test("the domino strip is played to the end by clicking squares", async () => {
  const page = await open("domino");
  await begin(page, { position: "7" });
  let s = await waitTurn(page, -1);
  assert.equal(await page.locator("#view button.cell").count(), 7);
  for (let i = 0; i < 10 && s.state === "person"; i++) {
    // The first two adjacent free squares of a strip with at least two.
    const strips = await page.evaluate(() => {
      const by = {};
      for (const b of document.querySelectorAll("#view button.cell")) by[b.dataset.r] = (by[b.dataset.r] || 0) + 1;
      return by;
    });
    const r = Object.keys(strips).find((k) => strips[k] >= 2);
    await page.click(`#view button.cell[data-r="${r}"][data-c="0"]`);
    await page.click(`#view button.cell[data-r="${r}"][data-c="1"]`);
    s = await waitTurn(page, s.turn);
  }
  assert.equal(s.state, "over");
  assert.match(await page.textContent("#message"), /(you win|the computer wins)/);
  await page.screenshot({ path: path.join(shots, "domino-end.png"), fullPage: true });
  await page.close();
});

test("a Domineering domino is placed by dragging", async () => {
  const page = await open("domineering");
  await begin(page, { position: "3x3", side: "Left" });
  await waitTurn(page, -1);
  const from = await page.locator('#view .cell[data-r="0"][data-c="0"]').boundingBox();
  const to = await page.locator('#view .cell[data-r="1"][data-c="0"]').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
  await page.mouse.up();
  await waitTurn(page, 0);
  const taken = await page.evaluate(() => [...document.querySelectorAll("#view .cell.taken")].map((c) => c.dataset.r + "," + c.dataset.c));
  assert.ok(taken.includes("0,0") && taken.includes("1,0"), taken.join(" "));
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
  const s = await playWithHints(page, 3);
  await page.waitForFunction(() => document.querySelectorAll("#debruijn svg path.edge.path").length >= 2);
  await page.screenshot({ path: path.join(shots, "shift-game-why.png"), fullPage: true });
  await page.locator("#view").screenshot({ path: path.join(shots, "shift-game-view.png") });
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
  await page.screenshot({ path: path.join(shots, "thermograph.png"), fullPage: true });
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
  await page.screenshot({ path: path.join(shots, "octal-sequence.png"), fullPage: true });
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
  await page.screenshot({ path: path.join(shots, "ssc-blocks.png"), fullPage: true });
  // Both choices are told in #message, until the next position's message
  // replaces it (here at once: this choice ends the game). Every text it
  // shows is recorded, so the check does not depend on catching it.
  await page.evaluate(() => {
    window.shownMessages = [];
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) window.shownMessages.push(n.textContent);
    }).observe(document.getElementById("message"), { childList: true });
  });
  await page.locator("#moves button").first().click();
  const after = await waitTurn(page, 0);
  assert.equal(after.turn, 1);
  const shown = await page.evaluate(() => window.shownMessages);
  assert.ok(shown.some((m) => /^You chose .+; the computer chose .+\.$/.test(m)), shown.join(" | "));
  await page.close();
});

test("malformed and oversize requests show an error", async () => {
  const page = await open("nim");
  await begin(page, { position: "3,x" });
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /HTTP 422: .*'x'/);
  await begin(page, { position: "1,".repeat(6000) + "1" });
  await page.waitForFunction(() => /HTTP 413/.test(document.getElementById("error").textContent));
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

test("every game of the catalog starts from its example (screenshots)", async () => {
  const page = await open("nim");
  const names = await page.evaluate(async () => (await (await fetch("/api/games")).json()).games.map((g) => g.name));
  assert.ok(names.length >= 10);
  for (const name of names) {
    await page.selectOption("#game", name);
    await page.evaluate(() => { document.body.dataset.state = "starting"; });
    await page.click("#start");
    await page.waitForFunction(() => ["person", "over", "error"].includes(document.body.dataset.state));
    assert.equal(await page.locator("#error").isHidden(), true, name + ": " + (await page.textContent("#error")));
    await page.screenshot({ path: path.join(shots, name + ".png"), fullPage: true });
  }
  await page.close();
});
