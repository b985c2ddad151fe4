// The page in a real browser: every step the issue lists, with a
// screenshot of each written to target/e2e-screenshots/.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import { launch, root, serve, shots } from "./browser.mjs";

const PORT = Number(process.env.DUKE_E2E_PORT ?? 8765);
const URL_ = `http://127.0.0.1:${PORT}/`;
let server, browser, page;
// Every console error of the page, checked empty by the last test.
const consoleErrors = [];
// The book's screenshots of the page (docs/src/screenshots), rewritten by
// every run of this suite, so the JavaScript chapter shows the page as
// it is.
const bookShots = join(root, "docs", "src", "screenshots");
mkdirSync(bookShots, { recursive: true });
const bookShot = async (name) => {
  await page.screenshot({ path: join(bookShots, `${name}.jpeg`), type: "jpeg", quality: 70 });
  await page.screenshot({ path: join(shots, `book-${name}.png`) });
};

before(async () => {
  server = await serve(PORT);
  browser = await launch();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => {
    console.error("page error:", e.message);
    consoleErrors.push(e.message);
  });
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
});
after(async () => {
  await browser?.close();
  server?.kill();
});

const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
const dpn = () => page.evaluate(() => window.dukePage.game.position.dpn());
const phase = () => page.evaluate(() => document.body.dataset.phase);
const sq = (name) => page.locator(`.sq[data-square="${name}"]`);
const message = () => page.locator("#message").textContent();

async function open() {
  await page.goto(URL_);
  await page.waitForSelector("body[data-ready=true]");
}

async function newGame({ mode = "two", level = 2, aiside = "dark", clicksetup = false } = {}) {
  // A result card left from the last game closes with Escape, as a person would.
  if (await page.locator("#result:not([hidden])").count()) await page.keyboard.press("Escape");
  await page.evaluate(() => (document.getElementById("newgame").open = true));
  await page.check(`input[name=mode][value=${mode}]`);
  await page.selectOption("#level", String(level));
  await page.selectOption("#aiside", aiside);
  await page.setChecked("#clicksetup", clicksetup);
  await page.click("#new");
}

// Waits until the AI is done and it is a person's turn (or the game ended).
async function settled() {
  await page.waitForFunction(() => document.body.dataset.busy === "false");
}

test("the page loads and shows a playable board", async () => {
  const t0 = Date.now();
  await open();
  const took = Date.now() - t0;
  assert.equal(await page.locator(".sq").count(), 36);
  assert.equal(await phase(), "play");
  console.log(`first playable board after ${took} ms`);
  await shot("01-loaded");
  await bookShot("page-start");
});

test("setup by clicking, with the mouse and the keyboard", async () => {
  await newGame({ mode: "two", clicksetup: true });
  assert.equal(await phase(), "setup");
  await shot("02-setup-start");
  assert.match(await page.locator("#status").textContent(), /Light sets up: place the Duke/);
  // Light's Duke by mouse on a highlighted square.
  const first = page.locator(".sq.t-place").first();
  const firstName = await first.getAttribute("data-square");
  await first.click();
  assert.match(await page.locator(`.sq[data-square="${firstName}"]`).getAttribute("aria-label"), /Light Duke/);
  // An illegal square: a message, nothing placed.
  const before = await page.evaluate(() => window.dukePage.game.actions().length);
  await page.locator(".sq:not(.t-place)").nth(20).click();
  assert.match(await message(), /cannot place/);
  assert.equal(await page.evaluate(() => window.dukePage.game.actions().length), before);
  // The rest by keyboard: focus a highlighted square, press Enter.
  while ((await phase()) === "setup") {
    await page.locator(".sq.t-place").first().focus();
    await page.keyboard.press("Enter");
  }
  assert.equal(await phase(), "play");
  assert.equal(await page.evaluate(() => window.dukePage.game.actions().length), 6);
  await shot("03-setup-done");
});

