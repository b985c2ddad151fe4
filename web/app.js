// The page: a client of the duke-engine package like any user's page. It
// draws and asks; every target, danger, attacker, legality, name and result
// comes from the engine.
import {
  Game,
  defaultLevel,
  hintLevel,
  markNames,
  markSvg,
  maxRecordLength,
  parseSquare,
  scoreText,
  squareName,
  tileSvg as engineTileSvg,
  troopLetters,
  troopName,
  troopWithArticle,
} from "duke-engine";

const $ = (id) => document.getElementById(id);
const FILES = ["A", "B", "C", "D", "E", "F"];
// The marks' words and names, from the engine.
const MARKS = markNames().map(([word]) => word);
const MARK_NAMES = Object.fromEntries(markNames());
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const other = (side) => (side === "light" ? "dark" : "light");
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
// The rules in a player's words ("Counting Coup, the Mountain"), from the
// engine's rules text. Only names: what a rule allows is the engine's.
const RULE_NAMES = { coup: "Counting Coup", flag: "Other Objective", rider: "Dark Rider", mountain: "the Mountain", fort: "the Fort", draft: "the draft" };
const ruleWords = (text) => (text && text !== "standard" ? text.split("+") : []);
const hasRule = (text, word) => ruleWords(text).includes(word);
function rulesName(text) {
  const w = ruleWords(text);
  if (!w.length) return "The standard game";
  const names = w.map((x) => RULE_NAMES[x] ?? x);
  if (!["coup", "flag", "rider"].includes(w[0])) names.unshift("The Duke");
  return cap(names.join(", "));
}
// One rounding for every chance the page shows (the levy panel and the bags).
const percent = (p) => `${Math.round(p * 100)}%`;

// ---- settings, kept in this browser ----------------------------------------
// The AI's level (the engine's default until changed), the board's
// orientation, animation (off by default when the system asks for reduced
// motion) and sound (off by default).
const SETTINGS_KEY = "duke-page-settings";
// The levels the AI plays: 1 to the strongest, the hint's level.
const LEVELS = Array.from({ length: hintLevel() }, (_, i) => i + 1);
const ORIENTATIONS = ["mine", "light", "dark", "mover"];
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
function readSettings() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}") ?? {};
  } catch {
    stored = {};
  }
  return {
    level: LEVELS.includes(stored.level) ? stored.level : defaultLevel(),
    orientation: ORIENTATIONS.includes(stored.orientation) ? stored.orientation : "mine",
    // null: not chosen, follows prefers-reduced-motion.
    animate: typeof stored.animate === "boolean" ? stored.animate : null,
    sound: stored.sound === true,
  };
}
const settings = readSettings();
function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage refused (a private window): the settings last for this visit.
  }
}
const animationOn = () => settings.animate ?? !reducedMotion.matches;

// ---- the new game's choices, kept in this browser ----------------------------
// The opponent, the AI's side, the rules and setting up by clicking, as the
// last new game was started: written when a game starts, offered again by
// New game when the page loads and when the panel opens. One versioned
// object; a value no longer valid (another version, a side or mode the form
// does not offer, rules the engine refuses or the form cannot show, text
// that is not JSON) is skipped and the form's default offered.
const CHOICES_KEY = "duke-page-new-game";
const CHOICES_VERSION = 1;
function storedChoices(raw) {
  let stored = null;
  try {
    stored = JSON.parse(raw ?? "null");
  } catch {
    return {};
  }
  if (typeof stored !== "object" || stored === null || stored.version !== CHOICES_VERSION) return {};
  return {
    mode: ["ai", "two"].includes(stored.mode) ? stored.mode : undefined,
    aiSide: ["light", "dark"].includes(stored.aiSide) ? stored.aiSide : undefined,
    rules: engineRules(stored.rules),
    clickSetup: typeof stored.clickSetup === "boolean" ? stored.clickSetup : undefined,
  };
}
// A rules text as the engine reads and writes it ("mountain+coup" is
// "coup+mountain"), or undefined for a text it refuses: the engine's parser
// decides, through a game at its first setup decision, freed at once.
function engineRules(text) {
  if (typeof text !== "string") return undefined;
  let probe;
  try {
    probe = new Game({ rules: text, seed: 0, setup: true });
    return probe.rules;
  } catch {
    return undefined;
  } finally {
    probe?.free();
  }
}

// ---- state -------------------------------------------------------------
let game = new Game(seedNow());
let mode = "ai";
let clickSetup = false; // the player places the basic game's setup tile by tile
let aiSide = "dark";
let selected = null; // the square of the mover's tile chosen to act
let inspected = null; // a tile shown in the panel without acting on it
let panelKey = null; // the position the selection or inspection belongs to
let resigned = null; // the side that resigned
let replay = null; // { index, game, key } while an earlier position is shown
let busy = false; // the AI is thinking
let hinting = false; // the engine is looking for a hint
let hintMarks = [];
let hintKey = null; // the position a shown hint is about
let levyOpen = false;
let fromDark = false; // the board seen from Dark
let turned = false; // turned around by hand (T), on top of the setting
let cursor = null; // the board's one Tab stop
let movesCursor = null; // the move list's one Tab stop (an action count)
let resultShown = null; // the end the result card has shown (once per end)
let lastAiMillis = null;
let generation = 0; // a new game or a load makes earlier AI answers stale
const gameKey = () => `${game.record(true)}|${game.phase}|${game.pendingDraw ?? ""}|${game.redoLength}|${resigned ?? ""}`;
const viewKey = () => `${gameKey()}|${replay ? replay.index : "live"}`;

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

// ---- words ---------------------------------------------------------------
// An action in a player's words, from the position before it: "Footman
// B1→B2", "Footman B1→B2, takes Pikeman", "Longbowman C3 strikes Footman on
// C5", "Duke C1 commands Footman B1→B2", "levy: Knight on C2". Every name
// is the engine's.
function describe(before, action, setup = false) {
  const sq = squareName;
  const kind = action.kind;
  if (kind === "levy") return "levy";
  if (kind === "pick") return `draft: ${troopName(action.troop)}`;
  if (kind === "terrain") return `${action.terrain === "fort" ? "the Fort" : "the Mountain"} on ${sq(action.to)}`;
  if (kind === "flag") return before.relocationPending ? `Flag relocated to ${sq(action.to)}` : `Flag on ${sq(action.to)}`;
  if (kind === "pass") return `Flag passed ${sq(action.from)}→${sq(action.to)}`;
  if (kind === "place") return `${setup ? "" : "levy: "}${troopName(action.troop)} on ${sq(action.to)}`;
  const victim = action.isCapture || kind === "strike" ? before.tileAt(action.to) : undefined;
  const takes = victim ? `, takes ${victim.troop}` : "";
  if (kind === "strike") {
    return `${before.tileAt(action.from).troop} ${sq(action.from)} strikes ${victim ? `${victim.troop} on ` : ""}${sq(action.to)}`;
  }
  const mover = before.tileAt(action.from);
  if (kind === "command") {
    return `${before.tileAt(action.actor).troop} ${sq(action.actor)} commands ${mover.troop} ${sq(action.from)}→${sq(action.to)}${takes}`;
  }
  return `${mover.troop} ${sq(action.from)}→${sq(action.to)}${takes}`;
}

// A target of the selected tile, in words: "E1 (Move)", "C3 (Strike,
// takes Pikeman)", "B2 (Command: Footman B1→B2)".
function targetWords(pos, t) {
  const a = t.action;
  const victim = a.isCapture || a.kind === "strike" ? pos.tileAt(a.to) : undefined;
  const takes = victim ? `, takes ${victim.troop}` : "";
  if (a.kind === "command") return `${squareName(a.to)} (${MARK_NAMES[t.mark]}: ${pos.tileAt(a.from).troop} ${squareName(a.from)}→${squareName(a.to)}${takes})`;
  return `${squareName(a.to)} (${MARK_NAMES[t.mark]}${takes})`;
}

