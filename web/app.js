// The page: a client of the duke-engine package like any user's page. It
// draws and asks; every target, danger, attacker, legality and result comes
// from the engine.
import { Game, DukeError, hintLevel, markNames, markSvg, maxRecordLength, parseSquare, scoreText, squareName, tileSvg as engineTileSvg, troopLetters, troopName } from "duke-engine";

const $ = (id) => document.getElementById(id);
const FILES = ["A", "B", "C", "D", "E", "F"];
// The marks' words and names, from the engine.
const MARKS = markNames().map(([word]) => word);
const MARK_NAMES = Object.fromEntries(markNames());
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const other = (side) => (side === "light" ? "dark" : "light");

// ---- state -------------------------------------------------------------
let game = new Game(seedNow());
let mode = "ai";
let aiSide = "dark";
let aiLevel = 2;
let selected = null; // square index of the selected tile
let resigned = null; // the side that resigned
let replay = null; // { game } while replaying
let busy = false; // the AI is thinking
let hintMarks = [];
// The position a shown hint is about; any change hides the hint.
let hintKey = null;
const gameKey = () => `${game.record(true)}|${game.phase}|${game.pendingDraw ?? ""}|${game.redoLength}`;
let lastAiMillis = null;
let fromDark = false;
// Turn the board for the side to move (two players at one screen).
let autoTurn = false;
let hinting = false; // the engine is looking for a hint
// The game whose end the result card has shown (it shows once per end).
let resultShown = null;

function seedNow() {
  return Math.floor(Math.random() * 2 ** 31);
}
const view = () => (replay ? replay.game : game);

// ---- the AI worker -----------------------------------------------------
const worker = new Worker(new URL("./ai-worker.js", import.meta.url), { type: "module" });
const pending = new Map();
let nextId = 1;
const workerReady = new Promise((resolve) => {
  worker.addEventListener("message", function first(e) {
    if (e.data.ready) {
      worker.removeEventListener("message", first);
      resolve();
    }
  });
});
worker.addEventListener("message", (e) => {
  const p = pending.get(e.data.id);
  if (p) {
    pending.delete(e.data.id);
    e.data.ok ? p.resolve(e.data) : p.reject(new Error(e.data.error));
  }
});
async function ask(request) {
  await workerReady;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, ...request, record: game.record(true), drawn: game.pendingDraw ?? null });
  });
}

// ---- drawing -----------------------------------------------------------
// Tiles and marks are drawn by the engine (the book's and the renderer's
// pictures), so the page cannot draw a chart differently. A tile faces its
// owner: turned when its owner sits across from the viewer.
function tileSvg({ letter, side, face }) {
  return engineTileSvg(letter, side, face, fromDark);
}

function tileFace(tile, face) {
  return { letter: tile.letter, side: tile.side, face };
}

function chartFigure(letter, side, face, caption) {
  return `<figure>${tileSvg({ letter, side, face })}<figcaption>${caption}</figcaption></figure>`;
}

// ---- the board ---------------------------------------------------------
const squares = new Map(); // index -> button
function buildBoard() {
  const board = $("board");
  board.textContent = "";
  squares.clear();
  const ranks = fromDark ? [1, 2, 3, 4, 5, 6] : [6, 5, 4, 3, 2, 1];
  const files = fromDark ? [...FILES].reverse() : FILES;
  for (const r of ranks) {
    const c = document.createElement("div");
    c.className = "coord";
    c.textContent = r;
    board.append(c);
    for (const f of files) {
      const idx = parseSquare(`${f}${r}`);
      const b = document.createElement("button");
      b.className = "sq";
      b.dataset.square = squareName(idx);
      b.addEventListener("click", () => clickSquare(idx));
      b.addEventListener("keydown", (e) => arrowKey(e, idx));
      board.append(b);
      squares.set(idx, b);
    }
  }
  const fr = document.createElement("div");
  fr.className = "files";
  fr.innerHTML = `${files.map((f) => `<div class="coord">${f}</div>`).join("")}`;
  board.append(document.createElement("div"), fr);
}

