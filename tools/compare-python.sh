#!/usr/bin/env bash
# Compares the Python package's per-turn loops of two commits in one run:
# builds each commit's wheel into a venv of its own under
# target/compare-python/, then runs the index loop (legal_indices and
# apply_index; `games` games) and the object loop (legal_actions and play;
# ten times as many games) of tools/bench.py's random games in turns, one process per build per round,
# and prints each loop's turns per CPU-second (medians) and the medians of
# the per-round ratios B/A.
#
#   bash tools/compare-python.sh <commit A> <commit B> [rounds] [games]
#
# With KEEP=1 the venvs of the last run are used again (the same A and B).
set -euo pipefail
a=${1:?commit A}
b=${2:?commit B}
rounds=${3:-8}
games=${4:-60}
root=$(git rev-parse --show-toplevel)
work="$root/target/compare-python"
mkdir -p "$work"

build() {
    local rev=$1 dir="$work/$2"
    rm -rf "$dir" "$work/venv-$2"
    git -C "$root" worktree add --force --detach "$dir" "$rev" > /dev/null 2>&1
    python3 -m venv "$work/venv-$2"
    "$work/venv-$2/bin/python" -m pip install --quiet --disable-pip-version-check "$dir" > /dev/null
    echo "$work/venv-$2/bin/python"
}

if [ "${KEEP:-0}" = 1 ] && [ -x "$work/venv-a/bin/python" ] && [ -x "$work/venv-b/bin/python" ]; then
    py_a="$work/venv-a/bin/python" py_b="$work/venv-b/bin/python"
else
    echo "building the wheels of $a and $b ..." >&2
    py_a=$(build "$a" a)
    py_b=$(build "$b" b)
fi

loop='
import random, sys, time
import duke
games = int(sys.argv[1])
def index_loop():
    rng, turns = random.Random(1), 0
    for g in range(games):
        game = duke.Game(seed=g)
        while game.outcome is None:
            legal = game.legal_indices()
            if game.apply_index(legal[rng.randrange(len(legal))]) is None:
                turns += 1
    return turns
def object_loop():
    rng, turns = random.Random(1), 0
    for g in range(games * 10):
        game = duke.Game(seed=g)
        while game.outcome is None:
            action = rng.choice(game.legal_actions())
            game.play(action)
            turns += action.kind != "levy"
    return turns
out = []
for f in (index_loop, object_loop):
    t = time.process_time()
    n = f()
    out.append(n / (time.process_time() - t))
print(*out)
'
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
: > "$work/rounds.txt"
for r in $(seq 1 "$rounds"); do
    # Alternate which build goes first.
    if [ $((r % 2)) = 1 ]; then
        ra=$("$py_a" -c "$loop" "$games"); rb=$("$py_b" -c "$loop" "$games")
    else
        rb=$("$py_b" -c "$loop" "$games"); ra=$("$py_a" -c "$loop" "$games")
    fi
    echo "$ra $rb" >> "$work/rounds.txt"
    echo "round $r/$rounds: A $ra  B $rb" >&2
done
for i in 1 2; do
    name=$([ "$i" = 1 ] && echo "index loop" || echo "object loop")
    ma=$(awk -v c="$i" '{print $c}' "$work/rounds.txt" | median)
    mb=$(awk -v c="$((i + 2))" '{print $c}' "$work/rounds.txt" | median)
    ratio=$(awk -v c="$i" '{print $(c + 2) / $c}' "$work/rounds.txt" | median)
    printf '%-12s A %12.0f turns/CPU-s  B %12.0f turns/CPU-s  B/A (median of rounds) %.3f\n' "$name" "$ma" "$mb" "$ratio"
done
git -C "$root" worktree remove --force "$work/a" > /dev/null 2>&1 || true
git -C "$root" worktree remove --force "$work/b" > /dev/null 2>&1 || true
