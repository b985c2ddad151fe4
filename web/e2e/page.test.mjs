// The page in a real browser: every step the issues list, with a
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
// The folding boxes closed but Settings in the picture of the start.
const bookShot = async (name, options = {}) => {
  await page.evaluate((keep) => {
    for (const d of document.querySelectorAll(".more details")) if (d.id !== keep) d.open = false;
  }, name === "page-start" ? "settings-box" : null);
  await page.screenshot({ path: join(bookShots, `${name}.jpeg`), type: "jpeg", quality: 70, ...options });
  await page.screenshot({ path: join(shots, `book-${name}.png`), ...options });
};
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

before(async () => {
  server = await serve(PORT);
  browser = await launch();
  page = await browser.context.newPage();
  await page.setViewportSize(DESKTOP);
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
const infoFigures = () => page.locator("#info:not([hidden]) figure").count();
const PROMPT = /Click or press Enter on a tile to see its charts and targets/;
// The engine's error codes: none may reach a player's eyes.
const CODES = [
  "action.syntax", "dpn.bags", "dpn.board", "dpn.quiet", "dpn.side", "dpn.text", "dpn.turn", "hint.count",
  "illegal.bag-empty", "illegal.blocked", "illegal.exposes-duke", "illegal.game-over", "illegal.no-command",
  "illegal.no-enemy-to-strike", "illegal.no-mark", "illegal.no-tile", "illegal.not-in-bag", "illegal.not-in-command-area",
  "illegal.not-next-to-duke", "illegal.not-yours", "illegal.occupied", "illegal.own-tile", "illegal.wrong-mark",
  "level.range", "levy.bag", "limits.depth", "limits.millis", "limits.nodes", "record.action", "record.header",
  "record.misplaced", "record.result", "record.seed", "record.setup-incomplete", "record.size", "record.start",
  "record.turn-number", "record.unknown-line", "square.syntax", "illegal.mountain", "illegal.terrain", "illegal.fort-strike",
  "illegal.closed-flag", "illegal.own-flag", "illegal.frozen", "illegal.no-duke", "illegal.pass-target", "illegal.relocation-square",
  "rules.text", "dpn.state",
];
async function assertNoCode() {
  const text = await page.evaluate(() => document.body.innerText);
  assert.doesNotMatch(text, /\[[a-z]+(\.[a-z-]+)*\]/, "a [code] in the page's text");
  for (const code of CODES) assert.ok(!text.includes(code), `the engine's code ${code} is in the page's text`);
  // No timings in status lines or messages.
  assert.doesNotMatch(text, /\b\d+ ?ms\b/, "a timing in the page's text");
}

async function open({ fresh = false } = {}) {
  await page.goto(URL_);
  await page.waitForSelector("body[data-ready=true]");
  if (fresh) {
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
  }
}

async function openBox(id) {
  await page.evaluate((id) => (document.getElementById(id).open = true), id);
}

async function setLevel(level) {
  await openBox("settings-box");
  await page.selectOption("#level", String(level));
}

async function newGame({ mode = "two", level, aiside = "dark", clicksetup = false } = {}) {
  // A result card left from the last game closes with Escape, as a person would.
  if (await page.locator("#result:not([hidden])").count()) await page.keyboard.press("Escape");
  if (level !== undefined) await setLevel(level);
  await openBox("newgame");
  await page.check(`input[name=mode][value=${mode}]`);
  await page.selectOption("#aiside", aiside);
  await page.setChecked("#clicksetup", clicksetup);
  await page.click("#new");
}

// Waits until the AI is done and it is a person's turn (or the game ended).
async function settled() {
  await page.waitForFunction(() => document.body.dataset.busy === "false");
}
// Waits until no move is animated.
async function still() {
  await page.waitForFunction(() => !window.dukePage.animating && document.getAnimations().length === 0);
}

async function loadRecord(name, text) {
  const file = join(shots, "..", name);
  writeFileSync(file, text);
  await openBox("record-box");
  await page.setInputFiles("#load", file);
  await page.waitForFunction((n) => document.getElementById("message").textContent.includes(n), name);
}

test("the page loads with the engine's default level and shows a playable board", async () => {
  const t0 = Date.now();
  await open({ fresh: true });
  const took = Date.now() - t0;
  assert.equal(await page.locator(".sq").count(), 36);
  assert.equal(await phase(), "play");
  console.log(`first playable board after ${took} ms (with a reload)`);
  // The default level is the engine's, not a number of the page's own.
  const level = await page.evaluate(async () => (await import("duke-engine")).defaultLevel());
  assert.equal(level, 3);
  assert.equal(await page.inputValue("#level"), String(level));
  assert.match(await message(), new RegExp(`against the AI at level ${level}\\.`));
  assert.match(await page.locator("#info").textContent(), PROMPT);
  await shot("01-loaded");
});

test("the board is one Tab stop; arrow keys move between squares", async () => {
  await newGame({ mode: "two" });
  assert.equal(await page.locator('.sq[tabindex="0"]').count(), 1);
  // Every square but one is out of the Tab order.
  assert.equal(await page.locator('.sq[tabindex="-1"]').count(), 35);
  // From Levy, one Shift+Tab is on the board (nothing else between them).
  await page.focus("#levy");
  await page.keyboard.press("Shift+Tab");
  const first = await page.evaluate(() => document.activeElement.dataset.square);
  assert.ok(first, "Shift+Tab from Levy lands on the board");
  // Light at the bottom: up is one rank higher, right one file further.
  await page.keyboard.press("ArrowUp");
  const up = await page.evaluate(() => document.activeElement.dataset.square);
  assert.equal(up, `${first[0]}${Number(first[1]) + 1}`);
  await page.keyboard.press("ArrowRight");
  const right = await page.evaluate(() => document.activeElement.dataset.square);
  assert.equal(right, `${String.fromCharCode(first.charCodeAt(0) + 1)}${Number(first[1]) + 1}`);
  assert.deepEqual(await page.locator('.sq[tabindex="0"]').evaluateAll((els) => els.map((e) => e.dataset.square)), [right]);
  // One Tab leaves the board: Levy is next.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "levy");
  // Back in, on the square left.
  await page.keyboard.press("Shift+Tab");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), right);
  // Arrows to B1, Enter selects it.
  await sq("B1").focus();
  await page.keyboard.press("Enter");
  assert.equal(await sq("B1").getAttribute("aria-selected"), "true");
  assert.match(await page.locator("#info").textContent(), /Footman on B1/);
  await page.keyboard.press("Escape");
  assert.equal(await sq("B1").getAttribute("aria-selected"), "false");
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

test("a selected tile shows its charts and its targets by mark; an illegal action ends the selection", async () => {
  await newGame({ mode: "two" });
  await sq("B1").click(); // a Light Footman
  const targets = await page.locator(".sq[class*=' t-']").evaluateAll((els) => els.map((e) => [e.dataset.square, e.className]));
  const expected = await page.evaluate(() => window.dukePage.game.position.targets("B1").map((t) => t.to));
  assert.ok(expected.length > 0);
  assert.equal(targets.length, expected.length);
  assert.ok(targets.every(([, c]) => /t-(move|jump|slide|jump_slide|strike|command)/.test(c)));
  assert.equal(await infoFigures(), 2);
  assert.match(await page.locator("#info").textContent(), /After it acts/);
  assert.match(await page.locator("#info").textContent(), /Targets: .*B2 \(Move\)/);
  await shot("04-selected-footman");
  await bookShot("page-selected");
  // An illegal action: the engine's reason without its code, nothing
  // changed, and the tile's panel is cleared with the selection.
  const before = await dpn();
  await sq("B4").click();
  assert.equal(await message(), "B1-B4: the Footman on B1 has no mark that reaches B4.");
  assert.equal(await page.locator("#message.error").count(), 1);
  assert.equal(await dpn(), before);
  assert.equal(await infoFigures(), 0);
  assert.match(await page.locator("#info").textContent(), PROMPT);
  assert.doesNotMatch(await sq("B1").getAttribute("class"), /selected/);
  assert.equal(await page.locator(".sq[class*=' t-']").count(), 0);
  await assertNoCode();
  await shot("05-illegal");
  // A legal one.
  await sq("B1").click();
  await sq("B2").click();
  assert.notEqual(await dpn(), before);
  assert.match(await sq("B2").getAttribute("aria-label"), /Light Footman/);
  assert.match(await sq("B2").getAttribute("class"), /last-light/);
  assert.equal(await message(), "Light played Footman B1→B2.");
  assert.match(await page.locator("#info").textContent(), PROMPT);
  await shot("06-legal");
});

test("the tile's panel under the Levy panel, a look at the opponent's tile, undo", async () => {
  await newGame({ mode: "two" });
  await sq("B1").click();
  assert.equal(await infoFigures(), 2);
  // Levy: its panel alone, no tile's panel under it.
  await page.click("#levy");
  assert.equal(await page.locator("#levy-panel").isVisible(), true);
  assert.equal(await page.locator("#info").isVisible(), false);
  await page.click("#levy-cancel");
  assert.match(await page.locator("#info").textContent(), PROMPT);
  // A tile selected while the Levy panel is open closes it.
  await page.click("#levy");
  await sq("B1").click();
  assert.equal(await page.locator("#levy-panel").isVisible(), false);
  assert.match(await page.locator("#info").textContent(), /Light Footman on B1/);
  // The opponent's tile: shown, not selected; a click on an empty square clears it.
  await sq("B1").click();
  await sq("C6").click();
  assert.match(await page.locator("#info").textContent(), /Dark Footman on C6/);
  assert.match(await sq("C6").getAttribute("class"), /inspected/);
  await sq("C4").click();
  assert.match(await page.locator("#info").textContent(), PROMPT);
  // After an action and after an undo, nothing of the tile is left.
  await sq("B1").click();
  await sq("B2").click();
  await sq("C6").click();
  assert.match(await page.locator("#info").textContent(), /Dark Footman on C6/);
  await page.click("#undo");
  assert.match(await page.locator("#info").textContent(), PROMPT);
  assert.equal(await page.locator(".sq.inspected, .sq.selected").count(), 0);
});

test("a levy: the bag's chances, rounded as the bags round them, the draw with its charts, then placement", async () => {
  await newGame({ mode: "two" });
  await page.click("#levy");
  const chances = page.locator("#levy-panel .chances figure");
  assert.ok((await chances.count()) >= 5);
  // The same odds, written the same way, in the panel and in the bag.
  assert.match(await page.locator("#levy-panel").textContent(), /Pikeman 19%/);
  assert.match(await page.locator("#bag-light").textContent(), /P×3 19%/);
  assert.doesNotMatch(await page.locator("#levy-panel").textContent(), /\d\.\d%/);
  await shot("07-levy-chances");
  await bookShot("page-levy");
  await page.click("#draw");
  assert.equal(await phase(), "levy");
  assert.equal(await page.locator("#levy-panel .charts figure").count(), 2);
  assert.equal(await page.locator("#info").isVisible(), false);
  const places = page.locator(".sq.t-place");
  assert.ok((await places.count()) > 0);
  await shot("08-levy-drawn");
  const target = await places.first().getAttribute("data-square");
  const troop = await page.evaluate(() => window.dukePage.game.pendingDraw);
  await places.first().click();
  assert.equal(await phase(), "play");
  const letter = await page.evaluate((s) => window.dukePage.game.position.tileAt(s).letter, target);
  assert.equal(letter, troop);
  assert.match(await message(), new RegExp(`^Light levies an? [A-Z]\\w+ on ${target}\\.$`));
  await shot("09-levy-placed");
});

test("Levy, when disabled, says why (the engine's reason in words)", async () => {
  await newGame({ mode: "two" });
  assert.equal(await page.locator("#levy-why").isVisible(), false);
  // Light's Duke on A1 with both squares beside it taken, a Pikeman in the bag.
  await loadRecord("e2e-levy-full.txt", "duke-record 1\nstart 3d2/6/6/6/F5/DF4 l P/- 0 1\n");
  assert.equal(await page.locator("#levy").isDisabled(), true);
  assert.equal(await page.locator("#levy-why").textContent(), "No levy: every square next to Light's Duke on A1 is taken.");
  assert.equal(await page.locator("#levy").getAttribute("aria-describedby"), "levy-why");
  // An empty bag.
  await loadRecord("e2e-levy-empty.txt", "duke-record 1\nstart 3d2/6/6/6/6/D5 l -/- 0 1\n");
  assert.equal(await page.locator("#levy").isDisabled(), true);
  assert.equal(await page.locator("#levy-why").textContent(), "No levy: Light's bag is empty.");
  await shot("09b-levy-why");
  await assertNoCode();
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

test("record download, then load gives the same position; bad files change nothing and show no code", async () => {
  await newGame({ mode: "two" });
  for (const [a, b] of [["B1", "B2"], ["C6", "C5"], ["D1", "D2"]]) {
    await sq(a).click();
    await sq(b).click();
  }
  const saved = await dpn();
  await openBox("record-box");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const file = join(shots, "..", "e2e-record.txt");
  await download.saveAs(file);
  assert.match(readFileSync(file, "utf8"), /^duke-record 1/);
  await newGame({ mode: "two" });
  assert.notEqual(await dpn(), saved);
  await page.setInputFiles("#load", file);
  await page.waitForFunction((d) => window.dukePage.game.position.dpn() === d, saved);
  assert.match(await message(), /Loaded e2e-record\.txt: 3 turns; two players from here\./);
  await shot("12-record-loaded");
  // A corrupted record and a foreign file: a clear message, the game as it was.
  const corrupt = join(shots, "..", "e2e-corrupt.txt");
  writeFileSync(corrupt, readFileSync(file, "utf8").replace("B1-B2", "B1-B5"));
  await page.setInputFiles("#load", corrupt);
  await page.waitForSelector("#message.error");
  assert.match(await message(), /Could not load e2e-corrupt\.txt: .+\. The game on the page is unchanged\./);
  assert.equal(await dpn(), saved);
  await assertNoCode();
  await shot("13-bad-record");
  await page.setInputFiles("#load", { name: "photo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0]) });
  await page.waitForFunction(() => /photo\.png/.test(document.getElementById("message").textContent));
  assert.match(await message(), /Could not load photo\.png: .+\. The game on the page is unchanged\./);
  assert.equal(await dpn(), saved);
  await assertNoCode();
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
    await assertNoCode();
  }
  assert.match(await message(), /a record is at most 1\.0 MiB\. The game/);
  // Step through it from the start with the move list's buttons.
  await page.click("#rp-start");
  assert.match(await page.locator("#status").textContent(), /Viewing action 0 of 9 \(read-only\)/);
  for (let i = 0; i < 7; i++) await page.click("#rp-next");
  assert.equal(await page.locator("#rp-pos").textContent(), "7 / 9");
  await shot("14-replay");
  await page.click("#rp-end");
  assert.equal(await page.locator("#viewing").isVisible(), false);
  assert.equal(await page.evaluate(() => document.body.dataset.turn), "3");
});

test("a record loaded in a game against the AI goes on against the AI: you take the side to move", async () => {
  await newGame({ mode: "ai", level: 1, aiside: "dark" });
  await settled();
  // Three turns: Dark is to move. The AI takes Light, you Dark, and the
  // board turns to your side.
  await loadRecord("e2e-continue.txt", readFileSync(join(shots, "..", "e2e-record.txt"), "utf8"));
  assert.equal(await message(), "Loaded e2e-continue.txt: 3 turns. You play Dark, to move, against the AI at level 1.");
  assert.equal(await page.inputValue("#aiside"), "light");
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "F1");
  assert.equal(await page.evaluate(() => window.dukePage.game.sideToDecide), "dark");
  assert.match(await page.locator("#status").textContent(), /Dark to act \(you\)\. Turn 4\./);
  // Your action; the AI answers as Light.
  const [from, to] = await page.evaluate(() => {
    const a = window.dukePage.game.position.legalActions().find((x) => x.kind === "relocate");
    return [window.dukePage.squareName(a.from), window.dukePage.squareName(a.to)];
  });
  await sq(from).click();
  await sq(to).click();
  await page.waitForFunction(() => document.body.dataset.turn === "5" && document.body.dataset.busy === "false");
  assert.equal(await page.evaluate(() => window.dukePage.game.sideToDecide), "dark");
  assert.match(await message(), /^(The AI (played|levies)|Capture!)/);
  await assertNoCode();
});

test("the move list: the moves in words beside the board; a click shows that position, read-only", async () => {
  await newGame({ mode: "two" });
  await sq("B1").click();
  await sq("B2").click();
  const afterFirst = await dpn();
  await sq("C6").click();
  await sq("C5").click();
  await page.click("#levy");
  await page.click("#draw");
  const troop = await page.evaluate(() => window.dukePage.game.pendingDraw);
  const place = await page.locator(".sq.t-place").first().getAttribute("data-square");
  await page.locator(".sq.t-place").first().click();
  const live = await dpn();
  const name = await page.evaluate(async (t) => (await import("duke-engine")).troopName(t), troop);
  const moves = await page.locator("#moves .mv:not(.start):not(.setup)").allTextContents();
  assert.deepEqual(moves, ["1.Footman B1→B2", "2.Footman C6→C5", `3.levy: ${name} on ${place}`]);
  // Beside the board on a desktop: to its right, from the board's top.
  const board = await page.locator("#board").boundingBox();
  const list = await page.locator("#moves-box").boundingBox();
  assert.ok(list.x >= board.x + board.width && list.y < board.y + board.height, "the move list is beside the board");
  // A click on the first move: the position after it, read-only.
  await page.locator("#moves .mv", { hasText: "Footman B1→B2" }).click();
  assert.equal(await page.locator("#viewing").isVisible(), true);
  assert.equal(await page.locator("#viewing-text").textContent(), "After turn 1, Light: Footman B1→B2 (read-only).");
  assert.equal(await page.evaluate(() => window.dukePage.view.position.dpn()), afterFirst);
  assert.match(await sq("B2").getAttribute("aria-label"), /Light Footman/);
  assert.match(await sq("C6").getAttribute("aria-label"), /Dark Footman/);
  assert.equal(await page.locator("#levy").isDisabled(), true);
  assert.equal(await page.locator("#moves .mv[aria-current]").textContent(), "1.Footman B1→B2");
  // A click on a tile only shows it; the game is unchanged.
  await sq("C6").click();
  assert.match(await page.locator("#info").textContent(), /Dark Footman on C6/);
  assert.equal(await dpn(), live);
  await shot("14b-move-list-view");
  // The keyboard: the list is one Tab stop, arrows move in it, Enter shows.
  await page.locator("#moves .mv[aria-current]").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  assert.equal(await page.locator("#moves .mv[aria-current]").textContent(), "2.Footman C6→C5");
  assert.equal(await page.locator('#moves .mv[tabindex="0"]').count(), 1);
  // Back to the game.
  await page.click("#rp-exit");
  assert.equal(await page.locator("#viewing").isVisible(), false);
  assert.equal(await page.evaluate(() => window.dukePage.view.position.dpn()), live);
  assert.equal(await page.locator("#levy").isDisabled(), false);
  // Escape leaves a view too.
  await page.click("#rp-back");
  assert.equal(await page.locator("#viewing").isVisible(), true);
  await page.keyboard.press("Escape");
  assert.equal(await page.locator("#viewing").isVisible(), false);
});

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
  assert.match(await page.locator("#moves").textContent(), /Duke C1→D1, takes Pikeman/);
  await shot("16c-capture");
});

test("a move animation (slide, fade of the captured tile, flip) ends in the same DOM as no animation", async () => {
  // The whole page but the engine's worker: the board, the panel, the
  // move list and the boxes.
  const snapshot = () => page.evaluate(() => document.querySelector("main").outerHTML);
  await openBox("settings-box");
  await page.check("#animate");
  await newGame({ mode: "two" });
  await sq("B1").click();
  await sq("B2").click();
  // The Footman slides (a copy of it over the board) and flips.
  assert.ok(await page.evaluate(() => document.getAnimations().length) > 0, "no animation ran");
  assert.equal(await page.locator("#fx .ghost").count(), 1);
  await still();
  const animated = await snapshot();
  assert.equal(await page.locator("#fx").innerHTML(), "");
  await page.click("#undo");
  await page.uncheck("#animate");
  await sq("B1").click();
  await sq("B2").click();
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
  assert.deepEqual(await snapshot(), animated);
  // A capture: the taker slides, the taken tile fades, then both are gone.
  await page.check("#animate");
  await loadRecord("e2e-capture-anim.txt", "duke-record 1\nstart 3d2/6/6/6/6/2Dp2 l -/- 0 1\n");
  await sq("C1").click();
  await sq("D1").click();
  assert.equal(await page.locator("#fx .ghost").count(), 2);
  await still();
  assert.equal(await page.locator("#fx .ghost").count(), 0);
  const capturedAnimated = await snapshot();
  await page.click("#undo");
  await page.uncheck("#animate");
  await sq("C1").click();
  await sq("D1").click();
  assert.deepEqual(await snapshot(), capturedAnimated);
  await page.check("#animate");
});

test("an AI reply at level 5 within its limit; the tile's panel after the reply; no timing shown", async () => {
  await newGame({ mode: "ai", level: 5, aiside: "dark" });
  await sq("D1").click();
  await sq("D2").click();
  // While the AI thinks, a look at one of its tiles; its reply clears it.
  await sq("D6").click();
  assert.match(await page.locator("#info").textContent(), /Dark Duke on D6/);
  await page.waitForFunction(() => document.body.dataset.aiMillis !== undefined && document.body.dataset.busy === "false");
  const ms = Number(await page.evaluate(() => document.body.dataset.aiMillis));
  console.log(`level 5 replied in ${ms} ms`);
  assert.ok(ms <= 1500, `level 5 took ${ms} ms`);
  assert.equal(await page.evaluate(() => window.dukePage.game.sideToDecide), "light");
  assert.match(await page.locator("#info").textContent(), PROMPT);
  assert.equal(await page.locator(".sq.inspected").count(), 0);
  await assertNoCode();
  await shot("17-ai-level5-reply");
});

test("a hint highlights the engine's suggestion, in words, and takes the tile's panel's place", async () => {
  await sq("B1").click();
  assert.equal(await infoFigures(), 2);
  await page.click("#hint");
  await page.waitForSelector("#hint-panel:not([hidden])");
  const text = await page.locator("#hint-panel").textContent();
  assert.match(text, /suggests (a levy|\w+ [A-F][1-6])/);
  // One score, in Footmen (or a forced capture), and no raw numbers in a list.
  assert.match(text, /: ([+-]\d+\.\d\d|wins: |loses: )/);
  assert.doesNotMatch(text, /\(-?\d+\)/);
  // No tile's panel under the hint; a tile chosen now shows below it.
  assert.equal(await page.locator("#info").isVisible(), false);
  assert.equal(await page.locator(".sq.selected").count(), 0);
  await shot("18-hint");
  await bookShot("page-hint");
  await sq("B1").click();
  assert.equal(await page.locator("#hint-panel").isVisible(), true);
  assert.match(await page.locator("#info").textContent(), /Light Footman on B1/);
  // Any change of the position takes the hint away: here, an undo.
  await page.click("#undo");
  await page.waitForSelector("#hint-panel", { state: "hidden" });
  assert.equal(await page.locator(".sq.hinted").count(), 0);
  assert.match(await page.locator("#info").textContent(), PROMPT);
});

test("a whole game against level 1, to its end; the result card says the winner once", async () => {
  // Without animation: the AI waits for each slide to end, and the suite
  // keeps its time for the game itself.
  await openBox("settings-box");
  await page.uncheck("#animate");
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
        return best ? [best.actor, best.to, best.toString()] : null;
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
        await page.locator(`#chooser button[data-action="${text}"]`).click();
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
  const card = page.getByRole("dialog");
  await card.waitFor();
  const cardText = await card.textContent();
  assert.equal(cardText.match(/wins|draw/gi).length, 1, `the card says the result more than once: ${cardText}`);
  await still();
  await bookShot("page-result");
  await shot("19-game-over");
  await page.keyboard.press("Escape");
  await openBox("settings-box");
  await page.check("#animate");
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
  await still();
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
  // The winner once: the engine's sentence is the title.
  assert.equal(await page.locator("#result-title").textContent(), "Dark wins: Light has no legal maneuver and cannot levy.");
  assert.equal((await card.textContent()).match(/wins/g).length, 1);
  assert.match(await card.textContent(), /0 turns played/);
  for (const name of ["New game", "Replay", "Download record"]) assert.equal(await card.getByRole("button", { name }).count(), 1);
  // The keyboard is on the card: Escape closes it.
  assert.equal(await page.evaluate(() => document.activeElement.id), "result-new");
  await page.keyboard.press("Escape");
  await page.waitForSelector("#result", { state: "hidden" });
  // Resigning shows it too, and New game on it starts a game.
  await newGame({ mode: "two" });
  await page.click("#resign");
  await card.waitFor();
  assert.equal(await page.locator("#result-title").textContent(), "Dark wins: Light resigned.");
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
  await openBox("settings-box");
  await page.selectOption("#orientation", "mover");
  await sq("B1").click();
  await sq("B2").click();
  // Dark to move: the board turns for Dark, and back for Light.
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "F1");
  await sq("C6").click();
  await sq("C5").click();
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "A6");
  await page.selectOption("#orientation", "mine");
});

