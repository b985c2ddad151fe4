// Speed figures of the WebAssembly build (a benchmark, not a test):
//   perft 5 from the start in Node (wasm) against the native `duke` program, best of 3 each, as a ratio;
//   the size of the .wasm gzipped;
//   the page's time to its first playable board in headless Chromium (best and worst of 3 loads);
//   level 5's longest decision in Chromium, over a game of level 5 against itself (in the page's Web Worker).
// Run after `bash web/serve.sh --build-only` and `cargo build --release --bin duke`:
//   node web/e2e/speed.mjs [plies]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { createRequire } from "node:module";
import { launch, root, serve } from "./browser.mjs";

const plies = Number(process.argv[2] ?? 40);
const best = (xs) => Math.min(...xs);

// perft 5: wasm in Node, then native, in this one run.
const require = createRequire(import.meta.url);
const { Position } = require(join(root, "duke-wasm", "pkg", "index.node.cjs"));
const pos = new Position();
const wasmTimes = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const n = pos.perft(5);
  wasmTimes.push(performance.now() - t0);
  if (n !== 1637009) throw new Error(`perft 5 = ${n}`);
}
const duke = join(root, "target", "release", "duke");
const nativeTimes = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const out = execFileSync(duke, ["perft", "start", "5"], { encoding: "utf8" });
  nativeTimes.push(performance.now() - t0);
  if (!out.includes("1637009")) throw new Error(out);
}
console.log(`perft 5 (1,637,009 leaves): wasm in Node ${best(wasmTimes).toFixed(0)} ms, native ${best(nativeTimes).toFixed(0)} ms (process included), ratio ${(best(wasmTimes) / best(nativeTimes)).toFixed(2)}x`);

const wasm = readFileSync(join(root, "duke-wasm", "pkg", "web", "duke_wasm_bg.wasm"));
console.log(`.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} bytes gzipped (-9)`);

const port = 8790;
const server = await serve(port);
const browser = await launch();
try {
  const page = await browser.context.newPage();
  const loads = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForSelector("body[data-ready=true]");
    loads.push(Number(await page.evaluate(() => document.body.dataset.readyMs)));
  }
  console.log(`first playable board in headless Chromium: ${best(loads).toFixed(0)} ms best, ${Math.max(...loads).toFixed(0)} ms worst of 3 (from navigation start)`);

  const times = await page.evaluate(async (plies) => {
    const { Game } = await import("duke-engine");
    const worker = new Worker("./ai-worker.js", { type: "module" });
    await new Promise((ok) => worker.addEventListener("message", (e) => e.data.ready && ok(), { once: true }));
    const game = new Game(1);
    const out = [];
    for (let i = 0; i < plies && game.phase !== "over"; i++) {
      const t0 = performance.now();
      const reply = await new Promise((ok) => {
        worker.onmessage = (e) => ok(e.data);
        worker.postMessage({ id: i, kind: "move", record: game.record(true), drawn: game.pendingDraw ?? null, level: 5, seed: i });
      });
      const round = performance.now() - t0;
      if (!reply.ok) throw new Error(reply.error);
      out.push([reply.millis, round]);
      if (reply.levy) game.draw();
      else game.play(reply.action);
    }
    worker.terminate();
    return out;
  }, plies);
  const search = Math.max(...times.map((t) => t[0]));
  const round = Math.max(...times.map((t) => t[1]));
  console.log(`level 5 in Chromium over ${times.length} decisions of a self-played game: longest ${search.toFixed(0)} ms in the worker, ${round.toFixed(0)} ms seen by the page`);
} finally {
  await browser.close();
  server.kill();
}
