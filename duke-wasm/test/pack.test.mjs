// `npm pack` makes a tarball that a fresh Node project installs and uses
// with a plain import, no bundler and no init call.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = fileURLToPath(new URL("../pkg", import.meta.url));

test("npm pack, install into a fresh project, import { Position } from \"duke-engine\"", () => {
  const dir = mkdtempSync(join(tmpdir(), "duke-pack-"));
  try {
    execFileSync("npm", ["pack", "--silent", "--pack-destination", dir, pkg], { stdio: ["ignore", "pipe", "inherit"] });
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
    assert.match(tarball, /^duke-engine-\d+\.\d+\.\d+\.tgz$/);
    const app = join(dir, "app");
    execFileSync("mkdir", ["-p", app]);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    execFileSync("npm", ["install", "--silent", "--no-audit", "--no-fund", join(dir, tarball)], { cwd: app, stdio: "inherit" });
    writeFileSync(
      join(app, "main.js"),
      [
        'import { Position, DukeError } from "duke-engine";',
        "const position = new Position();",
        "const actions = position.legalActions().map(String);",
        "let code = null;",
        'try { new Position("nonsense"); } catch (e) { code = e instanceof DukeError ? e.code : "not a DukeError"; }',
        "console.log(JSON.stringify({ actions, perft: position.perft(3), dpn: position.dpn(), code }));",
      ].join("\n"),
    );
    const out = JSON.parse(execFileSync("node", ["main.js"], { cwd: app, encoding: "utf8" }));
    assert.equal(out.actions.length, 18);
    assert.ok(out.actions.includes("D1-D2"));
    assert.equal(out.perft, 4694);
    assert.equal(out.dpn, "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0");
    assert.equal(out.code, "dpn.text");
    // Expanded Play as the book shows it: a game with rules, played to its end.
    writeFileSync(
      join(app, "expanded.mjs"),
      [
        'import { Game, DukeError, actionSpace } from "duke-engine";',
        'const game = new Game({ rules: "coup+mountain" });',
        "const start = { rules: game.rules, phase: game.phase, mountain: game.position.mountain, flag: game.position.flag(\"dark\"), mask: game.legalMask().length, space: actionSpace(\"coup+mountain\") };",
        'while (game.phase !== "over") { const list = game.legalActions(); game.play(list[game.turns().length % list.length]); }',
        "let code = null;",
        'try { new Game({ rules: "coup+rain" }); } catch (e) { code = e instanceof DukeError ? e.code : "not a DukeError"; }',
        "console.log(JSON.stringify({ ...start, reason: game.outcome.reason, replays: Game.fromRecord(game.record()).position.dpn() === game.position.dpn(), code }));",
      ].join("\n"),
    );
    const expanded = JSON.parse(execFileSync("node", ["expanded.mjs"], { cwd: app, encoding: "utf8" }));
    assert.equal(expanded.rules, "coup+mountain");
    assert.equal(expanded.phase, "play");
    assert.equal(typeof expanded.mountain, "number");
    assert.equal(typeof expanded.flag, "number");
    assert.equal(expanded.mask, 5704);
    assert.equal(expanded.space, 5704);
    assert.ok(expanded.reason.length > 0);
    assert.equal(expanded.replays, true);
    assert.equal(expanded.code, "rules.text");
    // And CommonJS require() in the same project.
    writeFileSync(join(app, "main.cjs"), 'const { Position } = require("duke-engine"); console.log(new Position().perft(2));');
    assert.equal(execFileSync("node", ["main.cjs"], { cwd: app, encoding: "utf8" }).trim(), "324");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