// An error for a player: the engine's message, without its code.
const words = (e) => String(e && e.message ? e.message : e);

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

// ---- Expanded Play: terrain, Flags, points, the draft ---------------------------
// Drawn by the page (the package draws tiles and marks); where they stand,
// and every decision about them, is the engine's.
const TERRAIN_SVG = {
  mountain: `<svg class="terrain" viewBox="0 0 100 100" aria-hidden="true"><rect width="100" height="100" fill="#b9b4a8"/><path d="M8 86 L38 30 L52 52 L64 38 L92 86 Z" fill="#6b655a" stroke="#3d3a33" stroke-width="3"/><path d="M38 30 L30 45 L38 42 L46 46 Z M64 38 L58 49 L65 47 L71 50 Z" fill="#f6f5f4"/></svg>`,
  fort: `<svg class="terrain" viewBox="0 0 100 100" aria-hidden="true"><path d="M18 84 V34 H28 V24 H38 V34 H46 V24 H54 V34 H62 V24 H72 V34 H82 V84 Z" fill="#a89f8c" stroke="#4a4437" stroke-width="3"/><path d="M42 84 V62 A8 8 0 0 1 58 62 V84 Z" fill="#4a4437"/></svg>`,
};
function flagSvg(side, cls) {
  const fill = side === "light" ? "#f4e6c8" : "#3a3a46";
  return `<svg class="flag ${cls}" viewBox="0 0 40 40" aria-hidden="true"><title>${cap(side)}'s Flag</title><rect x="7" y="4" width="3.5" height="33" fill="#2b2118"/><path d="M10.5 5 L35 13 L10.5 21 Z" fill="${fill}" stroke="#2b2118" stroke-width="2.2" stroke-linejoin="round"/></svg>`;
}
// The engine's relocations of the Flag (while one is pending) and the
// passes of the Flag held on a square.
function relocations() {
  return game.position.relocationPending ? game.legalActions().filter((a) => a.kind === "flag") : [];
}
function passes(from) {
  if (game.rules === "standard" || game.phase !== "play") return [];
  return game.legalActions().filter((a) => a.kind === "pass" && a.from === from);
}

// Counting Coup's points, beside the bags.
function renderPoints(g) {
  const el = $("points");
  const pos = g.position;
  el.hidden = !hasRule(pos.rules, "coup");
  if (el.hidden) return;
  el.textContent = `Points: Light ${pos.score("light")}, Dark ${pos.score("dark")} (3 win)`;
}

// The draft: each side's picks so far (read back from the record) and, on a
// player's pick, the kinds the engine offers.
let picksCache = { key: null, picks: null };
function draftPicks() {
  const record = game.record(true);
  if (picksCache.key === record) return picksCache.picks;
  const picks = { light: [], dark: [] };
  if (hasRule(game.rules, "draft")) {
    const g = Game.fromRecord(record);
    while (g.undo());
    for (;;) {
      const side = g.sideToDecide;
      const a = g.redo();
      if (!a) break;
      if (a.kind === "pick") picks[side].push(a.troop);
    }
  }
  picksCache = { key: record, picks };
  return picks;
}
function renderDraft() {
  const panel = $("draft-panel");
  const g = game;
  if (replay || g.phase !== "draft") {
    panel.hidden = true;
    panel.dukeHtml = "";
    return;
  }
  panel.hidden = false;
  const picks = draftPicks();
  const side = g.sideToDecide;
  const mine = humanTurn();
  const list = (s) => (picks[s].length ? picks[s].map((t) => troopName(t)).join(", ") : "none yet");
  const html = `<h3>The draft: ${cap(side)} picks${mine ? "" : " (the AI)"}</h3>` +
    `<p>Light's picks: ${list("light")}.<br>Dark's picks: ${list("dark")}.</p>` +
    `<p class="note">A pick puts all your tiles of that kind in your bag and takes the opponent's out of the game.</p>` +
    `<div class="chances picks">${g.legalActions()
      .filter((a) => a.kind === "pick")
      .map((a) => `<button class="pick" data-action="${a}" ${mine ? "" : "disabled"} title="Pick ${troopName(a.troop)}">${tileSvg({ letter: a.troop, side, face: "starting" })}<span>${troopName(a.troop)}</span></button>`)
      .join("")}</div>`;
  if (panel.dukeHtml === html) return;
  panel.innerHTML = html;
  panel.dukeHtml = html;
  for (const b of panel.querySelectorAll("button.pick")) b.addEventListener("click", () => playAction(b.dataset.action));
}

// ---- the board: one Tab stop, arrow keys inside (a roving tabindex) --------
const squares = new Map(); // index -> button
function buildBoard() {
  const board = $("board");
  const hadFocus = board.contains(document.activeElement);
  board.textContent = "";
  squares.clear();
  const ranks = fromDark ? [1, 2, 3, 4, 5, 6] : [6, 5, 4, 3, 2, 1];
  const files = fromDark ? [...FILES].reverse() : FILES;
  for (const r of ranks) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    const c = document.createElement("div");
    c.className = "coord";
    c.setAttribute("role", "rowheader");
    c.textContent = r;
    row.append(c);
    for (const f of files) {
      const idx = parseSquare(`${f}${r}`);
      const b = document.createElement("button");
      b.className = "sq";
      b.setAttribute("role", "gridcell");
      b.tabIndex = -1;
      b.dataset.square = squareName(idx);
      b.addEventListener("click", () => clickSquare(idx));
      b.addEventListener("keydown", (e) => arrowKey(e, idx));
      b.addEventListener("focus", () => setCursor(idx));
      row.append(b);
      squares.set(idx, b);
    }
    board.append(row);
  }
  const fr = document.createElement("div");
  fr.className = "files";
  fr.setAttribute("aria-hidden", "true");
  fr.innerHTML = `${files.map((f) => `<div class="coord">${f}</div>`).join("")}`;
  board.append(document.createElement("div"), fr);
  if (cursor !== null) setCursor(cursor);
  if (hadFocus && cursor !== null) squares.get(cursor).focus();
}

function setCursor(idx) {
  if (cursor !== null && cursor !== idx) squares.get(cursor)?.setAttribute("tabindex", "-1");
  cursor = idx;
  squares.get(idx)?.setAttribute("tabindex", "0");
}

function arrowKey(e, idx) {
  const name = squareName(idx);
  let f = FILES.indexOf(name[0]);
  let r = Number(name[1]);
  const d = fromDark ? -1 : 1;
  if (e.key === "ArrowUp") r += d;
  else if (e.key === "ArrowDown") r -= d;
  else if (e.key === "ArrowLeft") f -= d;
  else if (e.key === "ArrowRight") f += d;
  else if (e.key === "Home") f = fromDark ? 5 : 0;
  else if (e.key === "End") f = fromDark ? 0 : 5;
  else return;
  e.preventDefault();
  e.stopPropagation();
  if (f >= 0 && f < 6 && r >= 1 && r <= 6) {
    const to = parseSquare(`${FILES[f]}${r}`);
    setCursor(to);
    squares.get(to).focus();
  }
}

// Where the board's Tab stop starts: the selected tile, else the mover's Duke.
function defaultCursor(pos) {
  return selected ?? pos.duke(pos.sideToMove) ?? parseSquare(fromDark ? "F1" : "A6");
}

function humanTurn() {
  return !busy && !replay && !resigned && game.phase !== "over" && (mode === "two" || game.sideToDecide !== aiSide);
}

// The board's orientation: the setting, turned around by hand on top.
function wantFromDark() {
  let dark;
  if (settings.orientation === "light") dark = false;
  else if (settings.orientation === "dark") dark = true;
  else if (settings.orientation === "mover") dark = game.phase !== "over" && game.sideToDecide === "dark";
  else dark = mode === "ai" && aiSide === "light";
  return dark !== turned;
}

