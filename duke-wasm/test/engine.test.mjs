// The duke-engine npm package in Node, imported as users import it (run.sh
// installs the tarball npm pack makes): perft
// of the shared vectors, the shared bad-input corpus with its codes, and a
// game that refuses an action and stays as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { Action, DukeError, Game, Position, actionSpace, allRules, defaultLevel, drawIndex, hintLevel, markNames, observationPlanes, parseSquare, squareName, scoreText, troopChart, troopLetters, troopWithArticle } from "duke-engine";

const data = (name) => readFileSync(fileURLToPath(new URL(`../../tests/data/${name}`, import.meta.url)), "utf8");

// CI keeps this small: each vector's entries up to this many leaves (always
// at least its shallowest entry, so no vector is skipped).
const MAX_NODES = Number(process.env.DUKE_PERFT_MAX_NODES ?? 200_000);

function perftVectors(text) {
  const out = [];
  let cur = null;
  for (const line of text.split("\n")) {
    const [key, ...rest] = line.trim().split(" ");
    if (key === "id") out.push((cur = { id: rest.join(" "), dpn: "", perft: [] }));
    else if (key === "dpn") cur.dpn = rest.join(" ");
    else if (key === "perft") cur.perft.push([Number(rest[0]), Number(rest[1])]);
  }
  return out;
}

for (const file of ["spec.perft", "positions.perft", "expanded.perft"]) {
  for (const v of perftVectors(data(file))) {
    test(`perft ${file} ${v.id}`, () => {
      assert.ok(v.perft.length > 0, "a vector with no perft line");
      const pos = new Position(v.dpn);
      assert.equal(pos.dpn(), v.dpn);
      const entries = [...v.perft].sort((a, b) => a[0] - b[0]);
      const run = entries.filter(([, n], i) => i === 0 || n <= MAX_NODES);
      for (const [depth, nodes] of run) {
        assert.equal(pos.perft(depth), nodes, `perft ${depth}`);
      }
    });
  }
}

function unescape(s) {
  return s.replace(/\\(.)/g, (_, c) => ({ n: "\n", t: "\t" })[c] ?? c);
}

function throwsCode(fn, code) {
  let caught;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught !== undefined, `expected a DukeError ${code}, nothing thrown`);
  assert.ok(caught instanceof DukeError, `not a DukeError: ${caught}`);
  assert.ok(caught instanceof Error);
  assert.equal(caught.name, "DukeError");
  assert.equal(caught.code, code, caught.message);
  assert.ok(caught.message.length > 0);
}

const corpus = data("bad_inputs.txt")
  .split("\n")
  .map((line, i) => [i + 1, line])
  .filter(([, line]) => line && !line.startsWith("#"));

test("a timed placement continues its game's decision to levy; a copy of the game starts afresh", () => {
  // Loss 2's position before its levy. Searches with a time limit and a
  // depth they reach long before it, so that their node counts are exact.
  const game = Game.fromPosition(new Position("1+f2f1/6/4+P1/s1m1+B1/+d2+r1D/1F4 l ACFGIKLMPPRSW/abcfgiklnpppw 0 16"), 1);
  const decision = game.bestDecision({ depth: 4, millis: 600000 });
  assert.equal(decision.levy, true);
  game.draw();
  const fresh = game.copy().bestDecision({ depth: 3, millis: 600000 });
  const continued = game.bestDecision({ depth: 3, millis: 600000 });
  assert.ok(continued.nodes < fresh.nodes, `${continued.nodes} nodes against ${fresh.nodes}`);
  // Kept only for that one placement; and depth limits alone never keep it.
  assert.equal(game.bestDecision({ depth: 3, millis: 600000 }).nodes, fresh.nodes);
  assert.equal(game.bestDecision({ depth: 3 }).nodes, fresh.nodes);
});

test("the bad-input corpus is read", () => assert.ok(corpus.length > 50));

for (const [n, line] of corpus) {
  const fields = line.split("\t");
  fields[fields.length - 1] = unescape(fields[fields.length - 1]);
  const [kind, code, ...args] = fields;
  test(`bad input line ${n}: ${kind} gives ${code}`, () => {
    if (kind === "dpn") {
      throwsCode(() => new Position(args[0]), code);
    } else if (kind === "square") {
      throwsCode(() => parseSquare(args[0]), code);
    } else if (kind === "action") {
      const pos = new Position(args[0]);
      const game = Game.fromPosition(pos, 1);
      const before = [game.record(true), game.position.dpn(), game.phase, game.legalActions().map(String)];
      // A whole levy goes through the call for a troop from outside.
      throwsCode(() => game.playLevy(args[1]), code);
      assert.deepEqual([game.record(true), game.position.dpn(), game.phase, game.legalActions().map(String)], before);
      throwsCode(() => pos.parseAction(args[1]), code);
      throwsCode(() => pos.play(args[1]), code);
      assert.equal(pos.dpn(), new Position(args[0]).dpn());
    } else if (kind === "play") {
      const game = Game.fromPosition(new Position(args[0]), 1);
      const before = [game.record(true), game.position.dpn(), game.phase, game.legalActions().map(String)];
      throwsCode(() => game.play(args[1]), code);
      assert.deepEqual([game.record(true), game.position.dpn(), game.phase, game.legalActions().map(String)], before);
    } else if (kind === "record") {
      throwsCode(() => Game.fromRecord(args[0]), code);
    } else if (kind === "rules") {
      // A game with those rules, ready or at its setup, and the action
      // space under them: each refuses the text with the engine's code.
      throwsCode(() => new Game({ rules: args[0] }), code);
      throwsCode(() => new Game({ rules: args[0], setup: true, seed: 1 }), code);
      throwsCode(() => actionSpace(args[0]), code);
    } else {
      assert.fail(`unknown kind ${kind}`);
    }
  });
}

