#!/usr/bin/env bash
# Compares the standard game's loops of two commits in one run: perft of the
# start (depth 5), perft of the spec's middle game (depth 4) and random games
# through Game. Builds this checkout's `play_speed` program (tools/duke-tools;
# public API only, so it builds at older commits too) as an example of each
# commit's duke-engine, runs the two in turns ROUNDS times, and prints the
# median rates and the medians of the per-round ratios B/A.
#
#   bash tools/compare-play.sh <commit A> <commit B> [rounds]
set -euo pipefail
a=${1:?commit A}
b=${2:?commit B}
rounds=${3:-10}
root=$(git rev-parse --show-toplevel)
work="$root/target/compare-play"
mkdir -p "$work"
program="$root/tools/duke-tools/src/bin/play_speed.rs"
clock="$root/duke-engine/benches/common/mod.rs"

build() {
    local rev=$1 dir="$work/$2"
    rm -rf "$dir"
    git -C "$root" worktree add --force --detach "$dir" "$rev" > /dev/null 2>&1
    mkdir -p "$dir/duke-engine/examples" "$dir/duke-engine/benches/common"
    cp "$clock" "$dir/duke-engine/benches/common/mod.rs"
    sed 's|^#\[path = ".*"\]$|#[path = "../benches/common/mod.rs"]|' "$program" > "$dir/duke-engine/examples/play_speed.rs"
    (cd "$dir" && CARGO_TARGET_DIR="$work/target-$2" cargo build --release -p duke-engine \
        --example play_speed > /dev/null 2>&1)
    echo "$work/target-$2/release/examples/play_speed"
}

echo "building $a and $b ..." >&2
bin_a=$(build "$a" a)
bin_b=$(build "$b" b)
# The three rates of one run, on one line.
run() { "$1" | awk '{print $(NF-2)}' | paste -sd' '; }
for i in $(seq "$rounds"); do
    if [ $((i % 2)) = 1 ]; then ra=$(run "$bin_a"); rb=$(run "$bin_b"); else rb=$(run "$bin_b"); ra=$(run "$bin_a"); fi
    echo "round $i/$rounds: A $ra  B $rb (M leaves/s start, M leaves/s middle, M turns/s)" >&2
    echo "$ra $rb"
done | python3 -c '
import statistics as st, sys
rows = [tuple(map(float, l.split())) for l in sys.stdin]
names = ("perft start depth 5", "perft middle game depth 4", "random games through Game")
for i, name in enumerate(names):
    print("%s: A %.3f, B %.3f (median rates); median ratio B/A %.3f" % (
        name, st.median(r[i] for r in rows), st.median(r[3 + i] for r in rows),
        st.median(r[3 + i] / r[i] for r in rows)))'
git -C "$root" worktree remove --force "$work/a" > /dev/null 2>&1 || true
git -C "$root" worktree remove --force "$work/b" > /dev/null 2>&1 || true