test("settings (level, board, animation, sound) are kept across a reload; reduced motion is respected", async () => {
  await page.setViewportSize(DESKTOP);
  await openBox("settings-box");
  await page.selectOption("#level", "2");
  await page.selectOption("#orientation", "dark");
  await page.uncheck("#animate");
  assert.equal(await page.isChecked("#sound"), false, "sound is off by default");
  assert.deepEqual(await page.evaluate(() => window.dukePage.sounds.length), 0);
  await page.check("#sound");
  await newGame({ mode: "two" });
  await sq("B1").click();
  await sq("B2").click();
  assert.deepEqual(await page.evaluate(() => window.dukePage.sounds.slice(-1)), ["move"]);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.inputValue("#level"), "2");
  assert.equal(await page.inputValue("#orientation"), "dark");
  assert.equal(await page.isChecked("#animate"), false);
  assert.equal(await page.isChecked("#sound"), true);
  assert.match(await message(), /at level 2\./);
  assert.equal(await page.locator(".sq").first().getAttribute("data-square"), "F1");
  // With the system asking for reduced motion and no choice stored, no animation.
  await page.evaluate(() => localStorage.clear());
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.isChecked("#animate"), false);
  assert.equal(await page.locator("#motion-note").isVisible(), false); // in the closed Settings box
  await openBox("settings-box");
  assert.equal(await page.locator("#motion-note").isVisible(), true);
  await newGame({ mode: "two" });
  await sq("B1").click();
  await sq("B2").click();
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
  await page.emulateMedia({ reducedMotion: null });
  // The book's picture of the page: a game against the AI under way, the
  // moves beside the board, the settings open.
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  await newGame({ mode: "ai", level: 1, aiside: "dark" });
  for (const [a, b] of [["B1", "B2"], ["D1", "D2"]]) {
    await settled();
    await sq(a).click();
    await sq(b).click();
  }
  await settled();
  await openBox("settings-box");
  await still();
  await page.evaluate(() => window.scrollTo(0, 0));
  await bookShot("page-start");
});