test("a refused action leaves the game as it was", () => {
  const game = new Game(7);
  game.play("D1-D2");
  game.play(game.legalActions().find((a) => a.kind !== "levy"));
  const before = [game.record(true), game.position.dpn(), game.turns().map(String), game.redoLength];
  throwsCode(() => game.play("B1-B3"), "illegal.no-mark");
  throwsCode(() => game.play("nonsense"), "action.syntax");
  throwsCode(() => game.place("C3"), "phase");
  assert.deepEqual([game.record(true), game.position.dpn(), game.turns().map(String), game.redoLength], before);
  // The game goes on as before.
  assert.equal(String(game.play(game.legalActions()[0])).length > 0, true);
});

test("the README's JavaScript taste runs as written", () => {
  const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
  const code = readme.split("## A taste")[1].match(/```js\n([\s\S]*?)```/)[1];
  const file = fileURLToPath(new URL("./readme-taste.mjs", import.meta.url));
  writeFileSync(file, code);
  try {
    const out = execFileSync("node", [file], { encoding: "utf8" });
    assert.match(out, /wins|draw/);
    assert.match(out, /^duke-record 1$/m);
  } finally {
    rmSync(file, { force: true });
  }
});

test("a troop's name with its article is the engine's", () => {
  assert.equal(troopWithArticle("a"), "an Assassin");
  assert.equal(troopWithArticle("Pikeman"), "a Pikeman");
  assert.throws(() => troopWithArticle("q"), (e) => e instanceof DukeError && e.code === "name.troop");
});

test("the README's first steps", () => {
  const position = new Position("2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0");
  const actions = position.legalActions();
  assert.equal(actions.length, 18);
  assert.ok(actions.every((a) => a instanceof Action && typeof a.toString() === "string"));
  assert.ok(actions.map(String).includes("B1-B2"));
  assert.equal(position.perft(3), 4694);
  assert.equal(typeof position.perft(1), "number");
  assert.equal(squareName(parseSquare("c2")), "C2");
});

test("targets carry their marks and the chart data", () => {
  const pos = Position.standard();
  const targets = pos.targets("B1");
  assert.ok(targets.length > 0);
  for (const t of targets) {
    assert.ok(pos.isLegal(t.action));
    assert.equal(t.action.to, t.to);
    assert.ok(["move", "jump", "slide", "jump_slide", "strike", "command"].includes(t.mark));
  }
  const tile = pos.tileAt("C1");
  assert.equal(tile.troop, "Duke");
  assert.deepEqual(tile.chart(), troopChart("D", "starting"));
  assert.deepEqual(tile.flipsTo(), troopChart("Duke", "flipped"));
  throwsCode(() => pos.tileAt(36), "value");
});

test("the levy: draw, chances and place, undo and redo", () => {
  const game = new Game(3);
  const chances = game.levyChances();
  assert.ok(Math.abs(chances.reduce((s, c) => s + c.probability, 0) - 1) < 1e-9);
  const troop = game.draw();
  assert.equal(game.phase, "levy");
  assert.equal(game.pendingDraw, troop);
  const place = game.legalActions()[0];
  assert.equal(place.troop, troop);
  game.place(place.to);
  assert.equal(game.phase, "play");
  assert.equal(game.position.tileAt(place.to).letter, troop);
  assert.equal(game.undo(), true);
  assert.equal(String(game.redo()), String(place));
});

test("a record read back gives the same game", () => {
  const game = new Game(11);
  for (let i = 0; i < 12 && game.phase === "play"; i++) game.play(game.legalActions()[i % game.legalActions().length]);
  const again = Game.fromRecord(game.record(true));
  assert.equal(again.position.dpn(), game.position.dpn());
  assert.deepEqual(again.turns().map(String), game.turns().map(String));
});

