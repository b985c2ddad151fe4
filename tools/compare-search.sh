#!/usr/bin/env bash
# Compares the search's node rate of two commits in one run: builds this
# checkout's `search_speed` program (tools/duke-tools; it uses only the
# public search API, so it builds at older commits too) at each commit in
# target/compare-search/, as an example of that commit's duke-engine, then runs them in turns, ROUNDS times each, and
# prints, for each, the nodes of the search and the medians of its CPU time
# and node rate, and the medians of the per-round ratios B/A (the old
# build's node rate and time to depth against the new one's).
#
#   bash tools/compare-search.sh <commit A> <commit B> [rounds] [depth]
set -euo pipefail
a=${1:?commit A}
b=${2:?commit B}
rounds=${3:-8}
depth=${4:-4}
root=$(git rev-parse --show-toplevel)
work="$root/target/compare-search"
mkdir -p "$work"
program="$root/tools/duke-tools/src/bin/search_speed.rs"
clock="$root/duke-engine/benches/common/mod.rs"

build() {
    local rev=$1 dir="$work/$2"
    rm -rf "$dir"
    git -C "$root" worktree add --force --detach "$dir" "$rev" > /dev/null 2>&1
    # The program where duke-engine's examples are, including this checkout's
    # thread CPU clock from where the benches keep it (libc, a dev-dependency).
    mkdir -p "$dir/duke-engine/examples" "$dir/duke-engine/benches/common"
    cp "$clock" "$dir/duke-engine/benches/common/mod.rs"
    sed 's|^#\[path = ".*"\]$|#[path = "../benches/common/mod.rs"]|' "$program" > "$dir/duke-engine/examples/search_speed.rs"
    (cd "$dir" && CARGO_TARGET_DIR="$work/target-$2" cargo build --release -p duke-engine \
        --example search_speed > /dev/null 2>&1)
    echo "$work/target-$2/release/examples/search_speed"
}

echo "building $a and $b ..." >&2
bin_a=$(build "$a" a)
bin_b=$(build "$b" b)
# "nodes seconds rate" of one search.
run() { "$1" "$depth" 1 | tail -1 | awk '{print $4, $6, $(NF-2)}'; }
for i in $(seq "$rounds"); do
    ra=$(run "$bin_a")
    rb=$(run "$bin_b")
    echo "round $i/$rounds: A $ra  B $rb (nodes, CPU s, M nodes/s)" >&2
    echo "$ra $rb"
done | python3 -c '
import statistics as st, sys
rows = [tuple(map(float, l.split())) for l in sys.stdin]
for name, o in (("A", 0), ("B", 3)):
    print("%s: depth '"$depth"' %d nodes, median %.3f CPU s, median %.2f M nodes/s"
          % (name, rows[0][o], st.median(r[o + 1] for r in rows), st.median(r[o + 2] for r in rows)))
print("median ratios B/A: node rate %.3f, time to depth %.3f"
      % (st.median(r[5] / r[2] for r in rows), st.median(r[4] / r[1] for r in rows)))'
git -C "$root" worktree remove --force "$work/a" > /dev/null 2>&1 || true
git -C "$root" worktree remove --force "$work/b" > /dev/null 2>&1 || true