function arrowKey(e, idx) {
  const name = squareName(idx);
  let f = FILES.indexOf(name[0]), r = Number(name[1]);
  const d = fromDark ? -1 : 1;
  if (e.key === "ArrowUp") r += d;
  else if (e.key === "ArrowDown") r -= d;
  else if (e.key === "ArrowLeft") f -= d;
  else if (e.key === "ArrowRight") f += d;
  else return;
  e.preventDefault();
  if (f >= 0 && f < 6 && r >= 1 && r <= 6) squares.get(parseSquare(`${FILES[f]}${r}`)).focus();
}

function humanTurn() {
  const phase = game.phase;
  return !busy && !replay && !resigned && phase !== "over" && (mode === "two" || game.sideToDecide !== aiSide);
}

function render() {
  if (hintKey !== null && hintKey !== gameKey()) {
    hintKey = null;
    hintMarks = [];
    $("hint-panel").hidden = true;
  }
  const g = view();
  const pos = g.position;
  const phase = g.phase;
  const mover = g.sideToDecide;
  if (autoTurn && mode === "two" && !replay && (mover === "dark") !== fromDark) {
    fromDark = mover === "dark";
    buildBoard();
  }
  document.body.dataset.fromDark = String(fromDark);
  document.body.dataset.phase = resigned ? "resigned" : phase;
  document.body.dataset.turn = String(pos.turn);
  document.body.dataset.busy = String(busy);

  // Targets of the selected tile, by mark; placements in setup and levy.
  const classes = new Map();
  const badges = new Map();
  const add = (sq, cls, badge) => {
    classes.set(sq, [...(classes.get(sq) ?? []), cls]);
    if (badge) badges.set(sq, badge);
  };
  if (!replay && (phase === "setup" || phase === "levy") && humanTurn()) {
    for (const a of g.legalActions()) add(a.to, "t-place");
    if (phase === "levy") for (const sq of guardLeavingSquares()) add(sq, "guard-leave", "⚠");
  }
  if (selected !== null && !replay) {
    for (const t of pos.targets(selected)) add(t.to, `t-${t.mark}`);
    const tile = pos.tileAt(selected);
    if (tile && tile.troop === "Duke" && tile.side === pos.sideToMove) {
      for (const d of pos.dukeDangers()) add(d.square, "danger", "⚠");
    }
    add(selected, "selected");
  }
  // The last action of each side.
  const turns = g.turns();
  const n = turns.length;
  for (let i = Math.max(0, n - 2); i < n; i++) {
    const a = turns[i];
    const side = i === n - 1 ? other(pos.sideToMove) : pos.sideToMove;
    for (const sq of [a.from, a.to]) if (sq !== undefined) add(sq, `last-${side}`);
  }
  // The Guard: the mover's Duke attacked, naming the attackers.
  const guard = $("guard");
  guard.hidden = true;
  if (phase === "play" || phase === "levy") {
    const duke = pos.duke(pos.sideToMove);
    if (duke !== undefined && pos.isDukeAttacked(pos.sideToMove)) {
      const by = pos.attackers(other(pos.sideToMove), duke);
      for (const sq of by) add(sq, "attacker");
      guard.hidden = false;
      guard.textContent = `Guard! ${cap(pos.sideToMove)}'s Duke on ${squareName(duke)} is attacked by ${by
        .map((sq) => `the ${pos.tileAt(sq).troop} on ${squareName(sq)}`)
        .join(", ")}.`;
    }
  }
  for (const sq of hintMarks) add(sq, "hinted");

  for (const [idx, b] of squares) {
    const tile = pos.tileAt(idx);
    b.className = ["sq", ...(classes.get(idx) ?? [])].join(" ");
    const label = tile ? `${squareName(idx)}: ${cap(tile.side)} ${tile.troop}${tile.face === "flipped" ? " (flipped)" : ""}` : `${squareName(idx)}: empty`;
    const marks = (classes.get(idx) ?? []).filter((c) => c.startsWith("t-")).map((c) => c.slice(2).replace("_", " "));
    b.setAttribute("aria-label", label + (marks.length ? `, target by ${marks.join(", ")}` : "") + (badges.has(idx) ? ", the Duke may not go here" : ""));
    b.innerHTML = (tile ? tileSvg(tileFace(tile, tile.face)) : "") + (badges.has(idx) ? `<span class="badge">${badges.get(idx)}</span>` : "");
  }

  // Status.
  let status;
  if (replay) status = `Replay: action ${replay.index} of ${replay.total}`;
  else if (resigned) status = `${cap(resigned)} resigned: ${cap(other(resigned))} wins.`;
  else if (phase === "over") {
    const o = g.outcome;
    status = `Game over: ${cap(o.text)}.`;
  } else if (hinting) status = `The engine looks for a hint (level ${hintLevel()}, about a second)…`;
  else if (busy) status = `The AI (${cap(aiSide)}, level ${aiLevel}) is thinking…`;
  else if (phase === "setup") {
    const next = g.legalActions()[0];
    status = `${cap(mover)} sets up: place the ${next ? troopName(next.troop) : "tiles"} (a highlighted square).`;
  } else if (phase === "levy") status = `${cap(mover)} places the drawn ${troopName(g.pendingDraw)} next to the Duke.`;
  else status = `${cap(mover)} to act${mode === "ai" ? (mover === aiSide ? " (the AI)" : " (you)") : ""}. Turn ${pos.turn + 1}.`;
  $("status").textContent = status;

  // Buttons.
  const human = humanTurn();
  $("levy").disabled = !(human && phase === "play" && g.legalActions().some((a) => a.kind === "levy"));
  $("hint").disabled = !(human && (phase === "play" || phase === "levy"));
  $("undo").disabled = busy || !!replay || game.actions().length === 0 || (game.turns().length === 0 && game.phase === "play");
  $("redo").disabled = busy || !!replay || game.redoLength === 0;
  $("resign").disabled = !human || phase === "setup";
  $("fixed").hidden = !(human && phase === "setup");
  $("download").disabled = busy;
  $("replay").disabled = busy || game.actions().length === 0;
  $("replay-bar").hidden = !replay;
  if (replay) $("rp-pos").textContent = `${replay.index} / ${replay.total}`;

  // The record so far.
  const list = $("moves");
  // Numbered as the record numbers them: the setup on its own line, then
  // turn 1, 2, ... (the status line's "Turn N" is the turn to be played).
  const actions = g.actions();
  const setupCount = actions.length - g.turns().length;
  const current = (i) => (replay && i === replay.index - 1 ? " current" : "");
  const setupLine = setupCount > 0
    ? `<li class="setup${replay && replay.index - 1 < setupCount && replay.index > 0 ? " current" : ""}">setup ${actions.slice(0, setupCount).join(" ")}</li>`
    : "";
  list.innerHTML = setupLine + actions.slice(setupCount)
    .map((a, i) => `<li value="${i + 1}" class="${current(i + setupCount).trim()}">${a}</li>`).join("");
  renderLevy();
  renderBags(g);
  // New game folds away once a game is under way.
  if (g.actions().length > setupCount || phase === "over") foldNewGame();
  maybeShowResult(g);
}

