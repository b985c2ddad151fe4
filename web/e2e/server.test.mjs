// The page's server under hostile requests: each gets a 4xx (never a crash
// or a file from outside the site), and afterwards the page is still served.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = mkdtempSync(join(tmpdir(), "duke-server-"));
const site = join(dir, "site");
mkdirSync(join(site, "sub"), { recursive: true });
writeFileSync(join(site, "index.html"), "<!doctype html><title>page</title>");
writeFileSync(join(dir, "secret.txt"), "secret");
symlinkSync(join(dir, "secret.txt"), join(site, "link.txt"));
symlinkSync(dir, join(site, "up"));

const server = spawn(process.execPath, [fileURLToPath(new URL("../server.mjs", import.meta.url)), site, "0"], {
  stdio: ["ignore", "pipe", "inherit"],
});
after(() => server.kill());
const port = await new Promise((ok, fail) => {
  server.stdout.on("data", (d) => {
    const m = /127\.0\.0\.1:(\d+)/.exec(String(d));
    if (m) ok(Number(m[1]));
  });
  server.on("exit", (code) => fail(new Error(`the server exited (${code})`)));
});

// One raw request (no client normalises the path), its status and body.
function raw(request) {
  return new Promise((ok, fail) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.setTimeout(5000, () => socket.destroy(new Error("no answer in 5 s")));
    socket.on("data", (d) => (data += d));
    socket.on("end", () => ok({ status: Number(data.split(" ")[1]), body: data.split("\r\n\r\n").slice(1).join("") }));
    socket.on("error", fail);
    socket.write(request);
  });
}
const get = (path, method = "GET") => raw(`${method} ${path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);

test("hostile requests get a 4xx and reveal nothing outside the site", async () => {
  const cases = [
    ["/%", 400],
    ["/%E0%A4%A", 400],
    ["/%00", 400],
    ["/../secret.txt", 404],
    ["/%2e%2e/secret.txt", 404], // the URL parser resolves it inside the site
    ["/%2e%2e%2fsecret.txt", 403],
    ["/sub/..%2f..%2fsecret.txt", 403],
    ["/link.txt", 403],
    ["/up/secret.txt", 403],
    ["/nothing-here", 404],
  ];
  for (const [path, want] of cases) {
    const { status, body } = await get(path);
    assert.ok(status >= 400 && status < 500, `${path}: status ${status}`);
    assert.equal(status, want, path);
    assert.ok(!body.includes("secret"), `${path} leaked the file`);
  }
  for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "TRACE"]) {
    assert.equal((await get("/", method)).status, 405, method);
  }
  assert.equal((await raw("GARBAGE\r\n\r\n")).status, 400);
  assert.equal((await raw(`GET /${"a".repeat(20000)} HTTP/1.1\r\nhost: x\r\n\r\n`)).status >= 400, true);
});

test("after them the page is still served, to GET and to HEAD", async () => {
  const page = await get("/");
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>page<\/title>/);
  const head = await get("/index.html", "HEAD");
  assert.equal(head.status, 200);
  assert.equal(head.body, "");
  assert.equal(server.exitCode, null);
});