test("the AI: levels, limits, hints, with the time limit working here", () => {
  const game = new Game(5);
  const a = game.bestAction({ level: 1, seed: 2 });
  assert.ok(game.isLegal(a));
  const d = game.bestDecision({ depth: 2 });
  assert.equal(d.depth, 2);
  assert.ok(game.isLegal(d.action) && d.levy === (d.action.kind === "levy"));
  // With no options: the default level, the same in every face.
  assert.equal(defaultLevel(), 3);
  assert.equal(String(new Game(5).bestAction()), String(new Game(5).bestAction({ level: defaultLevel() })));
  // At the start, the levy is a decision of its own, never "nothing".
  const start = new Game(3).bestAction({ depth: 2 });
  assert.ok(start !== undefined);
  for (const bad of [0, 6, 99, -1, 2.5]) {
    assert.throws(() => game.bestAction({ level: bad }), (e) => e.name === "DukeError");
  }
  throwsCode(() => game.bestAction({ level: 6 }), "level.range");
  // The engine's players, by name.
  for (const player of ["random", "greedy", "level1", "level2"]) assert.ok(game.isLegal(game.playerDecision(player, 1)));
  throwsCode(() => game.playerDecision("grumpy", 1), "player.name");
  throwsCode(() => game.hint(0), "level.range");
  const t0 = performance.now();
  const timed = game.bestDecision({ millis: 150 });
  const took = performance.now() - t0;
  assert.ok(timed.depth >= 1);
  assert.ok(took < 2000, `a 150 ms search took ${took} ms`);
  const h = game.hint(2, 3);
  assert.ok(h.top.length >= 1 && typeof h.best === "string");
  throwsCode(() => game.bestAction({ level: "x" }), "level.range");
  // A hint's best is the first of its own list.
  const first = new Game(1).hint(3);
  assert.deepEqual(first.top[0], [first.best, first.score]);
});

test("the bags, why a tile cannot act, and the hint's level come from the engine", () => {
  assert.equal(hintLevel(), 5);
  const game = new Game(4);
  const light = game.bagChances("light");
  assert.equal(light.reduce((n, c) => n + c.count, 0), 16);
  assert.deepEqual(light.find((c) => c.troop === "P"), { troop: "P", count: 3, total: 16, probability: 3 / 16 });
  const drawn = game.draw();
  // The drawn tile is out of the bag while it waits; the position still counts it.
  assert.equal(game.bagChances("light")[0].total, 15);
  assert.equal(game.position.bagChances("light")[0].total, 16);
  assert.equal(game.bagChances("dark")[0].total, 16);
  const count = (list, t) => list.find((c) => c.troop === t)?.count ?? 0;
  assert.equal(count(game.bagChances("light"), drawn), count(light, drawn) - 1);
  throwsCode(() => game.bagChances("blue"), "name.side");
  // Light's flipped Footman on B1 shields its Duke on A1 from Dark's on F1.
  const pos = new Position("6/6/6/F5/6/D+F3d l -/- 0 0");
  const idle = pos.whyIdle("B1");
  assert.deepEqual({ ...idle }, {
    reason: "shields",
    by: [parseSquare("F1")],
    because: "it shields the Duke on A1 from the Duke on F1",
    text: "the Footman on B1 cannot act: it shields the Duke on A1 from the Duke on F1",
  });
  assert.equal(pos.whyIdle("A3"), undefined);
  assert.equal(pos.whyIdle("F1"), undefined);
});

test("a game searches with a learned network's weights file", () => {
  // A network with every weight zero, written by the file format's rules:
  // the header, then zeros (it scores every position 0).
  const name = new TextEncoder().encode("tile-owner-troop-face-square-2x15x2x36+bag-owner-troop-3-2x15x3");
  const [features, hidden, l2] = [2250, 64, 16];
  const weights = 2 * (hidden + features * hidden) + l2 * 2 * hidden + 4 * l2 + l2 + 4;
  // Version 2; the last header field is the base: 0, nothing.
  const file = new Uint8Array(8 + 4 + 2 + name.length + 24 + weights);
  const view = new DataView(file.buffer);
  file.set(new TextEncoder().encode("DUKENNUE"), 0);
  view.setUint32(8, 2, true);
  view.setUint16(12, name.length, true);
  file.set(name, 14);
  const base = 14 + name.length + 20;
  [features, hidden, l2, 127, 64, 0].forEach((n, i) => view.setUint32(14 + name.length + 4 * i, n, true));
  const game = new Game(5);
  game.play("B1-B2");
  // A game starts with the built-in network; "hand-tuned" selects the
  // hand-tuned evaluation, which scores the position otherwise.
  const builtin = game.bestDecision({ depth: 2 });
  game.setEvaluation("hand-tuned");
  const hand = game.bestDecision({ depth: 2 });
  assert.notEqual(hand.score, 0);
  assert.notEqual(hand.score, builtin.score);
  throwsCode(() => game.setEvaluation("nnue"), "nnue.name");
  assert.equal(game.bestDecision({ depth: 2 }).score, hand.score);
  throwsCode(() => game.setNetwork(new Uint8Array([1, 2, 3])), "nnue.file");
  game.setNetwork(file);
  assert.equal(game.bestDecision({ depth: 2 }).score, 0);
  assert.ok(game.hint(1, 2).best);
  game.setNetwork(null);
  assert.deepEqual(game.bestDecision({ depth: 2 }).score, hand.score);
  // On the hand-tuned base (1), a zeroed network adds nothing to it.
  view.setUint32(base, 1, true);
  game.setNetwork(file);
  const corrected = game.bestDecision({ depth: 2 });
  assert.equal(corrected.score, hand.score);
  assert.deepEqual(corrected.pv.map(String), hand.pv.map(String));
  game.setEvaluation("builtin");
  assert.equal(game.bestDecision({ depth: 2 }).score, builtin.score);
});