let folded = null; // the game New game was folded for
function foldNewGame() {
  if (folded === game) return;
  folded = game;
  $("newgame").open = false;
}

// ---- the bags ------------------------------------------------------------
// Both bags are public: what is left, and each troop's chance on that
// side's next draw, from the engine.
function renderBags(g) {
  for (const side of ["light", "dark"]) {
    const chances = g.bagChances(side);
    const total = chances.length ? chances[0].total : 0;
    const el = $(`bag-${side}`);
    el.classList.toggle("mover", g.phase !== "over" && g.sideToDecide === side);
    const pct = (c) => `${(c.probability * 100).toFixed(0)}%`;
    el.innerHTML = `<h3>${cap(side)}'s bag: ${total} tile${total === 1 ? "" : "s"}</h3>` +
      (chances.length
        ? `<ul>${chances
            .map((c) => `<li title="${troopName(c.troop)}" aria-label="${troopName(c.troop)}: ${c.count}, ${pct(c)} on the next draw"><b>${side === "light" ? c.troop : c.troop.toLowerCase()}</b>×${c.count} ${pct(c)}</li>`)
            .join("")}</ul>`
        : "<p>empty</p>");
  }
}

// ---- the result card -------------------------------------------------------
function maybeShowResult(g) {
  if (replay) return;
  const over = g.phase === "over" || resigned;
  if (!over) {
    resultShown = null;
    return;
  }
  const key = `${g.record(true)}|${resigned ?? ""}`;
  if (resultShown === key) return;
  resultShown = key;
  const o = g.outcome;
  let title, reason;
  if (resigned) {
    title = `${cap(other(resigned))} wins`;
    reason = `${cap(resigned)} resigned.`;
  } else {
    title = o.winner ? `${cap(o.winner)} wins` : "A draw";
    // The engine's words, as every face writes them.
    reason = `${cap(o.text)}.`;
  }
  const turns = g.turns().length;
  $("result-title").textContent = title;
  $("result-reason").textContent = reason;
  $("result-turns").textContent = `${turns} turn${turns === 1 ? "" : "s"} played.`;
  $("result").hidden = false;
  $("result-new").focus();
}

