// Speed figures of the WebAssembly build (a benchmark, not a test):
//   perft 5 (and 6) from the start in Node (wasm) against the native `duke` program, best of 5 each, as a ratio;
//   the size of the .wasm gzipped;
//   the page's time to its first playable board in headless Chromium (best and worst of 3 loads);
//   level 5's longest decision in Chromium, over a game of level 5 against itself (in the page's Web Worker).
// Run after `bash web/serve.sh --build-only` and `cargo build --release --bin duke`:
//   node web/e2e/speed.mjs [plies]
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { createRequire } from "node:module";
import { launch, root, serve } from "./browser.mjs";

const plies = Number(process.argv[2] ?? 40);
const best = (xs) => Math.min(...xs);

// perft: wasm in Node against the native program's own timing (it reports
// the seconds of the count alone on stderr), best of 5 each, in this one run.
const require = createRequire(import.meta.url);
const { Position } = require(join(root, "duke-wasm", "pkg", "index.node.cjs"));
const duke = join(root, "target", "release", "duke");
const expected = { 5: 1637009, 6: 39852554 };
for (const depth of [5, 6]) {
  const pos = new Position();
  const wasmTimes = [];
  const nativeTimes = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const n = pos.perft(depth);
    wasmTimes.push(performance.now() - t0);
    if (n !== expected[depth]) throw new Error(`perft ${depth} = ${n}`);
    const run = spawnSync(duke, ["perft", "start", String(depth)], { encoding: "utf8" });
    if (!run.stdout.includes(String(expected[depth]))) throw new Error(run.stdout + run.stderr);
    const secs = /([0-9.]+) s,/.exec(run.stderr);
    if (!secs) throw new Error(`no timing in: ${run.stderr}`);
    nativeTimes.push(Number(secs[1]) * 1000);
  }
  const w = best(wasmTimes), n = best(nativeTimes);
  console.log(`perft ${depth} from the start (${expected[depth].toLocaleString("en")} leaves), best of 5: wasm in Node ${w.toFixed(1)} ms, native ${n.toFixed(1)} ms, wasm/native ${(w / n).toFixed(2)}x`);
}

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
