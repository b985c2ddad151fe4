#!/usr/bin/env bash
# Compares the VecGame stepping speed of two commits in one run: builds the
# speed bench at each (in target/compare-speed/), then runs them in turn,
# ROUNDS times each, and prints every pair, the medians, the best of each
# and the median of the per-round ratios B/A. Taking turns keeps the
# machine's changes of speed from favouring either side.
#
#   bash tools/compare-speed.sh <commit A> <commit B> [rounds] [mode]
#
# mode is the bench's figure: vec (default; no observations) or vecobs.
set -euo pipefail
a=${1:?commit A}
b=${2:?commit B}
rounds=${3:-12}
mode=${4:-vec}
root=$(git rev-parse --show-toplevel)
work="$root/target/compare-speed"
mkdir -p "$work"

build() {
    local rev=$1 dir="$work/$2"
    rm -rf "$dir"
    git -C "$root" worktree add --force --detach "$dir" "$rev" > /dev/null 2>&1
    # The worktree keeps its own .cargo/config.toml (build flags of that commit).
    (cd "$dir" && cargo bench -p duke-engine --bench speed --no-run --message-format=json 2> /dev/null) |
        python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "speed" and m.get("executable"):
        print(m["executable"])'
}

echo "building $a and $b ..." >&2
bin_a=$(build "$a" a)
bin_b=$(build "$b" b)
rate() { "$1" "$mode" | tail -1 | awk '{print $(NF-2)}'; }
for i in $(seq "$rounds"); do
    ra=$(rate "$bin_a")
    rb=$(rate "$bin_b")
    echo "round $i/$rounds: A $ra  B $rb M steps/s" >&2
    echo "$ra $rb"
done | python3 -c '
import statistics as st, sys
rows = [tuple(map(float, l.split())) for l in sys.stdin]
a = [r[0] for r in rows]; b = [r[1] for r in rows]
print("A median %.2f best %.2f | B median %.2f best %.2f M steps/s | median ratio B/A %.3f"
      % (st.median(a), max(a), st.median(b), max(b), st.median(y / x for x, y in rows)))'
git -C "$root" worktree remove --force "$work/a" > /dev/null 2>&1 || true
git -C "$root" worktree remove --force "$work/b" > /dev/null 2>&1 || true
