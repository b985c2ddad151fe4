#!/usr/bin/env bash
# Builds the npm package `duke-engine` into duke-wasm/pkg/ (not committed):
# the crate for wasm32-unknown-unknown, then wasm-bindgen twice, a Node
# build (loads its .wasm synchronously: no init call) and a web build (for
# browsers and Web Workers). Installs what it needs when it is missing: the
# wasm32 target (rustup) and wasm-bindgen-cli of the crate's exact
# wasm-bindgen version (cargo install --locked --debug), saying what and
# why; a first run compiles wasm-bindgen-cli from source (about 2 minutes on
# two cores: no registry ships its binary, and its unoptimized build, which
# writes the same files byte for byte, compiles in a third of the time)
# and the engine for wasm32 (about a minute); later runs take seconds.
# The .wasm is read from cargo's own target directory, wherever
# CARGO_TARGET_DIR or build.target-dir puts it (cargo metadata says where).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cd "$root"

step() { printf '=== duke-wasm: %s\n' "$*"; }

# The wasm-bindgen version the crate pins (Cargo.toml: wasm-bindgen = "=x.y.z").
version="$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' duke-wasm/Cargo.toml)"
if [ -z "$version" ]; then
    echo "duke-wasm/build.sh: no pinned wasm-bindgen version in duke-wasm/Cargo.toml" >&2
    exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    step "installing the wasm32-unknown-unknown target (rustup target add): the standard library the .wasm is built against; once"
    rustup target add wasm32-unknown-unknown
fi

# The installed version, empty when there is none (`|| true`: under
# pipefail a missing wasm-bindgen would otherwise end the script with 127).
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" != "$version" ]; then
    step "installing wasm-bindgen-cli $version (cargo install --locked --debug)${have:+ in place of $have}: the tool that writes" \
        "the JavaScript side of the .wasm, and it must be the crate's wasm-bindgen version exactly." \
        "It compiles from source: about 2 minutes on two cores, once (it stays in ~/.cargo/bin)."
    # Unoptimized: it compiles in a third of the time of a release build,
    # and writes the same files byte for byte (a second slower per run).
    cargo install --locked --debug wasm-bindgen-cli --version "=$version"
fi

# Cargo's target directory, as cargo itself resolves it (CARGO_TARGET_DIR,
# build.target-dir in a config file, or target/ of the workspace).
target_dir="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
if [ -z "$target_dir" ]; then
    echo "duke-wasm/build.sh: cargo metadata did not give the target directory" >&2
    exit 1
fi
wasm="$target_dir/wasm32-unknown-unknown/release/duke_wasm.wasm"
if [ ! -e "$wasm" ]; then
    step "cargo build --target wasm32-unknown-unknown --release -p duke-wasm (a first build compiles the engine" \
        "and its dependencies for wasm32: about a minute on two cores)"
else
    step "cargo build --target wasm32-unknown-unknown --release -p duke-wasm"
fi
cargo build --quiet --target wasm32-unknown-unknown --release -p duke-wasm
if [ ! -f "$wasm" ]; then
    echo "duke-wasm/build.sh: cargo built no $wasm" >&2
    exit 1
fi

pkg="duke-wasm/pkg"
rm -rf "$pkg"
mkdir -p "$pkg"
step "wasm-bindgen (nodejs and web): $wasm -> $pkg"
wasm-bindgen --target nodejs --out-dir "$pkg/node" "$wasm"
wasm-bindgen --target web --out-dir "$pkg/web" "$wasm"
# The Node build is CommonJS inside an ES-module package.
printf '{ "type": "commonjs" }\n' > "$pkg/node/package.json"
cp duke-wasm/js/* "$pkg/"

engine_version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)"
cat > "$pkg/package.json" <<JSON
{
  "name": "duke-engine",
  "version": "$engine_version",
  "description": "The reference rules engine and AI for The Duke (2013 core set), in WebAssembly, for Node and browsers",
  "license": "MIT OR Apache-2.0",
  "type": "module",
  "types": "./index.d.ts",
  "exports": {
    ".": {
      "types": "./index.d.ts",
      "node": {
        "import": "./index.node.mjs",
        "require": "./index.node.cjs"
      },
      "default": "./index.web.js"
    },
    "./package.json": "./package.json"
  },
  "files": ["*.js", "*.mjs", "*.cjs", "*.d.ts", "node/", "web/"],
  "engines": { "node": ">=18" },
  "sideEffects": true
}
JSON
cp duke-wasm/README.md "$pkg/README.md"
gz=$(gzip -9 -c "$pkg/web/duke_wasm_bg.wasm" | wc -c)
step "built $pkg ($(wc -c < "$pkg/web/duke_wasm_bg.wasm") bytes of .wasm, $gz gzipped)"
