#!/usr/bin/env bash
# The Python package as users get it. Builds the sdist, then the release
# wheel from the unpacked sdist (so the sdist is proven complete, with one
# release build), checks the wheel's tags and that it is stripped, and
# checks its platform tag with `auditwheel show`. Then installs the wheel
# into a fresh venv and, with no Rust toolchain on PATH, runs the Python
# tests, the stub and type checks, the examples and the check that the
# book's Python API reference matches the docstrings.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

step() { printf '\n=== %s\n' "$*"; }

PY=${PYTHON:-python3}
DIST=target/python-dist
BUILD_VENV=target/python-build-venv
TEST_VENV=target/python-test-venv

step "python: build tools (pinned in .ci/python-build-requirements.txt)"
if [ ! -x "$BUILD_VENV/bin/python" ]; then
    "$PY" -m venv "$BUILD_VENV"
fi
"$BUILD_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r .ci/python-build-requirements.txt
# maturin finds zig through the Python on PATH (python -m ziglang).
BUILD_PATH="$ROOT/$BUILD_VENV/bin:$PATH"

step "python: sdist"
rm -rf "$DIST" target/python-sdist
mkdir -p "$DIST" target/python-sdist
PATH="$BUILD_PATH" maturin sdist --out "$DIST"
sdist=$(ls "$DIST"/duke_engine-*.tar.gz)
# --touch: the sdist's files carry a fixed old date, which would make cargo
# take a previous build of them for up to date.
tar --touch -xzf "$sdist" -C target/python-sdist

step "python: release wheel built from the unpacked sdist (zig, manylinux2014)"
(
    cd target/python-sdist/duke_engine-*/
    PATH="$BUILD_PATH" CARGO_TARGET_DIR="$ROOT/target" \
        maturin build --release --zig --compatibility manylinux2014 --out "$ROOT/$DIST"
)
wheel=$(ls "$DIST"/*.whl)
printf '%s: %s bytes\n' "$(basename "$wheel")" "$(stat -c %s "$wheel")"
case "$(basename "$wheel")" in
    *-cp310-abi3-*manylinux*) ;;
    *) echo "the wheel is not an abi3 (cp310) manylinux wheel: $wheel" >&2; exit 1 ;;
esac

step "python: auditwheel show (the platform tag must be a manylinux policy's)"
"$BUILD_VENV/bin/auditwheel" show "$wheel" | tee target/auditwheel.txt
tag=$(tr '\n' ' ' < target/auditwheel.txt | sed -n 's/.*consistent with the following platform tag: *"\([^"]*\)".*/\1/p')
case "$tag" in
    manylinux_*) ;;
    *) echo "auditwheel finds no manylinux tag for the wheel (\"$tag\")" >&2; exit 1 ;;
esac
case "$(basename "$wheel")" in
    *"$tag"*) echo "the wheel's tag $tag passes auditwheel" ;;
    *) echo "the wheel's file name does not carry auditwheel's tag $tag" >&2; exit 1 ;;
esac

step "python: the wheel's library is stripped (no debug info)"
"$BUILD_VENV/bin/python" - "$wheel" <<'PYEOF'
import io, sys, zipfile
from elftools.elf.elffile import ELFFile  # pyelftools, an auditwheel dependency

with zipfile.ZipFile(sys.argv[1]) as z:
    libs = [n for n in z.namelist() if n.endswith(".so")]
    assert libs, "no native library in the wheel"
    for name in libs:
        elf = ELFFile(io.BytesIO(z.read(name)))
        found = [s.name for s in elf.iter_sections() if s.name.startswith(".debug") or s.name == ".symtab"]
        assert not found, f"{name} is not stripped: {found}"
        print(f"{name}: stripped")
PYEOF

step "python: fresh venv with the wheel and the test dependencies"
rm -rf "$TEST_VENV"
"$PY" -m venv "$TEST_VENV"
"$TEST_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r .ci/python-test-requirements.txt
"$TEST_VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel"

# From here on: the venv first, and no Rust toolchain (no cargo or rustup
# directory on PATH, no Rust variables), as for a user who installs the wheel.
NORUST_PATH="$ROOT/$TEST_VENV/bin:$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -e cargo -e rustup | paste -sd: -)"
norust() {
    env -u CARGO_HOME -u RUSTUP_HOME -u RUSTUP_TOOLCHAIN -u CARGO_TARGET_DIR -u CARGO \
        PATH="$NORUST_PATH" "$@"
}
if norust sh -c 'command -v cargo || command -v rustc'; then
    echo "a Rust toolchain is still on PATH" >&2
    exit 1
fi
echo "no cargo or rustc on PATH"
norust python -c 'import duke, sys; print("duke", duke.__version__, "from", duke.__file__); sys.exit(0 if "/'"$TEST_VENV"'/" in duke.__file__ else 1)'

step "python: pytest (installed wheel, no Rust)"
norust python -m pytest -q tests/python

step "python: stubs and types"
norust python -m mypy.stubtest duke._duke
norust python -m mypy duke-py/python/duke tests/python examples/python tools/bench.py tools/bench_ray.py --ignore-missing-imports

step "python: examples, and the speed tool (quick)"
norust python examples/python/tour.py target/tour.svg > /dev/null
norust python examples/python/basics.py > /dev/null
norust python examples/python/expanded.py > /dev/null
norust python tools/bench.py --quick

step "python: the book's Python API reference matches the docstrings"
norust python docs/gen_python_api.py --check