test("the side panel keeps its place when a message comes and goes", async () => {
  await newGame({ mode: "two" });
  await sq("B1").click();
  await sq("B4").click(); // illegal: a long message
  assert.equal(await page.locator("#message.error").count(), 1);
  const withMessage = (await page.locator(".panel").boundingBox()).x;
  await sq("B1").click(); // a new selection clears the message
  assert.equal(await message(), "");
  assert.equal((await page.locator(".panel").boundingBox()).x, withMessage);
});

test("phone: the tile's panel on the first screen with readable chart marks; the hint stays in sight", async () => {
  await page.setViewportSize(PHONE);
  await open();
  await newGame({ mode: "two" });
  await page.evaluate(() => window.scrollTo(0, 0));
  await sq("B1").click();
  await page.waitForFunction(() => /Footman on B1/.test(document.getElementById("info").textContent));
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  const info = await page.locator("#info").boundingBox();
  assert.ok(info.y >= 0 && info.y + info.height <= PHONE.height, `the tile's panel spans y=${info.y}..${info.y + info.height}`);
  const actions = await page.locator("#actions").boundingBox();
  assert.ok(actions.y + actions.height <= PHONE.height, `the action buttons end at y=${actions.y + actions.height}`);
  assert.equal(await infoFigures(), 2);
  // The chart marks are dots one can see: at least 10 pixels across.
  const marks = await page.locator("#info svg .mark").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
  assert.ok(marks.length > 0);
  assert.ok(Math.min(...marks) >= 10, `chart marks ${Math.min(...marks)} px across`);
  await bookShot("page-phone");
  // A hint replaces the tile's panel, on the first screen.
  await page.click("#hint");
  await page.waitForSelector("#hint-panel:not([hidden])");
  const hint = await page.locator("#hint-panel").boundingBox();
  assert.ok(hint.y + hint.height <= PHONE.height, `the hint ends at y=${hint.y + hint.height}`);
  assert.equal(await page.locator("#info").isVisible(), false);
  await sq("B1").click();
  await sq("B2").click();
  assert.equal(await page.evaluate(() => document.getElementById("newgame").open), false);
  // The move list follows the panel.
  const list = await page.locator("#moves-box").boundingBox();
  assert.ok(list.y > (await page.locator(".panel").boundingBox()).y);
});

