// Chromium from Debian's package, driven by playwright-core (which never
// downloads a browser), and the page served from target/web.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const shots = join(root, "target", "e2e-screenshots");
mkdirSync(shots, { recursive: true });

export async function serve(port) {
  const server = spawn(process.execPath, [join(root, "web", "server.mjs"), join(root, "target", "web"), String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((ok, fail) => {
    server.stdout.once("data", ok);
    server.once("exit", (code) => fail(new Error(`the server exited (${code})`)));
  });
  return server;
}

export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), "duke-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    acceptDownloads: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