test("a whole game of level 1 against level 2 ends with an outcome", () => {
  const game = new Game(9);
  for (let turn = 0; turn < 2000 && game.phase !== "over"; turn++) {
    const level = game.sideToDecide === "light" ? 1 : 2;
    game.play(game.bestAction({ level, seed: turn })); // "levy", then a square: two decisions
  }
  assert.equal(game.phase, "over");
  // The record read back ends the same way.
  assert.deepEqual(Game.fromRecord(game.record()).outcome, game.outcome);
  // Once the game is over the AI has nothing to decide: the phase error of every face.
  throwsCode(() => game.bestAction(), "phase");
  throwsCode(() => game.hint(), "phase");
  assert.ok(["duke-captured", "no-action", "repetition", "quiet-turns"].includes(game.outcome.reason));
});

test("dangers, attackers and attacks are arrays of square indices", () => {
  const pos = new Position("3d2/6/6/2p3/6/2D3 l -/- 0 1");
  const dangers = pos.dukeDangers();
  assert.deepEqual(dangers.map((d) => squareName(d.square)).sort(), ["A1", "E1"]);
  for (const d of dangers) assert.deepEqual(d.by.map(squareName), ["C3"]);
  const guard = new Position("3d2/6/6/6/3p2/2D3 l -/- 0 1");
  assert.equal(guard.isDukeAttacked("light"), true);
  assert.deepEqual(guard.attackers("dark", "C1").map(squareName), ["D2"]);
  assert.ok(Array.isArray(guard.attacks("dark")) && guard.attacks("dark").includes(parseSquare("C1")));
});

test("setup by placements, then the fixed setup for Dark", () => {
  const game = new Game(4, true);
  assert.equal(game.phase, "setup");
  assert.deepEqual(game.legalActions().map(String).sort(), ["D@C1", "D@D1"]);
  throwsCode(() => game.play("D@A1"), "setup");
  for (const a of ["D@D1", "F@C1", "F@D2"]) game.play(a);
  assert.equal(game.sideToDecide, "dark");
  game.setupFixed();
  assert.equal(game.phase, "play");
  assert.equal(game.position.tileAt("D2").troop, "Footman");
});

test("the SVG drawing, the observation, the mask and decisions by index", () => {
  const game = new Game(2);
  const svg = game.svg(["B2", 14], true, 40);
  assert.match(svg, /^<svg[^>]*>/);
  assert.match(game.position.svg(undefined, "B1-B2"), /<\/svg>\s*$/);
  const obs = game.observation();
  assert.ok(obs instanceof Uint8Array);
  assert.equal(obs.length, observationPlanes() * 36);
  // Under Expanded Play the observation has the rules' planes (encoding.md).
  assert.equal(observationPlanes("coup"), 119);
  assert.equal(observationPlanes("standard"), observationPlanes());
  assert.throws(() => observationPlanes("coup+flag"), (e) => e.code === "rules.text");
  const coup = new Game({ rules: "coup+mountain", seed: 5 });
  const cobs = coup.observation("light");
  assert.equal(cobs.length, observationPlanes("coup+mountain") * 36);
  assert.equal(cobs[107 * 36 + coup.position.mountain], 1);
  // Dark Rider's frozen Pikemen, from the engine (the page draws them).
  assert.deepEqual(new Position("1P1k2/6/6/6/6/P1P1P1 d -/- 0 9 rider").frozen(), [parseSquare("B6")]);
  assert.deepEqual(coup.position.frozen(), []);
  const mask = game.legalMask("mover");
  assert.equal(mask.length, actionSpace());
  const legal = [...mask.keys()].filter((i) => mask[i] === 1);
  // Every maneuver and the draw: 18 maneuvers at the start become indices, plus the draw.
  assert.ok(legal.includes(drawIndex()));
  const maneuvers = legal.filter((i) => i !== drawIndex());
  assert.deepEqual(
    maneuvers.map((i) => String(Action.fromIndex(i, game.position, "mover"))).sort(),
    game.legalActions().filter((a) => a.kind !== "levy").map(String).sort(),
  );
  // The decisions in the same order as the index loop's (the levy first).
  assert.deepEqual(game.legalActions().map((a) => a.index(game.position, "mover")), [...game.legalIndices("mover")]);
  const before = game.position.dpn();
  assert.equal(game.applyIndex(maneuvers[0], "mover"), undefined);
  assert.notEqual(game.position.dpn(), before);
  const drawn = game.applyIndex(drawIndex(), "mover");
  assert.equal(drawn, game.pendingDraw);
  throwsCode(() => game.applyIndex(drawIndex(), "mover"), "value");
});

// The conformance vectors every face runs: a game's decisions in order, as
// text and as indices, and the decision bestAction() gives with no options.
const vectors = data("conformance/decisions.txt")
  .split("\n")
  .filter((line) => line && !line.startsWith("#"))
  .map((line) => line.split("\t"));

test("the conformance vectors are read", () => assert.ok(vectors.length >= 15));

for (const [dpn, texts, indices, best] of vectors) {
  test(`conformance: ${dpn}`, () => {
    const game = Game.fromPosition(new Position(dpn), 1);
    assert.deepEqual(game.legalActions().map(String), texts.split(" ").filter(Boolean));
    assert.deepEqual([...game.legalIndices("mover")], indices.split(" ").filter(Boolean).map(Number));
    assert.equal(String(game.bestAction()), best);
  });
}