test("phone width: the board fits and the legend is there", async () => {
  await page.setViewportSize(PHONE);
  await open();
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.x + box.width <= PHONE.width, `board ends at ${box.x + box.width}`);
  await openBox("legend-box");
  assert.match(await page.locator("#legend").textContent(), /Pikeman.*Jump Slide.*Flipped/s);
  await shot("20-phone");
  await page.setViewportSize(DESKTOP);
});

// ---- Expanded Play -----------------------------------------------------------
// The page open (these tests run alone with --test-name-pattern too).
async function ensureOpen() {
  if (!page.url().startsWith(URL_)) await open();
}
async function chooseRules({ objective = "duke", terrain = "", draft = false } = {}) {
  await ensureOpen();
  await openBox("newgame");
  await page.selectOption("#objective", objective);
  await page.selectOption("#terrain", terrain);
  if (objective !== "rider") await page.setChecked("#draft", draft);
}

// Plays the person's side by clicks to the end against the AI: the draft's
// first kind offered, the first highlighted square for a setup tile, a Flag
// or a levy, else a capture if any, a Flag pass or a maneuver at random (a
// pending relocation is declined by playing on), or with `engine` the
// engine's level-1 choice (a game of the Duke played at random can run to
// the 200 quiet turns). Returns the decisions made.
async function playOut({ engine = false, limit = 400 } = {}) {
  let steps = 0;
  for (;;) {
    await settled();
    const p = await phase();
    if (p === "over" || p === "resigned") return steps;
    if (++steps > limit) return steps;
    if (p === "draft") {
      await page.locator("#draft-panel button.pick").first().click();
    } else if (p === "setup" || p === "flags" || p === "levy") {
      await page.locator(".sq.t-place").first().click();
    } else {
      const pick = await page.evaluate((engine) => {
        const g = window.dukePage.game;
        if (engine) {
          const a = g.bestAction({ level: 1, seed: Math.floor(Math.random() * 2 ** 31) });
          if (a.kind === "levy") return "levy";
          if (a.kind === "flag") return [undefined, a.to, a.toString()];
          return [a.actor, a.to, a.toString()];
        }
        const acts = g.legalActions().filter((a) => a.kind !== "levy" && a.kind !== "flag");
        const best = acts.find((a) => a.isCapture) ?? acts[Math.floor(Math.random() * acts.length)];
        if (best === undefined) return g.legalActions().some((a) => a.kind === "levy") ? "levy" : null;
        return [best.actor, best.to, best.toString()];
      }, engine);
      if (pick === "levy") {
        await page.click("#levy");
        await page.click("#draw");
        continue;
      }
      assert.notEqual(pick, null, "no decision offered in play");
      const [actor, to, text] = pick;
      if (actor !== undefined) await clickIndex(actor);
      await clickIndex(to);
      if (await page.locator("#chooser:not([hidden])").count()) {
        await page.locator(`#chooser button[data-action="${text}"]`).click();
      }
    }
  }
}