function closeResult() {
  if ($("result").hidden) return;
  $("result").hidden = true;
  (squares.values().next().value ?? document.body).focus();
}

// The placements after which the mover's Duke is in Guard (the levy is
// not restricted by the guard rule, so they are legal: the page warns).
// The engine plays each placement and says whether the Duke is attacked.
function guardLeavingSquares() {
  if (!game.pendingDraw) return [];
  const pos = game.position;
  const mover = pos.sideToMove;
  return game
    .legalActions()
    .filter((a) => pos.play(a).isDukeAttacked(mover))
    .map((a) => a.to);
}

function showInfo(idx) {
  const pos = view().position;
  const tile = pos.tileAt(idx);
  if (!tile) return;
  const turned = tile.face === "starting" ? "flipped" : "starting";
  let html = `<h3>${cap(tile.side)} ${tile.troop} on ${squareName(idx)} (${tile.face} face up)</h3><div class="charts">` +
    `<figure>${tileSvg(tileFace(tile, tile.face))}<figcaption>Its chart now</figcaption></figure>` +
    `<figure>${tileSvg(tileFace(tile, turned))}<figcaption>After it acts (${turned} face)</figcaption></figure></div>`;
  const targets = tile.side === pos.sideToMove ? pos.targets(idx) : [];
  if (targets.length) {
    html += `<p>Targets: ${targets.map((t) => `${t.action} (${MARK_NAMES[t.mark]})`).join(", ")}</p>`;
  } else if (tile.side === pos.sideToMove && !replay && view().phase === "play") {
    // The engine says why: a shield, a Guard, a hemmed Duke.
    const idle = pos.whyIdle(idx);
    html += `<p class="idle">No legal action: ${idle ? idle.because : "none from here now"}.</p>`;
  }
  if (tile.troop === "Duke" && tile.side === pos.sideToMove) {
    const dangers = pos.dukeDangers();
    if (dangers.length) {
      html += `<p><strong>The Duke may not enter (⚠):</strong></p><ul>${dangers
        .map((d) => `<li>${squareName(d.square)}: the ${d.by.map((s) => `${pos.tileAt(s).troop} on ${squareName(s)}`).join(" and the ")} would capture it there</li>`)
        .join("")}</ul>`;
    }
  }
  $("info").innerHTML = html;
}

const INFO = "<p>Click or press Enter on a tile to see its charts and targets.</p>";
function resetInfo() {
  $("info").innerHTML = INFO;
}

function say(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = `message ${kind}`;
}

// ---- actions -----------------------------------------------------------
function announce(before, played) {
  const mover = before.sideToMove;
  if (played.kind === "place") {
    const name = troopName(played.troop);
    return `${cap(mover)} places ${/^[AEIOU]/.test(name) ? "an" : "a"} ${name} on ${squareName(played.to)}.`;
  }
  // The engine marks a capture (and a strike always takes its target); the
  // board before the action names the tiles.
  if (played.isCapture || played.kind === "strike") {
    const victim = before.tileAt(played.to);
    const actorSq = played.kind === "strike" ? played.actor : played.from;
    const actor = before.tileAt(actorSq);
    return `Capture! ${cap(mover)}'s ${actor.troop} ${played.kind === "strike" ? "strikes" : "takes"} ${cap(victim.side)}'s ${victim.troop} on ${squareName(played.to)}.`;
  }
  return "";
}

