#!/usr/bin/env bash
# Builds the book into docs/book: installs the pinned mdBook when it is
# missing, builds with mdBook's warnings and errors treated as failures,
# then checks every internal link and anchor of the built pages.
#   bash docs/build.sh            build and check
#   python3 -m http.server -d docs/book -b 127.0.0.1 8001
#                                 read it at http://127.0.0.1:8001 (the mdBook
#                                 installed here is built without `serve`)
set -euo pipefail
cd "$(dirname "$0")/.."

MDBOOK_VERSION=0.5.4
MDBOOK_VENV=target/mdbook-venv
export PATH="$HOME/.cargo/bin:$PWD/$MDBOOK_VENV/bin:$PATH"
if ! mdbook --version 2> /dev/null | grep -qx "mdbook v$MDBOOK_VERSION"; then
    if [ "$(uname -sm)" = "Linux x86_64" ]; then
        # The release's prebuilt binary from PyPI, pinned by hash
        # (docs/mdbook-requirements.txt): seconds, where compiling takes
        # minutes.
        echo "docs/build.sh: installing mdBook $MDBOOK_VERSION, the tool that builds the book, into $MDBOOK_VENV (a prebuilt binary, pinned by hash)."
        python3 -m venv "$MDBOOK_VENV"
        "$MDBOOK_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
            --require-hashes --only-binary=:all: -r docs/mdbook-requirements.txt
    else
        echo "docs/build.sh: installing mdBook $MDBOOK_VERSION (cargo install --locked), the tool that builds the book."
        echo "docs/build.sh: it compiles from source: several minutes, once (it stays in ~/.cargo/bin)."
        # Without the default `serve` and `watch` features: a smaller build.
        cargo install --locked mdbook --version "$MDBOOK_VERSION" --no-default-features --features search
    fi
    mdbook --version | grep -qx "mdbook v$MDBOOK_VERSION"
fi

echo "docs/build.sh: mdbook build docs"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
mdbook build docs 2>&1 | tee "$log"
# mdBook reports a missing {{#include}} file as an ERROR line and still
# exits 0: any WARN or ERROR line fails the build here.
if grep -qE '\b(WARN|ERROR)\b' "$log"; then
    echo "docs/build.sh: mdBook printed warnings or errors (treated as errors)" >&2
    exit 1
fi

echo "docs/build.sh: checking internal links"
python3 docs/check_links.py docs/book