async function endCard(rules) {
  await settled();
  assert.equal(await phase(), "over");
  const card = page.getByRole("dialog");
  await card.waitFor();
  const title = await page.locator("#result-title").textContent();
  assert.equal(await page.locator("#result-rules").textContent(), `Rules: ${rules}.`);
  return title;
}

test("Expanded Play: Counting Coup with the Mountain against level 1, chosen in New game, to its end", async () => {
  await ensureOpen();
  await openBox("settings-box");
  await page.uncheck("#animate");
  await setLevel(1);
  await chooseRules({ objective: "coup", terrain: "mountain" });
  assert.equal(await page.locator("#rules-note").textContent(), "Rules: Counting Coup, the Mountain (coup+mountain).");
  await newGame({ mode: "ai", aiside: "dark" });
  await settled();
  assert.equal(await page.evaluate(() => window.dukePage.game.rules), "coup+mountain");
  // The Flags are placed by clicking: Dark (the AI) has placed its own.
  assert.equal(await phase(), "flags");
  assert.match(await page.locator("#status").textContent(), /^Counting Coup, the Mountain\. Light places a Flag/);
  assert.equal(await page.locator(".sq.mountain").count(), 1);
  assert.equal(await page.locator(".sq svg.flag").count(), 1);
  // Light's Flag near its own tiles, where a square on rank 1 or 2 is offered.
  const offered = await page.locator(".sq.t-place").evaluateAll((l) => l.map((e) => e.dataset.square));
  const flagSquare = ["A2", "F2", "A1", "F1"].find((s) => offered.includes(s)) ?? offered[0];
  await sq(flagSquare).click();
  await settled();
  assert.equal(await page.evaluate(() => window.dukePage.squareName(window.dukePage.game.position.flag("light"))), flagSquare);
  assert.equal(await page.locator(".sq svg.flag").count(), 2);
  assert.match(await page.locator("#points").textContent(), /^Points: Light 0, Dark 0 \(3 win\)$/);
  // The record carries the rules.
  assert.match(await page.evaluate(() => window.dukePage.game.record(true)), /^rules coup\+mountain$/m);
  await still();
  await bookShot("page-expanded");
  const turns = await playOut();
  const title = await endCard("Counting Coup, the Mountain");
  console.log(`Counting Coup against level 1 ended after ${turns} of our decisions: ${title}`);
  assert.match(title, /wins|draw/i);
  assert.match(await page.locator("#status").textContent(), /^Counting Coup, the Mountain\. Game over/);
  await assertNoCode();
  await page.keyboard.press("Escape");
});

