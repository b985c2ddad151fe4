"""Self-play on a Ray cluster, written as a Parquet data set, then read back
with polars (or pandas) for a summary.

    python examples/python/ray_selfplay.py --games 200 --players level2,level3 --out selfplay
    python examples/python/ray_selfplay.py --address auto ...   # on a running cluster

Needs the extras: pip install 'duke-engine[ray]' polars. The same run from
the command line: python -m duke.selfplay --games 200 --players level2,level3 --out selfplay
"""

import argparse
import os

from duke import selfplay


def summary(out: str) -> None:
    games = os.path.join(out, "games", "*.parquet")
    decisions = os.path.join(out, "decisions", "*.parquet")
    try:
        import polars as pl
    except ImportError:
        import pandas as pd  # polars or pandas, whichever is installed

        g = pd.concat(pd.read_parquet(os.path.join(out, "games", f)) for f in sorted(os.listdir(os.path.join(out, "games"))))
        print(g.groupby(["result", "reason"]).size().rename("games").reset_index().to_string(index=False))
        print(f"mean turns {g['turns'].mean():.1f}")
        return
    g = pl.read_parquet(games)
    print(g.group_by("result", "reason").agg(pl.len().alias("games"), pl.col("turns").mean().round(1).alias("mean turns"))
          .sort("games", descending=True))
    d = pl.scan_parquet(decisions).select("side", "action", "score")
    levies = d.filter(pl.col("action") == "levy").select(pl.len()).collect().item()
    total = d.select(pl.len()).collect().item()
    print(f"{g.height} games, {total} decisions, {levies} levies ({100 * levies / max(total, 1):.1f}% of decisions)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", default="level2,level3")
    p.add_argument("--out", default="target/ray-selfplay")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--address", default=None, help="auto, ray://host:10001, ... (default: a local cluster)")
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--observe", action="store_true", help="also store observation planes and legal masks")
    a = p.parse_args()
    selfplay.run(a.games, a.players.split(","), a.out, seed=a.seed, address=a.address,
                 workers=a.workers, observe=a.observe, mask=a.observe)
    summary(a.out)


if __name__ == "__main__":
    main()