// The player vectors: a standard game with seed S, both sides one of the
// engine's players, decision t made with seed S + t, played back by play().
const rows = (name) => data(`conformance/${name}`).split("\n").filter((line) => line && !line.startsWith("#")).map((line) => line.split("\t"));

// The request vectors: the AI's answer to one request, the same in every face.
function requestAnswer(game, request) {
  const options = {};
  let hint = false;
  let player = null;
  let top;
  try {
    for (const word of request.split(" ")) {
      if (word === "-" || word === "") continue;
      const [key, value = ""] = word.split("=");
      if (key === "hint") hint = true;
      else if (key === "evaluation") game.setEvaluation(value);
      else if (key === "player") player = value;
      else if (key === "top") top = Number(value);
      else options[key] = Number(value);
    }
    if (player !== null) return String(game.playerDecision(player, 0));
    if (hint) {
      const h = game.hint(options.level, top);
      return [h.best, "top", ...h.top.map(([d]) => d)].join(" ");
    }
    return String(game.bestAction(options));
  } catch (e) {
    if (!(e instanceof DukeError)) throw e;
    return `error ${e.code}`;
  }
}

test("the request vectors are read", () => assert.ok(rows("requests.txt").length >= 40));

for (const [start, decisions, request, want] of rows("requests.txt")) {
  test(`conformance: ${start} | ${decisions} | ${request}`, () => {
    const game =
      start === "setup" ? new Game(1, true) : start === "standard" ? new Game(1) : Game.fromPosition(new Position(start), 1);
    for (const d of decisions.split(" ")) if (d !== "-") game.play(d);
    const before = game.position.dpn();
    assert.equal(requestAnswer(game, request), want);
    assert.equal(game.position.dpn(), before);
  });
}

test("the player vectors are read", () => assert.ok(rows("players.txt").length >= 12));

for (const [player, seed, decisions] of rows("players.txt")) {
  test(`conformance: ${player} from seed ${seed}`, () => {
    const game = new Game(Number(seed));
    const mine = [];
    for (const want of decisions.split(" ")) {
      const d = game.playerDecision(player, Number(seed) + mine.length);
      mine.push(String(d));
      if (String(d) !== want) break;
      game.play(d);
    }
    assert.deepEqual(mine, decisions.split(" "));
  });
}

// The name vectors: every word reads, and what the package writes is the engine's word.
test("conformance: every name reads and writes as the engine says", () => {
  const n = {};
  for (const [kind, word, text, short] of rows("names.txt")) (n[kind] ??= []).push({ word, text, short });
  const pos = new Position();
  for (const { word, text, short } of n.side) {
    for (const form of [text, short, word.toUpperCase()]) assert.deepEqual(pos.bag(form), pos.bag(word));
  }
  assert.equal(pos.sideToMove, n.side[0].word);
  assert.equal(pos.tileAt("C1").side, n.side[0].word);
  assert.throws(() => pos.bag("purple"), (e) => e instanceof DukeError && e.code === "name.side");
  assert.equal(troopLetters(), n.troop.map((t) => t.short).join(""));
  const faces = n.face.map((f) => f.word);
  assert.equal(pos.tileAt("C1").face, faces[0]);
  const seen = new Set();
  for (const { word, text, short } of n.troop) {
    for (const face of faces) {
      const chart = JSON.stringify(troopChart(word, face));
      assert.equal(JSON.stringify(troopChart(text, face)), chart);
      assert.equal(JSON.stringify(troopChart(short, face)), chart);
      for (const m of troopChart(word, face)) seen.add(m.mark);
    }
  }
  assert.deepEqual([...seen].sort(), n.mark.map((m) => m.word).sort());
  assert.deepEqual(markNames(), n.mark.map((m) => [m.word, m.text]));
  for (const { word } of n.perspective) assert.equal(pos.observation(word).length, pos.observation().length);
  assert.throws(() => pos.observation("sideways"), (e) => e.code === "name.perspective");
  for (const { word, short } of n.action_kind) assert.equal(new Action(short).kind, word);
  const levy = n.decision[0].word;
  assert.equal(new Action(levy).kind, levy);
  const game = new Game(2);
  const phases = [new Game(2, true).phase, game.phase];
  game.play(levy);
  phases.push(game.phase);
  const over = Game.fromRecord("duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. P@C2\n2. K@D5\n3. C2-E4\n");
  phases.push(over.phase);
  // Expanded Play's: the draft's picks, then the Flags after setup.
  phases.push(new Game({ rules: "draft", setup: true }).phase);
  const coup = new Game({ rules: "coup", setup: true });
  while (coup.phase === "setup") coup.play(coup.setupSuggestion());
  phases.push(coup.phase);
  assert.deepEqual(phases, n.phase.map((p) => p.word));
  assert.ok(n.reason.map((r) => r.word).includes(over.outcome.reason));
});