function playAction(action) {
  const before = game.position;
  try {
    const played = game.play(action);
    selected = null;
    resetInfo();
    hintMarks = [];
    $("chooser").hidden = true;
    const text = announce(before, played);
    say(text || `${cap(before.sideToMove)} played ${played}.`, text.startsWith("Capture") ? "capture" : "");
    $("hint-panel").hidden = true;
  } catch (e) {
    say(`${e.message}${e.code ? ` [${e.code}]` : ""}`, "error");
  }
  render();
  maybeAI();
}

function clickSquare(idx) {
  if (replay) {
    showInfo(idx);
    return;
  }
  const pos = game.position;
  const phase = game.phase;
  if (!humanTurn()) {
    showInfo(idx);
    return;
  }
  if (phase === "setup") {
    const options = game.legalActions().filter((a) => a.to === idx);
    if (options.length) playAction(options[0]);
    else say(`You cannot place a tile on ${squareName(idx)} now: choose a highlighted square.`, "error");
    return;
  }
  if (phase === "levy") {
    try {
      const before = game.position;
      const troop = game.pendingDraw;
      game.place(idx);
      say(`${cap(before.sideToMove)} places the ${troopName(troop)} on ${squareName(idx)}.`);
      render();
      maybeAI();
    } catch (e) {
      say(`${e.message} [${e.code}]`, "error");
      render();
    }
    return;
  }
  const tile = pos.tileAt(idx);
  if (tile && tile.side === pos.sideToMove) {
    selected = selected === idx ? null : idx;
    $("chooser").hidden = true;
    if (selected !== null) showInfo(idx);
    say("");
    render();
    return;
  }
  if (selected === null) {
    if (tile) showInfo(idx);
    return;
  }
  const options = pos.targets(selected).filter((t) => t.to === idx);
  if (options.length === 1) playAction(options[0].action);
  else if (options.length > 1) {
    const ch = $("chooser");
    ch.hidden = false;
    ch.innerHTML = "Which action? ";
    for (const o of options) {
      const b = document.createElement("button");
      b.textContent = `${o.action} (${MARK_NAMES[o.mark]})`;
      b.addEventListener("click", () => playAction(o.action));
      ch.append(b);
    }
    ch.querySelector("button").focus();
  } else {
    // Not a target: the engine says why, and nothing changes.
    playAction(`${squareName(selected)}-${squareName(idx)}`);
  }
}

async function maybeAI() {
  if (mode !== "ai" || replay || resigned || busy) return;
  const phase = game.phase;
  if (phase === "over" || game.sideToDecide !== aiSide) return;
  if (phase === "setup") {
    game.setupFixed();
    render();
    maybeAI();
    return;
  }
  busy = true;
  render();
  try {
    const reply = await ask({ kind: "move", level: aiLevel, seed: game.position.turn });
    lastAiMillis = reply.millis;
    document.body.dataset.aiMillis = String(Math.round(reply.millis));
    busy = false;
    if (reply.levy) {
      const troop = game.draw();
      say(`The AI levies and draws a ${troopName(troop)}.`);
      render();
      return maybeAI();
    }
    const before = game.position;
    const played = game.play(reply.action);
    const text = announce(before, played);
    say(`${text || `The AI played ${played}.`} (${Math.round(reply.millis)} ms)`, text.startsWith("Capture") ? "capture" : "");
  } catch (e) {
    busy = false;
    say(`The AI failed: ${e.message}`, "error");
  }
  render();
  maybeAI();
}

// ---- the levy panel ----------------------------------------------------
let levyOpen = false;
function renderLevy() {
  const panel = $("levy-panel");
  const g = game;
  if (replay || !(levyOpen || g.phase === "levy")) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const side = g.sideToDecide;
  if (g.phase === "levy") {
    const t = g.pendingDraw;
    panel.innerHTML = `<h3>Drawn: ${troopName(t)}</h3><div class="charts">${chartFigure(t, side, "starting", "Starting face (placed this way)")}${chartFigure(t, side, "flipped", "Flipped face")}</div>` +
      `<p>Click a highlighted square next to your Duke. On a square marked ⚠ your Duke is left in Guard (allowed, but the opponent may capture it).</p>`;
    return;
  }
  const chances = g.levyChances();
  panel.innerHTML = `<h3>Levy: the bag's chances</h3><div class="chances">${chances
    .map((c) => chartFigure(c.troop, side, "starting", `${troopName(c.troop)} ${(c.probability * 100).toFixed(1)}%`))
    .join("")}</div><div class="buttons"><button id="draw">Draw a tile</button><button id="levy-cancel">Cancel</button></div>`;
  $("draw").addEventListener("click", () => {
    try {
      const t = game.draw();
      levyOpen = false;
      say(`${cap(side)} draws a ${troopName(t)}.`);
    } catch (e) {
      say(`${e.message} [${e.code}]`, "error");
    }
    render();
    $("levy-panel").querySelector("h3")?.focus?.();
  });
  $("levy-cancel").addEventListener("click", () => {
    levyOpen = false;
    render();
  });
}