function render() {
  if (hintKey !== null && hintKey !== gameKey()) clearHint();
  if (replay && replay.key !== gameKey()) replay = viewAt(replay.index);
  // A selection or an inspected tile belongs to one position: any change
  // (an action, the AI's reply, undo, a load, a step in the move list)
  // clears it, so the tile's panel never shows a tile that is gone.
  if (panelKey !== null && panelKey !== viewKey()) {
    selected = null;
    inspected = null;
    panelKey = null;
    $("chooser").hidden = true;
  }
  const g = view();
  const pos = g.position;
  const phase = g.phase;
  const mover = g.sideToDecide;
  if (wantFromDark() !== fromDark) {
    fromDark = !fromDark;
    buildBoard();
  }
  document.body.dataset.fromDark = String(fromDark);
  document.body.dataset.phase = replay ? "view" : resigned ? "resigned" : phase;
  document.body.dataset.turn = String(pos.turn);
  document.body.dataset.busy = String(busy);

  // Targets of the selected tile, by mark; placements in setup and levy.
  const classes = new Map();
  const badges = new Map();
  const add = (sq, cls, badge) => {
    classes.set(sq, [...(classes.get(sq) ?? []), cls]);
    if (badge) badges.set(sq, badge);
  };
  if (!replay && (phase === "setup" || phase === "levy" || phase === "flags") && humanTurn()) {
    for (const a of g.legalActions()) if (a.to !== undefined) add(a.to, "t-place");
    if (phase === "levy") for (const sq of guardLeavingSquares()) add(sq, "guard-leave", "⚠");
  }
  // A relocation of the Flag, while one is pending: its squares.
  if (!replay && phase === "play" && pos.relocationPending && selected === null && humanTurn()) {
    for (const a of relocations()) add(a.to, "t-relocate", "⚑");
  }
  if (selected !== null && !replay) {
    for (const t of pos.targets(selected)) add(t.to, `t-${t.mark}`);
    for (const a of passes(selected)) add(a.to, "t-pass", "⚑");
    const tile = pos.tileAt(selected);
    if (tile && tile.troop === "Duke" && tile.side === pos.sideToMove) {
      for (const d of pos.dukeDangers()) add(d.square, "danger", "⚠");
    }
    add(selected, "selected");
  }
  if (inspected !== null) add(inspected, "inspected");
  // The last action of each side, walking back from the side to move: a
  // relocation of the Flag (Counting Coup) keeps the turn, so it and the
  // action after it are the same side's.
  const turns = g.turns();
  let next = pos.sideToMove;
  const marked = new Set();
  for (let i = turns.length - 1; i >= Math.max(0, turns.length - 4) && marked.size < 2; i--) {
    const a = turns[i];
    const side = a.kind === "flag" ? next : other(next);
    next = side;
    if (marked.has(side)) continue;
    marked.add(side);
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

  // Expanded Play: the terrain, the Flags, the frozen Pikemen.
  const rules = pos.rules;
  const terrain = new Map();
  const flagsAt = new Map();
  if (rules !== "standard") {
    if (pos.mountain !== undefined) terrain.set(pos.mountain, "mountain");
    if (pos.fort !== undefined) terrain.set(pos.fort, "fort");
    for (const side of ["light", "dark"]) {
      const f = pos.flag(side);
      if (f !== undefined) flagsAt.set(f, [...(flagsAt.get(f) ?? []), side]);
    }
  }
  if (cursor === null || !squares.has(cursor)) setCursor(defaultCursor(pos));
  // Dark Rider's frozen Pikemen, as the engine says.
  const frozenAt = new Set(pos.frozen());
  for (const [idx, b] of squares) {
    const tile = pos.tileAt(idx);
    const frozen = frozenAt.has(idx);
    if (terrain.has(idx)) add(idx, terrain.get(idx));
    if (frozen) add(idx, "frozen");
    const cls = ["sq", ...(classes.get(idx) ?? [])].join(" ");
    if (b.className !== cls) b.className = cls;
    const flags = flagsAt.get(idx) ?? [];
    const extra = (terrain.has(idx) ? `, ${RULE_NAMES[terrain.get(idx)]}` : "") + flags.map((f) => `, ${cap(f)}'s Flag`).join("") + (frozen ? ", frozen" : "");
    const label = (tile ? `${squareName(idx)}: ${cap(tile.side)} ${tile.troop}${tile.face === "flipped" ? " (flipped)" : ""}` : `${squareName(idx)}: ${terrain.get(idx) === "mountain" ? "the Mountain" : "empty"}`) + extra;
    const own = classes.get(idx) ?? [];
    const marks = own.filter((c) => c.startsWith("t-") && c !== "t-pass" && c !== "t-relocate").map((c) => c.slice(2).replace("_", " "));
    const flagMark = own.includes("t-pass") ? ", pass the Flag here" : own.includes("t-relocate") ? ", relocate the Flag here" : "";
    b.setAttribute("aria-label", label + (marks.length ? `, target by ${marks.join(", ")}` : "") + flagMark + (badges.get(idx) === "⚠" ? ", the Duke may not go here" : ""));
    b.setAttribute("aria-selected", String(idx === selected));
    b.setAttribute("tabindex", idx === cursor ? "0" : "-1");
    // Written only when it changes, so a running animation is not cut short.
    const html = (terrain.has(idx) && !tile ? TERRAIN_SVG[terrain.get(idx)] : "") + (tile ? tileSvg(tileFace(tile, tile.face)) : "") +
      flags.map((f, i) => flagSvg(f, tile ? `flag-badge flag-${i}` : `flag-alone flag-${i}`)).join("") +
      (frozen ? `<span class="frozen-badge" title="Frozen on rank 6">❄</span>` : "") +
      (badges.has(idx) ? `<span class="badge">${badges.get(idx)}</span>` : "");
    if (b.dukeHtml !== html) {
      b.innerHTML = html;
      b.dukeHtml = html;
    }
  }

  // Status: whose turn, in words; no timings.
  let status;
  if (replay) status = `Viewing action ${replay.index} of ${game.actions().length} (read-only).`;
  else if (resigned) status = `${cap(resigned)} resigned: ${cap(other(resigned))} wins.`;
  else if (phase === "over") status = `Game over: ${cap(g.outcome.text)}.`;
  else if (hinting) status = `The engine looks for a hint (level ${hintLevel()})…`;
  else if (busy) status = `The AI (${cap(aiSide)}, level ${settings.level}) is thinking…`;
  else if (phase === "draft") status = `${cap(mover)} picks a kind for the draft${mover === aiSide && mode === "ai" ? "" : " (the panel beside the board)"}.`;
  else if (phase === "flags") status = `${cap(mover)} places a Flag: click a highlighted square.`;
  else if (phase === "setup") {
    const next = g.legalActions()[0];
    status = `${cap(mover)} sets up: place the ${next ? troopName(next.troop) : "tiles"} (a highlighted square).`;
  } else if (phase === "levy") status = `${cap(mover)} places the drawn ${troopName(g.pendingDraw)} next to the Duke.`;
  else if (pos.relocationPending) status = `${cap(mover)} may first relocate its Flag (a square marked ⚑), or play a turn to decline.`;
  else status = `${cap(mover)} to act${mode === "ai" ? (mover === aiSide ? " (the AI)" : " (you)") : ""}. Turn ${pos.turn + 1}.`;
  if (g.rules !== "standard") status = `${rulesName(g.rules)}. ${status}`;
  $("status").textContent = status;

  // Buttons.
  const human = humanTurn();
  const canLevy = human && phase === "play" && g.legalActions().some((a) => a.kind === "levy");
  $("levy").disabled = !canLevy;
  const why = human && phase === "play" && !canLevy ? levyReason() : "";
  $("levy-why").hidden = !why;
  $("levy-why").textContent = why;
  $("hint").disabled = !(human && (phase === "play" || phase === "levy"));
  $("undo").disabled = busy || !!replay || game.actions().length === 0 || (game.turns().length === 0 && game.phase === "play");
  $("redo").disabled = busy || !!replay || game.redoLength === 0;
  $("resign").disabled = !human || !(phase === "play" || phase === "levy");
  $("fixed").hidden = !(human && phase === "setup" && !hasRule(g.rules, "rider"));
  $("download").disabled = busy;

  renderViewing();
  renderMoves();
  renderLevy();
  renderInfo();
  renderBags(g);
  renderPoints(g);
  // Dark Rider has no bags.
  document.querySelector(".bags").hidden = hasRule(g.rules, "rider");
  renderDraft();
  // New game folds away once a game is under way.
  const setupCount = game.actions().length - game.turns().length;
  if (game.actions().length > setupCount || game.phase === "over") foldNewGame();
  maybeShowResult();
}

let folded = null; // the game New game was folded for
function foldNewGame() {
  if (folded === game) return;
  folded = game;
  $("newgame").open = false;
}

// ---- why Levy is disabled -------------------------------------------------
// The engine says why a draw is refused; the page maps its reason to words.
let levyWhy = { key: null, text: "" };
function levyReason() {
  const key = gameKey();
  if (levyWhy.key === key) return levyWhy.text;
  let text = "";
  try {
    // A copy draws, so the game itself is untouched.
    game.copy().draw();
  } catch (e) {
    const side = game.sideToDecide;
    if (e.code === "illegal.bag-empty") text = `No levy: ${cap(side)}'s bag is empty.`;
    else if (e.code === "illegal.occupied") {
      const duke = game.position.duke(side);
      text = `No levy: every square next to ${cap(side)}'s Duke${duke === undefined ? "" : ` on ${squareName(duke)}`} is taken.`;
    } else if (e.code === "illegal.no-duke") text = `No levy: ${cap(side)}'s Duke has been captured, and a levy goes next to the Duke.`;
    else text = `No levy now: ${words(e)}.`;
  }
  levyWhy = { key, text };
  return text;
}

// ---- the move list -----------------------------------------------------------
// Beside the board, in a player's words; a click (or Enter) on a move shows
// the position after it, read-only, until "Back to the game".
let movesCache = { key: null, entries: null };
function moveEntries() {
  const record = game.record(true);
  if (movesCache.key === record) return movesCache.entries;
  const actions = game.actions();
  const setupCount = actions.length - game.turns().length;
  const g = Game.fromRecord(record);
  while (g.undo());
  const entries = [];
  for (let i = 0; i < actions.length; i++) {
    const before = g.position;
    const a = g.redo();
    if (!a) break;
    if (i < setupCount) continue;
    entries.push({ index: i + 1, side: before.sideToMove, turn: i - setupCount + 1, text: describe(before, a) });
  }
  movesCache = { key: record, entries: { setupCount, list: entries } };
  return movesCache.entries;
}

let movesShown = null;
function renderMoves() {
  const { setupCount, list } = moveEntries();
  const total = game.actions().length;
  const at = replay ? replay.index : total;
  const indices = new Set([0, setupCount, ...list.map((e) => e.index)]);
  if (!indices.has(movesCursor)) movesCursor = null;
  const stop = movesCursor ?? at;
  const key = `${movesCache.key}|${at}|${stop}|${!!replay}`;
  if (movesShown !== key) {
    movesShown = key;
    const ol = $("moves");
    const hadFocus = ol.contains(document.activeElement);
    const item = (index, label, text, cls = "") =>
      `<li><button class="mv${cls}" data-index="${index}" tabindex="${index === stop ? 0 : -1}" aria-label="${esc(label)}"${index === at && replay ? ' aria-current="step"' : ""}>${text}</button></li>`;
    let html = item(0, "The start", "Start", " start");
    const startActions = `${setupCount} ${setupCount === 1 ? "action" : "actions"}`;
    if (setupCount > 0 && game.rules !== "standard") html += item(setupCount, `The start: ${startActions}`, `The start (${startActions})`, " setup");
    else if (setupCount > 0) html += item(setupCount, `Setup: ${setupCount} tiles`, `Setup (${setupCount} tiles)`, " setup");
    for (const e of list) {
      html += item(e.index, `Turn ${e.turn}, ${cap(e.side)}: ${e.text}`, `<span class="no">${e.turn}.</span><span class="dot ${e.side}" aria-hidden="true"></span>${esc(e.text)}`, e.index === total ? " latest" : "");
    }
    ol.innerHTML = html;
    // The position shown stays in sight: the latest move, or the one viewed.
    const current = ol.querySelector(`[data-index="${at}"]`);
    if (current) {
      const li = current.parentElement;
      if (li.offsetTop < ol.scrollTop || li.offsetTop + li.offsetHeight > ol.scrollTop + ol.clientHeight) {
        ol.scrollTop = li.offsetTop - ol.clientHeight / 2;
      }
    }
    if (hadFocus) ol.querySelector('[tabindex="0"]')?.focus();
  }
  $("rp-pos").textContent = replay ? `${replay.index} / ${total}` : "";
  $("rp-start").disabled = total === 0 || (replay && replay.index === 0);
  $("rp-back").disabled = total === 0 || (replay && replay.index === 0);
  $("rp-next").disabled = !replay;
  $("rp-end").disabled = !replay;
}

$("moves").addEventListener("click", (e) => {
  const b = e.target.closest(".mv");
  if (!b) return;
  movesCursor = Number(b.dataset.index);
  showView(movesCursor);
});
$("moves").addEventListener("keydown", (e) => {
  const b = e.target.closest(".mv");
  if (!b) return;
  const all = [...$("moves").querySelectorAll(".mv")];
  let i = all.indexOf(b);
  if (e.key === "ArrowUp" || e.key === "ArrowLeft") i--;
  else if (e.key === "ArrowDown" || e.key === "ArrowRight") i++;
  else if (e.key === "Home") i = 0;
  else if (e.key === "End") i = all.length - 1;
  else return;
  e.preventDefault();
  e.stopPropagation();
  i = Math.max(0, Math.min(all.length - 1, i));
  for (const x of all) x.tabIndex = -1;
  all[i].tabIndex = 0;
  all[i].focus();
  movesCursor = Number(all[i].dataset.index);
});

// The game after its first `index` actions, read from the live game's record.
function viewAt(index) {
  const g = Game.fromRecord(game.record(true));
  while (g.undo());
  for (let i = 0; i < index && g.redo(); i++);
  return { index, game: g, key: gameKey() };
}

function showView(index) {
  const total = game.actions().length;
  if (index >= total) return backToGame();
  replay = viewAt(Math.max(0, index));
  selected = null;
  inspected = null;
  levyOpen = false;
  $("chooser").hidden = true;
  render();
}

function backToGame() {
  const wasViewing = !!replay;
  replay = null;
  movesCursor = null;
  render();
  if (wasViewing) maybeAI();
}

function renderViewing() {
  const v = $("viewing");
  v.hidden = !replay;
  if (!replay) return;
  const { setupCount, list } = moveEntries();
  const i = replay.index;
  let text;
  if (i === 0) text = "The position before the first action";
  else if (i <= setupCount) text = i === setupCount ? "The position after the setup" : `The setup, ${i} of ${setupCount} tiles placed`;
  else {
    const e = list.find((x) => x.index === i);
    text = `After turn ${e.turn}, ${cap(e.side)}: ${e.text}`;
  }
  $("viewing-text").textContent = `${text} (read-only).`;
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
    el.innerHTML = `<h3>${cap(side)}'s bag: ${total} tile${total === 1 ? "" : "s"}</h3>` +
      (chances.length
        ? `<ul>${chances
            .map((c) => `<li title="${troopName(c.troop)}" aria-label="${troopName(c.troop)}: ${c.count}, ${percent(c.probability)} on the next draw"><b>${side === "light" ? c.troop : c.troop.toLowerCase()}</b>×${c.count} ${percent(c.probability)}</li>`)
            .join("")}</ul>`
        : "<p>empty</p>");
  }
}