test("Expanded Play: a Flag pass by clicking, and a rule's no in words", async () => {
  await ensureOpen();
  await newGame({ mode: "two" });
  // Light's Footman on B3 holds Dark's Flag; Light's own Flag stands alone on F1.
  await loadRecord("e2e-pass.txt", "duke-record 1\nrules flag\nstart 3d2/6/6/1F4/1F4/2D3 l -/- 1 1 flag,flags=F1/B3\n");
  assert.equal(await sq("B3").locator("svg.flag-badge").count(), 1);
  assert.equal(await sq("F1").locator("svg.flag-alone").count(), 1);
  // Light's Duke may not end on its own Flag: the engine's reason, in words.
  await sq("C1").click();
  await sq("F1").click();
  assert.equal(await message(), "Your own Flag: F1 holds your own Flag, where your tiles may not end an action.");
  await sq("B3").click();
  assert.match(await page.locator("#info").textContent(), /Flag pass \(⚑\): to the Footman on B2/);
  assert.deepEqual(await page.locator(".sq.t-pass").evaluateAll((l) => l.map((e) => e.dataset.square)), ["B2"]);
  assert.match(await sq("B2").getAttribute("aria-label"), /^B2: Light Footman, pass the Flag here$/);
  await bookShot("page-flag");
  await sq("B2").click();
  assert.equal(await message(), "Light passes the Flag from B3 to B2.");
  assert.equal(await page.evaluate(() => window.dukePage.squareName(window.dukePage.game.position.flag("dark"))), "B2");
  assert.match(await page.locator("#moves").textContent(), /Flag passed B3→B2/);
  // The Mountain: nothing stands on it, nothing passes it.
  // The Fort holds Light's Footman on B2.
  await loadRecord("e2e-mountain.txt", "duke-record 1\nrules mountain+fort\nstart 3d2/6/6/6/1F4/2D3 l -/- 0 1 mountain+fort,mountain=D1,fort=B2\n");
  assert.equal(await sq("B2").evaluate((e) => e.classList.contains("fort")), true);
  assert.equal(await sq("D1").evaluate((e) => e.classList.contains("mountain")), true);
  await sq("C1").click();
  await sq("D1").click();
  assert.equal(await message(), "The Mountain: D1 is the Mountain's square, where nothing stands.");
  await sq("C1").click();
  await sq("E1").click();
  assert.equal(await message(), "Terrain in the way: the way of the Duke from C1 to E1 is blocked by the Mountain on D1.");
  await bookShot("page-terrain");
  await assertNoCode();
});