// ---- controls ----------------------------------------------------------
function newGame(form) {
  const data = new FormData(form);
  mode = data.get("mode");
  aiLevel = Number(data.get("level"));
  aiSide = data.get("aiside");
  fromDark = mode === "ai" && aiSide === "light";
  game = new Game(seedNow(), data.get("clicksetup") === "on");
  selected = null;
  resigned = null;
  replay = null;
  hintMarks = [];
  levyOpen = false;
  folded = null;
  closeResult();
  $("hint-panel").hidden = true;
  resetInfo();
  say(`New game: ${mode === "ai" ? `you against the AI at level ${aiLevel}` : "two players"}.`);
  buildBoard();
  render();
  maybeAI();
}

$("newgame-form").addEventListener("submit", (e) => {
  e.preventDefault();
  newGame(e.target);
});
$("fixed").addEventListener("click", () => {
  try {
    game.setupFixed();
  } catch (e) {
    say(`${e.message} [${e.code}]`, "error");
  }
  render();
  maybeAI();
});
$("levy").addEventListener("click", () => {
  levyOpen = true;
  selected = null;
  render();
  $("draw")?.focus();
});
$("undo").addEventListener("click", () => {
  resigned = null;
  let undone = game.undo();
  // Against the AI, take back to the player's own decision.
  while (undone && mode === "ai" && game.sideToDecide === aiSide && game.turns().length > 0 && game.undo());
  selected = null;
  hintMarks = [];
  resetInfo();
  say(undone ? "Taken back." : "Nothing to take back.");
  render();
  // Taken back to the start with the AI to move first: it moves again.
  maybeAI();
});
$("redo").addEventListener("click", () => {
  const a = game.redo();
  if (a && mode === "ai" && game.sideToDecide === aiSide && game.redoLength > 0) game.redo();
  selected = null;
  resetInfo();
  say(a ? `Played again: ${a}.` : "Nothing to play again.");
  render();
  maybeAI();
});
$("resign").addEventListener("click", () => {
  resigned = mode === "ai" ? other(aiSide) : game.sideToDecide;
  say(`${cap(resigned)} resigns.`);
  render();
});
$("hint").addEventListener("click", async () => {
  busy = true;
  hinting = true;
  render();
  try {
    // The strongest level at its own time, whatever level the AI plays.
    const r = await ask({ kind: "hint", level: hintLevel() });
    const h = r.hint;
    hintMarks = [];
    if (h.best !== "levy") {
      const a = game.position.parseAction(h.best);
      hintMarks = [a.from ?? a.actor, a.to].filter((s) => s !== undefined);
    }
    $("hint-panel").hidden = false;
    // One score, in Footmen for the side to act (the engine's words); the
    // alternatives are listed in the order a shallower search ranks them.
    const others = h.top.map(([t]) => t).filter((t) => t !== h.best);
    $("hint-panel").innerHTML = `<h3>Hint</h3><p>The engine suggests <strong>${h.best === "levy" ? "a levy" : h.best}</strong>: ${scoreText(h.score)} (in Footmen, searched to depth ${h.depth}).</p>` +
      (others.length ? `<p>Also worth a look: ${others.join(", ")}</p>` : "");
    hintKey = gameKey();
  } catch (e) {
    say(`No hint: ${e.message}`, "error");
  }
  busy = false;
  hinting = false;
  render();
});
$("download").addEventListener("click", () => {
  const blob = new Blob([game.record(true)], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "duke-game.txt";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  say("Record downloaded (duke-game.txt).");
});
$("load").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  e.target.value = "";
  // A file past the engine's limit is refused unread.
  if (file.size > maxRecordLength()) {
    const mib = (n) => `${(n / 1048576).toFixed(n < 1048576 ? 2 : 1)} MiB`;
    say(`Could not load ${file.name}: it is ${mib(file.size)}, and a record is at most ${mib(maxRecordLength())} [record.size]. The game on the page is unchanged.`, "error");
    render();
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch (err) {
    say(`Could not read ${file.name}: ${err.message}. The game on the page is unchanged.`, "error");
    render();
    return;
  }
  try {
    const loaded = Game.fromRecord(text);
    game = loaded;
    selected = null;
    resigned = null;
    replay = null;
    hintMarks = [];
    mode = "two";
    resetInfo();
    document.querySelector('input[name="mode"][value="two"]').checked = true;
    say(`Loaded ${file.name}: ${loaded.turns().length} turns; two players from here.`);
  } catch (err) {
    say(`Could not load ${file.name}: ${err.message}${err.code ? ` [${err.code}]` : ""}. The game on the page is unchanged.`, "error");
  }
  render();
});
$("replay").addEventListener("click", () => {
  const g = Game.fromRecord(game.record(true));
  while (g.undo());
  replay = { game: g, index: 0, total: g.redoLength };
  selected = null;
  render();
});
const step = (fn) => () => {
  fn(replay);
  replay.index = replay.total - replay.game.redoLength;
  render();
};
$("rp-next").addEventListener("click", step((r) => r.game.redo()));
$("rp-back").addEventListener("click", step((r) => r.game.undo()));
$("rp-start").addEventListener("click", step((r) => { while (r.game.undo()); }));
$("rp-end").addEventListener("click", step((r) => { while (r.game.redo()); }));
$("rp-exit").addEventListener("click", () => {
  replay = null;
  render();
});
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
  if (!$("result").hidden) {
    if (e.key === "Escape") {
      e.preventDefault();
      closeResult();
    }
    return;
  }
  const key = { u: "undo", r: "redo", h: "hint", l: "levy", t: "turn-board" }[e.key.toLowerCase()];
  if (key && !$(key).disabled) {
    e.preventDefault();
    $(key).click();
  } else if (e.key === "Escape") {
    selected = null;
    levyOpen = false;
    $("chooser").hidden = true;
    render();
  }
});