// ---- the result card -------------------------------------------------------
// The winner once: the engine's sentence ("Dark wins: it captured the
// opposing Duke") is the card's title.
function maybeShowResult() {
  const over = game.phase === "over" || resigned;
  if (!over) {
    resultShown = null;
    return;
  }
  if (replay) return;
  const key = `${game.record(true)}|${resigned ?? ""}`;
  if (resultShown === key) return;
  resultShown = key;
  const title = resigned ? `${cap(other(resigned))} wins: ${cap(resigned)} resigned.` : `${cap(game.outcome.text)}.`;
  const turns = game.turns().length;
  $("result-title").textContent = title;
  $("result-turns").textContent = `${turns} turn${turns === 1 ? "" : "s"} played.`;
  $("result-rules").hidden = game.rules === "standard";
  $("result-rules").textContent = `Rules: ${rulesName(game.rules)}.`;
  $("result").hidden = false;
  $("result-new").focus();
  sound("end");
}

function closeResult() {
  if ($("result").hidden) return;
  $("result").hidden = true;
  const back = squares.get(cursor) ?? document.body;
  back.focus();
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

// ---- the tile's panel ------------------------------------------------------
// Shows the selected (or inspected) tile of the position on the board, the
// prompt when nothing is chosen, and nothing under the Levy panel or a hint.
const PROMPT = "<p>Click or press Enter on a tile to see its charts and targets.</p>";
function infoHtml(idx) {
  const g = view();
  const pos = g.position;
  const tile = pos.tileAt(idx);
  if (!tile) return null;
  const turnedFace = tile.face === "starting" ? "flipped" : "starting";
  let html = `<h3>${cap(tile.side)} ${tile.troop} on ${squareName(idx)} (${tile.face} face up)</h3><div class="charts">` +
    `<figure>${tileSvg(tileFace(tile, tile.face))}<figcaption>Its chart now</figcaption></figure>` +
    `<figure>${tileSvg(tileFace(tile, turnedFace))}<figcaption>After it acts (${turnedFace} face)</figcaption></figure></div>`;
  const targets = tile.side === pos.sideToMove ? pos.targets(idx) : [];
  const flagPasses = !replay && tile.side === pos.sideToMove ? passes(idx) : [];
  if (flagPasses.length) html += `<p>Flag pass (⚑): to the ${flagPasses.map((a) => `${pos.tileAt(a.to).troop} on ${squareName(a.to)}`).join(", ")}. Click a tile marked ⚑.</p>`;
  if (targets.length) {
    html += `<p>Targets: ${targets.map((t) => esc(targetWords(pos, t))).join(", ")}</p>`;
  } else if (tile.side === pos.sideToMove && g.phase === "play") {
    // The engine says why: a shield, a Guard, a hemmed Duke, a frozen Pikeman.
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
  return html;
}

function renderInfo() {
  const info = $("info");
  const shown = selected ?? inspected;
  let html = shown === null ? null : infoHtml(shown);
  if (html === null) html = $("levy-panel").hidden && $("hint-panel").hidden ? PROMPT : "";
  info.hidden = html === "";
  info.dataset.square = shown === null || html === PROMPT ? "" : squareName(shown);
  if (info.dukeHtml !== html) {
    info.innerHTML = html;
    info.dukeHtml = html;
  }
}

// A tile to look at without acting (the opponent's, or in a view); an
// empty square clears the panel.
function inspect(idx) {
  const tile = view().position.tileAt(idx);
  selected = null;
  inspected = tile ? idx : null;
  panelKey = inspected === null ? null : viewKey();
  render();
}

function say(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = `message ${kind}`;
}

function clearHint() {
  hintKey = null;
  hintMarks = [];
  $("hint-panel").hidden = true;
}

// ---- animation and sound -------------------------------------------------------
// After the board shows the new position, a tile slides from where it was,
// a captured tile fades, a tile that turned over flips. Only transforms and
// opacity are animated (nothing is written into the board), and the slide
// and the fade are copies in #fx that go away at the end: the page ends in
// the same DOM as without animation.
const SLIDE = 180;
const FLIP = 140;
let running = [];
let animationDone = Promise.resolve();
let animating = false;

function stopAnimations() {
  for (const a of running) a.cancel();
  running = [];
  $("fx").replaceChildren();
  animating = false;
}

function animateAction(before, played) {
  stopAnimations();
  if (!animationOn() || replay || ["pick", "flag", "pass", "terrain"].includes(played.kind)) return;
  const after = game.position;
  const fx = $("fx");
  const base = fx.getBoundingClientRect();
  const box = (idx) => {
    const r = squares.get(idx).getBoundingClientRect();
    return { x: r.left - base.left, y: r.top - base.top, w: r.width, h: r.height };
  };
  const ghost = (idx, tile) => {
    const b = box(idx);
    const d = document.createElement("div");
    d.className = "ghost";
    d.style.cssText = `left:${b.x}px;top:${b.y}px;width:${b.w}px;height:${b.h}px`;
    d.innerHTML = tileSvg(tileFace(tile, tile.face));
    fx.append(d);
    return d;
  };
  const svgAt = (idx) => squares.get(idx)?.querySelector("svg");
  const anims = [];
  const flipIn = (idx, delay) => {
    const el = svgAt(idx);
    if (!el) return;
    const total = delay + FLIP;
    const at = delay / total;
    anims.push(el.animate(
      delay
        ? [{ opacity: 0, offset: 0 }, { opacity: 0, transform: "scaleX(0)", offset: at }, { opacity: 1, transform: "scaleX(0)", offset: at }, { opacity: 1, transform: "scaleX(1)", offset: 1 }]
        : [{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }],
      { duration: total, easing: "ease-out" },
    ));
  };
  const flipped = (fromSq, toSq) => {
    const a = before.tileAt(fromSq);
    const b = after.tileAt(toSq);
    return a && b && a.face !== b.face;
  };
  const kind = played.kind;
  if (kind === "place") {
    const el = svgAt(played.to);
    if (el) anims.push(el.animate([{ opacity: 0, transform: "scale(0.6)" }, { opacity: 1, transform: "scale(1)" }], { duration: SLIDE, easing: "ease-out" }));
  } else {
    const victim = played.isCapture || kind === "strike" ? before.tileAt(played.to) : undefined;
    if (victim) {
      anims.push(ghost(played.to, victim).animate([{ opacity: 1 }, { opacity: 0 }], { duration: SLIDE + FLIP, easing: "ease-in", fill: "forwards" }));
    }
    if (kind === "strike") {
      if (flipped(played.from, played.from)) flipIn(played.from, 0);
    } else {
      const moving = before.tileAt(played.from);
      const a = box(played.from);
      const b = box(played.to);
      const there = `translate(${b.x - a.x}px, ${b.y - a.y}px)`;
      // Gone when it arrives, so the tile beneath can flip.
      anims.push(ghost(played.from, moving).animate(
        [{ transform: "translate(0, 0)" }, { transform: there, opacity: 1, offset: 0.99 }, { transform: there, opacity: 0 }],
        { duration: SLIDE, easing: "ease-in-out", fill: "forwards" },
      ));
      const el = svgAt(played.to);
      if (flipped(played.from, played.to)) flipIn(played.to, SLIDE);
      else if (el) anims.push(el.animate([{ opacity: 0 }, { opacity: 0, offset: 0.999 }, { opacity: 1 }], { duration: SLIDE }));
      // A command flips the commander, where it stands.
      if (kind === "command" && flipped(played.actor, played.actor)) flipIn(played.actor, SLIDE);
    }
  }
  if (!anims.length) return;
  running = anims;
  animating = true;
  animationDone = Promise.all(anims.map((a) => a.finished.catch(() => {}))).then(() => {
    if (running === anims) stopAnimations();
  });
}

let audio = null;
const sounds = []; // what was played, for the tests
// Generated tones (Web Audio), nothing to download; off unless chosen.
function sound(kind) {
  if (!settings.sound) return;
  const notes = {
    move: [[520, 0, 0.07]],
    capture: [[330, 0, 0.08], [196, 0.07, 0.14]],
    levy: [[440, 0, 0.06], [660, 0.07, 0.09]],
    illegal: [[150, 0, 0.12]],
    end: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.22]],
  }[kind];
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const t = audio.currentTime + 0.01;
    for (const [freq, at, dur] of notes) {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.type = "triangle";
      o.frequency.value = freq;
      g.gain.setValueAtTime(0.0001, t + at);
      g.gain.exponentialRampToValueAtTime(0.12, t + at + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, t + at + dur);
      o.connect(g).connect(audio.destination);
      o.start(t + at);
      o.stop(t + at + dur + 0.02);
    }
    sounds.push(kind);
  } catch {
    // No audio here: the game goes on in silence.
  }
}

