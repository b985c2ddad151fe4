#!/usr/bin/env bash
# Issue 44's soak of Expanded Play, by hand (not in CI): `duke soak` with
# 1,000 random games (their starts at random too) and 20 AI games (level 1
# against level 2) under every rules of the box: each objective with and
# without each terrain, and with the draft where it goes (Dark Rider has no
# draft). Every invariant is checked after every step; the first failure
# stops the run with the game's number and seed.
#
#   bash tools/soak-expanded.sh [games] [ai-games] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
ai=${2:-20}
threads=${3:-2}
cargo build --release -p duke-cli --quiet
for objective in duke coup flag rider; do
    for terrain in "" +mountain +fort +mountain+fort; do
        for draft in "" +draft; do
            [ "$objective" = rider ] && [ -n "$draft" ] && continue
            rules="$objective$terrain$draft"
            rules=${rules#duke+}
            [ "$rules" = duke ] && rules=standard
            echo "== $rules"
            target/release/duke soak --games "$games" --ai-games "$ai" --threads "$threads" --rules "$rules"
        done
    done
done