// The package's TypeScript declarations name the engine's words: the
// unions Phase, Reason and ActionKind list exactly the words of names.txt.
test("conformance: the typings' unions are the engine's words", () => {
  const dts = readFileSync(fileURLToPath(new URL("./node/duke_wasm.d.ts", import.meta.resolve("duke-engine"))), "utf8");
  const union = (name) => {
    const m = dts.match(new RegExp(`export type ${name} = ([^;]*);`));
    assert.ok(m, `no type ${name} in the declarations`);
    return [...m[1].matchAll(/"([^"]*)"/g)].map((x) => x[1]).sort();
  };
  const words = (kind) => rows("names.txt").filter((r) => r[0] === kind).map((r) => r[1]).sort();
  assert.deepEqual(union("Phase"), words("phase"));
  assert.deepEqual(union("Reason"), words("reason"));
  assert.deepEqual(union("ActionKind"), words("action_kind"));
});

// The range vectors: each limit's value through the package's entry point
// for it; JavaScript's searches run on one thread, so it takes no thread count.
const rangeCalls = {
  level: (v) => new Game(1).bestAction({ level: v }),
  depth: (v) => new Game(1).bestAction({ depth: v }),
  nodes: (v) => new Game(1).bestAction({ nodes: v }),
  millis: (v) => new Game(1).bestAction({ millis: v }),
  perft_depth: (v) => new Position().perft(v),
  hints: (v) => new Game(1).hint(1, v),
  svg_square: (v) => new Position().svg(undefined, undefined, false, v),
  score: (v) => scoreText(v),
};
for (const [limit, value, code] of rows("ranges.txt")) {
  if (limit === "threads") continue;
  test(`conformance: ${limit} ${value}`, () => {
    const call = rangeCalls[limit];
    assert.ok(call, `no JavaScript call for the limit ${limit}`);
    if (code === "-") call(Number(value));
    else assert.throws(() => call(Number(value)), (e) => e instanceof DukeError && e.code === code);
  });
}
test("conformance: a limit given as a fraction is refused with the limit's code", () => {
  assert.throws(() => new Game(1).bestAction({ depth: 2.5 }), (e) => e.code === "limits.depth" && /not a whole number/.test(e.message));
  assert.throws(() => new Position().perft(NaN), (e) => e.code === "perft.depth");
});

// Expanded Play (the book's chapter of that name): games under rules, as
// users start them, from the options object of `new Game`.