// ---- actions -----------------------------------------------------------
// What the message line says after an action: a capture in full, else the
// action in the move list's words.
function announce(who, before, played, setup) {
  const mover = before.sideToMove;
  if (played.isCapture || played.kind === "strike") {
    const victim = before.tileAt(played.to);
    const actorSq = played.kind === "strike" ? played.actor : played.from;
    const actor = before.tileAt(actorSq);
    return [`Capture! ${cap(mover)}'s ${actor.troop} ${played.kind === "strike" ? "strikes" : "takes"} ${cap(victim.side)}'s ${victim.troop} on ${squareName(played.to)}.`, "capture"];
  }
  const at = played.to === undefined ? "" : squareName(played.to);
  if (played.kind === "pick") return [`${who} picks the ${troopName(played.troop)} in the draft.`, ""];
  if (played.kind === "flag") return [before.relocationPending ? `${who} relocates the Flag to ${at}.` : `${who} places a Flag on ${at}.`, ""];
  if (played.kind === "pass") return [`${who} passes the Flag from ${squareName(played.from)} to ${at}.`, ""];
  if (played.kind === "terrain") return [`${cap(describe(before, played))}.`, ""];
  if (played.kind === "place") {
    return [`${who} ${setup ? "places" : "levies"} ${troopWithArticle(played.troop)} on ${squareName(played.to)}.`, ""];
  }
  return [`${who} played ${describe(before, played)}.`, ""];
}

