#!/usr/bin/env bash
# Builds the npm package and the page, then serves the page on
# http://127.0.0.1:${PORT:-8000}/ (Ctrl-C stops). With --build-only it only
# builds the site into target/web.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

bash "$root/duke-wasm/build.sh"

site="$root/target/web"
rm -rf "$site"
mkdir -p "$site"
cp "$here"/index.html "$here"/style.css "$here"/app.js "$here"/ai-worker.js "$site/"
# The page imports the package as any user's page would: from a copy of it.
cp -r "$root/duke-wasm/pkg" "$site/duke-engine"
echo "=== web: built $site"

if [ "${1:-}" = "--build-only" ]; then
    exit 0
fi
if ! command -v node > /dev/null; then
    echo "=== web: installing Node.js (apt-get install nodejs): the page's small server runs on it"
    apt-get update -qq && apt-get install -y -qq nodejs
fi
exec node "$here/server.mjs" "$site" "${PORT:-8000}"
