#!/usr/bin/env bash
# Plays the current build's AI against the baseline build through the engine
# protocol, with an SPRT, as engine authors measure a change (issue 16).
#
# The baseline is the commit that added the engine protocol and external
# players to `duke tournament`, before any change to the search or the
# evaluation. The script builds it from git (git archive, its own Cargo.lock)
# into target/ai-baseline/ once, builds the current `duke`, and runs
#
#   duke tournament level$LEVEL engine --engine "<baseline duke> engine --level $LEVEL" --sprt $SPRT
#
# (the current level is the first player, so a positive Elo means the
# current build is stronger; the referee draws every levy).
#
# Usage: tools/ai-baseline.sh [extra duke tournament options]
# Environment: LEVEL (5), SPRT (0,50), GAMES (most games, 4000),
#   THREADS (1), TIMEOUT (ms per decision, 5000),
#   AI_BASELINE (another commit to build instead of the baseline).
set -euo pipefail
cd "$(dirname "$0")/.."

BASELINE=${AI_BASELINE:-6d4644491b00b6bc6dd766282dcd4ef61d982994}
LEVEL=${LEVEL:-5}
SPRT=${SPRT:-0,50}
GAMES=${GAMES:-4000}
THREADS=${THREADS:-1}
TIMEOUT=${TIMEOUT:-5000}
DIR=target/ai-baseline
BASE="$DIR/duke-$BASELINE"

if [ ! -x "$BASE" ]; then
    echo "=== building the baseline duke at $BASELINE into $DIR"
    rm -rf "$DIR/src"
    mkdir -p "$DIR/src"
    git archive "$BASELINE" | tar -x -C "$DIR/src"
    cargo build --release --locked -p duke-cli \
        --manifest-path "$DIR/src/Cargo.toml" --target-dir "$DIR/target"
    cp "$DIR/target/release/duke" "$BASE"
fi

echo "=== building the current duke"
cargo build --release -p duke-cli
CURRENT=target/release/duke

echo "=== level $LEVEL of $(git rev-parse --short HEAD) against level $LEVEL of ${BASELINE:0:7}, SPRT $SPRT"
"$CURRENT" tournament "level$LEVEL" engine \
    --engine "$BASE engine --level $LEVEL" \
    --sprt "$SPRT" --games "$GAMES" --threads "$THREADS" --timeout "$TIMEOUT" "$@"