test("a selected tile shows its charts and its targets by mark; a legal and an illegal action", async () => {
  await newGame({ mode: "two" });
  await sq("B1").click(); // a Light Footman
  const targets = await page.locator(".sq[class*=' t-']").evaluateAll((els) => els.map((e) => [e.dataset.square, e.className]));
  const expected = await page.evaluate(() => window.dukePage.game.position.targets("B1").map((t) => t.to));
  assert.ok(expected.length > 0);
  assert.equal(targets.length, expected.length);
  assert.ok(targets.every(([, c]) => /t-(move|jump|slide|jump_slide|strike|command)/.test(c)));
  assert.equal(await page.locator("#info figure").count(), 2);
  assert.match(await page.locator("#info").textContent(), /After it acts/);
  await shot("04-selected-footman");
  await bookShot("page-selected");
  // An illegal action: the engine's reason, nothing changed.
  const before = await dpn();
  await sq("B4").click();
  assert.match(await message(), /^B1-B4: .*\[illegal\.no-mark\]$/);
  assert.equal(await page.locator("#message.error").count(), 1);
  assert.equal(await dpn(), before);
  await shot("05-illegal");
  // A legal one (the Footman is still selected).
  assert.match(await sq("B1").getAttribute("class"), /selected/);
  await sq("B2").click();
  assert.notEqual(await dpn(), before);
  assert.match(await sq("B2").getAttribute("aria-label"), /Light Footman/);
  assert.match(await sq("B2").getAttribute("class"), /last-light/);
  await shot("06-legal");
});

test("a levy: the bag's chances, the draw with its charts, then placement", async () => {
  await newGame({ mode: "two" });
  await page.click("#levy");
  const chances = page.locator("#levy-panel .chances figure");
  assert.ok((await chances.count()) >= 5);
  assert.match(await page.locator("#levy-panel").textContent(), /%/);
  await shot("07-levy-chances");
  await bookShot("page-levy");
  await page.click("#draw");
  assert.equal(await phase(), "levy");
  assert.equal(await page.locator("#levy-panel .charts figure").count(), 2);
  const places = page.locator(".sq.t-place");
  assert.ok((await places.count()) > 0);
  await shot("08-levy-drawn");
  const target = await places.first().getAttribute("data-square");
  const troop = await page.evaluate(() => window.dukePage.game.pendingDraw);
  await places.first().click();
  assert.equal(await phase(), "play");
  const letter = await page.evaluate((s) => window.dukePage.game.position.tileAt(s).letter, target);
  assert.equal(letter, troop);
  await shot("09-levy-placed");
});

test("undo and redo", async () => {
  await newGame({ mode: "two" });
  const start = await dpn();
  await sq("D1").click();
  await sq("D2").click();
  const after1 = await dpn();
  assert.notEqual(after1, start);
  await page.click("#undo");
  assert.equal(await dpn(), start);
  await shot("10-undone");
  await page.keyboard.press("r");
  assert.equal(await dpn(), after1);
  await shot("11-redone");
});