// After an action of either side: the new position, its words, its
// animation and its sound.
function acted(who, before, played, setup = false) {
  selected = null;
  inspected = null;
  levyOpen = false;
  $("chooser").hidden = true;
  const [text, kind] = announce(who, before, played, setup);
  say(text, kind);
  render();
  animateAction(before, played);
  sound(kind === "capture" ? "capture" : played.kind === "place" && !setup ? "levy" : "move");
}

// Why Expanded Play's rules refuse an action: the engine's reason (its
// code) with a lead in a player's words; its message names the squares.
const RULE_REASONS = {
  "illegal.mountain": "The Mountain",
  "illegal.terrain": "Terrain in the way",
  "illegal.fort-strike": "The Fort shelters its tile",
  "illegal.closed-flag": "A closed square",
  "illegal.own-flag": "Your own Flag",
  "illegal.frozen": "Frozen",
  "illegal.no-duke": "No Duke",
  "illegal.no-flag": "No Flag to pass",
  "illegal.pass-target": "No pass there",
  "illegal.no-relocation": "No relocation",
  "illegal.relocation-square": "No relocation there",
  "illegal.not-in-play": "Not now",
};
function reasonWords(e) {
  const text = words(e);
  const lead = e && RULE_REASONS[e.code];
  if (!lead) return text;
  // The message is "<action>: <reason>"; the reason alone, after the lead.
  const i = text.indexOf(": ");
  return `${lead}: ${i >= 0 ? text.slice(i + 2) : text}`;
}

function refused(e) {
  selected = null;
  inspected = null;
  panelKey = null;
  $("chooser").hidden = true;
  say(`${reasonWords(e)}.`, "error");
  sound("illegal");
  render();
}

function playAction(action) {
  const before = game.position;
  const who = cap(game.sideToDecide);
  const setup = game.phase !== "play" && game.phase !== "levy";
  let played;
  try {
    played = game.play(action);
  } catch (e) {
    refused(e);
    return;
  }
  acted(who, before, played, setup);
  maybeAI();
}

function clickSquare(idx) {
  setCursor(idx);
  if (replay || !humanTurn()) {
    inspect(idx);
    return;
  }
  const pos = game.position;
  const phase = game.phase;
  if (phase === "setup" || phase === "flags") {
    const options = game.legalActions().filter((a) => a.to === idx);
    if (options.length) playAction(options[0]);
    else refused(`You cannot place ${phase === "flags" ? "a Flag" : "a tile"} on ${squareName(idx)} now: choose a highlighted square`);
    return;
  }
  if (phase === "draft") {
    refused("Pick a kind for the draft in the panel beside the board first");
    return;
  }
  // A relocation of the Flag (a square marked ⚑), or a pass of a held Flag
  // to a tile marked ⚑.
  if (selected === null) {
    const r = relocations().find((a) => a.to === idx);
    if (r) return playAction(r);
  } else {
    const p = passes(selected).find((a) => a.to === idx);
    if (p) return playAction(p);
  }
  if (phase === "levy") {
    const before = game.position;
    const troop = game.pendingDraw;
    try {
      game.place(idx);
    } catch (e) {
      refused(e);
      return;
    }
    acted(cap(before.sideToMove), before, game.turns().at(-1) ?? { kind: "place", troop, to: idx, isCapture: false });
    maybeAI();
    return;
  }
  const tile = pos.tileAt(idx);
  if (tile && tile.side === pos.sideToMove) {
    selected = selected === idx ? null : idx;
    inspected = null;
    panelKey = selected === null ? null : viewKey();
    levyOpen = false;
    $("chooser").hidden = true;
    say("");
    render();
    return;
  }
  if (selected === null) {
    inspect(idx);
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
      b.textContent = `${describe(pos, o.action)} (${MARK_NAMES[o.mark]})`;
      b.dataset.action = String(o.action);
      b.addEventListener("click", () => playAction(o.action));
      ch.append(b);
    }
    ch.querySelector("button").focus();
  } else {
    // Not a target: the engine says why, nothing changes, and the
    // selection ends (as on a game site).
    playAction(`${squareName(selected)}-${squareName(idx)}`);
  }
}

async function maybeAI() {
  if (resigned || busy) return;
  const phase = game.phase;
  // Under Expanded Play without "Set up by clicking", the player's basic
  // setup is placed as the fixed one (Dark Rider's by the engine's
  // suggestion); the draft and the Flags stay the player's decisions.
  const ownSetup = () => game.phase === "setup" && (mode === "two" || game.sideToDecide !== aiSide);
  if (phase === "setup" && game.rules !== "standard" && !clickSetup && ownSetup()) {
    try {
      if (hasRule(game.rules, "rider")) while (ownSetup()) game.play(game.setupSuggestion());
      else game.setupFixed();
    } catch (e) {
      say(`${words(e)}.`, "error");
      render();
      return;
    }
    render();
    return maybeAI();
  }
  if (mode !== "ai") return;
  if (phase === "over" || game.sideToDecide !== aiSide) return;
  if (phase === "setup" && !hasRule(game.rules, "rider")) {
    game.setupFixed();
    render();
    maybeAI();
    return;
  }
  busy = true;
  render();
  const gen = generation;
  let reply;
  try {
    reply = await ask({ kind: "move", level: settings.level, seed: game.position.turn });
    // The player's own action finishes moving first.
    await animationDone;
  } catch (e) {
    if (gen !== generation) return;
    busy = false;
    say(`The AI failed: ${words(e)}`, "error");
    render();
    return;
  }
  if (gen !== generation) return;
  busy = false;
  lastAiMillis = reply.millis;
  document.body.dataset.aiMillis = String(Math.round(reply.millis));
  try {
    if (reply.levy) {
      const troop = game.draw();
      say(`The AI levies and draws ${troopWithArticle(troop)}.`);
      render();
      return maybeAI();
    }
    const before = game.position;
    const setup = game.phase !== "play";
    const played = game.play(reply.action);
    acted("The AI", before, played, setup);
  } catch (e) {
    say(`The AI failed: ${words(e)}`, "error");
    render();
  }
  maybeAI();
}