test("Expanded Play: a relocation of the Flag by clicking, or declined by playing on", async () => {
  await ensureOpen();
  await newGame({ mode: "two" });
  const record = "duke-record 1\nrules coup\nstart 3d2/6/6/1+F4/6/2D3 d -/- 1 1 coup,flags=F1/A3,score=1/0,relocate\n";
  await loadRecord("e2e-relocate.txt", record);
  assert.equal(await page.locator("#points").textContent(), "Points: Light 1, Dark 0 (3 win)");
  assert.match(await page.locator("#status").textContent(), /Dark may first relocate its Flag/);
  const offered = await page.locator(".sq.t-relocate").evaluateAll((l) => l.map((e) => e.dataset.square).sort());
  assert.deepEqual(offered, ["C6", "D5", "E6"]);
  assert.match(await sq("C6").getAttribute("aria-label"), /^C6: empty, relocate the Flag here$/);
  await shot("40-relocation");
  await bookShot("page-coup");
  await sq("C6").click();
  assert.equal(await message(), "Dark relocates the Flag to C6.");
  const after = await page.evaluate(() => {
    const p = window.dukePage.game.position;
    return [window.dukePage.squareName(p.flag("dark")), p.relocationPending, p.sideToMove];
  });
  assert.deepEqual(after, ["C6", false, "dark"]);
  // The relocation is Dark's last action; the turn stays Dark's.
  assert.match(await sq("C6").getAttribute("class"), /last-dark/);
  assert.equal(await page.locator(".sq.t-relocate").count(), 0);
  // Declined: a normal action ends the offer, and the Flag stays.
  await loadRecord("e2e-relocate2.txt", record);
  await sq("D6").click();
  await sq("E6").click();
  const declined = await page.evaluate(() => {
    const p = window.dukePage.game.position;
    return [window.dukePage.squareName(p.flag("dark")), p.relocationPending, p.sideToMove];
  });
  assert.deepEqual(declined, ["A3", false, "light"]);
  assert.match(await sq("E6").getAttribute("class"), /last-dark/);
  await assertNoCode();
});