// A small seeded generator for the tests' own choices.
function random(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

test("a game with rules: ready to play by default, at its setup when asked", () => {
  const game = new Game({ rules: "coup+mountain" });
  assert.equal(game.rules, "coup+mountain");
  assert.equal(game.phase, "play");
  const pos = game.position;
  assert.equal(pos.rules, "coup+mountain");
  assert.equal(typeof pos.mountain, "number");
  assert.equal(pos.fort, undefined);
  assert.equal(typeof pos.flag("light"), "number");
  assert.equal(typeof pos.flag("dark"), "number");
  assert.notEqual(pos.flag("light"), pos.flag("dark"));
  assert.deepEqual([pos.score("light"), pos.score("dark")], [0, 0]);
  assert.equal(pos.relocationPending, false);
  // The DPN carries the rules and the state, and reads back.
  assert.match(pos.dpn(), / coup\+mountain,mountain=[A-F][1-6],flags=[A-F][1-6]\/[A-F][1-6],score=0\/0$/);
  assert.ok(new Position(pos.dpn()).equals(pos));
  // The rules text in any order, written as the engine writes it.
  assert.equal(new Game({ rules: "fort+coup" }).rules, "coup+fort");
  assert.equal(new Game({ rules: "standard" }).rules, "standard");
  // At its setup: the first decision of the start.
  const setup = new Game({ rules: "coup+mountain", setup: true, seed: 3 });
  assert.equal(setup.phase, "setup");
  assert.equal(setup.sideToDecide, "light");
  assert.deepEqual(setup.legalActions().map(String).sort(), ["D@C1", "D@D1"]);
  // Bad rules: the engine's error and code.
  throwsCode(() => new Game({ rules: "coup+rain" }), "rules.text");
  assert.throws(() => new Game({ rules: "coup+rain" }), /"rain" is not a word of the rules/);
  throwsCode(() => new Game({ rules: 7 }), "value");
  throwsCode(() => new Game({ rules: "coup" }, true), "value");
  throwsCode(() => new Game({ setup: "yes" }), "value");
});

test("new Game: existing callers unchanged, an options object the same game", () => {
  for (const seed of [0, 5, 12345]) {
    const old = new Game(seed);
    assert.equal(old.rules, "standard");
    for (const game of [new Game({ seed }), new Game({ seed, rules: "standard" }), new Game({ seed: BigInt(seed) })]) {
      assert.equal(game.record(true), old.record(true));
      assert.equal(game.position.dpn(), old.position.dpn());
      assert.equal(game.phase, "play");
      assert.equal(game.draw(), new Game(seed).draw());
    }
    assert.equal(new Game({ seed, setup: true }).record(true), new Game(seed, true).record(true));
  }
  assert.equal(new Game().position.dpn(), Position.standard().dpn());
  assert.equal(new Game({}).record(true), new Game().record(true));
  assert.equal(new Game(undefined, true).phase, "setup");
});

test("given terrain: the squares kept, ready or at setup; terrain the rules cannot take is refused", () => {
  const game = new Game({ rules: "mountain+fort", mountain: "C3", fort: parseSquare("D4"), seed: 2 });
  assert.equal(game.phase, "play");
  assert.equal(game.position.mountain, parseSquare("C3"));
  assert.equal(game.position.fort, parseSquare("D4"));
  assert.match(game.position.dpn(), / mountain\+fort,mountain=C3,fort=D4$/);
  const setup = new Game({ rules: "mountain", mountain: "B4", setup: true });
  assert.equal(setup.phase, "setup");
  assert.equal(setup.position.mountain, undefined);
  while (setup.phase === "setup") setup.play(setup.setupSuggestion());
  assert.equal(setup.position.mountain, parseSquare("B4"));
  // Only the Fort given: the Mountain is drawn.
  const half = new Game({ rules: "mountain+fort", fort: "A3" });
  assert.equal(half.position.fort, parseSquare("A3"));
  assert.equal(typeof half.position.mountain, "number");
  throwsCode(() => new Game({ rules: "coup", mountain: "C3" }), "setup");
  throwsCode(() => new Game({ mountain: "C3" }), "setup");
  throwsCode(() => new Game({ rules: "mountain+fort", mountain: "C3", fort: "C3" }), "setup");
  throwsCode(() => new Game({ rules: "mountain", mountain: "G3" }), "square.syntax");
  throwsCode(() => new Game({ rules: "mountain", mountain: 36 }), "value");
});

test("a position from six-field DPN: rules, terrain, Flags, points, a relocation pending", () => {
  const dpn = "3d2/6/6/1+F4/6/2D3 d -/- 1 1 coup,flags=F1/A3,score=1/0,relocate";
  const pos = new Position(dpn);
  assert.equal(pos.dpn(), dpn);
  assert.equal(pos.rules, "coup");
  assert.equal(pos.flag("light"), parseSquare("F1"));
  assert.equal(pos.flag("d"), parseSquare("A3"));
  assert.deepEqual([pos.score("light"), pos.score("dark")], [1, 0]);
  assert.equal(pos.relocationPending, true);
  assert.equal(pos.mountain, undefined);
  throwsCode(() => pos.flag("blue"), "name.side");
  // The relocation is a decision of the side to move, then its turn.
  const relocations = pos.legalActions().filter((a) => a.kind === "flag");
  assert.ok(relocations.length > 0);
  const after = pos.play(relocations[0]);
  assert.equal(after.relocationPending, false);
  assert.equal(after.sideToMove, "dark");
  assert.equal(after.flag("dark"), relocations[0].to);
  // The terrain and Other Objective's Flags.
  const terrain = new Position("2d3/+m+f1+f2/6/3F2/6/1+D1+F2 l ABCFGIKLMNPPPRSW/abcfgiklnppprsw 6 8 fort,fort=D4");
  assert.deepEqual([terrain.rules, terrain.fort, terrain.mountain, terrain.flag("light")], ["fort", parseSquare("D4"), undefined, undefined]);
  const flag = new Position("2C+P2/1F4/1F4/6/6/5f l ABFGIKLMNPPRSW/abcfgiklmnppprsw 26 62 flag,flags=B1/C6");
  assert.equal(flag.rules, "flag");
  assert.equal(flag.legalMask().length, actionSpace("flag"));
  assert.ok(flag.legalActions().some((a) => a.kind === "pass"));
  // The standard game's five fields, as before.
  assert.equal(Position.standard().rules, "standard");
  assert.equal(Position.standard().flag("light"), undefined);
  assert.equal(Position.standard().score("dark"), 0);
  assert.ok(Position.fromBytes(pos.toBytes()).equals(pos));
});

test("the action space: the engine's size under every rules, the masks as long", () => {
  assert.equal(actionSpace(), actionSpace("standard"));
  assert.equal(actionSpace(null), actionSpace("standard"));
  const rules = allRules();
  assert.equal(rules.length, 28);
  assert.equal(rules[0], "standard");
  assert.deepEqual(new Set(rules).size, 28);
  for (const r of rules.slice(1)) assert.equal(actionSpace(r), 5704, r);
  assert.equal(actionSpace("standard"), 5437);
  for (const r of ["standard", "coup", "rider+fort", "flag+mountain+draft"]) {
    const game = new Game({ rules: r, seed: 4 });
    assert.equal(game.actionSpace, actionSpace(r));
    assert.equal(game.legalMask().length, actionSpace(r));
    assert.equal(game.position.legalMask().length, actionSpace(r));
    const mask = game.legalMask("mover");
    const indices = [...game.legalIndices("mover")];
    assert.deepEqual(indices.slice().sort((a, b) => a - b), [...mask.keys()].filter((i) => mask[i] === 1));
    assert.deepEqual(game.legalActions().map((a) => a.index(game.position, "mover")), indices);
  }
});

// Each rules' games played to their end by uniform choices among the legal
// actions, as a user plays: new Game({ rules }), legalActions(), play().
const played = { kinds: new Set(), reasons: new Set() };
for (const rules of allRules()) for (const seed of [1, 2, 3]) {
  test(`a random game of ${rules} (seed ${seed}) plays to its end, and its record replays`, () => {
    const game = new Game({ rules, seed });
    assert.equal(game.phase, "play");
    assert.equal(game.rules, rules);
    const pick = random(rules.length * 7919 + seed);
    let decisions = 0;
    for (; decisions < 20_000 && game.phase !== "over"; decisions++) {
      const list = game.legalActions();
      assert.ok(list.length > 0, `no decision in phase ${game.phase}`);
      const action = game.play(list[pick(list.length)]);
      assert.ok(action instanceof Action);
      played.kinds.add(action.kind);
    }
    played.reasons.add(game.outcome?.reason);
    assert.equal(game.phase, "over", `not over after ${decisions} decisions`);
    const outcome = game.outcome;
    assert.ok(rows("names.txt").some(([kind, word]) => kind === "reason" && word === outcome.reason), outcome.reason);
    // The record carries the rules and every chance outcome: it replays
    // without the seed, to the same position and the same end.
    const record = game.record();
    if (rules !== "standard") assert.match(record, new RegExp(`^rules ${rules.replace(/\+/g, "\\+")}$`, "m"));
    const again = Game.fromRecord(record);
    assert.equal(again.rules, rules);
    assert.equal(again.position.dpn(), game.position.dpn());
    assert.deepEqual(again.outcome, outcome);
    assert.deepEqual(again.turns().map(String), game.turns().map(String));
  });
}

test("the random games met the actions and ends of Expanded Play", () => {
  for (const kind of ["levy", "relocate", "strike", "command", "pass", "flag"]) assert.ok(played.kinds.has(kind), kind);
  for (const reason of ["points", "flag-home", "knight-captured", "no-tiles"]) assert.ok(played.reasons.has(reason), reason);
});

test("an expanded game played by indices: the masks' decisions apply to the end", () => {
  for (const rules of ["coup+fort", "flag+mountain", "rider", "coup+draft"]) {
    const game = new Game({ rules, seed: 9 });
    const pick = random(99);
    for (let n = 0; n < 20_000 && game.phase !== "over"; n++) {
      const mask = game.legalMask("mover");
      assert.equal(mask.length, actionSpace(rules));
      const indices = [...game.legalIndices("mover")];
      assert.equal(indices.length, mask.reduce((s, b) => s + b, 0));
      game.applyIndex(indices[pick(indices.length)], "mover");
    }
    assert.equal(game.phase, "over", rules);
    assert.equal(Game.fromRecord(game.record()).position.dpn(), game.position.dpn());
  }
});

test("the default AI plays an expanded game's decisions, the relocation and passes among them", () => {
  for (const rules of ["coup+mountain", "flag+fort", "rider"]) {
    const game = new Game({ rules, seed: 1 });
    for (let i = 0; i < 4 && game.phase !== "over"; i++) {
      const a = game.bestAction({ depth: 2 });
      assert.ok(game.isLegal(a), String(a));
      game.play(a);
    }
    assert.ok(game.isLegal(game.bestAction()));
    assert.ok(game.isLegal(game.playerDecision("random", 1)));
  }
});

// The start of a game under rules, as decisions: the draft's picks, the
// setups, the Flags; the terrain drawn as chance, never a decision.
for (const [rules, want] of [
  ["draft", ["draft", "setup"]],
  ["coup+mountain+draft", ["draft", "setup", "flags"]],
  ["rider", ["setup"]],
  ["rider+fort", ["setup"]],
  ["coup", ["setup", "flags"]],
  ["flag+mountain+fort", ["setup", "flags"]],
]) {
  test(`setup under ${rules} runs as decisions: ${want.join(", ")}`, () => {
    const game = new Game({ rules, setup: true, seed: 21 });
    const pick = random(rules.length);
    const phases = [];
    const kinds = new Set();
    while (["draft", "setup", "flags"].includes(game.phase)) {
      if (phases.at(-1) !== game.phase) phases.push(game.phase);
      const list = game.legalActions();
      const suggestion = game.setupSuggestion();
      assert.ok(list.some((a) => a.equals(suggestion)), `${suggestion} is not among ${list}`);
      assert.equal(String(game.bestAction()), String(suggestion));
      const kind = { draft: "pick", setup: "place", flags: "flag" }[game.phase];
      assert.ok(list.every((a) => a.kind === kind), `${game.phase}: ${list}`);
      kinds.add(kind);
      game.play(list[pick(list.length)]);
    }
    assert.deepEqual(phases, want);
    assert.equal(game.phase, "play");
    assert.equal(game.setupSuggestion(), undefined);
    // Dark moves first in Dark Rider and after the draft.
    assert.equal(game.sideToDecide, rules.startsWith("rider") ? "dark" : "light");
    const terrain = game.actions().filter((a) => a.kind === "terrain");
    assert.deepEqual(terrain.map((a) => a.terrain), ["mountain", "fort"].filter((t) => rules.includes(t)));
    for (const a of terrain) assert.equal(game.position[a.terrain], a.to);
    // Undo takes back the last decision, never a chance outcome alone.
    const dpn = game.position.dpn();
    assert.ok(game.undo());
    assert.notEqual(game.phase, "play");
    assert.ok(game.redo() !== undefined);
    assert.equal(game.position.dpn(), dpn);
    // The record replays the start.
    const again = Game.fromRecord(game.record());
    assert.equal(again.position.dpn(), game.position.dpn());
    assert.equal(again.phase, "play");
  });
}