// ---- the levy panel ----------------------------------------------------
function renderLevy() {
  const panel = $("levy-panel");
  const g = game;
  if (replay || !(levyOpen || (g.phase === "levy" && humanTurn()))) {
    panel.hidden = true;
    panel.dukeHtml = "";
    return;
  }
  panel.hidden = false;
  const side = g.sideToDecide;
  if (g.phase === "levy") {
    const t = g.pendingDraw;
    const html = `<h3 tabindex="-1">Drawn: ${troopName(t)}</h3><div class="charts">${chartFigure(t, side, "starting", "Starting face (placed this way)")}${chartFigure(t, side, "flipped", "Flipped face")}</div>` +
      `<p>Click a highlighted square next to your Duke. On a square marked ⚠ your Duke is left in Guard (allowed, but the opponent may capture it).</p>`;
    if (panel.dukeHtml !== html) {
      panel.innerHTML = html;
      panel.dukeHtml = html;
    }
    return;
  }
  const chances = g.levyChances();
  const html = `<h3>Levy: the bag's chances</h3><div class="chances">${chances
    .map((c) => chartFigure(c.troop, side, "starting", `${troopName(c.troop)} ${percent(c.probability)}`))
    .join("")}</div><div class="buttons"><button id="draw">Draw a tile</button><button id="levy-cancel">Cancel</button></div>`;
  if (panel.dukeHtml === html) return;
  panel.innerHTML = html;
  panel.dukeHtml = html;
  $("draw").addEventListener("click", () => {
    try {
      const t = game.draw();
      levyOpen = false;
      say(`${cap(side)} draws: ${troopName(t)}.`);
    } catch (e) {
      say(`${words(e)}.`, "error");
    }
    render();
    $("levy-panel").querySelector("h3")?.focus();
  });
  $("levy-cancel").addEventListener("click", () => {
    levyOpen = false;
    render();
    $("levy").focus();
  });
}

// ---- controls ----------------------------------------------------------
function startOver() {
  generation++;
  busy = false;
  hinting = false;
  selected = null;
  inspected = null;
  panelKey = null;
  resigned = null;
  replay = null;
  levyOpen = false;
  folded = null;
  turned = false;
  cursor = null;
  movesCursor = null;
  stopAnimations();
  clearHint();
  closeResult();
  $("chooser").hidden = true;
}

// The rules text of the New game form: the objective, then the terrain,
// then the draft, joined by "+" (the engine reads and checks it).
function formRules(data) {
  const w = [];
  const objective = data.get("objective") ?? "duke";
  if (objective !== "duke") w.push(objective);
  if (data.get("terrain")) w.push(...data.get("terrain").split("+"));
  if (data.get("draft") === "on") w.push("draft");
  return w.length ? w.join("+") : "standard";
}
function showFormRules() {
  const rider = $("objective").value === "rider";
  // Dark Rider has no bags to draft into.
  $("draft").disabled = rider;
  if (rider) $("draft").checked = false;
  const rules = formRules(new FormData($("newgame-form")));
  $("rules-note").textContent = rules === "standard" ? "Rules: the standard game." : `Rules: ${rulesName(rules)} (${rules}).`;
}
for (const id of ["objective", "terrain", "draft"]) $(id).addEventListener("change", showFormRules);

// The stored choices into the form, each over the form's default. Only when
// the stored text changed since the form last took it (another tab may
// have started a game), so a choice made and not yet started stays.
let choicesTaken; // the stored text the form shows
function offerChoices() {
  let raw = null;
  try {
    raw = localStorage.getItem(CHOICES_KEY);
  } catch {
    // Storage refused (a private window): the form's defaults.
  }
  if (raw === choicesTaken) return;
  choicesTaken = raw;
  const choices = storedChoices(raw);
  const form = $("newgame-form");
  form.reset();
  if (choices.mode) form.querySelector(`input[name=mode][value=${choices.mode}]`).checked = true;
  if (choices.aiSide) $("aiside").value = choices.aiSide;
  if (choices.clickSetup !== undefined) $("clicksetup").checked = choices.clickSetup;
  if (choices.rules) {
    const w = ruleWords(choices.rules);
    const fields = new Map([
      ["objective", ["coup", "flag", "rider"].find((x) => w.includes(x)) ?? "duke"],
      ["terrain", ["mountain", "fort"].filter((x) => w.includes(x)).join("+")],
      ["draft", w.includes("draft") ? "on" : null],
    ]);
    // Rules the form cannot show (a word it does not offer) keep its default.
    if (formRules(fields) === choices.rules) {
      $("objective").value = fields.get("objective");
      $("terrain").value = fields.get("terrain");
      $("draft").checked = w.includes("draft");
    }
  }
  showFormRules();
}
function keepChoices(rules) {
  const text = JSON.stringify({ version: CHOICES_VERSION, mode, aiSide, rules, clickSetup });
  try {
    localStorage.setItem(CHOICES_KEY, text);
    choicesTaken = text;
  } catch {
    // Storage refused: the choices last for this visit.
  }
}
$("newgame").addEventListener("toggle", () => {
  if ($("newgame").open) offerChoices();
});