test("record download, then load gives the same position; bad files change nothing", async () => {
  await newGame({ mode: "two" });
  for (const [a, b] of [["B1", "B2"], ["C6", "C5"], ["D1", "D2"]]) {
    await sq(a).click();
    await sq(b).click();
  }
  const saved = await dpn();
  await page.evaluate(() => (document.getElementById("record-box").open = true));
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const file = join(shots, "..", "e2e-record.txt");
  await download.saveAs(file);
  assert.match(readFileSync(file, "utf8"), /^duke-record 1/);
  await newGame({ mode: "two" });
  assert.notEqual(await dpn(), saved);
  await page.evaluate(() => (document.getElementById("record-box").open = true));
  await page.setInputFiles("#load", file);
  await page.waitForFunction((d) => window.dukePage.game.position.dpn() === d, saved);
  await shot("12-record-loaded");
  // A corrupted record and a foreign file: a clear message, the game as it was.
  const corrupt = join(shots, "..", "e2e-corrupt.txt");
  writeFileSync(corrupt, readFileSync(file, "utf8").replace("B1-B2", "B1-B5"));
  await page.setInputFiles("#load", corrupt);
  await page.waitForSelector("#message.error");
  assert.match(await message(), /Could not load e2e-corrupt\.txt: .*record\.action.*unchanged/);
  assert.equal(await dpn(), saved);
  await shot("13-bad-record");
  await page.setInputFiles("#load", { name: "photo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0]) });
  await page.waitForFunction(() => /photo\.png/.test(document.getElementById("message").textContent));
  assert.match(await message(), /Could not load photo\.png: .*\[record\./);
  assert.equal(await dpn(), saved);
  // Junk text, random binary and a 50 MB file: a clear message each, and
  // the page keeps working.
  const hostile = [
    ["junk.txt", Buffer.from("hello\u0000world %%% \ud800".repeat(50))],
    ["noise.bin", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256))],
    ["huge.txt", Buffer.alloc(50 * 1024 * 1024, "1. B1-B2\n")],
  ];
  for (const [name, buffer] of hostile) {
    // Playwright hands over buffers up to 50 MB; a larger file goes by path.
    const path = join(shots, "..", name);
    writeFileSync(path, buffer);
    await page.setInputFiles("#load", path);
    await page.waitForFunction((n) => document.getElementById("message").textContent.includes(n), name);
    assert.match(await message(), new RegExp(`Could not (load|read) ${name.replace(".", "\\.")}: .*unchanged`));
    assert.equal(await dpn(), saved);
  }
  assert.match(await message(), /a record is at most 1\.0 MiB \[record\.size\]/);
  // Replay it action by action.
  await page.click("#replay");
  assert.match(await page.locator("#status").textContent(), /Replay: action 0 of 9/);
  for (let i = 0; i < 7; i++) await page.click("#rp-next");
  assert.match(await page.locator("#rp-pos").textContent(), /7 \/ 9/);
  await shot("14-replay");
  await page.click("#rp-end");
  assert.equal(await page.evaluate(() => document.body.dataset.turn), "3");
  await page.click("#rp-exit");
});

async function loadRecord(name, text) {
  const file = join(shots, "..", name);
  writeFileSync(file, text);
  await page.evaluate(() => (document.getElementById("record-box").open = true));
  await page.setInputFiles("#load", file);
  await page.waitForFunction((n) => document.getElementById("message").textContent.includes(n), name);
}

test("the Duke's danger squares, and the Guard warning naming the attackers", async () => {
  await newGame({ mode: "two" });
  // A Dark Pikeman on C3 attacks A1 and E1, where Light's Duke could slide.
  await loadRecord("e2e-danger.txt", "duke-record 1\nstart 3d2/6/6/2p3/6/2D3 l -/- 0 1\n");
  await sq("C1").click();
  const dangers = await page.evaluate(() => window.dukePage.game.position.dukeDangers().map((d) => d.square));
  assert.ok(dangers.length > 0);
  assert.deepEqual(await page.locator(".sq.danger").evaluateAll((els) => els.map((e) => e.dataset.square)).then((n) => n.length), dangers.length);
  assert.match(await page.locator("#info").textContent(), /Pikeman on C3 would capture it there/);
  await shot("15-duke-dangers");
  // A Dark Pikeman on D2 attacks the Duke on C1: the Guard warning names it.
  await loadRecord("e2e-guard.txt", "duke-record 1\nstart 3d2/6/6/6/3p2/2D3 l -/- 0 1\n");
  assert.equal(await page.locator("#guard").isVisible(), true);
  assert.match(await page.locator("#guard").textContent(), /Guard! Light's Duke on C1 is attacked by the Pikeman on D2/);
  assert.match(await sq("D2").getAttribute("class"), /attacker/);
  await shot("16-guard");
  // A levy in Guard: the placements that leave the Duke in Guard are marked.
  await loadRecord("e2e-levy-guard.txt", "duke-record 1\nstart 3d2/6/6/2+f3/6/2D3 l P/- 0 1\n");
  await page.click("#levy");
  await page.click("#draw");
  assert.deepEqual(await page.locator(".sq.t-place").evaluateAll((els) => els.map((e) => e.dataset.square).sort()), ["B1", "C2", "D1"]);
  assert.deepEqual(await page.locator(".sq.guard-leave").evaluateAll((els) => els.map((e) => e.dataset.square).sort()), ["B1", "D1"]);
  await shot("16b-levy-guard");
  await sq("C2").click();
  assert.equal(await page.locator("#guard").isVisible(), false);
});

test("a capture is announced", async () => {
  await newGame({ mode: "two" });
  await loadRecord("e2e-capture.txt", "duke-record 1\nstart 3d2/6/6/6/6/2Dp2 l -/- 0 1\n");
  await sq("C1").click();
  assert.match(await sq("D1").getAttribute("class"), /t-slide/);
  await sq("D1").click();
  assert.match(await message(), /Capture! Light's Duke takes Dark's Pikeman on D1/);
  assert.equal(await page.locator("#message.capture").count(), 1);
  await shot("16c-capture");
});

test("an AI reply at level 5 within its limit", async () => {
  await newGame({ mode: "ai", level: 5, aiside: "dark" });
  await sq("D1").click();
  await sq("D2").click();
  await page.waitForFunction(() => document.body.dataset.aiMillis !== undefined && document.body.dataset.busy === "false");
  const ms = Number(await page.evaluate(() => document.body.dataset.aiMillis));
  console.log(`level 5 replied in ${ms} ms`);
  assert.ok(ms <= 1500, `level 5 took ${ms} ms`);
  assert.equal(await page.evaluate(() => window.dukePage.game.sideToDecide), "light");
  await shot("17-ai-level5-reply");
});

test("a hint highlights the engine's suggestion", async () => {
  await page.click("#hint");
  await page.waitForSelector("#hint-panel:not([hidden])");
  const text = await page.locator("#hint-panel").textContent();
  assert.match(text, /suggests/);
  // One score, in Footmen (or a forced capture), and no raw numbers in a list.
  assert.match(text, /: ([+-]\d+\.\d\d|wins: |loses: )/);
  assert.doesNotMatch(text, /\(-?\d+\)/);
  await shot("18-hint");
  await bookShot("page-hint");
  // Any change of the position takes the hint away: here, an undo.
  await page.click("#undo");
  await page.waitForSelector("#hint-panel", { state: "hidden" });
  assert.equal(await page.locator(".sq.hinted").count(), 0);
});

test("a whole game against level 1, to its end", async () => {
  await newGame({ mode: "ai", level: 1, aiside: "dark" });
  let turns = 0;
  for (;;) {
    await settled();
    const p = await phase();
    if (p !== "play" && p !== "levy") {
      assert.equal(p, "over", `the page is in phase ${p} after ${turns} turns`);
      break;
    }
    if (p === "levy") {
      await page.locator(".sq.t-place").first().click();
    } else {
      // Pick the first legal action the page itself would offer: a capture if any.
      const pick = await page.evaluate(() => {
        const pos = window.dukePage.game.position;
        const acts = pos.legalActions().filter((a) => a.kind !== "place");
        const best = acts.find((a) => a.isCapture) ?? acts[Math.floor(Math.random() * acts.length)];
        return best ? [best.kind === "command" ? best.actor : best.actor, best.to, best.toString()] : null;
      });
      if (pick === null) {
        await page.click("#levy");
        await page.click("#draw");
        continue;
      }
      const [actor, to, text] = pick;
      await clickIndex(actor);
      await clickIndex(to);
      if (await page.locator("#chooser:not([hidden])").count()) {
        await page.locator("#chooser button", { hasText: text }).click();
      }
    }
    turns++;
    if (turns > 600) break;
  }
  await settled();
  const ph = await phase();
  assert.equal(ph, "over", `not over after ${turns} turns`);
  assert.match(await page.locator("#status").textContent(), /Game over/);
  console.log(`the game against level 1 ended after ${turns} of our turns: ${await page.locator("#status").textContent()}`);
  await shot("19-game-over");
});

async function clickIndex(i) {
  const name = await page.evaluate((i) => window.dukePage.squareName(i), i);
  await sq(name).click();
}

test("the AI as Light moves first; the board is seen from Dark; resign ends the game", async () => {
  await newGame({ mode: "ai", level: 3, aiside: "light" });
  await page.waitForFunction(() => document.body.dataset.turn === "1" && document.body.dataset.busy === "false");
  assert.equal(await page.evaluate(() => window.dukePage.game.sideToDecide), "dark");
  // Seen from Dark: the first square of the board is F1.
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "F1");
  assert.equal(await page.locator(".sq.last-light").count() > 0, true);
  await shot("19b-ai-as-light");
  // Undo takes back the AI's first action; the AI, to move, acts again.
  const first = await page.evaluate(() => window.dukePage.game.turns().map(String).join());
  await page.click("#undo");
  await page.waitForFunction(() => document.body.dataset.turn === "1" && document.body.dataset.busy === "false");
  assert.equal(await page.evaluate(() => window.dukePage.game.turns().map(String).join()), first);
  assert.equal(await page.evaluate(() => window.dukePage.game.actions().length), 7);
  await page.click("#resign");
  assert.match(await page.locator("#status").textContent(), /Dark resigned: Light wins/);
  assert.equal(await page.locator("#levy").isDisabled(), true);
  assert.equal(await phase(), "resigned");
  await shot("19c-resigned");
});

test("both bags in view: 16 tiles each at the start, one fewer for the side that levies", async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await newGame({ mode: "two" });
  const light = page.getByRole("region", { name: "Light's bag" });
  const dark = page.getByRole("region", { name: "Dark's bag" });
  assert.match(await light.textContent(), /Light's bag: 16 tiles/);
  assert.match(await dark.textContent(), /Dark's bag: 16 tiles/);
  // The counts and chances are the engine's.
  const pikemen = await page.evaluate(() => window.dukePage.game.bagChances("light").find((c) => c.troop === "P"));
  assert.deepEqual([pikemen.count, pikemen.total], [3, 16]);
  assert.match(await light.getByLabel("Pikeman: 3, 19% on the next draw").textContent(), /P×3 19%/);
  await page.click("#levy");
  await page.click("#draw");
  // The drawn tile is out of the bag while it waits to be placed.
  assert.match(await light.textContent(), /Light's bag: 15 tiles/);
  assert.match(await dark.textContent(), /Dark's bag: 16 tiles/);
  await page.locator(".sq.t-place").first().click();
  assert.match(await light.textContent(), /Light's bag: 15 tiles/);
  assert.match(await dark.textContent(), /Dark's bag: 16 tiles/);
  await bookShot("page-bags");
});

test("a tile that cannot act says why, in the engine's words", async () => {
  await newGame({ mode: "two" });
  // Light's flipped Footman on B1 steps off rank 1, where Dark's Duke on F1
  // slides to Light's on A1.
  await loadRecord("e2e-pin.txt", "duke-record 1\nstart 6/6/6/F5/6/D+F3d l -/- 0 1\n");
  await sq("B1").click();
  assert.match(await page.locator("#info").textContent(), /No legal action: it shields the Duke on A1 from the Duke on F1\./);
});

test("a finished record brings up the result card; Escape closes it", async () => {
  await newGame({ mode: "two" });
  // Light has no maneuver (its Footman shields the Duke, the Duke is
  // walled in) and an empty bag: Dark has won.
  await loadRecord("e2e-over.txt", "duke-record 1\nstart 6/6/6/6/6/D+F3d l -/- 0 1\n");
  const card = page.getByRole("dialog");
  await card.waitFor();
  assert.equal(await page.locator("#result-title").textContent(), "Dark wins");
  assert.match(await card.textContent(), /Dark wins: Light has no legal maneuver and cannot levy\./);
  assert.match(await card.textContent(), /0 turns played/);
  for (const name of ["New game", "Replay", "Download record"]) assert.equal(await card.getByRole("button", { name }).count(), 1);
  // The keyboard is on the card: Escape closes it.
  assert.equal(await page.evaluate(() => document.activeElement.id), "result-new");
  await bookShot("page-result");
  await page.keyboard.press("Escape");
  await page.waitForSelector("#result", { state: "hidden" });
  // Resigning shows it too, and New game on it starts a game.
  await newGame({ mode: "two" });
  await page.click("#resign");
  await card.waitFor();
  assert.match(await card.textContent(), /Light resigned/);
  await card.getByRole("button", { name: "New game" }).click();
  await page.waitForSelector("#result", { state: "hidden" });
  assert.equal(await phase(), "play");
});

test("turn the board by hand, or for the side to move", async () => {
  await newGame({ mode: "two" });
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "A6");
  await page.click("#turn-board");
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "F1");
  await page.click("#turn-board");
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "A6");
  await page.check("#auto-turn");
  await sq("B1").click();
  await sq("B2").click();
  // Dark to move: the board turns for Dark, and back for Light.
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "F1");
  await sq("C6").click();
  await sq("C5").click();
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "A6");
  await page.uncheck("#auto-turn");
});

test("the side panel keeps its place when a message comes and goes", async () => {
  await newGame({ mode: "two" });
  await sq("B1").click();
  await sq("B4").click(); // illegal: a long message
  assert.equal(await page.locator("#message.error").count(), 1);
  const withMessage = (await page.locator(".panel").boundingBox()).x;
  await sq("B1").click(); // deselect clears the message
  assert.equal(await message(), "");
  assert.equal((await page.locator(".panel").boundingBox()).x, withMessage);
});

test("phone: after a tap the tile's panel is on the first screen, New game folds once play starts", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open();
  await newGame({ mode: "two" });
  await page.evaluate(() => window.scrollTo(0, 0));
  await sq("B1").click();
  await page.waitForFunction(() => /Footman on B1/.test(document.getElementById("info").textContent));
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  const info = await page.locator("#info").boundingBox();
  assert.ok(info.y >= 0 && info.y + info.height <= 844, `the tile's panel spans y=${info.y}..${info.y + info.height}`);
  const actions = await page.locator("#actions").boundingBox();
  assert.ok(actions.y + actions.height <= 844, `the action buttons end at y=${actions.y + actions.height}`);
  assert.equal(await page.locator("#info figure").count(), 2);
  await bookShot("page-phone");
  await sq("B2").click();
  assert.equal(await page.evaluate(() => document.getElementById("newgame").open), false);
});

test("phone width: the board fits and the legend is there", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open();
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.x + box.width <= 390, `board ends at ${box.x + box.width}`);
  await page.evaluate(() => (document.getElementById("legend-box").open = true));
  assert.match(await page.locator("#legend").textContent(), /Pikeman.*Jump Slide.*Flipped/s);
  await shot("20-phone");
});

test("no console errors on the way", async () => {
  assert.deepEqual(consoleErrors, []);
});
