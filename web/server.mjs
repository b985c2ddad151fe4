// A static file server for the page, on 127.0.0.1 only (no server-side
// logic: it serves files). Usage: node server.mjs <dir> [port]; port 0
// picks a free one. It answers GET and HEAD only (405 otherwise), 400 for
// a path that does not decode, 403 for a path or symlink that leads
// outside the site, 404 for a missing file. No request can stop it.
import { createServer } from "node:http";
import { readFile, realpath, stat } from "node:fs/promises";
import { realpathSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";

const root = realpathSync(resolve(process.argv[2] ?? "."));
const port = Number(process.argv[3] ?? 8000);
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

const inside = (path) => path === root || path.startsWith(root + sep);

function send(res, status, text, headers = {}) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers });
  res.end(text);
}

async function handle(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return send(res, 405, "method not allowed: GET or HEAD\n", { allow: "GET, HEAD" });
  }
  let path;
  try {
    path = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
  } catch {
    return send(res, 400, "bad request: the path does not decode\n");
  }
  if (path.includes("\0")) return send(res, 400, "bad request: a NUL in the path\n");
  let file = resolve(root, "." + path);
  if (!inside(file)) return send(res, 403, "forbidden: outside the site\n");
  try {
    // Symlinks are followed only while they stay inside the site.
    file = await realpath(file);
    if (!inside(file)) return send(res, 403, "forbidden: outside the site\n");
    if ((await stat(file)).isDirectory()) file = join(file, "index.html");
    const body = await readFile(file);
    res.writeHead(200, {
      "content-type": types[extname(file)] ?? "application/octet-stream",
      "content-length": body.length,
      "cache-control": "no-cache",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  } catch {
    send(res, 404, "not found\n");
  }
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => {
    if (!res.headersSent) send(res, 500, "internal error\n");
    else res.destroy();
  });
});
// A request the HTTP parser rejects gets a 400, and the server goes on.
server.on("clientError", (_err, socket) => {
  if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
  else socket.destroy();
});
server.listen(port, "127.0.0.1", () => {
  console.log(`serving ${root} on http://127.0.0.1:${server.address().port}/`);
});