test("Expanded Play: Other Objective, Dark Rider (its setup by clicking, frozen Pikemen) and the draft, each to its end", async () => {
  await chooseRules({ objective: "flag" });
  await newGame({ mode: "ai", aiside: "dark" });
  let turns = await playOut();
  console.log(`Other Objective: ${turns} decisions, ${await endCard("Other Objective")}`);
  await page.keyboard.press("Escape");

  await chooseRules({ objective: "rider" });
  assert.equal(await page.locator("#draft").isDisabled(), true);
  await newGame({ mode: "ai", aiside: "dark", clicksetup: true });
  await settled();
  assert.equal(await phase(), "setup");
  assert.equal(await page.locator(".sq.t-place").count(), 6);
  for (let i = 0; i < 5; i++) await page.locator(".sq.t-place").first().click();
  await settled();
  // The AI placed its Knight on rank 6 (Dark then moves first, so the
  // Knight may already have left it: read the placement, not the board).
  assert.equal(await page.evaluate(() => window.dukePage.game.actions().some((a) => /^K@[A-F]6$/.test(a.toString()))), true);
  turns = await playOut();
  console.log(`Dark Rider: ${turns} decisions, ${await endCard("Dark Rider")}`);
  await page.keyboard.press("Escape");
  // A frozen Pikeman is marked (a record with one on rank 6).
  await loadRecord("e2e-frozen.txt", "duke-record 1\nrules rider\nstart P4k/6/6/6/6/1PPPP1 l -/- 0 1 rider\n");
  assert.equal(await sq("A6").evaluate((e) => e.classList.contains("frozen")), true);
  assert.match(await sq("A6").getAttribute("aria-label"), /frozen/);
  await sq("A6").click();
  assert.match(await page.locator("#info").textContent(), /No legal action: it stands on rank 6, where a Pikeman is frozen: no action, and it cannot be captured\./);
  await bookShot("page-rider");
  await sq("A5").click();
  assert.equal(await message(), "Frozen: the Pikeman on A6 stands on rank 6: it is frozen, with no action, and cannot be captured.");
  // Two players, setup not by clicking: both of Dark Rider's setups are placed.
  await chooseRules({ objective: "rider" });
  await newGame({ mode: "two" });
  assert.equal(await phase(), "play");
  assert.equal(await dpn(), "k5/6/6/6/6/PPPPP1 d -/- 0 0 rider");
  assert.equal(await page.locator(".bags").isHidden(), true);

  await chooseRules({ objective: "duke", draft: true });
  await newGame({ mode: "ai", aiside: "dark" });
  await settled();
  // The draft: the AI (Dark) picked first; the panel lists the kinds left.
  assert.equal(await phase(), "draft");
  assert.equal(await page.locator("#draft-panel button.pick").count(), 12);
  assert.match(await page.locator("#draft-panel").textContent(), /Dark's picks: [A-Z]/);
  await bookShot("page-draft");
  turns = await playOut({ engine: true });
  console.log(`The draft: ${turns} decisions, ${await endCard("The Duke, the draft")}`);
  await page.keyboard.press("Escape");
  await assertNoCode();
  await openBox("settings-box");
  await page.check("#animate");
  await chooseRules();
});

test("Expanded Play: rules the engine refuses are named in words; the rules choice at phone width", async () => {
  await chooseRules({ objective: "rider" });
  // The form never offers the draft with Dark Rider; forced, the engine says no.
  await page.evaluate(() => {
    document.getElementById("draft").disabled = false;
    document.getElementById("draft").checked = true;
  });
  const before = await dpn();
  await page.click("#new");
  assert.match(await message(), /^No new game: rules "rider\+draft": .*The game on the page is unchanged\.$/);
  assert.equal(await dpn(), before);
  await assertNoCode();
  await page.setViewportSize(PHONE);
  await open();
  await chooseRules({ objective: "coup", terrain: "mountain+fort", draft: true });
  const box = await page.locator("#rules-choice").boundingBox();
  assert.ok(box.x + box.width <= PHONE.width, `the rules choice ends at ${box.x + box.width}`);
  assert.equal(await page.locator("#rules-note").textContent(), "Rules: Counting Coup, the Mountain, the Fort, the draft (coup+mountain+fort+draft).");
  await page.locator("#rules-choice").scrollIntoViewIfNeeded();
  await shot("41-phone-rules");
  await chooseRules();
  await page.setViewportSize(DESKTOP);
});

// Each objective's wins, as the engine words them on the result card (no
// tile left and no action are wins under every objective), and the terrain
// each is played with here.
const BOTH_ENDS = "(Light|Dark) has no tile on the board|(Light|Dark) has no legal maneuver and cannot levy";
const OBJECTIVE_ENDS = [
  ["coup", "fort", "Counting Coup, the Fort", "it scored three points next to the opposing Flag"],
  ["flag", "mountain", "Other Objective, the Mountain", "it carried the opposing Flag to its home row"],
  ["rider", "", "Dark Rider", "it captured the Knight|three of its Pikemen stand on rank 6|it captured three Pikemen"],
];

test("Expanded Play at phone size: Counting Coup, Other Objective and Dark Rider against level 1, each to its end; the board and the result card fit", async () => {
  const errors = consoleErrors.length;
  await page.setViewportSize(PHONE);
  await ensureOpen();
  await openBox("settings-box");
  await page.uncheck("#animate");
  await setLevel(1);
  const fits = async (selector) => {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${selector} spans x=${box.x}..${box.x + box.width}`);
  };
  for (const [objective, terrain, name, ends] of OBJECTIVE_ENDS) {
    await chooseRules({ objective, terrain });
    await newGame({ mode: "ai", aiside: "dark" });
    await settled();
    await fits("#board");
    let turns = 0;
    if (objective === "coup") {
      // Four of our decisions in (the Flag, then three turns), for the book.
      turns = Math.min(await playOut({ limit: 4 }), 4);
      await still();
      await page.evaluate(() => window.scrollTo(0, 0));
      await bookShot("page-phone-coup");
    }
    turns += await playOut();
    const title = await endCard(name);
    console.log(`phone, ${name}: ${turns} decisions, ${title}`);
    assert.match(title, new RegExp(`^(Light|Dark) wins: (${ends}|${BOTH_ENDS})\\.$`));
    await fits("#board");
    await fits(".result-card");
    const card = await page.locator(".result-card").boundingBox();
    assert.ok(card.y >= 0 && card.y + card.height <= PHONE.height, `the result card spans y=${card.y}..${card.y + card.height}`);
    await page.keyboard.press("Escape");
  }
  assert.deepEqual(consoleErrors.slice(errors), []);
  await assertNoCode();
  await openBox("settings-box");
  await page.check("#animate");
  await chooseRules();
  await page.setViewportSize(DESKTOP);
});

// The New game form's choices as a person sees them.
const formChoices = () =>
  page.evaluate(() => ({
    mode: document.querySelector("input[name=mode]:checked").value,
    aiside: document.getElementById("aiside").value,
    objective: document.getElementById("objective").value,
    terrain: document.getElementById("terrain").value,
    draft: document.getElementById("draft").checked,
    clicksetup: document.getElementById("clicksetup").checked,
    level: document.getElementById("level").value,
    note: document.getElementById("rules-note").textContent,
  }));
const DEFAULT_CHOICES = {
  mode: "ai", aiside: "dark", objective: "duke", terrain: "", draft: false, clicksetup: false, level: "3", note: "Rules: the standard game.",
};
async function reloadWith(key, value) {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value]);
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
}

test("the new game's choices (opponent, side, level, rules, setup by clicking) are kept across a reload; a stored value no longer valid gives the defaults", async () => {
  await page.setViewportSize(DESKTOP);
  await open({ fresh: true });
  assert.deepEqual(await formChoices(), DEFAULT_CHOICES);
  await setLevel(2);
  await chooseRules({ objective: "coup", terrain: "mountain", draft: true });
  await newGame({ mode: "two", aiside: "light", clicksetup: true });
  assert.equal(await page.evaluate(() => window.dukePage.game.rules), "coup+mountain+draft");
  const kept = {
    mode: "two", aiside: "light", objective: "coup", terrain: "mountain", draft: true, clicksetup: true, level: "2",
    note: "Rules: Counting Coup, the Mountain, the draft (coup+mountain+draft).",
  };
  assert.deepEqual(
    await page.evaluate(() => JSON.parse(localStorage.getItem("duke-page-new-game"))),
    { version: 1, mode: "two", aiSide: "light", rules: "coup+mountain+draft", clickSetup: true },
  );
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.locator("#newgame").evaluate((d) => d.open), true);
  assert.deepEqual(await formChoices(), kept);
  // The next visit: a new navigation, not a reload.
  await page.goto("about:blank");
  await open();
  assert.deepEqual(await formChoices(), kept);
  // Started again from the restored form: the same game.
  await page.click("#new");
  assert.equal(await page.evaluate(() => window.dukePage.game.rules), "coup+mountain+draft");

  // The rules text is read by the engine: its words in any order.
  const stored = (rules, more = {}) => JSON.stringify({ version: 1, mode: "two", aiSide: "light", rules, clickSetup: false, ...more });
  await reloadWith("duke-page-new-game", stored("fort+mountain+flag"));
  assert.deepEqual(await formChoices(), {
    ...kept, objective: "flag", terrain: "mountain+fort", draft: false, clicksetup: false,
    note: "Rules: Other Objective, the Mountain, the Fort (flag+mountain+fort).",
  });
  // Opening New game offers choices stored since (by another tab), each
  // over the form's default (no opponent stored: the AI).
  await page.evaluate(() => (document.getElementById("newgame").open = false));
  await page.evaluate((v) => localStorage.setItem("duke-page-new-game", v), stored("rider", { mode: undefined }));
  await openBox("newgame");
  await page.waitForFunction(() => document.getElementById("objective").value === "rider");
  assert.deepEqual(await formChoices(), {
    ...kept, mode: "ai", objective: "rider", terrain: "", draft: false, clicksetup: false, note: "Rules: Dark Rider (rider).",
  });
  assert.equal(await page.locator("#draft").isDisabled(), true);

  // Values no longer valid: the defaults, and no error.
  const errors = consoleErrors.length;
  const rulesDefault = { objective: "duke", terrain: "", draft: false, note: "Rules: the standard game." };
  // Rules the engine refuses, one field at a time: the others are kept.
  for (const rules of ["coup+volcano", "rider+draft", "", 7]) {
    await reloadWith("duke-page-new-game", stored(rules, { clickSetup: true }));
    assert.deepEqual(await formChoices(), { ...kept, ...rulesDefault }, `rules ${JSON.stringify(rules)}`);
  }
  await reloadWith("duke-page-new-game", stored("coup", { mode: "three", aiSide: "blue", clickSetup: "yes" }));
  assert.deepEqual(await formChoices(), { ...DEFAULT_CHOICES, objective: "coup", level: "2", note: "Rules: Counting Coup (coup)." });
  for (const bad of ["{not json", "null", "[1,2]", '"coup"', JSON.stringify({ version: 2, mode: "two", rules: "coup" })]) {
    await reloadWith("duke-page-new-game", bad);
    assert.deepEqual(await formChoices(), { ...DEFAULT_CHOICES, level: "2" }, `stored ${bad}`);
  }
  // A level out of range (Settings' key): the engine's default level.
  await reloadWith("duke-page-settings", JSON.stringify({ level: 99 }));
  assert.equal(await page.inputValue("#level"), "3");
  await reloadWith("duke-page-settings", "{not json");
  assert.deepEqual(await formChoices(), DEFAULT_CHOICES);
  assert.equal(await phase(), "play");
  assert.deepEqual(consoleErrors.slice(errors), []);
  await assertNoCode();
  await page.evaluate(() => localStorage.clear());
});

test("no console errors on the way", async () => {
  assert.deepEqual(consoleErrors, []);
});