$("turn-board").addEventListener("click", () => {
  fromDark = !fromDark;
  // A turn by hand ends turning for the side to move.
  autoTurn = false;
  $("auto-turn").checked = false;
  buildBoard();
  render();
});
$("auto-turn").addEventListener("change", (e) => {
  autoTurn = e.target.checked;
  render();
});
$("result-close").addEventListener("click", closeResult);
$("result-new").addEventListener("click", () => {
  closeResult();
  newGame($("newgame-form"));
});
$("result-replay").addEventListener("click", () => {
  closeResult();
  $("record-box").open = true;
  $("replay").click();
});
$("result-download").addEventListener("click", () => $("download").click());
// A click on the backdrop (not the card) closes it too.
$("result").addEventListener("click", (e) => {
  if (e.target === $("result")) closeResult();
});

// ---- the legend --------------------------------------------------------
function legend() {
  let html = troopLetters().split("").map((l) => `<div><strong>${l}</strong> ${troopName(l)}</div>`).join("");
  html += MARKS.map((m) => `<div>${markSvg(m, 20)} ${MARK_NAMES[m]}</div>`).join("");
  html += `<div><strong>+</strong>Name: Flipped tile (its flipped face is up)</div>`;
  html += `<div><span class="sq-key" style="background:#f3c0b8">⚠</span> Duke may not go (attacked)</div>`;
  html += `<div><span style="box-shadow: inset 0 0 0 3px #e0a800">&nbsp;L&nbsp;</span> / <span style="box-shadow: inset 0 0 0 3px #7a3db8">&nbsp;D&nbsp;</span> Last action of Light / Dark</div>`;
  html += `<div>Keys: arrows move, Enter selects, U undo, R redo, H hint, L levy, T turns the board, Esc clears or closes</div>`;
  $("legend").innerHTML = html;
}

buildBoard();
legend();
render();
say("Ready: you play Light against the AI at level 2. Change it under New game.");
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.ready = "true";
window.dukePage = { get game() { return game; }, get lastAiMillis() { return lastAiMillis; }, squareName };