function newGame(form) {
  const data = new FormData(form);
  const rules = formRules(data);
  let fresh;
  try {
    fresh = rules === "standard" ? new Game(seedNow(), data.get("clicksetup") === "on") : new Game({ rules, seed: seedNow(), setup: true });
  } catch (e) {
    say(`No new game: ${words(e)}. The game on the page is unchanged.`, "error");
    return;
  }
  startOver();
  mode = data.get("mode");
  aiSide = data.get("aiside");
  clickSetup = data.get("clicksetup") === "on";
  game = fresh;
  keepChoices(fresh.rules);
  say(`New game${rules === "standard" ? "" : ` (${rulesName(rules)})`}: ${mode === "ai" ? `you against the AI at level ${settings.level}` : "two players"}.`);
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
    say(`${words(e)}.`, "error");
  }
  render();
  maybeAI();
});
$("levy").addEventListener("click", () => {
  levyOpen = true;
  selected = null;
  inspected = null;
  panelKey = null;
  render();
  $("draw")?.focus();
});
$("undo").addEventListener("click", () => {
  resigned = null;
  stopAnimations();
  let undone = game.undo();
  // Against the AI, take back to the player's own decision.
  while (undone && mode === "ai" && game.sideToDecide === aiSide && game.turns().length > 0 && game.undo());
  say(undone ? "Taken back." : "Nothing to take back.");
  render();
  // Taken back to the start with the AI to move first: it moves again.
  maybeAI();
});
$("redo").addEventListener("click", () => {
  stopAnimations();
  const a = game.redo();
  if (a && mode === "ai" && game.sideToDecide === aiSide && game.redoLength > 0) game.redo();
  say(a ? "Played again." : "Nothing to play again.");
  render();
  maybeAI();
});
$("resign").addEventListener("click", () => {
  resigned = mode === "ai" ? other(aiSide) : game.sideToDecide;
  say(`${cap(resigned)} resigns.`);
  render();
});
$("hint").addEventListener("click", async () => {
  // The hint takes the tile's panel's place (on a phone it stays in sight).
  selected = null;
  inspected = null;
  panelKey = null;
  levyOpen = false;
  busy = true;
  hinting = true;
  render();
  const gen = generation;
  const asked = gameKey();
  try {
    // The strongest level at its own time, whatever level the AI plays.
    const r = await ask({ kind: "hint", level: hintLevel() });
    if (gen !== generation) return;
    busy = false;
    hinting = false;
    if (asked !== gameKey()) return render();
    const h = r.hint;
    const pos = game.position;
    const inWords = (text) => (text === "levy" ? "a levy" : describe(pos, pos.parseAction(text)));
    hintMarks = [];
    if (h.best !== "levy") {
      const a = pos.parseAction(h.best);
      hintMarks = [a.from ?? a.actor, a.to].filter((s) => s !== undefined);
    }
    // One score, in Footmen for the side to act (the engine's words); the
    // alternatives are listed in the order a shallower search ranks them.
    const others = h.top.map(([t]) => t).filter((t) => t !== h.best);
    const panel = $("hint-panel");
    panel.innerHTML = `<h3>Hint</h3><p>The engine suggests <strong>${esc(inWords(h.best))}</strong>: ${scoreText(h.score)} (in Footmen, searched to depth ${h.depth}).</p>` +
      (others.length ? `<p>Also worth a look: ${others.map((t) => esc(inWords(t))).join(", ")}</p>` : "");
    panel.hidden = false;
    hintKey = gameKey();
  } catch (e) {
    if (gen !== generation) return;
    busy = false;
    hinting = false;
    say(`No hint: ${words(e)}`, "error");
  }
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
    say(`Could not load ${file.name}: it is ${mib(file.size)}, and a record is at most ${mib(maxRecordLength())}. The game on the page is unchanged.`, "error");
    render();
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch (err) {
    say(`Could not read ${file.name}: ${words(err)}. The game on the page is unchanged.`, "error");
    render();
    return;
  }
  let loaded;
  try {
    loaded = Game.fromRecord(text);
  } catch (err) {
    say(`Could not load ${file.name}: ${words(err)}. The game on the page is unchanged.`, "error");
    render();
    return;
  }
  startOver();
  game = loaded;
  const turns = loaded.turns().length;
  const head = `Loaded ${file.name}: ${turns} turn${turns === 1 ? "" : "s"}`;
  if (loaded.phase === "over") say(`${head}, a finished game.`);
  else if (mode === "ai") {
    // As a game site continues a position against the computer: you take
    // the side to move, the AI the other.
    const you = loaded.sideToDecide;
    aiSide = other(you);
    $("aiside").value = aiSide;
    say(`${head}. You play ${cap(you)}, to move, against the AI at level ${settings.level}.`);
  } else say(`${head}; two players from here.`);
  render();
  maybeAI();
});
$("rp-start").addEventListener("click", () => showView(0));
$("rp-back").addEventListener("click", () => showView((replay ? replay.index : game.actions().length) - 1));
$("rp-next").addEventListener("click", () => replay && showView(replay.index + 1));
$("rp-end").addEventListener("click", backToGame);
$("rp-exit").addEventListener("click", () => {
  backToGame();
  squares.get(cursor)?.focus();
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
  // In a view of an earlier position, arrows step through the game.
  if (replay && (e.key === "ArrowLeft" || e.key === "ArrowRight") && !e.target.closest(".board, .moves")) {
    e.preventDefault();
    $(e.key === "ArrowLeft" ? "rp-back" : "rp-next").click();
    return;
  }
  const key = { u: "undo", r: "redo", h: "hint", l: "levy", t: "turn-board" }[e.key.toLowerCase()];
  if (key && !$(key).disabled) {
    e.preventDefault();
    $(key).click();
  } else if (e.key === "Escape") {
    if (replay) return backToGame();
    selected = null;
    inspected = null;
    panelKey = null;
    levyOpen = false;
    $("chooser").hidden = true;
    render();
  }
});

$("turn-board").addEventListener("click", () => {
  turned = !turned;
  render();
});
$("result-close").addEventListener("click", closeResult);
$("result-new").addEventListener("click", () => {
  closeResult();
  newGame($("newgame-form"));
});
$("result-replay").addEventListener("click", () => {
  closeResult();
  showView(0);
  $("moves").querySelector('[tabindex="0"]')?.focus();
});
$("result-download").addEventListener("click", () => $("download").click());
// A click on the backdrop (not the card) closes it too.
$("result").addEventListener("click", (e) => {
  if (e.target === $("result")) closeResult();
});

// ---- settings ------------------------------------------------------------------
function showSettings() {
  $("level").innerHTML = LEVELS.map((l) => `<option value="${l}"${l === settings.level ? " selected" : ""}>${l}${l === defaultLevel() ? " (default)" : ""}</option>`).join("");
  $("orientation").value = settings.orientation;
  $("animate").checked = animationOn();
  $("motion-note").hidden = !reducedMotion.matches;
  $("sound").checked = settings.sound;
}
$("settings").addEventListener("submit", (e) => e.preventDefault());
$("level").addEventListener("change", (e) => {
  settings.level = Number(e.target.value);
  saveSettings();
  if (mode === "ai") say(`The AI plays at level ${settings.level} from its next action.`);
  render();
});
$("orientation").addEventListener("change", (e) => {
  settings.orientation = e.target.value;
  turned = false;
  saveSettings();
  render();
});
$("animate").addEventListener("change", (e) => {
  settings.animate = e.target.checked;
  saveSettings();
  if (!settings.animate) stopAnimations();
});
$("sound").addEventListener("change", (e) => {
  settings.sound = e.target.checked;
  saveSettings();
  // A first tone, in the click that turned it on (browsers start audio then).
  sound("move");
});
reducedMotion.addEventListener?.("change", showSettings);

// ---- the legend --------------------------------------------------------
function legend() {
  let html = troopLetters().split("").map((l) => `<div><strong>${l}</strong> ${troopName(l)}</div>`).join("");
  html += MARKS.map((m) => `<div>${markSvg(m, 20)} ${MARK_NAMES[m]}</div>`).join("");
  html += `<div><strong>+</strong>Name: Flipped tile (its flipped face is up)</div>`;
  html += `<div><span class="sq-key" style="background:#f3c0b8">⚠</span> Duke may not go (attacked)</div>`;
  html += `<div><span class="legend-pic">${TERRAIN_SVG.mountain}</span> The Mountain</div><div><span class="legend-pic">${TERRAIN_SVG.fort}</span> The Fort</div>`;
  html += `<div><span class="legend-pic">${flagSvg("light", "")}</span> A Flag (small: held by the tile)</div><div>⚑ Pass the Flag, or relocate it</div><div>❄ Frozen Pikeman (Dark Rider)</div>`;
  html += `<div><span style="box-shadow: inset 0 0 0 3px #e0a800">&nbsp;L&nbsp;</span> / <span style="box-shadow: inset 0 0 0 3px #7a3db8">&nbsp;D&nbsp;</span> Last action of Light / Dark</div>`;
  html += `<div>Keys: Tab reaches the board once, arrows move between squares, Enter selects; U undo, R redo, H hint, L levy, T turns the board, Esc clears, closes or goes back to the game</div>`;
  $("legend").innerHTML = html;
}

showSettings();
offerChoices();
buildBoard();
legend();
render();
say(`Ready: you play Light against the AI at level ${settings.level}. Change it under Settings.`);
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.ready = "true";
window.dukePage = {
  get game() {
    return game;
  },
  get view() {
    return view();
  },
  get lastAiMillis() {
    return lastAiMillis;
  },
  get animating() {
    return animating;
  },
  get settings() {
    return { ...settings };
  },
  sounds,
  squareName,
};
