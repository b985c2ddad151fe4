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
    // And CommonJS require() in the same project.
    writeFileSync(join(app, "main.cjs"), 'const { Position } = require("duke-engine"); console.log(new Position().perft(2));');
    assert.equal(execFileSync("node", ["main.cjs"], { cwd: app, encoding: "utf8" }).trim(), "324");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
