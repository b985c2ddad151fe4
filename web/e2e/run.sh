#!/usr/bin/env bash
# The JavaScript side of CI: builds the npm package and the page, runs the
# Node tests against the package, checks the typed example with tsc, then
# drives the page in Debian's Chromium (screenshots in target/e2e-screenshots).
# Installs what is missing (Node and npm, Chromium, the pinned npm packages),
# saying what and why, and prints how long each step took. The package is
# built with CARGO_TARGET_DIR set to a directory of its own, which checks
# that duke-wasm/build.sh finds the .wasm wherever cargo puts it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

timed() {
    local name="$1"
    shift
    local t0=$SECONDS
    printf -- '--- %s\n' "$name"
    "$@"
    printf -- '--- %s: %ss\n' "$name" "$((SECONDS - t0))"
}

apt_updated=0
need_apt() {
    if [ "$apt_updated" = 0 ]; then
        apt-get update -qq
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}
if ! command -v node > /dev/null || ! command -v npm > /dev/null; then
    timed "apt-get install nodejs npm (the package's tests and the page's server run on Node)" need_apt nodejs npm
fi
if [ ! -x /usr/bin/chromium ]; then
    timed "apt-get install chromium (the page's tests drive Debian's Chromium; no browser is downloaded)" need_apt chromium
fi

# The package built as with CARGO_TARGET_DIR set: build.sh must take the
# .wasm from cargo's target directory (cargo metadata), not from target/.
alt_target="$root/target/cargo-target-dir-check"
mkdir -p "$root/target"
timed "build the package and the page, CARGO_TARGET_DIR=$alt_target" \
    env CARGO_TARGET_DIR="$alt_target" bash web/serve.sh --build-only | tee "$root/target/js-build.log"
grep -qF "$alt_target/wasm32-unknown-unknown/release/duke_wasm.wasm -> duke-wasm/pkg" "$root/target/js-build.log" || {
    echo "duke-wasm/build.sh did not take the .wasm from CARGO_TARGET_DIR ($alt_target)" >&2
    exit 1
}

cd duke-wasm/test
timed "npm install (tests)" npm install --no-audit --no-fund --silent
# The tests import the package as users get it: from the tarball `npm pack`
# makes, installed in place of the file: link to duke-wasm/pkg.
pack="$root/target/npm-pack"
rm -rf "$pack" && mkdir -p "$pack"
timed "npm pack" npm pack --silent --pack-destination "$pack" "$root/duke-wasm/pkg"
timed "npm install the tarball (tests)" npm install --no-save --no-audit --no-fund --silent "$pack"/duke-engine-*.tgz
test ! -L node_modules/duke-engine || { echo "node_modules/duke-engine is still a link to the build, not the tarball" >&2; exit 1; }
timed "node tests of the package" node --test engine.test.mjs require.test.cjs pack.test.mjs hostile.test.mjs
timed "tsc --noEmit --strict typed.ts" npx tsc --noEmit --strict --module nodenext --moduleResolution nodenext --target esnext typed.ts
cd "$root/examples/js"
timed "npm install (the guide's example)" npm install --no-audit --no-fund --silent
timed "the JavaScript guide's example" node tour.mjs
cd "$root/web/e2e"
timed "the page's server under hostile requests" node --test server.test.mjs
timed "npm install (e2e)" npm install --no-audit --no-fund --silent
timed "the page in Chromium (playwright-core)" node --test --test-concurrency=1 page.test.mjs
